//! A widget's words in its page's language (issue #47): the messages the loader fetched for the
//! element, over the English compiled in, with numbers and plurals from the browser's `Intl` (no
//! locale data in the wasm).
//!
//! The loader (`web/locklab.js`) decides the locale (the element's `locale`/`data-locale`, then
//! `locale=` in the page's address, then the nearest `lang`), fetches `locales/<locale>.ftl` for
//! any but English, and sets [`LOCALE_PROPERTY`] on the element before it mounts: `{ locale, text }`.
//! An English page sets nothing and fetches nothing.

use std::rc::Rc;

use leptos::prelude::*;
use locklab_sim::messages::{Arg, Bundle, Format, Numbers, Tr};
use locklab_sim::params::Notice;
use wasm_bindgen::JsValue;
use web_sys::HtmlElement;

/// The element's property the loader sets: `{ locale: "es", text: "<the .ftl file>" }`.
pub const LOCALE_PROPERTY: &str = "locklabLocale";

/// The element's property the loader sets for a page's own wording (`data-messages`): `{ url,
/// text }`, or `{ url, error }` when the file could not be fetched.
pub const MESSAGES_PROPERTY: &str = "locklabMessages";

/// A widget's words: its messages and the name its control labels are keyed by. Provided as
/// context at the widget's root; cheap to clone.
#[derive(Clone)]
pub struct Words {
    tr: Rc<Tr>,
    widget: &'static str,
    /// The keys already warned of: a chart redrawn every frame of the player, or a narrative
    /// said again on every move, warns of a key once, not each time.
    warned: Rc<std::cell::RefCell<Vec<String>>>,
}

// SAFETY: wasm32 in the browser is single-threaded; the words never cross threads (as `SendHost`).
unsafe impl Send for Words {}
unsafe impl Sync for Words {}

impl Words {
    /// The message `key` with `args` (English where the locale lacks it, with a console warning).
    pub fn t(&self, key: &str, args: &[(&str, Arg)]) -> String {
        let out = self.tr.msg(key, args);
        self.warn();
        out
    }

    /// A control's label in this locale.
    pub fn label(&self, spec: &locklab_sim::Spec) -> String {
        let out = self.tr.label(self.widget, spec);
        self.warn();
        out
    }

    /// A control's value as it is shown and announced.
    pub fn value(&self, spec: &locklab_sim::Spec, v: f64) -> String {
        let out = self.tr.value(self.widget, spec, v);
        self.warn();
        out
    }

    /// A message kept for later ([`locklab_sim::messages::Said`]), with this widget's words for
    /// its parameters' values.
    pub fn said(&self, said: &locklab_sim::messages::Said) -> String {
        let out = self.tr.said_for(self.widget, said);
        self.warn();
        out
    }

    /// The messages themselves (a narrative, a chart or a timeline in this locale). What they
    /// lacked while the guard was held is warned of as it drops, as [`Words::t`] warns.
    pub fn tr(&self) -> Warned<'_> {
        Warned(self)
    }

    /// The locale's tag (`en` for English).
    pub fn locale(&self) -> &str {
        self.tr.locale()
    }

    /// Warns on the console, once per key, of what this locale lacked and said in English.
    pub fn warn(&self) {
        for key in self.tr.missing() {
            let mut warned = self.warned.borrow_mut();
            if warned.contains(&key) {
                continue;
            }
            web_sys::console::warn_1(&format!("locklab: the {} translation has no message `{key}`; it is said in English.", self.tr.locale()).into());
            warned.push(key);
        }
    }
}

/// A widget's messages lent out ([`Words::tr`]): warns on the console of what the locale lacked
/// once the borrower is done.
pub struct Warned<'a>(&'a Words);

impl std::ops::Deref for Warned<'_> {
    type Target = Tr;
    fn deref(&self) -> &Tr {
        &self.0.tr
    }
}

impl Drop for Warned<'_> {
    fn drop(&mut self) {
        self.0.warn();
    }
}

/// The words of the widget around the caller (English when none were provided: a piece used
/// outside a widget's root).
pub fn words() -> Words {
    use_context::<Words>().unwrap_or_else(|| Words { tr: Rc::new(Tr::english(&[locklab_sim::messages::SHARED])), widget: "", warned: Rc::default() })
}

/// The pseudo-locales (`en-XA`, `ar-XB`) are English underneath: for a screen reader and for
/// numbers.
fn english_underneath(locale: &str) -> bool {
    locale.starts_with("en-") || locale == "ar-XB"
}

/// Languages written right to left, by their primary subtag (and the right-to-left pseudo-locale).
fn right_to_left(locale: &str) -> bool {
    let l = locale.to_ascii_lowercase();
    let primary = l.split(['-', '_']).next().unwrap_or("");
    matches!(primary, "ar" | "he" | "fa" | "ur" | "yi" | "ps" | "dv" | "ckb" | "sd" | "ug")
}

/// The words for widget `widget` on `host`, from what the loader set (the locale's file and the
/// page's own wording), and what the page should be told: a translation or a wording file that
/// could not be read (the widget then keeps its words), or the messages of a wording file the
/// widget cannot use. `specs`: its parameters, whose labels and options a wording file may reword
/// too ([`locklab_sim::messages::word_keys`]).
pub fn words_for(host: &HtmlElement, widget: &'static str, english: &'static str, specs: &[locklab_sim::Spec]) -> (Words, Vec<Notice>) {
    // The course layer's panels speak too, in a bundle that has them.
    #[cfg(feature = "course")]
    let sources = [locklab_sim::messages::SHARED, locklab_sim::messages::COURSE, english];
    #[cfg(not(feature = "course"))]
    let sources = [locklab_sim::messages::SHARED, english];
    let field = |v: &JsValue, k: &str| js_sys::Reflect::get(v, &k.into()).ok().and_then(|x| x.as_string());
    let given = js_sys::Reflect::get(host, &LOCALE_PROPERTY.into()).ok().filter(|v| v.is_object());
    let locale = given.as_ref().and_then(|g| field(g, "locale")).filter(|l| l.len() <= 35 && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'));
    let text = given.as_ref().and_then(|g| field(g, "text"));
    let mut notices = Vec::new();
    let mut tr = match (locale, text) {
        (Some(locale), Some(text)) => match Bundle::parse(&text) {
            Ok(own) => Tr::new(&locale, Some(own), &sources, Box::new(IntlNumbers::new(&locale))),
            Err(e) => {
                let tr = Tr::english(&sources);
                let said = tr.msg("locale-unreadable", &[("locale", locale.as_str().into()), ("why", e.to_string().into())]);
                notices.push(Notice::new("", said));
                tr
            }
        },
        _ => Tr::english(&sources),
    };
    // The page's own wording, over the locale's.
    if let Some(page) = js_sys::Reflect::get(host, &MESSAGES_PROPERTY.into()).ok().filter(|v| v.is_object()) {
        let file: String = field(&page, "url").unwrap_or_default().chars().take(200).collect();
        let read = match (field(&page, "text"), field(&page, "error")) {
            (Some(text), _) => Bundle::parse(&text).map_err(|e| e.to_string()),
            (None, error) => Err(error.unwrap_or_else(|| "no text".into())),
        };
        match read {
            Ok(bundle) => {
                let refused = tr.reword(bundle, &locklab_sim::messages::word_keys(widget, specs));
                notices.extend(refused_notices(&tr, &file, &refused));
            }
            Err(why) => {
                let said = tr.msg("messages-unreadable", &[("file", file.as_str().into()), ("why", why.into())]);
                notices.push(Notice::new("messages", said));
            }
        }
    }
    (Words { tr: Rc::new(tr), widget, warned: Rc::default() }, notices)
}

/// What the page is told of a wording file's messages the widget left out (a few named, the count
/// of the rest).
fn refused_notices(tr: &Tr, file: &str, refused: &locklab_sim::messages::Refused) -> Vec<Notice> {
    const NAMED: usize = 8;
    // A key is at most a line of the file: shown shortened.
    let short = |k: &String| -> String { if k.chars().count() > 60 { format!("{}…", k.chars().take(60).collect::<String>()) } else { k.clone() } };
    let mut out = Vec::new();
    if !refused.unknown.is_empty() {
        let mut keys = refused.unknown.iter().take(NAMED).map(short).collect::<Vec<_>>().join(", ");
        if refused.unknown.len() > NAMED {
            keys.push_str(&format!(", … (+{})", refused.unknown.len() - NAMED));
        }
        let said = tr.msg("messages-unknown", &[("file", file.into()), ("keys", keys.into()), ("count", refused.unknown.len().into())]);
        out.push(Notice::new("messages", said));
    }
    for (key, names) in refused.placeables.iter().take(NAMED) {
        let names = names.iter().take(NAMED).map(|n| format!("${}", short(n))).collect::<Vec<_>>().join(", ");
        let said = tr.msg("messages-placeables", &[("file", file.into()), ("key", short(key).into()), ("names", names.into())]);
        out.push(Notice::new("messages", said));
    }
    for (key, other) in refused.references.iter().take(NAMED) {
        let said = tr.msg("messages-reference", &[("file", file.into()), ("key", short(key).into()), ("other", short(other).into())]);
        out.push(Notice::new("messages", said));
    }
    // The widget's own notices stop after a few (params::cap_notices says how many more).
    out
}

/// Sets the language (and, for a right-to-left one, the direction) on the widget's container, so
/// that screen readers pronounce it and the layout mirrors.
pub fn mark(target: &HtmlElement, words: &Words) {
    let locale = words.locale();
    if locale == "en" {
        return;
    }
    let _ = target.set_attribute("lang", if english_underneath(locale) { "en" } else { locale });
    if right_to_left(locale) || locale == "ar-XB" {
        let _ = target.set_attribute("dir", "rtl");
    }
}

/// Numbers and plurals from the browser's `Intl`, in the shapes [`locklab_sim::text`] gives
/// English: three significant figures below 100, whole numbers above, a fraction as a percentage.
struct IntlNumbers {
    locale: js_sys::Array,
    plurals: js_sys::Intl::PluralRules,
    /// One `format` function per (style, decimals) asked for: a narrative formats about ten
    /// numbers each time it is written, and building an `Intl.NumberFormat` is the costly part.
    formats: std::cell::RefCell<Vec<((Style, u32), js_sys::Function)>>,
    english: bool,
}

/// How `Intl.NumberFormat` is asked to write a number.
#[derive(Clone, Copy, PartialEq)]
enum Style {
    Decimal,
    Percent,
    Milliseconds,
    Seconds,
}

impl IntlNumbers {
    fn new(locale: &str) -> Self {
        let english = english_underneath(locale);
        let locales = js_sys::Array::of1(&(if english { "en" } else { locale }).into());
        let plurals = js_sys::Intl::PluralRules::new(&locales, &js_sys::Object::new());
        IntlNumbers { locale: locales, plurals, formats: Default::default(), english }
    }

    fn intl(&self, v: f64, style: Style, decimals: u32) -> String {
        let key = (style, decimals);
        let known = self.formats.borrow().iter().find(|(k, _)| *k == key).map(|(_, f)| f.clone());
        let f = known.unwrap_or_else(|| {
            let options = js_sys::Object::new();
            let set = |k: &str, v: JsValue| {
                let _ = js_sys::Reflect::set(&options, &k.into(), &v);
            };
            match style {
                Style::Decimal => set("style", "decimal".into()),
                Style::Percent => set("style", "percent".into()),
                // Units Intl knows ("ms", "s" in English, the locale's own abbreviation elsewhere).
                Style::Milliseconds | Style::Seconds => {
                    set("style", "unit".into());
                    set("unit", if style == Style::Seconds { "second" } else { "millisecond" }.into());
                }
            }
            set("maximumFractionDigits", decimals.into());
            let f = js_sys::Intl::NumberFormat::new(&self.locale, &options).format();
            self.formats.borrow_mut().push((key, f.clone()));
            f
        });
        f.call1(&JsValue::NULL, &v.into()).ok().and_then(|s| s.as_string()).unwrap_or_else(|| locklab_sim::text::num(v))
    }

    /// The number a duration in milliseconds is shown as, and in which unit ([`locklab_sim::text::ms`]).
    fn duration(v: f64) -> (f64, Style) {
        if v.abs() >= 10_000.0 { (v / 1000.0, Style::Seconds) } else { (v, Style::Milliseconds) }
    }
}

impl Numbers for IntlNumbers {
    fn format(&self, v: f64, how: Format) -> String {
        if !v.is_finite() {
            return "–".into();
        }
        match how {
            Format::Int => self.intl(locklab_sim::text::round(v), Style::Decimal, 0),
            Format::Number => {
                let (r, d) = locklab_sim::text::shown(v);
                self.intl(r, Style::Decimal, d)
            }
            Format::Percent => {
                let (r, d) = locklab_sim::text::shown(v * 100.0);
                // Intl's percent style multiplies by 100 itself.
                self.intl(r / 100.0, Style::Percent, d)
            }
            // English underneath (the pseudo-locales): as English writes it ("12.3 s", where
            // Intl's English says "12.3 sec").
            Format::Ms if self.english => locklab_sim::text::ms(v),
            Format::Ms => {
                let (v, unit) = Self::duration(v);
                let (r, d) = locklab_sim::text::shown(v);
                self.intl(r, unit, d)
            }
        }
    }

    fn plural(&self, v: f64, how: Format) -> &'static str {
        let r = match how {
            Format::Int => locklab_sim::text::round(v),
            Format::Number => locklab_sim::text::shown(v).0,
            Format::Percent => locklab_sim::text::shown(v * 100.0).0,
            Format::Ms => locklab_sim::text::shown(Self::duration(v).0).0,
        };
        match self.plurals.select(r).as_string().as_deref() {
            Some("zero") => "zero",
            Some("one") => "one",
            Some("two") => "two",
            Some("few") => "few",
            Some("many") => "many",
            _ => "other",
        }
    }
}

