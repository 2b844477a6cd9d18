// Issue #44 item 4: MyST (Jupyter Book 2). A book as an author makes one, built with the real
// mystmd (tests/apps/myst, as .ci/setup installed it): locklab's plugin (dist/locklab-myst.mjs,
// one downloaded file) with its {locklab} directive, checked against the registry at build time
// (a bad value is an error at its file and line, and `myst build --strict` stops), and MyST's own
// {anywidget} directive with locklab's module. mystmd's HTML theme is a download from
// api.mystmd.org this machine cannot make, so the pages are what `myst build --site` writes
// (content/<page>.json), their anywidget nodes drawn in Chromium by MyST's own renderer
// (@myst-theme/anywidget's AnyWidgetRenderer, React, in tests/apps/myst/host, built by the real
// Vite): a shadow root, MyST's model, which cannot save or send, and the module from the CDN.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync, spawn } from "node:child_process";
import { start, openPage, waitForChange, dist, root, artifacts } from "./helpers.mjs";
import { serve } from "../server.mjs";
import { validate } from "../../web/myst/validate.mjs";

const assets = JSON.parse(fs.readFileSync(path.join(dist, "assets.json"), "utf8"));
const version = assets.version;
const registry = JSON.parse(fs.readFileSync(path.join(root, "integrations/hugo/data/locklab/registry.json"), "utf8"));
const app = path.join(root, "tests/apps/myst");
const myst = path.join(app, "node_modules/.bin/myst");
const CDN_HEADERS = { "access-control-allow-origin": "*", "cache-control": "public, max-age=31536000, immutable" };

let env, work, cdn, base;
before(async () => {
  if (!fs.existsSync(myst)) throw new Error(`${myst} is missing: bash .ci/setup installs tests/apps/myst`);
  env = await start();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "locklab-myst-"));
  // dist/ as jsDelivr serves the package (the package is dist/ file for file: packages.test.mjs).
  cdn = await serve({ mounts: [{ prefix: `/npm/locklab@${version}/`, dir: dist }], headers: CDN_HEADERS });
  base = `${cdn.origin}/npm/locklab@${version}/`;
});
after(async () => {
  await env?.stop();
  await cdn?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

// A MyST project in `dir`: myst.yml with locklab's plugin, and `pages` (name → markdown). Its site
// template is a local folder with only a template.yml (an author's is `book-theme`, which mystmd
// downloads, and fails here: the build's status would be that failure's).
function book(dir, pages) {
  fs.mkdirSync(path.join(dir, "theme"), { recursive: true });
  fs.copyFileSync(path.join(dist, "locklab-myst.mjs"), path.join(dir, "locklab-myst.mjs"));
  fs.writeFileSync(path.join(dir, "theme/template.yml"), "myst: v1\nkind: site\ntitle: Local\n");
  fs.writeFileSync(path.join(dir, "myst.yml"), "version: 1\nproject:\n  title: Locks\n  plugins:\n    - locklab-myst.mjs\nsite:\n  template: ./theme\n");
  for (const [name, text] of Object.entries(pages)) fs.writeFileSync(path.join(dir, name), text);
}

// `myst build --site` (and its other arguments) in `dir`: its status and what it printed. (Not
// spawnSync: mystmd fetches the module from the CDN this process serves.)
function build(dir, args = [], extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(myst, ["build", "--site", ...args], { cwd: dir, env: { ...process.env, ...extraEnv, NO_COLOR: "1", HOME: work } });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 180_000);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, out });
    });
  });
}

// The anywidget nodes of a built page, in order.
function anywidgets(dir, page = "index") {
  const json = JSON.parse(fs.readFileSync(path.join(dir, "_build/site/content", `${page}.json`), "utf8"));
  const found = [];
  (function walk(n) {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === "object") {
      if (n.type === "anywidget") found.push(n);
      Object.values(n).forEach(walk);
    }
  })(json.mdast);
  return found;
}

test("the plugin's checks are the Python package's: every shared validation case", () => {
  const out = execFileSync(process.execPath, [path.join(root, "web/myst/validate-check.mjs")], { encoding: "utf8" });
  assert.match(out, /\b(\d+) cases, 0 failed/);
  // And the file an author downloads carries the same registry as this build.
  const text = fs.readFileSync(path.join(dist, "locklab-myst.mjs"), "utf8");
  assert.ok(text.startsWith(`// locklab ${version}: the MyST plugin`));
  assert.ok(text.includes(JSON.stringify(registry)), "the registry inside is the build's");
});

test("a bad {locklab} value is an error at its file and line, with the adapters' message, and the build fails", async () => {
  const dir = path.join(work, "bad");
  book(dir, {
    "index.md": "# Bad\n\nSome text.\n\n```{locklab} ttl-tradeoff\n:ttl-s: 500\n```\n\n```{locklab} ttl-tradof\n```\n\n```{locklab} counter-race\n:workers: 4\n:workerz: 3\n```\n",
  });
  const { status, out } = await build(dir);
  assert.equal(status, 1, out);
  // The messages are the validator's (the same cases as Python's and Hugo's), at the option's line.
  const expect = (pairs, widget) => {
    try {
      validate(registry, widget, pairs);
    } catch (error) {
      return error.message;
    }
    throw new Error(`${widget} ${JSON.stringify(pairs)} was accepted`);
  };
  assert.ok(out.includes(`index.md:6 ${expect([["ttl-s", "500"]], "ttl-tradeoff")}`), out);
  assert.ok(out.includes(`index.md:9 ${expect([], "ttl-tradof")}`), out);
  assert.ok(out.includes(`index.md:14 ${expect([["workers", "4"], ["workerz", "3"]], "counter-race")}`), out);
  assert.match(out, /Did you mean “workers”\?/);
  // The page is written all the same, and says which widget is not shown and why.
  const page = fs.readFileSync(path.join(dir, "_build/site/content/index.json"), "utf8");
  assert.equal(anywidgets(dir).length, 0, "no widget for a bad directive");
  assert.ok(page.includes("This locklab widget is not shown") && page.includes("is above the maximum"), "the reason is on the page");
});

test("a MyST book: {locklab} and {anywidget} widgets drawn by MyST's renderer, at their parameters, moved by keyboard", async () => {
  const dir = path.join(work, "book");
  book(dir, {
    "index.md": [
      "# Leases",
      "",
      "A lease that outlives a pause is the story here.",
      "",
      "```{locklab} ttl-tradeoff",
      ":ttl-s: 10",
      "```",
      "",
      "The same module through MyST's own directive:",
      "",
      `\`\`\`{anywidget} ${base}anywidget.js`,
      // (An author's needs no base: the module's default is jsDelivr at its version. Here the
      // page must load the one copy of locklab the {locklab} directive's widgets load.)
      `{"name": "counter-race", "attrs": {"workers": 4}, "base": "${base}"}`,
      "```",
      "",
    ].join("\n"),
  });
  // Pages load locklab from the CDN (LOCKLAB_BASE stands for jsDelivr: the default is
  // https://cdn.jsdelivr.net/npm/locklab@<version>/).
  const { status, out } = await build(dir, [], { LOCKLAB_BASE: base });
  assert.equal(status, 0, out);
  assert.ok(!/⛔️|⚠️/.test(out), out);
  const nodes = anywidgets(dir);
  assert.equal(nodes.length, 2);
  assert.deepEqual(nodes[0].model, { name: "ttl-tradeoff", attrs: { "ttl-s": "10" }, base });
  assert.deepEqual(nodes[1].model, { name: "counter-race", attrs: { workers: 4 }, base });
  // mystmd saves a module it can reach into the site (so the page does not depend on the CDN for
  // it); either way the module's address is one the page can load.
  for (const n of nodes) assert.ok(n.esm.startsWith("/") || n.esm === `${base}anywidget.js`, n.esm);
  console.log(`mystmd wrote the modules' addresses as ${nodes.map((n) => n.esm).join(", ")}`);

  // The page: MyST's renderer over the built content.
  const site = path.join(work, "site");
  execFileSync(path.join(app, "node_modules/.bin/vite"), ["build", "host", "--base", "./", "--outDir", site, "--emptyOutDir", "--logLevel", "warn"], { cwd: app, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  fs.cpSync(path.join(dir, "_build/site/content"), path.join(site, "content"), { recursive: true });
  if (fs.existsSync(path.join(dir, "_build/site/public"))) fs.cpSync(path.join(dir, "_build/site/public"), site, { recursive: true });
  const server = await serve({ mounts: [{ prefix: "/", dir: site }] });
  try {
    for (const viewport of [{ width: 1280, height: 900 }, { width: 360, height: 800 }]) {
      const { page, problems, context } = await openPage(env.browser, null, { viewport });
      await page.goto(`${server.origin}/`);
      const ttl = await waitForChange(page, (d) => d.widget === "ttl-tradeoff", 30_000);
      assert.equal(ttl.params["ttl-s"], 10);
      const race = await waitForChange(page, (d) => d.widget === "counter-race", 30_000);
      assert.equal(race.params.workers, 4);
      // Inside MyST's shadow root, the widget's own.
      const mounted = await page.evaluate(() => [...document.querySelectorAll("[data-anywidget] .myst-anywidget")].map((el) => el.shadowRoot?.querySelector("locklab-widget")?.getAttribute("name")));
      assert.deepEqual(mounted, ["ttl-tradeoff", "counter-race"]);
      // One copy of locklab for the page: no widget shows a notice.
      const notices = await page.evaluate(() => [...document.querySelectorAll("[data-anywidget] .myst-anywidget")].map((el) => el.shadowRoot?.querySelector("locklab-widget")?.shadowRoot?.querySelector(".ll-notice")?.textContent ?? null));
      assert.deepEqual(notices, [null, null]);
      // A learner's keyboard move: the widget reports it, and MyST's model (which cannot save or
      // send: there is no kernel) takes it without an error.
      const slider = page.locator('[data-anywidget] locklab-widget input[type="range"]').first();
      await slider.focus();
      await page.keyboard.press("ArrowRight");
      const moved = await waitForChange(page, (d) => d.widget === "ttl-tradeoff" && d.params["ttl-s"] > 10, 10_000);
      assert.ok(moved.result && typeof moved.result === "object");
      assert.deepEqual(problems, []);
      await page.screenshot({ path: path.join(artifacts, `myst-page-${viewport.width}.png`), fullPage: true });
      await context.close();
    }
  } finally {
    await server.close();
  }
});
