//! Prints how long each simulation takes natively, at the defaults and at the largest
//! parameters, plus the TTL trade-off's recompute when only the TTL moves (the slider case).
//!
//!   cargo bench -p locklab-sim
use std::hint::black_box;
use std::time::Instant;

use locklab_sim::{counter_race, fencing_chain, paused_holder, redis_failover, ttl_tradeoff};

fn time(label: &str, reps: u32, mut f: impl FnMut()) {
    f(); // warm up
    let t = Instant::now();
    for _ in 0..reps {
        f();
    }
    println!("{label:<58} {:>9.3} ms", t.elapsed().as_secs_f64() * 1e3 / f64::from(reps));
}

fn main() {
    println!("native (cargo bench, release profile), mean of repeated runs");
    let d = counter_race::Params::default();
    time("counter-race   defaults (5 x 200)", 200, || drop(black_box(counter_race::run(black_box(&d)))));
    let big = counter_race::Params { workers: 20, increments: 1000, ..d.clone() };
    time("counter-race   largest (20 x 1,000)", 20, || drop(black_box(counter_race::run(black_box(&big)))));

    let t = ttl_tradeoff::Params::default();
    time("ttl-tradeoff   defaults (60,000 holds), from scratch", 10, || drop(black_box(ttl_tradeoff::run(black_box(&t)))));
    let tb = ttl_tradeoff::Params { holds: 200_000, ..t.clone() };
    time("ttl-tradeoff   largest (200,000 holds), from scratch", 5, || drop(black_box(ttl_tradeoff::run(black_box(&tb)))));
    let mut cache = ttl_tradeoff::Cache::default();
    let mut ttl = 1.0;
    time("ttl-tradeoff   200,000 holds, only the TTL moved (cached)", 200, || {
        ttl = if ttl > 100.0 { 1.0 } else { ttl * 1.1 };
        drop(black_box(ttl_tradeoff::run_cached(&ttl_tradeoff::Params { ttl_s: ttl, ..tb.clone() }, &mut cache)));
    });
    let mut work = 0.1;
    time("ttl-tradeoff   200,000 holds, work moved (same draws)", 5, || {
        work = if work > 5.0 { 0.1 } else { work * 1.3 };
        drop(black_box(ttl_tradeoff::run_cached(&ttl_tradeoff::Params { work_s: work, ..tb.clone() }, &mut cache)));
    });

    let mut cache60 = ttl_tradeoff::Cache::default();
    let mut work60 = 0.1;
    time("ttl-tradeoff   60,000 holds, work moved (the peer's full rerun)", 20, || {
        work60 = if work60 > 5.0 { 0.1 } else { work60 * 1.3 };
        drop(black_box(ttl_tradeoff::run_cached(&ttl_tradeoff::Params { work_s: work60, ..t.clone() }, &mut cache60)));
    });
    for shape in [locklab_sim::hold::Shape::Exponential, locklab_sim::hold::Shape::Pareto] {
        let model = ttl_tradeoff::Params { stall_shape: shape, ..t.clone() }.model();
        let label = format!("hold model     exact tail at 61 TTLs ({})", if shape == locklab_sim::hold::Shape::Pareto { "pareto" } else { "exponential" });
        time(&label, 50, || {
            for k in 0..61 {
                black_box(model.outlives(0.1 * 1200f64.powf(f64::from(k) / 60.0)));
            }
        });
    }

    let f = fencing_chain::Params::default();
    time("fencing-chain  defaults (500 holders)", 200, || drop(black_box(fencing_chain::run(black_box(&f)))));
    let fb = fencing_chain::Params { holders: 5000, ..f };
    time("fencing-chain  largest (5,000 holders)", 50, || drop(black_box(fencing_chain::run(black_box(&fb)))));

    let lr = locklab_sim::lease_renewal::Params::default();
    time("lease-renewal  defaults (50,000 runs), from scratch", 10, || drop(black_box(locklab_sim::lease_renewal::run(black_box(&lr)))));
    let mut lcache = locklab_sim::lease_renewal::Cache::default();
    let mut spread = 0.1;
    time("lease-renewal  200,000 runs, spread moved (same draws)", 5, || {
        spread = if spread > 1.4 { 0.1 } else { spread + 0.1 };
        let p = locklab_sim::lease_renewal::Params { runs: 200_000, spread, ..lr.clone() };
        drop(black_box(locklab_sim::lease_renewal::run_cached(&p, &mut lcache)));
    });
    let ls = locklab_sim::lease_sizing::Params::default();
    time("lease-sizing   defaults", 2000, || drop(black_box(locklab_sim::lease_sizing::run(black_box(&ls)))));

    let ph = paused_holder::Params::default();
    time("paused-holder  defaults", 2000, || drop(black_box(paused_holder::run(black_box(&ph)))));
    let rf = redis_failover::Params::default();
    time("redis-failover defaults (1,000 failovers)", 50, || drop(black_box(redis_failover::run(black_box(&rf)))));
    let rb = redis_failover::Params { grants_per_s: 5000.0, lag_ms: 1000.0, failovers: 10_000, ..rf };
    time("redis-failover largest (5,000/s, 1 s lag, 10,000 failovers)", 5, || drop(black_box(redis_failover::run(black_box(&rb)))));
    // Redlock: each scenario the player offers, at the defaults (one run and its timeline).
    use locklab_sim::redlock as rl;
    let rd = rl::Params::default();
    time("redlock        every scenario at the defaults (6 runs)", 500, || {
        for scenario in rl::Scenario::ALL {
            drop(black_box(rl::run(black_box(&rl::Params { scenario, ..rd.clone() }))));
        }
    });
    use locklab_sim::fencing_sandbox as fs;
    time("fencing-sandbox every interleaving, 2 clients (4 protections)", 200, || drop(black_box(fs::enumerate(black_box(2), 10))));
    time("fencing-sandbox every interleaving, 3 clients (4 protections)", 20, || drop(black_box(fs::enumerate(black_box(3), 10))));
    for lease in [2u32, 3, 4] {
        time(&format!("fencing-sandbox every interleaving, 3 clients, lease {lease} s"), 20, || drop(black_box(fs::enumerate(black_box(3), lease))));
    }
    use locklab_sim::sweeper_incident as sw;
    let si = sw::Params::default();
    time("sweeper-incident defaults (20:50-22:00)", 200, || drop(black_box(sw::run(black_box(&si)))));
    let sb = sw::Params {
        interval_s: 30,
        order_every_s: 10,
        timeout_share: 1.0,
        row_s: 1,
        recovers_at: 22 * 3600,
        until: 24 * 3600,
        ..si.clone()
    };
    time("sweeper-incident largest (cron 30 s, every order pending, to 24:00)", 3, || drop(black_box(sw::run(black_box(&sb)))));
    let slow = sw::Params { row_s: 60, ..sb.clone() };
    time("sweeper-incident slowest rows (60 s each: sweeps never end)", 3, || drop(black_box(sw::run(black_box(&slow)))));
    {
        use locklab_sim::{lock_granularity as lg, optimistic_pessimistic as op};
        let d = op::Params::default();
        time("optimistic-vs-pessimistic defaults (2,000 updates)", 100, || drop(black_box(op::run(black_box(&d)))));
        let worst = op::Params { rate_per_s: 2000.0, updates: 20_000, ..d.clone() };
        time("optimistic-vs-pessimistic 2,000/s (stops at 100,000 attempts)", 5, || drop(black_box(op::run(black_box(&worst)))));
        let g = lg::Params::default();
        time("lock-granularity defaults (global, 5,000 updates)", 50, || drop(black_box(lg::run(black_box(&g)))));
        let mut cache = lg::Cache::default();
        let big = lg::Params { lock: lg::Lock::PerKey, keys: 10_000, skew: 0.5, rate_per_s: 20_000.0, two_locks: true, updates: 20_000, ..g.clone() };
        time("lock-granularity largest (per key, 10,000 keys, two locks, 20,000 updates)", 5, || drop(black_box(lg::run_cached(black_box(&big), &mut cache))));
        let dead = lg::Params { lock: lg::Lock::PerShard, rate_per_s: 1500.0, two_locks: true, updates: 20_000, ..g };
        time("lock-granularity deadlocking (16 shards, two locks, 20,000 updates)", 5, || drop(black_box(lg::run(black_box(&dead)))));
    }

    let finals: Vec<u64> =
        (0..20).map(|seed| counter_race::run(&counter_race::Params { seed, ..d.clone() }).summary.final_value).collect();
    println!("counter-race defaults, seeds 0..20: finals {finals:?}");
}
