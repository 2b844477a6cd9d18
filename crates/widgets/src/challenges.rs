//! The challenges panel, written once for every simulation: goals the widget checks itself
//! (`data-challenges="builtin"` or the address of a JSON set). The goals, their checking and the
//! learner's progress are the course crate's (`locklab_course::challenge`); this loads a set,
//! asks it after every learner change, keeps the progress where the quiz keeps its own, tells the
//! page (`locklab:challenge`, with an xAPI statement) and draws.
//!
//! Collapsed at first ("Challenges: 1 of 3 met"); open, it shows one challenge at a time with
//! its hints on request, an "It can't be done" answer, and the explanation once met. A goal the
//! widget already meets when the set loads does not count: only a change by the learner meets it.

use leptos::prelude::*;
use locklab_course::challenge::{self, BuiltIn, ChallengeSet, Progress, State};
use locklab_course::registry::CourseAttrs;
use locklab_sim::{Notice, Scenario};
use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::{JsCast, JsValue};

use crate::content::{fnv1a, storage};
use crate::ui::{dispatch, unique_id, Model};

/// The `localStorage` key prefix; the number is the progress format version.
pub const STORAGE_PREFIX: &str = "locklab:challenges:v1:";

#[derive(Clone)]
enum Loaded {
    Loading,
    Ready(ChallengeSet, String),
    Failed,
}

/// `locklab:challenge`: a challenge met, or an "It can't be done" that was wrong.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ChallengeDetail<'a, P: Serialize, R: Serialize> {
    widget: &'a str,
    /// `builtin`, or the set's address.
    set: &'a str,
    challenge: &'a str,
    met: bool,
    /// Learner changes (and answers) while it was unmet, this one included.
    attempts: u32,
    /// Challenges met so far, and how many the set has (a course's score is their ratio).
    met_count: usize,
    total: usize,
    params: &'a P,
    result: &'a R,
    statement: Value,
}

/// A JavaScript value as JSON data (objects, arrays, text, numbers, true/false, null), nested at
/// most `depth` deep: how the panel reads what the browser parsed and what the events carry,
/// without a JSON parser or a second serializer of every result type in the bundle.
pub(crate) fn to_json(v: &JsValue, depth: usize) -> Value {
    if let Some(s) = v.as_string() {
        Value::String(s)
    } else if let Some(n) = v.as_f64() {
        // JavaScript has one number type: whole ones come back as integers (as JSON.parse reads
        // `3`), so that counts read as counts.
        if n.fract() == 0.0 && n.abs() < 9_007_199_254_740_992.0 {
            Value::Number(serde_json::Number::from(n as i64))
        } else {
            serde_json::Number::from_f64(n).map_or(Value::Null, Value::Number)
        }
    } else if let Some(b) = v.as_bool() {
        Value::Bool(b)
    } else if depth == 0 || v.is_null() || v.is_undefined() {
        Value::Null
    } else if js_sys::Array::is_array(v) {
        Value::Array(js_sys::Array::from(v).iter().map(|x| to_json(&x, depth - 1)).collect())
    } else if let Some(o) = v.dyn_ref::<js_sys::Object>() {
        let mut m = serde_json::Map::new();
        for entry in js_sys::Object::entries(o).iter() {
            let pair = js_sys::Array::from(&entry);
            if let Some(k) = pair.get(0).as_string() {
                m.insert(k, to_json(&pair.get(1), depth - 1));
            }
        }
        Value::Object(m)
    } else {
        Value::Null
    }
}

/// Deep enough for any set or result; a deeper one is cut, not followed.
pub(crate) const MAX_DEPTH: usize = 12;

/// `v` as events serialize it, as JSON data.
pub(crate) fn as_json<T: Serialize>(v: &T) -> Value {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_or(Value::Null, |js| to_json(&js, MAX_DEPTH))
}

/// A set from JSON text, read by the browser's own parser (no JSON parser in the bundle).
fn parse_text(text: &str) -> Result<ChallengeSet, Vec<String>> {
    let js = js_sys::JSON::parse(text).map_err(|_| vec!["The challenge set is not valid JSON.".to_string()])?;
    challenge::parse_set_value(&to_json(&js, MAX_DEPTH))
}

/// The widget's state as goals see it, with its result as events carry it.
pub(crate) fn state_of<S: Scenario>(values: &[f64], outcome: &S::Outcome) -> (State, Value) {
    let result = as_json(&S::summary(outcome));
    (challenge::state(S::specs(), values, &result), result)
}

/// The panel, when the element asks for challenges; nothing otherwise.
#[component]
pub fn ChallengePanel<S: Scenario + BuiltIn + 'static>(model: Model<S>) -> impl IntoView {
    let course = model.course.get_value();
    let Some(reference) = course.challenges.clone() else { return ().into_any() };
    let loaded = RwSignal::new(Loaded::Loading);
    // Where a set that is not locklab's own comes from, said above it.
    let source = RwSignal::new(None::<String>);
    let notices = model.notices;
    let fail = move |errors: Vec<String>| {
        notices.update(|n| n.extend(errors.into_iter().take(12).map(|e| Notice::new("challenges", e))));
        loaded.set(Loaded::Failed);
    };
    let ready = move |set: ChallengeSet, set_ref: String| {
        // Checked against this widget: its name, and every goal's names and types.
        let (st, _) = model.outcome.with_untracked(|o| model.values.with_untracked(|v| state_of::<S>(v, o)));
        match set.check(S::NAME, S::specs(), &st) {
            Ok(()) => loaded.set(Loaded::Ready(set, set_ref)),
            Err(errors) => fail(errors),
        }
    };
    let builtin = |ids: Option<&[String]>| {
        let set = parse_text(<S as BuiltIn>::TEXT)?;
        // Those of the widget's own set that the author named, in that order (the registry
        // already refused a list that names none, repeats one or is too long).
        match ids {
            Some(ids) => challenge::select(set, ids).map_err(|e| vec![format!("{e}.")]),
            None => Ok(set),
        }
    };
    let kind = crate::content::SetKind { one: "challenge", many: "Challenges", max_bytes: challenge::MAX_SET_BYTES };
    crate::content::load_set(reference, kind, challenge::builtin_ids, builtin, parse_text, |line| source.set(line), ready, fail);
    let course = StoredValue::new(course);
    (move || match loaded.get() {
        Loaded::Loading => view! { <p class="ll-method">{model.t("challenge-loading", &[])}</p> }.into_any(),
        Loaded::Failed => ().into_any(),
        Loaded::Ready(set, set_ref) => view! {
            {source.get().map(|line| view! { <p class="ll-source">{line}</p> })}
            <Challenges model=model set=set set_ref=set_ref course=course.get_value() />
        }
        .into_any(),
    })
    .into_any()
}

/// Where this set's progress is kept: per widget and set (an address set by its address).
fn storage_key(widget: &str, set_ref: &str) -> String {
    let r = if set_ref.len() <= 200 { set_ref.to_string() } else { format!("#{}", fnv1a(set_ref)) };
    format!("{STORAGE_PREFIX}{widget}:{r}")
}

/// A notice from the panel: English in its `message` (the event's data), said in the widget's
/// language where it is shown.
fn notice(said: locklab_sim::messages::Said) -> Notice {
    let english = locklab_sim::messages::Tr::english(&[locklab_sim::messages::COURSE]);
    Notice::said_in("challenges", said, &english)
}

/// Progress as JSON text, written by the browser's own serializer.
fn progress_text(p: &Progress) -> Option<String> {
    let js = serde_wasm_bindgen::to_value(p).ok()?;
    js_sys::JSON::stringify(&js).ok()?.as_string()
}

fn read_progress(text: &str, set: &ChallengeSet) -> Result<Progress, String> {
    let js = js_sys::JSON::parse(text).map_err(|_| "the saved progress was unreadable".to_string())?;
    Progress::restore_value(&to_json(&js, MAX_DEPTH), set)
}

fn load_progress(set: &ChallengeSet, key: &str, notices: RwSignal<Vec<Notice>>) -> Progress {
    if let Some(saved) = storage().and_then(|s| s.get(key)) {
        match read_progress(&saved, set) {
            Ok(p) => return p,
            Err(why) => {
                notices.update(|n| n.push(notice(locklab_sim::messages::Said::new("challenge-discarded").text("why", why))));
                if let Some(s) = storage() {
                    s.remove(key);
                }
            }
        }
    }
    Progress::new(set)
}

#[component]
fn Challenges<S: Scenario + 'static>(model: Model<S>, set: ChallengeSet, set_ref: String, course: CourseAttrs) -> impl IntoView {
    let key = storage_key(S::NAME, &set_ref);
    let progress = RwSignal::new(load_progress(&set, &key, model.notices));
    let total = set.challenges.len();
    let first_unmet = progress.with_untracked(|p| p.met.iter().position(|m| !m).unwrap_or(0));
    let current = RwSignal::new(first_unmet);
    let hints = RwSignal::new(vec![0usize; total]);
    // What the learner's last "It can't be done" got: (challenge, right).
    let claimed = RwSignal::new(None::<(usize, bool)>);
    let said = RwSignal::new(String::new());
    let set = StoredValue::new(set);
    let set_ref = StoredValue::new(set_ref);
    let course = StoredValue::new(course);
    let saved_once = std::cell::Cell::new(false);

    // Tells the page about challenge `i` (met, or a wrong claim) in the state the widget is in.
    let report = move |i: usize, met: bool| {
        let (params_v, result_v) = model.params.with_untracked(|p| model.outcome.with_untracked(|o| (as_json(p), as_json(&S::summary(o)))));
        let (attempts, met_count) = progress.with_untracked(|p| (p.attempts.get(i).copied().unwrap_or(0), p.met_count()));
        set.with_value(|set| {
            let Some(c) = set.challenges.get(i) else { return };
            let statement = set_ref.with_value(|r| course.with_value(|k| challenge::statement(k.activity_base.as_deref(), S::NAME, challenge::activity_ref(r), set, i, met, &params_v, &result_v, k.actor.as_ref())));
            model.params.with_untracked(|p| {
                model.outcome.with_untracked(|o| {
                    let summary = S::summary(o);
                    set_ref.with_value(|r| {
                        let detail = ChallengeDetail { widget: S::NAME, set: r, challenge: &c.id, met, attempts, met_count, total, params: p, result: &summary, statement };
                        model.host.with_value(|h| dispatch(h, "locklab:challenge", &detail));
                    });
                })
            });
        });
    };
    // A save that fails says where, and what is kept: what was saved before stays; what was met
    // since counts on this page (and its events and score go out) but is not remembered.
    let save = move || {
        let p = progress.get_untracked();
        let failed = match storage() {
            Some(s) if progress_text(&p).is_some_and(|text| s.set(&key, &text)) => None,
            Some(s) if s.is_platform() => Some("challenge-save-platform"),
            Some(_) => Some("challenge-save-browser"),
            None => Some("challenge-no-storage"),
        };
        if let Some(key) = failed
            && !saved_once.replace(true)
        {
            model.notices.update(|n| n.push(notice(locklab_sim::messages::Said::new(key))));
        }
    };
    let save = StoredValue::new_local(save);

    // After every change of the widget's state: any unmet goal it now meets (and did not
    // before) is met. The first state seen is the one at load, which counts for nothing; so does
    // a state a prediction set (its question's setting: the learner's changes from there count).
    let last = StoredValue::new(None::<State>);
    let predicted = StoredValue::new(model.set_by_prediction.get_untracked());
    let open_now = RwSignal::new(false);
    Effect::new(move |_| {
        let values = model.values.get();
        let set_by = model.set_by_prediction.get();
        let (now, _) = model.outcome.with(|o| state_of::<S>(&values, o));
        if set_by != predicted.get_value() {
            predicted.set_value(set_by);
            last.set_value(Some(now));
            return;
        }
        let before = last.try_update_value(|l| l.replace(now.clone())).flatten();
        let Some(before) = before else { return };
        if before == now {
            return;
        }
        // A try for the challenge on screen only (none while the panel is closed).
        let shown = open_now.get_untracked().then(|| current.get_untracked());
        let newly = set.with_value(|s| progress.try_update(|p| p.changed(s, &before, &now, shown))).unwrap_or_default();
        save.with_value(|f| f());
        for &i in &newly {
            report(i, true);
        }
        if let Some(&i) = newly.first() {
            current.set(i);
            claimed.set(None);
            let prompt = set.with_value(|s| s.challenges.get(i).map(|c| c.prompt.clone()).unwrap_or_default());
            said.set(model.t("challenge-met-said", &[("prompt", prompt.into())]));
        }
    });

    // A teacher's `tries`: how many "It can't be done" answers each challenge takes.
    let tries = course.with_value(|c| c.tries);
    let claim = move |_| {
        let i = current.get_untracked();
        let right = set.with_value(|s| progress.try_update(|p| p.cannot_be_done(s, i, tries))).flatten();
        let Some(right) = right else { return };
        save.with_value(|f| f());
        claimed.set(Some((i, right)));
        report(i, right);
        said.set(model.t(if right { "challenge-right" } else { "challenge-not-so" }, &[]));
    };
    let hint = move |_| {
        let i = current.get_untracked();
        hints.update(|h| {
            if let Some(n) = h.get_mut(i) {
                *n += 1;
            }
        });
    };
    // A teacher's `score=hidden`: the panel says which challenge is met, never how many.
    let score_hidden = course.with_value(|c| c.score_hidden);
    let summary = move || if score_hidden { model.t("challenge-summary", &[]) } else { progress.with(|p| model.t("challenge-summary-count", &[("met", p.met_count().into()), ("total", total.into())])) };
    let body = move || {
        let i = current.get().min(total.saturating_sub(1));
        let met = progress.with(|p| p.met.get(i).copied().unwrap_or(false));
        let attempts = progress.with(|p| p.attempts.get(i).copied().unwrap_or(0));
        let shown_hints = hints.with(|h| h.get(i).copied().unwrap_or(0));
        let c = set.with_value(|s| s.challenges[i].clone());
        let n_hints = c.hints.len();
        let hint_list = c.hints.iter().take(shown_hints).map(|h| view! { <li>{h.clone()}</li> }).collect_view();
        let wrong_claim = claimed.get() == Some((i, false));
        let left = progress.with(|p| p.claims_left(i, tries));
        let used_up = !met && left == Some(0);
        let status = match (met, attempts) {
            (true, 0) => model.t("challenge-met", &[]),
            (true, _) => model.t("challenge-met-after", &[("attempts", attempts.into())]),
            (false, _) => model.t("challenge-not-met", &[]),
        };
        view! {
            <p class="ll-challenge-count">{model.t("challenge-count", &[("n", (i + 1).into()), ("total", total.into())])}</p>
            <p class="ll-challenge-prompt">{c.prompt.clone()}</p>
            <p class="ll-challenge-status" class:ll-good=met>{status}</p>
            {(shown_hints > 0).then(|| view! { <ul class="ll-challenge-hints">{hint_list}</ul> })}
            {wrong_claim.then(|| view! { <p class="ll-challenge-status ll-bad">{model.t("challenge-not-so", &[])}</p> })}
            {used_up.then(|| view! { <p class="ll-challenge-status ll-tries">{model.t("challenge-used-up", &[])}</p> })}
            {met.then(|| view! { <p class="ll-challenge-explain">{c.explain.clone()}</p> })}
            <div class="ll-buttons">
                <button type="button" class="ll-button" disabled={met || shown_hints >= n_hints} on:click=hint>
                    {if n_hints == 0 { model.t("challenge-no-hints", &[]) } else if shown_hints >= n_hints { model.t("challenge-no-more-hints", &[]) } else { model.t("challenge-hint", &[("n", (shown_hints + 1).into()), ("total", n_hints.into())]) }}
                </button>
                <button type="button" class="ll-button" disabled={met || used_up} on:click=claim>
                    {match left {
                        Some(n) if !met && n > 0 => model.t("challenge-cannot-left", &[("left", n.into())]),
                        _ => model.t("challenge-cannot", &[]),
                    }}
                </button>
                <button type="button" class="ll-button" disabled=i == 0 on:click=move |_| { claimed.set(None); current.set(i.saturating_sub(1)); }>{model.t("challenge-previous", &[])}</button>
                <button type="button" class="ll-button" disabled={i + 1 >= total} on:click=move |_| { claimed.set(None); current.set((i + 1).min(total - 1)); }>{model.t("challenge-next", &[])}</button>
            </div>
        }
    };
    let opened = RwSignal::new(false);
    let live_id = unique_id("challenges");
    // On paper: every prompt; with `print=answers` each one's answer and why.
    let answers = course.with_value(|c| c.print_answers);
    let paper = set.with_value(|s| {
        s.challenges
            .iter()
            .enumerate()
            .map(|(k, c)| {
                let key = answers.then(|| view! { <p class="ll-print-key">{c.key_on_paper(S::specs())}</p> });
                view! {
                    <div class="ll-print-card">
                        <p class="ll-print-question">{model.t("challenge-paper", &[("n", (k + 1).into()), ("prompt", c.prompt.as_str().into())])}</p>
                        {key}
                    </div>
                }
            })
            .collect_view()
    });
    view! {
        // The panel's body is built when it is first opened: a page of many widgets mounts each
        // with its summary line only (its progress is kept and reported all the same).
        <details class="ll-challenges" on:toggle=move |ev| {
            let open = event_target::<web_sys::HtmlDetailsElement>(&ev).open();
            open_now.set(open);
            if open {
                opened.set(true);
            }
        }>
            <summary>{summary}</summary>
            <div class="ll-challenge"><Show when=move || opened.get()>{body}</Show></div>
        </details>
        <div class="ll-print-only ll-challenges-paper">{paper}</div>
        <p class="ll-visually-hidden" aria-live="polite" id=live_id>{move || said.get()}</p>
    }
}
