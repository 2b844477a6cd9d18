//! # The hold model, shared by the TTL trade-off and the fencing chain
//!
//! A lock hold lasts **work + stall**. Work is log-normal with median `work` and spread σ (the
//! standard deviation of its logarithm). With probability `stall_chance` a stall is added (a
//! garbage-collection pause, a swap storm, a slow disk) of mean `stall_mean`, in one of two
//! shapes ([`StallShape`]): **exponential**, a light tail (at mean 5 s, a stall over 60 s has
//! probability 6 × 10⁻⁶), or **Pareto** (type II, also called Lomax: like the exponential it starts
//! at zero), a heavy tail whose survival falls as a power, (1 + s/λ)^−α, with λ = mean · (α − 1).
//! None of these distributions is a law of nature: log-normal service times are an empirical
//! fit, and no citable distribution of process stalls exists, so the widgets present every
//! number as an adjustable assumption. The model has no lease renewal: a hold longer than the
//! TTL loses the lock.
//!
//! ## Common random numbers
//! The random draws behind hold *i* are three numbers that depend only on the seed and *i*:
//! a standard normal `z`, a uniform `u` and a standard exponential `e`. A hold is then
//! `work · exp(σ z) + [u < stall_chance] · stall(e)`, where `stall(e)` is `mean · e` for the
//! exponential shape and `λ · (exp(e/α) − 1)` for the Pareto shape (both the inverse of their
//! distribution function at the same uniform, e^−e). So moving any slider transforms the same
//! draws instead of drawing new ones, and results move smoothly (and monotonically where the model
//! is monotone). A TTL does not enter the holds at all: the sorted holds answer "how many outlive
//! T?" by binary search, for one TTL or a whole curve.
//!
//! ## The exact answer
//! P(hold > T) = (1 − p) · P(W > T) + p · P(W + S > T), where
//! P(W + S > T) = P(W > T) + ∫₀ᵀ f_W(w) · G(T − w) dw and G is the stall's survival function
//! (e^{−s/m}, or (1 + s/λ)^−α). The integral is done in the log-normal's own coordinate
//! (w = work · e^{σz}) by adaptive Gauss–Kronrod quadrature ([`crate::quad`]) to a relative
//! accuracy of 10⁻⁹, with breakpoints where the integrand has narrow features: the normal's bulk,
//! and just below the TTL, where a short stall makes G a narrow peak.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, Exp1, StandardNormal, StandardUniform};
use serde::{Deserialize, Serialize};

/// The spread parameter, the same in every widget that uses the hold model (the other three
/// assumptions come in each widget's own unit and range).
pub const SPREAD: crate::params::Spec = crate::params::Spec {
    name: "spread",
    label: "Spread of work (σ of its log)",
    unit: "",
    kind: crate::params::Kind::Float { min: 0.0, max: 1.5, default: 0.5, log: false, step: 0.05 },
};

/// The unit a widget's hold model counts time in (its parameters' names end in it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeUnit {
    Ms,
    S,
}

/// `stall-chance`: the chance a hold stalls, one parameter in every widget that uses the hold
/// model; the label says what stalls, the range and step fit the widget's lesson.
pub const fn stall_chance(label: &'static str, max: f64, default: f64, step: f64) -> crate::params::Spec {
    crate::params::Spec { name: "stall-chance", label, unit: "%", kind: crate::params::Kind::Float { min: 0.0, max, default, log: false, step } }
}

/// `stall-mean-ms` or `stall-mean-s`: a stall's mean length, on a log scale.
pub const fn stall_mean(unit: TimeUnit, label: &'static str, min: f64, max: f64, default: f64) -> crate::params::Spec {
    let (name, unit) = match unit {
        TimeUnit::Ms => ("stall-mean-ms", "ms"),
        TimeUnit::S => ("stall-mean-s", "s"),
    };
    crate::params::Spec { name, label, unit, kind: crate::params::Kind::Float { min, max, default, log: true, step: 0.0 } }
}

/// The shape of a stall's length: `stall-shape`, shared by every widget that uses the hold model.
pub const STALL_SHAPE: crate::params::Spec = crate::params::Spec {
    name: "stall-shape",
    label: "Shape of stall lengths",
    unit: "",
    kind: crate::params::Kind::Choice {
        options: &[
            crate::params::Choice { value: "exponential", label: "Exponential (light tail)" },
            crate::params::Choice { value: "pareto", label: "Pareto (heavy tail)" },
        ],
        default: 0,
    },
};

/// The Pareto shape's tail index α (used only with `stall-shape=pareto`). The mean stays the
/// same, so a smaller α makes most stalls shorter and only the rarest ones longer (a fatter far tail).
pub const STALL_ALPHA: crate::params::Spec = crate::params::Spec {
    name: "stall-alpha",
    label: "Pareto tail index α (Pareto only; smaller: a fatter far tail)",
    unit: "",
    kind: crate::params::Kind::Float { min: 1.1, max: 4.0, default: 1.5, log: false, step: 0.1 },
};

/// The `stall-shape` choice as parameters carry it (with `stall-alpha` beside it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    Exponential,
    Pareto,
}

impl Shape {
    pub fn from_value(v: f64) -> Self {
        if v >= 0.5 { Shape::Pareto } else { Shape::Exponential }
    }

    /// The stall distribution for this choice and tail index.
    pub fn with_alpha(self, alpha: f64) -> StallShape {
        match self {
            Shape::Exponential => StallShape::Exponential,
            Shape::Pareto => StallShape::Pareto { alpha: STALL_ALPHA.clamp(alpha) },
        }
    }
}

/// How long stalls are, for a given mean.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StallShape {
    /// Exponential: survival e^{−s/m}.
    Exponential,
    /// Pareto type II (Lomax) with tail index `alpha` > 1: survival (1 + s/λ)^−α, λ = m(α − 1).
    Pareto { alpha: f64 },
}

impl StallShape {
    /// A stall of mean `mean` at the standard exponential draw `e` (the inverse of the
    /// distribution function at the uniform e^{−e}, so it grows with `e` for both shapes).
    pub fn stall(self, mean: f64, e: f64) -> f64 {
        match self {
            StallShape::Exponential => mean * e,
            StallShape::Pareto { alpha } => mean * (alpha - 1.0) * libm::expm1(e / alpha),
        }
    }

    /// P(S > s) for a stall of mean `mean`.
    pub fn survival(self, mean: f64, s: f64) -> f64 {
        if s <= 0.0 {
            return 1.0;
        }
        match self {
            StallShape::Exponential => libm::exp(-s / mean),
            StallShape::Pareto { alpha } => libm::pow(1.0 + s / (mean * (alpha - 1.0)), -alpha),
        }
    }
}

/// The assumptions of the hold model, in one unit of time (seconds or milliseconds: the model
/// does not care, as long as the TTL uses the same one).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct HoldModel {
    /// Median work time.
    pub work: f64,
    /// σ of ln(work); 0 makes every work time equal the median.
    pub spread: f64,
    /// Probability that a hold also stalls.
    pub stall_chance: f64,
    /// Mean length of a stall.
    pub stall_mean: f64,
    /// How stall lengths are distributed around that mean.
    pub stall_shape: StallShape,
}

/// The seed-dependent draws behind `n` holds (structure of arrays: z, u, e).
#[derive(Clone, Debug, PartialEq)]
pub struct Draws {
    pub seed: u64,
    z: Vec<f64>,
    u: Vec<f64>,
    e: Vec<f64>,
}

impl Draws {
    /// The draws for holds `0..n` of `seed`. Hold *i* gets the same draws whatever `n` is.
    pub fn new(seed: u64, n: usize) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut z, mut u, mut e) = (Vec::with_capacity(n), Vec::with_capacity(n), Vec::with_capacity(n));
        for _ in 0..n {
            z.push(StandardNormal.sample(&mut rng));
            u.push(StandardUniform.sample(&mut rng));
            e.push(Exp1.sample(&mut rng));
        }
        Self { seed, z, u, e }
    }

    pub fn len(&self) -> usize {
        self.z.len()
    }

    pub fn is_empty(&self) -> bool {
        self.z.is_empty()
    }

    /// Hold *i* under `model`: (work, stall) with stall 0 when it did not stall.
    pub fn hold(&self, i: usize, model: &HoldModel) -> (f64, f64) {
        let work = model.work * libm::exp(model.spread * self.z[i]);
        let stall = if self.u[i] < model.stall_chance { model.stall_shape.stall(model.stall_mean, self.e[i]) } else { 0.0 };
        (work, stall)
    }

    /// Every hold's total duration under `model`, in hold order.
    #[cfg(test)]
    pub fn durations(&self, model: &HoldModel) -> Vec<f64> {
        (0..self.len())
            .map(|i| {
                let (w, s) = self.hold(i, model);
                w + s
            })
            .collect()
    }

    /// e^{σ z_i} for every hold: the log-normal factor, which depends on the spread only. A
    /// widget keeps it while only the typical work or the stalls move.
    pub fn factors(&self, spread: f64) -> Vec<f64> {
        self.z.iter().map(|&z| libm::exp(spread * z)).collect()
    }

    /// Every hold's total duration under `model`, sorted ascending.
    pub fn sorted(&self, model: &HoldModel) -> Sorted {
        self.sorted_with(&self.factors(model.spread), model)
    }

    /// As [`Draws::sorted`], from `factors` computed by [`Draws::factors`] for `model.spread`.
    pub fn sorted_with(&self, factors: &[f64], model: &HoldModel) -> Sorted {
        let mut d: Vec<f64> = factors
            .iter()
            .zip(self.u.iter().zip(&self.e))
            .map(|(&f, (&u, &e))| {
                let stall = if u < model.stall_chance { model.stall_shape.stall(model.stall_mean, e) } else { 0.0 };
                model.work * f + stall
            })
            .collect();
        // Durations are finite and non-negative: radix order is numeric order.
        radsort::sort(&mut d);
        Sorted(d)
    }
}

/// The draws rearranged in ascending order of their log-normal factor (ties by index): the order
/// of every hold that did not stall, whatever the typical work, since multiplying by a positive
/// number keeps order. Kept per spread, it turns a change of the typical work into one pass in
/// memory order and a merge.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FactorOrder {
    factors: Vec<f64>,
    u: Vec<f64>,
    e: Vec<f64>,
}

impl Draws {
    /// The draws in factor order, for `factors` from [`Draws::factors`].
    pub fn factor_order(&self, factors: &[f64]) -> FactorOrder {
        let mut order: Vec<u32> = (0..factors.len() as u32).collect();
        radsort::sort_by_key(&mut order, |&i| factors[i as usize]);
        FactorOrder {
            factors: order.iter().map(|&i| factors[i as usize]).collect(),
            u: order.iter().map(|&i| self.u[i as usize]).collect(),
            e: order.iter().map(|&i| self.e[i as usize]).collect(),
        }
    }
}

impl FactorOrder {
    /// As [`Draws::sorted_with`], without sorting every hold: the holds that did not stall come
    /// out already sorted; only the stalled ones are sorted, then the two runs are merged. The
    /// same durations, computed the same way, in the same order (tested).
    pub fn sorted(&self, model: &HoldModel) -> Sorted {
        let n = self.factors.len();
        let mut base = Vec::with_capacity(n);
        let mut stalled = Vec::new();
        for k in 0..n {
            let d = model.work * self.factors[k];
            if self.u[k] < model.stall_chance {
                stalled.push(d + model.stall_shape.stall(model.stall_mean, self.e[k]));
            } else {
                base.push(d + 0.0); // as `sorted_with` computes it (`+ 0.0` turns −0 into +0)
            }
        }
        radsort::sort(&mut stalled);
        let mut out = Vec::with_capacity(n);
        let (mut a, mut b) = (0, 0);
        while a < base.len() && b < stalled.len() {
            if stalled[b] < base[a] {
                out.push(stalled[b]);
                b += 1;
            } else {
                out.push(base[a]);
                a += 1;
            }
        }
        out.extend_from_slice(&base[a..]);
        out.extend_from_slice(&stalled[b..]);
        Sorted(out)
    }
}

/// Hold durations sorted ascending: each question about a TTL is a binary search.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Sorted(pub Vec<f64>);

impl Sorted {
    /// How many holds last longer than `ttl`.
    pub fn outliving(&self, ttl: f64) -> usize {
        self.0.len() - self.0.partition_point(|&d| d <= ttl)
    }

    /// The share of holds that last longer than `ttl` (0 for no holds).
    pub fn fraction_outliving(&self, ttl: f64) -> f64 {
        if self.0.is_empty() { 0.0 } else { self.outliving(ttl) as f64 / self.0.len() as f64 }
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Standard normal upper tail, P(Z > x).
pub fn normal_tail(x: f64) -> f64 {
    0.5 * libm::erfc(x / core::f64::consts::SQRT_2)
}

/// Standard normal density.
pub fn normal_pdf(z: f64) -> f64 {
    libm::exp(-0.5 * z * z) / libm::sqrt(2.0 * core::f64::consts::PI)
}

impl HoldModel {
    /// P(W > t): the work alone outlives `t`.
    pub fn work_outlives(&self, t: f64) -> f64 {
        if t <= 0.0 {
            return 1.0;
        }
        if self.spread <= 0.0 {
            return if self.work > t { 1.0 } else { 0.0 };
        }
        normal_tail(libm::log(t / self.work) / self.spread)
    }

    /// P(W + S > t) for a stall S of mean `stall_mean` and shape `stall_shape`, by adaptive
    /// quadrature (see the module documentation).
    pub fn stalled_outlives(&self, t: f64) -> f64 {
        if t <= 0.0 {
            return 1.0;
        }
        let (m, shape) = (self.stall_mean, self.stall_shape);
        if m <= 0.0 {
            return self.work_outlives(t);
        }
        if self.spread <= 0.0 {
            let w = self.work;
            return if w > t { 1.0 } else { shape.survival(m, t - w) };
        }
        // ∫_{z=-∞}^{z_t} φ(z) · G(t − work·e^{σz}) dz. Below z = −40, φ underflows.
        let sigma = self.spread;
        let z_t = libm::log(t / self.work) / sigma;
        let lo = -40.0f64;
        let mut integral = 0.0;
        if z_t > lo {
            // Breakpoints: the normal's bulk, and a geometric ladder below z_t scaled to the
            // width of G's peak there (t − w ≈ tσ(z_t − z), so G falls over m / (tσ) in z).
            let width = m / (t * sigma);
            let mut points: Vec<f64> = vec![lo, -12.0, -8.0, -5.0, -3.0, -1.5, 0.0, 1.5, 3.0, 5.0, 8.0, 12.0];
            let mut d = width * 1e-3;
            while d < 64.0 * width.max(1.0) {
                points.push(z_t - d);
                d *= 8.0;
            }
            points.retain(|&z| z > lo && z < z_t);
            points.push(z_t);
            points.sort_by(f64::total_cmp);
            let f = |z: f64| normal_pdf(z) * shape.survival(m, t - self.work * libm::exp(sigma * z));
            integral = crate::quad::integrate(f, &points, 1e-10, 4000);
        }
        (normal_tail(z_t) + integral).min(1.0)
    }

    /// The exact probability that one hold outlives `ttl`.
    pub fn outlives(&self, ttl: f64) -> f64 {
        let p = self.stall_chance.clamp(0.0, 1.0);
        let stalled = if p > 0.0 { self.stalled_outlives(ttl) } else { 0.0 };
        if crate::mutation::on("ttl-exact-stalls-only") {
            return p * stalled;
        }
        (1.0 - p) * self.work_outlives(ttl) + p * stalled
    }
}

/// The largest gap, in standard errors, that the Monte Carlo tests allow between a simulated
/// count and its exact expectation.
pub const TOLERANCE_SIGMAS: f64 = 4.0;

/// Whether `count` successes out of `n` trials are within [`TOLERANCE_SIGMAS`] binomial standard
/// errors of probability `p` (with one count of slack for tiny expectations).
pub fn within_binomial(count: usize, n: usize, p: f64) -> bool {
    let n = n as f64;
    let mean = n * p;
    let sd = (n * p * (1.0 - p)).sqrt();
    (count as f64 - mean).abs() <= TOLERANCE_SIGMAS * sd + 1.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorting_by_factor_order_gives_the_same_holds() {
        let draws = Draws::new(9, 20_000);
        for (work, spread, chance, shape) in [(0.2, 0.5, 0.002, 0.0), (3.0, 1.2, 0.3, 1.0), (1.0, 0.0, 0.0, 0.0), (0.5, 0.8, 1.0, 1.0)] {
            let model = HoldModel { work, spread, stall_chance: chance, stall_mean: 5.0, stall_shape: Shape::from_value(shape).with_alpha(2.5) };
            let factors = draws.factors(spread);
            let order = draws.factor_order(&factors);
            let a = draws.sorted_with(&factors, &model);
            let b = order.sorted(&model);
            assert_eq!(a.0.len(), b.0.len());
            assert!(a.0.iter().zip(&b.0).all(|(x, y)| x.to_bits() == y.to_bits()), "{work} {spread} {chance}");
        }
    }

    const EXP: StallShape = StallShape::Exponential;
    const LESSON: HoldModel = HoldModel { work: 0.2, spread: 0.5, stall_chance: 0.002, stall_mean: 5.0, stall_shape: EXP };

    #[test]
    fn draws_depend_only_on_seed_and_index() {
        let a = Draws::new(9, 1000);
        let b = Draws::new(9, 5000);
        assert_eq!(a.durations(&LESSON)[..], b.durations(&LESSON)[..1000]);
        assert_ne!(Draws::new(10, 1000).durations(&LESSON), a.durations(&LESSON));
    }

    #[test]
    fn transforming_the_same_draws_is_monotone() {
        let d = Draws::new(3, 20_000);
        let base = d.sorted(&LESSON);
        let longer_work = d.sorted(&HoldModel { work: 0.3, ..LESSON });
        let more_stalls = d.sorted(&HoldModel { stall_chance: 0.004, ..LESSON });
        let longer_stalls = d.sorted(&HoldModel { stall_mean: 8.0, ..LESSON });
        for ttl in [0.5, 1.0, 5.0, 10.0, 30.0] {
            let n = base.outliving(ttl);
            assert!(longer_work.outliving(ttl) >= n);
            assert!(more_stalls.outliving(ttl) >= n);
            assert!(longer_stalls.outliving(ttl) >= n);
        }
        // A longer TTL never leaves more holds outliving it.
        let counts: Vec<usize> = [0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0].iter().map(|&t| base.outliving(t)).collect();
        assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    }

    #[test]
    fn exact_tail_matches_closed_forms() {
        // No stalls: the log-normal tail. At the median, one half.
        let no_stall = HoldModel { stall_chance: 0.0, ..LESSON };
        assert!((no_stall.outlives(0.2) - 0.5).abs() < 1e-12);
        // Zero spread: work is exactly the median, so W + S > t iff S > t − work.
        let fixed = HoldModel { spread: 0.0, stall_chance: 1.0, ..LESSON };
        assert!((fixed.outlives(10.0) - (-(10.0f64 - 0.2) / 5.0).exp()).abs() < 1e-12);
        // A tiny spread converges to the zero-spread answer: checks the integration.
        let narrow = HoldModel { spread: 1e-3, stall_chance: 1.0, ..LESSON };
        assert!((narrow.outlives(10.0) - fixed.outlives(10.0)).abs() < 1e-4);
        // Against brute force for a wide spread: P(W + S > t) = E[exp(−(t − W)/m); W < t] + P(W > t).
        let wide = HoldModel { work: 1.0, spread: 1.0, stall_chance: 1.0, stall_mean: 2.0, stall_shape: EXP };
        let (t, n) = (3.0, 200_000);
        let mut acc = 0.0;
        for k in 0..n {
            // Midpoint rule over the normal quantiles, via the inverse of a fine grid on z.
            let z = -8.0 + 16.0 * (k as f64 + 0.5) / n as f64;
            let w = libm::exp(z);
            let weight = normal_pdf(z) * 16.0 / n as f64;
            acc += weight * if w >= t { 1.0 } else { (-(t - w) / 2.0).exp() };
        }
        assert!((wide.outlives(t) - acc).abs() < 1e-6, "{} vs {acc}", wide.outlives(t));
    }

    #[test]
    fn monte_carlo_matches_the_exact_probability() {
        for (seed, model, ttl) in [
            (1, LESSON, 10.0),
            (2, LESSON, 1.0),
            (3, LESSON, 0.4),
            (4, HoldModel { work: 200.0, spread: 0.5, stall_chance: 0.015, stall_mean: 2000.0, stall_shape: EXP }, 1000.0),
            (5, HoldModel { work: 1.0, spread: 1.2, stall_chance: 0.05, stall_mean: 3.0, stall_shape: EXP }, 4.0),
            (6, HoldModel { stall_shape: StallShape::Pareto { alpha: 1.5 }, ..LESSON }, 10.0),
            (7, HoldModel { stall_shape: StallShape::Pareto { alpha: 1.5 }, stall_chance: 0.02, ..LESSON }, 60.0),
            (8, HoldModel { work: 1.0, spread: 1.2, stall_chance: 0.05, stall_mean: 3.0, stall_shape: StallShape::Pareto { alpha: 1.1 } }, 4.0),
            (9, HoldModel { work: 200.0, spread: 0.5, stall_chance: 0.1, stall_mean: 2000.0, stall_shape: StallShape::Pareto { alpha: 3.7 } }, 1000.0),
        ] {
            let n = 200_000;
            let sorted = Draws::new(seed, n).sorted(&model);
            let p = model.outlives(ttl);
            let count = sorted.outliving(ttl);
            assert!(within_binomial(count, n, p), "seed {seed}: {count} of {n} vs exact {}", p * n as f64);
        }
    }

    #[test]
    fn both_stall_shapes_have_the_mean_they_are_given() {
        // E[S] = ∫ P(S > s) ds, integrated independently of the sampling formula; and the
        // sampled mean of the same draws agrees within 4 standard errors.
        for shape in [EXP, StallShape::Pareto { alpha: 1.5 }, StallShape::Pareto { alpha: 3.0 }] {
            let m = 5.0;
            // ∫₀^∞ G: substitute s = x / (1 − x) on [0, 1).
            let mean = crate::quad::integrate(
                |x: f64| if x >= 1.0 { 0.0 } else { shape.survival(m, x / (1.0 - x)) / ((1.0 - x) * (1.0 - x)) },
                &[0.0, 0.5, 0.9, 0.99, 0.999, 0.9999, 0.99999, 0.999999, 1.0],
                1e-12,
                4000,
            );
            let tail_cut = match shape {
                // The Pareto tail beyond x = 0.999999 (s > 10⁶) still holds some mean at α = 1.5.
                StallShape::Pareto { alpha } => {
                    let l = m * (alpha - 1.0);
                    let s0 = 999_999.0;
                    l / (alpha - 1.0) * libm::pow(1.0 + s0 / l, 1.0 - alpha)
                }
                StallShape::Exponential => 0.0,
            };
            assert!((mean - m).abs() < 2e-3 + tail_cut, "{shape:?}: mean {mean}");
        }
        // Survival at zero is one, and the tails are what the module says.
        assert_eq!(StallShape::Pareto { alpha: 2.0 }.survival(5.0, 0.0), 1.0);
        assert!((EXP.survival(5.0, 60.0) - 6.1e-6).abs() < 1e-7);
        // At α = 1.5 and mean 5 s (λ = 2.5 s): (1 + 60/2.5)^−1.5 = 25^−1.5 = 0.008.
        assert!((StallShape::Pareto { alpha: 1.5 }.survival(5.0, 60.0) - 0.008).abs() < 1e-12);
    }

    #[test]
    fn a_pareto_draw_has_the_pareto_distribution() {
        // The same exponential draws through the Pareto transform: the share above s is the
        // closed-form survival, within 4 binomial σ, at several s.
        let shape = StallShape::Pareto { alpha: 1.5 };
        let d = Draws::new(11, 200_000);
        let stalls: Vec<f64> = (0..d.len()).map(|i| shape.stall(5.0, d.e[i])).collect();
        for s in [0.5, 2.0, 5.0, 20.0, 100.0, 1000.0] {
            let count = stalls.iter().filter(|&&x| x > s).count();
            assert!(within_binomial(count, stalls.len(), shape.survival(5.0, s)), "s = {s}: {count}");
        }
    }

    #[test]
    fn zero_spread_gives_the_closed_forms_for_both_shapes() {
        for shape in [EXP, StallShape::Pareto { alpha: 2.5 }] {
            let fixed = HoldModel { spread: 0.0, stall_chance: 1.0, stall_shape: shape, ..LESSON };
            assert_eq!(fixed.outlives(10.0), shape.survival(5.0, 10.0 - 0.2));
            // A tiny spread converges to it.
            let narrow = HoldModel { spread: 1e-3, ..fixed };
            assert!((narrow.outlives(10.0) / fixed.outlives(10.0) - 1.0).abs() < 1e-3);
        }
    }

    #[test]
    fn the_heavy_tail_keeps_long_ttls_unsafe() {
        let light = LESSON;
        let heavy = HoldModel { stall_shape: StallShape::Pareto { alpha: 1.5 }, ..LESSON };
        // At 120 s the exponential leaves ~10⁻¹³ per hold; the Pareto shape of the same mean
        // leaves p · (1 + 120/2.5)^−1.5 ≈ 6 × 10⁻⁶.
        assert!(light.outlives(120.0) < 1e-12);
        let expected = 0.002 * libm::pow(1.0 + (120.0 - 0.2) / 2.5, -1.5);
        assert!((heavy.outlives(120.0) / expected - 1.0).abs() < 0.01, "{}", heavy.outlives(120.0));
    }
}
