//! locklab's entry point. `locklab.js` instantiates this module once per page and then calls
//! [`mount`] for every element with a `data-locklab` attribute, now and whenever one is added, and
//! [`unmount_detached`] whenever elements are removed. Each call is separate, so a widget that
//! fails (even by panicking, which the panic hook reports inside that widget) cannot stop the
//! others from mounting.

use std::cell::RefCell;

use locklab_widgets::Mounted;
use wasm_bindgen::prelude::*;
use web_sys::HtmlElement;

/// Marks an element that holds a widget (set before mounting, so a failed mount is not retried).
const MOUNTED: &str = "data-locklab-mounted";

thread_local! {
    static WIDGETS: RefCell<Vec<(HtmlElement, Mounted)>> = const { RefCell::new(Vec::new()) };
}

fn main() {
    locklab_widgets::install_panic_hook();
}

/// Mounts the widget that `el`'s `data-locklab` attribute names, unless it has one already.
#[wasm_bindgen]
pub fn mount(el: HtmlElement) {
    if el.has_attribute(MOUNTED) {
        return;
    }
    el.set_attribute(MOUNTED, "").ok();
    #[cfg(not(feature = "split"))]
    {
        let mounted = locklab_widgets::mount(el.clone(), Vec::new());
        WIDGETS.with(|w| w.borrow_mut().push((el, mounted)));
    }
    // Issue #43's experiment: the widget's code arrives as its own chunk first.
    #[cfg(feature = "split")]
    wasm_bindgen_futures::spawn_local(async move {
        if let Some(mounted) = locklab_widgets::mount_split(el.clone()).await {
            WIDGETS.with(|w| w.borrow_mut().push((el, mounted)));
        }
    });
}

/// The widgets the gallery offers (`[{ name, label, deck? }]`), from the one list in Rust. Only
/// in the bundle with every widget: the gallery loads that one.
#[cfg(feature = "all")]
#[wasm_bindgen]
pub fn widgets() -> JsValue {
    locklab_widgets::gallery_list()
}

/// The `locklab-lab run` command for `widget` in the state `pairs` (`[[name, value], …]`), or
/// `undefined` when the lab does not run it. Only in the bundle with every widget (the gallery's).
#[cfg(feature = "all")]
#[wasm_bindgen]
pub fn lab_command(widget: String, pairs: JsValue) -> Option<String> {
    locklab_widgets::lab_command(&widget, &pairs)
}

/// Unmounts the widget on `el` (if any), freeing what it held, so that `mount` can build it again:
/// a `<locklab-widget>` whose `name`, steps, comparison or layout changed is mounted anew.
#[wasm_bindgen]
pub fn unmount(el: HtmlElement) {
    unmount_where(|host| *host == el);
}

/// What a changed attribute of a mounted `<locklab-widget>` means: `"live"` (a parameter, set in
/// place by `locklab:set`), `"remount"` or `"ignore"` (see `locklab_widgets::attribute_role`).
#[wasm_bindgen]
pub fn attribute_role(el: HtmlElement, attr: String) -> String {
    locklab_widgets::attribute_role(&el, &attr).to_string()
}

/// Unmounts every widget whose element has left the document, freeing what it held.
#[wasm_bindgen]
pub fn unmount_detached() {
    unmount_where(|host| !host.is_connected());
}

/// Drops the widgets whose element `gone` picks and clears their mark.
fn unmount_where(gone: impl Fn(&HtmlElement) -> bool) {
    let gone: Vec<(HtmlElement, Mounted)> = WIDGETS.with(|w| {
        let mut w = w.borrow_mut();
        let (gone, keep): (Vec<_>, Vec<_>) = w.drain(..).partition(|(host, _)| gone(host));
        *w = keep;
        gone
    });
    for (host, mounted) in gone {
        drop(mounted);
        host.remove_attribute(MOUNTED).ok();
    }
}
