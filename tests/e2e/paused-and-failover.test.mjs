// The paused holder and the Redis failover on the lesson page, driven as a learner would.
import { test } from "node:test";
import assert from "node:assert/strict";
import { of, useServer, openPage, waitForChange, golden, screenshotWidgets } from "./helpers.mjs";

const env = useServer();

const lesson = () => `${env.origin}/course/locks/`;
const inWidget = (page, name) => page.locator(`[data-locklab=${name}]`);

test("paused holder: the lesson's case, each protection, and the gap only write-only fencing leaves", async () => {
  const { page, context, problems } = await openPage(env.browser, lesson());
  const w = inWidget(page, "paused-holder");
  const first = await waitForChange(page, of("paused-holder"));
  const expected = golden().find((g) => g.widget === "paused-holder");
  assert.deepEqual(first.params, expected.params);
  assert.deepEqual(first.result, expected.result);
  // Lease 10 s, pause 15 s: A wakes at 17.5 s and overwrites B's sale.
  assert.equal(first.params.protection, "none");
  assert.equal(first.result.outcome, "a-overwrote-b");
  assert.equal(first.result.doubleSale, true);
  const aWrite = first.result.events.find((e) => e.actor === "A" && e.op === "write");
  assert.deepEqual([aWrite.time, aWrite.token, aWrite.accepted], [17.5, 33, true]);
  assert.match(await w.locator(".ll-narrative").textContent(), /two fans paid/);

  const protection = (name) => w.getByRole("radio", { name });
  await protection("Tokens on writes only").check();
  const fenced = await waitForChange(page, of("paused-holder", (d) => d.params.protection === "fence-writes"));
  assert.equal(fenced.result.outcome, "a-rejected-by-fencing");
  assert.match(await w.locator(".ll-narrative").textContent(), /refused/);

  // Pause 8 s: A wakes at 10.5 s, after its lease and B's read, before B's write at 12 s.
  const pause = w.getByRole("slider", { name: "A's pause" });
  await pause.focus();
  for (let i = 0; i < 14; i++) await pause.press("ArrowLeft");
  const between = await waitForChange(page, of("paused-holder", (d) => d.params["pause-s"] === 8));
  assert.equal(between.result.outcome, "b-overwrote-a", "write-only fencing lets A's 33 through before B's first write");
  assert.equal(await pause.getAttribute("aria-valuetext"), "8 s");
  assert.match(await w.locator(".ll-narrative").textContent(), /Write-only fencing cannot stop this/);

  // Fencing every access: B's read registered 34, so A's 33 is refused.
  await protection("Tokens on every access").check();
  const all = await waitForChange(page, of("paused-holder", (d) => d.params.protection === "fence-all"));
  assert.equal(all.result.outcome, "a-rejected-by-read-fence");
  assert.equal(all.result.doubleSale, false);
  assert.equal(all.result.seat, "fan B");
  const bRead = all.result.events.find((e) => e.actor === "B" && e.op === "read");
  assert.deepEqual([bRead.token, bRead.accepted], [34, true]);
  // The step-by-step table shows the read being fenced and the refused write.
  await w.getByText("The timeline, step by step").click();
  const rows = w.locator("table.ll-events tbody tr");
  assert.equal(await rows.count(), all.result.events.length);
  const readRow = rows.filter({ hasText: "storage registers token 34" });
  assert.equal(await readRow.count(), 1);
  assert.match(await readRow.textContent(), /token registered/);
  assert.match(await rows.filter({ hasText: "already seen token 34" }).textContent(), /refused/);

  await protection("Conditional write").check();
  const conditional = await waitForChange(page, of("paused-holder", (d) => d.params.protection === "conditional"));
  assert.equal(conditional.result.outcome, "b-rejected-by-condition");
  assert.equal(conditional.result.doubleSale, false);
  assert.equal(await rows.count(), conditional.result.events.length);
  assert.deepEqual(problems, []);
  await context.close();
});

test("Redis failover: 2.5 locks lost at the defaults, none with a consensus store", async () => {
  const { page, context, problems } = await openPage(env.browser, lesson());
  const w = inWidget(page, "redis-failover");
  const first = await waitForChange(page, of("redis-failover"));
  const expected = golden().find((g) => g.widget === "redis-failover");
  assert.deepEqual(first.params, expected.params);
  assert.deepEqual(first.result, expected.result);
  assert.equal(first.result.expectedLost, 2.5);
  assert.equal(first.result.expectedRegranted, 0.25);
  assert.ok(Math.abs(first.result.meanLost - 2.5) < 0.2);

  const lag = w.getByRole("slider", { name: /Replication lag/ });
  await lag.focus();
  await lag.press("PageUp");
  const more = await waitForChange(page, of("redis-failover", (d) => d.params["lag-ms"] > 5));
  assert.ok(more.result.meanLost >= first.result.meanLost && more.result.expectedLost > 2.5);

  await w.getByRole("radio", { name: /Consensus/ }).check();
  const consensus = await waitForChange(page, of("redis-failover", (d) => d.params.store === "consensus"));
  assert.equal(consensus.result.meanLost, 0);
  assert.equal(consensus.result.maxLost, 0);
  assert.match(await w.locator(".ll-narrative").textContent(), /none of 1,000 crashes of one node lost a lock.*not partitions/);
  assert.match(await w.locator("table.ll-stores tr.ll-current").textContent(), /etcd, ZooKeeper/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("screenshots of both widgets at desktop and phone widths", async () => {
  await screenshotWidgets(env, ["paused-holder", "redis-failover"]);
});
