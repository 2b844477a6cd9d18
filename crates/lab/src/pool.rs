//! Arrivals on time to a pool of clients: each arrival, at its real time, goes to the first free
//! client (every client connected before the first arrival), which runs the scenario's update.
//! Used by the contention scenarios, whose stories are Poisson streams of updates.

use std::sync::{Arc, Barrier, Mutex, OnceLock, mpsc};
use std::time::{Duration, Instant};

/// One update as it ran.
#[derive(Clone, Debug)]
pub struct Ran<R> {
    /// What the update returned.
    pub result: R,
    /// Real ms from its scheduled arrival until a client took it up.
    pub late_ms: f64,
    /// Real ms from its scheduled arrival until it returned.
    pub latency_ms: f64,
    /// Real ms from the first arrival's time zero until it returned.
    pub done_at_ms: f64,
}

/// Runs `update(client, i)` for each arrival `i` of `arrivals_ms` (real ms from a common start)
/// on the first free of `size` clients made by `connect`. An update returning `None` stops its
/// client (the run is over for it: the arrivals it would have taken go to the others, or nowhere).
/// Per arrival, what ran (`None` for arrivals no client took up).
pub fn replay<C, R, K, F>(arrivals_ms: &[f64], size: usize, connect: K, update: F) -> Result<Vec<Option<Ran<R>>>, String>
where
    C: Send,
    R: Send,
    K: Fn() -> Result<C, String> + Sync,
    F: Fn(&mut C, usize) -> Result<Option<R>, String> + Sync,
{
    let (tx, rx) = mpsc::channel::<(usize, Instant)>();
    let rx = Arc::new(Mutex::new(rx));
    let size = size.clamp(1, arrivals_ms.len().max(1));
    let ready = Barrier::new(size + 1);
    let start = OnceLock::new();
    type Part<R> = Result<Vec<(usize, Ran<R>)>, String>;
    let parts: Vec<Part<R>> = std::thread::scope(|s| {
        let clients: Vec<_> = (0..size)
            .map(|_| {
                let (rx, connect, update, ready, start) = (Arc::clone(&rx), &connect, &update, &ready, &start);
                s.spawn(move || -> Part<R> {
                    let client = connect();
                    ready.wait();
                    let mut c = client?;
                    let mut out = Vec::new();
                    loop {
                        let next = rx.lock().map_err(|_| "a client panicked")?.recv();
                        let Ok((i, due)) = next else { return Ok(out) };
                        let late_ms = ms(Instant::now().saturating_duration_since(due));
                        let Some(result) = update(&mut c, i)? else { return Ok(out) };
                        let now = Instant::now();
                        let t0: Instant = start.get().copied().unwrap_or(due);
                        out.push((i, Ran { result, late_ms, latency_ms: ms(now.saturating_duration_since(due)), done_at_ms: ms(now.saturating_duration_since(t0)) }));
                    }
                })
            })
            .collect();
        ready.wait();
        let t0 = *start.get_or_init(|| Instant::now() + Duration::from_millis(20));
        for (i, a) in arrivals_ms.iter().enumerate() {
            let due = t0 + Duration::from_secs_f64(a.max(0.0) / 1000.0);
            if let Some(wait) = due.checked_duration_since(Instant::now()) {
                std::thread::sleep(wait);
            }
            if tx.send((i, due)).is_err() {
                break;
            }
        }
        drop(tx);
        clients.into_iter().map(|h| h.join().unwrap_or_else(|_| Err("a client panicked".into()))).collect()
    });
    let mut out: Vec<Option<Ran<R>>> = (0..arrivals_ms.len()).map(|_| None).collect();
    for part in parts {
        for (i, ran) in part? {
            out[i] = Some(ran);
        }
    }
    Ok(out)
}

/// Works (holds the client) for `ms` real milliseconds: a sleep. It overruns by a tenth or two
/// of a millisecond, which the scenarios measure as part of what an update costs (a spin would be
/// exact, but with dozens of clients on two cores it takes the processor from the server).
pub fn work_for(ms: f64) {
    if ms > 0.0 {
        std::thread::sleep(Duration::from_secs_f64(ms / 1000.0));
    }
}

pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The mean of `v` (0 when empty).
pub fn mean(v: &[f64]) -> f64 {
    if v.is_empty() { 0.0 } else { v.iter().sum::<f64>() / v.len() as f64 }
}

/// Batches for [`batch_se`].
pub const BATCHES: usize = 10;

/// The standard error of the mean of `v` from [`BATCHES`] batch means of consecutive values
/// (updates in a queue are not independent; batch means of long runs of them nearly are).
pub fn batch_se(v: &[f64]) -> f64 {
    let size = v.len() / BATCHES;
    if size == 0 {
        return 0.0;
    }
    let means: Vec<f64> = v.chunks_exact(size).take(BATCHES).map(mean).collect();
    let m = mean(&means);
    let var = means.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (BATCHES - 1) as f64;
    (var / BATCHES as f64).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// Batch means of independent draws give the plain standard error; of a strongly correlated
    /// series, a larger one than the plain formula would.
    #[test]
    fn batch_means_see_correlation() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let iid: Vec<f64> = (0..10_000).map(|_| rand_distr::Distribution::<f64>::sample(&rand_distr::StandardUniform, &mut rng)).collect();
        let plain = (1.0 / 12.0 / 10_000.0_f64).sqrt();
        let se = batch_se(&iid);
        assert!((se / plain - 1.0).abs() < 0.6, "{se} vs {plain}");
        let mut walk = 0.0;
        let correlated: Vec<f64> = iid
            .iter()
            .map(|x| {
                walk = 0.99 * walk + x - 0.5;
                walk
            })
            .collect();
        let sd = (correlated.iter().map(|x| x * x).sum::<f64>() / 10_000.0).sqrt();
        assert!(batch_se(&correlated) > 3.0 * sd / 100.0);
    }

    /// Every arrival is taken up once, no earlier than its time, and a client's `None` stops it.
    #[test]
    fn arrivals_come_on_time_once_each() {
        let arr: Vec<f64> = (0..40).map(|i| f64::from(i) * 2.0).collect();
        let t = Instant::now();
        let ran = replay(&arr, 4, || Ok(()), |_, i| Ok(Some(i))).unwrap();
        assert!(ran.iter().enumerate().all(|(i, r)| r.as_ref().is_some_and(|r| r.result == i)));
        assert!(ms(t.elapsed()) >= 78.0);
        let stopped = replay(&arr, 1, || Ok(()), |_, i| Ok((i < 5).then_some(i))).unwrap();
        assert_eq!(stopped.iter().flatten().count(), 5);
    }
}
