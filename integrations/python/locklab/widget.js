// locklab's anywidget front end: one ES module that JupyterLab, Notebook 7, VS Code, Colab, marimo
// and MyST run alike (`render({ model, el })`). It finds the widget's own code in one of two places:
// - from the Python package, through the model, with no host: the wasm-bindgen glue as text
//   (`_glue`), the wasm as bytes (`_wasm`), the stylesheet as text (`_stylesheet`). Each build is
//   started once per page, whatever the number of widgets and views, and every view mounts into it;
// - otherwise (a MyST page's `{anywidget}` or `{locklab}` directive, whose model is JSON), from the
//   folder the model's `base` names (a copy of the npm package's files), else from the package on
//   jsDelivr at this module's version: its loader, and a <locklab-widget>.
//
// Traits: `name` (the widget), `attrs` (its attributes as checked in Python or by the MyST plugin:
// parameters and course attributes, the widget's names), `params` (the parameters in use) and
// `result` (the latest result), both kept in step with the widget both ways. Challenges and quiz
// answers go to Python as custom messages `{ type, detail }` (`Widget.on_event`). A front end whose
// model cannot save or send (MyST's static pages) keeps them in the page.

// One started build per page, by its hash: `{ glue, css }` once started.
const builds = new Map();

// The version this module came with (filled in when a build copies it as anywidget.js; the Python
// package's copy gets its files through the model and does not need it).
const VERSION = "__LOCKLAB_VERSION__";

// Where a model without the Python package's files finds locklab: the folder `base` names (a
// self-hosted copy of the package's files), else the package on jsDelivr at this module's version.
// (Not this module's own folder: mystmd copies a module into the book's site, without its siblings.)
function packageBase(model) {
  const base = model.get("base");
  if (typeof base === "string" && base.trim()) return new URL(base.trim().replace(/\/?$/, "/"), document.baseURI).href;
  if (VERSION.startsWith("__")) throw new Error("this copy of the module has no version: give the model a `base`, the folder of locklab.js");
  return `https://cdn.jsdelivr.net/npm/locklab@${VERSION}/`;
}

function start(model) {
  if (!model.get("_wasm")) {
    let base;
    try {
      base = packageBase(model);
    } catch (error) {
      return Promise.reject(error);
    }
    if (!builds.has(base)) builds.set(base, import(/* @vite-ignore */ /* webpackIgnore: true */ new URL("locklab.js", base).href).then(() => null));
    return builds.get(base);
  }
  const key = model.get("_build");
  if (!builds.has(key)) {
    builds.set(
      key,
      (async () => {
        const glueText = model.get("_glue");
        const wasm = model.get("_wasm");
        if (!glueText || !wasm || !wasm.byteLength) throw new Error("the Python package carries no widget files (build its wheel with integrations/python/wheel.py)");
        const url = URL.createObjectURL(new Blob([glueText], { type: "text/javascript" }));
        let glue;
        try {
          glue = await import(/* @vite-ignore */ /* webpackIgnore: true */ url);
        } finally {
          URL.revokeObjectURL(url);
        }
        const bytes = wasm instanceof DataView ? new Uint8Array(wasm.buffer, wasm.byteOffset, wasm.byteLength) : new Uint8Array(wasm);
        await glue.default({ module_or_path: bytes });
        // The stylesheet each widget links in its shadow root (the glue reads __locklabCss). A
        // page that has locklab's own loader keeps its own.
        const css = URL.createObjectURL(new Blob([model.get("_stylesheet")], { type: "text/css" }));
        if (!globalThis.__locklabCss) globalThis.__locklabCss = css;
        return glue;
      })(),
    );
  }
  return builds.get(key);
}

// The parameters `wanted` gives a value other than `current`'s (compared as text: the widget
// reports 10 where Python may hold 10.0); a parameter `wanted` leaves out is left as it is.
function changed(wanted, current) {
  const out = {};
  for (const [k, v] of Object.entries(wanted ?? {})) {
    if (!current || String(current[k]) !== String(v)) out[k] = v;
  }
  return out;
}

// A model's methods a front end may not have (MyST's static model throws on them): nothing to do.
function quietly(f) {
  try {
    f();
  } catch {
    // a front end without a kernel: the page keeps the change
  }
}

// The language the widget speaks (its `locale`, else the notebook page's nearest `lang`) from the
// files the Python package carries (`_locales`, by tag; a regional tag reads its language's), and
// the page's own wording (`messages`: read by Python, or an address fetched here), handed to the
// widget as locklab's loader hands them (locklab_widgets::i18n).
async function words(model, host, el) {
  const locales = model.get("_locales") ?? {};
  const attrs = model.get("attrs") ?? {};
  const tag = String(attrs.locale ?? el.closest?.("[lang]")?.getAttribute("lang") ?? document.documentElement.lang ?? "en").trim().toLowerCase();
  const tags = Object.keys(locales);
  const shipped = tags.find((t) => t.toLowerCase() === tag) ?? (tag.split(/[-_]/)[0] === "en" ? null : tags.find((t) => t.toLowerCase() === tag.split(/[-_]/)[0]));
  if (shipped) host.locklabLocale = { locale: shipped, text: locales[shipped] };
  const given = model.get("_messages") ?? {};
  if (typeof given.text === "string") host.locklabMessages = { url: given.url, text: given.text };
  else if (attrs.messages) {
    const url = String(attrs.messages);
    try {
      // Mounting waits for it: a server that never answers must not keep the widget away.
      const r = await fetch(new URL(url, document.baseURI), { signal: AbortSignal.timeout?.(10_000) });
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      const text = Number(r.headers.get("content-length")) > 512 * 1024 ? null : await r.text();
      host.locklabMessages = text === null || new TextEncoder().encode(text).length > 512 * 1024 ? { url, error: "larger than 512 KB" } : { url, text };
    } catch (error) {
      host.locklabMessages = { url, error: String(error?.message ?? error) };
    }
  }
}

async function render({ model, el }) {
  // The Python package's build mounts into a <div>; locklab's own loader mounts <locklab-widget>
  // elements wherever they are (in MyST's shadow root too).
  const fromPackage = Boolean(model.get("_wasm"));
  const host = document.createElement(fromPackage ? "div" : "locklab-widget");
  host.className = "locklab-anywidget";
  // (The element goes into the page once its attributes and listeners are there.)
  if (fromPackage) el.append(host);
  let glue;
  try {
    glue = await start(model);
  } catch (error) {
    if (!host.isConnected) el.append(host);
    const p = document.createElement("p");
    p.setAttribute("role", "alert");
    p.textContent = `This locklab widget could not start: ${String(error?.message ?? error)}.`;
    host.replaceChildren(p);
    console.error("locklab:", error);
    return () => {};
  }
  const attrs = Object.entries(model.get("attrs") ?? {});
  if (fromPackage) {
    host.setAttribute("data-locklab", model.get("name"));
    for (const [k, v] of attrs) host.setAttribute(`data-${k}`, String(v));
  } else {
    for (const [k, v] of attrs) host.setAttribute(k, String(v));
    // Set last: naming the widget is what the loader mounts on.
    host.setAttribute("name", model.get("name"));
  }
  let shown = null; // the parameters this view's widget last reported
  // Moves this view's widget (from inside another view's report too: the widget applies a set
  // once the report running now has returned).
  const setParams = (params) => host.dispatchEvent(new CustomEvent("locklab:set", { detail: { params } }));
  const onChange = (e) => {
    if (e.target !== host || !e.detail) return;
    const first = shown === null;
    shown = e.detail.params ?? {};
    // The widget's first report: where the model has moved on since the widget was made (Python
    // set params before this view, or a learner moved another view of it), this view follows the
    // model instead. Where it has not, the widget's own first setting stands and Python hears it:
    // a prediction's setting is the widget's own, and moving back to the made setting would swap
    // the run the learner was just shown for another. (A model without `_start`: always follow.)
    const moved = first && Object.keys(changed(model.get("params"), model.get("_start"))).length > 0;
    const diff = moved ? changed(model.get("params"), shown) : {};
    if (Object.keys(diff).length) {
      setParams(diff);
      return;
    }
    // A learner's move (or the widget's first report): Python hears it. A move made from Python
    // comes back here as the same values and changes nothing.
    model.set("params", shown);
    model.set("result", e.detail.result ?? {});
    quietly(() => model.save_changes());
  };
  const forward = (e) => {
    if (e.target !== host || !e.detail) return;
    quietly(() => model.send({ type: e.type, detail: JSON.parse(JSON.stringify(e.detail)) }));
  };
  host.addEventListener("locklab:change", onChange);
  for (const type of ["locklab:challenge", "locklab:answer", "locklab:predict"]) host.addEventListener(type, forward);
  // Python (or another view of the same model) set the parameters: move this view's widget to
  // them; only what differs, so the widget fires one change, or none.
  const onParams = () => {
    const diff = changed(model.get("params"), shown);
    if (Object.keys(diff).length) setParams(diff);
  };
  model.on("change:params", onParams);
  // The loader's <locklab-widget> mounts itself once it is in a page.
  if (!fromPackage) {
    el.append(host);
    return () => {
      quietly(() => model.off("change:params", onParams));
      host.removeEventListener("locklab:change", onChange);
      host.remove();
    };
  }
  // A front end may call render before it puts `el` into the page (JupyterLab does, for a widget
  // shown a second time, when the build has already started); the widget mounts only into the
  // page, as locklab's loader does it.
  for (let i = 0; !host.isConnected && i < 1200; i++) await new Promise((r) => setTimeout(r, 25));
  if (!host.isConnected) return () => quietly(() => model.off("change:params", onParams));
  await words(model, host, el);
  try {
    glue.mount(host);
  } catch (error) {
    console.error("locklab: mounting failed", error);
  }
  return () => {
    quietly(() => model.off("change:params", onParams));
    host.removeEventListener("locklab:change", onChange);
    try {
      glue.unmount(host);
    } catch {
      // already gone
    }
  };
}

export default { render };
