// Issue #45, predict then see: every built-in prediction set answered as a learner answers it, by
// keyboard. While a question is open the widget shows its setting's controls, locked, and nothing
// of the run: no readout, chart or narrative in the page or its accessibility tree, and no
// locklab:change. The learner commits a number or a choice; the run appears, graded against the
// widget's own result (read from the locklab:change that follows, not from the panel), with the
// explanation; focus moves to what the run gave. The locklab:predict event and its xAPI statement
// are checked against the specification's rules. Then: a teacher's tries (a wrong answer keeps
// the run hidden and sends no answer), a selection of the set, bad values, progress kept across
// a reload, and paper.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { start, openPage, root, styled, xapiProblems } from "./helpers.mjs";

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const registry = JSON.parse(fs.readFileSync(path.join(root, "integrations", "python", "locklab", "registry.json"), "utf8"));
const builtIn = (widget) => JSON.parse(fs.readFileSync(path.join(root, "crates", "course", "predictions", `${widget}.json`), "utf8"));
const WIDGETS = ["counter-race", "fencing-chain", "fencing-sandbox", "lease-renewal", "lease-sizing", "lock-granularity", "optimistic-vs-pessimistic", "paused-holder", "redis-failover", "redlock", "sweeper-incident", "ttl-tradeoff"];
let env, pages;
before(async () => {
  pages = fs.mkdtempSync(path.join(os.tmpdir(), "locklab-predict-"));
  const page = (name, body) =>
    fs.writeFileSync(
      path.join(pages, name),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>predict</title><script type="module" src="/course/locks/locklab.js"></script></head><body><main>${body}</main></body></html>`,
    );
  for (const w of WIDGETS) page(`${w}.html`, `<p>Before the widget.</p><locklab-widget id="w" name="${w}" predict="builtin"></locklab-widget>`);
  page("tries.html", `<locklab-widget id="w" name="counter-race" predict="builtin:with-the-lock" tries="2"></locklab-widget>`);
  page("guard.html", `<locklab-widget id="w" name="counter-race" predict="builtin:with-the-lock"></locklab-widget>`);
  page("select.html", `<locklab-widget id="w" name="counter-race" predict=" BuiltIn: One-Worker , how-many-survive"></locklab-widget>`);
  page(
    "bad.html",
    `<locklab-widget id="nope" name="counter-race" predict="builtin:nope"></locklab-widget>
     <locklab-widget id="sandbox" name="fencing-sandbox" predict="builtin:fence-all,no-such"></locklab-widget>`,
  );
  // An author's own set, from this site; and an address with nothing there.
  const own = builtIn("counter-race");
  own.title = "An author's own";
  own.predictions = [own.predictions[2], own.predictions[0]];
  fs.writeFileSync(path.join(pages, "mine.json"), JSON.stringify(own));
  page("address.html", `<locklab-widget id="w" name="counter-race" predict="/predict/mine.json"></locklab-widget>`);
  page("missing.html", `<locklab-widget id="w" name="counter-race" predict="/predict/missing.json"></locklab-widget>`);
  page("phone.html", `<h1>Predict, then see</h1><section><h2>A number</h2><locklab-widget id="number" name="counter-race" predict="builtin"></locklab-widget></section><section><h2>A choice</h2><locklab-widget id="choice" name="fencing-sandbox" predict="builtin"></locklab-widget></section>`);
  page("paper.html", `<locklab-widget id="w" name="counter-race" predict="builtin" print="answers"></locklab-widget>`);
  page("learner-paper.html", `<locklab-widget id="w" name="counter-race" predict="builtin"></locklab-widget>`);
  // A teacher's page: workers fixed at 3, increments hidden (the question sets both), think-ms shown.
  page("fixed.html", `<locklab-widget id="w" name="counter-race" predict="builtin:with-the-lock" workers="3" increments="50" fixed="workers" controls="workers, think-ms"></locklab-widget>`);
  // The page's address keeps the state (the lesson page's data-locklab-url).
  page("address-kept.html", `<div id="w" data-locklab="counter-race" data-locklab-url data-predict="builtin:with-the-lock,one-worker"></div>`);
  page("unlimited.html", `<locklab-widget id="w" name="counter-race" predict="builtin:with-the-lock" tries="unlimited" score="hidden"></locklab-widget>`);
  // The iframe embed, as the gallery's iframe snippet writes it, on a page of its own.
  fs.writeFileSync(
    path.join(pages, "framed.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>framed</title><script src="/course/locks/locklab-embed.js" defer></script></head><body><main>
       <iframe data-locklab-frame title="Counter race" style="width:100%;height:900px;border:0" src="/course/locks/embed.html?widget=counter-race&amp;predict=builtin:with-the-lock,one-worker"></iframe>
     </main></body></html>`,
  );
  env = await start({ mounts: [{ prefix: "/predict/", dir: pages }] });
});
after(async () => {
  await env?.stop();
  fs.rmSync(pages, { recursive: true, force: true });
});

const url = (name) => `${env.origin}/predict/${name}`;

/** A page that also records every locklab:predict. */
async function open(name) {
  const opened = await openPage(env.browser, null);
  await opened.page.addInitScript(() => {
    window.__predictions = [];
    document.addEventListener("locklab:predict", (e) => window.__predictions.push(e.detail));
  });
  await opened.page.goto(url(name));
  return opened;
}

const changes = (page) => page.evaluate(() => window.__events.filter((e) => e.type === "locklab:change").map((e) => e.detail));
const predictions = (page) => page.evaluate(() => window.__predictions);

/** What the widget's shadow root holds now: its text, and the pieces that would show a run.
 * Nothing (every field null) until the element is defined: the page's module may still be loading
 * when the element is already in the document, without its shadow root (stop 56's CI, under load). */
const inside = (page) =>
  page.locator("#w").evaluate((el) => {
    const r = el.shadowRoot;
    if (!r) return { text: null, stats: null, canvases: null, figures: null, narrative: null, enabled: null, controls: null, question: null, status: null, explain: null, done: null, focused: null };
    const active = r.activeElement;
    return {
      text: r.textContent,
      stats: r.querySelectorAll(".ll-stats").length,
      canvases: r.querySelectorAll("canvas").length,
      figures: r.querySelectorAll("figure").length,
      narrative: r.querySelectorAll(".ll-area-narrative, .ll-narrative").length,
      enabled: [...r.querySelectorAll(".ll-controls input, .ll-controls button, .ll-controls select")].filter((c) => !c.matches(":disabled")).length,
      controls: r.querySelectorAll(".ll-controls input").length,
      question: r.querySelector(".ll-predict-question")?.textContent ?? null,
      status: r.querySelector(".ll-predict-status")?.textContent ?? null,
      explain: r.querySelector(".ll-predict-explain")?.textContent ?? null,
      done: r.querySelector(".ll-predict-done")?.textContent ?? null,
      focused: active ? `${active.tagName.toLowerCase()}.${active.className}` : null,
    };
  });

async function waitFor(page, what, predicate, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const now = await what();
    if (predicate(now)) return now;
    if (Date.now() > deadline) throw new Error(`timed out; last seen ${JSON.stringify(now).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A value as written in a setting, as the change event's params carry it. */
const typed = (v) => (v === "true" ? true : v === "false" ? false : Number.isFinite(Number(v)) ? Number(v) : v);

/** The setting's pairs as the change event's params carry them. */
function settingPairs(setting) {
  return setting
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => {
      const [k, v] = pair.split("=");
      return [k, typed(v)];
    });
}

/** Presses Tab until `predicate(focused)` holds (at most `n` presses); what was reached. */
async function tabTo(page, predicate, n = 12) {
  const seen = [];
  for (let i = 0; i < n; i++) {
    await page.keyboard.press("Tab");
    const f = await page.locator("#w").evaluate((el) => {
      const a = el.shadowRoot.activeElement;
      return a ? { tag: a.tagName.toLowerCase(), type: a.type ?? null, text: (a.textContent || a.value || "").trim(), cls: a.className } : null;
    });
    seen.push(f);
    if (f && predicate(f)) return seen;
  }
  throw new Error(`Tab never reached it: ${JSON.stringify(seen)}`);
}

for (const widget of WIDGETS) {
  test(`${widget}: every built-in prediction, by keyboard: nothing of the run before the answer, then the run graded`, async () => {
    const set = builtIn(widget);
    const { page, context, problems } = await open(`${widget}.html`);
    let rightFirst = 0;
    for (const [i, p] of set.predictions.entries()) {
      const asked = await waitFor(page, () => inside(page), (s) => s.question === p.question);
      // The widget stays hidden (and out of the accessibility tree) until its stylesheet arrives.
      if (i === 0) await styled(page);
      // Nothing of the run: no readouts, charts, narrative; the controls there but locked.
      assert.deepEqual([asked.stats, asked.canvases, asked.figures, asked.narrative], [0, 0, 0, 0], `${p.id}: nothing of the run in the page`);
      assert.ok(asked.controls > 0, "the setting's controls are shown");
      assert.equal(asked.enabled, 0, "and locked");
      const tree = await page.locator("#w").ariaSnapshot();
      assert.match(tree, new RegExp(`Prediction ${i + 1} of ${set.predictions.length}`));
      assert.doesNotMatch(tree, /You said|The run:/, "no verdict in the accessibility tree");
      assert.equal((await changes(page)).length, i, `${p.id}: no locklab:change while the question is open`);
      assert.equal((await predictions(page)).length, i, "no answer event before the answer");

      // Answer by keyboard: Tab from the page (or from the panel) to the field, type or choose, Enter.
      let answer;
      if (p.number) {
        await tabTo(page, (f) => f.tag === "input" && f.type === "number");
        // Halfway through the field's range: right or wrong, the grading is checked below.
        answer = Math.round(((p.number.min + p.number.max) / 2) * 10) / 10;
        // A screen reader names the field with its unit and range, not only what sits beside it.
        const name = await page.locator("#w").getByRole("spinbutton").evaluate((el) => [...el.labels].map((l) => l.textContent).join(" "));
        if (p.number.unit) assert.ok(name.includes(`in ${p.number.unit} (`), `the field's name "${name}" says its unit ${p.number.unit}`);
        assert.ok(name.includes(`to `), `the field's name "${name}" says its range`);
        await page.keyboard.type(String(answer));
      } else {
        await tabTo(page, (f) => f.tag === "input" && f.type === "radio");
        // The arrow keys move through a radio group; the last option for odd predictions.
        const k = i % 2 === 0 ? 0 : p.choices.length - 1;
        await page.keyboard.press("Space");
        for (let j = 0; j < k; j++) await page.keyboard.press("ArrowDown");
        answer = p.choices[k].text;
      }
      await page.keyboard.press("Enter");
      const event = (await waitFor(page, () => predictions(page), (e) => e.length === i + 1))[i];
      // The run, as the widget's own change event gives it (after the answer, not before).
      const change = (await waitFor(page, () => changes(page), (c) => c.length === i + 1))[i];
      for (const [k, v] of settingPairs(p.setting)) assert.deepEqual(change.params[k], v, `${p.id}: the setting's ${k}`);
      assert.equal(event.widget, widget);
      assert.equal(event.set, "builtin");
      assert.equal(event.prediction, p.id);
      assert.equal(event.revealed, true, "one answer, then the run");
      assert.equal(event.attempts, 1);
      assert.deepEqual(event.answer, answer);
      if (p.number) {
        // A field inside an object is named with dots (optimistic.attemptsPerUpdate), as goals name it.
        const field = (k) => k.split(".").reduce((x, part) => x?.[part], change.result);
        const actual = field(p.number.field);
        assert.equal(event.actual, actual, "the run's figure is the widget's result");
        assert.equal(event.correct, Math.abs(answer - actual) <= p.number.tolerance, `${answer} against ${actual} ± ${p.number.tolerance}`);
        if (p.number.exact) assert.equal(event.exact, field(p.number.exact));
      } else {
        assert.ok(p.choices.some((c) => c.text === event.actual), `${event.actual} is an option`);
        assert.equal(event.correct, answer === event.actual);
      }
      if (event.correct) rightFirst += 1;
      assert.equal(event.rightFirst, rightFirst);
      assert.equal(event.shown, i + 1);
      assert.equal(event.total, set.predictions.length);
      // The statement: valid xAPI, answered, the response and its success.
      const s = event.statement;
      assert.deepEqual(xapiProblems(s), [], JSON.stringify(s));
      assert.equal(s.verb.id, "http://adlnet.gov/expapi/verbs/answered");
      assert.equal(s.object.id, `urn:locklab:prediction:${widget}:${p.id}`);
      assert.equal(s.object.definition.description["en-US"], p.question);
      assert.equal(s.result.success, event.correct);
      if (p.number) {
        assert.equal(s.object.definition.interactionType, "numeric");
        assert.equal(Number(s.result.response), answer);
      } else {
        assert.equal(s.object.definition.interactionType, "choice");
        assert.equal(s.result.response, `option-${p.choices.findIndex((c) => c.text === answer)}`);
        assert.deepEqual(s.object.definition.correctResponsesPattern, [`option-${p.choices.findIndex((c) => c.text === event.actual)}`]);
      }

      // Shown: the run, the verdict and the explanation, with focus on what the run gave.
      const shown = await waitFor(page, () => inside(page), (s) => s.explain !== null);
      assert.ok(shown.stats > 0 && shown.canvases > 0, "the run is shown");
      assert.equal(shown.enabled > 0, true, "and the controls are free");
      assert.match(shown.status, event.correct ? /^Right\./ : /^Not this time\./);
      assert.match(shown.status, /You said .*\. The run: /);
      assert.equal(shown.explain.trim(), p.explain);
      assert.match(shown.focused ?? "", /ll-predict-focus/, "focus is on the graded run");
      const button = i + 1 < set.predictions.length ? "Next prediction" : "Done: explore freely";
      await tabTo(page, (f) => f.tag === "button" && f.text === button);
      await page.keyboard.press("Enter");
    }
    // Free: the summary, and the widget answers the learner's sliders.
    const free = await waitFor(page, () => inside(page), (s) => s.done !== null);
    assert.equal(free.done, `Predictions done: ${rightFirst} of ${set.predictions.length} right at the first answer. The widget is back at this page's settings, yours to explore.`);
    assert.ok(free.stats > 0 && free.enabled > 0);
    // Back at the page's values (its defaults: it sets none), told to the page when the last
    // question's setting had moved them.
    const defaults = Object.fromEntries(registry.widgets.find((w) => w.name === widget).params.map((q) => [q.name, typed(q.default)]));
    const last = set.predictions.at(-1);
    if (settingPairs(last.setting).some(([k, v]) => defaults[k] !== undefined && v !== defaults[k])) {
      const back = await waitFor(page, () => changes(page), (c) => c.length === set.predictions.length + 1);
      for (const [k, v] of settingPairs(last.setting)) if (defaults[k] !== undefined) assert.deepEqual(back.at(-1).params[k], defaults[k], `${k} is the page's again, not ${v}`);
    }
    // (Counted after that change: values the page already had send none.)
    const before = (await changes(page)).length;
    const slider = page.locator("#w .ll-controls").getByRole("slider").first();
    await slider.focus();
    // Towards the middle from either end.
    const [value, min] = await slider.evaluate((el) => [Number(el.value), Number(el.min)]);
    await slider.press(value > min ? "ArrowLeft" : "ArrowRight");
    await waitFor(page, () => changes(page), (c) => c.length === before + 1);
    // Kept across a reload: no question again.
    await page.reload();
    const again = await waitFor(page, () => inside(page), (s) => s.done !== null);
    await styled(page);
    assert.equal(again.question, null);
    await page.screenshot({ path: path.join(root, "tests", "artifacts", `predict-${widget}.png`), fullPage: true });
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test("tries=2: a wrong answer keeps the run hidden and sends neither the run's answer nor a correct response", async () => {
  const { page, context, problems } = await open("tries.html");
  const p = builtIn("counter-race").predictions.find((x) => x.id === "with-the-lock");
  await waitFor(page, () => inside(page), (s) => s.question === p.question);
  const field = page.locator("#w").getByRole("spinbutton");
  await field.fill("3");
  await field.press("Enter");
  const [wrong] = await waitFor(page, () => predictions(page), (e) => e.length === 1);
  assert.deepEqual([wrong.correct, wrong.revealed, wrong.actual, wrong.exact, wrong.attempts], [false, false, null, null, 1]);
  assert.equal(wrong.statement.object.definition.correctResponsesPattern, undefined, "the statement keeps the right answer out");
  assert.deepEqual(xapiProblems(wrong.statement), []);
  const still = await waitFor(page, () => inside(page), (s) => s.status !== null);
  assert.match(still.status, /Not quite\. 1 answer left\./);
  // What a screen reader is told: the panel's polite live region, read as the browser exposes it.
  const live = () => page.locator("#w").evaluate((el) => [...el.shadowRoot.querySelectorAll(".ll-predict [aria-live]")].map((r) => [r.getAttribute("aria-live"), r.textContent]));
  assert.deepEqual(await live(), [["polite", "Not quite. 1 answer left; the run stays hidden until then."]]);
  assert.match(await page.locator("#w").ariaSnapshot(), /Not quite\. 1 answer left; the run stays hidden until then\./, "in the accessibility tree");
  assert.deepEqual([still.stats, still.canvases], [0, 0], "the run stays hidden");
  assert.equal((await changes(page)).length, 0);
  // Out of range: said, not sent.
  await page.locator("#w").getByRole("spinbutton").fill("5000");
  await page.locator("#w").getByRole("spinbutton").press("Enter");
  await waitFor(page, () => page.locator("#w").evaluate((el) => el.shadowRoot.querySelector("[role=alert]")?.textContent ?? ""), (t) => t === "Give a number from 0 to 1,000.");
  assert.equal((await predictions(page)).length, 1);
  await page.locator("#w").getByRole("spinbutton").fill("1000");
  await page.locator("#w").getByRole("spinbutton").press("Enter");
  const [, right] = await waitFor(page, () => predictions(page), (e) => e.length === 2);
  assert.deepEqual([right.correct, right.revealed, right.actual, right.attempts, right.rightFirst], [true, true, 1000, 2, 0]);
  // Shown: the live region is emptied (focus moves to the graded run, which is read instead).
  await waitFor(page, () => inside(page), (st) => st.explain !== null);
  assert.deepEqual(await live(), [["polite", ""]]);
  assert.deepEqual(problems, []);
  await context.close();
});

test("tries=unlimited: wrong answers keep the run hidden until one is right; score=hidden leaves out the count of right answers", async () => {
  const { page, context, problems } = await open("unlimited.html");
  const p = builtIn("counter-race").predictions.find((x) => x.id === "with-the-lock");
  await waitFor(page, () => inside(page), (s) => s.question === p.question);
  const field = () => page.locator("#w").getByRole("spinbutton");
  for (const [k, wrong] of ["3", "500", "999"].entries()) {
    await field().fill(wrong);
    await field().press("Enter");
    const sent = await waitFor(page, () => predictions(page), (e) => e.length === k + 1);
    assert.deepEqual([sent[k].correct, sent[k].revealed, sent[k].actual, sent[k].attempts], [false, false, null, k + 1]);
    const still = await waitFor(page, () => inside(page), (s) => s.status !== null && s.status.includes("Not quite"));
    assert.doesNotMatch(still.status, /answers? left/, "no count of answers left when they are unlimited");
    const told = await page.locator("#w").evaluate((el) => el.shadowRoot.querySelector(".ll-predict [aria-live=polite]").textContent);
    // Told anew each time (a live region speaks only a changed text).
    assert.equal(told, `Not quite (${k + 1} ${k === 0 ? "answer" : "answers"} so far). Try again: the run stays hidden until your answer is right.`);
    assert.deepEqual([still.stats, still.canvases], [0, 0], "the run stays hidden");
  }
  await field().fill("1000");
  await field().press("Enter");
  const all = await waitFor(page, () => predictions(page), (e) => e.length === 4);
  assert.deepEqual([all[3].correct, all[3].revealed, all[3].actual, all[3].attempts, all[3].rightFirst], [true, true, 1000, 4, 0]);
  await page.locator("#w").getByRole("button", { name: "Done: explore freely" }).click();
  const free = await waitFor(page, () => inside(page), (s) => s.done !== null);
  assert.equal(free.done, "Predictions done: the widget is back at this page's settings, yours to explore.", "score=hidden: no count of right answers");
  assert.doesNotMatch(free.text, /right at the first answer|\d+ of \d+ right/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the page cannot move a question's setting: locklab:set and an attribute are said, not applied, until the answer is in", async () => {
  const { page, context, problems } = await open("guard.html");
  const p = builtIn("counter-race").predictions.find((x) => x.id === "with-the-lock");
  await waitFor(page, () => inside(page), (s) => s.question === p.question);
  const workers = () => page.locator("#w").evaluate((el) => el.shadowRoot.querySelector('.ll-controls input[name="workers"]')?.value ?? null);
  const before = await workers();
  await page.locator("#w").evaluate((el) => {
    el.dispatchEvent(new CustomEvent("locklab:set", { detail: { params: { lock: false, workers: 2 } } }));
    el.setAttribute("workers", "3");
  });
  const said = await waitFor(page, () => page.locator("#w").evaluate((el) => el.shadowRoot.querySelector(".ll-notices, .ll-notice")?.textContent ?? ""), (t) => t.includes("was not applied"));
  assert.equal(said.split("was not applied").length, 2, "said once, however often it is tried");
  const still = await inside(page);
  assert.equal(still.question, p.question, "the same question");
  assert.deepEqual([still.stats, still.canvases], [0, 0], "nothing of the run");
  assert.equal(await workers(), before, "the setting's control as it was");
  assert.equal((await changes(page)).length, 0, "no locklab:change");
  const field = page.locator("#w").getByRole("spinbutton");
  await field.fill("1000");
  await field.press("Enter");
  const [event] = await waitFor(page, () => predictions(page), (e) => e.length === 1);
  const [change] = await waitFor(page, () => changes(page), (c) => c.length === 1);
  for (const [k, v] of settingPairs(p.setting)) assert.deepEqual(change.params[k], v, `the run is the question's: ${k}`);
  assert.deepEqual([event.correct, event.actual], [true, 1000]);
  // Once answered, the page moves it again.
  await page.locator("#w").evaluate((el) => el.dispatchEvent(new CustomEvent("locklab:set", { detail: { params: { workers: 2 } } })));
  const moved = await waitFor(page, () => changes(page), (c) => c.length === 2);
  assert.equal(moved[1].params.workers, 2);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a question runs at its own setting, over a parameter the page fixed or hid; when the predictions end the page's values are back, still fixed", async () => {
  const { page, context, problems } = await open("fixed.html");
  const p = builtIn("counter-race").predictions.find((x) => x.id === "with-the-lock");
  const asked = Object.fromEntries(settingPairs(p.setting));
  assert.notEqual(asked.workers, 3, "the question moves the fixed parameter");
  assert.notEqual(asked.increments, 50, "and the hidden one");
  await waitFor(page, () => inside(page), (s) => s.question === p.question);
  const field = page.locator("#w").getByRole("spinbutton");
  await field.fill("1000");
  await field.press("Enter");
  const [shown] = await waitFor(page, () => changes(page), (c) => c.length === 1);
  assert.deepEqual([shown.params.workers, shown.params.increments], [asked.workers, asked.increments], "the run is the question's");
  await page.locator("#w").getByRole("button", { name: "Done: explore freely" }).click();
  const [, free] = await waitFor(page, () => changes(page), (c) => c.length === 2);
  assert.deepEqual([free.params.workers, free.params.increments], [3, 50], "the page's values again");
  const done = await waitFor(page, () => inside(page), (s) => s.done !== null);
  assert.match(done.done, /back at this page's settings/);
  // Still as the teacher set it: workers shown and locked at 3, increments not shown.
  const workers = await page.locator("#w").evaluate((el) => {
    const input = el.shadowRoot.querySelector('.ll-controls input[name="workers"]');
    return { value: input?.value ?? null, disabled: input?.disabled ?? null, increments: el.shadowRoot.querySelectorAll('.ll-controls input[name="increments"]').length };
  });
  assert.deepEqual(workers, { value: "3", disabled: true, increments: 0 });
  assert.deepEqual(problems, []);
  await context.close();
});

test("with the address keeping the state, a question's setting stays out of it: a reload mid-set comes back to the page's values at the end", async () => {
  const { page, context, problems } = await open("address-kept.html");
  const w = page.locator("#w");
  const first = builtIn("counter-race").predictions.find((x) => x.id === "with-the-lock");
  assert.ok(settingPairs(first.setting).some(([k, v]) => k === "lock" && v === true), "the first question sets lock=true (not the default)");
  await w.locator(".ll-predict-question").filter({ hasText: first.question }).waitFor();
  await w.getByRole("spinbutton").fill("1000");
  await w.getByRole("spinbutton").press("Enter");
  await w.locator(".ll-predict-explain").waitFor();
  // The address is written a moment after a change (url.rs, QUIET_MS); well past that, it holds
  // none of the question's setting.
  await page.waitForTimeout(1500);
  assert.doesNotMatch(page.url(), /counter-race\./, "no question's setting in the address");
  await page.reload();
  const second = builtIn("counter-race").predictions.find((x) => x.id === "one-worker");
  await w.locator(".ll-predict-question").filter({ hasText: second.question }).waitFor();
  await w.getByRole("radio").first().check();
  await w.getByRole("button", { name: "Commit and show the run" }).click();
  await w.locator(".ll-predict-explain").waitFor();
  const before = (await changes(page)).length;
  await w.getByRole("button", { name: "Done: explore freely" }).click();
  const back = await waitFor(page, () => changes(page), (c) => c.length === before + 1);
  assert.equal(back.at(-1).params.lock, false, "the page's own lock, not the first question's");
  assert.equal(back.at(-1).params.workers, 5);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a selection of the built-in set, in the author's order", async () => {
  const { page, context } = await open("select.html");
  const set = builtIn("counter-race");
  const first = set.predictions.find((x) => x.id === "one-worker");
  const s = await waitFor(page, () => inside(page), (x) => x.question !== null);
  assert.equal(s.question, first.question);
  await styled(page);
  assert.match(await page.locator("#w").ariaSnapshot(), /Prediction 1 of 2/);
  await context.close();
});

test("bad values are said, and the widget is free", async () => {
  const { page, context } = await open("bad.html");
  const notice = (id) =>
    page.locator(`#${id}`).evaluate((el) => ({
      text: el.shadowRoot?.querySelector(".ll-notices, .ll-notice")?.textContent ?? "",
      stats: el.shadowRoot?.querySelectorAll(".ll-stats").length ?? 0,
      panel: el.shadowRoot?.querySelectorAll(".ll-predict-question").length ?? 0,
    }));
  const nope = await waitFor(page, () => notice("nope"), (n) => n.stats > 0);
  assert.match(nope.text, /predict=builtin: the counter-race predictions have no nope; they are how-many-survive, with-the-lock, one-worker, shorter-thinking/);
  assert.equal(nope.panel, 0);
  const sandbox = await waitFor(page, () => notice("sandbox"), (n) => n.stats > 0);
  assert.match(sandbox.text, /predict=builtin: the fencing-sandbox predictions have no no-such; they are no-check, fence-writes, fence-all, conditional/);
  assert.equal(sandbox.panel, 0);
  await context.close();
});

// A question being asked on a phone, light and dark: the question, the field or the choices and
// the button fit the 360 px width (nothing scrolls sideways), the field and the button are big
// enough to tap, and axe-core finds nothing (contrast included) in the widgets while they ask.
for (const scheme of ["light", "dark"]) {
  test(`a question being asked at 360 px (${scheme}): it fits, it can be tapped, axe finds nothing`, async () => {
    const { page, context, problems } = await openPage(env.browser, url("phone.html"), { viewport: { width: 360, height: 780 }, colorScheme: scheme, isMobile: true, hasTouch: true });
    try {
      for (const id of ["number", "choice"]) await page.locator(`#${id} .ll-predict-question`).waitFor();
      await styled(page);
      const boxes = await page.evaluate(() =>
        ["number", "choice"].map((id) => {
          const r = document.getElementById(id).shadowRoot;
          const box = (el) => {
            const b = el.getBoundingClientRect();
            return { what: `${id} ${el.tagName.toLowerCase()}.${el.className}`, left: b.left, right: b.right, width: b.width, height: b.height };
          };
          return {
            parts: [...r.querySelectorAll(".ll-predict-question, .ll-predict-count, .ll-predict-form input, .ll-predict-form label, .ll-predict-form button")].map(box),
            // What a finger taps: the field, the button, and each answer's label (its radio inside).
            targets: [...r.querySelectorAll('.ll-predict-form input[type="number"], .ll-predict-form button, .ll-predict-form label')].filter((el) => el.tagName !== "LABEL" || el.querySelector("input")).map(box),
          };
        }),
      );
      assert.ok(boxes.every((b) => b.parts.length >= 3), `the question, its field or choices and its button are there: ${JSON.stringify(boxes.map((b) => b.parts.length))}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 360, `nothing scrolls sideways: the page is ${width} px wide`);
      const outside = boxes.flatMap((b) => b.parts).filter((b) => b.left < 0 || b.right > 360.5);
      assert.deepEqual(outside, [], "every part of the question inside the 360 px width");
      const small = boxes.flatMap((b) => b.targets).filter((b) => b.height < 24 || b.width < 24);
      assert.deepEqual(small, [], "the field, each answer and the button at least 24 × 24 px (WCAG 2.5.8)");
      await page.screenshot({ path: path.join(root, "tests", "artifacts", `predict-asking-360-${scheme}.png`), fullPage: true });
      await page.addScriptTag({ content: AXE });
      const violations = await page.evaluate(async () => {
        const result = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] } });
        return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
      });
      assert.deepEqual(violations, [], `axe-core while the questions are open (${scheme})`);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

/** Opens `name`, waits for its first question, and reads each printed prediction's card. */
async function onPaper(name) {
  const opened = await open(name);
  await waitFor(opened.page, () => inside(opened.page), (s) => s.question !== null);
  await opened.page.emulateMedia({ media: "print" });
  const paper = await opened.page.locator("#w").evaluate((el) => [...el.shadowRoot.querySelectorAll(".ll-predict-paper .ll-print-card")].map((c) => c.innerText));
  return { ...opened, paper };
}

test("on paper: each prediction with room to answer; the teacher's copy has the run's answers", async () => {
  const { context, paper } = await onPaper("paper.html");
  const set = builtIn("counter-race");
  assert.equal(paper.length, set.predictions.length);
  for (const [k, p] of set.predictions.entries()) {
    assert.ok(paper[k].startsWith(`Prediction ${k + 1}. ${p.question}`), paper[k]);
    assert.match(paper[k], /Answer: /);
  }
  // The lock's prediction: exactly 1,000, whatever the seed.
  assert.match(paper[1], /Answer: 1,000 in this run/);
  await context.close();
});

test("on paper, the learner's copy: room to answer (a line with the unit, or boxes to tick), and no answers", async () => {
  const { context, problems, paper } = await onPaper("learner-paper.html");
  const set = builtIn("counter-race");
  assert.equal(paper.length, set.predictions.length);
  for (const [k, p] of set.predictions.entries()) {
    assert.ok(paper[k].startsWith(`Prediction ${k + 1}. ${p.question}`), paper[k]);
    if (p.number) assert.match(paper[k], /Your prediction: _{6,}/, `a line to write on: ${paper[k]}`);
    else for (const c of p.choices) assert.ok(paper[k].includes(`\u2610 ${c.text}`), `a box for "${c.text}": ${paper[k]}`);
    assert.doesNotMatch(paper[k], /Answer:/, "the learner's copy has no answer");
    assert.ok(!paper[k].includes(p.explain), "nor the explanation");
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test("an author's set from an address: asked in its order, its address in the event and the statement's id", async () => {
  const { page, context, problems } = await open("address.html");
  const set = builtIn("counter-race");
  const first = set.predictions[2];
  await waitFor(page, () => inside(page), (s) => s.question === first.question);
  assert.equal((await changes(page)).length, 0, "nothing of the run while the question is open");
  await page.locator("#w").getByRole("radio").first().check();
  await page.locator("#w").getByRole("button", { name: "Commit and show the run" }).click();
  const [e] = await waitFor(page, () => predictions(page), (x) => x.length === 1);
  assert.equal(e.set, `${env.origin}/predict/mine.json`);
  assert.equal(e.total, 2);
  assert.equal(e.statement.object.id, `${env.origin}/predict/mine.json#${first.id}`);
  assert.deepEqual(xapiProblems(e.statement), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test("an address with no set there: said, the widget free, and the page hears its state once", async () => {
  const { page, context } = await open("missing.html");
  const change = await waitFor(page, () => changes(page), (c) => c.length >= 1);
  const seen = await waitFor(page, () => page.locator("#w").evaluate((el) => el.shadowRoot?.querySelector(".ll-notices, .ll-notice")?.textContent ?? ""), (t) => t.includes("No predictions"));
  assert.match(seen, /No predictions: the set at .*missing\.json/);
  assert.equal(change[0].widget, "counter-race");
  await page.waitForTimeout(300);
  assert.equal((await changes(page)).length, 1, "one first event, not two");
  assert.ok((await inside(page)).stats > 0, "the run is shown");
  await context.close();
});

test("the iframe embed forwards locklab:predict to its parent page, and nothing of the run before the answer", async () => {
  const opened = await openPage(env.browser, null);
  const { page, context, problems } = opened;
  await page.addInitScript(() => {
    window.__framed = [];
    for (const type of ["locklab:predict", "locklab:change"]) document.addEventListener(type, (e) => window.__framed.push({ type, detail: e.detail }));
  });
  await page.goto(url("framed.html"));
  const set = builtIn("counter-race");
  const [first, second] = ["with-the-lock", "one-worker"].map((id) => set.predictions.find((x) => x.id === id));
  const frame = page.frameLocator("iframe");
  await frame.locator(".ll-predict-question").filter({ hasText: first.question }).waitFor();
  const framed = () => page.evaluate(() => window.__framed);
  assert.deepEqual(await framed(), [], "no change and no answer while the question is open");
  // A number, by keyboard inside the frame.
  await frame.getByRole("spinbutton").fill("1000");
  await frame.getByRole("spinbutton").press("Enter");
  const one = await waitFor(page, framed, (e) => e.some((x) => x.type === "locklab:predict") && e.some((x) => x.type === "locklab:change"));
  const answer = one.find((x) => x.type === "locklab:predict").detail;
  const change = one.find((x) => x.type === "locklab:change").detail;
  assert.equal(one[0].type, "locklab:predict", "the answer is heard before the run it reveals");
  assert.deepEqual([answer.widget, answer.set, answer.prediction, answer.answer, answer.correct, answer.revealed, answer.shown, answer.total], ["counter-race", "builtin:with-the-lock,one-worker", "with-the-lock", 1000, true, true, 1, 2]);
  assert.equal(answer.actual, change.result.final, "the run's figure, as the frame's change event gives it");
  assert.deepEqual(xapiProblems(answer.statement), []);
  assert.equal(answer.statement.object.id, "urn:locklab:prediction:counter-race:with-the-lock");
  assert.equal(answer.statement.result.success, true);
  // The next one: a choice.
  await frame.getByRole("button", { name: "Next prediction" }).click();
  await frame.locator(".ll-predict-question").filter({ hasText: second.question }).waitFor();
  assert.equal((await framed()).length, 2, "nothing new while the second question is open");
  const right = second.choices.findIndex((c) => c.text === "None go missing");
  await frame.getByRole("radio", { name: second.choices[right].text }).check();
  await frame.getByRole("button", { name: "Commit and show the run" }).click();
  const two = await waitFor(page, framed, (e) => e.length === 4);
  const d = two[2].detail;
  assert.deepEqual([two[2].type, two[3].type], ["locklab:predict", "locklab:change"]);
  assert.deepEqual([d.prediction, d.answer, d.shown, d.total], ["one-worker", second.choices[right].text, 2, 2]);
  assert.equal(d.statement.object.definition.interactionType, "choice");
  assert.deepEqual(xapiProblems(d.statement), []);
  assert.deepEqual(problems, []);
  await context.close();
});
