//! A teacher's controls (issue #45): `controls` shows only the controls it names, in its order (the
//! others are not shown and keep their values); `fixed` shows the controls it names and does not
//! let the learner change them. Attributes every simulation takes, read here against the
//! simulation's parameters (the widget, the adapters and the docs read the same rule).
//!
//! The rule: the value is trimmed; blank is as if the attribute were not there. `controls=none`
//! (ASCII case) shows no control. Otherwise the value is a comma-separated list of parameter names
//! (each trimmed, ASCII case; empty items skipped; a name given twice counts once); at most
//! [`MAX_NAMES`] items are read. A name that is no parameter of the widget gets a notice and is
//! left out; a `controls` list with no known name shows every control.

use crate::params::{Attr, Notice, Spec};

/// `data-controls`.
pub const CONTROLS: Attr = Attr {
    name: "controls",
    meaning: "the controls the learner sees, `ttl-s, stall-chance` (parameter names, in this order; `none` for none): the others are not shown and keep their values (`seed` shows New seed)",
    values: &[],
};

/// `data-fixed`.
pub const FIXED: Attr = Attr {
    name: "fixed",
    meaning: "controls shown but not changeable by the learner, `seed, lock` (parameter names); Reset leaves them as they are",
    values: &[],
};

/// The most items a list is read for.
pub const MAX_NAMES: usize = 64;

/// What `controls` and `fixed` say, as indices into the simulation's specs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Teacher {
    /// The controls shown, in order; `None`: every control, as usual.
    pub shown: Option<Vec<usize>>,
    /// The controls the learner cannot change.
    pub fixed: Vec<usize>,
}

impl Teacher {
    /// Whether the learner may change parameter `i` (shown and not fixed).
    pub fn changeable(&self, i: usize) -> bool {
        self.shown.as_ref().is_none_or(|s| s.contains(&i)) && !self.fixed.contains(&i)
    }
}

fn short(s: &str) -> String {
    s.chars().take(40).collect()
}

/// One list: the indices it names, in order, and a notice for each item that is no parameter.
fn names(specs: &[Spec], attr: &str, text: &str) -> (Vec<usize>, Vec<Notice>) {
    let (mut out, mut notices) = (Vec::new(), Vec::new());
    let mut items = text.split(',').map(str::trim).filter(|s| !s.is_empty());
    for item in items.by_ref().take(MAX_NAMES) {
        match specs.iter().position(|s| s.name.eq_ignore_ascii_case(item)) {
            Some(i) if !out.contains(&i) => out.push(i),
            Some(_) => {}
            None => {
                let known = specs.iter().map(|s| s.name).collect::<Vec<_>>().join(", ");
                notices.push(Notice::new(attr, format!("{attr}: \u{201c}{}\u{201d} is no parameter of this widget; left out. Known: {known}.", short(item))));
            }
        }
    }
    if items.next().is_some() {
        notices.push(Notice::new(attr, format!("{attr} names more than {MAX_NAMES} controls; the rest are left out.")));
    }
    (out, notices)
}

/// Reads `controls` and `fixed` from a simulation's attribute pairs (the last of each wins).
pub fn read(specs: &[Spec], attrs: &[(String, String)]) -> (Teacher, Vec<Notice>) {
    let get = |name: &str| attrs.iter().rev().find(|(k, _)| k.trim().eq_ignore_ascii_case(name)).map(|(_, v)| v.trim());
    let mut notices = Vec::new();
    let shown = match get(CONTROLS.name).filter(|t| !t.is_empty()) {
        None => None,
        Some(t) if t.eq_ignore_ascii_case("none") => Some(Vec::new()),
        Some(t) => {
            let (list, mut n) = names(specs, CONTROLS.name, t);
            notices.append(&mut n);
            (!list.is_empty()).then_some(list)
        }
    };
    let fixed = match get(FIXED.name).filter(|t| !t.is_empty()) {
        None => Vec::new(),
        Some(t) => {
            let (list, mut n) = names(specs, FIXED.name, t);
            notices.append(&mut n);
            list
        }
    };
    (Teacher { shown, fixed }, notices)
}

/// What the page's address (which a learner can edit) may set where the author restricted the
/// controls (`controls` or `fixed`, not blank): the parameters the learner could change with the
/// widget's own controls, and `theme` and `layout`. Everything else it names (a hidden or fixed
/// parameter, an older name for one, `controls`, `fixed`, presets, course attributes) is left out,
/// said in one notice. Without a restriction the address's pairs are kept as they are.
pub fn from_address(specs: &[Spec], aliases: &[crate::params::Alias], author: &[(String, String)], address: Vec<(String, String)>) -> (Vec<(String, String)>, Option<Notice>) {
    let blank = |name: &str| author.iter().rev().find(|(k, _)| k.trim().eq_ignore_ascii_case(name)).is_none_or(|(_, v)| v.trim().is_empty());
    if blank(CONTROLS.name) && blank(FIXED.name) {
        return (address, None);
    }
    let (teacher, _) = read(specs, author);
    let may = |name: &str| {
        let name = name.trim();
        let param = |n: &str| specs.iter().position(|s| s.name.eq_ignore_ascii_case(n)).is_some_and(|i| teacher.changeable(i));
        name.eq_ignore_ascii_case(crate::params::THEME.name)
            || name.eq_ignore_ascii_case(crate::params::LAYOUT.name)
            || param(name)
            || aliases.iter().any(|a| a.name.eq_ignore_ascii_case(name) && param(a.target))
    };
    let (kept, left): (Vec<_>, Vec<_>) = address.into_iter().partition(|(k, _)| may(k));
    let mut names: Vec<String> = Vec::new();
    for (k, _) in &left {
        let k = short(k.trim());
        if !names.iter().any(|n| n.eq_ignore_ascii_case(&k)) {
            names.push(k);
        }
    }
    let notice = (!names.is_empty()).then(|| {
        Notice::new(
            CONTROLS.name,
            format!("The page\u{2019}s address cannot set {}: this widget\u{2019}s author chose what learners may change; left out.", names.join(", ")),
        )
    });
    (kept, notice)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Scenario;

    fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        p.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    fn specs() -> &'static [Spec] {
        crate::TtlTradeoff::specs()
    }

    fn index(name: &str) -> usize {
        specs().iter().position(|s| s.name == name).expect("a parameter")
    }

    #[test]
    fn lists_in_order_ignoring_case_blanks_and_repeats() {
        let (t, n) = read(specs(), &pairs(&[("Controls", " Stall-Chance , ttl-s,, ttl-s "), ("fixed", "seed")]));
        assert!(n.is_empty(), "{n:?}");
        assert_eq!(t.shown, Some(vec![index("stall-chance"), index("ttl-s")]));
        assert_eq!(t.fixed, vec![index("seed")]);
        assert!(t.changeable(index("ttl-s")));
        assert!(!t.changeable(index("seed")), "fixed");
        assert!(!t.changeable(index("work-s")), "not shown");
    }

    #[test]
    fn blank_is_absent_none_is_none_unknown_is_said() {
        assert_eq!(read(specs(), &pairs(&[("controls", "  "), ("fixed", "")])), (Teacher::default(), vec![]));
        assert_eq!(read(specs(), &pairs(&[("controls", "NONE")])).0.shown, Some(vec![]));
        let (t, n) = read(specs(), &pairs(&[("controls", "tll-s"), ("fixed", "ttl-s, colour")]));
        assert_eq!(t.shown, None, "a list with no known name shows every control");
        assert_eq!(t.fixed, vec![index("ttl-s")]);
        assert_eq!(n.len(), 2);
        assert!(n[0].message.starts_with("controls: \u{201c}tll-s\u{201d} is no parameter of this widget"), "{n:?}");
        assert_eq!(n[1].param, "fixed");
    }

    #[test]
    fn reads_a_bounded_number_of_items() {
        let long = vec!["ttl-s"; MAX_NAMES + 1].join(",");
        let (t, n) = read(specs(), &pairs(&[("controls", &long)]));
        assert_eq!(t.shown, Some(vec![index("ttl-s")]));
        assert_eq!(n.len(), 1);
        assert!(n[0].message.contains("more than 64"));
    }

    /// A learner who edits the page's address changes only what the widget lets them change.
    #[test]
    fn the_address_cannot_undo_a_teachers_choice() {
        let address = pairs(&[("ttl-s", "60"), ("stall-chance", "0.02"), ("fixed", ""), ("controls", "ttl-s, seed"), ("theme", "dark"), ("seed", "7"), ("steps", "ttl-s=1|ttl-s=2")]);
        // No restriction: everything passes, as before.
        assert_eq!(from_address(specs(), &[], &pairs(&[("ttl-s", "5")]), address.clone()), (address.clone(), None));
        assert_eq!(from_address(specs(), &[], &pairs(&[("controls", " ")]), address.clone()).1, None);
        // ttl-s shown, seed fixed: the address may set ttl-s and the theme only.
        let author = pairs(&[("controls", "ttl-s, seed"), ("fixed", "seed")]);
        let (kept, notice) = from_address(specs(), &[], &author, address.clone());
        assert_eq!(kept, pairs(&[("ttl-s", "60"), ("theme", "dark")]));
        let text = notice.expect("said").message;
        assert!(text.contains("cannot set stall-chance, fixed, controls, seed, steps"), "{text}");
        // Fixed alone: every other control stays the learner's.
        let (kept, _) = from_address(specs(), &[], &pairs(&[("fixed", "ttl-s")]), address);
        assert_eq!(kept, pairs(&[("stall-chance", "0.02"), ("theme", "dark"), ("seed", "7")]));
        // An older name for a parameter is that parameter.
        let (held, aliases) = (crate::PausedHolder::specs(), crate::PausedHolder::aliases());
        let a = aliases.first().expect("the paused holder keeps an older name");
        let (kept, notice) = from_address(held, aliases, &pairs(&[("fixed", a.target)]), pairs(&[(a.name, "true")]));
        assert!(kept.is_empty() && notice.is_some(), "{} is {}", a.name, a.target);
        let (kept, _) = from_address(held, aliases, &pairs(&[("fixed", "seed")]), pairs(&[(a.name, "true")]));
        assert_eq!(kept.len(), 1, "{} is {}, which is the learner's", a.name, a.target);
    }
}
