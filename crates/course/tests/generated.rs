//! Files generated from the registry and committed where other tools read them: the Hugo
//! shortcode's data file and the Python helper's parameter specs. Each must equal
//! `registry::manifest()`, so a widget, parameter or range changed in Rust without regenerating
//! fails here. Regenerate with `LOCKLAB_WRITE_GENERATED=1 cargo test -p locklab-course --test generated`.

use std::path::PathBuf;

const COPIES: &[&str] = &["integrations/hugo/data/locklab/registry.json", "integrations/python/locklab/registry.json"];

#[test]
fn the_generated_registry_copies_are_current() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = serde_json::to_string_pretty(&locklab_course::registry::manifest()).expect("serialises") + "\n";
    let write = std::env::var_os("LOCKLAB_WRITE_GENERATED").is_some();
    let mut stale = Vec::new();
    for copy in COPIES {
        let path = root.join(copy);
        if write {
            std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
            std::fs::write(&path, &text).expect("written");
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            stale.push(*copy);
        }
    }
    assert!(
        stale.is_empty(),
        "stale (the registry changed): {}. Regenerate with LOCKLAB_WRITE_GENERATED=1 cargo test -p locklab-course --test generated",
        stale.join(", ")
    );
}
