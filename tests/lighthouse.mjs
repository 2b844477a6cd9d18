// Lighthouse on the lesson page, mobile and desktop presets, printed as a table (never fails on
// a score). dist/ is served the way the README tells hosts to: compressed (brotli or gzip, as the
// browser asks), hashed files cached for a year, the rest revalidated. Run by .ci/bench.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { execFile } from "node:child_process";
import { promisify } from "node:util";

// Asynchronous: the server below runs in this same process and must keep answering.
const run = promisify(execFile);
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, "..", "dist");
const bin = path.resolve(here, "..", ".ci", "lighthouse", "node_modules", ".bin", "lighthouse");
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".json": "application/json", ".svg": "image/svg+xml", ".png": "image/png" };

// Each file is compressed once, before Lighthouse starts, as a host or CDN serves precompressed
// files: compressing the 1 MB wasm on request would block this process's server for a second and
// show up in Lighthouse as server response time.
const packed = new Map();
const pack = (file, how) => {
  const key = `${how}:${file}`;
  if (!packed.has(key)) {
    const body = fs.readFileSync(file);
    packed.set(key, how === "br" ? zlib.brotliCompressSync(body) : zlib.gzipSync(body));
  }
  return packed.get(key);
};
for (const name of fs.readdirSync(dist, { recursive: true })) {
  const file = path.join(dist, name);
  if (fs.statSync(file).isFile()) pack(file, "br");
}

const server = http.createServer((req, res) => {
  let rel = decodeURIComponent(new URL(`http://x${req.url}`).pathname).replace(/^\/+/, "");
  if (rel === "" || rel.endsWith("/")) rel += "index.html";
  const file = path.resolve(dist, rel);
  if (!file.startsWith(dist + path.sep) || !fs.existsSync(file)) {
    res.writeHead(404);
    return res.end();
  }
  let body = fs.readFileSync(file);
  const hashed = /-[0-9a-f]{16}(_bg)?\.(js|css|wasm|svg)$/.test(file);
  const headers = {
    "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
    "cache-control": hashed ? "public, max-age=31536000, immutable" : "no-cache",
    vary: "accept-encoding",
  };
  const accept = String(req.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accept)) {
    body = pack(file, "br");
    headers["content-encoding"] = "br";
  } else if (/\bgzip\b/.test(accept)) {
    body = pack(file, "gzip");
    headers["content-encoding"] = "gzip";
  }
  res.writeHead(200, headers);
  res.end(body);
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const url = `http://127.0.0.1:${server.address().port}/`;

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
  server.close();
}
