//! Widget parameters in the page's address, for shareable state.
//!
//! An element marked `data-locklab-url` reads its parameters from the address and writes them
//! back as they change (with `history.replaceState`, a little after the last change, so dragging
//! a slider neither floods the history nor the browser's rate limit). Two spellings:
//! - `data-locklab-url` (the lesson page, many widgets): `?ttl-tradeoff.ttl-s=60&counter-race.lock=true`;
//! - `data-locklab-url="plain"` (`embed.html`, one widget): `?widget=ttl-tradeoff&ttl-s=60`.
//!
//! Only parameters that differ from their defaults are written, so a fresh page keeps a clean
//! address; opening the address restores the same numbers (same seed, same results).
//!
//! One rule for a parameter the address gives more than once (`?deck=a&deck=b`): it is refused
//! with a notice, and none of its values is used (the attribute's value or the default stands).
//! `embed.html`'s own `origin` parameter (where it may post its events) is not a widget parameter.

use std::cell::RefCell;
use std::collections::HashMap;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, UrlSearchParams};

/// How long the address waits after the last change before it is rewritten.
const QUIET_MS: i32 = 250;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `widget.param=value`.
    Prefixed,
    /// `param=value` (one widget per page; `widget` names it).
    Plain,
}

impl Mode {
    pub fn of(host: &HtmlElement) -> Option<Mode> {
        let v = host.get_attribute("data-locklab-url")?;
        Some(if v.eq_ignore_ascii_case("plain") { Mode::Plain } else { Mode::Prefixed })
    }

    fn key(self, widget: &str, param: &str) -> String {
        match self {
            Mode::Prefixed => format!("{widget}.{param}"),
            Mode::Plain => param.to_string(),
        }
    }

    fn param<'a>(self, widget: &str, key: &'a str) -> Option<&'a str> {
        match self {
            Mode::Prefixed => key.strip_prefix(widget)?.strip_prefix('.'),
            Mode::Plain => (key != "widget" && key != "origin").then_some(key),
        }
    }
}

fn query() -> Option<UrlSearchParams> {
    let search = web_sys::window()?.location().search().ok()?;
    UrlSearchParams::new_with_str(&search).ok()
}

fn entries(q: &UrlSearchParams) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if let Ok(Some(it)) = js_sys::try_iter(&q.entries()) {
        for entry in it.flatten() {
            let pair = js_sys::Array::from(&entry);
            if let (Some(k), Some(v)) = (pair.get(0).as_string(), pair.get(1).as_string()) {
                out.push((k, v));
            }
        }
    }
    out
}

/// The parameters the address gives widget `widget`, and a notice for each one given more than
/// once (refused: see the module documentation).
pub fn read(widget: &str, mode: Mode) -> (Vec<(String, String)>, Vec<locklab_sim::Notice>) {
    let Some(q) = query() else { return (Vec::new(), Vec::new()) };
    let pairs: Vec<(String, String)> =
        entries(&q).into_iter().filter_map(|(k, v)| mode.param(widget, &k).map(|p| (p.to_string(), v))).collect();
    let mut counts: HashMap<String, usize> = HashMap::new();
    for (k, _) in &pairs {
        *counts.entry(k.to_ascii_lowercase()).or_default() += 1;
    }
    let mut notices = Vec::new();
    let mut reported = std::collections::HashSet::new();
    let kept = pairs
        .into_iter()
        .filter(|(k, _)| {
            let key = k.to_ascii_lowercase();
            let n = counts.get(&key).copied().unwrap_or(0);
            if n > 1 && reported.insert(key) {
                let name: String = k.chars().take(40).collect();
                notices.push(locklab_sim::Notice::new(
                    name.clone(),
                    format!("The address gives \u{201c}{name}\u{201d} {n} times: all of them ignored. Give it once."),
                ));
            }
            n <= 1
        })
        .collect();
    (kept, notices)
}

thread_local! {
    /// The pending rewrite of each widget's part of the address.
    static PENDING: RefCell<HashMap<String, i32>> = RefCell::new(HashMap::new());
}

/// Rewrites widget `widget`'s part of the address to `pairs` (the non-default parameters),
/// a little after the last call.
pub fn write_later(widget: String, mode: Mode, known: Vec<&'static str>, pairs: Vec<(String, String)>) {
    let Some(win) = web_sys::window() else { return };
    if let Some(h) = PENDING.with(|p| p.borrow_mut().remove(&widget)) {
        win.clear_timeout_with_handle(h);
    }
    let key = widget.clone();
    let cb = Closure::once_into_js(move || {
        PENDING.with(|p| p.borrow_mut().remove(&widget));
        write(&widget, mode, &known, &pairs);
    });
    if let Ok(h) = win.set_timeout_with_callback_and_timeout_and_arguments_0(cb.unchecked_ref(), QUIET_MS) {
        PENDING.with(|p| p.borrow_mut().insert(key, h));
    }
}

fn write(widget: &str, mode: Mode, known: &[&str], pairs: &[(String, String)]) {
    let Some(win) = web_sys::window() else { return };
    let Some(q) = query() else { return };
    for (k, _) in entries(&q) {
        if mode.param(widget, &k).is_some_and(|p| known.contains(&p)) {
            q.delete(&k);
        }
    }
    for (p, v) in pairs {
        q.append(&mode.key(widget, p), v);
    }
    // The whole address as the browser parsed it, with only its query replaced: a path such as
    // `//embed.html` is kept as a path, never read as another host.
    let Ok(href) = win.location().href() else { return };
    let Ok(url) = web_sys::Url::new(&href) else { return };
    url.set_search(&String::from(q.to_string()));
    if let Ok(history) = win.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url.href()));
    }
}
