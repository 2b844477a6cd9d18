//! Parameters: one description per parameter ([`Spec`]) drives validation, the sliders, the URL
//! and the events, so none of them can disagree about names, ranges, defaults or units.
//!
//! A scenario's parameters travel as a plain vector of `f64` in the order of its specs (booleans
//! as 0/1, integers and seeds as exact integral values). [`validate`] turns author-supplied
//! strings into such a vector and reports every problem as a [`Notice`]; [`clamp`] does the same
//! for values that are already numbers. Neither ever panics.

use serde::{Deserialize, Serialize};

use crate::messages::Said;

/// Something wrong with the input, and what was used instead. Shown inside the widget.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Notice {
    /// The parameter (attribute or URL name) the notice is about; empty for the widget itself.
    pub param: String,
    /// A short sentence for the author, in English: what was wrong and what was used instead.
    pub message: String,
    /// The same as a message, for showing it in the widget's language (none: `message` is shown).
    #[serde(skip)]
    pub said: Option<crate::messages::Said>,
}

impl PartialEq for Notice {
    fn eq(&self, other: &Self) -> bool {
        self.param == other.param && self.message == other.message
    }
}
impl Eq for Notice {}

impl Notice {
    pub fn new(param: impl Into<String>, message: impl Into<String>) -> Self {
        Self { param: param.into(), message: message.into(), said: None }
    }

    /// A notice said by a shared message (`crates/sim/locales/en/shared.ftl`), in English for
    /// its `message`, in the widget's language where it is shown.
    pub fn said(param: impl Into<String>, said: crate::messages::Said) -> Self {
        thread_local! {
            // Parsed once: an author's page may bring thousands of unknown names.
            static SHARED: crate::messages::Tr = crate::messages::Tr::english(&[crate::messages::SHARED]);
        }
        let message = SHARED.with(|tr| tr.said(&said));
        Self { param: param.into(), message, said: Some(said) }
    }

    /// The same for a message of a widget's own: `english` holds it ([`Notice::said`] knows only
    /// the shared messages).
    pub fn said_in(param: impl Into<String>, said: crate::messages::Said, english: &crate::messages::Tr) -> Self {
        Self { param: param.into(), message: english.said(&said), said: Some(said) }
    }
}

/// Serde for time-of-day fields (`#[serde(with = "crate::params::clock_serde")]`): `"21:50"` in
/// events and saved state, whole seconds since midnight inside.
pub mod clock_serde {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &u32, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&crate::text::clock(f64::from(*v)))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
        let s = String::deserialize(d)?;
        crate::text::parse_clock(&s).map(|v| v as u32).ok_or_else(|| D::Error::custom("not a time of day like 21:50"))
    }
}

/// The largest seed: seeds stay below 2^32 so they survive a round trip through JavaScript
/// numbers and URLs unchanged.
pub const MAX_SEED: u64 = u32::MAX as u64;

/// What kind of value a parameter holds, with its range and default.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub enum Kind {
    /// A whole number; `log` asks for a logarithmic slider.
    Int { min: i64, max: i64, default: i64, log: bool },
    /// A real number; `log` asks for a logarithmic slider, `step` is the linear slider's step.
    Float { min: f64, max: f64, default: f64, log: bool, step: f64 },
    /// On or off.
    Bool { default: bool },
    /// The seed of the random draws (0 ..= [`MAX_SEED`]).
    Seed { default: u64 },
    /// One of a few named options; the value is the option's index.
    Choice { options: &'static [Choice], default: usize },
    /// A time of day in whole seconds since midnight, written `21:50` or `21:50:30`; `step` is
    /// the slider's step in seconds.
    Clock { min: u32, max: u32, default: u32, step: u32 },
}

/// One option of a [`Kind::Choice`] parameter.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Choice {
    /// The value in attributes, URLs and events (`redis`).
    pub value: &'static str,
    /// What the control shows.
    pub label: &'static str,
}

/// Everything the page needs to know about one parameter.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Spec {
    /// The name in `data-*` attributes, URLs and event `params`, e.g. `think-ms`.
    pub name: &'static str,
    /// The control's visible label.
    pub label: &'static str,
    /// Unit shown after the value (`ms`, `s`, or empty).
    pub unit: &'static str,
    pub kind: Kind,
}

/// `seed`: the draws' seed, one parameter in every seeded widget (the default is the widget's).
pub const fn seed(default: u64) -> Spec {
    Spec { name: "seed", label: "Seed", unit: "", kind: Kind::Seed { default } }
}

/// Slider positions run from 0 to this value for logarithmic parameters.
pub const LOG_STEPS: f64 = 1000.0;

impl Spec {
    pub fn default_value(&self) -> f64 {
        match self.kind {
            Kind::Int { default, .. } => default as f64,
            Kind::Float { default, .. } => default,
            Kind::Bool { default } => f64::from(u8::from(default)),
            Kind::Seed { default } => default as f64,
            Kind::Choice { default, .. } => default as f64,
            Kind::Clock { default, .. } => f64::from(default),
        }
    }

    /// The allowed range (booleans: 0–1, seeds: 0–[`MAX_SEED`]).
    pub fn range(&self) -> (f64, f64) {
        match self.kind {
            Kind::Int { min, max, .. } => (min as f64, max as f64),
            Kind::Float { min, max, .. } => (min, max),
            Kind::Bool { .. } => (0.0, 1.0),
            Kind::Seed { .. } => (0.0, MAX_SEED as f64),
            Kind::Choice { options, .. } => (0.0, options.len().saturating_sub(1) as f64),
            Kind::Clock { min, max, .. } => (f64::from(min), f64::from(max)),
        }
    }

    pub fn is_log(&self) -> bool {
        matches!(self.kind, Kind::Int { log: true, .. } | Kind::Float { log: true, .. })
    }

    pub fn is_bool(&self) -> bool {
        matches!(self.kind, Kind::Bool { .. })
    }

    pub fn is_seed(&self) -> bool {
        matches!(self.kind, Kind::Seed { .. })
    }

    /// The options of a choice parameter (empty for the others).
    pub fn options(&self) -> &'static [Choice] {
        match self.kind {
            Kind::Choice { options, .. } => options,
            _ => &[],
        }
    }

    /// Brings any number into range and onto the parameter's grid (whole numbers for integers
    /// and seeds). Non-finite numbers give the default.
    pub fn clamp(&self, v: f64) -> f64 {
        if !v.is_finite() {
            return self.default_value();
        }
        let (lo, hi) = self.range();
        let v = v.clamp(lo, hi);
        match self.kind {
            Kind::Int { .. } | Kind::Seed { .. } | Kind::Choice { .. } | Kind::Clock { .. } => v.round(),
            Kind::Bool { .. } => f64::from(u8::from(v >= 0.5)),
            Kind::Float { .. } => v,
        }
    }

    /// The slider's range and step: `(min, max, step)`. Logarithmic parameters use positions
    /// `0..=LOG_STEPS`; the others use their own values.
    pub fn slider_range(&self) -> (f64, f64, f64) {
        if self.is_log() {
            return (0.0, LOG_STEPS, 1.0);
        }
        match self.kind {
            Kind::Float { min, max, step, .. } => (min, max, step),
            Kind::Clock { min, max, step, .. } => (f64::from(min), f64::from(max), f64::from(step.max(1))),
            _ => {
                let (lo, hi) = self.range();
                (lo, hi, 1.0)
            }
        }
    }

    /// Where a value sits on the slider.
    pub fn to_slider(&self, v: f64) -> f64 {
        let v = self.clamp(v);
        if !self.is_log() {
            return v;
        }
        let (lo, hi) = self.range();
        let lo = lo.max(f64::MIN_POSITIVE);
        LOG_STEPS * libm::log(v.max(lo) / lo) / libm::log(hi / lo)
    }

    /// The value at a slider position, rounded to a tidy number (two significant figures on a
    /// logarithmic slider, the step on a linear one).
    pub fn from_slider(&self, pos: f64) -> f64 {
        if !pos.is_finite() {
            return self.default_value();
        }
        if !self.is_log() {
            return self.clamp(match self.kind {
                Kind::Float { min, step, .. } if step > 0.0 => {
                    min + libm::round((pos - min) / step) * step
                }
                Kind::Clock { min, step, .. } if step > 0 => {
                    f64::from(min) + libm::round((pos - f64::from(min)) / f64::from(step)) * f64::from(step)
                }
                _ => pos,
            });
        }
        let (lo, hi) = self.range();
        let p = pos.clamp(0.0, LOG_STEPS) / LOG_STEPS;
        let raw = lo * libm::pow(hi / lo, p);
        self.clamp(round_sig(raw, 2))
    }

    /// The value a slider move from `current` to position `pos` sets. Like [`Spec::from_slider`],
    /// except that a move never gets stuck: on a logarithmic slider one step can be smaller than
    /// the rounding, so a move that would round back to `current` goes to the next tidy value in
    /// its direction instead (keyboard users step through 9.8, 9.9, 10, 11, … s).
    pub fn from_slider_moving(&self, current: f64, pos: f64) -> f64 {
        let v = self.from_slider(pos);
        if v != current || !self.is_log() || !pos.is_finite() {
            return v;
        }
        let here = self.to_slider(current);
        if (pos - here).abs() < 1e-9 {
            return v;
        }
        let up = pos > here;
        let next = next_tidy(current, up);
        match self.kind {
            Kind::Int { .. } => self.clamp(if up { (current + 1.0).max(next.round()) } else { (current - 1.0).min(next.round()) }),
            _ => self.clamp(next),
        }
    }

    /// The value as text with its unit, for the visible readout and `aria-valuetext`. A unit of
    /// `%` shows a fraction as a percentage (0.002 → "0.2 %").
    pub fn format(&self, v: f64) -> String {
        self.format_with(v, &crate::messages::Plain, &|on| (if on { "on" } else { "off" }).to_string(), &|o| o.label.to_string())
    }

    /// [`Spec::format`] in a locale's numbers, with its words for a switch's state and an
    /// option's label (`locklab_sim::messages::Tr::value`).
    pub fn format_with(&self, v: f64, numbers: &dyn crate::messages::Numbers, on_off: &dyn Fn(bool) -> String, option: &dyn Fn(&Choice) -> String) -> String {
        use crate::messages::Format;
        if self.unit == "%" {
            return numbers.format(v, Format::Percent);
        }
        let body = match self.kind {
            Kind::Bool { .. } => return on_off(v >= 0.5),
            Kind::Choice { options, .. } => return options.get(self.clamp(v) as usize).map_or_else(String::new, option),
            Kind::Int { .. } | Kind::Seed { .. } => numbers.format(v, Format::Int),
            Kind::Float { .. } => numbers.format(v, Format::Number),
            Kind::Clock { .. } => crate::text::clock(self.clamp(v)),
        };
        if self.unit.is_empty() { body } else { format!("{body} {}", self.unit) }
    }

    /// The value as it goes into a URL or attribute: no unit, no grouping, round-trips exactly
    /// through [`validate`].
    pub fn to_attr(&self, v: f64) -> String {
        match self.kind {
            Kind::Bool { .. } => (if v >= 0.5 { "true" } else { "false" }).into(),
            Kind::Choice { options, .. } => options.get(self.clamp(v) as usize).map_or_else(String::new, |o| o.value.to_string()),
            Kind::Int { .. } | Kind::Seed { .. } => format!("{}", v.round() as i64),
            // `-0` (a page may write it) is 0: never `--spread -0` in a command or an address.
            Kind::Float { .. } => format!("{}", if v == 0.0 { 0.0 } else { v }),
            Kind::Clock { .. } => crate::text::clock(self.clamp(v)),
        }
    }
}

/// The next number with two significant figures above (or below) `v`: 9.8 → 9.9, 9.9 → 10,
/// 10 → 11; down: 10 → 9.9.
fn next_tidy(v: f64, up: bool) -> f64 {
    if v <= 0.0 || !v.is_finite() {
        return v;
    }
    let r = round_sig(v, 2);
    let mag = libm::floor(libm::log10(r)) as i32;
    let unit = libm::pow(10.0, f64::from(mag - 1));
    if up {
        round_sig(r + unit, 2)
    } else {
        // Just below a power of ten the unit is ten times smaller: 10 → 9.9, not 9.
        let below = libm::pow(10.0, f64::from(mag));
        let unit = if (r - below).abs() < 1e-12 * below { unit / 10.0 } else { unit };
        round_sig(r - unit, 2)
    }
}

#[cfg(feature = "host-number-parser")]
static HOST_PARSER: std::sync::OnceLock<fn(&str) -> f64> = std::sync::OnceLock::new();

/// With the `host-number-parser` feature: the host's parser for decimal numbers (already checked
/// against Rust's grammar by [`parse_number`]). The first call wins.
#[cfg(feature = "host-number-parser")]
pub fn set_number_parser(parse: fn(&str) -> f64) {
    let _ = HOST_PARSER.set(parse);
}

/// Whether `t` is written as Rust's `f64::from_str` accepts a decimal number: an optional sign,
/// digits with at most one point and at least one digit, then an optional exponent (`e` or `E`,
/// optional sign, digits). `inf`, `infinity` and `nan` are handled by [`parse_number`].
fn decimal(t: &str) -> bool {
    let b = t.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let (mut digits, mut point) = (0, false);
    while i < b.len() {
        match b[i] {
            b'0'..=b'9' => digits += 1,
            b'.' if !point => point = true,
            _ => break,
        }
        i += 1;
    }
    if digits == 0 {
        return false;
    }
    if i < b.len() && matches!(b[i], b'e' | b'E') {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    i == b.len()
}

/// Parses a number as Rust's `f64::from_str` does (the same strings, the same correctly rounded
/// value); with the `host-number-parser` feature the digits go to the host's parser.
pub fn parse_number(t: &str) -> Option<f64> {
    let unsigned = t.strip_prefix(['+', '-']).unwrap_or(t);
    let negative = t.starts_with('-');
    if unsigned.eq_ignore_ascii_case("inf") || unsigned.eq_ignore_ascii_case("infinity") {
        return Some(if negative { f64::NEG_INFINITY } else { f64::INFINITY });
    }
    if unsigned.eq_ignore_ascii_case("nan") {
        return Some(f64::NAN);
    }
    if !decimal(t) {
        return None;
    }
    #[cfg(feature = "host-number-parser")]
    {
        HOST_PARSER.get().map(|parse| parse(t))
    }
    #[cfg(not(feature = "host-number-parser"))]
    {
        t.parse().ok()
    }
}

/// Rounds to `sig` significant figures.
pub fn round_sig(v: f64, sig: i32) -> f64 {
    if v == 0.0 || !v.is_finite() {
        return v;
    }
    let mag = libm::floor(libm::log10(v.abs())) as i32;
    let factor = libm::pow(10.0, f64::from(sig - 1 - mag));
    libm::round(v * factor) / factor
}

/// The defaults of every spec, in order.
pub fn defaults(specs: &[Spec]) -> Vec<f64> {
    specs.iter().map(Spec::default_value).collect()
}

/// Validates author-supplied `(name, value)` pairs (from `data-*` attributes or a URL) against
/// `specs`. Returns one value per spec, in order, and a notice for every value that was out of
/// range, unparsable, or named a parameter that does not exist. Names are matched exactly,
/// ignoring ASCII case; when a name repeats, the last one wins.
pub fn validate(specs: &[Spec], raw: &[(String, String)]) -> (Vec<f64>, Vec<Notice>) {
    let mut values = defaults(specs);
    // In input order; a later value of the same parameter replaces the earlier one's notice
    // (slot per spec, so this stays linear however many pairs arrive).
    let mut notices: Vec<Option<Notice>> = Vec::new();
    let mut slot: Vec<Option<usize>> = vec![None; specs.len()];
    let known = specs.iter().map(|s| s.name).collect::<Vec<_>>().join(", ");
    for (name, text) in raw {
        let Some(i) = specs.iter().position(|s| s.name.eq_ignore_ascii_case(name.trim())) else {
            notices.push(Some(Notice::said(
                shorten(name),
                Said::new("notice-unknown-param").text("name", shorten(name)).text("known", known.clone()),
            )));
            continue;
        };
        let spec = &specs[i];
        let (v, notice) = parse_one(spec, text);
        values[i] = v;
        if let Some(k) = slot[i].take() {
            notices[k] = None;
        }
        if let Some(n) = notice {
            slot[i] = Some(notices.len());
            notices.push(Some(n));
        }
    }
    (values, notices.into_iter().flatten().collect())
}

/// An attribute a widget's element takes besides its simulation parameters (`data-theme`,
/// `data-autoplay`, …): not a slider, but known to the validator, the registry, the mdBook
/// preprocessor and the docs like any parameter, so a documented attribute never draws an
/// "unknown parameter" notice.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Attr {
    /// The name in `data-*` attributes, URLs and directives.
    pub name: &'static str,
    /// What it does (one line, for the docs and the gallery).
    pub meaning: &'static str,
    /// The values it takes, the first being what an absent or refused value means; empty: any
    /// text, which the widget checks itself (an address, a list of steps).
    pub values: &'static [&'static str],
}

/// A widget's reference words: one `(name, meaning)` per parameter (in the specs' order, then the
/// extra state's names) and one per result field of its `locklab:change` event (several fields
/// that share a meaning may share a row: `"meanWaitMs, p99WaitMs"`). The documentation's tables are
/// made from these and the specs; only native code reads them.
#[derive(Clone, Copy, Debug)]
pub struct Docs {
    pub params: &'static [(&'static str, &'static str)],
    pub results: &'static [(&'static str, &'static str)],
}

/// Author-supplied `(name, value)` pairs.
pub type Pairs = Vec<(String, String)>;

/// The words a yes/no attribute takes (a bare attribute, `data-autoplay`, means yes).
pub const FLAG_WORDS: &[&str] = &["false", "", "true", "1", "0", "yes", "no", "on", "off"];

/// Whether a yes/no value means yes (anything not in [`FLAG_WORDS`] means no).
pub fn flag_on(value: &str) -> bool {
    matches!(value.trim().to_ascii_lowercase().as_str(), "" | "true" | "1" | "yes" | "on")
}

/// `data-theme`: every widget.
pub const THEME: Attr = Attr {
    name: "theme",
    meaning: "colour scheme: `auto` follows the page (its `color-scheme`, mdBook's theme, the reader's preference), or force `light` or `dark`",
    values: &["auto", "light", "dark"],
};

/// `data-locale`: every widget (issue #47).
pub const LOCALE: Attr = Attr {
    name: "locale",
    meaning: "the language the widget speaks, as a language tag (`es`, `es-MX`; `en-XA` and `ar-XB` are the pseudo-locales for testing a layout): without it, `locale=` in the page's address, then the nearest `lang` on the page decides. English is built in; another language this build has (its `locales/` folder) is fetched for it, and any other leaves the widget in English",
    values: &[],
};

/// `data-messages`: every simulation widget (issue #47).
pub const MESSAGES: Attr = Attr {
    name: "messages",
    meaning: "the address of a small file of the page's own wording (Fluent, as in `locales/`): each message in it replaces the widget's message of that key, in whatever language the widget speaks (`ttl-title = Why a lock must expire`). A key the widget does not have, or a message that uses a `$name` the widget does not give it, is named in a notice and left out",
    values: &[],
};

/// `data-autoplay`: widgets that play a timeline.
pub const AUTOPLAY: Attr = Attr {
    name: "autoplay",
    meaning: "`true` plays the timeline by itself once the widget is on screen (never under reduced motion)",
    values: FLAG_WORDS,
};

/// `data-layout`: every widget (the quiz only grows its type).
pub const LAYOUT: Attr = Attr {
    name: "layout",
    meaning: "`slide` lays the widget out for projection: in a box at least 900 px wide (a reveal.js slide is 960), the chart, the key readouts and the primary controls side by side in a 16:9 box, larger type, the narrative's first sentence; in a narrower box (a phone, a prose column) the usual stacked layout, shortened the same way, nothing clipped; a quiz in larger type",
    values: &["default", "slide"],
};

/// `data-steps`: every simulation widget (see [`crate::presets`]).
pub const STEPS: Attr = Attr {
    name: "steps",
    meaning: "preset steps for a lecture, `ttl-s=1 | ttl-s=60 | stall-shape=pareto`: each sets some parameters on top of the previous one; the widget opens at the first, and → / ← or its buttons step (on the fencing sandbox, `steps` without `=` is its story)",
    values: &[],
};

/// `data-step-captions`.
pub const STEP_CAPTIONS: Attr = Attr { name: "step-captions", meaning: "a caption for each preset step, `Short | Default | Long`", values: &[] };

/// `data-step`: which preset step to open at (the address keeps it).
pub const STEP: Attr = Attr { name: "step", meaning: "which preset step to open at, from 1 (the address keeps it)", values: &[] };

/// `data-compare`: every simulation widget.
pub const COMPARE: Attr = Attr {
    name: "compare",
    meaning: "two settings side by side on the same seed, `ttl-s=1 | ttl-s=60`, each on top of the other parameters, with a table of the results that differ",
    values: &[],
};

/// `data-compare-captions`: a heading for each side of a comparison.
pub const COMPARE_CAPTIONS: Attr = Attr {
    name: "compare-captions",
    meaning: "a heading for each side of `compare`, `Short lease | Long lease` (without it, each setting in words)",
    values: &[],
};

/// Splits `raw` into the pairs `attrs` name (checked: a notice for each value an attribute does
/// not take) and the rest (the simulation's parameters).
pub fn take_attrs(attrs: &[Attr], raw: &[(String, String)]) -> (Pairs, Pairs, Vec<Notice>) {
    let (mut mine, mut rest, mut notices) = (Vec::new(), Vec::new(), Vec::new());
    for (name, value) in raw {
        let Some(attr) = attrs.iter().find(|a| a.name.eq_ignore_ascii_case(name.trim())) else {
            rest.push((name.clone(), value.clone()));
            continue;
        };
        let v = value.trim();
        if !attr.values.is_empty() && !attr.values.iter().any(|w| w.eq_ignore_ascii_case(v)) {
            let flag = attr.values == FLAG_WORDS;
            let why = if flag { Said::new("notice-not-bool") } else { Said::new("notice-not-one-of").text("options", attr.values.join(", ")) };
            let used = if flag { "false" } else { attr.values[0] };
            notices.push(Notice::said(
                attr.name,
                Said::new("notice-using").text("name", attr.name).text("value", shorten(v)).said("why", why).text("used", used),
            ));
        }
        mine.push((attr.name.to_string(), value.clone()));
    }
    (mine, rest, notices)
}

/// The most notices a widget shows; the rest are counted in one last line.
pub const MAX_NOTICES: usize = 6;

/// Keeps the first [`MAX_NOTICES`] notices and says how many more there were.
pub fn cap_notices(mut notices: Vec<Notice>) -> Vec<Notice> {
    if notices.len() > MAX_NOTICES {
        let more = notices.len() - MAX_NOTICES;
        notices.truncate(MAX_NOTICES);
        notices.push(Notice::said("", Said::new("notice-more").num("more", more as f64)));
    }
    notices
}

/// An older name that still works: `name=true` means `target=value` (an embed code written before
/// `target` existed keeps giving the same picture). `name=false` sets nothing.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Alias {
    pub name: &'static str,
    pub target: &'static str,
    pub value: &'static str,
}

/// [`validate`], after translating `aliases`. The rule, the same wherever parameters come from:
/// an explicit `target` always wins over an alias; when several aliases are true, the one listed
/// last in `aliases` wins, whatever order they were written in; a value an alias cannot read
/// (`fencing=maybe`) gets a notice and is ignored.
pub fn validate_with_aliases(specs: &[Spec], aliases: &[Alias], raw: &[(String, String)]) -> (Vec<f64>, Vec<Notice>) {
    if aliases.is_empty() {
        return validate(specs, raw);
    }
    let mut chosen: Option<usize> = None;
    let mut explicit = Vec::with_capacity(raw.len());
    let mut notices = Vec::new();
    for (name, text) in raw {
        let Some(i) = aliases.iter().position(|a| a.name.eq_ignore_ascii_case(name.trim())) else {
            explicit.push((name.clone(), text.clone()));
            continue;
        };
        let alias = &aliases[i];
        match text.trim().to_ascii_lowercase().as_str() {
            "" | "true" | "1" | "yes" | "on" => chosen = Some(chosen.map_or(i, |c| c.max(i))),
            "false" | "0" | "no" | "off" => {}
            _ => notices.push(Notice::said(
                alias.name,
                Said::new("notice-alias")
                    .text("name", alias.name)
                    .text("value", shorten(text.trim()))
                    .text("target", format!("{}={}", alias.target, alias.value)),
            )),
        }
    }
    let mut pairs = Vec::with_capacity(explicit.len() + 1);
    if let Some(i) = chosen {
        pairs.push((aliases[i].target.to_string(), aliases[i].value.to_string()));
    }
    pairs.extend(explicit);
    let (values, mut found) = validate(specs, &pairs);
    notices.append(&mut found);
    (values, notices)
}

/// Brings numbers that are already numbers (from a slider, a saved state) into range, with a
/// notice for each one that had to change.
pub fn clamp(specs: &[Spec], values: &[f64]) -> (Vec<f64>, Vec<Notice>) {
    let mut out = Vec::with_capacity(specs.len());
    let mut notices = Vec::new();
    for (i, spec) in specs.iter().enumerate() {
        let v = values.get(i).copied().unwrap_or_else(|| spec.default_value());
        let c = spec.clamp(v);
        if c != v && !(v.is_nan() && c.is_nan()) {
            notices.push(Notice::said(spec.name, Said::new("notice-clamped").text("name", spec.name).value("used", spec, c)));
        }
        out.push(c);
    }
    (out, notices)
}

fn shorten(s: &str) -> String {
    const MAX: usize = 40;
    if s.chars().count() <= MAX { s.to_string() } else { s.chars().take(MAX).collect::<String>() + "…" }
}

fn parse_one(spec: &Spec, text: &str) -> (f64, Option<Notice>) {
    let t = text.trim();
    let name = spec.name;
    let default = spec.default_value();
    let fallback = |why: Said| {
        (
            default,
            Some(Notice::said(
                name,
                Said::new("notice-using-default").text("name", name).text("value", shorten(t)).said("why", why).value("used", spec, default),
            )),
        )
    };
    if let Kind::Choice { options, .. } = spec.kind {
        return match options.iter().position(|o| o.value.eq_ignore_ascii_case(t)) {
            Some(i) => (i as f64, None),
            None => {
                let names: Vec<&str> = options.iter().map(|o| o.value).collect();
                fallback(Said::new("notice-not-one-of").text("options", names.join(", ")))
            }
        };
    }
    if let Kind::Bool { .. } = spec.kind {
        return match t.to_ascii_lowercase().as_str() {
            // A bare attribute (`data-lock`) means on.
            "" | "true" | "1" | "yes" | "on" => (1.0, None),
            "false" | "0" | "no" | "off" => (0.0, None),
            _ => fallback(Said::new("notice-not-bool")),
        };
    }
    let v = if let Kind::Clock { .. } = spec.kind {
        match crate::text::parse_clock(t) {
            Some(v) => v,
            None => return fallback(Said::new("notice-not-clock")),
        }
    } else {
        let Some(v) = parse_number(t) else {
            return fallback(Said::new("notice-not-number"));
        };
        v
    };
    if !v.is_finite() {
        return fallback(Said::new("notice-not-finite"));
    }
    let c = spec.clamp(v);
    if c == v {
        return (c, None);
    }
    let (lo, hi) = spec.range();
    let why = if v < lo {
        Said::new("notice-below-min").value("min", spec, lo)
    } else if v > hi {
        Said::new("notice-above-max").value("max", spec, hi)
    } else {
        Said::new("notice-not-whole")
    };
    (c, Some(Notice::said(name, Said::new("notice-using").text("name", name).text("value", shorten(t)).said("why", why).value("used", spec, c))))
}

/// The `(name, value)` pairs that reproduce `values` exactly (for URLs and embed snippets).
pub fn to_pairs(specs: &[Spec], values: &[f64]) -> Vec<(String, String)> {
    specs
        .iter()
        .zip(values)
        .map(|(s, &v)| (s.name.to_string(), s.to_attr(v)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The grammar check accepts exactly the strings Rust's parser accepts, and gives its value:
    /// a list of edge cases and every string of up to four characters from a small alphabet.
    #[test]
    fn parse_number_is_rusts_parser() {
        let mut cases: Vec<String> = [
            "0", "1", "-1", "+1", "1.", ".5", "-.5", "+.5", ".", "-", "+", "", "1e5", "1E5", "1e+5", "1e-5", "1e", "1e+", "e5", ".e5", "1.5e3",
            "0.30000000000000004", "1.7976931348623157e308", "2e308", "4.9e-324", "1e-400", "inf", "-inf", "+Infinity", "NaN", "nan", "infinit",
            "0x10", "1_000", " 1", "1 ", "1,5", "١", "12345678901234567890123", "00012", "1..2", "1.2.3", "--1", "+-1",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let alphabet = ['0', '1', '.', 'e', '-', '+', 'E', 'x'];
        let mut frontier = vec![String::new()];
        for _ in 0..4 {
            frontier = frontier.iter().flat_map(|p| alphabet.iter().map(move |c| format!("{p}{c}"))).collect();
            cases.extend(frontier.iter().cloned());
        }
        for c in &cases {
            let ours = parse_number(c);
            let rust = c.parse::<f64>().ok();
            assert_eq!(ours.map(f64::to_bits), rust.map(f64::to_bits), "{c:?}");
        }
    }

    const SPECS: &[Spec] = &[
        Spec { name: "workers", label: "Workers", unit: "", kind: Kind::Int { min: 1, max: 20, default: 5, log: false } },
        Spec {
            name: "think-ms",
            label: "Think",
            unit: "ms",
            kind: Kind::Float { min: 0.1, max: 20.0, default: 2.0, log: true, step: 0.0 },
        },
        Spec { name: "lock", label: "Lock", unit: "", kind: Kind::Bool { default: false } },
        crate::params::seed(1),
        Spec {
            name: "store",
            label: "Store",
            unit: "",
            kind: Kind::Choice {
                options: &[Choice { value: "redis", label: "Redis" }, Choice { value: "consensus", label: "etcd" }],
                default: 0,
            },
        },
    ];

    fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        p.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
    }

    #[test]
    fn good_input_gives_no_notice() {
        let (v, n) = validate(
            SPECS,
            &pairs(&[("workers", "7"), ("think-ms", "0.5"), ("lock", "true"), ("seed", "42"), ("store", "Consensus")]),
        );
        assert_eq!(v, vec![7.0, 0.5, 1.0, 42.0, 1.0]);
        assert!(n.is_empty(), "{n:?}");
    }

    #[test]
    fn every_kind_of_bad_input_is_reported_and_replaced() {
        let (v, n) = validate(
            SPECS,
            &pairs(&[("workers", "50"), ("think-ms", "fast"), ("lock", "maybe"), ("seed", "-3"), ("colour", "red"), ("store", "mysql")]),
        );
        assert_eq!(v, vec![20.0, 2.0, 0.0, 0.0, 0.0]);
        assert_eq!(n.len(), 6, "{n:?}");
        assert!(n[5].message.contains("is not one of redis, consensus") && n[5].message.contains("Redis"), "{n:?}");
        assert!(n[0].message.contains("above the maximum") && n[0].message.contains("using 20"));
        assert!(n[1].message.contains("not a number") && n[1].message.contains("2 ms"));
        assert!(n[2].message.contains("not true or false"));
        assert!(n[3].message.contains("below the minimum"));
        assert_eq!(n[4].param, "colour");
        assert!(n[4].message.contains("Unknown parameter"));
    }

    #[test]
    fn non_finite_and_fractional_values() {
        let (v, n) = validate(SPECS, &pairs(&[("workers", "NaN"), ("think-ms", "inf")]));
        assert_eq!(v[..2], [5.0, 2.0]);
        assert_eq!(n.len(), 2);
        let (v, n) = validate(SPECS, &pairs(&[("workers", "5.6")]));
        assert_eq!(v[0], 6.0);
        assert!(n[0].message.contains("not a whole number"));
    }

    #[test]
    fn log_slider_round_trips_and_snaps() {
        let s = &SPECS[1];
        assert!((s.to_slider(0.1) - 0.0).abs() < 1e-9);
        assert!((s.to_slider(20.0) - LOG_STEPS).abs() < 1e-9);
        for pos in 0..=1000 {
            let v = s.from_slider(f64::from(pos));
            assert!((0.1..=20.0).contains(&v));
            // A snapped value maps back to (nearly) the same slider position.
            assert!((s.to_slider(v) - f64::from(pos)).abs() < 15.0);
        }
        assert_eq!(s.from_slider(s.to_slider(2.0)), 2.0);
    }

    #[test]
    fn arrow_keys_never_get_stuck_on_a_log_slider() {
        let s = &SPECS[1]; // 0.1–20 ms, log
        for start in [0.1, 0.25, 1.0, 2.0, 9.9, 10.0, 19.0] {
            let mut v = start;
            // One step right, as a browser does from the thumb's current position.
            for _ in 0..5 {
                let pos = (s.to_slider(v).round() + 1.0).min(LOG_STEPS);
                let next = s.from_slider_moving(v, pos);
                if v < 20.0 {
                    assert!(next > v, "stuck at {v} going up");
                }
                v = next;
            }
            let mut v = start;
            for _ in 0..5 {
                let pos = (s.to_slider(v).round() - 1.0).max(0.0);
                let next = s.from_slider_moving(v, pos);
                if v > 0.1 {
                    assert!(next < v, "stuck at {v} going down");
                }
                v = next;
            }
        }
        assert_eq!(next_tidy(10.0, false), 9.9);
        assert_eq!(next_tidy(9.9, true), 10.0);
        assert_eq!(next_tidy(10.0, true), 11.0);
    }

    #[test]
    fn thousands_of_parameters_give_a_few_notices() {
        let raw: Vec<(String, String)> = (0..21_000).map(|i| (format!("x{i}"), String::new())).chain([("workers".into(), "3".into())]).collect();
        let (v, n) = validate(SPECS, &raw);
        assert_eq!(v[0], 3.0);
        assert_eq!(n.len(), 21_000);
        let shown = cap_notices(n);
        assert_eq!(shown.len(), MAX_NOTICES + 1);
        assert!(shown[MAX_NOTICES].message.contains("20,994 more problems"), "{:?}", shown[MAX_NOTICES]);
        // A repeated parameter's later value replaces its earlier notice.
        let (_, n) = validate(SPECS, &pairs(&[("workers", "99"), ("colour", "red"), ("workers", "4")]));
        assert_eq!(n.len(), 1, "{n:?}");
        assert_eq!(n[0].param, "colour");
    }

    #[test]
    fn aliases_translate_in_one_rule() {
        const ALIASES: &[Alias] =
            &[Alias { name: "etcd", target: "store", value: "consensus" }, Alias { name: "plain", target: "store", value: "redis" }];
        let run = |p: &[(&str, &str)]| validate_with_aliases(SPECS, ALIASES, &pairs(p));
        assert_eq!(run(&[("etcd", "true")]).0[4], 1.0);
        assert_eq!(run(&[("etcd", "")]).0[4], 1.0, "a bare attribute means on");
        assert_eq!(run(&[("etcd", "false")]).0[4], 0.0);
        // The later alias in the table wins, in either order of writing.
        assert_eq!(run(&[("etcd", "true"), ("plain", "true")]).0[4], 0.0);
        assert_eq!(run(&[("plain", "true"), ("etcd", "true")]).0[4], 0.0);
        // An explicit value wins over any alias, before or after it.
        assert_eq!(run(&[("store", "redis"), ("etcd", "true")]).0[4], 0.0);
        assert_eq!(run(&[("etcd", "true"), ("store", "redis")]).0[4], 0.0);
        let (v, n) = run(&[("etcd", "maybe"), ("workers", "3")]);
        assert_eq!((v[0], v[4]), (3.0, 0.0));
        assert_eq!(n.len(), 1);
        assert!(n[0].param == "etcd" && n[0].message.contains("older name for store=consensus"), "{n:?}");
    }

    #[test]
    fn attrs_round_trip() {
        let values = vec![13.0, 0.37, 1.0, 4_000_000_000.0, 1.0];
        let (back, n) = validate(SPECS, &to_pairs(SPECS, &values));
        assert!(n.is_empty());
        assert_eq!(back, values);
    }

    #[test]
    fn formatting() {
        assert_eq!(SPECS[1].format(2.0), "2 ms");
        assert_eq!(SPECS[1].format(0.25), "0.25 ms");
        assert_eq!(SPECS[2].format(1.0), "on");
        assert_eq!(SPECS[4].format(1.0), "etcd");
        assert_eq!(SPECS[4].to_attr(1.0), "consensus");
        assert_eq!(round_sig(1234.5, 2), 1200.0);
        assert_eq!(round_sig(0.01234, 2), 0.012);
    }

    #[test]
    fn times_of_day() {
        let spec = Spec { name: "at", label: "At", unit: "", kind: Kind::Clock { min: 75_000, max: 86_400, default: 78_600, step: 10 } };
        let specs = [spec];
        let (v, n) = validate(&specs, &pairs(&[("at", "21:52:20")]));
        assert_eq!((v[0], n.len()), (78_740.0, 0));
        assert_eq!(spec.to_attr(v[0]), "21:52:20");
        assert_eq!(spec.format(78_600.0), "21:50");
        assert_eq!(spec.to_attr(86_400.0), "24:00");
        assert_eq!(validate(&specs, &pairs(&[("at", "24:00")])).0[0], 86_400.0);
        let (v, n) = validate(&specs, &pairs(&[("at", "9pm")]));
        assert_eq!(v[0], 78_600.0);
        assert!(n[0].message.contains("is not a time of day like 21:50"), "{:?}", n);
        let (v, n) = validate(&specs, &pairs(&[("at", "08:00")]));
        assert_eq!(v[0], 75_000.0);
        assert!(n[0].message.contains("below the minimum, 20:50"), "{:?}", n);
        // The slider moves in steps of 10 s.
        assert_eq!(spec.from_slider(78_604.0), 78_600.0);
        assert_eq!(spec.slider_range(), (75_000.0, 86_400.0, 10.0));
    }
}
