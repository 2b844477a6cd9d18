//! # locklab-widgets
//!
//! Leptos components, one module per widget, built from the shared pieces in [`ui`]. The
//! simulation itself lives in `locklab-sim`; components hold signals and draw.
//!
//! [`mount`] turns one `[data-locklab]` element into a widget; the entry point calls it for
//! every such element on the page.

use std::any::Any;
use std::cell::RefCell;
use std::ops::Deref;

use leptos::prelude::*;
use locklab_sim::{Notice, Scenario};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

pub mod canvas;
#[cfg(feature = "course")]
pub mod challenges;
#[cfg(feature = "course")]
pub mod predictions;
pub mod content;
pub mod counter_race;
pub mod fencing_chain;
pub mod fencing_sandbox;
pub mod i18n;
pub mod lease_renewal;
pub mod lease_sizing;
pub mod lock_granularity;
pub mod optimistic_pessimistic;
pub mod paused_holder;
pub mod player;
pub mod quiz;
pub mod redis_failover;
pub mod redlock;
pub mod scheme;
pub mod sweeper_incident;
pub mod ttl_tradeoff;
pub mod ui;
pub mod url;

use ui::{Model, NoticeBox, WidgetFrame};

/// Every widget name `data-locklab` accepts (from the one list in `locklab_course::registry`).
pub fn widget_names() -> Vec<&'static str> {
    locklab_course::registry::names()
}

/// The `locklab-lab run` command for `widget` in the state `pairs` (`[[name, value], …]` from
/// JavaScript), or `None` when the lab does not run it (see `locklab_course::registry::LAB`).
pub fn lab_command(widget: &str, pairs: &JsValue) -> Option<String> {
    let pairs: Vec<(String, String)> = js_sys::Array::from(pairs)
        .iter()
        .filter_map(|p| {
            let p = js_sys::Array::from(&p);
            Some((p.get(0).as_string()?, p.get(1).as_string()?))
        })
        .collect();
    locklab_course::registry::lab_command(widget, &pairs)
}

/// What the gallery offers, from the same list: every simulation (with its parameters' defaults
/// as an author writes them, so a snippet can leave them out), then the quiz once per built-in deck
/// (labelled with the deck's title). `[{ name, label, deck?, defaults?, always?, challenges? }]`;
/// `challenges`: the built-in set's `[id, prompt]` pairs, for a teacher to choose from.
pub fn gallery_list() -> wasm_bindgen::JsValue {
    #[derive(serde::Serialize)]
    struct Entry {
        name: &'static str,
        label: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        deck: Option<&'static str>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        defaults: Vec<(&'static str, String)>,
        /// The parameters a snippet always writes (the seed: the state is the draws too).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        always: Vec<&'static str>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        challenges: Vec<(String, String)>,
        /// The built-in predictions' `[id, question]` pairs (none where the widget has no set yet).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        predictions: Vec<(String, String)>,
    }
    let mut list: Vec<Entry> = locklab_course::registry::widgets()
        .iter()
        .filter(|w| w.name != locklab_course::quiz::NAME)
        .map(|w| Entry {
            name: w.name,
            label: w.label.to_string(),
            deck: None,
            defaults: w.specs.iter().map(|s| (s.name, s.to_attr(s.default_value()))).collect(),
            always: w.specs.iter().filter(|s| s.is_seed()).map(|s| s.name).collect(),
            challenges: locklab_course::registry::builtin_set(w.name).map(|set| set.challenges.into_iter().map(|c| (c.id, c.prompt)).collect()).unwrap_or_default(),
            predictions: locklab_course::predict::builtin_set(w.name).map(|set| set.predictions.into_iter().map(|p| (p.id, p.question)).collect()).unwrap_or_default(),
        })
        .collect();
    for (deck, _) in locklab_course::quiz::BUILT_IN {
        if let Some(Ok(d)) = locklab_course::quiz::built_in(deck) {
            list.push(Entry { name: locklab_course::quiz::NAME, label: format!("Quiz: {}", d.title), deck: Some(deck), defaults: Vec::new(), always: Vec::new(), challenges: Vec::new(), predictions: Vec::new() });
        }
    }
    serde_wasm_bindgen::to_value(&list).unwrap_or(wasm_bindgen::JsValue::NULL)
}

/// The attribute that holds the widget name.
pub const ATTR: &str = "data-locklab";

/// An element that may be captured by reactive closures, which must be `Send`. The browser runs
/// widgets on one thread only.
#[derive(Clone)]
pub struct SendHost(HtmlElement);
// SAFETY: wasm32 in the browser is single-threaded; the element never crosses threads.
unsafe impl Send for SendHost {}
unsafe impl Sync for SendHost {}
impl SendHost {
    pub fn new(el: HtmlElement) -> Self {
        Self(el)
    }
}
impl Deref for SendHost {
    type Target = HtmlElement;
    fn deref(&self) -> &HtmlElement {
        &self.0
    }
}

thread_local! {
    /// The widgets whose code is running right now, innermost last: a panic is reported there.
    static CURRENT: RefCell<Vec<HtmlElement>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` on behalf of the widget on `host`, so that a panic inside it is shown in that
/// widget's box and nowhere else.
pub fn guarded<T>(host: &HtmlElement, f: impl FnOnce() -> T) -> T {
    CURRENT.with(|c| c.borrow_mut().push(host.clone()));
    let out = f();
    CURRENT.with(|c| {
        c.borrow_mut().pop();
    });
    out
}

/// Numbers an author or an address writes are read by the browser's parser (correctly rounded,
/// like Rust's), after `locklab_sim::params::parse_number` has checked them against Rust's
/// grammar: the same values, without Rust's float-parsing tables in every bundle.
fn browser_number(t: &str) -> f64 {
    js_sys::Number::parse_float(t)
}

/// Shows any panic inside the widget that was running (and on the console); the other widgets
/// on the page keep working. Also gives the simulation core the browser's number parser.
pub fn install_panic_hook() {
    locklab_sim::params::set_number_parser(browser_number);
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("locklab: internal error: {info}").into());
        let host = CURRENT.with(|c| c.try_borrow().ok().and_then(|c| c.last().cloned()));
        if let Some(host) = host {
            show_failure(&host, "This widget hit an internal error and stopped. The rest of the page still works; reload to start it again.");
        }
    }));
}

/// Where a widget on `host` draws: a `<div class="ll-host">` in an open shadow root, with the
/// widget stylesheet linked inside, so the page's CSS cannot reach the widget and the widget's
/// cannot leak out (themes still pass in through inherited `--locklab-*` custom properties).
/// Elements that cannot have a shadow root, or a page without the loader's stylesheet address,
/// get the widget in their own light DOM instead.
fn container(host: &HtmlElement) -> HtmlElement {
    let light = || {
        host.class_list().add_1("ll-host").ok();
        host.clone()
    };
    let css = js_sys::Reflect::get(&js_sys::global(), &"__locklabCss".into()).ok().and_then(|v| v.as_string());
    let Some(css) = css else { return light() };
    let root = match host.shadow_root() {
        Some(root) => root,
        None => match host.attach_shadow(&web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open)) {
            Ok(root) => root,
            Err(_) => return light(),
        },
    };
    root.set_inner_html("");
    let Some(doc) = host.owner_document() else { return light() };
    let (Ok(link), Ok(div)) = (doc.create_element("link"), doc.create_element("div")) else { return light() };
    link.set_attribute("rel", "stylesheet").ok();
    link.set_attribute("href", &css).ok();
    div.set_class_name("ll-host");
    // Until its stylesheet has arrived the widget is unstyled (canvases at their bitmap width,
    // tables at their natural one): keep it invisible and inside its box meanwhile, so a phone page
    // never scrolls sideways for a moment. Set through the CSSOM, which a strict style-src allows.
    let div: HtmlElement = div.unchecked_into();
    let style = div.style();
    style.set_property("visibility", "hidden").ok();
    style.set_property("overflow", "hidden").ok();
    // May run more than once (a link put back into the document loads again): harmless. Owned by
    // the JS side from here (`into_js_value`), so it lives exactly as long as the link.
    let reveal = Closure::<dyn FnMut()>::new(move || {
        style.remove_property("visibility").ok();
        style.remove_property("overflow").ok();
    })
    .into_js_value();
    // Whichever comes: a stylesheet that fails to load still shows the widget, unstyled, with a
    // line saying which file and the likely cause (and the console says the same).
    link.add_event_listener_with_callback("load", reveal.unchecked_ref()).ok();
    link.add_event_listener_with_callback("error", reveal.unchecked_ref()).ok();
    let (notice_root, notice_css) = (root.clone(), css.clone());
    let said = Closure::<dyn FnMut()>::new(move || {
        let cross = web_sys::Url::new(&notice_css).ok().map(|u| u.origin()) != web_sys::window().and_then(|w| w.location().origin().ok());
        let cause = if cross {
            "this page is on another origin, so that host must send Access-Control-Allow-Origin for it"
        } else {
            "a copy of the build without this file, or a Content-Security-Policy whose style-src does not allow it"
        };
        let text = format!("This widget's stylesheet, {notice_css}, did not load (likely cause: {cause}); it is shown unstyled.");
        web_sys::console::error_1(&format!("locklab: {text}").into());
        if let Some(doc) = notice_root.owner_document()
            && let Ok(p) = doc.create_element("p")
        {
            p.set_class_name("ll-notice ll-failure");
            p.set_attribute("role", "status").ok();
            p.set_text_content(Some(&text));
            notice_root.prepend_with_node_1(&p).ok();
        }
    })
    .into_js_value();
    link.add_event_listener_with_callback("error", said.unchecked_ref()).ok();
    root.append_child(&link).ok();
    root.append_child(&div).ok();
    div
}

/// The element a widget on `host` draws into (see [`container`]).
fn drawn_in(host: &HtmlElement) -> HtmlElement {
    host.shadow_root()
        .and_then(|r| r.query_selector(".ll-host").ok().flatten())
        .and_then(|e| e.dyn_into::<HtmlElement>().ok())
        .unwrap_or_else(|| host.clone())
}

/// Replaces what the widget on `host` shows with a plain-text message (never HTML).
pub fn show_failure(host: &HtmlElement, message: &str) {
    let host = drawn_in(host);
    host.set_text_content(None);
    let Some(doc) = host.owner_document() else { return };
    if let Ok(p) = doc.create_element("p") {
        p.set_class_name("ll-notice ll-failure");
        p.set_attribute("role", "alert").ok();
        p.set_text_content(Some(message));
        host.append_child(&p).ok();
    }
}

/// The custom element's tag: `<locklab-widget name="ttl-tradeoff" ttl-s="10">` is the element form
/// of `<div data-locklab="ttl-tradeoff" data-ttl-s="10">`; one mount path serves both.
pub const ELEMENT: &str = "locklab-widget";

/// Whether `host` is a `<locklab-widget>` (whose attributes carry no `data-` prefix).
pub fn is_element(host: &web_sys::Element) -> bool {
    host.tag_name().eq_ignore_ascii_case(ELEMENT)
}

pub use locklab_course::element::is_page_attr;

/// The widget `host` names: `data-locklab`, or a `<locklab-widget>`'s `name` (trimmed, lower case).
pub fn widget_name(host: &web_sys::Element) -> String {
    let attr = if is_element(host) { "name" } else { ATTR };
    host.get_attribute(attr).unwrap_or_default().trim().to_ascii_lowercase()
}

/// The author's attribute `name` on `host`: `data-<name>`, or a `<locklab-widget>`'s `<name>`.
pub fn host_attr(host: &web_sys::Element, name: &str) -> Option<String> {
    if is_element(host) { host.get_attribute(name) } else { host.get_attribute(&format!("data-{name}")) }
}

/// The `(name, value)` parameters written as `data-*` attributes on `host` (names without the
/// `data-` prefix; the widget name itself and locklab's own bookkeeping attributes excluded), or
/// on a `<locklab-widget>` every attribute that is not the page's ([`is_page_attr`]).
pub fn params_from_attributes(host: &HtmlElement) -> Vec<(String, String)> {
    let element = is_element(host);
    let attrs = host.attributes();
    (0..attrs.length())
        .filter_map(|i| attrs.item(i))
        .filter_map(|a| {
            let name = a.name();
            if element {
                return (!is_page_attr(&name)).then(|| (name, a.value()));
            }
            let param = name.strip_prefix("data-")?;
            (param != "locklab" && !param.starts_with("locklab-")).then(|| (param.to_string(), a.value()))
        })
        .collect()
}

/// What a changed attribute of a mounted `<locklab-widget>` means (see `attribute_role` in the
/// entry point): `"live"`, a parameter of this widget (or an older alias of one), set in place;
/// `"remount"`, anything else the widget reads (its name, steps, comparison, layout, challenges, a
/// quiz's deck, or a name no widget knows, which the new mount reports); `"ignore"`, the page's own
/// attributes and `theme` (the widget follows it by itself).
pub fn attribute_role(host: &HtmlElement, attr: &str) -> &'static str {
    let attr = attr.trim().to_ascii_lowercase();
    if !is_element(host) {
        return "ignore";
    }
    if attr == "name" {
        return "remount";
    }
    if is_page_attr(&attr) || attr == "theme" {
        return "ignore";
    }
    if host.has_attribute("compare") {
        return "remount";
    }
    let name = widget_name(host);
    let live = |specs: &[locklab_sim::params::Spec], aliases: &[locklab_sim::params::Alias]| {
        specs.iter().any(|s| s.name == attr) || aliases.iter().any(|a| a.name == attr)
    };
    macro_rules! simulations {
        ($(($module:ident, $type:ident, $name:literal, $label:literal)),* $(,)?) => {
            $(
                #[cfg(feature = $name)]
                if name == $name {
                    return if live(<locklab_sim::$type as Scenario>::specs(), <locklab_sim::$type as Scenario>::aliases()) { "live" } else { "remount" };
                }
            )*
        };
    }
    locklab_sim::for_each_scenario!(simulations);
    let _ = (live, name); // (a build with the quiz alone has no simulation to ask)
    "remount"
}

/// A mounted widget; dropping it unmounts the widget and frees everything it held.
pub struct Mounted(#[allow(dead_code)] Box<dyn Any>);

/// Mounts the widget named by `host`'s `data-locklab` attribute into `host`, with the
/// parameters from its `data-*` attributes (then `extra`, e.g. from the URL, which win).
pub fn mount(host: HtmlElement, extra: Vec<(String, String)>) -> Mounted {
    mount_with(host, extra, build_any)
}

/// The JavaScript property of a widget's element that carries the state a plain bundle's widget
/// handed over to its course bundle (`[[name, value], …]`, issue #43): the next mount reads it
/// after the element's attributes and the page's address, and takes it (once).
pub const RESUME_PROPERTY: &str = "locklabResume";
/// The most pairs, and the longest name or value, a handed-over state may carry (a page can set
/// the property too).
const MAX_RESUME_PAIRS: u32 = 64;
const MAX_RESUME_TEXT: usize = 2_000;

fn take_resume(host: &HtmlElement) -> Vec<(String, String)> {
    let key: JsValue = RESUME_PROPERTY.into();
    let Ok(given) = js_sys::Reflect::get(host, &key) else { return Vec::new() };
    if given.is_undefined() {
        return Vec::new();
    }
    let _ = js_sys::Reflect::delete_property(host, &key);
    let Ok(pairs) = given.dyn_into::<js_sys::Array>() else { return Vec::new() };
    let text = |v: JsValue| v.as_string().filter(|t| t.len() <= MAX_RESUME_TEXT);
    (0..pairs.length().min(MAX_RESUME_PAIRS))
        .filter_map(|i| {
            let pair = pairs.get(i).dyn_into::<js_sys::Array>().ok()?;
            Some((text(pair.get(0))?, text(pair.get(1))?))
        })
        .collect()
}

/// Asks the loader for this widget's course bundle (a plain bundle's widget whose "Run it for
/// real" was opened): `locklab:course` on the element, with the state to carry over and what to
/// open. The loader claims it (`preventDefault`) and mounts the element again from that bundle;
/// `false` when nothing did.
#[cfg(not(feature = "course"))]
pub fn ask_for_course(host: &HtmlElement, state: &[(String, String)], open: &str) -> bool {
    let pairs = js_sys::Array::new();
    for (k, v) in state {
        pairs.push(&js_sys::Array::of2(&k.into(), &v.into()));
    }
    let detail = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&detail, &"params".into(), &pairs);
    let _ = js_sys::Reflect::set(&detail, &"open".into(), &open.into());
    let init = web_sys::CustomEventInit::new();
    init.set_detail(&detail);
    init.set_bubbles(true);
    init.set_composed(true);
    init.set_cancelable(true);
    match web_sys::CustomEvent::new_with_event_init_dict("locklab:course", &init) {
        Ok(ev) => host.dispatch_event(&ev).is_ok_and(|went_on| !went_on),
        Err(_) => false,
    }
}

/// What every widget is built from, read from its element (and the page's address) before the
/// widget's own code runs.
struct Start {
    name: String,
    target: HtmlElement,
    host: HtmlElement,
    raw: Vec<(String, String)>,
    notices: Vec<Notice>,
    heading: ui::HeadingLevel,
    from_address: (bool, bool),
    /// Where in `raw` the pairs from the page's address are (a learner can edit those).
    address: std::ops::Range<usize>,
}

/// [`mount`]'s common part: reads the element, attaches the boundary and the colour scheme's
/// watch, and hands the rest to `build` inside the panic guard.
fn mount_with(host: HtmlElement, extra: Vec<(String, String)>, build: impl FnOnce(Start) -> Mounted) -> Mounted {
    let name = widget_name(&host);
    let mut raw = params_from_attributes(&host);
    let mut notices = Vec::new();
    // Whether the page's address (which anyone can write), not the author, chose a quiz's deck.
    let mut deck_from_address = false;
    // Whether it chose text the widget shows as its own: step or comparison captions.
    let mut captions_from_address = false;
    let mut address = 0..0;
    if let Some(mode) = url::Mode::of(&host) {
        let (mut pairs, mut repeated) = url::read(&name, mode);
        // A wording file rewords the widget as if it spoke for itself: the author's choice, on the
        // element, never an address's (which anyone can write).
        if pairs.iter().any(|(k, _)| k.trim().eq_ignore_ascii_case("messages")) {
            pairs.retain(|(k, _)| !k.trim().eq_ignore_ascii_case("messages"));
            repeated.push(Notice::new(
                "messages",
                "The address gives \u{201c}messages\u{201d}: a wording file is not read from an address, which anyone can write. Name it on the element (data-messages, or messages on <locklab-widget>).",
            ));
        }
        deck_from_address = pairs.iter().any(|(k, _)| k.eq_ignore_ascii_case("deck") || k.eq_ignore_ascii_case("challenges"));
        captions_from_address = pairs.iter().any(|(k, v)| {
            let k = k.trim().to_ascii_lowercase();
            (k == "step-captions" || k == "compare-captions") && !v.trim().trim_matches('|').trim().is_empty()
        });
        let at = raw.len();
        raw.extend(pairs);
        address = at..raw.len();
        notices = repeated;
    }
    let _ = deck_from_address; // (read by the quiz and the challenges)
    raw.extend(extra);
    // The state a plain bundle's widget handed over to this bundle, over everything else.
    raw.extend(take_resume(&host));
    // Fallback content the author put inside ("Loading…") makes way for the widget.
    host.set_text_content(None);
    let target = container(&host);
    let watch = scheme::watch(&host, &target);
    let boundary = Boundary::attach(&host, &target);
    let heading = ui::HeadingLevel(host.get_attribute("data-locklab-heading").and_then(|v| v.trim().parse().ok()).unwrap_or(3));
    let start = Start { name, target, host: host.clone(), raw, notices, heading, from_address: (deck_from_address, captions_from_address), address };
    let mounted = guarded(&host, move || build(start));
    Mounted(Box::new((mounted, watch, boundary)))
}

/// Builds whichever widget `start` names (the bundle's every widget; the no-such-widget notice).
fn build_any(start: Start) -> Mounted {
    let Start { name, target, host: h, raw, notices, heading, from_address: (deck_from_address, captions_from_address), address } = start;
    {
        // Every simulation, from the one list (`locklab_sim::for_each_scenario!`), each under the
        // cargo feature of its name (a one-widget bundle carries only its own).
        macro_rules! simulations {
            ($(($module:ident, $type:ident, $name:literal, $label:literal)),* $(,)?) => {
                $(
                    #[cfg(feature = $name)]
                    if name == $name {
                        return scenario::<locklab_sim::$type, _>(target, h, raw, address, notices, heading, (deck_from_address, captions_from_address), $module::view);
                    }
                )*
            };
        }
        locklab_sim::for_each_scenario!(simulations);
        match name.as_str() {
            #[cfg(feature = "selftest")]
            "selftest-panic" => Mounted(Box::new(leptos::mount::mount_to(target, move || -> leptos::prelude::AnyView {
                panic!("selftest: a widget that panics while mounting")
            }))),
            #[cfg(feature = "quiz")]
            locklab_course::quiz::NAME => build_quiz(Start { name, target, host: h, raw, notices, heading, from_address: (deck_from_address, captions_from_address), address }),
            _ => build_unknown(Start { name, target, host: h, raw, notices, heading, from_address: (deck_from_address, captions_from_address), address }),
        }
    }
}

/// Issue #43's experiment (`--features split`, built by `web/wasm-split.sh`): the same as
/// [`mount`], but each widget's own code is a split point, a chunk of the module that the page
/// fetches when it first shows that widget. A chunk that cannot be fetched is said in the widget;
/// the others keep working.
#[cfg(feature = "split")]
pub async fn mount_split(host: HtmlElement) -> Option<Mounted> {
    /// A chunk that did not load.
    struct NotLoaded;
    impl From<leptos::wasm_split::SplitLoaderError> for NotLoaded {
        fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
            NotLoaded
        }
    }
    let name = widget_name(&host);
    let h = host.clone();
    let loaded: Result<Mounted, NotLoaded> = 'found: {
        macro_rules! simulations {
            ($(($module:ident, $type:ident, $name:literal, $label:literal)),* $(,)?) => {
                $(
                    #[cfg(feature = $name)]
                    if name == $name {
                        #[leptos::wasm_split::wasm_split($module, wasm_split_path = leptos::wasm_split, fallible)]
                        fn chunk(host: HtmlElement) -> Result<Mounted, NotLoaded> {
                            Ok(mount_with(host, Vec::new(), |s| {
                                scenario::<locklab_sim::$type, _>(s.target, s.host, s.raw, s.address, s.notices, s.heading, s.from_address, $module::view)
                            }))
                        }
                        break 'found chunk(h).await;
                    }
                )*
            };
        }
        locklab_sim::for_each_scenario!(simulations);
        #[cfg(feature = "quiz")]
        if name == locklab_course::quiz::NAME {
            #[leptos::wasm_split::wasm_split(quiz, wasm_split_path = leptos::wasm_split, fallible)]
            fn chunk(host: HtmlElement) -> Result<Mounted, NotLoaded> {
                Ok(mount_with(host, Vec::new(), build_quiz))
            }
            break 'found chunk(h).await;
        }
        Ok(mount_with(h, Vec::new(), build_unknown))
    };
    match loaded {
        Ok(mounted) => Some(mounted),
        Err(NotLoaded) => {
            show_failure(&host, "This widget's code could not be fetched (the network, or a file missing on the server). The rest of the page still works; reload to try again.");
            None
        }
    }
}

/// The quiz (its deck chosen by the page's address when `from_address.0`).
#[cfg(feature = "quiz")]
fn build_quiz(s: Start) -> Mounted {
    // The quiz's words in its page's language (its frame; a deck's text is the author's).
    let (words, told) = i18n::words_for(&s.host, locklab_course::quiz::NAME, locklab_sim::messages::QUIZ, &[]);
    let mut notices = s.notices;
    notices.extend(told);
    i18n::mark(&s.target, &words);
    Mounted(Box::new(leptos::mount::mount_to(s.target, move || {
        provide_context(words);
        provide_context(s.heading);
        quiz::view(s.host, s.raw, notices, s.from_address.0)
    })))
}

/// The notice for an element that names no widget this bundle has.
fn build_unknown(start: Start) -> Mounted {
    let Start { name, target, host: h, heading, .. } = start;
    let message = if name.is_empty() {
        let attr = if is_element(&h) { "name" } else { ATTR };
        format!("This element has no widget in its {attr} attribute. Name a widget: {}.", widget_names().join(", "))
    } else {
        format!(
            "There is no locklab widget called \u{201c}{}\u{201d}. Known widgets: {}.",
            name.chars().take(40).collect::<String>(),
            widget_names().join(", ")
        )
    };
    let notices = vec![Notice::new("", message)];
    Mounted(Box::new(leptos::mount::mount_to(target, move || {
        provide_context(heading);
        view! {
            <WidgetFrame title="locklab">
                <NoticeBox notices=Signal::stored(notices) />
            </WidgetFrame>
        }
    })))
}

/// What a widget does at its own boundary, for every kind alike:
/// - keys that one of its controls consumes (arrows, Home/End, PageUp/PageDown on a slider, a
///   radio or a list; Space and Enter on a button or a switch; any key a handler of the widget
///   took, such as the quiz's digits or a player's arrows) stop at the element, so no host key
///   handler (reveal.js, Slidev, impress.js, mdBook) also acts on them; other keys go on to the
///   page;
/// - `locklab:resize` on the element, `{ width, height }`, whenever the widget's size changes
///   (a slide deck can lay itself out again; the iframe embed posts the same).
pub struct Boundary {
    host: HtmlElement,
    on_key: Closure<dyn FnMut(web_sys::KeyboardEvent)>,
    resize: Option<(web_sys::ResizeObserver, OnResize)>,
}

type OnResize = Closure<dyn FnMut(js_sys::Array)>;

impl Boundary {
    fn attach(host: &HtmlElement, target: &HtmlElement) -> Self {
        let on_key = Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(move |ev: web_sys::KeyboardEvent| {
            if consumed(&ev) {
                ev.stop_propagation();
            }
        });
        host.add_event_listener_with_callback("keydown", on_key.as_ref().unchecked_ref()).ok();
        let (h, last) = (host.clone(), std::cell::Cell::new((0u32, 0u32)));
        let on_resize = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
            let Some(entry) = entries.get(0).dyn_into::<web_sys::ResizeObserverEntry>().ok() else { return };
            let rect = entry.content_rect();
            let size = (rect.width().round() as u32, rect.height().round() as u32);
            if size != last.replace(size) && size.1 > 0 {
                #[derive(serde::Serialize)]
                struct Size {
                    width: u32,
                    height: u32,
                }
                ui::dispatch(&h, "locklab:resize", &Size { width: size.0, height: size.1 });
            }
        });
        let resize = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()).ok().map(|ro| {
            ro.observe(target);
            (ro, on_resize)
        });
        Self { host: host.clone(), on_key, resize }
    }
}

impl Drop for Boundary {
    fn drop(&mut self) {
        let _ = self.host.remove_event_listener_with_callback("keydown", self.on_key.as_ref().unchecked_ref());
        if let Some((ro, _)) = &self.resize {
            ro.disconnect();
        }
    }
}

/// Whether the widget consumes this key (see [`Boundary`]).
fn consumed(ev: &web_sys::KeyboardEvent) -> bool {
    if ev.default_prevented() {
        return true;
    }
    if ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
        return false;
    }
    let Some(el) = ev.composed_path().get(0).dyn_into::<web_sys::Element>().ok() else { return false };
    let key = ev.key();
    let moves = matches!(key.as_str(), "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" | "Home" | "End" | "PageUp" | "PageDown");
    let presses = matches!(key.as_str(), " " | "Enter");
    match el.tag_name().as_str() {
        "INPUT" => match el.get_attribute("type").unwrap_or_default().to_ascii_lowercase().as_str() {
            "checkbox" => presses,
            "button" | "submit" | "reset" => presses,
            "range" | "radio" | "number" => moves,
            _ => true, // a text field takes every key
        },
        "SELECT" => moves || presses,
        "TEXTAREA" => true,
        "BUTTON" | "SUMMARY" | "A" => presses,
        _ => false,
    }
}

/// Mounts a simulation widget: its model (parameters validated from `raw`) and its view. (Unused
/// in a build with the quiz alone.)
#[cfg_attr(not(feature = "all"), allow(dead_code))]
#[allow(clippy::too_many_arguments)]
fn scenario<S: Scenario + locklab_course::challenge::BuiltIn + 'static, V: IntoView + 'static>(
    target: HtmlElement,
    host: HtmlElement,
    mut raw: Vec<(String, String)>,
    address: std::ops::Range<usize>,
    mut notices: Vec<Notice>,
    heading: ui::HeadingLevel,
    (content_from_address, captions_from_address): (bool, bool),
    widget: fn(Model<S>) -> V,
) -> Mounted {
    // What the page's address may set where the author chose what learners may change (a learner
    // can edit an address): only what the widget's own controls would let them change.
    if !address.is_empty() && address.end <= raw.len() {
        let from: Vec<(String, String)> = raw.drain(address.clone()).collect();
        let (kept, notice) = locklab_sim::controls::from_address(S::specs(), S::aliases(), &raw, from);
        let tail = raw.split_off(address.start);
        raw.extend(kept);
        raw.extend(tail);
        notices.extend(notice);
    }
    // The widget's words in its page's language (English unless the loader gave it another).
    let (words, told) = i18n::words_for(&host, S::NAME, S::messages(), S::specs());
    notices.extend(told);
    i18n::mark(&target, &words);
    Mounted(Box::new(leptos::mount::mount_to(target, move || {
        provide_context(words);
        provide_context(heading);
        provide_context(ui::ContentFromAddress(content_from_address));
        provide_context(ui::CaptionsFromAddress(captions_from_address));
        provide_context(ui::KeepsAddress(url::Mode::of(&host).is_some()));
        // `data-compare`: the same seed at two settings, side by side.
        #[cfg(feature = "course")]
        if let Some(text) = raw.iter().rev().find(|(k, _)| k.trim().eq_ignore_ascii_case("compare")).map(|(_, v)| v.clone())
            && let (Some(pair), _) = locklab_sim::presets::parse_compare(S::specs(), S::aliases(), &text)
        {
            // The sides validate their parameters alone: what the element says about the
            // comparison itself, and what it leaves unused (steps, challenges), is said here.
            let mut notices = notices;
            let about = ["compare", "compare-captions", "steps", "step", "step-captions"];
            notices.extend(locklab_course::registry::validate::<S>(&raw).1.into_iter().filter(|n| about.contains(&n.param.as_str())));
            return ui::compare::<S, V>(&host, &raw, notices, pair, widget).into_any();
        }
        let model = Model::<S>::new(&host, &raw, notices);
        // `data-predict`: the widget is built again each time a question opens or closes (the
        // frame leaves out what the run shows while one is open).
        #[cfg(feature = "course")]
        if let Some(ctl) = predictions::start(model) {
            provide_context(ctl);
            return (move || {
                ctl.track();
                untrack(|| widget(model).into_any())
            })
            .into_any();
        }
        widget(model).into_any()
    })))
}
