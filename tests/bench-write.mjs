// Writes the last run of `bash .ci/bench --write` into BENCHMARKS.md (issue #48: its tables are
// the bench's own output, never typed). Replaces what lies between the two markers below with:
// where and when the run was (commit, date, machine, Chromium), then each part's output as the
// bench printed it: native (cargo bench), browser (tests/bench.mjs), wasm-split
// (tests/split-bench.mjs), Lighthouse (tests/lighthouse.mjs); and `notes.txt`, if there, under the
// header (where a part was run again, and why). Everything outside the markers is the analysis
// people write about the runs.
//
//   node tests/bench-write.mjs target/bench [BENCHMARKS.md]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";

export const BEGIN = "<!-- bench:begin: written by `bash .ci/bench --write` (tests/bench-write.mjs) from the bench's own output; not edited by hand -->";
export const END = "<!-- bench:end -->";

const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, "..");
const [dir = path.join(root, "target", "bench"), file = path.join(root, "BENCHMARKS.md")] = process.argv.slice(2);

const read = (name) => {
  const f = path.join(dir, name);
  if (!fs.existsSync(f)) throw new Error(`${f} is missing: bash .ci/bench --write writes it`);
  return fs.readFileSync(f, "utf8").trim();
};
// One level down: the bench's "## …" headings sit under "## The last run"; and a blank line
// around every table, so that the lines the bench prints around one stay paragraphs.
const nest = (md) =>
  md
    .replace(/^## /gm, "### ")
    .split("\n")
    .flatMap((l, i, all) => {
      const table = (x) => x !== undefined && x.startsWith("|");
      const out = [];
      if (table(l) && !table(all[i - 1]) && all[i - 1]?.trim()) out.push("");
      out.push(l);
      if (table(l) && !table(all[i + 1]) && all[i + 1]?.trim()) out.push("");
      return out;
    })
    .join("\n");
const git = (...args) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();

// The commit the run measured, and whether the tree had changes then (.ci/bench writes both at
// its start: what is written here later does not count).
const [commit, state = "clean"] = read("commit.txt").split(/\s+/);
if (!/^[0-9a-f]{7,}$/.test(commit)) throw new Error(`${dir}/commit.txt: not a commit`);
const dirty = state !== "clean";
const chromium = (() => {
  try {
    return execFileSync(process.env.CHROMIUM ?? "/usr/bin/chromium", ["--version"], { encoding: "utf8" }).trim();
  } catch {
    return "Chromium (version not read)";
  }
})();
const [started, ended] = [new Date(read("started.txt")), new Date(fs.existsSync(path.join(dir, "ended.txt")) ? read("ended.txt") : Date.now())];
if (Number.isNaN(started.getTime())) throw new Error(`${dir}/started.txt: not a time`);
const hm = (d) => d.toISOString().slice(11, 16);
const when = `on ${started.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })}, ${hm(started)}–${hm(ended)} UTC`;
const block = [
  BEGIN,
  "## The last run",
  "",
  `Run ${when} at \`${commit}\`${dirty ? " (with changes not yet committed)" : ""}: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${chromium}, headless. \`dist/\` built with every widget's own bundle (\`LOCKLAB_SPLIT=all\`, as \`.ci/release\` builds it).`,
  ...(fs.existsSync(path.join(dir, "notes.txt")) ? ["", read("notes.txt")] : []),
  "",
  "### Native simulation (cargo bench, release profile)",
  "",
  "```text",
  // (cargo's test-progress lines, "iii… 87/128", are not the bench's.)
  read("native.txt").split("\n").filter((l) => !/^i* *\d+\/\d+$/.test(l) && !/^i+$/.test(l)).join("\n"),
  "```",
  "",
  nest(read("browser.md")),
  "",
  "### wasm-split of the bundle with every widget (issue #43's experiment, not in dist/)",
  "",
  nest(read("split.md")),
  "",
  nest(read("lighthouse.md")),
  END,
].join("\n");

const text = fs.readFileSync(file, "utf8");
const [a, b] = [text.indexOf(BEGIN), text.indexOf(END)];
if (a < 0 || b < a || text.indexOf(BEGIN, a + 1) >= 0) throw new Error(`${file}: needs exactly one ${BEGIN} … ${END}`);
fs.writeFileSync(file, text.slice(0, a) + block + text.slice(b + END.length));
console.log(`bench: ${path.relative(root, file)} has the run ${when} at ${commit}`);
