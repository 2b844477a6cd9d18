// "Run it for real": the command a lab widget shows for its current state, and the gallery's copy
// of it, run as they are by the lab itself (`locklab-lab … --dry-run`: the lab's own validation
// of every word, the servers left unstarted). The lab's own tests run these commands for real.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { execFileSync, spawn } from "node:child_process";
import { of, root, dist, useServer, openPage, waitForChange } from "./helpers.mjs";

const env = useServer();

// .ci/run builds the lab (cargo test -p locklab-lab --release, in LOCKLAB_LAB_TARGET) before these
// tests; a debug build will do when only that exists. Under CI a missing lab fails, never skips.
const targets = [process.env.LOCKLAB_LAB_TARGET, path.join(root, "target")].filter(Boolean);
const lab = targets.flatMap((t) => ["release", "debug"].map((p) => path.join(t, p, "locklab-lab"))).find((f) => fs.existsSync(f));
if (!lab && process.env.CI) throw new Error(`no locklab-lab build in ${targets.join(" or ")}: .ci/run builds it before the browser tests`);

// A POSIX shell's words for the commands the widgets write: bare words and '…' quoting, with '\''.
function words(command) {
  const out = [];
  for (const m of command.matchAll(/(?:'((?:[^']|'\\'')*)'|(\S+))/g)) out.push(m[1] !== undefined ? m[1].replaceAll("'\\''", "'") : m[2]);
  return out;
}

function dryRun(command) {
  const [program, ...args] = words(command);
  assert.equal(program, "locklab-lab");
  return execFileSync(lab, [...args, "--dry-run"], { encoding: "utf8" });
}

test("a lab widget's “Run it for real” follows the learner's state, and the lab accepts it as written", { skip: !lab && "no locklab-lab build (cargo build -p locklab-lab)" }, async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/`);
  const w = page.locator("[data-locklab=paused-holder]");
  await waitForChange(page, of("paused-holder"));
  await w.getByText("Run it for real").click();
  const command = w.locator(".ll-lab-command");
  const first = await command.textContent();
  assert.match(first, /^locklab-lab run paused-holder\b/);
  assert.match(dryRun(first), /^would run paused-holder lease-s=10 pause-s=15 protection=none /);
  assert.match(await w.evaluate((el) => el.shadowRoot.textContent), /What is real there is the lock service and the database/);

  await w.getByRole("radio", { name: "Tokens on writes only" }).check();
  const pause = w.getByRole("slider", { name: "A's pause" });
  await pause.focus();
  for (let i = 0; i < 14; i++) await pause.press("ArrowLeft");
  const state = await waitForChange(page, of("paused-holder", (d) => d.params["pause-s"] === 8 && d.params.protection === "fence-writes"));
  await page.waitForFunction((before) => document.querySelector("[data-locklab=paused-holder]").shadowRoot.querySelector(".ll-lab-command").textContent !== before, first);
  const moved = await command.textContent();
  assert.notEqual(moved, first);
  const ran = dryRun(moved);
  for (const [k, v] of Object.entries(state.params)) {
    if (typeof v !== "object") assert.ok(ran.includes(`${k}=${v}`), `${k}=${v} in: ${ran}`);
  }

  // The TTL trade-off's holds run on a real Redis lease.
  const ttl = page.locator("[data-locklab=ttl-tradeoff]");
  await ttl.getByText("Run it for real").click();
  assert.match(dryRun(await ttl.locator(".ll-lab-command").textContent()), /^would run ttl-tradeoff ttl-s=10 .* on Redis$/m);
  // The contention widgets run on PostgreSQL, with the learner's rate.
  const op = page.locator("[data-locklab=optimistic-vs-pessimistic]");
  await op.scrollIntoViewIfNeeded();
  await waitForChange(page, of("optimistic-vs-pessimistic"));
  const rate = op.getByRole("slider", { name: "Updates to the record" });
  await rate.focus();
  await rate.press("ArrowRight");
  const opState = await waitForChange(page, of("optimistic-vs-pessimistic", (d) => d.params["rate-per-s"] !== 5));
  await op.getByText("Run it for real").click();
  await page.waitForFunction(() => /--rate-per-s/.test(document.querySelector("[data-locklab=optimistic-vs-pessimistic]").shadowRoot.querySelector(".ll-lab-command")?.textContent ?? ""));
  const opRan = dryRun(await op.locator(".ll-lab-command").textContent());
  assert.match(opRan, /^would run optimistic-vs-pessimistic rate-per-s=\S+ .* on PostgreSQL$/m);
  assert.ok(opRan.includes(`rate-per-s=${opState.params["rate-per-s"]}`), opRan);
  const lg = page.locator("[data-locklab=lock-granularity]");
  await lg.scrollIntoViewIfNeeded();
  await lg.getByText("Run it for real").click();
  assert.match(dryRun(await lg.locator(".ll-lab-command").textContent()), /^would run lock-granularity lock=global .* on PostgreSQL$/m);
  // Redlock's scenarios run on five masters of the lab's own.
  const rl = page.locator("[data-locklab=redlock]");
  await rl.scrollIntoViewIfNeeded();
  await rl.getByRole("combobox", { name: "Scenario" }).selectOption({ label: "A master crashes and restarts" });
  await waitForChange(page, of("redlock", (d) => d.params.scenario === "crash-restart"));
  await rl.getByText("Run it for real").click();
  await page.waitForFunction(() => /crash-restart/.test(document.querySelector("[data-locklab=redlock]").shadowRoot.querySelector(".ll-lab-command")?.textContent ?? ""));
  assert.match(dryRun(await rl.locator(".ll-lab-command").textContent()), /^would run redlock scenario=crash-restart .* on Redis servers of its own$/m);
  // Lease renewal and the failover start lock services of their own (etcd too).
  for (const [name, needs] of [["lease-renewal", /on Redis and PostgreSQL and etcd members of its own$/m], ["redis-failover", /on Redis servers of its own and etcd members of its own$/m]]) {
    const el = page.locator(`[data-locklab=${name}]`);
    await el.scrollIntoViewIfNeeded();
    await el.getByText("Run it for real").click();
    assert.match(dryRun(await el.locator(".ll-lab-command").textContent()), needs);
  }
  // A widget whose story is not about a real server offers no command.
  assert.equal(await page.locator("[data-locklab=lease-sizing]").locator(".ll-lab-command").count(), 0);
  // The sandbox's command carries its steps and plays every order.
  const sandbox = page.locator("[data-locklab=fencing-sandbox]");
  await sandbox.scrollIntoViewIfNeeded();
  await waitForChange(page, of("fencing-sandbox"));
  await sandbox.getByText("Run it for real").click();
  const story = await sandbox.locator(".ll-lab-command").textContent();
  // (the default story's steps are not written: the lab starts from the same default)
  assert.match(story, /^locklab-lab run fencing-sandbox\b.* --all-orders$/);
  assert.match(dryRun(story), /^would run fencing-sandbox clients=2 .*with every order/);
  assert.deepEqual(problems, []);
  await context.close();
});

// Issue #46, item 4: what the lab measured (dist/lab/<widget>.json, from locklab-lab check
// --record) is shown beside the widget at a recorded state, and a learner can go to each one.
test("“Run it for real” shows what the real servers did at a recorded state, and goes to the recorded states", async () => {
  const record = JSON.parse(fs.readFileSync(path.join(dist, "lab", "redlock.json"), "utf8"));
  const jump = record.settings.find((s) => s.variant === null && s.params.scenario === "clock-jump" && s.params["clock-jump-ms"] === "5000");
  assert.ok(jump, "the check records the clock jump at its default 5 s");
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/`);
  const rl = page.locator("[data-locklab=redlock]");
  await rl.scrollIntoViewIfNeeded();
  await waitForChange(page, of("redlock"));
  // Nothing is fetched until the learner opens it.
  const fetched = [];
  page.on("request", (r) => r.url().includes("/lab/") && fetched.push(r.url()));
  await page.waitForTimeout(200);
  assert.deepEqual(fetched, []);
  await rl.getByText("Run it for real").click();
  const states = rl.locator(".ll-lab-jump");
  await states.first().waitFor();
  assert.deepEqual(fetched, [`${env.origin}/course/locks/lab/redlock.json`]);
  assert.equal(await states.count(), record.settings.filter((s) => s.variant === null).length);
  // Redlock's check has no runs of another kind; the TTL trade-off's has (its own draws, the machine's timing).
  assert.doesNotMatch(await rl.locator(".ll-lab-record").textContent(), /more runs/);
  // Going to the recorded clock jump sets the widget there, and the real figures appear beside
  // the simulated ones, as the file has them.
  await rl.getByRole("button", { name: jump.label, exact: true }).click();
  await waitForChange(page, of("redlock", (d) => d.params.scenario === "clock-jump" && d.params["clock-jump-ms"] === 5000));
  const shown = rl.locator(".ll-lab-recorded");
  await page.waitForFunction(() => /Measured for real on Redis/.test(document.querySelector("[data-locklab=redlock]").shadowRoot.querySelector(".ll-lab-recorded")?.textContent ?? ""));
  const text = await shown.textContent();
  const [y, m, d] = record.recorded.split("-").map(Number);
  const month = new Date(Date.UTC(y, m - 1, d)).toLocaleString("en-GB", { month: "long", timeZone: "UTC" });
  assert.ok(text.includes(`Redis ${record.servers.redis}, ${d} ${month} ${y}`), text);
  assert.match(text, /every compared figure of the real run was within the lab's tolerance of the simulation's/);
  const both = jump.rows.find((r) => r.field === "bothHold");
  const row = rl.locator(".ll-lab-rows tr", { hasText: "bothHold" });
  assert.deepEqual(await row.locator("td").allTextContents(), [both.simulated ? "yes" : "no", both.real ? "yes" : "no", "yes"]);
  assert.equal(await rl.getByRole("button", { name: jump.label, exact: true }).getAttribute("aria-pressed"), "true");
  // A state the lab did not run says so.
  const ttl = rl.getByRole("slider", { name: /TTL/ });
  await ttl.focus();
  await ttl.press("ArrowRight");
  await waitForChange(page, of("redlock", (d) => d.params["ttl-ms"] !== 10000));
  await page.waitForFunction(() => /has not recorded this state/.test(document.querySelector("[data-locklab=redlock]").shadowRoot.querySelector(".ll-lab-recorded")?.textContent ?? ""));
  // Issue #46, item 1: the failover's partition run is not a state of the widget (it models
  // crashes), so it is listed after the states, folded under its label, with every row the lab
  // recorded: the grants the cut-off primary acknowledged and lost, beside the crash model's.
  const failover = JSON.parse(fs.readFileSync(path.join(dist, "lab", "redis-failover.json"), "utf8"));
  const cut = failover.settings.find((s) => s.variant === "partition");
  assert.ok(cut, "the check records a partition of the primary");
  const rf = page.locator("[data-locklab=redis-failover]");
  await rf.scrollIntoViewIfNeeded();
  await rf.getByText("Run it for real").click();
  await rf.locator(".ll-lab-jump").first().waitFor();
  assert.match(await rf.locator(".ll-lab-record").textContent(), /more runs, [^)]*under a network partition[^)]*, are listed after them/);
  assert.match(await rf.evaluate((el) => el.shadowRoot.textContent), /The lab runs one on real servers \(its partition runs, listed in the lab's panel below\)[\s\S]*etcd's leader grants nothing/);
  const folded = rf.locator(".ll-lab-other", { hasText: cut.label });
  await folded.locator("summary").click();
  const lostRow = cut.rows.find((r) => r.field === "as Redis is set by default: grants acknowledged by the isolated primary, lost");
  assert.ok(lostRow && lostRow.real > 0 && lostRow.real === lostRow.simulated, JSON.stringify(lostRow));
  const shownRow = folded.locator("tr", { hasText: lostRow.field });
  assert.deepEqual(await shownRow.locator("td").allTextContents(), [lostRow.simulated.toLocaleString("en-GB"), lostRow.real.toLocaleString("en-GB"), "yes"]);
  assert.equal(await folded.locator("tr", { hasText: "lost at a crash, the widget" }).locator("td").last().textContent(), "shown, not compared");
  assert.equal(await rf.getByRole("button", { name: cut.label }).count(), 0, "a partition is not offered as a state");
  assert.deepEqual(problems, []);
  await context.close();

  // A file that cannot be had is said plainly, and the widget keeps working.
  const second = await openPage(env.browser, `${env.origin}/course/locks/`);
  await second.page.route("**/lab/redlock.json", (r) => r.fulfill({ status: 404, body: "" }));
  const rl2 = second.page.locator("[data-locklab=redlock]");
  await rl2.scrollIntoViewIfNeeded();
  await waitForChange(second.page, of("redlock"));
  await rl2.getByText("Run it for real").click();
  await second.page.waitForFunction(() => /What the lab measured could not be loaded: the file at \S+ could not be loaded \(HTTP 404\)/.test(document.querySelector("[data-locklab=redlock]").shadowRoot.textContent));
  await second.context.close();
  // Another widget's file, or no JSON at all, is refused by name; the widget keeps working.
  for (const [body, said] of [[JSON.stringify({ ...record, widget: "counter-race" }), "is not this widget's"], ["{ not json", "is not JSON"]]) {
    const third = await openPage(env.browser, `${env.origin}/course/locks/`);
    await third.page.route("**/lab/redlock.json", (r) => r.fulfill({ status: 200, contentType: "application/json", body }));
    const el = third.page.locator("[data-locklab=redlock]");
    await el.scrollIntoViewIfNeeded();
    await waitForChange(third.page, of("redlock"));
    await el.getByText("Run it for real").click();
    await third.page.waitForFunction((said) => document.querySelector("[data-locklab=redlock]").shadowRoot.textContent.includes(`lab/redlock.json ${said}`), said);
    const scenario = el.getByRole("combobox", { name: "Scenario" });
    await scenario.selectOption({ label: "A clock jumps" });
    await waitForChange(third.page, of("redlock", (d) => d.params.scenario === "clock-jump"));
    assert.deepEqual(third.problems, []);
    await third.context.close();
  }
});

// Issue #46, item 5: the learner's own `locklab-lab serve` runs the widget's state on the lab's
// servers from the page, and refuses a page it was not told to allow and a request without its
// token.
test("“Run it for real” runs the state on the learner's own locklab-lab serve, which refuses other pages and requests without its token", { skip: !lab && "no locklab-lab build" }, async () => {
  const server = spawn(lab, ["serve", "--allow-origin", env.origin, "--port", "0", "--max-seconds", "120"], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  server.stdout.on("data", (d) => (out += d));
  server.stderr.on("data", (d) => (err += d));
  try {
    const started = Date.now();
    while (!/http:\/\/127\.0\.0\.1:\d+\/#[0-9a-f]{32}/.test(out)) {
      assert.ok(Date.now() - started < 10000, `locklab-lab serve printed no address: ${out} ${err}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const address = out.match(/http:\/\/127\.0\.0\.1:\d+\/#[0-9a-f]{32}/)[0];
    const base = address.split("#")[0];
    const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/`);
    const cr = page.locator("[data-locklab=counter-race]");
    await cr.scrollIntoViewIfNeeded();
    await waitForChange(page, of("counter-race"));
    // With the lock the real counter must end exactly right: a state whose rows all compare exactly.
    await cr.getByRole("switch", { name: "Take a lock around read → write" }).check();
    const state = await waitForChange(page, of("counter-race", (d) => d.params.lock === true));
    await cr.getByText("Run it for real").click();
    assert.match(await cr.locator(".ll-lab-serve").textContent(), new RegExp(`locklab-lab serve --allow-origin ${env.origin.replaceAll(".", "\\.")}`));
    await cr.getByLabel("Address from locklab-lab serve").fill(address);
    await cr.getByRole("button", { name: "Run this state on my computer" }).click();
    const said = () => cr.locator(".ll-lab-serve-said").textContent();
    await page.waitForFunction(() => /^Done:/.test(document.querySelector("[data-locklab=counter-race]").shadowRoot.querySelector(".ll-lab-serve-said")?.textContent ?? ""), null, { timeout: 120000 });
    assert.match(await said(), /^Done: every compared figure of the real run was within the lab's tolerance/);
    const expected = state.params.workers * state.params.increments;
    const row = cr.locator(".ll-lab-serve tr", { hasText: "expected" });
    assert.deepEqual(await row.locator("td").allTextContents(), [expected.toLocaleString("en-GB"), expected.toLocaleString("en-GB"), "yes"]);
    assert.match(err, /locklab-lab serve: locklab-lab run counter-race .*--lock true .*--json/);
    // A wrong token is refused by the server, and the widget says so.
    await cr.getByLabel("Address from locklab-lab serve").fill(`${base}#${"0".repeat(32)}`);
    await cr.getByRole("button", { name: "Run this state on my computer" }).click();
    await page.waitForFunction(() => /refused: the token is missing or wrong/.test(document.querySelector("[data-locklab=counter-race]").shadowRoot.querySelector(".ll-lab-serve-said")?.textContent ?? ""));
    // And a request with no token at all, from this allowed page: 401, nothing run.
    // (Its body read to the end: a response left unread is cancelled when collected, ERR_ABORTED.)
    assert.equal(await page.evaluate(async (u) => { const r = await fetch(u, { method: "POST", body: "{}" }); await r.text(); return r.status; }, `${base}run`), 401);
    // An address that is not this computer's, or has no token, is refused before anything is sent.
    await cr.getByLabel("Address from locklab-lab serve").fill("http://example.org:8080/#" + "a".repeat(32));
    await cr.getByRole("button", { name: "Run this state on my computer" }).click();
    await page.waitForFunction(() => /not an address of this computer/.test(document.querySelector("[data-locklab=counter-race]").shadowRoot.querySelector(".ll-lab-serve-said")?.textContent ?? ""));
    assert.deepEqual(problems.filter((p) => !/401|Unauthorized/.test(p)), []);
    await context.close();

    // The same files at another origin (localhost, not 127.0.0.1): a page serve was not told to
    // allow. The server refuses it without the headers that would let it read the answer.
    const other = env.origin.replace("127.0.0.1", "localhost");
    const second = await openPage(env.browser, `${other}/course/locks/`);
    const el = second.page.locator("[data-locklab=counter-race]");
    await el.scrollIntoViewIfNeeded();
    await waitForChange(second.page, of("counter-race"));
    await el.getByText("Run it for real").click();
    await el.getByLabel("Address from locklab-lab serve").fill(address);
    await el.getByRole("button", { name: "Run this state on my computer" }).click();
    await second.page.waitForFunction(() => /Could not reach locklab-lab serve at .* or it would not answer this page: is it running, started with --allow-origin http:\/\/localhost:/.test(document.querySelector("[data-locklab=counter-race]").shadowRoot.querySelector(".ll-lab-serve-said")?.textContent ?? ""));
    assert.match(err, new RegExp(`refused a request from a page at ${other.replaceAll(".", "\\.")} \\(not an --allow-origin\\)`));
    const runs = (err.match(/locklab-lab serve: locklab-lab run /g) ?? []).length;
    assert.equal(runs, 1, "only the allowed page's request with the token ran");
    await second.context.close();
  } finally {
    server.kill("SIGTERM");
  }
});

test("the gallery gives the same command beside the embed code, and none for other widgets", { skip: !lab && "no locklab-lab build" }, async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/gallery.html`);
  await waitForChange(page, (d) => d.widget === "counter-race");
  await page.getByLabel("Widget").selectOption({ label: "The sweeper incident: a job that outlives its lock" });
  await waitForChange(page, (d) => d.widget === "sweeper-incident");
  await page.locator("#preview").getByRole("radio", { name: "Compare-and-delete" }).check();
  const state = await waitForChange(page, (d) => d.widget === "sweeper-incident" && d.params.release === "compare-and-delete");
  await page.waitForFunction(() => document.getElementById("lab-code").value.includes("compare-and-delete"));
  const command = await page.locator("#lab-code").inputValue();
  assert.ok(await page.locator("#lab-section").isVisible());
  // Issue #40, item 17: "real" is the servers, not the story's draws; the gallery says so too.
  assert.match(await page.locator("#lab-section").textContent(), /What is real there is the lock service and the database[\s\S]*the widget's own\s+draws/);
  const ran = dryRun(command);
  assert.ok(ran.includes(`release=compare-and-delete`) && ran.includes(`seed=${state.params.seed}`), ran);

  await page.getByLabel("Widget").selectOption({ label: "Lease sizing worksheet" });
  await waitForChange(page, (d) => d.widget === "lease-sizing");
  await page.locator("#lab-section").waitFor({ state: "hidden" });
  assert.deepEqual(problems, []);
  await context.close();
});
