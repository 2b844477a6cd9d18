// Issue #39: locklab without building it. The npm package (web/npm/pack.mjs, from the dist/ these
// tests test) holds exactly dist/'s files; the release archive and its SHA256SUMS check out; a
// page on another origin loads it from a CDN-like origin (the unpacked package at
// /npm/locklab@<v>/ with Access-Control-Allow-Origin: *, as jsDelivr serves it) under the author's
// strict CSP with SRI, and refuses a wrong integrity or a changed wasm, saying why; and a fresh
// Vite project installs the tarball offline, imports it, builds, and its two widgets work.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { execFileSync, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";
import { start, openPage, waitForChange, dist, root, artifacts } from "./helpers.mjs";
import { serve } from "../server.mjs";

const assets = JSON.parse(fs.readFileSync(path.join(dist, "assets.json"), "utf8"));
const version = assets.version;
const released = path.join(root, "target", "release-files");
const tgz = path.join(released, `locklab-${version}.tgz`);
const zip = path.join(released, `locklab-${version}.zip`);
const sha = (algo, buf) => crypto.createHash(algo).update(buf).digest(algo === "sha256" ? "hex" : "base64");
function list(dir, rel = "") {
  return fs
    .readdirSync(path.join(dir, rel), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? list(dir, path.posix.join(rel, e.name)) : [path.posix.join(rel, e.name)]))
    .sort();
}

const CDN_HEADERS = { "access-control-allow-origin": "*", "cache-control": "public, max-age=31536000, immutable" };
let env, work, unpacked;
before(async () => {
  if (!fs.existsSync(tgz)) throw new Error(`${tgz} is missing: node web/npm/pack.mjs dist target/release-files (bash .ci/run does)`);
  env = await start();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "locklab-packages-"));
  execFileSync("tar", ["-xzf", tgz, "-C", work]);
  unpacked = path.join(work, "package");
});
after(async () => {
  await env?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

test("the package is dist/ file for file, with the fields CDNs, bundlers and editors read", () => {
  const inPackage = list(unpacked).filter((f) => !["package.json", "README.md", "LICENSE"].includes(f));
  assert.deepEqual(inPackage, list(dist));
  for (const f of inPackage) assert.equal(sha("sha256", fs.readFileSync(path.join(unpacked, f))), sha("sha256", fs.readFileSync(path.join(dist, f))), f);
  const pkg = JSON.parse(fs.readFileSync(path.join(unpacked, "package.json"), "utf8"));
  assert.equal(pkg.name, "locklab");
  assert.equal(pkg.version, version);
  assert.equal(pkg.type, "module");
  assert.equal(pkg.jsdelivr, "locklab.js");
  assert.equal(pkg.unpkg, "locklab.js");
  assert.equal(pkg.customElements, "custom-elements.json");
  assert.equal(pkg.types, "./locklab.d.ts");
  assert.equal(pkg.license, "MIT");
  assert.ok(pkg.repository?.url && pkg.keywords.includes("web-component"));
  assert.equal(pkg.exports["."].default, "./locklab.js");
  for (const key of ["./embed.html", "./decks/*", "./challenges/*", "./lab/*", "./package.json"]) assert.ok(pkg.exports[key], key);
  // What the lab measured, one recorded file per widget it replays (locklab-lab check --record).
  const records = fs.readdirSync(path.join(unpacked, "lab")).filter((f) => f.endsWith(".json"));
  assert.equal(records.length, 10, records.join(" "));
  assert.equal(JSON.parse(fs.readFileSync(path.join(unpacked, "lab", "redlock.json"), "utf8")).widget, "redlock");
  // Every export names files that are there.
  for (const [key, target] of Object.entries(pkg.exports)) {
    const file = (typeof target === "string" ? target : target.default).replace(/^\.\//, "").replace(/\*$/, "");
    assert.ok(fs.existsSync(path.join(unpacked, file)), `${key} → ${file}`);
  }
  // Every one-widget bundle this build made is inside.
  for (const [glue, wasm] of Object.values(assets.one)) assert.ok(fs.existsSync(path.join(unpacked, glue)) && fs.existsSync(path.join(unpacked, wasm)), glue);
  // The manifest and types, generated from the registry.
  const cem = JSON.parse(fs.readFileSync(path.join(unpacked, "custom-elements.json"), "utf8"));
  assert.equal(cem.modules[0].declarations[0].tagName, "locklab-widget");
  assert.match(fs.readFileSync(path.join(unpacked, "locklab.d.ts"), "utf8"), /"locklab-widget": LocklabWidget;/);
  // The README's CDN snippet is pinned to this version, with the loader's integrity.
  const readme = fs.readFileSync(path.join(unpacked, "README.md"), "utf8");
  assert.ok(readme.includes(`locklab@${version}/locklab.js`) && readme.includes(assets.integrity));
  assert.equal(assets.integrity, `sha384-${sha("sha384", fs.readFileSync(path.join(dist, "locklab.js")))}`);
});

test("the release archive holds dist/ with SHA256SUMS, and the outer SHA256SUMS match", async () => {
  const require = createRequire(import.meta.url);
  const { unzipSync } = require(path.join(root, ".ci/tools/node_modules/fflate"));
  const files = unzipSync(fs.readFileSync(zip));
  const prefix = `locklab-${version}/`;
  const names = Object.keys(files).map((n) => n.slice(prefix.length)).filter((n) => n !== "SHA256SUMS").sort();
  assert.deepEqual(names, list(dist));
  const sums = new TextDecoder().decode(files[`${prefix}SHA256SUMS`]).trim().split("\n");
  assert.equal(sums.length, names.length);
  for (const line of sums) {
    const [hash, name] = line.split(/\s+/);
    assert.equal(hash, sha("sha256", files[prefix + name]), name);
    assert.equal(hash, sha("sha256", fs.readFileSync(path.join(dist, name))), name);
  }
  const outer = fs.readFileSync(path.join(released, "SHA256SUMS"), "utf8").trim().split("\n");
  for (const line of outer) {
    const [hash, name] = line.split(/\s+/);
    assert.equal(hash, sha("sha256", fs.readFileSync(path.join(released, name))), name);
  }
  assert.deepEqual(outer.map((l) => l.split(/\s+/)[1]).sort(), [path.basename(tgz), path.basename(zip), `locklab-hugo-${version}.zip`].sort());
});

// An author's page on one origin, the package on a CDN-like other origin.
const TTL_ELEMENT = `<locklab-widget id="w" name="ttl-tradeoff" ttl-s="20"><p id="fallback">The TTL trade-off could not load from the CDN (JavaScript off, the CDN blocked, or a file that failed its integrity check).</p></locklab-widget>`;
async function cdnPage({ integrity = assets.integrity, wasmBody = null, name = "cdn", body = TTL_ELEMENT } = {}) {
  const cdnDir = wasmBody ? fs.mkdtempSync(path.join(work, "cdn-")) : unpacked;
  if (wasmBody) {
    fs.cpSync(unpacked, cdnDir, { recursive: true });
    for (const [, wasm] of [[null, assets.wasm], ...Object.values(assets.one)]) {
      const file = path.join(cdnDir, wasm);
      const body = fs.readFileSync(file);
      body[body.length - 1] ^= 1; // one bit of the last byte (a custom section's: still valid wasm)
      fs.writeFileSync(file, body);
    }
  }
  // As jsDelivr answers for a pinned version: CORS for everyone, cached for good.
  const cdn = await serve({ mounts: [{ prefix: `/npm/locklab@${version}/`, dir: cdnDir }], headers: CDN_HEADERS });
  const at = `${cdn.origin}/npm/locklab@${version}/`;
  const csp = `default-src 'self'; script-src 'self' ${cdn.origin} 'wasm-unsafe-eval'; style-src 'self' ${cdn.origin}; connect-src 'self' ${cdn.origin}`;
  const authorDir = fs.mkdtempSync(path.join(work, "author-"));
  fs.writeFileSync(
    path.join(authorDir, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>My course</title>
<script type="module" src="${at}locklab.js" integrity="${integrity}" crossorigin="anonymous"></script></head>
<body><h1>My course</h1>${body}</body></html>`,
  );
  // Another port: another origin than the CDN's.
  const author = await serve({ mounts: [{ prefix: "/", dir: authorDir }], headers: { "content-security-policy": csp } });
  const authorUrl = `${author.origin}/`;
  const opened = await openPage(env.browser, null);
  const requests = [];
  opened.page.on("request", (r) => requests.push(r.url()));
  await opened.page.goto(authorUrl);
  return { ...opened, at, requests, close: async () => (await cdn.close(), await author.close()) };
}

test("from a CDN-like origin, under the author's strict CSP, with SRI: it mounts, and fetches only its own version's files once", async () => {
  const { page, problems, at, requests, close } = await cdnPage();
  try {
    const d = await waitForChange(page, (d, id) => id === "w");
    assert.equal(d.params["ttl-s"], 20);
    await page.locator("#w").locator('input[name="ttl-s"]').focus();
    await page.keyboard.press("ArrowLeft");
    await waitForChange(page, (d, id) => id === "w" && d.params["ttl-s"] < 20);
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    const fromCdn = requests.filter((u) => !u.startsWith(page.url()));
    assert.ok(fromCdn.length >= 3, fromCdn.join("\n"));
    assert.ok(fromCdn.every((u) => u.startsWith(at)), `only this version's files:\n${fromCdn.join("\n")}`);
    assert.equal(new Set(fromCdn).size, fromCdn.length, `each once:\n${fromCdn.join("\n")}`);
    assert.deepEqual(problems, []);
    await page.locator("#w").screenshot({ path: path.join(artifacts, "cdn-element.png") });
  } finally {
    await close();
  }
});

test("from the CDN-like origin, a widget in Spanish fetches its language from the same version once, under the strict CSP", async () => {
  const { page, problems, at, requests, close } = await cdnPage({ name: "cdn-es", body: '<locklab-widget id="w" name="ttl-tradeoff" locale="es"></locklab-widget>' });
  try {
    await waitForChange(page, (d, id) => id === "w");
    assert.match(await page.locator("#w .ll-narrative").textContent(), /^Con un TTL de 10 s/);
    assert.deepEqual(requests.filter((u) => u.endsWith(".ftl")), [`${at}locales/es.ftl`]);
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("from the CDN-like origin, a built-in prediction: asked, answered by keyboard, and heard by the author's page", async () => {
  const { page, problems, at, requests, close } = await cdnPage({ body: `<locklab-widget id="p" name="counter-race" predict="builtin:with-the-lock"></locklab-widget>` });
  try {
    await page.evaluate(() => {
      window.__heard = [];
      document.addEventListener("locklab:predict", (e) => window.__heard.push(e.detail));
    });
    const field = page.locator("#p").getByRole("spinbutton");
    await field.waitFor();
    assert.deepEqual(await page.evaluate(() => window.__events.map((e) => e.type)), [], "nothing of the run before the answer");
    await field.focus();
    await page.keyboard.type("1000");
    await page.keyboard.press("Enter");
    const change = await waitForChange(page, (d, id) => id === "p");
    await page.waitForFunction(() => window.__heard.length === 1);
    const heard = await page.evaluate(() => window.__heard[0]);
    assert.deepEqual([heard.widget, heard.prediction, heard.answer, heard.correct, heard.actual], ["counter-race", "with-the-lock", 1000, true, change.result.final]);
    assert.deepEqual(await page.evaluate(() => window.__violations), [], "no CSP violation");
    const fromCdn = requests.filter((u) => !u.startsWith(page.url()));
    assert.ok(fromCdn.every((u) => u.startsWith(at)), `only this version's files:\n${fromCdn.join("\n")}`);
    assert.equal(new Set(fromCdn).size, fromCdn.length, `each once:\n${fromCdn.join("\n")}`);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("a wrong integrity: the browser refuses the loader and the element's own text says why", async () => {
  const wrong = `sha384-${sha("sha384", Buffer.from("not the loader"))}`;
  const { page, problems, close } = await cdnPage({ integrity: wrong });
  try {
    await page.waitForFunction(() => window.__events !== undefined);
    await page.waitForTimeout(500);
    assert.equal(await page.locator("#w").evaluate((el) => el.hasAttribute("data-locklab-mounted")), false);
    assert.ok(await page.locator("#fallback").isVisible());
    assert.match(await page.locator("#fallback").textContent(), /integrity/);
    assert.ok(problems.some((p) => /integrity/i.test(p)), problems.join("\n"));
  } finally {
    await close();
  }
});

test("a changed wasm behind the right loader: refused by the loader's own check, and the widget says why", async () => {
  const { page, problems, close } = await cdnPage({ wasmBody: true });
  try {
    await page.locator("#w [role=alert]").waitFor({ timeout: 15_000 });
    const text = await page.locator("#w [role=alert]").textContent();
    assert.match(text, new RegExp(`not the file locklab ${version.replaceAll(".", "\\.")} was released with`));
    assert.ok(problems.some((p) => /integrity|digest/i.test(p)), problems.join("\n"));
  } finally {
    await close();
  }
});

test("a fresh Vite project: npm install of the tarball (offline), import 'locklab', vite build and the dev server; both widgets work", async () => {
  const app = path.join(work, "vite-app");
  fs.mkdirSync(app);
  for (const f of ["package.json", "package-lock.json", "index.html", "main.js"]) fs.copyFileSync(path.join(root, "tests/apps/vite", f), path.join(app, f));
  const npm = (...args) => execFileSync("npm", [...args, "--offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: app, encoding: "utf8", env: { ...process.env, npm_config_update_notifier: "false" } });
  npm("ci");
  npm("install", tgz);
  const pkg = JSON.parse(fs.readFileSync(path.join(app, "package.json"), "utf8"));
  assert.match(pkg.dependencies.locklab, /locklab-.*\.tgz$/);
  const log = execFileSync(path.join(app, "node_modules/.bin/vite"), ["build", "--logLevel", "warn"], { cwd: app, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const built = path.join(app, "dist");
  const files = list(built);
  // The bundler copied the wasm files (the loader's literal new URL(…, import.meta.url)).
  assert.ok(files.some((f) => f.endsWith(".wasm")), files.join("\n"));
  // Served as Vite's guide says to host its output: the hashed assets cached for good.
  const requests = [];
  const site = await serve({ mounts: [{ prefix: "/", dir: built, headers: { "cache-control": "public, max-age=31536000, immutable" } }], log: requests });
  try {
    const { page, problems, context } = await openPage(env.browser, null);
    await page.goto(`${site.origin}/`);
    const ttl = await waitForChange(page, (d, id) => id === "ttl");
    const race = await waitForChange(page, (d, id) => id === "race");
    assert.equal(ttl.params["ttl-s"], 20);
    assert.equal(race.params.workers, 4);
    assert.equal(await page.evaluate(() => window.__version), version);
    // The author's own listener got them too.
    await waitForChange(page, (d, id) => id === "es");
    assert.deepEqual([...new Set(await page.evaluate(() => window.__seen.map((s) => s.id)))].sort(), ["es", "race", "ttl"]);
    await page.locator("#race").locator('input[name="workers"]').focus();
    await page.keyboard.press("ArrowRight");
    await waitForChange(page, (d, id) => id === "race" && d.params.workers === 5);
    // The Spanish widget: its language file went through the bundler like the wasm (a hashed
    // asset), was fetched once, and the widget speaks it.
    await waitForChange(page, (d, id) => id === "es");
    assert.match(await page.locator("#es .ll-narrative").textContent(), /^Un trabajador solo no puede competir con nadie/);
    assert.equal(requests.filter((r) => /\/assets\/es-[^/]*\.ftl$/.test(r)).length, 1, `the Spanish file, hashed by Vite, once:\n${requests.join("\n")}`);
    assert.equal(new Set(requests).size, requests.length, `every file once:\n${requests.join("\n")}`);
    assert.deepEqual(problems, [], `${problems.join("\n")}\nvite said: ${log}`);
    await page.screenshot({ path: path.join(artifacts, "vite-app.png"), fullPage: true });
    await context.close();
  } finally {
    await site.close();
  }
  // And Vite's dev server (its dependency pre-bundling moves the loader into .vite/deps/).
  const dev = spawn(path.join(app, "node_modules/.bin/vite"), ["--port", "0", "--strictPort=false", "--host", "127.0.0.1"], { cwd: app, stdio: ["ignore", "pipe", "pipe"] });
  try {
    const address = await new Promise((resolve, reject) => {
      let said = "";
      const timer = setTimeout(() => reject(new Error(`vite did not start: ${said}`)), 20_000);
      dev.stdout.on("data", (d) => {
        said += d;
        const m = said.replace(/\x1b\[[0-9;]*m/g, "").match(/http:\/\/127\.0\.0\.1:\d+\//);
        if (m) (clearTimeout(timer), resolve(m[0]));
      });
      dev.on("exit", (code) => reject(new Error(`vite exited ${code}: ${said}`)));
    });
    const { page, problems, context } = await openPage(env.browser, address);
    await waitForChange(page, (d, id) => id === "ttl" && d.params["ttl-s"] === 20, 30_000);
    await waitForChange(page, (d, id) => id === "race" && d.params.workers === 4, 30_000);
    await waitForChange(page, (d, id) => id === "es", 30_000);
    assert.match(await page.locator("#es .ll-narrative").textContent(), /^Un trabajador solo/);
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    dev.kill();
  }
});

test("a Docusaurus 3 site (React 19): an MDX page with two widgets from the CDN, and a React component that sets params as a property and hears locklab:change", async () => {
  const cdn = await serve({ mounts: [{ prefix: `/npm/locklab@${version}/`, dir: unpacked }], headers: CDN_HEADERS });
  // Built where it stands, with its packages as .ci/setup installed them from its lock file (npm
  // ci, 1,280 of them), into a folder of this test's.
  const app = path.join(root, "tests/apps/docusaurus");
  const built = path.join(work, "docusaurus-build");
  const src = `${cdn.origin}/npm/locklab@${version}/locklab.js`;
  execFileSync(path.join(app, "node_modules/.bin/docusaurus"), ["build", "--no-minify", "--out-dir", built], {
    cwd: app,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, LOCKLAB_SRC: src, LOCKLAB_INTEGRITY: assets.integrity, DOCUSAURUS_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  const html = fs.readFileSync(path.join(built, "index.html"), "utf8");
  assert.ok(html.includes(`src="${src}"`) && html.includes(`integrity="${assets.integrity}"`), "the pinned loader with its integrity in the page's head");
  const site = await serve({ mounts: [{ prefix: "/", dir: built }] });
  try {
    const { page, problems } = await openPage(env.browser, `${site.origin}/`);
    const ttl = await waitForChange(page, (d, id) => id === "mdx-ttl");
    const race = await waitForChange(page, (d, id) => id === "mdx-race");
    assert.equal(ttl.params["ttl-s"], 20);
    assert.equal(race.params.workers, 4);
    // The component set `params` as a property (from an effect: React 19's hydration would skip it).
    const fromReact = await waitForChange(page, (d, id) => id === "react-ttl" && d.params["ttl-s"] === 30);
    await page.waitForFunction((v) => document.getElementById("reading").textContent.includes(v.toFixed(3)), fromReact.result.unsafePerDay);
    await page.click("#longer");
    const longer = await waitForChange(page, (d, id) => id === "react-ttl" && d.params["ttl-s"] === 40);
    await page.waitForFunction((v) => document.getElementById("reading").textContent.includes(`TTL 40 s: ${v.toFixed(3)}`), longer.result.unsafePerDay);
    assert.equal(await page.locator("#react-ttl").locator(".ll-notice").count(), 0, "no notice: nothing unknown reached the widget");
    assert.deepEqual(problems, []);
    await page.screenshot({ path: path.join(artifacts, "docusaurus-page.png"), fullPage: true });
  } finally {
    await site.close();
    await cdn.close();
  }
});
