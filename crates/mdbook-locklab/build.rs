//! Embeds the loader's built files in the binary, so that `mdbook-locklab install` can write them
//! into a book: from the crate's own `assets/` when it has one (the packaged crate: its package
//! script copies them there from a release `dist/`, so `cargo install mdbook-locklab` needs no wasm
//! toolchain), else from the workspace's `dist/` (from `trunk build --release`). Without either
//! the binary still builds and checks directives; `install` then says how to get the assets.
use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let here = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    let packaged = here.join("assets");
    println!("cargo:rerun-if-changed={}", packaged.display());
    let dist = if packaged.join("locklab.js").is_file() { packaged } else { here.join("../../dist") };
    println!("cargo:rerun-if-changed={}", dist.display());
    println!("cargo:rerun-if-changed={}", dist.join("locklab.js").display());
    let mut files: Vec<(String, PathBuf)> = std::fs::read_dir(&dist)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
                // The loader, the wasm and its glue, and the widget stylesheet.
                .filter(|(n, _)| n == "locklab.js" || (n.starts_with("locklab-core-") && (n.ends_with(".js") || n.ends_with(".wasm"))) || (n.starts_with("locklab-") && n.ends_with(".css")))
                .collect()
        })
        .unwrap_or_default();
    // One-widget bundles (dist/w/, when the build made them): a chapter with one kind of widget
    // loads only that widget's code.
    println!("cargo:rerun-if-changed={}", dist.join("w").display());
    if let Ok(rd) = std::fs::read_dir(dist.join("w")) {
        files.extend(rd.filter_map(Result::ok).map(|e| (format!("w/{}", e.file_name().to_string_lossy()), e.path())).filter(|(n, _)| n.ends_with(".js") || n.ends_with(".wasm")));
    }
    files.sort();
    let mut stamp = 0xcbf2_9ce4_8422_2325u64;
    let mut code = String::from("pub const ASSETS: &[(&str, &[u8])] = &[\n");
    for (name, path) in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        // The hashed names make the list itself a fingerprint of the build.
        for b in name.bytes() {
            stamp = (stamp ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
        let _ = writeln!(code, "    ({name:?}, include_bytes!({:?})),", path.canonicalize().unwrap_or(path.clone()).display().to_string());
    }
    code.push_str("];\n");
    let _ = writeln!(code, "pub const ASSET_VERSION: &str = \"{}+{stamp:016x}\";", std::env::var("CARGO_PKG_VERSION").unwrap_or_default());
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_default()).join("assets.rs");
    let _ = std::fs::write(out, code);
}
