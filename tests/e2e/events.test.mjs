// One learner action, one locklab:change; an action that changes nothing, none. Checked for every
// widget kind on one author page, by keyboard (a slider), by pointer (a toggle or a radio) and
// through the player (which moves through a timeline without recomputing anything), and for the
// quiz (an answer changes the result; turning to the next card does not).
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServer, openPage, waitForChange, golden, focusFirstOption } from "./helpers.mjs";

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
  await focusFirstOption(quiz);
  assert.equal(await eventsOf(page, "q", () => page.keyboard.press("1")), 1, "an answer");
  assert.equal(await eventsOf(page, "q", () => page.keyboard.press("Enter")), 0, "the next card");
  await context.close();
});

test("a page that sets widgets from inside a locklab:change listener (syncing two) keeps every widget working", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
  await page.waitForFunction(() => globalThis[Symbol.for("locklab.loader")] !== undefined);
  await page.evaluate(() => {
    for (const id of ["a", "b"]) {
      const el = document.createElement("div");
      el.id = id;
      el.dataset.locklab = "ttl-tradeoff";
      document.getElementById("slot").append(el);
    }
    // B follows A, synchronously, from A's own report; at the longest TTL, A is set back to 60 s
    // from inside that report too. (This trapped the wasm until 3 December: every widget stopped.)
    document.getElementById("a").addEventListener("locklab:change", (e) => {
      const ttl = e.detail.params["ttl-s"];
      document.getElementById("b").dispatchEvent(new CustomEvent("locklab:set", { detail: { params: { "ttl-s": ttl } } }));
      if (ttl === 120) e.target.dispatchEvent(new CustomEvent("locklab:set", { detail: { params: { "ttl-s": 60 } } }));
    });
  });
  await waitForChange(page, (d, id) => id === "a");
  await waitForChange(page, (d, id) => id === "b");
  const slider = page.locator("#a").getByRole("slider", { name: "Lock TTL" });
  await slider.focus();
  await slider.press("End");
  await waitForChange(page, (d, id) => id === "a" && d.params["ttl-s"] === 120);
  await waitForChange(page, (d, id) => id === "a" && d.params["ttl-s"] === 60);
  await waitForChange(page, (d, id) => id === "b" && d.params["ttl-s"] === 60);
  // Both still answer the keyboard.
  await slider.press("Home");
  await waitForChange(page, (d, id) => id === "b" && d.params["ttl-s"] === 0.1);
  const other = page.locator("#b").getByRole("slider", { name: "Lock TTL" });
  await other.focus();
  await other.press("End");
  await waitForChange(page, (d, id) => id === "b" && d.params["ttl-s"] === 120);
  assert.deepEqual(problems, []);
  await context.close();
});
