// The timeline player on the paused holder: play, pause, step, scrub and jump by keyboard, the
// live region, position kept across a recompute, no timer off screen or after unmount, reduced
// motion and data-autoplay.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServer, openPage, waitForChange } from "./helpers.mjs";

const env = useServer();

// Counts requestAnimationFrame calls (the player's clock runs on them), from before any script.
async function countFrames(page) {
  await page.addInitScript(() => {
    window.__frames = 0;
    const original = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (cb) => {
      window.__frames++;
      return original(cb);
    };
  });
}

const nowText = (w) => w.locator(".ll-player-now").textContent();
const frames = (page) => page.evaluate(() => window.__frames);

test("the paused holder plays, pauses, steps, scrubs and jumps by keyboard, and tells each step", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/`);
  const w = page.locator("[data-locklab=paused-holder]");
  const first = await waitForChange(page, (d) => d.widget === "paused-holder");
  // Lease 10 s, pause 15 s: the story ends 2 s after A wakes at 17.5 s.
  assert.equal(await nowText(w), "19.5 s of 19.5 s", "starts at the end: the whole story");
  const play = w.getByRole("button", { name: "Play" });
  await play.focus();
  await page.keyboard.press("Home");
  assert.equal(await nowText(w), "0 s of 19.5 s");
  await page.keyboard.press("ArrowRight");
  assert.equal(await nowText(w), "0.5 s of 19.5 s");
  const live = w.locator(".ll-player [aria-live=polite]");
  assert.match(await live.textContent(), /At 0\.5 s, B asks for the lock/);
  // The event table marks the current step.
  await w.getByText("The timeline, step by step").click();
  const currentRow = w.locator("table.ll-events tr[aria-current=step]");
  assert.match(await currentRow.textContent(), /asks for the lock/);
  await play.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  assert.equal(await nowText(w), "10 s of 19.5 s");
  assert.match(await live.textContent(), /At 10 s, the lock service lets A's lease expire \(token 33\)\..*grants the lock to B \(token 34\)/);
  await page.keyboard.press("ArrowLeft");
  assert.equal(await nowText(w), "2.5 s of 19.5 s");
  // Space plays; Space again pauses, and the position then holds still.
  await page.keyboard.press("Space");
  await page.waitForFunction(() => {
    const t = document.querySelector("[data-locklab=paused-holder]").shadowRoot.querySelector(".ll-player-now").textContent;
    return parseFloat(t) > 3;
  });
  await page.keyboard.press("Space");
  const paused = await nowText(w);
  await page.waitForTimeout(300);
  assert.equal(await nowText(w), paused);
  // The scrub slider moves the moment too.
  const scrub = w.getByRole("slider", { name: "Time in the story" });
  await scrub.focus();
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowRight");
  assert.equal(await nowText(w), "0.1 s of 19.5 s");
  // Moving a parameter recomputes the timeline and keeps the position; the event still carries
  // the outcome, not the player's position.
  const lease = w.getByRole("slider", { name: "Lease (TTL)" });
  await lease.focus();
  await lease.press("ArrowRight");
  const moved = await waitForChange(page, (d) => d.widget === "paused-holder" && d.params["lease-s"] === 10.5);
  assert.deepEqual(Object.keys(moved.result).sort(), Object.keys(first.result).sort());
  assert.equal(await nowText(w), "0.1 s of 19.5 s");
  // End jumps to the end; keys pressed outside the player do nothing to it.
  await scrub.focus();
  await page.keyboard.press("End");
  assert.equal(await nowText(w), "19.5 s of 19.5 s");
  await page.locator("h1").click();
  await page.keyboard.press("Home");
  assert.equal(await nowText(w), "19.5 s of 19.5 s");
  assert.deepEqual(problems, []);
  await context.close();
});

test("no timer runs off screen or after unmount", async () => {
  const { page, context, problems } = await openPage(env.browser, null);
  await countFrames(page);
  await page.goto(`${env.origin}/fixtures/blank.html`);
  await page.evaluate(() => {
    const el = document.createElement("div");
    el.id = "ph";
    el.dataset.locklab = "paused-holder";
    const spacer = document.createElement("div");
    spacer.id = "spacer";
    spacer.style.height = "5000px";
    document.getElementById("slot").append(el, spacer);
  });
  await waitForChange(page, (d, id) => id === "ph");
  const w = page.locator("#ph");
  await w.getByRole("combobox", { name: "Speed" }).selectOption("0.5");
  await w.getByRole("button", { name: "Play" }).click();
  await page.waitForTimeout(200);
  const a = await frames(page);
  await page.waitForTimeout(200);
  assert.ok((await frames(page)) > a, "frames while playing on screen");
  // Scrolled away: the clock stops.
  await page.evaluate(() => window.scrollTo(0, 4000));
  await page.waitForTimeout(300);
  const away = await frames(page);
  const at = await nowText(w);
  await page.waitForTimeout(400);
  assert.ok((await frames(page)) - away <= 1, "no frames while off screen");
  assert.equal(await nowText(w), at, "the story waits");
  // Back on screen: it carries on.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction((t) => document.querySelector("#ph").shadowRoot.querySelector(".ll-player-now").textContent !== t, at);
  // Unmounted while playing: no frame is asked for again.
  await page.evaluate(() => document.getElementById("ph").remove());
  await page.waitForTimeout(100);
  const gone = await frames(page);
  await page.waitForTimeout(400);
  assert.ok((await frames(page)) - gone <= 1, "no frames after unmount");
  assert.deepEqual(problems, []);
  await context.close();
});

test("data-autoplay plays by itself, except under reduced motion", async () => {
  for (const reducedMotion of ["no-preference", "reduce"]) {
    const { page, context } = await openPage(env.browser, null, { reducedMotion });
    await page.goto(`${env.origin}/fixtures/blank.html`);
    await page.evaluate(() => {
      const el = document.createElement("div");
      el.id = "ph";
      el.dataset.locklab = "paused-holder";
      el.dataset.autoplay = "true";
      document.getElementById("slot").append(el);
    });
    const change = await waitForChange(page, (d, id) => id === "ph");
    assert.ok(!("autoplay" in change.params), "autoplay is the player's, not the simulation's");
    assert.equal(await page.locator("#ph .ll-notice").count(), 0, "no unknown-parameter notice");
    await page.waitForTimeout(400);
    const t = parseFloat(await nowText(page.locator("#ph")));
    if (reducedMotion === "reduce") assert.equal(t, 19.5, "nothing plays by itself");
    else assert.ok(t > 0 && t < 19.5, `playing: ${t}`);
    await context.close();
  }
});
