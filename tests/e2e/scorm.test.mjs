// SCORM 1.2 packages from the gallery, checked with a real SCORM run-time: scorm-again (what LMSes
// embed) installs its SCORM 1.2 API on a parent page, the package's launch page runs in a frame,
// and the deck is answered by keyboard. The score and status the run-time holds are what the
// package reported.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { unzipSync, strFromU8 } from "fflate";
import { start, openPage, root, artifacts, answerAll } from "./helpers.mjs";
import { serve } from "../server.mjs";

const work = path.join(process.env.CARGO_TARGET_DIR ?? path.join(root, "target"), "scorm-test");
const deckFile = (name) => JSON.parse(fs.readFileSync(path.join(root, "crates/sim/decks", `${name}.json`), "utf8"));

let env, lms;
before(async () => {
  env = await start();
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  // The LMS side: scorm-again's SCORM 1.2 API on the parent window, the package in a frame.
  fs.writeFileSync(path.join(work, "lms.js"), "window.API = new Scorm12API({ autocommit: false, logLevel: 5 });\n");
  fs.writeFileSync(
    path.join(work, "lms.html"),
    `<!doctype html><meta charset="utf-8"><title>LMS</title><script src="vendor/scorm12.js"></script><script src="lms.js"></script><iframe title="course" src="pkg/launch.html" style="width:1100px;height:900px"></iframe>`,
  );
  lms = await serve({
    mounts: [
      { prefix: "/lms/vendor/", dir: path.join(root, "tests", "node_modules", "scorm-again", "dist") },
      { prefix: "/lms/", dir: work },
    ],
  });
});
after(async () => {
  await lms?.close();
  await env?.stop();
});

/** Downloads the package the gallery makes for the widget (by its picker label), unzipped. */
async function download(page, label, deck) {
  await page.locator("#widget-picker").selectOption({ label });
  if (deck !== undefined) await page.locator("#scorm-deck").selectOption(deck);
  await page.locator("#script-code").evaluate((el) => new Promise((r) => (el.value ? r() : setTimeout(r, 500))));
  const [file] = await Promise.all([page.waitForEvent("download"), page.locator("#scorm-download").click()]);
  await page.locator("#scorm-status").filter({ hasText: "Package ready" }).waitFor();
  const bytes = fs.readFileSync(await file.path());
  fs.writeFileSync(path.join(artifacts, file.suggestedFilename()), bytes);
  return unzipSync(new Uint8Array(bytes));
}

function unpack(files) {
  const dir = path.join(work, "pkg");
  fs.rmSync(dir, { recursive: true, force: true });
  for (const [name, data] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), data);
  }
}

test("a quiz deck as a SCORM package: the manifest, and the score a SCORM 1.2 run-time receives", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/gallery.html`);
  const files = await download(page, "Quiz: Interview angle");
  for (const f of ["imsmanifest.xml", "launch.html", "locklab.js", "scorm/scorm.js", "scorm/launch.css"]) assert.ok(files[f], `${f} in the zip`);
  assert.ok(Object.keys(files).some((f) => f.endsWith(".wasm")));
  // The quiz's own, smaller bundle travels with it when the build has one (the loader picks it).
  const own = JSON.parse(fs.readFileSync(path.join(root, "dist", "assets.json"), "utf8")).one?.quiz ?? [];
  for (const f of own) assert.ok(files[f], `${f}: the quiz's own bundle is in the package`);
  const manifest = strFromU8(files["imsmanifest.xml"]);
  // Well-formed, SCORM 1.2, one SCO launching launch.html, every file listed.
  const parsed = await page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, "application/xml");
    if (doc.querySelector("parsererror")) return { error: doc.querySelector("parsererror").textContent };
    const res = doc.getElementsByTagName("resource")[0];
    return {
      version: doc.getElementsByTagName("schemaversion")[0]?.textContent,
      scormtype: res?.getAttribute("adlcp:scormtype"),
      href: res?.getAttribute("href"),
      files: [...doc.getElementsByTagName("file")].map((f) => f.getAttribute("href")),
      mastery: doc.getElementsByTagName("adlcp:masteryscore")[0]?.textContent,
    };
  }, manifest);
  assert.deepEqual({ ...parsed, files: parsed.files.sort() }, {
    version: "1.2",
    scormtype: "sco",
    href: "launch.html",
    files: Object.keys(files).filter((f) => f !== "imsmanifest.xml").sort(),
    mastery: "80",
  });
  unpack(files);
  await context.close();

  // In the "LMS": answer the whole deck by keyboard, two wrong.
  const deck = deckFile("interview");
  const lmsPage = await openPage(env.browser, `${lms.origin}/lms/lms.html`);
  const frame = lmsPage.page.frameLocator("iframe");
  const quiz = frame.locator("[data-locklab=quiz]");
  await quiz.locator(".ll-option").first().waitFor();
  const at = (k) => lmsPage.page.evaluate((k) => window.API.LMSGetValue(k), k);
  assert.equal(await lmsPage.page.evaluate(() => window.API.isInitialized()), true, "LMSInitialize called");
  assert.equal(await at("cmi.core.lesson_status"), "incomplete");
  await answerAll(lmsPage.page, quiz, deck, [0, 1]);
  await frame.locator("#lms-status").filter({ hasText: "Reported" }).waitFor();
  const percent = Math.round((100 * (deck.cards.length - 2)) / deck.cards.length);
  assert.deepEqual(
    [await at("cmi.core.score.raw"), await at("cmi.core.score.min"), await at("cmi.core.score.max"), await at("cmi.core.lesson_status")],
    [String(percent), "0", "100", percent >= 80 ? "passed" : "failed"],
  );
  await lmsPage.page.screenshot({ path: path.join(artifacts, "scorm-lms.png") });
  // Leaving the page ends the session.
  await lmsPage.page.evaluate(() => document.querySelector("iframe").remove());
  await lmsPage.page.waitForFunction(() => window.API.isTerminated());
  assert.deepEqual([...problems, ...lmsPage.problems], []);
  await lmsPage.context.close();
});

test("a simulation with a deck beside it, and one alone, as packages", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/gallery.html`);
  const withDeck = await download(page, "Counter race", "leases");
  const launch = strFromU8(withDeck["launch.html"]);
  assert.match(launch, /data-locklab="counter-race" data-workers="5"/);
  assert.match(launch, /data-locklab="quiz" data-deck="leases"/);
  const alone = await download(page, "Counter race", "");
  assert.doesNotMatch(strFromU8(alone["launch.html"]), /data-locklab="quiz"/);
  assert.doesNotMatch(strFromU8(alone["imsmanifest.xml"]), /masteryscore/);
  unpack(alone);
  await context.close();

  const lmsPage = await openPage(env.browser, `${lms.origin}/lms/lms.html`);
  const frame = lmsPage.page.frameLocator("iframe");
  const slider = frame.locator("[data-locklab=counter-race]").getByRole("slider", { name: "Workers" });
  await slider.focus();
  await lmsPage.page.keyboard.press("ArrowRight");
  await frame.locator("#lms-status").filter({ hasText: "completed" }).waitFor();
  assert.equal(await lmsPage.page.evaluate(() => window.API.LMSGetValue("cmi.core.lesson_status")), "completed");
  assert.deepEqual([...problems, ...lmsPage.problems], []);
  await lmsPage.context.close();
});
