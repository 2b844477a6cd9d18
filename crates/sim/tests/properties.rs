//! Property tests over the whole parameter space: no panic, the counter never ends above the
//! number of increments made, the lock never loses one, and validation never panics on any input.

use locklab_sim::counter_race::{run, Params, SPECS};
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
