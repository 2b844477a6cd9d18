//! Golden outcomes for the browser tests: the same parameters must give bit-identical results
//! natively and in wasm. With `LOCKLAB_GOLDEN=<file>` set, this writes the cases and their
//! native results as JSON; the end-to-end tests mount each case in Chromium and compare.

use locklab_sim::hold::Shape;
use locklab_sim::{fencing_sandbox, lease_renewal, lease_sizing, lock_granularity, optimistic_pessimistic, redlock, sweeper_incident};
use locklab_sim::{counter_race, fencing_chain, paused_holder, redis_failover, ttl_tradeoff};
use serde_json::{json, Value};

fn counter_race_cases() -> Vec<counter_race::Params> {
    use counter_race::Params;
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

fn ttl_cases() -> Vec<ttl_tradeoff::Params> {
    use ttl_tradeoff::Params;
    let d = Params::default();
    vec![
        d.clone(),
        Params { ttl_s: 1.0, ..d.clone() },
        Params { ttl_s: 60.0, ..d.clone() },
        Params { ttl_s: 2.7, work_s: 0.9, spread: 1.1, stall_chance: 0.0135, stall_mean_s: 37.0, holds: 200_000, grant_every_s: 0.5, seed: 99, ..d.clone() },
        Params { ttl_s: 60.0, stall_shape: Shape::Pareto, stall_alpha: 1.3, ..d },
    ]
}

fn fencing_cases() -> Vec<fencing_chain::Params> {
    use fencing_chain::Params;
    let d = Params::default();
    vec![
        d.clone(),
        Params { fencing: true, ..d.clone() },
        Params { holders: 5000, stall_chance: 0.05, ttl_ms: 300.0, seed: 77, ..d.clone() },
        Params { stall_shape: Shape::Pareto, stall_alpha: 2.2, stall_chance: 0.04, ..d },
    ]
}

fn paused_cases() -> Vec<paused_holder::Params> {
    use paused_holder::{Params, Protection};
    let d = Params::default();
    vec![
        d.clone(),
        Params { protection: Protection::FenceWrites, ..d.clone() },
        Params { pause_s: 8.0, protection: Protection::FenceWrites, ..d.clone() },
        Params { pause_s: 8.0, protection: Protection::FenceAll, ..d.clone() },
        Params { lease_s: 30.0, pause_s: 4.5, protection: Protection::Conditional },
    ]
}

fn redis_cases() -> Vec<redis_failover::Params> {
    use redis_failover::{Params, Store};
    let d = Params::default();
    vec![
        d.clone(),
        Params { store: Store::Consensus, ..d.clone() },
        Params { store: Store::Redlock, ..d.clone() },
        Params { grants_per_s: 3700.0, lag_ms: 42.0, contention: 0.37, failovers: 10_000, seed: 5, ..d },
    ]
}

fn lease_renewal_cases() -> Vec<lease_renewal::Params> {
    use lease_renewal::{Defence, Params};
    let d = Params::default();
    vec![
        d.clone(),
        Params { defence: Defence::Renewal, ..d.clone() },
        Params { defence: Defence::Fencing, spread: 1.2, ..d.clone() },
        Params { defence: Defence::FenceAll, spread: 1.2, ..d.clone() },
        Params { defence: Defence::RenewalFencing, stall_shape: Shape::Pareto, stall_alpha: 1.7, takeover_chance: 0.4, runs: 7000, seed: 12, ..d },
    ]
}

fn lease_sizing_cases() -> Vec<lease_sizing::Params> {
    use lease_sizing::Params;
    let d = Params::default();
    vec![d.clone(), Params { ttl_s: 10.0, work_p99_s: 0.0, pause_p99_s: 4.0, network_s: 1.0, stall_shape: Shape::Pareto, ..d }]
}

fn redlock_cases() -> Vec<redlock::Params> {
    use redlock::{Params, PauseWhen, Scenario};
    let d = Params::default();
    Scenario::ALL
        .into_iter()
        .map(|scenario| Params { scenario, ..d.clone() })
        .chain([Params { scenario: Scenario::ClientPause, pause_when: PauseWhen::AfterCheck, nodes_up_chance: 0.62, trials: 777, seed: 9, ..d }])
        .collect()
}

fn entry<P: serde::Serialize, S: serde::Serialize + PartialEq + std::fmt::Debug>(widget: &str, p: &P, run: impl Fn() -> S) -> Value {
    let a = run();
    assert_eq!(a, run(), "same params, same result");
    json!({ "widget": widget, "params": p, "result": a })
}

fn sandbox_cases() -> Vec<fencing_sandbox::Params> {
    use fencing_sandbox::{validate, Params};
    let with = |raw: &[(&str, &str)]| Params::from_values(&validate(&raw.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect::<Vec<_>>()).0);
    vec![
        Params::default(),
        with(&[("protection", "none"), ("steps", "A.acquire,A.read,A.pause,B.acquire,B.read,B.write,A.write,B.release,A.release")]),
        with(&[("clients", "3"), ("lease-s", "4"), ("steps", "C.acquire,C.read,C.pause,A.acquire,wait")]),
        with(&[("clients", "3")]),
    ]
}

fn sweeper_cases() -> Vec<sweeper_incident::Params> {
    use sweeper_incident::{Exclusion, Params, Release, Restock};
    let d = Params::default();
    vec![
        d.clone(),
        Params { release: Release::CompareAndDelete, ..d.clone() },
        Params { exclusion: Exclusion::RunSlot, restock: Restock::StatusFence, ..d.clone() },
        Params { exclusion: Exclusion::AdvisoryLock, power_loss: true, ..d.clone() },
        Params { seed: 99, timeout_share: 0.4, row_s: 7, ..d },
    ]
}

fn optimistic_cases() -> Vec<optimistic_pessimistic::Params> {
    use optimistic_pessimistic::{Params, Work};
    let d = Params::default();
    vec![
        d.clone(),
        Params { rate_per_s: 30.0, work: Work::Exponential, ..d.clone() },
        // Past the lock's capacity, and optimistic stopping at its attempt cap.
        Params { rate_per_s: 300.0, seed: 5, ..d },
    ]
}

fn granularity_cases() -> Vec<lock_granularity::Params> {
    use lock_granularity::{Lock, Params};
    let d = Params::default();
    vec![
        d.clone(),
        Params { lock: Lock::PerShard, rate_per_s: 5000.0, ..d.clone() },
        Params { lock: Lock::PerKey, skew: 1.5, rate_per_s: 3000.0, ..d.clone() },
        // Two locks unordered (deadlocks, ended by expiry), then ordered.
        Params { lock: Lock::PerShard, two_locks: true, rate_per_s: 1500.0, updates: 2000, ..d.clone() },
        Params { lock: Lock::PerShard, two_locks: true, ordered: true, rate_per_s: 1500.0, updates: 2000, ..d },
    ]
}

#[test]
fn golden_cases_are_deterministic_and_written_on_request() {
    let mut entries: Vec<Value> = Vec::new();
    for p in counter_race_cases() {
        entries.push(entry("counter-race", &p, || counter_race::run(&p).summary));
    }
    for p in ttl_cases() {
        entries.push(entry("ttl-tradeoff", &p, || ttl_tradeoff::run(&p).summary));
    }
    for p in fencing_cases() {
        entries.push(entry("fencing-chain", &p, || fencing_chain::run(&p).summary));
    }
    for p in paused_cases() {
        entries.push(entry("paused-holder", &p, || paused_holder::run(&p).summary));
    }
    for p in lease_renewal_cases() {
        entries.push(entry("lease-renewal", &p, || lease_renewal::run(&p).summary));
    }
    for p in lease_sizing_cases() {
        entries.push(entry("lease-sizing", &p, || lease_sizing::run(&p).summary));
    }
    for p in redlock_cases() {
        entries.push(entry("redlock", &p, || redlock::run(&p).summary));
    }
    for p in sandbox_cases() {
        entries.push(entry("fencing-sandbox", &p, || fencing_sandbox::run(&p).summary));
    }
    for p in sweeper_cases() {
        entries.push(entry("sweeper-incident", &p, || sweeper_incident::run(&p).summary));
    }
    for p in redis_cases() {
        entries.push(entry("redis-failover", &p, || redis_failover::run(&p).summary));
    }
    for p in optimistic_cases() {
        entries.push(entry("optimistic-vs-pessimistic", &p, || optimistic_pessimistic::run(&p).summary));
    }
    for p in granularity_cases() {
        entries.push(entry("lock-granularity", &p, || lock_granularity::run(&p).summary));
    }
    if let Ok(path) = std::env::var("LOCKLAB_GOLDEN") {
        let text = serde_json::to_string_pretty(&entries).expect("serializes");
        if let Some(dir) = std::path::Path::new(&path).parent() {
            std::fs::create_dir_all(dir).expect("creates the golden file's folder");
        }
        std::fs::write(&path, text).expect("writes the golden file");
    }
}
