// Print and no JavaScript: a printed page keeps each widget's narrative, readouts and drawn charts
// and drops its controls; print-to-PDF works; and without the script an element keeps the
// fallback its author put inside.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { useServer, openPage, waitForChange, artifacts, root, deckFile } from "./helpers.mjs";
import { serve } from "../server.mjs";

const env = useServer();

test("printed, a widget shows its narrative, readouts and charts, and no controls", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/`, { viewport: { width: 800, height: 1100 } });
  await waitForChange(page, (d) => d.widget === "sweeper-incident");
  await page.emulateMedia({ media: "print" });
  const shown = await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const host = document.querySelector("[data-locklab=sweeper-incident]");
    const root = host.shadowRoot;
    const visible = (sel) => [...root.querySelectorAll(sel)].some((e) => getComputedStyle(e).display !== "none" && e.getBoundingClientRect().height > 0);
    // A drawn chart has more than one colour in it.
    const canvas = root.querySelector(".ll-area-headline canvas");
    const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    const colours = new Set();
    for (let i = 0; i < data.length; i += 4 * 97) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
    return {
      narrative: visible(".ll-narrative"),
      stats: visible(".ll-stat"),
      chart: visible("canvas"),
      colours: colours.size,
      controls: visible(".ll-controls"),
      player: visible(".ll-player"),
    };
  });
  assert.deepEqual({ ...shown, colours: shown.colours > 3 }, { narrative: true, stats: true, chart: true, colours: true, controls: false, player: false });
  const el = page.locator("[data-locklab=sweeper-incident]");
  await el.scrollIntoViewIfNeeded();
  await el.screenshot({ path: path.join(artifacts, "print-sweeper-incident.png") });
  const pdf = await page.pdf({ format: "A4", printBackground: true });
  fs.writeFileSync(path.join(artifacts, "lesson.pdf"), pdf);
  assert.ok(pdf.length > 50_000, `a real PDF (${pdf.length} bytes)`);
  assert.deepEqual(problems, []);
  await context.close();
});

test("without the script, an element keeps its author's fallback", async () => {
  const { page, context } = await openPage(env.browser, `${env.origin}/course/locks/`, { javaScriptEnabled: false });
  const text = await page.locator("[data-locklab=counter-race]").textContent();
  assert.match(text, /Loading the counter race/);
  await context.close();
});

test("a host page's color-scheme and an author's data-theme choose the widget's colours", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`, { colorScheme: "light" });
  await page.waitForFunction(() => globalThis[Symbol.for("locklab.loader")] !== undefined);
  await page.evaluate(() => {
    const el = document.createElement("div");
    el.id = "w";
    el.dataset.locklab = "counter-race";
    document.getElementById("slot").append(el);
  });
  await waitForChange(page, (d, id) => id === "w");
  const bg = () =>
    page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const root = document.getElementById("w").shadowRoot;
      const canvas = root.querySelector("canvas");
      const [r, g, b] = canvas.getContext("2d").getImageData(2, 2, 1, 1).data;
      return [getComputedStyle(root.querySelector(".ll-widget")).backgroundColor, `rgb(${r}, ${g}, ${b})`];
    });
  const light = ["rgb(255, 255, 255)", "rgb(255, 255, 255)"];
  const dark = ["rgb(22, 27, 34)", "rgb(22, 27, 34)"];
  assert.deepEqual(await bg(), light);
  // The page declares a dark colour scheme (CSSOM: the fixture's CSP allows no inline style).
  await page.evaluate(() => document.documentElement.style.setProperty("color-scheme", "dark"));
  assert.deepEqual(await bg(), dark, "color-scheme: dark");
  await page.evaluate(() => document.getElementById("w").setAttribute("data-theme", "light"));
  assert.deepEqual(await bg(), light, "data-theme=light wins over the page");
  await page.evaluate(() => document.getElementById("w").setAttribute("data-theme", "auto"));
  assert.deepEqual(await bg(), dark, "auto follows the page again");
  assert.deepEqual(problems, []);
  await context.close();
});

test("print-to-PDF of a page with one widget, rendered back to an image with pdf.js", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`, { viewport: { width: 800, height: 1100 } });
  await page.waitForFunction(() => globalThis[Symbol.for("locklab.loader")] !== undefined);
  await page.evaluate(() => {
    const el = document.createElement("div");
    el.dataset.locklab = "paused-holder";
    document.getElementById("slot").append(el);
  });
  await waitForChange(page, (d) => d.widget === "paused-holder");
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const pdf = await page.pdf({ format: "A4", printBackground: true });
  await context.close();
  // A page that renders the PDF's first page with pdf.js into a canvas.
  const dir = path.join(root, "target", "print-test");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "widget.pdf"), pdf);
  fs.writeFileSync(path.join(dir, "index.html"), '<!doctype html><meta charset="utf-8"><title>pdf</title><canvas id="c"></canvas><script type="module" src="render.mjs"></script>');
  fs.writeFileSync(
    path.join(dir, "render.mjs"),
    `import * as pdfjs from "./pdfjs/pdf.mjs";
pdfjs.GlobalWorkerOptions.workerSrc = "./pdfjs/pdf.worker.mjs";
const data = new Uint8Array(await (await fetch("widget.pdf")).arrayBuffer());
const doc = await pdfjs.getDocument({ data }).promise;
const first = await doc.getPage(1);
const viewport = first.getViewport({ scale: 1.5 });
const canvas = document.getElementById("c");
canvas.width = viewport.width;
canvas.height = viewport.height;
await first.render({ canvas, canvasContext: canvas.getContext("2d"), viewport }).promise;
const text = (await first.getTextContent()).items.map((i) => i.str).join(" ");
window.__rendered = { pages: doc.numPages, text };
`,
  );
  const viewer = await serve({
    mounts: [
      { prefix: "/pdfjs/", dir: path.join(root, "tests", "node_modules", "pdfjs-dist", "build") },
      { prefix: "/", dir },
    ],
  });
  const shown = await openPage(env.browser, `${viewer.origin}/`, { viewport: { width: 950, height: 1300 } });
  // Whatever happens below, the extra server closes (an open server would keep the test running).
  try {
  await shown.page.waitForFunction(() => window.__rendered, null, { timeout: 20_000 });
  const { text } = await shown.page.evaluate(() => window.__rendered);
  // The printed widget: its title and narrative are in the PDF as text, and no control is.
  assert.match(text, /The paused holder/);
  assert.match(text, /C14/);
  assert.doesNotMatch(text, /Step forward|More settings|Reset/);
  // The chart printed as a picture: the rendered page has the chart's colours, not just text.
  const colours = await shown.page.evaluate(() => {
    const c = document.getElementById("c");
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4 * 53) seen.add(`${d[i] >> 4},${d[i + 1] >> 4},${d[i + 2] >> 4}`);
    return seen.size;
  });
  assert.ok(colours > 12, `${colours} colours on the printed page`);
  await shown.page.locator("#c").screenshot({ path: path.join(artifacts, "print-pdf-page1.png") });
  assert.deepEqual([...problems, ...shown.problems], []);
  } finally {
    await shown.context.close();
    await viewer.close();
  }
});

// ---------------------------------------------------------------- handouts (issue #29)

const run = (cmd, args) => execFileSync(cmd, args, { encoding: "utf8" });

test("the lesson as a handout: every card of each deck, sharp charts, no mostly empty page, each widget's address", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/`, { viewport: { width: 1280, height: 900 } });
  const kinds = await page.evaluate(() => document.querySelectorAll("[data-locklab]").length);
  await page.waitForFunction((n) => document.querySelectorAll("[data-locklab-mounted]").length === n, kinds, { timeout: 60_000 });
  // Let every widget draw once, then switch to print: the charts redraw for paper.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
  await page.emulateMedia({ media: "print" });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300)))));
  const pdf = await page.pdf({ format: "A4", printBackground: true, margin: { top: "12mm", bottom: "12mm", left: "12mm", right: "12mm" } });
  const file = path.join(artifacts, "handout.pdf");
  fs.writeFileSync(file, pdf);

  // Every card of every deck on the page, with its options, in the text.
  const text = run("pdftotext", ["-layout", file, "-"]).replace(/\s+/g, " ");
  const decks = await page.evaluate(() => [...document.querySelectorAll("[data-locklab=quiz]")].map((q) => q.dataset.deck));
  assert.ok(decks.length >= 1);
  const squeeze = (s) => s.replace(/\s+/g, " ").slice(0, 60);
  for (const name of decks) {
    const deck = deckFile(name);
    for (const card of deck.cards) {
      assert.ok(text.includes(squeeze(card.question)), `${name}/${card.id}: ${card.question}`);
      for (const o of card.options) assert.ok(text.includes(squeeze(o.text).slice(0, 40)), `${name}/${card.id}: ${o.text}`);
    }
  }
  // Each simulation carries the address of its exact state.
  const sims = await page.evaluate(() => document.querySelectorAll("[data-locklab]:not([data-locklab=quiz])").length);
  assert.equal((text.match(/This state: http/g) ?? []).length, sims);

  // Charts are images of at least 200 pixels an inch at their printed size.
  const images = run("pdfimages", ["-list", file]).split("\n").slice(2).filter((l) => l.trim());
  assert.ok(images.length >= sims, `${images.length} images`);
  for (const line of images) {
    const cols = line.trim().split(/\s+/);
    const [xppi, yppi] = [Number(cols[12]), Number(cols[13])];
    assert.ok(xppi >= 200 && yppi >= 200, `an image at ${xppi} × ${yppi} ppi: ${line}`);
  }

  // No page (but the last) is mostly empty: its content reaches at least half way down.
  const pages = Number(/Pages:\s+(\d+)/.exec(run("pdfinfo", [file]))[1]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "locklab-pages-"));
  run("pdftoppm", ["-r", "20", "-gray", file, path.join(dir, "p")]);
  const filled = [];
  for (const name of fs.readdirSync(dir).sort()) {
    const pgm = fs.readFileSync(path.join(dir, name));
    // Binary PGM: "P5\n<w> <h>\n<max>\n" then one byte a pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.toString("latin1", 0, 40));
    const [w, h] = [Number(header[1]), Number(header[2])];
    const pixels = pgm.subarray(header[0].length);
    let last = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) if (pixels[y * w + x] < 200) last = y;
    }
    filled.push(last / h);
  }
  assert.equal(filled.length, pages);
  filled.slice(0, -1).forEach((f, i) => assert.ok(f >= 0.5, `page ${i + 1} of ${pages} is mostly empty (content to ${Math.round(f * 100)} %)`));
  run("pdftoppm", ["-r", "60", "-png", "-f", "2", "-l", "2", file, path.join(artifacts, "handout-page")]);
  assert.deepEqual(problems, []);
  await context.close();
});

/** The leases deck printed as a teacher's copy (with `paperSeed`, another version): each card's
 * options read off the PDF in their printed order, checked against the key printed under them;
 * the key's letters and the order of every card's options. */
async function teachersCopy(paperSeed) {
  const { page, context } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
  await page.waitForFunction(() => globalThis[Symbol.for("locklab.loader")] !== undefined);
  await page.evaluate((paperSeed) => {
    const el = document.createElement("div");
    el.dataset.locklab = "quiz";
    el.dataset.deck = "leases";
    el.dataset.print = "answers";
    if (paperSeed !== undefined) el.dataset.paperSeed = paperSeed;
    document.getElementById("slot").append(el);
  }, paperSeed);
  const change = await waitForChange(page, (d) => d.widget === "quiz");
  const deck = deckFile("leases");
  // Every paper card is in the document and the fonts are in before the page prints.
  await page.waitForFunction((n) => document.querySelector("[data-locklab=quiz]")?.shadowRoot?.querySelectorAll(".ll-print-card").length === n, deck.cards.length);
  const notices = await page.evaluate(() => document.querySelector("[data-locklab=quiz]").shadowRoot.querySelectorAll(".ll-notice li").length);
  await page.emulateMedia({ media: "print" });
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  const file = path.join(artifacts, `teachers-copy${paperSeed === undefined ? "" : `-${paperSeed}`}.pdf`);
  fs.writeFileSync(file, await page.pdf({ format: "A4" }));
  const raw = run("pdftotext", [file, "-"]);
  fs.writeFileSync(file.replace(/\.pdf$/, ".txt"), raw);
  const text = raw.replace(/\s+/g, " ");
  const letters = [];
  const orders = [];
  for (const card of deck.cards) {
    // The printed order, read off the paper: each option's place after its question.
    const q = text.indexOf(card.question.replace(/\s+/g, " ").slice(0, 60));
    assert.ok(q >= 0, `${card.id}: its question is on paper; the paper's text begins: ${text.slice(0, 400)}`);
    const at = card.options.map((o) => text.indexOf(o.text.replace(/\s+/g, " ").slice(0, 40), q));
    assert.ok(at.every((x) => x > q), `${card.id}: every option is printed after its question`);
    const right = card.options.findIndex((o) => o.correct);
    const letter = String.fromCharCode(65 + at.filter((x) => x < at[right]).length);
    const key = text.indexOf("Answer: ", Math.max(...at));
    assert.equal(text.slice(key, key + 10), `Answer: ${letter}.`, `${card.id}: the key names the letter the right option is printed at`);
    assert.ok(text.includes(card.options[right].why.replace(/\s+/g, " ").slice(0, 50)), card.id);
    letters.push(letter);
    orders.push(at.map((x, i) => [x, i]).sort((p, q) => p[0] - q[0]).map((p) => p[1]).join(""));
  }
  await context.close();
  return { letters, orders, notices, change };
}

test("a teacher's copy: data-print=\"answers\" prints each card's answer and explanation", async () => {
  const { letters, orders } = await teachersCopy();
  // The key does not give itself away: no letter holds more than half the answers.
  const most = Math.max(...[...new Set(letters)].map((l) => letters.filter((x) => x === l).length));
  assert.ok(2 * most <= letters.length, `the answers on paper: ${letters.join(" ")}`);
  // Issue #41, item 4: another paper-seed is another version of the paper, keyed as printed,
  // and the same seed prints the same paper again.
  const other = await teachersCopy("7");
  assert.equal(other.notices, 0, "paper-seed is the quiz's own attribute");
  assert.notDeepEqual(other.orders, orders, "another version");
  const most7 = Math.max(...[...new Set(other.letters)].map((l) => other.letters.filter((x) => x === l).length));
  assert.ok(2 * most7 <= other.letters.length, `the answers on version 7: ${other.letters.join(" ")}`);
  assert.deepEqual((await teachersCopy("7")).orders, other.orders, "the same seed, the same paper");
});
