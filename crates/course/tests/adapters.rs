//! The adapters' shared validation cases (`integrations/tests/validation-cases.json`, which the
//! Hugo shortcode's and the Python package's tests run) held to the widgets' own validation:
//! a case the adapters accept must give no notice here, and one they refuse must give at least
//! one (the adapters refuse what a widget would clamp, replace, ignore or say). An unknown widget
//! is refused by both. A case marked `widget_differs` (with its reason) is a difference by design,
//! and must still be one.

use serde_json::Value;

#[test]
fn the_adapters_refuse_exactly_what_the_widgets_would_say_something_about() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../integrations/tests/validation-cases.json");
    let text = std::fs::read_to_string(path).expect("reads the shared cases");
    let cases: Value = serde_json::from_str(&text).expect("the cases are JSON");
    let cases = cases["cases"].as_array().expect("a list of cases");
    assert!(cases.len() >= 50, "{} cases", cases.len());
    let mut disagreements = Vec::new();
    for case in cases {
        let widget = case["widget"].as_str().expect("a widget name");
        let raw: Vec<(String, String)> = case["params"]
            .as_array()
            .expect("params")
            .iter()
            .map(|p| (p[0].as_str().expect("a name").to_string(), p[1].as_str().expect("a value").to_string()))
            .collect();
        let refused = !case["error"].is_null();
        let said = match locklab_course::registry::find(widget) {
            Some(w) => (w.validate)(&raw).1.into_iter().map(|n| n.message).collect::<Vec<_>>(),
            None => vec![format!("no widget called {widget}")],
        };
        let agree = refused != said.is_empty();
        if case.get("widget_differs").is_some_and(|why| why.as_str().is_some_and(|w| !w.is_empty())) {
            // A difference by design, with its reason: it must still be one (else the mark is stale).
            if agree {
                disagreements.push(format!("{widget} {raw:?}: marked widget_differs, but the widget agrees now"));
            }
            continue;
        }
        if !agree {
            disagreements.push(format!("{widget} {raw:?}: the adapters {} it; the widget says {said:?}", if refused { "refuse" } else { "accept" }));
        }
    }
    assert!(disagreements.is_empty(), "{} disagreement(s):\n{}", disagreements.len(), disagreements.join("\n"));
}
