//! Property tests over the whole parameter space: no panic, the counter never ends above the
//! number of increments made, the lock never loses one, and validation never panics on any input.

use locklab_sim::counter_race::{run, run_with_window_overheads, Params, SPECS};
use locklab_sim::params::{clamp, validate};
use proptest::prelude::*;

fn any_params() -> impl Strategy<Value = Params> {
    (1u32..=20, 10u32..=1000, 0.1f64..=20.0, 0.1f64..=20.0, any::<bool>(), 0u64..=u64::from(u32::MAX)).prop_map(
        |(workers, increments, think_ms, pause_ms, lock, seed)| Params { workers, increments, think_ms, pause_ms, lock, seed },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn counter_never_exceeds_the_increments_made(p in any_params()) {
        let o = run(&p);
        prop_assert_eq!(o.summary.expected, u64::from(p.workers) * u64::from(p.increments));
        prop_assert!(o.summary.final_value <= o.summary.expected);
        prop_assert_eq!(o.summary.lost, o.summary.expected - o.summary.final_value);
        prop_assert!(o.summary.duration_ms.is_finite() && o.summary.duration_ms > 0.0);
        if p.lock || p.workers == 1 {
            prop_assert_eq!(o.summary.final_value, o.summary.expected);
        }
    }

    #[test]
    fn the_lock_never_loses_an_update(p in any_params()) {
        let o = run(&Params { lock: true, ..p });
        prop_assert_eq!(o.summary.lost, 0);
        prop_assert_eq!(o.summary.stale_writes, 0);
    }

    #[test]
    fn validation_accepts_any_text_without_panicking(
        pairs in proptest::collection::vec(("[a-z-]{0,12}|workers|think-ms|lock|seed", "\\PC{0,16}"), 0..8)
    ) {
        let (values, _notices) = validate(SPECS, &pairs);
        prop_assert_eq!(values.len(), SPECS.len());
        // Whatever came in, the values are in range and the run works.
        let (again, notices) = clamp(SPECS, &values);
        prop_assert!(notices.is_empty());
        prop_assert_eq!(&again, &values);
        let _ = run(&Params::from_values(&values));
    }

    #[test]
    fn any_numbers_are_clamped_into_range(raw in proptest::collection::vec(proptest::num::f64::ANY, 0..8)) {
        let p = Params::from_values(&raw);
        prop_assert!((1..=20).contains(&p.workers));
        prop_assert!((10..=1000).contains(&p.increments));
        prop_assert!((0.1..=20.0).contains(&p.think_ms));
        prop_assert!((0.1..=20.0).contains(&p.pause_ms));
        prop_assert!(p.seed <= u64::from(u32::MAX));
    }
}

/// The lab's hook: an overhead lands on the window it names, on that worker only.
#[test]
fn a_window_overhead_lands_on_its_window() {
    let one = Params { workers: 1, increments: 10, ..Params::default() };
    let plain = run(&one);
    assert_eq!(run_with_window_overheads(&one, &[], &[]), plain);
    // One worker's run lasts the sum of its windows: 7 ms on its 4th think and 5 ms before its
    // 3rd read make it 12 ms longer; a negative or NaN entry adds nothing.
    let o = run_with_window_overheads(&one, &[vec![0.0, 0.0, 0.0, 7.0, -3.0]], &[vec![f64::NAN, 0.0, 5.0]]);
    assert!((o.summary.duration_ms - plain.summary.duration_ms - 12.0).abs() < 1e-9, "{} against {}", o.summary.duration_ms, plain.summary.duration_ms);
    // Two workers. Worker 1 starting a day late races nobody: nothing is lost.
    let two = Params { workers: 2, increments: 10, ..Params::default() };
    let late = run_with_window_overheads(&two, &[], &[vec![], vec![86_400_000.0]]);
    assert_eq!((late.summary.final_value, late.summary.stale_writes), (20, 0));
    // Worker 0 thinking a day over its first increment writes 1 over all ten of worker 1's, then
    // adds its other nine: the counter ends at 10, with one stale write.
    let slow = run_with_window_overheads(&two, &[vec![86_400_000.0]], &[]);
    assert_eq!((slow.summary.final_value, slow.summary.lost, slow.summary.stale_writes), (10, 10, 1));
}

mod scenarios {
    use locklab_sim::{fencing_chain, paused_holder, redis_failover, ttl_tradeoff};
    use proptest::prelude::*;

    /// Any numbers at all, including NaN and infinities: `from_values` clamps them.
    fn raw(n: usize) -> impl Strategy<Value = Vec<f64>> {
        proptest::collection::vec(prop_oneof![proptest::num::f64::ANY, -1e6f64..1e6], n..=n)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

        #[test]
        fn ttl_tradeoff_anywhere(v in raw(ttl_tradeoff::SPECS.len())) {
            let p = ttl_tradeoff::Params { holds: 2000, ..ttl_tradeoff::Params::from_values(&v) };
            let o = ttl_tradeoff::run(&p);
            let s = &o.summary;
            prop_assert!(s.unsafe_holds <= u64::from(s.holds));
            prop_assert!((0.0..=1.0).contains(&s.unsafe_fraction) && (0.0..=1.0).contains(&s.exact_fraction));
            prop_assert!(s.unsafe_per_day.is_finite() && s.recovery_seconds == p.ttl_s);
            prop_assert!(o.curve.windows(2).all(|w| w[1].simulated <= w[0].simulated));
        }

        #[test]
        fn fencing_chain_anywhere(v in raw(fencing_chain::SPECS.len())) {
            let p = fencing_chain::Params { holders: 300, ..fencing_chain::Params::from_values(&v) };
            let o = fencing_chain::run(&p);
            let s = &o.summary;
            prop_assert!(s.stale_writes <= s.late_holders);
            prop_assert_eq!(s.stale_writes + s.overtaken_writes, s.late_holders);
            prop_assert_eq!(s.stale_overwrites + s.stale_rejected, s.stale_writes);
            let unused_side = if p.fencing { s.stale_overwrites } else { s.stale_rejected };
            prop_assert_eq!(unused_side, 0);
        }

        #[test]
        fn paused_holder_anywhere(v in raw(paused_holder::SPECS.len())) {
            let p = paused_holder::Params::from_values(&v);
            let o = paused_holder::run(&p);
            prop_assert!(o.summary.events.windows(2).all(|w| w[0].time <= w[1].time));
            use paused_holder::Protection;
            if matches!(p.protection, Protection::Conditional | Protection::FenceAll) {
                prop_assert!(!o.summary.double_sale);
            }
        }

        #[test]
        fn redis_failover_anywhere(v in raw(redis_failover::SPECS.len())) {
            let p = redis_failover::Params { failovers: 200, ..redis_failover::Params::from_values(&v) };
            let o = redis_failover::run(&p);
            let s = &o.summary;
            prop_assert!(s.mean_regranted <= s.mean_lost + 1e-12);
            prop_assert_eq!(o.distribution.iter().sum::<u32>(), 200);
            prop_assert!(s.expected_lost.is_finite() && s.expected_lost >= 0.0);
        }
    }
}

mod sweeper_incident {
    use locklab_sim::sweeper_incident::{Exclusion, Params, Release, Restock, SPECS, run};
    use proptest::prelude::*;

    fn params() -> impl Strategy<Value = Params> {
        (
            0usize..3,
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            proptest::collection::vec(0.0f64..1.0, 9),
            any::<u32>(),
        )
            .prop_map(|(ex, cad, fence, loss, u, seed)| {
                let mut v = locklab_sim::params::defaults(SPECS);
                // Every numeric parameter anywhere in its range.
                for (k, i) in [0, 5, 6, 7, 8, 9, 10, 11].into_iter().enumerate() {
                    let (lo, hi) = SPECS[i].range();
                    v[i] = lo + u[k] * (hi - lo);
                }
                v[1] = ex as f64;
                v[2] = f64::from(u8::from(cad));
                v[3] = f64::from(u8::from(fence));
                v[4] = f64::from(u8::from(loss));
                v[12] = f64::from(seed);
                let _ = u[8];
                Params::from_values(&v)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

        #[test]
        fn the_status_fence_keeps_the_shelf_right(p in params()) {
            let o = run(&Params { restock: Restock::StatusFence, ..p });
            prop_assert_eq!(o.summary.stock_error, 0);
            prop_assert_eq!(o.summary.double_restocks, 0);
        }

        #[test]
        fn what_each_fix_can_and_cannot_do(p in params()) {
            let o = run(&p);
            let s = &o.summary;
            // Without the fence, every extra copy is one double restock.
            prop_assert_eq!(s.stock_error, s.double_restocks);
            if p.exclusion == Exclusion::AdvisoryLock {
                prop_assert_eq!(s.overlap_seconds, 0, "the lock is held for the whole sweep");
                prop_assert_eq!(s.double_restocks, 0);
            }
            if p.exclusion != Exclusion::RedisTtl || p.release == Release::CompareAndDelete {
                prop_assert_eq!(s.wrong_deletes, 0);
            }
            if p.exclusion == Exclusion::RunSlot {
                prop_assert_eq!(s.skipped_runs, 0);
            }
            // Sweeps never overlap when none outlives its slot.
            if s.first_overrun_at.is_none() {
                prop_assert_eq!(s.overlap_seconds, 0);
            }
            prop_assert!(o.timeline.steps.windows(2).all(|w| w[0].time <= w[1].time));
        }
    }
}
