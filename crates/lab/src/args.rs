//! The command line, parsed by hand (four commands and a few options do not need a parser crate).

pub const USAGE: &str = "\
usage:
  locklab-lab list
  locklab-lab run <widget> [--<param> <value>]... [--url <address>] [--json]
                  [--redis redis://127.0.0.1:PORT] [--postgres postgres://USER@127.0.0.1:PORT/DB]
                  [--time-scale F] [--all-orders] [--cases N] [--own-draws] [--machine]
                  [--lock-apart] [--etcd]
                  [--dry-run]
  locklab-lab check [--json] [--only <widget>] [--record DIR] [--redis URL] [--postgres URL]

run replays the widget's story on real servers with the widget's own parameters (the same names,
validated by the widgets' registry) and prints each result field, simulated and real. --url takes
a lesson address (index.html?paused-holder.pause-s=20) or an embed address
(embed.html?widget=paused-holder&pause-s=20); --<param> options given after it win. Without
--redis/--postgres the lab starts its own servers and stops them when it ends. --time-scale is
real seconds per second of the story (each widget has its own default; `list` shows it).
--all-orders (fencing-sandbox) plays every order of the clients' steps for real. --cases N
(lease-renewal) replays the seed's first N runs (at most 50) beside the lab's grid. --own-draws
(ttl-tradeoff, optimistic-vs-pessimistic) draws the story's randomness with the lab's own code
instead of replaying the widget's draws, and compares two independent runs. --machine
(ttl-tradeoff, redis-failover) draws nothing: each hold is real work (round trips to Redis beside
63 others on the machine's cores), so the machine decides how long it lasts; the grants before a
failover follow each reply after a fixed pause, so the machine spaces them. --lock-apart
(optimistic-vs-pessimistic) keeps the pessimistic way's lock apart from the data: an advisory
lock on connections of its own, through a proxy holding each request lock-ms. --etcd
(paused-holder) takes the lock from etcd's own lock service on three members of the lab's own,
Jepsen's etcd lock under a pause; etcd's leases are whole seconds, so the lab chooses the time
scale (a lease of N s lasts N/2 real seconds, at least 2). --dry-run
validates and prints what would run, and starts nothing.

check runs every widget's settings (or --only one's). --record DIR also writes DIR/<widget>.json
for each: where and when (the servers and their versions, the machine, the date) and every
setting's rows, simulated and real, in the format locklab-course's lab_record validates; the
release ships the project's recorded files (crates/lab/records/) in dist/lab/.

exit status: 0 real and simulated agree, 1 they disagree, 2 bad arguments, 3 could not run,
141 the reader of its output went away (locklab-lab list | head): the servers stopped all the same.";

/// The most seeded runs `--cases` replays.
pub const MAX_CASES: u32 = 50;

/// What to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    List,
    Run(RunArgs),
    Check(CheckArgs),
    /// An actor of a story (the lab runs itself as its own child): role and arguments.
    Actor(String, Vec<String>),
    Help,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunArgs {
    pub widget: Option<String>,
    /// `--<param> <value>` in the order given.
    pub pairs: Vec<(String, String)>,
    pub url: Option<String>,
    pub json: bool,
    pub redis: Option<String>,
    pub postgres: Option<String>,
    pub time_scale: Option<f64>,
    pub all_orders: bool,
    /// lease-renewal: the seed's first N runs, replayed beside the grid.
    pub cases: Option<u32>,
    /// Draw the story's randomness with the lab's own code, not the widget's draws.
    pub own_draws: bool,
    /// Draw nothing: the machine's own timing is the story's randomness.
    pub machine: bool,
    /// optimistic-vs-pessimistic: the pessimistic lock apart from the data, lock-ms away.
    pub lock_apart: bool,
    /// paused-holder: etcd's lock service instead of Redis.
    pub etcd: bool,
    /// Validate and say what would run, without starting anything.
    pub dry_run: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct CheckArgs {
    pub json: bool,
    pub only: Option<String>,
    /// Write one file per widget into this folder (`check --record DIR`, record.rs).
    pub record: Option<String>,
    pub redis: Option<String>,
    pub postgres: Option<String>,
}

/// Parses the arguments after the program's name.
pub fn parse(args: &[String]) -> Result<Command, String> {
    let Some(first) = args.first() else { return Ok(Command::Help) };
    let rest = &args[1..];
    match first.as_str() {
        "list" => {
            if let Some(extra) = rest.first() {
                return Err(format!("list takes no arguments (got \u{201c}{extra}\u{201d})"));
            }
            Ok(Command::List)
        }
        "run" => parse_run(rest).map(Command::Run),
        "check" => parse_check(rest).map(Command::Check),
        "actor" => match rest.split_first() {
            Some((role, more)) => Ok(Command::Actor(role.clone(), more.to_vec())),
            None => Err("actor needs a role (actors are started by the lab itself)".into()),
        },
        "help" | "--help" | "-h" => Ok(Command::Help),
        other => Err(format!("unknown command \u{201c}{other}\u{201d}: use list, run or check")),
    }
}

/// Splits `--name=value`, or takes the value from the next argument.
fn option<'a>(arg: &'a str, it: &mut std::iter::Peekable<std::slice::Iter<'a, String>>) -> Option<(&'a str, Option<String>)> {
    let body = arg.strip_prefix("--")?;
    Some(match body.split_once('=') {
        Some((k, v)) => (k, Some(v.to_string())),
        None => (body, it.next_if(|n| !n.starts_with("--")).cloned()),
    })
}

fn need(name: &str, v: Option<String>) -> Result<String, String> {
    v.filter(|v| !v.is_empty()).ok_or_else(|| format!("--{name} needs a value"))
}

fn parse_run(args: &[String]) -> Result<RunArgs, String> {
    let mut r = RunArgs::default();
    let mut seen = Vec::new();
    let mut it = args.iter().peekable();
    while let Some(arg) = it.next() {
        let Some((name, value)) = option(arg, &mut it) else {
            if r.widget.is_some() {
                return Err(format!("unexpected \u{201c}{arg}\u{201d}: parameters are written --name value"));
            }
            r.widget = Some(arg.clone());
            continue;
        };
        once(&mut seen, name)?;
        match name {
            "json" | "all-orders" | "own-draws" | "machine" | "lock-apart" | "etcd" | "dry-run" => {
                if let Some(v) = value.filter(|v| !matches!(v.as_str(), "true" | "1")) {
                    return Err(format!("--{name} takes no value (got \u{201c}{v}\u{201d})"));
                }
                match name {
                    "json" => r.json = true,
                    "all-orders" => r.all_orders = true,
                    "own-draws" => r.own_draws = true,
                    "machine" => r.machine = true,
                    "lock-apart" => r.lock_apart = true,
                    "etcd" => r.etcd = true,
                    _ => r.dry_run = true,
                }
            }
            "url" => r.url = Some(need(name, value)?),
            "redis" => r.redis = Some(need(name, value)?),
            "postgres" => r.postgres = Some(need(name, value)?),
            "time-scale" => r.time_scale = Some(scale(&need(name, value)?)?),
            "cases" => {
                let v = need(name, value)?;
                let n: u32 = v.trim().parse().map_err(|_| format!("--cases takes a whole number of runs from 0 to {MAX_CASES} (got \u{201c}{v}\u{201d})"))?;
                if n > MAX_CASES {
                    return Err(format!("--cases takes at most {MAX_CASES} runs (got {n}): each is six real replays on two lock services"));
                }
                r.cases = Some(n);
            }
            "" => return Err("an empty option \u{201c}--\u{201d}".into()),
            // A widget parameter: the registry validates it. A bare flag means true.
            param => r.pairs.push((param.to_string(), value.unwrap_or_else(|| "true".into()))),
        }
    }
    Ok(r)
}

fn parse_check(args: &[String]) -> Result<CheckArgs, String> {
    let mut c = CheckArgs::default();
    let mut seen = Vec::new();
    let mut it = args.iter().peekable();
    while let Some(arg) = it.next() {
        let Some((name, value)) = option(arg, &mut it) else {
            return Err(format!("check takes no widget (got \u{201c}{arg}\u{201d}): use --only <widget> or run <widget>"));
        };
        once(&mut seen, name)?;
        match name {
            "json" => c.json = true,
            "only" => c.only = Some(need(name, value)?),
            "record" => c.record = Some(need(name, value)?),
            "redis" => c.redis = Some(need(name, value)?),
            "postgres" => c.postgres = Some(need(name, value)?),
            other => return Err(format!("check does not take --{other} (it runs each scenario at its check settings)")),
        }
    }
    Ok(c)
}

/// Refuses an option given twice: which of the two was meant is not the lab's to guess (the
/// widgets refuse a repeated parameter too). `--url`'s own parameters are not options: options
/// after it still win.
fn once(seen: &mut Vec<String>, name: &str) -> Result<(), String> {
    if seen.iter().any(|s| s == name) {
        return Err(format!("--{name} is given twice: give it once"));
    }
    seen.push(name.to_string());
    Ok(())
}

fn scale(t: &str) -> Result<f64, String> {
    match t.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= 100.0 => Ok(v),
        _ => Err(format!("--time-scale=\u{201c}{t}\u{201d} is not a number above 0 and at most 100 (real seconds per second of the story)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(a: &[&str]) -> Result<Command, String> {
        parse(&a.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn run_takes_parameters_and_options() {
        let Ok(Command::Run(r)) = p(&["run", "counter-race", "--workers", "12", "--lock", "--think-ms=5", "--json", "--time-scale", "0.5"]) else { panic!() };
        assert_eq!(r.widget.as_deref(), Some("counter-race"));
        assert_eq!(r.pairs, vec![("workers".into(), "12".into()), ("lock".into(), "true".into()), ("think-ms".into(), "5".into())]);
        assert!(r.json);
        assert_eq!(r.time_scale, Some(0.5));
    }

    #[test]
    fn bad_options_say_what_is_wrong() {
        assert!(p(&["run", "x", "--time-scale", "0"]).unwrap_err().contains("above 0"));
        assert!(p(&["run", "x", "--time-scale", "fast"]).unwrap_err().contains("not a number"));
        assert!(p(&["run", "x", "--url"]).unwrap_err().contains("needs a value"));
        assert!(p(&["run", "x", "y"]).unwrap_err().contains("unexpected"));
        assert!(p(&["check", "--time-scale", "1"]).unwrap_err().contains("does not take"));
        assert!(p(&["frobnicate"]).unwrap_err().contains("unknown command"));
        assert_eq!(p(&[]), Ok(Command::Help));
        // A repeated option, a parameter or the lab's own, in either spelling.
        for twice in [&["run", "ttl-tradeoff", "--ttl-s", "5", "--ttl-s=9"][..], &["run", "x", "--json", "--json"], &["run", "x", "--redis", "a", "--redis", "b"], &["check", "--only", "a", "--only", "b"]] {
            assert!(p(twice).unwrap_err().contains("is given twice"), "{twice:?}");
        }
    }
}
