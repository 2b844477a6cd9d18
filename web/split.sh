#!/usr/bin/env bash
# One-widget bundles (issue #14). Run by web/post_build.sh when LOCKLAB_SPLIT is set: "all" for
# every widget, or names separated by spaces. For each widget it builds the entry point with only
# that widget's cargo feature, runs wasm-bindgen and wasm-opt as Trunk does for the full bundle,
# and writes w/<name>-<hash>.js and w/<name>-<hash>_bg.wasm into the staging directory. Prints the
# JSON map {kind: [glue, wasm]} that locklab.js chooses from ("<widget>", and "<widget>:plain" for a
# simulation without the course features): a page whose widgets are of one or two kinds loads their
# bundles only; any other page loads the full one.
# The widget names are locklab-app's cargo features (a native test holds them to the registry).
set -euo pipefail
stage="${1:?usage: split.sh <staging dir>}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
wanted="${LOCKLAB_SPLIT:-}"
if [ "$wanted" = "all" ]; then
  wanted=$(cargo metadata --no-deps --format-version 1 --offline 2>/dev/null | node -e '
    let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
      const app = JSON.parse(s).packages.find((p) => p.name === "locklab-app");
      const widgets = Object.keys(app.features).filter((f) => !["default", "all", "selftest", "split", "course"].includes(f));
      console.log(widgets.flatMap((w) => (w === "quiz" ? [w] : [w, `${w}:plain`])).join(" "));
    });')
  if [ -z "$wanted" ]; then
    echo "split: could not list the widgets (cargo metadata failed?)" >&2
    exit 1
  fi
fi
# wasm-opt exactly as Trunk runs it for the full bundle: the features index.html names.
opt_features=$(sed -n 's/.*data-wasm-opt-params="\([^"]*\)".*/\1/p' "$root/index.html")
if [ -z "$opt_features" ]; then
  echo "split: no data-wasm-opt-params in index.html" >&2
  exit 1
fi
target="${CARGO_TARGET_DIR:-$root/target}"
mkdir -p "$stage/w"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
json="{"
sep=""
for kind in $wanted; do
  # "<widget>": the widget with the course features (preset steps, comparisons, challenges,
  # handouts); "<widget>:plain": without them (issue #43), for an element that asks for none.
  name="${kind%:plain}"
  case "$name" in *[!a-z0-9-]*) echo "split: not a widget name: $kind" >&2; exit 1 ;; esac
  features="$name"
  file="$name"
  if [ "$kind" = "$name:plain" ]; then
    file="$name-plain"
  elif [ "$kind" != "$name" ]; then
    echo "split: not a widget name: $kind" >&2
    exit 1
  elif [ "$name" != quiz ]; then
    features="$name,course"
  fi
  started=$(date +%s)
  cargo build -q --release --target wasm32-unknown-unknown -p locklab-app --bin locklab-core \
    --no-default-features --features "$features" >&2
  rm -rf "$tmp"/*
  wasm-bindgen --target web --no-typescript --out-dir "$tmp" \
    "$target/wasm32-unknown-unknown/release/locklab-core.wasm"
  # shellcheck disable=SC2086 # the features are separate words
  wasm-opt -Oz $opt_features "$tmp/locklab-core_bg.wasm" -o "$tmp/opt.wasm"
  hash=$(cat "$tmp/opt.wasm" "$tmp/locklab-core.js" | sha256sum | cut -c1-16)
  cp "$tmp/locklab-core.js" "$stage/w/$file-$hash.js"
  cp "$tmp/opt.wasm" "$stage/w/$file-${hash}_bg.wasm"
  echo "split: $kind -> w/$file-$hash ($(stat -c %s "$tmp/opt.wasm") bytes of wasm, $(( $(date +%s) - started )) s)" >&2
  json="$json$sep\"$kind\":[\"w/$file-$hash.js\",\"w/$file-${hash}_bg.wasm\"]"
  sep=","
done
echo "$json}"
