//! (a) `locklab-lab check` end to end on servers the lab starts itself: every scenario at its
//! check settings agrees with its simulation, and nothing is left running afterwards. Its output
//! is kept in the target folder (`lab-check.txt`), the figures LAB.md records.

mod common;

use std::time::{Duration, Instant};

use common::*;

#[test]
fn check_agrees_on_real_servers() {
    let start = Instant::now();
    let records = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("lab-records");
    let _ = std::fs::remove_dir_all(&records);
    // And the wrong models judged on the check's own runs (common::JUDGED).
    let judge_also = JUDGED.iter().map(|j| j.0).collect::<Vec<_>>().join(",");
    let out = lab().arg("check").arg("--record").arg(&records).env("LOCKLAB_JUDGE_ALSO", &judge_also).output().expect("the lab runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let _ = std::fs::write(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("lab-check.txt"), format!("{stdout}\n{stderr}"));
    // What disagreed leads the message and closes it: CI keeps only the head and the tail of a
    // failed test's output, and stop 62's failure showed neither (the table was in the middle).
    let why = disagreements(&stdout);
    assert!(out.status.success(), "check failed ({:?}):\n{why}\n\n{stdout}\n{stderr}\n{why}", out.status);
    assert!(stdout.lines().last().is_some_and(|l| l.starts_with("check:") && l.contains("all agree")), "{stdout}");
    for lab in ["counter-race", "paused-holder", "fencing-sandbox", "sweeper-incident", "ttl-tradeoff", "optimistic-vs-pessimistic", "lock-granularity", "redlock", "redis-failover", "lease-renewal"] {
        assert!(stdout.contains(&format!("== {lab}:")), "{lab} was not checked:\n{stdout}");
    }
    assert!(!stdout.contains("DISAGREE"), "{why}\n\n{stdout}");
    // The sweeper's evening ran in the background beside the stories that can share the machine,
    // and the stories that time the machine ran after it (scenarios::Pace).
    let count_line = |lab: &str| stdout.lines().position(|l| l.starts_with(&format!("== {lab}: ")) && l.contains(" settings agree")).unwrap_or_else(|| panic!("{lab}: no count line"));
    let evening = count_line("sweeper-incident");
    assert!(stdout.lines().nth(evening).is_some_and(|l| l.contains("beside the stories above it")), "{stdout}");
    for lab in ["counter-race", "paused-holder", "fencing-sandbox", "redlock"] {
        assert!(count_line(lab) < evening, "{lab} should have run beside the evening:\n{stdout}");
    }
    for lab in ["ttl-tradeoff", "optimistic-vs-pessimistic", "lock-granularity", "redis-failover", "lease-renewal"] {
        assert!(count_line(lab) > evening, "{lab} should have run alone after the evening:\n{stdout}");
    }
    // Each wrong model of common::JUDGED is rejected at its setting by its rows, on the very run
    // the right model agreed with (the same real figures, the model switched).
    let mut rejected = Vec::new();
    for (name, widget, words, rows) in JUDGED {
        // The story's count line (a rerun's notice before it starts the same way).
        let head = format!("== {widget}: ");
        let section: Vec<&str> = stdout.lines().skip_while(|l| !(l.starts_with(&head) && l.contains(" settings agree"))).skip(1).take_while(|l| !l.starts_with("== ")).collect();
        let at = section.iter().position(|l| l.starts_with("  agree     ") && words.iter().all(|w| l.contains(w))).unwrap_or_else(|| panic!("{name}: no setting of {widget} with {words:?}:\n{stdout}"));
        let mark = format!("judged as the wrong model {name}: ");
        let line = section[at + 1..].iter().take_while(|l| l.starts_with("    ")).find_map(|l| l.trim_start().strip_prefix(mark.as_str())).unwrap_or_else(|| panic!("{name} was not judged at {widget} {words:?}:\n{stdout}"));
        let no: Vec<&str> = line.strip_prefix("NO on ").map(|r| r.split("; ").collect()).unwrap_or_default();
        assert!(no.iter().any(|r| names(rows, r)), "{name}: not rejected by {rows} at {widget} {words:?}: {line}\n{stdout}");
        rejected.push(format!("{name}: rejected at {widget} {words:?} by {no:?}"));
    }
    eprintln!("{}", rejected.join("\n"));
    // What --record wrote: one file per widget, read back as the widgets read it, with as many
    // settings as the check printed for it, each agreeing.
    for line in stdout.lines().filter(|l| l.starts_with("== ") && l.contains(" settings agree")) {
        let widget = line.trim_start_matches("== ").split(':').next().unwrap_or_default();
        let count: usize = line.split(" of ").nth(1).and_then(|t| t.split_whitespace().next()).and_then(|n| n.parse().ok()).expect("the check's count");
        let text = std::fs::read_to_string(records.join(format!("{widget}.json"))).unwrap_or_else(|e| panic!("{widget} was not recorded: {e}"));
        let record = locklab_course::lab_record::parse_record(&text).unwrap_or_else(|e| panic!("{widget}'s record is refused: {e:?}"));
        assert_eq!(record.widget, widget);
        assert_eq!(record.settings.len(), count, "{widget}");
        assert!(record.settings.iter().all(|s| s.agrees), "{widget}");
        assert!(!record.servers.is_empty() && record.machine.cores >= 1, "{widget}");
    }
    assert_eq!(std::fs::read_dir(&records).map(|d| d.count()).unwrap_or(0), 10, "one record per widget the lab replays");
    let servers: Vec<Server> = stderr.lines().filter_map(parse_server).collect();
    // The shared Redis and PostgreSQL, the Redlock scenario's five masters per setting, the
    // failover's primaries, replicas and Sentinels, and its etcd members.
    assert!(servers.len() >= 2 + 5, "{stderr}");
    assert!(servers.iter().any(|s| s.kind == "etcd") && servers.iter().any(|s| s.kind == "sentinel"), "{stderr}");
    let mut needles = Vec::new();
    for s in &servers {
        needles.push(format!("127.0.0.1:{}", s.port));
        needles.push(s.dir.clone());
    }
    let left = wait_all_gone(&needles, Duration::from_secs(5));
    assert!(left.is_empty(), "left running after check: {left:#?}");
    // Timed, not judged: a test never fails on a wall-clock time (LAB.md records it).
    eprintln!("locklab-lab check took {:.1} s", start.elapsed().as_secs_f64());
}


/// Each story's count line, the settings that disagreed with their tables, the reruns the check
/// announced and its last line: what a reader of a failed run needs first.
fn disagreements(stdout: &str) -> String {
    let mut out = String::from("what disagreed:\n");
    let mut inside = false;
    for line in stdout.lines() {
        if line.starts_with("  DISAGREE") {
            inside = true;
        } else if !line.starts_with("    ") {
            inside = false;
        }
        if inside || line.contains("disagreed in a run") || line.starts_with("check:") || line.starts_with("== ") {
            out += line;
            out.push('\n');
        }
    }
    out
}

#[test]
fn a_failed_check_names_what_disagreed_first() {
    let stdout = "== a: 1 of 1 settings agree (1 s)\n  agree     x: y 1\n== b: 0 of 1 settings agree (1 s)\n  DISAGREE  z\n    field  sim  real  NO\n    verdict: REAL AND SIMULATED DISAGREE\n  agree     w: v 2\ncheck: 2 settings, 1 DISAGREE (2 s in all)";
    let why = disagreements(stdout);
    assert!(why.contains("DISAGREE  z\n    field  sim  real  NO\n    verdict"), "{why}");
    assert!(why.contains("check: 2 settings, 1 DISAGREE"), "{why}");
    assert!(why.contains("== b: 0 of 1") && why.find("== b").unwrap_or(usize::MAX) < why.find("DISAGREE  z").unwrap_or(0), "{why}");
    assert!(!why.contains("agree     w") && !why.contains("agree     x"), "{why}");
}
