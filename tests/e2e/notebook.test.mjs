// locklab.Widget, the anywidget, in the real JupyterLab 4 (.ci/venv, bash .ci/integrations) in
// headless Chromium. The package is installed from its wheel (built from this dist/ by
// integrations/python/wheel.py: .ci/run does it), which carries the widget's files: nothing is
// hosted but JupyterLab itself. A notebook makes a widget; it is drawn in the cell's output; a
// keyboard move on its slider reaches Python (a cell reads w.params and w.result); a cell that
// sets w.params moves the widget; a challenge it meets reaches w.on_event; a second view of the
// same widget follows the first; and the notebook, saved, closed with its kernel and opened again
// from disk (untrusted), shows the widget once its cell runs again. The same widget in the real
// marimo (`mo.ui.anywidget`, a served app): it mounts, and a keyboard move re-runs the cell that
// reads it in Python.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { chromium } from "playwright-core";
import { root, dist, artifacts, openPage, waitForChange, CHROMIUM, venvEnv, notebookJson } from "./helpers.mjs";

const target = process.env.CARGO_TARGET_DIR ?? path.join(root, "target");
const work = path.join(target, "notebook-test");
const venv = path.join(root, ".ci", "venv");
const bin = path.join(venv, "bin");
const version = JSON.parse(fs.readFileSync(path.join(dist, "assets.json"), "utf8")).version;
const wheel = path.join(target, "release-files", `locklab-${version}-py3-none-any.whl`);
const SETUP = "run `bash .ci/integrations` (JupyterLab, anywidget and marimo in .ci/venv) and build the wheel from dist/ with `python3 integrations/python/wheel.py dist target/release-files` (bash .ci/run does both)";
const TOKEN = "locklab-notebook-test";

const env = venvEnv(work);


// The cells, by index.
const MAKE = 0; // makes the widget and shows it
const READ = 1; // prints what Python sees
const SET = 2; // sets a parameter from Python
const AGAIN = 3; // shows the same widget a second time
const CELLS = [
  'import json\nimport locklab\nw = locklab.Widget("ttl-tradeoff", ttl_s=10, challenges="builtin")\nevents = []\nw.on_event(events.append)\nseen = []\nw.observe(lambda change: seen.append(change["new"].get("ttl-s")), "params")\nw',
  'print("PYTHON " + json.dumps({"params": w.params, "result": w.result, "events": events, "seen": seen}))',
  'w.params = {"ttl_s": 30}',
  "w",
];

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

let origin, browser;
const servers = []; // every server this file starts, stopped after it

// Starts a server (JupyterLab, marimo) and waits until `url` answers; returns the process.
async function startServer(cmd, args, url, what) {
  const child = spawn(cmd, args, { env, cwd: work, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (b) => (out += b));
  child.stderr.on("data", (b) => (out += b));
  servers.push(child);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const up = await fetch(url).then((r) => r.ok, () => false);
    if (up) return child;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${what} did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => {
    const t = setTimeout(() => {
      child.kill("SIGKILL");
      r();
    }, 10_000);
    child.on("exit", () => {
      clearTimeout(t);
      r();
    });
  });
}
before(async () => {
  for (const tool of ["python", "jupyter", "marimo"]) {
    if (!fs.existsSync(path.join(bin, tool))) throw new Error(`${path.join(bin, tool)} is missing: ${SETUP}`);
  }
  if (!fs.existsSync(wheel)) throw new Error(`${wheel} is missing: ${SETUP}`);
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  // The wheel, as an author installs it (its dependencies are .ci/venv's, pinned).
  const pip = spawnSync(path.join(bin, "python"), ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps", "--force-reinstall", wheel], { env, encoding: "utf8" });
  assert.equal(pip.status, 0, `installing ${wheel}: ${pip.stdout}${pip.stderr}`);
  const has = spawnSync(path.join(bin, "python"), ["-c", "import anywidget, locklab.live; print(anywidget.__version__)"], { env, encoding: "utf8" });
  assert.equal(has.status, 0, `.ci/venv cannot import locklab.Widget: ${SETUP}\n${has.stderr}`);
  fs.writeFileSync(path.join(work, "live.ipynb"), notebookJson(CELLS));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  await startServer(
    path.join(bin, "jupyter"),
    ["lab", "--no-browser", `--port=${port}`, "--ip=127.0.0.1", `--IdentityProvider.token=${TOKEN}`, `--ServerApp.root_dir=${work}`, "--LabApp.expose_app_in_browser=True", "--allow-root"],
    `${origin}/api/status?token=${TOKEN}`,
    "JupyterLab",
  );
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
});
after(async () => {
  await browser?.close();
  for (const child of servers) await stop(child);
});

// Opens the notebook in JupyterLab and waits for its kernel.
async function openNotebook(file = "live.ipynb") {
  const opened = await openPage(browser, `${origin}/lab/tree/${file}?reset&token=${TOKEN}`);
  const { page } = opened;
  await page.waitForFunction((f) => window.jupyterapp?.shell?.currentWidget?.sessionContext && window.jupyterapp.shell.currentWidget.context?.path === f, file, { timeout: 60_000 });
  await page.evaluate(async () => {
    const panel = window.jupyterapp.shell.currentWidget;
    await panel.context.ready;
    await panel.sessionContext.ready;
  });
  return opened;
}

// Runs cell `i` and waits for it to finish; returns its outputs (nbformat JSON).
async function runCell(page, i) {
  return page.evaluate(async (index) => {
    const app = window.jupyterapp;
    const panel = app.shell.currentWidget;
    panel.content.activeCellIndex = index;
    await app.commands.execute("notebook:run-cell");
    return panel.content.widgets[index].model.toJSON().outputs;
  }, i);
}

// What Python sees now (the READ cell), once `until` holds of it (the front end's changes reach
// the kernel a moment after they happen).
async function python(page, until = () => true, timeout = 15_000, cell = READ) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const outputs = await runCell(page, cell);
    const text = outputs.map((o) => (Array.isArray(o.text) ? o.text.join("") : (o.text ?? ""))).join("");
    const line = text.split("\n").find((l) => l.startsWith("PYTHON "));
    assert.ok(line, `the READ cell printed no state: ${JSON.stringify(outputs)}`);
    const seen = JSON.parse(line.slice(7));
    if (until(seen)) return seen;
    if (Date.now() > deadline) throw new Error(`Python never saw what was expected; last: ${line.slice(0, 600)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("locklab.Widget in JupyterLab: drawn in the output with nothing hosted, two-way with Python, and back after an untrusted reopen", async () => {
  const { page, context, problems } = await openNotebook();
  page.on("console", (m) => process.env.DEBUG_NB && console.log("CONSOLE", m.type(), m.text().slice(0, 400)));
  page.on("pageerror", (e) => process.env.DEBUG_NB && console.log("PAGEERROR", e.stack?.slice(0, 1500)));
  try {
    await runCell(page, MAKE);
    const output = page.locator(".jp-OutputArea-output .locklab-anywidget");
    await output.first().waitFor({ timeout: 30_000 });
    const first = await waitForChange(page, (d) => d.widget === "ttl-tradeoff", 30_000);
    assert.equal(first.params["ttl-s"], 10, "the widget opens with the notebook's parameter");
    // Nothing came from anywhere but JupyterLab: the widget's code travelled through the kernel.
    const requests = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
    const foreign = requests.filter((u) => !u.startsWith(origin) && !u.startsWith("blob:") && !u.startsWith("data:"));
    assert.deepEqual(foreign, [], "no request leaves JupyterLab's own server");
    assert.ok(!requests.some((u) => /locklab-core|_bg\.wasm/.test(u)), "the wasm is not fetched from a host");

    // Python sees the widget's first report.
    const initial = await python(page, (s) => s.params["ttl-s"] === 10 && typeof s.result.unsafeFraction === "number");
    assert.equal(initial.result.recoverySeconds, 10);

    // A learner's keyboard move reaches Python: params, result, and the observe callback.
    const slider = output.first().getByRole("slider", { name: "Lock TTL" });
    await slider.focus();
    await slider.press("End");
    const moved = await waitForChange(page, (d) => d.widget === "ttl-tradeoff" && d.params["ttl-s"] === 120);
    const after = await python(page, (s) => s.params["ttl-s"] === 120);
    assert.equal(after.result.recoverySeconds, 120, "w.result is the widget's result at the new setting");
    assert.equal(after.result.unsafeFraction, moved.result.unsafeFraction);
    assert.ok(after.seen.includes(120), `w.observe heard the move: ${JSON.stringify(after.seen)}`);
    // The arrow keys are the slider's, not JupyterLab's (in command mode they move the cell
    // selection; the widget keeps its keys from the notebook's shortcuts).
    await slider.press("ArrowDown");
    const down = await waitForChange(page, (d) => d.widget === "ttl-tradeoff" && d.params["ttl-s"] < 120);
    assert.ok(down.params["ttl-s"] > 100, `one step down from 120: ${down.params["ttl-s"]}`);
    assert.equal(await page.evaluate(() => window.jupyterapp.shell.currentWidget.content.activeCellIndex), MAKE, "the notebook's active cell did not move");

    // A cell that sets w.params moves the widget, and the challenge that move meets reaches Python.
    await runCell(page, SET);
    const set = await waitForChange(page, (d) => d.widget === "ttl-tradeoff" && d.params["ttl-s"] === 30);
    assert.equal(set.result.recoverySeconds, 30);
    assert.match(await slider.getAttribute("aria-valuetext") ?? (await slider.inputValue()), /30/);
    const met = await page.evaluate(() => window.__challenges.map((c) => c.detail));
    assert.ok(met.some((c) => c.challenge === "one-a-day" && c.met), `a 30 s TTL meets "one-a-day" in the widget: ${JSON.stringify(met.map((c) => [c.challenge, c.met]))}`);
    const heard = await python(page, (s) => s.events.some((e) => e.type === "locklab:challenge" && e.detail.challenge === "one-a-day" && e.detail.met));
    assert.equal(heard.result.recoverySeconds, 30);

    // A second view of the same widget shows the same setting, and a move in it moves the first.
    await runCell(page, AGAIN);
    await page.locator(".jp-OutputArea-output .locklab-anywidget").nth(1).waitFor({ timeout: 30_000 });
    const second = page.locator(".jp-OutputArea-output .locklab-anywidget").nth(1);
    await page.waitForFunction(() => window.__events.filter((e) => e.type === "locklab:change" && e.detail.params["ttl-s"] === 30).length >= 2, null, { timeout: 15_000 }).catch(async (e) => {
      await page.screenshot({ path: path.join(artifacts, "notebook-debug.png") });
      console.log(JSON.stringify(await page.evaluate(() => window.__events.map((e) => e.detail.params["ttl-s"]))), problems);
      throw e;
    });
    const other = second.getByRole("slider", { name: "Lock TTL" });
    await other.focus();
    await other.press("Home");
    await page.waitForFunction(() => window.__events.filter((e) => e.type === "locklab:change" && e.detail.params["ttl-s"] === 0.1).length >= 2, null, { timeout: 15_000 });
    await python(page, (s) => s.params["ttl-s"] === 0.1);
    await page.screenshot({ path: path.join(artifacts, "notebook-jupyterlab.png") });
    assert.deepEqual(problems.filter((p) => /locklab|wasm|anywidget/i.test(p)), [], "no locklab error on the console");

    // Saved, its kernel shut down and the tab closed: opened again from disk (not trusted), the
    // widget is back once its cell runs.
    await page.evaluate(async () => {
      const app = window.jupyterapp;
      const panel = app.shell.currentWidget;
      await panel.context.save();
      await panel.sessionContext.shutdown();
    });
  } finally {
    await context.close();
  }
  const saved = JSON.parse(fs.readFileSync(path.join(work, "live.ipynb"), "utf8"));
  assert.ok(JSON.stringify(saved.cells[MAKE].outputs).includes("application/vnd.jupyter.widget-view+json"), "the saved output is the widget's view");
  // JupyterLab signed what it saved (it trusts its own outputs): the copy a reader downloads is
  // another file, which nothing signed.
  // A cell whose output needs trust (HTML) makes the copy one JupyterLab does not trust.
  saved.metadata.copied = "by the test, as a reader's download";
  saved.cells.push({ cell_type: "code", execution_count: 1, id: "cell-html", metadata: {}, source: "from IPython.display import HTML\nHTML('<b>bold</b>')", outputs: [{ output_type: "execute_result", execution_count: 1, metadata: {}, data: { "text/html": "<b>bold</b>", "text/plain": "<IPython.core.display.HTML object>" } }] });
  fs.writeFileSync(path.join(work, "downloaded.ipynb"), JSON.stringify(saved));
  const again = await openNotebook("downloaded.ipynb");
  try {
    const trusted = await again.page.evaluate(() => window.jupyterapp.shell.currentWidget.content.widgets.map((c) => c.model.trusted));
    assert.ok(trusted.includes(false), `the downloaded notebook is not trusted: ${JSON.stringify(trusted)}`);
    await runCell(again.page, MAKE);
    await again.page.locator(".jp-OutputArea-output .locklab-anywidget").first().waitFor({ timeout: 30_000 });
    const back = await waitForChange(again.page, (d) => d.widget === "ttl-tradeoff", 30_000);
    assert.equal(back.params["ttl-s"], 10);
  } finally {
    await again.context.close();
  }
});

// Issue #45: a prediction answered in the notebook's output reaches w.on_event as locklab:predict,
// and Python hears nothing of the run (no result, no change) before the answer is in.
const PREDICT_CELLS = [
  'import json, locklab\np = locklab.Widget("counter-race", predict="builtin:with-the-lock")\nheard = []\np.on_event(heard.append)\np',
  'print("PYTHON " + json.dumps({"params": p.params, "result": p.result, "events": heard}))',
];

test("locklab.Widget in JupyterLab: a prediction answered in the output reaches w.on_event, and nothing of the run before it", async () => {
  fs.writeFileSync(path.join(work, "predict.ipynb"), notebookJson(PREDICT_CELLS));
  const { page, context, problems } = await openNotebook("predict.ipynb");
  try {
    await runCell(page, 0);
    const output = page.locator(".jp-OutputArea-output .locklab-anywidget").first();
    const field = output.getByRole("spinbutton");
    await field.waitFor({ timeout: 30_000 });
    // The question is open: Python has no result and no event yet.
    const before = await python(page, () => true, 15_000, 1);
    assert.deepEqual(before.result, {}, `no result reaches Python before the answer: ${JSON.stringify(before.result)}`);
    assert.deepEqual(before.events, [], "no event reaches Python before the answer");
    assert.deepEqual(await page.evaluate(() => window.__events.filter((e) => e.detail?.widget === "counter-race").map((e) => e.type)), [], "the page hears no change before the answer");
    // Answered by keyboard, as a learner answers.
    await field.focus();
    await page.keyboard.type("1000");
    await page.keyboard.press("Enter");
    const change = await waitForChange(page, (d) => d.widget === "counter-race", 30_000);
    const seen = await python(page, (s) => s.events.some((e) => e.type === "locklab:predict") && typeof s.result.final === "number", 15_000, 1);
    const answer = seen.events.find((e) => e.type === "locklab:predict").detail;
    assert.deepEqual([answer.widget, answer.prediction, answer.answer, answer.correct, answer.revealed], ["counter-race", "with-the-lock", 1000, true, true]);
    assert.equal(answer.actual, change.result.final, "the answer's figure is the run's, as the widget reports it");
    assert.equal(seen.result.final, change.result.final, "w.result is the run, once the answer is in");
    // The run shown stays the prediction's (the lock taken), and Python follows it: the view does
    // not move the widget back to the setting it was made with.
    assert.equal(seen.params.lock, true, `Python has the prediction's setting: ${JSON.stringify(seen.params)}`);
    const last = await waitForChange(page, (d) => d.widget === "counter-race");
    assert.deepEqual([last.params.lock, last.result.final], [true, answer.actual], "the widget still shows the run the answer was graded on");
    assert.equal(answer.statement?.verb?.id, "http://adlnet.gov/expapi/verbs/answered", "the xAPI statement travels with it");
    await page.screenshot({ path: path.join(artifacts, "notebook-predict.png") });
    assert.deepEqual(problems.filter((p) => /locklab|wasm|anywidget/i.test(p)), [], "no locklab error on the console");
    await page.evaluate(async () => {
      const panel = window.jupyterapp.shell.currentWidget;
      await panel.sessionContext.shutdown();
    });
  } finally {
    await context.close();
  }
});

test("locklab.Widget in marimo: mo.ui.anywidget mounts it, and a keyboard move re-runs the cell that reads it", async () => {
  fs.writeFileSync(
    path.join(work, "app.py"),
    [
      "import marimo",
      "",
      "app = marimo.App()",
      "",
      "",
      "@app.cell",
      "def _():",
      "    import marimo as mo",
      "    import locklab",
      "",
      '    w = mo.ui.anywidget(locklab.Widget("ttl-tradeoff", ttl_s=10))',
      "    w",
      "    return mo, w",
      "",
      "",
      "@app.cell",
      "def _(mo):",
      "    import locklab as ll",
      "",
      "    # In Spanish, with this course's own title (a file beside the app, read by Python).",
      '    es = mo.ui.anywidget(ll.Widget("counter-race", workers=1, locale="es", messages="wording-es.ftl"))',
      "    es",
      "    return",
      "",
      "",
      "@app.cell",
      "def _(mo, w):",
      '    params, result = w.value.get("params", {}), w.value.get("result", {})',
      "    mo.md(f\"PYTHON ttl-s={params.get('ttl-s')} recovery={result.get('recoverySeconds')}\")",
      "    return",
      "",
      "",
      'if __name__ == "__main__":',
      "    app.run()",
      "",
    ].join("\n"),
  );
  fs.writeFileSync(path.join(work, "wording-es.ftl"), "counter-title = La carrera del contador, en nuestro curso\n");
  const port = await freePort();
  const app = `http://127.0.0.1:${port}`;
  const marimo = await startServer(path.join(bin, "marimo"), ["run", "app.py", "--headless", "--host", "127.0.0.1", "--port", String(port), "--no-token"], `${app}/`, "marimo");
  const { page, context, problems } = await openPage(browser, `${app}/`);
  try {
    const widget = page.locator(".locklab-anywidget").first();
    await widget.waitFor({ timeout: 60_000 });
    const first = await waitForChange(page, (d) => d.widget === "ttl-tradeoff", 30_000);
    assert.equal(first.params["ttl-s"], 10);
    await page.getByText("PYTHON ttl-s=10 recovery=10").waitFor({ timeout: 30_000 });
    const slider = widget.getByRole("slider", { name: "Lock TTL" });
    await slider.focus();
    await slider.press("End");
    await waitForChange(page, (d) => d.widget === "ttl-tradeoff" && d.params["ttl-s"] === 120);
    await page.getByText("PYTHON ttl-s=120 recovery=120").waitFor({ timeout: 30_000 });
    // The Python package carries the build's languages: the counter race speaks Spanish (a plural
    // agrees), under the title Python read from the course's file; no file is fetched for either.
    const es = page.locator(".locklab-anywidget", { hasText: "Trabajadores" });
    assert.match(await es.locator(".ll-narrative").textContent(), /^Un trabajador solo no puede competir con nadie/);
    assert.equal(await es.locator(".ll-title").textContent(), "La carrera del contador, en nuestro curso");
    const requests = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
    assert.ok(!requests.some((u) => /locklab-core|_bg\.wasm|\.ftl/.test(u)), "neither the wasm nor a language is fetched from a host");
    await page.screenshot({ path: path.join(artifacts, "notebook-marimo.png") });
    assert.deepEqual(problems.filter((p) => /locklab|wasm|anywidget/i.test(p)), [], "no locklab error on the console");
  } finally {
    await context.close();
    await stop(marimo);
  }
});
