// locklab.js: the one script a page needs. Include it as a module, then put
// <locklab-widget name="counter-race"></locklab-widget> (or <div data-locklab="counter-race"></div>)
// anywhere on the page.
//
// It finds the hashed wasm, glue and stylesheet of its own build relative to its own URL, so the
// same snippet works from any host, any sub-path and a CDN. Each file is named below in a `new URL`
// of a literal string and import.meta.url, the form bundlers copy and rewrite, so `import "locklab"`
// in a Vite app finds them too (tested; other addresses are built from variables, which bundlers
// leave alone). webpack runs a site's CSS rules on the stylesheet named so: load this file with a
// script tag there. Loading it twice is harmless: the first
// copy serves every widget, and a second copy (or another version) says so on the page. (Built
// from web/locklab.js by web/post_build.sh.)
//
// Which code a page loads (when the build has one-widget bundles: ONE, with their sizes in SIZES):
// the widgets' own bundles when, together, they are smaller than the full bundle (a page with one
// or two kinds of widget), else the full bundle; a widget's own bundle is its plain one (no
// preset steps, comparisons, challenges or handouts) when the element asks for none of those; a widget of another kind added later follows the
// same rule. A page that asks for it with <meta name="locklab" content="first-widget-first"> (the
// lesson page) gets its first widget from that widget's own bundle at once, and the full bundle for
// the rest after it: the first widget is interactive sooner, at the cost of fetching the code
// every bundle shares twice. "First" is the first widget after the address's #fragment, if any.
export const version = "__LOCKLAB_VERSION__";
const GLUE = "__LOCKLAB_GLUE__";
const WASM = "__LOCKLAB_WASM__";
const CSS = "__LOCKLAB_CSS__";
const ONE = __LOCKLAB_ONE__;
const SIZES = __LOCKLAB_SIZES__; // bytes of each bundle's wasm; "" is the full bundle's
// Every file of this build, each in a bundler-visible new URL (see above).
const FILES = __LOCKLAB_FILES__;
// The sha384 of each wasm file: a copy that differs (a CDN or host serving something else under
// this version's name) is refused, and the widget says so.
const INTEGRITY = __LOCKLAB_INTEGRITY__;
// How tall each widget stands before it mounts (from the registry): <locklab-widget> reserves it.
const RESERVE = __LOCKLAB_RESERVE__;
// The attributes that need locklab's course features (preset steps, comparisons, challenges,
// handouts, xAPI), and the widgets whose own story `steps` is without "=" (the registry's
// courseAttributes and extras): an element with none of them mounts from its widget's plain
// bundle, ONE["<name>:plain"], where the build has one.
const COURSE = __LOCKLAB_COURSE__;
const STORY = __LOCKLAB_STORY__;
// The languages this build speaks besides English (dist/locales/<tag>.ftl, issue #47).
const LOCALES = __LOCKLAB_LOCALES__;
const ALL = "";
const TAG = "locklab-widget";
const HERE = ".";
const EMBED = "embed.html";
// The page's own markup cannot stand in for the DOM methods this file calls: a <form
// name="querySelectorAll"> (or an <img name="head">) shadows document's own properties (DOM
// clobbering: Document's named properties override its built-ins), so each one is taken from
// Document.prototype and called on document.
const DOC = Document.prototype;
const docGet = (name) => Object.getOwnPropertyDescriptor(DOC, name).get.call(document);
const $all = (selector) => DOC.querySelectorAll.call(document, selector);
const $one = (selector) => DOC.querySelector.call(document, selector);
const $make = (tag) => DOC.createElement.call(document, tag);
const $byId = (id) => DOC.getElementById.call(document, id);
const href = (file) => (Object.hasOwn(FILES, file) ? FILES[file]() : new URL(file, import.meta.url)).href;

function addStylesheet() {
  const css = href(CSS);
  for (const link of $all('link[rel="stylesheet"]')) {
    if (link.href === css) return;
  }
  const link = $make("link");
  link.rel = "stylesheet";
  link.href = css;
  docGet("head").append(link);
}

// A file of this build that would not load: which one, what happened, and the likely cause.
class LoadError extends Error {
  constructor(url, what, cause) {
    super(`${url} ${what}`);
    this.url = url;
    this.cause = cause;
  }
}

// What usually keeps a file from another origin from loading.
const crossOrigin = (url) =>
  new URL(url).origin !== location.origin
    ? `this page is on ${location.origin || "another origin"} and the file on ${new URL(url).origin}: that host must send Access-Control-Allow-Origin for it`
    : "";

// Every widget still waiting says, in place, which file failed and why, and how the iframe embed
// avoids it; the console says the same.
function reportFailure(error) {
  const cause = error?.cause ? ` Likely cause: ${error.cause}.` : "";
  const what = error instanceof LoadError ? error.message : `locklab could not start (${String(error?.message ?? error)})`;
  console.error(`locklab: ${what}.${cause}`, error);
  for (const el of waitingWidgets()) {
    const p = $make("p");
    p.className = "ll-notice ll-failure";
    p.setAttribute("role", "alert");
    const frame = `${new URL(EMBED, import.meta.url).href}?widget=${encodeURIComponent(nameOf(el))}`;
    p.textContent = `This interactive widget could not load: ${what}.${cause} The iframe embed needs none of this: ${frame}`;
    el.replaceChildren(p);
  }
}

const SELECTOR = `[data-locklab]:not([data-locklab-mounted]), ${TAG}:not([data-locklab-mounted])`;

// Every <locklab-widget> on the page, in the document or inside another component's shadow root.
const elements = new Set();
// The widgets not mounted yet: those in the document and those inside shadow roots.
const waitingWidgets = () => new Set([...$all(SELECTOR), ...[...elements].filter((el) => !el.hasAttribute("data-locklab-mounted"))]);

function failed(el, error) {
  console.error("locklab: a widget failed", error);
  if (el.shadowRoot) return; // the widget's own box already says so (the panic hook)
  const p = $make("p");
  p.setAttribute("role", "alert");
  p.textContent = "This interactive widget stopped with an internal error. The rest of the page still works.";
  el.replaceChildren(p);
}

const nameOf = (el) => (el.getAttribute(el.localName === TAG ? "name" : "data-locklab") ?? "").trim().toLowerCase();

// Whether `el` asks for the course features: one of COURSE, not blank (as
// locklab_course::registry::needs_course decides), on the element or, for a widget that reads
// the page's address (data-locklab-url: embed.html, the lesson page), in the address.
function needsCourse(el) {
  const name = nameOf(el);
  const prefix = el.localName === TAG ? "" : "data-";
  const asks = (a, v) => v !== null && v.trim() !== "" && !(a === "steps" && STORY.includes(name) && !v.includes("="));
  if (COURSE.some((a) => asks(a, el.getAttribute(prefix + a)))) return true;
  if (!el.hasAttribute("data-locklab-url")) return false;
  const address = `${location.search}&${location.hash.slice(1)}`;
  return COURSE.some((a) => new RegExp(`(?:^|[?&.])${a}=(?!&|$)`, "i").test(address));
}

// The bundle kind `el` wants: its widget's name (the bundle with the course features), or
// "<name>:plain" when that exists and the element asks for none of them.
function kindOf(el) {
  const name = nameOf(el);
  return Object.hasOwn(ONE, `${name}:plain`) && !needsCourse(el) && !handedOver.has(el) ? `${name}:plain` : name;
}

// Elements a plain bundle's widget handed over to its course bundle (below).
const handedOver = new WeakSet();

// A plain bundle leaves out "Run it for real" (the command, the recorded runs, the serve panel:
// issue #43). Opened there, the widget asks for its course bundle with `locklab:course` ({ params:
// [[name, value], …], open }); the element mounts again from that bundle, in the learner's state,
// with the panel open. The element keeps its attributes: the state travels in two properties the
// next mount takes (locklab_widgets::RESUME_PROPERTY and ui::OPEN_PROPERTY).
document.addEventListener("locklab:course", (e) => {
  const el = e.composedPath()[0];
  const glue = el instanceof Element ? glueOf.get(el) : undefined;
  if (!glue || !el.hasAttribute("data-locklab-mounted")) return;
  e.preventDefault();
  const { params, open } = e.detail ?? {};
  // After the widget's own handler has returned: it is the widget being replaced.
  setTimeout(() => {
    handedOver.add(el);
    el.locklabResume = Array.isArray(params) ? params : [];
    if (typeof open === "string") el.locklabOpen = open;
    // The learner's focus was on the summary they opened: it goes to the new one, once the
    // widget is visible (it stays hidden until its stylesheet has arrived).
    el.addEventListener(
      "locklab:change",
      () => {
        const root = el.shadowRoot ?? el;
        const focus = () => root.querySelector("details.ll-lab[open] > summary")?.focus();
        const link = root.querySelector('link[rel="stylesheet"]');
        if (link && !link.sheet) {
          link.addEventListener("load", focus, { once: true });
          link.addEventListener("error", focus, { once: true });
        } else setTimeout(focus, 0);
      },
      { once: true },
    );
    glue.unmount(el);
    glueOf.delete(el);
    mountAll(el);
  }, 0);
});

// The language a widget speaks (issue #47): the element's `locale` (`data-locale`), else `locale=`
// in the page's address, else the nearest `lang` (the page's own). English is compiled in: for it,
// and for a language this build has no file for, nothing is fetched. Another is this build's
// locales/<tag>.ftl (a regional tag falls back to its language: es-MX reads es), fetched once per
// page and handed to the widget as a property (locklab_widgets::i18n::LOCALE_PROPERTY).
function localeOf(el) {
  const own = el.getAttribute(el.localName === TAG ? "locale" : "data-locale")?.trim();
  if (own) return own;
  let asked = null;
  try {
    asked = new URLSearchParams(location.search).get("locale")?.trim();
  } catch {
    asked = null;
  }
  if (asked) return asked;
  let at = el;
  while (at) {
    const lang = at.closest?.("[lang]")?.getAttribute("lang")?.trim();
    if (lang) return lang;
    at = at.getRootNode?.().host ?? null; // out of a shadow root, on to its host's ancestors
  }
  return "en";
}

// The shipped locale `tag` names, or null for English and for a language the build does not have.
function shippedLocale(tag) {
  const lower = tag.toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split(/[-_]/)[0];
  if (primary === "en") return null;
  return LOCALES.find((l) => l.toLowerCase() === primary) ?? null;
}

const localeTexts = new Map(); // shipped tag -> Promise of its file's text (null when it failed)
function localeFile(tag) {
  if (!localeTexts.has(tag)) {
    const url = href(`locales/${tag}.ftl`);
    localeTexts.set(
      tag,
      fetch(url)
        .then((r) => {
          if (!r.ok) throw new Error(`HTTP ${r.status}`);
          return r.text();
        })
        .catch((error) => {
          console.warn(`locklab: the ${tag} translation (${url}) could not be fetched (${error.message}); the widgets speak English`);
          return null;
        }),
    );
  }
  return localeTexts.get(tag);
}

// Sets (or clears) the words `el`'s widget speaks, before it mounts.
async function prepareLocale(el) {
  const tag = localeOf(el);
  const shipped = shippedLocale(tag);
  if (!shipped) {
    if (!/^en(?:$|[-_])/i.test(tag) && tag) console.info(`locklab: this build has no ${tag} translation; the widget speaks English`);
    delete el.locklabLocale;
    return;
  }
  const text = await localeFile(shipped);
  if (text === null) delete el.locklabLocale;
  else el.locklabLocale = { locale: shipped, text };
}

// A page's own wording (issue #47): the element's `messages` (`data-messages`), the address of a
// small Fluent file, relative to the page. Fetched once per address, at most 512 KB, and handed to
// the widget as a property (locklab_widgets::i18n::MESSAGES_PROPERTY): `{ url, text }`, or
// `{ url, error }`, which the widget says in a notice while keeping its own words.
const MAX_MESSAGES_FILE = 512 * 1024;
const MESSAGES_TIMEOUT_MS = 10_000;
const messageTexts = new Map(); // absolute address -> Promise of { text } or { error }
async function prepareMessages(el) {
  const given = el.getAttribute(el.localName === TAG ? "messages" : "data-messages")?.trim();
  if (!given) {
    delete el.locklabMessages;
    return;
  }
  let url;
  try {
    url = new URL(given, document.baseURI).href;
  } catch {
    el.locklabMessages = { url: given, error: "not an address" };
    return;
  }
  if (!messageTexts.has(url)) {
    const tooBig = new Error(`larger than ${MAX_MESSAGES_FILE / 1024} KB`);
    messageTexts.set(
      url,
      // Widgets mount one after another: a server that never answers must not hold up the rest.
      fetch(url, { signal: AbortSignal.timeout?.(MESSAGES_TIMEOUT_MS) })
        .then(async (r) => {
          if (!r.ok) throw new Error(`HTTP ${r.status}`);
          if (Number(r.headers.get("content-length")) > MAX_MESSAGES_FILE) throw tooBig;
          const text = await r.text();
          if (new TextEncoder().encode(text).length > MAX_MESSAGES_FILE) throw tooBig;
          return { text };
        })
        .catch((error) => {
          messageTexts.delete(url); // a widget mounted later tries again
          return { error: error.name === "TimeoutError" ? `no answer in ${MESSAGES_TIMEOUT_MS / 1000} s` : error.message || String(error) };
        }),
    );
  }
  el.locklabMessages = { url: given, ...(await messageTexts.get(url)) };
}

// The wasm instances on this page, by bundle (ALL or a widget's name), each loaded once.
const instances = new Map();
let full = null; // the full bundle's glue, once loaded
function load(key) {
  if (!instances.has(key)) {
    const [glueUrl, wasmUrl] = key === ALL ? [GLUE, WASM] : ONE[key];
    const loading = (async () => {
      // The wasm is fetched while the glue loads, not after it: one round trip less on a slow
      // network (the glue's init awaits the response and compiles it as it streams in).
      const wasmHref = href(wasmUrl);
      const glueHref = href(glueUrl);
      const integrity = INTEGRITY[wasmUrl];
      const wasm = fetch(wasmHref, integrity ? { integrity } : {}).then(
        (r) => {
          if (!r.ok) throw new LoadError(wasmHref, `answered HTTP ${r.status}`, r.status === 404 ? "a copy of the build without this file (copy the whole folder)" : "");
          return r;
        },
        async () => {
          // Refused by its integrity check (a missing file's error page fails it too), or not
          // fetched at all? Ask once more, without the check.
          const status = integrity ? await fetch(wasmHref, { method: "HEAD", cache: "no-store" }).then((r) => r.status, () => 0) : 0;
          if (status >= 200 && status < 300) throw new LoadError(wasmHref, `is not the file locklab ${version} was released with (its sha384 differs)`, "the host or CDN serves a changed or mixed copy of this version");
          if (status) throw new LoadError(wasmHref, `answered HTTP ${status}`, status === 404 ? "a copy of the build without this file (copy the whole folder)" : "");
          throw new LoadError(wasmHref, "could not be fetched", crossOrigin(wasmHref) || "the host is not reachable");
        },
      );
      wasm.catch(() => {}); // a failed fetch is reported by init below, not as unhandled
      let glue;
      try {
        glue = await import(/* @vite-ignore */ /* webpackIgnore: true */ glueHref);
      } catch {
        throw new LoadError(glueHref, "could not be loaded", crossOrigin(glueHref) || "a copy of the build without this file, or a Content-Security-Policy whose script-src does not allow it");
      }
      try {
        await glue.default({ module_or_path: wasm });
      } catch (error) {
        if (error instanceof LoadError) throw error;
        const refused = /unsafe-eval|Content.Security.Policy|CompileError: WebAssembly/i.test(String(error));
        throw new LoadError(
          wasmHref,
          refused ? "was refused by the page's Content-Security-Policy" : `could not start (${String(error?.message ?? error)})`,
          refused ? "the page's script-src must allow 'wasm-unsafe-eval'" : "",
        );
      }
      if (key === ALL) full = glue;
      return glue;
    })();
    instances.set(key, loading);
    if (key !== ALL) {
      // A missing one-widget bundle (a copy of dist/ without w/) falls back to the full one.
      instances.set(key, loading.catch((error) => {
        console.warn("locklab: the one-widget bundle did not load; loading the full one", error);
        return load(ALL);
      }));
    }
  }
  return instances.get(key);
}

let early = null; // the widget a first-widget-first page mounts from its own bundle

// Which bundle mounts `el`: the full one once it is on the page; else the widget's own bundle when
// that is already here; else its own bundle if the own bundles of every kind still waiting and not
// loaded come to no more than the full bundle (or if it is the page's `early` widget).
// A plain element mounts from its widget's course bundle too: when that is here already, or when
// another element of the same widget still waiting needs it (one bundle, not both).
function bundleFor(el, waiting) {
  if (instances.has(ALL)) return ALL;
  const all = [el, ...waiting];
  const course = new Set(all.filter((o) => kindOf(o) === nameOf(o)).map(nameOf));
  const kindIn = (o) => (course.has(nameOf(o)) ? nameOf(o) : kindOf(o));
  const name = nameOf(el);
  const kind = kindIn(el);
  if (instances.has(kind)) return kind;
  if (instances.has(name)) return name;
  if (!Object.hasOwn(ONE, kind)) return ALL;
  if (el === early) return kind;
  let bytes = 0; // what loading the kinds still missing one bundle each would cost
  const kinds = new Set();
  for (const other of all) {
    const k = kindIn(other);
    if (instances.has(k) || instances.has(nameOf(other)) || kinds.has(k)) continue;
    if (!Object.hasOwn(ONE, k)) return ALL;
    kinds.add(k);
    bytes += SIZES[k] ?? Infinity;
  }
  return bytes <= (SIZES[ALL] ?? 0) ? kind : ALL;
}

// The first widget a reader meets: the first at or after the element the address's #fragment
// names, else the first on the page.
function firstWidget(present) {
  let target = null;
  try {
    if (location.hash.length > 1) target = $byId(decodeURIComponent(location.hash.slice(1)));
  } catch {
    target = null; // a malformed fragment: the page's first widget
  }
  if (target) {
    const after = present.find((el) => el === target || target.contains(el) || target.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
    if (after) return after;
  }
  return present[0] ?? null;
}

// One call per widget, each in its own task: a widget that fails cannot keep the others from
// mounting, and a page with many widgets never blocks the main thread for all of them at once
// (the first mounts at once, the next ones one task each, in page order).
const queue = [];
const queued = new WeakSet();
const glueOf = new WeakMap(); // the bundle that mounted each element
let draining = false;
let booted = false; // the first bundle is loaded: the queue may drain
const notices = []; // page-wide notices (a second copy of the loader), shown in every widget

async function drain() {
  while (queue.length) {
    const el = queue[0];
    let glue = null;
    try {
      [glue] = await Promise.all([load(bundleFor(el, queue)), prepareLocale(el), prepareMessages(el)]);
    } catch (error) {
      reportFailure(error);
    }
    queue.shift();
    queued.delete(el); // an element removed and put back later mounts again
    if (glue && el.isConnected && !el.hasAttribute("data-locklab-mounted")) {
      try {
        glue.mount(el);
        glueOf.set(el, glue);
        for (const text of notices) showNotice(el, text);
      } catch (error) {
        failed(el, error);
      }
    }
    if (queue.length) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  draining = false;
}

function mountAll(root) {
  const found = root.matches?.(SELECTOR) ? [root] : [];
  for (const el of [...found, ...(root.querySelectorAll?.(SELECTOR) ?? [])]) {
    if (queued.has(el)) continue;
    queued.add(el);
    queue.push(el);
  }
  if (booted && queue.length && !draining) {
    draining = true;
    drain();
  }
}

// Widgets whose elements left the page free what they held (once per burst of removals, after the
// task that removed them: an element moved within one task keeps its widget).
let sweeping = false;
function unmountDetached() {
  if (sweeping) return;
  sweeping = true;
  queueMicrotask(() => {
    sweeping = false;
    for (const loading of instances.values()) {
      loading.then((glue) => glue.unmount_detached()).catch((error) => console.error("locklab: unmounting failed", error));
    }
  });
}

// A line above a widget, in its own box (page-wide news such as a second copy of the loader).
function showNotice(el, text) {
  const p = $make("p");
  p.className = "ll-notice";
  p.setAttribute("role", "status");
  p.textContent = text;
  (el.shadowRoot ?? el).prepend(p);
}

async function start() {
  // Built-in quiz decks link to the lesson page that sits beside this file.
  globalThis.__locklabBase = new URL(HERE, import.meta.url).href;
  // Each widget links this stylesheet inside its own shadow root.
  globalThis.__locklabCss = href(CSS);
  addStylesheet();
  const present = [...waitingWidgets()];
  if ($one('meta[name="locklab"][content~="first-widget-first"]')) early = firstWidget(present);
  const first = early ?? present[0];
  await load(first ? bundleFor(first, present) : ALL);
  booted = true;
  if (early && queue.includes(early)) queue.unshift(...queue.splice(queue.indexOf(early), 1));
  if (early) mountAll(early); // it mounts first, from the bundle just loaded
  mountAll(docGet("documentElement"));
  for (const el of elements) mountAll(el); // those inside shadow roots
  new MutationObserver((records) => {
    let removed = false;
    for (const record of records) {
      for (const node of record.addedNodes) if (node.nodeType === Node.ELEMENT_NODE) mountAll(node);
      removed ||= record.removedNodes.length > 0;
    }
    if (removed) unmountDetached();
  }).observe(docGet("documentElement"), { childList: true, subtree: true });
  // What the gallery lists (from the widget registry in Rust), computed only when asked. Only the
  // full bundle carries the list; the gallery starts with no widget on it, so it has that one.
  return {
    version,
    widgets: () => {
      if (!full) throw new Error("locklab: widgets() needs the full bundle (a page that starts with no widget has it)");
      return full.widgets();
    },
    // The `locklab-lab run` command for a widget in a state ({ name: value }), or null when the
    // lab does not run that widget (the same Rust function as the widgets' "Run it for real").
    labCommand: (widget, params) => {
      if (!full) throw new Error("locklab: labCommand() needs the full bundle");
      return full.lab_command(String(widget), Object.entries(params ?? {}).map(([k, v]) => [String(k), String(v)])) ?? null;
    },
    files: filesFor,
    // The languages this build speaks besides English (their tags: `locale="es"`).
    locales: () => [...LOCALES],
  };
}

// Attribute changes on a mounted <locklab-widget>: a parameter moves the widget (one
// locklab:set for all the parameters changed together, `null` for a removed one, which restores
// its default); its name, steps, comparison, layout, challenges or deck mount it anew; the page's
// own attributes (id, class, data-*, aria-*, …) and theme (the widget follows that itself) do
// nothing here. The widget's code decides which is which (attribute_role).
const attributes = new MutationObserver((records) => {
  const byElement = new Map();
  for (const { target, attributeName } of records) {
    if (!byElement.has(target)) byElement.set(target, new Set());
    byElement.get(target).add(attributeName);
  }
  for (const [el, names] of byElement) {
    const glue = glueOf.get(el);
    if (!glue || !el.hasAttribute("data-locklab-mounted")) continue;
    const params = {};
    let remount = false;
    for (const name of names) {
      const role = glue.attribute_role(el, name);
      if (role === "remount") remount = true;
      else if (role === "live") params[name] = el.getAttribute(name);
    }
    if (remount) {
      glue.unmount(el);
      glueOf.delete(el);
      mountAll(el);
    } else if (Object.keys(params).length) {
      el.dispatchEvent(new CustomEvent("locklab:set", { detail: { params } }));
    }
  }
});

// <locklab-widget name="ttl-tradeoff" ttl-s="10">: the element form of data-locklab, mounted by
// the same code with the same parameters, validation, notices and events. Its properties: `params`
// (the values in use; set an object to set those attributes, null removing one), `result` (the
// latest), `name`.
const Base = globalThis.HTMLElement ?? class {};
export class LocklabWidget extends Base {
  #last = null; // the latest locklab:change detail
  #reserved = false;
  constructor() {
    super();
    this.addEventListener("locklab:change", (e) => {
      if (e.target !== this) return;
      this.#last = e.detail;
      this.#release();
    });
    this.addEventListener("locklab:resize", (e) => e.target === this && this.#release());
  }
  connectedCallback() {
    // A page that set `params` or `name` before this element was upgraded (a framework's script
    // that ran before this one, an element made in another document) left an own property that
    // hides the accessor: take it through the accessor instead.
    for (const key of ["name", "params"]) {
      if (Object.hasOwn(this, key)) {
        const value = this[key];
        delete this[key];
        this[key] = value;
      }
    }
    elements.add(this);
    attributes.observe(this, { attributes: true });
    if (!this.hasAttribute("data-locklab-mounted")) this.#reserve();
    mountAll(this);
  }
  disconnectedCallback() {
    if (!this.isConnected) elements.delete(this);
    unmountDetached();
  }
  // Until it mounts, the element stands as tall as its widget will (no jump when it arrives).
  #reserve() {
    if (getComputedStyle(this).display === "inline") this.style.display = "block";
    const px = RESERVE[nameOf(this)];
    if (px && !this.style.minHeight) {
      this.style.minHeight = `${px}px`;
      this.#reserved = true;
    }
  }
  #release() {
    if (this.#reserved) {
      this.#reserved = false;
      this.style.removeProperty("min-height");
    }
  }
  get name() {
    return this.getAttribute("name") ?? "";
  }
  set name(value) {
    this.setAttribute("name", String(value));
  }
  get params() {
    return this.#last?.params ?? null;
  }
  set params(values) {
    if (values === null || typeof values !== "object") return;
    for (const [name, value] of Object.entries(values).slice(0, 64)) {
      if (!/^[a-z][a-z0-9-]*$/i.test(name) || name.toLowerCase() === "name") continue;
      if (value === null || value === undefined) this.removeAttribute(name);
      else this.setAttribute(name, String(value));
    }
  }
  get result() {
    return this.#last?.result ?? null;
  }
}

// The files a page whose widgets are of these `kinds` loads, relative to this script's folder
// (this script first): the rule bundleFor applies to a fresh page, so that a package made for that
// page (the gallery's SCORM export) carries exactly these and nothing else.
function filesFor(kinds) {
  const wanted = [...new Set(kinds.map((k) => String(k).trim().toLowerCase()))];
  const own = wanted.length > 0 && wanted.every((k) => Object.hasOwn(ONE, k)) && wanted.reduce((n, k) => n + (SIZES[k] ?? Infinity), 0) <= (SIZES[ALL] ?? 0);
  const here = new URL(HERE, import.meta.url).href;
  const rel = (f) => new URL(f, import.meta.url).href.slice(here.length);
  const bundles = own ? wanted.flatMap((k) => ONE[k]) : [GLUE, WASM];
  return [rel(import.meta.url), ...bundles.map(rel), rel(CSS)];
}

// The "already started" flag lives under a symbol: page markup cannot fake it (an element with
// id="__locklab" is a named global on window, and would otherwise switch the loader off). A second
// copy of the loader (another address, or another version) leaves the page to the first, and
// every widget says so.
const STARTED = Symbol.for("locklab.loader");
const here = import.meta.url;
const running = globalThis[STARTED];
if (typeof document === "undefined") {
  // Imported where there is no page (a static site generator's server-side build): nothing to do.
} else if (!running) {
  globalThis[STARTED] = {
    version,
    url: here,
    notice(text) {
      console.warn(`locklab: ${text}`);
      notices.push(text);
      for (const el of [...$all("[data-locklab-mounted]"), ...elements]) if (glueOf.has(el) || el.hasAttribute("data-locklab-mounted")) showNotice(el, text);
    },
    ready: null,
  };
  if (globalThis.customElements && !customElements.get(TAG)) customElements.define(TAG, LocklabWidget);
  globalThis[STARTED].ready = start().catch(reportFailure);
} else if (running.url !== here) {
  const what = running.version === version ? `a second copy of locklab.js (${here})` : `locklab ${version} (${here}) as well as locklab ${running.version}`;
  running.notice?.(`This page loads ${what}: the first, ${running.url}, serves every widget. Load one copy of locklab.js.`);
}
export const ready = typeof running?.then === "function" ? running : (globalThis[STARTED]?.ready ?? Promise.resolve(null));
