//! The challenge-set cases the adapters share (`integrations/tests/set-cases.json`: the Python
//! package's `validate_set` and the Hugo component's build-time check of a site's own set file run
//! them) held to the widgets' own checker, `registry::check_set`: a case with `problems: null` must
//! load, and every other must be refused with exactly as many problems, each containing its piece.
//! `LOCKLAB_WRITE_GENERATED=1` fills in the whole messages of a case that has no `problems` yet.

use serde_json::Value;

fn text_of(set: &Value) -> String {
    match set {
        Value::String(s) => s.clone(),
        other => serde_json::to_string(other).expect("serialises"),
    }
}

#[test]
fn the_adapters_set_cases_are_what_the_widgets_checker_says() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../integrations/tests/set-cases.json");
    let text = std::fs::read_to_string(path).expect("reads the shared set cases");
    let mut file: Value = serde_json::from_str(&text).expect("the cases are JSON");
    let write = std::env::var_os("LOCKLAB_WRITE_GENERATED").is_some();
    let mut wrong = Vec::new();
    let cases = file["cases"].as_array_mut().expect("a list of cases");
    assert!(cases.len() >= 40, "{} cases", cases.len());
    let (mut good, mut bad) = (0, 0);
    for case in cases.iter_mut() {
        let widget = case["widget"].as_str().expect("a widget").to_string();
        let said = match locklab_course::registry::check_set(&widget, &text_of(&case["set"])) {
            Ok(_) => None,
            Err(problems) => Some(problems),
        };
        if write && case.get("problems").is_none() {
            case["problems"] = serde_json::to_value(&said).expect("serialises");
        }
        let why = case["why"].as_str().unwrap_or("").to_string();
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
    if write {
        std::fs::write(path, serde_json::to_string_pretty(&file).expect("serialises") + "\n").expect("written");
    }
    assert!(wrong.is_empty(), "{} case(s) disagree:\n{}", wrong.len(), wrong.join("\n"));
    assert!(good >= 5 && bad >= 40, "{good} good and {bad} broken sets: the file should hold both");
}
