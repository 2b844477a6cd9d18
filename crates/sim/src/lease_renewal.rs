//! # Lease renewal: the job that outlives its lock, and what each defence really does
//!
//! `runs` jobs each take a lock with a `ttl-s` lease and run for work + stall, drawn from the
//! shared [`crate::hold`] model (the same common random numbers as the TTL trade-off, so switching
//! the defence re-uses the same runs). A job that loses its lock while still running may be
//! repeated by a second worker (with `takeover-chance`); a repeat has two side effects: an invoice
//! row written to the database, and an email sent through a provider.
//!
//! Defences (`defence`):
//! - `none`: a fixed lease. A run is lost when work + stall > TTL.
//! - `renewal`: a renewer inside the worker extends the lease every `renew-every-s` while the
//!   worker runs. Slow work never loses the lock; a stall freezes the renewer with the worker, so
//!   a run is lost only when a stall outlasts what is left of the lease when it starts,
//!   TTL − φ, with φ the time since the last renewal (uniform over the renewal cycle: a draw of
//!   its own). A renewal interval of a whole TTL or more never renews in time: then as `none`.
//! - `fencing`: the lock is lost as often as with `none`, but the database refuses the repeat's
//!   invoice write because its token is older; the email provider checks no token, so the email
//!   still goes out twice. The repeated work is wasted either way.
//! - `idempotent`: each side effect carries an idempotency key: the database and the email
//!   provider recognise the repeat and do nothing (this assumes the provider honours the key;
//!   one that does not would send again). The work is still wasted.
//! - `renewal+fencing`: renewal's rarer losses, fencing's refusals.
//!
//! Exact companions: without renewal, the hold model's outlive probability; with renewal,
//! p · (1/r)∫₀ʳ G(T − φ) dφ, which is p·e^{−T/m}·(m/r)(e^{r/m} − 1) for an exponential stall of
//! mean m and p·λ/(r(α − 1))·[(1 + (T − r)/λ)^{1−α} − (1 + T/λ)^{1−α}] for the Pareto shape.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, StandardUniform};
use serde::{Deserialize, Serialize};

use crate::hold::{Draws, HoldModel, Shape, StallShape};
use crate::params::{Choice, Kind, Spec};
use crate::text::{int, num, percent};

pub const NAME: &str = "lease-renewal";

pub const SPECS: &[Spec] = &[
    Spec { name: "ttl-s", label: "Lock TTL", unit: "s", kind: Kind::Float { min: 1.0, max: 120.0, default: 30.0, log: true, step: 0.0 } },
    Spec {
        name: "defence",
        label: "Defence",
        unit: "",
        kind: Kind::Choice {
            options: &[
                Choice { value: "none", label: "None (fixed lease)" },
                Choice { value: "renewal", label: "Renewal" },
                Choice { value: "fencing", label: "Fencing token" },
                Choice { value: "idempotent", label: "Idempotency keys" },
                Choice { value: "renewal+fencing", label: "Renewal and fencing" },
            ],
            default: 0,
        },
    },
    Spec { name: "work-s", label: "Typical run (median)", unit: "s", kind: Kind::Float { min: 0.1, max: 60.0, default: 5.1, log: true, step: 0.0 } },
    Spec { name: "spread", label: "Spread of run length (σ of its log)", unit: "", kind: Kind::Float { min: 0.0, max: 1.5, default: 0.6, log: false, step: 0.05 } },
    Spec { name: "stall-chance", label: "Chance a run stalls", unit: "%", kind: Kind::Float { min: 0.0, max: 0.02, default: 0.002, log: false, step: 0.0005 } },
    Spec { name: "stall-mean-s", label: "Mean stall", unit: "s", kind: Kind::Float { min: 0.1, max: 120.0, default: 20.0, log: true, step: 0.0 } },
    crate::hold::STALL_SHAPE,
    crate::hold::STALL_ALPHA,
    Spec { name: "renew-every-s", label: "Renew every", unit: "s", kind: Kind::Float { min: 0.5, max: 60.0, default: 10.0, log: true, step: 0.0 } },
    Spec { name: "takeover-chance", label: "Chance a second worker takes over", unit: "%", kind: Kind::Float { min: 0.0, max: 1.0, default: 1.0, log: false, step: 0.05 } },
    Spec { name: "runs", label: "Runs simulated", unit: "", kind: Kind::Int { min: 1000, max: 200_000, default: 50_000, log: true } },
    Spec { name: "seed", label: "Seed", unit: "", kind: Kind::Seed { default: 1 } },
];

/// The parameters shown first (the lesson: keep the TTL, raise the spread, compare defences).
pub const PRIMARY: &[&str] = &["ttl-s", "defence", "spread"];

/// What protects the job.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Defence {
    None,
    Renewal,
    Fencing,
    Idempotent,
    #[serde(rename = "renewal+fencing")]
    RenewalFencing,
}

impl Defence {
    pub const ALL: [Defence; 5] = [Defence::None, Defence::Renewal, Defence::Fencing, Defence::Idempotent, Defence::RenewalFencing];

    pub fn renews(self) -> bool {
        matches!(self, Defence::Renewal | Defence::RenewalFencing)
    }

    pub fn fences(self) -> bool {
        matches!(self, Defence::Fencing | Defence::RenewalFencing)
    }

    pub fn label(self) -> &'static str {
        match self {
            Defence::None => "no defence",
            Defence::Renewal => "renewal",
            Defence::Fencing => "fencing",
            Defence::Idempotent => "idempotency keys",
            Defence::RenewalFencing => "renewal and fencing",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Params {
    pub ttl_s: f64,
    pub defence: Defence,
    pub work_s: f64,
    pub spread: f64,
    pub stall_chance: f64,
    pub stall_mean_s: f64,
    pub stall_shape: Shape,
    pub stall_alpha: f64,
    pub renew_every_s: f64,
    pub takeover_chance: f64,
    pub runs: u32,
    pub seed: u64,
}

impl Params {
    pub fn from_values(v: &[f64]) -> Self {
        let (v, _) = crate::params::clamp(SPECS, v);
        Self {
            ttl_s: v[0],
            defence: Defence::ALL.get(v[1] as usize).copied().unwrap_or(Defence::None),
            work_s: v[2],
            spread: v[3],
            stall_chance: v[4],
            stall_mean_s: v[5],
            stall_shape: Shape::from_value(v[6]),
            stall_alpha: v[7],
            renew_every_s: v[8],
            takeover_chance: v[9],
            runs: v[10] as u32,
            seed: v[11] as u64,
        }
    }

    pub fn model(&self) -> HoldModel {
        HoldModel {
            work: self.work_s,
            spread: self.spread,
            stall_chance: self.stall_chance,
            stall_mean: self.stall_mean_s,
            stall_shape: self.stall_shape.with_alpha(self.stall_alpha),
        }
    }

    /// Whether renewal (if the defence uses it) can work at all: a renewal must come before the
    /// lease runs out.
    pub fn renewal_in_time(&self) -> bool {
        self.renew_every_s < self.ttl_s
    }
}

impl Default for Params {
    fn default() -> Self {
        Self::from_values(&crate::params::defaults(SPECS))
    }
}

/// The exact probability that one run loses its lock under `defence`.
pub fn exact_lock_lost(p: &Params, renews: bool) -> f64 {
    let model = p.model();
    if !renews || !p.renewal_in_time() {
        return model.outlives(p.ttl_s);
    }
    let (t, r, m) = (p.ttl_s, p.renew_every_s, p.stall_mean_s);
    let chance = p.stall_chance.clamp(0.0, 1.0);
    let average = match model.stall_shape {
        StallShape::Exponential => libm::exp(-t / m) * (m / r) * libm::expm1(r / m),
        StallShape::Pareto { alpha } => {
            let l = m * (alpha - 1.0);
            l / (r * (alpha - 1.0)) * (libm::pow(1.0 + (t - r) / l, 1.0 - alpha) - libm::pow(1.0 + t / l, 1.0 - alpha))
        }
    };
    chance * average
}

/// What `locklab:change` carries as `result`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub runs: u32,
    pub defence: Defence,
    /// Runs that lost their lock while still running.
    pub lock_lost: u64,
    /// The exact probability that a run loses its lock under this defence.
    pub exact_lock_lost: f64,
    /// Invoices written twice (no fencing, no idempotency key).
    pub harmful_duplicates: u64,
    /// Emails sent twice (fencing does not reach the email provider).
    pub duplicate_emails: u64,
    /// Repeat invoice writes the database refused by their older token.
    pub rejected_writes: u64,
    /// Repeats recognised by their idempotency key, with no effect.
    pub harmless_repeats: u64,
    /// Seconds of work done again by second workers.
    pub wasted_seconds: f64,
}

/// One bar of the run-length histogram: runs that kept and lost their lock.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bin {
    pub lo: f64,
    pub hi: f64,
    pub kept: u32,
    pub lost: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    #[serde(flatten)]
    pub summary: Summary,
    /// The same runs without any defence (the faint bars beside the chosen defence's).
    pub baseline: Summary,
    pub histogram: Vec<Bin>,
}

/// Histogram range (seconds, log-spaced) and bin count.
pub const HIST_RANGE: (f64, f64) = (0.1, 1000.0);
pub const HIST_BINS: usize = 40;

/// The draws a widget keeps while the seed and the number of runs stay the same: the hold
/// model's (work and stall) and this widget's own stream (the stall's place in the renewal cycle,
/// and whether a second worker takes over).
#[derive(Default)]
pub struct Cache {
    draws: Option<Draws>,
    extra: Vec<(f64, f64)>,
}

fn extra_draws(seed: u64, n: usize) -> Vec<(f64, f64)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(1);
    (0..n).map(|_| (StandardUniform.sample(&mut rng), StandardUniform.sample(&mut rng))).collect()
}

fn tally(p: &Params, defence: Defence, draws: &Draws, extra: &[(f64, f64)], mut bin: impl FnMut(f64, bool)) -> Summary {
    let model = p.model();
    let renews = defence.renews() && p.renewal_in_time();
    let mut s = Summary {
        runs: p.runs,
        defence,
        lock_lost: 0,
        exact_lock_lost: exact_lock_lost(p, defence.renews()),
        harmful_duplicates: 0,
        duplicate_emails: 0,
        rejected_writes: 0,
        harmless_repeats: 0,
        wasted_seconds: 0.0,
    };
    for (i, &(phase, takeover)) in extra.iter().enumerate().take(draws.len()) {
        let (work, stall) = draws.hold(i, &model);
        let lost = if renews {
            // Only a stall that outlasts what is left of the lease when it starts.
            stall > 0.0 && stall > p.ttl_s - phase * p.renew_every_s
        } else {
            work + stall > p.ttl_s
        };
        bin(work + stall, lost);
        if !lost {
            continue;
        }
        s.lock_lost += 1;
        if takeover >= p.takeover_chance {
            continue;
        }
        s.wasted_seconds += work;
        match defence {
            Defence::None | Defence::Renewal => {
                s.harmful_duplicates += 1;
                s.duplicate_emails += 1;
            }
            Defence::Fencing | Defence::RenewalFencing => {
                s.rejected_writes += 1;
                s.duplicate_emails += 1;
            }
            Defence::Idempotent => s.harmless_repeats += 1,
        }
    }
    s
}

pub fn run_cached(p: &Params, cache: &mut Cache) -> Outcome {
    let n = p.runs as usize;
    if cache.draws.as_ref().is_none_or(|d| d.seed != p.seed || d.len() != n) {
        cache.draws = None;
    }
    if cache.draws.is_none() {
        cache.extra = extra_draws(p.seed, n);
    }
    let draws = cache.draws.get_or_insert_with(|| Draws::new(p.seed, n));
    let edges: Vec<f64> = {
        let step = libm::log(HIST_RANGE.1 / HIST_RANGE.0) / HIST_BINS as f64;
        (0..=HIST_BINS).map(|i| HIST_RANGE.0 * libm::exp(step * i as f64)).collect()
    };
    let mut histogram: Vec<Bin> = edges.windows(2).map(|e| Bin { lo: e[0], hi: e[1], kept: 0, lost: 0 }).collect();
    let summary = tally(p, p.defence, draws, &cache.extra, |d, lost| {
        let k = edges.partition_point(|&e| e <= d).clamp(1, HIST_BINS) - 1;
        if lost {
            histogram[k].lost += 1;
        } else {
            histogram[k].kept += 1;
        }
    });
    let baseline = if p.defence == Defence::None { summary.clone() } else { tally(p, Defence::None, draws, &cache.extra, |_, _| {}) };
    Outcome { summary, baseline, histogram }
}

pub fn run(p: &Params) -> Outcome {
    run_cached(p, &mut Cache::default())
}

impl Outcome {
    pub fn narrative(&self, p: &Params) -> String {
        let s = &self.summary;
        let lost = format!(
            "With a {} s lease, {} of {} runs ({}; exactly {}) lost their lock while still running",
            num(p.ttl_s),
            int(s.lock_lost as i64),
            int(i64::from(s.runs)),
            percent(s.lock_lost as f64 / f64::from(s.runs.max(1))),
            percent(s.exact_lock_lost)
        );
        let renewal_note = if p.defence.renews() && !p.renewal_in_time() {
            format!(
                " Renewing every {} s never comes before a {} s lease runs out, so renewal changes nothing here.",
                num(p.renew_every_s),
                num(p.ttl_s)
            )
        } else if p.defence.renews() {
            " Renewal keeps slow runs safe; only a stall that also freezes the renewer, and outlasts what is left of the lease, loses it.".to_string()
        } else {
            String::new()
        };
        let effects = match p.defence {
            Defence::None | Defence::Renewal => format!(
                "A second worker repeated {} of them: {} double invoices and {} double emails, with no error anywhere.",
                int((s.harmful_duplicates) as i64),
                int(s.harmful_duplicates as i64),
                int(s.duplicate_emails as i64)
            ),
            Defence::Fencing | Defence::RenewalFencing => format!(
                "The database refused {} repeated invoice writes by their older token, but the email provider checks no token: \
                 {} emails still went out twice.",
                int(s.rejected_writes as i64),
                int(s.duplicate_emails as i64)
            ),
            Defence::Idempotent => format!(
                "{} repeats carried the same idempotency keys, so neither the invoice nor the email happened twice (as long as \
                 the email provider honours the key).",
                int(s.harmless_repeats as i64)
            ),
        };
        format!("{lost}.{renewal_note} {effects} {} s of work were done again.", num(s.wasted_seconds))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hold::within_binomial;

    #[test]
    fn the_lessons_headline_at_the_defaults() {
        // "With only a 30-second TTL, 0.22 % of runs outlive the lock": a 5.1 s median with
        // σ = 0.6 (the seed gives neither) and stalls of 2 in 1,000 averaging 20 s.
        let p = Params::default();
        let exact = p.model().outlives(30.0);
        assert!((0.00215..0.00225).contains(&exact), "{exact}");
        let o = run(&p);
        assert_eq!(o.summary.exact_lock_lost, exact);
        assert!(within_binomial(o.summary.lock_lost as usize, 50_000, exact), "{:?}", o.summary);
        // Someone is always waiting: every lost run is a double invoice and a double email.
        assert_eq!(o.summary.harmful_duplicates, o.summary.lock_lost);
        assert_eq!(o.summary.duplicate_emails, o.summary.lock_lost);
    }

    #[test]
    fn renewal_matches_its_closed_form_for_both_shapes() {
        // Monte Carlo within 4σ of p · average over the renewal phase of G(T − φ).
        let mut seed = 40;
        for shape in [Shape::Exponential, Shape::Pareto] {
            for (ttl, renew, chance, mean) in [(30.0, 10.0, 0.002, 20.0), (10.0, 3.0, 0.02, 5.0), (5.0, 4.0, 0.02, 2.0), (60.0, 1.0, 0.01, 30.0)] {
                seed += 1;
                let p = Params {
                    ttl_s: ttl,
                    renew_every_s: renew,
                    stall_chance: chance,
                    stall_mean_s: mean,
                    stall_shape: shape,
                    defence: Defence::Renewal,
                    runs: 200_000,
                    seed,
                    ..Params::default()
                };
                let o = run(&p);
                assert!(within_binomial(o.summary.lock_lost as usize, 200_000, o.summary.exact_lock_lost), "{p:?}: {:?}", o.summary);
                // The closed form against a direct average of the survival over the phase.
                let g = p.model().stall_shape;
                let direct: f64 = (0..100_000).map(|k| g.survival(mean, ttl - (f64::from(k) + 0.5) / 100_000.0 * renew)).sum::<f64>() / 100_000.0;
                assert!((o.summary.exact_lock_lost / (chance * direct) - 1.0).abs() < 1e-6, "{shape:?} {ttl} {renew}");
            }
        }
    }

    #[test]
    fn each_defence_does_what_it_says_on_the_same_runs() {
        let base = Params { spread: 1.0, stall_chance: 0.01, runs: 20_000, ..Params::default() };
        let none = run(&base).summary;
        assert!(none.lock_lost > 0);
        for d in Defence::ALL {
            let s = run(&Params { defence: d, ..base.clone() }).summary;
            match d {
                Defence::None => assert_eq!(s, none),
                Defence::Fencing | Defence::Idempotent => assert_eq!(s.lock_lost, none.lock_lost, "{d:?} loses the lock as often"),
                Defence::Renewal | Defence::RenewalFencing => assert!(s.lock_lost < none.lock_lost, "{d:?}"),
            }
            // What each defence turns a repeat into.
            let repeats = s.harmful_duplicates + s.rejected_writes + s.harmless_repeats;
            assert_eq!(repeats, s.lock_lost, "{d:?}: takeover is certain by default");
            assert_eq!(s.harmful_duplicates > 0, matches!(d, Defence::None | Defence::Renewal), "{d:?}");
            assert_eq!(s.rejected_writes > 0, d.fences(), "{d:?}");
            assert_eq!(s.harmless_repeats > 0, d == Defence::Idempotent, "{d:?}");
            // Fencing protects the invoice, not the email; idempotency keys protect both.
            assert_eq!(s.duplicate_emails, if d == Defence::Idempotent { 0 } else { repeats }, "{d:?}");
            assert!(s.wasted_seconds > 0.0, "{d:?}: the work is repeated whatever the defence");
        }
        // Renewal never loses a run that did not stall.
        let o = run(&Params { defence: Defence::Renewal, stall_chance: 0.0, ..base.clone() });
        assert_eq!(o.summary.lock_lost, 0);
        // A renewal interval of a whole TTL never renews in time: as without a defence.
        let late_p = Params { defence: Defence::Renewal, renew_every_s: 30.0, ..base.clone() };
        let late = run(&late_p);
        assert_eq!(late.summary.lock_lost, none.lock_lost);
        assert!(late.narrative(&late_p).contains("never comes before"));
    }

    #[test]
    fn takeover_chance_scales_the_repeats() {
        let p = Params { stall_chance: 0.02, spread: 1.0, takeover_chance: 0.3, ..Params::default() };
        let s = run(&p).summary;
        assert!(within_binomial(s.harmful_duplicates as usize, s.lock_lost as usize, 0.3), "{s:?}");
        let nobody = run(&Params { takeover_chance: 0.0, ..p }).summary;
        assert_eq!(nobody.harmful_duplicates + nobody.duplicate_emails, 0);
        assert_eq!(nobody.wasted_seconds, 0.0);
    }

    #[test]
    fn narratives_name_what_each_defence_protects() {
        for d in Defence::ALL {
            let p = Params { defence: d, ..Params::default() };
            let text = run(&p).narrative(&p);
            let expected = match d {
                Defence::None | Defence::Renewal => "double invoices",
                Defence::Fencing | Defence::RenewalFencing => "checks no token",
                Defence::Idempotent => "honours the key",
            };
            assert!(text.contains(expected), "{d:?}: {text}");
        }
    }

    #[test]
    fn histogram_counts_every_run_and_the_baseline_is_the_same_runs_undefended() {
        let o = run(&Params { defence: Defence::Renewal, ..Params::default() });
        let total: u64 = o.histogram.iter().map(|b| u64::from(b.kept + b.lost)).sum();
        assert_eq!(total, 50_000);
        assert_eq!(o.histogram.iter().map(|b| u64::from(b.lost)).sum::<u64>(), o.summary.lock_lost);
        assert_eq!(o.baseline, run(&Params::default()).summary);
    }
}
