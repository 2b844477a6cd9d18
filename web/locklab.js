// locklab.js: the one script a page needs. Include it as a module, then put
// <div data-locklab="counter-race"></div> anywhere on the page.
//
// It finds the hashed wasm, glue and stylesheet of its own build relative to its own URL, so the
// same snippet works from any host and any sub-path. Loading it twice is harmless: one wasm
// instance serves every widget on the page. (Built from web/locklab.js by web/post_build.sh.)
const GLUE = "__LOCKLAB_GLUE__";
const WASM = "__LOCKLAB_WASM__";
const CSS = "__LOCKLAB_CSS__";

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

async function start() {
  // Built-in quiz decks link to the lesson page that sits beside this file.
  globalThis.__locklabBase = new URL(".", import.meta.url).href;
  // Each widget links this stylesheet inside its own shadow root.
  globalThis.__locklabCss = new URL(CSS, import.meta.url).href;
  addStylesheet();
  const glue = await import(new URL(GLUE, import.meta.url).href);
  await glue.default({ module_or_path: new URL(WASM, import.meta.url) });

  // One call per widget, each in its own task: a widget that fails cannot keep the others from
  // mounting, and a page with many widgets never blocks the main thread for all of them at once
  // (the first mounts at once, the next ones one task each, in page order).
  const queue = [];
  const queued = new WeakSet();
  let draining = false;
  const drain = () => {
    const el = queue.shift();
    if (el) queued.delete(el); // an element removed and put back later mounts again
    if (el && el.isConnected && !el.hasAttribute("data-locklab-mounted")) {
      try {
        glue.mount(el);
      } catch (error) {
        failed(el, error);
      }
    }
    if (queue.length) setTimeout(drain, 0);
    else draining = false;
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
      try {
        glue.unmount_detached();
      } catch (error) {
        console.error("locklab: unmounting failed", error);
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
  // What the gallery lists (from the widget registry in Rust), computed only when asked.
  return { widgets: () => glue.widgets() };
}

// The "already started" flag lives under a symbol: page markup cannot fake it (an element with
// id="__locklab" is a named global on window, and would otherwise switch the loader off).
const STARTED = Symbol.for("locklab.loader");
if (!globalThis[STARTED]) {
  globalThis[STARTED] = start().catch(reportFailure);
}
export const ready = globalThis[STARTED];
