//! One version for the whole project: the crates (the workspace's), the npm package (its
//! package.json is written by web/npm/pack.mjs from the generated registry's version), the loader
//! and its types, the Python package, the Hugo component's registry, mdbook-locklab and the
//! changelog's latest release all say the same.

use std::path::PathBuf;

fn read(rel: &str) -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::read_to_string(root.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The value of `key = "…"` in a TOML file's text (the first such line).
fn toml_value(text: &str, key: &str) -> Option<String> {
    text.lines().find_map(|l| {
        let (k, v) = l.split_once('=')?;
        (k.trim() == key).then(|| v.trim().trim_matches('"').to_string())
    })
}

#[test]
fn every_part_says_the_same_version() {
    let version = env!("CARGO_PKG_VERSION");
    let workspace = read("Cargo.toml");
    assert_eq!(toml_value(&workspace, "version").as_deref(), Some(version), "the workspace's version");
    for krate in ["sim", "course", "charts", "widgets", "app", "mdbook-locklab", "lab"] {
        let text = read(&format!("crates/{krate}/Cargo.toml"));
        assert!(text.contains("version.workspace = true"), "crates/{krate} takes the workspace's version");
    }
    // The crates mdbook-locklab's package depends on name the same version.
    for dep in ["locklab-sim", "locklab-course"] {
        let line = workspace.lines().find(|l| l.starts_with(&format!("{dep} ="))).unwrap_or_else(|| panic!("{dep} in the workspace's dependencies"));
        assert!(line.contains(&format!("version = \"{version}\"")), "the workspace's {dep} dependency names version {version}: {line}");
    }
    assert_eq!(toml_value(&read("integrations/python/pyproject.toml"), "version").as_deref(), Some(version), "the Python package");
    for registry in ["integrations/hugo/data/locklab/registry.json", "integrations/python/locklab/registry.json"] {
        let v: serde_json::Value = serde_json::from_str(&read(registry)).expect("json");
        assert_eq!(v["version"], version, "{registry} (the Hugo component's and the Python package's registry; the loader and the npm package take theirs from it)");
    }
    assert!(read("web/npm/locklab.d.ts").contains(&format!("export declare const version: \"{version}\";")), "locklab.d.ts");
    assert!(read("web/npm/pack.mjs").contains("registry.version"), "the npm package takes the registry's version");
    assert!(read("web/post_build.sh").contains("__LOCKLAB_VERSION__: registry.version"), "the loader takes the registry's version");
    let changelog = read("CHANGELOG.md");
    let latest = changelog.lines().find(|l| l.starts_with("## [") && !l.starts_with("## [Unreleased]")).expect("a release in CHANGELOG.md");
    assert!(latest.starts_with(&format!("## [{version}]")), "CHANGELOG.md's latest release is {version}: {latest}");
}
