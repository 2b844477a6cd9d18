// locklab in mdBook: the example book in tests/book is installed with mdbook-locklab and built
// with the real mdbook, then read in Chromium: widgets mount on a chapter and on one in a
// sub-folder, arrow keys on a slider move the slider and not the chapter, mdBook's dark themes
// reach the widgets, and a bad directive (tests/book-bad) or stale assets fail the build with a
// message that says where and what.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { execFileSync, spawnSync } from "node:child_process";
import { chromium } from "playwright-core";
import { serve } from "../server.mjs";
import { root, artifacts, openPage, waitForChange, CHROMIUM } from "./helpers.mjs";

const target = process.env.CARGO_TARGET_DIR ?? path.join(root, "target");
// mdbook-locklab as an author gets it: installed from its packaged .crate files (with the widgets
// inside), not the workspace's build.
const bin = path.join(target, "crate-install", "bin", "mdbook-locklab");
const work = path.join(target, "mdbook-test");
const env = { ...process.env, PATH: `${path.dirname(bin)}:${process.env.PATH}` };

function copy(from, to) {
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true });
}

function mdbook(dir) {
  return spawnSync("mdbook", ["build", dir], { env, encoding: "utf8" });
}

let server, browser;
before(async () => {
  if (!fs.existsSync(bin)) throw new Error(`${bin} is missing: bash crates/mdbook-locklab/package.sh pack && bash crates/mdbook-locklab/package.sh install (bash .ci/run does both)`);
  copy(path.join(root, "tests", "book"), path.join(work, "book"));
  copy(path.join(root, "tests", "book-bad"), path.join(work, "book-bad"));
  const book = path.join(work, "book");
  execFileSync(bin, ["install", book], { env });
  // Installing twice changes nothing.
  const toml = fs.readFileSync(path.join(book, "book.toml"), "utf8");
  execFileSync(bin, ["install", book], { env });
  assert.equal(fs.readFileSync(path.join(book, "book.toml"), "utf8"), toml);
  assert.match(toml, /\[preprocessor\.locklab\]/);
  assert.match(toml, /additional-js = \["locklab-mdbook\.js"\]/);
  const built = mdbook(book);
  assert.equal(built.status, 0, built.stderr);
  server = await serve({ mounts: [{ prefix: "/docs/", dir: path.join(book, "book") }] });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test("the crate installed from its .crate files carries the tested dist/, file for file", () => {
  const dir = path.join(work, "book", "src", "locklab");
  const names = fs.readdirSync(dir, { recursive: true }).filter((n) => fs.statSync(path.join(dir, n)).isFile() && n !== "VERSION");
  assert.ok(names.includes("locklab.js") && names.some((n) => /^locklab-core-.*\.wasm$/.test(n)), names.join(", "));
  assert.ok(names.some((n) => n.startsWith("w/")), "the one-widget bundles too");
  for (const n of names) assert.ok(fs.readFileSync(path.join(dir, n)).equals(fs.readFileSync(path.join(root, "dist", n))), `${n} differs from dist/${n}`);
  // It was built from the unpacked .crate, not the workspace.
  assert.ok(fs.existsSync(path.join(target, "crate-install", "src", `mdbook-locklab-${JSON.parse(fs.readFileSync(path.join(root, "dist", "assets.json"), "utf8")).version}`, "assets", "locklab.js")));
});

test("a bad directive fails the build with the chapter, the line and what is wrong", () => {
  const bad = path.join(work, "book-bad");
  execFileSync(bin, ["install", bad], { env });
  const r = mdbook(bad);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /bad\.md:4: ttl-s=“ten” is not a number/);
});

test("a repeated parameter fails the build with the chapter and the line (before: built, showing the first value)", () => {
  const twice = path.join(work, "book-twice");
  copy(path.join(work, "book-bad"), twice);
  fs.writeFileSync(path.join(twice, "src", "bad.md"), "# Twice\n\n{{#locklab ttl-tradeoff ttl-s=banana ttl-s=10}}\n");
  execFileSync(bin, ["install", twice], { env });
  const r = mdbook(twice);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /bad\.md:3: ttl-s is given twice \(ttl-s=banana and ttl-s=10\)/);
});

test("a challenge set file of the book is checked at build time: every problem, in the chapter's line", () => {
  // Issue #41, item 11: a broken local set built, and the widget then showed its problems.
  const sets = path.join(work, "book-sets");
  copy(path.join(work, "book-bad"), sets);
  fs.mkdirSync(path.join(sets, "src", "sets"), { recursive: true });
  const broken = {
    title: "Mine",
    widget: "ttl-tradeoff",
    challenges: [
      { id: "a", prompt: "P", goal: "bogusField < 1", explain: "E" },
      { id: "b", prompt: "P", goal: "ttl-s > 'long'", explain: "E" },
      { id: "c", prompt: "P", goal: "exactPerDay < 1", explain: "E", possible: "yes" },
    ],
  };
  fs.writeFileSync(path.join(sets, "src", "sets", "mine.json"), JSON.stringify(broken));
  fs.writeFileSync(path.join(sets, "src", "bad.md"), "# Sets\n\n{{#locklab ttl-tradeoff challenges=sets/mine.json}}\n\n{{#locklab ttl-tradeoff challenges=sets/none.json}}\n");
  execFileSync(bin, ["install", sets], { env });
  let r = mdbook(sets);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /bad\.md:3: the challenge set sets\/mine\.json cannot be used: .*"possible" must be true or false/);
  assert.match(r.stderr, /bad\.md:5: the challenge set sets\/none\.json: there is no such file in the book/);
  // Fixed structure: the goals' names and types, all of them, are checked against the widget.
  broken.challenges[2].possible = true;
  fs.writeFileSync(path.join(sets, "src", "sets", "mine.json"), JSON.stringify(broken));
  fs.writeFileSync(path.join(sets, "src", "bad.md"), "# Sets\n\n{{#locklab ttl-tradeoff challenges=sets/mine.json}}\n");
  r = mdbook(sets);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /challenge 1 \(“a”\): goal: .*bogusField/);
  assert.match(r.stderr, /challenge 2 \(“b”\): goal: /);
  // A good set builds.
  broken.challenges = [{ id: "a", prompt: "P", goal: "exactPerDay < 1", explain: "E" }];
  fs.writeFileSync(path.join(sets, "src", "sets", "mine.json"), JSON.stringify(broken));
  r = mdbook(sets);
  assert.equal(r.status, 0, r.stderr);
});

test("markup that clobbers document.currentScript cannot make the book load code from another origin", async () => {
  // Another origin that records what it is asked for.
  const asked = [];
  const evil = http.createServer((req, res) => {
    asked.push(req.url);
    res.writeHead(404);
    res.end();
  });
  await new Promise((r) => evil.listen(0, "127.0.0.1", r));
  const evilOrigin = `http://127.0.0.1:${evil.address().port}`;
  const hostile = path.join(work, "book-hostile");
  copy(path.join(root, "tests", "book"), hostile);
  fs.writeFileSync(
    path.join(hostile, "src", "hostile.md"),
    `# A chapter with markup\n\n<img name="currentScript" src="${evilOrigin}/evil/" alt="">\n\n{{#locklab counter-race workers=3}}\n`,
  );
  fs.appendFileSync(path.join(hostile, "src", "SUMMARY.md"), "- [Hostile](hostile.md)\n");
  execFileSync(bin, ["install", hostile], { env });
  const built = mdbook(hostile);
  assert.equal(built.status, 0, built.stderr);
  const site = await serve({ mounts: [{ prefix: "/docs/", dir: path.join(hostile, "book") }] });
  const { page, context } = await openPage(browser, `${site.origin}/docs/hostile.html`);
  // The real widget mounts from the book's own locklab/ …
  const change = await waitForChange(page, (d) => d.widget === "counter-race");
  assert.equal(change.params.workers, 3);
  // … and nothing of locklab was asked of the other origin (before: …/evil/locklab/locklab.js).
  assert.deepEqual(asked.filter((u) => /locklab/.test(u)), []);
  await context.close();
  await site.close();
  evil.close();
  evil.closeAllConnections();
});

test("a built-in deck in a book: no link to a lesson that is not there, unless the author names one", async () => {
  const { page, context, problems } = await openPage(browser, `${server.origin}/docs/links.html`);
  const quizzes = page.locator("[data-locklab=quiz]");
  await quizzes.nth(1).locator(".ll-option").first().waitFor();
  for (const [i, named] of [[0, false], [1, true]]) {
    const quiz = quizzes.nth(i);
    // Every card of the leases deck links somewhere in the lesson.
    await quiz.locator(".ll-option").first().click();
    await quiz.locator(".ll-verdict").waitFor();
    const links = await quiz.locator(".ll-link a").evaluateAll((as) => as.map((a) => a.href));
    if (named) {
      assert.equal(links.length, 1);
      assert.match(links[0], /^https:\/\/example\.org\/course\/locks\/index\.html\?(lease-renewal|lease-sizing)\./);
    } else {
      assert.deepEqual(links, [], "no link into a lesson this book does not have");
      assert.equal(await quiz.locator(".ll-link").count(), 0);
    }
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test("stale assets fail the build and say how to fix it", () => {
  const stale = path.join(work, "book-stale");
  copy(path.join(work, "book"), stale);
  fs.writeFileSync(path.join(stale, "src", "locklab", "VERSION"), "0.0.0+old\n");
  const r = mdbook(stale);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /from another build \(0\.0\.0\+old\).*run `mdbook-locklab install`/s);
});

test("widgets mount in a chapter and in a sub-folder chapter; arrows move the slider, not the chapter", async () => {
  const { page, context, problems } = await openPage(browser, `${server.origin}/docs/leases.html`);
  const first = await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
  assert.equal(first.params["ttl-s"], 10);
  // The directive in the code block is shown as written.
  assert.match(await page.locator("pre code").first().textContent(), /\{\{#locklab ttl-tradeoff/);
  const slider = page.locator("[data-locklab=ttl-tradeoff]").getByRole("slider", { name: "Lock TTL" });
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  const moved = await waitForChange(page, (d) => d.widget === "ttl-tradeoff" && d.params["ttl-s"] !== 10);
  assert.ok(moved.params["ttl-s"] > 10);
  await page.keyboard.press("ArrowLeft");
  await page.waitForTimeout(300);
  assert.match(page.url(), /leases\.html$/, "still on the chapter");
  await page.screenshot({ path: path.join(artifacts, "mdbook-light.png"), fullPage: false });

  await page.goto(`${server.origin}/docs/deep/redlock.html`);
  const redlock = await waitForChange(page, (d) => d.widget === "redlock");
  assert.equal(redlock.params.scenario, "clock-jump");
  // The directive's challenges=builtin reaches the widget: its panel, with Redlock's own set.
  const set = JSON.parse(fs.readFileSync(path.join(root, "crates", "course", "challenges", "redlock.json"), "utf8"));
  await page.locator("[data-locklab=redlock] details.ll-challenges summary").filter({ hasText: `Challenges: 0 of ${set.challenges.length} met` }).waitFor();
  await page.locator("[data-locklab=quiz] [role=radio], [data-locklab=quiz] button").first().waitFor();

  // A chapter without widgets loads locklab-mdbook.js and nothing else of locklab.
  const fetched = [];
  page.on("request", (r) => fetched.push(r.url()));
  await page.goto(`${server.origin}/docs/plain.html`);
  await page.waitForLoadState("networkidle");
  assert.ok(fetched.some((u) => /\/locklab-mdbook[^/]*\.js$/.test(u)), "the loader stub is on every page");
  assert.deepEqual(fetched.filter((u) => /locklab\.js$|\.wasm$/.test(u)), [], "no widget code on a page without widgets");
  assert.deepEqual(problems, []);
  await context.close();
});

test("mdBook's themes reach the widgets, charts included: each book palette's own colours, and switching back works", async () => {
  const { page, context, problems } = await openPage(browser, `${server.origin}/docs/leases.html`, { colorScheme: "light" });
  await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
  const look = () =>
    page.evaluate(async () => {
      const host = document.querySelector("[data-locklab=ttl-tradeoff]");
      // The widget's own stylesheet (linked in its shadow root) may still be on its way.
      while (!host.shadowRoot.querySelector("link[rel=stylesheet]")?.sheet) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const box = host.shadowRoot.querySelector(".ll-widget");
      const canvas = host.shadowRoot.querySelector("canvas");
      const [r, g, b] = canvas.getContext("2d").getImageData(2, 2, 1, 1).data;
      // The book's own colours, as the page computes them.
      const probe = document.createElement("span");
      probe.style.color = "var(--links)";
      probe.style.backgroundColor = "var(--bg)";
      document.body.append(probe);
      const book = getComputedStyle(probe);
      const out = {
        bg: getComputedStyle(box).backgroundColor,
        canvas: `rgb(${r}, ${g}, ${b})`,
        bookBg: book.backgroundColor,
        accent: getComputedStyle(host.shadowRoot.querySelector(".ll-range")).accentColor,
        bookLinks: book.color,
      };
      probe.remove();
      return out;
    });
  for (const theme of ["light", "rust", "navy", "coal", "ayu"]) {
    // What mdBook's theme picker does: swap the theme class on <html>.
    await page.evaluate((t) => {
      const html = document.documentElement;
      html.classList.remove("light", "navy", "coal", "ayu", "rust");
      html.classList.add(t);
    }, theme);
    const seen = await look();
    assert.equal(seen.bg, seen.bookBg, `${theme}: the widget's background is the book's`);
    assert.equal(seen.canvas, seen.bookBg, `${theme}: so is the chart's`);
    if (theme === "ayu") {
      assert.equal(seen.accent, seen.bookLinks, "ayu: the accent is the book's link colour");
      await page.screenshot({ path: path.join(artifacts, "mdbook-ayu.png"), fullPage: false });
    }
  }
  // An author's data-theme wins over the book: locklab's own dark palette.
  await page.evaluate(() => document.querySelector("[data-locklab=ttl-tradeoff]").setAttribute("data-theme", "dark"));
  const forced = await look();
  assert.deepEqual([forced.bg, forced.canvas], ["rgb(22, 27, 34)", "rgb(22, 27, 34)"], "data-theme=dark");
  assert.deepEqual(problems, []);
  await context.close();
});
