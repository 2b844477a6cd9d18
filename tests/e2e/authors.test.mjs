// What course authors and hosts rely on: embedding from another origin under a strict CSP, the
// iframe embed, shareable addresses, the gallery, bad input for every widget, isolation.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { start, openPage, waitForChange, dist, artifacts, STRICT_CSP } from "./helpers.mjs";
import { serve } from "../server.mjs";

let env, hostServer, authorServer, authorDir;
before(async () => {
  env = await start();
  // dist/ on a second origin, with the CORS header a host needs for the script embed, and the
  // strict policy on its own pages (embed.html).
  hostServer = await serve({
    mounts: [{ prefix: "/course/locks/", dir: dist }],
    headers: { "access-control-allow-origin": "*", "content-security-policy": STRICT_CSP },
  });
  const B = hostServer.origin;
  authorDir = fs.mkdtempSync(path.join(os.tmpdir(), "locklab-author-"));
  fs.writeFileSync(
    path.join(authorDir, "index.html"),
    `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>An author's lesson</title>
  <link rel="stylesheet" href="author.css">
  <script type="module" src="${B}/course/locks/locklab.js"></script>
  <script src="${B}/course/locks/locklab-embed.js" defer></script>
</head>
<body>
  <h1>My lesson</h1>
  <p class="ll-button">A page element that happens to use a locklab class name.</p>
  <div id="race" data-locklab="counter-race" data-workers="7" data-seed="11"></div>
  <div id="ttl" data-locklab="ttl-tradeoff" data-ttl-s="5"></div>
  <div id="quiz" data-locklab="quiz" data-deck="interview"></div>
  <iframe id="framed" data-locklab-frame title="Paused holder" width="100%"
          src="${B}/course/locks/embed.html?widget=paused-holder&amp;fencing=true"></iframe>
</body>
</html>`,
  );
  // Hostile page CSS: none of it may reach inside a widget.
  fs.writeFileSync(
    path.join(authorDir, "author.css"),
    `* { font-size: 40px !important; color: #ff00ff !important; }
     button, input, canvas, table { display: none !important; }
     p { margin: 5em !important; }
     iframe { border: 0; }`,
  );
  authorServer = await serve({
    mounts: [{ prefix: "/", dir: authorDir }],
    headers: {
      "content-security-policy": `default-src 'self'; script-src 'self' ${B} 'wasm-unsafe-eval'; style-src 'self' ${B}; connect-src 'self' ${B}; frame-src ${B}`,
    },
  });
});
after(async () => {
  await env?.stop();
  await hostServer?.close();
  await authorServer?.close();
});

test("an author page on another origin embeds three widgets by script and one by iframe under a strict CSP", async () => {
  const { page, context, problems } = await openPage(env.browser, `${authorServer.origin}/`);
  const race = await waitForChange(page, (d, id) => id === "race");
  assert.deepEqual(Object.keys(race).sort(), ["params", "result", "widget"]);
  assert.deepEqual([race.params.workers, race.params.seed], [7, 11]);
  assert.ok(["expected", "final", "lost"].every((k) => k in race.result));
  const ttl = await waitForChange(page, (d, id) => id === "ttl");
  assert.equal(ttl.params["ttl-s"], 5);
  assert.ok(["unsafeFraction", "unsafeHolds", "unsafePerDay", "recoverySeconds"].every((k) => k in ttl.result));
  const quiz = await waitForChange(page, (d, id) => id === "quiz");
  assert.deepEqual(quiz.params, { deck: "interview" });
  // The iframe's events arrive on the iframe element, and it grows to fit its widget.
  const framed = await waitForChange(page, (d, id) => id === "framed");
  assert.equal(framed.widget, "paused-holder");
  // An embed code from before `protection` existed (fencing=true) gives the same picture.
  assert.equal(framed.params.protection, "fence-writes");
  assert.equal(framed.result.outcome, "a-rejected-by-fencing");
  const frame = page.frameLocator("#framed");
  const content = () => frame.locator("html").evaluate((h) => Math.ceil(h.getBoundingClientRect().height));
  let frameHeight = 0;
  let inner = 0;
  for (let i = 0; i < 50; i++) {
    frameHeight = await page.locator("#framed").evaluate((f) => f.getBoundingClientRect().height);
    inner = await content();
    if (inner > 400 && Math.abs(frameHeight - inner) <= 2) break;
    await page.waitForTimeout(100);
  }
  assert.ok(inner > 400 && Math.abs(frameHeight - inner) <= 2, `iframe ${frameHeight}px for content ${inner}px`);
  // It follows its content: open the step-by-step table inside and the frame grows.
  await frame.getByText("The timeline, step by step").click();
  await page.waitForFunction((h) => document.getElementById("framed").getBoundingClientRect().height > h + 100, frameHeight);

  // An answer in the quiz fires locklab:answer with the documented fields.
  await page.locator("#quiz .ll-option").first().click();
  const answer = await page.evaluate(() => window.__events.find((e) => e.type === "locklab:answer")?.detail);
  assert.deepEqual(Object.keys(answer).sort(), ["choice", "choiceText", "correct", "deck", "question", "statement", "totalXp", "xp"]);

  // The page's CSS does not reach the widgets, and the widgets' CSS does not reach the page.
  const narrative = page.locator("#race .ll-narrative");
  assert.ok((await narrative.evaluate((e) => parseFloat(getComputedStyle(e).fontSize))) < 24);
  assert.notEqual(await narrative.evaluate((e) => getComputedStyle(e).color), "rgb(255, 0, 255)");
  assert.ok(await page.locator("#race").getByRole("slider", { name: "Workers" }).isVisible());
  assert.ok(await page.locator("#race canvas").first().isVisible());
  assert.equal(await page.locator("p.ll-button").evaluate((e) => getComputedStyle(e).borderTopStyle), "none");

  // No policy violation anywhere: the page and the embedded frame.
  for (const f of page.frames()) {
    assert.deepEqual(await f.evaluate(() => window.__violations ?? []), [], `violations in ${f.url()}`);
  }
  assert.deepEqual(problems, []);
  await page.screenshot({ path: path.join(artifacts, "author-page.png"), fullPage: true });
  await context.close();
});

test("the lesson page's address keeps every widget's settings; reopening it restores the same numbers", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/`);
  await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
  const historyBefore = await page.evaluate(() => history.length);
  const ttl = page.locator("[data-locklab=ttl-tradeoff]").getByRole("slider", { name: "Lock TTL" });
  await ttl.focus();
  for (let i = 0; i < 20; i++) await ttl.press("ArrowLeft");
  const moved = await waitForChange(page, (d) => d.widget === "ttl-tradeoff" && d.params["ttl-s"] < 10);
  await page.locator("[data-locklab=fencing-chain]").getByRole("switch", { name: /fencing/i }).check();
  const fenced = await waitForChange(page, (d) => d.widget === "fencing-chain" && d.params.fencing);
  await page.waitForFunction(
    ([t]) => location.search.includes(`ttl-tradeoff.ttl-s=${t}`) && location.search.includes("fencing-chain.fencing=true"),
    [moved.params["ttl-s"]],
  );
  assert.equal(await page.evaluate(() => history.length), historyBefore, "the history is not flooded");
  const url = page.url();
  assert.ok(!url.includes("counter-race."), "untouched widgets keep a clean address");

  const again = await openPage(env.browser, url);
  const ttl2 = await waitForChange(again.page, (d) => d.widget === "ttl-tradeoff");
  const fenced2 = await waitForChange(again.page, (d) => d.widget === "fencing-chain");
  assert.deepEqual(ttl2, moved);
  assert.deepEqual(fenced2, fenced);
  assert.deepEqual([...problems, ...again.problems], []);
  await again.context.close();
  await context.close();
});

test("embed.html shows one widget, keeps its settings in its own address and restores them", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/embed.html?widget=counter-race&workers=9&seed=77`);
  const first = await waitForChange(page, (d) => d.widget === "counter-race");
  assert.deepEqual([first.params.workers, first.params.seed], [9, 77]);
  assert.equal(await page.locator("[data-locklab]").count(), 1);
  await page.getByRole("switch", { name: /lock/i }).check();
  await page.waitForFunction(() => location.search.includes("lock=true"));
  const locked = await waitForChange(page, (d) => d.params.lock);
  const again = await openPage(env.browser, page.url());
  assert.deepEqual(await waitForChange(again.page, () => true), locked);
  // An unknown widget name is reported inside the embed, not as a blank page.
  const bad = await openPage(env.browser, `${env.origin}/course/locks/embed.html?widget=counter-rcae`);
  await bad.page.locator(".ll-notice").filter({ hasText: "no locklab widget called “counter-rcae”" }).waitFor();
  assert.deepEqual([...problems, ...again.problems, ...bad.problems], []);
  for (const c of [context, again.context, bad.context]) await c.close();
});

test("the gallery sets up a widget and gives embed code for exactly that state", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/gallery.html`, {
    permissions: ["clipboard-read", "clipboard-write"],
  });
  await waitForChange(page, (d) => d.widget === "counter-race");
  await page.getByLabel("Widget").selectOption({ label: "TTL trade-off" });
  await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
  const ttl = page.locator("#preview").getByRole("slider", { name: "Lock TTL" });
  await ttl.focus();
  for (let i = 0; i < 7; i++) await ttl.press("ArrowRight");
  await page.locator("#preview").getByRole("button", { name: "New seed" }).click();
  const state = await waitForChange(page, (d) => d.widget === "ttl-tradeoff" && d.params.seed !== 1 && d.params["ttl-s"] > 10);
  await page.waitForFunction((seed) => document.getElementById("script-code").value.includes(`data-seed="${seed}"`), state.params.seed);
  const script = await page.locator("#script-code").inputValue();
  assert.ok(script.includes(`src="${env.origin}/course/locks/locklab.js"`), script);
  assert.ok(script.includes(`data-locklab="ttl-tradeoff"`) && script.includes(`data-ttl-s="${state.params["ttl-s"]}"`), script);
  assert.match(script, /><p>TTL trade-off: an interactive widget\. If it does not appear, this page could not run locklab: it needs JavaScript, and on another site the locklab host must send Access-Control-Allow-Origin \(or use the iframe embed\)\.<\/p><\/div>/, "a one-line fallback that names the likely causes");
  // Only what differs from the defaults, and the seed: the parameters left at their defaults
  // are not written, so "More settings" stays as designed on a phone.
  assert.ok(!script.includes("data-work-s=") && !script.includes("data-holds="), script);
  const iframe = await page.locator("#iframe-code").inputValue();
  const src = iframe.match(/src="([^"]+)"/)[1].replaceAll("&amp;", "&");
  assert.ok(src.startsWith(`${env.origin}/course/locks/embed.html?widget=ttl-tradeoff&`), src);
  await page.getByRole("button", { name: "Copy script embed" }).click();
  await page.locator("#copy-status").filter({ hasText: /Copied|Selected/ }).waitFor();
  await page.screenshot({ path: path.join(artifacts, "gallery.png"), fullPage: true });

  // The iframe code shows the very same numbers.
  const embedded = await openPage(env.browser, src);
  assert.deepEqual(await waitForChange(embedded.page, () => true), state);
  // And so does the script code, on a page of its own.
  const scripted = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
  await scripted.page.evaluate((html) => {
    const div = new DOMParser().parseFromString(html, "text/html").querySelector("[data-locklab]");
    document.getElementById("slot").append(document.importNode(div, true));
  }, script);
  assert.deepEqual(await waitForChange(scripted.page, () => true), state);
  // The CDN form comes first: the exact version's loader on jsDelivr with its integrity, and the
  // element with the same state, which (here from this site's copy) shows the very same numbers.
  const cdn = await page.locator("#cdn-code").inputValue();
  const assets = JSON.parse(fs.readFileSync(path.join(dist, "assets.json"), "utf8"));
  assert.ok(cdn.startsWith(`<script type="module" src="https://cdn.jsdelivr.net/npm/locklab@${assets.version}/locklab.js" integrity="${assets.integrity}" crossorigin="anonymous"></script>`), cdn);
  assert.ok(cdn.includes(`<locklab-widget name="ttl-tradeoff"`) && cdn.includes(` ttl-s="${state.params["ttl-s"]}"`) && !cdn.includes("data-ttl-s"), cdn);
  assert.ok(await page.evaluate(() => document.getElementById("cdn-h").compareDocumentPosition(document.getElementById("script-h")) & Node.DOCUMENT_POSITION_FOLLOWING), "before the self-hosted form");
  const element = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
  await element.page.evaluate((html) => {
    const el = new DOMParser().parseFromString(html, "text/html").querySelector("locklab-widget");
    document.getElementById("slot").append(document.importNode(el, true));
  }, cdn);
  assert.deepEqual(await waitForChange(element.page, () => true), state);
  await element.context.close();
  // At the defaults the snippet names the seed alone; pasted on a phone, "More settings" is closed.
  await page.getByLabel("Widget").selectOption({ label: "Counter race" });
  await waitForChange(page, (d, id) => id === "preview-widget" && d.widget === "counter-race");
  await page.waitForFunction(() => document.getElementById("script-code").value.includes('data-locklab="counter-race"'));
  const plain = await page.locator("#script-code").inputValue();
  assert.match(plain, /<div data-locklab="counter-race" data-seed="2"><p>/, plain);
  const phone = await openPage(env.browser, `${env.origin}/fixtures/blank.html`, { viewport: { width: 360, height: 740 } });
  await phone.page.evaluate((html) => {
    const div = new DOMParser().parseFromString(html, "text/html").querySelector("[data-locklab]");
    document.getElementById("slot").append(document.importNode(div, true));
  }, plain);
  await waitForChange(phone.page, () => true);
  assert.equal(await phone.page.locator("[data-locklab] details.ll-more").getAttribute("open"), null, "More settings closed at 360 px");
  assert.deepEqual([...problems, ...embedded.problems, ...scripted.problems, ...phone.problems], []);
  for (const c of [context, embedded.context, scripted.context, phone.context]) await c.close();
});

test("bad input for every widget: a notice naming the attribute, clamped params in the event, neighbours unaffected", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
  const cases = [
    { widget: "counter-race", attrs: { workers: "999", colour: "red" }, param: ["workers", 20], says: /workers=“999” is above the maximum, 20; using 20/ },
    { widget: "ttl-tradeoff", attrs: { "ttl-s": "soon", colour: "red" }, param: ["ttl-s", 10], says: /ttl-s=“soon” is not a number; using the default, 10 s/ },
    { widget: "paused-holder", attrs: { "lease-s": "-5", colour: "red" }, param: ["lease-s", 1], says: /lease-s=“-5” is below the minimum, 1 s; using 1 s/ },
    { widget: "fencing-chain", attrs: { fencing: "sometimes", colour: "red" }, param: ["fencing", false], says: /fencing=“sometimes” is not true or false/ },
    { widget: "redis-failover", attrs: { store: "mongodb", colour: "red" }, param: ["store", "redis"], says: /store=“mongodb” is not one of redis, redlock, consensus/ },
    { widget: "quiz", attrs: { deck: "interview", colour: "red" }, param: ["deck", "interview"], says: /Unknown parameter “colour”/ },
  ];
  for (const [i, c] of cases.entries()) {
    await page.evaluate(({ i, c }) => {
      const el = document.createElement("div");
      el.id = `bad-${i}`;
      el.setAttribute("data-locklab", c.widget);
      for (const [k, v] of Object.entries(c.attrs)) el.setAttribute(`data-${k}`, v);
      document.getElementById("slot").append(el);
    }, { i, c });
    const detail = await waitForChange(page, (d, id) => id === `bad-${i}`);
    assert.equal(detail.params[c.param[0]], c.param[1], c.widget);
    const notice = await page.locator(`#bad-${i} .ll-notice`).textContent();
    assert.match(notice, c.says, c.widget);
    assert.match(notice, /Unknown parameter “colour”/, c.widget);
  }
  // Every widget still answers its controls.
  const slider = page.locator("#bad-0").getByRole("slider", { name: "Workers" });
  await slider.focus();
  await slider.press("ArrowLeft");
  await waitForChange(page, (d, id) => id === "bad-0" && d.params.workers === 19);
  assert.deepEqual(problems, []);
  await context.close();
});

test("widgets removed from the page are unmounted, and mounting again works", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
  await page.waitForFunction(() => globalThis[Symbol.for("locklab.loader")] !== undefined);
  await page.evaluate(() => globalThis[Symbol.for("locklab.loader")]);
  for (let round = 0; round < 15; round++) {
    await page.evaluate((round) => {
      const el = document.createElement("div");
      el.id = `w-${round}`;
      el.setAttribute("data-locklab", ["counter-race", "ttl-tradeoff", "fencing-chain"][round % 3]);
      document.getElementById("slot").append(el);
    }, round);
    await waitForChange(page, (d, id) => id === `w-${round}`);
    // Keep the element in hand, detach it, and check its widget is gone from it.
    const left = await page.evaluate(async (round) => {
      const el = document.getElementById(`w-${round}`);
      el.remove();
      await new Promise((r) => setTimeout(r, 0));
      return { mounted: el.hasAttribute("data-locklab-mounted"), children: el.shadowRoot?.querySelector(".ll-host")?.childElementCount ?? -1 };
    }, round);
    assert.deepEqual(left, { mounted: false, children: 0 }, `round ${round}`);
  }
  // Moving an element elsewhere keeps its widget; it still works.
  await page.evaluate(() => {
    const el = document.createElement("div");
    el.id = "moved";
    el.setAttribute("data-locklab", "counter-race");
    document.getElementById("slot").append(el);
  });
  await waitForChange(page, (d, id) => id === "moved");
  await page.evaluate(() => document.body.prepend(document.getElementById("moved")));
  const s = page.locator("#moved").getByRole("slider", { name: "Workers" });
  await s.focus();
  await s.press("ArrowRight");
  await waitForChange(page, (d, id) => id === "moved" && d.params.workers === 6);
  assert.deepEqual(problems, []);
  await context.close();
});

test("no page in dist/ has an inline script or style; embed and gallery run under the strict CSP with no violation", async () => {
  for (const name of fs.readdirSync(dist).filter((f) => f.endsWith(".html"))) {
    const html = fs.readFileSync(path.join(dist, name), "utf8");
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/i, `${name}: inline script`);
    assert.doesNotMatch(html, /\sstyle=|<style[\s>]/i, `${name}: inline style`);
    assert.doesNotMatch(html, /\son[a-z]+=/i, `${name}: inline event handler`);
  }
  for (const [url, widget] of [
    [`${env.origin}/strict/embed.html?widget=redis-failover&store=consensus`, "redis-failover"],
    [`${env.origin}/strict/embed.html?widget=quiz&deck=check-yourself`, "quiz"],
    [`${env.origin}/strict/gallery.html`, "counter-race"],
  ]) {
    const { page, context, problems } = await openPage(env.browser, url);
    await waitForChange(page, (d) => d.widget === widget);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.deepEqual(await page.evaluate(() => window.__violations), [], url);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("theming: --locklab-* custom properties on the page reach inside the widget, charts included", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
  await page.evaluate(() => {
    const el = document.createElement("div");
    el.id = "themed";
    el.setAttribute("data-locklab", "ttl-tradeoff");
    // CSSOM, not an inline style attribute.
    el.style.setProperty("--locklab-accent", "#8250df");
    el.style.setProperty("--locklab-radius", "3px");
    document.getElementById("slot").append(el);
  });
  await waitForChange(page, (d, id) => id === "themed");
  const widget = page.locator("#themed .ll-widget");
  assert.equal(await widget.evaluate((e) => getComputedStyle(e).getPropertyValue("--ll-accent").trim()), "#8250df");
  assert.equal(await widget.evaluate((e) => getComputedStyle(e).borderTopLeftRadius), "3px");
  // The trade-off chart draws this run's points in the accent colour: find it on the canvas.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const found = await page.locator("#themed canvas").nth(1).evaluate((c) => {
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < d.length; i += 4) {
      if (Math.abs(d[i] - 0x82) < 6 && Math.abs(d[i + 1] - 0x50) < 6 && Math.abs(d[i + 2] - 0xdf) < 6) return true;
    }
    return false;
  });
  assert.ok(found, "the chart uses the page's accent colour");
  assert.deepEqual(problems, []);
  await context.close();
});
