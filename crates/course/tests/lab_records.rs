//! The recorded real runs (`locklab-lab check --record`, `crates/lab/records/`): every file the
//! project ships reads back, one per widget the lab replays, and a file that cannot be trusted is
//! refused with its problem named.

use locklab_course::lab_record::{MAX_RECORD_BYTES, parse_record};
use serde_json::{Value, json};

/// The widgets the lab replays (its `check`), in the lab's order.
const LAB_WIDGETS: [&str; 10] = ["counter-race", "paused-holder", "fencing-sandbox", "sweeper-incident", "ttl-tradeoff", "optimistic-vs-pessimistic", "lock-granularity", "redlock", "redis-failover", "lease-renewal"];

fn records_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../lab/records")
}

#[test]
fn every_shipped_record_reads_back() {
    let mut seen = Vec::new();
    for entry in std::fs::read_dir(records_dir()).expect("crates/lab/records") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
        let widget = name.strip_suffix(".json").unwrap_or_else(|| panic!("{name}: only <widget>.json files belong there"));
        let text = std::fs::read_to_string(&path).expect("readable");
        let record = parse_record(&text).unwrap_or_else(|e| panic!("{name} is refused: {e:#?}"));
        assert_eq!(record.widget, widget, "{name} holds another widget's record");
        assert!(record.settings.iter().all(|s| s.agrees), "{name}: a shipped record holds a disagreement (a finding to fix, not to ship)");
        assert!(!record.at(&record.settings.iter().find(|s| s.variant.is_none()).expect("a plain setting").values).is_empty());
        seen.push(widget.to_string());
    }
    seen.sort();
    let mut want: Vec<String> = LAB_WIDGETS.iter().map(|w| w.to_string()).collect();
    want.sort();
    assert_eq!(seen, want, "one record per widget the lab replays");
}

/// A record that reads: counter-race at its defaults and at one other setting.
fn good() -> Value {
    let w = locklab_sim::registry::find("counter-race").expect("counter-race");
    let defaults = locklab_sim::params::defaults(w.specs);
    let params = |values: &[f64]| locklab_sim::params::to_pairs(w.specs, values).into_iter().map(|(k, v)| (k, json!(v))).collect::<serde_json::Map<_, _>>();
    let mut other = defaults.clone();
    let workers = w.specs.iter().position(|s| s.name == "workers").expect("a workers parameter");
    other[workers] = 2.0;
    let setting = |values: &[f64], label: &str| {
        json!({ "label": label, "variant": null, "servers": { "redis": "7.0.15" }, "params": params(values), "agrees": true,
                "rows": [ { "field": "final", "simulated": 309, "real": 293, "verdict": "agree" }, { "field": "took", "simulated": null, "real": 3.1, "verdict": "shown" } ],
                "tolerance": "within the band", "notes": ["a note"], "seconds": 3.1 })
    };
    json!({ "format": 1, "widget": "counter-race", "recorded": "2026-12-06", "locklab": "0.1.0",
            "machine": { "os": "Debian GNU/Linux 12 (bookworm)", "kernel": "6.1.0", "arch": "x86_64", "cores": 2, "memoryGiB": 23.5 },
            "servers": { "redis": "7.0.15" }, "timeScale": 2,
            "settings": [ setting(&defaults, "defaults"), setting(&other, "workers=2") ] })
}

fn refused(v: &Value) -> String {
    match parse_record(&v.to_string()) {
        Ok(_) => panic!("accepted: {v}"),
        Err(e) => e.join("\n"),
    }
}

#[test]
fn a_good_record_reads_and_finds_its_settings() {
    let r = parse_record(&good().to_string()).expect("a good record");
    let w = locklab_sim::registry::find("counter-race").expect("counter-race");
    let defaults = locklab_sim::params::defaults(w.specs);
    let at = r.at(&defaults);
    assert_eq!(at.len(), 1);
    assert_eq!(at[0].label, "defaults");
    // A variant is not the widget's own story at those parameters.
    let mut v = good();
    v["settings"][0]["variant"] = json!("own-draws");
    assert!(parse_record(&v.to_string()).expect("reads").at(&defaults).is_empty());
}

#[test]
fn a_record_that_cannot_be_trusted_is_refused_with_its_problem_named() {
    let cases: Vec<(&str, Box<dyn Fn(&mut Value)>)> = vec![
        ("is no widget the lab replays", Box::new(|v| v["widget"] = json!("counter-rac"))),
        ("not a date", Box::new(|v| v["recorded"] = json!("2026-02-30"))),
        ("not a date", Box::new(|v| v["recorded"] = json!("6 December 2026"))),
        ("format 2", Box::new(|v| v["format"] = json!(2))),
        ("unknown field", Box::new(|v| v["settings"][0]["verdictText"] = json!("x"))),
        ("workers is missing", Box::new(|v| {
            v["settings"][1]["params"].as_object_mut().expect("params").remove("workers");
        })),
        ("settings[0].params", Box::new(|v| v["settings"][0]["params"]["workers"] = json!("100000"))),
        ("agrees is true where its rows say a row disagrees", Box::new(|v| v["settings"][0]["rows"][0]["verdict"] = json!("disagree"))),
        ("agrees is false where its rows say every compared row agrees", Box::new(|v| v["settings"][0]["agrees"] = json!(false))),
        ("unknown variant", Box::new(|v| v["settings"][0]["rows"][0]["verdict"] = json!("maybe"))),
        ("is none of", Box::new(|v| v["settings"][0]["variant"] = json!("faster"))),
        ("is not redis, postgres or etcd", Box::new(|v| v["servers"]["mysql"] = json!("8.0"))),
        ("names no server", Box::new(|v| v["servers"] = json!({}))),
        ("is not among the record's servers", Box::new(|v| v["settings"][0]["servers"]["redis"] = json!("7.2.4"))),
        ("settings[1].servers names no server", Box::new(|v| v["settings"][1]["servers"] = json!({}))),
        ("timeScale", Box::new(|v| v["timeScale"] = json!(0))),
        ("settings: 1 to", Box::new(|v| v["settings"] = json!([]))),
        ("longer than", Box::new(|v| v["settings"][0]["notes"][0] = json!("x".repeat(9000)))),
    ];
    for (needle, change) in cases {
        let mut v = good();
        change(&mut v);
        let e = refused(&v);
        assert!(e.contains(needle), "wanted \u{201c}{needle}\u{201d}, got: {e}");
    }
    let big = format!("{}{}", " ".repeat(MAX_RECORD_BYTES), good());
    assert!(parse_record(&big).unwrap_err()[0].contains("more than"));
}
