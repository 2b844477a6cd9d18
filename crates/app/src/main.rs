//! locklab's entry point. `locklab.js` loads this once per page; it mounts every element with a
//! `data-locklab` attribute, keeps watching for elements added later (mounting them) and removed
//! (unmounting them, so nothing leaks).

use std::cell::RefCell;

use locklab_widgets::{mount, Mounted, ATTR};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, MutationObserver, MutationObserverInit, MutationRecord};

/// Marks an element that already holds a widget.
const MOUNTED: &str = "data-locklab-mounted";

thread_local! {
    static WIDGETS: RefCell<Vec<(HtmlElement, Mounted)>> = const { RefCell::new(Vec::new()) };
}

fn main() {
    locklab_widgets::install_panic_hook();
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Some(root) = doc.document_element() {
        mount_within(&root);
        observe(&root);
    }
}

/// Mounts `el` itself and every `[data-locklab]` element inside it that is not mounted yet.
fn mount_within(el: &Element) {
    let selector = format!("[{ATTR}]:not([{MOUNTED}])");
    let mut found: Vec<HtmlElement> = Vec::new();
    if el.matches(&selector).unwrap_or(false) {
        found.extend(el.clone().dyn_into::<HtmlElement>().ok());
    }
    if let Ok(list) = el.query_selector_all(&selector) {
        found.extend((0..list.length()).filter_map(|i| list.item(i)).filter_map(|n| n.dyn_into::<HtmlElement>().ok()));
    }
    for host in found {
        host.set_attribute(MOUNTED, "").ok();
        let mounted = mount(host.clone(), Vec::new());
        WIDGETS.with(|w| w.borrow_mut().push((host, mounted)));
    }
}

/// Unmounts every widget whose element has left the document.
fn unmount_detached() {
    let gone: Vec<(HtmlElement, Mounted)> = WIDGETS.with(|w| {
        let mut w = w.borrow_mut();
        let (keep, gone): (Vec<_>, Vec<_>) = w.drain(..).partition(|(host, _)| host.is_connected());
        *w = keep;
        gone
    });
    for (host, mounted) in gone {
        drop(mounted);
        host.remove_attribute(MOUNTED).ok();
    }
}

fn observe(root: &Element) {
    let callback = Closure::<dyn FnMut(js_sys::Array)>::new(|records: js_sys::Array| {
        let mut removed = false;
        for record in records.iter() {
            let Ok(record) = record.dyn_into::<MutationRecord>() else { continue };
            removed |= record.removed_nodes().length() > 0;
            let added = record.added_nodes();
            for i in 0..added.length() {
                if let Some(el) = added.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                    // Widgets render into their own element: nothing to look for in there.
                    if el.closest(".ll-host").ok().flatten().is_none() {
                        mount_within(&el);
                    }
                }
            }
        }
        if removed {
            unmount_detached();
        }
    });
    let Ok(observer) = MutationObserver::new(callback.as_ref().unchecked_ref()) else { return };
    let options = MutationObserverInit::new();
    options.set_child_list(true);
    options.set_subtree(true);
    if observer.observe_with_options(root, &options).is_ok() {
        // The observer lives as long as the page.
        callback.forget();
    }
}
