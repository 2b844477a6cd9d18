//! Predict, then see (issue #45): `data-predict="builtin"` (or `builtin:ids`, or the address of a
//! JSON set). For each prediction the widget takes the prediction's setting, shows its controls
//! locked and nothing of the run, asks the question and waits; the learner commits a number or a
//! choice; then the widget shows the run, grades the answer and explains. After the last one the
//! widget is free.
//!
//! The set, its grading and the learner's progress are the course crate's
//! (`locklab_course::predict`); this loads a set, keeps the progress, tells the page
//! (`locklab:predict`, with an xAPI `answered` statement) and draws the panel. While a question is
//! open the widget's frame leaves out everything the run would show (its readouts, charts,
//! narrative and the rest: [`crate::ui::ScenarioFrame`] is built again when the question closes),
//! and `locklab:change` waits ([`crate::ui::Model::asking`]): the answer is nowhere in the page,
//! its accessibility tree or its events until it is committed.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use locklab_course::predict::{self, Answer, Given, PredictionSet, Progress};
use locklab_course::registry::CourseAttrs;
use locklab_sim::messages::Format;
use locklab_sim::{Notice, Scenario};
use serde::Serialize;
use serde_json::Value;

use crate::challenges::{state_of, to_json, MAX_DEPTH};
use crate::content::{fnv1a, storage};
use crate::ui::{dispatch, dispatch_change, unique_id, Model};

/// The `localStorage` key prefix; the number is the progress format version.
pub const STORAGE_PREFIX: &str = "locklab:predict:v1:";

#[derive(Clone, Debug, PartialEq)]
enum Phase {
    Loading,
    /// Prediction `i` is asked; `wrong`: answers given so far that were not right.
    Asking { i: usize, wrong: u32 },
    /// Prediction `i` is shown, graded.
    Shown { i: usize, said: String, actual: String, exact: Option<String>, correct: bool },
    /// Every prediction is shown (or none could be loaded): the widget is free.
    Free,
}

/// The predictions' state, made once per widget (the frame that shows it is built again each time
/// a question opens or closes).
#[derive(Clone, Copy)]
pub struct Predictions {
    set: StoredValue<Option<(PredictionSet, String)>>,
    progress: RwSignal<Progress>,
    phase: RwSignal<Phase>,
    /// Where the source of a set that is not locklab's own is said.
    source: RwSignal<Option<String>>,
    /// Move focus into the panel when it is next drawn (after the learner's own action).
    focus: StoredValue<bool>,
    /// What the last answer got, for a screen reader.
    said: RwSignal<String>,
    tries: Option<u32>,
    /// The widget has rendered once (its own first `locklab:change` is past).
    rendered: StoredValue<bool>,
    /// The page's values (its parameters, fixed or hidden ones too) before the first question:
    /// each question starts from the defaults and the page's seed, and when the predictions end
    /// the widget returns to these, so that a parameter the page fixed or hid is the page's again.
    page: StoredValue<Vec<f64>>,
}

/// `locklab:predict`: a prediction answered.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PredictDetail<'a> {
    widget: &'a str,
    /// `builtin`, `builtin:ids`, or the set's address.
    set: &'a str,
    prediction: &'a str,
    /// The learner's answer: a number, or the option's text.
    answer: Value,
    /// The run's own: the result's value, or the text of the option it meets.
    actual: Value,
    /// The exact figure, where the prediction names one (else null).
    exact: Option<f64>,
    correct: bool,
    /// Whether the run is now shown (right, or no answers left).
    revealed: bool,
    /// Answers given to this prediction, this one included.
    attempts: usize,
    /// Predictions right at the first answer so far, those shown so far, and how many the set has.
    right_first: usize,
    shown: usize,
    total: usize,
    statement: Value,
}

fn storage_key(widget: &str, set_ref: &str) -> String {
    let r = if set_ref.len() <= 200 { set_ref.to_string() } else { format!("#{}", fnv1a(set_ref)) };
    format!("{STORAGE_PREFIX}{widget}:{r}")
}

/// A set from JSON text, read by the browser's own parser.
fn parse_text(text: &str) -> Result<PredictionSet, Vec<String>> {
    if text.len() > predict::MAX_SET_BYTES {
        return Err(vec![format!("The prediction set is {} KB; the most a set may be is {} KB.", text.len() / 1000, predict::MAX_SET_BYTES / 1000)]);
    }
    let js = js_sys::JSON::parse(text).map_err(|_| vec!["The prediction set is not valid JSON.".to_string()])?;
    predict::parse_set_value(&to_json(&js, MAX_DEPTH))
}

/// Starts a widget's predictions when its element asks for them (`None` otherwise): loads the
/// set, restores the learner's progress and sets the first open question. The model's `asking`
/// is already true (nothing of the run shows before the set is read).
pub fn start<S: Scenario + locklab_course::challenge::BuiltIn + 'static>(model: Model<S>) -> Option<Predictions> {
    let course: CourseAttrs = model.course.get_value();
    let reference = course.predict.clone()?;
    let ctl = Predictions {
        set: StoredValue::new(None),
        progress: RwSignal::new(Progress::default()),
        phase: RwSignal::new(Phase::Loading),
        source: RwSignal::new(None),
        focus: StoredValue::new(false),
        said: RwSignal::new(String::new()),
        rendered: StoredValue::new(false),
        page: StoredValue::new(model.values.get_untracked()),
        // A prediction is committed once, then shown, unless the teacher gives more answers
        // (`tries=unlimited` written out: answers until one is right).
        tries: if course.tries_set { course.tries } else { Some(1) },
    };
    // After the first render (the model's own first event, made before this, runs first).
    Effect::new(move |_| ctl.rendered.set_value(true));
    let notices = model.notices;
    let fail = move |errors: Vec<String>| {
        notices.update(|n| n.extend(errors.into_iter().take(12).map(|e| Notice::new("predict", e))));
        ctl.phase.set(Phase::Free);
        set_free(model, ctl);
    };
    let ready = move |set: PredictionSet, set_ref: String| {
        let (st, _) = model.outcome.with_untracked(|o| model.values.with_untracked(|v| state_of::<S>(v, o)));
        if let Err(errors) = set.check(S::NAME, S::specs(), &st) {
            return fail(errors);
        }
        let key = storage_key(S::NAME, &set_ref);
        let progress = match storage().and_then(|s| s.get(&key)) {
            Some(saved) => Progress::restore(&saved, &set).unwrap_or_else(|why| {
                notices.update(|n| n.push(notice(locklab_sim::messages::Said::new("predict-discarded").text("why", why))));
                if let Some(s) = storage() {
                    s.remove(&key);
                }
                Progress::new(&set)
            }),
            None => Progress::new(&set),
        };
        ctl.progress.set(progress);
        ctl.set.set_value(Some((set, set_ref)));
        open_next(model, ctl);
    };
    let builtin = |ids: Option<&[String]>| {
        // The widget's own set only (all twelve would be 44 KB of JSON in every bundle).
        let set = parse_text(<S as locklab_course::challenge::BuiltIn>::PREDICTIONS)?;
        match ids {
            Some(ids) => set.select(ids).map_err(|e| vec![format!("{e}.")]),
            None => Ok(set),
        }
    };
    let kind = crate::content::SetKind { one: "prediction", many: "Predictions", max_bytes: predict::MAX_SET_BYTES };
    crate::content::load_set(reference, kind, predict::builtin_ids, builtin, parse_text, |line| ctl.source.set(line), ready, fail);
    Some(ctl)
}

/// Opens the first prediction not yet shown (setting its state), or frees the widget.
fn open_next<S: Scenario + 'static>(model: Model<S>, ctl: Predictions) {
    let next = ctl.progress.with_untracked(|p| p.current(ctl.tries));
    let setting = next.and_then(|i| ctl.set.with_value(|s| s.as_ref().and_then(|(set, _)| set.predictions.get(i).map(|p| ctl.page.with_value(|v| p.values(S::specs(), v))))));
    match (next, setting) {
        (Some(i), Some(values)) => {
            model.asking.set(true);
            model.set_by_prediction.update(|n| *n += 1);
            // The extra state after the parameters (the sandbox's story) is kept as it is.
            model.values.update(|v| {
                for (slot, x) in v.iter_mut().zip(values) {
                    *slot = x;
                }
            });
            let wrong = ctl.progress.with_untracked(|p| p.answers.get(i).map_or(0, Vec::len)) as u32;
            ctl.phase.set(Phase::Asking { i, wrong });
        }
        _ => {
            // Back to the page's parameters (a question's setting may have moved one the page
            // fixed or hid); the extra state after them is kept.
            let n = S::specs().len();
            let page = ctl.page.get_value();
            if model.values.with_untracked(|v| v.iter().take(n).ne(page.iter().take(n))) {
                model.set_by_prediction.update(|n| *n += 1);
                model.values.update(|v| {
                    for (slot, x) in v.iter_mut().zip(page).take(n) {
                        *slot = x;
                    }
                });
            }
            ctl.phase.set(Phase::Free);
            set_free(model, ctl);
        }
    }
}

/// The widget is free. When a question kept the first `locklab:change` back and the widget has
/// already rendered (a set from an address, loaded or refused after the first render), the page
/// hears of the state now; before the first render the widget's own first event still goes out.
fn set_free<S: Scenario + 'static>(model: Model<S>, ctl: Predictions) {
    model.predicting.set(false);
    let was = model.asking.get_untracked();
    model.asking.set(false);
    if was && ctl.rendered.get_value() {
        model.params.with_untracked(|pp| model.outcome.with_untracked(|o| model.host.with_value(|h| dispatch_change(h, S::NAME, pp, &S::summary(o)))));
    }
}

/// How a number is shown with its unit (the set's own word), in the widget's language's numbers.
fn with_unit<S: Scenario>(model: Model<S>, x: f64, unit: &str) -> String {
    let n = model.format(x, Format::Number);
    if unit.is_empty() { n } else { format!("{n} {unit}") }
}

/// A notice from the panel: English in its `message` (the event's data), said in the widget's
/// language where it is shown.
fn notice(said: locklab_sim::messages::Said) -> Notice {
    let english = locklab_sim::messages::Tr::english(&[locklab_sim::messages::COURSE]);
    Notice::said_in("predict", said, &english)
}

/// The learner commits `given` to prediction `i`: graded against the run at its setting,
/// recorded, told to the page; shown when right or out of answers.
fn commit<S: Scenario + 'static>(model: Model<S>, ctl: Predictions, i: usize, given: Given) {
    let Some((graded, p)) = ctl.set.with_value(|s| {
        let (set, _) = s.as_ref()?;
        let p = set.predictions.get(i)?.clone();
        let (st, _) = model.outcome.with_untracked(|o| model.values.with_untracked(|v| state_of::<S>(v, o)));
        p.grade(&st, &given).ok().map(|g| (g, p))
    }) else {
        return;
    };
    let answer = given.to_json(&p);
    let Some(revealed) = ctl.progress.try_update(|pr| pr.answer(i, answer.clone(), graded.correct, ctl.tries)).flatten() else { return };
    let (attempts, right_first, total) = ctl.progress.with_untracked(|pr| (pr.answers.get(i).map_or(0, Vec::len), pr.right_first(), pr.ids.len()));
    let shown = ctl.progress.with_untracked(|pr| (0..total).filter(|&k| pr.revealed(k, ctl.tries)).count());
    ctl.set.with_value(|s| {
        let Some((set, set_ref)) = s.as_ref() else { return };
        let key = storage_key(S::NAME, set_ref);
        let saved = storage().is_some_and(|st| st.set(&key, &ctl.progress.with_untracked(Progress::to_json)));
        if !saved && attempts == 1 && i == 0 {
            model.notices.update(|n| n.push(notice(locklab_sim::messages::Said::new("predict-not-saved"))));
        }
        let course = model.course.get_value();
        let statement = predict::statement(course.activity_base.as_deref(), S::NAME, set_ref, set, i, &given, &graded, course.actor.as_ref());
        // The run's own answer goes out only once it is shown.
        let detail = PredictDetail {
            widget: S::NAME,
            set: set_ref,
            prediction: &p.id,
            answer: answer.clone(),
            actual: if revealed { graded.actual.clone() } else { Value::Null },
            exact: graded.exact.filter(|_| revealed),
            correct: graded.correct,
            revealed,
            attempts,
            right_first,
            shown,
            total,
            statement: if revealed { statement } else { without_correct_response(statement) },
        };
        model.host.with_value(|h| dispatch(h, "locklab:predict", &detail));
    });
    ctl.focus.set_value(true);
    if revealed {
        let said = match &given {
            Given::Number(x) => with_unit(model, *x, unit_of(&p)),
            Given::Choice(k) => format!("\u{201c}{}\u{201d}", choice_text(&p, *k)),
        };
        let actual = match (&p.answer, &graded.actual) {
            (Answer::Number { unit, .. }, Value::Number(n)) => with_unit(model, n.as_f64().unwrap_or(f64::NAN), unit),
            (_, Value::String(t)) => format!("\u{201c}{t}\u{201d}"),
            (_, v) => v.to_string(),
        };
        let exact = graded.exact.map(|x| with_unit(model, x, unit_of(&p)));
        ctl.said.set(String::new());
        ctl.phase.set(Phase::Shown { i, said, actual, exact, correct: graded.correct });
        model.asking.set(false);
        // The page hears of the state now that it is shown.
        model.params.with_untracked(|pp| model.outcome.with_untracked(|o| model.host.with_value(|h| dispatch_change(h, S::NAME, pp, &S::summary(o)))));
    } else {
        let left = ctl.tries.map(|t| (t as usize).saturating_sub(attempts));
        ctl.said.set(match left {
            Some(n) => model.t("predict-said-left", &[("left", n.into())]),
            // Each wrong answer is told in other words (a live region says a text only when it
            // changes): the answers so far.
            None => model.t("predict-said-again", &[("attempts", attempts.into())]),
        });
        ctl.phase.set(Phase::Asking { i, wrong: attempts as u32 });
    }
}

/// A statement sent before the answer is shown keeps the right answer out.
fn without_correct_response(mut s: Value) -> Value {
    if let Some(d) = s.pointer_mut("/object/definition").and_then(Value::as_object_mut) {
        d.remove("correctResponsesPattern");
    }
    s
}

fn unit_of(p: &predict::Prediction) -> &str {
    match &p.answer {
        Answer::Number { unit, .. } => unit,
        Answer::Choice { .. } => "",
    }
}

fn choice_text(p: &predict::Prediction, k: usize) -> String {
    match &p.answer {
        Answer::Choice { options } => options.get(k).map(|o| o.text.clone()).unwrap_or_default(),
        Answer::Number { .. } => String::new(),
    }
}

/// The panel, in the widget's frame: the open question, or the graded run and what comes next.
#[component]
pub fn PredictPanel<S: Scenario + 'static>(model: Model<S>, ctl: Predictions) -> impl IntoView {
    let heading_id = unique_id("predict");
    let question_id = unique_id("predict-question");
    // Named by the set's title: two widgets asking on one page are two landmarks a screen reader
    // can tell apart.
    let region_label = ctl.set.with_value(|s| match s {
        Some((set, _)) if !set.title.trim().is_empty() => model.t("predict-region-titled", &[("title", set.title.trim().into())]),
        _ => model.t("predict-region", &[]),
    });
    let field_id = unique_id("predict-answer");
    let total = ctl.progress.with_untracked(|p| p.ids.len());
    let focus_here = NodeRef::<leptos::html::Div>::new();
    // After the learner's own action, focus goes to the panel's first line (the question, or what
    // the run gave), so that a screen reader reads it and the keyboard continues from there.
    Effect::new(move |_| {
        if let Some(el) = focus_here.get()
            && ctl.focus.get_value()
        {
            ctl.focus.set_value(false);
            let _ = el.focus();
        }
    });
    let number_text = RwSignal::new(String::new());
    let chosen = RwSignal::new(None::<usize>);
    let problem = RwSignal::new(None::<String>);
    let phase = ctl.phase.get_untracked();
    let source = move || ctl.source.get().map(|line| view! { <p class="ll-source">{line}</p> });
    let body = match phase {
        Phase::Loading => view! { <p class="ll-method">{model.t("predict-loading", &[])}</p> }.into_any(),
        Phase::Free => {
            let (right, n) = ctl.progress.with_untracked(|p| (p.right_first(), p.ids.len()));
            let hidden = model.course.with_value(|c| c.score_hidden);
            let line = if n == 0 {
                String::new()
            } else if hidden {
                model.t("predict-done", &[])
            } else {
                model.t("predict-done-score", &[("right", right.into()), ("total", n.into())])
            };
            (!line.is_empty()).then(|| view! { <p class="ll-predict-done">{line}</p> }).into_any()
        }
        Phase::Asking { i, wrong } => {
            let Some(p) = ctl.set.with_value(|s| s.as_ref().and_then(|(set, _)| set.predictions.get(i).cloned())) else { return ().into_any() };
            let heading_id = heading_id.clone();
            let left = ctl.tries.map(|t| (t as usize).saturating_sub(wrong as usize));
            let field = match &p.answer {
                Answer::Number { unit, min, max, .. } => {
                    let (min, max) = (*min, *max);
                    let unit_line = (!unit.is_empty()).then(|| view! { <span class="ll-predict-unit" aria-hidden="true">{unit.clone()}</span> });
                    view! {
                        <label class="ll-field-label" for=field_id.clone()>{if unit.is_empty() {
                            model.t("predict-field", &[("min", model.format(min, Format::Number).into()), ("max", model.format(max, Format::Number).into())])
                        } else {
                            model.t("predict-field-unit", &[("unit", unit.as_str().into()), ("min", model.format(min, Format::Number).into()), ("max", model.format(max, Format::Number).into())])
                        }}</label>
                        <div class="ll-predict-number">
                            <input
                                class="ll-input"
                                type="number"
                                id=field_id.clone()
                                inputmode="decimal"
                                min=min.to_string()
                                max=max.to_string()
                                step="any"
                                required=true
                                prop:value=move || number_text.get()
                                on:input=move |ev| number_text.set(event_target_value(&ev))
                            />
                            {unit_line}
                        </div>
                    }
                    .into_any()
                }
                Answer::Choice { options } => {
                    let name = unique_id("predict-choice");
                    let radios = options
                        .iter()
                        .enumerate()
                        .map(|(k, o)| {
                            view! {
                                <label class="ll-radio">
                                    <input type="radio" name=name.clone() value=k.to_string() prop:checked=move || chosen.get() == Some(k) on:change=move |_| chosen.set(Some(k)) />
                                    <span>{o.text.clone()}</span>
                                </label>
                            }
                        })
                        .collect_view();
                    view! {
                        <fieldset class="ll-field ll-choice">
                            <legend class="ll-field-label">{model.t("predict-field-choice", &[])}</legend>
                            {radios}
                        </fieldset>
                    }
                    .into_any()
                }
            };
            let answer = p.answer.clone();
            let submit = move || {
                let given = match &answer {
                    Answer::Number { min, max, .. } => {
                        // The browser's own number for what was typed (no float parser in the wasm).
                        let x = js_sys::Number::parse_float(number_text.get_untracked().trim());
                        if !x.is_finite() || x < *min || x > *max {
                            problem.set(Some(model.t("predict-give-number", &[("min", model.format(*min, Format::Number).into()), ("max", model.format(*max, Format::Number).into())])));
                            return;
                        }
                        Given::Number(x)
                    }
                    Answer::Choice { .. } => match chosen.get_untracked() {
                        Some(k) => Given::Choice(k),
                        None => {
                            problem.set(Some(model.t("predict-choose", &[])));
                            return;
                        }
                    },
                };
                problem.set(None);
                commit(model, ctl, i, given);
            };
            let on_submit = {
                let submit = submit.clone();
                move |ev: web_sys::SubmitEvent| {
                    ev.prevent_default();
                    submit();
                }
            };
            // Enter in the field (or on a chosen answer) commits, here rather than by the browser's
            // implicit submission, which some hosts lose: in JupyterLab no form submits on Enter.
            let on_keydown = move |ev: web_sys::KeyboardEvent| {
                let in_field = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()).is_some();
                if in_field && ev.key() == "Enter" && !ev.is_composing() && !ev.shift_key() && !ev.ctrl_key() && !ev.alt_key() && !ev.meta_key() {
                    ev.prevent_default();
                    submit();
                }
            };
            let tries_line = match left {
                Some(n) if wrong > 0 => Some(model.t("predict-left", &[("left", n.into())])),
                None if wrong > 0 => Some(model.t("predict-again", &[])),
                Some(n) if n > 1 => Some(model.t("predict-answers-before", &[("n", n.into())])),
                _ => None,
            };
            view! {
                <div class="ll-predict-focus" tabindex="-1" node_ref=focus_here>
                    <p class="ll-predict-count" id=heading_id.clone()>{model.t("predict-asking", &[("n", (i + 1).into()), ("total", total.into())])}</p>
                    <p class="ll-predict-question" id=question_id.clone()>{p.question.clone()}</p>
                </div>
                <form class="ll-predict-form" aria-labelledby=format!("{heading_id} {question_id}") on:submit=on_submit on:keydown=on_keydown novalidate=true>
                    {field}
                    {move || problem.get().map(|t| view! { <p class="ll-predict-status ll-bad" role="alert">{t}</p> })}
                    {tries_line.map(|t| view! { <p class="ll-predict-status ll-tries">{t}</p> })}
                    <div class="ll-buttons">
                        <button type="submit" class="ll-button ll-button-primary">{model.t("predict-commit", &[])}</button>
                    </div>
                </form>
            }
            .into_any()
        }
        Phase::Shown { i, said, actual, exact, correct } => {
            let Some(p) = ctl.set.with_value(|s| s.as_ref().and_then(|(set, _)| set.predictions.get(i).cloned())) else { return ().into_any() };
            let more = ctl.progress.with_untracked(|pr| pr.current(ctl.tries)).is_some();
            let verdict = model.t(if correct { "predict-right" } else { "predict-wrong" }, &[]);
            let run = match exact {
                Some(e) => model.t("predict-run-exact", &[("said", said.into()), ("actual", actual.into()), ("exact", e.into())]),
                None => model.t("predict-run", &[("said", said.into()), ("actual", actual.into())]),
            };
            let next = move |_| {
                ctl.focus.set_value(true);
                open_next(model, ctl);
            };
            view! {
                <div class="ll-predict-focus" tabindex="-1" node_ref=focus_here>
                    <p class="ll-predict-count">{model.t("predict-count", &[("n", (i + 1).into()), ("total", total.into())])}</p>
                    <p class="ll-predict-question" id=question_id.clone()>{p.question.clone()}</p>
                    <p class="ll-predict-status" class:ll-good=correct class:ll-bad=!correct>{format!("{verdict} {run}")}</p>
                </div>
                <p class="ll-predict-explain">{p.explain.clone()}</p>
                <div class="ll-buttons">
                    {if more {
                        view! { <button type="button" class="ll-button ll-button-primary" on:click=next>{model.t("predict-next", &[])}</button> }.into_any()
                    } else {
                        view! { <button type="button" class="ll-button" on:click=next>{model.t("predict-explore", &[])}</button> }.into_any()
                    }}
                </div>
            }
            .into_any()
        }
    };
    view! {
        <section class="ll-predict" aria-label=region_label>
            {source}
            {body}
            <p class="ll-visually-hidden" aria-live="polite">{move || ctl.said.get()}</p>
        </section>
    }.into_any()
}

/// On paper: each prediction as a question with room to answer; with `print=answers`, the run's
/// answer at the page's seed and why.
pub fn paper<S: Scenario + 'static>(model: Model<S>, ctl: Predictions) -> impl IntoView {
    let answers = model.course.with_value(|c| c.print_answers);
    ctl.set.with_value(|s| {
        let Some((set, _)) = s.as_ref() else { return ().into_any() };
        let page = model.values.get_untracked();
        set.predictions
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let room = match &p.answer {
                    Answer::Number { unit, .. } => view! { <p class="ll-print-room">{model.t("predict-paper-room", &[("unit", unit.as_str().into())]).trim_end().to_string()}</p> }.into_any(),
                    Answer::Choice { options } => view! { <ul class="ll-print-options">{options.iter().map(|o| view! { <li>{format!("\u{2610} {}", o.text)}</li> }).collect_view()}</ul> }.into_any(),
                };
                let key = answers.then(|| {
                    let values = p.values(S::specs(), &page);
                    let params = S::params(&values);
                    let outcome = model.host.with_value(|h| crate::guarded(h, || S::run(&params, &mut S::Cache::default())));
                    let text = predict::key_on_paper(p, &state_of::<S>(&values, &outcome).0);
                    view! { <p class="ll-print-key">{text}</p> }
                });
                view! {
                    <div class="ll-print-card">
                        <p class="ll-print-question">{model.t("predict-paper", &[("n", (k + 1).into()), ("question", p.question.as_str().into())])}</p>
                        {room}
                        {key}
                    </div>
                }
            })
            .collect_view()
            .into_any()
    })
}

impl Predictions {
    /// Tracks the phase: the widget is built again when it changes.
    pub fn track(&self) {
        self.phase.track();
    }
}
