//! The quiz widget: one card at a time, answered by mouse, touch or keys 1–N and Enter (only
//! while the quiz has focus), an explanation for every option, XP, a summary with "retry the ones
//! I missed" and "start over", and progress saved per deck in `localStorage`.
//!
//! Decks, scoring and saved progress are the sim crate's (`locklab_course::quiz`); this module
//! loads decks, stores progress and draws.

use leptos::prelude::*;
use locklab_course::quiz::{self, Deck, Progress};
use locklab_sim::Notice;
use serde::Serialize;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

use crate::content::{fnv1a, page_base, resolve, storage, Store};
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
    /// The answer as an xAPI statement (see `locklab_course::xapi`).
    statement: locklab_course::xapi::Statement,
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
    statement: locklab_course::xapi::Statement,
}

/// What the statements need from the author: the activity base and the learner, if given.
#[derive(Clone)]
pub struct Xapi {
    base: String,
    actor: Option<locklab_course::xapi::Actor>,
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
/// [`QUIZ_ATTRS`]: locklab_course::registry::QUIZ_ATTRS
pub fn view(host: HtmlElement, raw: Vec<(String, String)>, mut notices: Vec<Notice>, deck_from_address: bool) -> impl IntoView {
    let mut deck_ref = String::new();
    let (mut base, mut actor_name, mut actor_mbox) = (None, None, None);
    let (mine, rest, mut found) = locklab_sim::params::take_attrs(locklab_course::registry::QUIZ_ATTRS, &raw);
    notices.append(&mut found);
    let known: Vec<&str> = locklab_course::registry::QUIZ_ATTRS.iter().map(|a| a.name).collect();
    for (name, _) in rest {
        notices.push(Notice::new(name.clone(), format!("Unknown parameter \u{201c}{name}\u{201d}: ignored. Known: {}.", known.join(", "))));
    }
    let mut lesson: Option<String> = None;
    let mut answers_on_paper = false;
    let mut projected = false;
    let mut score_hidden = false;
    let mut tries = None;
    let mut paper_seed = quiz::PAPER_SEED;
    for (name, value) in mine {
        match name.as_str() {
            "layout" => projected = value.trim().eq_ignore_ascii_case("slide"),
            "paper-seed" => match quiz::paper_seed(&value) {
                Ok(s) => paper_seed = s,
                Err(why) => notices.push(Notice::new("paper-seed", why)),
            },
            "print" => answers_on_paper = value.trim().eq_ignore_ascii_case("answers"),
            "score" => score_hidden = value.trim().eq_ignore_ascii_case("hidden"),
            "tries" => match locklab_course::registry::parse_tries(&value) {
                Ok(t) => tries = t,
                Err(why) => notices.push(Notice::new("tries", why)),
            },
            "lesson" => match quiz::lesson_address(&value) {
                // The grammar is the adapters' too; the browser's parser then writes it out.
                Ok(v) => match resolve(v, &page_base()) {
                    Some(u) => lesson = Some(u),
                    None => notices.push(Notice::new("lesson", format!("lesson=\u{201c}{}\u{201d} could not be read as an address; the cards' links go to widgets on this page only.", v.chars().take(60).collect::<String>()))),
                },
                Err(why) => notices.push(Notice::new("lesson", why)),
            },
            "deck" => deck_ref = value.trim().to_string(),
            "activity-base" => base = Some(value),
            "actor-name" => actor_name = Some(value),
            "actor-mbox" => actor_mbox = Some(value),
            _ => {}
        }
    }
    let (base, actor, problems) = locklab_course::xapi::from_author(base.as_deref(), actor_name.as_deref(), actor_mbox.as_deref());
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
        None if looks_like_url => match crate::content::locate(&deck_ref) {
            Ok(at) => {
                let href = at.href.clone();
                let shown: String = href.chars().take(120).collect();
                let source = if at.foreign {
                    Some(format!("Questions from {}, not from this site.", at.host))
                } else {
                    deck_from_address.then(|| format!("Questions from {shown}, not one of locklab's own decks."))
                };
                leptos::task::spawn_local(async move {
                    let result = match crate::content::fetch_text(&href, quiz::MAX_DECK_BYTES, "a deck").await {
                        Ok(text) => match quiz::parse_deck(&text, &href) {
                            Ok(deck) => Loaded::Ready { deck, key: url_key(&href), base: LinkBase::Deck(href.clone()), reference: href, source },
                            Err(errors) => Loaded::Failed(std::iter::once(format!("The deck at {shown} cannot be used:")).chain(errors).collect()),
                        },
                        Err(e) => Loaded::Failed(vec![format!("This quiz could not start: the deck at {shown} {e}.")]),
                    };
                    loaded.try_set(result);
                });
            }
            Err(crate::content::LocateError::Refused(host)) => loaded.set(Loaded::Failed(vec![format!(
                "This site does not show decks from {host}. Its host can allow them (the locklab-deck-origins setting)."
            )])),
            Err(crate::content::LocateError::NotAnAddress) => loaded.set(Loaded::Failed(vec![format!(
                "\u{201c}{}\u{201d} is not a web address this page can load.",
                deck_ref.chars().take(120).collect::<String>()
            )])),
        },
        None => loaded.set(Loaded::Failed(vec![format!(
            "There is no built-in deck called \u{201c}{}\u{201d}. Built-in decks: {}; or give the address of a JSON deck.",
            deck_ref.chars().take(60).collect::<String>(),
            names.join(", ")
        )])),
    }
    let notices = RwSignal::new(locklab_sim::params::cap_notices(notices));
    let host = SendHost::new(host);
    let words: QuizWords = StoredValue::new(crate::i18n::words());
    move || match loaded.get() {
        Loaded::Loading => view! {
            <WidgetFrame title=say(words, "quiz-title", &[])>
                <p class="ll-lede">{say(words, "quiz-loading", &[])}</p>
            </WidgetFrame>
        }
        .into_any(),
        Loaded::Failed(errors) => {
            notices.update(|n| n.extend(errors.iter().take(12).map(|e| Notice::new("deck", e.clone()))));
            view! {
                <WidgetFrame title=say(words, "quiz-title", &[])>
                    <NoticeBox notices=notices />
                </WidgetFrame>
            }
            .into_any()
        }
        Loaded::Ready { deck, key, base, reference, source } => view! {
            <QuizCards host=host.clone() deck=deck storage_key=key link_base=base reference=reference source=source notices=notices xapi=xapi.clone() answers_on_paper=answers_on_paper projected=projected paper_seed=paper_seed score_hidden=score_hidden tries=tries />
        }
        .into_any(),
    }
}

/// The quiz's words in its page's language (its frame; a deck's own text is the author's).
type QuizWords = StoredValue<crate::i18n::Words>;

fn say(words: QuizWords, key: &str, args: &[(&str, locklab_sim::messages::Arg)]) -> String {
    words.with_value(|w| w.t(key, args))
}

/// A notice from the quiz: English in its `message` (the event's data), said in the quiz's
/// language where it is shown.
fn notice(said: locklab_sim::messages::Said) -> Notice {
    Notice::said_in("", said, &locklab_sim::messages::Tr::english(&[locklab_sim::messages::QUIZ]))
}

fn load_progress(deck: &Deck, key: &str, notices: RwSignal<Vec<Notice>>) -> Progress {
    if let Some(saved) = storage().and_then(|s| s.get(key)) {
        match Progress::restore(&saved, deck) {
            Ok(p) => return p,
            Err(why) => {
                notices.update(|n| n.push(notice(locklab_sim::messages::Said::new("quiz-discarded").text("why", why))));
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
    /// A teacher's `score=hidden`: no count of right answers and no XP (events keep them).
    score_hidden: bool,
    /// `data-layout="slide"`: for projection.
    projected: bool,
    /// `data-paper-seed`: which version of the printed paper.
    paper_seed: u64,
    /// A teacher's `tries`: rounds in which a card may be answered (`None`: unlimited).
    tries: Option<u32>,
) -> impl IntoView {
    let words: QuizWords = StoredValue::new(crate::i18n::words());
    let progress = RwSignal::new(load_progress(&deck, &storage_key, notices));
    let title = deck.title.clone();
    let intro = deck.intro.clone();
    let paper = paper_cards(&deck, answers_on_paper, paper_seed);
    let max_key = deck.cards.iter().map(|c| c.options.len()).max().unwrap_or(4);
    let deck = StoredValue::new(deck);
    let in_course = storage().is_some_and(|s| s.is_platform());
    let next_ref = NodeRef::<leptos::html::Button>::new();
    let card_ref = NodeRef::<leptos::html::Div>::new();
    let question_id = unique_id("question");
    // What events report: never the deck's self-declared id.
    let deck_id = reference;

    save_and_report(host.clone(), deck_id.clone(), storage_key, progress, notices);
    let answer = Answering { host, deck_id, deck, progress, xapi: StoredValue::new(xapi), card_ref, next_ref };
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
            // An answer's own button is not a control for Enter: focus moves from it to Next a
            // frame after the answer, and an Enter pressed in that frame (a quick keyboard user)
            // went to the answered option and was lost.
            let on_control = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|e| matches!(e.tag_name().as_str(), "BUTTON" | "A" | "INPUT" | "SUMMARY") && !e.class_list().contains("ll-option"));
            if let Some(d) = key.chars().next().and_then(|c| c.to_digit(10)).filter(|_| key.len() == 1) {
                let options = progress.with_untracked(|p| p.current()).map_or(0, |c| deck.with_value(|dk| dk.cards[c].options.len()));
                if d >= 1 && (d as usize) <= options {
                    ev.prevent_default();
                    answer.answer(d as usize - 1);
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

    let card_view = move || {
        let p = progress.get();
        let Some(card_index) = p.current() else {
            return round_summary(words, &p, progress, deck, in_course, score_hidden, tries);
        };
        let (card, order, base) = deck.with_value(|d| (d.cards[card_index].clone(), p.option_order(d, card_index), link_base.clone()));
        let given = p.answers[card_index];
        let answered = given.is_some();
        let last = p.position + 1 == p.round.len();
        let options = option_list(words, &card, &order, given, &answer);
        let verdict = given.map(|a| {
            if a.correct {
                if a.xp > 0 && !score_hidden { say(words, "quiz-correct-xp", &[("xp", a.xp.into())]) } else { say(words, "quiz-correct", &[]) }
            } else {
                say(words, "quiz-wrong", &[])
            }
        });
        let link = given.and(card.link.clone()).and_then(|l| {
            let target = match &base {
                LinkBase::Deck(deck) => resolve(&l.href, deck).map(Target::Address),
                LinkBase::Lesson(lesson) => lesson_target(&l.href, lesson.as_deref()),
            };
            target.map(|t| card_link(l.text, t))
        });
        view! {
            <p class="ll-question" id=question_id.clone()>{card.question.clone()}</p>
            <ol class="ll-options" aria-labelledby=question_id.clone()>{options}</ol>
            <p class="ll-verdict" class:ll-good=given.is_some_and(|a| a.correct) class:ll-bad=given.is_some_and(|a| !a.correct) aria-live="polite">
                {verdict}
            </p>
            {link}
            <div class="ll-buttons">
                <button type="button" class="ll-button ll-primary" node_ref=next_ref disabled=!answered on:click=move |_| next()>
                    {say(words, if last { "quiz-see-summary" } else { "quiz-next" }, &[])}
                </button>
            </div>
        }
        .into_any()
    };
    let status = move || {
        progress.with(|p| {
            let shown = (p.position + 1).min(p.round.len());
            if score_hidden {
                say(words, "quiz-status", &[("n", shown.into()), ("total", p.round.len().into())])
            } else {
                say(words, "quiz-status-xp", &[("n", shown.into()), ("total", p.round.len().into()), ("xp", p.xp.into())])
            }
        })
    };

    view! {
        <WidgetFrame title=title projected=projected>
            {source.map(|line| view! { <p class="ll-source">{line}</p> })}
            <p class="ll-lede">{intro}</p>
            <NoticeBox notices=notices />
            <div class="ll-print-only">{paper}</div>
            <div class="ll-quiz" node_ref=card_ref tabindex="-1" on:keydown=on_key>
                <p class="ll-quiz-status" aria-live="polite">{status}</p>
                {card_view}
                <p class="ll-method">
                    {say(words, "quiz-keys", &[("max", max_key.into())])}
                    {(!score_hidden).then(|| say(words, "quiz-keys-xp", &[("xp", quiz::XP_PER_CARD.into())]))}
                </p>
            </div>
        </WidgetFrame>
    }
}

/// Saves the progress after every change (nothing before the first answer) and tells the page
/// once per change of the result.
fn save_and_report(host: SendHost, deck_id: String, storage_key: String, progress: RwSignal<Progress>, notices: RwSignal<Vec<Notice>>) {
    let is_url_deck = storage_key.starts_with(&format!("{STORAGE_PREFIX}url"));
    let save_failed = std::cell::Cell::new(false);
    let last_result = std::cell::Cell::new(None::<QuizResult>);
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
                    let key = if s.is_platform() { "quiz-save-platform" } else { "quiz-save-browser" };
                    notices.update(|n| n.push(notice(locklab_sim::messages::Said::new(key))));
                }
            } else {
                s.remove(&storage_key);
            }
        } else if p.tried.iter().any(|&t| t) && !save_failed.replace(true) {
            notices.update(|n| n.push(notice(locklab_sim::messages::Said::new("quiz-no-storage"))));
        }
        let s = p.summary();
        let result = QuizResult { answered: s.answered, correct: s.correct, cards: s.cards, total_xp: s.total_xp };
        // One event per change of the result: turning to the next card changes nothing.
        if last_result.replace(Some(result)) != Some(result) {
            dispatch_change(&host, quiz::NAME, &QuizParams { deck: &deck_id }, &result);
        }
    });
}

/// What answering a card needs: it records the answer, tells the page (`locklab:answer`, and
/// `locklab:complete` the first time every card has one) and moves focus to the Next button.
#[derive(Clone)]
struct Answering {
    host: SendHost,
    deck_id: String,
    deck: StoredValue<Deck>,
    progress: RwSignal<Progress>,
    xapi: StoredValue<Xapi>,
    card_ref: NodeRef<leptos::html::Div>,
    next_ref: NodeRef<leptos::html::Button>,
}

impl Answering {
    /// Answers the current card with the option shown `shown`-th.
    fn answer(&self, shown: usize) {
        let Self { host, deck_id, deck, progress, xapi, card_ref, next_ref } = self;
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
                deck: deck_id,
                question: &card.id,
                choice: a.answer.choice,
                choice_text: &card.options[a.answer.choice].text,
                correct: a.answer.correct,
                xp: a.answer.xp,
                total_xp,
                statement: xapi.with_value(|x| locklab_course::xapi::answered(&x.base, deck_id, d, a.card, a.answer.choice, x.actor.as_ref())),
            };
            dispatch(host, "locklab:answer", &detail);
            // The first time every card has an answer, the deck is complete: its score is the
            // cards right at the first try.
            if !was_complete && progress.with_untracked(|p| p.all_tried()) {
                let (correct, cards) = progress.with_untracked(|p| p.first_try_score());
                let detail = CompleteDetail {
                    deck: deck_id,
                    correct,
                    cards,
                    total_xp,
                    statement: xapi.with_value(|x| locklab_course::xapi::completed(&x.base, deck_id, d, correct, cards, x.actor.as_ref())),
                };
                dispatch(host, "locklab:complete", &detail);
            }
        });
        // Keyboard users continue from the Next button (once the card has re-rendered).
        focus_later(*next_ref);
    }
}

/// The card's options in the order shown, each with its explanation once answered.
fn option_list(words: QuizWords, card: &quiz::Card, order: &[usize], given: Option<quiz::Answer>, answering: &Answering) -> impl IntoView + use<> {
    let answered = given.is_some();
    let right = card.correct_index();
    order
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
            let answering = answering.clone();
            let why = answered.then(|| {
                let mark = say(words, if o == right { "quiz-why-right" } else { "quiz-why-not" }, &[]);
                view! { <span class="ll-why">{mark}{option.why.clone()}</span> }
            });
            view! {
                <li>
                    <button
                        type="button"
                        class=format!("ll-option {state}")
                        aria-disabled=if answered { "true" } else { "false" }
                        aria-pressed=if chosen { "true" } else { "false" }
                        on:click=move |_| answering.answer(shown)
                    >
                        <span class="ll-option-key" aria-hidden="true">{shown + 1}</span>
                        <span class="ll-option-text">{option.text.clone()}</span>
                    </button>
                    {why}
                </li>
            }
        })
        .collect_view()
}

/// The end of a round: the score, "retry the ones I missed" and "start over".
fn round_summary(words: QuizWords, p: &Progress, progress: RwSignal<Progress>, deck: StoredValue<Deck>, in_course: bool, score_hidden: bool, tries: Option<u32>) -> AnyView {
    let s = p.summary();
    // Under a teacher's `tries`, a missed card comes back only while it has tries left, and there
    // is no starting over (it would give every try back).
    let retryable = p.retryable(tries).len();
    let out_of_tries = s.missed - retryable;
    let whole = s.cards == p.cards;
    let said = if score_hidden {
        say(words, if whole { "quiz-done-all" } else { "quiz-done-round" }, &[])
    } else {
        let args = [("correct", s.correct.into()), ("cards", s.cards.into()), ("xp", s.total_xp.into())];
        say(words, if whole { "quiz-score-first" } else { "quiz-score-round" }, &args)
    };
    view! {
        <div class="ll-summary">
            <p class="ll-question">{said}</p>
            <div class="ll-buttons">
                <button
                    type="button"
                    class="ll-button"
                    disabled=retryable == 0
                    on:click=move |_| progress.update(|p| {
                        p.retry_missed(tries);
                    })
                >
                    {if score_hidden { say(words, "quiz-retry", &[]) } else { say(words, "quiz-retry-count", &[("n", retryable.into())]) }}
                </button>
                {tries.is_none().then(|| view! {
                    <button type="button" class="ll-button" on:click=move |_| deck.with_value(|d| progress.update(|p| p.restart(d)))>
                        {say(words, "quiz-start-over", &[])}
                    </button>
                })}
            </div>
            {tries.map(|t| view! {
                <p class="ll-method">
                    {if out_of_tries > 0 { say(words, "quiz-tries-out", &[("tries", t.into()), ("out", out_of_tries.into())]) } else { say(words, "quiz-tries", &[("tries", t.into())]) }}
                </p>
            })}
            // Under a limit there is no Start over: the retries are what is practice.
            {in_course.then(|| view! {
                <p class="ll-method">
                    {say(words, if tries.is_none() { "quiz-recorded-start-over" } else { "quiz-recorded-retry" }, &[])}
                </p>
            })}
        </div>
    }
    .into_any()
}

/// An answered card's link: an address to open, or a widget on this page to set up.
fn card_link(text: String, target: Target) -> AnyView {
    match target {
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
    }
}

/// On paper: every card with its options (in the paper's fixed order, [`quiz::paper_order`]:
/// the same on the student's copy and the teacher's, and not the deck's, where the right answer
/// is often first), and with `print=answers` the keyed answer and why.
fn paper_cards(d: &Deck, answers_on_paper: bool, seed: u64) -> impl IntoView + use<> {
    d.cards
        .iter()
        .enumerate()
        .map(|(i, card)| {
            let order = quiz::paper_order_with(d, i, seed);
            let right = card.correct_index();
            let letter = order.iter().position(|&o| o == right).unwrap_or(right);
            let options = order.iter().filter_map(|&o| card.options.get(o)).map(|o| view! { <li>{o.text.clone()}</li> }).collect_view();
            let key = answers_on_paper.then(|| {
                let why = card.options.get(right).map(|o| o.why.clone()).unwrap_or_default();
                view! { <p class="ll-print-key">{format!("Answer: {}. {why}", char::from(b'A' + letter as u8))}</p> }
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
}
