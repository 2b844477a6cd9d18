//! # Predictions: commit an answer, then see the run
//!
//! A prediction set is data, like a challenge set: a title, the widget it is for, and one to
//! [`MAX_PREDICTIONS`] predictions. Each sets the widget's state (`setting`, in the presets'
//! syntax, on top of the widget's defaults; the seed stays the page's unless the setting names
//! one), asks a question, and takes a number or a choice:
//!
//! ```json
//! { "title": "The counter race", "widget": "counter-race",
//!   "predictions": [
//!     { "id": "how-many-survive", "setting": "lock=false workers=10 increments=100",
//!       "question": "…",
//!       "number": { "field": "final", "unit": "increments", "min": 0, "max": 1000, "tolerance": 100 },
//!       "explain": "…" },
//!     { "id": "who-sits", "setting": "protection=fence-writes pause-s=8",
//!       "question": "…",
//!       "choices": [ { "text": "Fan A", "when": "seat == 'A'" }, { "text": "Fan B", "when": "seat == 'B'" } ],
//!       "explain": "…" } ] }
//! ```
//!
//! The answer is never in the set: a number is the widget's result field `field` at the setting
//! (graded within `tolerance`, and shown beside the exact figure when `exact` names a result field
//! that holds one); a choice is the option whose `when` (a challenge goal, see
//! [`crate::challenge::Goal`]) the run meets, and exactly one must. The widget computes both only
//! when the learner commits, so nothing on the page gives the answer away before.
//!
//! The built-in sets (`predictions/<widget>.json`) are proven in `tests/predictions.rs`: every
//! choice is decided the same way at every seed the widget can have (bar one in a hundred at most),
//! and a number's tolerance holds the run's value around the right answer (the exact figure, or
//! the median over seeds) at 99 seeds in 100 or more.

use locklab_sim::params::{Kind, Spec};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::challenge::{Goal, State};

/// The most a set's text may be (the same as a deck).
pub const MAX_SET_BYTES: usize = crate::quiz::MAX_DECK_BYTES;
/// The most predictions in a set.
pub const MAX_PREDICTIONS: usize = 8;
/// The most options a choice offers.
pub const MAX_OPTIONS: usize = 6;
/// The longest question, option or explanation, in characters.
pub const MAX_TEXT: usize = crate::challenge::MAX_TEXT;
/// The longest unit, in characters.
pub const MAX_UNIT: usize = 24;
/// The longest id.
pub const MAX_ID: usize = crate::challenge::MAX_ID;
/// The most problems a set's check lists.
pub const MAX_ERRORS: usize = crate::challenge::MAX_ERRORS;

/// What a prediction takes.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// A number: the result field `field` at the setting, within `tolerance` (in the field's
    /// unit). The learner's field runs from `min` to `max`.
    Number { field: String, unit: String, min: f64, max: f64, tolerance: f64, exact: Option<String> },
    /// One of the options: the one whose goal the run meets.
    Choice { options: Vec<Choice> },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub text: String,
    /// As the author wrote it.
    pub when_text: String,
    pub when: Goal,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Prediction {
    pub id: String,
    /// The widget's state while the question is asked, in the presets' syntax (`ttl-s=20 lock=true`).
    pub setting: String,
    pub question: String,
    pub answer: Answer,
    pub explain: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PredictionSet {
    pub title: String,
    pub widget: String,
    pub predictions: Vec<Prediction>,
}

/// A learner's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Given {
    Number(f64),
    /// The option's index.
    Choice(usize),
}

impl Given {
    /// As events and saved progress carry it: the number, or the option's text.
    pub fn to_json(&self, p: &Prediction) -> Value {
        match (self, &p.answer) {
            (Given::Number(x), _) => json!(x),
            (Given::Choice(i), Answer::Choice { options }) => options.get(*i).map_or(Value::Null, |o| json!(o.text)),
            (Given::Choice(_), Answer::Number { .. }) => Value::Null,
        }
    }
}

/// A graded answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Graded {
    /// What the run gave: the field's value, or the text of the option the run met.
    pub actual: Value,
    /// The exact figure, where the prediction names one.
    pub exact: Option<f64>,
    pub correct: bool,
}

impl Prediction {
    /// The widget's values while this prediction is asked: the defaults, the page's seed, then
    /// the setting. Problems with the setting were refused when the set was checked.
    pub fn values(&self, specs: &[Spec], page: &[f64]) -> Vec<f64> {
        let mut values: Vec<f64> = specs.iter().map(Spec::default_value).collect();
        for (i, s) in specs.iter().enumerate() {
            if matches!(s.kind, Kind::Seed { .. })
                && let Some(&v) = page.get(i)
            {
                values[i] = v;
            }
        }
        let mut ignored = Vec::new();
        for (i, v) in locklab_sim::presets::parse_setting(specs, &[], &self.setting, "setting", &mut ignored) {
            if let Some(slot) = values.get_mut(i) {
                *slot = v;
            }
        }
        values
    }

    /// The option the run in `state` meets, or why none or several do.
    pub fn decided(&self, state: &State) -> Result<usize, String> {
        let Answer::Choice { options } = &self.answer else {
            return Err(format!("{} takes a number", self.id));
        };
        let met: Vec<usize> = options.iter().enumerate().filter(|(_, o)| o.when.met(state)).map(|(i, _)| i).collect();
        match met.as_slice() {
            [one] => Ok(*one),
            [] => Err(format!("prediction \u{201c}{}\u{201d}: the run meets none of its options", self.id)),
            _ => Err(format!("prediction \u{201c}{}\u{201d}: the run meets {} of its options", self.id, met.len())),
        }
    }

    /// The run's own answer in `state`: the field's value, or the option it meets.
    pub fn actual(&self, state: &State) -> Result<Given, String> {
        match &self.answer {
            Answer::Number { field, .. } => number(state, field).map(Given::Number).ok_or_else(|| format!("prediction \u{201c}{}\u{201d}: the run has no number {field}", self.id)),
            Answer::Choice { .. } => self.decided(state).map(Given::Choice),
        }
    }

    /// Grades `given` against the run in `state`.
    pub fn grade(&self, state: &State, given: &Given) -> Result<Graded, String> {
        let actual = self.actual(state)?;
        Ok(match (&self.answer, given, &actual) {
            (Answer::Number { tolerance, exact, .. }, Given::Number(x), Given::Number(a)) => Graded {
                actual: json!(a),
                exact: exact.as_deref().and_then(|f| number(state, f)),
                correct: x.is_finite() && (x - a).abs() <= *tolerance,
            },
            (Answer::Choice { .. }, Given::Choice(i), Given::Choice(a)) => Graded { actual: actual.to_json(self), exact: None, correct: i == a },
            _ => return Err(format!("prediction \u{201c}{}\u{201d}: that answer is of the wrong kind", self.id)),
        })
    }
}

fn number(state: &State, field: &str) -> Option<f64> {
    state.get(field).and_then(Value::as_f64).filter(|x| x.is_finite())
}

// --- Parsing ---------------------------------------------------------------------------------

/// Parses a set's JSON text.
pub fn parse_set(text: &str) -> Result<PredictionSet, Vec<String>> {
    if text.len() > MAX_SET_BYTES {
        return Err(vec![format!("The prediction set is {} KB; the most a set may be is {} KB.", text.len() / 1000, MAX_SET_BYTES / 1000)]);
    }
    let value: Value = serde_json::from_str(text).map_err(|e| vec![format!("The prediction set is not valid JSON: {e}.")])?;
    parse_set_value(&value)
}

fn finite(o: &Map<String, Value>, field: &str, place: &str, errors: &mut Vec<String>) -> Option<f64> {
    match o.get(field) {
        Some(v) => match v.as_f64().filter(|x| x.is_finite()) {
            Some(x) => Some(x),
            None => {
                errors.push(format!("{place}field \"{field}\" must be a number."));
                None
            }
        },
        None => {
            errors.push(format!("{place}field \"{field}\" is missing."));
            None
        }
    }
}

/// Validates a set's structure and parses every goal; the names are checked against a widget
/// by [`PredictionSet::check`]. Every problem is named with where it is.
pub fn parse_set_value(value: &Value) -> Result<PredictionSet, Vec<String>> {
    let Some(obj) = value.as_object() else {
        return Err(vec!["A prediction set must be a JSON object with \"title\", \"widget\" and \"predictions\".".into()]);
    };
    let mut errors = Vec::new();
    let text = |o: &Map<String, Value>, field: &str, place: &str, required: bool, max: usize, errors: &mut Vec<String>| crate::quiz::text_field(o, field, place, required, max, errors);
    let title = text(obj, "title", "", true, MAX_TEXT, &mut errors);
    let widget = text(obj, "widget", "", true, MAX_TEXT, &mut errors);
    let mut predictions = Vec::new();
    match obj.get("predictions") {
        None => errors.push("field \"predictions\" is missing.".into()),
        Some(Value::Array(list)) if list.is_empty() => errors.push("field \"predictions\" has no predictions.".into()),
        Some(Value::Array(list)) if list.len() > MAX_PREDICTIONS => errors.push(format!("field \"predictions\" has {} predictions; at most {MAX_PREDICTIONS}.", list.len())),
        Some(Value::Array(list)) => {
            let mut ids = std::collections::BTreeSet::new();
            for (i, p) in list.iter().enumerate() {
                if errors.len() >= MAX_ERRORS {
                    break;
                }
                let Some(po) = p.as_object() else {
                    errors.push(format!("prediction {}: must be an object.", i + 1));
                    continue;
                };
                let id = match po.get("id") {
                    Some(Value::String(s)) if s.chars().count() > MAX_ID || !s.trim().chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') => {
                        errors.push(format!("prediction {}: field \"id\" must be letters, digits, - and _, at most {MAX_ID}.", i + 1));
                        continue;
                    }
                    Some(Value::String(s)) if !s.trim().is_empty() => s.trim().to_string(),
                    None => format!("prediction-{}", i + 1),
                    Some(_) => {
                        errors.push(format!("prediction {}: field \"id\" must be text.", i + 1));
                        continue;
                    }
                };
                let place = format!("prediction {} (\u{201c}{id}\u{201d}): ", i + 1);
                if !ids.insert(id.to_ascii_lowercase()) {
                    errors.push(format!("{place}the id is used by another prediction."));
                }
                let setting = text(po, "setting", &place, false, MAX_TEXT, &mut errors);
                let question = text(po, "question", &place, true, MAX_TEXT, &mut errors);
                let explain = text(po, "explain", &place, true, MAX_TEXT, &mut errors);
                let answer = match (po.get("number"), po.get("choices")) {
                    (Some(_), Some(_)) => {
                        errors.push(format!("{place}give \"number\" or \"choices\", not both."));
                        None
                    }
                    (None, None) => {
                        errors.push(format!("{place}field \"number\" or \"choices\" is missing: what does the learner answer with?"));
                        None
                    }
                    (Some(Value::Object(n)), None) => {
                        let before = errors.len();
                        let field = text(n, "field", &format!("{place}number: "), true, MAX_ID, &mut errors);
                        let unit = text(n, "unit", &format!("{place}number: "), false, MAX_UNIT, &mut errors);
                        let exact = Some(text(n, "exact", &format!("{place}number: "), false, MAX_ID, &mut errors)).filter(|e| !e.is_empty());
                        let np = format!("{place}number: ");
                        let (min, max, tolerance) = (finite(n, "min", &np, &mut errors), finite(n, "max", &np, &mut errors), finite(n, "tolerance", &np, &mut errors));
                        match (min, max, tolerance) {
                            (Some(min), Some(max), Some(tolerance)) if errors.len() == before => {
                                if min >= max {
                                    errors.push(format!("{np}\"min\" must be less than \"max\"."));
                                    None
                                } else if !(tolerance > 0.0 && tolerance < max - min) {
                                    errors.push(format!("{np}\"tolerance\" must be more than 0 and less than max − min."));
                                    None
                                } else {
                                    Some(Answer::Number { field, unit, min, max, tolerance, exact })
                                }
                            }
                            _ => None,
                        }
                    }
                    (Some(_), None) => {
                        errors.push(format!("{place}field \"number\" must be an object: {{ \"field\", \"unit\", \"min\", \"max\", \"tolerance\" }}."));
                        None
                    }
                    (None, Some(Value::Array(list))) if list.len() < 2 || list.len() > MAX_OPTIONS => {
                        errors.push(format!("{place}field \"choices\" has {} options; 2 to {MAX_OPTIONS}.", list.len()));
                        None
                    }
                    (None, Some(Value::Array(list))) => {
                        let before = errors.len();
                        let mut options = Vec::new();
                        for (j, o) in list.iter().enumerate() {
                            let op = format!("{place}choice {}: ", j + 1);
                            let Some(oo) = o.as_object() else {
                                errors.push(format!("{op}must be an object: {{ \"text\", \"when\" }}."));
                                continue;
                            };
                            let t = text(oo, "text", &op, true, MAX_TEXT, &mut errors);
                            let when_text = text(oo, "when", &op, true, crate::challenge::MAX_GOAL, &mut errors);
                            if options.iter().any(|c: &Choice| c.text == t) {
                                errors.push(format!("{op}the same text as another option."));
                            }
                            if when_text.is_empty() {
                                continue;
                            }
                            match Goal::parse(&when_text) {
                                Ok(when) => options.push(Choice { text: t, when_text, when }),
                                Err(e) => errors.push(format!("{op}when: {e}.")),
                            }
                        }
                        (errors.len() == before).then_some(Answer::Choice { options })
                    }
                    (None, Some(_)) => {
                        errors.push(format!("{place}field \"choices\" must be a list of {{ \"text\", \"when\" }}."));
                        None
                    }
                };
                if let Some(answer) = answer {
                    predictions.push(Prediction { id, setting, question, answer, explain });
                }
            }
        }
        Some(_) => errors.push("field \"predictions\" must be a list.".into()),
    }
    if errors.len() > MAX_ERRORS {
        errors.truncate(MAX_ERRORS);
    }
    if errors.len() == MAX_ERRORS {
        errors.push(format!("Showing the first {MAX_ERRORS} problems; fix these and check again."));
    }
    if errors.is_empty() { Ok(PredictionSet { title, widget, predictions }) } else { Err(errors) }
}

impl PredictionSet {
    /// Checks the set against the widget it is shown in: its name, every setting, and the names
    /// and types in every field and option against `state` (any state of the widget).
    pub fn check(&self, widget: &str, specs: &[Spec], state: &State) -> Result<(), Vec<String>> {
        let mut errors = Vec::new();
        if !self.widget.eq_ignore_ascii_case(widget) {
            errors.push(format!("This set is for {}, not {widget}.", self.widget.chars().take(40).collect::<String>()));
        }
        for (i, p) in self.predictions.iter().enumerate() {
            let place = format!("prediction {} (\u{201c}{}\u{201d}): ", i + 1, p.id);
            let mut notices = Vec::new();
            let step = locklab_sim::presets::parse_setting(specs, &[], &p.setting, "setting", &mut notices);
            for n in notices {
                // As a challenge's example is told (the set is refused whole: no "using …").
                errors.push(format!("{place}{}.", crate::challenge::problem_only(&n.message)));
            }
            if step.is_empty() && !p.setting.trim().is_empty() {
                errors.push(format!("{place}setting: sets no parameter."));
            }
            match &p.answer {
                Answer::Number { field, exact, .. } => {
                    for f in std::iter::once(field).chain(exact) {
                        match state.get(f.as_str()) {
                            Some(Value::Number(_)) => {}
                            Some(_) => errors.push(format!("{place}{f} is not a number.")),
                            None => errors.push(format!(
                                "{place}\u{201c}{f}\u{201d} is not a result of {widget}. Known: {}.",
                                state.iter().filter(|(_, v)| v.is_number()).map(|(k, _)| k.as_str()).collect::<Vec<_>>().join(", ")
                            )),
                        }
                    }
                }
                Answer::Choice { options } => {
                    for (j, o) in options.iter().enumerate() {
                        if let Err(e) = o.when.check(widget, specs, state) {
                            errors.push(format!("{place}choice {}: when: {e}.", j + 1));
                        }
                    }
                }
            }
        }
        if errors.is_empty() { Ok(()) } else { Err(errors) }
    }

    /// The predictions named by `ids`, in that order, or which ids the set does not have.
    pub fn select(self, ids: &[String]) -> Result<PredictionSet, String> {
        let missing: Vec<&str> = ids.iter().filter(|id| !self.predictions.iter().any(|p| p.id.eq_ignore_ascii_case(id))).map(String::as_str).collect();
        if !missing.is_empty() {
            let has: Vec<&str> = self.predictions.iter().map(|p| p.id.as_str()).collect();
            return Err(format!("predict=builtin: the {} predictions have no {}; they are {}", self.widget, missing.join(" or "), has.join(", ")));
        }
        let PredictionSet { title, widget, predictions } = self;
        let picked = ids.iter().filter_map(|id| predictions.iter().find(|p| p.id.eq_ignore_ascii_case(id)).cloned()).collect();
        Ok(PredictionSet { title, widget, predictions: picked })
    }
}

/// A simulation's built-in set by name: `predictions/<widget>.json` in this crate, for the
/// adapters' and the gallery's checks. A widget's bundle does not use this table (it would link
/// all twelve sets, 44 KB): it reads its own, [`crate::challenge::BuiltIn::PREDICTIONS`].
pub fn built_in(widget: &str) -> Option<&'static str> {
    BUILT_IN.iter().find(|(w, _)| *w == widget).map(|(_, t)| *t)
}

/// The built-in sets, by widget.
pub const BUILT_IN: &[(&str, &str)] = &[
    ("counter-race", include_str!("../predictions/counter-race.json")),
    ("fencing-chain", include_str!("../predictions/fencing-chain.json")),
    ("fencing-sandbox", include_str!("../predictions/fencing-sandbox.json")),
    ("lease-renewal", include_str!("../predictions/lease-renewal.json")),
    ("lease-sizing", include_str!("../predictions/lease-sizing.json")),
    ("lock-granularity", include_str!("../predictions/lock-granularity.json")),
    ("optimistic-vs-pessimistic", include_str!("../predictions/optimistic-vs-pessimistic.json")),
    ("paused-holder", include_str!("../predictions/paused-holder.json")),
    ("redis-failover", include_str!("../predictions/redis-failover.json")),
    ("redlock", include_str!("../predictions/redlock.json")),
    ("sweeper-incident", include_str!("../predictions/sweeper-incident.json")),
    ("ttl-tradeoff", include_str!("../predictions/ttl-tradeoff.json")),
];

/// `predict=builtin:…`: the ids named, in the author's order (`None`: not such a list).
pub fn builtin_ids(value: &str) -> Option<Result<Vec<String>, String>> {
    crate::challenge::builtin_ids_of(value, "predict", "prediction", MAX_PREDICTIONS)
}

/// The built-in set of simulation `widget`, parsed (`None`: it has none).
pub fn builtin_set(widget: &str) -> Option<PredictionSet> {
    built_in(widget).and_then(|t| parse_set(t).ok())
}

/// What `predict=…` says wrong for simulation `widget`: no built-in set, or an id its set does not
/// have (the widget's own words when it loads the set).
pub fn builtin_problem(widget: &str, predict: &str) -> Option<String> {
    builtin_problem_in(widget, built_in(widget), predict)
}

/// [`builtin_problem`] with the widget's own set's text given (`text`: `None` if it has none), so
/// that a one-widget bundle links that set alone, not the table of all twelve.
pub fn builtin_problem_in(widget: &str, text: Option<&str>, predict: &str) -> Option<String> {
    let builtin = predict.trim().eq_ignore_ascii_case(crate::challenge::BUILTIN) || builtin_ids(predict).is_some();
    if !builtin {
        return None;
    }
    let Some(set) = text.and_then(|t| parse_set(t).ok()) else {
        return Some(format!("predict=builtin: {widget} has no built-in predictions yet; give the address of a prediction set of your own"));
    };
    let ids = builtin_ids(predict)?.ok()?;
    set.select(&ids).err()
}

/// Where a prediction's xAPI activity ids start without an `activity-base`.
pub const DEFAULT_BASE: &str = "urn:locklab:prediction:";

/// The activity id of prediction `id` in the set at `set_ref` (a selection of the built-in set is
/// the built-in set: one id per prediction however a page chose it).
pub fn activity_id(base: Option<&str>, widget: &str, set_ref: &str, id: &str) -> String {
    let set_ref = if builtin_ids(set_ref).is_some() { crate::challenge::BUILTIN } else { set_ref };
    match base {
        Some(b) => crate::xapi::join(b, &[widget, "predict", set_ref, id]),
        None if crate::xapi::is_absolute_iri(set_ref) => format!("{}#{}", set_ref.split('#').next().unwrap_or(set_ref), crate::xapi::segment(id)),
        None => crate::xapi::join(DEFAULT_BASE, &[widget, id]),
    }
}

/// The `answered` statement for prediction `i`, once committed: the learner's answer in
/// `result.response` (a number as text, or the option's id), `result.success`, and the run's own
/// answer as the correct response (a number as the range the tolerance allows around it).
#[allow(clippy::too_many_arguments)]
pub fn statement(base: Option<&str>, widget: &str, set_ref: &str, set: &PredictionSet, i: usize, given: &Given, graded: &Graded, actor: Option<&crate::xapi::Actor>) -> Value {
    let Some(p) = set.predictions.get(i) else { return Value::Null };
    let en = |t: &str| json!({ "en-US": t });
    let mut definition = json!({ "name": en(&format!("{}: {}", set.title, p.id)), "description": en(&p.question), "type": crate::xapi::TYPE_INTERACTION });
    let response = match (&p.answer, given) {
        (Answer::Number { tolerance, .. }, Given::Number(x)) => {
            definition["interactionType"] = json!("numeric");
            if let Some(a) = graded.actual.as_f64() {
                definition["correctResponsesPattern"] = json!([format!("{}[:]{}", a - tolerance, a + tolerance)]);
            }
            x.to_string()
        }
        (Answer::Choice { options }, Given::Choice(k)) => {
            definition["interactionType"] = json!("choice");
            definition["choices"] = json!(options.iter().enumerate().map(|(j, o)| json!({ "id": format!("option-{j}"), "description": en(&o.text) })).collect::<Vec<_>>());
            if let Some(right) = options.iter().position(|o| graded.actual.as_str() == Some(o.text.as_str())) {
                definition["correctResponsesPattern"] = json!([format!("option-{right}")]);
            }
            format!("option-{k}")
        }
        _ => String::new(),
    };
    let mut s = json!({
        "verb": { "id": crate::xapi::VERB_ANSWERED, "display": en("answered") },
        "object": { "objectType": "Activity", "id": activity_id(base, widget, set_ref, &p.id), "definition": definition },
        "result": { "success": graded.correct, "response": response }
    });
    if let (Some(a), Some(obj)) = (crate::xapi::actor_json(actor), s.as_object_mut()) {
        obj.insert("actor".into(), a);
    }
    s
}

/// What a teacher's printed copy says a prediction's answer is, from the run at its setting.
pub fn key_on_paper(p: &Prediction, state: &State) -> String {
    let why = p.explain.clone();
    match (&p.answer, p.actual(state)) {
        (Answer::Number { unit, tolerance, .. }, Ok(Given::Number(a))) => {
            let unit = if unit.is_empty() { String::new() } else { format!(" {unit}") };
            format!("Answer: {}{unit} in this run (right within {}{unit}). {why}", locklab_sim::text::num(a), locklab_sim::text::num(*tolerance))
        }
        (Answer::Choice { options }, Ok(Given::Choice(k))) => format!("Answer: {}. {why}", options.get(k).map_or("", |o| o.text.as_str())),
        _ => format!("Answer: see the run. {why}"),
    }
}

// --- Progress --------------------------------------------------------------------------------

/// A learner's progress through a set: every answer given to each prediction and whether the
/// last was right. A prediction is revealed once it is answered right or has no answers left.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub version: u32,
    /// The set's ids, to refuse progress saved for another set.
    pub ids: Vec<String>,
    /// The answers given to each prediction, in order (numbers, or the options' texts).
    pub answers: Vec<Vec<Value>>,
    /// Whether each prediction's latest answer was right (`None`: not answered).
    pub correct: Vec<Option<bool>>,
}

impl Progress {
    pub fn new(set: &PredictionSet) -> Self {
        let n = set.predictions.len();
        Self { version: 1, ids: set.predictions.iter().map(|p| p.id.clone()).collect(), answers: vec![Vec::new(); n], correct: vec![None; n] }
    }

    /// Whether prediction `i` is revealed under `tries` answers (`None`: until it is right).
    pub fn revealed(&self, i: usize, tries: Option<u32>) -> bool {
        let given = self.answers.get(i).map_or(0, Vec::len);
        self.correct.get(i).copied().flatten() == Some(true) || tries.is_some_and(|t| given >= t as usize)
    }

    /// The first prediction not yet revealed, or `None` when every one is (the widget is free).
    pub fn current(&self, tries: Option<u32>) -> Option<usize> {
        (0..self.ids.len()).find(|&i| !self.revealed(i, tries))
    }

    /// Records an answer to prediction `i` (refused once it is revealed); whether it is now revealed.
    pub fn answer(&mut self, i: usize, answer: Value, correct: bool, tries: Option<u32>) -> Option<bool> {
        if i >= self.ids.len() || self.revealed(i, tries) {
            return None;
        }
        self.answers[i].push(answer);
        self.correct[i] = Some(correct);
        Some(self.revealed(i, tries))
    }

    /// Predictions right at the first answer.
    pub fn right_first(&self) -> usize {
        self.answers.iter().zip(&self.correct).filter(|(a, c)| a.len() == 1 && **c == Some(true)).count()
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Progress saved for this set, or why it cannot be used.
    pub fn restore(json: &str, set: &PredictionSet) -> Result<Self, String> {
        let p: Progress = serde_json::from_str(json).map_err(|_| "the saved predictions were unreadable".to_string())?;
        let n = set.predictions.len();
        if p.version != 1 || p.ids.len() != n || p.answers.len() != n || p.correct.len() != n || p.ids.iter().zip(&set.predictions).any(|(a, b)| *a != b.id) {
            return Err("the saved predictions were for another set".into());
        }
        // A forged record: more answers than any limit allows, or a verdict without an answer.
        if p.answers.iter().zip(&p.correct).any(|(a, c)| a.len() > crate::registry::MAX_TRIES as usize || a.is_empty() != c.is_none()) {
            return Err("the saved predictions were not a record locklab wrote".into());
        }
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The answered statements meet the specification's rules (numeric with its range, choice
    /// with the run's option as the correct response), and the checker sees a broken range.
    #[test]
    fn answered_statements_meet_the_specification() {
        let set = parse_set(built_in("redis-failover").expect("a built-in set")).expect("it parses");
        let number = set.predictions.iter().position(|p| matches!(p.answer, Answer::Number { .. })).expect("a number");
        let graded = Graded { actual: json!(2.0), exact: Some(2.0), correct: true };
        let s = statement(None, "redis-failover", "builtin", &set, number, &Given::Number(2.2), &graded, None);
        assert_eq!(crate::xapi::check(&s), Vec::<String>::new(), "{s}");
        assert_eq!(s["object"]["definition"]["interactionType"], "numeric");
        assert_eq!(s["result"]["response"], "2.2");
        assert_eq!(s["object"]["id"], format!("urn:locklab:prediction:redis-failover:{}", set.predictions[number].id));
        let choice = set.predictions.iter().position(|p| matches!(p.answer, Answer::Choice { .. })).expect("a choice");
        let Answer::Choice { options } = &set.predictions[choice].answer else { unreachable!() };
        let graded = Graded { actual: json!(options[1].text), exact: None, correct: false };
        let c = statement(Some("https://course.example/locks/"), "redis-failover", "builtin:a", &set, choice, &Given::Choice(0), &graded, None);
        assert_eq!(crate::xapi::check(&c), Vec::<String>::new(), "{c}");
        assert_eq!(c["object"]["definition"]["correctResponsesPattern"], json!(["option-1"]));
        assert_eq!(c["result"]["response"], "option-0");
        assert!(c["object"]["id"].as_str().is_some_and(|id| id.starts_with("https://course.example/locks/redis-failover/predict/builtin/")));
        for bad in ["3[:]1", "x", "1[:]2[:]3", ""] {
            let mut b = s.clone();
            b["object"]["definition"]["correctResponsesPattern"] = json!([bad]);
            assert_eq!(crate::xapi::check(&b).len(), 1, "{bad}");
        }
    }

    fn set(json: Value) -> Result<PredictionSet, Vec<String>> {
        parse_set_value(&json)
    }

    #[test]
    fn a_set_needs_its_fields_and_says_where_one_is_wrong() {
        let errors = set(json!({ "title": "t", "widget": "w", "predictions": [
            { "id": "a", "question": "q", "explain": "e" },
            { "id": "b", "question": "q", "explain": "e", "number": { "field": "x", "min": 5, "max": 1, "tolerance": 1 } },
            { "id": "c", "question": "q", "explain": "e", "choices": [{ "text": "one", "when": "x > 1" }] },
            { "id": "d", "question": "q", "explain": "e", "choices": [{ "text": "one", "when": "x >" }, { "text": "two", "when": "x < 1" }] },
            { "id": "a", "question": "q", "explain": "e", "number": { "field": "x", "min": 0, "max": 10, "tolerance": 0 } },
        ]}))
        .unwrap_err();
        let all = errors.join("\n");
        for said in ["prediction 1 (“a”): field \"number\" or \"choices\" is missing", "\"min\" must be less than \"max\"", "\"choices\" has 1 options", "choice 1: when:", "the id is used by another prediction", "\"tolerance\" must be more than 0"] {
            assert!(all.contains(said), "{said} in:\n{all}");
        }
    }

    #[test]
    fn a_number_is_graded_within_its_tolerance_and_a_choice_by_the_option_the_run_meets() {
        let s = set(json!({ "title": "t", "widget": "w", "predictions": [
            { "id": "n", "question": "q", "explain": "e", "number": { "field": "x", "min": 0, "max": 100, "tolerance": 5, "exact": "y" } },
            { "id": "c", "question": "q", "explain": "e", "choices": [{ "text": "low", "when": "x < 50" }, { "text": "high", "when": "x >= 50" }] },
        ]}))
        .unwrap();
        let state: State = [("x".to_string(), json!(42.0)), ("y".to_string(), json!(40.0))].into_iter().collect();
        let n = &s.predictions[0];
        assert_eq!(n.grade(&state, &Given::Number(47.0)).unwrap(), Graded { actual: json!(42.0), exact: Some(40.0), correct: true });
        assert!(!n.grade(&state, &Given::Number(47.5)).unwrap().correct);
        assert!(!n.grade(&state, &Given::Number(f64::NAN)).unwrap().correct);
        let c = &s.predictions[1];
        assert_eq!(c.grade(&state, &Given::Choice(0)).unwrap(), Graded { actual: json!("low"), exact: None, correct: true });
        assert!(!c.grade(&state, &Given::Choice(1)).unwrap().correct);
        assert!(n.grade(&state, &Given::Choice(0)).is_err(), "the wrong kind of answer is refused");
        let both: State = [("x".to_string(), json!("text"))].into_iter().collect();
        assert!(c.decided(&both).is_err(), "no option met is an error, never a guess");
    }

    #[test]
    fn progress_reveals_after_the_tries_and_refuses_a_forged_record() {
        let s = set(json!({ "title": "t", "widget": "w", "predictions": [
            { "id": "a", "question": "q", "explain": "e", "number": { "field": "x", "min": 0, "max": 100, "tolerance": 5 } },
            { "id": "b", "question": "q", "explain": "e", "number": { "field": "x", "min": 0, "max": 100, "tolerance": 5 } },
        ]}))
        .unwrap();
        let mut p = Progress::new(&s);
        assert_eq!(p.current(Some(2)), Some(0));
        assert_eq!(p.answer(0, json!(1), false, Some(2)), Some(false), "one miss of two: still hidden");
        assert_eq!(p.answer(0, json!(2), false, Some(2)), Some(true), "the second: revealed");
        assert_eq!(p.answer(0, json!(3), true, Some(2)), None, "a revealed prediction takes no more answers");
        assert_eq!(p.current(Some(2)), Some(1));
        assert_eq!(p.answer(1, json!(50), true, Some(2)), Some(true));
        assert_eq!((p.current(Some(2)), p.right_first()), (None, 1));
        let back = Progress::restore(&p.to_json(), &s).unwrap();
        assert_eq!(back, p);
        let mut forged = p.clone();
        forged.correct[0] = None;
        assert!(Progress::restore(&forged.to_json(), &s).is_err());
        let other = set(json!({ "title": "t", "widget": "w", "predictions": [{ "id": "z", "question": "q", "explain": "e", "number": { "field": "x", "min": 0, "max": 1, "tolerance": 0.5 } }] })).unwrap();
        assert!(Progress::restore(&p.to_json(), &other).is_err());
    }
}
