//! Every widget's parameter table is consistent: names unique, primary parameters real ones
//! (and at least one, which the phone layout shows beside the result), aliases pointing at a
//! real choice.

use locklab_sim::params::Kind;
use locklab_sim::{CounterRace, FencingChain, FencingSandbox, LeaseRenewal, LeaseSizing, PausedHolder, RedisFailover, Redlock, Scenario, SweeperIncident, TtlTradeoff};

fn check<S: Scenario>() {
    let specs = S::specs();
    let names: Vec<&str> = specs.iter().map(|s| s.name).collect();
    let mut unique = names.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "{}: duplicate parameter names", S::NAME);
    assert!(!S::primary().is_empty(), "{}: no primary parameter", S::NAME);
    for p in S::primary() {
        let spec = specs.iter().find(|s| s.name == *p).unwrap_or_else(|| panic!("{}: primary {p} is not a parameter", S::NAME));
        assert!(!spec.is_seed(), "{}: the seed is never primary", S::NAME);
    }
    for a in S::aliases() {
        assert!(!names.contains(&a.name), "{}: alias {} shadows a parameter", S::NAME, a.name);
        let target = specs.iter().find(|s| s.name == a.target).unwrap_or_else(|| panic!("{}: alias target {}", S::NAME, a.target));
        match target.kind {
            Kind::Choice { options, .. } => assert!(options.iter().any(|o| o.value == a.value), "{}: {}={}", S::NAME, a.target, a.value),
            _ => panic!("{}: alias {} must target a choice", S::NAME, a.name),
        }
    }
}

#[test]
fn every_widgets_parameter_table_is_consistent() {
    check::<CounterRace>();
    check::<TtlTradeoff>();
    check::<FencingChain>();
    check::<PausedHolder>();
    check::<RedisFailover>();
    check::<LeaseRenewal>();
    check::<LeaseSizing>();
    check::<Redlock>();
    check::<SweeperIncident>();
    check::<FencingSandbox>();
}
