//! The reference words (`registry::docs`) against the widgets themselves: every parameter (and the
//! extra state an author may give) has exactly one meaning, in the specs' order; every result field
//! of a run at the defaults has one, and no meaning names a field the widget does not report. The
//! documentation's tables are made from these (`mdbook-locklab`'s `{{#locklab-reference …}}`), so
//! a parameter or result field added without its words fails here.

use locklab_course::registry;
use locklab_sim::Scenario;

/// The top-level keys of simulation `name`'s `locklab:change` result at its defaults.
fn result_keys(name: &str) -> Vec<String> {
    fn of<S: Scenario>() -> Vec<String> {
        let values = locklab_sim::params::defaults(S::specs());
        let outcome = S::run(&S::params(&values), &mut S::Cache::default());
        match serde_json::to_value(S::summary(&outcome)) {
            Ok(serde_json::Value::Object(m)) => m.keys().cloned().collect(),
            other => panic!("{}'s summary is not an object: {other:?}", S::NAME),
        }
    }
    macro_rules! each {
        ($(($module:ident, $type:ident, $wname:literal, $label:literal)),* $(,)?) => {
            $(
                if $wname == name {
                    return of::<locklab_sim::$type>();
                }
            )*
        };
    }
    locklab_sim::for_each_scenario!(each);
    // The quiz's change event (`element.rs` writes its type): its summary's fields.
    let quiz = locklab_course::quiz::Summary { answered: 0, correct: 0, cards: 0, total_xp: 0, missed: 0 };
    match serde_json::to_value(quiz) {
        Ok(serde_json::Value::Object(m)) => m.keys().cloned().collect(),
        other => panic!("the quiz's summary is not an object: {other:?}"),
    }
}

#[test]
fn every_parameter_has_its_meaning_in_the_specs_order() {
    for w in registry::widgets() {
        let docs = registry::docs(w.name).unwrap_or_else(|| panic!("{} has no reference words", w.name));
        let documented: Vec<&str> = docs.params.iter().map(|(n, _)| *n).collect();
        let expected: Vec<&str> = if w.specs.is_empty() {
            w.attrs.iter().filter(|a| a.name != "theme").map(|a| a.name).collect()
        } else {
            w.specs.iter().map(|s| s.name).chain(w.extras.iter().copied()).collect()
        };
        assert_eq!(documented, expected, "{}'s parameters and their words", w.name);
        for (n, m) in docs.params {
            assert!(!m.trim().is_empty() && !m.contains('\n'), "{}: `{n}` has no one-line meaning", w.name);
        }
    }
    assert!(registry::docs("no-such-widget").is_none());
    assert!(registry::docs(" TTL-Tradeoff ").is_some(), "any case, as the other lookups");
}

#[test]
fn every_result_field_has_its_meaning_and_none_is_invented() {
    for w in registry::widgets() {
        let Some(docs) = registry::docs(w.name) else { panic!("{} has no reference words", w.name) };
        let mut documented: Vec<&str> = docs.results.iter().flat_map(|(n, _)| n.split(',').map(str::trim)).collect();
        let mut reported = result_keys(w.name);
        documented.sort_unstable();
        reported.sort();
        let dup = documented.windows(2).find(|p| p[0] == p[1]);
        assert!(dup.is_none(), "{}: {dup:?} is documented twice", w.name);
        assert_eq!(documented, reported, "{}'s result fields (reported at the defaults) and their words", w.name);
    }
}

#[test]
fn every_attribute_has_its_values_in_words() {
    let words = |n: &str| registry::ATTR_VALUE_WORDS.iter().any(|(w, _)| *w == n);
    for w in registry::widgets() {
        for a in w.attrs {
            assert!(words(a.name), "{}: the attribute `{}` has no values in words (registry::ATTR_VALUE_WORDS)", w.name, a.name);
        }
    }
    let taken: Vec<&str> = registry::widgets().iter().flat_map(|w| w.attrs.iter().map(|a| a.name)).collect();
    for (n, _) in registry::ATTR_VALUE_WORDS {
        assert!(taken.contains(n), "`{n}` is in ATTR_VALUE_WORDS but no widget takes it");
    }
}

#[test]
fn taken_by_says_which_widgets_take_an_attribute() {
    // Counted here from each widget's own list, not through taken_by's wording rules.
    let takers = |n: &str| {
        registry::widgets()
            .iter()
            .filter(|w| w.attrs.iter().any(|a| a.name == n))
            .count()
    };
    let widgets = registry::widgets().len();
    assert_eq!(takers("theme"), widgets);
    assert_eq!(registry::taken_by("theme"), "every widget");
    assert_eq!(
        takers("layout"),
        widgets,
        "the quiz takes layout too (issue #41, item 6)"
    );
    assert_eq!(takers("compare"), widgets - 1);
    assert_eq!(registry::taken_by("compare"), "every simulation");
    assert!(registry::taken_by("autoplay").starts_with("the widgets that play a timeline ("));
    assert!(takers("autoplay") < widgets - 1);
    assert_eq!(registry::taken_by("deck"), "the quiz");
}
