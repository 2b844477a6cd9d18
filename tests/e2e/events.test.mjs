// One learner action, one locklab:change; an action that changes nothing, none. Checked for every
// widget kind on one author page, by keyboard (a slider), by pointer (a toggle or a radio) and
// through the player (which moves through a timeline without recomputing anything), and for the
// quiz (an answer changes the result; turning to the next card does not).
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServer, openPage, waitForChange, golden } from "./helpers.mjs";

const env = useServer();

const kinds = () => [...new Set(golden().map((g) => g.widget))];

/** The change events `id` has fired so far. */
const count = (page, id) => page.evaluate((id) => window.__events.filter((e) => e.type === "locklab:change" && e.id === id).length, id);

/** Runs `act`, waits for things to settle, and returns how many change events `id` fired. */
async function eventsOf(page, id, act) {
  const before = await count(page, id);
  await act();
  // Long enough for a second event from the same action, any redraw and the address update.
  await page.waitForTimeout(400);
  return (await count(page, id)) - before;
}

test("every widget kind: one event per change, none for a move that changes nothing", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
  await page.waitForFunction(() => globalThis[Symbol.for("locklab.loader")] !== undefined);
  const names = kinds();
  assert.ok(names.length >= 12, names.join(", "));
  await page.evaluate((names) => {
    for (const name of names) {
      const el = document.createElement("div");
      el.id = `w-${name}`;
      el.dataset.locklab = name;
      document.getElementById("slot").append(el);
    }
  }, names);
  for (const name of names) {
    const id = `w-${name}`;
    await waitForChange(page, (d, from) => from === id);
    assert.equal(await count(page, id), 1, `${name}: one event after the first render`);
    const w = page.locator(`#${id}`);
    // Keyboard: one step of the first slider is one event; Home twice is one event, then none.
    const slider = w.locator(".ll-controls").getByRole("slider").first();
    await slider.focus();
    assert.equal(await eventsOf(page, id, () => slider.press("ArrowRight")), 1, `${name}: ArrowRight`);
    assert.equal(await eventsOf(page, id, () => slider.press("Home")), 1, `${name}: Home`);
    assert.equal(await eventsOf(page, id, () => slider.press("Home")), 0, `${name}: Home again changes nothing`);
    // Pointer: a toggle clicked is one event; a radio already chosen, clicked again, none.
    const toggle = w.getByRole("switch").first();
    if (await toggle.count()) {
      assert.equal(await eventsOf(page, id, () => toggle.click()), 1, `${name}: a toggle`);
    }
    const chosen = w.locator("input[type=radio]:checked").first();
    if (await chosen.count()) {
      assert.equal(await eventsOf(page, id, () => chosen.click()), 0, `${name}: the radio already chosen`);
      const other = w.locator("input[type=radio]:not(:checked)").first();
      assert.equal(await eventsOf(page, id, () => other.click()), 1, `${name}: another radio`);
    }
    // The player moves through the story without recomputing: no event.
    const step = w.getByRole("button", { name: /^Step forward|^Next step/ }).first();
    if (await step.count()) {
      assert.equal(await eventsOf(page, id, () => step.click()), 0, `${name}: a player step`);
      const play = w.getByRole("button", { name: "Play" });
      await play.focus();
      assert.equal(await eventsOf(page, id, () => page.keyboard.press("End")), 0, `${name}: the player's End`);
    }
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test("the quiz: an answer is one event, the next card none", async () => {
  const { page, context } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
  await page.waitForFunction(() => globalThis[Symbol.for("locklab.loader")] !== undefined);
  await page.evaluate(() => {
    const el = document.createElement("div");
    el.id = "q";
    el.dataset.locklab = "quiz";
    el.dataset.deck = "interview";
    document.getElementById("slot").append(el);
  });
  await waitForChange(page, (d, id) => id === "q");
  const quiz = page.locator("#q");
  await quiz.locator(".ll-option").first().focus();
  assert.equal(await eventsOf(page, "q", () => page.keyboard.press("1")), 1, "an answer");
  assert.equal(await eventsOf(page, "q", () => page.keyboard.press("Enter")), 0, "the next card");
  await context.close();
});
