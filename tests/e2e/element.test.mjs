// Issue #39: <locklab-widget>, the element form of data-locklab. One mount path serves both: the
// same parameters, validation, notices and events. Attributes are live (set one and the widget
// moves, remove it and the default returns, change the name and it becomes the other widget); the
// `params` and `result` properties; document.createElement; inside another component's shadow
// root; its height reserved before it mounts; and a second copy of the loader (another address or
// another version) says so while the first keeps serving.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { start, openPage, waitForChange, dist, root, artifacts } from "./helpers.mjs";

let env, pages, other;
const registry = JSON.parse(fs.readFileSync(path.join(dist, "assets.json"), "utf8"));
const reservePx = JSON.parse(fs.readFileSync(path.join(root, "integrations/hugo/data/locklab/registry.json"), "utf8")).widgets.find((w) => w.name === "redis-failover").reservePx;
before(async () => {
  pages = fs.mkdtempSync(path.join(os.tmpdir(), "locklab-element-"));
  // Another version of the same build (its loader says 0.0.1-other), served from its own folder.
  other = fs.mkdtempSync(path.join(os.tmpdir(), "locklab-other-"));
  fs.cpSync(dist, other, { recursive: true });
  const loader = path.join(other, "locklab.js");
  // (The loader is minified: its version is written out wherever it is used, in messages too.)
  const text = fs.readFileSync(loader, "utf8");
  const changed = text.replaceAll(registry.version, "0.0.1-other");
  assert.notEqual(changed, text, "the other copy's loader says another version");
  fs.writeFileSync(loader, changed);
  const page = (name, head, body) =>
    fs.writeFileSync(path.join(pages, name), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>element</title>${head}</head><body>${body}</body></html>`);
  const loader1 = `<script type="module" src="/course/locks/locklab.js"></script>`;
  page(
    "both.html",
    loader1,
    `<locklab-widget id="el" name="ttl-tradeoff" ttl-s="5" seed="7"><p>Loading…</p></locklab-widget>
     <div id="div" data-locklab="ttl-tradeoff" data-ttl-s="5" data-seed="7"></div>`,
  );
  page("alias.html", loader1, `<locklab-widget id="el" name="paused-holder" protection="fence-all" fencing="true"></locklab-widget>`);
  page("bad.html", loader1, `<locklab-widget id="el" name="ttl-tradeoff" ttl-s="banana" colour="red" class="x" data-note="mine"></locklab-widget>`);
  // A component of the page's own with <locklab-widget> inside its shadow root, and one made by script.
  page(
    "shadow.html",
    `${loader1}<script type="module" src="shadow.js"></script>`,
    `<host-card id="card"></host-card><div id="slot"></div>`,
  );
  fs.writeFileSync(
    path.join(pages, "shadow.js"),
    `customElements.define("host-card", class extends HTMLElement {
       connectedCallback() {
         const root = this.attachShadow({ mode: "open" });
         const w = document.createElement("locklab-widget");
         w.setAttribute("name", "counter-race");
         w.setAttribute("workers", "3");
         root.append(w);
       }
     });
     const made = document.createElement("locklab-widget");
     made.id = "made";
     made.name = "quiz";
     made.setAttribute("deck", "leases");
     document.getElementById("slot").append(made);`,
  );
  // Reserved height: the loader is held back until the test lets it go.
  page("reserve.html", `<script type="module" src="reserve.js"></script>`, `<locklab-widget id="el" name="redis-failover"></locklab-widget><p id="after">after</p>`);
  fs.writeFileSync(path.join(pages, "reserve.js"), `window.go = () => import("/course/locks/locklab.js");`);
  page(
    "two.html",
    `${loader1}<script type="module" src="/other/locklab.js"></script><script type="module" src="/copy/locklab.js"></script>`,
    `<locklab-widget id="el" name="counter-race"></locklab-widget>`,
  );
  // The pages, the other version and a second copy of this one, on the test server's origin.
  env = await start({ mounts: [{ prefix: "/element/", dir: pages }, { prefix: "/other/", dir: other }, { prefix: "/copy/", dir: dist }] });
});
after(async () => {
  await env?.stop();
  fs.rmSync(pages, { recursive: true, force: true });
  fs.rmSync(other, { recursive: true, force: true });
});

const url = (name) => `${env.origin}/element/${name}`;

test("the element and data-locklab mount the same widget with the same numbers; attributes, properties and keys move it", async () => {
  const { page, problems } = await openPage(env.browser, url("both.html"));
  const fromEl = await waitForChange(page, (d, id) => id === "el");
  const fromDiv = await waitForChange(page, (d, id) => id === "div");
  assert.deepEqual(fromEl, fromDiv, "one mount path: the same params and result");
  assert.equal(fromEl.params["ttl-s"], 5);
  // The fallback made way; the properties hold the event's values.
  assert.equal(await page.locator("#el").evaluate((el) => el.textContent.trim()), "");
  assert.deepEqual(await page.locator("#el").evaluate((el) => el.params), fromEl.params);
  assert.equal(typeof (await page.locator("#el").evaluate((el) => el.result.unsafePerDay)), "number");

  // A learner's key on the slider inside the element's shadow root.
  const slider = page.locator("#el").locator('input[name="ttl-s"]');
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  const moved = await waitForChange(page, (d, id) => id === "el" && d.params["ttl-s"] !== 5);
  assert.ok(moved.params["ttl-s"] > 5, `${moved.params["ttl-s"]}`);

  // An attribute set by the page moves it; removing it restores the default (one event each).
  const before = await page.evaluate(() => window.__events.length);
  await page.locator("#el").evaluate((el) => el.setAttribute("ttl-s", "30"));
  const set = await waitForChange(page, (d, id) => id === "el" && d.params["ttl-s"] === 30);
  assert.equal(await slider.getAttribute("aria-valuetext").then((t) => /30/.test(t)), true);
  await page.locator("#el").evaluate((el) => el.removeAttribute("ttl-s"));
  const back = await waitForChange(page, (d, id) => id === "el" && d.params["ttl-s"] === 10);
  assert.equal(back.params.seed, 7, "the other attributes keep theirs");
  assert.equal(await page.evaluate((n) => window.__events.slice(n).filter((e) => e.id === "el").length, before), 2, "one locklab:change per change");
  assert.notDeepEqual(set.result, back.result);

  // The params property sets attributes (several at once: one event); null removes one.
  await page.locator("#el").evaluate((el) => (el.params = { "ttl-s": 20, "stall-chance": 0.01 }));
  const both = await waitForChange(page, (d, id) => id === "el" && d.params["ttl-s"] === 20);
  assert.equal(both.params["stall-chance"], 0.01);
  assert.equal(await page.locator("#el").getAttribute("ttl-s"), "20");
  await page.locator("#el").evaluate((el) => (el.params = { "stall-chance": null }));
  await waitForChange(page, (d, id) => id === "el" && d.params["stall-chance"] !== 0.01 && d.params["ttl-s"] === 20);

  // theme is followed in place (no event, no remount).
  const events = await page.evaluate(() => window.__events.length);
  await page.locator("#el").evaluate((el) => el.setAttribute("theme", "dark"));
  await page.waitForFunction(() => document.getElementById("el").shadowRoot.querySelector(".ll-host").classList.contains("ll-dark"));
  await page.locator("#el").evaluate((el) => el.setAttribute("theme", "light"));
  await page.waitForFunction(() => document.getElementById("el").shadowRoot.querySelector(".ll-host").classList.contains("ll-light"));
  assert.equal(await page.evaluate(() => window.__events.length), events);

  // A new name mounts the other widget in the same element.
  await page.locator("#el").evaluate((el) => el.setAttribute("name", "counter-race"));
  const race = await waitForChange(page, (d, id) => id === "el" && d.widget === "counter-race");
  assert.ok(race.result.expected > 0);
  assert.equal(await page.locator("#el").locator(".ll-host h3, .ll-host h2").first().textContent().then((t) => /counter/i.test(t)), true);
  // The div was never touched.
  assert.equal((await page.evaluate(() => window.__events.filter((e) => e.id === "div").length)), 1);
  assert.deepEqual(problems, []);
});

test("removing an older alias leaves the explicit parameter it stood beside; removing that one restores the default", async () => {
  const { page, problems } = await openPage(env.browser, url("alias.html"));
  assert.equal((await waitForChange(page, (d, id) => id === "el")).params.protection, "fence-all", "an explicit name wins over an alias");
  await page.locator("#el").evaluate((el) => el.removeAttribute("fencing"));
  await page.locator("#el").evaluate((el) => el.setAttribute("pause-s", "5"));
  const after = await waitForChange(page, (d, id) => id === "el" && d.params["pause-s"] === 5);
  assert.equal(after.params.protection, "fence-all");
  await page.locator("#el").evaluate((el) => el.removeAttribute("protection"));
  await waitForChange(page, (d, id) => id === "el" && d.params.protection === "none");
  assert.deepEqual(problems, []);
});

test("bad attributes get the same notices as data-locklab, and the page's own attributes none", async () => {
  const { page, problems } = await openPage(env.browser, url("bad.html"));
  const d = await waitForChange(page, (d, id) => id === "el");
  assert.equal(d.params["ttl-s"], 10, "an unparsable value falls back to the default");
  const notices = await page.locator("#el").locator(".ll-notice").allTextContents();
  const text = notices.join(" ");
  assert.match(text, /ttl-s/);
  assert.match(text, /colour/);
  assert.doesNotMatch(text, /class|data-note/);
  // A later bad value is reported as data-locklab's would be: out of range, clamped, and said so.
  await page.locator("#el").evaluate((el) => el.setAttribute("ttl-s", "5"));
  await waitForChange(page, (d, id) => id === "el" && d.params["ttl-s"] === 5);
  await page.waitForFunction(() => ![...document.getElementById("el").shadowRoot.querySelectorAll(".ll-notice")].some((n) => /ttl-s/.test(n.textContent)));
  await page.locator("#el").evaluate((el) => el.setAttribute("ttl-s", "100000"));
  const clamped = await waitForChange(page, (d, id) => id === "el" && d.params["ttl-s"] !== 5);
  assert.ok(clamped.params["ttl-s"] < 100000, "clamped into range");
  await page.waitForFunction(() => [...document.getElementById("el").shadowRoot.querySelectorAll(".ll-notice")].some((n) => /ttl-s/.test(n.textContent) && /100000|100,000/.test(n.textContent)));
  assert.deepEqual(problems, []);
});

test("inside another component's shadow root and from document.createElement", async () => {
  const { page, problems } = await openPage(env.browser, url("shadow.html"));
  // The event crosses the card's shadow boundary (composed) and is seen on the card.
  const race = await waitForChange(page, (d, id) => id === "card" && d.widget === "counter-race");
  assert.equal(race.params.workers, 3);
  await page.locator("#made").locator(".ll-question").waitFor();
  assert.equal(await page.locator("#made").evaluate((el) => el.hasAttribute("data-locklab-mounted")), true);
  // Keys reach the widget inside the card's shadow root.
  const inner = page.locator("host-card locklab-widget");
  await inner.locator('input[name="workers"]').focus();
  await page.keyboard.press("ArrowRight");
  const more = await waitForChange(page, (d, id) => id === "card" && d.params.workers === 4);
  assert.equal(await inner.evaluate((el) => el.params.workers), more.params.workers);
  // Properties set before the element was upgraded (made in a document without the definition)
  // are taken when it arrives.
  await page.evaluate(() => {
    const doc = document.implementation.createHTMLDocument("");
    const el = doc.createElement("locklab-widget");
    el.id = "early";
    el.name = "ttl-tradeoff";
    el.params = { "ttl-s": 15 };
    document.body.append(document.adoptNode(el));
  });
  const early = await waitForChange(page, (d, id) => id === "early");
  assert.equal(early.params["ttl-s"], 15);
  assert.equal(await page.locator("#early").getAttribute("ttl-s"), "15");
  // Taken off the page, it lets go of its widget; put back, it mounts again.
  await page.evaluate(() => {
    window.made = document.getElementById("made");
    window.made.remove();
  });
  await page.waitForFunction(() => !window.made.hasAttribute("data-locklab-mounted"));
  await page.evaluate(() => document.body.append(window.made));
  await page.locator("#made").locator(".ll-question").waitFor();
  assert.deepEqual(problems, []);
  await page.screenshot({ path: path.join(artifacts, "element-shadow.png"), fullPage: false });
});

test("it reserves its widget's height before it mounts, and lets go after", async () => {
  const { page, problems } = await openPage(env.browser, url("reserve.html"));
  const unmounted = await page.locator("#after").boundingBox();
  assert.ok(unmounted.y < 100, "nothing reserved before the loader runs (the element is unknown)");
  // What the element stood as at the moment its widget mounted (before it had drawn anything).
  await page.evaluate(() => {
    const el = document.getElementById("el");
    window.atMount = new Promise((resolve) =>
      new MutationObserver(() => {
        if (el.hasAttribute("data-locklab-mounted")) resolve({ min: el.style.minHeight, display: getComputedStyle(el).display, top: document.getElementById("after").getBoundingClientRect().top });
      }).observe(el, { attributes: true }),
    );
    window.go();
  });
  const reserved = await page.evaluate(() => window.atMount);
  assert.equal(reserved.display, "block");
  assert.equal(reserved.min, `${reservePx}px`);
  assert.ok(reserved.top >= reservePx, `the text after it was already below the reserved box (${reserved.top}px)`);
  await waitForChange(page, (d) => d.widget === "redis-failover");
  await page.waitForFunction(() => document.getElementById("el").style.minHeight === "");
  const height = (await page.locator("#el").boundingBox()).height;
  assert.ok(height > 600, `the widget stands ${height}px`);
  assert.deepEqual(problems, []);
});

test("a second copy of the loader, or another version, gets a notice and the first keeps serving", async () => {
  const { page, problems } = await openPage(env.browser, url("two.html"));
  await waitForChange(page, (d, id) => id === "el");
  // Notices the loader put above the widget (the shadow root's own children).
  await page.waitForFunction(() => [...(document.getElementById("el").shadowRoot?.children ?? [])].filter((c) => c.matches(".ll-notice")).length >= 2);
  const said = await page.locator("#el").evaluate((el) => [...el.shadowRoot.children].filter((c) => c.matches(".ll-notice")).map((p) => p.textContent));
  assert.ok(said.some((t) => t.includes("0.0.1-other") && t.includes(registry.version)), said.join(" | "));
  assert.ok(said.some((t) => t.includes("a second copy")), said.join(" | "));
  // Still working: a key moves it.
  await page.locator("#el").locator('input[name="workers"]').focus();
  await page.keyboard.press("ArrowLeft");
  await waitForChange(page, (d, id) => id === "el" && d.params.workers === 4);
  // Only the first copy's files were fetched.
  const fetched = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((n) => /\.(wasm|css)$|locklab-core/.test(n)));
  assert.ok(fetched.every((n) => n.includes("/course/locks/")), fetched.join("\n"));
  assert.deepEqual(problems.filter((p) => !p.startsWith("console: locklab: This page loads")), []);
});
