//! The lab's own draws. Where a setting asks for them (`--own-draws`), the real side does not
//! replay the widget's random numbers: it draws its own here, from the distributions'
//! definitions (inverse distribution functions, Box–Muller), with a generator of its own (ChaCha8
//! at the widget's seed, on a stream no model uses). Nothing here calls the model's code, so a
//! model that draws wrongly (a wrong rate, a wrong mean, a fixed rate where it claims Poisson)
//! no longer agrees with the real run by construction, and the comparison becomes one of two
//! independent runs of the same process.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, StandardUniform};

/// The lab's streams start here (the models use streams 0 to 7).
const STREAM: u64 = 0x6c61_6200;

pub struct Own(ChaCha8Rng);

impl Own {
    /// The lab's generator at `seed`, stream `what` of its own.
    pub fn new(seed: u64, what: u64) -> Own {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(STREAM + what);
        Own(rng)
    }

    /// A uniform number in [0, 1).
    fn uniform(&mut self) -> f64 {
        StandardUniform.sample(&mut self.0)
    }

    /// A uniform number in (0, 1].
    fn open(&mut self) -> f64 {
        1.0 - self.uniform()
    }

    /// Whether an event of probability `p` happens.
    pub fn chance(&mut self, p: f64) -> bool {
        self.uniform() < p
    }

    /// Exponential with mean `mean`: −mean · ln U.
    pub fn exponential(&mut self, mean: f64) -> f64 {
        -mean * self.open().ln()
    }

    /// A standard normal (Box–Muller; the second of each pair is dropped).
    pub fn normal(&mut self) -> f64 {
        let (u, v): (f64, f64) = (self.open(), self.uniform());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }

    /// Log-normal with median `median` and σ of its logarithm `sigma`.
    pub fn lognormal(&mut self, median: f64, sigma: f64) -> f64 {
        median * (sigma * self.normal()).exp()
    }

    /// Pareto type II (Lomax) of mean `mean` and tail index `alpha` > 1: survival (1 + s/λ)^−α
    /// with λ = mean · (α − 1), drawn as λ (U^(−1/α) − 1).
    pub fn lomax(&mut self, mean: f64, alpha: f64) -> f64 {
        mean * (alpha - 1.0) * (self.open().powf(-1.0 / alpha) - 1.0)
    }

    /// `n` arrival times of a Poisson process of `rate` per unit, from 0.
    pub fn poisson_times(&mut self, rate: f64, n: usize) -> Vec<f64> {
        let mut t = 0.0;
        (0..n)
            .map(|_| {
                t += self.exponential(1.0 / rate);
                t
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Own;

    fn mean_var(xs: &[f64]) -> (f64, f64) {
        let n = xs.len() as f64;
        let m = xs.iter().sum::<f64>() / n;
        (m, xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0))
    }

    /// Each draw has the mean and spread of its definition, within 5 standard errors.
    #[test]
    fn the_draws_follow_their_definitions() {
        let n = 200_000;
        let mut o = Own::new(1, 0);
        let e: Vec<f64> = (0..n).map(|_| o.exponential(2.0)).collect();
        let (m, v) = mean_var(&e);
        assert!((m - 2.0).abs() < 5.0 * 2.0 / (n as f64).sqrt(), "exponential mean {m}");
        assert!((v - 4.0).abs() < 0.1, "exponential variance {v}");
        let z: Vec<f64> = (0..n).map(|_| o.normal()).collect();
        let (m, v) = mean_var(&z);
        assert!(m.abs() < 5.0 / (n as f64).sqrt() && (v - 1.0).abs() < 0.02, "normal {m} {v}");
        let below = z.iter().filter(|&&x| x < 1.0).count() as f64 / n as f64;
        assert!((below - 0.841_344_746).abs() < 0.005, "Φ(1) {below}");
        // Lomax at α = 3 (finite variance λ²α/((α−1)²(α−2)) = 3 m²): the mean, and the survival
        // at one mean, (1 + 1/2)^−3.
        let l: Vec<f64> = (0..n).map(|_| o.lomax(1.0, 3.0)).collect();
        let (m, _) = mean_var(&l);
        assert!((m - 1.0).abs() < 5.0 * 3f64.sqrt() / (n as f64).sqrt(), "lomax mean {m}");
        let over = l.iter().filter(|&&x| x > 1.0).count() as f64 / n as f64;
        assert!((over - 1.5f64.powi(-3)).abs() < 0.005, "lomax survival {over}");
        // Poisson times: gaps of mean 1/rate, counts in unit windows of variance = mean.
        let t = o.poisson_times(4.0, n);
        assert!((t[n - 1] / n as f64 - 0.25).abs() < 0.005, "gap {}", t[n - 1] / n as f64);
        let windows = t[n - 1].floor() as usize;
        let mut counts = vec![0.0; windows];
        for x in &t {
            if let Some(c) = counts.get_mut(*x as usize) {
                *c += 1.0;
            }
        }
        let (m, v) = mean_var(&counts);
        assert!((v / m - 1.0).abs() < 0.05, "Poisson counts: mean {m}, variance {v}");
        // Another stream is another sequence.
        assert_ne!(Own::new(1, 0).exponential(1.0), Own::new(1, 1).exponential(1.0));
    }
}
