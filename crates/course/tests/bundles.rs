//! The entry point's cargo features are the one-widget bundles `web/split.sh` builds: one per
//! widget in the registry, each forwarding to the widgets crate's feature of the same name, and
//! `all` naming every one of them (and `course`, the course layer, issue #43: a widget's bundle
//! without it is its plain one). A widget added to the registry without its feature fails here.

use locklab_course::registry;

/// The names in a `[features]` table's `key = [...]` lines, with what each lists.
fn features(path: &str) -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../").to_string() + path).expect(path);
    let table = &text[text.find("[features]").expect("a [features] table")..];
    table
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with('['))
        .filter(|l| !l.trim_start().starts_with('#') && l.contains('='))
        .map(|l| {
            let (k, v) = l.split_once('=').unwrap_or_default();
            let list = v.trim().trim_start_matches('[').trim_end_matches(']').split(',').map(|s| s.trim().trim_matches('"').to_string()).filter(|s| !s.is_empty()).collect();
            (k.trim().to_string(), list)
        })
        .collect()
}

#[test]
fn every_widget_has_its_own_bundle_feature() {
    let mut names: Vec<String> = registry::names().iter().map(|s| s.to_string()).collect();
    names.sort();
    let app = features("app/Cargo.toml");
    let mut per_widget: Vec<String> = app.iter().map(|(k, _)| k.clone()).filter(|k| !["default", "all", "selftest", "split", "course"].contains(&k.as_str())).collect();
    per_widget.sort();
    assert_eq!(per_widget, names, "locklab-app's per-widget features");
    for (k, list) in &app {
        if names.contains(k) {
            assert_eq!(list, &vec![format!("locklab-widgets/{k}")], "feature {k} forwards to the widgets crate");
        }
    }
    let widgets = features("widgets/Cargo.toml");
    let mut all = widgets.iter().find(|(k, _)| k == "all").expect("an `all` feature").1.clone();
    // The course layer (issue #43) is in the full bundle, beside every widget.
    assert!(all.contains(&"course".to_string()), "the widgets crate's `all` feature has the course layer");
    all.retain(|k| k != "course");
    all.sort();
    assert_eq!(all, names, "the widgets crate's `all` feature");
    assert!(app.iter().any(|(k, l)| k == "course" && l == &vec!["locklab-widgets/course".to_string()]), "locklab-app's course feature forwards to the widgets crate");
    for n in &names {
        assert!(widgets.iter().any(|(k, l)| k == n && l.is_empty()), "the widgets crate has a feature {n}");
    }
}
