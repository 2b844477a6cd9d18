// Shared set-up for the end-to-end tests: Debian's Chromium driven by playwright-core, and
// dist/ served under /course/locks/ next to the fixture pages.
import { chromium } from "playwright-core";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "../server.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, "../..");
export const dist = path.join(root, "dist");
export const artifacts = path.join(root, "tests", "artifacts");
fs.mkdirSync(artifacts, { recursive: true });

export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function start() {
  if (!fs.existsSync(path.join(dist, "locklab.js"))) {
    throw new Error("dist/locklab.js is missing: run `trunk build --release` first (bash .ci/run does)");
  }
  const server = await serve({
    mounts: [
      { prefix: "/course/locks/", dir: dist },
      { prefix: "/fixtures/", dir: path.join(root, "tests", "fixtures") },
    ],
  });
  // playwright passes its own fresh --user-data-dir for a non-persistent launch.
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  return {
    origin: server.origin,
    browser,
    async stop() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * A new page that records every locklab event (with the id of the element it came from), every
 * console error, uncaught exception and failed request.
 */
export async function openPage(browser, url, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("requestfailed", (req) => problems.push(`requestfailed: ${req.url()}`));
  page.on("response", (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  await page.addInitScript(() => {
    window.__events = [];
    for (const type of ["locklab:change", "locklab:answer"]) {
      document.addEventListener(type, (e) => {
        window.__events.push({ type, id: e.target.id || null, detail: e.detail });
      });
    }
  });
  if (url) await page.goto(url);
  return { page, context, problems };
}

/** Waits for a change event that satisfies `predicate(detail, id)` and returns its detail. */
export async function waitForChange(page, predicate, timeout = 10_000) {
  // A string expression runs through the DevTools protocol, not page eval, so it works under a
  // strict CSP as well.
  const expr = `(() => {
    const pred = ${predicate.toString()};
    const hit = window.__events.filter((e) => e.type === "locklab:change").reverse().find((e) => pred(e.detail, e.id));
    return hit ? hit.detail : null;
  })()`;
  const handle = await page.waitForFunction(expr, null, { timeout });
  return handle.jsonValue();
}

export async function eventCount(page) {
  return page.evaluate(() => window.__events.length);
}

export function golden() {
  const file = path.join(artifacts, "golden.json");
  if (!fs.existsSync(file)) {
    throw new Error("tests/artifacts/golden.json is missing: LOCKLAB_GOLDEN=… cargo test -p locklab-sim writes it (bash .ci/run does)");
  }
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

/** Formats like the sim crate's text::int (1000 → "1,000"). */
export function int(n) {
  return Math.round(n).toLocaleString("en-US");
}
