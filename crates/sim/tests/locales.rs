//! The messages (issue #47): English parses and covers every key the code asks for; each shipped
//! locale has only English's keys, with the same placeables; the files the build ships are made
//! from the sources (written with `LOCKLAB_WRITE_GENERATED=1`); a translated narrative states the
//! same figures as the English one.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use locklab_sim::messages::{self, Arg, Bundle, Format, Numbers, Plain, Tr};
use locklab_sim::Scenario;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("locales")
}

/// Every widget's English file (those that have one), by widget name.
fn widget_sources() -> Vec<(&'static str, &'static str)> {
    macro_rules! list {
        ($(($module:ident, $type:ident, $name:literal, $label:literal)),* $(,)?) => {
            vec![$(($name, <locklab_sim::$type as Scenario>::messages())),*]
        };
    }
    locklab_sim::for_each_scenario!(list).into_iter().filter(|(_, m)| !m.is_empty()).collect()
}

/// All of English: the shared file, every widget's, and the controls' (from the specs).
fn english() -> Bundle {
    let mut all = Bundle::parse(messages::SHARED).expect("shared.ftl parses");
    for k in Bundle::parse(messages::COURSE).expect("course.ftl parses").keys() {
        assert!(!all.has(k), "{k} is in two English files");
    }
    all.extend(Bundle::parse(messages::COURSE).expect("course.ftl parses"));
    for k in Bundle::parse(messages::QUIZ).expect("quiz.ftl parses").keys() {
        assert!(!all.has(k), "{k} is in two English files");
    }
    all.extend(Bundle::parse(messages::QUIZ).expect("quiz.ftl parses"));
    for (name, text) in widget_sources() {
        let b = Bundle::parse(text).unwrap_or_else(|e| panic!("{name}.ftl: {e}"));
        for k in b.keys() {
            assert!(!all.has(k), "{k} is in two English files");
        }
        all.extend(b);
    }
    let params = Bundle::parse(&messages::params_ftl()).expect("params.ftl parses");
    for k in params.keys() {
        assert!(!all.has(k), "{k} is both a control's label and a message");
    }
    all.extend(params);
    all
}

/// A locale's sources: every `.ftl` in `locales/<tag>/`, in name order, as one file, without the
/// translators' notes (they stay in the sources; a learner's page fetches only the messages).
fn locale_source(tag: &str) -> String {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join(tag)).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "ftl")).collect();
    files.sort();
    let mut out = format!("# locklab's {tag} messages: made from crates/sim/locales/{tag}/ by crates/sim/tests/locales.rs; do not edit.\n");
    for f in files {
        out.push('\n');
        let text = std::fs::read_to_string(&f).unwrap();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            if line.trim().is_empty() && out.ends_with("\n\n") {
                continue;
            }
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The translated locales (each a folder beside `en/`).
fn translated() -> Vec<String> {
    let mut tags: Vec<String> = std::fs::read_dir(root())
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|t| t != "en" && t != "dist")
        .collect();
    tags.sort();
    tags
}

fn check_generated(path: &Path, want: &str) {
    if std::env::var_os("LOCKLAB_WRITE_GENERATED").is_some() {
        std::fs::write(path, want).unwrap();
        return;
    }
    let have = std::fs::read_to_string(path).unwrap_or_default();
    assert!(have == want, "{} is out of date: LOCKLAB_WRITE_GENERATED=1 cargo test -p locklab-sim --test locales", path.display());
}

#[test]
fn the_shipped_files_are_made_from_the_sources() {
    check_generated(&root().join("en/params.ftl"), &messages::params_ftl());
    let en = english();
    let header = "# locklab's pseudo-locale: made from the English messages by crates/sim/tests/locales.rs; do not edit.\n";
    check_generated(&root().join("dist/en-XA.ftl"), &format!("{header}{}", messages::pseudo_ftl(&en)));
    check_generated(&root().join("dist/ar-XB.ftl"), &format!("{header}{}", messages::rtl_ftl(&en)));
    for tag in translated() {
        check_generated(&root().join(format!("dist/{tag}.ftl")), &locale_source(&tag));
    }
    let mut shipped: Vec<String> = std::fs::read_dir(root().join("dist")).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().trim_end_matches(".ftl").to_string()).collect();
    shipped.sort();
    let mut want = translated();
    want.extend(["ar-XB".to_string(), "en-XA".to_string()]);
    want.sort();
    assert_eq!(shipped, want, "dist/ holds exactly the translated locales and the two pseudo-locales");
}

/// Every `$name` a message uses, with those of the messages it names (`{ counter-who }`), looked
/// up in `b`, else in English: a translation may use a name directly that English uses through
/// another message (a verb agreeing with `$workers`).
fn deep_placeables(b: &Bundle, en: &Bundle, key: &str, depth: usize) -> Vec<String> {
    let from = if b.has(key) { b } else { en };
    let mut out = from.placeables(key).unwrap_or_default();
    if depth < 8 {
        for r in from.references(key) {
            out.extend(deep_placeables(b, en, &r, depth + 1));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Every shipped locale's keys are English's, with the same placeables, counting those of the
/// messages each names (a translation that drops `$holds` would show a sentence without its
/// number; one that adds `$x` would fail to format).
#[test]
fn every_locale_has_englishs_keys_and_placeables() {
    let en = english();
    for tag in translated().into_iter().chain(["en-XA".to_string(), "ar-XB".to_string()]) {
        let text = std::fs::read_to_string(root().join(format!("dist/{tag}.ftl"))).unwrap();
        let b = Bundle::parse(&text).unwrap_or_else(|e| panic!("{tag}: {e}"));
        for k in b.keys() {
            assert!(en.has(k), "{tag} has `{k}`, which English does not");
            assert_eq!(deep_placeables(&b, &en, k, 0), deep_placeables(&en, &en, k, 0), "{tag}'s `{k}` has other placeables than English's");
            for r in b.references(k) {
                assert!(b.has(&r) || en.has(&r), "{tag}'s `{k}` names `{r}`, which no file has");
            }
        }
        if tag.starts_with("en-") || tag == "ar-XB" {
            assert_eq!(b.keys().count(), en.keys().count(), "a pseudo-locale has every message");
        }
    }
}

/// The keys the code asks for (`t("…")`, `.msg("…"`, `show("…"`), found in its source: each is
/// in English, so no learner ever sees a key or nothing.
#[test]
fn every_key_the_code_asks_for_is_in_english() {
    let en = english();
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let mut asked = BTreeMap::new();
    for dir in ["sim/src", "widgets/src"] {
        let mut stack = vec![crates.join(dir)];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    stack.push(p);
                    continue;
                }
                if p.extension().is_none_or(|e| e != "rs") || p.ends_with("messages.rs") {
                    continue;
                }
                let text = std::fs::read_to_string(&p).unwrap();
                for call in ["t(", "msg(", "show("] {
                    for (i, _) in text.match_indices(call) {
                        // Only the calls themselves: `t(` after a letter is another name's end.
                        if call == "t(" && text[..i].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_') {
                            continue;
                        }
                        let rest = text[i + call.len()..].trim_start();
                        let Some(rest) = rest.strip_prefix('"') else { continue };
                        let key: String = rest.chars().take_while(|&c| c != '"').collect();
                        if key.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') && key.contains('-') {
                            asked.insert(key, p.display().to_string());
                        }
                    }
                }
            }
        }
    }
    assert!(asked.len() >= 25, "the scan found the keys: {asked:?}");
    for (key, file) in &asked {
        assert!(en.has(key), "{file} asks for `{key}`, which no English file has");
    }
}

/// Spanish numbers as the browser's `Intl` writes them (`es`): `.` groups thousands from five
/// digits (CLDR's minimum grouping), `,` is the decimal mark, a space before `%`; durations in
/// `ms` and `s` as in English.
struct Spanish;

impl Numbers for Spanish {
    fn format(&self, v: f64, how: Format) -> String {
        let english = Plain.format(v, how);
        let units = [(" %", "\u{a0}%"), (" ms", " ms"), (" s", " s")];
        let (body, suffix) = units
            .iter()
            .find_map(|(english_unit, unit)| english.strip_suffix(english_unit).map(|b| (b.to_string(), *unit)))
            .unwrap_or((english.clone(), ""));
        let int_digits = body.split('.').next().unwrap_or("").chars().filter(char::is_ascii_digit).count();
        let sep = if int_digits >= 5 { "." } else { "" };
        let body: String = body.chars().map(|c| match c {
            ',' => 'G',
            '.' => ',',
            other => other,
        }).collect::<String>().replace('G', sep);
        format!("{body}{suffix}")
    }
    fn plural(&self, v: f64, how: Format) -> &'static str {
        if Plain.format(v, how) == "1" { "one" } else { "other" }
    }
}

/// The figures a sentence states, in order of size: each number read with its locale's marks.
fn figures(text: &str, decimal: char) -> Vec<f64> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let joins = (c == ',' || c == '.') && !cur.is_empty() && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if c.is_ascii_digit() || joins {
            cur.push(c);
        } else if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    let mut v: Vec<f64> = out
        .iter()
        .map(|n| {
            let n: String = n.chars().filter(|&c| c.is_ascii_digit() || c == decimal).map(|c| if c == decimal { '.' } else { c }).collect();
            n.parse::<f64>().unwrap_or(f64::NAN)
        })
        .collect();
    v.sort_by(f64::total_cmp);
    v
}

/// The Spanish file the build ships.
fn shipped_spanish() -> Bundle {
    Bundle::parse(&std::fs::read_to_string(root().join("dist/es.ftl")).unwrap()).unwrap()
}

/// That a narrative said in Spanish (by `say`, from the shipped file `es` over the widget's English
/// `widget`) is translated throughout, is not the English one, and states `english`'s figures.
fn same_figures(es: &Bundle, widget: &'static str, english: &str, say: impl FnOnce(&Tr) -> String) {
    let tr = Tr::new("es", Some(es.clone()), &[messages::SHARED, widget], Box::new(Spanish));
    let spanish = say(&tr);
    assert!(tr.missing().is_empty(), "every sentence is translated: {spanish}");
    assert_ne!(english, spanish);
    assert_eq!(figures(english, '.'), figures(&spanish, ','), "the same figures:\n{english}\n{spanish}");
}

/// The Spanish narrative states exactly the English one's figures, across the parameter space the
/// narrative branches on (no stalls, light and heavy tails, none and some unsafe holds).
#[test]
fn a_translated_narrative_states_the_same_figures() {
    use locklab_sim::ttl_tradeoff::{run, Params, SPECS};
    let es = shipped_spanish();
    let mut branches = std::collections::BTreeSet::new();
    for ttl in [0.1, 1.0, 10.0, 120.0] {
        for chance in [0.0, 0.002, 0.2] {
            for shape in [0.0, 1.0] {
                let mut v = locklab_sim::params::defaults(SPECS);
                v[0] = ttl;
                v[3] = chance;
                v[5] = shape;
                v[7] = 5000.0;
                let p = Params::from_values(&v);
                let o = run(&p);
                let english = o.narrative(&p);
                same_figures(&es, locklab_sim::ttl_tradeoff::MESSAGES, &english, |tr| o.narrative_in(&p, tr));
                branches.insert((o.summary.unsafe_holds == 0, chance > 0.0, shape > 0.5));
            }
        }
    }
    assert!(branches.len() >= 5, "the grid reaches the narrative's branches: {branches:?}");
}

/// The same for the counter race, through every branch of its narrative (locked, alone, lucky,
/// lost, and one lost update).
#[test]
fn the_counter_race_in_spanish_states_the_same_figures() {
    use locklab_sim::counter_race::{run, Params, SPECS};
    let es = shipped_spanish();
    let mut keys = std::collections::BTreeSet::new();
    let mut settings = Vec::new();
    for (workers, lock, think) in [(1.0, 0.0, 5.0), (5.0, 1.0, 5.0), (5.0, 0.0, 5.0), (12.0, 0.0, 20.0)] {
        settings.extend((1..=3).map(|seed| (workers, lock, think, 10.0, f64::from(seed))));
    }
    // Two workers, ten increments each, a short think: over seeds, runs with no collision and runs
    // with exactly one lost update (the singular sentences).
    settings.extend((1..=200).map(|seed| (2.0, 0.0, 0.2, 10.0, f64::from(seed))));
    for (workers, lock, think, increments, seed) in settings {
        let mut v = locklab_sim::params::defaults(SPECS);
        let at = |n: &str| SPECS.iter().position(|s| s.name == n).unwrap();
        v[at("workers")] = workers;
        v[at("lock")] = lock;
        v[at("think-ms")] = think;
        if workers == 2.0 {
            v[at("increments")] = increments;
        }
        v[at("seed")] = seed;
        let p = Params::from_values(&v);
        let o = run(&p);
        let english = o.narrative(&p);
        same_figures(&es, locklab_sim::counter_race::MESSAGES, &english, |tr| o.narrative_in(&p, tr));
        keys.insert((p.lock, p.workers == 1, o.summary.lost == 0, o.summary.lost == 1));
    }
    for branch in [(true, false, true, false), (false, true, true, false), (false, false, true, false), (false, false, false, false), (false, false, false, true)] {
        assert!(keys.contains(&branch), "the grid reaches every branch (locked, alone, lucky, lost, one lost): {keys:?}");
    }
}

/// The same for the lease-sizing worksheet, through every branch of its narrative (the terms over
/// the lease, a margin under, at and over the one wanted; renewed or not; room for a pause or none).
/// Its chart's and buttons' words, which the code names by keys held in the simulation, exist too.
#[test]
fn the_lease_sizing_worksheet_in_spanish_states_the_same_figures() {
    use locklab_sim::lease_sizing::{run, Params, MESSAGES, PRESETS, SPECS};
    let es = shipped_spanish();
    let en = Bundle::parse(MESSAGES).unwrap();
    let mut branches = std::collections::BTreeSet::new();
    for ttl in [1.0, 5.0, 10.0, 12.5, 15.5, 20.0, 60.0] {
        for renew in [0.0, 3.0] {
            for margin in [0.0, 2.0, 6.5] {
                for work in [0.0, 8.0] {
                    let mut v = locklab_sim::params::defaults(SPECS);
                    let at = |n: &str| SPECS.iter().position(|s| s.name == n).unwrap();
                    (v[at("ttl-s")], v[at("renew-every-s")], v[at("margin-s")], v[at("work-p99-s")]) = (ttl, renew, margin, work);
                    let p = Params::from_values(&v);
                    let o = run(&p);
                    let english = o.narrative(&p);
                    same_figures(&es, MESSAGES, &english, |tr| o.narrative_in(&p, tr));
                    let m = o.summary.margin_seconds;
                    branches.insert(((m < 0.0) as u8 + (m >= 0.0 && m < p.margin_s) as u8 * 2 + (m == p.margin_s) as u8 * 3, o.renewed, o.pause_room <= 0.0));
                    for (key, _) in &o.terms {
                        assert!(en.has(key) && es.has(key), "the term `{key}` has its words");
                    }
                }
            }
        }
    }
    for (margin, renewed) in [(1, false), (1, true), (2, false), (2, true), (3, false), (3, true), (0, false), (0, true)] {
        assert!(branches.iter().any(|b| b.0 == margin && b.1 == renewed), "the grid reaches margin branch {margin}, renewed {renewed}: {branches:?}");
    }
    assert!(branches.iter().any(|b| b.2), "and a lease with no room for a pause: {branches:?}");
    for (key, _) in PRESETS {
        assert!(en.has(key) && es.has(key), "the button `{key}` has its words");
    }
}

/// The same for the Redis failover, for every store and across its rate and lag; the table's rows,
/// whose keys the simulation holds, have their words in both languages.
#[test]
fn the_redis_failover_in_spanish_states_the_same_figures() {
    use locklab_sim::redis_failover::{run, Params, Store, FACTS, FACT_CELLS, MESSAGES};
    let es = shipped_spanish();
    let en = Bundle::parse(MESSAGES).unwrap();
    for store in [Store::Redis, Store::Redlock, Store::Consensus] {
        for (rate, lag, failovers) in [(500.0, 5.0, 1000), (10.0, 0.1, 100), (5000.0, 1000.0, 300), (50.0, 2.0, 1)] {
            let p = Params { store, grants_per_s: rate, lag_ms: lag, failovers, ..Params::default() };
            let o = run(&p);
            let english = o.narrative(&p);
            same_figures(&es, MESSAGES, &english, |tr| o.narrative_in(&p, tr));
        }
    }
    for f in FACTS {
        for cell in FACT_CELLS {
            let key = format!("{}-{cell}", f.key);
            assert!(en.has(&key) && es.has(&key), "the table's `{key}` has its words");
        }
    }
}

/// The same for the lease renewal, for every defence, with renewal in time and too late.
#[test]
fn the_lease_renewal_in_spanish_states_the_same_figures() {
    use locklab_sim::lease_renewal::{run, Defence, Params, MESSAGES};
    let es = shipped_spanish();
    let mut keys = std::collections::BTreeSet::new();
    for d in Defence::ALL {
        for (ttl, renew) in [(30.0, 10.0), (5.0, 10.0), (2.0, 1.0)] {
            let p = Params { defence: d, ttl_s: ttl, renew_every_s: renew, runs: 3000, ..Default::default() };
            let o = run(&p);
            let english = o.narrative(&p);
            same_figures(&es, MESSAGES, &english, |tr| o.narrative_in(&p, tr));
            keys.insert((format!("{d:?}"), p.defence.renews() && p.renewal_in_time()));
        }
    }
    assert_eq!(keys.len(), 8, "every defence, and the two that renew both in time and too late: {keys:?}");
}

/// The same for the fencing chain: none late, fenced and not, one overtaken write and several.
#[test]
fn the_fencing_chain_in_spanish_states_the_same_figures() {
    use locklab_sim::fencing_chain::{run, Params, MESSAGES, SPECS};
    let es = shipped_spanish();
    let mut branches = std::collections::BTreeSet::new();
    for fencing in [0.0, 1.0] {
        for (ttl_ms, chance) in [(1000.0, 0.0), (200.0, 0.05), (100.0, 0.3), (3000.0, 0.01), (50.0, 0.5)] {
            for seed in 1..=6 {
                let mut v = locklab_sim::params::defaults(SPECS);
                let at = |n: &str| SPECS.iter().position(|s| s.name == n).unwrap();
                (v[at("fencing")], v[at("ttl-ms")], v[at("stall-chance")], v[at("seed")]) = (fencing, ttl_ms, chance, f64::from(seed));
                let p = Params::from_values(&v);
                let o = run(&p);
                let english = o.narrative(&p);
                same_figures(&es, MESSAGES, &english, |tr| o.narrative_in(&p, tr));
                let s = &o.summary;
                branches.insert((s.late_holders == 0, p.fencing, s.overtaken_writes.min(2)));
            }
        }
    }
    for b in [(true, false, 0), (false, false, 1), (false, false, 2), (false, true, 1), (false, true, 2)] {
        assert!(branches.contains(&b), "the grid reaches (none late, fencing, overtaken 0/1/more) {b:?}: {branches:?}");
    }
}

/// The check above fails on a translation that changes a figure (a wrong model of "translated").
#[test]
fn the_figures_check_sees_a_changed_figure() {
    assert_eq!(figures("With a 10 s TTL, 12 of 60,000 holds (0.02 %)", '.'), vec![0.02, 10.0, 12.0, 60000.0]);
    assert_eq!(figures("Con un TTL de 10 s, 12 de 60.000 esperas (0,02\u{a0}%)", ','), vec![0.02, 10.0, 12.0, 60000.0]);
    assert_ne!(figures("Con un TTL de 10 s, 21 de 60.000 esperas (0,02 %)", ','), vec![0.02, 10.0, 12.0, 60000.0]);
    assert_eq!(Spanish.format(1234.0, Format::Int), "1234");
    assert_eq!(Spanish.format(60000.0, Format::Int), "60.000");
    assert_eq!(Spanish.format(0.25, Format::Number), "0,25");
    assert_eq!(Spanish.format(42.5, Format::Ms), "42,5 ms");
    assert_eq!(Spanish.format(516_785.0, Format::Ms), "517 s");
    let _ = Arg::Num(0.0);
}

/// The same for optimistic or pessimistic: optimistic collapsing, the lock quicker everywhere, a
/// crossing (the formulas' later or not) and none below capacity, contention and overload.
#[test]
fn optimistic_or_pessimistic_in_spanish_states_the_same_figures() {
    use locklab_sim::optimistic_pessimistic::{run, Params, Work, MESSAGES, MIN_RATE};
    let es = shipped_spanish();
    let mut branches = std::collections::BTreeSet::new();
    for work in [Work::Fixed, Work::Exponential] {
        for rate in [1.0, 30.0, 2000.0] {
            for (work_ms, lock_ms, retry_ms) in [(20.0, 2.0, 2.0), (200.0, 0.0, 100.0), (1.0, 20.0, 0.0), (5.0, 0.1, 0.0), (50.0, 5.0, 10.0)] {
                let p = Params { work, rate_per_s: rate, work_ms, lock_ms, retry_ms, updates: 800, ..Default::default() };
                let o = run(&p);
                let english = o.narrative(&p);
                same_figures(&es, MESSAGES, &english, |tr| o.narrative_in(&p, tr));
                let s = &o.summary;
                let crossing = match (s.simulated_crossover_per_s, s.crossover_per_s) {
                    (Some(c), _) if c <= MIN_RATE => "lock always",
                    (Some(c), Some(f)) if f > c * 1.05 => "crossing, formulas later",
                    (Some(_), _) => "crossing",
                    (None, _) => "none below capacity",
                };
                branches.insert(crossing);
                branches.insert(if o.summary.optimistic.stopped { "collapsed" } else { "ran" });
                if s.utilisation >= 1.0 {
                    branches.insert("over capacity");
                }
                if s.conflict_load > 0.5 && !s.optimistic.stopped {
                    branches.insert("contention");
                }
            }
        }
    }
    assert_eq!(branches.len(), 8, "every branch of the narrative: {branches:?}");
}

/// The same for lock granularity: every lock width, saturated (one lock and several) and not,
/// skewed, two locks in the items' order (deadlocking) and in one global order.
#[test]
fn lock_granularity_in_spanish_states_the_same_figures() {
    use locklab_sim::lock_granularity::{run, Lock, Params, MESSAGES};
    let es = shipped_spanish();
    let mut branches = std::collections::BTreeSet::new();
    for lock in [Lock::Global, Lock::PerShard, Lock::PerKey] {
        for rate in [10.0, 800.0, 20000.0] {
            for skew in [0.0, 2.0] {
                for (two_locks, ordered) in [(false, false), (true, false), (true, true)] {
                    for (work_ms, keys, ttl_ms) in [(1.0, 1000, 2000.0), (5.0, 10, 30000.0)] {
                        let p = Params { lock, rate_per_s: rate, skew, two_locks, ordered, work_ms, keys, ttl_ms, updates: 1500, ..Default::default() };
                        let o = run(&p);
                        let english = o.narrative(&p);
                        same_figures(&es, MESSAGES, &english, |tr| o.narrative_in(&p, tr));
                        let s = &o.summary;
                        branches.insert(match (s.simulated, s.saturated_locks) {
                            (false, 1) => "one lock saturated",
                            (false, _) => "several saturated",
                            (true, _) if s.deadlocks > 0 => "deadlocked",
                            (true, _) if p.pairs() && p.ordered => "ordered",
                            (true, _) if p.two_locks && p.lock == Lock::Global => "two items, one lock",
                            (true, _) => "waits",
                        });
                    }
                }
            }
        }
    }
    assert_eq!(branches.len(), 6, "every branch of the narrative: {branches:?}");
}

/// The same for the paused holder, in every ending: its narrative, and every step of its timeline
/// (the actions are messages kept beside the result's English text).
#[test]
fn the_paused_holder_in_spanish_states_the_same_figures_in_every_step() {
    use locklab_sim::paused_holder::{run, Params, Protection, MESSAGES};
    let es = shipped_spanish();
    let mut endings = std::collections::BTreeSet::new();
    for protection in [Protection::None, Protection::FenceWrites, Protection::FenceAll, Protection::Conditional] {
        for (lease_s, pause_s) in [(10.0, 15.0), (10.0, 5.0), (10.2, 7.9), (5.0, 30.0), (10.0, 8.0), (1.0, 0.0)] {
            let p = Params { lease_s, pause_s, protection };
            let o = run(&p);
            same_figures(&es, MESSAGES, &o.narrative(&p), |tr| o.narrative_in(&p, tr));
            let english = o.timeline();
            let tr = Tr::new("es", Some(es.clone()), &[messages::SHARED, MESSAGES], Box::new(Spanish));
            let spanish = o.timeline_in(&tr);
            assert!(tr.missing().is_empty(), "every step is translated: {:?}", tr.missing());
            for (en, es) in english.steps.iter().zip(&spanish.steps) {
                assert_ne!(en.sentence, es.sentence);
                assert_eq!(figures(&en.sentence, '.'), figures(&es.sentence, ','), "{}\n{}", en.sentence, es.sentence);
            }
            // The result keeps its English words: data, the same in every language.
            for e in &o.summary.events {
                assert_eq!(e.action, Tr::english(&[MESSAGES]).said(&e.said));
            }
            endings.insert(format!("{:?} {:?}", o.summary.outcome, p.protection == Protection::FenceWrites));
        }
    }
    let kinds: std::collections::BTreeSet<_> = endings.iter().map(|e| e.split(' ').next().unwrap().to_string()).collect();
    assert_eq!(kinds.len(), 8, "every ending: {endings:?}");
}

/// The same for Redlock, in every scenario and both endings of each: its narrative, and every step
/// of its timeline, while the result's timeline stays English.
#[test]
fn redlock_in_spanish_states_the_same_figures_in_every_step() {
    use locklab_sim::redlock::{run, Params, PauseWhen, Scenario, MESSAGES};
    let es = shipped_spanish();
    let mut stories = std::collections::BTreeSet::new();
    for scenario in Scenario::ALL {
        for (ttl_ms, latency_ms, slow_ms, node_timeout_ms) in [(10_000.0, 5.0, 3000.0, 50.0), (10_000.0, 5.0, 20.0, 5000.0), (3000.0, 5.0, 3000.0, 5000.0), (100.0, 60.0, 1.0, 50.0)] {
            for (nodes_down, clock_jump_ms, delayed_restart, pause_ms, pause_when) in [(2, 5000.0, false, 15_000.0, PauseWhen::AfterCheck), (3, 100.0, true, 1000.0, PauseWhen::Collecting), (0, 9000.0, false, 0.0, PauseWhen::AfterCheck)] {
                let p = Params { scenario, ttl_ms, latency_ms, slow_ms, node_timeout_ms, nodes_down, clock_jump_ms, delayed_restart, pause_ms, pause_when, trials: 500, ..Default::default() };
                let o = run(&p);
                let english = o.narrative(&p);
                same_figures(&es, MESSAGES, &english, |tr| o.narrative_in(&p, tr));
                let tr = Tr::new("es", Some(es.clone()), &[messages::SHARED, MESSAGES], Box::new(Spanish));
                let spanish = o.timeline_in(&tr);
                assert!(tr.missing().is_empty(), "every step is translated: {:?}", tr.missing());
                assert_eq!(o.timeline_in(&Tr::english(&[MESSAGES])), o.timeline, "the result's timeline is the English one");
                for (en, es) in o.timeline.steps.iter().zip(&spanish.steps) {
                    assert_ne!(en.sentence, es.sentence);
                    // "5 yeses" in English, "5 síes" in Spanish; the TTL's arithmetic keeps its figures.
                    assert_eq!(figures(&en.sentence, '.'), figures(&es.sentence, ','), "{}\n{}", en.sentence, es.sentence);
                }
                stories.insert(english.split(['.', ':']).next().unwrap_or_default().chars().take(30).collect::<String>());
            }
        }
    }
    assert!(stories.len() >= 14, "the narrative's branches: {stories:?}");
}

/// The notices about an author's parameters are messages: each is shown in the widget's language,
/// while its `message` (in events) stays the English one, and none is left unsaid.
#[test]
fn notices_about_parameters_are_said_in_the_widgets_language() {
    use locklab_sim::params::{cap_notices, validate};
    use locklab_sim::ttl_tradeoff::SPECS;
    let es = shipped_spanish();
    let tr = Tr::new("es", Some(es), &[messages::SHARED], Box::new(Spanish));
    let english = Tr::english(&[messages::SHARED]);
    let raw: Vec<(String, String)> = [("ttl-s", "abc"), ("holds", "1e12"), ("stall-shape", "cauchy"), ("colour", "red"), ("ttl-s", "inf"), ("spread", "-4"), ("seed", "1.5"), ("width", "9")]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let (_, notices) = validate(SPECS, &raw);
    let notices = cap_notices(notices);
    assert!(notices.len() >= 6, "{notices:?}");
    for n in &notices {
        let said = n.said.as_ref().unwrap_or_else(|| panic!("a message: {}", n.message));
        assert_eq!(english.said(said), n.message, "the event's words are the English message's");
        let spanish = tr.said(said);
        assert_ne!(spanish, n.message);
        // What the author typed is quoted as typed (“1.5” in any language); the rest is figures.
        let unquoted = |t: &str| t.split(['“', '”', '«', '»']).step_by(2).collect::<String>();
        assert_eq!(figures(&unquoted(&n.message), '.'), figures(&unquoted(&spanish), ','), "{}\n{spanish}", n.message);
    }
    let missing = tr.missing();
    assert!(missing.is_empty(), "{missing:?}");
    let shown: Vec<String> = notices.iter().map(|n| tr.said(n.said.as_ref().unwrap())).collect();
    assert!(shown.iter().any(|s| s.starts_with("ttl-s=“inf” no es un número finito; se usa el valor por defecto,")), "{shown:?}");
    assert!(shown.iter().any(|s| s.starts_with("Parámetro desconocido «colour»: se ignora.")), "{shown:?}");
}

/// The fencing sandbox in Spanish: its narrative, every line of its log, every reason a step
/// cannot be played and every client's state, in each protection along every order of two
/// clients' steps (and a sample of three's), state the English figures; the log keeps its English.
#[test]
fn the_fencing_sandbox_in_spanish_states_the_same_figures_in_every_step() {
    use locklab_sim::fencing_sandbox::{enumerate, run, validate, Action, Move, Params, Protection, MESSAGES};
    let es = shipped_spanish();
    let tr = Tr::new("es", Some(es.clone()), &[messages::SHARED, MESSAGES], Box::new(Spanish));
    let english = Tr::english(&[messages::SHARED, MESSAGES]);
    let mut keys = std::collections::BTreeSet::new();
    let mut check = |en: &str, said: &messages::Said| {
        assert_eq!(english.said(said), en);
        let spanish = tr.said_for("fencing-sandbox", said);
        assert_ne!(spanish, en);
        assert_eq!(figures(en, '.'), figures(&spanish, ','), "{en}\n{spanish}");
        keys.insert(said.key);
    };
    let mut stories: Vec<(u8, u32, Vec<Move>)> = Vec::new();
    for (clients, lease_s) in [(2u8, 10u32), (2, 3), (3, 4)] {
        let orders = enumerate(clients, lease_s);
        for (i, (path, _)) in orders.iter().enumerate() {
            if clients == 3 && i % 41 != 0 {
                continue;
            }
            for k in [1, path.len() / 2, path.len()] {
                stories.push((clients, lease_s, path[..k].to_vec()));
            }
        }
    }
    // What the enumeration never plays: waits, and a read after a newer holder's (refused when
    // every access is fenced, and then nothing to write).
    let by_hand = |text: &str| {
        let (values, notices) = validate(&[("lease-s".into(), "3".into()), ("steps".into(), text.into())]);
        assert!(notices.is_empty(), "{notices:?}");
        values.iter().skip(3).filter_map(|&c| Move::from_code(c)).collect::<Vec<_>>()
    };
    stories.push((2, 3, by_hand("A.acquire,wait,wait,wait,B.acquire,B.read,A.read,A.write,B.write,B.release,A.release")));
    for (clients, lease_s, steps) in stories {
        {
            for protection in Protection::ALL {
                {
                    let p = Params { protection, clients, lease_s, steps: steps.clone() };
                    let o = run(&p);
                    same_figures(&es, MESSAGES, &o.narrative(&p), |tr| o.narrative_in(&p, tr));
                    for l in &o.world.log {
                        check(&l.sentence, &l.said);
                    }
                    for c in 0..3u8 {
                        check(&english.said(&o.world.status(c)), &o.world.status(c));
                        for a in Action::ALL {
                            if let Err(why) = o.world.possible(Move::Do(c, a)) {
                                check(&english.said(&why), &why);
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(tr.missing().is_empty(), "{:?}", tr.missing());
    // Every log line, reason and state was met (a few only in three clients' stories).
    for key in ["sandbox-log-wait", "sandbox-log-write-erasing", "sandbox-log-read-refused", "sandbox-log-no-write", "sandbox-log-release-other", "sandbox-log-release-expired", "sandbox-why-lease-left", "sandbox-why-no-lock", "sandbox-why-paused", "sandbox-status-believes", "sandbox-status-ran-out-frozen"] {
        assert!(keys.contains(key), "{key} was never said: {keys:?}");
    }
    // One step is one step, in both languages.
    let p = Params { protection: Protection::None, clients: 2, lease_s: 10, steps: vec![Move::Do(0, Action::Acquire)] };
    let o = run(&p);
    assert!(o.narrative(&p).starts_with("After 1 step (the clock at 1 s)."), "{}", o.narrative(&p));
    assert!(o.narrative_in(&p, &tr).starts_with("Tras 1 paso (con el reloj en 1 s)."), "{}", o.narrative_in(&p, &tr));
    // An author's steps, refused in Spanish with the same figures; what was typed quoted as typed.
    for steps in ["A.acquire,A.read,B.acquire", "A.acquire,A.dance", &vec!["wait"; 70].join(",")] {
        let (_, notices) = validate(&[("steps".into(), steps.into())]);
        assert_eq!(notices.len(), 1, "{notices:?}");
        let said = notices[0].said.as_ref().expect("a message");
        assert_eq!(english.said(said), notices[0].message);
        let spanish = tr.said_for("fencing-sandbox", said);
        let unquoted = |t: &str| t.split(['“', '”', '«', '»']).step_by(2).collect::<String>();
        assert_eq!(figures(&unquoted(&notices[0].message), '.'), figures(&unquoted(&spanish), ','), "{}\n{spanish}", notices[0].message);
        assert!(spanish.starts_with("steps: "), "{spanish}");
    }
}

/// The English compiled in is the source files without their comments (crates/sim/build.rs): the
/// same messages, and no translator's note.
#[test]
fn the_english_compiled_in_is_the_sources_messages_without_their_comments() {
    let mut compiled: Vec<(String, &str)> = widget_sources().into_iter().map(|(name, text)| (format!("{name}.ftl"), text)).collect();
    compiled.push(("shared.ftl".into(), messages::SHARED));
    compiled.push(("course.ftl".into(), messages::COURSE));
    compiled.push(("quiz.ftl".into(), messages::QUIZ));
    for (file, text) in compiled {
        let source = std::fs::read_to_string(root().join("en").join(&file)).unwrap();
        assert_eq!(Bundle::parse(text).unwrap(), Bundle::parse(&source).unwrap(), "{file}: the same messages");
        assert!(source.lines().any(|l| l.starts_with('#')), "{file}: the source has its notes");
        assert!(!text.lines().any(|l| l.starts_with('#')), "{file}: compiled in without them");
        assert!(!text.contains("\n\n\n"), "{file}: one blank line at most");
    }
}

/// The translation guide's excerpt of the English source (docs/src/contributors/translating.md) is
/// as the source has it: each message, with the note above it, stands in one of `en/`'s files.
#[test]
fn the_translation_guides_excerpt_is_the_sources() {
    let guide = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/src/contributors/translating.md")).unwrap();
    let excerpt = guide.split("```fluent\n").nth(1).and_then(|rest| rest.split("\n```").next()).expect("the guide has a fluent excerpt");
    let mut sources = String::new();
    for e in std::fs::read_dir(root().join("en")).unwrap() {
        sources.push_str(&std::fs::read_to_string(e.unwrap().path()).unwrap());
    }
    // Entries: notes, then a message's first line and the lines that go on from it.
    let mut entries: Vec<String> = Vec::new();
    let mut notes = String::new();
    for line in excerpt.lines() {
        if line.starts_with('#') {
            notes.push_str(line);
            notes.push('\n');
        } else if line.starts_with(|c: char| c.is_ascii_lowercase()) {
            entries.push(std::mem::take(&mut notes) + line);
        } else if let Some(last) = entries.last_mut() {
            last.push('\n');
            last.push_str(line);
        }
    }
    assert!(entries.len() >= 3, "{entries:?}");
    for entry in &entries {
        assert!(sources.contains(entry.as_str()), "the guide's excerpt is not the source's:\n{entry}");
    }
    Bundle::parse(excerpt).expect("the excerpt parses");
}

/// One of a thing is one, in both languages: an arrival rate, a lock's capacity and a count of
/// masters' yeses are said with the plural their number takes, inside the sentences that name them.
#[test]
fn one_update_and_one_yes_are_singular() {
    use locklab_sim::{lock_granularity, optimistic_pessimistic, redlock};
    let es = shipped_spanish();
    for (widget, key, arg, one, many, uno, muchos) in [
        (optimistic_pessimistic::MESSAGES, "opt-rate", "rate", "1 update a second", "2 updates a second", "1 actualización por segundo", "2 actualizaciones por segundo"),
        (lock_granularity::MESSAGES, "gran-capacity", "capacity", "1 update a second", "1.5 updates a second", "1 actualización por segundo", "1,5 actualizaciones por segundo"),
        (redlock::MESSAGES, "redlock-yeses", "quorum", "1 yes", "3 yeses", "1 sí", "3 síes"),
    ] {
        let en = Tr::english(&[messages::SHARED, widget]);
        let tr = Tr::new("es", Some(es.clone()), &[messages::SHARED, widget], Box::new(Spanish));
        let n = |s: &str| s.replace(',', ".").parse::<f64>().unwrap();
        assert_eq!(en.msg(key, &[(arg, 1.0.into())]), one);
        assert_eq!(en.msg(key, &[(arg, n(many.split(' ').next().unwrap()).into())]), many);
        assert_eq!(tr.msg(key, &[(arg, 1.0.into())]), uno);
        assert_eq!(tr.msg(key, &[(arg, n(muchos.split(' ').next().unwrap()).into())]), muchos);
    }
    // Inside the sentences: the narrative at one update a second.
    let p = optimistic_pessimistic::Params { rate_per_s: 1.0, ..Default::default() };
    let o = optimistic_pessimistic::run(&p);
    assert!(o.narrative(&p).starts_with("At 1 update a second with "), "{}", o.narrative(&p));
}
