//! The command that replays a widget's current state on real servers (`crates/lab`, the binary
//! `locklab-lab`), for a widget's "Run it for real" disclosure. Pure: the registry's names and the
//! widget's values in, the command out.

use crate::params::to_pairs;

/// The widgets the lab can run, in the order `locklab-lab list` shows them.
pub const WIDGETS: &[&str] = &["counter-race", "paused-holder", "fencing-sandbox", "sweeper-incident", "ttl-tradeoff", "optimistic-vs-pessimistic", "lock-granularity", "redlock", "redis-failover", "lease-renewal"];

/// `locklab-lab run <widget> --<param> <value> …` for `values` (a widget's values, in its specs'
/// order, then its extra state): the parameters that differ from their defaults and the seed, as
/// the embed snippets write them, and the sandbox's steps with `--all-orders` (its table of every
/// order). `None` for a widget the lab cannot run.
pub fn command(widget: &str, values: &[f64]) -> Option<String> {
    let w = crate::registry::find(widget).filter(|w| WIDGETS.contains(&w.name))?;
    let extra = if w.name == crate::fencing_sandbox::NAME { crate::fencing_sandbox::steps_pair(values) } else { Vec::new() };
    Some(words(w.name, w.specs, values, extra))
}

/// [`command`] for scenario `S` (a widget names its own: one widget's bundle then carries no
/// other widget's parameters).
pub fn command_of<S: crate::Scenario>(values: &[f64]) -> Option<String> {
    WIDGETS.contains(&S::NAME).then(|| words(S::NAME, S::specs(), values, S::extra_pairs(values)))
}

/// The parameters [`command_of`] writes, as `(name, value)` pairs (what `locklab-lab serve` takes
/// from a widget): those that differ from their defaults, the seed, and the sandbox's steps.
pub fn pairs_of<S: crate::Scenario>(values: &[f64]) -> Vec<(String, String)> {
    let specs = S::specs();
    let mut pairs: Vec<(String, String)> = to_pairs(specs, values).into_iter().zip(specs).filter(|((_, value), spec)| spec.is_seed() || *value != spec.to_attr(spec.default_value())).map(|(p, _)| p).collect();
    pairs.extend(S::extra_pairs(values));
    pairs
}

fn words(name: &str, specs: &[crate::params::Spec], values: &[f64], extra: Vec<(String, String)>) -> String {
    let mut words = vec!["locklab-lab".to_string(), "run".into(), name.into()];
    for ((name, value), spec) in to_pairs(specs, values).into_iter().zip(specs) {
        if spec.is_seed() || value != spec.to_attr(spec.default_value()) {
            words.push(format!("--{name}"));
            words.push(quote(&value));
        }
    }
    let sandbox = !extra.is_empty() || name == crate::fencing_sandbox::NAME;
    for (name, value) in extra {
        words.push(format!("--{name}"));
        words.push(quote(&value));
    }
    if sandbox {
        words.push("--all-orders".into());
    }
    words.join(" ")
}

/// A value as one shell word: bare when it is made of safe characters, else single-quoted.
fn quote(v: &str) -> String {
    if !v.is_empty() && v.chars().all(|c| c.is_ascii_alphanumeric() || "._,:-+".contains(c)) {
        v.to_string()
    } else {
        format!("'{}'", v.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(widget: &str, pairs: &[(&str, &str)]) -> Vec<f64> {
        let w = crate::registry::find(widget).expect("a widget");
        let raw: Vec<(String, String)> = pairs.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
        let (v, notices) = (w.validate)(&raw);
        assert!(notices.is_empty(), "{notices:?}");
        v
    }

    /// A widget's own command (what its "Run it for real" shows) is the registry's, for every
    /// widget, at its defaults and with the sandbox's steps.
    #[test]
    fn a_widgets_own_command_is_the_registrys() {
        fn same<S: crate::Scenario>(pairs: &[(&str, &str)]) {
            let v = values(S::NAME, pairs);
            assert_eq!(command_of::<S>(&v), command(S::NAME, &v), "{}", S::NAME);
        }
        macro_rules! each {
            ($(($module:ident, $type:ident, $name:literal, $label:literal)),* $(,)?) => {
                $( same::<crate::$type>(&[]); )*
            };
        }
        crate::for_each_scenario!(each);
        same::<crate::FencingSandbox>(&[("steps", "A.acquire,A.read")]);
        same::<crate::CounterRace>(&[("workers", "12")]);
    }

    #[test]
    fn writes_the_non_defaults_and_the_seed() {
        assert_eq!(command("counter-race", &values("counter-race", &[("workers", "12")])).as_deref(), Some("locklab-lab run counter-race --workers 12 --seed 2"));
        assert_eq!(command("paused-holder", &values("paused-holder", &[])).as_deref(), Some("locklab-lab run paused-holder"));
        assert_eq!(
            command("sweeper-incident", &values("sweeper-incident", &[("release", "compare-and-delete"), ("recovers-at", "21:40")])).as_deref(),
            Some("locklab-lab run sweeper-incident --recovers-at 21:40 --release compare-and-delete --seed 253309")
        );
        assert_eq!(
            command("fencing-sandbox", &values("fencing-sandbox", &[("steps", "A.acquire,A.read")])).as_deref(),
            Some("locklab-lab run fencing-sandbox --steps A.acquire,A.read --all-orders")
        );
        assert_eq!(command("lease-sizing", &values("lease-sizing", &[])), None);
        assert_eq!(quote("it's"), "'it'\\''s'");
        // A negative zero is written 0 (it is 0, and `-0` reads as an option to a shell user).
        let zero = command("ttl-tradeoff", &values("ttl-tradeoff", &[("spread", "-0")])).expect("a command");
        assert!(zero.contains("--spread 0 ") || zero.ends_with("--spread 0") || !zero.contains("--spread"), "{zero}");
        assert!(!zero.contains("-0"), "{zero}");
    }
}
