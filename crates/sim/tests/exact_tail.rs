//! The hold model's "exact" outlive probability is accurate to 10⁻⁶ relative over every widget's
//! whole parameter space, for both stall shapes.
//!
//! The reference here is computed independently of the model's own method: the model integrates
//! over the *work* (in the log-normal's coordinate, adaptive Gauss–Kronrod); this test integrates
//! over the *stall*, P(W + S > t) = P(S ≥ t) + ∫₀ᵗ f_S(s) · P(W > t − s) ds, with tanh-sinh
//! (double-exponential) quadrature on panels, refined until two levels agree to 10⁻¹³.

use locklab_sim::hold::{normal_tail, HoldModel, StallShape};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, StandardUniform};

fn uniform(rng: &mut ChaCha8Rng) -> f64 {
    StandardUniform.sample(rng)
}

/// ∫ₐᵇ f by tanh-sinh, halving the step until two levels agree to `rel`.
fn tanh_sinh(f: &dyn Fn(f64) -> f64, a: f64, b: f64, rel: f64) -> f64 {
    let (c, h) = (0.5 * (a + b), 0.5 * (b - a));
    let half_pi = core::f64::consts::FRAC_PI_2;
    let level = |step: f64| {
        let mut sum = 0.0;
        let mut k = 0i64;
        loop {
            let u = k as f64 * step;
            let v = half_pi * u.sinh();
            // Distance from the nearer end: h · (1 − tanh v) = h · e^{−v} / cosh v (no cancellation).
            let d = h * (-v).exp() / v.cosh();
            let w = h * half_pi * u.cosh() / (v.cosh() * v.cosh());
            if d <= 0.0 || w < 1e-300 || u > 6.5 {
                break;
            }
            let term = if k == 0 { w * f(c) } else { w * (f(b - d) + f(a + d)) };
            sum += term;
            k += 1;
        }
        sum * step
    };
    let mut prev = level(0.5);
    let mut step = 0.25;
    for _ in 0..12 {
        let next = level(step);
        if (next - prev).abs() <= rel * next.abs() || next == 0.0 {
            return next;
        }
        prev = next;
        step *= 0.5;
    }
    prev
}

fn stall_density(shape: StallShape, m: f64, s: f64) -> f64 {
    match shape {
        StallShape::Exponential => (-s / m).exp() / m,
        StallShape::Pareto { alpha } => {
            let l = m * (alpha - 1.0);
            alpha / l * (1.0 + s / l).powf(-alpha - 1.0)
        }
    }
}

/// P(W + S > t), integrating over the stall.
fn reference(model: &HoldModel, t: f64) -> f64 {
    let (w0, sigma, m, shape) = (model.work, model.spread, model.stall_mean, model.stall_shape);
    let work_tail = |x: f64| {
        if x <= 0.0 {
            1.0
        } else if sigma <= 0.0 {
            if w0 > x { 1.0 } else { 0.0 }
        } else {
            normal_tail((x / w0).ln() / sigma)
        }
    };
    let f = |s: f64| stall_density(shape, m, s) * work_tail(t - s);
    // Panels: a geometric ladder from 0 for the stall's density, and where t − s crosses the
    // work's quantiles.
    let scale = match shape {
        StallShape::Exponential => m,
        StallShape::Pareto { alpha } => m * (alpha - 1.0),
    };
    let mut points = vec![0.0, t];
    let mut d = scale * 1e-4;
    while d < t {
        points.push(d);
        d *= 3.0;
    }
    for k in -40..=40 {
        points.push(t - w0 * (sigma * f64::from(k) * 0.25).exp());
    }
    points.retain(|&s| (0.0..=t).contains(&s));
    points.sort_by(f64::total_cmp);
    points.dedup();
    let integral: f64 = points.windows(2).map(|p| tanh_sinh(&f, p[0], p[1], 1e-13)).sum();
    shape.survival(m, t) + integral
}

fn log_uniform(rng: &mut ChaCha8Rng, lo: f64, hi: f64) -> f64 {
    lo * (hi / lo).powf(uniform(rng))
}

fn check(model: HoldModel, t: f64) {
    let ours = model.stalled_outlives(t);
    let truth = reference(&model, t);
    let err = (ours - truth).abs();
    assert!(err <= 1e-6 * truth + 1e-300, "{model:?} at t = {t}: {ours:e} vs reference {truth:e} (relative {:e})", err / truth);
}

#[test]
fn the_case_that_fixed_simpson_got_one_percent_wrong() {
    // Work 10 s, spread 1.5, a stall every time with mean 0.1 s, TTL 120 s: 600-step Simpson gave
    // 0.04940 where the truth is 0.04886 (mpmath; 40 million Monte Carlo draws agree).
    let model = HoldModel { work: 10.0, spread: 1.5, stall_chance: 1.0, stall_mean: 0.1, stall_shape: StallShape::Exponential };
    check(model, 120.0);
    assert!((model.stalled_outlives(120.0) - 0.048_86).abs() < 5e-6);
}

#[test]
fn accurate_over_every_widgets_parameter_space() {
    // (TTL range, work range, mean stall range): the TTL trade-off in seconds and the fencing
    // chain in milliseconds, each slider's full range.
    let spaces = [((0.1, 120.0), (0.01, 10.0), (0.1, 120.0)), ((50.0, 10_000.0), (10.0, 5000.0), (10.0, 60_000.0))];
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut checked = 0;
    for ((t_lo, t_hi), (w_lo, w_hi), (m_lo, m_hi)) in spaces {
        for i in 0..300 {
            let shape = if i % 2 == 0 {
                StallShape::Exponential
            } else {
                StallShape::Pareto { alpha: 1.1 + 2.9 * uniform(&mut rng) }
            };
            // Spread on the slider's grid (0–1.5 in steps of 0.05), zero included.
            let spread = (uniform(&mut rng) * 31.0).floor().min(30.0) * 0.05;
            let model = HoldModel {
                work: log_uniform(&mut rng, w_lo, w_hi),
                spread,
                stall_chance: 1.0,
                stall_mean: log_uniform(&mut rng, m_lo, m_hi),
                stall_shape: shape,
            };
            check(model, log_uniform(&mut rng, t_lo, t_hi));
            checked += 1;
        }
        // The corners, where the integrand is sharpest.
        for (w, m, t) in [(w_hi, m_lo, t_hi), (w_lo, m_lo, t_hi), (w_hi, m_hi, t_lo), (w_lo, m_hi, t_lo), (w_hi, m_lo, t_lo)] {
            for spread in [0.05, 0.5, 1.5] {
                for shape in [StallShape::Exponential, StallShape::Pareto { alpha: 1.1 }, StallShape::Pareto { alpha: 4.0 }] {
                    check(HoldModel { work: w, spread, stall_chance: 1.0, stall_mean: m, stall_shape: shape }, t);
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 690);
}
