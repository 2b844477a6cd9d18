// Before you reach for a lock: optimistic vs pessimistic and lock granularity, used as a learner
// does (keyboard, clicks, the address), each figure checked against formulas computed here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { of, useServer, openPage, waitForChange, golden, screenshotWidgets } from "./helpers.mjs";

const env = useServer();

const close = (a, b, rel = 1e-9) => Math.abs(a - b) <= rel * Math.max(1, Math.abs(b));

// Presses ArrowRight on a slider until the widget's latest event satisfies `done` (at most 200).
async function pressUntil(page, slider, widget, done) {
  await slider.focus();
  for (let i = 0; i < 200; i++) {
    await slider.press("ArrowRight");
    const last = await page.evaluate((w) => window.__events.filter((e) => e.detail.widget === w).at(-1).detail, widget);
    if (done(last)) break;
  }
  return waitForChange(page, of(widget, done));
}

// The formulas, written here from the lesson: e^(λT) or 1 + λT attempts; Pollaczek–Khinchine.
function formulas(p, rate = p["rate-per-s"]) {
  const lambda = rate / 1000;
  const t = p["work-ms"];
  const a = p.work === "fixed" ? Math.exp(lambda * t) : 1 + lambda * t;
  const s = t + p["lock-ms"];
  const es2 = p.work === "fixed" ? s * s : t * t + s * s;
  const rho = lambda * s;
  const wait = rho < 1 ? (lambda * es2) / (2 * (1 - rho)) : null;
  return { attempts: a, optimistic: t * a + p["retry-ms"] * (a - 1), wait, pessimistic: wait === null ? null : wait + s };
}

test("optimistic vs pessimistic: the formulas, the crossover, the collapse, by keyboard", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/`);
  const W = "optimistic-vs-pessimistic";
  const w = page.locator(`[data-locklab=${W}]`);
  const first = await waitForChange(page, of(W));
  const expected = golden().find((g) => g.widget === W);
  assert.deepEqual(first.params, expected.params);
  assert.deepEqual(first.result, expected.result, "bit-identical to the native simulation");
  const f = formulas(first.params);
  assert.ok(close(first.result.exactAttempts, f.attempts));
  assert.ok(close(first.result.exactWaitMs, f.wait));
  // The crossover: where the two formulas first meet, found here by a walk up the rates, then
  // bisection.
  const diff = (r) => formulas(first.params, r).optimistic - (formulas(first.params, r).pessimistic ?? Infinity);
  assert.ok(diff(1) < 0, "optimistic is quicker at 1 update a second");
  let lo = 1;
  while (diff(lo * 1.01) < 0) lo *= 1.01;
  let hi = lo * 1.01;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (diff(mid) > 0) hi = mid;
    else lo = mid;
  }
  assert.ok(close(first.result.crossoverPerS, hi, 1e-6), `${first.result.crossoverPerS} vs ${hi}`);
  // Below the crossover by default, optimistic is the quicker one, in the simulation as well.
  assert.ok(first.result.optimistic.meanMs < first.result.pessimistic.meanMs);
  const narrative = () => w.locator(".ll-narrative").textContent();
  // The narrative speaks about the simulation the learner sees (its means cross lower than the
  // formulas, where e^(λT) already undercounts the attempts) and names both crossings.
  assert.ok(first.result.simulatedCrossoverPerS < first.result.crossoverPerS, JSON.stringify(first.result));
  assert.match(await narrative(), /optimistic is quicker up to about 8\.05 updates a second and the lock above that/);
  assert.match(await narrative(), /the formulas put the crossing at about 11\.8 a second, later, because near the crossing e\^\(λT\) already undercounts/);
  assert.match(await narrative(), /idempotent/);

  // Past the crossover by keyboard: the lock wins.
  const rate = w.getByRole("slider", { name: "Updates to the record" });
  const busy = await pressUntil(page, rate, W, (d) => d.params["rate-per-s"] > 3 * first.result.crossoverPerS);
  assert.ok(busy.result.pessimistic.meanMs < busy.result.optimistic.meanMs, JSON.stringify(busy.result));
  assert.ok(busy.result.optimistic.wastedAttempts > first.result.optimistic.wastedAttempts);
  assert.match(await narrative(), /Here the lock is quicker on average/);

  // The far end: optimistic collapses; the lock is over capacity and has no steady state.
  await rate.press("End");
  const top = await waitForChange(page, of(W, (d) => d.params["rate-per-s"] === 2000));
  assert.equal(top.result.optimistic.stopped, true);
  assert.ok(top.result.optimistic.completed < top.params.updates);
  assert.equal(top.result.exactWaitMs, null);
  assert.match(await narrative(), /collapse/);
  assert.match(await narrative(), /over capacity/);

  // Exponential work: 1 + λT attempts.
  await rate.press("Home");
  await w.getByRole("radio", { name: "Varies (exponential)" }).check();
  const expo = await waitForChange(page, of(W, (d) => d.params.work === "exponential" && d.params["rate-per-s"] === 1));
  assert.ok(close(expo.result.exactAttempts, 1 + (1 / 1000) * expo.params["work-ms"]));
  assert.ok(close(expo.result.exactWaitMs, formulas(expo.params).wait));

  // The address keeps the state: a reload gives the same result.
  await page.waitForFunction(() => location.search.includes("optimistic-vs-pessimistic.work=exponential"));
  const url = page.url();
  const again = await openPage(env.browser, url);
  const restored = await waitForChange(again.page, of(W));
  assert.deepEqual(restored.result, expo.result);
  await again.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test("lock granularity: ρ ≥ 1 reported, per-key hot spots, deadlocks and ordered locking", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/`);
  const W = "lock-granularity";
  const w = page.locator(`[data-locklab=${W}]`);
  const first = await waitForChange(page, of(W));
  const expected = golden().find((g) => g.widget === W);
  assert.deepEqual(first.params, expected.params);
  assert.deepEqual(first.result, expected.result, "bit-identical to the native simulation");
  // One global lock at 800/s × 1 ms: ρ = 0.8, M/M/1 wait ρ/(μ − λ) = 4 ms.
  const rho = (first.params["rate-per-s"] * first.params["work-ms"]) / 1000;
  assert.ok(close(first.result.maxUtilisation, rho));
  assert.ok(close(first.result.exactMeanWaitMs, (rho * first.params["work-ms"]) / (1 - rho)));
  // P(Wq > t) = ρ e^(−(μ − λ)t) = 1 % at the 99th percentile.
  assert.ok(close(first.result.exactP99WaitMs, Math.log(rho / 0.01) / (1 / first.params["work-ms"] - first.params["rate-per-s"] / 1000), 1e-6));
  // The hottest key: 1/H, H = Σ k^(−skew).
  let h = 0;
  for (let k = 1; k <= first.params.keys; k++) h += k ** -first.params.skew;
  assert.ok(close(first.result.hottestShare, 1 / h, 1e-12));

  // Rate up by keyboard until the global lock saturates: reported, not simulated.
  const rate = w.getByRole("slider", { name: "Updates, all keys" });
  const sat = await pressUntil(page, rate, W, (d) => d.params["rate-per-s"] >= 1000);
  assert.equal(sat.result.simulated, false);
  assert.equal(sat.result.meanWaitMs, null);
  assert.ok(close(sat.result.throughputPerS, 1000 / sat.params["work-ms"]));
  const narrative = () => w.locator(".ll-narrative").textContent();
  assert.match(await narrative(), /never drains/);
  assert.equal(await w.locator(".ll-stat", { hasText: "Mean wait" }).locator("dd").textContent(), "never settles");

  // A lock per key spreads it; the hottest key's lock is the busiest.
  await w.getByRole("radio", { name: "One per key" }).check();
  const perKey = await waitForChange(page, of(W, (d) => d.params.lock === "per-key"));
  assert.equal(perKey.result.simulated, true);
  assert.ok(close(perKey.result.maxUtilisation, (perKey.params["rate-per-s"] / 1000) * perKey.params["work-ms"] * perKey.result.hottestShare));
  // At the top of the range one hot item swamps even its own lock.
  await rate.press("End");
  const hot = await waitForChange(page, of(W, (d) => d.params.lock === "per-key" && d.params["rate-per-s"] === 20000));
  assert.equal(hot.result.simulated, false);
  assert.equal(hot.result.saturatedLocks >= 1, true);
  assert.match(await narrative(), /no lock granularity helps a single hot item/);
  assert.deepEqual(problems, []);
  await context.close();

  // Two locks per update, per shard at 1,500/s (from attributes, as an author sets it up).
  const url = `${env.origin}/course/locks/embed.html?widget=lock-granularity&lock=per-shard&rate-per-s=1500&two-locks=true&updates=2000`;
  const two = await openPage(env.browser, url);
  const dl = await waitForChange(two.page, of(W));
  assert.ok(dl.result.deadlocks > 0 && dl.result.expiries > 0, JSON.stringify(dl.result));
  const box = two.page.locator(`[data-locklab=${W}]`);
  assert.match(await box.locator(".ll-cycle figcaption").textContent(), /The first deadlock/);
  const links = await box.locator(".ll-cycle li").allTextContents();
  assert.ok(links.length >= 2 && links.every((l) => /holds shard \d+'s lock .* waits for shard \d+'s lock/.test(l)), links.join("\n"));
  assert.match(await box.locator(".ll-narrative").textContent(), /two holders overlap/);
  // Ordered: none, and the circle is gone.
  await box.getByRole("switch", { name: "Take locks in one global order" }).check();
  const ordered = await waitForChange(two.page, of(W, (d) => d.params.ordered === true));
  assert.deepEqual([ordered.result.deadlocks, ordered.result.expiries], [0, 0]);
  assert.equal(await box.locator(".ll-cycle").count(), 0);
  assert.match(await box.locator(".ll-narrative").textContent(), /one global order/);
  assert.deepEqual(two.problems, []);
  await two.context.close();
});

test("bad input is named and the rest kept", async () => {
  // Numbers are read as Rust reads them (the browser's parser after Rust's grammar): an exponent
  // works, a hexadecimal number does not.
  const url = `${env.origin}/course/locks/embed.html?widget=lock-granularity&lock=sideways&rate-per-s=abc&keys=7&work-ms=2.5e-1&ttl-ms=0x100`;
  const { page, context } = await openPage(env.browser, url);
  const d = await waitForChange(page, of("lock-granularity"));
  assert.equal(d.params.keys, 7);
  assert.equal(d.params["work-ms"], 0.25);
  assert.equal(d.params["ttl-ms"], 2000);
  assert.equal(d.params.lock, "global");
  const notices = await page.locator("[data-locklab] .ll-notice").allTextContents();
  assert.ok(["sideways", "abc", "0x100"].every((bad) => notices.some((n) => n.includes(bad))), notices.join("\n"));
  await context.close();
});

test("screenshots at desktop and phone widths; nothing scrolls sideways at 360 px", async () => {
  await screenshotWidgets(env, ["optimistic-vs-pessimistic", "lock-granularity"]);
});

test("both widgets under the strict CSP of the contract: drawn, zero violations", async () => {
  for (const [widget, query] of [["optimistic-vs-pessimistic", "rate-per-s=30"], ["lock-granularity", "lock=per-shard&rate-per-s=1500&two-locks=true&updates=1000"]]) {
    const { page, context, problems } = await openPage(env.browser, `${env.origin}/strict/embed.html?widget=${widget}&${query}`);
    await waitForChange(page, of(widget));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const heights = await page.locator("canvas.ll-canvas").evaluateAll((cs) => cs.map((c) => c.height));
    assert.ok(heights.length > 0 && heights.every((h) => h > 100), `${widget}: ${heights}`);
    assert.deepEqual(await page.evaluate(() => window.__violations), [], widget);
    assert.deepEqual(problems, [], widget);
    await context.close();
  }
});
