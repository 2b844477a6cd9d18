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
    /// State beyond the parameters that an author may give (the fencing sandbox's `steps`).
    pub extras: &'static [&'static str],
    /// Older parameter names that still work (`fencing=true` means `protection=fence-writes`).
    pub aliases: &'static [crate::params::Alias],
}

fn sim<S: Scenario>(label: &'static str) -> Widget {
    Widget { name: S::NAME, label, specs: S::specs(), attrs: S::attrs(), validate: S::validate, extras: S::extra_names(), aliases: S::aliases() }
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
        Widget { name: crate::quiz::NAME, label: "Quiz", specs: &[], attrs: QUIZ_ATTRS, validate: validate_quiz, extras: &[], aliases: &[] },
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
    Attr {
        name: "lesson",
        meaning: "the http(s) address of a locklab lesson page that a built-in deck's \"try it\" links open when no widget of that kind is on the page",
        values: &[],
    },
    Attr {
        name: "print",
        meaning: "on paper every card prints with its options; `answers` adds each card's keyed answer and explanation (a teacher's copy)",
        values: &["questions", "answers"],
    },
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

/// How a parameter's range reads in the docs: `1–20`, `0.1–20 ms (log slider)`, `true` / `false`,
/// `` `redis`, `consensus` ``, `20:50–22:00 (10 s steps)`. The README's tables are held to this.
pub fn range_text(s: &Spec) -> String {
    use crate::params::Kind;
    use crate::text::{clock, int, num};
    let unit = |t: String| match s.unit {
        "" | "%" => t,
        u if u.starts_with('/') => format!("{t}{u}"),
        u => format!("{t} {u}"),
    };
    let log = if s.is_log() { " (log slider)" } else { "" };
    match s.kind {
        Kind::Int { min, max, .. } => format!("{}{log}", unit(format!("{}–{}", int(min), int(max)))),
        Kind::Float { min, max, .. } => format!("{}{log}", unit(format!("{}–{}", num(min), num(max)))),
        Kind::Bool { .. } => "`true` / `false`".into(),
        Kind::Seed { .. } => format!("0–{}", int(crate::params::MAX_SEED as i64)),
        Kind::Choice { options, .. } => options.iter().map(|o| format!("`{}`", o.value)).collect::<Vec<_>>().join(", "),
        Kind::Clock { min, max, step, .. } => {
            let steps = if step >= 60 && step % 60 == 0 { format!("{} min", step / 60) } else { format!("{step} s") };
            format!("{}–{} ({steps} steps)", clock(f64::from(min)), clock(f64::from(max)))
        }
    }
}

/// How a parameter's default reads in the docs: `5`, `0.002`, `` `false` ``, `` `redis` ``,
/// `21:50` (grouped digits for large whole numbers).
pub fn default_text(s: &Spec) -> String {
    use crate::params::Kind;
    let v = s.default_value();
    match s.kind {
        Kind::Bool { .. } | Kind::Choice { .. } => format!("`{}`", s.to_attr(v)),
        Kind::Int { .. } | Kind::Seed { .. } => crate::text::int(v as i64),
        Kind::Float { .. } => crate::text::num(v),
        Kind::Clock { .. } => s.to_attr(v),
    }
}

/// Everything the widgets take, as data for the tools that write embeds outside the browser (the
/// Hugo shortcode, the Python helper): for each widget its name, label, parameters (kind, range,
/// default, as an author writes them) and attributes. Generated into `integrations/` (a test holds
/// those copies to this).
pub fn manifest() -> serde_json::Value {
    use crate::params::Kind;
    use serde_json::json;
    let widgets: Vec<serde_json::Value> = widgets()
        .iter()
        .map(|w| {
            let params: Vec<serde_json::Value> = w
                .specs
                .iter()
                .map(|s| {
                    let (lo, hi) = s.range();
                    let mut p = json!({
                        "name": s.name,
                        "label": s.label,
                        "unit": s.unit,
                        "default": s.to_attr(s.default_value()),
                    });
                    let (kind, extra) = match s.kind {
                        Kind::Int { min, max, log, .. } => ("int", json!({ "min": min, "max": max, "log": log })),
                        Kind::Float { log, .. } => ("float", json!({ "min": lo, "max": hi, "log": log })),
                        Kind::Bool { .. } => ("bool", json!({})),
                        Kind::Seed { .. } => ("seed", json!({ "min": 0, "max": crate::params::MAX_SEED })),
                        Kind::Choice { options, .. } => ("choice", json!({ "options": options.iter().map(|o| o.value).collect::<Vec<_>>() })),
                        Kind::Clock { .. } => ("clock", json!({ "min": s.to_attr(lo), "max": s.to_attr(hi) })),
                    };
                    p["kind"] = json!(kind);
                    if let (Some(p), Some(extra)) = (p.as_object_mut(), extra.as_object()) {
                        p.extend(extra.clone());
                    }
                    p
                })
                .collect();
            let attrs: Vec<serde_json::Value> = w.attrs.iter().map(|a| json!({ "name": a.name, "meaning": a.meaning, "values": a.values })).collect();
            let aliases: Vec<serde_json::Value> = w.aliases.iter().map(|a| json!({ "name": a.name, "target": a.target, "value": a.value })).collect();
            json!({ "name": w.name, "label": w.label, "params": params, "attrs": attrs, "extras": w.extras, "aliases": aliases })
        })
        .collect();
    json!({
        "generator": "locklab_sim::registry::manifest (cargo test -p locklab-sim --test generated regenerates it with LOCKLAB_WRITE_GENERATED=1)",
        "version": env!("CARGO_PKG_VERSION"),
        "builtInDecks": crate::quiz::BUILT_IN.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
        "widgets": widgets,
    })
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
