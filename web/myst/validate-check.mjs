// Holds web/myst/validate.mjs to the validation cases the adapters share
// (integrations/tests/validation-cases.json), read as the Python package's test reads them
// (integrations/python/tests/test_locklab.py, SharedCases.test_every_case):
//
//   - an accepted case (error null) must not throw; the widget's name returned is the case's
//     widget stripped and lower-cased, and the pairs returned are the case's "writes" when it has
//     them, else its params with each name stripped and lower-cased (values as given);
//   - a refused case (error a string) must throw an Error whose message contains that string.
//
// "widget_differs" marks a case where the widget itself, by design, does otherwise than the
// adapters (crates/course/tests/adapters.rs reads it); an adapter still does what "error" says, so
// it changes nothing here, as in the Python test.
//
// The challenge-set cases (integrations/tests/set-cases.json) are not run: the Python test checks
// them with locklab.sets.set_problems (a set file's text), not with validate, which checks only
// the `challenges` attribute's value (builtin, or an address), and those cases are here.
//
//   node web/myst/validate-check.mjs
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { validate } from "./validate.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const readJson = (...parts) => JSON.parse(fs.readFileSync(path.join(root, ...parts), "utf8"));
const registry = readJson("integrations", "python", "locklab", "registry.json");
const { cases } = readJson("integrations", "tests", "validation-cases.json");

// Python's str.strip() with no argument: every character str.isspace() is true of.
const PY_SPACE = "[\\t\\n\\x0b\\x0c\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const PY_STRIP = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, "g");
const pyStripLower = (s) => s.replace(PY_STRIP, "").toLowerCase();

const show = (v) => JSON.stringify(v, (_, x) => (typeof x === "string" && x.length > 80 ? `${x.slice(0, 77)}…(${x.length})` : x));

let failed = 0;
for (const [i, c] of cases.entries()) {
  const where = `case ${i + 1} (${show(c.widget)} ${show(c.params)}${c.why ? `: ${c.why}` : ""})`;
  const fail = (what) => {
    failed += 1;
    console.log(`FAIL ${where}: ${what}`);
  };
  if ("writes" in c && c.error !== null) {
    fail("writes is for accepted cases");
    continue;
  }
  let result;
  let error;
  try {
    result = validate(registry, c.widget, c.params);
  } catch (e) {
    error = e;
  }
  if (c.error === null) {
    if (error !== undefined) {
      fail(`refused: ${error.message}`);
      continue;
    }
    const name = pyStripLower(c.widget);
    const writes = c.writes ?? c.params.map(([k, v]) => [pyStripLower(k), v]);
    if (result.widget !== name) fail(`widget ${show(result.widget)}, expected ${show(name)}`);
    if (JSON.stringify(result.pairs) !== JSON.stringify(writes)) fail(`writes ${show(result.pairs)}, expected ${show(writes)}`);
  } else if (error === undefined) {
    fail(`accepted (${show(result)}), expected an error containing ${show(c.error)}`);
  } else if (!(error instanceof Error) || !error.message.includes(c.error)) {
    fail(`message ${show(error.message ?? String(error))} does not contain ${show(c.error)}`);
  }
}

console.log(`${cases.length} cases, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
