//! # Counter race: lost updates without mutual exclusion
//!
//! `workers` workers each add one to a shared counter `increments` times. One increment is:
//!
//! 1. wait an exponential **pause** (mean `pause-ms`): the worker's other business between two
//!    increments;
//! 2. **read** the counter;
//! 3. wait an exponential **think** time (mean `think-ms`): the gap between read and write;
//! 4. **write** the value it read plus one.
//!
//! With `lock` on, steps 2–4 form a critical section granted first come, first served; the pause
//! stays outside it.
//!
//! ## Why the pause before each read matters
//! Without step 1 every worker re-reads the instant it has written. Exponential think times are
//! memoryless, so in that closed loop the counter grows at exactly 1/N of the write rate whatever
//! the think time is: every think time gives the same final count, and a think-time slider would
//! teach nothing. The pause breaks that symmetry: a read now lands at a random moment relative to
//! the other workers' read-write windows, so the chance that someone writes inside your window
//! grows with the window (think) and shrinks with the spacing between increments (pause). With
//! both means at 2 ms, 5 workers × 200 increments end near 300–350 of 1,000, as in the lesson.
//!
//! `pause-ms` is a parameter of its own (default 2 ms, the same as `think-ms`): if the pause were
//! tied to the think time, scaling one would scale the whole timeline and the loss would not move.
//!
//! ## Counting
//! `lost` is `expected − final` with `expected = workers × increments`. A stale write can move the
//! counter backwards (write 6 after someone else's 9), so counting conflicting writes would
//! undercount the damage.
//!
//! ## Random numbers
//! Worker `w` draws from its own ChaCha8 stream `w` of the seed, alternating pause and think
//! draws of a standard exponential that are then scaled by the means. Changing one parameter
//! therefore re-uses the same draws (common random numbers): adding a worker leaves the others'
//! draws alone, and changing a mean only rescales them.

use std::cmp::{Ordering, Reverse};
use std::collections::{BinaryHeap, VecDeque};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, Exp1};
use serde::{Deserialize, Serialize};

use crate::params::{Kind, Spec};

pub const NAME: &str = "counter-race";

pub const SPECS: &[Spec] = &[
    Spec { name: "workers", label: "Workers", unit: "", kind: Kind::Int { min: 1, max: 20, default: 5, log: false } },
    Spec {
        name: "increments",
        label: "Increments per worker",
        unit: "",
        kind: Kind::Int { min: 10, max: 1000, default: 200, log: true },
    },
    Spec {
        name: "think-ms",
        label: "Think time (read → write)",
        unit: "ms",
        kind: Kind::Float { min: 0.1, max: 20.0, default: 2.0, log: true, step: 0.0 },
    },
    Spec {
        name: "pause-ms",
        label: "Pause between increments",
        unit: "ms",
        kind: Kind::Float { min: 0.1, max: 20.0, default: 2.0, log: true, step: 0.0 },
    },
    Spec { name: "lock", label: "Take a lock around read → write", unit: "", kind: Kind::Bool { default: false } },
    // Seed 2 happens to end at 309 of 1,000, next to the lesson's 310; any seed is typical.
    crate::params::seed(2),
];

/// The parameters shown first (the lesson: more workers, then the lock); the rest sit under "More settings".
pub const PRIMARY: &[&str] = &["workers", "lock"];


/// Validated parameters. Serialized with the names of [`SPECS`] (`think-ms`, …).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Params {
    pub workers: u32,
    pub increments: u32,
    pub think_ms: f64,
    pub pause_ms: f64,
    pub lock: bool,
    pub seed: u64,
}

impl Params {
    /// Builds parameters from values in [`SPECS`] order, clamping each into range.
    pub fn from_values(v: &[f64]) -> Self {
        let (v, _) = crate::params::clamp(SPECS, v);
        Self {
            workers: v[0] as u32,
            increments: v[1] as u32,
            think_ms: v[2],
            pause_ms: v[3],
            lock: v[4] >= 0.5,
            seed: v[5] as u64,
        }
    }

    pub fn to_values(&self) -> Vec<f64> {
        vec![
            f64::from(self.workers),
            f64::from(self.increments),
            self.think_ms,
            self.pause_ms,
            f64::from(u8::from(self.lock)),
            self.seed as f64,
        ]
    }
}

impl Default for Params {
    fn default() -> Self {
        Self::from_values(&crate::params::defaults(SPECS))
    }
}

/// One point of the counter-over-time chart.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Point {
    pub t_ms: f64,
    /// The counter's value after this write.
    pub counter: u64,
    /// Writes completed so far: what the counter would say if no update were lost.
    pub ideal: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Action {
    /// Asked for the lock (only with `lock` on).
    Ask,
    /// Read the counter.
    Read,
    /// Wrote `value`.
    Write,
}

/// One read or write in the early stretch of the run that the timeline shows.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TraceEvent {
    pub worker: u32,
    pub t_ms: f64,
    pub action: Action,
    /// The value read, or the value written.
    pub value: u64,
    /// For a write: a later write that had not seen it replaced it, so its increment was lost.
    pub overwritten: bool,
}

/// A bounded trace of the start of the run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Trace {
    /// The trace covers `[0, window_ms)`.
    pub window_ms: f64,
    pub events: Vec<TraceEvent>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    /// The totals (what `locklab:change` carries as `result`).
    #[serde(flatten)]
    pub summary: Summary,
    /// The counter over time, at most [`MAX_POINTS`] points.
    pub series: Vec<Point>,
    pub trace: Trace,
}

/// The most points the series keeps.
pub const MAX_POINTS: usize = 400;
/// The most events the trace keeps.
pub const MAX_TRACE: usize = 600;
/// The trace shows about this many increments per worker.
const TRACE_INCREMENTS: f64 = 6.0;

/// The totals of a run: what a `locklab:change` event carries as `result`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// workers × increments.
    pub expected: u64,
    /// The counter at the end.
    #[serde(rename = "final")]
    pub final_value: u64,
    /// expected − final.
    pub lost: u64,
    /// Writes based on a read that another worker's write had already made stale.
    pub stale_writes: u64,
    /// When the last write landed.
    pub duration_ms: f64,
    /// Mean time a worker waited for the lock per increment (0 without the lock).
    pub mean_wait_ms: f64,
}

#[derive(Clone, Copy, PartialEq)]
struct Time(f64);
impl Eq for Time {}
impl PartialOrd for Time {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Time {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Step {
    /// The pause is over: read now, or ask for the lock.
    Ready,
    /// The think time is over: write now.
    Write,
}

struct Worker {
    rng: ChaCha8Rng,
    done: u32,
    read_value: u64,
    read_t: f64,
    asked_t: f64,
}

impl Worker {
    fn exp(&mut self, mean: f64) -> f64 {
        let e: f64 = Exp1.sample(&mut self.rng);
        e * mean
    }
}

struct WriteRec {
    t: f64,
    read_t: f64,
}

/// Runs the race. Pure and deterministic: the same parameters give the same outcome, bit for bit.
pub fn run(p: &Params) -> Outcome {
    run_inner(p, |_, _| 0.0, |_, _| 0.0)
}

/// [`run`] with a time of its own added to each window (`run` is this with none: adding 0.0
/// changes no draw, bit for bit), on top of the exponential draws:
/// `think[w][k]` to worker `w`'s `k`-th read-to-write window and `pause[w][k]` to the gap before
/// its `k`-th read (`k` = 0 is the wait before the first). A window with no entry gets nothing;
/// a negative entry counts as none. How a real client's windows look: the lab measures what the
/// server saw on each window beyond the draw (round trips, a sleep's overshoot, the scheduler's
/// bursts) and simulates other seeds with those overheads on the same windows.
pub fn run_with_window_overheads(p: &Params, think: &[Vec<f64>], pause: &[Vec<f64>]) -> Outcome {
    let at = |v: &[Vec<f64>], w: usize, k: u32| v.get(w).and_then(|x| x.get(k as usize)).copied().filter(|x| x.is_finite()).map_or(0.0, |x| x.max(0.0));
    run_inner(p, |w, k| at(think, w, k), |w, k| at(pause, w, k))
}

/// The race, with `think_extra(w, k)` added to worker `w`'s `k`-th think and `pause_extra(w, k)`
/// to the pause before its `k`-th read.
fn run_inner(p: &Params, think_extra: impl Fn(usize, u32) -> f64, pause_extra: impl Fn(usize, u32) -> f64) -> Outcome {
    let n = p.workers.max(1) as usize;
    let k = p.increments.max(1);
    let window_ms = TRACE_INCREMENTS * (p.pause_ms + p.think_ms);
    let mut workers: Vec<Worker> = (0..n)
        .map(|w| {
            let mut rng = ChaCha8Rng::seed_from_u64(p.seed);
            rng.set_stream(w as u64);
            Worker { rng, done: 0, read_value: 0, read_t: 0.0, asked_t: 0.0 }
        })
        .collect();

    // (time, sequence number, worker, step): the sequence number makes ties deterministic.
    let mut queue: BinaryHeap<Reverse<(Time, u64, usize, Step)>> = BinaryHeap::with_capacity(n * 2);
    let mut seq = 0u64;
    for (w, worker) in workers.iter_mut().enumerate() {
        let t = worker.exp(p.pause_ms) + pause_extra(w, 0);
        queue.push(Reverse((Time(t), seq, w, Step::Ready)));
        seq += 1;
    }

    let expected = u64::from(p.workers) * u64::from(p.increments);
    let mut counter = 0u64;
    let mut writes: Vec<WriteRec> = Vec::with_capacity(expected as usize);
    let mut trace: Vec<TraceEvent> = Vec::new();
    let mut series: Vec<Point> = Vec::with_capacity(expected as usize);
    let mut lock_free = true;
    let mut waiting: VecDeque<usize> = VecDeque::new();
    let mut total_wait = 0.0;
    let mut stale_writes = 0u64;

    // Starts worker `w`'s critical part at time `t`: read now, write after the think time.
    let start = |w: usize,
                 t: f64,
                 workers: &mut Vec<Worker>,
                 queue: &mut BinaryHeap<Reverse<(Time, u64, usize, Step)>>,
                 seq: &mut u64,
                 trace: &mut Vec<TraceEvent>,
                 counter: u64| {
        let worker = &mut workers[w];
        worker.read_value = counter;
        worker.read_t = t;
        if t < window_ms && trace.len() < MAX_TRACE {
            trace.push(TraceEvent { worker: w as u32, t_ms: t, action: Action::Read, value: counter, overwritten: false });
        }
        let think = worker.exp(p.think_ms) + think_extra(w, worker.done);
        queue.push(Reverse((Time(t + think), *seq, w, Step::Write)));
        *seq += 1;
    };

    while let Some(Reverse((Time(t), _, w, step))) = queue.pop() {
        match step {
            Step::Ready => {
                if !p.lock {
                    start(w, t, &mut workers, &mut queue, &mut seq, &mut trace, counter);
                    continue;
                }
                workers[w].asked_t = t;
                if t < window_ms && trace.len() < MAX_TRACE {
                    trace.push(TraceEvent { worker: w as u32, t_ms: t, action: Action::Ask, value: 0, overwritten: false });
                }
                if lock_free || crate::mutation::on("counter-lock-released-before-write") {
                    lock_free = false;
                    start(w, t, &mut workers, &mut queue, &mut seq, &mut trace, counter);
                } else {
                    waiting.push_back(w);
                }
            }
            Step::Write => {
                let worker = &mut workers[w];
                // (The mutation: a read one write behind still counts as fresh.)
                if crate::mutation::on("counter-stale-needs-two") && counter == worker.read_value + 1 {
                    worker.read_value = counter;
                }
                if worker.read_value != counter {
                    stale_writes += 1;
                }
                total_wait += worker.read_t - if p.lock { worker.asked_t } else { worker.read_t };
                counter = worker.read_value + 1;
                worker.done += 1;
                writes.push(WriteRec { t, read_t: worker.read_t });
                series.push(Point { t_ms: t, counter, ideal: writes.len() as u64 });
                if t < window_ms && trace.len() < MAX_TRACE {
                    trace.push(TraceEvent { worker: w as u32, t_ms: t, action: Action::Write, value: counter, overwritten: false });
                }
                if worker.done < k {
                    let pause = worker.exp(p.pause_ms) + pause_extra(w, worker.done);
                    queue.push(Reverse((Time(t + pause), seq, w, Step::Ready)));
                    seq += 1;
                }
                if p.lock {
                    match waiting.pop_front() {
                        Some(next) => start(next, t, &mut workers, &mut queue, &mut seq, &mut trace, counter),
                        None => lock_free = true,
                    }
                }
            }
        }
    }

    // A write is overwritten when the next write was based on a read taken before it landed.
    let overwritten: Vec<bool> = (0..writes.len())
        .map(|i| writes.get(i + 1).is_some_and(|next| next.read_t < writes[i].t))
        .collect();
    // Writes enter the trace in the order they happen, from the first one on, so the k-th write
    // of the trace is the k-th write of the run.
    for (ev, &over) in trace.iter_mut().filter(|e| e.action == Action::Write).zip(&overwritten) {
        ev.overwritten = over;
    }

    let duration_ms = writes.last().map_or(0.0, |w| w.t);
    Outcome {
        summary: Summary {
            expected,
            final_value: counter,
            lost: expected - counter,
            stale_writes,
            duration_ms,
            mean_wait_ms: if writes.is_empty() { 0.0 } else { total_wait / writes.len() as f64 },
        },
        series: downsample(series),
        trace: Trace { window_ms, events: trace },
    }
}

fn downsample(series: Vec<Point>) -> Vec<Point> {
    if series.len() <= MAX_POINTS {
        return series;
    }
    let stride = series.len().div_ceil(MAX_POINTS - 1);
    let last = series[series.len() - 1];
    let mut out: Vec<Point> = series.into_iter().step_by(stride).collect();
    if out.last() != Some(&last) {
        out.push(last);
    }
    out
}

impl Outcome {
    /// What happened, in a sentence or two, with the numbers: in English.
    pub fn narrative(&self, p: &Params) -> String {
        self.narrative_in(p, &crate::messages::Tr::english(&[MESSAGES]))
    }

    /// What the widget says, in `tr`'s locale.
    pub fn narrative_in(&self, p: &Params, tr: &crate::messages::Tr) -> String {
        let s = &self.summary;
        let args = [
            ("workers", p.workers.into()),
            ("expected", (s.expected as f64).into()),
            ("final", (s.final_value as f64).into()),
            ("lost", (s.lost as f64).into()),
            ("share", (s.lost as f64 / s.expected as f64).into()),
            ("stale", (s.stale_writes as f64).into()),
            ("wait", s.mean_wait_ms.into()),
            ("duration", s.duration_ms.into()),
        ];
        let key = if p.lock {
            "counter-locked"
        } else if p.workers == 1 {
            "counter-alone"
        } else if s.lost == 0 {
            "counter-lucky"
        } else {
            "counter-lost"
        };
        tr.msg(key, &args)
    }
}


/// Everything this widget says, in English (the source its translations are made from).
pub const MESSAGES: &str = include_str!(concat!(env!("OUT_DIR"), "/en/counter-race.ftl"));

crate::scenario! {
    /// The counter race as a [`Scenario`].
    CounterRace, cache: (), run: |p: &Params, _: &mut ()| run(p), {
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
        ("workers", "workers racing on the counter"),
        ("increments", "increments per worker"),
        ("think-ms", "mean time between a worker's read and its write"),
        ("pause-ms", "mean pause before each read (see below)"),
        ("lock", "take a lock around read → think → write"),
        ("seed", "seed of the random draws"),
    ],
    results: &[
        ("expected", "workers × increments"),
        ("final", "the counter at the end"),
        ("lost", "`expected − final` (a stale write can move the counter backwards, so this is not a count of conflicts)"),
        ("staleWrites", "writes based on a value another worker had already changed"),
        ("durationMs", "when the last write landed"),
        ("meanWaitMs", "mean wait for the lock per increment (0 without the lock)"),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    fn params(workers: u32, increments: u32, think_ms: f64, lock: bool, seed: u64) -> Params {
        Params { workers, increments, think_ms, pause_ms: 2.0, lock, seed }
    }

    #[test]
    fn deterministic_per_seed_and_different_across_seeds() {
        let a = run(&params(5, 200, 2.0, false, 7));
        let b = run(&params(5, 200, 2.0, false, 7));
        assert_eq!(a, b);
        let finals: std::collections::BTreeSet<u64> =
            (0..10).map(|s| run(&params(5, 200, 2.0, false, s)).summary.final_value).collect();
        assert!(finals.len() >= 5, "ten seeds gave only {finals:?}");
    }

    #[test]
    fn lesson_headline_five_workers_two_hundred_increments_two_ms() {
        // facts.md: 20 seeds gave mean 321, range 292–356; the lesson shows 310 of 1,000.
        let finals: Vec<f64> = (0..200).map(|s| run(&params(5, 200, 2.0, false, s)).summary.final_value as f64).collect();
        let mean = finals.iter().sum::<f64>() / finals.len() as f64;
        let lo = finals.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = finals.iter().copied().fold(0.0, f64::max);
        assert!((300.0..=350.0).contains(&mean), "mean final {mean}");
        assert!(lo >= 250.0 && hi <= 400.0, "range {lo}–{hi}");
        // The lesson's 310 is an ordinary outcome of this model.
        assert!(lo <= 310.0 && 310.0 <= hi);
    }

    #[test]
    fn lock_loses_nothing() {
        for workers in [1, 2, 5, 20] {
            for think in [0.1, 2.0, 20.0] {
                let o = run(&params(workers, 50, think, true, 3));
                assert_eq!(o.summary.lost, 0);
                assert_eq!(o.summary.final_value, o.summary.expected);
                assert_eq!(o.summary.stale_writes, 0);
            }
        }
    }

    #[test]
    fn one_worker_loses_nothing() {
        for think in [0.1, 2.0, 20.0] {
            let o = run(&params(1, 300, think, false, 11));
            assert_eq!(o.summary.lost, 0);
            assert_eq!(o.summary.final_value, 300);
        }
    }

    fn mean_lost(workers: u32, think: f64, pause: f64) -> f64 {
        let seeds = 40;
        (0..seeds)
            .map(|s| run(&Params { workers, increments: 100, think_ms: think, pause_ms: pause, lock: false, seed: s }).summary.lost
                as f64
                / f64::from(workers * 100))
            .sum::<f64>()
            / f64::from(seeds as u32)
    }

    #[test]
    fn more_workers_lose_a_larger_share() {
        let shares: Vec<f64> = [2, 3, 5, 10, 20].iter().map(|&w| mean_lost(w, 2.0, 2.0)).collect();
        for pair in shares.windows(2) {
            assert!(pair[1] > pair[0], "{shares:?}");
        }
    }

    #[test]
    fn longer_think_loses_more_and_longer_pause_loses_less() {
        let think: Vec<f64> = [0.2, 1.0, 5.0].iter().map(|&t| mean_lost(5, t, 2.0)).collect();
        assert!(think[0] < think[1] && think[1] < think[2], "{think:?}");
        let pause: Vec<f64> = [0.5, 2.0, 10.0].iter().map(|&q| mean_lost(5, 2.0, q)).collect();
        assert!(pause[0] > pause[1] && pause[1] > pause[2], "{pause:?}");
    }

    #[test]
    fn two_workers_match_the_closed_form_when_increments_are_rare() {
        // Without a lock the two workers are independent processes. A's write is lost exactly
        // when it lands inside B's read→write window, so B's write (based on the older value)
        // comes next; B spends a fraction θ/(θ + pause) of its time inside such windows. With
        // pause ≫ θ, A's write is lost with probability θ/(θ + pause) up to O((θ/pause)²)
        // terms (two A writes inside one B window). Pause 20 ms, think 0.5 ms: 2.44 %. Over
        // 40 seeds × 200 writes the binomial standard error is 0.17 %: allow about 4σ plus the
        // second-order term.
        let share = mean_lost(2, 0.5, 20.0);
        let exact = 0.5 / 20.5;
        assert!((share - exact).abs() < 0.008, "share {share} vs {exact}");
    }

    #[test]
    fn adding_a_worker_keeps_the_others_draws() {
        let a = run(&params(3, 20, 2.0, true, 5));
        let b = run(&params(4, 20, 2.0, true, 5));
        // The first worker's first read happens at the same time: its own stream is unchanged.
        let first = |o: &Outcome| o.trace.events.iter().find(|e| e.worker == 0).map(|e| e.t_ms);
        assert_eq!(first(&a), first(&b));
    }

    #[test]
    fn trace_marks_overwritten_writes_and_is_bounded() {
        let o = run(&params(20, 1000, 20.0, false, 1));
        assert!(o.trace.events.len() <= MAX_TRACE);
        assert!(o.series.len() <= MAX_POINTS + 1);
        assert!(o.trace.events.iter().any(|e| e.overwritten));
        assert!(o.trace.events.iter().all(|e| e.t_ms < o.trace.window_ms));
        let locked = run(&params(20, 100, 2.0, true, 1));
        assert!(locked.trace.events.iter().all(|e| !e.overwritten));
        assert!(locked.trace.events.iter().any(|e| e.action == Action::Ask));
    }

    #[test]
    fn series_ends_at_the_final_count() {
        let o = run(&params(5, 200, 2.0, false, 9));
        let last = o.series.last().copied().unwrap_or(Point { t_ms: 0.0, counter: 0, ideal: 0 });
        assert_eq!(last.counter, o.summary.final_value);
        assert_eq!(last.ideal, o.summary.expected);
        assert!(o.series.windows(2).all(|w| w[0].t_ms <= w[1].t_ms));
    }

    #[test]
    fn narratives_carry_the_numbers() {
        let p = params(5, 200, 2.0, false, 1);
        let o = run(&p);
        let text = o.narrative(&p);
        assert!(text.contains("1,000") && text.contains(&crate::text::int(o.summary.final_value as i64)) && text.contains(&crate::text::int(o.summary.lost as i64)));
        let p = params(5, 200, 2.0, true, 1);
        assert!(run(&p).narrative(&p).contains("nothing was lost"));
        let p = params(1, 200, 2.0, false, 1);
        assert!(run(&p).narrative(&p).contains("One worker"));
    }

    #[test]
    fn summary_serializes_with_contract_names() {
        let p = Params::default();
        let json = serde_json::to_value(run(&p).summary).unwrap();
        for key in ["expected", "final", "lost"] {
            assert!(json.get(key).is_some(), "{key} missing in {json}");
        }
        let json = serde_json::to_value(&p).unwrap();
        for key in ["workers", "increments", "think-ms", "pause-ms", "lock", "seed"] {
            assert!(json.get(key).is_some(), "{key} missing in {json}");
        }
    }
}
