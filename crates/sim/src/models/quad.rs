//! Adaptive Gauss–Kronrod quadrature (7-point Gauss inside 15-point Kronrod, as in QUADPACK's
//! QAG): the interval with the largest error estimate is halved until the summed estimate is
//! below a relative tolerance of the summed integral. Breakpoints tell it where the integrand
//! has narrow features, so that no feature falls between the first samples.

// QUADPACK's constants, as published (more digits than an f64 keeps).
#![allow(clippy::excessive_precision)]

/// Kronrod abscissae on [−1, 1] (the non-negative half; the Gauss points are the odd indices).
const XGK: [f64; 8] = [
    0.991_455_371_120_812_639_206_854_697_526_329,
    0.949_107_912_342_758_524_526_189_684_047_851,
    0.864_864_423_359_769_072_789_712_788_640_926,
    0.741_531_185_599_394_439_863_864_773_280_788,
    0.586_087_235_467_691_130_294_144_845_693_013,
    0.405_845_151_377_397_166_906_606_412_076_961,
    0.207_784_955_007_898_467_600_689_403_773_245,
    0.0,
];
/// Kronrod weights for [`XGK`].
const WGK: [f64; 8] = [
    0.022_935_322_010_529_224_963_732_008_058_970,
    0.063_092_092_629_978_553_290_700_663_189_204,
    0.104_790_010_322_250_183_839_876_322_541_518,
    0.140_653_259_715_525_918_745_189_590_510_238,
    0.169_004_726_639_267_902_826_583_426_598_550,
    0.190_350_578_064_785_409_913_256_402_421_014,
    0.204_432_940_075_298_892_414_161_999_234_649,
    0.209_482_141_084_727_828_012_999_174_891_714,
];
/// Gauss weights for XGK[1], XGK[3], XGK[5], XGK[7].
const WG: [f64; 4] = [
    0.129_484_966_168_869_693_270_611_432_679_082,
    0.279_705_391_489_276_667_901_467_771_423_780,
    0.381_830_050_505_118_944_950_369_775_488_975,
    0.417_959_183_673_469_387_755_102_040_816_327,
];

/// One 15-point Kronrod estimate of ∫ₐᵇ f and its error against the embedded 7-point Gauss rule.
fn gk15(f: &impl Fn(f64) -> f64, a: f64, b: f64) -> (f64, f64) {
    let c = 0.5 * (a + b);
    let h = 0.5 * (b - a);
    let fc = f(c);
    let mut kronrod = WGK[7] * fc;
    let mut gauss = WG[3] * fc;
    for (j, (&x, &w)) in XGK[..7].iter().zip(&WGK[..7]).enumerate() {
        let pair = f(c - h * x) + f(c + h * x);
        kronrod += w * pair;
        if j % 2 == 1 {
            gauss += WG[j / 2] * pair;
        }
    }
    (kronrod * h, ((kronrod - gauss) * h).abs())
}

/// ∫ f over the intervals between consecutive `points` (sorted ascending; empty pieces are
/// skipped), to a relative accuracy `rel` of the total. Stops after `max_pieces` pieces with the
/// best estimate it has.
pub fn integrate(f: impl Fn(f64) -> f64, points: &[f64], rel: f64, max_pieces: usize) -> f64 {
    // (a, b, estimate, error)
    let mut pieces: Vec<(f64, f64, f64, f64)> = points
        .windows(2)
        .filter(|w| w[1] > w[0])
        .map(|w| {
            let (v, e) = gk15(&f, w[0], w[1]);
            (w[0], w[1], v, e)
        })
        .collect();
    loop {
        let total: f64 = pieces.iter().map(|p| p.2).sum();
        let error: f64 = pieces.iter().map(|p| p.3).sum();
        // The last term keeps a result that underflows to zero from splitting forever.
        if error <= rel * total.abs() || error < 1e-300 || pieces.len() >= max_pieces {
            return total;
        }
        let Some((worst, _)) = pieces.iter().enumerate().max_by(|x, y| x.1.3.total_cmp(&y.1.3)) else {
            return total;
        };
        let (a, b, _, _) = pieces.swap_remove(worst);
        let m = 0.5 * (a + b);
        if m <= a || m >= b {
            return total; // no more room in f64
        }
        let (v1, e1) = gk15(&f, a, m);
        let (v2, e2) = gk15(&f, m, b);
        pieces.push((a, m, v1, e1));
        pieces.push((m, b, v2, e2));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_are_exact_for_polynomials_of_their_degree() {
        // Kronrod-15 integrates x^k exactly up to k = 22, Gauss-7 up to k = 13; a mistyped
        // weight or abscissa breaks one of these.
        for k in 0..=22 {
            let exact = if k % 2 == 1 { 0.0 } else { 2.0 / f64::from(k + 1) };
            let f = |x: f64| libm::pow(x, f64::from(k));
            let mut kron = WGK[7] * f(0.0);
            let mut gauss = WG[3] * f(0.0);
            for j in 0..7 {
                let pair = f(-XGK[j]) + f(XGK[j]);
                kron += WGK[j] * pair;
                if j % 2 == 1 {
                    gauss += WG[j / 2] * pair;
                }
            }
            assert!((kron - exact).abs() < 1e-14, "Kronrod x^{k}: {kron} vs {exact}");
            if k <= 13 {
                assert!((gauss - exact).abs() < 1e-14, "Gauss x^{k}: {gauss} vs {exact}");
            }
        }
    }

    #[test]
    fn adapts_to_a_narrow_peak() {
        // ∫₀¹ e^{−1000 (1 − x)} dx = (1 − e^{−1000}) / 1000: all the mass in the last 1 %.
        let v = integrate(|x| libm::exp(-1000.0 * (1.0 - x)), &[0.0, 1.0], 1e-12, 500);
        assert!((v - 1e-3).abs() < 1e-15, "{v}");
        // A smooth one, to full precision.
        let v = integrate(libm::sin, &[0.0, core::f64::consts::PI], 1e-13, 100);
        assert!((v - 2.0).abs() < 1e-13);
    }
}
