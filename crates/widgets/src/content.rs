//! Loading course content for the widgets: where progress is kept (the browser, or a course
//! platform's record), addresses resolved and held to the page's origin rules, and bounded
//! fetches. The quiz and the challenges share all of it.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The page's base address (its `<base>` or its own).
pub fn page_base() -> String {
    web_sys::window().and_then(|w| w.document()).and_then(|d| d.base_uri().ok().flatten()).unwrap_or_default()
}

/// `href` resolved against `base`, if the result is an http(s) address.
pub fn resolve(href: &str, base: &str) -> Option<String> {
    let url = web_sys::Url::new_with_base(href, base).ok()?;
    matches!(url.protocol().as_str(), "http:" | "https:").then(|| url.href())
}

/// Where course content keeps a learner's progress (a quiz's, a challenge set's): the browser's `localStorage`, or, inside a course platform's
/// package, the platform's own record of this learner's attempt (`cmi.suspend_data`, through the
/// SCORM bridge, which offers a store at `globalThis[Symbol.for("locklab.store")]` with
/// `get(key)`, `set(key, value)` and `remove(key)`). In a package the browser's storage is never
/// used: an LMS serves every course and learner from one origin.
#[derive(Clone)]
pub enum Store {
    Browser(web_sys::Storage),
    Platform(js_sys::Object),
}

impl Store {
    pub fn get(&self, key: &str) -> Option<String> {
        match self {
            Store::Browser(s) => s.get_item(key).ok().flatten(),
            Store::Platform(o) => call(o, "get", &[key.into()]).and_then(|v| v.as_string()),
        }
    }

    /// Whether the value was kept.
    pub fn set(&self, key: &str, value: &str) -> bool {
        match self {
            Store::Browser(s) => s.set_item(key, value).is_ok(),
            Store::Platform(o) => call(o, "set", &[key.into(), value.into()]).is_some_and(|v| v.as_bool() != Some(false)),
        }
    }

    pub fn remove(&self, key: &str) {
        match self {
            Store::Browser(s) => {
                let _ = s.remove_item(key);
            }
            Store::Platform(o) => {
                let _ = call(o, "remove", &[key.into()]);
            }
        }
    }

    pub fn is_platform(&self) -> bool {
        matches!(self, Store::Platform(_))
    }
}

/// `o[name](...args)`, if `o` has such a function and it does not throw.
fn call(o: &js_sys::Object, name: &str, args: &[wasm_bindgen::JsValue]) -> Option<wasm_bindgen::JsValue> {
    let f: js_sys::Function = js_sys::Reflect::get(o, &name.into()).ok()?.dyn_into().ok()?;
    f.apply(o, &args.iter().collect::<js_sys::Array>()).ok()
}

pub fn storage() -> Option<Store> {
    let key = js_sys::Symbol::for_("locklab.store");
    if let Ok(v) = js_sys::Reflect::get(&js_sys::global(), &key)
        && let Ok(o) = v.dyn_into::<js_sys::Object>()
    {
        return Some(Store::Platform(o));
    }
    web_sys::window().and_then(|w| w.local_storage().ok().flatten()).map(Store::Browser)
}

/// A deck's or a challenge set's text (`what` names it), refused when it is larger than `max`
/// bytes: by its
/// `Content-Length` first, then while it arrives. The body is read chunk by chunk and the decoded
/// bytes counted (after any `Content-Encoding`, which `Content-Length` does not see), and the
/// stream is cancelled as soon as it passes the limit, so neither a body with no length nor a
/// small compressed one that inflates to gigabytes is ever held whole. An empty body is an error.
///
/// A host that stalls (accepts and never answers, or stops sending mid-body) is given up after
/// [`FETCH_LIMIT_MS`]: the request is aborted and the error says so, instead of "Loading…" for ever.
pub async fn fetch_text(url: &str, max: usize, what: &str) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let controller = web_sys::AbortController::new().map_err(|_| "could not be fetched".to_string())?;
    let abort = {
        let controller = controller.clone();
        wasm_bindgen::closure::Closure::<dyn FnMut()>::new(move || controller.abort())
    };
    let timer = window
        .set_timeout_with_callback_and_timeout_and_arguments_0(abort.as_ref().unchecked_ref(), FETCH_LIMIT_MS)
        .ok();
    let result = fetch_within(&window, url, max, what, &controller).await;
    if let Some(t) = timer {
        window.clear_timeout_with_handle(t);
    }
    drop(abort);
    if result.is_err() && controller.signal().aborted() {
        return Err(format!("did not arrive within {} s (the host stopped answering)", FETCH_LIMIT_MS / 1000));
    }
    result
}

/// How long a deck or a challenge set may take to arrive, in milliseconds.
pub const FETCH_LIMIT_MS: i32 = 10_000;

async fn fetch_within(window: &web_sys::Window, url: &str, max: usize, what: &str, controller: &web_sys::AbortController) -> Result<String, String> {
    let too_big = || format!("is larger than {} KB, the most {what} may be", max / 1000);
    let init = web_sys::RequestInit::new();
    init.set_signal(Some(&controller.signal()));
    let response = JsFuture::from(window.fetch_with_str_and_init(url, &init)).await.map_err(|_| "could not be fetched".to_string())?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "unexpected fetch result".to_string())?;
    if !response.ok() {
        return Err(format!("could not be loaded (HTTP {})", response.status()));
    }
    let declared = response.headers().get("content-length").ok().flatten().and_then(|v| v.trim().parse::<u64>().ok());
    let body = response.body().ok_or_else(|| "is empty".to_string())?;
    if declared.is_some_and(|n| n > max as u64) {
        let _ = body.cancel();
        return Err(too_big());
    }
    let reader: web_sys::ReadableStreamDefaultReader = body.get_reader().dyn_into().map_err(|_| "could not be read".to_string())?;
    let mut bytes: Vec<u8> = Vec::new();
    loop {
        let chunk = JsFuture::from(reader.read()).await.map_err(|_| "could not be read to its end".to_string())?;
        let done = js_sys::Reflect::get(&chunk, &"done".into()).ok().and_then(|d| d.as_bool()).unwrap_or(true);
        if done {
            break;
        }
        let Ok(value) = js_sys::Reflect::get(&chunk, &"value".into()).and_then(|v| v.dyn_into::<js_sys::Uint8Array>()) else {
            let _ = reader.cancel();
            return Err("is not a stream of bytes".into());
        };
        if bytes.len() + value.length() as usize > max {
            let _ = reader.cancel();
            return Err(too_big());
        }
        let start = bytes.len();
        bytes.resize(start + value.length() as usize, 0);
        value.copy_to(&mut bytes[start..]);
    }
    if bytes.is_empty() {
        return Err("is empty".into());
    }
    // As the browser's own text() decodes: UTF-8, a byte-order mark dropped, bad bytes replaced.
    let text = String::from_utf8_lossy(&bytes);
    Ok(text.strip_prefix('\u{feff}').unwrap_or(&text).to_string())
}

/// The origins a page lets decks and challenge sets come from, from `<meta name="locklab-deck-origins"
/// content="https://a.example https://b.example">` (`*` for any). `None`: the page sets no
/// limit (an author's own page, where the author chose the deck).
pub fn allowed_origins() -> Option<Vec<String>> {
    let doc = web_sys::window()?.document()?;
    let meta = doc.query_selector("meta[name=locklab-deck-origins]").ok()??;
    let content = meta.get_attribute("content").unwrap_or_default();
    Some(content.split_whitespace().map(|o| o.trim_end_matches('/').to_string()).collect())
}

/// A short stable name for a long key: 64-bit FNV-1a in hex.
pub fn fnv1a(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}


/// Where an address an author gave leads, once the page's origin rules allow it.
pub struct Located {
    /// Resolved against the page, without its fragment.
    pub href: String,
    /// On another origin than the page's.
    pub foreign: bool,
    pub host: String,
}

pub enum LocateError {
    /// Not an http(s) address this page can load.
    NotAnAddress,
    /// Another origin the page does not allow (`locklab-deck-origins`); its host.
    Refused(String),
}

/// Resolves `reference` against the page and checks it against the origins the page allows.
pub fn locate(reference: &str) -> Result<Located, LocateError> {
    let url = resolve(reference, &page_base()).and_then(|u| web_sys::Url::new(&u).ok()).ok_or(LocateError::NotAnAddress)?;
    url.set_hash("");
    let page_origin = web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default();
    let foreign = url.origin() != page_origin;
    let allowed = !foreign || allowed_origins().is_none_or(|list| list.iter().any(|o| o == "*" || *o == url.origin()));
    if allowed { Ok(Located { href: url.href(), foreign, host: url.host() }) } else { Err(LocateError::Refused(url.host())) }
}

/// What a kind of course set is called where one is loaded: `("challenge", "Challenges")`.
#[cfg(feature = "course")]
pub struct SetKind {
    pub one: &'static str,
    pub many: &'static str,
    pub max_bytes: usize,
}

/// Loads the set an element's attribute names (challenges, predictions): `builtin`, or
/// `builtin:a,b` (`ids` reads the list), from the widget's own set (`builtin` is given the ids
/// chosen, or `None` for all); otherwise an address, from an origin the page allows, fetched
/// within the kind's bound and read by `parse`. `source` hears where a set that is not locklab's
/// own comes from; then exactly one of `ready` (the set and its reference) or `fail`.
#[cfg(feature = "course")]
#[allow(clippy::too_many_arguments)]
pub fn load_set<T: 'static>(
    reference: String,
    kind: SetKind,
    ids: fn(&str) -> Option<Result<Vec<String>, String>>,
    builtin: impl FnOnce(Option<&[String]>) -> Result<T, Vec<String>>,
    parse: fn(&str) -> Result<T, Vec<String>>,
    source: impl FnOnce(Option<String>),
    ready: impl FnOnce(T, String) + 'static,
    fail: impl FnOnce(Vec<String>) + 'static,
) {
    let chosen = if reference == locklab_course::challenge::BUILTIN { Some(builtin(None)) } else { ids(&reference).map(|ids| ids.map_err(|e| vec![e]).and_then(|ids| builtin(Some(&ids)))) };
    if let Some(loaded) = chosen {
        return match loaded {
            Ok(set) => ready(set, reference),
            Err(errors) => fail(errors),
        };
    }
    let SetKind { one, many, max_bytes } = kind;
    match locate(&reference) {
        Ok(at) => {
            let shown: String = at.href.chars().take(120).collect();
            let from_address = leptos::prelude::use_context::<crate::ui::ContentFromAddress>().is_some_and(|c| c.0);
            source(if at.foreign {
                Some(format!("{many} from {}, not from this site.", at.host))
            } else {
                from_address.then(|| format!("{many} from {shown}, not locklab's own."))
            });
            leptos::task::spawn_local(async move {
                match fetch_text(&at.href, max_bytes, &format!("a {one} set")).await {
                    Ok(text) => match parse(&text) {
                        Ok(set) => ready(set, at.href),
                        Err(errors) => fail(std::iter::once(format!("The {one} set at {shown} cannot be used:")).chain(errors).collect()),
                    },
                    Err(e) => fail(vec![format!("No {}: the set at {shown} {e}.", many.to_lowercase())]),
                }
            });
        }
        Err(LocateError::Refused(host)) => fail(vec![format!("This site does not show {one} sets from {host}. Its host can allow them (the locklab-deck-origins setting).")]),
        Err(LocateError::NotAnAddress) => fail(vec![format!("\u{201c}{}\u{201d} is not a web address this page can load.", reference.chars().take(120).collect::<String>())]),
    }
}
