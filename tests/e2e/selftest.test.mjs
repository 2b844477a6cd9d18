// A widget that panics (a test-only build with the "selftest" feature, in target/selftest-dist)
// shows a message in its own box, and the widgets around it keep working.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { start, openPage, waitForChange, root } from "./helpers.mjs";
import { serve } from "../server.mjs";

const selftestDist = path.join(root, "target", "selftest-dist");
let env, server;
before(async () => {
  if (!fs.existsSync(path.join(selftestDist, "locklab.js"))) {
    throw new Error("target/selftest-dist is missing: bash .ci/run builds it (trunk build tests/selftest/index.html …)");
  }
  env = await start();
  server = await serve({ mounts: [{ prefix: "/selftest/", dir: selftestDist }] });
});
after(async () => {
  await env?.stop();
  await server?.close();
});

test("a panicking widget reports the failure in its own box; its neighbours mount and keep working", async () => {
  const { page, context, problems } = await openPage(env.browser, `${server.origin}/selftest/`);
  await waitForChange(page, (d, id) => id === "before");
  await waitForChange(page, (d, id) => id === "after");
  const broken = page.locator("#broken [role=alert]");
  await broken.waitFor();
  assert.match(await broken.textContent(), /internal error.*rest of the page still works/);
  // Both neighbours still answer their controls.
  for (const [id, name, key, check] of [
    ["before", "Workers", "ArrowRight", (d) => d.params.workers === 6],
    ["after", "Lock holders in turn", "End", (d) => d.params.holders === 5000],
  ]) {
    const slider = page.locator(`#${id}`).getByRole("slider", { name });
    await slider.focus();
    await slider.press(key);
    await waitForChange(page, (d, i) => i === id && check(d));
  }
  // The panic was logged; nothing else went wrong.
  assert.ok(problems.some((p) => p.includes("selftest: a widget that panics")), problems.join("\n"));
  assert.ok(problems.every((p) => /selftest|locklab: a widget failed|unreachable|RuntimeError/.test(p)), problems.join("\n"));
  await context.close();
});
