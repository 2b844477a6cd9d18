// Every snippet in the book is one the tests run (issue #48). The snippets are read from the BUILT
// book (target/docs-book, by .ci/docs: what a reader copies, placeholders filled in), never from
// a copy kept here, and each is run as written, its host's address the only thing changed:
// - HTML: a page of its own (wrapped in a page with the loader when it is a fragment); every
//   widget in it mounts with no notice, no console error and no failed request; the JSON snippets
//   beside them are the files they name (sets/…, decks/…), and what those files say is shown. The
//   CDN form loads from jsDelivr's address (answered from dist/, with the integrity the book
//   states, which the browser checks). The iframe form's frame shows its widget and forwards it.
// - JavaScript and CSS: on a page with the widget they name, they do what the chapter says.
// - mdBook directives: a book of their own, built with the installed mdbook-locklab.
// - The lab's commands: `locklab-lab … --dry-run`, the lab's own validation of every word.
// - Python and Hugo: every statement is one the notebook and Hugo tests run (quoted from them).
// - Shell commands of this repository: each is one .ci/run or the README's quick start runs, or
//   listed below as not run, with the reason.
// A snippet no rule claims fails the test, so a new one cannot go untested.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { start, openPage, waitForChange, root, dist } from "./helpers.mjs";

const book = path.join(process.env.CARGO_TARGET_DIR ?? path.join(root, "target"), "docs-book");
const HOST = "https://example.org/course/locks/";
const CDN = /^https:\/\/cdn\.jsdelivr\.net\/npm\/locklab@([^/]+)\/(.*)$/;
const TYPES = { ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".json": "application/json", ".html": "text/html" };

const decode = (s) => s.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

/** Every code block of the built book's pages (not the included ARCHITECTURE, LAB, BENCHMARKS and
 * CHANGELOG chapters: records of this repository, not snippets for a reader to copy). */
function snippets() {
  const records = new Set(["contributors/architecture.html", "contributors/lab-record.html", "contributors/benchmarks.html", "changelog.html", "print.html"]);
  const out = [];
  for (const file of fs.readdirSync(book, { recursive: true })) {
    const page = file.split(path.sep).join("/");
    if (!page.endsWith(".html") || page.startsWith("locklab/") || records.has(page)) continue;
    const html = fs.readFileSync(path.join(book, file), "utf8");
    for (const m of html.matchAll(/<pre><code(?: class="([^"]*)")?>([\s\S]*?)<\/code><\/pre>/g)) {
      const lang = (m[1] ?? "").split(/\s+/).find((c) => c.startsWith("language-"))?.slice(9) ?? "";
      out.push({ page, lang, text: decode(m[2]).replace(/\n$/, "") });
    }
  }
  return out.sort((a, b) => (a.page + a.text).localeCompare(b.page + b.text));
}

let env, site, all;
before(async () => {
  if (!fs.existsSync(path.join(book, "index.html"))) throw new Error(`${book} is missing: bash .ci/docs dist target/docs-book (bash .ci/run does it)`);
  site = fs.mkdtempSync(path.join(os.tmpdir(), "locklab-snippets-"));
  env = await start({ mounts: [{ prefix: "/snippets/", dir: site }] });
  all = snippets();
});
after(async () => {
  await env?.stop();
  if (site) fs.rmSync(site, { recursive: true, force: true });
});

const claimed = new Set();
const claim = (s) => claimed.add(s);
const of = (lang, pred = () => true) => all.filter((s) => s.lang === lang && pred(s));

/** A page for an HTML snippet: as written when it is one, else in a page that loads locklab. */
function pageFor(name, html) {
  const local = html.replaceAll(HOST, `${env.origin}/course/locks/`);
  const whole = /^<!doctype html>/i.test(local.trim());
  const loads = /locklab\.js"/.test(local);
  const text = whole
    ? local
    : `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title>${loads ? "" : '<script type="module" src="/course/locks/locklab.js"></script>'}</head><body>${local}</body></html>`;
  fs.writeFileSync(path.join(site, `${name}.html`), text);
  return `${env.origin}/snippets/${name}.html`;
}

/** Answers jsDelivr's address for the npm package from dist/ (the package is dist/'s files), as
 * a CDN does: with CORS, so the integrity check runs. The versions asked for. */
async function cdnFromDist(context) {
  const asked = [];
  await context.route(CDN, (route) => {
    const [, version, rest] = route.request().url().match(CDN);
    asked.push(version);
    const file = path.join(dist, decodeURIComponent(rest.split("?")[0]));
    if (!file.startsWith(dist + path.sep) || !fs.existsSync(file)) return route.fulfill({ status: 404, body: "not in the package" });
    return route.fulfill({ status: 200, body: fs.readFileSync(file), headers: { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream", "access-control-allow-origin": "*" } });
  });
  return asked;
}

/** Every widget on the page mounted: its shadow root drawn, no notice; and nothing went wrong. */
async function mounted(page, problems, what) {
  await page.waitForFunction(
    () => {
      const els = [...document.querySelectorAll("[data-locklab], locklab-widget")];
      return els.length > 0 && els.every((el) => el.shadowRoot?.querySelector(".ll-host")?.textContent.trim());
    },
    null,
    { timeout: 20_000 },
  );
  const count = await page.evaluate(() => document.querySelectorAll("[data-locklab], locklab-widget").length);
  assert.equal(await page.locator(".ll-notice").count(), 0, `${what}: a notice: ${await page.locator(".ll-notice").allTextContents()}`);
  assert.deepEqual(problems, [], what);
  return count;
}

test("the book's HTML snippets, with the JSON files they name, run as written", async () => {
  // The JSON snippets are the files the HTML snippets name.
  const files = new Map();
  for (const s of of("json")) {
    const data = JSON.parse(s.text);
    const name = data.challenges ? "sets/ttl.json" : data.predictions ? "sets/seat.json" : data.cards ? "decks/my-deck.json" : null;
    assert.ok(name, `${s.page}: a JSON snippet that is neither a challenge set, a prediction set nor a deck`);
    files.set(name, { s, data });
    fs.mkdirSync(path.join(site, path.dirname(name)), { recursive: true });
    fs.writeFileSync(path.join(site, name), s.text);
  }
  assert.deepEqual([...files.keys()].sort(), ["decks/my-deck.json", "sets/seat.json", "sets/ttl.json"]);
  // The wording file the languages chapter writes (a Fluent snippet whose first line names it).
  const wordings = of("fluent", (s) => s.text.startsWith("# wording.ftl"));
  assert.equal(wordings.length, 1, "the languages chapter's wording file");
  fs.writeFileSync(path.join(site, "wording.ftl"), wordings[0].text);
  const reworded = wordings[0].text.match(/^ttl-title = (.*)$/m)?.[1];
  assert.ok(reworded, "the wording file rewords the TTL trade-off's title");
  let reworded_seen = 0;
  const html = of("html", (s) => !s.text.includes("<iframe"));
  assert.ok(html.length >= 8, `${html.length} HTML snippets`);
  let widgets = 0;
  for (const [i, s] of html.entries()) {
    const { page, context, problems } = await openPage(env.browser, null);
    const asked = await cdnFromDist(context);
    const served = [];
    page.on("request", (r) => served.push(new URL(r.url()).pathname));
    await page.goto(pageFor(`html-${i}`, s.text));
    widgets += await mounted(page, problems, `${s.page}: ${s.text.slice(0, 80)}`);
    if (CDN.test(s.text.match(/src="([^"]+)"/)?.[1] ?? "")) {
      const version = JSON.parse(fs.readFileSync(path.join(dist, "assets.json"), "utf8")).version;
      assert.deepEqual([...new Set(asked)], [version], `${s.page}: the CDN form names this build's version`);
      assert.match(s.text, /integrity="sha384-[A-Za-z0-9+/=]{64}"/, `${s.page}: the CDN form states the loader's integrity`);
    }
    if (s.text.includes('messages="wording.ftl"')) {
      reworded_seen += 1;
      assert.ok(served.includes("/snippets/wording.ftl"), `${s.page}: wording.ftl was not loaded`);
      assert.equal(await page.locator("locklab-widget .ll-title").textContent(), reworded, `${s.page}: the title as the wording file says`);
    }
    // A file a snippet names was asked for, and what it says is on the page.
    for (const [name, { s: json, data }] of files) {
      if (!s.text.includes(`"${name}"`)) continue;
      assert.ok(served.includes(`/snippets/${name}`), `${s.page}: ${name} was not loaded`);
      const w = page.locator(`[data-challenges="${name}"], [data-predict="${name}"], [data-deck="${name}"]`);
      if (data.challenges) await w.getByText(`Challenges: 0 of ${data.challenges.length} met`).click();
      const shows = data.cards ? data.cards[0].question : data.predictions ? data.predictions[0].question : data.challenges[0].prompt;
      await w.getByText(shows).locator("visible=true").first().waitFor({ timeout: 10_000 });
      claim(json);
    }
    claim(s);
    await context.close();
  }
  // As many widgets mounted as the snippets' text declares.
  assert.equal(widgets, html.reduce((n, s) => n + (s.text.match(/data-locklab="|<locklab-widget\s/g) ?? []).length, 0));
  assert.ok(reworded_seen >= 1, "an HTML snippet names the wording file, and its widget was checked");
});

test("the iframe snippet shows its widget and forwards its events to the page", async () => {
  for (const s of of("html", (s) => s.text.includes("<iframe"))) {
    const { page, context, problems } = await openPage(env.browser, pageFor("iframe", s.text));
    const state = await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
    assert.equal(state.params["ttl-s"], 10, "the address's ttl-s");
    await page.frameLocator("iframe[data-locklab-frame]").locator(".ll-host").first().waitFor();
    // locklab-embed.js sizes the frame to its widget.
    await page.waitForFunction(() => document.querySelector("iframe[data-locklab-frame]").getBoundingClientRect().height > 300);
    assert.deepEqual(problems, []);
    claim(s);
    await context.close();
  }
});

test("the events chapter's JavaScript does what it says", async () => {
  const [set, listen] = [of("js", (s) => s.text.includes("locklab:set")), of("js", (s) => s.text.includes('addEventListener("locklab:change"'))];
  assert.equal(set.length, 1);
  assert.equal(listen.length, 1);
  const { page, context, problems } = await openPage(env.browser, pageFor("events", '<div data-locklab="ttl-tradeoff"></div>'));
  const logged = [];
  page.on("console", (m) => m.type() === "log" && logged.push(m.text()));
  await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
  await page.evaluate(listen[0].text);
  await page.evaluate(set[0].text);
  const moved = await waitForChange(page, (d) => d.params["ttl-s"] === 60);
  assert.equal(moved.widget, "ttl-tradeoff");
  await page.waitForFunction(() => true);
  assert.ok(logged.some((l) => l.startsWith("ttl-tradeoff ")), `the listener logged: ${logged}`);
  // And on a learner's move: the slider by keyboard.
  const before = logged.length;
  const slider = page.getByRole("slider", { name: /TTL/ }).first();
  await slider.focus();
  await slider.press("ArrowLeft");
  await waitForChange(page, (d) => d.params["ttl-s"] < 60);
  await page.waitForFunction(() => true);
  assert.ok(logged.length > before, "a learner's move is logged too");
  assert.deepEqual(problems, []);
  claim(set[0]);
  claim(listen[0]);
  await context.close();
});

test("the theming chapter's CSS recolours and rounds the widget", async () => {
  for (const s of of("css")) {
    const accent = s.text.match(/--locklab-accent:\s*(#[0-9a-f]{6})/i)[1];
    const radius = s.text.match(/--locklab-radius:\s*([\d.]+px)/)[1];
    const { page, context, problems } = await openPage(env.browser, null);
    await page.goto(pageFor("theming", `<style>${s.text}</style><div class="my-lesson"><div data-locklab="ttl-tradeoff"></div></div>`));
    await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
    const rgb = `rgb(${[1, 3, 5].map((i) => parseInt(accent.slice(i, i + 2), 16)).join(", ")})`;
    const seen = await page.evaluate(
      ([rgb, radius]) => {
        const root = document.querySelector("[data-locklab]").shadowRoot;
        const els = [...root.querySelectorAll("*")];
        const props = ["color", "backgroundColor", "borderTopColor", "accentColor", "outlineColor"];
        return {
          accent: els.some((el) => props.some((p) => getComputedStyle(el)[p] === rgb)),
          radius: els.some((el) => getComputedStyle(el).borderTopLeftRadius === radius),
        };
      },
      [rgb, radius],
    );
    assert.deepEqual(seen, { accent: true, radius: true }, `${accent} and ${radius} inside the widget`);
    assert.deepEqual(problems, []);
    claim(s);
    await context.close();
  }
});

test("the mdBook directives build into a book with their widgets, with the installed mdbook-locklab", () => {
  const bin = path.join(root, "target", "crate-install", "bin", "mdbook-locklab");
  assert.ok(fs.existsSync(bin), `${bin}: .ci/run installs it`);
  const directives = of("text", (s) => s.text.startsWith("{{#locklab"));
  assert.ok(directives.length >= 2);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "locklab-snippet-book-"));
  try {
    fs.mkdirSync(path.join(dir, "src", "platforms"), { recursive: true });
    fs.mkdirSync(path.join(dir, "src", "lab"), { recursive: true });
    for (const f of fs.readdirSync(path.join(root, "crates", "lab", "records"))) fs.copyFileSync(path.join(root, "crates", "lab", "records", f), path.join(dir, "src", "lab", f));
    fs.writeFileSync(path.join(dir, "book.toml"), '[book]\ntitle = "snippets"\nlanguage = "en"\n');
    fs.writeFileSync(path.join(dir, "src", "SUMMARY.md"), "# Summary\n\n- [Snippets](platforms/snippets.md)\n");
    fs.writeFileSync(path.join(dir, "src", "platforms", "snippets.md"), `# Snippets\n\n${directives.map((s) => s.text).join("\n\n")}\n`);
    execFileSync(bin, ["install", dir], { encoding: "utf8" });
    const out = execFileSync("mdbook", ["build", dir], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, PATH: `${path.dirname(bin)}:${process.env.PATH}` } });
    assert.doesNotMatch(out, /WARN|ERROR/);
    const built = fs.readFileSync(path.join(dir, "book", "platforms", "snippets.html"), "utf8");
    const lines = directives.flatMap((s) => s.text.split("\n")).filter((l) => l.startsWith("{{#locklab "));
    assert.equal((built.match(/data-locklab="/g) ?? []).length, lines.length, "a widget for every {{#locklab …}}");
    assert.doesNotMatch(built, /\{\{#locklab/, "every directive was replaced");
    assert.match(built, /<table/, "the reference tables");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  directives.forEach(claim);
});

test("the lab's commands are ones the lab accepts as written", { skip: !labBinary() && !process.env.CI && "no locklab-lab build" }, () => {
  const lab = labBinary();
  assert.ok(lab, "no locklab-lab build: .ci/run builds it before the browser tests");
  for (const s of of("sh", (s) => s.text.includes("locklab-lab"))) {
    for (const line of s.text.split("\n").map((l) => l.replace(/\s+#.*$/, ""))) {
      const m = line.match(/^cargo run -p locklab-lab --release -- (.*)$/);
      if (!m) {
        assert.ok(ranByCi(line), `${s.page}: "${line}" is neither a lab command nor a line .ci/run runs`);
        continue;
      }
      const args = [...m[1].matchAll(/'([^']*)'|(\S+)/g)].map((w) => w[1] ?? w[2]);
      if (args[0] === "run") {
        assert.match(execFileSync(lab, [...args, "--dry-run"], { encoding: "utf8" }), /^would run /, line);
      } else {
        // check and serve start servers: their words are the ones the lab's tests and .ci/run give.
        assert.ok(["check", "serve"].includes(args[0]), line);
        const uses = fs.readFileSync(path.join(root, "crates", "lab", "tests", "check.rs"), "utf8") + fs.readFileSync(path.join(root, "tests", "e2e", "lab.test.mjs"), "utf8") + fs.readFileSync(path.join(root, "crates", "lab", "src", "args.rs"), "utf8");
        for (const w of args.filter((a) => a.startsWith("--"))) assert.ok(uses.includes(`"${w}"`) || uses.includes(`"${w.slice(2)}"`), `${line}: ${w}`);
      }
    }
    claim(s);
  }
});

function labBinary() {
  const targets = [process.env.LOCKLAB_LAB_TARGET, path.join(root, "target")].filter(Boolean);
  return targets.flatMap((t) => ["release", "debug"].map((p) => path.join(t, p, "locklab-lab"))).find((f) => fs.existsSync(f));
}

/** Whether a shell line is one .ci/run runs, or one of the README's quick start. */
function ranByCi(line) {
  const run = fs.readFileSync(path.join(root, ".ci", "run"), "utf8");
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
  const cmd = line.replace(/\s+#.*$/, "").trim();
  return run.includes(cmd) || readme.split("\n").some((l) => l.replace(/\s+#.*$/, "").trim() === cmd);
}

/** Shell lines not run by any test, and why (a reader sees the same list in this file). */
const NOT_RUN = new Map([
  ["bash .ci/release", "writes the complete site, every widget's bundle and the book (about 19 minutes): run by a release, not by the tests; .ci/run builds the same dist/ with three bundles"],
  ["cargo install mdbook-locklab", "from crates.io once the crate is published there (not yet): .ci/run installs the same crate from its packaged .crate files (crates/mdbook-locklab/package.sh)"],
  ["mdbook-locklab install path/to/book", "run on a book of its own by the mdBook directives' test above and by tests/e2e/mdbook.test.mjs"],
]);

test("Python, Hugo and shell snippets are the statements their tests run, or say why not", () => {
  const notebook = fs.readFileSync(path.join(root, "tests", "e2e", "notebook.test.mjs"), "utf8");
  for (const s of of("python")) {
    for (const stmt of s.text.split("\n").map((l) => l.replace(/\s+#.*$/, "").trim()).filter(Boolean)) {
      assert.ok(notebook.includes(JSON.stringify(stmt).slice(1, -1)) || notebook.includes(stmt), `${s.page}: ${stmt} is not run by tests/e2e/notebook.test.mjs`);
    }
    claim(s);
  }
  const hugo = fs.readFileSync(path.join(root, "tests", "e2e", "hugo.test.mjs"), "utf8");
  for (const s of of("text", (s) => s.text.includes("{{< locklab"))) {
    for (const [sc] of s.text.matchAll(/\{\{< locklab [^}]*>\}\}/g)) assert.ok(hugo.includes(sc), `${s.page}: ${sc} is not one tests/e2e/hugo.test.mjs builds`);
    claim(s);
  }
  for (const s of of("toml")) {
    // The site's configuration: the keys the Hugo test's site sets (its theme and base differ: a
    // reader's site has a theme of its own and its own host).
    for (const key of ["[params.locklab]", "base = ", "theme = ["]) assert.ok(s.text.includes(key) && hugo.includes(key.replace("[params.locklab]", "[params.locklab]\\n")), `${s.page}: ${key}`);
    claim(s);
  }
  // Fluent: an excerpt of the English messages, each message (its comment lines aside) as it is in
  // crates/sim/locales/en/.
  const english = fs
    .readdirSync(path.join(root, "crates/sim/locales/en"))
    .filter((f) => f.endsWith(".ftl"))
    .map((f) => fs.readFileSync(path.join(root, "crates/sim/locales/en", f), "utf8"))
    .join("\n");
  // A page's own wording file (its first line says `# wording.ftl`) is the one the locales test
  // loads: tests/fixtures/wording.ftl.
  const wording = fs.readFileSync(path.join(root, "tests/fixtures/wording.ftl"), "utf8");
  for (const s of of("fluent")) {
    const source = s.text.startsWith("# wording.ftl") ? ["tests/fixtures/wording.ftl", wording] : ["the English source", english];
    const body = s.text.split("\n").filter((l) => !l.startsWith("#")).join("\n");
    const messages = body.split(/\n(?=[a-zA-Z][\w-]* =)/).map((m) => m.trim()).filter(Boolean);
    assert.ok(messages.length >= 1, `${s.page}: no message in the excerpt`);
    for (const m of messages) assert.ok(source[1].includes(m), `${s.page}: this message is not in ${source[0]} as written:\n${m}`);
    claim(s);
  }
  const notRun = [];
  for (const s of of("sh", (s) => !s.text.includes("locklab-lab"))) {
    for (const line of s.text.split("\n").map((l) => l.replace(/\s+#.*$/, "").trim()).filter(Boolean)) {
      if (NOT_RUN.has(line)) notRun.push(line);
      else assert.ok(ranByCi(line), `${s.page}: "${line}" is not run by .ci/run or the quick start, and not listed in NOT_RUN`);
    }
    claim(s);
  }
  console.log(`shell lines not run by a test: ${notRun.length} (${notRun.join("; ")})`);
  // The repository's map: every path it names exists.
  for (const s of of("", (s) => s.page === "contributors/index.html")) {
    for (const line of s.text.split("\n")) {
      const first = line.match(/^(\S+)\s/)?.[1];
      if (first) assert.ok(fs.existsSync(path.join(root, first)), `${s.page}: ${first} does not exist`);
    }
    claim(s);
  }
});

test("every snippet in the book is claimed by one of the tests above", () => {
  const left = all.filter((s) => !claimed.has(s));
  assert.deepEqual(left.map((s) => `${s.page} (${s.lang || "no language"}): ${s.text.slice(0, 60)}`), []);
  assert.ok(all.length >= 20, `${all.length} snippets`);
});
