//! Files generated from the registry and committed where other tools read them: the Hugo
//! shortcode's data file and the Python helper's parameter specs (one JSON manifest), and the npm
//! package's `custom-elements.json` and `locklab.d.ts` (crates/course/src/element.rs). Each must equal
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

/// `web/npm/`: copied into dist/ and the npm package by web/post_build.sh.
const ELEMENT_FILES: &[(&str, fn() -> String)] = &[
    ("web/npm/custom-elements.json", || serde_json::to_string_pretty(&locklab_course::element::manifest()).expect("serialises") + "\n"),
    ("web/npm/locklab.d.ts", locklab_course::element::typescript),
];

#[test]
fn the_element_manifest_and_types_are_current() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let write = std::env::var_os("LOCKLAB_WRITE_GENERATED").is_some();
    let mut stale = Vec::new();
    for (file, make) in ELEMENT_FILES {
        let path = root.join(file);
        let text = make();
        if write {
            std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
            std::fs::write(&path, &text).expect("written");
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            stale.push(*file);
        }
    }
    assert!(stale.is_empty(), "stale (the registry changed): {}. Regenerate with LOCKLAB_WRITE_GENERATED=1 cargo test -p locklab-course --test generated", stale.join(", "));
}

/// The manifest names every widget, every parameter of every widget as an attribute, and the
/// types name every result field a widget's event carries.
#[test]
fn the_element_manifest_covers_the_registry() {
    let m = locklab_course::element::manifest();
    let decl = &m["modules"][0]["declarations"][0];
    assert_eq!(decl["tagName"], "locklab-widget");
    let attrs: Vec<&str> = decl["attributes"].as_array().expect("attributes").iter().filter_map(|a| a["name"].as_str()).collect();
    let mut seen = std::collections::HashSet::new();
    assert!(attrs.iter().all(|a| seen.insert(*a)), "each attribute once: {attrs:?}");
    for w in locklab_course::registry::widgets() {
        assert!(decl["attributes"][0]["type"]["text"].as_str().expect("names").contains(&format!("{:?}", w.name)), "{}", w.name);
        for s in w.specs {
            assert!(attrs.contains(&s.name), "{}: {}", w.name, s.name);
        }
        for a in w.attrs {
            assert!(attrs.contains(&a.name), "{}: {}", w.name, a.name);
        }
    }
    let ts = locklab_course::element::typescript();
    for (name, _, result) in locklab_course::element::samples() {
        let fields = result.as_object().unwrap_or_else(|| panic!("{name}: a result object"));
        assert!(!fields.is_empty(), "{name}");
        for field in fields.keys() {
            assert!(ts.contains(&format!("  {field}: ")), "{name}.{field} typed");
        }
    }
    // A number is typed as a number, text as text (the TTL trade-off's and the Redlock player's).
    let ttl = ts.split("export type TtlTradeoffResult = {").nth(1).and_then(|t| t.split("};").next()).expect("TtlTradeoffResult");
    assert!(ttl.contains("unsafePerDay: number;"), "{ttl}");
    assert!(ts.contains("\"ttl-s\"?: number | string;"), "attributes take text or numbers");
    assert!(ts.contains("\"locklab-widget\": LocklabWidget;"));
}

/// A `<locklab-widget>` leaves the page's own attributes alone: no widget may name a parameter,
/// an alias or an attribute like one of them (it could never be set on the element).
#[test]
fn no_widget_attribute_is_one_of_the_pages() {
    for w in locklab_course::registry::widgets() {
        let names = w.specs.iter().map(|s| s.name).chain(w.attrs.iter().map(|a| a.name)).chain(w.aliases.iter().map(|a| a.name));
        for name in names {
            assert!(!locklab_course::element::is_page_attr(name), "{}: {name} is a page's attribute", w.name);
        }
    }
    assert!(locklab_course::element::is_page_attr("onclick") && locklab_course::element::is_page_attr("data-x") && locklab_course::element::is_page_attr("CLASS"));
    assert!(!locklab_course::element::is_page_attr("ttl-s") && !locklab_course::element::is_page_attr("ordered"));
}
