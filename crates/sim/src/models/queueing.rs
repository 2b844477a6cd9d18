//! Queueing pieces shared by the contention widgets (optimistic vs pessimistic, lock
//! granularity): the closed forms they are held to, percentiles, and a time-ordered event heap.
//!
//! - **Pollaczek–Khinchine** (an M/G/1 queue: Poisson arrivals at rate λ, one server, service
//!   time S): mean wait in queue `Wq = λ·E[S²] / (2(1 − ρ))` with `ρ = λ·E[S]`, finite only for
//!   ρ < 1. Fixed service (M/D/1): `E[S²] = s²`; exponential service (M/M/1): `E[S²] = 2s²`, which
//!   gives `Wq = ρ/(μ − λ)`.
//! - **M/M/1 waiting-time tail**: `P(Wq > t) = ρ·e^(−(μ − λ)t)` (first-come, first-served).

use std::cmp::Ordering;

/// Mean wait in queue of an M/G/1 queue (Pollaczek–Khinchine), or `None` when ρ ≥ 1 (the queue
/// never drains).
pub fn pk_wait(lambda: f64, mean_s: f64, second_moment_s: f64) -> Option<f64> {
    let rho = lambda * mean_s;
    (rho < 1.0).then(|| lambda * second_moment_s / (2.0 * (1.0 - rho)))
}

/// The `p`-quantile (0–1) of already sorted values, by the nearest rank; 0 when empty.
pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = libm::ceil(p * sorted.len() as f64).max(1.0) as usize;
    sorted[rank.min(sorted.len()) - 1]
}

/// Sorts times (finite, non-negative) in place.
pub fn sort_times(v: &mut [f64]) {
    v.sort_unstable_by(f64::total_cmp);
}

/// An event at a time, ordered earliest first (then by insertion order) in a
/// [`std::collections::BinaryHeap`]: ties break the same way natively and in the browser.
#[derive(Clone, Copy, Debug)]
pub struct At<E> {
    pub time: f64,
    pub seq: u64,
    pub event: E,
}

impl<E> PartialEq for At<E> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl<E> Eq for At<E> {}
impl<E> PartialOrd for At<E> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<E> Ord for At<E> {
    // Reversed: the heap's top is the earliest event.
    fn cmp(&self, other: &Self) -> Ordering {
        other.time.total_cmp(&self.time).then(other.seq.cmp(&self.seq))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pk_reduces_to_mm1_and_md1() {
        let (lambda, s) = (600.0, 0.001);
        let rho: f64 = 0.6;
        // M/M/1: ρ/(μ − λ).
        let mm1 = pk_wait(lambda, s, 2.0 * s * s).unwrap_or(f64::NAN);
        assert!((mm1 - rho / (1000.0 - lambda)).abs() < 1e-15);
        // M/D/1: half of M/M/1.
        let md1 = pk_wait(lambda, s, s * s).unwrap_or(f64::NAN);
        assert!((md1 - mm1 / 2.0).abs() < 1e-15);
        assert_eq!(pk_wait(1000.0, s, s * s), None);
        assert_eq!(pk_wait(5000.0, s, s * s), None);
    }

    #[test]
    fn percentiles_by_nearest_rank() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentile(&v, 0.5), 50.0);
        assert_eq!(percentile(&v, 0.99), 99.0);
        assert_eq!(percentile(&v, 1.0), 100.0);
        assert_eq!(percentile(&[], 0.5), 0.0);
    }

    #[test]
    fn the_heap_pops_earliest_first_and_ties_in_order() {
        let mut h = std::collections::BinaryHeap::new();
        for (seq, t) in [3.0, 1.0, 2.0, 1.0].into_iter().enumerate() {
            h.push(At { time: t, seq: seq as u64, event: seq });
        }
        let order: Vec<usize> = std::iter::from_fn(|| h.pop().map(|a| a.event)).collect();
        assert_eq!(order, vec![1, 3, 2, 0]);
    }
}
