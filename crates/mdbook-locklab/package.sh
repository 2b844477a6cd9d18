#!/usr/bin/env bash
# mdbook-locklab as registry crates, carrying a built dist/ (as mdbook-quiz ships its assets), so
# that `cargo install mdbook-locklab` needs no wasm toolchain.
#
#   bash crates/mdbook-locklab/package.sh pack [dist] [out]
#       copies the files a book needs from dist/ into crates/mdbook-locklab/assets/ (its build.rs
#       embeds them from there), runs `cargo package` for mdbook-locklab and the two crates it
#       depends on (locklab-sim, locklab-course), writes the three .crate files to out/
#       (target/release-files/) and removes assets/ again. .ci/release and .ci/run run it.
#   bash crates/mdbook-locklab/package.sh install [out] [root]
#       unpacks those .crate files and installs mdbook-locklab from them offline, as a registry
#       install would (the unpacked locklab-sim and locklab-course stand in for the registry's),
#       into root/bin (target/crate-install/). The mdBook tests use that binary.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
here=crates/mdbook-locklab
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n1)
crates=(locklab-sim locklab-course mdbook-locklab)

case "${1:-}" in
pack)
  dist=${2:-dist}
  out=${3:-target/release-files}
  [ -f "$dist/locklab.js" ] || { echo "package.sh: $dist/locklab.js is missing: trunk build --release first" >&2; exit 1; }
  trap 'rm -rf "$here/assets"' EXIT
  rm -rf "$here/assets"
  mkdir -p "$here/assets/w" "$out"
  # What build.rs embeds: the loader, the wasm and its glue, the widget stylesheet, the one-widget bundles.
  cp "$dist"/locklab.js "$dist"/locklab-core-*.js "$dist"/locklab-core-*.wasm "$dist"/locklab-*.css "$here/assets/"
  if compgen -G "$dist/w/*" > /dev/null; then cp "$dist"/w/*.js "$dist"/w/*.wasm "$here/assets/w/"; fi
  # --allow-dirty: assets/ is generated and ignored by git; --no-verify: `install` below builds
  # the packaged crates for real.
  cargo package --quiet --allow-dirty --no-verify "${crates[@]/#/-p=}"
  for c in "${crates[@]}"; do
    cp "target/package/$c-$version.crate" "$out/"
    echo "  $out/$c-$version.crate: $(du -k "$out/$c-$version.crate" | cut -f1) KB"
  done
  echo "package.sh: ${crates[*]} $version packaged in $out/"
  ;;
install)
  out=${2:-target/release-files}
  dest=$(realpath -m "${3:-target/crate-install}")
  rm -rf "$dest"
  mkdir -p "$dest/src"
  for c in "${crates[@]}"; do
    tar -xzf "$out/$c-$version.crate" -C "$dest/src"
  done
  # The packaged manifest names locklab-sim and locklab-course by version, as on crates.io; the
  # patch points those names at the unpacked .crate files (nothing of the workspace is used).
  cargo install --offline --quiet --path "$dest/src/mdbook-locklab-$version" --root "$dest" \
    --target-dir "$dest/build" \
    --config "patch.crates-io.locklab-sim.path=\"$dest/src/locklab-sim-$version\"" \
    --config "patch.crates-io.locklab-course.path=\"$dest/src/locklab-course-$version\""
  "$dest/bin/mdbook-locklab" --version
  ;;
*)
  echo "usage: bash crates/mdbook-locklab/package.sh pack [dist] [out] | install [out] [root]" >&2
  exit 2
  ;;
esac
