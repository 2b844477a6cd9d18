// Redlock on the lesson page: each scenario's verdict as a learner reaches it, the player by
// keyboard, and the address round trip.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServer, openPage, waitForChange, golden, screenshotWidgets } from "./helpers.mjs";

const env = useServer();

const of = (pred = () => true) => (d) => d.widget === "redlock" && pred(d);

test("Redlock: every scenario's verdict, reached by keyboard and clicks", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/`);
  const w = page.locator("[data-locklab=redlock]");
  const first = await waitForChange(page, of());
  const expected = golden().find((g) => g.widget === "redlock");
  assert.deepEqual(first.params, expected.params);
  assert.deepEqual(first.result, expected.result, "bit-identical to the native simulation");
  // Normal: five yeses in 5 × 5 ms; validity = TTL − elapsed − (0.01 × TTL + 2 ms).
  assert.deepEqual([first.result.acquired, first.result.quorum, first.result.elapsedMs], [true, 5, 25]);
  assert.equal(first.result.validityMs, 10000 - 25 - (0.01 * 10000 + 2));
  // The quorum curve's figure: Σ_{k≥3} C(5,k) q^k (1 − q)^(5−k) at q = 0.9.
  const q = 0.9;
  const c = [1, 5, 10, 10, 5, 1];
  const exact = [3, 4, 5].reduce((s, k) => s + c[k] * q ** k * (1 - q) ** (5 - k), 0);
  assert.ok(Math.abs(first.result.quorumChance - exact) < 1e-12);

  // Six scenarios: a drop-down list rather than six radios.
  const scenario = w.getByRole("combobox", { name: "Scenario" });
  const pick = (label) => ({ check: () => scenario.selectOption({ label }) });
  await pick("A clock jumps").check();
  const jump = await waitForChange(page, of((d) => d.params.scenario === "clock-jump"));
  assert.equal(jump.result.bothHold, true);
  assert.match(await w.locator(".ll-narrative").textContent(), /both hold the lock/);
  const jumpSlider = w.getByRole("slider", { name: "C's clock jumps by" });
  await jumpSlider.focus();
  await jumpSlider.press("Home");
  const noJump = await waitForChange(page, of((d) => d.params.scenario === "clock-jump" && d.params["clock-jump-ms"] === 0));
  assert.equal(noJump.result.bothHold, false);

  await pick("A master crashes and restarts").check();
  const crash = await waitForChange(page, of((d) => d.params.scenario === "crash-restart"));
  assert.equal(crash.result.bothHold, true);
  await w.getByRole("switch", { name: /Delayed restart/ }).check();
  const delayed = await waitForChange(page, of((d) => d.params.scenario === "crash-restart" && d.params["delayed-restart"]));
  assert.deepEqual([delayed.result.acquired, delayed.result.secondClientAcquired, delayed.result.bothHold], [true, false, false]);

  await pick("Masters down").check();
  const down = await waitForChange(page, of((d) => d.params.scenario === "node-down"));
  assert.deepEqual([down.result.quorum, down.result.acquired], [3, true]);
  const downSlider = w.getByRole("slider", { name: "Masters down" });
  await downSlider.focus();
  await downSlider.press("ArrowRight");
  const three = await waitForChange(page, of((d) => d.params["nodes-down"] === 3));
  assert.deepEqual([three.result.quorum, three.result.acquired], [2, false]);

  await pick("The client pauses").check();
  const collecting = await waitForChange(page, of((d) => d.params.scenario === "client-pause"));
  assert.equal(collecting.result.acquired, false, "the elapsed-time check catches a pause while collecting");
  await w.getByRole("radio", { name: "after the check" }).check();
  const after = await waitForChange(page, of((d) => d.params["pause-when"] === "after-check"));
  assert.equal(after.result.bothHold, true);
  // What Kleppmann and Redis's author agree on (no lease catches it) and what they do not (the remedy).
  const said = await w.locator(".ll-narrative").textContent();
  assert.match(said, /No lease catches a pause after the holder's last check: on that Kleppmann and Redis's author agree/);
  assert.match(said, /unique random value, checked by the resource with a check-and-set/);
  assert.doesNotMatch(said, /only a fencing token/);

  // The player: from the start, step by step, the live region tells each answer.
  const play = w.getByRole("button", { name: "Play" });
  await play.focus();
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowRight");
  assert.match(await w.locator(".ll-player [aria-live=polite]").textContent(), /A says yes to client 1/);
  assert.match(await w.locator(".ll-player-now").textContent(), /^5 ms of /);
  // While the story plays, the readouts tell it so far; the verdict waits for the end.
  const stat = (label) => w.locator(".ll-stat", { hasText: label }).locator("dd").textContent();
  assert.equal(await stat("Yes answers"), "1 of 5 (need 3)");
  assert.equal(await stat("Verdict"), "…");
  await page.keyboard.press("End");
  assert.equal(await stat("Verdict"), "two clients hold it");
  // The address keeps the scenario; reopening it restores it.
  await page.waitForFunction(() => location.search.includes("redlock.scenario=client-pause") && location.search.includes("redlock.pause-when=after-check"));
  const again = await openPage(env.browser, page.url());
  const restored = await waitForChange(again.page, of());
  assert.deepEqual(restored.result, after.result);
  assert.deepEqual([...problems, ...again.problems], []);
  await again.context.close();
  await context.close();
});

test("screenshots of Redlock at desktop and phone widths", async () => {
  await screenshotWidgets(env, ["redlock"]);
});
