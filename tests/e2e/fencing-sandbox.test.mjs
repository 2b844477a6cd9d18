// The fencing sandbox: the classic story played by keyboard alone under each protection, the
// reasons on disabled steps, the address and data-steps round trips, a bad step string, and the
// table of every interleaving with an order loaded from it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServer, openPage, waitForChange, golden, screenshotWidgets } from "./helpers.mjs";

const env = useServer();

const of = (pred = () => true) => (d) => d.widget === "fencing-sandbox" && pred(d);
const CLASSIC = ["A.acquire", "A.read", "A.pause", "B.acquire", "B.read", "B.write", "A.write"];

test("the classic story by keyboard alone, under each protection", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/`);
  const w = page.locator("[data-locklab=fencing-sandbox]");
  const first = await waitForChange(page, of());
  const expected = golden().find((g) => g.widget === "fencing-sandbox");
  assert.deepEqual(first.params, expected.params);
  assert.deepEqual(first.result, expected.result, "bit-identical to the native simulation");
  assert.equal(first.result.interleavings, 16);

  // Each step: Tab-reachable buttons, pressed with Enter; the live region tells what happened.
  const live = w.locator(".ll-player [aria-live=polite]");
  const press = async (step) => {
    const [client, action] = step.split(".");
    const button = w.getByRole("button", { name: `${client}: ${action}`, exact: true });
    await button.focus();
    await page.keyboard.press("Enter");
    return waitForChange(page, of((d) => d.result.steps.split(",").at(-1) === step));
  };
  await press("A.acquire");
  // B cannot acquire now, and says why.
  const bAcquire = w.getByRole("button", { name: "B: acquire", exact: true });
  assert.equal(await bAcquire.isDisabled(), true);
  const why = await bAcquire.getAttribute("aria-describedby");
  assert.match(await w.locator(`[id="${why}"]`).textContent(), /B cannot acquire: A's lease has 9 s left/);
  let last;
  for (const step of CLASSIC.slice(1)) last = await press(step);
  assert.match(await live.textContent(), /Storage refuses A's write of 1: token 33 is below 34/);
  assert.deepEqual([last.params.protection, last.result.value, last.result.outcome], ["fence-writes", 10, "correct"]);

  // The same steps with each protection (the radios, by arrow keys).
  const radio = (label) => w.getByRole("radio", { name: label, exact: true });
  await radio("Tokens on writes only").focus();
  await page.keyboard.press("ArrowUp");
  const none = await waitForChange(page, of((d) => d.params.protection === "none"));
  assert.deepEqual([none.result.value, none.result.outcome, none.result.steps], [1, "older-overwrote", CLASSIC.join(",")]);
  assert.match(await w.locator(".ll-narrative").textContent(), /storage went backwards/);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  const all = await waitForChange(page, of((d) => d.params.protection === "fence-all"));
  assert.deepEqual([all.result.value, all.result.outcome], [10, "correct"]);
  await page.keyboard.press("ArrowDown");
  const cas = await waitForChange(page, of((d) => d.params.protection === "conditional"));
  assert.deepEqual([cas.result.value, cas.result.outcome], [10, "correct"]);

  // Undo takes the last step back.
  await w.getByRole("button", { name: "Undo" }).click();
  const undone = await waitForChange(page, of((d) => d.result.steps === CLASSIC.slice(0, -1).join(",")));
  assert.equal(undone.result.finished, false);

  // The address keeps protection and steps; reopening it gives the same story.
  await page.waitForFunction(() => location.search.includes("fencing-sandbox.steps=A.acquire%2CA.read%2CA.pause") && location.search.includes("fencing-sandbox.protection=conditional"));
  const again = await openPage(env.browser, page.url());
  const restored = await waitForChange(again.page, of());
  assert.deepEqual(restored.result, undone.result);
  assert.deepEqual([...problems, ...again.problems], []);
  await again.context.close();
  await context.close();
});

test("every interleaving: the gap of write-only fencing, listed and loaded", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/`);
  const w = page.locator("[data-locklab=fencing-sandbox]");
  const first = await waitForChange(page, of());
  const row = (label) => first.result.byProtection.find((r) => r.protection === label);
  assert.deepEqual([row("fence-all").olderOverwrote + row("fence-all").staleRead, row("conditional").olderOverwrote + row("conditional").staleRead], [0, 0]);
  assert.equal(row("fence-writes").olderOverwrote, 0, "write-only fencing never lets storage go backwards");
  for (const r of first.result.byProtection) assert.equal(r.correct + r.olderOverwrote + r.staleRead, first.result.interleavings);
  // The stale-read lost updates under write-only fencing: every one has A's write between B's read and B's write.
  await w.getByRole("button", { name: /decided on a stale read orders with Tokens on writes only/ }).click();
  const orders = w.locator(".ll-orders li button");
  assert.equal(await orders.count(), row("fence-writes").staleRead);
  for (const text of await orders.allTextContents()) {
    const steps = text.split(" → ");
    const at = (s) => steps.indexOf(s);
    assert.ok(at("B.read") < at("A.write") && at("A.write") < at("B.write"), text);
  }
  await orders.first().click();
  const loaded = await waitForChange(page, of((d) => d.result.finished));
  assert.deepEqual([loaded.params.protection, loaded.result.outcome], ["fence-writes", "stale-read"]);
  // Loaded at its start: the player replays it.
  assert.match(await w.locator(".ll-player-now").textContent(), /^0 steps of 9 steps$/);
  await w.getByRole("button", { name: "Step forward" }).click();
  assert.match(await w.locator(".ll-player [aria-live=polite]").textContent(), /A gets the lock with token 33/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("an author's data-steps: kept up to the first bad step, which the notice names", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
  await page.waitForFunction(() => globalThis[Symbol.for("locklab.loader")] !== undefined);
  await page.evaluate(() => {
    for (const [id, steps, clients] of [
      ["good", "A.acquire,A.read,A.pause,B.acquire,B.read,A.write,B.write", "2"],
      ["bad", "A.acquire, A.read, B.acquire, A.write", "2"],
      ["three", "C.acquire,C.read,C.pause,A.acquire", "3"],
    ]) {
      const el = document.createElement("div");
      el.id = id;
      el.dataset.locklab = "fencing-sandbox";
      el.dataset.steps = steps;
      el.dataset.clients = clients;
      el.dataset.protection = "fence-writes";
      document.getElementById("slot").append(el);
    }
  });
  const good = await waitForChange(page, (d, id) => id === "good");
  assert.deepEqual([good.result.outcome, good.result.value, good.result.highestToken], ["stale-read", 10, 34]);
  const bad = await waitForChange(page, (d, id) => id === "bad");
  assert.equal(bad.result.steps, "A.acquire,A.read");
  assert.match(await page.locator("#bad .ll-notice").first().textContent(), /step 3 “B.acquire” is not possible there \(A's lease has 8 s left\); the 2 before it are kept/);
  const three = await waitForChange(page, (d, id) => id === "three");
  assert.equal(three.result.steps, "C.acquire,C.read,C.pause,A.acquire");
  const threeClients = golden().find((g) => g.widget === "fencing-sandbox" && g.params.clients === 3 && g.params["lease-s"] === 10);
  assert.equal(three.result.interleavings, threeClients.result.interleavings);
  assert.deepEqual(problems, []);
  await context.close();
});

test("screenshots of the fencing sandbox at desktop and phone widths", async () => {
  await screenshotWidgets(env, ["fencing-sandbox"]);
});
