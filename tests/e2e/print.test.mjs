// Print and no JavaScript: a printed page keeps each widget's narrative, readouts and drawn charts
// and drops its controls; print-to-PDF works; and without the script an element keeps the
// fallback its author put inside.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { start, openPage, waitForChange, artifacts, root } from "./helpers.mjs";
import { serve } from "../server.mjs";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

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
