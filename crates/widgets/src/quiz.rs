//! The quiz widget: one card at a time, answered by mouse, touch or keys 1–N and Enter (only
//! while the quiz has focus), an explanation for every option, XP, a summary with "retry the ones
//! I missed" and "start over", and progress saved per deck in `localStorage`.
//!
//! Decks, scoring and saved progress are the sim crate's (`locklab_sim::quiz`); this module
//! loads decks, stores progress and draws.

use leptos::prelude::*;
use locklab_sim::quiz::{self, Deck, Progress};
use locklab_sim::Notice;
use serde::Serialize;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::HtmlElement;

use crate::ui::{dispatch, dispatch_change, unique_id, NoticeBox, WidgetFrame};
use crate::SendHost;

/// The `localStorage` key prefix; the number is the progress format version.
pub const STORAGE_PREFIX: &str = "locklab:quiz:v1:";

/// The most decks from addresses whose progress a browser keeps; the least recently used go.
pub const MAX_SAVED_URL_DECKS: usize = 20;
/// Where the keys of saved URL decks are listed, most recently used first.
const RECENT_KEY: &str = "locklab:quiz:v1:recent-url-decks";

#[derive(Clone, PartialEq)]
enum Loaded {
    Loading,
    /// `reference` is what events report: a built-in deck's name or the deck's resolved address
    /// (never the deck's own, self-declared id). `source` names another origin's host.
    Ready { deck: Deck, key: String, base: LinkBase, reference: String, source: Option<String> },
    Failed(Vec<String>),
}

#[derive(Serialize)]
struct QuizParams<'a> {
    deck: &'a str,
}

#[derive(Serialize, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase")]
struct QuizResult {
    answered: usize,
    correct: usize,
    cards: usize,
    total_xp: u32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AnswerDetail<'a> {
    deck: &'a str,
    question: &'a str,
    /// The option chosen, as its index in the deck.
    choice: usize,
    choice_text: &'a str,
    correct: bool,
    xp: u32,
    total_xp: u32,
    /// The answer as an xAPI statement (see `locklab_sim::xapi`).
    statement: locklab_sim::xapi::Statement,
}

/// `locklab:complete`: every card of the deck has been answered (fired once per learner and deck;
/// saved progress remembers it).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CompleteDetail<'a> {
    deck: &'a str,
    correct: usize,
    cards: usize,
    total_xp: u32,
    /// The finished deck as an xAPI `completed` statement with its score.
    statement: locklab_sim::xapi::Statement,
}

/// What the statements need from the author: the activity base and the learner, if given.
#[derive(Clone)]
pub struct Xapi {
    base: String,
    actor: Option<locklab_sim::xapi::Actor>,
}

/// What a card's link is relative to.
#[derive(Clone, PartialEq)]
enum LinkBase {
    /// A deck from an address: its links are relative to it, as the author wrote them.
    Deck(String),
    /// A built-in deck: its links name locklab's lesson (`index.html?widget.param=value#section`),
    /// which exists only on the locklab site or where an author names it.
    Lesson(Option<String>),
}

/// Where a card's link leads on this page.
enum Target {
    /// A widget of the linked kind on this page: set these parameters on it.
    Widget(HtmlElement, Vec<(String, String)>),
    /// An address to open.
    Address(String),
}

fn page_base() -> String {
    web_sys::window().and_then(|w| w.document()).and_then(|d| d.base_uri().ok().flatten()).unwrap_or_default()
}

/// The lesson a page names for built-in decks' links: `<meta name="locklab-lesson" content="…">`.
fn lesson_from_page() -> Option<String> {
    let doc = web_sys::window()?.document()?;
    let meta = doc.query_selector("meta[name=locklab-lesson]").ok()??;
    resolve(meta.get_attribute("content")?.trim(), &page_base())
}

/// Where a built-in deck's link `href` leads from this page (see [`LinkBase::Lesson`]).
fn lesson_target(href: &str, lesson: Option<&str>) -> Option<Target> {
    let url = web_sys::Url::new_with_base(href, "https://lesson.invalid/").ok()?;
    let mut widget: Option<String> = None;
    let mut params = Vec::new();
    let entries = js_sys::try_iter(&url.search_params()).ok().flatten()?;
    for entry in entries.flatten() {
        let pair: js_sys::Array = entry.dyn_into().ok()?;
        let (key, value) = (pair.get(0).as_string()?, pair.get(1).as_string()?);
        let (w, p) = key.split_once('.')?;
        if widget.get_or_insert_with(|| w.to_string()) != w {
            widget = None;
            break;
        }
        params.push((p.to_string(), value));
    }
    let here = widget.and_then(|w| {
        let doc = web_sys::window()?.document()?;
        doc.query_selector(&format!("[data-locklab=\"{w}\"][data-locklab-mounted]")).ok()?.and_then(|e| e.dyn_into::<HtmlElement>().ok())
    });
    match (here, lesson) {
        (Some(el), _) => Some(Target::Widget(el, params)),
        (None, Some(lesson)) => resolve(href, lesson).map(Target::Address),
        (None, None) => None,
    }
}

/// `href` resolved against `base`, if the result is an http(s) address.
fn resolve(href: &str, base: &str) -> Option<String> {
    let url = web_sys::Url::new_with_base(href, base).ok()?;
    matches!(url.protocol().as_str(), "http:" | "https:").then(|| url.href())
}

/// Where a quiz keeps its progress: the browser's `localStorage`, or, inside a course platform's
/// package, the platform's own record of this learner's attempt (`cmi.suspend_data`, through the
/// SCORM bridge, which offers a store at `globalThis[Symbol.for("locklab.store")]` with
/// `get(key)`, `set(key, value)` and `remove(key)`). In a package the browser's storage is never
/// used: an LMS serves every course and learner from one origin.
#[derive(Clone)]
enum Store {
    Browser(web_sys::Storage),
    Platform(js_sys::Object),
}

impl Store {
    fn get(&self, key: &str) -> Option<String> {
        match self {
            Store::Browser(s) => s.get_item(key).ok().flatten(),
            Store::Platform(o) => call(o, "get", &[key.into()]).and_then(|v| v.as_string()),
        }
    }

    /// Whether the value was kept.
    fn set(&self, key: &str, value: &str) -> bool {
        match self {
            Store::Browser(s) => s.set_item(key, value).is_ok(),
            Store::Platform(o) => call(o, "set", &[key.into(), value.into()]).is_some_and(|v| v.as_bool() != Some(false)),
        }
    }

    fn remove(&self, key: &str) {
        match self {
            Store::Browser(s) => {
                let _ = s.remove_item(key);
            }
            Store::Platform(o) => {
                let _ = call(o, "remove", &[key.into()]);
            }
        }
    }

    fn is_platform(&self) -> bool {
        matches!(self, Store::Platform(_))
    }
}

/// `o[name](...args)`, if `o` has such a function and it does not throw.
fn call(o: &js_sys::Object, name: &str, args: &[wasm_bindgen::JsValue]) -> Option<wasm_bindgen::JsValue> {
    let f: js_sys::Function = js_sys::Reflect::get(o, &name.into()).ok()?.dyn_into().ok()?;
    f.apply(o, &args.iter().collect::<js_sys::Array>()).ok()
}

fn storage() -> Option<Store> {
    let key = js_sys::Symbol::for_("locklab.store");
    if let Ok(v) = js_sys::Reflect::get(&js_sys::global(), &key)
        && let Ok(o) = v.dyn_into::<js_sys::Object>()
    {
        return Some(Store::Platform(o));
    }
    web_sys::window().and_then(|w| w.local_storage().ok().flatten()).map(Store::Browser)
}

/// The deck's text, refused when it is larger than [`quiz::MAX_DECK_BYTES`]: by its
/// `Content-Length` first, then while it arrives. The body is read chunk by chunk and the decoded
/// bytes counted (after any `Content-Encoding`, which `Content-Length` does not see), and the
/// stream is cancelled as soon as it passes the limit, so neither a body with no length nor a
/// small compressed one that inflates to gigabytes is ever held whole. An empty body is an error.
async fn fetch_text(url: &str) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let too_big = || format!("is larger than {} KB, the most a deck may be", quiz::MAX_DECK_BYTES / 1000);
    let response = JsFuture::from(window.fetch_with_str(url)).await.map_err(|_| "could not be fetched".to_string())?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "unexpected fetch result".to_string())?;
    if !response.ok() {
        return Err(format!("could not be loaded (HTTP {})", response.status()));
    }
    let declared = response.headers().get("content-length").ok().flatten().and_then(|v| v.trim().parse::<u64>().ok());
    let body = response.body().ok_or_else(|| "is empty".to_string())?;
    if declared.is_some_and(|n| n > quiz::MAX_DECK_BYTES as u64) {
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
        if bytes.len() + value.length() as usize > quiz::MAX_DECK_BYTES {
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

/// The origins a page lets decks come from, from `<meta name="locklab-deck-origins"
/// content="https://a.example https://b.example">` (`*` for any). `None`: the page sets no
/// limit (an author's own page, where the author chose the deck).
fn allowed_deck_origins() -> Option<Vec<String>> {
    let doc = web_sys::window()?.document()?;
    let meta = doc.query_selector("meta[name=locklab-deck-origins]").ok()??;
    let content = meta.get_attribute("content").unwrap_or_default();
    Some(content.split_whitespace().map(|o| o.trim_end_matches('/').to_string()).collect())
}

/// A short stable name for a long key: 64-bit FNV-1a in hex.
fn fnv1a(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The storage key of a deck from an address: the address without its fragment, hashed when long.
fn url_key(url: &str) -> String {
    if url.len() <= 200 { format!("{STORAGE_PREFIX}url:{url}") } else { format!("{STORAGE_PREFIX}url#{}", fnv1a(url)) }
}

/// Marks `key` as just used and forgets the progress of the least recently used URL decks beyond
/// [`MAX_SAVED_URL_DECKS`].
fn touch_url_key(s: &web_sys::Storage, key: &str) {
    // (browser storage only: a platform's record holds one attempt's decks)
    let mut recent: Vec<String> = s
        .get_item(RECENT_KEY)
        .ok()
        .flatten()
        .map(|v| v.split('\n').filter(|k| k.starts_with(STORAGE_PREFIX)).map(String::from).collect())
        .unwrap_or_default();
    recent.retain(|k| k != key);
    recent.insert(0, key.to_string());
    for old in recent.drain(MAX_SAVED_URL_DECKS.min(recent.len())..) {
        let _ = s.remove_item(&old);
    }
    let _ = s.set_item(RECENT_KEY, &recent.join("\n"));
}

/// Mounts a quiz into `host` from its raw parameters (`deck` and the other [`QUIZ_ATTRS`]).
/// `deck_from_address`: the page's address chose the deck (anyone can write an address), so a
/// deck that is not built in shows where it comes from even on this site.
///
/// [`QUIZ_ATTRS`]: locklab_sim::registry::QUIZ_ATTRS
pub fn view(host: HtmlElement, raw: Vec<(String, String)>, mut notices: Vec<Notice>, deck_from_address: bool) -> impl IntoView {
    let mut deck_ref = String::new();
    let (mut base, mut actor_name, mut actor_mbox) = (None, None, None);
    let (mine, rest, mut found) = locklab_sim::params::take_attrs(locklab_sim::registry::QUIZ_ATTRS, &raw);
    notices.append(&mut found);
    let known: Vec<&str> = locklab_sim::registry::QUIZ_ATTRS.iter().map(|a| a.name).collect();
    for (name, _) in rest {
        notices.push(Notice::new(name.clone(), format!("Unknown parameter \u{201c}{name}\u{201d}: ignored. Known: {}.", known.join(", "))));
    }
    let mut lesson: Option<String> = None;
    let mut answers_on_paper = false;
    for (name, value) in mine {
        match name.as_str() {
            "print" => answers_on_paper = value.trim().eq_ignore_ascii_case("answers"),
            "lesson" => match resolve(value.trim(), &page_base()).filter(|_| value.trim().starts_with("http")) {
                Some(u) => lesson = Some(u),
                None => notices.push(Notice::new("lesson", format!("lesson=\u{201c}{}\u{201d} is not an http(s) address; the cards' links go to widgets on this page only.", value.chars().take(60).collect::<String>()))),
            },
            "deck" => deck_ref = value.trim().to_string(),
            "activity-base" => base = Some(value),
            "actor-name" => actor_name = Some(value),
            "actor-mbox" => actor_mbox = Some(value),
            _ => {}
        }
    }
    let (base, actor, problems) = locklab_sim::xapi::from_author(base.as_deref(), actor_name.as_deref(), actor_mbox.as_deref());
    notices.extend(problems.into_iter().map(|p| Notice::new("", p)));
    let xapi = Xapi { base, actor };
    let names: Vec<&str> = quiz::BUILT_IN.iter().map(|(n, _)| *n).collect();
    if deck_ref.is_empty() {
        notices.push(Notice::new("deck", format!("No deck given; showing \u{201c}{}\u{201d}. Built-in decks: {}.", names[0], names.join(", "))));
        deck_ref = names[0].to_string();
    }
    let loaded = RwSignal::new(Loaded::Loading);
    let looks_like_url = deck_ref.contains('/') || deck_ref.ends_with(".json");
    match quiz::built_in(&deck_ref) {
        Some(Ok(deck)) => {
            let key = format!("{STORAGE_PREFIX}{}", deck.id);
            // A built-in deck's links point into locklab's lesson: they open a widget of that kind
            // on this page, else the lesson the author names (or the locklab site's own pages
            // name with <meta name="locklab-lesson">), else nothing: in a package or a book the
            // lesson is not there.
            let links = LinkBase::Lesson(lesson.or_else(lesson_from_page));
            loaded.set(Loaded::Ready { deck, key, base: links, reference: deck_ref.clone(), source: None });
        }
        Some(Err(errors)) => loaded.set(Loaded::Failed(errors)),
        None if looks_like_url => {
            let page = web_sys::window().and_then(|w| w.document()).and_then(|d| d.base_uri().ok().flatten()).unwrap_or_default();
            let resolved = resolve(&deck_ref, &page).and_then(|u| web_sys::Url::new(&u).ok());
            match resolved {
                Some(url) => {
                    url.set_hash("");
                    let href = url.href();
                    let page_origin = web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default();
                    let foreign = url.origin() != page_origin;
                    let allowed = !foreign
                        || allowed_deck_origins().is_none_or(|list| list.iter().any(|o| o == "*" || *o == url.origin()));
                    let shown: String = href.chars().take(120).collect();
                    if allowed {
                        let source = if foreign {
                            Some(format!("Questions from {}, not from this site.", url.host()))
                        } else {
                            deck_from_address.then(|| format!("Questions from {shown}, not one of locklab's own decks."))
                        };
                        leptos::task::spawn_local(async move {
                            let result = match fetch_text(&href).await {
                                Ok(text) => match quiz::parse_deck(&text, &href) {
                                    Ok(deck) => Loaded::Ready { deck, key: url_key(&href), base: LinkBase::Deck(href.clone()), reference: href, source },
                                    Err(errors) => Loaded::Failed(
                                        std::iter::once(format!("The deck at {shown} cannot be used:")).chain(errors).collect(),
                                    ),
                                },
                                Err(e) => Loaded::Failed(vec![format!("This quiz could not start: the deck at {shown} {e}.")]),
                            };
                            loaded.try_set(result);
                        });
                    } else {
                        loaded.set(Loaded::Failed(vec![format!(
                            "This site does not show decks from {}. Its host can allow them (the locklab-deck-origins setting).",
                            url.host()
                        )]));
                    }
                }
                None => loaded.set(Loaded::Failed(vec![format!(
                    "\u{201c}{}\u{201d} is not a web address this page can load.",
                    deck_ref.chars().take(120).collect::<String>()
                )])),
            }
        }
        None => loaded.set(Loaded::Failed(vec![format!(
            "There is no built-in deck called \u{201c}{}\u{201d}. Built-in decks: {}; or give the address of a JSON deck.",
            deck_ref.chars().take(60).collect::<String>(),
            names.join(", ")
        )])),
    }
    let notices = RwSignal::new(locklab_sim::params::cap_notices(notices));
    let host = SendHost::new(host);
    move || match loaded.get() {
        Loaded::Loading => view! {
            <WidgetFrame title="Quiz">
                <p class="ll-lede">"Loading the deck…"</p>
            </WidgetFrame>
        }
        .into_any(),
        Loaded::Failed(errors) => {
            notices.update(|n| n.extend(errors.iter().take(12).map(|e| Notice::new("deck", e.clone()))));
            view! {
                <WidgetFrame title="Quiz">
                    <NoticeBox notices=notices />
                </WidgetFrame>
            }
            .into_any()
        }
        Loaded::Ready { deck, key, base, reference, source } => view! {
            <QuizCards host=host.clone() deck=deck storage_key=key link_base=base reference=reference source=source notices=notices xapi=xapi.clone() answers_on_paper=answers_on_paper />
        }
        .into_any(),
    }
}

fn load_progress(deck: &Deck, key: &str, notices: RwSignal<Vec<Notice>>) -> Progress {
    if let Some(saved) = storage().and_then(|s| s.get(key)) {
        match Progress::restore(&saved, deck) {
            Ok(p) => return p,
            Err(why) => {
                notices.update(|n| n.push(Notice::new("", format!("Saved progress for this deck was discarded: {why}. Starting afresh."))));
                if let Some(s) = storage() {
                    s.remove(key);
                }
            }
        }
    }
    let seed = (js_sys::Math::random() * locklab_sim::params::MAX_SEED as f64).floor() as u64;
    Progress::new(deck, seed)
}

/// Focuses an element after the next render: the card's buttons are rebuilt when the progress
/// changes, and the focused one goes with them.
fn focus_later<E>(node: NodeRef<E>)
where
    E: leptos::html::ElementType,
    E::Output: JsCast + Clone + 'static,
    NodeRef<E>: Copy,
{
    request_animation_frame(move || {
        if let Some(el) = node.try_get_untracked().flatten()
            && let Some(el) = el.dyn_ref::<HtmlElement>()
        {
            let _ = el.focus();
        }
    });
}

#[component]
fn QuizCards(
    host: SendHost,
    deck: Deck,
    storage_key: String,
    link_base: LinkBase,
    reference: String,
    source: Option<String>,
    notices: RwSignal<Vec<Notice>>,
    xapi: Xapi,
    /// `data-print="answers"`: the printed deck carries each card's answer and explanation.
    answers_on_paper: bool,
) -> impl IntoView {
    let xapi = StoredValue::new(xapi);
    let progress = RwSignal::new(load_progress(&deck, &storage_key, notices));
    let deck = StoredValue::new(deck);
    // What events report: never the deck's self-declared id.
    let deck_id = reference;
    let is_url_deck = storage_key.starts_with(&format!("{STORAGE_PREFIX}url"));
    let save_failed = std::cell::Cell::new(false);
    let last_result = std::cell::Cell::new(None::<QuizResult>);
    let in_course = storage().is_some_and(|s| s.is_platform());
    let next_ref = NodeRef::<leptos::html::Button>::new();
    let card_ref = NodeRef::<leptos::html::Div>::new();
    let question_id = unique_id("question");

    // Save after every change, and tell the page.
    {
        let host = host.clone();
        let deck_id = deck_id.clone();
        Effect::new(move |_| {
            let p = progress.get();
            // Nothing is written until the first answer (a visit alone leaves no trace), and
            // starting over with nothing answered forgets the entry.
            if let Some(s) = storage() {
                if p.tried.iter().any(|&t| t) {
                    let saved = s.set(&storage_key, &p.to_json());
                    if let (true, true, Store::Browser(b)) = (saved, is_url_deck, &s) {
                        touch_url_key(b, &storage_key);
                    }
                    if !saved && !save_failed.replace(true) {
                        let text = if s.is_platform() {
                            "Your progress could not be saved in your course's record (it holds 4,096 characters): it will be lost when you leave the page."
                        } else {
                            "Your progress could not be saved in this browser (its storage is full or blocked): it will be lost when you leave the page."
                        };
                        notices.update(|n| n.push(Notice::new("", text)));
                    }
                } else {
                    s.remove(&storage_key);
                }
            } else if p.tried.iter().any(|&t| t) && !save_failed.replace(true) {
                notices.update(|n| {
                    n.push(Notice::new("", "This browser keeps no storage for this page: your progress will be lost when you leave it."))
                });
            }
            let s = p.summary();
            let result = QuizResult { answered: s.answered, correct: s.correct, cards: s.cards, total_xp: s.total_xp };
            // One event per change of the result: turning to the next card changes nothing.
            if last_result.replace(Some(result)) != Some(result) {
                dispatch_change(&host, quiz::NAME, &QuizParams { deck: &deck_id }, &result);
            }
        });
    }

    let answer = {
        let host = host.clone();
        let deck_id = deck_id.clone();
        move |shown: usize| {
            // The card is rebuilt below; keep focus inside the quiz meanwhile so keys still reach it.
            if let Some(c) = card_ref.get_untracked() {
                let _ = c.focus();
            }
            let mut done = None;
            let was_complete = progress.with_untracked(|p| p.all_tried());
            progress.update(|p| done = deck.with_value(|d| p.answer(d, shown)));
            let Some(a) = done else { return };
            let total_xp = progress.with_untracked(|p| p.xp);
            deck.with_value(|d| {
                let card = &d.cards[a.card];
                let detail = AnswerDetail {
                    deck: &deck_id,
                    question: &card.id,
                    choice: a.answer.choice,
                    choice_text: &card.options[a.answer.choice].text,
                    correct: a.answer.correct,
                    xp: a.answer.xp,
                    total_xp,
                    statement: xapi.with_value(|x| locklab_sim::xapi::answered(&x.base, &deck_id, d, a.card, a.answer.choice, x.actor.as_ref())),
                };
                dispatch(&host, "locklab:answer", &detail);
                // The first time every card has an answer, the deck is complete: its score is the
                // cards right at the first try.
                if !was_complete && progress.with_untracked(|p| p.all_tried()) {
                    let (correct, cards) = progress.with_untracked(|p| p.first_try_score());
                    let detail = CompleteDetail {
                        deck: &deck_id,
                        correct,
                        cards,
                        total_xp,
                        statement: xapi.with_value(|x| locklab_sim::xapi::completed(&x.base, &deck_id, d, correct, cards, x.actor.as_ref())),
                    };
                    dispatch(&host, "locklab:complete", &detail);
                }
            });
            // Keyboard users continue from the Next button (once the card has re-rendered).
            focus_later(next_ref);
        }
    };
    let next = move || {
        if let Some(c) = card_ref.get_untracked() {
            let _ = c.focus();
        }
        progress.update(|p| {
            p.next_card();
        });
        focus_later(card_ref);
    };
    let on_key = {
        let answer = answer.clone();
        move |ev: web_sys::KeyboardEvent| {
            if ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
                return;
            }
            let key = ev.key();
            let on_control = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|e| matches!(e.tag_name().as_str(), "BUTTON" | "A" | "INPUT" | "SUMMARY"));
            if let Some(d) = key.chars().next().and_then(|c| c.to_digit(10)).filter(|_| key.len() == 1) {
                let options = progress.with_untracked(|p| p.current()).map_or(0, |c| deck.with_value(|dk| dk.cards[c].options.len()));
                if d >= 1 && (d as usize) <= options {
                    ev.prevent_default();
                    answer(d as usize - 1);
                }
            } else if key == "Enter" && !on_control {
                let answered = progress.with_untracked(|p| p.current().is_some_and(|c| p.answers[c].is_some()));
                if answered {
                    ev.prevent_default();
                    next();
                }
            }
        }
    };

    let title = deck.with_value(|d| d.title.clone());
    let intro = deck.with_value(|d| d.intro.clone());
    // On paper: every card with its options (in the deck's order), and with `print=answers` the
    // keyed answer and why.
    let paper = deck.with_value(|d| {
        d.cards
            .iter()
            .enumerate()
            .map(|(i, card)| {
                let right = card.correct_index();
                let options = card.options.iter().map(|o| view! { <li>{o.text.clone()}</li> }).collect_view();
                let key = answers_on_paper.then(|| {
                    let o = &card.options[right];
                    view! { <p class="ll-print-key">{format!("Answer: {}. {}", char::from(b'A' + right as u8), o.why)}</p> }
                });
                view! {
                    <div class="ll-print-card">
                        <p class="ll-print-question">{format!("{}. {}", i + 1, card.question)}</p>
                        <ol type="A">{options}</ol>
                        {key}
                    </div>
                }
            })
            .collect_view()
    });
    let card_view = move || {
        let p = progress.get();
        let Some(card_index) = p.current() else {
            let s = p.summary();
            return view! {
                <div class="ll-summary">
                    <p class="ll-question">
                        {format!(
                            "You answered {} of {} correctly{}, and have {} XP.",
                            s.correct,
                            s.cards,
                            if s.cards == p.cards { " at the first try" } else { " this round" },
                            s.total_xp
                        )}
                    </p>
                    <div class="ll-buttons">
                        <button
                            type="button"
                            class="ll-button"
                            disabled=s.missed == 0
                            on:click=move |_| progress.update(|p| {
                                p.retry_missed();
                            })
                        >
                            {format!("Retry the ones I missed ({})", s.missed)}
                        </button>
                        <button type="button" class="ll-button" on:click=move |_| deck.with_value(|d| progress.update(|p| p.restart(d)))>
                            "Start over"
                        </button>
                    </div>
                    {in_course.then(|| view! { <p class="ll-method">"In this course the first finished round is what is recorded; starting over is practice."</p> })}
                </div>
            }
            .into_any();
        };
        let (card, order, base) = deck.with_value(|d| (d.cards[card_index].clone(), p.option_order(d, card_index), link_base.clone()));
        let given = p.answers[card_index];
        let answered = given.is_some();
        let right = card.correct_index();
        let last = p.position + 1 == p.round.len();
        let options = order
            .iter()
            .enumerate()
            .map(|(shown, &o)| {
                let option = &card.options[o];
                let chosen = given.is_some_and(|a| a.choice == o);
                let state = match (answered, o == right, chosen) {
                    (false, _, _) => "",
                    (true, true, _) => "ll-right",
                    (true, false, true) => "ll-wrong",
                    (true, false, false) => "ll-other",
                };
                let answer = answer.clone();
                let why = answered.then(|| {
                    let mark = if o == right { "Right: " } else { "Not this one: " };
                    view! { <span class="ll-why">{mark}{option.why.clone()}</span> }
                });
                view! {
                    <li>
                        <button
                            type="button"
                            class=format!("ll-option {state}")
                            aria-disabled=if answered { "true" } else { "false" }
                            aria-pressed=if chosen { "true" } else { "false" }
                            on:click=move |_| answer(shown)
                        >
                            <span class="ll-option-key" aria-hidden="true">{shown + 1}</span>
                            <span class="ll-option-text">{option.text.clone()}</span>
                        </button>
                        {why}
                    </li>
                }
            })
            .collect_view();
        let verdict = given.map(|a| {
            if a.correct {
                if a.xp > 0 { format!("Correct: +{} XP.", a.xp) } else { "Correct.".to_string() }
            } else {
                "Not quite: see why under each option.".to_string()
            }
        });
        let link = given.and(card.link.clone()).and_then(|l| {
            let target = match &base {
                LinkBase::Deck(deck) => resolve(&l.href, deck).map(Target::Address),
                LinkBase::Lesson(lesson) => lesson_target(&l.href, lesson.as_deref()),
            };
            target.map(|t| (l.text, t))
        });
        view! {
            <p class="ll-question" id=question_id.clone()>{card.question.clone()}</p>
            <ol class="ll-options" aria-labelledby=question_id.clone()>{options}</ol>
            <p class="ll-verdict" class:ll-good=given.is_some_and(|a| a.correct) class:ll-bad=given.is_some_and(|a| !a.correct) aria-live="polite">
                {verdict}
            </p>
            {link.map(|(text, target)| match target {
                Target::Address(href) => view! { <p class="ll-link"><a href=href target="_top" rel="noopener noreferrer">{text} " →"</a></p> }.into_any(),
                Target::Widget(el, params) => {
                    let el = SendHost::new(el);
                    let set = move |_| {
                        let given = js_sys::Object::new();
                        for (k, v) in &params {
                            let _ = js_sys::Reflect::set(&given, &k.into(), &v.into());
                        }
                        let detail = js_sys::Object::new();
                        let _ = js_sys::Reflect::set(&detail, &"params".into(), &given);
                        let init = web_sys::CustomEventInit::new();
                        init.set_detail(&detail);
                        if let Ok(ev) = web_sys::CustomEvent::new_with_event_init_dict("locklab:set", &init) {
                            let _ = el.dispatch_event(&ev);
                        }
                        el.scroll_into_view();
                    };
                    view! { <p class="ll-link"><button type="button" class="ll-link-button" on:click=set>{text} " (in the widget on this page) →"</button></p> }.into_any()
                }
            })}
            <div class="ll-buttons">
                <button type="button" class="ll-button ll-primary" node_ref=next_ref disabled=!answered on:click=move |_| next()>
                    {if last { "See the summary" } else { "Next card" }}
                </button>
            </div>
        }
        .into_any()
    };
    let status = move || {
        progress.with(|p| {
            let shown = (p.position + 1).min(p.round.len());
            format!("Card {} of {} · {} XP", shown, p.round.len(), p.xp)
        })
    };
    let max_key = deck.with_value(|d| d.cards.iter().map(|c| c.options.len()).max().unwrap_or(4));

    view! {
        <WidgetFrame title=title>
            {source.map(|line| view! { <p class="ll-source">{line}</p> })}
            <p class="ll-lede">{intro}</p>
            <NoticeBox notices=notices />
            <div class="ll-print-only">{paper}</div>
            <div class="ll-quiz" node_ref=card_ref tabindex="-1" on:keydown=on_key>
                <p class="ll-quiz-status" aria-live="polite">{status}</p>
                {card_view}
                <p class="ll-method">{format!("Keys, while the quiz has focus: 1 to {max_key} to answer, Enter for the next card. {} XP for each card answered correctly at the first try.", quiz::XP_PER_CARD)}</p>
            </div>
        </WidgetFrame>
    }
}
