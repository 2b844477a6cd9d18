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

async function start() {
  // Built-in quiz decks link to the lesson page that sits beside this file.
  globalThis.__locklabBase = new URL(".", import.meta.url).href;
  // Each widget links this stylesheet inside its own shadow root.
  globalThis.__locklabCss = new URL(CSS, import.meta.url).href;
  addStylesheet();
  const glue = await import(new URL(GLUE, import.meta.url).href);
  // Instantiating runs the entry point, which mounts every [data-locklab] element and keeps
  // watching for new ones.
  await glue.default({ module_or_path: new URL(WASM, import.meta.url) });
}

if (!globalThis.__locklab) {
  globalThis.__locklab = start().catch(reportFailure);
}
export const ready = globalThis.__locklab;
