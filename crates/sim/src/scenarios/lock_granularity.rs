//! # How wide should the lock be?
//!
//! Updates for `keys` items (SKUs) arrive as a Poisson process at `rate-per-s` in total; the item
//! is drawn from a Zipf popularity of exponent `skew` (key k, counted from 1, has weight
//! k^(−skew); 0 is uniform). Each update holds its lock for an exponential time of mean `work-ms`
//! (so each lock alone is an M/M/1 queue). The lock is `global` (one), `per-shard` (`shards`
//! locks; a key's shard is a fixed hash of it) or `per-key`.
//!
//! **Exact companions** (one lock per update). Thinning a Poisson stream keeps it Poisson, so lock
//! L sees arrivals at λ_L = λ·q_L, q_L the popularity of its keys, and is an M/M/1 queue with
//! utilisation ρ_L = λ_L·s: mean wait ρ_L·s/(1 − ρ_L) and `P(Wq > t) = ρ_L·e^(−(1/s − λ_L)t)`.
//! The wait of a random update is the mixture over locks weighted by q_L (mean and p99 from it).
//! The hottest key's share is 1/H, H = Σ k^(−skew). Any lock at ρ ≥ 1 has no steady state: its
//! queue grows for as long as updates come; the widget reports that and does not simulate.
//!
//! **Two locks** (a transfer between two different items): each update takes the lock of its
//! first item, then `gap-ms` later asks for the second item's (the round trip between the two),
//! works holding both, releases both. Unordered, it takes them in the order the items come and two
//! transfers in opposite directions can deadlock: each holds the lock the other waits for. The
//! deadlock lasts until a lock's TTL (`ttl-ms`) runs out: the lock then passes to the waiter while
//! its first holder still believes it holds it (two holders overlap). `ordered` takes locks in one
//! global order (lowest lock number first), which makes a cycle impossible. A lock is held longer
//! than the work in this mode, so λ_L·s is only a lower bound of its utilisation.
//!
//! **Two workers.** Two transfers between the same two items, each direction equally likely, start
//! independently and uniformly within a window W. With opposite directions they deadlock exactly
//! when each takes its first lock before the other asks for its second, i.e. when their starts are
//! less than the gap g apart: P(|t₁ − t₂| < g) = 2g/W − (g/W)², so P(deadlock) =
//! ½·(2g/W − (g/W)²) for g ≤ W ([`two_worker_deadlock`]; the tests run the engine against it).

use std::collections::{BinaryHeap, VecDeque};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, Exp1, StandardUniform};
use serde::{Deserialize, Serialize};

use crate::params::{Choice, Kind, Spec};
use crate::queueing::{percentile, sort_times, At};

pub const NAME: &str = "lock-granularity";

pub const LOCKS: &[Choice] = &[
    Choice { value: "global", label: "One global lock" },
    Choice { value: "per-shard", label: "One per shard" },
    Choice { value: "per-key", label: "One per key" },
];

pub const SPECS: &[Spec] = &[
    Spec { name: "lock", label: "Lock", unit: "", kind: Kind::Choice { options: LOCKS, default: 0 } },
    Spec { name: "rate-per-s", label: "Updates, all keys", unit: "/s", kind: Kind::Float { min: 10.0, max: 20_000.0, default: 800.0, log: true, step: 0.0 } },
    Spec { name: "skew", label: "Popularity skew (Zipf exponent)", unit: "", kind: Kind::Float { min: 0.0, max: 2.0, default: 1.0, log: false, step: 0.05 } },
    Spec { name: "two-locks", label: "Each update takes two keys' locks", unit: "", kind: Kind::Bool { default: false } },
    Spec { name: "ordered", label: "Take locks in one global order", unit: "", kind: Kind::Bool { default: false } },
    Spec { name: "work-ms", label: "Critical section (mean)", unit: "ms", kind: Kind::Float { min: 0.1, max: 50.0, default: 1.0, log: true, step: 0.0 } },
    Spec { name: "keys", label: "Keys (SKUs)", unit: "", kind: Kind::Int { min: 1, max: 10_000, default: 1000, log: true } },
    Spec { name: "shards", label: "Shards", unit: "", kind: Kind::Int { min: 2, max: 256, default: 16, log: true } },
    Spec { name: "gap-ms", label: "Time between taking the two locks", unit: "ms", kind: Kind::Float { min: 0.1, max: 20.0, default: 1.0, log: true, step: 0.0 } },
    Spec { name: "ttl-ms", label: "Lock TTL", unit: "ms", kind: Kind::Float { min: 50.0, max: 30_000.0, default: 2000.0, log: true, step: 0.0 } },
    Spec { name: "updates", label: "Updates simulated", unit: "", kind: Kind::Int { min: 500, max: 20_000, default: 5000, log: true } },
    crate::params::seed(1),
];

/// Shown first: how wide the lock is, the load, the skew and the two-lock toggles.
pub const PRIMARY: &[&str] = &["lock", "rate-per-s", "skew", "two-locks", "ordered"];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Lock {
    Global,
    PerShard,
    PerKey,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Params {
    pub lock: Lock,
    pub rate_per_s: f64,
    pub skew: f64,
    pub two_locks: bool,
    pub ordered: bool,
    pub work_ms: f64,
    pub keys: u32,
    pub shards: u32,
    pub gap_ms: f64,
    pub ttl_ms: f64,
    pub updates: u32,
    pub seed: u64,
}

impl Params {
    pub fn from_values(v: &[f64]) -> Self {
        let (v, _) = crate::params::clamp(SPECS, v);
        Self {
            lock: match v[0] as usize {
                1 => Lock::PerShard,
                2 => Lock::PerKey,
                _ => Lock::Global,
            },
            rate_per_s: v[1],
            skew: v[2],
            two_locks: v[3] != 0.0,
            ordered: v[4] != 0.0,
            work_ms: v[5],
            keys: v[6] as u32,
            shards: v[7] as u32,
            gap_ms: v[8],
            ttl_ms: v[9],
            updates: v[10] as u32,
            seed: v[11] as u64,
        }
    }

    /// How many locks there are.
    pub fn lock_count(&self) -> u32 {
        match self.lock {
            Lock::Global => 1,
            Lock::PerShard => self.shards,
            Lock::PerKey => self.keys,
        }
    }

    /// The lock guarding key `k` (0-based).
    pub fn lock_of(&self, k: u32) -> u32 {
        match self.lock {
            Lock::Global => 0,
            Lock::PerShard => (splitmix(u64::from(k)) % u64::from(self.shards.max(1))) as u32,
            Lock::PerKey => k,
        }
    }

    /// How the lesson names the lock that guards key `k`: "SKU 18's lock", "shard 3's lock (SKU 18)".
    /// The name of the lock item `k` is behind, in `tr`'s language.
    pub fn lock_name_in(&self, k: u32, tr: &crate::messages::Tr) -> String {
        match self.lock {
            Lock::Global => tr.msg("gran-lock-global", &[]),
            Lock::PerShard => tr.msg("gran-lock-shard", &[("shard", (self.lock_of(k) + 1).into()), ("key", (k + 1).into())]),
            Lock::PerKey => tr.msg("gran-lock-key", &[("key", (k + 1).into())]),
        }
    }

    /// The label under lock `lock`'s bar, in `tr`'s language.
    pub fn lock_label_in(&self, lock: u32, tr: &crate::messages::Tr) -> String {
        match self.lock {
            Lock::Global => tr.msg("gran-bar-all", &[]),
            Lock::PerShard => tr.msg("gran-bar-shard", &[("shard", (lock + 1).into())]),
            Lock::PerKey => tr.msg("gran-bar-key", &[("key", (lock + 1).into())]),
        }
    }

    /// One link of a circle of waits (`(update, held, wanted)`), said by message `key`
    /// (`gran-cycle-link` in the narrative, `gran-cycle-item` in the widget's list).
    pub fn link_in(&self, (update, held, wanted): (u32, u32, u32), key: &str, tr: &crate::messages::Tr) -> String {
        tr.msg(key, &[("update", (update + 1).into()), ("held", self.lock_name_in(held, tr).into()), ("wanted", self.lock_name_in(wanted, tr).into())])
    }

    /// Whether an update can take two locks (two keys, and more than one lock to spread them).
    pub fn pairs(&self) -> bool {
        self.two_locks && self.keys >= 2 && self.lock != Lock::Global
    }
}

impl Default for Params {
    fn default() -> Self {
        Self::from_values(&crate::params::defaults(SPECS))
    }
}

/// A fixed 64-bit mix (SplitMix64's finaliser): the shard of a key, the same everywhere.
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Zipf popularities `p_k ∝ (k + 1)^(−skew)` for k in 0..keys, normalised.
pub fn popularity(keys: u32, skew: f64) -> Vec<f64> {
    let w: Vec<f64> = (1..=keys.max(1)).map(|k| if skew == 0.0 { 1.0 } else { libm::pow(f64::from(k), -skew) }).collect();
    let h: f64 = w.iter().sum();
    w.into_iter().map(|x| x / h).collect()
}

/// Probability that two workers deadlock: two transfers between the same two items, directions
/// independent and equally likely, starts uniform and independent in a window of `window_ms`,
/// `gap_ms` between taking the first lock and asking for the second.
pub fn two_worker_deadlock(gap_ms: f64, window_ms: f64) -> f64 {
    let x = (gap_ms / window_ms).clamp(0.0, 1.0);
    let half = if crate::mutation::on("granularity-deadlock-without-half") { 1.0 } else { 0.5 };
    half * (2.0 * x - x * x)
}

/// One lock's figures.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LockFigures {
    pub lock: u32,
    /// Updates per second that take this lock (exact).
    pub rate_per_s: f64,
    /// λ_L·s (exact; a lower bound with two locks per update).
    pub utilisation: f64,
    /// Fraction of the simulated time it was held (null when not simulated).
    pub simulated_busy: Option<f64>,
}

/// The first deadlock of a run: who held what and waited for what.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Cycle {
    pub at_ms: f64,
    /// (worker, the key whose lock it holds, the key whose lock it waits for), around the cycle.
    pub links: Vec<(u32, u32, u32)>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub lock: Lock,
    pub locks: u32,
    /// The busiest lock's utilisation λ_L·s (exact; a lower bound with two locks).
    pub max_utilisation: f64,
    /// Locks at ρ ≥ 1: their queues never drain, so the run is not simulated.
    pub saturated_locks: u32,
    pub simulated: bool,
    pub mean_wait_ms: Option<f64>,
    pub p99_wait_ms: Option<f64>,
    /// Completed updates per second (simulated); when saturated, the long-run rate the locks can
    /// serve: Σ min(λ_L, 1/s) with one lock per update, an upper bound with two
    /// ([`saturated_pairs_throughput`]).
    pub throughput_per_s: f64,
    /// The hottest key's share of the updates: 1/H from the Zipf normalisation.
    pub hottest_share: f64,
    /// The busiest lock's share of the updates.
    pub hottest_lock_share: f64,
    pub deadlocks: u32,
    /// Locks that expired while their holder still held them (each lets two holders overlap).
    pub expiries: u32,
    /// M/M/1 mixture (one lock per update, every ρ < 1); null otherwise.
    pub exact_mean_wait_ms: Option<f64>,
    pub exact_p99_wait_ms: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    #[serde(flatten)]
    pub summary: Summary,
    /// The busiest locks, busiest first (up to [`SHOWN_LOCKS`]).
    pub busiest: Vec<LockFigures>,
    pub first_cycle: Option<Cycle>,
}

/// Locks the chart shows.
pub const SHOWN_LOCKS: usize = 12;

/// One update as the engine takes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Update {
    pub at_ms: f64,
    /// Keys in the order the update takes their locks when unordered (the second is ignored
    /// with one lock per update).
    pub keys: [u32; 2],
    pub work_ms: f64,
}

/// The seed's raw draws for each update, which do not depend on any other setting: the arrival
/// gap (exponential, stream 0), two uniforms for the items (stream 1) and the work (exponential,
/// stream 2). A widget keeps them while only the rate, the items or the locks move.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Draws {
    key: Option<(u64, u32)>,
    gaps: Vec<f64>,
    items: Vec<(f64, f64)>,
    work: Vec<f64>,
}

impl Draws {
    pub fn new(seed: u64, n: u32) -> Self {
        let mut ra = ChaCha8Rng::seed_from_u64(seed);
        let mut rk = ChaCha8Rng::seed_from_u64(seed);
        rk.set_stream(1);
        let mut rw = ChaCha8Rng::seed_from_u64(seed);
        rw.set_stream(2);
        let mut d = Draws { key: Some((seed, n)), ..Draws::default() };
        for _ in 0..n {
            d.gaps.push(Exp1.sample(&mut ra));
            d.items.push((StandardUniform.sample(&mut rk), StandardUniform.sample(&mut rk)));
            d.work.push(Exp1.sample(&mut rw));
        }
        d
    }
}

/// The popularity of each key and its cumulative sums, for (keys, skew bits).
type Popularity = ((u32, u64), Vec<f64>, Vec<f64>);

/// What a widget keeps between runs: the draws (per seed and count) and the popularity's
/// cumulative sums (per number of keys and skew).
#[derive(Default)]
pub struct Cache {
    draws: Draws,
    popularity: Option<Popularity>,
}

/// Cumulative sums of `pop` (the last is 1 up to rounding).
fn cumulative(pop: &[f64]) -> Vec<f64> {
    let mut acc = 0.0;
    pop.iter()
        .map(|&x| {
            acc += x;
            acc
        })
        .collect()
}

/// The item at uniform `u` under cumulative sums `cdf` (total `cdf.last()`).
fn pick(cdf: &[f64], u: f64) -> u32 {
    let total = cdf.last().copied().unwrap_or(1.0);
    cdf.partition_point(|&c| c < u * total).min(cdf.len().saturating_sub(1)) as u32
}

/// The item at uniform `u` among all but `k1`: the popularity with `k1`'s mass taken out, from one
/// uniform (the exact conditional distribution, no redraws).
fn pick_other(cdf: &[f64], pop: &[f64], k1: u32, u: f64) -> u32 {
    let n = cdf.len();
    if n < 2 {
        return k1;
    }
    let total = cdf[n - 1];
    let p1 = pop[k1 as usize];
    let before = if k1 == 0 { 0.0 } else { cdf[k1 as usize - 1] };
    let target = u * (total - p1);
    let k = if target < before { cdf.partition_point(|&c| c < target) } else { cdf.partition_point(|&c| c < target + p1) };
    let k = k.min(n - 1) as u32;
    if k == k1 { if k1 as usize + 1 < n { k1 + 1 } else { k1 - 1 } } else { k }
}

/// The updates for these settings from `draws` (made for `p.seed` and `p.updates`).
pub fn updates_from(p: &Params, pop: &[f64], cdf: &[f64], draws: &Draws) -> Vec<Update> {
    let gap = 1000.0 / p.rate_per_s;
    let mut t = 0.0;
    draws
        .gaps
        .iter()
        .zip(&draws.items)
        .zip(&draws.work)
        .map(|((&e, &(u1, u2)), &w)| {
            t += gap * e;
            let k1 = pick(cdf, u1);
            // A transfer is between two different items.
            let k2 = pick_other(cdf, pop, k1, u2);
            Update { at_ms: t, keys: [k1, k2], work_ms: p.work_ms * w }
        })
        .collect()
}

/// The seeded updates for these settings.
pub fn updates(p: &Params, pop: &[f64]) -> Vec<Update> {
    updates_from(p, pop, &cumulative(pop), &Draws::new(p.seed, p.updates))
}

/// What the engine found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Run {
    /// Each update's total time waiting for locks, ms (in update order).
    pub waits: Vec<f64>,
    /// When each update finished, ms.
    pub done: Vec<f64>,
    pub deadlocks: u32,
    pub expiries: u32,
    pub first_cycle: Option<Cycle>,
    /// Per lock: total time held (by its current holder in the lock service's view), ms.
    pub busy: Vec<f64>,
}

#[derive(Clone, Copy, Debug)]
enum Ev {
    Arrive(u32),
    AskSecond(u32),
    Done(u32),
    Expire(u32, u64),
}

#[derive(Clone, Copy, Default)]
struct Worker {
    /// Locks in the order taken, and how many (1 or 2).
    locks: [u32; 2],
    keys: [u32; 2],
    n: u8,
    /// 0 waiting for the first lock, 1 between locks or waiting for the second, 2 working, 3 done.
    stage: u8,
    /// The grant of each lock it holds (in its own view).
    grants: [Option<u64>; 2],
    waiting_on: Option<u32>,
    wait_since: f64,
    waited: f64,
}

#[derive(Default)]
struct LockState {
    holder: Option<(u32, u64)>,
    since: f64,
    queue: VecDeque<u32>,
}

struct Engine<'a> {
    p: &'a Params,
    ups: &'a [Update],
    heap: BinaryHeap<At<Ev>>,
    seq: u64,
    grant_no: u64,
    locks: Vec<LockState>,
    workers: Vec<Worker>,
    run: Run,
}

impl Engine<'_> {
    fn at(&mut self, time: f64, event: Ev) {
        self.heap.push(At { time, seq: self.seq, event });
        self.seq += 1;
    }

    fn grant(&mut self, l: u32, w: u32, t: f64) {
        self.grant_no += 1;
        let g = self.grant_no;
        // (The mutation: a lock counted busy from its holder's request, its wait counted as held.)
        let asked = self.workers[w as usize].waiting_on.is_some().then_some(self.workers[w as usize].wait_since);
        let lock = &mut self.locks[l as usize];
        lock.holder = Some((w, g));
        lock.since = match asked {
            Some(a) if crate::mutation::on("granularity-busy-counts-the-wait") => a,
            _ => t,
        };
        let (ttl, gap) = (self.p.ttl_ms, self.p.gap_ms);
        let work = self.ups[w as usize].work_ms;
        let wk = &mut self.workers[w as usize];
        let idx = usize::from(wk.stage.min(1));
        wk.grants[idx] = Some(g);
        if wk.waiting_on.take().is_some() {
            wk.waited += t - wk.wait_since;
        }
        let first_of_two = wk.stage == 0 && wk.n == 2;
        wk.stage = if first_of_two { 1 } else { 2 };
        // The lease runs out at t + ttl. When the holder is known to be done before then (it now
        // only works), that expiry could never act, so it is not scheduled.
        if first_of_two || work >= ttl {
            self.at(t + ttl, Ev::Expire(l, g));
        }
        if first_of_two {
            self.at(t + gap, Ev::AskSecond(w));
        } else {
            self.at(t + work, Ev::Done(w));
        }
    }

    fn request(&mut self, l: u32, w: u32, t: f64) {
        if self.locks[l as usize].holder.is_none() {
            self.grant(l, w, t);
            return;
        }
        self.locks[l as usize].queue.push_back(w);
        let wk = &mut self.workers[w as usize];
        wk.waiting_on = Some(l);
        wk.wait_since = t;
        if wk.stage == 1 {
            self.detect(w, t);
        }
    }

    /// Follows who-waits-for-whom from `w` (which just started waiting for its second lock).
    fn detect(&mut self, w: u32, t: f64) {
        let mut path = vec![w];
        let mut cur = w;
        for _ in 0..=self.locks.len() {
            let Some(l) = self.workers[cur as usize].waiting_on else { return };
            let Some((h, _)) = self.locks[l as usize].holder else { return };
            if h == w {
                self.run.deadlocks += 1;
                if self.run.first_cycle.is_none() {
                    let links = path
                        .iter()
                        .map(|&x| {
                            let wk = &self.workers[x as usize];
                            (x, wk.keys[0], wk.keys[1])
                        })
                        .collect();
                    self.run.first_cycle = Some(Cycle { at_ms: t, links });
                }
                return;
            }
            // Stop at a worker that holds nothing it waits with, or at a circle that does not
            // pass through `w` (an older deadlock, already counted, that `w` now queues behind).
            if self.workers[h as usize].stage != 1 || path.contains(&h) {
                return;
            }
            path.push(h);
            cur = h;
        }
    }

    fn release(&mut self, l: u32, t: f64) {
        let lock = &mut self.locks[l as usize];
        lock.holder = None;
        self.run.busy[l as usize] += t - lock.since;
        let next = if crate::mutation::on("granularity-lifo-queue") { lock.queue.pop_back() } else { lock.queue.pop_front() };
        if let Some(next) = next {
            self.grant(l, next, t);
        }
    }

    fn step(&mut self, time: f64, ev: Ev) {
        match ev {
            Ev::Arrive(w) => {
                let l = self.workers[w as usize].locks[0];
                self.request(l, w, time);
            }
            Ev::AskSecond(w) => {
                let l = self.workers[w as usize].locks[1];
                self.request(l, w, time);
            }
            Ev::Done(w) => {
                let wk = self.workers[w as usize];
                for i in 0..usize::from(wk.n) {
                    let l = wk.locks[i];
                    // Only a lock it still holds: an expired one is someone else's now.
                    if wk.grants[i].is_some() && self.locks[l as usize].holder == Some((w, wk.grants[i].unwrap_or(0))) {
                        self.release(l, time);
                    }
                }
                let wk = &mut self.workers[w as usize];
                wk.stage = 3;
                self.run.waits[w as usize] = wk.waited;
                self.run.done[w as usize] = time;
            }
            Ev::Expire(l, g) => {
                if let Some((h, hg)) = self.locks[l as usize].holder
                    && hg == g
                    && self.workers[h as usize].stage < 3
                {
                    self.run.expiries += 1;
                    self.release(l, time);
                }
            }
        }
    }
}

/// Runs the updates (in order of arrival) through the locks.
pub fn simulate(p: &Params, ups: &[Update]) -> Run {
    let n_locks = p.lock_count() as usize;
    let workers = ups
        .iter()
        .map(|u| {
            let (a, b) = (p.lock_of(u.keys[0]), p.lock_of(u.keys[1]));
            let two = p.pairs() && a != b;
            let (locks, keys) = if two && p.ordered && b < a { ([b, a], [u.keys[1], u.keys[0]]) } else { ([a, b], u.keys) };
            Worker { locks, keys, n: if two { 2 } else { 1 }, ..Worker::default() }
        })
        .collect();
    let mut e = Engine {
        p,
        ups,
        heap: BinaryHeap::with_capacity(ups.len() * 2),
        seq: 0,
        grant_no: 0,
        locks: (0..n_locks).map(|_| LockState::default()).collect(),
        workers,
        run: Run { waits: vec![0.0; ups.len()], done: vec![0.0; ups.len()], busy: vec![0.0; n_locks], ..Run::default() },
    };
    // Arrivals come in time order from the list, ahead of any event at the same instant.
    let mut next = 0usize;
    loop {
        let arrival = ups.get(next).map(|u| u.at_ms);
        match (arrival, e.heap.peek().map(|a| a.time)) {
            (Some(a), top) if top.is_none_or(|t| a <= t) => {
                e.step(a, Ev::Arrive(next as u32));
                next += 1;
            }
            (_, Some(_)) => {
                if let Some(At { time, event, .. }) = e.heap.pop() {
                    e.step(time, event);
                }
            }
            _ => break,
        }
    }
    e.run
}

/// Per-lock arrival shares: q_L with one lock per update, P(L is taken) with two.
pub fn lock_shares(p: &Params, pop: &[f64]) -> Vec<f64> {
    let n = p.lock_count() as usize;
    let mut q = vec![0.0; n];
    for (k, &pk) in pop.iter().enumerate() {
        q[p.lock_of(k as u32) as usize] += pk;
    }
    if !p.pairs() {
        return q;
    }
    // Two different keys, the second drawn from the rest: P(L taken) = q_L·(1 + S − S_L) with
    // S = Σ p_j/(1 − p_j) and S_L the same sum over L's keys.
    let mut s_l = vec![0.0; n];
    for (k, &pk) in pop.iter().enumerate() {
        if pk < 1.0 {
            s_l[p.lock_of(k as u32) as usize] += pk / (1.0 - pk);
        }
    }
    let s: f64 = s_l.iter().sum();
    q.iter().zip(&s_l).map(|(&ql, &sl)| (ql * (1.0 + s - sl)).min(1.0)).collect()
}

/// With two locks per update and some lock saturated: an upper bound on the long-run throughput
/// (per second). The updates whose two keys both lie under unsaturated locks, λ·Σ_{k∈U} p_k(P_U −
/// p_k)/(1 − p_k) (the second key drawn from the rest), plus at most min(λ_L, 1/s) through each
/// saturated lock L (an update through two saturated locks counts in both: a union bound); never
/// more than λ. A bound, since a lock is also held while its holder waits for the other.
pub fn saturated_pairs_throughput(p: &Params, pop: &[f64], shares: &[f64], rho: &[f64]) -> f64 {
    let unsaturated = |k: usize| rho.get(p.lock_of(k as u32) as usize).is_some_and(|&r| r < 1.0);
    let p_u: f64 = pop.iter().enumerate().filter(|(k, _)| unsaturated(*k)).map(|(_, &q)| q).sum();
    let both: f64 = pop.iter().enumerate().filter(|(k, q)| unsaturated(*k) && **q < 1.0).map(|(_, &q)| q * (p_u - q).max(0.0) / (1.0 - q)).sum();
    let through: f64 = shares.iter().zip(rho).filter(|(_, r)| **r >= 1.0).map(|(q, _)| (p.rate_per_s * q).min(1000.0 / p.work_ms)).sum();
    (p.rate_per_s * both + through).min(p.rate_per_s)
}

pub fn run(p: &Params) -> Outcome {
    run_cached(p, &mut Cache::default())
}

pub fn run_cached(p: &Params, cache: &mut Cache) -> Outcome {
    let pop_key = (p.keys, p.skew.to_bits());
    if cache.popularity.as_ref().is_none_or(|(k, _, _)| *k != pop_key) {
        let pop = popularity(p.keys, p.skew);
        let cdf = cumulative(&pop);
        cache.popularity = Some((pop_key, pop, cdf));
    }
    let (pop, cdf) = match &cache.popularity {
        Some((_, pop, cdf)) => (pop.as_slice(), cdf.as_slice()),
        None => (&[][..], &[][..]),
    };
    let shares = lock_shares(p, pop);
    let lambda = p.rate_per_s / 1000.0;
    let s = p.work_ms;
    let rho: Vec<f64> = shares.iter().map(|q| lambda * q * s).collect();
    let saturated = rho.iter().filter(|&&r| r >= 1.0).count() as u32;
    let max_rho = rho.iter().copied().fold(0.0, f64::max);
    let hottest_lock_share = shares.iter().copied().fold(0.0, f64::max).min(1.0);
    // The busiest few, without sorting every lock (there can be 10,000).
    let by_load = |a: &usize, b: &usize| rho[*b].total_cmp(&rho[*a]).then(a.cmp(b));
    let mut order: Vec<usize> = (0..rho.len()).collect();
    if order.len() > SHOWN_LOCKS {
        order.select_nth_unstable_by(SHOWN_LOCKS - 1, by_load);
        order.truncate(SHOWN_LOCKS);
    }
    order.sort_by(by_load);
    // Exact M/M/1 mixture, one lock per update.
    let (exact_mean, exact_p99) = if saturated == 0 && !p.pairs() {
        let in_system = crate::mutation::on("granularity-wait-counts-the-work");
        let mean: f64 = shares.iter().zip(&rho).map(|(q, r)| if in_system { q * s / (1.0 - r) } else { q * r * s / (1.0 - r) }).sum();
        // P(wait > t) = Σ c_L e^(−a_L t), c_L = q_L ρ_L, a_L = 1/s − λ_L: convex and falling, so
        // Newton's method from t = 0 climbs to the 1 % point without overshooting it.
        let terms: Vec<(f64, f64)> = shares.iter().zip(&rho).filter(|(q, _)| **q > 0.0).map(|(&q, &r)| (q * r, 1.0 / s - lambda * q)).collect();
        let at = |t: f64| terms.iter().fold((0.0, 0.0), |(f, d), &(c, a)| {
            let x = c * libm::exp(-a * t);
            (f + x, d - a * x)
        });
        let p99 = if at(0.0).0 <= 0.01 {
            0.0
        } else {
            let mut t = 0.0f64;
            for _ in 0..100 {
                let (f, d) = at(t);
                let step = (f - 0.01) / d;
                t -= step;
                if step.abs() <= 1e-13 * t.max(1e-300) {
                    break;
                }
            }
            t
        };
        (Some(mean), Some(p99))
    } else {
        (None, None)
    };
    let figures = |sim: Option<&Run>, span: f64| -> Vec<LockFigures> {
        order
            .iter()
            .map(|&l| LockFigures {
                lock: l as u32,
                rate_per_s: p.rate_per_s * shares[l],
                utilisation: rho[l],
                simulated_busy: sim.map(|r| if span > 0.0 { r.busy[l] / span } else { 0.0 }),
            })
            .collect()
    };
    let hottest_share = pop.first().copied().unwrap_or(1.0);
    if saturated > 0 {
        // Long-run: a saturated lock serves 1/s, the others all that arrives.
        let throughput: f64 = if p.pairs() { saturated_pairs_throughput(p, pop, &shares, &rho) } else { shares.iter().map(|q| (p.rate_per_s * q).min(1000.0 / s)).sum() };
        return Outcome {
            summary: Summary {
                lock: p.lock,
                locks: p.lock_count(),
                max_utilisation: max_rho,
                saturated_locks: saturated,
                simulated: false,
                mean_wait_ms: None,
                p99_wait_ms: None,
                throughput_per_s: throughput,
                hottest_share,
                hottest_lock_share,
                deadlocks: 0,
                expiries: 0,
                exact_mean_wait_ms: None,
                exact_p99_wait_ms: None,
            },
            busiest: figures(None, 0.0),
            first_cycle: None,
        };
    }
    if cache.draws.key != Some((p.seed, p.updates)) {
        cache.draws = Draws::new(p.seed, p.updates);
    }
    let ups = updates_from(p, pop, cdf, &cache.draws);
    let r = simulate(p, &ups);
    let first = ups.first().map_or(0.0, |u| u.at_ms);
    let end = r.done.iter().copied().fold(first, f64::max);
    let span = end - first;
    let mut waits = r.waits.clone();
    let mean_wait = waits.iter().sum::<f64>() / waits.len().max(1) as f64;
    sort_times(&mut waits);
    Outcome {
        summary: Summary {
            lock: p.lock,
            locks: p.lock_count(),
            max_utilisation: max_rho,
            saturated_locks: 0,
            simulated: true,
            mean_wait_ms: Some(mean_wait),
            p99_wait_ms: Some(percentile(&waits, 0.99)),
            throughput_per_s: if span > 0.0 { f64::from(p.updates) * 1000.0 / span } else { 0.0 },
            hottest_share,
            hottest_lock_share,
            deadlocks: r.deadlocks,
            expiries: r.expiries,
            exact_mean_wait_ms: exact_mean,
            exact_p99_wait_ms: exact_p99,
        },
        busiest: figures(Some(&r), span),
        first_cycle: r.first_cycle,
    }
}

/// Everything this widget says, in English (the source its translations are made from).
pub const MESSAGES: &str = include_str!(concat!(env!("OUT_DIR"), "/en/lock-granularity.ftl"));

impl Outcome {
    /// What the widget says, in English.
    pub fn narrative(&self, p: &Params) -> String {
        self.narrative_in(p, &crate::messages::Tr::english(&[MESSAGES]))
    }

    /// What the widget says, in `tr`'s locale: its sentences, each one message.
    pub fn narrative_in(&self, p: &Params, tr: &crate::messages::Tr) -> String {
        use crate::messages::Arg;
        let s = &self.summary;
        let what = match p.lock {
            Lock::Global => tr.msg("gran-what-global", &[]),
            Lock::PerShard => tr.msg("gran-what-shards", &[("shards", p.shards.into())]),
            Lock::PerKey => tr.msg("gran-what-keys", &[("keys", p.keys.into())]),
        };
        let mut said = vec![tr.msg(
            if p.pairs() { "gran-load-pairs" } else { "gran-load" },
            &[
                ("rate", p.rate_per_s.into()),
                ("keys", p.keys.into()),
                ("work", p.work_ms.into()),
                ("what", what.into()),
                ("share", s.hottest_lock_share.into()),
                ("utilisation", s.max_utilisation.into()),
            ],
        )];
        if !s.simulated {
            said.push(tr.msg(
                if p.lock == Lock::PerKey { "gran-saturated-hot-key" } else { "gran-saturated" },
                &[("saturated", s.saturated_locks.into()), ("capacity", (1000.0 / p.work_ms).into()), ("hottest", s.hottest_share.into())],
            ));
            return said.join(" ");
        }
        let waits = [
            ("mean", Arg::from(s.mean_wait_ms.unwrap_or(0.0))),
            ("p99", s.p99_wait_ms.unwrap_or(0.0).into()),
            ("throughput", s.throughput_per_s.into()),
        ];
        said.push(match (s.exact_mean_wait_ms, s.exact_p99_wait_ms) {
            (Some(m), Some(q)) => tr.msg("gran-waits-exact", &[&waits[..], &[("exactMean", m.into()), ("exactP99", q.into())]].concat()),
            _ => tr.msg("gran-waits", &waits),
        });
        if p.skew > 0.0 && p.lock != Lock::Global {
            said.push(tr.msg(
                if p.lock == Lock::PerKey { "gran-skew-key" } else { "gran-skew-shard" },
                &[("skew", p.skew.into()), ("share", s.hottest_share.into())],
            ));
        }
        if p.two_locks && p.lock == Lock::Global {
            said.push(tr.msg("gran-global-pairs", &[]));
        }
        if p.pairs() {
            if s.deadlocks > 0 {
                let mut args = vec![("deadlocks", Arg::from(s.deadlocks)), ("ttl", p.ttl_ms.into()), ("expiries", s.expiries.into())];
                let key = match &self.first_cycle {
                    Some(c) => {
                        args.push(("cycle", c.links.iter().map(|&link| p.link_in(link, "gran-cycle-link", tr)).collect::<Vec<_>>().join("; ").into()));
                        "gran-deadlocks-cycle"
                    }
                    None => "gran-deadlocks",
                };
                said.push(tr.msg(key, &args));
            } else if p.ordered {
                said.push(tr.msg("gran-ordered", &[]));
            } else {
                said.push(tr.msg("gran-no-deadlock", &[]));
            }
            if s.expiries > 0 && s.deadlocks == 0 {
                said.push(tr.msg("gran-expiries", &[("expiries", s.expiries.into())]));
            }
        }
        said.join(" ")
    }
}


crate::scenario! {
    /// Lock granularity (global, per shard, per key) with the two-lock deadlock as a [`Scenario`].
    LockGranularity, cache: Cache, run: run_cached, {
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
        ("lock", "how much one lock covers"),
        ("rate-per-s", "updates a second, all keys together"),
        ("skew", "Zipf exponent of the items' popularity (0: uniform)"),
        ("two-locks", "each update takes two different items' locks"),
        ("ordered", "take the two locks in one global order"),
        ("work-ms", "mean time a lock is held for the work"),
        ("keys", "items (SKUs)"),
        ("shards", "locks with `lock=per-shard`"),
        ("gap-ms", "time between taking the first lock and asking for the second"),
        ("ttl-ms", "a lock's TTL: how long a deadlock lasts"),
        ("updates", "updates simulated"),
        ("seed", "seed of the random draws"),
    ],
    results: &[
        ("lock, locks", "the granularity and how many locks it makes"),
        ("maxUtilisation", "the busiest lock's λ_L·s (a lower bound with two locks)"),
        ("saturatedLocks", "locks at ρ ≥ 1 (then `simulated` is `false`)"),
        ("simulated", "whether the run was simulated"),
        ("meanWaitMs, p99WaitMs", "simulated time waiting for locks (`null` when not simulated)"),
        ("exactMeanWaitMs, exactP99WaitMs", "the M/M/1 mixture (one lock per update, every ρ < 1), else `null`"),
        ("throughputPerS", "updates done per second (not simulated: Σ min(λ_L, 1/s); with `two-locks` an upper bound, below)"),
        ("hottestShare", "the hottest key's share, 1/H"),
        ("hottestLockShare", "the busiest lock's share of the updates"),
        ("deadlocks", "circles of waits formed (0 whenever `ordered`)"),
        ("expiries", "locks that expired under a holder still waiting or working"),
    ],
};
