// xAPI statements from a quiz answered by keyboard: every locklab:answer carries an `answered`
// statement and the last one is followed by locklab:complete with a `completed` statement and the
// deck's score, checked here against the xAPI specification's rules (written out from the spec in
// helpers.mjs, independently of the Rust checker); no actor unless the author gives one; and the
// iframe embed forwards them.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { useServer, openPage, root, answerAll, deckFile, xapiProblems } from "./helpers.mjs";

const env = useServer();


test("a deck answered by keyboard: valid statements, a completed statement with the score", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
  await page.waitForFunction(() => globalThis[Symbol.for("locklab.loader")] !== undefined);
  await page.evaluate(() => {
    for (const [id, attrs] of [
      ["anon", { deck: "interview" }],
      ["named", { deck: "interview", activityBase: "https://course.example/locks", actorName: "Ada", actorMbox: "ada@example.org" }],
    ]) {
      const el = document.createElement("div");
      el.id = id;
      el.dataset.locklab = "quiz";
      Object.assign(el.dataset, attrs);
      document.getElementById("slot").append(el);
    }
  });
  const deck = deckFile("interview");
  const quiz = page.locator("#anon");
  await quiz.locator(".ll-option").first().waitFor();
  await answerAll(page, quiz, deck, [1]);
  const events = await page.evaluate(() => window.__events.filter((e) => e.id === "anon" && e.type !== "locklab:change"));
  const answers = events.filter((e) => e.type === "locklab:answer");
  assert.equal(answers.length, deck.cards.length);
  for (const { detail } of answers) {
    const s = detail.statement;
    assert.deepEqual(xapiProblems(s), [], JSON.stringify(s));
    assert.equal(s.verb.id, "http://adlnet.gov/expapi/verbs/answered");
    assert.equal(s.object.id, `urn:locklab:quiz:interview:${encodeURIComponent(detail.question)}`);
    assert.equal(s.object.definition.interactionType, "choice");
    assert.equal(s.result.success, detail.correct);
    assert.equal(s.result.response, `option-${detail.choice}`);
    assert.deepEqual(s.result.score, { min: 0, max: 1, raw: detail.correct ? 1 : 0, scaled: detail.correct ? 1 : 0 });
    assert.equal(s.actor, undefined, "the page does not know the learner");
    const card = deck.cards.find((c) => c.id === detail.question);
    assert.deepEqual(s.object.definition.correctResponsesPattern, [`option-${card.options.findIndex((o) => o.correct)}`]);
  }
  const complete = events.filter((e) => e.type === "locklab:complete");
  assert.equal(complete.length, 1, "one completed statement, after the last answer");
  assert.equal(events.at(-1).type, "locklab:complete");
  const right = answers.filter((a) => a.detail.correct).length;
  assert.equal(right, deck.cards.length - 1);
  const c = complete[0].detail;
  assert.deepEqual([c.correct, c.cards], [right, deck.cards.length]);
  assert.deepEqual(xapiProblems(c.statement), []);
  assert.equal(c.statement.verb.id, "http://adlnet.gov/expapi/verbs/completed");
  assert.equal(c.statement.object.id, "urn:locklab:quiz:interview");
  assert.deepEqual(c.statement.result, { completion: true, score: { min: 0, max: deck.cards.length, raw: right, scaled: right / deck.cards.length } });

  // With the author's base and learner.
  const named = page.locator("#named");
  await answerAll(page, named, deck, []);
  const last = await page.evaluate(() => window.__events.filter((e) => e.id === "named" && e.type === "locklab:complete").at(-1)?.detail);
  assert.deepEqual(last.statement.actor, { objectType: "Agent", name: "Ada", mbox: "mailto:ada@example.org" });
  assert.equal(last.statement.object.id, "https://course.example/locks/interview");
  assert.deepEqual(xapiProblems(last.statement), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the iframe embed forwards the statements to the parent page", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
  await page.evaluate((src) => {
    window.__framed = [];
    for (const type of ["locklab:answer", "locklab:complete"]) document.addEventListener(type, (e) => window.__framed.push({ type, detail: e.detail }));
    const script = document.createElement("script");
    script.src = src.replace("embed.html", "locklab-embed.js");
    document.head.append(script);
    const frame = document.createElement("iframe");
    frame.setAttribute("data-locklab-frame", "");
    frame.title = "quiz";
    frame.src = src;
    document.getElementById("slot").append(frame);
  }, `${env.origin}/course/locks/embed.html?widget=quiz&deck=interview`);
  const frame = page.frameLocator("iframe");
  await frame.locator(".ll-option").first().waitFor();
  await answerAll(page, frame.locator("body"), deckFile("interview"), []);
  await page.waitForFunction(() => window.__framed.some((e) => e.type === "locklab:complete"));
  const framed = await page.evaluate(() => window.__framed);
  assert.ok(framed.filter((e) => e.type === "locklab:answer").every((e) => xapiProblems(e.detail.statement).length === 0));
  assert.equal(framed.find((e) => e.type === "locklab:complete").detail.statement.result.score.scaled, 1);
  assert.deepEqual(problems, []);
  await context.close();
});
