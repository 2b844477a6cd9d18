// Accessibility, keyboard use, phones and robustness, measured in headless Chromium.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { useServer, openPage, waitForChange, artifacts } from "./helpers.mjs";

const require = createRequire(import.meta.url);
const AXE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const SIM_WIDGETS = ["counter-race", "ttl-tradeoff", "paused-holder", "fencing-chain", "lease-renewal", "lease-sizing", "redis-failover", "redlock", "sweeper-incident", "fencing-sandbox", "optimistic-vs-pessimistic", "lock-granularity"];

const env = useServer();

async function ready(page, widgets) {
  for (const w of widgets) await waitForChange(page, (d) => d.widget === w);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

async function axe(page) {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] } }),
  );
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

for (const scheme of ["light", "dark"]) {
  test(`axe-core finds no violation on the lesson, embed and gallery pages (${scheme})`, async () => {
    const pages = [
      ["lesson", `${env.origin}/course/locks/`, [...SIM_WIDGETS, "quiz"]],
      ["embed", `${env.origin}/course/locks/embed.html?widget=fencing-chain`, ["fencing-chain"]],
      ["embed quiz", `${env.origin}/course/locks/embed.html?widget=quiz&deck=interview`, ["quiz"]],
      ["gallery", `${env.origin}/course/locks/gallery.html`, ["counter-race"]],
    ];
    for (const [name, url, widgets] of pages) {
      const { page, context, problems } = await openPage(env.browser, url, { colorScheme: scheme });
      await ready(page, widgets);
      if (name === "lesson") {
        // Also check an answered quiz card (explanations, marks) and an open events table.
        await page.locator("[data-deck=which-protection] .ll-option").first().click();
        await page.locator("[data-locklab=paused-holder]").getByText("The timeline, step by step").click();
      }
      assert.deepEqual(await axe(page), [], `${name} (${scheme})`);
      assert.deepEqual(problems, []);
      await context.close();
    }
  });
}

test("keyboard only: every control is reachable by Tab, shows its focus, and Tab never gets trapped", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/`);
  await ready(page, [...SIM_WIDGETS, "quiz"]);
  // Every enabled control inside every widget (through the shadow roots).
  const controls = await page.evaluate(() => {
    const out = [];
    for (const host of document.querySelectorAll("[data-locklab]")) {
      const root = host.shadowRoot ?? host;
      for (const el of root.querySelectorAll("input, button:not([disabled]), select, summary, a[href]")) {
        // Inside a closed disclosure (the challenges panel) only its summary is a Tab stop:
        // Enter on it opens the rest, which then joins the Tab order.
        const closed = el.closest("details:not([open])");
        if (closed && !(el.tagName === "SUMMARY" && el.parentElement === closed)) continue;
        out.push(`${host.dataset.locklab}${host.dataset.deck ? ":" + host.dataset.deck : ""} ${el.tagName} ${el.getAttribute("name") ?? el.textContent.trim().slice(0, 30)}`);
      }
    }
    return out;
  });
  const seen = new Set();
  let wrapped = false;
  let first = null;
  for (let i = 0; i < 400 && !wrapped; i++) {
    await page.keyboard.press("Tab");
    const focus = await page.evaluate(() => {
      let el = document.activeElement;
      let host = null;
      while (el?.shadowRoot?.activeElement) {
        host = el;
        el = el.shadowRoot.activeElement;
      }
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const label = host
        ? `${host.dataset.locklab}${host.dataset.deck ? ":" + host.dataset.deck : ""} ${el.tagName} ${el.getAttribute("name") ?? el.textContent.trim().slice(0, 30)}`
        : `page ${el.tagName} ${el.textContent.trim().slice(0, 30)}`;
      return { label, outline: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2 };
    });
    if (!focus) continue;
    if (focus.label === first) wrapped = true;
    first ??= focus.label;
    seen.add(focus.label);
    assert.ok(focus.outline, `no visible focus on ${focus.label}`);
  }
  assert.ok(wrapped, "Tab came back round to the first control: no trap");
  // (A radio group is one Tab stop: its radios share a name, so it is one entry here.)
  const missing = [...new Set(controls)].filter((c) => !seen.has(c));
  assert.deepEqual(missing, [], "every control is reachable");
  // Enter on a closed challenges panel's summary opens it, and its buttons join the Tab order.
  await page.locator("[data-locklab=ttl-tradeoff] details.ll-challenges > summary").focus();
  await page.keyboard.press("Enter");
  // (the panel builds its body when first opened: a person's next key comes after it is drawn)
  await page.locator("[data-locklab=ttl-tradeoff] details.ll-challenges button").first().waitFor();
  let reached = false;
  for (let i = 0; i < 15 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate(() => document.querySelector("[data-locklab=ttl-tradeoff]").shadowRoot.activeElement?.textContent.trim() === "It can't be done");
  }
  assert.ok(reached, "the opened panel's buttons are reached by Tab");
  assert.deepEqual(problems, []);
  await context.close();
});

test("a random walk of 250 keyboard and pointer actions: every event's params match what was set", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/`);
  await ready(page, SIM_WIDGETS);
  let seed = 20261129;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const keys = ["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End"];
  const up = new Set(["ArrowRight", "ArrowUp", "PageUp", "End"]);
  const last = async (widget) =>
    page.evaluate((w) => window.__events.filter((e) => e.type === "locklab:change" && e.detail.widget === w).at(-1)?.detail, widget);
  const count = () => page.evaluate(() => window.__events.length);
  for (let step = 0; step < 250; step++) {
    const widget = SIM_WIDGETS[rand(SIM_WIDGETS.length)];
    const host = page.locator(`[data-locklab=${widget}]`);
    const before = await last(widget);
    const n0 = await count();
    // The parameters' controls (a timeline player's scrub slider moves no parameter).
    const inputs = await host.locator(".ll-controls input").evaluateAll((els) => els.map((e) => ({ type: e.type, name: e.name, value: e.value })));
    const pick = inputs[rand(inputs.length)];
    // Radios are named per group (ll-<n>-<parameter>); sliders and toggles by their parameter.
    const param = pick.name.replace(/^ll-\d+-/, "");
    let expect;
    if (pick.type === "range") {
      const key = keys[rand(keys.length)];
      await host.locator(`input[name="${pick.name}"]`).press(key);
      expect = (a, b) => (up.has(key) ? b >= a : b <= a);
    } else if (pick.type === "checkbox") {
      await host.locator(`input[name="${pick.name}"]`).click();
      expect = (a, b) => b === !a;
    } else {
      const radios = host.locator(`input[type=radio][name="${pick.name}"]`);
      const i = rand(await radios.count());
      const value = await radios.nth(i).getAttribute("value");
      await radios.nth(i).check();
      expect = (a, b) => b === value;
    }
    // Give the widget a moment; an action at a slider's end changes nothing and fires nothing.
    await page.waitForFunction((n) => window.__events.length > n, n0, { timeout: 300 }).catch(() => {});
    const after = await last(widget);
    if (process.env.WALK_DEBUG) console.log(step, widget, param, JSON.stringify(before.params), "->", JSON.stringify(after.params));
    for (const [k, v] of Object.entries(after.params)) {
      if (k === param) {
        assert.ok(expect(before.params[k], v), `step ${step}: ${widget}.${k} went ${before.params[k]} → ${v}`);
      } else {
        assert.deepEqual(v, before.params[k], `step ${step}: ${widget}.${k} changed when ${param} was moved`);
      }
    }
  }
  // Everything the learner set is in the address: reopening it gives the same results.
  await page.waitForTimeout(400);
  const finals = {};
  for (const w of SIM_WIDGETS) finals[w] = await last(w);
  const again = await openPage(env.browser, page.url());
  for (const w of SIM_WIDGETS) {
    assert.deepEqual(await waitForChange(again.page, (d) => d.widget === w), finals[w], w);
  }
  assert.deepEqual([...problems, ...again.problems], []);
  await again.context.close();
  await context.close();
});

test("at 360 × 740 every widget fits without sideways scrolling; reduced motion leaves nothing animating", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/`, {
    viewport: { width: 360, height: 740 },
    reducedMotion: "reduce",
  });
  await ready(page, [...SIM_WIDGETS, "quiz"]);
  const widths = await page.evaluate(() =>
    [...document.querySelectorAll("[data-locklab]")].map((h) => {
      const inner = h.shadowRoot?.querySelector(".ll-host") ?? h;
      return { widget: h.dataset.locklab, width: h.getBoundingClientRect().width, scroll: inner.scrollWidth - inner.clientWidth };
    }),
  );
  for (const w of widths) {
    assert.ok(w.width <= 360 && w.scroll <= 0, `${w.widget}: ${JSON.stringify(w)}`);
  }
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 360);
  const animations = await page.evaluate(() =>
    [...document.querySelectorAll("[data-locklab]")].reduce((n, h) => n + (h.shadowRoot?.getAnimations?.().length ?? 0), document.getAnimations().length),
  );
  assert.equal(animations, 0);
  await page.screenshot({ path: path.join(artifacts, "lesson-phone.png"), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test("on a phone, moving a widget's first slider by keyboard keeps its key readout and main chart in view", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/`, {
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
  });
  await ready(page, SIM_WIDGETS);
  for (const widget of SIM_WIDGETS) {
    const w = page.locator(`[data-locklab=${widget}]`);
    const slider = w.locator(".ll-controls").getByRole("slider").first();
    // A learner scrolls to the slider (it comes into view at the bottom edge) and moves it.
    await slider.evaluate((el) => el.scrollIntoView({ block: "end" }));
    await slider.focus();
    const before = (await page.evaluate(() => window.__events.length));
    await slider.press("ArrowRight");
    await page.waitForFunction((n) => window.__events.length > n, before);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const inView = async (locator) => {
      const box = await locator.boundingBox();
      return box && box.y < 740 && box.y + box.height > 0 && box.x < 360 && box.x + box.width > 0;
    };
    assert.ok(await inView(w.locator(".ll-area-headline .ll-stat").first()), `${widget}: main readout out of view`);
    assert.ok(await inView(w.locator(".ll-area-headline canvas").first()), `${widget}: main chart out of view`);
    // Secondary parameters wait under "More settings", closed on a phone.
    const more = w.locator("details.ll-more");
    if (await more.count()) assert.equal(await more.getAttribute("open"), null, `${widget}: More settings open on a phone`);
    await page.screenshot({ path: path.join(artifacts, `${widget}-phone-drag.png`) });
  }
  // An author who sets a secondary parameter sees it: "More settings" starts open.
  await page.goto(`${env.origin}/course/locks/?ttl-tradeoff.holds=2000`);
  await ready(page, ["ttl-tradeoff"]);
  assert.equal(await page.locator("[data-locklab=ttl-tradeoff] details.ll-more").getAttribute("open"), "");
  assert.deepEqual(problems, []);
  await context.close();
});
