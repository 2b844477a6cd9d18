//! Which colour scheme a widget wears, decided from the host page without configuration:
//! the widget element's `data-theme` (`auto` | `light` | `dark`) first, then mdBook's theme
//! classes on `<html>` (`navy`, `coal`, `ayu` are dark; `light`, `rust` light), then the
//! `color-scheme` the page declares for the element, and otherwise the reader's
//! `prefers-color-scheme`. The answer is a class on the widget's `.ll-host` (`ll-dark` or
//! `ll-light`; neither means "follow the reader"), which the stylesheet and the charts read.
//! A change on the page (mdBook's theme picker, an author switching `data-theme`) is followed at
//! once: the class is set again and every chart redraws.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    Auto,
    Light,
    Dark,
}

/// mdBook's themes, by the class its theme picker puts on `<html>`.
const MDBOOK_DARK: [&str; 3] = ["navy", "coal", "ayu"];
const MDBOOK_LIGHT: [&str; 2] = ["light", "rust"];

thread_local! {
    /// Bumped whenever any widget's scheme may have changed; charts redraw when it moves.
    static EPOCH: ArcRwSignal<u64> = ArcRwSignal::new(0);
}

/// Tracks the scheme epoch (charts call this inside their drawing effect).
pub fn track() {
    EPOCH.with(|e| e.track());
}

fn bump() {
    EPOCH.with(|e| e.update(|n| *n += 1));
}

/// What the page says about `host`'s scheme.
pub fn of(host: &HtmlElement) -> Scheme {
    match crate::host_attr(host, "theme").map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        Some("dark") => return Scheme::Dark,
        Some("light") => return Scheme::Light,
        _ => {}
    }
    let Some(doc) = host.owner_document() else { return Scheme::Auto };
    if let Some(html) = doc.document_element() {
        let classes = html.class_list();
        // mdBook marks its pages with a theme class and the sidebar's state.
        let is_mdbook = classes.contains("sidebar-visible") || classes.contains("sidebar-hidden") || doc.get_element_by_id("mdbook-theme-list").is_some() || doc.get_element_by_id("theme-list").is_some();
        if MDBOOK_DARK.iter().any(|c| classes.contains(c)) {
            return Scheme::Dark;
        }
        if is_mdbook && MDBOOK_LIGHT.iter().any(|c| classes.contains(c)) {
            return Scheme::Light;
        }
    }
    let declared = web_sys::window()
        .and_then(|w| w.get_computed_style(host).ok().flatten())
        .and_then(|s| s.get_property_value("color-scheme").ok())
        .unwrap_or_default()
        .to_ascii_lowercase();
    let words: Vec<&str> = declared.split_whitespace().collect();
    match (words.contains(&"dark"), words.contains(&"light")) {
        (true, false) => Scheme::Dark,
        (false, true) => Scheme::Light,
        _ => Scheme::Auto,
    }
}

/// The mdBook theme the page wears (`navy`, `ayu`, …), if it is an mdBook page.
fn mdbook_theme(host: &HtmlElement) -> Option<&'static str> {
    let doc = host.owner_document()?;
    let html = doc.document_element()?;
    let classes = html.class_list();
    let is_mdbook = classes.contains("sidebar-visible") || classes.contains("sidebar-hidden") || doc.get_element_by_id("mdbook-theme-list").is_some() || doc.get_element_by_id("theme-list").is_some();
    if !is_mdbook {
        return None;
    }
    MDBOOK_DARK.iter().chain(&MDBOOK_LIGHT).copied().find(|c| classes.contains(c))
}

/// Puts `host`'s scheme on the element that holds the widget (`.ll-host`): `ll-dark` or
/// `ll-light`, and `ll-mdbook` where the widget takes the book's own palette (an mdBook theme,
/// unless the author chose `data-theme`). Returns what was applied, so a watcher can tell a
/// change (from one dark mdBook theme to another as well).
pub fn apply(host: &HtmlElement, holder: &Element) -> (Scheme, Option<&'static str>) {
    let list = holder.class_list();
    let scheme = of(host);
    let chosen = crate::host_attr(host, "theme").is_some_and(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "light" | "dark"));
    let book = if chosen { None } else { mdbook_theme(host) };
    let _ = list.toggle_with_force("ll-dark", scheme == Scheme::Dark);
    let _ = list.toggle_with_force("ll-light", scheme == Scheme::Light);
    let _ = list.toggle_with_force("ll-mdbook", book.is_some());
    (scheme, book)
}

/// Whether the widget around `el` is dark now.
pub fn is_dark(el: &Element) -> bool {
    let holder = el.closest(".ll-host").ok().flatten();
    if let Some(h) = &holder {
        if h.class_list().contains("ll-dark") {
            return true;
        }
        if h.class_list().contains("ll-light") {
            return false;
        }
    }
    web_sys::window().and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten()).is_some_and(|m| m.matches())
}

/// Keeps a widget's scheme in step with the page until dropped (when the widget unmounts).
pub struct Watch {
    observer: web_sys::MutationObserver,
    _on_change: Closure<dyn FnMut()>,
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}

/// Applies the scheme now and whenever `<html>` or the host change an attribute that can move it.
pub fn watch(host: &HtmlElement, holder: &Element) -> Option<Watch> {
    let (h, e) = (host.clone(), holder.clone());
    let mut last = apply(&h, &e);
    let on_change = Closure::<dyn FnMut()>::new(move || {
        let now = apply(&h, &e);
        if now != last {
            last = now;
            bump();
        }
    });
    let observer = web_sys::MutationObserver::new(on_change.as_ref().unchecked_ref()).ok()?;
    let init = web_sys::MutationObserverInit::new();
    init.set_attributes(true);
    let filter = js_sys::Array::of4(&"class".into(), &"style".into(), &"data-theme".into(), &"theme".into());
    init.set_attribute_filter(&filter);
    if let Some(html) = host.owner_document().and_then(|d| d.document_element()) {
        let _ = observer.observe_with_options(&html, &init);
    }
    let _ = observer.observe_with_options(host, &init);
    Some(Watch { observer, _on_change: on_change })
}
