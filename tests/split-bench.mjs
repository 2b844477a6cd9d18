// Issue #43's wasm-split experiment, measured (run by `.ci/bench` after `bash web/wasm-split.sh
// target/split-out`; BENCHMARKS.md, "Splitting the wasm"). Prints, never fails on a figure:
// - for each widget, its own chunk and everything a page with that widget alone fetches (the base
//   module, the widget's chunk and every shared chunk it needs, read from `__wasm_split.js`), gzip
//   and brotli, beside the widget's own bundle in dist/w/ when dist/ has one;
// - the lesson's every file, beside the bundle with every widget;
// - in headless Chromium: three widgets mounted from their chunks, a slider moved by keyboard
//   (its change event), and a page whose one widget's chunk is missing (that widget says so, the
//   others mount).
import fs from "node:fs";
import path from "node:path";
import http from "node:http";
import zlib from "node:zlib";
import { chromium } from "playwright-core";

const here = path.dirname(new URL(import.meta.url).pathname);
const dir = path.resolve(process.argv[2] ?? path.join(here, "..", "target", "split-out"));
const dist = path.join(here, "..", "dist");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const link = fs.readFileSync(path.join(dir, "__wasm_split.js"), "utf8");
const bytes = (f) => fs.readFileSync(f);
const gz = (b) => zlib.gzipSync(b, { level: 9 }).length;
const br = (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n) => (n / 1024).toFixed(1);
const sizes = (files) => files.reduce((a, f) => { const b = bytes(f); return { raw: a.raw + b.length, gz: a.gz + gz(b), br: a.br + br(b), n: a.n + 1 }; }, { raw: 0, gz: 0, br: 0, n: 0 });

// Which widgets each shared chunk serves: the splitter writes them above each chunk's loader.
const users = {};
for (const m of link.matchAll(/\/\* ([^*]+) \*\/\nconst __chunk_(\d+)/g)) users[`chunk_${m[2]}.wasm`] = m[1].split(", ");
const widgets = fs.readdirSync(dir).filter((f) => /^split_.*\.wasm$/.test(f)).map((f) => f.slice(6, -5)).sort();
const base = [path.join(dir, "locklab-core_bg.wasm")];
const glue = [path.join(dir, "locklab-core.js"), path.join(dir, "__wasm_split.js")];
// A split point is named after the widget's module (optimistic_pessimistic), a bundle after the
// widget (optimistic-vs-pessimistic): the one list of both is locklab_sim::for_each_scenario!.
const widgetOf = Object.fromEntries(
  [...fs.readFileSync(path.join(here, "..", "crates/sim/src/lib.rs"), "utf8").matchAll(/^\s*\((\w+), \w+, "([a-z-]+)", "/gm)].map((m) => [m[1], m[2]]),
);
widgetOf.quiz = "quiz";
const own = fs.existsSync(path.join(dist, "w")) ? fs.readdirSync(path.join(dist, "w")) : [];
const b = sizes(base), g = sizes(glue);
console.log(`wasm-split of the bundle with every widget (${dir})`);
console.log(`base module ${kb(b.raw)} KB raw, ${kb(b.gz)} KB gzip, ${kb(b.br)} KB brotli; its glue and the chunk loader ${kb(g.gz)} KB gzip`);
console.log(`| widget | own chunk gzip | a page with it alone: wasm files | gzip | brotli | its own bundle (dist/w) gzip |`);
console.log(`| --- | --- | --- | --- | --- | --- |`);
for (const w of widgets) {
  const shared = Object.entries(users).filter(([, u]) => u.includes(w)).map(([c]) => path.join(dir, c));
  const mine = sizes([path.join(dir, `split_${w}.wasm`)]);
  const all = sizes([...base, path.join(dir, `split_${w}.wasm`), ...shared]);
  // The widget's course bundle, w/<name>-<hash>_bg.wasm (not its plain one, w/<name>-plain-…).
  const name = widgetOf[w] ?? w;
  const bundle = own.find((f) => new RegExp(`^${name}-[0-9a-f]+_bg\\.wasm$`).test(f));
  console.log(`| ${w} | ${kb(mine.gz)} | ${all.n} | ${kb(all.gz)} | ${kb(all.br)} | ${bundle ? kb(gz(bytes(path.join(dist, "w", bundle)))) : "not built"} |`);
}
const every = sizes(fs.readdirSync(dir).filter((f) => f.endsWith(".wasm")).map((f) => path.join(dir, f)));
const full = fs.existsSync(dist) ? fs.readdirSync(dist).find((f) => /^locklab-core-.*_bg\.wasm$/.test(f)) : null;
console.log(`every widget (the lesson page): ${every.n} wasm files, ${kb(every.raw)} KB raw, ${kb(every.gz)} KB gzip, ${kb(every.br)} KB brotli` +
  (full ? `; the bundle with every widget: ${kb(bytes(path.join(dist, full)).length)} KB raw, ${kb(gz(bytes(path.join(dist, full))))} KB gzip, ${kb(br(bytes(path.join(dist, full))))} KB brotli` : ""));

// In the browser: a page of three widgets, then the same with one widget's chunk missing.
const page = `<!doctype html><meta charset=utf-8><title>split</title>
<div id=ttl data-locklab="ttl-tradeoff"></div><div id=quiz data-locklab="quiz"></div><div id=race data-locklab="counter-race"></div>
<script type=module src="./start.js"></script>`;
const start = `import init, { mount } from "./locklab-core.js";
window.changes = [];
document.addEventListener("locklab:change", (e) => window.changes.push(e.target.id), true);
await init({ module_or_path: new URL("./locklab-core_bg.wasm", import.meta.url) });
for (const el of document.querySelectorAll("[data-locklab]")) mount(el);`;
const types = { ".js": "text/javascript", ".wasm": "application/wasm", ".html": "text/html" };
let blocked = null;
const server = http.createServer((q, r) => {
  const name = decodeURIComponent(new URL(q.url, "http://x").pathname).slice(1) || "index.html";
  const body = name === "index.html" ? page : name === "start.js" ? start : blocked && name === blocked ? null : fs.existsSync(path.join(dir, path.basename(name))) ? bytes(path.join(dir, path.basename(name))) : null;
  if (body === null) return r.writeHead(404).end();
  r.writeHead(200, { "content-type": types[path.extname(name)] ?? "application/octet-stream" }).end(body);
}).listen(0, "127.0.0.1");
await new Promise((ok) => server.once("listening", ok));
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
const text = (p, id) => p.evaluate((id) => { const h = document.getElementById(id); return ((h.shadowRoot ?? h).textContent ?? "").trim().slice(0, 70); }, id);
const mounted = (p) => p.waitForFunction(() => ["ttl", "quiz", "race"].every((id) => { const h = document.getElementById(id); return ((h.shadowRoot ?? h).textContent ?? "").trim().length > 40; }), null, { timeout: 20_000 }).then(() => true, () => false);
try {
  const p = await browser.newPage();
  await p.goto(url);
  const ok = await mounted(p);
  const wasm = await p.evaluate(() => performance.getEntriesByType("resource").filter((e) => e.name.endsWith(".wasm")).length);
  console.log(`browser: three widgets ${ok ? "mounted" : "NOT all mounted"} from ${wasm} wasm files`);
  for (const id of ["ttl", "quiz", "race"]) console.log(`  ${id}: ${JSON.stringify(await text(p, id))}`);
  const slider = p.locator("#ttl input[type=range]").first();
  await slider.focus();
  await p.keyboard.press("ArrowRight");
  const moved = await p.waitForFunction(() => window.changes.includes("ttl"), null, { timeout: 5_000 }).then(() => true, () => false);
  console.log(`  a TTL slider moved by keyboard: ${moved ? "the change event came" : "NO change event"}`);
  blocked = widgets.includes("ttl_tradeoff") ? "split_ttl_tradeoff.wasm" : null;
  const q = await browser.newPage();
  await q.goto(url);
  await mounted(q);
  console.log(`browser, the TTL trade-off's chunk missing (404):`);
  for (const id of ["ttl", "quiz", "race"]) console.log(`  ${id}: ${JSON.stringify(await text(q, id))}`);
} finally {
  await browser.close();
  server.close();
}
