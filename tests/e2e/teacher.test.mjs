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
import { start, openPage, waitForChange, artifacts, root, answerAll, deckFile } from "./helpers.mjs";

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
  // The accessibility tree: the fixed slider is there, disabled, its name saying why.
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
