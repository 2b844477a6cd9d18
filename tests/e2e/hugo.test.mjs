// locklab in Hugo: the theme component in integrations/hugo, used by a tiny site built with the
// real hugo (Debian's 0.111), then read in Chromium. Two shortcodes of different widgets mount with
// their parameters, the loader is on the page once, the site needs no `unsafe = true`, readers
// without JavaScript see the fallback, and a bad shortcode (a bad value, an unknown parameter, an
// unknown widget, every shared validation case) fails the build naming the page's file and line.
// Preset steps, their captions, the step, a comparison and older parameter names reach the widgets.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";
import { serve } from "../server.mjs";
import { root, dist, artifacts, openPage, waitForChange, CHROMIUM } from "./helpers.mjs";

const target = process.env.CARGO_TARGET_DIR ?? path.join(root, "target");
const work = path.join(target, "hugo-test");
const component = path.join(root, "integrations", "hugo");
const registry = JSON.parse(fs.readFileSync(path.join(component, "data", "locklab", "registry.json"), "utf8"));
const cases = JSON.parse(fs.readFileSync(path.join(root, "integrations", "tests", "validation-cases.json"), "utf8")).cases;
const sharedSets = JSON.parse(fs.readFileSync(path.join(root, "integrations", "tests", "set-cases.json"), "utf8"));
const setCases = sharedSets.cases;

const LAYOUT = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{ .Title }}</title>
<style>body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }</style></head>
<body><main><h1>{{ .Title }}</h1>{{ .Content }}</main></body>
</html>
`;

const PAGE = `---
title: "Why locks expire"
---

A lesson page with <b>raw HTML</b> that Hugo's Markdown renderer drops (no \`unsafe = true\` here).

{{< locklab widget="ttl-tradeoff" ttl-s="1.9" >}}

And the counter race, with three workers:

{{< locklab "counter-race" "workers=3" >}}
`;

function hugo(dir, ...args) {
  const r = spawnSync("hugo", ["--source", dir, ...args], { encoding: "utf8" });
  if (r.error) throw r.error;
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

/** A site in `dir` using the component as `themes/locklab` (a copy), with `pages` as content. */
function site(dir, { base, pages, config = "", from = component }) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "layouts", "_default"), { recursive: true });
  fs.mkdirSync(path.join(dir, "content"), { recursive: true });
  fs.cpSync(from, path.join(dir, "themes", "locklab"), { recursive: true });
  fs.writeFileSync(path.join(dir, "layouts", "_default", "single.html"), LAYOUT);
  fs.writeFileSync(path.join(dir, "layouts", "_default", "list.html"), LAYOUT);
  const params = base === undefined ? "" : `\n[params.locklab]\nbase = "${base}"\n`;
  fs.writeFileSync(
    path.join(dir, "hugo.toml"),
    `baseURL = "/site/"\ntitle = "locklab in Hugo"\ntheme = ["locklab"]\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n${config}${params}`,
  );
  for (const [name, text] of Object.entries(pages)) fs.writeFileSync(path.join(dir, "content", name), text);
  return dir;
}

/** A good TTL trade-off challenge set where the validation cases' relative address points, for page `page`. */
function goodSet(dir, page) {
  const file = path.join(dir, "static", page, "Sets", "Mine.JSON");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ title: "Mine", widget: "ttl-tradeoff", challenges: [{ id: "a", prompt: "P", goal: "ttl-s > 1", explain: "E" }] }));
}

let server, browser, base;
before(async () => {
  const v = spawnSync("hugo", ["version"], { encoding: "utf8" });
  if (v.error || v.status !== 0) {
    throw new Error("hugo is missing: run `bash .ci/integrations` (it installs Debian's hugo), then run this test again");
  }
  if (!fs.existsSync(path.join(dist, "locklab.js"))) throw new Error("dist/locklab.js is missing: run `trunk build --release` first (bash .ci/run does)");
  fs.mkdirSync(work, { recursive: true });
  // dist/ as the course's host, and the built site beside it on the same origin (no CORS needed).
  server = await serve({
    mounts: [
      { prefix: "/course/locks/", dir: dist },
      { prefix: "/site/", dir: path.join(work, "site", "public") },
    ],
  });
  base = `${server.origin}/course/locks/`;
  site(path.join(work, "site"), { base, pages: { "locks.md": PAGE } });
  const built = hugo(path.join(work, "site"));
  assert.equal(built.status, 0, built.out);
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test("the built page has both elements, HTML-escaped, with fallbacks, and the loader once", () => {
  const html = fs.readFileSync(path.join(work, "site", "public", "locks", "index.html"), "utf8");
  const loader = `<script type="module" src="${base}locklab.js"></script>`;
  assert.equal(html.split(loader).length - 1, 1, `the loader exactly once:\n${html}`);
  assert.equal((html.match(/<script/g) ?? []).length, 1, "no other script");
  assert.ok(html.indexOf(loader) < html.indexOf("data-locklab="), "before the first widget");
  // The gallery's fallback line: the widget, JavaScript, and the CORS header another site needs.
  assert.ok(
    html.includes(
      '<div data-locklab="ttl-tradeoff" data-ttl-s="1.9"><p class="locklab-fallback">TTL trade-off: an interactive widget. If it does not appear, this page could not run locklab: it needs JavaScript, and on another site the locklab host must send Access-Control-Allow-Origin (or use the iframe embed).</p></div>',
    ),
    html,
  );
  assert.match(html, /<div data-locklab="counter-race" data-workers="3"><p class="locklab-fallback">Counter race: an interactive widget\./);
  // The page's own raw HTML was dropped by Markdown; the shortcodes' elements were not.
  assert.match(html, /raw HTML omitted/);
  assert.doesNotMatch(fs.readFileSync(path.join(work, "site", "hugo.toml"), "utf8"), /unsafe/);
  // No <p> wraps a widget's <div>.
  assert.doesNotMatch(html, /<p><div data-locklab/);
});

test("both widgets mount in Chromium with the shortcodes' parameters", async () => {
  const { page, context, problems } = await openPage(browser, `${server.origin}/site/locks/`);
  const ttl = await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
  assert.equal(ttl.params["ttl-s"], 1.9);
  const race = await waitForChange(page, (d) => d.widget === "counter-race");
  assert.equal(race.params.workers, 3);
  assert.equal(await page.locator("[data-locklab][data-locklab-mounted]").count(), 2);
  assert.equal(await page.locator(".locklab-fallback").count(), 0, "the widgets replaced their fallbacks");
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: path.join(artifacts, "hugo-page.png"), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test("without JavaScript, readers see each widget's fallback line", async () => {
  const { page, context } = await openPage(browser, `${server.origin}/site/locks/`, { javaScriptEnabled: false });
  const lines = await page.locator(".locklab-fallback").allTextContents();
  assert.equal(lines.length, 2);
  assert.match(lines[0], /^TTL trade-off: an interactive widget\. If it does not appear, .* it needs JavaScript, and on another site the locklab host must send Access-Control-Allow-Origin/);
  assert.match(lines[1], /^Counter race: an interactive widget\./);
  await context.close();
});

test("a bad value, an unknown parameter, an unknown widget and {{% %}} fail the build with the file and line", () => {
  const dir = site(path.join(work, "bad"), {
    base,
    pages: {
      "bad.md": `---\ntitle: Bad\n---\n\n{{< locklab widget="ttl-tradeoff" ttl-s="banana" >}}\n\n{{< locklab widget="ttl-tradeoff" colour="red" >}}\n\n{{< locklab widget="no-such-widget" >}}\n\n{{% locklab widget="counter-race" %}}\n`,
    },
  });
  const r = hugo(dir);
  assert.notEqual(r.status, 0);
  const file = path.join(dir, "content", "bad.md");
  assert.ok(r.out.includes(`locklab: ${file}:5:1: ttl-tradeoff: ttl-s=“banana” is not a number; ttl-s takes a number from 0.1 to 120 s.`), r.out);
  const ttl = registry.widgets.find((w) => w.name === "ttl-tradeoff");
  const known = [...ttl.params.map((p) => p.name), ...ttl.attrs.map((a) => a.name), ...ttl.extras].join(", ");
  assert.ok(r.out.includes(`locklab: ${file}:7:1: ttl-tradeoff: unknown parameter “colour”. Known: ${known}.`), r.out);
  assert.ok(r.out.includes(`locklab: ${file}:9:1: there is no locklab widget called “no-such-widget”; known: counter-race, ttl-tradeoff,`), r.out);
  // {{% %}} would have Markdown drop the element silently: refused too.
  assert.ok(r.out.includes(`locklab: ${file}:11:1: counter-race: write {{< locklab … >}}, not {{% locklab … %}}: Markdown would drop the widget's element`), r.out);
  assert.match(r.out, /logged 4 error\(s\)/);
});

test("a site that does not say where locklab is hosted fails to build, saying how to", () => {
  const dir = site(path.join(work, "no-base"), { pages: { "a.md": PAGE } });
  const r = hugo(dir);
  assert.notEqual(r.status, 0);
  assert.match(r.out, /locklab: .*a\.md:7:1: the site does not say where locklab is hosted\. Add to the site's configuration \(hugo\.toml\):\s+\[params\.locklab\]\s+base = "https:\/\/example\.org\/course\/locks\/"/);
  assert.match(r.out, /logged 1 error\(s\)/, "said once, not once a widget");
  const relative = site(path.join(work, "relative-base"), { base: "locks/", pages: { "a.md": PAGE } });
  assert.match(hugo(relative).out, /base = "locks\/" is neither an http\(s\) address nor a path from the site's root/);
});

test("every shared validation case, in both shortcode forms, builds or fails as the Python package does", () => {
  // One shortcode a line: named arguments on odd lines, positional "name=value" ones on even lines.
  const lines = [];
  for (const c of cases) {
    const named = c.params.map(([k, v]) => ` ${k}="${v}"`).join("");
    lines.push({ c, text: `{{< locklab widget="${c.widget}"${named} >}}` });
    const positional = c.params.map(([k, v]) => ` "${k}=${v}"`).join("");
    lines.push({ c, text: `{{< locklab "${c.widget}"${positional} >}}` });
  }
  const head = "---\ntitle: Cases\n---\n";
  const first = head.split("\n").length; // the line of the first shortcode
  const dir = site(path.join(work, "cases"), { base, pages: { "cases.md": head + lines.map((l) => l.text).join("\n\n") + "\n" } });
  // A challenges address that is a file of the site is read when the site builds: the accepted
  // cases' relative one is there (a root-relative one outside the site's base path is not read).
  goodSet(dir, "cases");
  const r = hugo(dir);
  const file = path.join(dir, "content", "cases.md");
  const errors = new Map();
  for (const m of r.out.matchAll(new RegExp(`locklab: ${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:(\\d+):\\d+: (.*)`, "g"))) {
    const n = Number(m[1]);
    errors.set(n, [...(errors.get(n) ?? []), m[2]]);
  }
  let expected = 0;
  lines.forEach(({ c, text }, i) => {
    const line = first + 2 * i;
    const got = errors.get(line) ?? [];
    if (c.error === null) {
      assert.deepEqual(got, [], `line ${line}, ${text}: accepted`);
    } else {
      expected++;
      assert.ok(
        got.some((e) => e.includes(c.error)),
        `line ${line}, ${text}: expected an error with ${JSON.stringify(c.error)}, got ${JSON.stringify(got)}`,
      );
    }
  });
  assert.notEqual(r.status, 0);
  assert.ok(expected > 80);
  // The accepted cases become elements with the names as the widgets read them (an older name as
  // what it means: the case's "writes"), in both forms; Hugo hands named arguments over in its own
  // order, so each element's attributes are compared as a set.
  const accepted = lines.filter(({ c }) => c.error === null);
  const ok = site(path.join(work, "cases-ok"), {
    base,
    pages: {
      "ok.md": `---\ntitle: OK\n---\n\n{{< locklab widget="TTL-Tradeoff" TTL-S=" 1.9 " stall-shape="PARETO" >}}\n\n{{< locklab "fencing-sandbox" "steps=A.acquire, A.read" >}}\n\n${accepted.map((l) => l.text).join("\n\n")}\n`,
    },
  });
  goodSet(ok, "ok");
  const built = hugo(ok);
  assert.equal(built.status, 0, built.out);
  const html = fs.readFileSync(path.join(ok, "public", "ok", "index.html"), "utf8");
  assert.match(html, /<div data-locklab="ttl-tradeoff" data-ttl-s=" 1.9 " data-stall-shape="PARETO">/);
  assert.match(html, /<div data-locklab="fencing-sandbox" data-steps="A.acquire, A.read">/, "the sandbox's story (escaping: the next test)");
  const unescape = (v) => v.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&#34;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");
  const elements = [...html.matchAll(/<div data-locklab="([^"]*)"((?: data-[a-z0-9-]+="[^"]*")*)>/g)].map((m) => ({
    widget: m[1],
    attrs: [...m[2].matchAll(/ data-([a-z0-9-]+)="([^"]*)"/g)].map((a) => `${a[1]}=${unescape(a[2])}`).sort(),
  }));
  assert.equal(elements.length, 2 + accepted.length);
  accepted.forEach(({ c, text }, i) => {
    const writes = c.writes ?? c.params.map(([k, v]) => [k.trim().toLowerCase(), v]);
    assert.deepEqual(elements[2 + i], { widget: c.widget.trim().toLowerCase(), attrs: writes.map(([k, v]) => `${k}=${v}`).sort() }, text);
  });
});

/** Builds one page a case, each with its set as a static file given to `attr`, and holds the
 * build's errors to each case's problems (the build goes on after an error, so one build says
 * them all). */
function checkSetCases(name, cases, attr, what) {
  const dir = site(path.join(work, name), {
    base,
    pages: Object.fromEntries(cases.map((c, i) => [`c${i}.md`, `---\ntitle: Case ${i}\n---\n\n{{< locklab widget="${c.widget}" ${attr}="/site/sets/c${i}.json" >}}\n`])),
  });
  fs.mkdirSync(path.join(dir, "static", "sets"), { recursive: true });
  cases.forEach((c, i) => fs.writeFileSync(path.join(dir, "static", "sets", `c${i}.json`), typeof c.set === "string" ? c.set : JSON.stringify(c.set)));
  const r = hugo(dir);
  assert.notEqual(r.status, 0);
  cases.forEach((c, i) => {
    const file = path.join(dir, "content", `c${i}.md`);
    const prefix = `locklab: ${file}:5:1: ${c.widget.trim().toLowerCase()}: the ${what} set /site/sets/c${i}.json (static/sets/c${i}.json) `;
    const at = r.out.indexOf(prefix);
    if (c.problems === null) {
      assert.equal(at, -1, `${c.why}: accepted, but ${r.out.slice(at, at + 400)}`);
      return;
    }
    assert.notEqual(at, -1, `${c.why}: expected the build to refuse the set:\n${r.out}`);
    const rest = r.out.slice(at + prefix.length);
    assert.match(rest, /^cannot be used, as the widget would say when it loads it:\n/);
    const said = [];
    for (const line of rest.split("\n").slice(1)) {
      if (!line.startsWith("  - ")) break;
      said.push(line.slice(4));
    }
    assert.equal(said.length, c.problems.length, `${c.why}: ${JSON.stringify(said)}`);
    c.problems.forEach((piece, k) => assert.ok(said[k].includes(piece), `${c.why}: problem ${k + 1} ${JSON.stringify(said[k])} should contain ${JSON.stringify(piece)}`));
  });
}

// The simulations' names (the quiz takes no sets: its cases are the Python package's alone).
const sims = new Set(registry.widgets.filter((w) => w.goalNames).map((w) => w.name));

test("a challenge set file of the site is checked when the site builds: every shared set case, as the widget's checker says", () => {
  const used = setCases.filter((c) => sims.has(c.widget.trim().toLowerCase()));
  assert.ok(used.length >= setCases.length - 1, "every case but the non-simulation one");
  checkSetCases("set-cases", used, "challenges", "challenge");
});

test("a prediction set file of the site is checked when the site builds: every shared prediction case, as the widget's checker says", () => {
  const used = sharedSets.predictionCases.filter((c) => sims.has(c.widget.trim().toLowerCase()));
  assert.ok(used.length >= 30 && used.length >= sharedSets.predictionCases.length - 1, "every case but the non-simulation one");
  assert.ok(used.some((c) => c.problems === null) && used.some((c) => c.problems !== null));
  checkSetCases("prediction-cases", used, "predict", "prediction");
});

test("a set is found in the page's bundle, beside the page's address in static/ or a theme's; one that is missing fails the build, an http(s) one is not read", () => {
  const good = JSON.stringify({ title: "Mine", widget: "ttl-tradeoff", challenges: [{ id: "a", prompt: "P", goal: "ttl-s > 1", explain: "E", example: "ttl-s=2" }] });
  const bad = JSON.stringify({ title: "Mine", widget: "ttl-tradeoff", challenges: [{ id: "a", prompt: "P", goal: "colour > 1", explain: "E" }] });
  const dir = site(path.join(work, "set-places"), {
    base,
    pages: {
      "plain.md": `---\ntitle: Plain\n---\n\n{{< locklab widget="ttl-tradeoff" challenges="sets/here.json?v=2#x" >}}\n\n{{< locklab widget="ttl-tradeoff" challenges="/site/theme-set.json" >}}\n\n{{< locklab widget="ttl-tradeoff" challenges="https://sets.example/none.json" >}}\n\n{{< locklab widget="ttl-tradeoff" challenges="gone.json" >}}\n\n{{< locklab widget="ttl-tradeoff" challenges="/elsewhere/set.json" >}}\n`,
    },
  });
  fs.mkdirSync(path.join(dir, "content", "bundle", "sets"), { recursive: true });
  fs.writeFileSync(path.join(dir, "content", "bundle", "index.md"), `---\ntitle: Bundle\n---\n\n{{< locklab widget="ttl-tradeoff" challenges="sets/mine.json" >}}\n`);
  fs.writeFileSync(path.join(dir, "content", "bundle", "sets", "mine.json"), bad);
  fs.mkdirSync(path.join(dir, "static", "plain", "sets"), { recursive: true });
  fs.writeFileSync(path.join(dir, "static", "plain", "sets", "here.json"), good);
  fs.mkdirSync(path.join(dir, "themes", "locklab", "static"), { recursive: true });
  fs.writeFileSync(path.join(dir, "themes", "locklab", "static", "theme-set.json"), bad);
  const r = hugo(dir);
  assert.notEqual(r.status, 0);
  const plain = path.join(dir, "content", "plain.md");
  assert.ok(!r.out.includes(`${plain}:5:1`), `the page-relative static set is good:\n${r.out}`);
  assert.ok(r.out.includes(`locklab: ${plain}:7:1: ttl-tradeoff: the challenge set /site/theme-set.json (themes/locklab/static/theme-set.json) cannot be used`), r.out);
  assert.ok(!r.out.includes(`${plain}:9:1`), "an http(s) set is the widget's to load");
  assert.ok(
    r.out.includes(`locklab: ${plain}:11:1: ttl-tradeoff: the challenge set gone.json is not a file of this site (looked for the page's bundle and static/plain/gone.json): put it there, or give its http(s) address, which the build does not check.`),
    r.out,
  );
  assert.ok(!r.out.includes(`${plain}:13:1`), "an address outside the site's base path (/site/) is another site's: not read");
  const bundle = path.join(dir, "content", "bundle", "index.md");
  assert.ok(r.out.includes(`locklab: ${bundle}:5:1: ttl-tradeoff: the challenge set sets/mine.json (content/bundle/sets/mine.json) cannot be used, as the widget would say when it loads it:\n  - challenge 1 (“a”): goal: “colour” is not a result or parameter of ttl-tradeoff.`), r.out);
  assert.match(r.out, /logged 3 error\(s\)/);
});

test("preset steps, their captions, the step, the slide layout, a comparison and older names reach the widgets", async () => {
  const dir = site(path.join(work, "lecture"), {
    base,
    pages: {
      "lecture.md": `---\ntitle: Lecture\n---\n\n{{< locklab widget="ttl-tradeoff" layout="slide" steps="ttl-s=1 | ttl-s=10 | ttl-s=60" step-captions="Short | <b>Default</b> & co | Long" step="2" >}}\n\n{{< locklab "paused-holder" "fencing=true" >}}\n\n{{< locklab "paused-holder" "compare=conditional=true | fencing=true" >}}\n`,
    },
  });
  const built = hugo(dir);
  assert.equal(built.status, 0, built.out);
  const html = fs.readFileSync(path.join(dir, "public", "lecture", "index.html"), "utf8");
  assert.match(
    html,
    /<div data-locklab="ttl-tradeoff" data-layout="slide" data-step="2" data-step-captions="Short \| &lt;b&gt;Default&lt;\/b&gt; &amp; co \| Long" data-steps="ttl-s=1 \| ttl-s=10 \| ttl-s=60">/,
  );
  assert.match(html, /<div data-locklab="paused-holder" data-protection="fence-writes">/, "fencing=true is written as what it means");
  assert.match(html, /<div data-locklab="paused-holder" data-compare="conditional=true \| fencing=true">/, "a comparison is written as given");
  // Served beside the first test's page (the server's /site/ is that site's public/).
  fs.cpSync(path.join(dir, "public", "lecture"), path.join(work, "site", "public", "lecture"), { recursive: true });
  const { page, context, problems } = await openPage(browser, `${server.origin}/site/lecture/`);
  const ttl = await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
  assert.equal(ttl.params["ttl-s"], 10, "opens at step 2");
  assert.equal(await page.locator("[data-locklab=ttl-tradeoff] .ll-step-now").textContent(), "Step 2 of 3: <b>Default</b> & co");
  const held = await waitForChange(page, (d) => d.widget === "paused-holder" && !d.compare);
  assert.equal(held.params.protection, "fence-writes");
  const pair = await waitForChange(page, (d) => d.widget === "paused-holder" && Array.isArray(d.compare));
  assert.deepEqual(pair.compare.map((c) => c.params.protection), ["conditional", "fence-writes"]);
  assert.equal(await page.locator(".ll-notice").count(), 0, "no widget has a notice");
  await page.screenshot({ path: path.join(artifacts, "hugo-lecture.png"), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test("the component also works as a Hugo module (imported by path, no theme folder)", () => {
  const dir = path.join(work, "module");
  site(dir, { base, pages: { "locks.md": PAGE } });
  fs.rmSync(path.join(dir, "themes"), { recursive: true });
  const toml = fs.readFileSync(path.join(dir, "hugo.toml"), "utf8").replace('theme = ["locklab"]\n', "");
  // Where a site would import github.com/…/integrations/hugo, this one points the path at the
  // checkout (no Go toolchain or network needed), as `hugo mod` does for a local replacement.
  const mod = fs.readFileSync(path.join(component, "go.mod"), "utf8").match(/^module (\S+)/m)[1];
  fs.writeFileSync(
    path.join(dir, "hugo.toml"),
    `${toml}\n[module]\nreplacements = "${mod} -> ${component}"\n[[module.imports]]\npath = "${mod}"\n`,
  );
  const built = hugo(dir);
  assert.equal(built.status, 0, built.out);
  const html = fs.readFileSync(path.join(dir, "public", "locks", "index.html"), "utf8");
  const theme = fs.readFileSync(path.join(work, "site", "public", "locks", "index.html"), "utf8");
  assert.equal(html, theme, "the same page as with theme = [\"locklab\"]");
});

test("the release's component archive carries locklab's files: a site with no base serves its own copy", async () => {
  const version = JSON.parse(fs.readFileSync(path.join(dist, "assets.json"), "utf8")).version;
  const archive = path.join(target, "release-files", `locklab-hugo-${version}.zip`);
  assert.ok(fs.existsSync(archive), `${archive} is missing: node web/npm/pack.mjs dist target/release-files (bash .ci/run does)`);
  const unpacked = path.join(work, "component-archive");
  fs.rmSync(unpacked, { recursive: true, force: true });
  const { unzipSync } = createRequire(import.meta.url)(path.join(root, ".ci/tools/node_modules/fflate"));
  for (const [name, body] of Object.entries(unzipSync(fs.readFileSync(archive)))) {
    const file = path.join(unpacked, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, body);
  }
  const dir = site(path.join(work, "bundled"), { pages: { "locks.md": PAGE }, from: path.join(unpacked, "locklab") });
  const built = hugo(dir);
  assert.equal(built.status, 0, built.out);
  const html = fs.readFileSync(path.join(dir, "public", "locks", "index.html"), "utf8");
  assert.ok(html.includes('<script type="module" src="/site/locklab/locklab.js"></script>'), html);
  const own = await serve({ mounts: [{ prefix: "/site/", dir: path.join(dir, "public") }] });
  try {
    const { page, context, problems } = await openPage(browser, `${own.origin}/site/locks/`);
    assert.equal((await waitForChange(page, (d) => d.widget === "ttl-tradeoff")).params["ttl-s"], 1.9);
    assert.equal((await waitForChange(page, (d) => d.widget === "counter-race")).params.workers, 3);
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    await own.close();
  }
});
