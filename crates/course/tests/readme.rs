//! The README's parameter tables against the widgets' own specs (`locklab_course::registry`): every
//! widget has a section, its table names exactly the parameters the widget takes, and each row's
//! range and default are the registry's own words (`registry::range_text`, `default_text`), so
//! the docs cannot drift from the code. The attributes every widget takes have a table too.

use locklab_course::registry;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).expect("README.md")
}

/// The rows of the first table after `heading` whose header starts with `first_column`.
fn table<'a>(readme: &'a str, heading: &str, first_column: &str) -> Vec<Vec<&'a str>> {
    let at = readme.find(heading).unwrap_or_else(|| panic!("README has no section {heading:?}"));
    let rest = &readme[at + heading.len()..];
    let section = &rest[..rest.find("\n### ").or_else(|| rest.find("\n## ")).unwrap_or(rest.len())];
    section
        .lines()
        .skip_while(|l| !l.starts_with(&format!("| {first_column}")))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        // A cell may hold an escaped pipe (`\|`), as Markdown writes one inside a table.
        .map(|row| row.split('|').skip(1).map(str::trim).collect())
        .collect()
}

/// A table row's cells with escaped pipes (`\|`) kept inside their cell and unescaped.
fn cells(row: &str) -> Vec<String> {
    row.replace("\\|", "\u{1}").split('|').skip(1).map(|c| c.trim().replace('\u{1}', "|")).collect()
}

#[test]
fn every_widget_has_a_section_whose_table_names_its_parameters() {
    let readme = readme();
    let mut wrong = Vec::new();
    for w in registry::widgets() {
        let rows = table(&readme, &format!("### `{}`\n", w.name), "parameter");
        let mut documented: Vec<String> = rows
            .iter()
            // A row may document several names: "| `actor-name`, `actor-mbox` | …".
            .flat_map(|row| row[0].split(',').map(|n| n.trim().trim_matches('`').to_string()).collect::<Vec<_>>())
            .collect();
        documented.sort();
        let mut expected: Vec<String> = w.specs.iter().map(|s| s.name.to_string()).collect();
        match w.name {
            "quiz" => expected.extend(w.attrs.iter().filter(|a| a.name != "theme").map(|a| a.name.to_string())),
            _ => expected.extend(w.extras.iter().map(|e| e.to_string())),
        }
        expected.sort();
        assert_eq!(documented, expected, "README's table for {}", w.name);
        // Each single-parameter row: the registry's range and default.
        for row in &rows {
            let name = row[0].trim_matches('`');
            if let Some(spec) = w.specs.iter().find(|s| s.name == name) {
                let (range, default) = (registry::range_text(spec), registry::default_text(spec));
                if row[1] != range || row[2] != default {
                    wrong.push(format!("{}: | `{name}` | {range} | {default} | (README: | {} | {} |)", w.name, row[1], row[2]));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "README rows that differ from the registry:\n{}", wrong.join("\n"));
}

#[test]
fn the_attributes_beyond_parameters_have_their_table_and_say_which_widgets_take_them() {
    let readme = readme();
    let rows: Vec<Vec<String>> = {
        let heading = "### Attributes beyond parameters\n";
        let at = readme.find(heading).expect("the attributes section");
        readme[at..].lines().skip_while(|l| !l.starts_with("| attribute")).skip(2).take_while(|l| l.starts_with('|')).map(cells).collect()
    };
    let mut all: Vec<&locklab_sim::Attr> = Vec::new();
    for w in registry::widgets() {
        for a in w.attrs {
            // The quiz's own (deck, lesson) are in the quiz's section.
            let quiz_only = registry::widgets()
                .iter()
                .all(|o| o.name == "quiz" || !o.attrs.iter().any(|b| b.name == a.name));
            if !quiz_only && !all.iter().any(|b| b.name == a.name) {
                all.push(a);
            }
        }
    }
    let mut names: Vec<&str> = rows.iter().map(|r| r[0].trim_matches('`')).collect();
    let mut expected: Vec<&str> = all.iter().map(|a| a.name).collect();
    names.sort_unstable();
    expected.sort_unstable();
    assert_eq!(names, expected);
    for a in &all {
        let row = rows
            .iter()
            .find(|r| r[0].trim_matches('`') == a.name)
            .expect("a row");
        assert_eq!(
            row[2],
            registry::taken_by(a.name),
            "README's \"taken by\" for {}",
            a.name
        );
        assert_eq!(row[3], a.meaning, "README's line for {}", a.name);
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
