// locklab.js: the one script a page needs. Include it as a module, then put
// <div data-locklab="counter-race"></div> anywhere on the page.
//
// It finds the hashed wasm, glue and stylesheet of its own build relative to its own URL, so the
// same snippet works from any host and any sub-path. Loading it twice is harmless: each bundle is
// instantiated once per page and serves every widget it mounts. (Built from web/locklab.js by
// web/post_build.sh.)
//
// Which code a page loads (when the build has one-widget bundles: ONE, with their sizes in SIZES):
// the widgets' own bundles when, together, they are smaller than the full bundle (a page with one
// or two kinds of widget), else the full bundle; a widget of another kind added later follows the
// same rule. A page that asks for it with <meta name="locklab" content="first-widget-first"> (the
// lesson page) gets its first widget from that widget's own bundle at once, and the full bundle for
// the rest after it: the first widget is interactive sooner, at the cost of fetching the code
// every bundle shares twice. "First" is the first widget after the address's #fragment, if any.
const GLUE = "__LOCKLAB_GLUE__";
const WASM = "__LOCKLAB_WASM__";
const CSS = "__LOCKLAB_CSS__";
const ONE = __LOCKLAB_ONE__;
const SIZES = __LOCKLAB_SIZES__; // bytes of each bundle's wasm; "" is the full bundle's
const ALL = "";

function addStylesheet() {
  const href = new URL(CSS, import.meta.url).href;
  for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
    if (link.href === href) return;
  }
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.append(link);
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
  for (const el of document.querySelectorAll("[data-locklab]:not([data-locklab-mounted])")) {
    const p = document.createElement("p");
    p.className = "ll-notice ll-failure";
    p.setAttribute("role", "alert");
    const frame = new URL(`embed.html?widget=${encodeURIComponent(nameOf(el))}`, import.meta.url).href;
    p.textContent = `This interactive widget could not load: ${what}.${cause} The iframe embed needs none of this: ${frame}`;
    el.replaceChildren(p);
  }
}

const SELECTOR = "[data-locklab]:not([data-locklab-mounted])";

function failed(el, error) {
  console.error("locklab: a widget failed", error);
  if (el.shadowRoot) return; // the widget's own box already says so (the panic hook)
  const p = document.createElement("p");
  p.setAttribute("role", "alert");
  p.textContent = "This interactive widget stopped with an internal error. The rest of the page still works.";
  el.replaceChildren(p);
}

const nameOf = (el) => (el.getAttribute("data-locklab") ?? "").trim().toLowerCase();

// The wasm instances on this page, by bundle (ALL or a widget's name), each loaded once.
const instances = new Map();
let full = null; // the full bundle's glue, once loaded
function load(key) {
  if (!instances.has(key)) {
    const [glueUrl, wasmUrl] = key === ALL ? [GLUE, WASM] : ONE[key];
    const loading = (async () => {
      // The wasm is fetched while the glue loads, not after it: one round trip less on a slow
      // network (the glue's init awaits the response and compiles it as it streams in).
      const wasmHref = new URL(wasmUrl, import.meta.url).href;
      const glueHref = new URL(glueUrl, import.meta.url).href;
      const wasm = fetch(wasmHref).then(
        (r) => {
          if (!r.ok) throw new LoadError(wasmHref, `answered HTTP ${r.status}`, r.status === 404 ? "a copy of the build without this file (copy the whole folder)" : "");
          return r;
        },
        () => {
          throw new LoadError(wasmHref, "could not be fetched", crossOrigin(wasmHref) || "the host is not reachable");
        },
      );
      wasm.catch(() => {}); // a failed fetch is reported by init below, not as unhandled
      let glue;
      try {
        glue = await import(glueHref);
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
function bundleFor(el, waiting) {
  if (instances.has(ALL)) return ALL;
  const name = nameOf(el);
  if (instances.has(name)) return name;
  if (!Object.hasOwn(ONE, name)) return ALL;
  if (el === early) return name;
  let bytes = 0; // what loading the kinds still missing one bundle each would cost
  const kinds = new Set();
  for (const other of [el, ...waiting]) {
    const kind = nameOf(other);
    if (instances.has(kind) || kinds.has(kind)) continue;
    if (!Object.hasOwn(ONE, kind)) return ALL;
    kinds.add(kind);
    bytes += SIZES[kind] ?? Infinity;
  }
  return bytes <= (SIZES[ALL] ?? 0) ? name : ALL;
}

// The first widget a reader meets: the first at or after the element the address's #fragment
// names, else the first on the page.
function firstWidget(present) {
  let target = null;
  try {
    if (location.hash.length > 1) target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  } catch {
    target = null; // a malformed fragment: the page's first widget
  }
  if (target) {
    const after = present.find((el) => el === target || target.contains(el) || target.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
    if (after) return after;
  }
  return present[0] ?? null;
}

async function start() {
  // Built-in quiz decks link to the lesson page that sits beside this file.
  globalThis.__locklabBase = new URL(".", import.meta.url).href;
  // Each widget links this stylesheet inside its own shadow root.
  globalThis.__locklabCss = new URL(CSS, import.meta.url).href;
  addStylesheet();
  const present = [...document.querySelectorAll(SELECTOR)];
  if (document.querySelector('meta[name="locklab"][content~="first-widget-first"]')) early = firstWidget(present);
  const first = early ?? present[0];
  await load(first ? bundleFor(first, present) : ALL);

  // One call per widget, each in its own task: a widget that fails cannot keep the others from
  // mounting, and a page with many widgets never blocks the main thread for all of them at once
  // (the first mounts at once, the next ones one task each, in page order).
  const queue = [];
  const queued = new WeakSet();
  let draining = false;
  const drain = async () => {
    while (queue.length) {
      const el = queue[0];
      let glue = null;
      try {
        glue = await load(bundleFor(el, queue));
      } catch (error) {
        reportFailure(error);
      }
      queue.shift();
      queued.delete(el); // an element removed and put back later mounts again
      if (glue && el.isConnected && !el.hasAttribute("data-locklab-mounted")) {
        try {
          glue.mount(el);
        } catch (error) {
          failed(el, error);
        }
      }
      if (queue.length) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    draining = false;
  };
  const mountAll = (root) => {
    const found = root.matches?.(SELECTOR) ? [root] : [];
    for (const el of [...found, ...root.querySelectorAll(SELECTOR)]) {
      if (queued.has(el)) continue;
      queued.add(el);
      queue.push(el);
    }
    if (queue.length && !draining) {
      draining = true;
      drain();
    }
  };
  if (early) mountAll(early); // it mounts first, from the bundle just loaded
  mountAll(document.documentElement);
  new MutationObserver((records) => {
    let removed = false;
    for (const record of records) {
      for (const node of record.addedNodes) if (node.nodeType === Node.ELEMENT_NODE) mountAll(node);
      removed ||= record.removedNodes.length > 0;
    }
    if (removed) {
      for (const loading of instances.values()) {
        loading.then((glue) => glue.unmount_detached()).catch((error) => console.error("locklab: unmounting failed", error));
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
  // What the gallery lists (from the widget registry in Rust), computed only when asked. Only the
  // full bundle carries the list; the gallery starts with no widget on it, so it has that one.
  return {
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
  };
}

// The files a page whose widgets are of these `kinds` loads, relative to this script's folder
// (this script first): the rule bundleFor applies to a fresh page, so that a package made for that
// page (the gallery's SCORM export) carries exactly these and nothing else.
function filesFor(kinds) {
  const wanted = [...new Set(kinds.map((k) => String(k).trim().toLowerCase()))];
  const own = wanted.length > 0 && wanted.every((k) => Object.hasOwn(ONE, k)) && wanted.reduce((n, k) => n + (SIZES[k] ?? Infinity), 0) <= (SIZES[ALL] ?? 0);
  const here = new URL(".", import.meta.url).href;
  const rel = (f) => new URL(f, import.meta.url).href.slice(here.length);
  const bundles = own ? wanted.flatMap((k) => ONE[k]) : [GLUE, WASM];
  return [rel(import.meta.url), ...bundles.map(rel), rel(CSS)];
}

// The "already started" flag lives under a symbol: page markup cannot fake it (an element with
// id="__locklab" is a named global on window, and would otherwise switch the loader off).
const STARTED = Symbol.for("locklab.loader");
if (!globalThis[STARTED]) {
  globalThis[STARTED] = start().catch(reportFailure);
}
export const ready = globalThis[STARTED];
