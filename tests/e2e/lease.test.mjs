// The lease widgets on the lesson page, driven as a learner would: the job that outlives its lock
// (renewal, fencing and idempotency keys on the same runs) and the lease-sizing worksheet.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { of, useServer, openPage, waitForChange, golden, screenshotWidgets, artifacts } from "./helpers.mjs";

const env = useServer();

const lesson = () => `${env.origin}/course/locks/`;

test("lease renewal: the lesson's 0.22 %, then what each defence does with the same runs", async () => {
  const { page, context, problems } = await openPage(env.browser, lesson());
  const w = page.locator("[data-locklab=lease-renewal]");
  const first = await waitForChange(page, of("lease-renewal"));
  const expected = golden().find((g) => g.widget === "lease-renewal");
  assert.deepEqual(first.params, expected.params);
  assert.deepEqual(first.result, expected.result, "bit-identical to the native simulation");
  // About 0.22 % of 50,000 runs lose a 30 s lock; someone is always waiting, so each is a double invoice.
  assert.ok(first.result.exactLockLost > 0.00215 && first.result.exactLockLost < 0.00225, String(first.result.exactLockLost));
  assert.equal(first.result.harmfulDuplicates, first.result.lockLost);
  assert.match(await w.locator(".ll-narrative").textContent(), /double invoices/);

  // A wider spread of run lengths: more runs outlive the fixed lease.
  const spread = w.getByRole("slider", { name: /Spread of run length/ });
  await spread.focus();
  for (let i = 0; i < 4; i++) await spread.press("ArrowRight");
  const wider = await waitForChange(page, of("lease-renewal", (d) => d.params.spread > 0.75));
  assert.ok(wider.result.lockLost > first.result.lockLost, `${wider.result.lockLost} > ${first.result.lockLost}`);

  // Six defences: a drop-down list, chosen by keyboard as a learner would.
  const defence = w.getByRole("combobox", { name: "Defence" });
  const choose = async (label) => defence.selectOption({ label });
  // Renewal: slow runs keep the lock; only stalls that outlast what is left of the lease lose it.
  await choose("Renewal");
  const renewed = await waitForChange(page, of("lease-renewal", (d) => d.params.defence === "renewal"));
  assert.ok(renewed.result.lockLost < wider.result.lockLost / 2, JSON.stringify(renewed.result));
  assert.ok(renewed.result.exactLockLost < wider.result.exactLockLost);
  assert.match(await w.locator(".ll-narrative").textContent(), /In this model/);
  // Write-only fencing: as many lost locks as with no defence; a late invoice is refused only when
  // the second worker's invoice got there first; the others are double invoices; emails go twice.
  await choose("Fencing token on the invoice write");
  const fenced = await waitForChange(page, of("lease-renewal", (d) => d.params.defence === "fencing"));
  assert.equal(fenced.result.lockLost, wider.result.lockLost);
  assert.ok(fenced.result.harmfulDuplicates > 0 && fenced.result.rejectedWrites > 0, JSON.stringify(fenced.result));
  assert.equal(fenced.result.harmfulDuplicates, fenced.result.lateWriteFirst);
  assert.equal(fenced.result.harmfulDuplicates + fenced.result.rejectedWrites, fenced.result.lockLost);
  assert.equal(fenced.result.duplicateEmails, fenced.result.lockLost);
  assert.match(await w.locator(".ll-narrative").textContent(), /write-only fencing cannot stop/);
  // Fencing every access: the second worker's read registers its token; every late invoice is refused.
  await choose("Fencing token on every access");
  const all = await waitForChange(page, of("lease-renewal", (d) => d.params.defence === "fence-all"));
  assert.equal(all.result.harmfulDuplicates, 0);
  assert.equal(all.result.rejectedWrites, all.result.lockLost);
  assert.equal(all.result.duplicateEmails, all.result.lockLost);
  assert.match(await w.locator(".ll-narrative").textContent(), /checks no token/);
  // Idempotency keys: nothing happens twice (if the provider honours the key).
  await choose("Idempotency keys");
  const keyed = await waitForChange(page, of("lease-renewal", (d) => d.params.defence === "idempotent"));
  assert.deepEqual([keyed.result.harmfulDuplicates, keyed.result.duplicateEmails], [0, 0]);
  assert.equal(keyed.result.harmlessRepeats, keyed.result.lockLost);
  assert.match(await w.locator(".ll-narrative").textContent(), /honours the key/);
  // The address keeps the state; reopening it gives the same numbers.
  await page.waitForFunction(() => location.search.includes("lease-renewal.defence=idempotent"));
  const again = await openPage(env.browser, page.url());
  const restored = await waitForChange(again.page, of("lease-renewal"));
  assert.deepEqual(restored.result, keyed.result);
  assert.deepEqual([...problems, ...again.problems], []);
  await again.context.close();
  await context.close();
});

test("lease sizing: the seed's worked examples, a margin that turns red, and what a crash costs", async () => {
  const { page, context, problems } = await openPage(env.browser, lesson());
  const w = page.locator("[data-locklab=lease-sizing]");
  const first = await waitForChange(page, of("lease-sizing"));
  // 8 + 2 + 0.5 + 3 + 2 = 15.5 s; at 20 s, 20 − 13.5 = 6.5 s of margin left.
  assert.equal(first.result.sumSeconds, 8 + 2 + 0.5 + 3 + 2);
  assert.equal(first.result.marginSeconds, 20 - (8 + 2 + 0.5 + 3));
  assert.equal(first.result.crashWaitSeconds, 20);
  // The second example: 10 − 3 − 4 − 1 = 2 s.
  await w.getByRole("button", { name: /Check a lease/ }).click();
  const check = await waitForChange(page, of("lease-sizing", (d) => d.params["ttl-s"] === 10));
  assert.equal(check.result.marginSeconds, 10 - 3 - 4 - 1);
  assert.match(await w.locator(".ll-narrative").textContent(), /and no more/);
  // Shrink the lease by keyboard until nothing is left: the margin turns red.
  const ttl = w.getByRole("slider", { name: "The lease you pick" });
  await ttl.focus();
  for (let i = 0; i < 6; i++) await ttl.press("ArrowLeft");
  const short = await waitForChange(page, of("lease-sizing", (d) => d.params["ttl-s"] === 7));
  assert.equal(short.result.marginSeconds, 7 - 3 - 4 - 1);
  assert.match((await w.locator(".ll-stat", { hasText: "Margin left" }).getAttribute("class")) ?? "", /ll-bad/);
  // A shorter lease: a pause loses it more often (renewed: lease − renewal − network is 3 s, not
  // 6 s), no margin is left at all, and a crash costs less.
  assert.ok(short.result.pauseLosesLease > check.result.pauseLosesLease);
  assert.equal(short.result.pauseBeyondMargin, 1);
  assert.match(await w.locator(".ll-narrative").textContent(), /need not fit/);
  assert.ok(short.result.crashWaitSeconds < check.result.crashWaitSeconds);
  assert.deepEqual(problems, []);
  await context.close();
});

test("bad input for the lease widgets: notices name the attribute, the rest still works", async () => {
  const { page, context, problems } = await openPage(
    env.browser,
    `${env.origin}/course/locks/embed.html?widget=lease-renewal&defence=maybe&runs=10&renew-every-s=abc`,
  );
  const change = await waitForChange(page, of("lease-renewal"));
  assert.deepEqual([change.params.defence, change.params.runs, change.params["renew-every-s"]], ["none", 1000, 10]);
  const said = (await page.locator("[data-locklab=lease-renewal] .ll-notice li").allTextContents()).join("\n");
  assert.match(said, /defence=“maybe” is not one of none, renewal, fencing, fence-all, idempotent, renewal\+fencing/);
  assert.match(said, /runs=“10” is below the minimum/);
  assert.match(said, /renew-every-s=“abc” is not a number/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("screenshots of the lease widgets at desktop and phone widths, and on a dark page", async () => {
  await screenshotWidgets(env, ["lease-renewal", "lease-sizing"]);
  const { page, context } = await openPage(env.browser, lesson(), { colorScheme: "dark", viewport: { width: 1280, height: 900 } });
  for (const widget of ["lease-renewal", "lease-sizing"]) {
    await waitForChange(page, of(widget));
    const el = page.locator(`[data-locklab=${widget}]`);
    await el.scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await el.screenshot({ path: path.join(artifacts, `${widget}-desktop-dark.png`) });
  }
  await context.close();
});
