// Browser benchmark: prints figures, never fails on a time. Run after a release build:
//
//   node tests/bench.mjs        (bash .ci/bench builds first and runs the native bench too)
//
// Per widget, at its defaults and at its largest parameters, MOVES programmatic slider moves
// (dispatched at random moments within a frame, as a drag's input events arrive):
//   recompute  input event → the widget's locklab:change (simulation + event),
//   draw       time spent drawing the charts for that move (inside the animation frame),
//   to paint   input event → charts drawn (includes waiting for the next frame, up to 16.7 ms at 60 Hz).
// Then the size of every file in dist/ (raw, gzip, brotli), the lesson page's total compressed
// transfer, and cold load to the first interactive widget.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import os from "node:os";
import { serve } from "./server.mjs";
import { start, openPage, dist, root } from "./e2e/helpers.mjs";

const MOVES = Number(process.env.MOVES ?? 200);
// ONLY=ttl-tradeoff runs that widget's cases alone (for a quick look; .ci/bench runs them all).
const ONLY = process.env.ONLY;
// PARTS=cold,weights runs only those parts (paint, peer, files, package, lesson, weights, cold); all by default.
const PARTS = new Set((process.env.PARTS ?? "paint,peer,files,package,lesson,weights,cold").split(","));
const cases = [
  { widget: "counter-race", attrs: {}, slider: "workers" },
  { widget: "counter-race", attrs: { workers: 20, increments: 1000 }, slider: "think-ms", label: "20 × 1,000" },
  { widget: "ttl-tradeoff", attrs: {}, slider: "ttl-s" },
  { widget: "ttl-tradeoff", attrs: {}, slider: "work-s" },
  { widget: "ttl-tradeoff", attrs: { holds: 200000 }, slider: "ttl-s", label: "200,000 holds" },
  { widget: "ttl-tradeoff", attrs: { holds: 200000 }, slider: "work-s", label: "200,000 holds" },
  { widget: "paused-holder", attrs: {}, slider: "pause-s" },
  { widget: "fencing-chain", attrs: {}, slider: "ttl-ms" },
  { widget: "fencing-chain", attrs: { holders: 5000 }, slider: "ttl-ms", label: "5,000 holders" },
  { widget: "lease-renewal", attrs: {}, slider: "spread" },
  { widget: "lease-renewal", attrs: { runs: 200000, defence: "renewal" }, slider: "ttl-s", label: "200,000 runs" },
  { widget: "lease-sizing", attrs: {}, slider: "ttl-s" },
  { widget: "redis-failover", attrs: {}, slider: "lag-ms" },
  { widget: "redlock", attrs: { scenario: "clock-jump" }, slider: "clock-jump-ms" },
  { widget: "sweeper-incident", attrs: {}, slider: "recovers-at" },
  { widget: "fencing-sandbox", attrs: { steps: "A.acquire,A.read,A.pause,B.acquire,B.read,A.write" }, slider: "lease-s", label: "2 clients" },
  { widget: "fencing-sandbox", attrs: { clients: 3 }, slider: "lease-s", label: "3 clients" },
  { widget: "sweeper-incident", attrs: { "interval-s": 30, "order-every-s": 10, "timeout-share": 1, "row-s": 60, until: "24:00" }, slider: "recovers-at", label: "largest" },
  { widget: "redis-failover", attrs: { failovers: 10000, "grants-per-s": 5000 }, slider: "lag-ms", label: "largest" },
  { widget: "optimistic-vs-pessimistic", attrs: {}, slider: "rate-per-s" },
  { widget: "optimistic-vs-pessimistic", attrs: { updates: 20000 }, slider: "rate-per-s", label: "20,000 updates" },
  // Any slider but the rate also finds the simulated crossover again (a grid and a bisection).
  { widget: "optimistic-vs-pessimistic", attrs: {}, slider: "work-ms", label: "crossover re-found" },
  { widget: "optimistic-vs-pessimistic", attrs: { updates: 20000 }, slider: "work-ms", label: "20,000 updates, crossover re-found" },
  { widget: "lock-granularity", attrs: {}, slider: "rate-per-s" },
  { widget: "lock-granularity", attrs: { lock: "per-key", keys: 10000, "two-locks": true, updates: 20000 }, slider: "rate-per-s", label: "largest (per key, two locks)" },
  { widget: "lock-granularity", attrs: { lock: "per-shard", "two-locks": true, updates: 20000 }, slider: "rate-per-s", label: "deadlocking" },
];

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const f1 = (x) => x.toFixed(1);
const f2 = (x) => x.toFixed(2);
const kb = (n) => (n / 1024).toFixed(1);

// Cross-origin isolated pages (these two headers) get a 5 µs performance.now() instead of 100 µs:
// a recompute of a few tenths of a millisecond is measured, not rounded to the next 0.1 ms.
const env = await start({ headers: { "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" } });
const lines = [];
let part = "";
const results = [];
const out = (s = "") => {
  if (!PARTS.has(part)) return;
  console.log(s);
  lines.push(s);
};
try {
  part = "paint";
  out(`## Slider to paint, headless Chromium (${MOVES} moves per case, ms, p50 / p95)`);
  out("");
  out("| widget | case | slider | recompute | draw | to paint |");
  out("| --- | --- | --- | --- | --- | --- |");
  for (const c of cases.filter((c) => PARTS.has("paint") || (PARTS.has("peer") && c.widget === "ttl-tradeoff" && !c.label)).filter((c) => !ONLY || c.widget === ONLY)) {
    const { page, context } = await openPage(env.browser, null);
    await page.addInitScript(() => {
      globalThis.__locklabBench = true;
    });
    await page.goto(`${env.origin}/fixtures/blank.html`);
    await page.evaluate(({ widget, attrs }) => {
      const el = document.createElement("div");
      el.id = "bench";
      el.dataset.locklab = widget;
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(`data-${k}`, String(v));
      document.getElementById("slot").append(el);
    }, c);
    await page.locator("#bench input[type=range]").first().waitFor();
    if (!(await page.evaluate(() => globalThis.crossOriginIsolated))) throw new Error("the bench page is not cross-origin isolated");
    await page.waitForTimeout(300);
    const t = await page.evaluate(async ({ slider, moves }) => {
      const host = document.getElementById("bench");
      const input = (host.shadowRoot ?? host).querySelector(`input[name="${slider}"]`);
      const min = Number(input.min), max = Number(input.max);
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      const recompute = [], draw = [], paint = [];
      let rnd = 12345;
      const random = () => ((rnd = (rnd * 1103515245 + 12345) % 2147483648) / 2147483648);
      for (let i = 0; i < moves; i++) {
        await frame();
        await new Promise((r) => setTimeout(r, random() * 14));
        performance.clearMarks();
        const changed = new Promise((r) => host.addEventListener("locklab:change", () => r(performance.now()), { once: true }));
        // A new value each time, spread over the slider; as in a drag, the browser has set the
        // value before the input event: the clock starts at the event.
        input.value = String(min + ((i * 0.618034) % 1) * (max - min));
        const t0 = performance.now();
        input.dispatchEvent(new Event("input", { bubbles: true }));
        const tc = await changed;
        // Wait for the frame in which the charts are drawn.
        let end;
        for (let k = 0; k < 10 && !end; k++) {
          await frame();
          await new Promise((r) => setTimeout(r, 0));
          end = performance.getEntriesByName("locklab:draw-end").at(-1);
        }
        const starts = performance.getEntriesByName("locklab:draw-start");
        const ends = performance.getEntriesByName("locklab:draw-end");
        recompute.push(tc - t0);
        draw.push(ends.reduce((s, e, j) => s + (e.startTime - (starts[j]?.startTime ?? e.startTime)), 0));
        paint.push((end?.startTime ?? performance.now()) - t0);
      }
      return { recompute, draw, paint };
    }, { slider: c.slider, moves: MOVES });
    results.push({ ...c, label: c.label ?? "defaults", t });
    const pair = (xs) => `${f1(pct(xs, 50))} / ${f1(pct(xs, 95))}`;
    out(`| ${c.widget} | ${c.label ?? "defaults"} | ${c.slider} | ${pair(t.recompute)} | ${pair(t.draw)} | ${pair(t.paint)} |`);
    await context.close();
  }

  part = "peer";
  out("");
  out("## Against the peer: a straightforward JavaScript Monte Carlo (../shared/bench/peer-ttl.js)");
  out("");
  const peerFile = path.join(root, "..", "shared", "bench", "peer-ttl.js");
  if (PARTS.has("peer") && !fs.existsSync(peerFile)) {
    out(`(skipped: ${peerFile} is not there)`);
  } else if (PARTS.has("peer")) {
    // Same browser, same run: the peer reruns its whole 60,000-hold simulation for any change.
    const { page, context } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
    await page.addScriptTag({ content: fs.readFileSync(peerFile, "utf8") });
    const peer = await page.evaluate((n) => window.bench(n), MOVES);
    await context.close();
    const ours = (slider) => results.find((r) => r.widget === "ttl-tradeoff" && r.label === "defaults" && r.slider === slider);
    const drag = ours("ttl-s"), resample = ours("work-s");
    // The ratio compares like with like: the peer only computes; locklab's recompute is its
    // simulation and the event. To paint (text, both charts drawn) is shown beside it.
    out("| change (60,000 holds) | locklab recompute p50 / p95 | peer full rerun p50 / p95 | ratio (p50) | locklab to paint p50 / p95 |");
    out("| --- | --- | --- | --- | --- |");
    for (const [what, r] of [["TTL drag", drag], ["typical work moved (full resample)", resample]]) {
      const e = r.t.recompute;
      out(`| ${what} | ${f2(pct(e, 50))} / ${f2(pct(e, 95))} | ${f2(peer.p50)} / ${f2(peer.p95)} | ${(peer.p50 / pct(e, 50)).toFixed(1)}× | ${f1(pct(r.t.paint, 50))} / ${f1(pct(r.t.paint, 95))} |`);
    }
  }

  part = "files";
  out("");
  out("## Files in dist/ (KB)");
  out("");
  out("| file | raw | gzip | brotli |");
  out("| --- | --- | --- | --- |");
  const sizes = {};
  // Files in sub-folders too (vendor/, scorm/: loaded only when an author packages a widget).
  for (const name of fs.readdirSync(dist, { recursive: true }).sort()) {
    if (fs.statSync(path.join(dist, name)).isDirectory()) continue;
    const buf = fs.readFileSync(path.join(dist, name));
    const gz = zlib.gzipSync(buf, { level: 9 }).length;
    const br = zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    sizes[name] = { raw: buf.length, gz, br };
    out(`| ${name.replace(/-[0-9a-f]{16}/, "-[hash]")} | ${kb(buf.length)} | ${kb(gz)} | ${kb(br)} |`);
  }

  part = "package";
  out("");
  out("## The npm package and the release archive (KB)");
  out("");
  // What web/npm/pack.mjs made of this dist/ (.ci/bench runs it): what an author's `npm install`
  // downloads and unpacks, and the archive for hosts without npm.
  const released = path.join(root, "target", "release-files");
  if (fs.existsSync(released)) {
    out("| file | bytes (KB) | what |");
    out("| --- | --- | --- |");
    for (const name of fs.readdirSync(released).filter((n) => /\.(tgz|zip|crate|whl)$/.test(n)).sort()) {
      const what = name.endsWith(".whl")
        ? "Python wheel (locklab.Widget), with the full bundle"
        : name.endsWith(".tgz")
        ? "npm pack (gzip tarball)"
        : name.endsWith(".crate")
          ? name.startsWith("mdbook-locklab-")
            ? "cargo package, with the built widgets"
            : "cargo package (mdbook-locklab depends on it)"
          : name.startsWith("locklab-hugo-")
            ? "Hugo component with the files"
            : "dist/ with SHA256SUMS";
      out(`| ${name} | ${kb(fs.statSync(path.join(released, name)).size)} | ${what} |`);
    }
    const unpacked = fs.readdirSync(path.join(released, "package"), { recursive: true }).map((n) => path.join(released, "package", n)).filter((f) => fs.statSync(f).isFile());
    out(`| package/ (unpacked) | ${kb(unpacked.reduce((n, f) => n + fs.statSync(f).size, 0))} | ${unpacked.length} files |`);
  } else {
    out("(no target/release-files: run node web/npm/pack.mjs dist target/release-files)");
  }

  part = "lesson";
  out("");
  out("## Lesson page: transfer and cold load");
  out("");
  // What the lesson page transfers before its first widget is interactive (files whose response
  // ended before the first locklab:change, by the page's resource timing) and after scrolling to
  // the end with every widget mounted; compressed sizes from the table above.
  const loads = [];
  let before = [], everything = [];
  for (let i = 0; i < (PARTS.has("lesson") ? 5 : 0); i++) {
    const { page, context } = await openPage(env.browser, null);
    await page.addInitScript(() => {
      document.addEventListener("locklab:change", () => (window.__firstChange ??= performance.now()), { once: true });
    });
    await page.goto(`${env.origin}/course/locks/`);
    await page.waitForFunction(() => window.__firstChange !== undefined);
    const atFirst = await page.evaluate(() => ({
      first: window.__firstChange,
      files: performance.getEntriesByType("resource").filter((e) => e.responseEnd <= window.__firstChange).map((e) => e.name),
    }));
    loads.push(atFirst.first);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => [...document.querySelectorAll("[data-locklab]")].every((el) => el.hasAttribute("data-locklab-mounted")), null, { timeout: 60_000 });
    await page.waitForLoadState("networkidle");
    const all = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
    const rel = (u) => decodeURIComponent(new URL(u).pathname).replace(/^\/course\/locks\//, "");
    before = ["index.html", ...atFirst.files.map(rel)];
    everything = ["index.html", ...all.map(rel)];
    await context.close();
  }
  const total = (files) => {
    let br = 0, gz = 0;
    for (const f of new Set(files)) {
      br += sizes[f]?.br ?? 0;
      gz += sizes[f]?.gz ?? 0;
    }
    return `${kb(gz)} KB gzip, ${kb(br)} KB brotli`;
  };
  if (loads.length) {
    out(`- Before the first widget is interactive: ${total(before)} (${new Set(before).size} files).`);
    out(`- After scrolling to the end, every widget mounted: ${total(everything)} (${new Set(everything).size} files).`);
    out(`- Cold load from localhost to the first widget's first locklab:change (fresh browser context, 5 runs): median ${f1(pct(loads, 50))} ms, worst ${f1(Math.max(...loads))} ms.`);
  }

  // Issue #14: what one widget embedded by script costs, per widget: everything the page fetches
  // from dist/ (loader, glue, wasm, stylesheet), compressed. The page holds the widget in its
  // markup, as an author's page does, so the loader can choose that widget's own bundle.
  const assets = JSON.parse(fs.readFileSync(path.join(dist, "assets.json"), "utf8"));
  const authorDir = fs.mkdtempSync(path.join(os.tmpdir(), "locklab-bench-"));
  const names = (await (async () => {
    const { page, context } = await openPage(env.browser, `${env.origin}/course/locks/gallery.html`);
    const list = await page.evaluate(async () => (await (await import("/course/locks/locklab.js")).ready).widgets());
    await context.close();
    return [...new Set(list.map((w) => w.name))];
  })());
  for (const name of names) {
    const attrs = name === "quiz" ? ' data-deck="check-yourself"' : "";
    fs.writeFileSync(
      path.join(authorDir, `${name}.html`),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${name}</title>
<script type="module" src="/course/locks/locklab.js"></script></head><body><h1>One widget</h1><div data-locklab="${name}"${attrs}></div></body></html>`,
    );
  }
  const authorServer = await serve({ mounts: [{ prefix: "/course/locks/", dir: dist }, { prefix: "/", dir: authorDir }] });
  part = "weights";
  out("");
  out("## One widget embedded by script (issue #14: ≤ 100 KB gzip)");
  out("");
  out("Everything a page with one widget fetches from `dist/` (loader, glue, wasm, stylesheet).");
  out("");
  out("| widget | bundle | files | gzip KB | brotli KB |");
  out("| --- | --- | --- | --- | --- |");
  for (const name of PARTS.has("weights") ? names : []) {
    const { page, context } = await openPage(env.browser, null);
    const files = new Set();
    page.on("requestfinished", (r) => {
      const p = new URL(r.url()).pathname;
      if (p.startsWith("/course/locks/")) files.add(p.slice("/course/locks/".length));
    });
    await page.goto(`${authorServer.origin}/${name}.html`);
    await page.waitForSelector("[data-locklab-mounted]");
    await page.waitForLoadState("networkidle");
    await context.close();
    let gz = 0, br = 0;
    for (const f of files) {
      gz += sizes[f]?.gz ?? 0;
      br += sizes[f]?.br ?? 0;
    }
    const own = [...files].some((f) => f.startsWith("w/"));
    out(`| ${name} | ${own ? "its own" : "full"} | ${files.size} | ${kb(gz)} | ${kb(br)} |`);
  }

  // Issue #14's throttled profile: 4× CPU slowdown and "Fast 3G" (1.6 Mbps down, 150 ms RTT),
  // set through the DevTools protocol; p50 of 5 cold loads to the first widget's first event.
  part = "cold";
  out("");
  out("## Cold start, throttled (4× CPU, 1.6 Mbps, 150 ms RTT; p50 of 5 runs, ms)");
  out("");
  out("| page | served | first widget interactive p50 | worst |");
  out("| --- | --- | --- | --- |");
  const packedServer = PARTS.has("cold") && (await serve({ mounts: [{ prefix: "/course/locks/", dir: dist }, { prefix: "/", dir: authorDir }], compress: true }));
  for (const [label, served, url] of !packedServer ? [] : [
    ["lesson page", "uncompressed", `${env.origin}/course/locks/`],
    ["lesson page", "brotli", `${packedServer.origin}/course/locks/`],
    ["one widget on an author page (TTL trade-off)", "uncompressed", `${authorServer.origin}/ttl-tradeoff.html`],
    ["one widget on an author page (TTL trade-off)", "brotli", `${packedServer.origin}/ttl-tradeoff.html`],
  ]) {
    const times = [];
    for (let i = 0; i < 5; i++) {
      const { page, context } = await openPage(env.browser, null);
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.addInitScript(() => {
        document.addEventListener("locklab:change", () => (window.__firstChange ??= performance.now()), { once: true });
      });
      await page.goto(url);
      await page.waitForFunction(() => window.__firstChange !== undefined, null, { timeout: 60_000 });
      times.push(await page.evaluate(() => window.__firstChange));
      await context.close();
    }
    out(`| ${label} | ${served} | ${f1(pct(times, 50))} | ${f1(Math.max(...times))} |`);
  }
  if (packedServer) await packedServer.close();
  await authorServer.close();
  fs.rmSync(authorDir, { recursive: true, force: true });
} finally {
  await env.stop();
}
if (process.env.BENCH_OUT) fs.writeFileSync(process.env.BENCH_OUT, lines.join("\n") + "\n");
