//! Every built-in prediction set, proven on the widget's own model (issue #45):
//!
//! - the set parses, its settings and names are the widget's, and it asks three to five questions;
//! - each question is asked at [`SEEDS`] seeds drawn over the whole seed range (a widget without
//!   randomness: at its one state). A choice must be decided (exactly one option met) at every
//!   one, the same way at 99 in 100 or more: an explanation written for one answer is then true
//!   for the run a learner sees;
//! - a number's right answer is the exact figure where the prediction names one, else the median
//!   over the seeds; the run's value must lie within the set's tolerance of it at 99 seeds in 100
//!   or more (a learner who answers right is then graded right), inside the answer field's range,
//!   and the tolerance must be a fifth of that range or less (a guess anywhere does not pass).
//!
//! `LOCKLAB_PRINT=1` prints each question's figures.

use locklab_course::challenge::{self, State};
use locklab_course::predict::{self, Answer, Given, PredictionSet};
use locklab_sim::params::{Kind, Spec};
use locklab_sim::Scenario;

/// Seeds each question is asked at.
const SEEDS: usize = 200;

fn state_of<S: Scenario>(values: &[f64]) -> State {
    let p = S::params(values);
    let o = S::run(&p, &mut S::Cache::default());
    let result = serde_json::to_value(S::summary(&o)).expect("a result serializes");
    challenge::state(S::specs(), values, &result)
}

/// The page's values at `SEEDS` seeds over the whole range (its defaults otherwise).
fn pages(specs: &[Spec]) -> Vec<Vec<f64>> {
    use rand::{RngExt, SeedableRng};
    let defaults: Vec<f64> = specs.iter().map(Spec::default_value).collect();
    let Some(at) = specs.iter().position(|s| matches!(s.kind, Kind::Seed { .. })) else {
        return vec![defaults];
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(45);
    (0..SEEDS)
        .map(|k| {
            let mut v = defaults.clone();
            // The widget's own default seed first, then any.
            if k > 0 {
                v[at] = rng.random_range(0..=locklab_sim::params::MAX_SEED) as f64;
            }
            v
        })
        .collect()
}

fn prove<S: Scenario + challenge::BuiltIn>() -> Option<String> {
    // The set a widget's bundle links (its own constant) is the one the adapters and the gallery
    // list by name.
    // Every simulation has one (issue #45: three to five from its lesson), listed by name.
    let text = predict::built_in(S::NAME).unwrap_or_else(|| panic!("{}: no built-in prediction set listed in predict::BUILT_IN", S::NAME));
    assert_eq!(text, S::PREDICTIONS, "{}: the bundle's set is not the listed one", S::NAME);
    let set: PredictionSet = predict::parse_set(text).unwrap_or_else(|e| panic!("{}: {e:#?}", S::NAME));
    let specs = S::specs();
    let defaults: Vec<f64> = specs.iter().map(Spec::default_value).collect();
    set.check(S::NAME, specs, &state_of::<S>(&defaults)).unwrap_or_else(|e| panic!("{}: {e:#?}", S::NAME));
    assert!((3..=5).contains(&set.predictions.len()), "{}: {} predictions; a built-in set asks three to five", S::NAME, set.predictions.len());
    let print = std::env::var_os("LOCKLAB_PRINT").is_some();
    for p in &set.predictions {
        let states: Vec<State> = pages(specs).iter().map(|page| state_of::<S>(&p.values(specs, page))).collect();
        let n = states.len();
        match &p.answer {
            Answer::Choice { options } => {
                let mut counts = vec![0usize; options.len()];
                for s in &states {
                    let i = p.decided(s).unwrap_or_else(|e| panic!("{}: {e} in {s:?}", S::NAME));
                    counts[i] += 1;
                }
                let top = counts.iter().copied().max().unwrap_or(0);
                let (best, _) = counts.iter().enumerate().max_by_key(|(_, c)| **c).expect("options");
                let line = format!("{} {}: {:?} at {n} seeds → {}", S::NAME, p.id, counts, options[best].text);
                assert!(top * 100 >= 99 * n, "{line}: decided another way at more than 1 seed in 100");
                // The grader agrees: the decided option is right, every other wrong.
                for (i, _) in options.iter().enumerate() {
                    assert_eq!(p.grade(&states[0], &Given::Choice(i)).expect("graded").correct, i == p.decided(&states[0]).expect("decided"));
                }
                if print {
                    eprintln!("{line}");
                    if std::env::var("LOCKLAB_PRINT").is_ok_and(|v| v == "state") {
                        eprintln!("  at the first seed: {:?}", states[0]);
                    }
                }
            }
            Answer::Number { field, min, max, tolerance, exact, .. } => {
                let actual = |s: &State| s.get(field.as_str()).and_then(serde_json::Value::as_f64).unwrap_or_else(|| panic!("{}: {field} in {s:?}", S::NAME));
                let mut values: Vec<f64> = states.iter().map(actual).collect();
                values.sort_by(f64::total_cmp);
                let median = values[n / 2];
                let rights: Vec<f64> = match exact {
                    Some(e) => states.iter().map(|s| s.get(e.as_str()).and_then(serde_json::Value::as_f64).expect("the exact figure")).collect(),
                    None => vec![median; n],
                };
                let misses = states.iter().zip(&rights).filter(|(s, r)| (actual(s) - **r).abs() > *tolerance).count();
                let line = format!(
                    "{} {}: {field} over {n} seeds {:.3} (1st pct) {median:.3} (median) {:.3} (99th pct); right answer {:.3}{}; ±{tolerance} misses {misses}",
                    S::NAME,
                    p.id,
                    values[n / 100],
                    values[(n * 99 / 100).min(n - 1)],
                    rights[0],
                    if exact.is_some() { " (exact)" } else { " (median)" },
                );
                if print {
                    eprintln!("{line}");
                }
                assert!(misses * 100 <= n, "{line}: a right answer is graded wrong at more than 1 seed in 100");
                assert!(values.iter().all(|v| (*min..=*max).contains(v)), "{line}: a value outside the answer's range {min}..{max}");
                assert!(*tolerance * 5.0 <= max - min, "{line}: the tolerance is more than a fifth of the range");
                // The grader agrees with the proof at the right answer and a tolerance and a bit away.
                let s = &states[0];
                assert!(p.grade(s, &Given::Number(actual(s))).expect("graded").correct);
                assert!(!p.grade(s, &Given::Number(actual(s) + tolerance * 1.01)).expect("graded").correct);
            }
        }
    }
    Some(set.widget)
}

#[test]
fn every_built_in_prediction_holds_on_its_model() {
    let mut proven = Vec::new();
    macro_rules! each {
        ($(($module:ident, $type:ident, $name:literal, $label:literal)),* $(,)?) => {
            $( if let Some(w) = prove::<locklab_sim::$type>() { proven.push(w); } )*
        };
    }
    locklab_sim::for_each_scenario!(each);
    let listed: Vec<&str> = predict::BUILT_IN.iter().map(|(w, _)| *w).collect();
    proven.sort();
    let mut want: Vec<String> = listed.iter().map(|w| w.to_string()).collect();
    want.sort();
    assert_eq!(proven, want, "every built-in set is for a simulation, and proven");
}

#[test]
fn a_built_in_set_names_its_own_widget() {
    for (widget, text) in predict::BUILT_IN {
        let set = predict::parse_set(text).unwrap_or_else(|e| panic!("{widget}: {e:#?}"));
        assert_eq!(set.widget, *widget);
    }
}
