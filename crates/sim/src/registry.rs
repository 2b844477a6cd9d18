//! Every widget locklab has, written once: its name, its label, its parameters and how an author's
//! attributes are validated. The widgets crate, the mdBook preprocessor and the docs read this list
//! instead of keeping their own.

use crate::params::{Attr, Notice, Spec};
use crate::{CounterRace, FencingChain, FencingSandbox, LeaseRenewal, LeaseSizing, LockGranularity, OptimisticPessimistic, PausedHolder, RedisFailover, Redlock, Scenario, SweeperIncident, TtlTradeoff};

/// How an author's `(name, value)` pairs become values and notices.
pub type Validate = fn(&[(String, String)]) -> (Vec<f64>, Vec<Notice>);

/// One widget.
#[derive(Clone, Copy)]
pub struct Widget {
    /// `data-locklab="…"`.
    pub name: &'static str,
    /// What the gallery calls it.
    pub label: &'static str,
    /// Its parameters (none for the quiz, whose one attribute is `deck`).
    pub specs: &'static [Spec],
    /// Attributes the element takes besides its parameters (`theme`; `autoplay` for a widget
    /// that plays a timeline; the quiz's deck and xAPI attributes). `validate` checks them too.
    pub attrs: &'static [Attr],
    /// Validates an author's `(name, value)` pairs: values and notices, exactly as the widget will.
    pub validate: Validate,
}

fn sim<S: Scenario>(label: &'static str) -> Widget {
    Widget { name: S::NAME, label, specs: S::specs(), attrs: S::attrs(), validate: S::validate }
}

/// The widgets, in the order the gallery lists them.
pub fn widgets() -> Vec<Widget> {
    vec![
        sim::<CounterRace>("Counter race"),
        sim::<TtlTradeoff>("TTL trade-off"),
        sim::<PausedHolder>("Paused holder"),
        sim::<FencingChain>("Fencing chain"),
        sim::<FencingSandbox>("Fencing by hand: the sandbox and every interleaving"),
        sim::<LeaseRenewal>("Lease renewal: renewal, fencing, idempotency"),
        sim::<LeaseSizing>("Lease sizing worksheet"),
        sim::<RedisFailover>("Redis failover"),
        sim::<Redlock>("Redlock, step by step"),
        sim::<SweeperIncident>("The sweeper incident: a job that outlives its lock"),
        sim::<OptimisticPessimistic>("Optimistic or pessimistic: one hot record"),
        sim::<LockGranularity>("How wide should the lock be? Granularity and deadlock"),
        Widget { name: crate::quiz::NAME, label: "Quiz", specs: &[], attrs: QUIZ_ATTRS, validate: validate_quiz },
    ]
}

/// The names `data-locklab` accepts, in the order of [`widgets`] (a test holds the two together).
/// A plain list, so code that only needs the names (a widget's "no such widget" message) does not
/// pull every widget's validation into a one-widget bundle.
pub const NAMES: &[&str] = &[
    CounterRace::NAME,
    TtlTradeoff::NAME,
    PausedHolder::NAME,
    FencingChain::NAME,
    FencingSandbox::NAME,
    LeaseRenewal::NAME,
    LeaseSizing::NAME,
    RedisFailover::NAME,
    Redlock::NAME,
    SweeperIncident::NAME,
    OptimisticPessimistic::NAME,
    LockGranularity::NAME,
    crate::quiz::NAME,
];

/// The names `data-locklab` accepts.
pub fn names() -> Vec<&'static str> {
    NAMES.to_vec()
}

/// The widget called `name` (case-insensitive).
pub fn find(name: &str) -> Option<Widget> {
    widgets().into_iter().find(|w| w.name.eq_ignore_ascii_case(name.trim()))
}

/// What a quiz's element takes: its deck, the xAPI attributes and the theme.
pub const QUIZ_ATTRS: &[Attr] = &[
    Attr { name: "deck", meaning: "a built-in deck's name or the address of a JSON deck", values: &[] },
    Attr { name: "activity-base", meaning: "the http(s) or urn: IRI the xAPI statements' activity ids start with", values: &[] },
    Attr { name: "actor-name", meaning: "the learner's name in the xAPI statements (needs `actor-mbox`)", values: &[] },
    Attr { name: "actor-mbox", meaning: "the learner's e-mail address in the xAPI statements", values: &[] },
    crate::params::THEME,
];

/// A quiz takes `deck` (a built-in deck's name, or the address of a JSON deck), the xAPI
/// attributes and `theme`.
fn validate_quiz(raw: &[(String, String)]) -> (Vec<f64>, Vec<Notice>) {
    let (mine, rest, mut notices) = crate::params::take_attrs(QUIZ_ATTRS, raw);
    let known: Vec<&str> = QUIZ_ATTRS.iter().map(|a| a.name).collect();
    for (k, _) in &rest {
        notices.push(Notice::new(k.trim(), format!("Unknown parameter \u{201c}{}\u{201d} for a quiz: ignored. Known: {}.", k.trim(), known.join(", "))));
    }
    let mut deck = None;
    let (mut base, mut name, mut mbox) = (None, None, None);
    for (k, v) in &mine {
        match k.as_str() {
            "deck" => deck = Some(v.trim().to_string()),
            "activity-base" => base = Some(v.as_str()),
            "actor-name" => name = Some(v.as_str()),
            "actor-mbox" => mbox = Some(v.as_str()),
            _ => {}
        }
    }
    notices.extend(crate::xapi::from_author(base, name, mbox).2.into_iter().map(|p| Notice::new("", p)));
    match deck.as_deref() {
        None | Some("") => notices.push(Notice::new("deck", "A quiz needs a deck: a built-in deck's name or the address of a JSON deck.")),
        Some(d) if crate::quiz::BUILT_IN.iter().any(|(n, _)| *n == d) => {}
        Some(d) if d.split(['?', '#']).next().is_some_and(|p| p.to_ascii_lowercase().ends_with(".json")) || d.starts_with("https://") || d.starts_with("http://") => {}
        Some(d) => {
            let known: Vec<&str> = crate::quiz::BUILT_IN.iter().map(|(n, _)| *n).collect();
            notices.push(Notice::new("deck", format!("deck=\u{201c}{d}\u{201d} is neither a built-in deck ({}) nor the address of a .json deck.", known.join(", "))));
        }
    }
    (Vec::new(), notices)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_found() {
        let names = names();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len());
        assert_eq!(find("TTL-TRADEOFF").map(|w| w.name), Some("ttl-tradeoff"));
        assert!(find("").is_none() && find("nope").is_none());
        assert_eq!(widgets().iter().map(|w| w.name).collect::<Vec<_>>(), NAMES, "NAMES lists widgets() in order");
    }

    #[test]
    fn the_quiz_wants_a_deck() {
        let v = |p: &[(&str, &str)]| validate_quiz(&p.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect::<Vec<_>>()).1;
        assert!(v(&[("deck", "which-protection")]).is_empty());
        assert!(v(&[("deck", "decks/mine.json")]).is_empty());
        assert!(v(&[]).iter().any(|n| n.message.contains("needs a deck")));
        assert!(v(&[("deck", "nope")]).iter().any(|n| n.message.contains("neither a built-in deck")));
        assert!(v(&[("deck", "leases"), ("colour", "red")]).iter().any(|n| n.message.contains("Unknown parameter")));
    }
}
