//! The switch that lets the lab judge a real run again under a wrong model
//! (`locklab_sim::mutation::judging`, `LOCKLAB_JUDGE_ALSO`): on for exactly the closure, the
//! right model back after it, even when the closure panics, and never two at once. In a process of
//! its own: the switch is one for the whole process, and the lab's unit tests compute models on
//! other threads.

use locklab_sim::lock_granularity as lg;
use locklab_sim::mutation;

fn exact_wait(p: &lg::Params) -> f64 {
    lg::run(p).summary.exact_mean_wait_ms.expect("one lock below saturation")
}

#[test]
fn a_wrong_model_is_on_for_the_closure_only() {
    // One lock at ρ = 0.5: M/M/1's wait ρs/(1 − ρ); the mutated one counts the work too,
    // s/(1 − ρ), that is 1/ρ times as much.
    let p = lg::Params { lock: lg::Lock::Global, rate_per_s: 500.0, work_ms: 1.0, updates: 600, ..lg::Params::default() };
    let rho = p.rate_per_s / 1000.0 * p.work_ms;
    let right = exact_wait(&p);
    assert!((right - rho * p.work_ms / (1.0 - rho)).abs() < 1e-9, "{right}");
    let wrong = mutation::judging("granularity-wait-counts-the-work", || exact_wait(&p)).expect("a mutation of the models");
    assert!((wrong - right / rho).abs() < 1e-9, "{wrong} against {right}");
    assert_eq!(exact_wait(&p), right, "the right model is back");
    assert!(!mutation::on("granularity-wait-counts-the-work"));
    // Another mutation of another model leaves this one alone.
    assert_eq!(mutation::judging("redlock-quorum-two", || exact_wait(&p)).expect("a mutation"), right);
    // Unknown names and a second switch inside the first are refused.
    assert!(mutation::judging("no-such-mutation", || ()).is_err());
    let nested = mutation::judging("granularity-lifo-queue", || mutation::judging("redlock-quorum-two", || ()).is_err()).expect("a mutation");
    assert!(nested, "a second mutation inside the first is refused");
    // A panic inside the closure still turns the switch off.
    let caught = std::panic::catch_unwind(|| mutation::judging("granularity-lifo-queue", || panic!("inside")));
    assert!(caught.is_err());
    assert!(!mutation::on("granularity-lifo-queue"), "the switch is off after a panic");
    assert_eq!(exact_wait(&p), right);
}
