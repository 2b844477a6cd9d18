//! Golden outcomes for the browser tests: the same parameters must give bit-identical results
//! natively and in wasm. With `LOCKLAB_GOLDEN=<file>` set, this writes the cases and their
//! native results as JSON; the end-to-end tests mount each case in Chromium and compare.

use locklab_sim::counter_race::{run, Params};
use serde_json::json;

fn cases() -> Vec<Params> {
    let d = Params::default();
    vec![
        d.clone(),
        Params { lock: true, ..d.clone() },
        Params { workers: 12, think_ms: 5.0, lock: true, ..d.clone() },
        Params { workers: 2, increments: 50, seed: 7, ..d.clone() },
        Params { workers: 20, increments: 1000, think_ms: 0.1, pause_ms: 13.0, seed: 4_000_000_000, ..d.clone() },
        Params { workers: 9, increments: 370, think_ms: 17.0, pause_ms: 0.35, seed: 123_456, ..d },
    ]
}

#[test]
fn golden_cases_are_deterministic_and_written_on_request() {
    let entries: Vec<serde_json::Value> = cases()
        .into_iter()
        .map(|p| {
            let a = run(&p).summary;
            assert_eq!(a, run(&p).summary, "same params, same result");
            json!({ "widget": "counter-race", "params": p, "result": a })
        })
        .collect();
    if let Ok(path) = std::env::var("LOCKLAB_GOLDEN") {
        let text = serde_json::to_string_pretty(&entries).expect("serializes");
        if let Some(dir) = std::path::Path::new(&path).parent() {
            std::fs::create_dir_all(dir).expect("creates the golden file's folder");
        }
        std::fs::write(&path, text).expect("writes the golden file");
    }
}
