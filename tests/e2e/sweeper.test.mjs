// The sweeper incident on the lesson page: the evening as the lesson tells it, each fix chosen by
// keyboard and what it does (and does not) repair, the player in clock time, the address round
// trip, and an author's bad times of day.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServer, openPage, waitForChange, golden, screenshotWidgets } from "./helpers.mjs";

const env = useServer();

const of = (pred = () => true) => (d) => d.widget === "sweeper-incident" && pred(d);

test("the sweeper incident: the evening, then each fix by keyboard", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/`);
  const w = page.locator("[data-locklab=sweeper-incident]");
  const first = await waitForChange(page, of());
  const expected = golden().find((g) => g.widget === "sweeper-incident");
  assert.deepEqual(first.params, expected.params);
  assert.deepEqual(first.result, expected.result, "bit-identical to the native simulation");
  // The lesson's evening: thirteen rows no longer fit the 120 s key from the 21:40 sweep on, so
  // from 21:42 every sweep overruns and its DEL deletes the next one's key (harmless while the
  // provider answers nothing); after 21:50 two sweeps put the same two copies back.
  assert.equal(first.result.firstOverrunAt, "21:42");
  assert.deepEqual([first.result.doubleRestocks, first.result.stockError, first.result.wrongDeletes, first.result.skippedRuns], [2, 2, 6, 0]);
  assert.ok(first.result.overlapSeconds > 0);
  const narrative = () => w.locator(".ll-narrative").textContent();
  assert.match(await narrative(), /Still broken: two sweeps overlapping/);
  assert.match(await narrative(), /did no harm: none of them could settle an order, although each overrun's DEL was already deleting the next sweep's key \(4× before then\)/);

  // Compare-and-delete, chosen with the arrow keys inside the radio group.
  const del = w.getByRole("radio", { name: "DEL (as shipped)" });
  await del.focus();
  await page.keyboard.press("ArrowDown");
  const cad = await waitForChange(page, of((d) => d.params.release === "compare-and-delete"));
  assert.equal(cad.result.wrongDeletes, 0);
  assert.equal(cad.result.doubleRestocks, first.result.doubleRestocks, "the overlap and its double restock stay");
  assert.deepEqual(cad.result.fixes, { exclusion: "redis-ttl", release: "compare-and-delete", restock: "plain" });
  assert.match(await narrative(), /does not stop someone else holding yours/);

  // The status fence: the shelf is right although the sweeps still overlap.
  const plain = w.getByRole("radio", { name: "stock + 1 (as shipped)" });
  await plain.focus();
  await page.keyboard.press("ArrowDown");
  const fenced = await waitForChange(page, of((d) => d.params.restock === "status-fence"));
  assert.deepEqual([fenced.result.stockError, fenced.result.doubleRestocks], [0, 0]);
  assert.equal(fenced.result.overlapSeconds, first.result.overlapSeconds);

  // The advisory lock skips each slot an overrunning sweep runs into instead; with a power loss it
  // is held for hours.
  const redis = w.getByRole("radio", { name: /Redis key with an expiry/ });
  await redis.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  const advisory = await waitForChange(page, of((d) => d.params.exclusion === "advisory-lock"));
  assert.deepEqual([advisory.result.overlapSeconds, advisory.result.skippedRuns], [0, 4]);
  const power = w.getByRole("switch", { name: "A box loses power" });
  await power.focus();
  await page.keyboard.press("Space");
  const dead = await waitForChange(page, of((d) => d.params["power-loss"] === true));
  // Box A dies at 21:52:10 holding the lock: every slot after it is skipped (21:54, 21:56,
  // 21:58), beside the three skipped before (21:42, 21:46, 21:50).
  assert.equal(dead.result.skippedRuns, 6);
  assert.match(await narrative(), /dead box holding the advisory lock/);
  const when = w.getByRole("slider", { name: "Power lost at" });
  await when.focus();
  await page.keyboard.press("ArrowRight");
  const later = await waitForChange(page, of((d) => d.params["power-loss-at"] === "21:52:20"));
  assert.equal(later.result.skippedRuns, 6);
  assert.equal(await when.getAttribute("aria-valuetext"), "21:52:20");

  // The player, in clock time: from the start, step by step.
  const play = w.getByRole("button", { name: "Play" });
  await play.focus();
  await page.keyboard.press("Home");
  assert.match(await w.locator(".ll-player-now").textContent(), /^20:50 of 22:00$/);
  await page.keyboard.press("ArrowRight");
  assert.match(await w.locator(".ll-player [aria-live=polite]").textContent(), /takes the advisory lock and starts down 1 pending order/);
  const stat = (label) => w.locator(".ll-stat", { hasText: label }).locator("dd").textContent();
  assert.equal(await stat("Runs skipped"), "0", "the readouts tell the evening so far");
  await page.keyboard.press("End");
  assert.equal(await stat("Runs skipped"), "6");

  // The address keeps the fixes; reopening it restores them.
  await page.waitForFunction(() =>
    ["sweeper-incident.exclusion=advisory-lock", "sweeper-incident.restock=status-fence", "sweeper-incident.power-loss-at=21%3A52%3A20"].every((s) => location.search.includes(s)),
  );
  const again = await openPage(env.browser, page.url());
  const restored = await waitForChange(again.page, of());
  assert.deepEqual(restored.result, later.result);
  assert.deepEqual([...problems, ...again.problems], []);
  await again.context.close();
  await context.close();
});

test("an author's times of day: a good one is used, a bad one is named and the default kept", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
  await page.waitForFunction(() => globalThis[Symbol.for("locklab.loader")] !== undefined);
  await page.evaluate(() => {
    const el = document.createElement("div");
    el.id = "evening";
    el.dataset.locklab = "sweeper-incident";
    el.dataset.recoversAt = "9pm";
    el.dataset.until = "21:30";
    el.dataset.powerLossAt = "25:00";
    document.getElementById("slot").append(el);
  });
  const d = await waitForChange(page, (d, id) => id === "evening");
  assert.equal(d.params["recovers-at"], "21:50", "the default");
  assert.equal(d.params.until, "21:30");
  assert.equal(d.params["power-loss-at"], "21:52:10");
  const notices = await page.locator("#evening .ll-notice").allTextContents();
  assert.ok(notices.some((n) => /recovers-at=“9pm” is not a time of day like 21:50/.test(n)), notices.join("\n"));
  assert.ok(notices.some((n) => /power-loss-at=“25:00” is not a time of day/.test(n)), notices.join("\n"));
  // Replayed only to 21:30: the provider never recovers, nothing is settled, nothing is harmed.
  assert.deepEqual([d.result.doubleRestocks, d.result.stockError, d.result.firstOverrunAt], [0, 0, null]);
  assert.ok(d.result.pendingAtEnd > 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test("screenshots of the sweeper incident at desktop and phone widths", async () => {
  await screenshotWidgets(env, ["sweeper-incident"]);
});
