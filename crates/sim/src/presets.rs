//! A lecturer's preset steps and side-by-side comparisons, written as parameters are:
//!
//! - `steps="ttl-s=1 | ttl-s=10 | ttl-s=60 | stall-shape=pareto"`: each step sets some parameters
//!   on top of the previous one (the widget opens at the first; a presenter steps through them
//!   like fragments), with optional `step-captions="Short | The default | Long | Heavy tail"`;
//! - `compare="ttl-s=1 | ttl-s=60"`: the same seed at two settings, each on top of the element's
//!   other parameters.
//!
//! A step is parameter `name=value` pairs separated by spaces (or commas); steps are separated by
//! `|`. Every value is validated like an attribute, and each problem is a notice naming the step.

use crate::params::{Alias, Notice, Spec};

/// The most steps a widget keeps.
pub const MAX_STEPS: usize = 24;
/// The longest caption kept (characters).
pub const MAX_CAPTION: usize = 120;

/// One step: the parameters it sets, as (index in the specs, value).
pub type Step = Vec<(usize, f64)>;

/// Parsed steps and their captions.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Presets {
    pub steps: Vec<Step>,
    pub captions: Vec<String>,
}

impl Presets {
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// `base` with steps `0..=k` applied in order (k clamped to the last step).
    pub fn values_at(&self, base: &[f64], k: usize) -> Vec<f64> {
        let mut v = base.to_vec();
        for step in self.steps.iter().take(k.saturating_add(1)) {
            for &(i, x) in step {
                if let Some(slot) = v.get_mut(i) {
                    *slot = x;
                }
            }
        }
        v
    }

    /// The caption of step `k`, if the author gave one.
    pub fn caption(&self, k: usize) -> Option<&str> {
        self.captions.get(k).map(String::as_str).filter(|c| !c.is_empty())
    }
}

/// Whether a `steps` value is a list of preset steps (it sets parameters) rather than the fencing
/// sandbox's own story (`A.acquire,A.read`, which never contains `=`).
pub fn is_presets(text: &str) -> bool {
    text.contains('=')
}

/// A setting in words, for paper: "Lock TTL 20 s and Stall chance 2 %" (each parameter's label
/// and its formatted value, in the order written).
pub fn in_words(specs: &[Spec], step: &Step) -> String {
    let parts: Vec<String> = step
        .iter()
        .filter_map(|&(i, v)| specs.get(i).map(|s| format!("{} {}", s.label, s.format(v))))
        .collect();
    match parts.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// Parses one set of `name=value` pairs against `specs` (`what` names it in notices: "step 2").
pub fn parse_setting(specs: &[Spec], aliases: &[Alias], text: &str, what: &str, notices: &mut Vec<Notice>) -> Step {
    let mut step: Step = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || c == ',' || c == ';').filter(|w| !w.is_empty()) {
        let Some((name, value)) = word.split_once('=') else {
            notices.push(Notice::new("steps", format!("{what}: \u{201c}{}\u{201d} is not a parameter=value pair; ignored.", short(word))));
            continue;
        };
        let name = name.trim();
        // An older name translates to its target (e.g. fencing=true → protection=fence-writes).
        let target = aliases.iter().find(|a| a.name.eq_ignore_ascii_case(name)).map_or(name, |a| a.target);
        let Some(i) = specs.iter().position(|s| s.name.eq_ignore_ascii_case(target)) else {
            let known: Vec<&str> = specs.iter().map(|s| s.name).collect();
            notices.push(Notice::new("steps", format!("{what}: unknown parameter \u{201c}{}\u{201d}; ignored. Known: {}.", short(name), known.join(", "))));
            continue;
        };
        let (values, found) = crate::params::validate_with_aliases(specs, aliases, &[(name.to_string(), value.to_string())]);
        for n in found {
            notices.push(Notice::new("steps", format!("{what}: {}", n.message)));
        }
        if let Some(&v) = values.get(i) {
            step.retain(|(j, _)| *j != i);
            step.push((i, v));
        }
    }
    step
}

fn short(s: &str) -> String {
    s.chars().take(40).collect()
}

/// Parses `steps` (and `captions`, if given) against `specs`.
pub fn parse(specs: &[Spec], aliases: &[Alias], text: &str, captions: Option<&str>) -> (Presets, Vec<Notice>) {
    let mut notices = Vec::new();
    let parts: Vec<&str> = text.split('|').collect();
    if parts.len() > MAX_STEPS {
        notices.push(Notice::new("steps", format!("steps: only the first {MAX_STEPS} of {} steps are kept.", parts.len())));
    }
    let steps: Vec<Step> = parts.iter().take(MAX_STEPS).enumerate().map(|(k, part)| parse_setting(specs, aliases, part, &format!("steps: step {}", k + 1), &mut notices)).collect();
    let captions: Vec<String> = captions
        .map(|c| c.split('|').take(steps.len()).map(|c| c.trim().chars().take(MAX_CAPTION).collect()).collect())
        .unwrap_or_default();
    if !captions.is_empty() && captions.len() < steps.len() {
        notices.push(Notice::new("step-captions", format!("step-captions: {} captions for {} steps; the others have none.", captions.len(), steps.len())));
    }
    (Presets { steps, captions }, notices)
}

/// Parses `compare` into the two settings it compares (each on top of the element's parameters).
pub fn parse_compare(specs: &[Spec], aliases: &[Alias], text: &str) -> (Option<[Step; 2]>, Vec<Notice>) {
    let mut notices = Vec::new();
    let parts: Vec<&str> = text.split('|').collect();
    if parts.len() != 2 {
        notices.push(Notice::new(
            "compare",
            format!("compare takes two settings separated by | (like ttl-s=1 | ttl-s=60), not {}; nothing is compared.", parts.len()),
        ));
        return (None, notices);
    }
    let a = parse_setting(specs, aliases, parts[0], "compare: the first setting", &mut notices);
    let b = parse_setting(specs, aliases, parts[1], "compare: the second setting", &mut notices);
    for n in &mut notices {
        n.param = "compare".into();
    }
    (Some([a, b]), notices)
}

/// The notices for an element's `steps`, `step-captions`, `step` and `compare` attributes (what a
/// widget, the mdBook preprocessor and the other adapters report).
pub fn check(specs: &[Spec], aliases: &[Alias], attrs: &[(String, String)]) -> Vec<Notice> {
    let get = |name: &str| attrs.iter().rev().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str());
    let mut notices = Vec::new();
    let mut count = 0;
    // The fencing sandbox takes its own story out of `steps` before this check; on every other
    // widget a `steps` value is preset steps, and one without a single pair is said, not skipped.
    if let Some(text) = get("steps").filter(|t| !t.trim().is_empty()) {
        let (p, mut n) = parse(specs, aliases, text, get("step-captions"));
        count = p.steps.len();
        notices.append(&mut n);
    }
    if let Some(step) = get("step") {
        match step.trim().parse::<usize>() {
            Ok(k) if k >= 1 && k <= count => {}
            _ if count == 0 => notices.push(Notice::new("step", format!("step=\u{201c}{}\u{201d} needs preset steps (steps=\u{2026}); ignored.", short(step)))),
            _ => notices.push(Notice::new("step", format!("step=\u{201c}{}\u{201d} is not a step from 1 to {count}; opening at step 1.", short(step)))),
        }
    }
    // Captions with nothing to caption are said, not dropped in silence.
    if count == 0
        && let Some(c) = get("step-captions").filter(|c| !c.trim().is_empty())
    {
        notices.push(Notice::new("step-captions", format!("step-captions=\u{201c}{}\u{201d} captions preset steps, and there are none (steps=\u{2026}); ignored.", short(c.trim()))));
    }
    if get("compare").is_none()
        && let Some(c) = get("compare-captions").filter(|c| !c.trim().is_empty())
    {
        notices.push(Notice::new("compare-captions", format!("compare-captions=\u{201c}{}\u{201d} heads the two sides of a comparison, and there is none (compare=\u{2026}); ignored.", short(c.trim()))));
    }
    if let Some(text) = get("compare") {
        let (pair, mut n) = parse_compare(specs, aliases, text);
        notices.append(&mut n);
        if pair.is_some() && count > 0 {
            notices.push(Notice::new("compare", "compare shows two settings side by side, so the preset steps (steps, step, step-captions) are not used beside it: remove one or the other.".to_string()));
        }
    }
    notices
}

/// The text that writes these steps back (`name=value` as attributes write them), for the
/// gallery and the address.
pub fn to_text(specs: &[Spec], steps: &[Step]) -> String {
    steps
        .iter()
        .map(|step| step.iter().filter_map(|&(i, v)| specs.get(i).map(|s| format!("{}={}", s.name, s.to_attr(v)))).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join(" | ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Scenario;

    #[test]
    fn steps_set_parameters_on_top_of_each_other() {
        let specs = crate::TtlTradeoff::specs();
        let (p, n) = parse(specs, &[], "ttl-s=1 | ttl-s=10 | ttl-s=60 | stall-shape=pareto", Some("Short | Default | Long | Heavy tail"));
        assert!(n.is_empty(), "{n:?}");
        assert_eq!(p.steps.len(), 4);
        let base = crate::params::defaults(specs);
        let ttl = specs.iter().position(|s| s.name == "ttl-s").expect("ttl-s");
        let shape = specs.iter().position(|s| s.name == "stall-shape").expect("stall-shape");
        assert_eq!(p.values_at(&base, 0)[ttl], 1.0);
        assert_eq!(p.values_at(&base, 2)[ttl], 60.0);
        let last = p.values_at(&base, 3);
        assert_eq!((last[ttl], last[shape]), (60.0, 1.0), "the TTL stays from step 3");
        assert_eq!(p.caption(3), Some("Heavy tail"));
        assert_eq!(to_text(specs, &p.steps), "ttl-s=1 | ttl-s=10 | ttl-s=60 | stall-shape=pareto");
    }

    /// The example every author reads (the `steps` attribute's meaning) teaches what its last
    /// step's caption would say: a heavy tail raises the unsafe count where it matters, at a long
    /// TTL (before, the example ended at 10 s, where a Pareto tail of the same mean lowers it).
    #[test]
    fn the_documented_example_ends_on_a_heavy_tail_that_raises_the_count() {
        let meaning = crate::params::STEPS.meaning;
        let example = meaning.split('`').nth(1).expect("an example between backquotes");
        let specs = crate::TtlTradeoff::specs();
        let (p, n) = parse(specs, &[], example, None);
        assert!(n.is_empty(), "{n:?}");
        let base = crate::params::defaults(specs);
        let per_day = |i: usize| crate::ttl_tradeoff::run(&crate::ttl_tradeoff::Params::from_values(&p.values_at(&base, i))).summary.exact_per_day;
        let last = p.steps.len() - 1;
        assert!(per_day(last) > 10.0 * per_day(last - 1), "{example}: {} a day after the heavy tail against {} before", per_day(last), per_day(last - 1));
    }

    /// What a comparison leaves unused, and captions with nothing to caption, are said.
    #[test]
    fn what_would_be_dropped_in_silence_is_said() {
        let specs = crate::TtlTradeoff::specs();
        let said = |pairs: &[(&str, &str)]| -> Vec<String> {
            let attrs: Vec<(String, String)> = pairs.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
            check(specs, &[], &attrs).into_iter().map(|n| format!("{}: {}", n.param, n.message)).collect()
        };
        assert_eq!(said(&[("step-captions", "Short | Long")]).len(), 1);
        assert!(said(&[("step-captions", "Short | Long")])[0].starts_with("step-captions: "));
        assert!(said(&[("step-captions", "  ")]).is_empty(), "blank is no captions");
        assert_eq!(said(&[("compare-captions", "A | B")]).len(), 1);
        assert!(said(&[("compare-captions", "A | B"), ("compare", "ttl-s=1 | ttl-s=60")]).is_empty());
        let both = said(&[("compare", "ttl-s=1 | ttl-s=60"), ("steps", "ttl-s=5 | ttl-s=9")]);
        assert!(both.len() == 1 && both[0].starts_with("compare: compare shows two settings"), "{both:?}");
        // An invalid comparison says only what is wrong with it (it is not shown, so steps are used).
        assert_eq!(said(&[("compare", "ttl-s=1"), ("steps", "ttl-s=5 | ttl-s=9")]).len(), 1);
        assert!(said(&[("steps", "ttl-s=5 | ttl-s=9"), ("step-captions", "a | b")]).is_empty());
    }

    #[test]
    fn steps_without_a_single_pair_are_said() {
        let specs = crate::TtlTradeoff::specs();
        let attrs = vec![("steps".to_string(), "1 | 10".to_string())];
        let said: Vec<String> = check(specs, &[], &attrs).into_iter().map(|n| n.message).collect();
        assert_eq!(said.len(), 2, "{said:?}");
        assert!(said[0].contains("step 1") && said[0].contains("not a parameter=value pair"), "{said:?}");
        assert!(check(specs, &[], &[("steps".to_string(), "  ".to_string())]).is_empty(), "a blank value is no steps");
    }

    #[test]
    fn bad_steps_are_named() {
        let specs = crate::TtlTradeoff::specs();
        let (p, n) = parse(specs, &[], "ttl-s=banana | colour=red | ttl-s=1000 | nonsense", None);
        assert_eq!(p.steps.len(), 4);
        let said: Vec<&str> = n.iter().map(|n| n.message.as_str()).collect();
        assert!(said[0].starts_with("steps: step 1: ttl-s=\u{201c}banana\u{201d} is not a number"), "{said:?}");
        assert!(said[1].starts_with("steps: step 2: unknown parameter \u{201c}colour\u{201d}"), "{said:?}");
        assert!(said[2].contains("step 3") && said[2].contains("above the maximum"), "{said:?}");
        assert!(said[3].contains("step 4") && said[3].contains("not a parameter=value pair"), "{said:?}");
        let (_, n) = parse(specs, &[], &"ttl-s=1|".repeat(30), None);
        assert!(n.iter().any(|n| n.message.contains("only the first 24")), "{n:?}");
        // Older names work in steps too.
        let ph = crate::PausedHolder::specs();
        let (p, n) = parse(ph, crate::PausedHolder::aliases(), "fencing=true", None);
        assert!(n.is_empty() && p.steps[0].len() == 1, "{n:?} {p:?}");
        assert!(is_presets("ttl-s=1") && !is_presets("A.acquire,A.read"));
    }

    #[test]
    fn compare_takes_two_settings() {
        let specs = crate::TtlTradeoff::specs();
        let (c, n) = parse_compare(specs, &[], "ttl-s=1 | ttl-s=60");
        assert!(n.is_empty());
        let [a, b] = c.expect("two");
        assert_eq!((a[0].1, b[0].1), (1.0, 60.0));
        let (c, n) = parse_compare(specs, &[], "ttl-s=1");
        assert!(c.is_none() && n[0].message.contains("takes two settings"));
    }
}
