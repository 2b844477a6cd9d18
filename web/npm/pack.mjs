// Packs a built dist/ for authors who do not build: the npm package `locklab` (the files of dist/
// exactly as the tests tested them, with package.json, README.md and LICENSE beside them), the
// release archive locklab-<version>.zip (dist/ with SHA256SUMS inside) and SHA256SUMS of both.
//
//   node web/npm/pack.mjs [dist] [out]     (bash .ci/release runs it; .ci/run packs its own dist/)
//
// Writes <out>/package/ (the unpacked package), <out>/locklab-<version>.tgz (`npm pack` of it),
// <out>/locklab-<version>.zip, <out>/locklab-hugo-<version>.zip (the Hugo theme component with the
// files in its static/locklab/) and <out>/SHA256SUMS. The version is the registry's (generated from
// the workspace's Cargo.toml; crates/course/tests/version.rs holds every part of the project to it).
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const dist = path.resolve(process.argv[2] ?? path.join(root, "dist"));
const out = path.resolve(process.argv[3] ?? path.join(root, "target", "release-files"));
const registry = JSON.parse(fs.readFileSync(path.join(root, "integrations/hugo/data/locklab/registry.json"), "utf8"));
const version = registry.version;
const assets = JSON.parse(fs.readFileSync(path.join(dist, "assets.json"), "utf8"));
if (assets.version !== version) throw new Error(`pack: ${dist} was built as ${assets.version}, the registry says ${version}: build again`);

// Every file of dist/, relative, sorted (the same list in the package, the archive and the sums).
function list(dir, rel = "") {
  return fs
    .readdirSync(path.join(dir, rel), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? list(dir, path.posix.join(rel, e.name)) : [path.posix.join(rel, e.name)]))
    .sort();
}
const files = list(dist);
const sha256 = (buf) => crypto.createHash("sha256").update(buf).digest("hex");

const pkg = {
  name: "locklab",
  version,
  description: "Interactive widgets that show why distributed locks fail and what fixes them: <locklab-widget> (or data-locklab), simulations in Rust compiled to WebAssembly, nothing to build.",
  type: "module",
  main: "./locklab.js",
  module: "./locklab.js",
  types: "./locklab.d.ts",
  exports: {
    ".": { types: "./locklab.d.ts", default: "./locklab.js" },
    "./locklab.js": { types: "./locklab.d.ts", default: "./locklab.js" },
    "./embed.html": "./embed.html",
    "./locklab-embed.js": "./locklab-embed.js",
    "./decks/*": "./decks/*",
    "./challenges/*": "./challenges/*",
    "./lab/*": "./lab/*",
    "./locales/*": "./locales/*",
    "./custom-elements.json": "./custom-elements.json",
    "./anywidget.js": "./anywidget.js",
    "./locklab-myst.mjs": "./locklab-myst.mjs",
    "./package.json": "./package.json",
  },
  // Everything in dist/ (the package's files are the tested build's, file for file).
  files: [...new Set(files.map((f) => f.split("/")[0]))],
  jsdelivr: "locklab.js",
  unpkg: "locklab.js",
  customElements: "custom-elements.json",
  // The loader defines <locklab-widget> and mounts the page's widgets when imported.
  sideEffects: true,
  license: "MIT",
  // Set LOCKLAB_REPOSITORY to the project's public repository before publishing.
  repository: { type: "git", url: process.env.LOCKLAB_REPOSITORY ?? "git+https://github.com/locklab/locklab.git" },
  homepage: process.env.LOCKLAB_HOMEPAGE ?? undefined,
  keywords: ["distributed-locks", "web-component", "custom-element", "education", "interactive", "simulation", "webassembly", "redis", "redlock", "fencing-token", "lease"],
};
for (const [name, target] of Object.entries(pkg.exports)) {
  if (name === "./package.json") continue; // written below
  const file = (typeof target === "string" ? target : target.default).replace(/^\.\//, "").replace(/\*$/, "");
  if (!fs.existsSync(path.join(dist, file))) throw new Error(`pack: export ${name} names ${file}, which ${dist} does not have`);
}

const stage = path.join(out, "package");
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(stage, { recursive: true });
fs.cpSync(dist, stage, { recursive: true });
fs.writeFileSync(path.join(stage, "package.json"), JSON.stringify(pkg, null, 2) + "\n");
const readme = fs.readFileSync(path.join(here, "README.md"), "utf8").replaceAll("@VERSION@", version).replaceAll("@INTEGRITY@", assets.integrity);
fs.writeFileSync(path.join(stage, "README.md"), readme);
fs.copyFileSync(path.join(root, "LICENSE"), path.join(stage, "LICENSE"));

// npm pack (offline: it reads only the folder).
const packed = execFileSync("npm", ["pack", stage, "--pack-destination", out, "--json", "--silent"], { encoding: "utf8", env: { ...process.env, npm_config_offline: "true", npm_config_update_notifier: "false" } });
const info = JSON.parse(packed)[0];
const tgz = info.filename.replace(/^@.*\//, "");
const missing = files.filter((f) => !info.files.some((p) => p.path === f));
if (missing.length) throw new Error(`pack: npm left out ${missing.join(", ")}`);

// The release archive: dist/ as it is, with SHA256SUMS of every file inside it.
const require = createRequire(import.meta.url);
const { zipSync } = require(path.join(root, ".ci/tools/node_modules/fflate"));
const entries = {};
const sums = [];
for (const f of files) {
  const body = fs.readFileSync(path.join(dist, f));
  entries[`locklab-${version}/${f}`] = [body, { mtime: new Date("2026-01-01T00:00:00Z") }];
  sums.push(`${sha256(body)}  ${f}`);
}
entries[`locklab-${version}/SHA256SUMS`] = [Buffer.from(sums.join("\n") + "\n"), { mtime: new Date("2026-01-01T00:00:00Z") }];
const zip = `locklab-${version}.zip`;
fs.writeFileSync(path.join(out, zip), zipSync(entries, { level: 9 }));
// The Hugo component with the files in its static/locklab/ (the shortcode then needs no base).
const hugo = `locklab-hugo-${version}.zip`;
const component = {};
const hugoDir = path.join(root, "integrations/hugo");
const stamp = { mtime: new Date("2026-01-01T00:00:00Z") };
for (const f of list(hugoDir)) component[`locklab/${f}`] = [fs.readFileSync(path.join(hugoDir, f)), stamp];
for (const f of files) component[`locklab/static/locklab/${f}`] = [fs.readFileSync(path.join(dist, f)), stamp];
component["locklab/data/locklab/bundled.json"] = [Buffer.from(JSON.stringify({ version, path: "locklab/" }) + "\n"), stamp];
fs.writeFileSync(path.join(out, hugo), zipSync(component, { level: 9 }));
const outer = [tgz, zip, hugo].map((f) => `${sha256(fs.readFileSync(path.join(out, f)))}  ${f}`);
fs.writeFileSync(path.join(out, "SHA256SUMS"), outer.join("\n") + "\n");

const kb = (f) => (fs.statSync(path.join(out, f)).size / 1024).toFixed(1);
console.log(`pack: ${out}/${tgz} (${kb(tgz)} KB, ${info.entryCount} files, ${(info.unpackedSize / 1024).toFixed(0)} KB unpacked)`);
console.log(`pack: ${out}/${zip} (${kb(zip)} KB), ${hugo} (${kb(hugo)} KB) and SHA256SUMS; loader integrity ${assets.integrity}`);
