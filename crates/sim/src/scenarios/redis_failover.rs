//! # Where the lock lives: Redis failover against a consensus store
//!
//! **Redis** (one primary, one asynchronous replica). Locks are granted as a Poisson process at
//! `grants-per-s` over the [`WINDOW_S`] seconds before the primary crashes; each grant reaches the
//! replica after an exponential delay of mean `lag-ms`. A grant not yet copied when the primary
//! dies is **lost** at failover: the promoted replica never heard of it. A lost lock is **granted a
//! second time** if another client asks for it while the first holder is still working, with
//! probability `contention`.
//!
//! A grant made *s* seconds before the crash is still in flight with probability e^(−s/lag), so
//! by the marking theorem the lost grants of one failover are Poisson with mean
//! `rate × lag × (1 − e^(−window/lag))` (2.5 at 500/s and 5 ms), and the second grants are
//! binomial among them. Each failover draws its counts from its own seeded stream: the lost count
//! by inverting the Poisson distribution at one uniform, so that more grants or more lag never
//! lose fewer locks in any failover (common random numbers), and the second grants from a
//! binomial draw among the lost.
//!
//! **Consensus** (etcd, ZooKeeper): a grant is acknowledged only once a majority has stored it,
//! so the crash of one node (a minority) loses none, by construction. The price is a consensus
//! round per lock. The model covers crashes, not network partitions: under a partition a
//! consensus store stays consistent but the minority side cannot grant, while Redis with Sentinel
//! lost 56 % of acknowledged writes in Jepsen's partition test.
//!
//! **Redlock** (five independent Redis masters, majority of three): when one master crashes and
//! stays down longer than the longest TTL before rejoining (the "delayed restart"), at most two of
//! the four masters still up are free for any held lock, so no other client can gather a majority
//! for it: nothing is lost in this model. What it does not
//! cover: clock jumps and long pauses, and it cannot mint fencing tokens.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Binomial, Distribution, StandardUniform};
use serde::{Deserialize, Serialize};

use crate::params::{Choice, Kind, Spec};


pub const NAME: &str = "redis-failover";

/// The grants that can be lost are those of the last few seconds before the crash.
pub const WINDOW_S: f64 = 5.0;

pub const STORES: &[Choice] = &[
    Choice { value: "redis", label: "Redis primary + replica" },
    Choice { value: "redlock", label: "Redlock (5 masters)" },
    Choice { value: "consensus", label: "Consensus (etcd, ZooKeeper)" },
];

pub const SPECS: &[Spec] = &[
    Spec { name: "store", label: "Where the lock lives", unit: "", kind: Kind::Choice { options: STORES, default: 0 } },
    Spec { name: "grants-per-s", label: "Lock grants", unit: "/s", kind: Kind::Float { min: 10.0, max: 5000.0, default: 500.0, log: true, step: 0.0 } },
    Spec { name: "lag-ms", label: "Replication lag (mean)", unit: "ms", kind: Kind::Float { min: 0.1, max: 1000.0, default: 5.0, log: true, step: 0.0 } },
    Spec { name: "contention", label: "Chance someone else wants a lost lock", unit: "%", kind: Kind::Float { min: 0.0, max: 1.0, default: 0.1, log: false, step: 0.01 } },
    Spec { name: "failovers", label: "Failovers simulated", unit: "", kind: Kind::Int { min: 100, max: 10_000, default: 1000, log: true } },
    crate::params::seed(1),
];

/// The parameters shown first (the lesson: more grants and lag with Redis, then another store); the rest sit under "More settings".
pub const PRIMARY: &[&str] = &["store", "grants-per-s", "lag-ms"];


#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Store {
    Redis,
    Redlock,
    Consensus,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Params {
    pub store: Store,
    pub grants_per_s: f64,
    pub lag_ms: f64,
    pub contention: f64,
    pub failovers: u32,
    pub seed: u64,
}

impl Params {
    pub fn from_values(v: &[f64]) -> Self {
        let (v, _) = crate::params::clamp(SPECS, v);
        let store = match v[0] as usize {
            1 => Store::Redlock,
            2 => Store::Consensus,
            _ => Store::Redis,
        };
        Self { store, grants_per_s: v[1], lag_ms: v[2], contention: v[3], failovers: v[4] as u32, seed: v[5] as u64 }
    }
}

impl Default for Params {
    fn default() -> Self {
        Self::from_values(&crate::params::defaults(SPECS))
    }
}

/// Expected locks lost per crash-failover of an asynchronously replicated primary.
pub fn expected_lost(grants_per_s: f64, lag_ms: f64) -> f64 {
    let lag_s = lag_ms / 1000.0;
    if lag_s <= 0.0 {
        return 0.0;
    }
    grants_per_s * lag_s * (1.0 - libm::exp(-WINDOW_S / lag_s))
}

/// What one row of the comparison table says about a store. The table and the simulation read
/// the same data, so they cannot disagree.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StoreFacts {
    pub store: Store,
    /// The prefix of its row's messages: `<key>-name`, `-on-failover`, `-fencing`, `-cost`, `-use`
    /// (`crates/sim/locales/en/redis-failover.ftl`).
    pub key: &'static str,
    /// Whether a crash of one node can lose acknowledged locks in this model.
    pub loses_locks: bool,
}

/// The cells of a store's row in the table, by the suffix of their message's key.
pub const FACT_CELLS: [&str; 5] = ["name", "on-failover", "fencing", "cost", "use"];

pub const FACTS: &[StoreFacts] = &[
    StoreFacts { store: Store::Redis, key: "failover-redis", loses_locks: true },
    StoreFacts { store: Store::Redlock, key: "failover-redlock", loses_locks: false },
    StoreFacts { store: Store::Consensus, key: "failover-consensus", loses_locks: false },
];

pub fn facts(store: Store) -> &'static StoreFacts {
    FACTS.iter().find(|f| f.store == store).unwrap_or(&FACTS[0])
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub store: Store,
    pub failovers: u32,
    /// The exact expected locks lost per failover.
    pub expected_lost: f64,
    /// The exact expected locks granted a second time per failover.
    pub expected_regranted: f64,
    pub mean_lost: f64,
    pub mean_regranted: f64,
    /// The most locks one failover lost.
    pub max_lost: u32,
    /// Failovers that lost at least one lock.
    pub failovers_with_loss: u32,
}

/// One point of the lost-against-lag curve.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LagPoint {
    pub lag_ms: f64,
    pub expected_lost: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    #[serde(flatten)]
    pub summary: Summary,
    pub lag_ms: f64,
    /// What a Redis primary with a replica would lose per failover at these settings (the same as
    /// `expectedLost` for `store=redis`).
    pub redis_expected_lost: f64,
    /// `distribution[k]` failovers lost exactly `k` locks.
    pub distribution: Vec<u32>,
    /// Expected lost per failover against replication lag (for Redis), at the current grant rate.
    pub curve: Vec<LagPoint>,
}

/// Per-failover uniforms, kept while the seed and the failover count stay the same.
#[derive(Default)]
pub struct Cache {
    key: Option<(u64, u32)>,
    uniforms: Vec<f64>,
}

/// Inverts the Poisson(λ) distribution: the smallest k with P(X ≤ k) ≥ u, for each u. The CDF is
/// tabulated once, around the mean (±12 standard deviations covers all but ~1e-30 of the mass).
fn poisson_quantiles(lambda: f64, us: &[f64]) -> Vec<u32> {
    if lambda <= 0.0 {
        return vec![0; us.len()];
    }
    let sd = lambda.sqrt();
    let lo = (lambda - 12.0 * sd - 10.0).floor().max(0.0) as u32;
    let hi = (lambda + 12.0 * sd + 10.0).ceil() as u32;
    let ln_l = libm::log(lambda);
    let mut cdf = Vec::with_capacity((hi - lo + 1) as usize);
    let mut acc = 0.0;
    for k in lo..=hi {
        let kf = f64::from(k);
        acc += libm::exp(kf * ln_l - lambda - libm::lgamma(kf + 1.0));
        cdf.push(acc);
    }
    let total = acc;
    us.iter()
        .map(|&u| {
            let target = u * total;
            let i = cdf.partition_point(|&c| c < target).min(cdf.len() - 1);
            lo + i as u32
        })
        .collect()
}

pub fn run_cached(p: &Params, cache: &mut Cache) -> Outcome {
    let n = p.failovers as usize;
    if cache.key != Some((p.seed, p.failovers)) {
        cache.uniforms = (0..n)
            .map(|j| {
                let mut rng = ChaCha8Rng::seed_from_u64(p.seed);
                rng.set_stream(j as u64);
                StandardUniform.sample(&mut rng)
            })
            .collect();
        cache.key = Some((p.seed, p.failovers));
    }
    let redis_lambda = expected_lost(p.grants_per_s, if crate::mutation::on("failover-lag-doubled") { 2.0 * p.lag_ms } else { p.lag_ms });
    // (The mutation: the consensus store acknowledges before a majority has the grant, and loses
    // what its leader had not passed on, as Redis's replica does.)
    let loses = facts(p.store).loses_locks || (p.store == Store::Consensus && crate::mutation::on("failover-consensus-acks-before-majority"));
    let lambda = if loses { redis_lambda } else { 0.0 };
    let lost = poisson_quantiles(lambda, &cache.uniforms);
    let contention = p.contention.clamp(0.0, 1.0);
    let regranted: Vec<u32> = lost
        .iter()
        .enumerate()
        .map(|(j, &k)| {
            if k == 0 || contention <= 0.0 {
                return 0;
            }
            if contention >= 1.0 {
                return k;
            }
            // The failover's own stream, after its first draw (the uniform above).
            let mut rng = ChaCha8Rng::seed_from_u64(p.seed);
            rng.set_stream(j as u64);
            let _: f64 = StandardUniform.sample(&mut rng);
            Binomial::new(u64::from(k), contention).map_or(0, |b| b.sample(&mut rng) as u32)
        })
        .collect();
    let max_lost = lost.iter().copied().max().unwrap_or(0);
    let mut distribution = vec![0u32; max_lost as usize + 1];
    for &k in &lost {
        distribution[k as usize] += 1;
    }
    let nf = n.max(1) as f64;
    let curve = (0..=60)
        .map(|i| {
            let lag_ms = 0.1 * libm::pow(10.0, f64::from(i) / 15.0);
            LagPoint { lag_ms, expected_lost: expected_lost(p.grants_per_s, lag_ms) }
        })
        .collect();
    Outcome {
        summary: Summary {
            store: p.store,
            failovers: p.failovers,
            expected_lost: lambda,
            expected_regranted: lambda * contention,
            mean_lost: lost.iter().map(|&k| f64::from(k)).sum::<f64>() / nf,
            mean_regranted: regranted.iter().map(|&k| f64::from(k)).sum::<f64>() / nf,
            max_lost,
            failovers_with_loss: lost.iter().filter(|&&k| k > 0).count() as u32,
        },
        lag_ms: p.lag_ms,
        redis_expected_lost: redis_lambda,
        distribution,
        curve,
    }
}

pub fn run(p: &Params) -> Outcome {
    run_cached(p, &mut Cache::default())
}

/// Everything this widget says, in English (the source its translations are made from).
pub const MESSAGES: &str = include_str!(concat!(env!("OUT_DIR"), "/en/redis-failover.ftl"));

impl Outcome {
    /// What the widget says, in English.
    pub fn narrative(&self, p: &Params) -> String {
        self.narrative_in(p, &crate::messages::Tr::english(&[MESSAGES]))
    }

    /// What the widget says, in `tr`'s locale.
    pub fn narrative_in(&self, p: &Params, tr: &crate::messages::Tr) -> String {
        let s = &self.summary;
        let args = [
            ("rate", p.grants_per_s.into()),
            ("lag", p.lag_ms.into()),
            ("lost", s.mean_lost.into()),
            ("exact", s.expected_lost.into()),
            ("regranted", s.mean_regranted.into()),
            ("failovers", s.failovers.into()),
            ("withLoss", s.failovers_with_loss.into()),
            ("worst", s.max_lost.into()),
        ];
        tr.msg(facts(p.store).key, &args)
    }
}


crate::scenario! {
    /// The Redis failover as a [`Scenario`].
    RedisFailover, cache: Cache, run: run_cached, {
        fn messages() -> &'static str {
            MESSAGES
        }
        fn narrative_in(params: &Params, outcome: &Outcome, tr: &crate::messages::Tr) -> String {
            outcome.narrative_in(params, tr)
        }
    }
}


/// The reference's words for each parameter and result field: the documentation's tables
/// (`mdbook-locklab`'s `{{#locklab-reference …}}`) are made from them and the specs. No widget
/// reads them, so no bundle carries them.
pub const DOCS: crate::params::Docs = crate::params::Docs {
    params: &[
        ("store", "where the lock lives"),
        ("grants-per-s", "lock grants a second"),
        ("lag-ms", "mean replication lag"),
        ("contention", "chance another client asks for a lost lock while its first holder still works"),
        ("failovers", "crashes simulated"),
        ("seed", "seed of the random draws"),
    ],
    results: &[
        ("store", "the store simulated"),
        ("failovers", "crashes simulated"),
        ("expectedLost", "exact expected locks lost per failover (0 for `redlock` and `consensus`)"),
        ("expectedRegranted", "exact expected locks granted twice per failover"),
        ("meanLost, meanRegranted", "the simulated means"),
        ("maxLost", "the most locks one failover lost"),
        ("failoversWithLoss", "failovers that lost at least one lock"),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_headline() {
        // 500 grants/s, 5 ms: 2.5 lost per failover, 0.25 granted twice.
        let o = run(&Params::default());
        assert!((o.summary.expected_lost - 2.5).abs() < 1e-9);
        assert!((o.summary.expected_regranted - 0.25).abs() < 1e-9);
        // Poisson: the mean of 1,000 failovers has standard error √(2.5/1000) = 0.05.
        assert!((o.summary.mean_lost - 2.5).abs() < 4.0 * 0.05, "{:?}", o.summary);
        assert!((o.summary.mean_regranted - 0.25).abs() < 4.0 * (0.25f64 / 1000.0).sqrt() + 0.001, "{:?}", o.summary);
    }

    #[test]
    fn simulated_mean_matches_the_exact_expectation_across_the_range() {
        let mut seed = 0;
        for rate in [10.0, 200.0, 5000.0] {
            for lag in [0.1, 5.0, 100.0, 1000.0] {
                seed += 1;
                let p = Params { grants_per_s: rate, lag_ms: lag, failovers: 4000, seed, ..Params::default() };
                let o = run(&p);
                let lambda = expected_lost(rate, lag);
                let se = (lambda / 4000.0).sqrt();
                assert!((o.summary.mean_lost - lambda).abs() <= 4.0 * se + 1e-9, "{p:?}: {} vs {lambda}", o.summary.mean_lost);
                let c = p.contention;
                let se_r = (lambda * c / 4000.0).sqrt();
                assert!((o.summary.mean_regranted - lambda * c).abs() <= 4.0 * se_r + 1e-9);
            }
        }
        // Large lag: almost every grant of the window is still in flight.
        assert!((expected_lost(500.0, 1e6) - 2500.0).abs() < 10.0);
    }

    #[test]
    fn consensus_and_redlock_lose_nothing() {
        for store in [Store::Consensus, Store::Redlock] {
            let o = run(&Params { store, grants_per_s: 5000.0, lag_ms: 1000.0, ..Params::default() });
            assert_eq!(o.summary.mean_lost, 0.0);
            assert_eq!(o.summary.max_lost, 0);
            assert_eq!(o.summary.expected_lost, 0.0);
            assert!(!facts(store).loses_locks);
        }
        assert!(facts(Store::Redis).loses_locks);
    }

    #[test]
    fn more_grants_or_more_lag_never_lose_fewer() {
        let base = Params::default();
        // The per-failover counts, from the draws a run keeps in its cache.
        let lost = |p: &Params| -> Vec<u32> {
            let mut cache = Cache::default();
            let _ = run_cached(p, &mut cache);
            poisson_quantiles(expected_lost(p.grants_per_s, p.lag_ms), &cache.uniforms)
        };
        let a = lost(&base);
        for more in [Params { grants_per_s: 800.0, ..base.clone() }, Params { lag_ms: 9.0, ..base.clone() }] {
            let b = lost(&more);
            assert!(a.iter().zip(&b).all(|(x, y)| y >= x), "failover by failover");
            assert!(run(&more).summary.mean_lost >= run(&base).summary.mean_lost);
        }
    }

    #[test]
    fn poisson_inversion_is_right() {
        let us: Vec<f64> = (0..10_000).map(|i| (f64::from(i) + 0.5) / 10_000.0).collect();
        for lambda in [0.01, 2.5, 40.0, 2500.0] {
            let ks = poisson_quantiles(lambda, &us);
            let mean = ks.iter().map(|&k| f64::from(k)).sum::<f64>() / us.len() as f64;
            let var = ks.iter().map(|&k| (f64::from(k) - mean).powi(2)).sum::<f64>() / us.len() as f64;
            assert!((mean - lambda).abs() < 0.01 * lambda.max(1.0), "λ {lambda}: mean {mean}");
            assert!((var - lambda).abs() < 0.05 * lambda.max(1.0), "λ {lambda}: var {var}");
        }
    }

    #[test]
    fn the_table_and_the_simulation_agree() {
        assert_eq!(FACTS.len(), STORES.len());
        for (f, c) in FACTS.iter().zip(STORES) {
            let json = serde_json::to_value(f.store).expect("serializes");
            assert_eq!(json, c.value);
            let o = run(&Params { store: f.store, ..Params::default() });
            assert_eq!(o.summary.max_lost > 0, f.loses_locks);
        }
    }

    #[test]
    fn distribution_counts_every_failover() {
        let o = run(&Params::default());
        assert_eq!(o.distribution.iter().sum::<u32>(), 1000);
        assert_eq!(o.distribution.len() as u32, o.summary.max_lost + 1);
    }
}
