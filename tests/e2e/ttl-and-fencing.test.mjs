// The TTL trade-off and the fencing chain on the lesson page, driven as a learner would.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServer, openPage, waitForChange, golden, screenshotWidgets } from "./helpers.mjs";

const env = useServer();

const lesson = () => `${env.origin}/course/locks/`;
const inWidget = (page, name) => page.locator(`[data-locklab=${name}]`);
const byWidget = (name) => (d) => d.widget === name;

test("TTL trade-off: defaults match native; a short TTL is unsafe, a long one slow to recover", async () => {
  const { page, context, problems } = await openPage(env.browser, lesson());
  const first = await waitForChange(page, byWidget("ttl-tradeoff"));
  const expected = golden().find((g) => g.widget === "ttl-tradeoff");
  assert.deepEqual(first.params, expected.params);
  assert.deepEqual(first.result, expected.result, "bit-identical to the native simulation");
  // The lesson's headline: about 0.025–0.03 % unsafe, about two a day, recovery 10 s.
  assert.ok(first.result.exactFraction > 0.00025 && first.result.exactFraction < 0.0003);
  assert.ok(first.result.unsafePerDay > 1 && first.result.unsafePerDay < 4);
  assert.equal(first.result.recoverySeconds, 10);

  const widget = inWidget(page, "ttl-tradeoff");
  const ttl = widget.getByRole("slider", { name: "Lock TTL" });
  await ttl.focus();
  await ttl.press("Home");
  const shortest = await waitForChange(page, (d) => d.widget === "ttl-tradeoff" && d.params["ttl-s"] === 0.1);
  assert.ok(shortest.result.unsafeFraction > 0.5, `at 0.1 s most holds outlive the TTL: ${shortest.result.unsafeFraction}`);
  assert.match(await widget.locator(".ll-narrative").textContent(), /With a 0\.1 s TTL/);

  // Walk the TTL up: overlaps never increase, the recovery wait never decreases.
  let previous = shortest;
  for (let i = 0; i < 6; i++) {
    await ttl.press("PageUp");
    const now = await waitForChange(page, (d) => d.widget === "ttl-tradeoff" && d.params["ttl-s"] > previous.params["ttl-s"]);
    assert.ok(now.result.unsafeHolds <= previous.result.unsafeHolds);
    assert.equal(now.result.recoverySeconds, now.params["ttl-s"]);
    previous = now;
  }
  await ttl.press("End");
  const longest = await waitForChange(page, (d) => d.widget === "ttl-tradeoff" && d.params["ttl-s"] === 120);
  assert.equal(longest.result.unsafeHolds, 0);
  assert.equal(longest.result.recoverySeconds, 120);
  assert.ok(longest.result.exactFraction > 0, "not zero while stalls are possible");
  assert.match(await widget.locator(".ll-narrative").textContent(), /none of the 60,000 simulated holds.*not zero/);
  // Only the TTL moved: the holds behind it are the same (same seed, same count).
  assert.equal(longest.params.seed, first.params.seed);
  // The expected count a day sits beside the simulated one: exact share × grants a day.
  assert.equal(first.result.exactPerDay, (first.result.exactFraction * 86400) / first.params["grant-every-s"]);

  // A heavy-tailed stall of the same mean: at 120 s the light tail leaves ~1e-13 a hold, the
  // Pareto tail orders of magnitude more, and the narrative says why.
  await widget.getByRole("radio", { name: /Pareto/ }).check();
  const heavy = await waitForChange(page, (d) => d.widget === "ttl-tradeoff" && d.params["stall-shape"] === "pareto");
  assert.equal(heavy.params["stall-alpha"], 1.5);
  assert.ok(longest.result.exactFraction < 1e-12, `light tail at 120 s: ${longest.result.exactFraction}`);
  assert.ok(heavy.result.exactFraction > 1e-6, `heavy tail at 120 s: ${heavy.result.exactFraction}`);
  assert.match(await widget.locator(".ll-narrative").textContent(), /heavy \(Pareto, α = 1\.5\) tail/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("fencing chain: stale overwrites become refusals when the storage checks tokens", async () => {
  const { page, context, problems } = await openPage(env.browser, lesson());
  const off = await waitForChange(page, byWidget("fencing-chain"));
  const expected = golden().find((g) => g.widget === "fencing-chain");
  assert.deepEqual(off.params, expected.params);
  assert.deepEqual(off.result, expected.result, "bit-identical to the native simulation");
  assert.equal(off.result.staleRejected, 0);
  const widget = inWidget(page, "fencing-chain");
  assert.match(
    await widget.locator(".ll-narrative").textContent(),
    new RegExp(`${off.result.lateHolders} of 500 lock holders`),
  );

  await widget.getByRole("switch", { name: /fencing/i }).check();
  const on = await waitForChange(page, (d) => d.widget === "fencing-chain" && d.params.fencing === true);
  assert.equal(on.result.staleOverwrites, 0);
  assert.equal(on.result.staleRejected, off.result.staleOverwrites, "the same late writes, refused instead of applied");
  assert.equal(on.result.lateHolders, off.result.lateHolders);
  assert.match(await widget.locator(".ll-narrative").textContent(), /refused/);
  // The comparison table shows both settings for this run.
  const table = await widget.locator("table.ll-compare").textContent();
  assert.match(table, new RegExp(`refused by the storage\\s*0\\s*${on.result.staleWrites}`));

  // Step through the late holders.
  const zoom = widget.locator(".ll-zoom");
  await widget.getByRole("button", { name: "Next late holder →" }).click();
  await assert.doesNotReject(zoom.filter({ hasText: `Late holder 1 of ${on.result.lateHolders}` }).waitFor());
  await widget.getByRole("button", { name: "Next late holder →" }).click();
  await assert.doesNotReject(zoom.filter({ hasText: `Late holder 2 of ${on.result.lateHolders}` }).waitFor());
  await widget.getByRole("button", { name: "← Previous late holder" }).click();
  await assert.doesNotReject(zoom.filter({ hasText: `Late holder 1 of` }).waitFor());
  await widget.getByRole("button", { name: "Show all" }).click();
  await assert.doesNotReject(zoom.filter({ hasText: "Showing all 500 grants." }).waitFor());
  assert.deepEqual(problems, []);
  await context.close();
});

test("screenshots of both widgets at desktop and phone widths", async () => {
  await screenshotWidgets(env, ["ttl-tradeoff", "fencing-chain"]);
});
