// In the lecture hall and on a phone (issue #29): a widget on a reveal.js slide (reveal from npm,
// with integrations/reveal's plugin) keeps its arrow keys, fits the slide in the slide layout, and
// lets fragments drive its preset steps; preset steps by buttons and keys, kept in the address;
// two settings side by side; and on a 360 px phone the moved number stays in view.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { start, openPage, waitForChange, root, artifacts, golden } from "./helpers.mjs";
import { serve } from "../server.mjs";

// The plugin's usage comment names reveal.js's module as an author copies it; the deck below
// imports that very file from the reveal.js npm package (6.0.2 ships dist/reveal.mjs, no
// dist/reveal.esm.js), so a comment naming a file reveal does not ship fails here.
const usage = fs.readFileSync(path.join(root, "integrations", "reveal", "locklab-reveal.js"), "utf8").match(/import Reveal from "\.\/reveal\.js\/(dist\/[^"]+)"/);
const revealModule = usage?.[1] ?? "";

test("reveal.js: the plugin's usage comment imports a file the reveal.js package ships", () => {
  assert.ok(usage, "the plugin's comment shows how to import reveal.js");
  assert.ok(fs.existsSync(path.join(root, "tests", "node_modules", "reveal.js", revealModule)), `reveal.js ships no ${revealModule}`);
});

let env, deck;
before(async () => {
  env = await start();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "locklab-reveal-"));
  fs.writeFileSync(
    path.join(dir, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Locks, lecture 3</title>
<link rel="stylesheet" href="/reveal/reveal.css"><link rel="stylesheet" href="/reveal/theme/white.css">
<script type="module" src="/course/locks/locklab.js"></script></head>
<body><div class="reveal"><div class="slides">
  <section><h2>Why locks expire</h2></section>
  <section id="ttl">
    <div id="w" data-locklab="ttl-tradeoff" data-layout="slide" data-steps="ttl-s=1 | ttl-s=10 | ttl-s=60" data-step-captions="Short | The default | Long"></div>
    <span class="fragment" data-locklab-step="2"></span>
    <span class="fragment" data-locklab-step="3"></span>
  </section>
  <section><h2>Questions</h2></section>
  <section id="odd">
    <div id="o" data-locklab="ttl-tradeoff" data-steps="ttl-s=1 | ttl-s=10 | ttl-s=60"></div>
    <span class="fragment" data-locklab-step="0x2"></span>
    <span class="fragment" data-locklab-step="2.5"></span>
    <span class="fragment" data-locklab-step="3"></span>
  </section>
  <section id="pair">
    <div id="c" data-locklab="ttl-tradeoff" data-layout="slide" data-compare="ttl-s=1 | ttl-s=60" data-compare-captions="Short lease | Long lease"></div>
  </section>
</div></div>
<script type="module">
  import Reveal from "/reveal/${revealModule.replace(/^dist\//, "")}";
  import Locklab from "/plugin/locklab-reveal.js";
  window.deck = new Reveal({ plugins: [Locklab], hash: false, width: 960, height: 700, transition: "none" });
  window.deck.initialize();
</script></body></html>`,
  );
  deck = await serve({
    mounts: [
      { prefix: "/reveal/", dir: path.join(root, "tests", "node_modules", "reveal.js", "dist") },
      { prefix: "/plugin/", dir: path.join(root, "integrations", "reveal") },
      { prefix: "/course/locks/", dir: path.join(root, "dist") },
      { prefix: "/", dir },
    ],
  });
});
after(async () => {
  await deck?.close();
  await env?.stop();
});

test("reveal.js: arrows on a slider move the slider, the slide layout fits, fragments drive the steps", async () => {
  const { page, context, problems } = await openPage(env.browser, `${deck.origin}/`, { viewport: { width: 1280, height: 720 } });
  await page.waitForFunction(() => window.deck?.isReady());
  await page.evaluate(() => window.deck.slide(1));
  const first = await waitForChange(page, (d, id) => id === "w");
  assert.equal(first.params["ttl-s"], 1, "the widget opens at its first step");
  const w = page.locator("#w");
  assert.match(await w.locator(".ll-step-now").textContent(), /^Step 1 of 3: Short$/);
  // The slide layout fits reveal's 960 × 700 slide without scrolling.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const fit = await w.evaluate((el) => {
    const section = el.shadowRoot.querySelector(".ll-widget");
    const slide = el.closest("section").getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return { overflow: section.scrollHeight - section.clientHeight, within: box.bottom <= slide.bottom + 1 && box.right <= slide.right + 1 && box.top >= slide.top - 1 };
  });
  assert.ok(fit.overflow <= 1 && fit.within, JSON.stringify(fit));
  await page.screenshot({ path: path.join(artifacts, "slide-1280x720.png") });
  // An arrow on the focused slider moves the slider, not the slide.
  const slider = w.getByRole("slider", { name: "Lock TTL" });
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await waitForChange(page, (d, id) => id === "w" && d.params["ttl-s"] > 1);
  const at = await page.evaluate(() => window.deck.getIndices());
  assert.ok(at.h === 1 && (at.f ?? -1) === -1, `still on the slide, no fragment shown: ${JSON.stringify(at)}`);
  // A key the widget does not use still reaches the deck: "n" goes on (to the first fragment).
  await page.keyboard.press("n");
  const second = await waitForChange(page, (d, id) => id === "w" && d.params["ttl-s"] === 10);
  assert.equal(second.params["ttl-s"], 10);
  assert.match(await w.locator(".ll-step-now").textContent(), /^Step 2 of 3: The default$/);
  // The presenter's clicker: next shows the second fragment (step 3), previous hides it.
  await page.evaluate(() => window.deck.next());
  await waitForChange(page, (d, id) => id === "w" && d.params["ttl-s"] === 60);
  await page.evaluate(() => window.deck.prev());
  await waitForChange(page, (d, id) => id === "w" && d.params["ttl-s"] === 10 && d.result !== undefined);
  assert.match(await w.locator(".ll-step-now").textContent(), /^Step 2 of 3/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("reveal.js: a fragment whose step is not a whole number in digits moves nothing, and the console says so", async () => {
  const { page, context, problems } = await openPage(env.browser, null, { viewport: { width: 1280, height: 720 } });
  const warnings = [];
  page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
  await page.goto(`${deck.origin}/`);
  await page.waitForFunction(() => window.deck?.isReady());
  assert.ok(warnings.some((w) => w.includes('data-locklab-step="0x2"')) && warnings.some((w) => w.includes('data-locklab-step="2.5"')), warnings.join("\n"));
  await page.evaluate(() => window.deck.slide(3));
  await waitForChange(page, (d, id) => id === "o");
  const o = page.locator("#o");
  // "0x2" (2 to Number()) and "2.5" (2 once truncated) both leave the widget at step 1 …
  for (let i = 0; i < 2; i++) {
    await page.evaluate(() => window.deck.next());
    await page.evaluate(() => new Promise((r) => setTimeout(r, 200)));
    assert.match(await o.locator(".ll-step-now").textContent(), /^Step 1 of 3/, `after fragment ${i + 1}`);
  }
  // … and the well-formed one after them still works.
  await page.evaluate(() => window.deck.next());
  await waitForChange(page, (d, id) => id === "o" && d.params["ttl-s"] === 60);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the slide layout fits 1280 × 720 too, for every kind of simulation", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`, { viewport: { width: 1280, height: 720 } });
  await page.waitForFunction(() => globalThis[Symbol.for("locklab.loader")] !== undefined);
  const kinds = [...new Set(golden().map((g) => g.widget))];
  for (const name of kinds) {
    await page.evaluate((name) => {
      const slot = document.getElementById("slot");
      slot.replaceChildren();
      const el = document.createElement("div");
      el.id = name;
      el.dataset.locklab = name;
      el.dataset.layout = "slide";
      el.style.width = "1280px";
      slot.append(el);
    }, name);
    await waitForChange(page, (d, id) => id === name);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const size = await page.locator(`[id="${name}"]`).evaluate((el) => {
      const s = el.shadowRoot.querySelector(".ll-widget");
      return { h: s.getBoundingClientRect().height, w: s.getBoundingClientRect().width, clipped: s.scrollHeight - s.clientHeight };
    });
    assert.ok(size.h <= 720 + 1 && size.w <= 1280 + 1 && size.clipped <= 1, `${name}: ${JSON.stringify(size)}`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test("the slide layout never clips or drops the chart: 360, 736, 960 and 1,280 px wide, every simulation", async () => {
  // Issue #41, item 1: below about 950 px the 16:9 box cut off the chart, readouts and buttons.
  // Each widget at each width: every readout, control, button and chart inside the widget's box
  // (and inside the area that holds it), and its chart drawn at a readable height.
  const kinds = [...new Set(golden().map((g) => g.widget))];
  const layouts = {};
  for (const width of [360, 736, 960, 1280]) {
    const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`, { viewport: { width, height: width < 700 ? 740 : 800 } });
    await page.waitForFunction(() => globalThis[Symbol.for("locklab.loader")] !== undefined);
    for (const name of kinds) {
      await page.evaluate((name) => {
        const slot = document.getElementById("slot");
        slot.replaceChildren();
        const el = document.createElement("div");
        el.id = name;
        el.dataset.locklab = name;
        el.dataset.layout = "slide";
        slot.append(el);
      }, name);
      await waitForChange(page, (d, id) => id === name);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const seen = await page.locator(`[id="${name}"]`).evaluate((el) => {
        const box = el.shadowRoot.querySelector(".ll-widget");
        const b = box.getBoundingClientRect();
        const shown = (e) => getComputedStyle(e).display !== "none" && e.getBoundingClientRect().height > 0;
        const out = [];
        for (const e of box.querySelectorAll(".ll-stat, .ll-canvas, .ll-controls input, .ll-controls .ll-button, .ll-steps .ll-button, .ll-narrative")) {
          if (!shown(e) || e.closest(".ll-more, .ll-details, details:not([open])")) continue;
          const area = e.closest(".ll-area-headline, .ll-controls") ?? box;
          const a = area.getBoundingClientRect();
          // A control in a panel that scrolls is reachable when the panel is inside the box.
          const scrolls = area !== box && /auto|scroll/.test(getComputedStyle(area).overflowY);
          const r = scrolls ? a : e.getBoundingClientRect();
          const inside = (o) => r.top >= o.top - 1 && r.bottom <= o.bottom + 1 && r.left >= o.left - 1 && r.right <= o.right + 1;
          if (!inside(b) || (!scrolls && getComputedStyle(area).overflow === "hidden" && !inside(a))) out.push(`${e.className || e.tagName} ${Math.round(r.top - b.top)}–${Math.round(r.bottom - b.top)} of ${Math.round(b.height)}`);
        }
        const canvas = [...box.querySelectorAll(".ll-canvas")].find(shown);
        let colours = 0;
        if (canvas) {
          const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
          const seenColours = new Set();
          for (let i = 0; i < data.length; i += 4 * 97) seenColours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
          colours = seenColours.size;
        }
        return { out, chart: canvas ? Math.round(canvas.getBoundingClientRect().height) : 0, colours, box: getComputedStyle(box).aspectRatio, width: Math.round(b.width), height: Math.round(b.height) };
      });
      assert.deepEqual(seen.out, [], `${name} at ${width} px: cut off`);
      // At a reveal.js slide's width the box, grown or not, still fits its 700 px height.
      if (width === 960) assert.ok(seen.height <= 700, `${name} at 960 px is ${seen.height} px tall, more than a 960 × 700 slide`);
      assert.ok(seen.chart >= 120 && seen.colours > 3, `${name} at ${width} px: the chart is drawn at a readable height (${seen.chart} px, ${seen.colours} colours)`);
      layouts[`${width}`] = { widget: seen.width, box: seen.box };
      if (name === "ttl-tradeoff") await page.locator(`[id="${name}"]`).screenshot({ path: path.join(artifacts, `slide-${width}px.png`) });
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
  // Below a slide's width the stacked layout, at a slide's width the 16:9 box (README).
  assert.deepEqual(Object.fromEntries(Object.entries(layouts).map(([w, l]) => [w, l.box !== "auto"])), { 360: false, 736: false, 960: true, 1280: true }, JSON.stringify(layouts));
});

test("preset steps: buttons and → / ← step, the caption shows, the address keeps the step, bad steps are named", async () => {
  const steps = encodeURIComponent("ttl-s=1 | ttl-s=10 stall-chance=0.01 | stall-shape=pareto");
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/embed.html?widget=ttl-tradeoff&steps=${steps}&step-captions=${encodeURIComponent("Short | Default | Heavy")}`);
  const w = page.locator("[data-locklab=ttl-tradeoff]");
  const first = await waitForChange(page, () => true);
  assert.equal(first.params["ttl-s"], 1);
  await w.getByRole("button", { name: /Next step/ }).click();
  const two = await waitForChange(page, (d) => d.params["ttl-s"] === 10 && d.params["stall-chance"] === 0.01);
  assert.equal(two.params["stall-shape"], "exponential");
  // → on the widget itself (not on a slider) steps too.
  await w.locator(".ll-widget").focus();
  await page.keyboard.press("ArrowRight");
  const three = await waitForChange(page, (d) => d.params["stall-shape"] === "pareto");
  assert.deepEqual([three.params["ttl-s"], three.params["stall-chance"]], [10, 0.01], "steps build on each other");
  assert.match(await w.locator(".ll-step-now").textContent(), /^Step 3 of 3: Heavy$/);
  await page.keyboard.press("ArrowLeft");
  await waitForChange(page, (d) => d.params["stall-shape"] === "exponential" && d.params["ttl-s"] === 10);
  await page.waitForFunction(() => location.search.includes("step=2"));
  // Reopened, the address gives the same step and state.
  const again = await openPage(env.browser, page.url());
  const restored = await waitForChange(again.page, () => true);
  assert.deepEqual(restored.params, (await waitForChange(page, (d) => d.params["ttl-s"] === 10)).params);
  assert.match(await again.page.locator("[data-locklab=ttl-tradeoff] .ll-step-now").textContent(), /^Step 2 of 3/);
  await again.context.close();
  // Bad steps: a notice naming the step and the parameter; the rest works.
  await page.goto(`${env.origin}/course/locks/embed.html?widget=ttl-tradeoff&steps=${encodeURIComponent("ttl-s=banana | colour=red")}`);
  await w.locator(".ll-notice").waitFor();
  const said = (await w.locator(".ll-notice li").allTextContents()).join(" ");
  assert.match(said, /steps: step 1: ttl-s=“banana” is not a number/);
  assert.match(said, /steps: step 2: unknown parameter “colour”/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("side by side: one widget shows two settings on the same seed, and the results that differ", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/embed.html?widget=ttl-tradeoff&compare=${encodeURIComponent("ttl-s=1 | ttl-s=60")}`);
  const change = await waitForChange(page, (d) => Array.isArray(d.compare));
  assert.deepEqual(change.compare.map((c) => c.params["ttl-s"]), [1, 60]);
  assert.equal(change.compare[0].params.seed, change.compare[1].params.seed, "the same seed");
  assert.ok(change.compare[0].result.unsafeFraction > change.compare[1].result.unsafeFraction);
  const w = page.locator("[data-locklab=ttl-tradeoff]");
  assert.equal(await w.locator(".ll-compare-side").count(), 2);
  // In a student's language (issue #41, item 8): the readout cards' labels and values, each side
  // headed by its setting in words, all inside the box.
  const rows = await w.locator(".ll-compare-diff tbody th").allTextContents();
  assert.ok(rows.includes("Wait after a crash") && rows.includes("Share (exact)"), rows.join(", "));
  const wait = await w.locator(".ll-compare-diff tbody tr", { hasText: "Wait after a crash" }).locator("td").allTextContents();
  assert.deepEqual(wait, ["up to 1 s", "up to 60 s"]);
  assert.deepEqual(await w.locator(".ll-compare-label").allTextContents(), ["Lock TTL 1 s", "Lock TTL 60 s"]);
  const fits = await w.evaluate((el) => {
    const root = el.shadowRoot;
    const box = root.querySelector(".ll-compare-pair").getBoundingClientRect();
    const table = root.querySelector(".ll-compare-diff table").getBoundingClientRect();
    const over = [...root.querySelectorAll(".ll-stat dd")].filter((d) => d.scrollWidth > d.clientWidth + 1).map((d) => d.textContent);
    return { table: table.right <= box.right + 1, over };
  });
  assert.deepEqual(fits, { table: true, over: [] });
  await page.screenshot({ path: path.join(artifacts, "compare.png"), fullPage: true });
  assert.equal(await page.evaluate(() => window.__events.filter((e) => e.type === "locklab:change").length), 1, "one event for the pair");
  assert.deepEqual(problems, []);
  await context.close();
});

test("what a comparison cannot use, a comparison's bad setting and captions with nothing to caption are said in the widget", async () => {
  // Issue #42, item 5: each was dropped in silence (the build-time checks refused the first two).
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
  await page.waitForFunction(() => globalThis[Symbol.for("locklab.loader")] !== undefined);
  const cases = [
    { attrs: { compare: "ttl-s=1 | ttl-s=60", steps: "ttl-s=5 | ttl-s=9", challenges: "builtin" }, said: [/compare shows two settings side by side, so the preset steps .* are not used/, /challenges are not offered beside a comparison/] },
    { attrs: { compare: "ttl-s=1 | nope=3" }, said: [/compare: the second setting/] },
    { attrs: { "step-captions": "Short | Long" }, said: [/step-captions=“Short \| Long” captions preset steps, and there are none/] },
    { attrs: { "compare-captions": "Short lease | Long lease" }, said: [/compare-captions=“Short lease \| Long lease” heads the two sides of a comparison, and there is none/] },
  ];
  for (const [i, c] of cases.entries()) {
    await page.evaluate(({ i, attrs }) => {
      const slot = document.getElementById("slot");
      slot.replaceChildren();
      const el = document.createElement("div");
      el.id = `case-${i}`;
      el.dataset.locklab = "ttl-tradeoff";
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(`data-${k}`, v);
      slot.append(el);
    }, { i, attrs: c.attrs });
    await waitForChange(page, (d, id) => id === `case-${i}`);
    const notices = (await page.locator(`#case-${i} .ll-notice`).allTextContents()).join(" / ");
    for (const re of c.said) assert.match(notices, re, `${JSON.stringify(c.attrs)}: ${notices}`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test("side by side on a light page read in dark mode: the captions and the table keep their contrast", async () => {
  // The widget follows the reader's dark scheme; a page that declares none stays white. The sides'
  // captions sat on the page: light grey on white.
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`, { viewport: { width: 1280, height: 900 }, colorScheme: "dark" });
  await page.waitForFunction(() => globalThis[Symbol.for("locklab.loader")] !== undefined);
  await page.evaluate(() => {
    const el = document.createElement("div");
    el.id = "pair";
    el.dataset.locklab = "ttl-tradeoff";
    el.dataset.compare = "ttl-s=1 | ttl-s=60";
    document.getElementById("slot").append(el);
  });
  await waitForChange(page, (d, id) => id === "pair");
  const ratios = await page.locator("#pair").evaluate((host) => {
    const rgb = (c) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    // The first opaque background behind an element, through the shadow root to the page.
    const behind = (el) => {
      for (let n = el; n; n = n.parentElement ?? n.getRootNode().host) {
        const c = rgb(getComputedStyle(n).backgroundColor);
        if (c.length >= 3 && (c[3] ?? 1) > 0.5) return c;
      }
      return [255, 255, 255];
    };
    const contrast = (el) => {
      const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(behind(el))];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    };
    const root = host.shadowRoot;
    return [...root.querySelectorAll(".ll-compare-label, .ll-compare caption, .ll-compare th")].map((el) => [el.textContent.trim().slice(0, 30), Number(contrast(el).toFixed(2))]);
  });
  assert.ok(ratios.length >= 4, JSON.stringify(ratios));
  const low = ratios.filter(([, r]) => r < 4.5);
  assert.deepEqual(low, [], "text below 4.5:1 against what is behind it");
  assert.deepEqual(problems, []);
  await context.close();
});

test("side by side on a slide: captions head the sides, each chart readable, nothing clipped (1,280 px and a reveal.js slide)", async () => {
  // Issue #41, item 2: with data-layout="slide", each chart was a strip about 10 px tall.
  const compare = encodeURIComponent("ttl-s=1 | ttl-s=60");
  const captions = encodeURIComponent("Short lease | Long lease");
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/embed.html?widget=ttl-tradeoff&layout=slide&compare=${compare}&compare-captions=${captions}`, { viewport: { width: 1280, height: 800 } });
  await waitForChange(page, (d) => Array.isArray(d.compare));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const w = page.locator("[data-locklab=ttl-tradeoff]");
  assert.deepEqual(await w.locator(".ll-compare-label").allTextContents(), ["Short lease", "Long lease"]);
  const seen = await w.evaluate((el) => {
    const root = el.shadowRoot;
    return [...root.querySelectorAll(".ll-compare-side")].map((side) => {
      const canvases = [...side.querySelectorAll(".ll-canvas")].filter((c) => c.checkVisibility());
      const widget = side.querySelector(".ll-widget");
      return { charts: canvases.map((c) => Math.round(c.getBoundingClientRect().height)), clipped: widget.scrollHeight - widget.clientHeight };
    });
  });
  for (const side of seen) {
    assert.ok(side.charts.length >= 1 && side.charts.every((h) => h >= 150), `each chart readable: ${JSON.stringify(seen)}`);
    assert.ok(side.clipped <= 1, `nothing clipped: ${JSON.stringify(seen)}`);
  }
  await page.screenshot({ path: path.join(artifacts, "slide-compare-1280.png"), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();

  // On a reveal.js slide (960 × 700): both charts drawn, the pair and its table inside the slide.
  const shown = await openPage(env.browser, `${deck.origin}/`, { viewport: { width: 1280, height: 720 } });
  await shown.page.waitForFunction(() => window.deck?.isReady());
  await shown.page.evaluate(() => window.deck.slide(4));
  await waitForChange(shown.page, (d, id) => id === "c" && Array.isArray(d.compare));
  await shown.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const onSlide = await shown.page.locator("#c").evaluate((el) => {
    // reveal.js lays the slides out at 960 × 700 in .slides (then scales it): what is outside is
    // off the slide, whatever the section's own height.
    const slide = el.closest(".slides").getBoundingClientRect();
    const root = el.shadowRoot;
    const out = [...root.querySelectorAll(".ll-compare-side .ll-canvas, .ll-compare-side .ll-stat, .ll-compare-side .ll-narrative, .ll-compare-label, .ll-compare-diff")]
      .filter((e) => e.checkVisibility())
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.bottom > slide.bottom + 1 || r.right > slide.right + 1 || r.top < slide.top - 1;
      })
      .map((e) => e.className);
    const charts = [...root.querySelectorAll(".ll-compare-side .ll-canvas")].filter((c) => c.checkVisibility()).map((c) => Math.round(c.getBoundingClientRect().height));
    return { out, charts };
  });
  await shown.page.screenshot({ path: path.join(artifacts, "slide-compare-reveal.png") });
  assert.deepEqual(onSlide.out, [], `inside the slide: ${JSON.stringify(onSlide)}`);
  assert.ok(onSlide.charts.length >= 2 && onSlide.charts.every((h) => h >= 100), `both charts drawn: ${JSON.stringify(onSlide)}`);
  assert.deepEqual(shown.problems, []);
  await shown.context.close();
});

test("on a 360 × 740 phone, moving a slider keeps the key readout in view, for every simulation", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/`, { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const kinds = [...new Set(golden().map((g) => g.widget))];
  for (const name of kinds) {
    const w = page.locator(`[data-locklab=${name}]`).first();
    await waitForChange(page, (d) => d.widget === name);
    const slider = w.locator(".ll-controls").getByRole("slider").first();
    // As a thumb leaves it: the slider in the middle of the screen.
    await slider.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await slider.focus();
    await page.keyboard.press("ArrowRight");
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const stats = await w.locator(".ll-stats").first().boundingBox();
    assert.ok(stats && stats.y >= -1 && stats.y + stats.height <= 741, `${name}: the readout is at ${JSON.stringify(stats)}`);
    if (name === "counter-race") await page.screenshot({ path: path.join(artifacts, "phone-dragging.png") });
    await slider.blur();
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test("the gallery records preset steps and copies them", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/gallery.html?widget=ttl-tradeoff`);
  await waitForChange(page, (d, id) => id === "preview-widget" && d.widget === "ttl-tradeoff");
  const ttl = page.locator("#preview").getByRole("slider", { name: "Lock TTL" });
  await ttl.focus();
  await ttl.press("Home");
  await waitForChange(page, (d, id) => id === "preview-widget" && d.params["ttl-s"] === 0.1);
  await page.getByRole("button", { name: "Add this state as a step" }).click();
  await ttl.press("End");
  await waitForChange(page, (d, id) => id === "preview-widget" && d.params["ttl-s"] === 120);
  await page.getByRole("button", { name: "Add this state as a step" }).click();
  await page.waitForFunction(() => document.getElementById("script-code").value.includes("data-steps="));
  const script = await page.locator("#script-code").inputValue();
  assert.match(script, /data-ttl-s="0\.1"/);
  assert.match(script, /data-steps="ttl-s=0\.1 \| ttl-s=120"/);
  assert.equal(await page.locator("#step-list li").count(), 2);
  // Issue #41, item 3: each step listed by its settings, a caption per step, the steps kept when
  // the challenges are switched on and in the gallery's address.
  assert.deepEqual(await page.locator("#step-list .step-what").allTextContents(), ["ttl-s=0.1", "ttl-s=120"]);
  await page.getByRole("textbox", { name: "Caption for step 2" }).fill("Long | very");
  await page.waitForFunction(() => document.getElementById("script-code").value.includes("data-step-captions="));
  assert.match(await page.locator("#script-code").inputValue(), /data-step-captions=" \| Long \/ very"/);
  await page.locator("#challenges-toggle").check();
  await waitForChange(page, (d, id) => id === "preview-widget" && d.params["ttl-s"] === 120);
  await page.waitForFunction(() => document.getElementById("script-code").value.includes('data-challenges="builtin"'));
  const withChallenges = await page.locator("#script-code").inputValue();
  assert.match(withChallenges, /data-steps="ttl-s=0\.1 \| ttl-s=120"/, "the steps stay beside the challenges");
  assert.equal(await page.locator("#step-list li").count(), 2);
  await page.reload();
  await waitForChange(page, (d, id) => id === "preview-widget" && d.widget === "ttl-tradeoff");
  assert.deepEqual(await page.locator("#step-list .step-what").allTextContents(), ["ttl-s=0.1", "ttl-s=120"], "a reload keeps the steps");
  assert.equal(await page.getByRole("textbox", { name: "Caption for step 2" }).inputValue(), "Long | very");
  await page.locator("#challenges-toggle").uncheck();
  await waitForChange(page, (d, id) => id === "preview-widget");
  // The first two steps side by side instead: data-compare with their captions, kept in the address.
  await page.locator("#compare-toggle").check();
  await page.waitForFunction(() => document.getElementById("script-code").value.includes("data-compare="));
  const pair = await page.locator("#script-code").inputValue();
  assert.match(pair, /data-compare="ttl-s=0\.1 \| ttl-s=120"/);
  assert.match(pair, /data-compare-captions=" \| Long \/ very"/);
  assert.doesNotMatch(pair, /data-steps=/);
  await page.reload();
  await waitForChange(page, (d, id) => id === "preview-widget" && d.widget === "ttl-tradeoff");
  assert.equal(await page.locator("#compare-toggle").isChecked(), true, "a reload keeps the comparison");
  await page.waitForFunction(() => document.getElementById("script-code").value.includes("data-compare="));
  // The copied comparison shows both settings.
  const compared = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
  await compared.page.evaluate((html) => {
    const div = new DOMParser().parseFromString(html, "text/html").querySelector("[data-locklab]");
    document.getElementById("slot").append(document.importNode(div, true));
  }, pair);
  const both = await waitForChange(compared.page, (d) => Array.isArray(d.compare));
  assert.deepEqual(both.compare.map((c) => c.params["ttl-s"]), [0.1, 120]);
  assert.deepEqual(await compared.page.locator("[data-locklab] .ll-compare-label").allTextContents(), ["Lock TTL 0.1 s", "Long / very"], "an empty caption: the setting in words");
  assert.deepEqual(compared.problems, []);
  await compared.context.close();
  await page.locator("#compare-toggle").uncheck();
  // The copied snippet steps as recorded.
  const scripted = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
  await scripted.page.evaluate((html) => {
    const div = new DOMParser().parseFromString(html, "text/html").querySelector("[data-locklab]");
    document.getElementById("slot").append(document.importNode(div, true));
  }, script);
  const opened = await waitForChange(scripted.page, () => true);
  assert.equal(opened.params["ttl-s"], 0.1);
  await scripted.page.locator("[data-locklab]").getByRole("button", { name: /Next step/ }).click();
  await waitForChange(scripted.page, (d) => d.params["ttl-s"] === 120);
  assert.deepEqual([...problems, ...scripted.problems], []);
  await scripted.context.close();
  await context.close();
});
