// Shared set-up for the end-to-end tests: Debian's Chromium driven by playwright-core, and
// dist/ served under /course/locks/ next to the fixture pages.
import { before, after } from "node:test";
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "../server.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, "../..");
export const dist = path.join(root, "dist");
export const artifacts = path.join(root, "tests", "artifacts");
fs.mkdirSync(artifacts, { recursive: true });

export const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";

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

export async function start({ headers = {}, mounts = [] } = {}) {
  if (!fs.existsSync(path.join(dist, "locklab.js"))) {
    throw new Error("dist/locklab.js is missing: run `trunk build --release` first (bash .ci/run does)");
  }
  const server = await serve({
    mounts: [
      { prefix: "/course/locks/", dir: dist },
      { prefix: "/fixtures/", dir: path.join(root, "tests", "fixtures") },
      // The same dist/ under the strict policy of the author contract.
      { prefix: "/strict/", dir: dist, headers: { "content-security-policy": STRICT_CSP } },
      ...mounts,
    ],
    headers,
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
 * The usual set-up of a test file: one server and browser for the whole file, started before
 * its first test and stopped after its last. The returned object is filled in by then.
 */
export function useServer(options) {
  const env = {};
  before(async () => {
    Object.assign(env, await start(options));
  });
  after(async () => {
    await env.stop?.();
  });
  return env;
}

/** A predicate for `waitForChange`: an event from widget kind `widget` that satisfies `pred`. */
export const of = (widget, pred = () => true) => (d) => d.widget === widget && pred(d);

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
  page.on("requestfailed", (req) => problems.push(`requestfailed: ${req.url()} (${req.method()}, ${req.failure()?.errorText ?? "no reason given"})`));
  page.on("response", (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  await page.addInitScript(() => {
    window.__events = [];
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__violations.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
    });
    for (const type of ["locklab:change", "locklab:answer", "locklab:complete"]) {
      document.addEventListener(type, (e) => {
        window.__events.push({ type, id: e.target.id || null, detail: e.detail });
      });
    }
    // Challenge events apart, so the counts of the others stay what the tests expect.
    window.__challenges = [];
    document.addEventListener("locklab:challenge", (e) => {
      window.__challenges.push({ id: e.target.id || null, detail: e.detail });
    });
  });
  if (url) await page.goto(url);
  return { page, context, problems };
}

/**
 * Waits for a change event that satisfies `predicate(detail, id)` and returns its detail. The
 * events are read out and tested here in Node, so this works on pages under a strict CSP too
 * (no string is evaluated in the page).
 */
/**
 * Until every widget's stylesheet on the page has arrived. A widget mounts, and fires its first
 * `locklab:change`, before its shadow root's stylesheet has loaded; meanwhile it is kept hidden
 * (`visibility: hidden` on its `.ll-host`), so a test that reads a computed style or prints the
 * page at once saw an unstyled or invisible widget under load (a teacher's copy printed without
 * its questions, a background read as transparent). A stylesheet that fails also reveals the
 * widget; one that never settles is waited for 5 s, then the test goes on and says what it sees.
 */
export async function styled(page) {
  await page.waitForFunction(() => ![...Document.prototype.querySelectorAll.call(document, "*")].some((el) => el.shadowRoot?.querySelector('.ll-host[style*="visibility"]')), null, { timeout: 5_000 }).catch(() => {});
}

export async function waitForChange(page, predicate, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const events = await page.evaluate(() => window.__events.filter((e) => e.type === "locklab:change"));
    const hit = events.reverse().find((e) => predicate(e.detail, e.id));
    if (hit) {
      await styled(page);
      return hit.detail;
    }
    if (Date.now() > deadline) {
      throw new Error(`no matching locklab:change within ${timeout} ms; saw ${JSON.stringify(events.slice(0, 3))}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Waits for a `locklab:challenge` whose detail satisfies `predicate(detail, id)` and returns it. */
export async function waitForChallenge(page, predicate, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const events = await page.evaluate(() => window.__challenges);
    const hit = events.find((e) => predicate(e.detail, e.id));
    if (hit) return hit.detail;
    if (Date.now() > deadline) throw new Error(`no matching locklab:challenge within ${timeout} ms; saw ${JSON.stringify(events.map((e) => e.detail.challenge))}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function eventCount(page) {
  return page.evaluate(() => window.__events.length);
}

/** A built-in quiz deck, read from `decks/` (the data files the quiz ships). */
export function deckFile(name) {
  return JSON.parse(fs.readFileSync(path.join(root, "crates", "course", "decks", `${name}.json`), "utf8"));
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

/**
 * Screenshots of `widgets` on the lesson page at desktop and phone widths (into
 * tests/artifacts/<widget>-<desktop|phone>.png), asserting each fits and nothing scrolls sideways.
 */
export async function screenshotWidgets(env, widgets) {
  for (const [name, viewport, scale] of [
    ["desktop", { width: 1280, height: 900 }, 1],
    ["phone", { width: 360, height: 740 }, 2],
  ]) {
    const { page, context, problems } = await openPage(env.browser, null, { viewport, deviceScaleFactor: scale });
    await page.goto(`${env.origin}/course/locks/`);
    for (const widget of widgets) {
      await waitForChange(page, (d) => d.widget === widget);
      const el = page.locator(`[data-locklab=${widget}]`);
      await el.scrollIntoViewIfNeeded();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const box = await el.boundingBox();
      if (box.width > viewport.width) throw new Error(`${widget} is ${box.width}px wide in ${viewport.width}px`);
      await el.screenshot({ path: path.join(artifacts, `${widget}-${name}.png`) });
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) throw new Error(`${name}: ${overflow}px of horizontal scroll`);
    if (problems.length) throw new Error(problems.join("\n"));
    await context.close();
  }
}

/** Focuses a quiz's first option, once it can be seen. */
export async function focusFirstOption(quiz) {
  // A widget is invisible until its stylesheet has arrived (lib.rs: visibility hidden, so that an
  // unstyled widget never flashes), and focus() on an invisible element does nothing: under load
  // the first key then went to the page's body and Next never came (stop 61, in 2 of about 15
  // runs of the SCORM file). A person cannot reach the option before they see it either.
  const first = quiz.locator(".ll-option").first();
  await first.waitFor({ state: "visible" });
  await first.focus();
  const inside = await quiz.evaluate((el) => {
    const a = el.ownerDocument.activeElement;
    return a === el || el.contains(a);
  });
  assert.ok(inside, "the quiz's first option has the focus");
}

/**
 * Answers every card of `deck` in a quiz widget by keyboard: the option's number key, then Enter
 * for the next card. Cards whose index is in `wrongAt` get a wrong answer (the next option).
 */
export async function answerAll(page, quiz, deck, wrongAt = []) {
  await focusFirstOption(quiz);
  for (let i = 0; i < deck.cards.length; i++) {
    const question = (await quiz.locator(".ll-question").textContent()).trim();
    const card = deck.cards.find((c) => c.question === question);
    const shown = await quiz.locator(".ll-option-text").allTextContents();
    const key = shown.indexOf(card.options.find((o) => o.correct).text) + 1;
    await page.keyboard.press(String(wrongAt.includes(i) ? (key % card.options.length) + 1 : key));
    // The answer has registered once Next is enabled (the verdict's paragraph is there, empty,
    // before any answer: waiting for it waited for nothing, and an Enter ahead of the answer is
    // ignored by the quiz, as it should be).
    await quiz.locator("button.ll-primary:not([disabled])").waitFor();
    await page.keyboard.press("Enter");
    // The next card is drawn after Enter: until it is, the card just answered (its question and
    // its verdict) is still shown, and reading it again answered the next card with this card's
    // key (a busy machine once put a wrong answer into a SCORM score this way).
    if (i + 1 < deck.cards.length) {
      for (let t = 0; (await quiz.locator(".ll-question").textContent()).trim() === question; t++) {
        if (t > 200) {
          // Say where the Enter went, so that a failure here can be told apart: focus outside the
          // quiz (the key was lost), on an option or on Next (the quiz did not act on it).
          const where = await quiz.evaluate((el) => {
            const describe = (e) => (e ? `${e.tagName.toLowerCase()}${e.className ? "." + String(e.className).split(" ").join(".") : ""}` : "none");
            const inner = el.shadowRoot?.activeElement ?? null;
            return `document's focus ${describe(el.ownerDocument.activeElement)}, the quiz's own ${describe(inner)}; verdict shown: ${Boolean((el.shadowRoot ?? el).querySelector(".ll-verdict"))}; Next: ${Boolean((el.shadowRoot ?? el).querySelector(".ll-next, button.ll-primary"))}`;
          }).catch((e) => `(could not read the focus: ${e.message})`);
          throw new Error(`the quiz still shows “${question}” 5 s after Enter (${where})`);
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    }
  }
}

/** The rules of xAPI 1.0.3 (part two) a learning record store checks for these statements. */
export function xapiProblems(s) {
  const bad = [];
  const iri = (v) => typeof v === "string" && /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(v);
  if (!iri(s.verb?.id)) bad.push("verb.id is not an IRI");
  if (s.verb?.display && !Object.values(s.verb.display).every((v) => typeof v === "string")) bad.push("verb.display is not a language map");
  if (!iri(s.object?.id)) bad.push("object.id is not an IRI");
  const def = s.object?.definition;
  if (def?.type && !iri(def.type)) bad.push("definition.type is not an IRI");
  if (def?.interactionType) {
    if (!["true-false", "choice", "fill-in", "long-fill-in", "matching", "performance", "sequencing", "likert", "numeric", "other"].includes(def.interactionType)) bad.push("interactionType");
    const ids = (def.choices ?? []).map((c) => c.id);
    if (new Set(ids).size !== ids.length || ids.some((i) => typeof i !== "string" || !i || /\s|\[,\]/.test(i))) bad.push("choice ids");
    const number = (t) => t === "" || Number.isFinite(Number(t));
    for (const p of def.correctResponsesPattern ?? []) {
      if (def.interactionType === "numeric") {
        // A range, min[:]max (either end may be open), or one number.
        const [lo, hi, ...rest] = p.split("[:]");
        const ok = hi === undefined ? p !== "" && number(p) : rest.length === 0 && number(lo) && number(hi) && (lo === "" || hi === "" || Number(lo) <= Number(hi));
        if (!ok) bad.push("numeric correctResponsesPattern");
      } else if (!p.split("[,]").every((x) => ids.includes(x))) bad.push("correctResponsesPattern");
    }
  }
  const score = s.result?.score;
  if (score) {
    if ("scaled" in score && !(score.scaled >= -1 && score.scaled <= 1)) bad.push("scaled outside [-1, 1]");
    if ("min" in score && "max" in score && !(score.min < score.max)) bad.push("min not below max");
    if ("raw" in score && (("min" in score && score.raw < score.min) || ("max" in score && score.raw > score.max))) bad.push("raw outside [min, max]");
  }
  if ("response" in (s.result ?? {}) && typeof s.result.response !== "string") bad.push("response not a string");
  for (const key of ["result", "context"]) {
    const ext = s[key]?.extensions;
    if (ext !== undefined && !(ext && typeof ext === "object" && Object.keys(ext).every(iri))) bad.push(`${key}.extensions keys are not IRIs`);
  }
  if ("success" in (s.result ?? {}) && typeof s.result.success !== "boolean") bad.push("success is not a boolean");
  if (s.object?.definition?.description && !Object.values(s.object.definition.description).every((v) => typeof v === "string")) bad.push("definition.description is not a language map");
  if (s.actor) {
    const ifis = ["mbox", "mbox_sha1sum", "openid", "account"].filter((k) => k in s.actor);
    if (ifis.length !== 1) bad.push("actor needs exactly one identifier");
    if (s.actor.mbox && !s.actor.mbox.startsWith("mailto:")) bad.push("mbox is not mailto:");
  }
  return bad;
}

/**
 * The environment of a test that runs .ci/venv's Python tools (Jupyter, marimo): the venv's
 * `python` first on PATH (a kernel finds it there), and Jupyter's, IPython's and the XDG per-user
 * folders inside `work`, so nothing of the user's (kernels, profiles, settings) takes part.
 */
export function venvEnv(work) {
  const venv = path.join(root, ".ci", "venv");
  const env = {
    ...process.env,
    PATH: `${path.join(venv, "bin")}:${process.env.PATH}`,
    VIRTUAL_ENV: venv,
    JUPYTER_CONFIG_DIR: path.join(work, "jupyter-config"),
    JUPYTER_DATA_DIR: path.join(work, "jupyter-data"),
    JUPYTER_RUNTIME_DIR: path.join(work, "jupyter-runtime"),
    IPYTHONDIR: path.join(work, "ipython"),
    XDG_CONFIG_HOME: path.join(work, "config"),
    XDG_STATE_HOME: path.join(work, "state"),
    XDG_CACHE_HOME: path.join(work, "cache"),
    PYTHONDONTWRITEBYTECODE: "1",
  };
  delete env.PYTHONPATH;
  delete env.LOCKLAB_BASE;
  return env;
}

/** A notebook (nbformat 4.5) of code cells with these sources, as JSON text. */
export function notebookJson(cells) {
  return JSON.stringify({
    cells: cells.map((src, i) => ({ cell_type: "code", execution_count: null, id: `cell-${i}`, metadata: {}, outputs: [], source: src })),
    metadata: { kernelspec: { display_name: "Python 3 (ipykernel)", language: "python", name: "python3" }, language_info: { name: "python" } },
    nbformat: 4,
    nbformat_minor: 5,
  });
}
