//! Every simulation widget, written once: its name, its label, its parameters and how an author's
//! attributes are validated. `locklab_course::registry` adds the quiz to this list for what needs
//! every widget (the widgets crate, the mdBook preprocessor, the generated adapters and the docs).

use crate::params::{Attr, Notice, Spec};
use crate::Scenario;

/// How an author's `(name, value)` pairs become values and notices.
pub type Validate = fn(&[(String, String)]) -> (Vec<f64>, Vec<Notice>);

/// One widget.
#[derive(Clone, Copy)]
pub struct Widget {
    /// `data-locklab="…"`.
    pub name: &'static str,
    /// What the gallery calls it.
    pub label: &'static str,
    /// Its parameters (none for the quiz, whose attributes are all in `attrs`).
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

/// The simulation widgets, in the order the gallery lists them ([`crate::for_each_scenario`]).
pub fn widgets() -> Vec<Widget> {
    macro_rules! list {
        ($(($module:ident, $type:ident, $name:literal, $label:literal)),* $(,)?) => {
            vec![$(sim::<crate::$module::$type>($label)),*]
        };
    }
    crate::for_each_scenario!(list)
}

/// The simulations' names, in the order of [`widgets`]: a plain list, so code that only needs the
/// names (a widget's "no such widget" message) does not pull every widget's validation into a
/// one-widget bundle.
pub const NAMES: &[&str] = {
    macro_rules! names {
        ($(($module:ident, $type:ident, $name:literal, $label:literal)),* $(,)?) => {
            &[$($name),*]
        };
    }
    crate::for_each_scenario!(names)
};

/// The names `data-locklab` accepts.
pub fn names() -> Vec<&'static str> {
    NAMES.to_vec()
}

/// The widget called `name` (case-insensitive).
pub fn find(name: &str) -> Option<Widget> {
    widgets().into_iter().find(|w| w.name.eq_ignore_ascii_case(name.trim()))
}

/// How a parameter's range reads in the docs: `1–20`, `0.1–20 ms (log slider)`, `true` / `false`,
/// `` `redis`, `consensus` ``, `20:50–22:00 (10 s steps)`. The documentation's tables are made with this (`{{#locklab-reference …}}`).
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
        assert!(find("").is_none() && find("nope").is_none() && find("quiz").is_none(), "the quiz is course content");
        assert_eq!(widgets().iter().map(|w| w.name).collect::<Vec<_>>(), NAMES, "NAMES lists widgets() in order");
        // Each entry of the list names its type's own NAME.
        macro_rules! same {
            ($(($module:ident, $type:ident, $name:literal, $label:literal)),* $(,)?) => {
                $(assert_eq!(<crate::$module::$type as Scenario>::NAME, $name);)*
            };
        }
        crate::for_each_scenario!(same);
    }
}
