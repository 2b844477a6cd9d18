// The documentation is a locklab book (issue #48): docs/ built by .ci/docs with mdbook-locklab as
// an author installs it (bash .ci/run builds it into target/docs-book/; .ci/docs fails on any
// mdBook warning). Read here as a reader meets it: every internal link and anchor resolves; every
// widget chapter mounts its widget, with its parameter table as the registry has it (compared with
// the generated registry manifest, not with the book's own source), and its "Try this" widget
// steps through its presets; a chapter passes axe and fits a phone's 360 px.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { chromium } from "playwright-core";
import { serve } from "../server.mjs";
import { root, artifacts, openPage, waitForChange, CHROMIUM } from "./helpers.mjs";

const require = createRequire(import.meta.url);
const AXE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const book = path.join(process.env.CARGO_TARGET_DIR ?? path.join(root, "target"), "docs-book");
const manifest = JSON.parse(fs.readFileSync(path.join(root, "integrations", "hugo", "data", "locklab", "registry.json"), "utf8"));

let server, browser;
before(async () => {
  if (!fs.existsSync(path.join(book, "index.html"))) throw new Error(`${book} is missing: bash .ci/docs dist target/docs-book (bash .ci/run does it)`);
  server = await serve({ mounts: [{ prefix: "/docs/", dir: book }] });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** Every page of the built book (the widgets' own files aside). */
function pages() {
  return fs
    .readdirSync(book, { recursive: true })
    .filter((f) => f.endsWith(".html") && !f.startsWith("locklab/"))
    .map((f) => f.split(path.sep).join("/"));
}

test("every internal link and anchor of the built book resolves, and every link is relative", () => {
  const ids = new Map();
  const idsOf = (file) => {
    if (!ids.has(file)) {
      const html = fs.readFileSync(path.join(book, file), "utf8");
      ids.set(file, new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1])));
    }
    return ids.get(file);
  };
  const broken = [];
  let checked = 0;
  const all = pages();
  assert.ok(all.length >= 40, `${all.length} pages`);
  for (const file of all) {
    const html = fs.readFileSync(path.join(book, file), "utf8");
    for (const [, href] of html.matchAll(/<a\s[^>]*href="([^"]*)"/g)) {
      if (/^(https?:|mailto:)/.test(href)) continue;
      assert.ok(!href.startsWith("/"), `${file}: ${href} is not relative (the book must work under any sub-path)`);
      const [target, anchor] = href.split("#");
      const to = target === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURIComponent(target)));
      checked++;
      if (!fs.existsSync(path.join(book, to))) {
        broken.push(`${file}: ${href} (no ${to})`);
      } else if (anchor && to.endsWith(".html") && !idsOf(to).has(decodeURIComponent(anchor))) {
        broken.push(`${file}: ${href} (no #${anchor} in ${to})`);
      }
    }
  }
  assert.ok(checked > 500, `only ${checked} links`);
  assert.deepEqual(broken, []);
});

test("every widget's chapter mounts it live, with its parameters as the registry has them", async () => {
  const { page, context, problems } = await openPage(browser);
  for (const w of manifest.widgets) {
    await page.goto(`${server.origin}/docs/widgets/${w.name}.html`);
    if (w.name === "quiz") {
      await page.locator("[data-locklab=quiz] .ll-option").first().waitFor();
    } else {
      const change = await waitForChange(page, (d) => d.widget === w.name);
      for (const p of w.params) assert.ok(p.name in change.params, `${w.name}: the event has no ${p.name}`);
    }
    // The reference table: a row per parameter, its default as the registry writes it.
    const rows = await page.locator("table tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent.trim())));
    const names = w.params.length ? w.params.map((p) => p.name) : w.attrs.filter((a) => a.name !== "theme").map((a) => a.name);
    for (const n of names) assert.ok(rows.some((r) => r[0] === n), `${w.name}: no row for ${n}`);
    for (const p of w.params) {
      const row = rows.find((r) => r[0] === p.name);
      assert.equal(row[2].replaceAll(",", ""), String(p.default).replaceAll(",", ""), `${w.name}: ${p.name}'s default`);
    }
    assert.ok(rows.some((r) => r[0] === "result field") || rows.some((r) => /^[a-z]+[A-Z]/.test(r[0] ?? "")), `${w.name}: no result fields`);
    // "Try this": the chapter's second widget plays its preset steps; Next step moves to step 2.
    if (w.name !== "quiz") {
      const tryIt = page.locator(`[data-locklab="${w.name}"]`).nth(1);
      const now = tryIt.locator(".ll-step-now");
      await now.waitFor();
      assert.match(await now.textContent(), /^Step 1 of \d+: /, w.name);
      await tryIt.getByRole("button", { name: /Next step/ }).click();
      await page.waitForFunction((el) => /^Step 2 of/.test(el.textContent), await now.elementHandle());
    }
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test("the print version holds every chapter's widgets, each mounted, and prints them", async () => {
  // mdBook's print.html is every chapter on one page: every widget of the book at once, as
  // many as the chapters' sources declare.
  const declared = fs
    .readdirSync(book, { recursive: true })
    .filter((f) => f.endsWith(".html") && !f.startsWith("locklab") && !["print.html", "404.html", "toc.html"].includes(f))
    .reduce((n, f) => n + (fs.readFileSync(path.join(book, f), "utf8").match(/<(?:div|locklab-widget)[^>]*data-locklab="/g) ?? []).length, 0);
  const { page, context, problems } = await openPage(browser);
  // mdBook's print page opens the browser's print dialog once loaded; the test prints it itself.
  await page.addInitScript(() => {
    window.__printAsked = 0;
    window.print = () => window.__printAsked++;
  });
  await page.goto(`${server.origin}/docs/print.html`);
  const count = await page.evaluate(() => document.querySelectorAll("[data-locklab]").length);
  assert.ok(count >= 25, `${count} widgets in the print version`);
  assert.equal(count, declared, "the print version has every chapter's widgets");
  await page.waitForFunction(
    () => [...document.querySelectorAll("[data-locklab]")].every((el) => el.shadowRoot?.querySelector(".ll-host")?.textContent.trim()),
    null,
    { timeout: 60_000 },
  );
  assert.equal(await page.locator(".ll-notice").count(), 0, `notices: ${await page.locator(".ll-notice").allTextContents()}`);
  // Printed: a PDF comes out, with the widgets' text in it (their charts kept, their controls gone:
  // tests/e2e/print.test.mjs checks that of the widgets themselves).
  await page.waitForFunction(() => window.__printAsked > 0, null, { timeout: 10_000 });
  await page.emulateMedia({ media: "print" });
  const pdf = await page.pdf({ format: "A4" });
  assert.ok(pdf.length > 100_000, `a PDF of ${pdf.length} bytes`);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a chapter passes axe and fits a phone (360 px), light and dark", async () => {
  for (const theme of ["light", "navy"]) {
    const { page, context, problems } = await openPage(browser, undefined, { viewport: { width: 360, height: 800 } });
    await page.addInitScript((t) => localStorage.setItem("mdbook-theme", t), theme);
    await page.goto(`${server.origin}/docs/widgets/ttl-tradeoff.html`);
    await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px at 360 px (${theme})`);
    await page.addScriptTag({ content: AXE });
    const violations = await page.evaluate(async () => {
      const r = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
      return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    });
    assert.deepEqual(violations, [], theme);
    await page.screenshot({ path: path.join(artifacts, `docs-360-${theme}.png`) });
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("BENCHMARKS.md's last run is the bench's own output, with every widget in it", () => {
  const text = fs.readFileSync(path.join(root, "BENCHMARKS.md"), "utf8");
  const [a, b] = [text.indexOf("<!-- bench:begin"), text.indexOf("<!-- bench:end -->")];
  assert.ok(a >= 0 && b > a && text.indexOf("<!-- bench:begin", a + 1) < 0, "one block written by tests/bench-write.mjs");
  const block = text.slice(a, b);
  // Its commit is one of this repository's.
  const commit = block.match(/ at `([0-9a-f]{7})`/)?.[1];
  assert.ok(commit, "the run names its commit");
  assert.doesNotThrow(() => execFileSync("git", ["cat-file", "-e", `${commit}^{commit}`], { cwd: root, stdio: "ignore" }), `${commit} is not a commit of this repository`);
  // The rows of the table under a heading that starts with `heading`.
  const rows = (heading) => {
    const at = block.indexOf(`### ${heading}`);
    assert.ok(at >= 0, `no "${heading}" table in the last run`);
    return block.slice(at).split("\n").slice(1).filter((l) => l.startsWith("| ")).map((l) => l.split("|")[1].trim());
  };
  const native = block.slice(block.indexOf("```text"), block.indexOf("```", block.indexOf("```text") + 7));
  const paint = rows("Slider to paint");
  const embedded = rows("One widget embedded by script");
  const files = rows("Files in dist/");
  for (const { name } of manifest.widgets) {
    assert.ok(native.includes(name), `${name}: no native figure`);
    assert.ok(embedded.includes(name), `${name}: not in "One widget embedded by script"`);
    assert.ok(files.some((f) => f.startsWith(`w/${name}-`)), `${name}: no bundle in "Files in dist/"`);
    if (name !== "quiz") assert.ok(paint.includes(name), `${name}: no slider-to-paint row`);
  }
});
