// The quiz cards, as a learner with a keyboard and as an author with their own deck.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { useServer, openPage, waitForChange, root, artifacts, deckFile, focusFirstOption } from "./helpers.mjs";

const env = useServer();

const lesson = () => `${env.origin}/course/locks/`;
const answers = (page) => page.evaluate(() => window.__events.filter((e) => e.type === "locklab:answer").map((e) => e.detail));

/** The on-screen number (1-based) of the right option of the card shown in `quiz`. */
async function rightKey(quiz, deck) {
  const question = (await quiz.locator(".ll-question").textContent()).trim();
  const card = deck.cards.find((c) => c.question === question);
  assert.ok(card, `card not found: ${question}`);
  const right = card.options.find((o) => o.correct).text;
  const shown = await quiz.locator(".ll-option-text").allTextContents();
  return { card, key: shown.indexOf(right) + 1 };
}

test("a whole deck by keyboard only: keys answer, Enter moves on, XP and summary add up", async () => {
  const { page, context, problems } = await openPage(env.browser, lesson());
  const quiz = page.locator("[data-deck=which-protection]");
  await waitForChange(page, (d) => d.widget === "quiz" && d.params.deck === "which-protection");
  const deck = deckFile("which-protection");
  // Keys do nothing while the quiz does not have focus.
  await page.locator("body").press("2");
  assert.equal((await answers(page)).length, 0, "no global shortcuts");

  await focusFirstOption(quiz);
  for (let i = 0; i < deck.cards.length; i++) {
    const { card, key } = await rightKey(quiz, deck);
    // Get the first and third cards wrong on purpose.
    const wrong = i === 0 || i === 2;
    const pressed = wrong ? (key % card.options.length) + 1 : key;
    await page.keyboard.press(String(pressed));
    await quiz.locator(".ll-verdict").filter({ hasText: wrong ? "Not quite" : "Correct" }).waitFor();
    // Every option now explains itself.
    assert.equal(await quiz.locator(".ll-why").count(), card.options.length);
    // Focus moves to "Next"; Enter takes the next card.
    const label = i + 1 === deck.cards.length ? "See the summary" : "Next card";
    await page.waitForFunction((label) => {
      // Focus inside a widget's shadow root shows as the host here; look inside.
      let el = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      return el?.textContent?.trim() === label;
    }, label);
    await page.keyboard.press("Enter");
  }
  const n = deck.cards.length;
  await quiz.locator(".ll-summary").waitFor();
  assert.match(await quiz.locator(".ll-summary").textContent(), new RegExp(`You answered ${n - 2} of ${n} correctly at the first try, and have ${(n - 2) * 20} XP`));
  const events = await answers(page);
  assert.equal(events.length, n);
  assert.deepEqual(Object.keys(events[0]).sort(), ["choice", "choiceText", "correct", "deck", "question", "statement", "totalXp", "xp"]);
  assert.equal(events.at(-1).totalXp, (n - 2) * 20);
  assert.equal(events.filter((e) => e.correct).length, n - 2);

  // Retry the two missed cards: right this time, but no XP for second tries.
  await quiz.getByRole("button", { name: "Retry the ones I missed (2)" }).click();
  for (let i = 0; i < 2; i++) {
    await focusFirstOption(quiz);
    const { key } = await rightKey(quiz, deck);
    await page.keyboard.press(String(key));
    await quiz.locator(".ll-verdict").filter({ hasText: "Correct." }).waitFor();
    await page.keyboard.press("Enter");
  }
  assert.match(await quiz.locator(".ll-summary").textContent(), new RegExp(`2 of 2 correctly this round, and have ${(n - 2) * 20} XP`));
  await quiz.getByRole("button", { name: "Start over" }).click();
  assert.match(await quiz.locator(".ll-quiz-status").textContent(), new RegExp(`Card 1 of ${n} · 0 XP`));
  assert.deepEqual(problems, []);
  await context.close();
});

test("Enter moves on from the answered option too (pressed before focus has moved to Next)", async () => {
  // Focus moves to Next a frame after an answer; an Enter in that frame reached the answered
  // option's button and was lost (a quick keyboard user, and a test helper, were left on the card).
  const { page, context, problems } = await openPage(env.browser, lesson());
  const quiz = page.locator("[data-deck=which-protection]");
  await waitForChange(page, (d) => d.widget === "quiz" && d.params.deck === "which-protection");
  const deck = deckFile("which-protection");
  await focusFirstOption(quiz);
  const { key } = await rightKey(quiz, deck);
  await page.keyboard.press(String(key));
  await quiz.locator(".ll-verdict").waitFor();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  // Back on the option it answered with, as when Enter comes within the frame.
  await quiz.locator(".ll-option").nth(key - 1).focus();
  await page.keyboard.press("Enter");
  await quiz.locator(".ll-quiz-status").filter({ hasText: `Card 2 of ${deck.cards.length}` }).waitFor({ timeout: 3000 });
  assert.deepEqual(problems, []);
  await context.close();
});

test("progress survives a reload with the same option order; corrupt progress is discarded with a notice", async () => {
  const { page, context, problems } = await openPage(env.browser, lesson());
  const quiz = page.locator("[data-deck=interview]");
  await waitForChange(page, (d) => d.widget === "quiz" && d.params.deck === "interview");
  const deck = deckFile("interview");
  const { key } = await rightKey(quiz, deck);
  await quiz.locator(".ll-option").nth(key - 1).click();
  await quiz.getByRole("button", { name: "Next card" }).click();
  const orderBefore = await quiz.locator(".ll-option-text").allTextContents();
  await page.reload();
  await waitForChange(page, (d) => d.widget === "quiz" && d.params.deck === "interview");
  assert.match(await quiz.locator(".ll-quiz-status").textContent(), /Card 2 of \d+ · 20 XP/);
  assert.deepEqual(await quiz.locator(".ll-option-text").allTextContents(), orderBefore, "same shuffled order");

  // Corrupt the saved entry, reload: a notice, and a fresh start.
  await page.evaluate(() => localStorage.setItem("locklab:quiz:v1:interview", "{\"version\":1,\"xp\":\"lots\""));
  await page.reload();
  await waitForChange(page, (d) => d.widget === "quiz" && d.params.deck === "interview");
  assert.match(await quiz.locator(".ll-notice").textContent(), /Saved progress for this deck was discarded: the saved progress was unreadable/);
  assert.match(await quiz.locator(".ll-quiz-status").textContent(), /Card 1 of \d+ · 0 XP/);
  assert.deepEqual(problems, []);
  await context.close();
});

/** Walks `quiz` to the card `id` of `deck` and answers it right. */
async function answerCard(quiz, deck, id) {
  for (;;) {
    const { card, key } = await rightKey(quiz, deck);
    await quiz.locator(".ll-option").nth(key - 1).click();
    if (card.id === id) return;
    await quiz.getByRole("button", { name: /Next card/ }).click();
  }
}

test("check-yourself cards set up the widget on the same page; elsewhere they link to the lesson", async () => {
  const { page, context, problems } = await openPage(env.browser, lesson());
  const quiz = page.locator("[data-deck=check-yourself]");
  await waitForChange(page, (d) => d.widget === "quiz" && d.params.deck === "check-yourself");
  const deck = deckFile("check-yourself");
  await answerCard(quiz, deck, "fencing-blind-spot");
  // The lesson page has a paused holder: the card's link sets it up where it is, no reload.
  assert.equal(await quiz.locator(".ll-link a").count(), 0);
  await quiz.getByRole("button", { name: /in the widget on this page/ }).click();
  const preset = await waitForChange(page, (d) => d.widget === "paused-holder" && d.params["pause-s"] === 8);
  assert.equal(preset.params.protection, "fence-writes");
  assert.equal(preset.result.outcome, "b-overwrote-a");
  // The widget's own narrative names the gap as write-only fencing's, and the address keeps it.
  assert.match(await page.locator("[data-locklab=paused-holder] .ll-narrative").textContent(), /Write-only fencing cannot stop this/);
  await page.waitForFunction(() => location.search.includes("paused-holder.pause-s=8"));
  // In embed.html (no paused holder there) the link opens the site's lesson, as the page names it.
  const embed = await openPage(env.browser, `${env.origin}/course/locks/embed.html?widget=quiz&deck=check-yourself`);
  const alone = embed.page.locator("[data-locklab=quiz]");
  await waitForChange(embed.page, (d) => d.widget === "quiz");
  await answerCard(alone, deck, "fencing-blind-spot");
  const href = await alone.locator(".ll-link a").getAttribute("href");
  assert.equal(href, `${env.origin}/course/locks/index.html?paused-holder.pause-s=8&paused-holder.protection=fence-writes#the-paused-holder`);
  assert.deepEqual([...problems, ...embed.problems], []);
  await embed.context.close();
  await context.close();
});

test("author decks: markup stays text, broken and missing decks say what is wrong, the page keeps working", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/quiz-authors.html`);
  await waitForChange(page, (d, id) => id === "markup");
  const markup = page.locator("#markup");
  assert.match(await markup.locator(".ll-question").textContent(), /<img src=x onerror="window.__pwned = 1">/);
  assert.equal(await markup.locator("img, script, b, em").count(), 0, "no element was created from deck text");
  assert.match(await markup.locator(".ll-title").textContent(), /<b>with markup<\/b>/);
  await markup.locator(".ll-option").first().click();
  assert.equal(await page.evaluate(() => window.__pwned), undefined);

  const missing = page.locator("#missing .ll-notice");
  await missing.waitFor();
  assert.match(await missing.textContent(), /decks\/missing\.json could not be loaded \(HTTP 404\)/);
  const broken = page.locator("#broken .ll-notice");
  await broken.waitFor();
  assert.match(await broken.textContent(), /card 1 \(“two-right”\): 2 options are marked correct; exactly one must be/);
  assert.match(await page.locator("#unknown .ll-notice").textContent(), /no built-in deck called “no-such-deck”.*which-protection, interview, check-yourself/);
  // The counter race on the same page works.
  const race = await waitForChange(page, (d, id) => id === "race");
  assert.equal(race.params.workers, 3);
  // The only problem reported is the deliberate 404.
  assert.ok(problems.every((p) => p.includes("404")), problems.join("\n"));
  await page.screenshot({ path: path.join(artifacts, "quiz-author-page.png"), fullPage: true });
  await context.close();
});

test("screenshots of a quiz card at desktop and phone widths", async () => {
  for (const [name, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 360, height: 740 }],
  ]) {
    const { page, context, problems } = await openPage(env.browser, null, { viewport });
    await page.goto(lesson());
    await waitForChange(page, (d) => d.widget === "quiz" && d.params.deck === "which-protection");
    const quiz = page.locator("[data-deck=which-protection]");
    await quiz.locator(".ll-option").nth(1).click();
    await quiz.screenshot({ path: path.join(artifacts, `quiz-${name}.png`) });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${name}: ${overflow}px of horizontal scroll`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("data-layout=\"slide\" on a quiz: no notice, larger type for projection, no lede", async () => {
  // Issue #41, item 6: the README lists layout for every widget; the quiz said "Unknown parameter".
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
  await page.waitForFunction(() => globalThis[Symbol.for("locklab.loader")] !== undefined);
  await page.evaluate(() => {
    for (const [id, layout] of [["plain", null], ["slide", "slide"]]) {
      const el = document.createElement("div");
      el.id = id;
      el.dataset.locklab = "quiz";
      el.dataset.deck = "leases";
      if (layout) el.dataset.layout = layout;
      document.getElementById("slot").append(el);
    }
  });
  await waitForChange(page, (d, id) => id === "slide");
  await waitForChange(page, (d, id) => id === "plain");
  const look = (id) =>
    page.locator(`[id="${id}"]`).evaluate((el) => {
      const root = el.shadowRoot;
      const lede = root.querySelector(".ll-lede");
      return {
        notices: root.querySelectorAll(".ll-notice li, .ll-notices li").length,
        size: parseFloat(getComputedStyle(root.querySelector(".ll-question")).fontSize),
        lede: !!lede && getComputedStyle(lede).display !== "none",
      };
    });
  const [plain, slide] = [await look("plain"), await look("slide")];
  assert.equal(slide.notices, 0, "no notice for layout");
  assert.ok(plain.lede && !slide.lede, "the lede is for reading, not for a slide");
  assert.ok(slide.size >= plain.size * 1.2, `larger type: ${slide.size} px against ${plain.size} px`);
  await page.locator("#slide").screenshot({ path: path.join(artifacts, "quiz-slide.png") });
  assert.deepEqual(problems, []);
  await context.close();
});
