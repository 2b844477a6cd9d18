#!/usr/bin/env bash
# Trunk post-build hook: writes the stable loader `locklab.js` into the staging directory with the
# names of this build's hashed glue, wasm and stylesheet, so authors embed one unchanging URL.
set -euo pipefail
stage="${TRUNK_STAGING_DIR:?run by trunk as a post_build hook}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

one() { # the single file in the staging dir matching a glob
  local matches=()
  while IFS= read -r f; do matches+=("$f"); done < <(cd "$stage" && ls -1 $1 2>/dev/null)
  if [ "${#matches[@]}" -ne 1 ]; then
    echo "post_build: expected one file matching $1 in $stage, found ${#matches[@]}" >&2
    exit 1
  fi
  printf '%s' "${matches[0]}"
}

glue=$(one 'locklab-core-*.js')
wasm=$(one 'locklab-core-*_bg.wasm')
css=$(one 'locklab-[0-9a-f]*.css')
# One-widget bundles, when asked for (LOCKLAB_SPLIT="all" or names; .ci/release and .ci/run set it).
one='{}'
if [ -n "${LOCKLAB_SPLIT:-}" ]; then
  one=$(bash "$here/split.sh" "$stage")
fi
# The bytes of each bundle's wasm ("" the full one): the loader weighs own bundles against the full one.
sizes=$(node -e '
  const fs = require("fs"), path = require("path");
  const [one, stage, wasm] = process.argv.slice(1);
  const out = { "": fs.statSync(path.join(stage, wasm)).size };
  for (const [name, [, file]] of Object.entries(JSON.parse(one))) out[name] = fs.statSync(path.join(stage, file)).size;
  console.log(JSON.stringify(out));' "$one" "$stage" "$wasm")
# The JavaScript an embedding page fetches (the glue of every bundle, and the loader below) is
# minified with terser (from .ci/tools; issue #43: about 2.7 KB gzip off each bundle's glue and
# 2–4.5 KB off the loader, BENCHMARKS.md "Lever 3"). The file names keep the hashes of what was
# built (Trunk's, split.sh's).
terser="$here/../.ci/tools/node_modules/terser"
if [ ! -f "$terser/package.json" ]; then
  echo "post_build: $terser is missing: run bash .ci/setup" >&2
  exit 1
fi
# The rest of the loader's build-time data (web/locklab.js says what each is): the version and each
# widget's reserved height from the registry generated from Rust, every file as a bundler-visible
# new URL, and each wasm file's sha384.
node - "$here/locklab.js" "$stage" "$here/../integrations/hugo/data/locklab/registry.json" "$glue" "$wasm" "$css" "$one" "$sizes" "$terser" <<'NODE'
const fs = require("fs"), path = require("path"), crypto = require("crypto");
const [template, stage, registryFile, glue, wasm, css, oneText, sizes, terser] = process.argv.slice(2);
// Minified as an ES module; the bundlers' magic comments in dynamic imports are kept (Vite's
// @vite-ignore, webpack's webpackIgnore).
const small = async (code, what) => {
  const out = await require(terser).minify(code, { module: true, compress: true, mangle: true, format: { comments: /@vite-ignore|webpackIgnore/ } });
  if (typeof out.code !== "string" || !out.code) throw new Error(`post_build: terser gave nothing for ${what}`);
  return out.code;
};
(async () => {
const registry = JSON.parse(fs.readFileSync(registryFile, "utf8"));
const one = JSON.parse(oneText);
// The locales beside English (index.html copies them into locales/).
const localeDir = path.join(stage, "locales");
const locales = fs.existsSync(localeDir) ? fs.readdirSync(localeDir).filter((f) => f.endsWith(".ftl")).map((f) => f.slice(0, -4)).sort() : [];
const files = [glue, wasm, css, ...Object.values(one).flat(), ...locales.map((l) => `locales/${l}.ftl`)];
for (const f of files.filter((f) => f.endsWith(".js"))) {
  const file = path.join(stage, f);
  fs.writeFileSync(file, await small(fs.readFileSync(file, "utf8"), f));
}
const sri = (f) => "sha384-" + crypto.createHash("sha384").update(fs.readFileSync(path.join(stage, f))).digest("base64");
const literal = (f) => `  ${JSON.stringify(f)}: () => new URL(${JSON.stringify("./" + f)}, import.meta.url),`;
const integrity = Object.fromEntries(files.filter((f) => f.endsWith(".wasm")).map((f) => [f, sri(f)]));
const reserve = Object.fromEntries(registry.widgets.map((w) => [w.name, w.reservePx]));
if (!Array.isArray(registry.courseAttributes)) throw new Error(`post_build: ${registryFile} has no courseAttributes: regenerate it (LOCKLAB_WRITE_GENERATED=1 cargo test -p locklab-course --test generated)`);
const values = {
  __LOCKLAB_VERSION__: registry.version,
  __LOCKLAB_GLUE__: glue,
  __LOCKLAB_WASM__: wasm,
  __LOCKLAB_CSS__: css,
  __LOCKLAB_ONE__: JSON.stringify(one),
  __LOCKLAB_SIZES__: sizes,
  __LOCKLAB_FILES__: `{\n${files.map(literal).join("\n")}\n}`,
  __LOCKLAB_INTEGRITY__: JSON.stringify(integrity),
  __LOCKLAB_RESERVE__: JSON.stringify(reserve),
  __LOCKLAB_COURSE__: JSON.stringify(registry.courseAttributes),
  __LOCKLAB_STORY__: JSON.stringify(registry.widgets.filter((w) => w.extras.includes("steps")).map((w) => w.name)),
  __LOCKLAB_LOCALES__: JSON.stringify(locales),
};
let text = fs.readFileSync(template, "utf8");
for (const [key, value] of Object.entries(values)) text = text.split(key).join(value);
if (/__LOCKLAB_[A-Z]+__/.test(text)) throw new Error(`post_build: a placeholder is left in locklab.js: ${text.match(/__LOCKLAB_[A-Z]+__/)[0]}`);
fs.writeFileSync(path.join(stage, "locklab.js"), await small(text, "locklab.js"));
// The same names for the gallery (which packs them into SCORM packages and writes the CDN
// snippet with the loader's integrity) and for the npm package.
const assets = { version: registry.version, loader: "locklab.js", integrity: sri("locklab.js"), glue, wasm, css, one };
fs.writeFileSync(path.join(stage, "assets.json"), JSON.stringify(assets) + "\n");
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
NODE
echo "post_build: locklab.js -> $glue, $wasm, $css; one-widget bundles: $one"
# The element's manifest and types (generated from the registry: crates/course/src/element.rs).
cp "$here/npm/custom-elements.json" "$here/npm/locklab.d.ts" "$stage/"
# The anywidget module (the Python package's front end, which MyST pages load beside locklab.js)
# and the MyST plugin, one file with the registry and the validator inside.
node "$here/myst/build.mjs" "$stage"

# The gallery's zip writer (fflate, from .ci/tools), loaded only when an author downloads a package.
fflate="$here/../.ci/tools/node_modules/fflate/esm/browser.js"
if [ ! -f "$fflate" ]; then
  echo "post_build: $fflate is missing: run bash .ci/setup" >&2
  exit 1
fi
mkdir -p "$stage/vendor"
cp "$fflate" "$stage/vendor/fflate.js"
cp "$here/../.ci/tools/node_modules/fflate/LICENSE" "$stage/vendor/fflate-LICENSE.txt"
mkdir -p "$stage/scorm"
cp "$here/scorm/scorm.js" "$here/scorm/launch.css" "$stage/scorm/"

# The deck origins a host allows (LOCKLAB_DECK_ORIGINS="https://a.example https://b.example", or "*");
# by default none but the site's own. Only URL-origin characters are kept.
origins=$(printf '%s' "${LOCKLAB_DECK_ORIGINS:-}" | tr -cd 'A-Za-z0-9:/.* -')
for page in "$stage"/*.html; do
  # Quoted whether or not Trunk's minifier dropped the quotes of the placeholder.
  sed -i -e "s#content=\"__LOCKLAB_DECK_ORIGINS__\"#content=\"$origins\"#g" \
    -e "s#content=__LOCKLAB_DECK_ORIGINS__#content=\"$origins\"#g" "$page"
done

# With inject_scripts off Trunk leaves its own <link data-trunk rel=rust> tag in the page; drop it.
for page in "$stage"/*.html; do
  sed -i -E 's#<link[^>]*rel="?rust"?[^>]*>##g' "$page"
done
