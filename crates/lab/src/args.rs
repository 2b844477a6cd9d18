//! The command line, parsed by hand (four commands and a few options do not need a parser crate).

pub const USAGE: &str = "\
usage:
  locklab-lab list
  locklab-lab run <widget> [--<param> <value>]... [--url <address>] [--json]
                  [--redis redis://127.0.0.1:PORT] [--postgres postgres://USER@127.0.0.1:PORT/DB]
                  [--time-scale F] [--all-orders] [--cases N] [--own-draws] [--machine]
                  [--lock-apart] [--etcd] [--partition]
                  [--dry-run]
  locklab-lab check [--json] [--only <widget>] [--record DIR] [--redis URL] [--postgres URL]
  locklab-lab serve --allow-origin <origin>[,<origin>]... [--port N] [--max-seconds N]

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
scale (a lease of N s lasts N/2 real seconds, at least 2). --partition (redis-failover,
store=redis) cuts the primary and one client off from the replica, Sentinel and a second client
through the lab's proxy instead of crashing it, heals it, and counts the grants the isolated
primary acknowledged and lost, with and without min-replicas-to-write. --dry-run
validates and prints what would run, and starts nothing.

check runs every widget's settings (or --only one's). --record DIR also writes DIR/<widget>.json
for each: where and when (the servers and their versions, the machine, the date) and every
setting's rows, simulated and real, in the format locklab-course's lab_record validates; the
release ships the project's recorded files (crates/lab/records/) in dist/lab/.

serve listens on 127.0.0.1 only and runs, for a widget's \u{201c}Run it for real\u{201d}, the widget's current
state as run would (one run at a time, each stopped after --max-seconds, 300 by default), streaming
what it says back to the page. It prints a token at start that every request must carry, and
answers only pages whose origin (https://example.org, http://localhost:8080) --allow-origin names.

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
    Serve(crate::serve::ServeArgs),
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
    /// redis-failover: a partition of the primary instead of its crash.
    pub partition: bool,
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
        "serve" => parse_serve(rest).map(Command::Serve),
        "actor" => match rest.split_first() {
            Some((role, more)) => Ok(Command::Actor(role.clone(), more.to_vec())),
            None => Err("actor needs a role (actors are started by the lab itself)".into()),
        },
        "help" | "--help" | "-h" => Ok(Command::Help),
        other => Err(format!("unknown command \u{201c}{other}\u{201d}: use list, run, check or serve")),
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
            "json" | "all-orders" | "own-draws" | "machine" | "lock-apart" | "etcd" | "partition" | "dry-run" => {
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
                    "partition" => r.partition = true,
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

fn parse_serve(args: &[String]) -> Result<crate::serve::ServeArgs, String> {
    use crate::serve::{DEFAULT_MAX_SECONDS, MAX_MAX_SECONDS, valid_origin};
    let mut s = crate::serve::ServeArgs { max_seconds: DEFAULT_MAX_SECONDS, ..Default::default() };
    let mut seen = Vec::new();
    let mut it = args.iter().peekable();
    while let Some(arg) = it.next() {
        let Some((name, value)) = option(arg, &mut it) else {
            return Err(format!("serve takes no widget (got \u{201c}{arg}\u{201d}): the page says which to run"));
        };
        once(&mut seen, name)?;
        match name {
            "allow-origin" => {
                for o in need(name, value)?.split(',').map(str::trim).filter(|o| !o.is_empty()) {
                    if !valid_origin(o) {
                        return Err(format!("--allow-origin \u{201c}{o}\u{201d} is not an origin: a scheme, a host and a port if any, as https://example.org or http://localhost:8080 (no path, no *)"));
                    }
                    s.origins.push(o.to_string());
                }
            }
            "port" => {
                let v = need(name, value)?;
                s.port = v.trim().parse().map_err(|_| format!("--port takes a port number from 0 to 65535 (got \u{201c}{v}\u{201d}; 0 for any free one)"))?;
            }
            "max-seconds" => {
                let v = need(name, value)?;
                s.max_seconds = v.trim().parse().ok().filter(|n| (1..=MAX_MAX_SECONDS).contains(n)).ok_or_else(|| format!("--max-seconds takes a whole number of seconds from 1 to {MAX_MAX_SECONDS} (got \u{201c}{v}\u{201d})"))?;
            }
            other => return Err(format!("serve does not take --{other}")),
        }
    }
    if s.origins.is_empty() {
        return Err("serve needs --allow-origin <the origin of the page the widget is on> (for instance http://localhost:8080): it answers no other page".into());
    }
    Ok(s)
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
