#!/usr/bin/env bash
# Issue #43's experiment, measured by `.ci/bench` (BENCHMARKS.md, "Splitting the wasm"): the
# module with every widget, split by wasm-split (crates.io `wasm_split_cli_support`) into a base
# module, one chunk per widget and chunks of the code several widgets share, on stable Rust. The
# split runs between `cargo build` (linked with `--emit-relocs`) and `wasm-bindgen`, which Trunk
# cannot do (trunk #1022), so this script runs cargo, wasm-split, wasm-bindgen and wasm-opt itself.
# Writes a directory that a page can load (`locklab-core.js`, its wasm, `__wasm_split.js` and the
# chunks); not part of dist/ (see BENCHMARKS.md for why not yet).
#   bash web/wasm-split.sh <out dir> [widget features, comma-separated; default: every widget]
# (Every widget's feature, not `all`: `all` adds the gallery's exports, which put the gallery's
# list and lab commands into the base module, 57 KB gzip more.)
set -euo pipefail
out="${1:?usage: wasm-split.sh <out dir> [features]}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
features="${2:-}"
cd "$root"
if [ -z "$features" ]; then
  features=$(cargo metadata --no-deps --format-version 1 --offline 2>/dev/null | node -e '
    let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
      const app = JSON.parse(s).packages.find((p) => p.name === "locklab-app");
      console.log(Object.keys(app.features).filter((f) => !["default", "all", "selftest", "split"].includes(f)).join(","));
    });')
  [ -n "$features" ] || { echo "wasm-split: could not list the widgets (cargo metadata failed?)" >&2; exit 1; }
fi
if ! command -v wasm-split-cli >/dev/null; then
  echo "wasm-split: installing wasm_split_cli_support 0.2.4 (the splitter's command)" >&2
  cargo install -q --locked wasm_split_cli_support@0.2.4 --features build-binary
fi
# Its own target directory: other flags than the normal build, which must not be rebuilt by them.
target="$root/target/split"
# The project's wasm flag (.cargo/config.toml) and the relocations the splitter reads.
CARGO_TARGET_DIR="$target" RUSTFLAGS="--cfg erase_components -Clink-args=--emit-relocs" \
  cargo build -q --release --target wasm32-unknown-unknown -p locklab-app --bin locklab-core \
  --no-default-features --features "split,$features"
opt_features=$(sed -n 's/.*data-wasm-opt-params="\([^"]*\)".*/\1/p' "$root/index.html")
wasm_opt="$root/.ci/tools/node_modules/.bin/wasm-opt"
[ -x "$wasm_opt" ] || wasm_opt=wasm-opt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/split" "$tmp/bindgen" "$out"
rm -f "$out"/*.wasm "$out"/*.js
wasm-split-cli "$target/wasm32-unknown-unknown/release/locklab-core.wasm" "$tmp/split" --target web --out-name locklab-core
wasm-bindgen --target web --no-typescript --keep-lld-exports --no-demangle --out-dir "$tmp/bindgen" "$tmp/split/locklab-core.wasm"
cp "$tmp/bindgen/locklab-core.js" "$tmp/split/__wasm_split.js" "$out/"
# shellcheck disable=SC2086 # the features are separate words
"$wasm_opt" -Oz $opt_features "$tmp/bindgen/locklab-core_bg.wasm" -o "$out/locklab-core_bg.wasm" 2>/dev/null
for f in "$tmp"/split/*.wasm; do
  [ "$(basename "$f")" = locklab-core.wasm ] && continue
  # (wasm-opt warns about the splitter's name subsection; the modules are valid)
  # shellcheck disable=SC2086
  "$wasm_opt" -Oz $opt_features "$f" -o "$out/$(basename "$f")" 2>/dev/null
done
echo "wasm-split: $(ls "$out"/*.wasm | wc -l) wasm files in $out" >&2
