//! `locklab-lab`: replays a locklab widget's story on a real Redis and a real PostgreSQL and prints
//! what the real system did beside what the simulation says. See `USAGE` in [`args`].

/// `println!` for what the lab reports on stdout, except that a reader gone away (`locklab-lab list
/// | head`, a `check` piped to a pager that was quit) ends the lab quietly, servers stopped, with the
/// status a shell gives a process that SIGPIPE ended (141), instead of a panic.
macro_rules! say {
    ($($t:tt)*) => { $crate::say_line(format_args!($($t)*)) };
}

/// A line on stderr. A stderr whose reader has gone (`2>&1 | head`) is not worth stopping for:
/// what matters goes to stdout, and `say!` stops the lab when that one closes.
macro_rules! tell {
    ($($t:tt)*) => { $crate::tell_line(format_args!($($t)*)) };
}

mod actors;
mod address;
mod args;
mod bands;
mod clock;
mod etcd;
mod guard;
mod own;
mod pool;
mod proxy;
mod record;
mod report;
mod scenarios;
mod serve;
mod servers;
mod store;

use std::process::exit;
use std::time::Instant;

use args::{CheckArgs, Command, RunArgs, USAGE};
use report::Report;
use scenarios::{Ctx, LABS};
use servers::{Given, Need};

fn say_line(args: std::fmt::Arguments) {
    use std::io::Write;
    if let Err(e) = writeln!(std::io::stdout().lock(), "{args}") {
        guard::shutdown();
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            exit(CLOSED_PIPE);
        }
        tell!("locklab-lab: cannot write to stdout: {e}");
        exit(COULD_NOT_RUN);
    }
}

fn tell_line(args: std::fmt::Arguments) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{args}");
}

/// Exit statuses.
const AGREE: i32 = 0;
const DISAGREE: i32 = 1;
const BAD_ARGS: i32 = 2;
const COULD_NOT_RUN: i32 = 3;
/// Stdout's reader went away (128 + SIGPIPE, what a shell reports for `yes | head`).
const CLOSED_PIPE: i32 = 141;

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let cmd = match args::parse(&argv) {
        Ok(c) => c,
        Err(e) => {
            tell!("locklab-lab: {e}\n\n{USAGE}");
            exit(BAD_ARGS);
        }
    };
    clock::tight_timers();
    // The mutation suite's switch (crates/lab/tests/mutations.rs): one deliberately wrong model.
    if let Ok(name) = std::env::var("LOCKLAB_MUTATION") {
        if let Err(e) = locklab_sim::mutation::set(&name) {
            tell!("locklab-lab: LOCKLAB_MUTATION: {e}");
            exit(BAD_ARGS);
        }
        if !matches!(cmd, Command::Actor(..)) {
            tell!("locklab-lab: MUTATED MODEL {name}: the simulation is deliberately wrong (LOCKLAB_MUTATION); the lab must disagree");
        }
    }
    // The check test's paired form of the suite: a real run judged again under wrong models.
    if let Ok(names) = std::env::var("LOCKLAB_JUDGE_ALSO") {
        for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            if !locklab_sim::mutation::ALL.iter().any(|m| m.name == name) {
                tell!("locklab-lab: LOCKLAB_JUDGE_ALSO: no mutation named {name:?}");
                exit(BAD_ARGS);
            }
        }
        if std::env::var_os("LOCKLAB_MUTATION").is_some() {
            tell!("locklab-lab: LOCKLAB_JUDGE_ALSO and LOCKLAB_MUTATION: give one");
            exit(BAD_ARGS);
        }
    }
    if let Command::Actor(role, rest) = &cmd {
        // An actor is the lab's own child: it dies with the lab (PR_SET_PDEATHSIG) and starts nothing.
        match scenarios::actor(role, rest) {
            Ok(()) => exit(0),
            Err(e) => {
                tell!("locklab-lab actor {role}: {e}");
                exit(COULD_NOT_RUN);
            }
        }
    }
    let guard = guard::install();
    let code = match cmd {
        Command::List => list(),
        Command::Run(r) => run(r),
        Command::Check(c) => check(c),
        Command::Serve(s) => match serve::serve(&s) {
            Ok(()) => AGREE,
            Err(e) => {
                tell!("locklab-lab serve: {e}");
                COULD_NOT_RUN
            }
        },
        Command::Help | Command::Actor(..) => {
            say!("{USAGE}");
            AGREE
        }
    };
    drop(guard);
    exit(code);
}

fn list() -> i32 {
    say!("{:26} {:46} {:11} what runs for real", "widget", "needs", "time scale");
    for l in LABS {
        let needs: Vec<&str> = l.needs.iter().map(|n| n.name()).collect();
        say!("{:26} {:46} {:11} {}", l.name, needs.join(" + "), l.default_scale.to_string(), l.what);
    }
    let others: Vec<&str> = locklab_sim::registry::NAMES.iter().copied().filter(|n| scenarios::find(n).is_none() && *n != "quiz").collect();
    say!("\nno lab scenario yet: {}", others.join(", "));
    AGREE
}

/// The widget and its parameters from the command line and the address (`--url`).
fn resolve(r: &RunArgs) -> Result<(&'static scenarios::Lab, Vec<f64>), String> {
    let mut pairs = Vec::new();
    let mut widget = r.widget.clone();
    if let Some(url) = &r.url {
        let from = address::read(url, widget.as_deref())?;
        if !from.notices.is_empty() {
            let lines: Vec<String> = from.notices.iter().map(|n| format!("  notice: {}", n.message)).collect();
            return Err(format!("the address is refused as the widget would refuse it:\n{}", lines.join("\n")));
        }
        widget = from.widget;
        pairs = from.pairs;
    }
    let name = widget.ok_or("run needs a widget: locklab-lab run <widget> (see locklab-lab list)")?;
    let Some(w) = locklab_sim::registry::find(&name) else {
        return Err(format!("no widget \u{201c}{name}\u{201d}; the widgets are {}", locklab_sim::registry::NAMES.join(", ")));
    };
    let lab = scenarios::find(w.name).ok_or_else(|| {
        let names: Vec<&str> = LABS.iter().map(|l| l.name).collect();
        format!("the lab has no scenario for {} yet; it runs {}", w.name, names.join(", "))
    })?;
    if r.all_orders && lab.name != "fencing-sandbox" {
        return Err("--all-orders is for fencing-sandbox".into());
    }
    if r.cases.is_some() && lab.name != "lease-renewal" {
        return Err("--cases is for lease-renewal".into());
    }
    if r.lock_apart && lab.name != "optimistic-vs-pessimistic" {
        return Err("--lock-apart is for optimistic-vs-pessimistic".into());
    }
    if r.etcd && lab.name != "paused-holder" {
        return Err("--etcd is for paused-holder".into());
    }
    if r.partition && lab.name != "redis-failover" {
        return Err("--partition is for redis-failover".into());
    }
    if r.partition && (r.machine || r.time_scale.is_some()) {
        return Err("--partition keeps its own timing (a partition of seconds, Sentinel's own timers): no --machine or --time-scale".into());
    }
    if r.etcd && r.time_scale.is_some() {
        return Err("--etcd chooses its own time scale: etcd's leases are whole seconds (a lease of N s of the story lasts N/2 real seconds, at least 2)".into());
    }
    if r.machine && !scenarios::MACHINE.contains(&lab.name) {
        return Err(format!("--machine is for {}", scenarios::MACHINE.join(" and ")));
    }
    if r.machine && r.own_draws {
        return Err("--machine draws nothing, --own-draws draws with the lab's code: one or the other".into());
    }
    if r.own_draws && !scenarios::OWN_DRAWS.contains(&lab.name) {
        return Err(format!("--own-draws is for {}: the other stories have no random draws to replay, or replay them only", scenarios::OWN_DRAWS.join(" and ")));
    }
    pairs.extend(r.pairs.iter().cloned());
    let values = scenarios::validate(lab.name, &pairs)?;
    if r.partition && locklab_sim::redis_failover::Params::from_values(&values).store == locklab_sim::redis_failover::Store::Redlock {
        return Err("--partition is for store=redis (a Redis primary cut off from its replica and Sentinel) and store=consensus (etcd's leader cut off from the other two members)".into());
    }
    Ok((lab, values))
}

fn run(r: RunArgs) -> i32 {
    let (lab, values) = match resolve(&r) {
        Ok(x) => x,
        Err(e) => {
            tell!("locklab-lab: {e}");
            return BAD_ARGS;
        }
    };
    let needs = scenarios::run_needs(lab, r.etcd);
    let scale = match r.time_scale {
        Some(s) => s,
        None if r.etcd => scenarios::paused_holder::etcd_scale(locklab_sim::paused_holder::Params::from_values(&values).lease_s),
        None => lab.default_scale,
    };
    if r.dry_run {
        let w = locklab_sim::registry::find(lab.name).map(|w| w.specs).unwrap_or(&[]);
        let mut pairs = locklab_sim::params::to_pairs(w, &values);
        if lab.name == locklab_sim::fencing_sandbox::NAME {
            pairs.extend(locklab_sim::fencing_sandbox::steps_pair(&values));
        }
        let settings: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let needs: Vec<&str> = needs.iter().map(|n| n.name()).collect();
        say!(
            "would run {} {} at time scale {scale}{}{}{}{}{}{} on {}",
            lab.name,
            settings.join(" "),
            if r.all_orders { " with every order" } else { "" },
            if r.own_draws { " with the lab's own draws" } else { "" },
            if r.machine { " with the machine's own timing" } else { "" },
            if r.lock_apart { " with the lock apart from the data" } else { "" },
            if r.etcd { " with etcd's lock" } else { "" },
            if r.partition { " with a partition of the primary" } else { "" },
            needs.join(" and ")
        );
        return AGREE;
    }
    let given = Given { redis: r.redis.clone(), postgres: r.postgres.clone() };
    let ep = match servers::prepare(&needs, &given) {
        Ok(ep) => ep,
        Err(e) => {
            tell!("locklab-lab: {e}");
            return COULD_NOT_RUN;
        }
    };
    if std::env::var_os("LOCKLAB_LAB_TEST_PANIC").is_some() {
        panic!("LOCKLAB_LAB_TEST_PANIC is set: panicking on purpose, after starting the servers (a test of the cleanup)");
    }
    let ctx = Ctx { ep, scale, scale_given: r.time_scale.is_some(), cases: r.cases.unwrap_or(0), own_draws: r.own_draws, machine: r.machine, lock_apart: r.lock_apart, etcd: r.etcd, partition: r.partition };
    match scenarios::run(lab.name, &ctx, &values, r.all_orders) {
        Ok(reports) => {
            print_reports(&reports, r.json);
            verdict(&reports)
        }
        Err(e) => {
            tell!("locklab-lab: {} could not run: {e}", lab.name);
            COULD_NOT_RUN
        }
    }
}

fn print_reports(reports: &[Report], json: bool) {
    if json {
        let v: Vec<serde_json::Value> = reports.iter().map(Report::json).collect();
        let out = if v.len() == 1 { v[0].clone() } else { serde_json::Value::Array(v) };
        say!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
    } else {
        for r in reports {
            say!("{}", r.table());
        }
    }
}

fn verdict(reports: &[Report]) -> i32 {
    if reports.iter().all(Report::agrees) { AGREE } else { DISAGREE }
}

/// How many times `check` runs a story at most when its runs' timing does not hold.
const RUNS: usize = 3;

/// One story's check: its reports, the lines it said while rerunning, and its time in seconds.
type Checked = Result<(Vec<Report>, Vec<String>, f64), String>;

/// Checks one story. A story whose run disagrees where its own timing says it could not keep the
/// story's order (a step later than the gap between two of its offsets; etcd electing a new
/// leader, which renews every lease) is run again, at most RUNS times in all: the disagreement of
/// such a run may be the machine's. Only a run whose timing held, or the last one, is judged; a
/// disagreement in a run whose timing held fails at once. Each earlier run's disagreements are
/// kept in the notes of the one judged.
fn check_story(lab: &scenarios::Lab, ep: &servers::Endpoints) -> Checked {
    let t = Instant::now();
    let ctx = Ctx { ep: ep.clone(), scale: lab.default_scale, scale_given: false, cases: 0, own_draws: false, machine: false, lock_apart: false, etcd: false, partition: false };
    let mut earlier: Vec<String> = Vec::new();
    let mut lines: Vec<String> = Vec::new();
    let mut outcome = scenarios::check(lab.name, &ctx);
    for attempt in 2..=RUNS {
        let Ok(reports) = &outcome else { break };
        let slipped: Vec<&Report> = reports.iter().filter(|r| !r.agrees() && r.timing_slipped()).collect();
        if slipped.is_empty() || reports.iter().any(|r| !r.agrees() && !r.timing_slipped()) {
            break;
        }
        for r in &slipped {
            let why = r.notes.iter().filter(|n| n.starts_with(report::TIMING_SLIPPED)).cloned().collect::<Vec<_>>().join("; ");
            earlier.push(format!("run {} of this story disagreed at {} where its timing did not hold ({why})", attempt - 1, r.label));
        }
        lines.push(format!("== {}: {} setting(s) disagreed in a run whose timing did not hold: running the story again ({attempt} of at most {RUNS})", lab.name, slipped.len()));
        outcome = scenarios::check(lab.name, &ctx);
    }
    let mut reports = outcome?;
    for r in &mut reports {
        r.notes.extend(earlier.iter().cloned());
    }
    Ok((reports, lines, t.elapsed().as_secs_f64()))
}

/// Records and prints one story's check; keeps its reports in `all`.
fn show(lab: &scenarios::Lab, got: Checked, c: &CheckArgs, alone: bool, all: &mut Vec<Report>) -> Result<(), i32> {
    let (reports, lines, seconds) = got.map_err(|e| {
        tell!("locklab-lab: {} could not run: {e}", lab.name);
        COULD_NOT_RUN
    })?;
    if let Some(dir) = &c.record {
        let v = record::record(lab.name, lab.default_scale, &reports, &record::today(), lab.needs);
        match record::write(std::path::Path::new(dir), lab.name, &v) {
            Ok(path) => tell!("locklab-lab: recorded {} setting(s) of {} in {}", reports.len(), lab.name, path.display()),
            Err(e) => {
                tell!("locklab-lab: {e}");
                return Err(COULD_NOT_RUN);
            }
        }
    }
    if !c.json {
        for l in &lines {
            say!("{l}");
        }
        let ok = reports.iter().filter(|r| r.agrees()).count();
        let with = if lab.pace == scenarios::Pace::Background && !alone { ", beside the stories above it" } else { "" };
        say!("== {}: {ok} of {} settings agree ({seconds:.1} s, time scale {}{with})", lab.name, reports.len(), lab.default_scale);
        for r in &reports {
            say!("{}", r.line());
        }
    }
    all.extend(reports);
    Ok(())
}

fn check(c: CheckArgs) -> i32 {
    let labs: Vec<&scenarios::Lab> = match &c.only {
        Some(o) => match scenarios::find(o) {
            Some(l) => vec![l],
            None => {
                tell!("locklab-lab: --only \u{201c}{o}\u{201d} is not a lab scenario (see locklab-lab list)");
                return BAD_ARGS;
            }
        },
        None => LABS.iter().collect(),
    };
    let mut needs: Vec<Need> = labs.iter().flat_map(|l| l.needs.iter().copied()).collect();
    needs.sort_by_key(|n| *n as u8);
    needs.dedup();
    needs.dedup();
    let started = Instant::now();
    let given = Given { redis: c.redis.clone(), postgres: c.postgres.clone() };
    let ep = match servers::prepare(&needs, &given) {
        Ok(ep) => ep,
        Err(e) => {
            tell!("locklab-lab: {e}");
            return COULD_NOT_RUN;
        }
    };
    let versions: Vec<String> = [("Redis", &ep.redis_version), ("PostgreSQL", &ep.postgres_version)].iter().filter_map(|(n, v)| v.as_ref().map(|v| format!("{n} {v}"))).collect();
    if !c.json {
        say!("locklab-lab check on {} (servers ready after {:.1} s)", versions.join(" and "), started.elapsed().as_secs_f64());
    }
    // The background stories start first, the stories that can run beside them follow one after
    // another, and the stories that need the machine to themselves wait for the background to end
    // (scenarios::Pace). Each story's lines are printed together when it has ended.
    let alone = labs.len() == 1;
    let pace = |l: &scenarios::Lab| if alone { scenarios::Pace::Alone } else { l.pace };
    let background: Vec<_> = labs
        .iter()
        .filter(|l| pace(l) == scenarios::Pace::Background)
        .map(|&lab| {
            let ep = ep.clone();
            (lab, std::thread::spawn(move || check_story(lab, &ep)))
        })
        .collect();
    let mut all = Vec::new();
    for &lab in labs.iter().filter(|l| pace(l) == scenarios::Pace::Beside) {
        if let Err(code) = show(lab, check_story(lab, &ep), &c, alone, &mut all) {
            return code;
        }
    }
    for (lab, h) in background {
        let got = h.join().unwrap_or_else(|_| Err(format!("{} panicked", lab.name)));
        if let Err(code) = show(lab, got, &c, alone, &mut all) {
            return code;
        }
    }
    for &lab in labs.iter().filter(|l| pace(l) == scenarios::Pace::Alone) {
        if let Err(code) = show(lab, check_story(lab, &ep), &c, alone, &mut all) {
            return code;
        }
    }
    if c.json {
        let v: Vec<serde_json::Value> = all.iter().map(Report::json).collect();
        say!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    } else {
        let bad = all.iter().filter(|r| !r.agrees()).count();
        let how = if bad == 0 { "all agree".to_string() } else { format!("{bad} DISAGREE") };
        say!("check: {} settings, {how} ({:.1} s in all)", all.len(), started.elapsed().as_secs_f64());
    }
    verdict(&all)
}
