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
sed -e "s/__LOCKLAB_GLUE__/$glue/g" -e "s/__LOCKLAB_WASM__/$wasm/g" -e "s/__LOCKLAB_CSS__/$css/g" \
  -e "s#__LOCKLAB_ONE__#$one#g" -e "s#__LOCKLAB_SIZES__#$sizes#g" "$here/locklab.js" > "$stage/locklab.js"
echo "post_build: locklab.js -> $glue, $wasm, $css; one-widget bundles: $one"
# The same names for the gallery, which packs them into SCORM packages.
printf '{"loader":"locklab.js","glue":"%s","wasm":"%s","css":"%s","one":%s}\n' "$glue" "$wasm" "$css" "$one" > "$stage/assets.json"

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
