//! The crates' layering as ARCHITECTURE.md states it: which of locklab's crates each may use,
//! read from each crate's `Cargo.toml` (normal dependencies; tests and benches may use more), and
//! that the simulation core carries no web code.

use std::collections::BTreeSet;

/// The names in a `Cargo.toml`'s `[dependencies]` table (one per line, as this workspace writes
/// them).
fn dependencies(crate_dir: &str) -> BTreeSet<String> {
    let path = format!("{}/../{crate_dir}/Cargo.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut inside = false;
    let mut names = BTreeSet::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == "[dependencies]";
            continue;
        }
        if inside && !line.is_empty() && !line.starts_with('#') {
            let name = line.split(['=', '.', ' ']).next().unwrap_or_default().trim();
            if !name.is_empty() {
                names.insert(name.to_string());
            }
        }
    }
    names
}

#[test]
fn each_crate_uses_only_the_crates_below_it() {
    let allowed: &[(&str, &[&str])] = &[
        ("sim", &[]),
        ("charts", &["locklab-sim"]),
        ("course", &["locklab-sim"]),
        ("widgets", &["locklab-sim", "locklab-charts", "locklab-course"]),
        ("app", &["locklab-widgets"]),
        ("mdbook-locklab", &["locklab-sim", "locklab-course"]),
        ("lab", &["locklab-sim"]),
    ];
    let members = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).expect("the crates folder");
    let on_disk: BTreeSet<String> = members.filter_map(|e| e.ok()).filter(|e| e.path().join("Cargo.toml").exists()).map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    let listed: BTreeSet<String> = allowed.iter().map(|(c, _)| c.to_string()).collect();
    assert_eq!(on_disk, listed, "every crate has a row here and in ARCHITECTURE.md");
    for (krate, may) in allowed {
        let ours: BTreeSet<String> = dependencies(krate).into_iter().filter(|d| d.starts_with("locklab-")).collect();
        let may: BTreeSet<String> = may.iter().map(|s| s.to_string()).collect();
        assert!(ours.is_subset(&may), "crates/{krate} uses {:?}, beyond {may:?}", ours.difference(&may).collect::<Vec<_>>());
    }
}

#[test]
fn the_simulation_core_has_no_web_code() {
    let deps = dependencies("sim");
    for web in ["leptos", "web-sys", "js-sys", "wasm-bindgen", "plotters"] {
        assert!(!deps.contains(web), "locklab-sim depends on {web}");
    }
}

#[test]
fn the_architecture_page_names_every_crate() {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    for krate in ["crates/sim", "crates/charts", "crates/course", "crates/widgets", "crates/app", "crates/mdbook-locklab", "crates/lab"] {
        assert!(page.contains(&format!("`{krate}`")), "ARCHITECTURE.md does not list {krate}");
    }
}
