//! Before you reach for a lock: optimistic vs pessimistic updates of one hot record, and how wide
//! the lock should be. Each model is held to an independent computation of its rules, to its
//! closed forms within stated tolerances where their assumptions hold, and to the lesson's
//! figures; where the approximations fail (high load), the tests say by how much.

use locklab_sim::params::defaults;
use locklab_sim::{lock_granularity as lg, optimistic_pessimistic as op, LockGranularity, OptimisticPessimistic, Scenario};
use rand::SeedableRng;
use rand_distr::{Distribution, StandardUniform};
use rand_chacha::ChaCha8Rng;

/// A scenario's parameters: the defaults with some set by name (clamped as an author's would be).
fn params<S: Scenario>(set: &[(&str, f64)]) -> S::Params {
    let mut v = defaults(S::specs());
    for (name, value) in set {
        let i = S::specs().iter().position(|s| s.name == *name).expect(name);
        v[i] = *value;
    }
    S::params(&v)
}

fn op_params(set: &[(&str, f64)]) -> op::Params {
    params::<OptimisticPessimistic>(set)
}

fn lg_params(set: &[(&str, f64)]) -> lg::Params {
    params::<LockGranularity>(set)
}

// ---------------------------------------------------------------- optimistic vs pessimistic

mod pessimistic {
    use super::*;

    /// First come, first served, written as a server that takes the next waiting update when it
    /// is free (no Lindley recursion): the same waits for fixed work.
    #[test]
    fn the_lock_queue_matches_a_server_that_takes_the_next_in_line() {
        let p = op_params(&[("rate-per-s", 40.0), ("work-ms", 20.0), ("lock-ms", 2.0), ("updates", 3000.0)]);
        let arr = op::arrivals(&p);
        let (lat, waits, max_queue) = op::pessimistic(&p, &arr);
        let s = p.work_ms + p.lock_ms;
        let mut free_at = 0.0f64;
        let mut line: std::collections::VecDeque<usize> = Default::default();
        let mut expect = vec![0.0; arr.len()];
        let mut next = 0;
        let mut most = 0usize;
        while next < arr.len() || !line.is_empty() {
            // Everyone who has arrived by the time the server is free joins the line.
            while next < arr.len() && (arr[next] <= free_at || line.is_empty()) {
                line.push_back(next);
                next += 1;
                // Waiting: those in line who are not being served.
                let serving = usize::from(free_at > arr[next - 1]);
                most = most.max(line.len() + serving - 1);
            }
            let i = line.pop_front().expect("someone is waiting");
            let start = free_at.max(arr[i]);
            expect[i] = start - arr[i];
            free_at = start + s;
        }
        for i in 0..arr.len() {
            assert!((waits[i] - expect[i]).abs() < 1e-9, "update {i}: {} vs {}", waits[i], expect[i]);
            assert!((lat[i] - (expect[i] + s)).abs() < 1e-9);
        }
        assert!(max_queue >= 1 && max_queue as usize <= most + 1, "{max_queue} vs {most}");
    }

    /// Pollaczek–Khinchine within 5 % at ρ = 0.5, over 20 seeds of 20,000 updates: M/D/1 (fixed
    /// work) and M/M/1 (exponential work, no lock round trip).
    #[test]
    fn the_mean_wait_is_pollaczek_khinchine() {
        for (shape, lock) in [(0.0, 2.0), (1.0, 0.0)] {
            let mut sum = 0.0;
            let mut n = 0.0;
            let mut p = op_params(&[("rate-per-s", 0.5 / (20.0 + lock) * 1000.0), ("work-ms", 20.0), ("lock-ms", lock), ("work", shape), ("updates", 20_000.0)]);
            for seed in 0..20 {
                p.seed = seed;
                let (_, waits, _) = op::pessimistic(&p, &op::arrivals(&p));
                sum += waits.iter().sum::<f64>();
                n += waits.len() as f64;
            }
            let s = 20.0 + lock;
            let lambda = 0.5 / s;
            // Written out: M/D/1 wait ρs/(2(1 − ρ)); M/M/1 ρs/(1 − ρ).
            let expected = if shape == 0.0 { 0.5 * s / (2.0 * 0.5) } else { 0.5 * s / 0.5 };
            let exact = op::exact(&p, lambda * 1000.0).wait_ms.expect("ρ < 1");
            assert!((exact - expected).abs() < 1e-9 * expected, "{exact} vs {expected}");
            let sim = sum / n;
            assert!((sim / expected - 1.0).abs() < 0.05, "shape {shape}: simulated {sim} vs {expected}");
        }
    }

    #[test]
    fn over_capacity_there_is_no_exact_wait_and_the_run_still_ends() {
        let p = op_params(&[("rate-per-s", 200.0)]);
        let o = op::run(&p);
        assert!(o.summary.utilisation > 1.0);
        assert_eq!(o.summary.exact_wait_ms, None);
        assert_eq!(o.summary.exact_pessimistic_ms, None);
        // Every update went through the lock once; the queue reached hundreds.
        assert!(o.summary.pessimistic.max_queue > 100);
        let capacity = 1000.0 / (p.work_ms + p.lock_ms);
        assert!((o.summary.pessimistic.throughput_per_s / capacity - 1.0).abs() < 0.02, "{}", o.summary.pessimistic.throughput_per_s);
    }
}

mod optimistic {
    use super::*;

    /// The same rules written independently: a list of attempts in flight scanned for the next
    /// event (no heap); fixed work so no draws are needed.
    fn brute(p: &op::Params, arr: &[f64]) -> (Vec<f64>, u64) {
        let mut flying: Vec<(f64, f64, usize)> = Vec::new(); // (finish, read, update)
        let mut commits: Vec<f64> = Vec::new();
        let mut lat = Vec::new();
        let mut attempts = 0;
        let mut next = 0;
        loop {
            let soonest = flying.iter().enumerate().min_by(|a, b| a.1 .0.total_cmp(&b.1 .0).then(a.0.cmp(&b.0))).map(|(i, f)| (i, f.0));
            match (arr.get(next), soonest) {
                (Some(&a), s) if s.is_none_or(|(_, f)| a <= f) => {
                    flying.push((a + p.work_ms, a, next));
                    attempts += 1;
                    next += 1;
                }
                (_, Some((i, _))) => {
                    let (f, read, u) = flying.remove(i);
                    if commits.iter().any(|&c| c > read && c <= f) {
                        let again = f + p.retry_ms;
                        flying.push((again + p.work_ms, again, u));
                        attempts += 1;
                    } else {
                        commits.push(f);
                        lat.push(f - arr[u]);
                    }
                }
                _ => break,
            }
        }
        (lat, attempts)
    }

    /// The played engine (the lab's tests play each attempt's work with a machine's timing) is the
    /// same rules with each attempt lasting `play(work)`, and its per-update latencies, in arrival
    /// order, are each update's own: against `brute` with the played work, update by update.
    #[test]
    fn a_played_run_is_the_rules_with_the_played_work_and_its_latencies_are_per_update() {
        for rate in [5.0, 30.0, 60.0] {
            let p = op_params(&[("rate-per-s", rate), ("updates", 400.0), ("retry-ms", 3.0)]);
            let arr = op::arrivals(&p);
            let play = |w: f64| w * 1.07 + 0.5;
            let (run, latency_of) = op::optimistic_played(&p, &arr, play);
            let (lat, attempts) = brute(&op::Params { work_ms: play(p.work_ms), ..p.clone() }, &arr);
            assert_eq!(run.attempts, attempts, "rate {rate}");
            // brute's latencies are in commit order too: match each to its update by the commit
            // time it implies (arrival + latency), which is unique.
            let mut mine: Vec<f64> = latency_of.iter().zip(&arr).map(|(l, a)| l + a).collect();
            let mut theirs: Vec<f64> = run.latencies.iter().zip(run.commits.iter()).map(|(_, c)| *c).collect();
            mine.sort_by(f64::total_cmp);
            theirs.sort_by(f64::total_cmp);
            assert_eq!(mine.len(), theirs.len());
            for (x, y) in mine.iter().zip(&theirs) {
                assert!((x - y).abs() < 1e-9, "rate {rate}: a commit at {x} against {y}");
            }
            let (mut a, mut b) = (latency_of.clone(), lat);
            a.sort_by(f64::total_cmp);
            b.sort_by(f64::total_cmp);
            for (x, y) in a.iter().zip(&b) {
                assert!((x - y).abs() < 1e-9, "rate {rate}: {x} against {y}");
            }
            // Played longer, the updates conflict more than as drawn.
            assert!(rate < 30.0 || run.attempts > op::optimistic(&p, &arr).attempts, "rate {rate}");
        }
    }

    #[test]
    fn the_simulation_follows_the_rules_written_another_way() {
        for rate in [5.0, 30.0, 60.0] {
            let p = op_params(&[("rate-per-s", rate), ("updates", 400.0), ("retry-ms", 3.0)]);
            let arr = op::arrivals(&p);
            let run = op::optimistic(&p, &arr);
            let (lat, attempts) = brute(&p, &arr);
            assert_eq!(run.attempts, attempts, "rate {rate}");
            let (mut a, mut b) = (run.latencies.clone(), lat);
            a.sort_by(f64::total_cmp);
            b.sort_by(f64::total_cmp);
            assert_eq!(a.len(), b.len());
            for (x, y) in a.iter().zip(&b) {
                assert!((x - y).abs() < 1e-9);
            }
        }
    }

    /// Mean attempts per update against e^(λT) (fixed work) and 1 + λT (exponential), 20 seeds
    /// of 20,000 updates. Stated tolerances, where conflicts are rare: fixed work within 1 % at
    /// λT ≤ 0.05, 2 % at 0.1, 6 % at 0.2; exponential within 1 % at 0.1, 3 % at 0.2. Where it
    /// fails: at λT = 0.5 the simulation needs over 25 % more attempts than e^(λT) (the commit
    /// stream is no longer Poisson), and at λT = 1 several times more.
    #[test]
    fn attempts_follow_the_formula_while_conflicts_are_rare_and_not_after() {
        let mean_attempts = |lt: f64, shape: f64| {
            let (mut at, mut done) = (0.0, 0.0);
            for seed in 0..20 {
                let p = op_params(&[("rate-per-s", lt / 20.0 * 1000.0), ("work-ms", 20.0), ("work", shape), ("updates", 20_000.0), ("seed", f64::from(seed))]);
                let r = op::optimistic(&p, &op::arrivals(&p));
                assert!(!r.stopped);
                at += r.attempts as f64;
                done += r.latencies.len() as f64;
            }
            at / done
        };
        for (lt, tol) in [(0.02, 0.01), (0.05, 0.01), (0.1, 0.02), (0.2, 0.06)] {
            let sim = mean_attempts(lt, 0.0);
            let formula = f64::exp(lt);
            assert!((sim / formula - 1.0).abs() < tol, "fixed λT {lt}: {sim} vs {formula}");
            assert!((op::exact(&op_params(&[("work-ms", 20.0)]), lt / 20.0 * 1000.0).attempts - formula).abs() < 1e-12);
        }
        for (lt, tol) in [(0.1, 0.01), (0.2, 0.03)] {
            let sim = mean_attempts(lt, 1.0);
            assert!((sim / (1.0 + lt) - 1.0).abs() < tol, "exponential λT {lt}: {sim}");
        }
        let high = mean_attempts(0.5, 0.0);
        assert!(high > 1.25 * f64::exp(0.5), "λT 0.5: {high} is not far above e^0.5");
        let p = op_params(&[("rate-per-s", 50.0), ("work-ms", 20.0), ("updates", 2000.0)]);
        let r = op::optimistic(&p, &op::arrivals(&p));
        let per = r.attempts as f64 / r.latencies.len() as f64;
        assert!(per > 3.0 * f64::exp(1.0), "λT 1: {per}");
    }

    #[test]
    fn under_heavy_contention_the_run_stops_and_says_so() {
        let p = op_params(&[("rate-per-s", 2000.0)]);
        let o = op::run(&p);
        assert!(o.summary.optimistic.stopped);
        assert!(o.summary.optimistic.completed < p.updates);
        assert_eq!(o.summary.optimistic.wasted_attempts + u64::from(o.summary.optimistic.completed), op::MAX_ATTEMPTS);
        assert!(o.narrative(&p).contains("collapse"));
    }

    /// Successful commits are at least one work time apart (fixed work): why the formula fails
    /// under contention.
    #[test]
    fn commits_are_a_work_time_apart() {
        let p = op_params(&[("rate-per-s", 100.0), ("updates", 1500.0)]);
        let r = op::optimistic(&p, &op::arrivals(&p));
        assert_eq!(r.commits.len(), r.latencies.len());
        for w in r.commits.windows(2) {
            assert!(w[1] - w[0] >= p.work_ms - 1e-9, "{w:?}");
        }
    }
}

mod crossover {
    use super::*;

    #[test]
    fn at_the_crossover_the_two_formulas_agree_and_optimistic_wins_below_it() {
        for (retry, lock) in [(2.0, 2.0), (5.0, 2.0), (10.0, 0.5)] {
            let p = op_params(&[("retry-ms", retry), ("lock-ms", lock)]);
            let c = op::crossover(&p).expect("a crossover");
            let at = op::exact(&p, c);
            let pess = at.pessimistic_ms.expect("below capacity");
            assert!((at.optimistic_ms / pess - 1.0).abs() < 1e-6, "retry {retry}: {} vs {pess}", at.optimistic_ms);
            let below = op::exact(&p, c * 0.5);
            assert!(below.optimistic_ms < below.pessimistic_ms.unwrap_or(f64::INFINITY));
            let n = op::run(&op_params(&[("retry-ms", retry), ("lock-ms", lock), ("rate-per-s", (c * 0.5).max(1.0))])).narrative(&p);
            assert!(n.contains("idempotent"), "{n}");
        }
        // A dear lock round trip and cheap retries: optimistic is quicker up to the lock's capacity.
        assert_eq!(op::crossover(&op_params(&[("retry-ms", 0.0), ("lock-ms", 10.0)])), None);
    }

    #[test]
    fn the_default_settings_tell_the_story_the_lesson_needs() {
        let p = op::Params::default();
        let o = op::run(&p);
        let c = o.summary.crossover_per_s.expect("a crossover");
        // Below the crossover by default, and optimistic quicker there in the simulation too.
        assert!(p.rate_per_s < c);
        assert!(o.summary.optimistic.mean_ms < o.summary.pessimistic.mean_ms, "{:?}", o.summary);
        let n = o.narrative(&p);
        assert!(n.contains(&locklab_sim::text::num(c)), "{n}");
        // Three times the crossover: the lock is quicker in the simulation.
        let q = op_params(&[("rate-per-s", c * 3.0)]);
        let o = op::run(&q);
        assert!(o.summary.pessimistic.mean_ms < o.summary.optimistic.mean_ms, "{:?}", o.summary);
    }

    /// Mean latency both ways at `rate`, written independently of the widget's simulation: fixed
    /// work, a lock server that starts each update when it is free and the update has arrived,
    /// and optimistic attempts that fail when a commit landed in (read, finish], found by binary
    /// search in the sorted commits (no heap).
    fn means_written_another_way(p: &op::Params, rate: f64) -> (f64, f64, bool) {
        let q = op::Params { rate_per_s: rate, ..p.clone() };
        let arr = op::arrivals(&q);
        let s = q.work_ms + q.lock_ms;
        let mut free = 0.0f64;
        let lock: f64 = arr
            .iter()
            .map(|&a| {
                let start = free.max(a);
                free = start + s;
                free - a
            })
            .sum::<f64>()
            / arr.len() as f64;
        let mut flying: std::collections::BTreeMap<(u64, usize), (f64, usize)> = Default::default(); // (finish bits, seq) → (read, update)
        let mut commits: Vec<f64> = Vec::new();
        let (mut next, mut seq, mut attempts, mut total) = (0usize, 0usize, 0u64, 0.0f64);
        let key = |f: f64, seq: usize| (f.to_bits(), seq);
        loop {
            let soonest = flying.keys().next().copied();
            match (arr.get(next), soonest) {
                (Some(&a), k) if k.is_none_or(|(f, _)| a <= f64::from_bits(f)) => {
                    flying.insert(key(a + q.work_ms, seq), (a, next));
                    seq += 1;
                    attempts += 1;
                    next += 1;
                }
                (_, Some(k)) => {
                    let (read, u) = flying.remove(&k).expect("in flight");
                    let f = f64::from_bits(k.0);
                    let after_read = commits.partition_point(|&c| c <= read);
                    if after_read < commits.len() && commits[after_read] <= f {
                        let again = f + q.retry_ms;
                        flying.insert(key(again + q.work_ms, seq), (again, u));
                        seq += 1;
                        attempts += 1;
                        if attempts >= op::MAX_ATTEMPTS {
                            return (f64::INFINITY, lock, true);
                        }
                    } else {
                        commits.push(f);
                        total += f - arr[u];
                    }
                }
                _ => break,
            }
        }
        (total / arr.len() as f64, lock, false)
    }

    #[test]
    fn the_simulated_crossover_is_where_the_simulated_means_change_sign() {
        // 20,000 updates at the defaults (fixed work): the expert read's port of the simulation,
        // with 200,000 updates, put the simulated means' crossing at 8.2–8.5 a second, below the
        // formulas' 11.8 (e^(λT) undercounts the attempts by then).
        for p in [op_params(&[("updates", 20_000.0)]), op_params(&[("retry-ms", 5.0), ("updates", 5000.0), ("seed", 3.0)])] {
            let o = op::run(&p);
            let sim = o.summary.simulated_crossover_per_s.expect("a simulated crossover");
            let formula = o.summary.crossover_per_s.expect("a formula crossover");
            assert!(sim < formula, "{sim} vs {formula}");
            let lock_no_slower = |r: f64| {
                let (opt, lock, stopped) = means_written_another_way(&p, r);
                stopped || opt >= lock
            };
            // A change of sign right at the reported rate, by the second implementation: the lock
            // no slower there, slower at the low end of the bisection's last bracket.
            let top = (1000.0 / (p.work_ms + p.lock_ms)).min(2000.0);
            let step = (top / op::MIN_RATE).powf(1.0 / f64::from(op::CROSSOVER_GRID));
            let bracket = step.powf(0.5f64.powi(op::CROSSOVER_BISECTIONS as i32));
            assert!(lock_no_slower(sim), "at {sim}");
            assert!(!lock_no_slower(sim / bracket * (1.0 - 1e-9)), "just below {sim}");
            // And the lock slower on every grid rate below it (the first change is the one found).
            for i in 0..=op::CROSSOVER_GRID {
                let r = op::MIN_RATE * (top / op::MIN_RATE).powf(f64::from(i) / f64::from(op::CROSSOVER_GRID));
                if r < sim * (1.0 - 1e-9) {
                    assert!(!lock_no_slower(r), "grid rate {r} below {sim}");
                }
            }
            if p.updates == 20_000 {
                assert!((7.5..9.5).contains(&sim), "{sim}");
                let n = o.narrative(&p);
                assert!(n.contains(&locklab_sim::text::num(sim)) && n.contains("undercounts"), "{n}");
            }
        }
        // A nearly free lock round trip: the lock is quicker from the lowest rate, in the simulation
        // and by the formulas, and the narrative gives the right reason.
        let p = op_params(&[("lock-ms", 0.0), ("retry-ms", 0.0)]);
        let o = op::run(&p);
        assert_eq!(o.summary.simulated_crossover_per_s, Some(op::MIN_RATE));
        let n = o.narrative(&p);
        assert!(n.contains("nearly free") && !n.contains("costs no more than a retry"), "{n}");
        // The crossover does not depend on the rate: the cache keeps it while only the rate moves.
        let mut cache = op::Cache::default();
        let a = op::run_cached(&op::Params::default(), &mut cache).summary.simulated_crossover_per_s;
        let b = op::run_cached(&op::Params { rate_per_s: 40.0, ..op::Params::default() }, &mut cache).summary.simulated_crossover_per_s;
        assert_eq!(a, b);
        assert_eq!(b, op::run(&op::Params { rate_per_s: 40.0, ..op::Params::default() }).summary.simulated_crossover_per_s);
    }

    #[test]
    fn both_ways_run_on_the_same_arrivals_and_the_seed_decides() {
        let p = op::Params::default();
        assert_eq!(op::run(&p), op::run(&p));
        let q = op::Params { seed: 2, ..p.clone() };
        assert_ne!(op::run(&p).summary, op::run(&q).summary);
        let o = op::run(&p);
        // Same arrivals: the throughputs agree closely at low load.
        assert!((o.summary.optimistic.throughput_per_s / o.summary.pessimistic.throughput_per_s - 1.0).abs() < 0.01);
    }
}

// ---------------------------------------------------------------- lock granularity

mod granularity {
    use super::*;

    #[test]
    fn a_global_lock_at_five_thousand_a_second_is_reported_not_simulated() {
        let p = lg_params(&[("lock", 0.0), ("rate-per-s", 5000.0), ("work-ms", 1.0)]);
        let o = lg::run(&p);
        let s = &o.summary;
        assert!((s.max_utilisation - 5000.0 * 0.001).abs() < 1e-9);
        assert!(!s.simulated);
        assert_eq!((s.mean_wait_ms, s.p99_wait_ms, s.exact_mean_wait_ms), (None, None, None));
        assert_eq!(s.saturated_locks, 1);
        assert!((s.throughput_per_s - 1000.0).abs() < 1e-9);
        assert!(o.narrative(&p).contains("never drains"));
        // Sharding spreads it: no lock saturated at 16 shards with skew 1 over 1,000 keys.
        let o = lg::run(&lg_params(&[("lock", 1.0), ("rate-per-s", 5000.0)]));
        assert!(o.summary.simulated && o.summary.max_utilisation < 1.0, "{:?}", o.summary);
    }

    /// Two locks per update over saturated locks: the throughput reported is the bound the widget's chapter
    /// states, computed here by enumerating every ordered pair of items.
    #[test]
    fn a_saturated_two_lock_run_reports_the_stated_upper_bound() {
        for (lock, keys, rate) in [(2.0, 6.0, 1500.0), (1.0, 40.0, 9000.0), (0.0, 20.0, 3000.0)] {
            let p = lg_params(&[("lock", lock), ("keys", keys), ("rate-per-s", rate), ("two-locks", 1.0), ("skew", 1.2)]);
            let o = lg::run(&p);
            assert!(!o.summary.simulated, "{:?}", o.summary);
            let pop = lg::popularity(p.keys, p.skew);
            let n = p.lock_count() as usize;
            let (lambda, s) = (p.rate_per_s, p.work_ms);
            // Share of updates that touch each lock, and the pairs under unsaturated locks only.
            let mut touch = vec![0.0; n];
            let mut both_unsaturated_pairs = Vec::new();
            for k in 0..pop.len() {
                for j in 0..pop.len() {
                    if j == k {
                        continue;
                    }
                    let pr = pop[k] * pop[j] / (1.0 - pop[k]);
                    let (a, b) = (p.lock_of(k as u32) as usize, p.lock_of(j as u32) as usize);
                    touch[a] += pr;
                    if b != a {
                        touch[b] += pr;
                    }
                    both_unsaturated_pairs.push((a, b, pr));
                }
            }
            let saturated = |l: usize| lambda / 1000.0 * touch[l] * s >= 1.0 - 1e-12;
            let free: f64 = both_unsaturated_pairs.iter().filter(|(a, b, _)| !saturated(*a) && !saturated(*b)).map(|t| t.2).sum();
            let through: f64 = (0..n).filter(|&l| saturated(l)).map(|l| (lambda * touch[l]).min(1000.0 / s)).sum();
            let bound = (lambda * free + through).min(lambda);
            assert!((o.summary.throughput_per_s / bound - 1.0).abs() < 1e-9, "lock {lock}: {} vs {bound}", o.summary.throughput_per_s);
        }
    }

    #[test]
    fn the_hottest_share_is_the_zipf_normalisation() {
        for (keys, skew) in [(1000u32, 1.0), (10, 0.0), (5000, 1.5), (1, 0.7)] {
            // Summed from the smallest terms up, another order than the model's.
            let h: f64 = (1..=keys).rev().map(|k| (k as f64).powf(-skew)).sum();
            let o = lg::run(&lg_params(&[("keys", f64::from(keys)), ("skew", skew), ("rate-per-s", 10.0)]));
            assert!((o.summary.hottest_share - 1.0 / h).abs() < 1e-12, "{keys} {skew}");
        }
    }

    /// Per-lock first come, first served, by the Lindley recursion on each lock's own arrivals:
    /// the engine's waits exactly, one lock per update.
    #[test]
    fn one_lock_per_update_is_a_queue_per_lock() {
        for lock in [0.0, 1.0, 2.0] {
            let p = lg_params(&[("lock", lock), ("rate-per-s", 600.0), ("updates", 4000.0)]);
            let ups = lg::updates(&p, &lg::popularity(p.keys, p.skew));
            let run = lg::simulate(&p, &ups);
            let mut free = std::collections::HashMap::new();
            for (i, u) in ups.iter().enumerate() {
                let l = p.lock_of(u.keys[0]);
                let f: f64 = *free.get(&l).unwrap_or(&f64::NEG_INFINITY);
                let wait = (f - u.at_ms).max(0.0);
                free.insert(l, u.at_ms + wait + u.work_ms);
                assert!((run.waits[i] - wait).abs() < 1e-9, "lock {lock}, update {i}: {} vs {wait}", run.waits[i]);
            }
            assert_eq!((run.deadlocks, run.expiries), (0, 0));
        }
    }

    /// The M/M/1 mixture: simulated mean and p99 wait within 8 % of exact, 20 seeds of 20,000
    /// updates, with every lock at ρ ≤ 0.7 (closer to 1 the queue's memory makes runs noisier).
    #[test]
    fn waits_match_mm1_per_lock() {
        for (lock, rate, skew) in [(0.0, 500.0, 1.0), (1.0, 3000.0, 0.5), (2.0, 4000.0, 1.0)] {
            let mut p = lg_params(&[("lock", lock), ("rate-per-s", rate), ("skew", skew), ("updates", 20_000.0)]);
            let (mut mean, mut p99) = (0.0, 0.0);
            let mut exact = (0.0, 0.0);
            for seed in 0..20 {
                p.seed = seed;
                let o = lg::run(&p);
                assert!(o.summary.max_utilisation <= 0.7, "{:?}", o.summary);
                mean += o.summary.mean_wait_ms.unwrap_or(f64::NAN) / 20.0;
                p99 += o.summary.p99_wait_ms.unwrap_or(f64::NAN) / 20.0;
                exact = (o.summary.exact_mean_wait_ms.unwrap_or(f64::NAN), o.summary.exact_p99_wait_ms.unwrap_or(f64::NAN));
            }
            if lock == 0.0 {
                // One lock: ρ/(μ − λ) written out.
                let rho = rate / 1000.0;
                assert!((exact.0 - rho / (1.0 - rho)).abs() < 1e-9);
                // P(Wq > t) = ρ e^(−(μ−λ)t) = 0.01.
                assert!((exact.1 - (rho / 0.01).ln() / (1.0 - rho)).abs() < 1e-6);
            }
            assert!((mean / exact.0 - 1.0).abs() < 0.08, "lock {lock}: mean {mean} vs {}", exact.0);
            assert!((p99 / exact.1 - 1.0).abs() < 0.08, "lock {lock}: p99 {p99} vs {}", exact.1);
        }
    }

    /// With two locks per update, the chance that a lock is taken, against the draws' frequency.
    #[test]
    fn two_lock_shares_match_the_draws() {
        let p = lg_params(&[("lock", 1.0), ("two-locks", 1.0), ("shards", 8.0), ("skew", 1.2), ("keys", 200.0), ("updates", 20_000.0)]);
        let pop = lg::popularity(p.keys, p.skew);
        let shares = lg::lock_shares(&p, &pop);
        let ups = lg::updates(&p, &pop);
        let n = ups.len() as f64;
        for (l, &q) in shares.iter().enumerate() {
            let hits = ups.iter().filter(|u| p.lock_of(u.keys[0]) == l as u32 || p.lock_of(u.keys[1]) == l as u32).count() as f64;
            let sd = (q * (1.0 - q) / n).sqrt();
            assert!((hits / n - q).abs() < 4.0 * sd + 1e-9, "lock {l}: {} vs {q}", hits / n);
        }
    }
}

mod cache {
    use super::*;

    /// A widget keeps draws and popularity between runs: every result equals a fresh run.
    #[test]
    fn a_kept_cache_changes_nothing() {
        let mut cache = lg::Cache::default();
        let steps: &[&[(&str, f64)]] = &[
            &[],
            &[("rate-per-s", 3000.0), ("lock", 1.0)],
            &[("rate-per-s", 3000.0), ("lock", 2.0), ("skew", 0.3)],
            &[("rate-per-s", 1500.0), ("lock", 1.0), ("two-locks", 1.0)],
            &[("rate-per-s", 1500.0), ("lock", 1.0), ("two-locks", 1.0), ("seed", 4.0)],
            &[("keys", 50.0), ("updates", 800.0)],
            &[],
        ];
        for set in steps {
            let p = lg_params(set);
            assert_eq!(lg::run_cached(&p, &mut cache), lg::run(&p), "{set:?}");
        }
    }
}

mod deadlock {
    use super::*;

    #[test]
    fn unordered_locks_deadlock_and_ordered_ones_never_do() {
        let mut unordered = 0;
        for seed in 0..6u64 {
            for (lock, rate) in [(1.0, 1500.0), (2.0, 2500.0), (1.0, 400.0)] {
                let base = [("lock", lock), ("rate-per-s", rate), ("two-locks", 1.0), ("seed", seed as f64), ("updates", 3000.0)];
                let o = lg::run(&lg_params(&base));
                unordered += o.summary.deadlocks;
                if o.summary.deadlocks > 0 {
                    let c = o.first_cycle.expect("the first cycle is kept");
                    assert!(c.links.len() >= 2);
                    // Around the cycle, each waits for the key the next one holds.
                    for (i, &(_, _, wanted)) in c.links.iter().enumerate() {
                        let held_next = c.links[(i + 1) % c.links.len()].1;
                        let p = lg_params(&base);
                        assert_eq!(p.lock_of(wanted), p.lock_of(held_next));
                    }
                    assert!(o.summary.expiries > 0, "a deadlock ends only by expiry");
                }
                let mut ordered = base.to_vec();
                ordered.push(("ordered", 1.0));
                ordered.push(("ttl-ms", 30_000.0));
                let o = lg::run(&lg_params(&ordered));
                assert_eq!(o.summary.deadlocks, 0, "ordered, seed {seed}");
                assert!(o.first_cycle.is_none());
                assert_eq!(o.summary.expiries, 0);
            }
        }
        assert!(unordered > 0);
    }

    /// The engine against P(deadlock) = ½(2g/W − (g/W)²): two transfers between the same two
    /// items, directions at random, starts uniform in W; 20,000 trials each, within 4 standard
    /// deviations.
    #[test]
    fn two_workers_deadlock_as_derived() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for (gap, window) in [(1.0, 10.0), (2.0, 5.0), (1.0, 40.0), (5.0, 5.0)] {
            let p = lg_params(&[("lock", 2.0), ("keys", 2.0), ("two-locks", 1.0), ("gap-ms", gap), ("ttl-ms", 1000.0), ("work-ms", 1.0)]);
            let trials = 20_000;
            let mut hits = 0;
            for _ in 0..trials {
                let mut ups: Vec<lg::Update> = (0..2)
                    .map(|_| {
                        let (d, t): (f64, f64) = (StandardUniform.sample(&mut rng), StandardUniform.sample(&mut rng));
                        lg::Update { at_ms: t * window, keys: if d < 0.5 { [0, 1] } else { [1, 0] }, work_ms: 1.0 }
                    })
                    .collect();
                ups.sort_by(|a, b| a.at_ms.total_cmp(&b.at_ms));
                let run = lg::simulate(&p, &ups);
                hits += run.deadlocks;
                // Everyone finishes; a deadlock costs a TTL.
                assert!(run.done.iter().all(|&d| d > 0.0));
                if run.deadlocks > 0 {
                    assert!(run.waits.iter().any(|&w| w >= 1000.0 - gap - 1e-9));
                }
            }
            let expected = lg::two_worker_deadlock(gap, window);
            let x = gap / window;
            assert!((expected - 0.5 * (2.0 * x - x * x)).abs() < 1e-15);
            let freq = f64::from(hits) / f64::from(trials);
            let sd = (expected * (1.0 - expected) / f64::from(trials)).sqrt();
            assert!((freq - expected).abs() < 4.0 * sd, "g {gap}, W {window}: {freq} vs {expected}");
        }
    }

    #[test]
    fn a_global_lock_cannot_deadlock() {
        let p = lg_params(&[("lock", 0.0), ("two-locks", 1.0), ("rate-per-s", 600.0)]);
        let o = lg::run(&p);
        assert_eq!(o.summary.deadlocks, 0);
        assert!(o.summary.exact_mean_wait_ms.is_some());
        assert!(o.narrative(&p).contains("one global lock"));
    }
}

/// Under contention the narrative names the formula of the work's own shape: e^(λT) for fixed
/// work, 1 + λT for exponential work (before: e^(λT) for both).
#[test]
fn the_contention_note_names_the_formula_of_the_work_shape() {
    for (work, formula, other) in [(0.0, "the e^(λT) estimate", "the 1 + λT estimate"), (1.0, "the 1 + λT estimate", "the e^(λT) estimate")] {
        let p = op_params(&[("rate-per-s", 40.0), ("work-ms", 20.0), ("work", work)]);
        let o = op::run(&p);
        let text = o.narrative(&p);
        assert!(text.contains(formula) && !text.contains(other), "work {work}: {text}");
    }
}
