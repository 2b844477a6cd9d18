// The counter race as a learner and an author meet it, in headless Chromium, with dist/ served
// under the sub-path /course/locks/.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { useServer, openPage, waitForChange, golden, int, artifacts } from "./helpers.mjs";

const env = useServer();

const lesson = () => `${env.origin}/course/locks/`;

async function narrative(scope) {
  return (await scope.locator(".ll-narrative").first().textContent()).trim();
}

test("the lesson page loads under a sub-path, mounts the counter race and reports it", async () => {
  const { page, context, problems } = await openPage(env.browser, lesson());
  const detail = await waitForChange(page, (d) => d.widget === "counter-race");
  const expected = golden().find((g) => g.widget === "counter-race");
  assert.deepEqual(detail.params, expected.params, "defaults as documented");
  assert.deepEqual(detail.result, expected.result, "bit-identical to the native simulation");
  const text = await narrative(page);
  assert.match(text, new RegExp(`${int(detail.result.expected)} increments`));
  assert.match(text, new RegExp(`counter reads ${int(detail.result.final)}`));
  assert.match(text, new RegExp(`${int(detail.result.lost)} updates`));
  // The live region carries the same words for screen readers.
  assert.equal((await page.locator("[data-locklab=counter-race] .ll-sr-only[aria-live=polite]").first().textContent()).trim(), text);
  // Both charts were drawn at the device-pixel size of their box.
  const canvases = await page.locator("[data-locklab=counter-race] canvas.ll-canvas").evaluateAll((cs) =>
    cs.map((c) => ({ w: c.width, cw: c.clientWidth, label: c.getAttribute("aria-label") })),
  );
  assert.equal(canvases.length, 2);
  for (const c of canvases) {
    assert.equal(c.w, c.cw, "backing store = CSS width at dpr 1");
    assert.ok(c.label.length > 20, "every chart has a text alternative");
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test("under the strict CSP of the contract the lesson works with zero violations", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/strict/`);
  await waitForChange(page, (d) => d.widget === "counter-race");
  const workers = page.getByRole("slider", { name: "Workers" });
  await workers.focus();
  await workers.press("ArrowRight");
  await waitForChange(page, (d) => d.widget === "counter-race" && d.params.workers === 6);
  // Charts are drawn (the canvas height is set through CSSOM, which the policy allows).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.ok((await page.locator("canvas.ll-canvas").first().evaluate((c) => c.height)) > 100);
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test("moving the workers slider by keyboard recomputes, narrates and fires locklab:change", async () => {
  const { page, context, problems } = await openPage(env.browser, lesson());
  await waitForChange(page, (d) => d.widget === "counter-race" && d.params.workers === 5);
  const workers = page.getByRole("slider", { name: "Workers" });
  await workers.focus();
  await workers.press("ArrowRight");
  const six = await waitForChange(page, (d) => d.widget === "counter-race" && d.params.workers === 6);
  assert.equal(six.result.expected, 1200);
  assert.equal(await workers.getAttribute("aria-valuetext"), "6");
  await page.locator("[data-locklab=counter-race] .ll-narrative").filter({ hasText: "6 workers" }).waitFor();
  assert.match(await narrative(page), new RegExp(`counter reads ${int(six.result.final)}`));
  // A log-scale slider: End jumps to the maximum.
  const increments = page.getByRole("slider", { name: "Increments per worker" });
  await increments.focus();
  await increments.press("End");
  const max = await waitForChange(page, (d) => d.widget === "counter-race" && d.params.increments === 1000);
  assert.equal(max.result.expected, 6000);
  // The think-time slider changes the outcome (it is not just a time scale).
  const think = page.getByRole("slider", { name: /Think time/ });
  await think.focus();
  await think.press("End");
  const slow = await waitForChange(page, (d) => d.widget === "counter-race" && d.params["think-ms"] === 20);
  assert.ok(slow.result.lost > max.result.lost, `longer think loses more: ${slow.result.lost} vs ${max.result.lost}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the lock toggle brings the loss to zero, and reset brings the defaults back", async () => {
  const { page, context, problems } = await openPage(env.browser, lesson());
  const w = page.locator("[data-locklab=counter-race]");
  const first = await waitForChange(page, (d) => d.widget === "counter-race" && d.params.lock === false);
  assert.ok(first.result.lost > 0);
  await w.getByRole("switch", { name: /lock/i }).check();
  const locked = await waitForChange(page, (d) => d.widget === "counter-race" && d.params.lock === true);
  assert.equal(locked.result.lost, 0);
  assert.equal(locked.result.final, locked.result.expected);
  await w.locator(".ll-narrative").filter({ hasText: "nothing was lost" }).waitFor();
  // A new seed draws different numbers; reset restores the documented defaults exactly.
  await w.getByRole("switch", { name: /lock/i }).uncheck();
  await w.getByRole("button", { name: "New seed" }).click();
  const reseeded = await waitForChange(page, (d) => d.widget === "counter-race" && d.params.seed !== 2 && d.params.lock === false);
  assert.notEqual(reseeded.result.durationMs, first.result.durationMs);
  await w.getByRole("button", { name: "Reset" }).click();
  const reset = await waitForChange(page, (d) => d.widget === "counter-race" && d.params.seed === 2 && d.params.lock === false);
  assert.deepEqual(reset, first);
  assert.deepEqual(problems, []);
  await context.close();
});

test("an author page with several widgets mounts each one independently, and bad input is reported", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/two-widgets.html`);
  const small = await waitForChange(page, (d, id) => id === "small");
  assert.deepEqual(
    { w: small.params.workers, k: small.params.increments, seed: small.params.seed },
    { w: 2, k: 50, seed: 7 },
  );
  const large = await waitForChange(page, (d, id) => id === "large");
  assert.equal(large.params.workers, 12);
  assert.equal(large.params["think-ms"], 5);
  assert.equal(large.result.lost, 0, "data-lock=true took effect");

  // Moving a slider in one widget leaves the other alone.
  const before = await page.evaluate(() => window.__events.filter((e) => e.id === "large").length);
  const smallWorkers = page.locator("#small").getByRole("slider", { name: "Workers" });
  await smallWorkers.focus();
  await smallWorkers.press("ArrowRight");
  await waitForChange(page, (d, id) => id === "small" && d.params.workers === 3);
  assert.equal(await page.evaluate(() => window.__events.filter((e) => e.id === "large").length), before);
  assert.match(await narrative(page.locator("#large")), /12 workers/);

  // Unparsable, out-of-range and unknown parameters: a visible notice, and the values used.
  const bad = await waitForChange(page, (d, id) => id === "bad");
  assert.equal(bad.params.workers, 5);
  assert.equal(bad.params["think-ms"], 20);
  const notice = await page.locator("#bad .ll-notice").textContent();
  assert.match(notice, /workers=“lots” is not a number; using the default, 5/);
  assert.match(notice, /think-ms=“900” is above the maximum, 20 ms; using 20 ms/);
  assert.match(notice, /Unknown parameter “colour”/);
  // An unknown widget name says so in its own box.
  // (Widgets draw in a shadow root: read the text through a locator, which pierces it.)
  assert.match(await page.locator("#unknown .ll-notice").textContent(), /no locklab widget called “no-such-widget”.*counter-race/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("widgets of every kind added later are mounted, give native-identical results, and unmount cleanly", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
  await page.waitForFunction(() => globalThis[Symbol.for("locklab.loader")] !== undefined);
  await page.evaluate(() => globalThis[Symbol.for("locklab.loader")]);
  const cases = golden();
  for (const [i, g] of cases.entries()) {
    await page.evaluate(
      ({ i, g }) => {
        const el = document.createElement("div");
        el.id = `case-${i}`;
        el.dataset.locklab = g.widget;
        for (const [k, v] of Object.entries(g.params)) el.setAttribute(`data-${k}`, String(v));
        document.getElementById("slot").append(el);
      },
      { i, g },
    );
    const detail = await waitForChange(page, (d, id) => id === `case-${i}`);
    assert.deepEqual(detail.params, g.params, `case ${i} params`);
    assert.deepEqual(detail.result, g.result, `case ${i}: browser and native agree bit for bit`);
  }
  // Removing a widget's element unmounts it; the others keep working.
  await page.evaluate(() => document.getElementById("case-0").remove());
  await page.waitForFunction(() => !document.querySelector("[data-locklab-mounted]#case-0"));
  const slider = page.locator("#case-1").getByRole("slider", { name: "Workers" });
  await slider.focus();
  await slider.press("ArrowLeft");
  await waitForChange(page, (d, id) => id === "case-1" && d.params.workers === 4);
  assert.deepEqual(problems, []);
  await context.close();
});

test("screenshots at desktop and phone widths; nothing scrolls sideways at 360 px", async () => {
  for (const [name, viewport, scale] of [
    ["desktop", { width: 1280, height: 900 }, 1],
    ["phone", { width: 360, height: 740 }, 2],
  ]) {
    for (const scheme of ["light", "dark"]) {
      const { page, context, problems } = await openPage(env.browser, null, {
        viewport,
        deviceScaleFactor: scale,
        colorScheme: scheme,
      });
      await page.goto(lesson());
      await waitForChange(page, (d) => d.widget === "counter-race");
      // Let the charts paint (one animation frame).
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${name}/${scheme}: ${overflow}px of horizontal scroll`);
      const crisp = await page.locator("canvas.ll-canvas").first().evaluate((c) => c.width / c.clientWidth);
      assert.ok(Math.abs(crisp - scale) < 0.02, `${name}: canvas drawn at ${crisp}x for dpr ${scale}`);
      await page.screenshot({ path: path.join(artifacts, `counter-race-${name}-${scheme}.png`), fullPage: true });
      assert.deepEqual(problems, []);
      await context.close();
    }
  }
});

test("a workers move draws each chart once, at the height it then has", async () => {
  // The lane chart's height follows the worker count: it must be drawn at its new height in the
  // move's own frame, not at the old one and again when the resize observer sees the change.
  const { page, context, problems } = await openPage(env.browser, null);
  await page.addInitScript(() => {
    globalThis.__locklabBench = true;
  });
  await page.goto(`${env.origin}/fixtures/blank.html`);
  await page.evaluate(() => {
    const el = document.createElement("div");
    el.dataset.locklab = "counter-race";
    document.getElementById("slot").append(el);
  });
  await waitForChange(page, (d) => d.widget === "counter-race");
  const frames = (n) => page.evaluate((n) => new Promise((r) => { const f = (k) => (k ? requestAnimationFrame(() => f(k - 1)) : r()); f(n); }), n);
  await frames(5);
  const w = page.locator("[data-locklab=counter-race]");
  const workers = w.getByRole("slider", { name: "Workers" });
  await workers.focus();
  for (const key of ["ArrowRight", "ArrowRight", "ArrowLeft"]) {
    await page.evaluate(() => performance.clearMarks());
    const before = await page.evaluate(() => window.__events.length);
    await workers.press(key);
    await page.waitForFunction((n) => window.__events.length > n, before);
    await frames(6);
    const draws = await page.evaluate(() => performance.getEntriesByName("locklab:draw-end").length);
    const canvases = await w.locator("canvas.ll-canvas").evaluateAll((cs) => cs.map((c) => [c.height, Math.round(c.clientHeight * devicePixelRatio)]));
    assert.equal(draws, canvases.length, `${key}: one drawing per chart, not a second one a frame later`);
    for (const [backing, css] of canvases) assert.equal(backing, css, "drawn at the height it has");
  }
  assert.deepEqual(problems, []);
  await context.close();
});
