// locklab.js: the one script a page needs. Include it as a module, then put
// <div data-locklab="counter-race"></div> anywhere on the page.
//
// It finds the hashed wasm, glue and stylesheet of its own build relative to its own URL, so the
// same snippet works from any host and any sub-path. Loading it twice is harmless: each bundle is
// instantiated once per page and serves every widget it mounts. (Built from web/locklab.js by
// web/post_build.sh.)
//
// A page whose widgets are all of one kind loads that widget's own, smaller bundle (when the build
// has one: ONE); any other page, and any widget of another kind added later, loads the full bundle.
const GLUE = "__LOCKLAB_GLUE__";
const WASM = "__LOCKLAB_WASM__";
const CSS = "__LOCKLAB_CSS__";
const ONE = __LOCKLAB_ONE__;
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

function reportFailure(error) {
  console.error("locklab: could not start", error);
  for (const el of document.querySelectorAll("[data-locklab]:not([data-locklab-mounted])")) {
    const p = document.createElement("p");
    p.className = "ll-notice ll-failure";
    p.setAttribute("role", "alert");
    p.textContent = "This interactive widget could not load (" + String(error && error.message || error) +
      "). The rest of the page still works.";
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
      const glue = await import(new URL(glueUrl, import.meta.url).href);
      await glue.default({ module_or_path: new URL(wasmUrl, import.meta.url) });
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

// Which bundle mounts `el`: the full one once it is on the page; else the widget's own bundle when
// that is already here, or when nothing is loaded yet and every waiting widget is of this kind.
function bundleFor(el, waiting) {
  if (instances.has(ALL)) return ALL;
  const name = nameOf(el);
  if (instances.has(name)) return name;
  const alone = Object.hasOwn(ONE, name) && waiting.every((other) => nameOf(other) === name);
  return instances.size === 0 && alone ? name : ALL;
}

async function start() {
  // Built-in quiz decks link to the lesson page that sits beside this file.
  globalThis.__locklabBase = new URL(".", import.meta.url).href;
  // Each widget links this stylesheet inside its own shadow root.
  globalThis.__locklabCss = new URL(CSS, import.meta.url).href;
  addStylesheet();
  const present = [...document.querySelectorAll(SELECTOR)];
  await load(present.length ? bundleFor(present[0], present) : ALL);

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
  };
}

// The "already started" flag lives under a symbol: page markup cannot fake it (an element with
// id="__locklab" is a named global on window, and would otherwise switch the loader off).
const STARTED = Symbol.for("locklab.loader");
if (!globalThis[STARTED]) {
  globalThis[STARTED] = start().catch(reportFailure);
}
export const ready = globalThis[STARTED];
