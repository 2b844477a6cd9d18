// Issue #14: a page loads only the code it shows. A page loads its widgets' own bundles (dist/w/)
// when together they are smaller than the full bundle, else the full one; a widget of another kind
// added later follows the same rule; the lesson page (first-widget-first) loads its first widget's
// own bundle, then the full one; a copy of dist/ without w/ still works (the full bundle).
// Issue #43: a widget's own bundle is its plain one (no preset steps, comparisons, challenges or
// handouts) when its element asks for none of them, and the bundle with them when it does.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { start, openPage, waitForChange, dist, root } from "./helpers.mjs";
import { serve } from "../server.mjs";

const assets = JSON.parse(fs.readFileSync(path.join(dist, "assets.json"), "utf8"));
const split = Object.keys(assets.one ?? {});
const sizeOf = (file) => fs.statSync(path.join(dist, file)).size;
const own = (name) => assets.one[name][1];
// The kind a fresh page's element with no course attribute loads: the plain bundle, where built.
const plainKind = (name) => (split.includes(`${name}:plain`) ? `${name}:plain` : name);

let env, pages, copy, copyServer;
before(async () => {
  env = await start();
  pages = fs.mkdtempSync(path.join(os.tmpdir(), "locklab-bundles-"));
  const page = (name, body) =>
    fs.writeFileSync(
      path.join(pages, name),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title>
<script type="module" src="/course/locks/locklab.js"></script></head><body>${body}</body></html>`,
    );
  page("ttl.html", `<div id="a" data-locklab="ttl-tradeoff" data-seed="3"></div><div id="b" data-locklab="TTL-TRADEOFF" data-ttl-s="5"></div>`);
  page("mixed.html", `<div id="a" data-locklab="ttl-tradeoff"></div><div id="b" data-locklab="counter-race"></div>`);
  // A kind the build may have no own bundle for (bash .ci/run builds three) and a name no widget has.
  page("many.html", `<div id="a" data-locklab="ttl-tradeoff"></div><div id="b" data-locklab="redlock"></div><div id="c" data-locklab="counter-race"></div><div id="d" data-locklab="lease-sizing"></div><div id="e" data-locklab="quiz"></div><div id="f" data-locklab="fencing-chain"></div>`);
  page("later.html", `<div id="a" data-locklab="ttl-tradeoff"></div>`);
  page("course.html", `<div id="a" data-locklab="ttl-tradeoff" data-challenges="builtin"></div>`);
  page("both.html", `<div id="a" data-locklab="ttl-tradeoff"></div><div id="b" data-locklab="ttl-tradeoff" data-steps="ttl-s=1 | ttl-s=60"></div>`);
  page("element.html", `<locklab-widget id="a" name="ttl-tradeoff" ttl-s="5"></locklab-widget>`);
  // dist/ without its w/ folder, as an older copy or a careless upload would be.
  copy = fs.mkdtempSync(path.join(os.tmpdir(), "locklab-nosplit-"));
  fs.cpSync(dist, copy, { recursive: true, filter: (src) => src !== path.join(dist, "w") && !src.startsWith(path.join(dist, "w") + path.sep) });
  fs.writeFileSync(
    path.join(copy, "one.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title>
<script type="module" src="locklab.js"></script></head><body><div id="a" data-locklab="ttl-tradeoff"></div></body></html>`,
  );
  copyServer = await serve({ mounts: [{ prefix: "/", dir: copy }] });
});
after(async () => {
  await env?.stop();
  await copyServer?.close();
  fs.rmSync(pages, { recursive: true, force: true });
  fs.rmSync(copy, { recursive: true, force: true });
});

// The wasm files a page fetched, as paths under dist/. Only GETs: when a wasm fetch with its
// integrity fails (a 404's body never matches), the loader asks the same address again with a
// HEAD to say why, and that request can come after the fallback's GET (it did on a loaded
// clean-clone run, and the test read the HEAD as the last file loaded).
async function openRecording(url) {
  const opened = await openPage(env.browser);
  const wasm = [];
  opened.page.on("request", (req) => {
    if (req.method() === "GET" && req.url().endsWith(".wasm")) wasm.push(new URL(req.url()).pathname.replace(/^.*?\/(course\/locks\/)?/, ""));
  });
  await opened.page.goto(url);
  return { ...opened, wasm };
}

async function serveBoth() {
  // The test pages beside dist/ on one origin.
  return serve({ mounts: [{ prefix: "/course/locks/", dir: dist }, { prefix: "/", dir: pages }] });
}

test("the build has a bundle of its own for every widget", () => {
  const full = fs.readFileSync(path.join(dist, "locklab.js"), "utf8");
  assert.ok(split.length > 0, "dist/ was built with LOCKLAB_SPLIT (bash .ci/run does)");
  for (const [name, files] of Object.entries(assets.one)) {
    for (const f of files) assert.ok(fs.existsSync(path.join(dist, f)), `${name}: ${f}`);
    assert.ok(full.includes(files[1]), `locklab.js knows ${files[1]}`);
    const own = fs.statSync(path.join(dist, files[1])).size;
    const all = fs.statSync(path.join(dist, assets.wasm)).size;
    assert.ok(own < all * 0.6, `${name}'s bundle (${own} B) is well under the full one (${all} B)`);
  }
});

test("a page with one kind of widget loads that widget's bundle only, and both copies work", { skip: !split.includes("ttl-tradeoff") }, async () => {
  const server = await serveBoth();
  const { page, context, problems, wasm } = await openRecording(`${server.origin}/ttl.html`);
  try {
    await waitForChange(page, (d, id) => id === "a");
    await page.locator("#b").getByRole("slider", { name: /TTL/ }).first().focus();
    await page.keyboard.press("ArrowRight");
    const moved = await waitForChange(page, (d, id) => id === "b" && d.params["ttl-s"] !== 5);
    assert.ok(moved.params["ttl-s"] > 5, JSON.stringify(moved.params));
    assert.deepEqual(wasm, [own(plainKind("ttl-tradeoff"))], "only the TTL trade-off's (plain) bundle");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await server.close();
  }
});

// What the loader's rule predicts for widgets of `kinds` on a fresh page: own bundles when every
// kind has one and together they weigh no more than the full bundle.
// (The test pages' elements ask for no course feature: their kinds are the plain ones.)
function predicted(names) {
  const kinds = names.map(plainKind);
  const all = kinds.every((k) => split.includes(k)) && kinds.reduce((n, k) => n + sizeOf(own(k)), 0) <= sizeOf(assets.wasm);
  return all ? kinds.map(own) : [assets.wasm];
}

test("a page with two kinds loads both own bundles when they weigh less than the full one; with more, the full one", async () => {
  const server = await serveBoth();
  try {
    const mixed = await openRecording(`${server.origin}/mixed.html`);
    await waitForChange(mixed.page, (d, id) => id === "b");
    await waitForChange(mixed.page, (d, id) => id === "a");
    const expected = predicted(["ttl-tradeoff", "counter-race"]);
    assert.deepEqual(mixed.wasm, expected);
    if (split.includes("ttl-tradeoff") && split.includes("counter-race")) assert.equal(expected.length, 2, "two own bundles are lighter than the full one");
    // Both still answer the keyboard, each from its own instance.
    const workers = (await waitForChange(mixed.page, (d, id) => id === "b")).params.workers;
    await mixed.page.locator("#b").getByRole("slider", { name: /Workers/ }).first().focus();
    await mixed.page.keyboard.press("ArrowRight");
    await waitForChange(mixed.page, (d, id) => id === "b" && d.params.workers === workers + 1);
    assert.deepEqual(mixed.problems, []);
    await mixed.context.close();

    const many = await openRecording(`${server.origin}/many.html`);
    for (const id of ["a", "b", "c", "d", "e", "f"]) await waitForChange(many.page, (d, got) => got === id);
    assert.deepEqual(many.wasm, [assets.wasm], "six kinds: the full bundle, once");
    assert.deepEqual(many.problems, []);
    await many.context.close();
  } finally {
    await server.close();
  }
});

test("a widget of another kind added later loads the cheaper of its own bundle and the full one", async () => {
  const server = await serveBoth();
  try {
    const later = await openRecording(`${server.origin}/later.html`);
    await waitForChange(later.page, (d, id) => id === "a");
    await later.page.evaluate(() => {
      const el = document.createElement("div");
      el.id = "c";
      el.dataset.locklab = "counter-race";
      el.dataset.workers = "4";
      document.body.append(el);
    });
    const race = await waitForChange(later.page, (d, id) => id === "c");
    assert.equal(race.params.workers, 4);
    const first = predicted(["ttl-tradeoff"]);
    const expected = first[0] === assets.wasm ? first : [...first, ...predicted(["counter-race"])];
    assert.deepEqual(later.wasm, expected);
    // Removing a widget frees it in whichever instance holds it; both kinds still answer.
    await later.page.evaluate(() => document.getElementById("a").remove());
    await later.page.locator("#c").getByRole("slider", { name: /Workers/ }).first().focus();
    await later.page.keyboard.press("ArrowRight");
    await waitForChange(later.page, (d, id) => id === "c" && d.params.workers === 5);
    assert.deepEqual(later.problems, []);
    await later.context.close();
  } finally {
    await server.close();
  }
});

test("a plain bundle is lighter than its widget's bundle with the course features", { skip: !split.includes("ttl-tradeoff:plain") }, () => {
  for (const kind of split.filter((k) => k.endsWith(":plain"))) {
    const name = kind.slice(0, -":plain".length);
    if (!split.includes(name)) continue;
    assert.ok(sizeOf(own(kind)) < sizeOf(own(name)) * 0.85, `${kind}: ${sizeOf(own(kind))} B against ${sizeOf(own(name))} B with the course features`);
  }
});

// 6 December: a one-widget bundle with the course layer carried every simulation's built-in
// challenge and prediction sets (72 KB of JSON, 17.6 KB gzip of the TTL trade-off's bundle): the
// attribute check looked them up by name. Each set's title is in its file as written.
test("a widget's own bundle carries its own built-in challenge and prediction sets, and no other widget's", { skip: split.length === 0 }, () => {
  const course = path.join(root, "crates/course");
  const titles = [];
  for (const folder of ["challenges", "predictions"]) {
    for (const file of fs.readdirSync(path.join(course, folder)).filter((f) => f.endsWith(".json"))) {
      const set = JSON.parse(fs.readFileSync(path.join(course, folder, file), "utf8"));
      titles.push({ widget: file.slice(0, -".json".length), folder, title: set.title });
    }
  }
  assert.ok(titles.length >= 24, `the sets were found (${titles.length})`);
  for (const kind of split.filter((k) => k !== "quiz")) {
    const name = kind.replace(/:plain$/, "");
    const wasm = fs.readFileSync(path.join(dist, own(kind)));
    for (const t of titles) {
      const wanted = t.widget === name && !kind.endsWith(":plain");
      assert.equal(wasm.includes(Buffer.from(t.title, "utf8")), wanted, `${kind}: ${t.folder}/${t.widget}.json's title ${wanted ? "missing" : "present"} ("${t.title}")`);
    }
  }
});

test("an element with a course attribute loads the course bundle; beside a plain one, that one bundle serves both", { skip: !split.includes("ttl-tradeoff:plain") || !split.includes("ttl-tradeoff") }, async () => {
  const server = await serveBoth();
  try {
    const course = await openRecording(`${server.origin}/course.html`);
    await waitForChange(course.page, (d, id) => id === "a");
    await course.page.locator("#a").getByText(/Challenges: 0 of \d+ met/).first().waitFor();
    assert.deepEqual(course.wasm, [own("ttl-tradeoff")], "the bundle with the course features");
    assert.deepEqual(course.problems, []);
    await course.context.close();

    const both = await openRecording(`${server.origin}/both.html`);
    await waitForChange(both.page, (d, id) => id === "a");
    await waitForChange(both.page, (d, id) => id === "b");
    assert.deepEqual(both.wasm, [own("ttl-tradeoff")], "one bundle for the plain element and the one with steps");
    assert.equal(await both.page.locator("#b .ll-step-now").textContent(), "Step 1 of 2");
    assert.equal(await both.page.locator("#a .ll-steps").count(), 0);
    assert.deepEqual(both.problems, []);
    await both.context.close();
  } finally {
    await server.close();
  }
});

test("a <locklab-widget> that gains preset steps mounts again from the course bundle; a plain bundle given them says so", { skip: !split.includes("ttl-tradeoff:plain") || !split.includes("ttl-tradeoff") }, async () => {
  const server = await serveBoth();
  try {
    const { page, context, problems, wasm } = await openRecording(`${server.origin}/element.html`);
    await waitForChange(page, (d, id) => id === "a");
    assert.deepEqual(wasm, [own("ttl-tradeoff:plain")]);
    await page.evaluate(() => document.getElementById("a").setAttribute("steps", "ttl-s=1 | ttl-s=60"));
    await page.locator("#a .ll-step-now").waitFor();
    assert.equal(await page.locator("#a .ll-step-now").textContent(), "Step 1 of 2");
    assert.deepEqual(wasm, [own("ttl-tradeoff:plain"), own("ttl-tradeoff")]);
    assert.equal(await page.locator("#a .ll-notice").count(), 0, "no notice: the course bundle has the steps");
    // The safety net: the plain bundle itself, handed an element with steps, shows the widget
    // without them and says why (the loader never does this on its own).
    const said = await page.evaluate(async ([glue, wasmFile]) => {
      const g = await import(`/course/locks/${glue}`);
      await g.default({ module_or_path: `/course/locks/${wasmFile}` });
      const el = document.createElement("div");
      el.id = "z";
      el.dataset.locklab = "ttl-tradeoff";
      el.dataset.steps = "ttl-s=1 | ttl-s=60";
      el.dataset.challenges = "builtin";
      document.body.append(el);
      g.mount(el);
      await new Promise((r) => setTimeout(r, 500));
      return { notice: el.shadowRoot?.querySelector(".ll-notice")?.textContent ?? "", steps: el.shadowRoot?.querySelectorAll(".ll-steps").length ?? -1 };
    }, assets.one["ttl-tradeoff:plain"]);
    assert.match(said.notice, /steps, challenges needs locklab.s course features \(preset steps, comparisons, challenges, handouts\), which the bundle this page loaded leaves out/);
    assert.equal(said.steps, 0);
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    await server.close();
  }
});

// "Run it for real" is not in a plain bundle (issue #43): opened there, the widget hands over to
// its course bundle in the learner's state, with the panel open; the element's attributes stay.
test("a plain widget's “Run it for real” loads its course bundle, keeps the learner's state and opens there", { skip: !split.includes("ttl-tradeoff:plain") || !split.includes("ttl-tradeoff") }, async () => {
  const server = await serveBoth();
  try {
    const { page, context, problems, wasm } = await openRecording(`${server.origin}/element.html`);
    await waitForChange(page, (d, id) => id === "a");
    assert.deepEqual(wasm, [own("ttl-tradeoff:plain")]);
    assert.equal(await page.locator("#a .ll-lab-command").count(), 0, "the plain bundle has no command to show");
    await page.locator("#a").getByRole("slider", { name: /TTL/ }).first().focus();
    await page.keyboard.press("ArrowRight");
    const moved = await waitForChange(page, (d, id) => id === "a" && d.params["ttl-s"] !== 5);
    const ttl = moved.params["ttl-s"];
    await page.locator("#a").getByText("Run it for real").click();
    // The course bundle's panel, open, with the command for the state the learner left.
    await page.locator("#a .ll-lab-command").waitFor();
    assert.match(await page.locator("#a .ll-lab-command").textContent(), new RegExp(`--ttl-s ${String(ttl).replace(".", "\\.")}(\\s|$)`));
    assert.deepEqual(wasm, [own("ttl-tradeoff:plain"), own("ttl-tradeoff")]);
    assert.equal(await page.locator("#a details.ll-lab").evaluate((d) => d.open), true);
    // What the lab recorded was fetched and read (this state is not one it ran).
    await page.waitForFunction(() => /Measured for real|has not recorded this state/.test(document.getElementById("a").shadowRoot.querySelector(".ll-lab-recorded")?.textContent ?? ""));
    const after = await page.evaluate(() => {
      const el = document.getElementById("a");
      return {
        attr: el.getAttribute("ttl-s"),
        params: el.params["ttl-s"],
        slider: el.shadowRoot.querySelector('input[type="range"]').getAttribute("aria-valuetext"),
        focus: el.shadowRoot.activeElement?.localName ?? null,
        leftover: [el.locklabResume, el.locklabOpen],
      };
    });
    assert.equal(after.attr, "5", "the author's attribute is left as it was");
    assert.equal(Number(after.params), ttl);
    assert.match(after.slider, new RegExp(`^${String(ttl).replace(".", "\\.")}\\b`), "the slider stands where the learner left it");
    assert.equal(after.focus, "summary", "the learner's focus is back on what they opened");
    assert.deepEqual(after.leftover, [undefined, undefined]);
    assert.equal(await page.locator("#a .ll-notice").count(), 0);
    // Without a loader to hand over to (the plain bundle mounted by hand), it says what is missing.
    const said = await page.evaluate(async ([glue, wasmFile]) => {
      const g = await import(`/course/locks/${glue}`);
      await g.default({ module_or_path: `/course/locks/${wasmFile}` });
      const el = document.createElement("div");
      el.dataset.locklab = "ttl-tradeoff";
      document.body.append(el);
      g.mount(el);
      const details = el.shadowRoot.querySelector("details.ll-lab");
      details.open = true;
      await new Promise((r) => setTimeout(r, 300));
      return { text: details.textContent, command: el.shadowRoot.querySelectorAll(".ll-lab-command").length };
    }, assets.one["ttl-tradeoff:plain"]);
    assert.match(said.text, /leaves out the lab.s panel/);
    assert.equal(said.command, 0);
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    await server.close();
  }
});

test("the lesson page mounts its first widget from that widget's own bundle, then the rest from the full one", async () => {
  for (const [url, firstKind, other, slider] of [
    [`${env.origin}/course/locks/`, "counter-race", "ttl-tradeoff", /TTL/],
    // A reader sent to a section starts there: the first widget after it comes first.
    [`${env.origin}/course/locks/#the-lock-must-expire`, "ttl-tradeoff", "counter-race", /Workers/],
  ]) {
    const { page, context, problems, wasm } = await openRecording(url);
    try {
      await waitForChange(page, () => true);
      const first = await page.evaluate(() => window.__events.find((e) => e.type === "locklab:change").detail.widget);
      assert.equal(first, firstKind, url);
      await page.waitForFunction(() => [...document.querySelectorAll("[data-locklab]")].every((el) => el.hasAttribute("data-locklab-mounted")));
      const expected = split.includes(firstKind) ? [own(firstKind), assets.wasm] : [assets.wasm];
      assert.deepEqual(wasm, expected, url);
      // A widget from the other bundle answers the keyboard too.
      const before = await page.evaluate(() => window.__events.length);
      await page.locator(`[data-locklab="${other}"]`).getByRole("slider", { name: slider }).first().focus();
      await page.keyboard.press("ArrowRight");
      await page.waitForFunction(([n, w]) => window.__events.slice(n).some((e) => e.type === "locklab:change" && e.detail.widget === w), [before, other]);
      assert.deepEqual(problems, [], url);
    } finally {
      await context.close();
    }
  }
});

test("a copy of dist/ without w/ falls back to the full bundle", { skip: split.length === 0 }, async () => {
  assert.ok(!fs.existsSync(path.join(copy, "w")), "the copy has no w/");
  const { page, context, problems, wasm } = await openRecording(`${copyServer.origin}/one.html`);
  try {
    const d = await waitForChange(page, (d, id) => id === "a");
    assert.equal(d.params["ttl-s"] > 0, true);
    assert.equal(wasm.at(-1), assets.wasm);
    // The one missing file is the only complaint.
    assert.ok(problems.length > 0 && problems.every((p) => p.includes("/w/") || p.includes("404")), problems.join("\n"));
  } finally {
    await context.close();
  }
});
