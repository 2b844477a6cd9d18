// locklab in Jupyter: the `locklab` Python package (integrations/python), installed in .ci/venv
// beside JupyterLab, nbconvert and ipykernel (bash .ci/integrations sets it up). A notebook that
// shows two widgets is executed and exported to HTML by the real `jupyter nbconvert --execute`,
// then read in Chromium: each iframe's widget mounts with the notebook's parameters. A bad
// parameter raises ValueError saying what is wrong (in plain Python and in an executed notebook),
// preset steps and older names go into the address as embed.html reads them, and the package's
// own unit tests pass.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { chromium } from "playwright-core";
import { serve } from "../server.mjs";
import { root, dist, artifacts, openPage, waitForChange, CHROMIUM, venvEnv, notebookJson } from "./helpers.mjs";

const target = process.env.CARGO_TARGET_DIR ?? path.join(root, "target");
const work = path.join(target, "jupyter-test");
const venv = path.join(root, ".ci", "venv");
const bin = path.join(venv, "bin");
const source = path.join(root, "integrations", "python");
const SETUP = "run `bash .ci/integrations` (it makes .ci/venv with JupyterLab, nbconvert, ipykernel and this package), then run this test again";

// The kernel's "python" is found on PATH: the venv's must come first. Jupyter's and IPython's
// per-user folders are this test's own, so nothing of the user's (kernels, profiles) takes part.
const env = venvEnv(work);

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { env, encoding: "utf8", cwd: work, timeout: 180_000, ...options });
  if (r.error) throw r.error;
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}


function nbconvert(name, cells) {
  fs.writeFileSync(path.join(work, `${name}.ipynb`), notebookJson(cells));
  return run(path.join(bin, "jupyter"), ["nbconvert", "--execute", "--to", "html", "--ExecutePreprocessor.timeout=120", `${name}.ipynb`]);
}

let server, browser, base;
before(async () => {
  for (const tool of ["python", "jupyter"]) {
    if (!fs.existsSync(path.join(bin, tool))) throw new Error(`${path.join(bin, tool)} is missing: ${SETUP}`);
  }
  if (!fs.existsSync(path.join(dist, "embed.html"))) throw new Error("dist/embed.html is missing: run `trunk build --release` first (bash .ci/run does)");
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  // The installed package must be this checkout's (the unit tests below test the source itself).
  const where = run(path.join(bin, "python"), ["-c", "import locklab, os; print(os.path.dirname(locklab.__file__))"]);
  assert.equal(where.status, 0, `the venv has no locklab package: ${SETUP}\n${where.out}`);
  const installed = where.out.trim();
  for (const file of fs.readdirSync(path.join(source, "locklab"))) {
    if (!/\.(py|json)$/.test(file)) continue;
    const same = fs.existsSync(path.join(installed, file)) && fs.readFileSync(path.join(installed, file)).equals(fs.readFileSync(path.join(source, "locklab", file)));
    if (!same) throw new Error(`.ci/venv's locklab package is older than integrations/python (${file} differs): ${SETUP}`);
  }
  server = await serve({
    mounts: [
      { prefix: "/course/locks/", dir: dist },
      { prefix: "/notebooks/", dir: work },
    ],
  });
  base = `${server.origin}/course/locks/`;
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test("an executed notebook's HTML shows both widgets, each mounted in its iframe with the notebook's parameters", async () => {
  const r = nbconvert("lesson", [
    `import locklab\nlocklab.configure(base=${JSON.stringify(base)})`,
    `# Why locks expire\nlocklab.show("ttl-tradeoff", ttl_s=1.9)`,
    `locklab.show("counter-race", workers=3, lock=True, height=640)`,
  ]);
  assert.equal(r.status, 0, r.out);
  const html = fs.readFileSync(path.join(work, "lesson.html"), "utf8");
  // (nbconvert writes the outputs' HTML out again: attributes in its own order.)
  const frames = [...html.matchAll(/<iframe\b([^>]*)>/g)].map((m) => Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));
  assert.equal(frames.length, 2, html.slice(0, 2000));
  assert.deepEqual(
    frames.map((f) => [f.src, f.title, f.height, f.width, "data-locklab-frame" in f]),
    [
      [`${base}embed.html?widget=ttl-tradeoff&amp;ttl-s=1.9`, "TTL trade-off (locklab)", "700", "100%", true],
      [`${base}embed.html?widget=counter-race&amp;workers=3&amp;lock=true`, "Counter race (locklab)", "640", "100%", true],
    ],
  );

  const { page, context, problems } = await openPage(browser, null);
  // nbconvert's page asks CDNs for require.js and MathJax; this machine has no network.
  const outside = [];
  await page.route((url) => url.hostname !== "127.0.0.1", (route) => {
    outside.push(route.request().url());
    return route.abort();
  });
  await page.goto(`${server.origin}/notebooks/lesson.html`);
  const frameOf = async (widget) => {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await page.waitForTimeout(50)) {
      const f = page.frames().find((fr) => fr.url().includes(`widget=${widget}`));
      if (f) return f;
    }
    throw new Error(`no frame for ${widget}: ${page.frames().map((f) => f.url())}`);
  };
  const ttlFrame = await frameOf("ttl-tradeoff");
  const raceFrame = await frameOf("counter-race");
  // The frames are embed.html: their own locklab:change events carry the parameters used.
  const ttl = await waitForChange(ttlFrame, (d) => d.widget === "ttl-tradeoff", 20_000);
  assert.equal(ttl.params["ttl-s"], 1.9);
  const race = await waitForChange(raceFrame, (d) => d.widget === "counter-race", 20_000);
  assert.equal(race.params.workers, 3);
  assert.equal(race.params.lock, true);
  for (const f of [ttlFrame, raceFrame]) {
    await f.locator("[data-locklab][data-locklab-mounted]").waitFor({ state: "attached" });
    assert.equal(await f.locator(".ll-embed-notice").count(), 0, "embed.html has nothing to complain about");
  }
  // locklab-embed.js, beside each frame in the output, re-fires the frames' events on the iframe
  // elements and fits each frame to its widget (no scrolling inside).
  assert.equal((await waitForChange(page, (d) => d.widget === "counter-race", 10_000)).params.workers, 3);
  for (const [f, title] of [[ttlFrame, "TTL trade-off (locklab)"], [raceFrame, "Counter race (locklab)"]]) {
    const iframe = page.locator(`iframe[title="${title}"]`);
    const content = await f.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    await page.waitForFunction(([t, h]) => Math.abs(document.querySelector(`iframe[title="${t}"]`).getBoundingClientRect().height - h) <= 2, [title, content], { timeout: 10_000 });
    assert.ok((await iframe.boundingBox()).height > 400, title);
  }
  // The line an untrusted notebook's sanitizer would leave is there, hidden by the output's style.
  assert.equal(await page.locator(".locklab-untrusted").count(), 2);
  assert.deepEqual(await page.locator(".locklab-untrusted").evaluateAll((ps) => ps.map((p) => getComputedStyle(p).display)), ["none", "none"]);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(artifacts, "jupyter-page.png"), fullPage: true });
  // Only the CDN requests refused above failed (each also logs a console line without its
  // address); nothing of locklab's did.
  const rest = problems.filter((p) => !outside.some((u) => p.includes(u)));
  const aborted = rest.filter((p) => p === "console: Failed to load resource: net::ERR_FAILED");
  assert.ok(aborted.length <= outside.length, `${aborted.length} failed loads, ${outside.length} refused`);
  assert.deepEqual(rest.filter((p) => !aborted.includes(p)), []);
  await context.close();
});

test("a bad parameter raises ValueError naming it, the value and what it takes", () => {
  const py = (code) => run(path.join(bin, "python"), ["-c", code]);
  let r = py(`import locklab\nlocklab.show("ttl-tradeoff", base="https://example.org/locks/", ttl_s="banana")`);
  assert.equal(r.status, 1, r.out);
  assert.ok(r.out.includes("ValueError: locklab ttl-tradeoff: ttl-s=“banana” is not a number; ttl-s takes a number from 0.1 to 120 s."), r.out);
  r = py(`import locklab\nlocklab.show("ttl-tradeoff", base="https://example.org/locks/", ttl_sec=2)`);
  assert.ok(r.out.includes("ValueError: locklab ttl-tradeoff: unknown parameter “ttl-sec”. Did you mean “ttl-s” (ttl_s=)? Known: ttl-s, work-s,"), r.out);
  r = py(`import locklab\nlocklab.show("counter-race")`);
  assert.ok(r.out.includes('ValueError: locklab: where is locklab hosted? Say it once with locklab.configure(base="https://example.org/course/locks/")'), r.out);
  // The base also comes from the environment.
  r = run(path.join(bin, "python"), ["-c", `import locklab\nprint(locklab.embed_url("counter-race", workers=3))`], { env: { ...env, LOCKLAB_BASE: base } });
  assert.equal(r.out.trim(), `${base}embed.html?widget=counter-race&workers=3`);
  // In a notebook, the cell fails and nbconvert with it, with the same message.
  const nb = nbconvert("bad", [`import locklab\nlocklab.show("counter-race", base=${JSON.stringify(base)}, workers=50)`]);
  assert.notEqual(nb.status, 0);
  assert.match(nb.out.replace(/\x1b\[[0-9;]*m/g, ""), /ValueError: locklab counter-race: workers=“50” is above the maximum, 20; workers takes a whole number from 1 to 20\./);
});

test("preset steps, their captions, the step and older names go into the address, and embed.html reads them", async () => {
  const r = run(path.join(bin, "python"), [
    "-c",
    `import locklab\nlocklab.configure(base=${JSON.stringify(base)})\n` +
      `print(locklab.embed_url("ttl-tradeoff", layout="slide", steps="ttl-s=1 | ttl-s=10 | ttl-s=60", step_captions="Short | Default & co | Long", step=2))\n` +
      `print(locklab.embed_url("paused-holder", fencing=True))`,
  ]);
  assert.equal(r.status, 0, r.out);
  const [steps, older] = r.out.trim().split("\n");
  assert.equal(steps, `${base}embed.html?widget=ttl-tradeoff&layout=slide&steps=ttl-s%3D1%20%7C%20ttl-s%3D10%20%7C%20ttl-s%3D60&step-captions=Short%20%7C%20Default%20%26%20co%20%7C%20Long&step=2`);
  assert.equal(older, `${base}embed.html?widget=paused-holder&protection=fence-writes`);
  const { page, context, problems } = await openPage(browser, steps);
  const ttl = await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
  assert.equal(ttl.params["ttl-s"], 10, "opens at step 2");
  assert.equal(await page.locator(".ll-step-now").textContent(), "Step 2 of 3: Default & co");
  await page.goto(older);
  assert.equal((await waitForChange(page, (d) => d.widget === "paused-holder")).params.protection, "fence-writes");
  assert.equal(await page.locator(".ll-notice, .ll-embed-notice").count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the package's unit tests pass (URLs, frames and every validation rule)", () => {
  const r = run(path.join(bin, "python"), ["-m", "unittest", "discover", "-v", "-s", path.join(source, "tests")]);
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /\nOK\n/);
  const ran = Number(r.out.match(/Ran (\d+) tests?/)?.[1]);
  assert.ok(ran >= 10, r.out);
});
