// Lighthouse on the lesson page, mobile and desktop presets, printed as a table (never fails on
// a score). dist/ is served the way the README tells hosts to: compressed (brotli or gzip, as the
// browser asks), hashed files cached for a year, the rest revalidated. Run by .ci/bench.
import fs from "node:fs";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { serve } from "./server.mjs";

// Asynchronous: the server below runs in this same process and must keep answering.
const run = promisify(execFile);

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, "..", "dist");
const bin = path.resolve(here, "..", ".ci", "lighthouse", "node_modules", ".bin", "lighthouse");

// Compressed, precompressed and with the README's cache headers (see `hosted` in server.mjs): the
// hosting audits measure the project, not the test server.
const server = await serve({ mounts: [{ prefix: "/", dir: dist }], hosted: true });
const url = `${server.origin}/`;

const flags = "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";
console.log("## Lighthouse on the lesson page (served compressed, with cache headers)");
console.log("");
console.log("| preset | performance | accessibility | best practices | SEO | CLS | TBT (ms) | TTI (s) | LCP (s) |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
try {
  for (const preset of ["mobile", "desktop"]) {
    const args = [url, "--quiet", "--output=json", `--chrome-flags=${flags}`, "--only-categories=performance,accessibility,best-practices,seo"];
    if (preset === "desktop") args.push("--preset=desktop");
    let out;
    try {
      ({ stdout: out } = await run(bin, args, { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM ?? "/usr/bin/chromium" }, maxBuffer: 1 << 28, timeout: 300_000 }));
    } catch (e) {
      console.log(`| ${preset} | (lighthouse failed: ${String(e.message).split("\n")[0]}) | | | | | | | |`);
      continue;
    }
    const r = JSON.parse(out);
    if (process.env.LH_SAVE) fs.writeFileSync(path.join(process.env.LH_SAVE, `lighthouse-${preset}.json`), out);
    const score = (c) => Math.round((r.categories[c]?.score ?? 0) * 100);
    const a = (id) => r.audits[id]?.numericValue ?? NaN;
    console.log(
      `| ${preset} | ${score("performance")} | ${score("accessibility")} | ${score("best-practices")} | ${score("seo")} | ${a("cumulative-layout-shift").toFixed(3)} | ${Math.round(a("total-blocking-time"))} | ${(a("interactive") / 1000).toFixed(1)} | ${(a("largest-contentful-paint") / 1000).toFixed(1)} |`,
    );
  }
} finally {
  await server.close();
}
