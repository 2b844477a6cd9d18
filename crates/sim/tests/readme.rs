//! The README's parameter tables against the widgets' own specs (`locklab_sim::registry`): every
//! widget has a section, and its table names exactly the parameters the widget takes, so the docs
//! cannot drift from the code.

use locklab_sim::registry;

#[test]
fn every_widget_has_a_section_whose_table_names_its_parameters() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).expect("README.md");
    for w in registry::widgets() {
        let heading = format!("### `{}`\n", w.name);
        let at = readme.find(&heading).unwrap_or_else(|| panic!("README has no section {heading:?}"));
        let rest = &readme[at + heading.len()..];
        let section = &rest[..rest.find("\n### ").or_else(|| rest.find("\n## ")).unwrap_or(rest.len())];
        // The first table whose header starts with "parameter".
        let table: Vec<&str> = section
            .lines()
            .skip_while(|l| !l.starts_with("| parameter"))
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .collect();
        let mut documented: Vec<String> = table
            .iter()
            .flat_map(|row| {
                // A row may document several names: "| `actor-name`, `actor-mbox` | …".
                let first = row.split('|').nth(1).unwrap_or("");
                first.split(',').map(|n| n.trim().trim_matches('`').to_string()).collect::<Vec<_>>()
            })
            .collect();
        documented.sort();
        let mut expected: Vec<String> = w.specs.iter().map(|s| s.name.to_string()).collect();
        match w.name {
            "quiz" => expected.extend(["deck", "activity-base", "actor-name", "actor-mbox"].map(String::from)),
            "fencing-sandbox" => expected.push("steps".into()),
            _ => {}
        }
        expected.sort();
        assert_eq!(documented, expected, "README's table for {}", w.name);
    }
}
