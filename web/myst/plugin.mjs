// locklab's MyST plugin (Jupyter Book 2, mystmd): a `{locklab}` directive that puts one widget in a
// page, its parameters and course attributes as options, as an author writes them anywhere else:
//
//   ```{locklab} ttl-tradeoff
//   :ttl-s: 10
//   :challenges: builtin
//   ```
//
// Checked against the widgets' registry when the book builds: a bad name or value is an error at
// its file and line, with the message the Python package gives, and the build ends with status 1
// (the page says which widget is not shown and why). The page gets an `anywidget` node: locklab's
// anywidget module (`anywidget.js` in the npm package) and the package's folder as the model's
// `base`, from jsDelivr pinned to this version, or from the folder LOCKLAB_BASE names at build
// time (a self-hosted copy of the package's files).
//
// web/myst/build.mjs puts the registry and web/myst/validate.mjs above this part, as
// dist/locklab-myst.mjs: authors download that one file into their book and list it under
// `project: plugins:` in myst.yml.

/* global REGISTRY, validate */

const DEFAULT_BASE = `https://cdn.jsdelivr.net/npm/locklab@${REGISTRY.version}/`;

// Where the pages load locklab from: a folder URL ending in "/".
function base() {
  const given = (globalThis.process?.env?.LOCKLAB_BASE ?? "").trim();
  if (!given) return DEFAULT_BASE;
  return given.endsWith("/") ? given : `${given}/`;
}

// Every option name an author may write for some widget (so that mystmd passes them quietly; an
// unknown one is still reported, by the check below, with the nearest known name).
function optionNames() {
  const names = new Set(REGISTRY.courseAttributes);
  for (const w of REGISTRY.widgets) {
    for (const p of w.params ?? []) names.add(p.name);
    for (const a of w.attrs ?? []) names.add(a.name);
    for (const a of w.aliases ?? []) names.add(a.name ?? a);
  }
  return Object.fromEntries([...names].filter((n) => typeof n === "string" && n).map((n) => [n, { type: String, doc: "a locklab parameter or course attribute" }]));
}

let count = 0;

// After a bad widget: the process ends with status 1 (mystmd ends its build with process.exit(0),
// so the status is set as the process exits).
let failing = false;
function failed() {
  const proc = globalThis.process;
  if (failing || !proc?.on) return;
  failing = true;
  proc.on("exit", () => {
    proc.exitCode = 1;
  });
}

const directive = {
  name: "locklab",
  doc: "A locklab widget: its name as the argument, its parameters and course attributes as options (:ttl-s: 10).",
  arg: { type: String, required: true, doc: `the widget's name (${REGISTRY.widgets.map((w) => w.name).join(", ")})` },
  options: optionNames(),
  run(data, vfile) {
    // The options as written, with their lines (mystmd's own options drop an unknown name).
    const written = (data.node.children ?? []).filter((c) => c.type === "mystOption");
    const pairs = written.map((o) => [String(o.name ?? ""), String(o.value ?? "")]);
    const name = String(data.arg ?? "");
    let checked;
    try {
      checked = validate(REGISTRY, name, pairs);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      // At the option the message is about: the one it names first (“name” or name=; a
      // suggestion names another one later).
      const where = (o) => {
        const n = String(o.name).trim();
        const at = [`“${n}”`, `${n}=`, `“${n.toLowerCase()}”`, `${n.toLowerCase()}=`].map((s) => text.indexOf(s)).filter((i) => i >= 0);
        return at.length ? Math.min(...at) : Infinity;
      };
      const named = written.filter((o) => where(o) < Infinity).sort((a, b) => where(a) - where(b));
      const at = named[0] ?? data.node;
      const message = vfile.message(text, at, { ruleId: "locklab-widget" });
      message.fatal = true;
      // The build goes on (every bad widget of the book is reported), then ends with status 1, as
      // mdBook's and Hugo's do on a bad widget: a CI job stops. (mystmd's --strict does not stop a
      // `--site` build on a plugin's error.)
      failed();
      return [
        {
          type: "admonition",
          kind: "danger",
          children: [
            { type: "admonitionTitle", children: [{ type: "text", value: "This locklab widget is not shown" }] },
            { type: "paragraph", children: [{ type: "text", value: text }] },
          ],
        },
      ];
    }
    const from = base();
    const attrs = Object.fromEntries(checked.pairs);
    return [
      {
        type: "anywidget",
        esm: `${from}anywidget.js`,
        model: { name: checked.widget, attrs, base: from },
        class: "locklab",
        id: `locklab-${data.node.position?.start?.line ?? 0}-${++count}`,
      },
    ];
  },
};

const plugin = { name: "locklab", directives: [directive] };
export default plugin;
