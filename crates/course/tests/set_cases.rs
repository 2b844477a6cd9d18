//! The set cases the adapters share (`integrations/tests/set-cases.json`: the Python package's
//! `validate_set` and `validate_prediction_set` and the Hugo component's build-time check of a
//! site's own set file run them) held to the widgets' own checkers: `cases` to
//! `registry::check_set` (challenge sets), `predictionCases` to `registry::check_prediction_set`.
//! A case with `problems: null` must load, and every other must be refused with exactly as many
//! problems, each containing its piece. `LOCKLAB_WRITE_GENERATED=1` fills in the whole messages of
//! a case that has no `problems` yet.

use serde_json::Value;

fn text_of(set: &Value) -> String {
    match set {
        Value::String(s) => s.clone(),
        other => serde_json::to_string(other).expect("serialises"),
    }
}

/// What a checker says of a set's text for a simulation: nothing, or its problems.
type Checker = fn(&str, &str) -> Option<Vec<String>>;

#[test]
fn the_adapters_set_cases_are_what_the_widgets_checker_says() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../integrations/tests/set-cases.json");
    let text = std::fs::read_to_string(path).expect("reads the shared set cases");
    let mut file: Value = serde_json::from_str(&text).expect("the cases are JSON");
    let write = std::env::var_os("LOCKLAB_WRITE_GENERATED").is_some();
    let mut wrong = Vec::new();
    // Each kind: its cases, and the fewest good and broken sets it must hold.
    let kinds: [(&str, Checker, usize, usize); 2] = [
        ("cases", |w, t| locklab_course::registry::check_set(w, t).err(), 5, 40),
        ("predictionCases", |w, t| locklab_course::registry::check_prediction_set(w, t).err(), 4, 30),
    ];
    for (key, check, least_good, least_bad) in kinds {
        let cases = file[key].as_array_mut().expect("a list of cases");
        assert!(cases.len() >= least_good + least_bad, "{key}: {} cases", cases.len());
        let (mut good, mut bad) = (0, 0);
        for case in cases.iter_mut() {
            let widget = case["widget"].as_str().expect("a widget").to_string();
            let said = check(&widget, &text_of(&case["set"]));
            if write && case.get("problems").is_none() {
                case["problems"] = serde_json::to_value(&said).expect("serialises");
            }
            let why = format!("{key}: {}", case["why"].as_str().unwrap_or(""));
            match (case.get("problems"), &said) {
                (Some(Value::Null), None) => good += 1,
                (Some(Value::Array(pieces)), Some(problems)) => {
                    bad += 1;
                    if pieces.len() != problems.len() {
                        wrong.push(format!("{why}: {} problems expected, the checker says {problems:#?}", pieces.len()));
                        continue;
                    }
                    for (piece, problem) in pieces.iter().zip(problems) {
                        let piece = piece.as_str().expect("a piece of a message");
                        if !problem.contains(piece) {
                            wrong.push(format!("{why}: expected a problem containing {piece:?}, the checker says {problem:?}"));
                        }
                    }
                }
                (expected, said) => wrong.push(format!("{why}: expected {expected:?}, the checker says {said:?}")),
            }
        }
        assert!(good >= least_good && bad >= least_bad, "{key}: {good} good and {bad} broken sets: the file should hold both");
    }
    if write {
        std::fs::write(path, serde_json::to_string_pretty(&file).expect("serialises") + "\n").expect("written");
    }
    assert!(wrong.is_empty(), "{} case(s) disagree:\n{}", wrong.len(), wrong.join("\n"));
}
