//! # Optimistic or pessimistic: one hot record, two ways to update it
//!
//! Updates to one record arrive as a Poisson process (`rate-per-s`, λ). Each needs `work-ms` of
//! work (T): always the same, or exponential with that mean. The same seeded arrivals are run both
//! ways:
//!
//! - **Optimistic**: read the record and its version, work, then `update … where version = v`.
//!   The commit fails if any other commit landed after the read; the update then waits
//!   `retry-ms` (re-read, back-off) and starts again from a fresh read. A commit is instant.
//! - **Pessimistic**: take the lock, work, release. The lock is held for the work plus one round
//!   trip to the lock service (`lock-ms`: the grant reaches the client, the release reaches the
//!   service); waiting updates are served first come, first served.
//!
//! **Exact companions.** Pessimistic is an M/G/1 queue with service `S = T + lock-ms`, so the
//! mean wait is Pollaczek–Khinchine's `λ·E[S²]/(2(1 − ρ))`, ρ = λ·E[S]: an M/D/1 queue for fixed
//! work, an M/G/1 with exponential work plus a constant otherwise (M/M/1 when `lock-ms` is 0). No
//! steady state at ρ ≥ 1 (the finite run still ends: its queue drains after the last arrival).
//! Optimistic: if the other commits arrived as a Poisson stream of rate λ, an attempt of length W
//! would succeed with probability e^(−λW): for fixed work the attempts per update are geometric
//! with mean **e^(λT)**; for exponential work E[e^(−λW)] = 1/(1 + λT), mean **1 + λT**. By Wald's
//! identity the mean latency is `T·A + retry·(A − 1)` for A attempts. The Poisson assumption holds
//! while conflicts are rare (λT well under 1); under contention successful commits are at least
//! one attempt's length apart (a success must have read after the last one), the commit stream is far from Poisson and the simulation departs from
//! the formula (the tests state by how much).

use std::collections::BinaryHeap;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, Exp1};
use serde::{Deserialize, Serialize};

use crate::params::{Choice, Kind, Spec};
use crate::queueing::{percentile, pk_wait, sort_times, At};

pub const NAME: &str = "optimistic-vs-pessimistic";

/// The simulation stops after this many optimistic attempts (under heavy contention the retries
/// grow without bound) and says so.
pub const MAX_ATTEMPTS: u64 = 100_000;

pub const WORK_SHAPES: &[Choice] = &[
    Choice { value: "fixed", label: "Always the same" },
    Choice { value: "exponential", label: "Varies (exponential)" },
];

pub const SPECS: &[Spec] = &[
    Spec { name: "rate-per-s", label: "Updates to the record", unit: "/s", kind: Kind::Float { min: 1.0, max: 2000.0, default: 5.0, log: true, step: 0.0 } },
    Spec { name: "work-ms", label: "Work per update", unit: "ms", kind: Kind::Float { min: 1.0, max: 200.0, default: 20.0, log: true, step: 0.0 } },
    Spec { name: "retry-ms", label: "Extra cost of a retry (re-read, back-off)", unit: "ms", kind: Kind::Float { min: 0.0, max: 100.0, default: 2.0, log: false, step: 0.5 } },
    Spec { name: "lock-ms", label: "Lock round trip", unit: "ms", kind: Kind::Float { min: 0.0, max: 20.0, default: 2.0, log: false, step: 0.1 } },
    Spec { name: "work", label: "Work time", unit: "", kind: Kind::Choice { options: WORK_SHAPES, default: 0 } },
    Spec { name: "updates", label: "Updates simulated", unit: "", kind: Kind::Int { min: 200, max: 20_000, default: 2000, log: true } },
    crate::params::seed(1),
];

/// Shown first: the rate (the lesson's one knob), the work and what a retry costs.
pub const PRIMARY: &[&str] = &["rate-per-s", "work-ms", "retry-ms"];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Work {
    Fixed,
    Exponential,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Params {
    pub rate_per_s: f64,
    pub work_ms: f64,
    pub retry_ms: f64,
    pub lock_ms: f64,
    pub work: Work,
    pub updates: u32,
    pub seed: u64,
}

impl Params {
    pub fn from_values(v: &[f64]) -> Self {
        let (v, _) = crate::params::clamp(SPECS, v);
        Self {
            rate_per_s: v[0],
            work_ms: v[1],
            retry_ms: v[2],
            lock_ms: v[3],
            work: if v[4] as usize == 1 { Work::Exponential } else { Work::Fixed },
            updates: v[5] as u32,
            seed: v[6] as u64,
        }
    }
}

impl Default for Params {
    fn default() -> Self {
        Self::from_values(&crate::params::defaults(SPECS))
    }
}

/// The closed forms at rate `lambda` (per ms) for these settings.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Exact {
    /// Mean optimistic attempts per update: e^(λT) (fixed work) or 1 + λT (exponential).
    pub attempts: f64,
    /// Mean optimistic latency, ms: T·A + retry·(A − 1).
    pub optimistic_ms: f64,
    /// Pessimistic utilisation ρ = λ(T + lock).
    pub utilisation: f64,
    /// Pessimistic mean wait for the lock, ms (None at ρ ≥ 1).
    pub wait_ms: Option<f64>,
    /// Pessimistic mean latency, ms: wait + T + lock (None at ρ ≥ 1).
    pub pessimistic_ms: Option<f64>,
}

pub fn exact(p: &Params, rate_per_s: f64) -> Exact {
    let lambda = rate_per_s / 1000.0;
    let t = p.work_ms;
    let attempts = match p.work {
        Work::Fixed => libm::exp(lambda * t),
        Work::Exponential => 1.0 + lambda * t,
    };
    let s = t + p.lock_ms;
    let second = match p.work {
        // (The mutation: M/M/1's second moment, 2s², for fixed work's s².)
        Work::Fixed if crate::mutation::on("optimistic-pk-service-exponential") => 2.0 * s * s,
        Work::Fixed => s * s,
        // Var(T + c) = T² for exponential work of mean T.
        Work::Exponential => t * t + s * s,
    };
    let wait_ms = pk_wait(lambda, s, second);
    Exact { attempts, optimistic_ms: t * attempts + p.retry_ms * (attempts - 1.0), utilisation: lambda * s, wait_ms, pessimistic_ms: wait_ms.map(|w| w + s) }
}

/// The lowest rate (per second) at which, by the formulas, optimistic's mean latency exceeds
/// pessimistic's; `None` when optimistic stays quicker up to the lock's capacity. Searched on a
/// log grid from 0.1/s, then refined by bisection.
pub fn crossover(p: &Params) -> Option<f64> {
    let worse = |r: f64| {
        let e = exact(p, r);
        e.pessimistic_ms.is_some_and(|pm| e.optimistic_ms > pm)
    };
    let capacity = 1000.0 / (p.work_ms + p.lock_ms);
    let mut prev = 0.1;
    if worse(prev) {
        return Some(prev);
    }
    for i in 1..=400 {
        let r = 0.1 * libm::pow(capacity / 0.1, f64::from(i) / 400.0);
        if r >= capacity {
            break;
        }
        if worse(r) {
            let (mut lo, mut hi) = (prev, r);
            for _ in 0..60 {
                let mid = 0.5 * (lo + hi);
                if worse(mid) { hi = mid } else { lo = mid }
            }
            return Some(hi);
        }
        prev = r;
    }
    None
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OptimisticResult {
    pub throughput_per_s: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub mean_ms: f64,
    /// Attempts that failed their version check and were redone.
    pub wasted_attempts: u64,
    pub attempts_per_update: f64,
    /// Updates committed (fewer than asked only when the run stopped at [`MAX_ATTEMPTS`]).
    pub completed: u32,
    pub stopped: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PessimisticResult {
    pub throughput_per_s: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub mean_ms: f64,
    pub mean_wait_ms: f64,
    /// The most updates waiting for the lock at once.
    pub max_queue: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub optimistic: OptimisticResult,
    pub pessimistic: PessimisticResult,
    /// e^(λT) (fixed work) or 1 + λT (exponential): mean attempts if conflicts were Poisson.
    pub exact_attempts: f64,
    /// Pollaczek–Khinchine mean wait for the lock; null at ρ ≥ 1.
    pub exact_wait_ms: Option<f64>,
    pub exact_optimistic_ms: f64,
    pub exact_pessimistic_ms: Option<f64>,
    /// The lock's utilisation ρ = λ(T + lock round trip).
    pub utilisation: f64,
    /// λT: the expected number of other commits during one attempt.
    pub conflict_load: f64,
    /// Where, by the formulas, the lock becomes quicker (per second); null if it does not
    /// before the lock saturates.
    pub crossover_per_s: Option<f64>,
    /// Where the simulated means cross on this seed's arrivals (per second): the lowest rate at
    /// which the lock's simulated mean is no longer above optimistic's, found on a grid of
    /// [`CROSSOVER_GRID`] rates and refined by bisection; [`MIN_RATE`] when the lock is quicker at
    /// every rate the widget offers; null when optimistic stays quicker up to the lock's capacity.
    pub simulated_crossover_per_s: Option<f64>,
}

/// One point of the latency-against-rate curves (formulas).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CurvePoint {
    pub rate_per_s: f64,
    pub optimistic_ms: f64,
    pub pessimistic_ms: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    #[serde(flatten)]
    pub summary: Summary,
    pub curve: Vec<CurvePoint>,
}

/// The widget's lowest rate (per second), where the simulated crossover search starts.
pub const MIN_RATE: f64 = 1.0;
/// Log-spaced rates from [`MIN_RATE`] to just below the lock's capacity on which the simulated
/// means are compared before the first change of sign is refined.
pub const CROSSOVER_GRID: u32 = 20;
/// Bisection steps inside the grid interval where the sign changes (in log space: the bracket
/// ends about 0.02 % wide at the default settings, finer than the three figures shown).
pub const CROSSOVER_BISECTIONS: u32 = 10;

/// Whether, at `rate_per_s` on these settings' seed, the lock's simulated mean is no longer above
/// optimistic's (an optimistic run stopped at [`MAX_ATTEMPTS`] counts as slower).
fn lock_no_slower(p: &Params, rate_per_s: f64) -> bool {
    let q = Params { rate_per_s, ..p.clone() };
    let arr = arrivals(&q);
    let (pl, _, _) = pessimistic(&q, &arr);
    let run = optimistic(&q, &arr);
    run.stopped || mean(&run.latencies) >= mean(&pl)
}

/// The simulated crossover (see [`Summary::simulated_crossover_per_s`]). It does not depend on
/// `rate-per-s`, so a widget keeps it while only the rate moves.
pub fn simulated_crossover(p: &Params) -> Option<f64> {
    let capacity = 1000.0 / (p.work_ms + p.lock_ms);
    let top = capacity.min(SPECS[0].range().1);
    if lock_no_slower(p, MIN_RATE) {
        return Some(MIN_RATE);
    }
    let mut prev = MIN_RATE;
    for i in 1..=CROSSOVER_GRID {
        let r = MIN_RATE * libm::pow(top / MIN_RATE, f64::from(i) / f64::from(CROSSOVER_GRID));
        if i == CROSSOVER_GRID && top >= capacity {
            break; // at capacity the lock never catches up in steady state: not a rate to offer
        }
        if lock_no_slower(p, r) {
            let (mut lo, mut hi) = (prev, r);
            for _ in 0..CROSSOVER_BISECTIONS {
                let mid = libm::sqrt(lo * hi);
                if lock_no_slower(p, mid) { hi = mid } else { lo = mid }
            }
            return Some(hi);
        }
        prev = r;
    }
    None
}

/// What the widget keeps between runs: the simulated crossover and the settings it was found for
/// (every parameter but the rate).
#[derive(Default)]
pub struct Cache {
    key: Option<Params>,
    crossover: Option<f64>,
}

/// One work time, ms.
pub fn work(p: &Params, rng: &mut ChaCha8Rng) -> f64 {
    match p.work {
        Work::Fixed => p.work_ms,
        Work::Exponential => {
            let e: f64 = Exp1.sample(rng);
            p.work_ms * e
        }
    }
}

/// Poisson arrival times (ms) from the seed's stream 0.
pub fn arrivals(p: &Params) -> Vec<f64> {
    let mut rng = ChaCha8Rng::seed_from_u64(p.seed);
    let mean_gap = 1000.0 / p.rate_per_s;
    let mut t = 0.0;
    (0..p.updates)
        .map(|_| {
            let e: f64 = Exp1.sample(&mut rng);
            t += if crate::mutation::on("optimistic-fixed-rate-arrivals") { mean_gap } else { mean_gap * e };
            t
        })
        .collect()
}

/// The lock, first come first served: `(latencies, waits, max queue)`. Work times from stream 1.
pub fn pessimistic(p: &Params, arrivals: &[f64]) -> (Vec<f64>, Vec<f64>, u32) {
    let mut rng = ChaCha8Rng::seed_from_u64(p.seed);
    rng.set_stream(1);
    let mut free = f64::NEG_INFINITY;
    let mut done: Vec<f64> = Vec::with_capacity(arrivals.len());
    let (mut latencies, mut waits) = (Vec::with_capacity(arrivals.len()), Vec::with_capacity(arrivals.len()));
    let (mut first_in_system, mut max_queue) = (0usize, 0u32);
    for (i, &a) in arrivals.iter().enumerate() {
        // (The mutation: the lock's round trip costs nothing; only the work holds it.)
        let s = work(p, &mut rng) + if crate::mutation::on("optimistic-lock-costs-nothing") { 0.0 } else { p.lock_ms };
        let wait = (free - a).max(0.0);
        free = a + wait + s;
        done.push(free);
        latencies.push(wait + s);
        waits.push(wait);
        // Completions are in arrival order: those still in the system are a suffix.
        while done[first_in_system] <= a {
            first_in_system += 1;
        }
        // Waiting = in the system minus the one holding the lock.
        max_queue = max_queue.max((i - first_in_system) as u32);
    }
    (latencies, waits, max_queue)
}

/// What an optimistic run returns.
pub struct OptimisticRun {
    pub latencies: Vec<f64>,
    pub attempts: u64,
    pub stopped: bool,
    pub last_commit: f64,
    /// When each successful commit landed, in order.
    pub commits: Vec<f64>,
    /// Each update's attempts, in arrival order (the lab's bands take batch means of them).
    pub attempts_of: Vec<u32>,
}

/// Read, work, compare-and-set; retry after `retry-ms` on conflict. Work times from stream 2, in
/// the order attempts start.
pub fn optimistic(p: &Params, arrivals: &[f64]) -> OptimisticRun {
    optimistic_played(p, arrivals, |w| w).0
}

/// [`optimistic`] with each attempt's drawn work played as `play(work)` ms (the lab's tests play
/// it with a machine's timing: a little longer, a commit's hand-over), and each update's latency
/// also returned in arrival order (the run's `latencies` are in commit order).
pub fn optimistic_played(p: &Params, arrivals: &[f64], mut play: impl FnMut(f64) -> f64) -> (OptimisticRun, Vec<f64>) {
    let mut latency_of = vec![0.0; arrivals.len()];
    let run = optimistic_engine(p, arrivals, &mut play, &mut latency_of);
    (run, latency_of)
}

fn optimistic_engine(p: &Params, arrivals: &[f64], play: &mut impl FnMut(f64) -> f64, latency_of: &mut [f64]) -> OptimisticRun {
    let mut rng = ChaCha8Rng::seed_from_u64(p.seed);
    rng.set_stream(2);
    // An attempt: (update, the time of its read).
    let mut heap: BinaryHeap<At<(usize, f64)>> = BinaryHeap::new();
    let mut seq = 0u64;
    let mut next = 0usize;
    let mut last_commit = f64::NEG_INFINITY;
    let mut latencies = Vec::with_capacity(arrivals.len());
    let mut commits = Vec::with_capacity(arrivals.len());
    let mut attempts = 0u64;
    let mut attempts_of = vec![0u32; arrivals.len()];
    loop {
        let arrival = arrivals.get(next).copied();
        let top = heap.peek().map(|a| a.time);
        // Arrivals first on a tie: a read at the very instant of a commit sees the old version.
        let take_arrival = match (arrival, top) {
            (Some(a), Some(t)) => a <= t,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => break,
        };
        if take_arrival {
            let a = arrivals[next];
            if attempts >= MAX_ATTEMPTS {
                return OptimisticRun { latencies, attempts, stopped: true, last_commit, commits, attempts_of };
            }
            attempts += 1;
            attempts_of[next] += 1;
            heap.push(At { time: a + play(work(p, &mut rng)), seq, event: (next, a) });
            seq += 1;
            next += 1;
            continue;
        }
        let Some(At { time: f, event: (i, read), .. }) = heap.pop() else { break };
        if last_commit > read {
            // Someone committed after this attempt read: its version check fails.
            if attempts >= MAX_ATTEMPTS {
                return OptimisticRun { latencies, attempts, stopped: true, last_commit, commits, attempts_of };
            }
            attempts += 1;
            attempts_of[i] += 1;
            let again = f + p.retry_ms;
            heap.push(At { time: again + play(work(p, &mut rng)), seq, event: (i, again) });
            seq += 1;
        } else {
            last_commit = f;
            commits.push(f);
            // (The mutation: the latency counted from the winning attempt's read, not the arrival.)
            let latency = f - if crate::mutation::on("optimistic-latency-from-last-read") { read } else { arrivals[i] };
            latencies.push(latency);
            latency_of[i] = latency;
        }
    }
    OptimisticRun { latencies, attempts, stopped: false, last_commit, commits, attempts_of }
}

fn mean(v: &[f64]) -> f64 {
    if v.is_empty() { 0.0 } else { v.iter().sum::<f64>() / v.len() as f64 }
}

pub fn run(p: &Params) -> Outcome {
    run_cached(p, &mut Cache::default())
}

pub fn run_cached(p: &Params, cache: &mut Cache) -> Outcome {
    let key = Params { rate_per_s: 0.0, ..p.clone() };
    if cache.key.as_ref() != Some(&key) {
        cache.crossover = simulated_crossover(p);
        cache.key = Some(key);
    }
    let arr = arrivals(p);
    let first = arr.first().copied().unwrap_or(0.0);
    let (mut pl, pw, max_queue) = pessimistic(p, &arr);
    let p_end = arr.iter().zip(&pl).map(|(a, l)| a + l).fold(first, f64::max);
    let mean_wait = mean(&pw);
    let p_mean = mean(&pl);
    sort_times(&mut pl);
    let run = optimistic(p, &arr);
    let mut ol = run.latencies;
    let o_mean = mean(&ol);
    sort_times(&mut ol);
    let completed = ol.len() as u32;
    let per_s = |n: f64, span: f64| if span > 0.0 { n * 1000.0 / span } else { 0.0 };
    let e = exact(p, p.rate_per_s);
    let curve = (0..=80)
        .map(|i| {
            let r = libm::pow(10.0, -0.3 + 3.7 * f64::from(i) / 80.0);
            let x = exact(p, r);
            CurvePoint { rate_per_s: r, optimistic_ms: x.optimistic_ms, pessimistic_ms: x.pessimistic_ms }
        })
        .collect();
    Outcome {
        summary: Summary {
            optimistic: OptimisticResult {
                throughput_per_s: per_s(f64::from(completed), run.last_commit - first),
                p50_ms: percentile(&ol, 0.5),
                p99_ms: percentile(&ol, 0.99),
                mean_ms: o_mean,
                wasted_attempts: run.attempts - u64::from(completed),
                attempts_per_update: if completed > 0 { run.attempts as f64 / f64::from(completed) } else { 0.0 },
                completed,
                stopped: run.stopped,
            },
            pessimistic: PessimisticResult {
                throughput_per_s: per_s(f64::from(p.updates), p_end - first),
                p50_ms: percentile(&pl, 0.5),
                p99_ms: percentile(&pl, 0.99),
                mean_ms: p_mean,
                mean_wait_ms: mean_wait,
                max_queue,
            },
            exact_attempts: e.attempts,
            exact_wait_ms: e.wait_ms,
            exact_optimistic_ms: e.optimistic_ms,
            exact_pessimistic_ms: e.pessimistic_ms,
            utilisation: e.utilisation,
            conflict_load: p.rate_per_s / 1000.0 * p.work_ms,
            crossover_per_s: crossover(p),
            simulated_crossover_per_s: cache.crossover,
        },
        curve,
    }
}

/// Everything this widget says, in English (the source its translations are made from).
pub const MESSAGES: &str = include_str!(concat!(env!("OUT_DIR"), "/en/optimistic-vs-pessimistic.ftl"));

impl Outcome {
    /// What the widget says, in English.
    pub fn narrative(&self, p: &Params) -> String {
        self.narrative_in(p, &crate::messages::Tr::english(&[MESSAGES]))
    }

    /// What the widget says, in `tr`'s locale: its sentences, each one message.
    pub fn narrative_in(&self, p: &Params, tr: &crate::messages::Tr) -> String {
        use crate::messages::Arg;
        let s = &self.summary;
        let (o, l) = (&s.optimistic, &s.pessimistic);
        let fixed = p.work == Work::Fixed;
        // The optimistic formula's name: a formula, the same in every language.
        let estimate = || Arg::from(if fixed { "e^(λT)" } else { "1 + λT" });
        let mut said = Vec::new();
        if o.stopped {
            said.push(tr.msg(
                "opt-collapse",
                &[
                    ("rate", p.rate_per_s.into()),
                    ("work", p.work_ms.into()),
                    ("attempts", (MAX_ATTEMPTS as f64).into()),
                    ("completed", o.completed.into()),
                    ("updates", p.updates.into()),
                    ("mean", l.mean_ms.into()),
                    ("wait", l.mean_wait_ms.into()),
                ],
            ));
        } else {
            said.push(tr.msg(
                "opt-run",
                &[
                    ("rate", p.rate_per_s.into()),
                    ("work", p.work_ms.into()),
                    ("load", s.conflict_load.into()),
                    ("attempts", o.attempts_per_update.into()),
                    ("wasted", (o.wasted_attempts as f64).into()),
                    ("exact", s.exact_attempts.into()),
                    ("mean", o.mean_ms.into()),
                    ("p99", o.p99_ms.into()),
                    ("wait", l.mean_wait_ms.into()),
                    ("lockMean", l.mean_ms.into()),
                    ("lockP99", l.p99_ms.into()),
                ],
            ));
            said.push(tr.msg(if o.mean_ms < l.mean_ms { "opt-quicker-optimistic" } else { "opt-quicker-lock" }, &[]));
        }
        let formula = Arg::from(match s.crossover_per_s {
            Some(c) if c <= 0.1 => tr.msg(if fixed { "opt-formula-lock-fixed" } else { "opt-formula-lock-varied" }, &[("lock", p.lock_ms.into())]),
            Some(c) => tr.msg("opt-formula-cross", &[("rate", c.into())]),
            None => tr.msg("opt-formula-none", &[]),
        });
        said.push(match s.simulated_crossover_per_s {
            Some(c) if c <= MIN_RATE => tr.msg("opt-sim-lock-always", &[("from", MIN_RATE.into()), ("formula", formula)]),
            Some(c) => match s.crossover_per_s {
                Some(f) if f > c * 1.05 => tr.msg("opt-sim-cross-later", &[("rate", c.into()), ("formula", formula), ("estimate", estimate())]),
                _ => tr.msg("opt-sim-cross", &[("rate", c.into()), ("formula", formula)]),
            },
            None => tr.msg("opt-sim-capacity", &[("capacity", (1000.0 / (p.work_ms + p.lock_ms)).into()), ("formula", formula)]),
        });
        if s.conflict_load > 0.5 && !o.stopped {
            said.push(tr.msg(
                "opt-contention",
                &[("load", s.conflict_load.into()), ("estimate", estimate()), ("attempts", o.attempts_per_update.into()), ("exact", s.exact_attempts.into())],
            ));
        }
        if s.utilisation >= 1.0 {
            said.push(tr.msg("opt-over-capacity", &[("utilisation", s.utilisation.into())]));
        }
        let share = if o.attempts_per_update > 0.0 { 1.0 - 1.0 / o.attempts_per_update } else { 0.0 };
        said.push(tr.msg("opt-retries", &[("wasted", (o.wasted_attempts as f64).into()), ("share", share.into())]));
        said.join(" ")
    }
}


crate::scenario! {
    /// Optimistic vs pessimistic updates of one hot record as a [`Scenario`].
    OptimisticPessimistic, cache: Cache, run: run_cached, {
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
        ("rate-per-s", "updates to the record a second"),
        ("work-ms", "work per update (per attempt)"),
        ("retry-ms", "extra cost of a retry: re-read, back-off"),
        ("lock-ms", "round trip to the lock service, added to the time the lock is held"),
        ("work", "whether the work always takes `work-ms` or varies around it"),
        ("updates", "updates simulated"),
        ("seed", "seed of the random draws"),
    ],
    results: &[
        ("optimistic", "`throughputPerS`, `p50Ms`, `p99Ms`, `meanMs`, `wastedAttempts` (attempts redone), `attemptsPerUpdate`, `completed`, `stopped`"),
        ("pessimistic", "`throughputPerS`, `p50Ms`, `p99Ms`, `meanMs`, `meanWaitMs` (waiting for the lock), `maxQueue`"),
        ("exactAttempts", "e^(λT) (fixed work) or 1 + λT (exponential)"),
        ("exactWaitMs", "Pollaczek–Khinchine mean wait for the lock; `null` at ρ ≥ 1"),
        ("exactOptimisticMs, exactPessimisticMs", "the formulas' mean time per update (`null` for the lock at ρ ≥ 1)"),
        ("utilisation", "ρ = λ·(T + `lock-ms`)"),
        ("conflictLoad", "λT: other commits expected during one attempt"),
        ("crossoverPerS", "the rate where, by the formulas, the lock becomes quicker; `null` if not below its capacity"),
        ("simulatedCrossoverPerS", "the rate where the simulated means cross on these arrivals (1 when the lock is quicker from the lowest rate); `null` if optimistic stays quicker up to the lock's capacity"),
    ],
};
