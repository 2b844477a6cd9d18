// Honest failure messages (issue #28): when locklab.js cannot load on a page of another site, only
// the author's fallback line can speak, so the gallery's line names the likely cause and the
// iframe alternative; when the loader runs but one of its files fails (a 404, a Content-Security-
// Policy without 'wasm-unsafe-eval', a stylesheet that does not arrive), every widget says so in
// place, naming the file, the likely cause and the iframe embed, and the console says the same.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { start, openPage, waitForChange, dist, artifacts } from "./helpers.mjs";
import { serve } from "../server.mjs";

let env, other, broken, brokenDir;
before(async () => {
  env = await start();
  // Another site (no CORS headers from env's server), and copies of dist/ with a file missing.
  other = await serve({ mounts: [{ prefix: "/", dir: fs.mkdtempSync(path.join(os.tmpdir(), "locklab-other-")) }] });
  brokenDir = fs.mkdtempSync(path.join(os.tmpdir(), "locklab-broken-"));
  for (const what of ["no-wasm", "no-css"]) {
    const copy = path.join(brokenDir, what);
    fs.cpSync(dist, copy, { recursive: true });
    for (const f of fs.readdirSync(copy, { recursive: true })) {
      if ((what === "no-wasm" && f.endsWith(".wasm")) || (what === "no-css" && /locklab-[0-9a-f]+\.css$/.test(f))) fs.rmSync(path.join(copy, f));
    }
  }
  broken = await serve({
    mounts: [
      { prefix: "/strict-dist/", dir: dist, headers: { "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'" } },
      { prefix: "/csp/", dir: brokenDir, headers: { "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'" } },
      { prefix: "/", dir: brokenDir },
    ],
  });
});
after(async () => {
  await env?.stop();
  await other?.close();
  await broken?.close();
});

/** The gallery's script snippet for the counter race, as an author copies it. */
async function gallerySnippet(browser) {
  const { page, context } = await openPage(browser, `${env.origin}/course/locks/gallery.html?widget=counter-race`);
  await page.waitForFunction(() => document.getElementById("script-code").value.includes("data-locklab"));
  const code = await page.locator("#script-code").inputValue();
  // The iframe embed comes first: it works on any page.
  const order = await page.evaluate(() => [...document.querySelectorAll("main section h2")].map((h) => h.id));
  await context.close();
  return { code, order };
}

test("pasted on another site whose host sends no CORS header, the snippet's own line names the cause and the iframe", async () => {
  const { code, order } = await gallerySnippet(env.browser);
  assert.ok(order.indexOf("iframe-h") < order.indexOf("script-h"), order.join(", "));
  assert.match(code, /Access-Control-Allow-Origin/);
  assert.match(code, /iframe embed/);
  // The page on the other site: the module script is refused for want of CORS, nothing runs.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "locklab-paste-"));
  fs.writeFileSync(path.join(dir, "index.html"), `<!doctype html><meta charset="utf-8"><title>Pasted</title>\n${code}\n`);
  const site = await serve({ mounts: [{ prefix: "/", dir }] });
  const { page, context } = await openPage(env.browser, `${site.origin}/`);
  await page.waitForLoadState("networkidle");
  const text = await page.locator("[data-locklab=counter-race]").textContent();
  assert.match(text, /could not run locklab.*Access-Control-Allow-Origin.*iframe embed/s);
  assert.equal(await page.locator("[data-locklab-mounted]").count(), 0, "nothing of locklab ran");
  await page.screenshot({ path: path.join(artifacts, "failure-cors.png") });
  await context.close();
  await site.close();
});

test("the loader runs but the wasm is missing: each widget names the file, the cause and the iframe embed", async () => {
  const page0 = `${broken.origin}/page.html`;
  fs.writeFileSync(
    path.join(brokenDir, "page.html"),
    `<!doctype html><meta charset="utf-8"><title>Missing</title><script type="module" src="no-wasm/locklab.js"></script><div id="a" data-locklab="counter-race">fallback</div><div id="b" data-locklab="ttl-tradeoff">fallback</div>`,
  );
  const { page, context, problems } = await openPage(env.browser, page0);
  for (const id of ["a", "b"]) {
    const notice = page.locator(`#${id} .ll-failure`);
    await notice.waitFor();
    const said = await notice.textContent();
    assert.match(said, /_bg\.wasm answered HTTP 404/, said);
    assert.match(said, /Likely cause: a copy of the build without this file/);
    assert.match(said, /iframe embed needs none of this: .*embed\.html\?widget=/);
  }
  assert.ok(problems.some((p) => /console: locklab: .*_bg\.wasm answered HTTP 404/.test(p)), problems.join("\n"));
  await context.close();
});

test("a Content-Security-Policy without 'wasm-unsafe-eval': the widget says the policy refused the wasm", async () => {
  fs.writeFileSync(
    path.join(brokenDir, "csp.html"),
    `<!doctype html><meta charset="utf-8"><title>CSP</title><script type="module" src="/strict-dist/locklab.js"></script><div id="w" data-locklab="counter-race"></div>`,
  );
  const { page, context } = await openPage(env.browser, `${broken.origin}/csp/csp.html`);
  const notice = page.locator("#w .ll-failure");
  await notice.waitFor();
  assert.match(await notice.textContent(), /refused by the page's Content-Security-Policy\. Likely cause: the page's script-src must allow 'wasm-unsafe-eval'/);
  await context.close();
});

test("a stylesheet that does not arrive: the widget works unstyled and says which file", async () => {
  fs.writeFileSync(
    path.join(brokenDir, "nocss.html"),
    `<!doctype html><meta charset="utf-8"><title>No CSS</title><script type="module" src="no-css/locklab.js"></script><div id="w" data-locklab="counter-race"></div>`,
  );
  const { page, context } = await openPage(env.browser, `${broken.origin}/nocss.html`);
  await waitForChange(page, (d, id) => id === "w");
  const said = await page.locator("#w").evaluate(async (el) => {
    for (let i = 0; i < 100 && !el.shadowRoot.querySelector(".ll-failure"); i++) await new Promise((r) => setTimeout(r, 20));
    return el.shadowRoot.querySelector(".ll-failure")?.textContent ?? "";
  });
  assert.match(said, /stylesheet, .*locklab-[0-9a-f]+\.css, did not load/);
  // The widget still answers.
  const slider = page.locator("#w").getByRole("slider", { name: "Workers" });
  await slider.focus();
  await slider.press("ArrowRight");
  await waitForChange(page, (d, id) => id === "w" && d.params.workers === 6);
  await context.close();
});
