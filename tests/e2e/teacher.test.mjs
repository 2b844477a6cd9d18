// Issue #45, a teacher's controls: `controls` shows only the controls it names, in its order (the
// others keep their values, and are not in the page at all); `fixed` shows its controls disabled,
// saying so in their labels, and Reset leaves them (and the hidden ones) as the teacher set them.
// Used as a learner uses the widget: by keyboard (Tab reaches only what may change), reading what
// a screen reader reads, and the events. A bad name is a notice, as for any attribute.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { start, openPage, waitForChange, artifacts, root, answerAll, deckFile, styled } from "./helpers.mjs";

const registry = JSON.parse(fs.readFileSync(path.join(root, "integrations/hugo/data/locklab/registry.json"), "utf8"));
const spec = (widget, name) => registry.widgets.find((w) => w.name === widget).params.find((p) => p.name === name);
let env, pages;
before(async () => {
  pages = fs.mkdtempSync(path.join(os.tmpdir(), "locklab-teacher-"));
  const page = (name, body) =>
    fs.writeFileSync(
      path.join(pages, name),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>teacher</title><script type="module" src="/course/locks/locklab.js"></script></head><body>${body}</body></html>`,
    );
  page(
    "controls.html",
    `<locklab-widget id="ttl" name="ttl-tradeoff" controls="stall-chance, ttl-s" fixed="ttl-s" ttl-s="30" work-s="0.5"></locklab-widget>
     <div id="race" data-locklab="counter-race" data-controls="none" data-workers="3"></div>
     <locklab-widget id="seeded" name="counter-race" controls="workers, seed" fixed="seed" seed="42"></locklab-widget>`,
  );
  page(
    "score.html",
    `<locklab-widget id="shown" name="ttl-tradeoff" challenges="builtin"></locklab-widget>
     <locklab-widget id="hidden" name="ttl-tradeoff" challenges="builtin" score="hidden"></locklab-widget>
     <locklab-widget id="quiz" name="quiz" deck="leases" score="hidden"></locklab-widget>`,
  );
  page(
    "tries.html",
    `<locklab-widget id="once" name="ttl-tradeoff" challenges="builtin" tries="1"></locklab-widget>
     <locklab-widget id="q1" name="quiz" deck="leases" tries="1"></locklab-widget>
     <locklab-widget id="q2" name="quiz" deck="interview" tries="2"></locklab-widget>
     <locklab-widget id="zero" name="counter-race" tries="0"></locklab-widget>`,
  );
  page("bad.html", `<locklab-widget id="bad" name="ttl-tradeoff" controls="tll-s, ttl-s" fixed="colour"></locklab-widget>`);
  page(
    "address.html",
    `<div id="addr" data-locklab="ttl-tradeoff" data-locklab-url data-controls="stall-chance, ttl-s" data-fixed="ttl-s" data-ttl-s="30"></div>
     <div id="free" data-locklab="counter-race" data-locklab-url></div>`,
  );
  env = await start({ mounts: [{ prefix: "/teacher/", dir: pages }] });
});
after(async () => {
  await env?.stop();
  fs.rmSync(pages, { recursive: true, force: true });
});

const url = (name) => `${env.origin}/teacher/${name}`;

// What the learner can reach and read in a widget's controls.
async function controlsOf(page, id) {
  return page.evaluate((id) => {
    const root = document.getElementById(id).shadowRoot;
    const box = root.querySelector(".ll-controls");
    return {
      labels: [...box.querySelectorAll(".ll-field-label")].map((l) => l.textContent.trim()),
      inputs: [...box.querySelectorAll("input, select")].map((i) => ({ name: i.name, type: i.type, disabled: i.disabled })),
      buttons: [...box.querySelectorAll("button")].map((b) => ({ text: b.textContent.trim(), disabled: b.disabled })),
      more: box.querySelector(".ll-more") !== null,
    };
  }, id);
}

test("controls shows those controls in its order, fixed disables them and says so, the rest are not in the page", async () => {
  const { page, problems, context } = await openPage(env.browser, url("controls.html"));
  const ttl = await waitForChange(page, (d, id) => id === "ttl");
  assert.equal(ttl.params["ttl-s"], 30);
  assert.equal(ttl.params["work-s"], 0.5, "a hidden control keeps the teacher's value");
  const c = await controlsOf(page, "ttl");
  assert.deepEqual(c.labels, [spec("ttl-tradeoff", "stall-chance").label, `${spec("ttl-tradeoff", "ttl-s").label} (fixed)`]);
  assert.deepEqual(
    c.inputs.map((i) => [i.name, i.disabled]),
    [
      ["stall-chance", false],
      ["ttl-s", true],
    ],
  );
  assert.equal(c.more, false, "no More settings: the teacher chose what is shown");
  assert.deepEqual(c.buttons.map((b) => b.text), ["Reset"], "no New seed: the seed is not among the controls");
  // The accessibility tree: the fixed slider is there, disabled, its name saying why (once the
  // stylesheet has arrived: the widget is hidden, and out of the tree, until then).
  await styled(page);
  const tree = await page.locator("#ttl").ariaSnapshot();
  assert.match(tree, /slider "Lock TTL \(fixed\)"[^\n]*\[disabled\]/);
  assert.doesNotMatch(tree, /Typical work/, "a hidden control is not in the accessibility tree");

  // By keyboard: Tab from the page's start reaches the stall chance, then Reset; never the TTL.
  await page.keyboard.press("Tab");
  const reached = [];
  for (let i = 0; i < 6; i++) {
    reached.push(await page.evaluate(() => {
      const el = document.activeElement?.shadowRoot?.activeElement;
      return el ? el.name || el.textContent.trim() : null;
    }));
    await page.keyboard.press("Tab");
  }
  assert.ok(!reached.includes("ttl-s"), `Tab never reaches the fixed TTL: ${reached}`);
  await page.locator("#ttl").locator('input[name="stall-chance"]').focus();
  await page.keyboard.press("ArrowRight");
  const moved = await waitForChange(page, (d, id) => id === "ttl" && d.params["stall-chance"] !== ttl.params["stall-chance"]);
  assert.equal(moved.params["ttl-s"], 30, "the fixed TTL did not move");
  // Reset brings the stall chance back to its default, and leaves the fixed and hidden ones.
  await page.locator("#ttl").getByRole("button", { name: "Reset" }).press("Enter");
  const reset = await waitForChange(page, (d, id) => id === "ttl" && d.params["stall-chance"] === Number(spec("ttl-tradeoff", "stall-chance").default));
  assert.equal(reset.params["ttl-s"], 30);
  assert.equal(reset.params["work-s"], 0.5);

  // controls=none: no control at all (data-locklab form), the widget's figures as the teacher set them.
  const race = await waitForChange(page, (d, id) => id === "race");
  assert.equal(race.params.workers, 3);
  const r = await controlsOf(page, "race");
  assert.deepEqual(r.inputs, []);
  assert.deepEqual(r.buttons.map((b) => b.text), ["Reset"]);
  // The seed shown and fixed: New seed is there, disabled, and the seed says it is fixed.
  const s = await controlsOf(page, "seeded");
  assert.deepEqual(s.buttons, [
    { text: "New seed", disabled: true },
    { text: "Reset", disabled: false },
  ]);
  assert.match(await page.locator("#seeded").locator(".ll-seed").textContent(), /seed 42 \(fixed\)/);
  assert.deepEqual(problems, []);
  await page.screenshot({ path: path.join(artifacts, "teacher-controls.png"), fullPage: true });
  await context.close();
});

test("a learner who edits the page's address changes only what the controls let them change", async () => {
  // The lesson page's address syntax: widget.parameter=value (crates/widgets/src/url.rs).
  const q = "?ttl-tradeoff.ttl-s=60&ttl-tradeoff.stall-chance=0.02&ttl-tradeoff.work-s=2&ttl-tradeoff.fixed=&ttl-tradeoff.theme=dark&counter-race.workers=7";
  const { page, problems, context } = await openPage(env.browser, url(`address.html${q}`));
  const addr = await waitForChange(page, (d, id) => id === "addr");
  assert.equal(addr.params["ttl-s"], 30, "fixed: the teacher's value, not the address's");
  assert.equal(addr.params["work-s"], Number(spec("ttl-tradeoff", "work-s").default), "hidden: the default, not the address's");
  assert.equal(addr.params["stall-chance"], 0.02, "a control the learner has: the address may set it");
  const notice = page.locator("#addr .ll-notice").filter({ hasText: "The page’s address cannot set ttl-s, work-s, fixed: this widget’s author chose what learners may change; left out." });
  await notice.waitFor();
  assert.equal(await page.locator("#addr input[name=ttl-s]").isDisabled(), true, "still fixed: the address's fixed= did not lift it");
  // A widget without a teacher's choice takes the address as before.
  const free = await waitForChange(page, (d, id) => id === "free");
  assert.equal(free.params.workers, 7);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a name that is no parameter is a notice naming it; the known names still apply", async () => {
  const { page, problems, context } = await openPage(env.browser, url("bad.html"));
  await waitForChange(page, (d, id) => id === "bad");
  const notices = (await page.locator("#bad").locator(".ll-notice").allTextContents()).join(" ");
  assert.match(notices, /controls: “tll-s” is no parameter of this widget/);
  assert.match(notices, /fixed: “colour” is no parameter of this widget/);
  const c = await controlsOf(page, "bad");
  assert.deepEqual(c.inputs.map((i) => i.name), ["ttl-s"]);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the gallery sets them: a control hidden and one fixed, in the preview and the embed code", async () => {
  const { page, problems, context } = await openPage(env.browser, `${env.origin}/course/locks/gallery.html?widget=ttl-tradeoff`);
  await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
  const rows = page.locator("#class-controls label");
  const names = registry.widgets.find((w) => w.name === "ttl-tradeoff").params.map((p) => p.name);
  assert.deepEqual(await rows.locator("code").allTextContents(), names);
  // By keyboard: each choice is a select.
  const choose = async (name, value) => {
    const select = page.locator("#class-controls label", { has: page.locator("code", { hasText: new RegExp(`^${name}$`) }) }).locator("select");
    await select.focus();
    await select.selectOption(value);
    await page.waitForFunction((n) => document.activeElement?.closest("label")?.querySelector("code")?.textContent === n, name);
  };
  await choose("work-s", "hidden");
  await choose("ttl-s", "fixed");
  const code = await page.locator("#script-code").inputValue();
  assert.ok(code.includes(`data-controls="${names.filter((n) => n !== "work-s").join(", ")}"`), code);
  assert.ok(code.includes('data-fixed="ttl-s"'), code);
  assert.match(await page.locator("#cdn-code").inputValue(), / fixed="ttl-s"/);
  // The preview is mounted again with them.
  await page.waitForFunction(() => document.querySelector("#preview-widget")?.shadowRoot?.querySelector('input[name="ttl-s"]')?.disabled === true);
  assert.equal(await page.locator("#preview-widget").locator('input[name="work-s"]').count(), 0);
  assert.deepEqual(problems, []);
  await page.locator("#class-section").screenshot({ path: path.join(artifacts, "gallery-class.png") });
  await context.close();
});

test("the gallery chooses the challenges, the tries and whether the score shows, in the preview and the embed code", async () => {
  const { page, problems, context } = await openPage(env.browser, `${env.origin}/course/locks/gallery.html?widget=ttl-tradeoff`);
  await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
  const set = JSON.parse(fs.readFileSync(path.join(root, "crates", "course", "challenges", "ttl-tradeoff.json"), "utf8"));
  const ids = set.challenges.map((c) => c.id);
  assert.equal(await page.locator("#class-challenges").isHidden(), true, "no choice of challenges without them");
  await page.locator("#challenges-toggle").check();
  const boxes = page.locator("#class-challenge-list input[type=checkbox]");
  await boxes.first().waitFor();
  assert.deepEqual(await boxes.evaluateAll((b) => b.map((x) => [x.value, x.checked])), ids.map((id) => [id, true]));
  // Leave the first one out, by keyboard.
  await boxes.first().focus();
  await page.keyboard.press("Space");
  await page.locator("#class-tries").selectOption("1");
  await page.locator("#class-score").check();
  const want = `builtin:${ids.slice(1).join(",")}`;
  await page.waitForFunction((w) => document.getElementById("script-code").value.includes(`data-challenges="${w}"`), want);
  const code = await page.locator("#script-code").inputValue();
  assert.ok(code.includes('data-tries="1"') && code.includes('data-score="hidden"'), code);
  assert.match(await page.locator("#cdn-code").inputValue(), new RegExp(` challenges="${want}"[^>]* tries="1" score="hidden"`));
  // The preview carries them: the challenges chosen, no count of them met, one answer each.
  const preview = page.locator("#preview-widget");
  await page.waitForFunction(() => document.querySelector("#preview-widget")?.shadowRoot?.querySelector(".ll-challenges > summary")?.textContent === "Challenges");
  await preview.locator(".ll-challenges > summary").click();
  assert.equal((await preview.locator(".ll-challenge-count").textContent()).trim(), `Challenge 1 of ${ids.length - 1}`);
  assert.equal((await preview.locator(".ll-challenge-prompt").textContent()).trim(), set.challenges[1].prompt);
  assert.match(await preview.getByRole("button", { name: /It can't be done/ }).textContent(), /\(1 answer left\)/);
  // A quiz takes the tries and the score too.
  const quizIndex = await page.locator("#widget-picker option").evaluateAll((o) => o.findIndex((x) => x.textContent.startsWith("Quiz")));
  await page.locator("#widget-picker").selectOption(String(quizIndex));
  await page.waitForFunction(() => document.getElementById("script-code").value.includes('data-locklab="quiz"'));
  const quizCode = await page.locator("#script-code").inputValue();
  assert.ok(quizCode.includes('data-tries="1"') && quizCode.includes('data-score="hidden"'), quizCode);
  assert.equal(await page.locator("#class-challenges").isHidden(), true);
  assert.deepEqual(problems, []);
  await page.locator("#class-section").screenshot({ path: path.join(artifacts, "gallery-class-course.png") });
  await context.close();
});

test("the gallery chooses which built-in predictions, by keyboard, into the embed code, the iframe's address and the package", async () => {
  const { page, problems, context } = await openPage(env.browser, `${env.origin}/course/locks/gallery.html?widget=paused-holder`);
  await waitForChange(page, (d) => d.widget === "paused-holder");
  const set = JSON.parse(fs.readFileSync(path.join(root, "crates", "course", "predictions", "paused-holder.json"), "utf8"));
  const ids = set.predictions.map((p) => p.id);
  assert.ok(ids.length >= 3, "a set to choose from");
  assert.equal(await page.locator("#class-predictions").isHidden(), true, "no choice of predictions without them");
  await page.locator("#predict-toggle").check();
  const boxes = page.locator("#class-prediction-list input[type=checkbox]");
  await boxes.first().waitFor();
  assert.deepEqual(await boxes.evaluateAll((b) => b.map((x) => [x.value, x.checked])), ids.map((id) => [id, true]));
  await page.waitForFunction(() => document.getElementById("script-code").value.includes('data-predict="builtin"'));
  // Leave out the first and the third, by keyboard: the rest stay in the set's order.
  for (const k of [0, 2]) {
    await boxes.nth(k).focus();
    await page.keyboard.press("Space");
  }
  const kept = ids.filter((_, k) => k !== 0 && k !== 2);
  const want = `builtin:${kept.join(",")}`;
  await page.waitForFunction((w) => document.getElementById("script-code").value.includes(`data-predict="${w}"`), want);
  assert.match(await page.locator("#iframe-code").inputValue(), new RegExp(`predict=${want.replace(":", "(:|%3A)").replaceAll(",", "(,|%2C)")}`));
  assert.match(await page.locator("#cdn-code").inputValue(), new RegExp(` predict="${want}"`));
  // Every box left out: no predictions at all, and nothing in the code.
  for (const k of kept.map((id) => ids.indexOf(id))) {
    await boxes.nth(k).focus();
    await page.keyboard.press("Space");
  }
  await page.waitForFunction(() => !document.getElementById("script-code").value.includes("data-predict"));
  // Another widget starts with all of its own again.
  await page.locator("#widget-picker").selectOption({ label: "Counter race" });
  await page.waitForFunction(() => document.getElementById("script-code").value.includes('data-predict="builtin"'));
  assert.deepEqual(problems, []);
  await page.locator("#class-section").screenshot({ path: path.join(artifacts, "gallery-class-predictions.png") });
  await context.close();
});

test("score=hidden: no count of challenges met, no right answers or XP in a quiz; the events still carry the score", async () => {
  const { page, problems, context } = await openPage(env.browser, url("score.html"));
  await waitForChange(page, (d, id) => id === "hidden");
  await waitForChange(page, (d, id) => id === "shown");
  const summary = (id) => page.locator(`#${id}`).locator(".ll-challenges > summary").textContent();
  assert.match(await summary("shown"), /^Challenges: 0 of \d+ met$/, "the usual summary beside it");
  assert.equal(await summary("hidden"), "Challenges");
  const quiz = page.locator("#quiz");
  const deck = deckFile("leases");
  await waitForChange(page, (d, id) => id === "quiz");
  const text = () => quiz.evaluate((el) => el.shadowRoot.textContent);
  assert.doesNotMatch(await text(), /XP/);
  await answerAll(page, quiz, deck, [0]);
  await quiz.getByText("You have answered every card.").waitFor();
  const after = await text();
  assert.doesNotMatch(after, /XP|correctly|of \d+ correct/, "no score on the summary");
  assert.match(after, /Retry the ones I missed(?! \()/, "retry offered without a count");
  // The page still hears the score: the quiz's completion carries it.
  const complete = await page.waitForFunction(() => window.__events.find((e) => e.type === "locklab:complete" && e.id === "quiz")?.detail);
  const detail = await complete.jsonValue();
  assert.equal(detail.correct, deck.cards.length - 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test("tries: one “It can't be done” per challenge, kept across a reload; a quiz card answered in as many rounds as allowed, and no starting over", async () => {
  const { page, problems, context } = await openPage(env.browser, url("tries.html"));
  await waitForChange(page, (d, id) => id === "once");
  const set = JSON.parse(fs.readFileSync(path.join(root, "crates", "course", "challenges", "ttl-tradeoff.json"), "utf8"));
  assert.ok(set.challenges[0].possible, "the first built-in TTL challenge can be met");
  const once = page.locator("#once");
  await once.locator("details.ll-challenges > summary").click();
  const claim = once.getByRole("button", { name: /It can't be done/ });
  assert.equal((await claim.textContent()).trim(), "It can't be done (1 answer left)");
  // By keyboard: the learner's one answer, wrong (the goal can be met).
  await claim.focus();
  await page.keyboard.press("Enter");
  const wrong = await page.waitForFunction(() => window.__challenges.find((e) => e.id === "once")?.detail);
  assert.equal((await wrong.jsonValue()).met, false);
  assert.equal(await claim.isDisabled(), true, "no answer left");
  assert.match(await once.locator(".ll-challenge").textContent(), /No answers of “It can't be done” left for this challenge; it can still be met by changing the settings\./);
  // The next challenge has its own answer.
  await once.getByRole("button", { name: "Next" }).click();
  assert.equal(await claim.isDisabled(), false);
  assert.equal((await claim.textContent()).trim(), "It can't be done (1 answer left)");

  // Quizzes: every card right but the first shown.
  const deck = deckFile("leases");
  for (const id of ["q1", "q2"]) await waitForChange(page, (d, at) => at === id);
  const q1 = page.locator("#q1");
  await answerAll(page, q1, deck, [0]);
  const retry1 = q1.getByRole("button", { name: /Retry the ones I missed/ });
  await retry1.waitFor();
  assert.equal(await retry1.isDisabled(), true, "one try: the missed card does not come back");
  assert.equal(await q1.getByRole("button", { name: "Start over" }).count(), 0, "no starting over under a limit");
  assert.match(await q1.locator(".ll-summary").textContent(), /Each card can be answered once; 1 missed card has no tries left\./);
  // (Another deck: a learner's progress is per deck, whichever element shows it.)
  const q2 = page.locator("#q2");
  const interview = deckFile("interview");
  await answerAll(page, q2, interview, [0]);
  const retry2 = q2.getByRole("button", { name: "Retry the ones I missed (1)" });
  assert.equal(await retry2.isDisabled(), false, "two tries: the missed card comes back once");
  await retry2.click();
  const missed = (await q2.locator(".ll-question").textContent()).trim();
  await answerAll(page, q2, { cards: interview.cards.filter((c) => c.question === missed) }, [0]);
  assert.equal(await q2.getByRole("button", { name: /Retry the ones I missed/ }).isDisabled(), true, "and not a third time");
  assert.match(await q2.locator(".ll-summary").textContent(), /Each card can be answered 2 times; 1 missed card has no tries left\./);

  // A value that is no number of tries is said; the widget works with unlimited tries.
  assert.match(await page.locator("#zero .ll-notice").allTextContents().then((t) => t.join(" ")), /tries=“0” is not a whole number from 1 to 99 or unlimited; tries are unlimited\./);

  // A reload gives no try back.
  await page.reload();
  await waitForChange(page, (d, id) => id === "once");
  await once.locator("details.ll-challenges > summary").click();
  assert.equal(await once.getByRole("button", { name: /It can't be done/ }).isDisabled(), true, "still used up after a reload");
  assert.equal(await q1.getByRole("button", { name: /Retry the ones I missed/ }).isDisabled(), true);
  await page.screenshot({ path: path.join(artifacts, "teacher-tries.png"), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});
