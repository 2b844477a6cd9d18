//! # TTL trade-off: no lease length is safe
//!
//! A lease that expires, and is not renewed, protects against a holder that died: after at most the TTL, someone else
//! may take the lock. But the lock service cannot tell a dead holder from a slow one. Any hold
//! longer than the TTL (slow work, or a stall) is **unsafe**: the lock passes to a second worker
//! while the first is still working. A short TTL makes that common; a long TTL makes a real crash
//! block everyone for up to the TTL. While stalls are possible, no TTL makes both zero.
//!
//! `holds` holds are drawn from the shared [`crate::hold`] model (seconds here); the simulated
//! unsafe share sits beside the exact probability. `unsafePerDay` scales the share to one grant
//! every `grant-every-s` seconds; `recoverySeconds` is the longest wait after a real crash: the
//! TTL.

use serde::{Deserialize, Serialize};

use crate::hold::{TimeUnit, Draws, FactorOrder, HoldModel, Shape, Sorted};
use crate::params::{Kind, Spec};

pub const NAME: &str = "ttl-tradeoff";

pub const SPECS: &[Spec] = &[
    Spec { name: "ttl-s", label: "Lock TTL", unit: "s", kind: Kind::Float { min: 0.1, max: 120.0, default: 10.0, log: true, step: 0.0 } },
    Spec {
        name: "work-s",
        label: "Typical work (median)",
        unit: "s",
        kind: Kind::Float { min: 0.01, max: 10.0, default: 0.2, log: true, step: 0.0 },
    },
    crate::hold::SPREAD,
    crate::hold::stall_chance("Chance a hold stalls", 0.02, 0.002, 0.0005),
    crate::hold::stall_mean(TimeUnit::S, "Mean stall", 0.1, 120.0, 5.0),
    crate::hold::STALL_SHAPE,
    crate::hold::STALL_ALPHA,
    Spec { name: "holds", label: "Holds simulated", unit: "", kind: Kind::Int { min: 1000, max: 200_000, default: 60_000, log: true } },
    Spec {
        name: "grant-every-s",
        label: "One grant every",
        unit: "s",
        kind: Kind::Float { min: 0.1, max: 3600.0, default: 10.0, log: true, step: 0.0 },
    },
    crate::params::seed(1),
];

/// The parameters shown first (the lesson: a short TTL, a long one, stalls and their tail); the rest sit under "More settings".
pub const PRIMARY: &[&str] = &["ttl-s", "stall-chance", "stall-shape"];


#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Params {
    pub ttl_s: f64,
    pub work_s: f64,
    pub spread: f64,
    pub stall_chance: f64,
    pub stall_mean_s: f64,
    pub stall_shape: Shape,
    /// The Pareto tail index (used only with `stall-shape` `pareto`).
    pub stall_alpha: f64,
    pub holds: u32,
    pub grant_every_s: f64,
    pub seed: u64,
}

impl Params {
    pub fn from_values(v: &[f64]) -> Self {
        let (v, _) = crate::params::clamp(SPECS, v);
        Self {
            ttl_s: v[0],
            work_s: v[1],
            spread: v[2],
            stall_chance: v[3],
            stall_mean_s: v[4],
            stall_shape: Shape::from_value(v[5]),
            stall_alpha: v[6],
            holds: v[7] as u32,
            grant_every_s: v[8],
            seed: v[9] as u64,
        }
    }

    pub fn model(&self) -> HoldModel {
        HoldModel {
            work: self.work_s,
            spread: self.spread,
            stall_chance: self.stall_chance,
            stall_mean: if crate::mutation::on("ttl-stall-mean-as-rate") { 1.0 / self.stall_mean_s } else { self.stall_mean_s },
            stall_shape: self.stall_shape.with_alpha(self.stall_alpha),
        }
    }
}

impl Default for Params {
    fn default() -> Self {
        Self::from_values(&crate::params::defaults(SPECS))
    }
}

/// What `locklab:change` carries as `result`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub holds: u32,
    /// Simulated holds longer than the TTL.
    pub unsafe_holds: u64,
    /// `unsafe_holds / holds`.
    pub unsafe_fraction: f64,
    /// The exact probability that a hold outlives the TTL.
    pub exact_fraction: f64,
    /// Unsafe holds a day at one grant every `grant-every-s`, from the simulated share.
    pub unsafe_per_day: f64,
    /// The same from the exact probability: the expected number a day.
    pub exact_per_day: f64,
    /// The longest wait for the lock after its holder really crashed: the TTL.
    pub recovery_seconds: f64,
}

/// One bar of the hold-duration histogram (log-spaced bins).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bin {
    pub lo: f64,
    pub hi: f64,
    pub count: u32,
}

/// One TTL of the trade-off curve: the simulated share of holds outliving it. The exact share
/// comes from [`exact_curve`], which depends on the hold model only (not the TTL, the seed or the
/// number of holds), so a widget computes it only when the model changes, and not on the way to
/// the change event.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CurvePoint {
    pub ttl_s: f64,
    pub simulated: f64,
}

/// The exact share of holds that outlive each TTL of the curve: `(ttl_s, P(hold > ttl))`.
pub fn exact_curve(model: &HoldModel) -> Vec<(f64, f64)> {
    let (lo, hi) = ttl_range();
    log_grid(lo, hi, CURVE_POINTS).map(|t| (t, model.outlives(t))).collect()
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    #[serde(flatten)]
    pub summary: Summary,
    pub ttl_s: f64,
    pub histogram: Vec<Bin>,
    pub curve: Vec<CurvePoint>,
}

/// Histogram bins between these durations (seconds), log-spaced.
pub const HIST_RANGE: (f64, f64) = (0.01, 1000.0);
pub const HIST_BINS: usize = 50;
/// The trade-off curve spans the TTL slider's range at this many log-spaced points.
pub const CURVE_POINTS: usize = 61;

/// What a widget keeps between runs: the draws (per seed and count), the sorted holds, the
/// histogram and the exact curve (per hold model). Moving only the TTL reuses all of it.
#[derive(Default)]
pub struct Cache {
    draws: Option<Draws>,
    /// The log-normal factors of the draws for this spread, and the holds in factor order.
    factors: Option<(f64, FactorOrder)>,
    model: Option<HoldModel>,
    sorted: Sorted,
    histogram: Vec<Bin>,
}

fn log_grid(lo: f64, hi: f64, n: usize) -> impl Iterator<Item = f64> {
    let step = libm::log(hi / lo) / (n - 1) as f64;
    (0..n).map(move |i| lo * libm::exp(step * i as f64))
}

fn histogram(sorted: &Sorted) -> Vec<Bin> {
    let edges: Vec<f64> = log_grid(HIST_RANGE.0, HIST_RANGE.1, HIST_BINS + 1).collect();
    edges
        .windows(2)
        .enumerate()
        .map(|(i, e)| {
            // The first and last bins also hold everything beyond the range.
            let lo_n = if i == 0 { 0 } else { sorted.0.partition_point(|&d| d <= e[0]) };
            let hi_n = if i == HIST_BINS - 1 { sorted.len() } else { sorted.0.partition_point(|&d| d <= e[1]) };
            Bin { lo: e[0], hi: e[1], count: (hi_n - lo_n) as u32 }
        })
        .collect()
}

/// The widget's count of holds that outlive a lease of `ttl_s`: those longer than it (the lease
/// runs from the grant; a hold that ends exactly at it is safe). The lab counts real holds with it.
pub fn unsafe_holds(sorted: &Sorted, ttl_s: f64) -> usize {
    sorted.outliving(if crate::mutation::on("ttl-unsafe-from-request") { 0.9 * ttl_s } else { ttl_s })
}

/// Runs the trade-off, reusing whatever `cache` holds for the same seed, count and model.
pub fn run_cached(p: &Params, cache: &mut Cache) -> Outcome {
    let n = p.holds as usize;
    if cache.draws.as_ref().is_none_or(|d| d.seed != p.seed || d.len() != n) {
        cache.draws = Some(Draws::new(p.seed, n));
        cache.factors = None;
        cache.model = None;
    }
    let model = p.model();
    if cache.model != Some(model) {
        let draws = cache.draws.get_or_insert_with(|| Draws::new(p.seed, n));
        if cache.factors.as_ref().is_none_or(|(spread, _)| *spread != model.spread) {
            let factors = draws.factors(model.spread);
            cache.factors = Some((model.spread, draws.factor_order(&factors)));
        }
        // A change of the typical work or the stalls merges instead of sorting every hold.
        cache.sorted = cache.factors.as_ref().map_or_else(|| draws.sorted(&model), |(_, order)| order.sorted(&model));
        cache.histogram = histogram(&cache.sorted);
        cache.model = Some(model);
    }
    let sorted = &cache.sorted;
    let unsafe_holds = unsafe_holds(sorted, p.ttl_s) as u64;
    let unsafe_fraction = sorted.fraction_outliving(p.ttl_s);
    let (lo, hi) = ttl_range();
    let curve = log_grid(lo, hi, CURVE_POINTS).map(|t| CurvePoint { ttl_s: t, simulated: sorted.fraction_outliving(t) }).collect();
    // The exact tail is a numerical integral (most of a TTL move's time): once per run.
    let exact_fraction = model.outlives(p.ttl_s);
    Outcome {
        summary: Summary {
            holds: p.holds,
            unsafe_holds,
            unsafe_fraction,
            exact_fraction,
            unsafe_per_day: unsafe_fraction * 86_400.0 / p.grant_every_s,
            exact_per_day: exact_fraction * 86_400.0 / p.grant_every_s,
            // (The mutation: the mean wait after a crash at a random moment of a lease, for the
            // longest, after a crash just past the grant.)
            recovery_seconds: if crate::mutation::on("ttl-recovery-half-lease") { p.ttl_s / 2.0 } else { p.ttl_s },
        },
        ttl_s: p.ttl_s,
        histogram: cache.histogram.clone(),
        curve,
    }
}

/// Runs the trade-off from scratch.
pub fn run(p: &Params) -> Outcome {
    run_cached(p, &mut Cache::default())
}

fn ttl_range() -> (f64, f64) {
    match SPECS[0].kind {
        Kind::Float { min, max, .. } => (min, max),
        _ => (0.1, 120.0),
    }
}

/// Everything this widget says, in English (the source its translations are made from).
pub const MESSAGES: &str = include_str!(concat!(env!("OUT_DIR"), "/en/ttl-tradeoff.ftl"));

impl Outcome {
    /// What the widget says, in English.
    pub fn narrative(&self, p: &Params) -> String {
        self.narrative_in(p, &crate::messages::Tr::english(&[MESSAGES]))
    }

    /// What the widget says, in `tr`'s locale: its sentences, each one message.
    pub fn narrative_in(&self, p: &Params, tr: &crate::messages::Tr) -> String {
        let s = &self.summary;
        let mut said = Vec::new();
        if s.unsafe_holds == 0 {
            said.push(tr.msg("ttl-none-outlived", &[("ttl", p.ttl_s.into()), ("holds", s.holds.into())]));
            if p.stall_chance > 0.0 {
                said.push(tr.msg("ttl-none-but-exact", &[("exact", s.exact_fraction.into()), ("perDay", s.exact_per_day.into())]));
            }
        } else {
            said.push(tr.msg(
                "ttl-some-outlived",
                &[
                    ("ttl", p.ttl_s.into()),
                    ("unsafe", (s.unsafe_holds as f64).into()),
                    ("holds", s.holds.into()),
                    ("share", s.unsafe_fraction.into()),
                    ("exact", s.exact_fraction.into()),
                ],
            ));
            said.push(tr.msg(
                "ttl-per-day",
                &[("every", p.grant_every_s.into()), ("perDay", s.unsafe_per_day.into()), ("expected", s.exact_per_day.into())],
            ));
        }
        if p.stall_shape == Shape::Pareto && p.stall_chance > 0.0 {
            said.push(tr.msg("ttl-pareto-tail", &[("alpha", p.stall_alpha.into())]));
        }
        said.push(tr.msg("ttl-recovery", &[("ttl", p.ttl_s.into())]));
        said.join(" ")
    }
}


crate::scenario! {
    /// The TTL trade-off as a [`Scenario`].
    TtlTradeoff, cache: Cache, run: run_cached, {
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
        ("ttl-s", "the lease length"),
        ("work-s", "median work time"),
        ("spread", "σ of the work time's logarithm"),
        ("stall-chance", "chance that a hold also stalls (shown as a percentage)"),
        ("stall-mean-s", "mean stall length"),
        ("stall-shape", "light or heavy tail of stall lengths (same mean)"),
        ("stall-alpha", "Pareto tail index (used only with `pareto`; at the same mean, smaller: most stalls shorter, the rarest longer)"),
        ("holds", "holds simulated"),
        ("grant-every-s", "one grant every this many seconds (for the per-day figure)"),
        ("seed", "seed of the random draws"),
    ],
    results: &[
        ("holds", "holds simulated"),
        ("unsafeHolds", "holds longer than the TTL: the lock moved on while they were still working"),
        ("unsafeFraction", "`unsafeHolds / holds`"),
        ("exactFraction", "the exact probability that a hold outlives the TTL"),
        ("unsafePerDay", "`unsafeFraction × 86,400 / grant-every-s`: this run's count a day"),
        ("exactPerDay", "`exactFraction × 86,400 / grant-every-s`: the expected count a day"),
        ("recoverySeconds", "the longest wait after a real crash: the TTL"),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hold::within_binomial;

    fn at(ttl_s: f64) -> Params {
        Params { ttl_s, ..Params::default() }
    }

    #[test]
    fn lesson_headline_at_the_defaults() {
        // "With a 10 s TTL, 0.025 % of lock holds outlive their lock (about 2 a day at one grant
        // every 10 seconds)": the exact share is 0.028 %; every seed lands near it.
        let exact = Params::default().model().outlives(10.0);
        assert!((0.00025..=0.0003).contains(&exact), "{exact}");
        for seed in 0..20 {
            let o = run(&Params { seed, ..Params::default() });
            assert!(within_binomial(o.summary.unsafe_holds as usize, 60_000, exact), "seed {seed}: {:?}", o.summary);
        }
        let o = run(&Params::default());
        assert!((1.0..=4.0).contains(&o.summary.unsafe_per_day), "{:?}", o.summary);
        // The exact expectation a day: P(hold > 10 s) × 8,640 grants (2.45 at the defaults).
        assert_eq!(o.summary.exact_per_day, exact * 86_400.0 / 10.0);
        assert!((2.4..2.5).contains(&o.summary.exact_per_day), "{}", o.summary.exact_per_day);
        assert_eq!(o.summary.recovery_seconds, 10.0);
    }

    #[test]
    fn lesson_headline_at_one_and_sixty_seconds() {
        // 1 s: a few tenths of a percent.
        let one = run(&at(1.0));
        assert!((0.001..=0.005).contains(&one.summary.unsafe_fraction), "{:?}", one.summary);
        assert!((0.001..=0.005).contains(&one.summary.exact_fraction));
        // 60 s: none of 60,000, while recovery takes a minute; the exact chance is still not zero.
        let sixty = run(&at(60.0));
        assert_eq!(sixty.summary.unsafe_holds, 0);
        assert_eq!(sixty.summary.recovery_seconds, 60.0);
        assert!(sixty.summary.exact_fraction > 0.0);
    }

    #[test]
    fn simulated_share_matches_the_exact_probability_across_the_parameter_range() {
        let mut seed = 100;
        for ttl in [0.3, 1.0, 3.0, 10.0] {
            for (work, spread) in [(0.05, 0.2), (0.2, 0.5), (1.0, 1.0)] {
                for (chance, mean, shape, alpha) in [
                    (0.0, 5.0, Shape::Exponential, 1.5),
                    (0.002, 5.0, Shape::Exponential, 1.5),
                    (0.02, 1.0, Shape::Exponential, 1.5),
                    (0.002, 5.0, Shape::Pareto, 1.5),
                    (0.02, 1.0, Shape::Pareto, 1.1),
                    (0.02, 2.0, Shape::Pareto, 3.5),
                ] {
                    seed += 1;
                    let p = Params {
                        ttl_s: ttl,
                        work_s: work,
                        spread,
                        stall_chance: chance,
                        stall_mean_s: mean,
                        stall_shape: shape,
                        stall_alpha: alpha,
                        holds: 100_000,
                        grant_every_s: 10.0,
                        seed,
                    };
                    let o = run(&p);
                    assert!(
                        within_binomial(o.summary.unsafe_holds as usize, 100_000, o.summary.exact_fraction),
                        "{p:?} → {:?}",
                        o.summary
                    );
                }
            }
        }
    }

    #[test]
    fn a_longer_ttl_trades_overlaps_for_recovery_and_never_reaches_zero() {
        let o = run(&Params::default());
        let exact = exact_curve(&Params::default().model());
        assert!(exact.iter().zip(&o.curve).all(|(e, c)| e.0 == c.ttl_s), "the same TTLs");
        assert!(o.curve.windows(2).all(|w| w[1].simulated <= w[0].simulated));
        assert!(exact.windows(2).all(|w| w[1].1 <= w[0].1));
        assert!(exact.iter().all(|c| c.1 > 0.0), "stalls keep the exact chance above zero");
        let no_stalls = exact_curve(&Params { stall_chance: 0.0, ..Params::default() }.model());
        assert!(no_stalls.last().is_some_and(|c| c.1 < 1e-12));
    }

    #[test]
    fn moving_only_the_ttl_reuses_the_sorted_holds() {
        let mut cache = Cache::default();
        let a = run_cached(&Params::default(), &mut cache);
        let sorted_before = cache.sorted.0.as_ptr();
        let b = run_cached(&at(3.0), &mut cache);
        assert_eq!(cache.sorted.0.as_ptr(), sorted_before, "no resort for a TTL-only change");
        assert_eq!(b, run(&at(3.0)), "the cache never changes the answer");
        assert_ne!(a.summary, b.summary);
        // Changing work re-transforms the same draws: same seed, same count.
        let c = run_cached(&Params { work_s: 0.3, ..Params::default() }, &mut cache);
        assert_eq!(c, run(&Params { work_s: 0.3, ..Params::default() }));
    }

    #[test]
    fn histogram_counts_every_hold() {
        let o = run(&Params::default());
        assert_eq!(o.histogram.len(), HIST_BINS);
        assert_eq!(o.histogram.iter().map(|b| u64::from(b.count)).sum::<u64>(), 60_000);
    }

    #[test]
    fn narratives() {
        let p = Params::default();
        let text = run(&p).narrative(&p);
        assert!(text.contains("10 s TTL") && text.contains("a day"), "{text}");
        let p = at(60.0);
        let text = run(&p).narrative(&p);
        assert!(text.contains("none of the 60,000") && text.contains("not zero"), "{text}");
        let p = Params { stall_shape: Shape::Pareto, ..at(120.0) };
        let text = run(&p).narrative(&p);
        assert!(text.contains("heavy") && text.contains("slope −α"), "{text}");
        // The heavy tail keeps the long-TTL end of the curve well above the light tail's.
        let last = |p: &Params| exact_curve(&p.model()).last().map_or(0.0, |c| c.1);
        let (h, l) = (last(&p), last(&at(120.0)));
        assert!(h > 1e-6 && l < 1e-12, "{h} {l}");
    }
}
