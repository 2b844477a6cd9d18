//! (c) parameters are validated by the widgets' registry: the same notices, and a non-zero exit,
//! before any server starts; (d) `--url` reads an embed address and a lesson address as the
//! widgets do; (e) `--json` is the issue's object, with the widget's own result field names; and
//! the "Run it for real" command `locklab_sim::lab::command` writes runs.

mod common;

use common::*;
use serde_json::Value;

fn notices(widget: &str, pairs: &[(&str, &str)]) -> Vec<String> {
    let w = locklab_sim::registry::find(widget).expect("a widget");
    let raw: Vec<(String, String)> = pairs.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    (w.validate)(&raw).1.into_iter().map(|n| n.message).collect()
}

#[test]
fn bad_parameters_get_the_registrys_notices_and_exit_2() {
    let cases: [(&str, &[(&str, &str)]); 4] = [
        ("counter-race", &[("workers", "99"), ("think-ms", "fast")]),
        ("paused-holder", &[("protection", "magic"), ("colour", "red")]),
        ("fencing-sandbox", &[("steps", "A.acquire,B.acquire")]),
        ("sweeper-incident", &[("recovers-at", "25:00")]),
    ];
    for (widget, pairs) in cases {
        let expected = notices(widget, pairs);
        assert!(!expected.is_empty(), "{widget} {pairs:?} should be refused");
        let mut args = vec!["run".to_string(), widget.to_string()];
        for (k, v) in pairs {
            args.push(format!("--{k}"));
            args.push(v.to_string());
        }
        let a: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, _, err) = run(&a);
        assert_eq!(code, 2, "{widget}: {err}");
        for n in &expected {
            assert!(err.contains(n.as_str()), "{widget}: the notice {n:?} is missing from {err}");
        }
        assert!(!err.contains("locklab-lab: server"), "no server starts for bad parameters: {err}");
    }
}

#[test]
fn bad_commands_say_why() {
    for (args, says) in [
        (&["run", "nope"][..], "no widget"),
        (&["run", "lease-sizing"], "no scenario for lease-sizing"),
        (&["run", "counter-race", "--time-scale", "0"], "--time-scale"),
        (&["run", "counter-race", "--all-orders"], "--all-orders is for fencing-sandbox"),
        (&["run", "counter-race", "--own-draws"], "--own-draws is for ttl-tradeoff and optimistic-vs-pessimistic"),
        (&["run", "ttl-tradeoff", "--lock-apart"], "--lock-apart is for optimistic-vs-pessimistic"),
        (&["run", "counter-race", "--etcd"], "--etcd is for paused-holder"),
        (&["run", "paused-holder", "--etcd", "--time-scale", "1"], "etcd's leases are whole seconds"),
        (&["run", "counter-race", "--partition"], "--partition is for redis-failover"),
        (&["run", "redis-failover", "--partition", "--machine"], "--partition keeps its own timing"),
        (&["run", "redis-failover", "--partition", "--store", "redlock"], "--partition is for store=redis"),
        (&["run", "ttl-tradeoff", "--own-draws", "yes"], "--own-draws takes no value"),
        (&["run", "counter-race", "--machine"], "--machine is for ttl-tradeoff"),
        (&["run", "ttl-tradeoff", "--machine", "--own-draws"], "one or the other"),
        (&["run"], "needs a widget"),
        (&["serve"], "serve needs --allow-origin"),
        (&["serve", "--allow-origin", "*"], "is not an origin"),
        (&["serve", "--allow-origin", "https://example.org/course/"], "is not an origin"),
        (&["serve", "--allow-origin", "http://localhost:8080", "--max-seconds", "0"], "--max-seconds takes"),
        (&["serve", "--allow-origin", "http://localhost:8080", "counter-race"], "serve takes no widget"),
        (&["check", "--only", "quiz"], "not a lab scenario"),
        (&["frobnicate"], "unknown command"),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// A run's `--json`: it agrees (exit 0), or it disagreed only where its own timing did not hold
/// (exit 1 with a TIMING SLIPPED note: the check runs such a story again; a single run says so).
fn json_run(args: &[&str]) -> Value {
    let (code, out, err) = run(args);
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?} exit {code}: {e}: {err}\n{out}"));
    let slipped = v["notes"].as_array().is_some_and(|n| n.iter().any(|n| n.as_str().is_some_and(|n| n.starts_with("TIMING SLIPPED"))));
    assert!(code == 0 && v["agrees"] == true || code == 1 && slipped, "{args:?} exit {code}: {err}\n{out}");
    v
}

fn keys(v: &Value) -> Vec<String> {
    let mut k: Vec<String> = v.as_object().map(|o| o.keys().cloned().collect()).unwrap_or_default();
    k.sort();
    k
}

#[test]
fn an_embed_address_and_a_lesson_address_set_the_parameters() {
    let embed = json_run(&["run", "--url", "https://example.org/locks/embed.html?widget=counter-race&workers=2&increments=10&seed=5&origin=https%3A%2F%2Fx.org#top", "--json"]);
    assert_eq!((embed["params"]["workers"].as_str(), embed["params"]["increments"].as_str(), embed["params"]["seed"].as_str()), (Some("2"), Some("10"), Some("5")));
    let lesson = json_run(&["run", "counter-race", "--url", "index.html?counter-race.workers=3&counter-race.increments=10&paused-holder.pause-s=3", "--json"]);
    assert_eq!(lesson["params"]["workers"].as_str(), Some("3"));
    // An option after the address wins.
    let over = json_run(&["run", "counter-race", "--url", "index.html?counter-race.workers=3&counter-race.increments=10", "--workers", "4", "--json"]);
    assert_eq!(over["params"]["workers"].as_str(), Some("4"));
    // The sandbox's story in an address, comma encoded.
    let (code, out, err) = run(&["run", "--url", "embed.html?widget=fencing-sandbox&steps=A.acquire%2CA.read&clients=3", "--dry-run"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("clients=3") && out.contains("steps=A.acquire,A.read"), "{out}");
    // The lab's own draws and the lock apart are said in what would run.
    let (code, out, err) = run(&["run", "optimistic-vs-pessimistic", "--own-draws", "--lock-apart", "--dry-run"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("with the lab's own draws with the lock apart from the data"), "{out}");
    // On etcd the lock's whole-second lease sets the scale (a lease of 6 s lasts 3 real seconds),
    // and the servers are PostgreSQL and etcd, not Redis.
    let (code, out, err) = run(&["run", "paused-holder", "--etcd", "--lease-s", "6", "--dry-run"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("at time scale 0.5 with etcd's lock on PostgreSQL and etcd members of its own"), "{out}");
    let (code, out, err) = run(&["run", "redis-failover", "--partition", "--dry-run"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("with a partition of the primary on Redis"), "{out}");
    let (code, out, err) = run(&["run", "paused-holder", "--lease-s", "3", "--etcd", "--dry-run"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("at time scale {} ", 2.0 / 3.0)), "{out}");
    // Refused as the widgets refuse them.
    let (code, _, err) = run(&["run", "--url", "embed.html?widget=counter-race&workers=3&workers=4"]);
    assert_eq!(code, 2);
    assert!(err.contains("The address gives \u{201c}workers\u{201d} 2 times"), "{err}");
    let (code, _, err) = run(&["run", "paused-holder", "--url", "embed.html?widget=counter-race"]);
    assert_eq!(code, 2);
    assert!(err.contains("not \u{201c}paused-holder\u{201d}"), "{err}");
    let (code, _, err) = run(&["run", "--url", "index.html?counter-race.lock=true&paused-holder.pause-s=3"]);
    assert_eq!(code, 2);
    assert!(err.contains("several widgets"), "{err}");
}

#[test]
fn json_is_the_issues_object_with_the_widgets_field_names() {
    let p = locklab_sim::counter_race::Params { workers: 2, increments: 10, ..Default::default() };
    let sim_keys = keys(&serde_json::to_value(locklab_sim::counter_race::run(&p).summary).unwrap());
    let v = json_run(&["run", "counter-race", "--workers", "2", "--increments", "10", "--json"]);
    assert_eq!(keys(&v), ["agrees", "notes", "params", "real", "rows", "servers", "simulated", "tolerance", "widget"]);
    assert!(v["rows"].as_array().is_some_and(|r| r.iter().any(|r| r["field"] == "expected" && r["verdict"] == "agree")), "{}", v["rows"]);
    assert_eq!(v["widget"], "counter-race");
    assert_eq!(keys(&v["simulated"]), sim_keys);
    assert_eq!(keys(&v["real"]), sim_keys);
    assert!(v["agrees"].is_boolean() && v["tolerance"].as_str().is_some_and(|t| t.len() > 40));
    assert!(v["notes"].as_array().is_some_and(|n| n.iter().all(Value::is_string)));
    assert_eq!(keys(&v["servers"]), ["redis"]);
    assert!(v["servers"]["redis"].as_str().is_some_and(|r| r.split('.').count() == 3), "{}", v["servers"]);
    // Both servers, and a widget whose result holds a list.
    let ph = json_run(&["run", "paused-holder", "--pause-s", "3", "--time-scale", "0.1", "--json"]);
    assert_eq!(keys(&ph["servers"]), ["postgres", "redis"]);
    assert_eq!(keys(&ph["real"]), keys(&ph["simulated"]));
    assert!(ph["real"]["events"].as_array().is_some_and(|e| e.iter().all(|x| x["time"].is_number() && x["actor"].is_string())));
}

/// The "Run it for real" commands the widgets show: every lab widget's, at its defaults and at a
/// changed state, is accepted as it is; one runs for real.
#[test]
fn the_widgets_run_it_for_real_commands_run() {
    let states: [(&str, &[(&str, &str)]); 20] = [
        ("counter-race", &[]),
        ("counter-race", &[("workers", "2"), ("increments", "10"), ("lock", "true")]),
        ("paused-holder", &[]),
        ("paused-holder", &[("pause-s", "8.5"), ("protection", "fence-all")]),
        ("fencing-sandbox", &[]),
        ("fencing-sandbox", &[("clients", "3"), ("steps", "A.acquire,A.read,A.pause,B.acquire")]),
        ("sweeper-incident", &[]),
        ("sweeper-incident", &[("release", "compare-and-delete"), ("recovers-at", "21:40"), ("timeout-share", "0.25")]),
        ("ttl-tradeoff", &[]),
        ("ttl-tradeoff", &[("ttl-s", "1"), ("stall-chance", "0.02"), ("stall-shape", "pareto")]),
        ("optimistic-vs-pessimistic", &[]),
        ("optimistic-vs-pessimistic", &[("rate-per-s", "12"), ("work", "exponential"), ("retry-ms", "5")]),
        ("lock-granularity", &[]),
        ("lock-granularity", &[("lock", "per-shard"), ("two-locks", "true"), ("ordered", "true"), ("shards", "8")]),
        ("redlock", &[]),
        ("redlock", &[("scenario", "crash-restart"), ("delayed-restart", "true"), ("ttl-ms", "2000")]),
        ("redis-failover", &[]),
        ("redis-failover", &[("store", "consensus"), ("grants-per-s", "200")]),
        ("lease-renewal", &[]),
        ("lease-renewal", &[("ttl-s", "3"), ("renew-every-s", "1"), ("defence", "fence-all")]),
    ];
    for (widget, pairs) in states {
        let w = locklab_sim::registry::find(widget).unwrap();
        let raw: Vec<(String, String)> = pairs.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
        let (values, n) = (w.validate)(&raw);
        assert!(n.is_empty());
        let command = locklab_sim::lab::command(widget, &values).expect("a lab widget");
        let words: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(words[..3], ["locklab-lab", "run", widget]);
        let mut args = words[1..].to_vec();
        args.push("--dry-run");
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{command}: {err}");
        for (k, v) in pairs {
            assert!(out.contains(&format!("{k}={v}")), "{command} → {out}");
        }
    }
    let w = locklab_sim::registry::find("counter-race").unwrap();
    let (values, _) = (w.validate)(&[("workers".into(), "2".into()), ("increments".into(), "10".into())]);
    let command = locklab_sim::lab::command("counter-race", &values).unwrap();
    let (code, out, err) = run(&command.split_whitespace().skip(1).collect::<Vec<_>>());
    assert_eq!(code, 0, "{command}: {err}");
    assert!(out.contains("real and simulated agree"), "{out}");
}

/// Runs the lab with both stdout and stderr written to one pipe whose reader has gone
/// (`locklab-lab … 2>&1 | head`, once head has what it wanted): its exit status.
fn both_to_a_closed_pipe(args: &[&str]) -> i32 {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let err = writer.try_clone().expect("a second end");
    let out = lab().args(args).stdout(writer).stderr(err).output().expect("the lab runs");
    out.status.code().unwrap_or(-1)
}

#[test]
fn a_reader_gone_away_from_stderr_too_ends_the_lab_with_its_status() {
    // Before: "failed printing to stderr" aborted the lab (status 134 in the release profile)
    // when what it had to say went to stderr: bad arguments, here.
    assert_eq!(both_to_a_closed_pipe(&["run", "no-such-story"]), 2, "bad arguments, said to a closed stderr");
    assert_eq!(both_to_a_closed_pipe(&["list"]), 141);
}

/// Runs the lab with its stdout a pipe whose reader has already gone (what `| head` leaves once
/// head has read its lines): (exit code, stderr).
pub fn to_a_closed_pipe(args: &[&str]) -> (i32, String) {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let out = lab().args(args).stdout(writer).output().expect("the lab runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn a_reader_gone_away_ends_the_lab_quietly() {
    // Before: "failed printing to stdout: Broken pipe" as a panic (`locklab-lab list | head`).
    for args in [&["list"][..], &["help"][..]] {
        let (code, err) = to_a_closed_pipe(args);
        assert_eq!(code, 141, "{args:?}: the status a shell gives a process SIGPIPE ended; stderr: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: nothing said: {err}");
    }
}
