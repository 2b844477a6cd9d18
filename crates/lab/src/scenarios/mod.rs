//! The stories the lab can replay for real, one module each.

use serde_json::{Value, json};

use crate::report::Report;
use crate::servers::{Endpoints, Need};

pub mod counter_race;
pub mod fencing_sandbox;
pub mod lease_renewal;
pub mod lock_granularity;
pub mod optimistic_pessimistic;
pub mod partition;
pub mod paused_holder;
pub mod redis_failover;
pub mod redlock;
pub mod sweeper;
pub mod ttl_tradeoff;

/// One widget the lab runs.
pub struct Lab {
    pub name: &'static str,
    pub needs: &'static [Need],
    /// Real seconds per second of the story when `--time-scale` is not given.
    pub default_scale: f64,
    /// What runs for real, in a line.
    pub what: &'static str,
    /// How `check` schedules the story beside the others.
    pub pace: Pace,
}

/// How `check` runs a story beside the others. A story that mostly sleeps for a long time runs
/// in the background while the stories whose order has wide margins (or that say when their own
/// timing slipped, and are run again) run one after another; the stories whose figures are the
/// machine's own timing (batch means of real waits, holds and grants the machine spaces, a
/// failover's measured loss, a renewer's punctuality) wait until it has ended and run alone.
/// (Lease renewal beside the sweeper's evening, on 7 December: the evening's steps slipped in
/// all six settings and it ran twice; beside the other four it kept time.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// Runs from the start of `check`, beside the [`Pace::Beside`] stories.
    Background,
    /// Runs one after another, beside a background story.
    Beside,
    /// Runs alone, after every background story has ended.
    Alone,
}

pub const LABS: &[Lab] = &[
    Lab {
        name: "counter-race",
        needs: &[Need::Redis],
        default_scale: counter_race::DEFAULT_SCALE,
        what: "N workers with a connection each: GET, think, SET value+1 (with lock: SET NX PX and compare-and-delete around it)",
        pace: Pace::Beside,
    },
    Lab {
        name: "paused-holder",
        needs: &[Need::Redis, Need::Postgres, Need::Etcd],
        default_scale: paused_holder::DEFAULT_SCALE,
        what: "A and B as processes; A frozen with SIGSTOP past its Redis lease, and (check, --etcd) past its lease on etcd's lock service, Jepsen's etcd lock under a pause; the seat and the four protections in PostgreSQL",
        pace: Pace::Beside,
    },
    Lab {
        name: "fencing-sandbox",
        needs: &[Need::Redis, Need::Postgres],
        default_scale: fencing_sandbox::DEFAULT_SCALE,
        what: "the clients as processes stepping the story (or, with --all-orders, every order) on a Redis lock and a PostgreSQL counter",
        pace: Pace::Beside,
    },
    Lab {
        name: "sweeper-incident",
        needs: &[Need::Redis, Need::Postgres],
        default_scale: sweeper::DEFAULT_SCALE,
        what: "two boxes (processes) with a cron each, SET lock:sweeper NX PX and DEL, a slow payment provider on loopback, orders and books in PostgreSQL",
        pace: Pace::Background,
    },
    Lab {
        name: "ttl-tradeoff",
        needs: &[Need::Redis],
        default_scale: ttl_tradeoff::DEFAULT_SCALE,
        what: "the widget's own holds, 64 at a time, each on a Redis lease (SET NX PX, compare-and-delete); then a holder that crashes and a client waiting out its lease",
        pace: Pace::Alone,
    },
    Lab {
        name: "optimistic-vs-pessimistic",
        needs: &[Need::Postgres],
        default_scale: optimistic_pessimistic::DEFAULT_SCALE,
        what: "the widget's arrivals as clients with a connection each, both ways at once on a hot row of their own: a version check with retry, and select … for update",
        pace: Pace::Alone,
    },
    Lab {
        name: "lock-granularity",
        needs: &[Need::Postgres],
        default_scale: lock_granularity::DEFAULT_SCALE,
        what: "the widget's updates as transactions on rows of items: one advisory lock, one per shard, or each row's own lock; two-lock transfers meet PostgreSQL's deadlock detector",
        pace: Pace::Alone,
    },
    Lab {
        name: "redlock",
        needs: &[Need::OwnRedis],
        default_scale: redlock::DEFAULT_SCALE,
        what: "five redis-server masters behind delay proxies, client 1 a process that really freezes, each scenario's fault for real (masters killed, C crashed and restarted empty); a clock jump played on C's key",
        pace: Pace::Beside,
    },
    Lab {
        name: "redis-failover",
        needs: &[Need::OwnRedis, Need::Etcd],
        default_scale: redis_failover::DEFAULT_SCALE,
        what: "redis: a primary and a replica behind a proxy holding the stream lag-ms, grants, SIGKILL, promotion by Sentinel then REPLICAOF NO ONE; consensus: a three-member etcd cluster whose leader is killed during the grants",
        pace: Pace::Alone,
    },
    Lab {
        name: "lease-renewal",
        needs: &[Need::Redis, Need::Postgres, Need::Etcd],
        default_scale: lease_renewal::DEFAULT_SCALE,
        what: "a grid of timings under every defence at once, on Redis and on a three-member etcd: the first worker a process with a renewer thread, SIGSTOPped for its stall; a second worker takes over; the invoices in PostgreSQL",
        pace: Pace::Alone,
    },
];

/// The stories that can draw their randomness with the lab's own code (`--own-draws`).
pub const OWN_DRAWS: &[&str] = &["ttl-tradeoff", "optimistic-vs-pessimistic"];

/// The stories that can draw nothing and let the machine's own timing decide (`--machine`).
pub const MACHINE: &[&str] = &["ttl-tradeoff", "optimistic-vs-pessimistic", "lock-granularity", "redis-failover"];

/// The servers one `run` needs: paused-holder's lock is Redis, or etcd with `--etcd` (its check
/// runs both).
pub fn run_needs(lab: &Lab, etcd: bool) -> Vec<Need> {
    let skip = match (lab.name, etcd) {
        ("paused-holder", true) => Some(Need::Redis),
        ("paused-holder", false) => Some(Need::Etcd),
        _ => None,
    };
    lab.needs.iter().copied().filter(|&n| Some(n) != skip).collect()
}

pub fn find(name: &str) -> Option<&'static Lab> {
    LABS.iter().find(|l| l.name.eq_ignore_ascii_case(name.trim()))
}

/// The wrong models `LOCKLAB_JUDGE_ALSO` (names from `locklab_sim::mutation::ALL`, commas
/// between) names for `widget`: each run of it is judged again under each (main.rs checks the
/// names; the lab's check test sets it).
pub fn judge_also(widget: &str) -> Vec<&'static str> {
    let names = std::env::var("LOCKLAB_JUDGE_ALSO").unwrap_or_default();
    locklab_sim::mutation::ALL.iter().filter(|m| m.widget == widget && names.split(',').any(|n| n.trim() == m.name)).map(|m| m.name).collect()
}

/// The report `judge` makes of a real run already made, and the same run judged again under each
/// wrong model [`judge_also`] names for `widget` (its rows kept in `Report::judged`): the real
/// figures fixed, only the model switched, so a wrong model is rejected or not on the very run
/// the right one agreed with. `judge` must not touch the servers.
pub fn judged(widget: &str, judge: impl Fn() -> Result<Report, String>) -> Result<Report, String> {
    let mut r = judge()?;
    for name in judge_also(widget) {
        let wrong = locklab_sim::mutation::judging(name, &judge)??;
        r.judged.push((name, wrong.rows));
    }
    Ok(r)
}

/// What a replay needs to know besides the parameters.
#[derive(Clone, Debug)]
pub struct Ctx {
    pub ep: Endpoints,
    pub scale: f64,
    /// Whether the scale was chosen by the user (else the scenario's default).
    pub scale_given: bool,
    /// lease-renewal: how many of the seed's own runs to replay beside the grid (`--cases`).
    pub cases: u32,
    /// Draw the story's randomness with the lab's own code (`--own-draws`), not the widget's.
    pub own_draws: bool,
    /// Draw nothing: the machine's own timing decides (`--machine`).
    pub machine: bool,
    /// optimistic-vs-pessimistic: the lock kept apart from the data (`--lock-apart`).
    pub lock_apart: bool,
    /// paused-holder: the lock is etcd's lock service, not Redis (`--etcd`).
    pub etcd: bool,
    /// redis-failover: a partition of the primary instead of its crash (`--partition`).
    pub partition: bool,
}

impl Ctx {
    pub fn redis(&self) -> Result<&str, String> {
        self.ep.redis.as_deref().ok_or_else(|| "this scenario needs Redis".to_string())
    }
    pub fn postgres(&self) -> Result<&str, String> {
        self.ep.postgres.as_deref().ok_or_else(|| "this scenario needs PostgreSQL".to_string())
    }
    /// A report for `widget` at `values` (in `specs` order).
    /// This context with the lab's own draws.
    pub fn with_own_draws(&self) -> Ctx {
        Ctx { own_draws: true, ..self.clone() }
    }
    /// This context with the machine's own timing.
    pub fn with_machine(&self) -> Ctx {
        Ctx { machine: true, ..self.clone() }
    }
    /// This context with a partition instead of a crash.
    pub fn with_partition(&self) -> Ctx {
        Ctx { partition: true, ..self.clone() }
    }
    /// This context with the pessimistic lock kept apart from the data.
    pub fn with_lock_apart(&self) -> Ctx {
        Ctx { lock_apart: true, ..self.clone() }
    }
    pub fn report(&self, widget: &str, specs: &[locklab_sim::Spec], values: &[f64]) -> Report {
        let mut r = Report::new(widget, params_map(specs, values), &self.ep);
        let changed: Vec<String> = specs
            .iter()
            .zip(values)
            .filter(|(s, v)| s.to_attr(**v) != s.to_attr(s.default_value()))
            .map(|(s, v)| format!("{}={}", s.name, s.to_attr(*v)))
            .collect();
        r.label = if changed.is_empty() { "defaults".into() } else { changed.join(" ") };
        if self.own_draws {
            r.label.push_str(", the lab's own draws");
            r.variant = Some("own-draws");
        }
        if self.machine {
            r.label.push_str(", the machine's own timing");
            r.variant = Some("machine");
        }
        if self.lock_apart {
            r.label.push_str(", the lock apart from the data");
            r.variant = Some("lock-apart");
        }
        r
    }
}

/// Replays widget `name` with `values` (from the registry's `validate`).
pub fn run(name: &str, ctx: &Ctx, values: &[f64], all_orders: bool) -> Result<Vec<Report>, String> {
    match name {
        "counter-race" => counter_race::run(ctx, values).map(|r| vec![r]),
        "paused-holder" => paused_holder::run(ctx, values),
        "fencing-sandbox" => fencing_sandbox::run(ctx, values, all_orders).map(|r| vec![r]),
        "sweeper-incident" => sweeper::run(ctx, values).map(|r| vec![r]),
        "ttl-tradeoff" => ttl_tradeoff::run(ctx, values).map(|r| vec![r]),
        "optimistic-vs-pessimistic" => optimistic_pessimistic::run(ctx, values).map(|r| vec![r]),
        "lock-granularity" => lock_granularity::run(ctx, values).map(|r| vec![r]),
        "redlock" => redlock::run(ctx, values).map(|r| vec![r]),
        "redis-failover" => redis_failover::run(ctx, values).map(|r| vec![r]),
        "lease-renewal" => lease_renewal::run(ctx, values).map(|r| vec![r]),
        other => Err(format!("the lab has no scenario for {other}")),
    }
}

/// Every check setting of widget `name`.
pub fn check(name: &str, ctx: &Ctx) -> Result<Vec<Report>, String> {
    match name {
        "counter-race" => counter_race::check(ctx),
        "paused-holder" => paused_holder::check(ctx),
        "fencing-sandbox" => fencing_sandbox::check(ctx),
        "sweeper-incident" => sweeper::check(ctx),
        "ttl-tradeoff" => ttl_tradeoff::check(ctx),
        "optimistic-vs-pessimistic" => optimistic_pessimistic::check(ctx),
        "lock-granularity" => lock_granularity::check(ctx),
        "redlock" => redlock::check(ctx),
        "redis-failover" => redis_failover::check(ctx),
        "lease-renewal" => lease_renewal::check(ctx),
        other => Err(format!("the lab has no scenario for {other}")),
    }
}

/// Runs actor `role` (in a child process the lab started).
pub fn actor(role: &str, args: &[String]) -> Result<(), String> {
    let config: Value = match args.first() {
        Some(a) => serde_json::from_str(a).map_err(|e| format!("unreadable actor configuration: {}", crate::store::why(&e)))?,
        None => json!({}),
    };
    match role {
        "paused-holder-a" => paused_holder::actor_a(&config),
        "paused-holder-b" => paused_holder::actor_b(&config),
        "sandbox-client" => fencing_sandbox::actor(&config),
        "sweeper-box" => sweeper::boxes::actor(&config),
        "redlock-client" => redlock::actor(&config),
        "renewal-worker" => lease_renewal::actor(&config),
        other => Err(format!("no actor role {other}")),
    }
}

/// Validates `pairs` for widget `name` with the registry, exactly as the widget would.
pub fn validate(name: &str, pairs: &[(String, String)]) -> Result<Vec<f64>, String> {
    let w = locklab_sim::registry::find(name).ok_or_else(|| format!("no widget {name}"))?;
    let (values, notices) = (w.validate)(pairs);
    if notices.is_empty() {
        Ok(values)
    } else {
        let lines: Vec<String> = notices.iter().map(|n| format!("  notice: {}", n.message)).collect();
        Err(format!("the widget's registry refuses these parameters (as the widget would):\n{}", lines.join("\n")))
    }
}

/// `name → value` for every parameter of `specs`, as the widgets write them.
pub fn params_map(specs: &[locklab_sim::Spec], values: &[f64]) -> Vec<(String, Value)> {
    locklab_sim::params::to_pairs(specs, values).into_iter().map(|(k, v)| (k, json!(v))).collect()
}

/// The widget's summary as JSON (its own result field names).
pub fn summary_json<S: serde::Serialize>(s: &S) -> Result<Value, String> {
    serde_json::to_value(s).map_err(|e| format!("cannot write the simulation's summary: {}", crate::store::why(&e)))
}

/// `pairs` from `name=value` words (check settings are written this way).
pub fn pairs(words: &[&str]) -> Vec<(String, String)> {
    words.iter().filter_map(|w| w.split_once('=')).map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// A note on the time scale, in a sentence.
pub fn scale_note(ctx: &Ctx, unit: &str) -> String {
    format!(
        "time scale {} ({}): one {unit} of the story took {} of real time",
        ctx.scale,
        if ctx.scale_given { "given" } else { "this scenario's default" },
        crate::scenarios::real_text(ctx.scale, unit)
    )
}

/// `20 ms`, `2 s`, for `scale` of one story `unit` (`s` or `ms`).
pub fn real_text(scale: f64, unit: &str) -> String {
    let ms = if unit == "ms" { scale } else { scale * 1000.0 };
    if ms >= 1000.0 { format!("{} s", locklab_sim::text::num(ms / 1000.0)) } else { format!("{} ms", locklab_sim::text::num(ms)) }
}

/// A warning when a timed step came later than the gap between two offsets the lab relies on to
/// keep the widget's order of events: a disagreement may then be the machine's, not the model's.
pub fn slip_note(late_ms: f64, gap_ms: f64) -> Option<String> {
    (late_ms > gap_ms).then(|| {
        format!(
            "{}: a step came {late_ms:.1} ms late, more than the {gap_ms:.0} ms between the closest two offsets, so two events of one instant may have happened in the other order than the widget's rule; a disagreement here may be the machine's load, not the model (run again on a quieter machine or with a larger --time-scale)",
            crate::report::TIMING_SLIPPED
        )
    })
}

#[cfg(test)]
mod tests {
    /// The widgets show "Run it for real" for exactly the stories the lab replays.
    #[test]
    fn the_lab_runs_exactly_the_widgets_that_offer_it() {
        let mine: Vec<&str> = super::LABS.iter().map(|l| l.name).collect();
        assert_eq!(mine, locklab_sim::lab::WIDGETS);
        for name in &mine {
            assert!(locklab_sim::registry::find(name).is_some(), "{name} is a widget");
        }
    }
}
