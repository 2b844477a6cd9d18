// Print and no JavaScript: a printed page keeps each widget's narrative, readouts and drawn charts
// and drops its controls; print-to-PDF works; and without the script an element keeps the
// fallback its author put inside.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { start, openPage, waitForChange, artifacts } from "./helpers.mjs";

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
