//! The pieces every widget is built from, written once: the model that ties parameters to a
//! simulation, labelled sliders and toggles, the controls panel, the chart frame, the narrative,
//! the notice box and the `locklab:change` event.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};

use leptos::prelude::*;
use locklab_charts::Theme;

use crate::canvas::Canvas;
use locklab_sim::presets::Presets;
use locklab_sim::{Notice, Scenario, Spec};
use plotters::coord::Shift;
use plotters::prelude::*;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

/// A choice with more options than this is a drop-down list, not radios.
const MAX_RADIOS: usize = 5;

/// A page-unique id prefix for labels and inputs.
pub fn unique_id(what: &str) -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(1);
    format!("ll-{}-{what}", NEXT.fetch_add(1, Ordering::Relaxed))
}

/// From this width (CSS px) a widget puts its controls beside its results, and opens "More
/// settings" at first (the same width as the stylesheet's container query).
pub const WIDE_PX: f64 = 720.0;

/// A scenario's live state: parameter values (in spec order) → validated params → outcome.
/// Every recompute fires `locklab:change` on the widget's element.
pub struct Model<S: Scenario> {
    pub values: RwSignal<Vec<f64>>,
    pub params: Memo<S::Params>,
    pub outcome: Memo<S::Outcome>,
    /// Notices from the author's parameters; shown until the learner changes something.
    pub notices: RwSignal<Vec<Notice>>,
    /// Whether "More settings" starts open: on a wide widget, or when the author or the address
    /// set one of the parameters inside it (nothing an author set is hidden).
    pub more_open: bool,
    /// The author asked a timeline widget to play by itself (`data-autoplay`).
    pub autoplay: bool,
    /// A lecturer's preset steps (`data-steps`; empty without) and where the widget is in them.
    pub presets: StoredValue<Presets>,
    pub step: RwSignal<usize>,
    /// The parameters the steps start from: the element's attributes alone.
    base: StoredValue<Vec<f64>>,
    /// `data-layout="slide"`: laid out for projection.
    pub slide: bool,
    /// What the course layer reads from the element: challenges, xAPI attributes, print (none
    /// for one of a compared pair).
    pub course: StoredValue<locklab_course::registry::CourseAttrs>,
    /// The widget's element, where its events go.
    pub host: StoredValue<crate::SendHost>,
    /// A teacher's `controls` and `fixed`: which controls the learner sees and may change.
    pub teacher: StoredValue<locklab_sim::controls::Teacher>,
    /// A prediction's question is open (`data-predict`): the frame leaves out everything the run
    /// shows, the controls are locked, and `locklab:change` waits until the answer is committed.
    pub asking: RwSignal<bool>,
    /// What the widget says, in its page's language (issue #47).
    pub words: StoredValue<crate::i18n::Words>,
    /// Counts the states a prediction set (its question's setting, and the page's values back
    /// when the predictions end): no learner's change, so they meet no challenge.
    pub set_by_prediction: RwSignal<u32>,
    /// Predictions are under way (from loading the set until the last is done): the address
    /// (`data-locklab-url`) keeps the page's values meanwhile.
    pub predicting: RwSignal<bool>,
}

/// The state as the address writes it: the parameters that differ from the defaults, then the
/// extra state (the sandbox's steps).
fn state_pairs<S: Scenario>(values: &[f64]) -> Vec<(String, String)> {
    let specs = S::specs();
    let mut pairs: Vec<(String, String)> = locklab_sim::params::to_pairs(specs, values)
        .into_iter()
        .zip(specs)
        .filter(|((_, val), spec)| *val != spec.to_attr(spec.default_value()))
        .map(|(pair, _)| pair)
        .collect();
    pairs.extend(S::extra_pairs(values));
    pairs
}

/// The JavaScript property of a widget's element that asks its next mount to open "Run it for
/// real" (the loader sets it when a plain bundle's widget hands over to its course bundle).
pub const OPEN_PROPERTY: &str = "locklabOpen";

/// Whether `host` was handed over with "Run it for real" open (the property is taken: once).
#[cfg(feature = "course")]
fn take_open_lab(host: &HtmlElement) -> bool {
    let key: JsValue = OPEN_PROPERTY.into();
    let open = js_sys::Reflect::get(host, &key).ok().and_then(|v| v.as_string()).is_some_and(|v| v == "lab");
    if open {
        let _ = js_sys::Reflect::delete_property(host, &key);
    }
    open
}

/// "Run it for real" in a plain bundle (issue #43): the command, the recorded runs and the serve
/// panel are the course bundle's (about 30 KB gzip a widget). Opened, it asks the loader for that
/// bundle (`locklab:course`, cancelable: the loader claims it), which mounts the widget again from
/// it, in the state the learner left and with this open.
#[cfg(not(feature = "course"))]
#[component]
fn RunForReal<S: Scenario + 'static>(model: Model<S>) -> impl IntoView {
    if !locklab_sim::lab::WIDGETS.contains(&S::NAME) {
        return ().into_any();
    }
    let said = RwSignal::new(String::new());
    let words = crate::i18n::words();
    let summary = words.t("lab-summary", &[]);
    let open = move |ev: web_sys::Event| {
        let opened = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok()).is_some_and(|d| d.open());
        if !opened || !said.get_untracked().is_empty() {
            return;
        }
        let state: Vec<(String, String)> = model.values.with_untracked(|v| S::specs().iter().zip(v).map(|(s, &x)| (s.name.to_string(), s.to_attr(x))).collect());
        let claimed = model.host.with_value(|h| crate::ask_for_course(h, &state, "lab"));
        said.set(words.t(if claimed { "lab-loading" } else { "lab-left-out" }, &[]));
    };
    view! {
        <details class="ll-details ll-lab" on:toggle=open>
            <summary>{summary}</summary>
            <p class="ll-lab-recorded" role="status">{move || said.get()}</p>
        </details>
    }
    .into_any()
}

/// "Run it for real": the `locklab-lab run` command for the widget's current state, for the
/// widgets the lab replays on real servers.
#[cfg(feature = "course")]
#[component]
fn RunForReal<S: Scenario + 'static>(model: Model<S>) -> impl IntoView {
    if !locklab_sim::lab::WIDGETS.contains(&S::NAME) {
        return ().into_any();
    }
    let command = Memo::new(move |_| model.values.with(|v| locklab_sim::lab::command_of::<S>(v).unwrap_or_default()));
    let pairs = Memo::new(move |_| model.values.with(|v| locklab_sim::lab::pairs_of::<S>(v)));
    // What the lab measured, fetched once, when the learner first opens this (or at once, when
    // a plain bundle handed the widget over with this open).
    let recorded = RwSignal::new(None);
    let asked = StoredValue::new(false);
    let handed_over = model.host.with_value(|h| take_open_lab(h));
    if handed_over {
        asked.set_value(true);
        load_recorded(LabWidget::of::<S>(), recorded);
    }
    let open = move |ev: web_sys::Event| {
        let opened = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok()).is_some_and(|d| d.open());
        if opened && !asked.get_value() {
            asked.set_value(true);
            load_recorded(LabWidget::of::<S>(), recorded);
        }
    };
    let words = crate::i18n::words();
    let t = |k: &str| words.t(k, &[]);
    let not_loaded = {
        let words = words.clone();
        move |e: String| words.t("lab-not-loaded", &[("why", e.into())])
    };
    // (Open at once when handed over; the loader puts the learner's focus back on its summary.)
    view! {
        <details class="ll-details ll-lab" on:toggle=open open=handed_over>
            <summary>{t("lab-summary")}</summary>
            <p>
                {t("lab-intro")} " "
                <code>"bash .ci/setup --lab"</code> {t("lab-intro-run")}
            </p>
            <pre class="ll-lab-command"><code>{move || command.get()}</code></pre>
            <p>
                {t("lab-cargo-before")} <code>"cargo run -p locklab-lab --release --"</code> {t("lab-cargo-instead")} <code>"locklab-lab"</code>
                {t("lab-cargo-after")}
            </p>
            <p>{t("lab-what-is-real")}</p>
            {serve_panel(S::NAME, pairs)}
            {move || recorded.get().map(|r| match r {
                Ok(record) => recorded_view(LabWidget::of::<S>(), RecordSignals { values: model.values, teacher: model.teacher, asking: model.asking }, record).into_any(),
                Err(e) => view! { <p class="ll-lab-recorded" role="status">{not_loaded.clone()(e)}</p> }.into_any(),
            })}
        </details>
    }
    .into_any()
}

#[cfg(feature = "course")]
/// What the recorded-runs panel needs of a widget, as plain values: one copy of its code for
/// every widget (generic over the widget, it added about 10 KB gzip more to each bundle).
#[derive(Clone, Copy)]
struct LabWidget {
    name: &'static str,
    specs: &'static [Spec],
    validate: fn(&[(String, String)]) -> (Vec<f64>, Vec<Notice>),
}

#[cfg(feature = "course")]
impl LabWidget {
    fn of<S: Scenario>() -> LabWidget {
        LabWidget { name: S::NAME, specs: S::specs(), validate: S::validate }
    }
}

#[cfg(feature = "course")]
/// The signals the recorded-runs panel reads and sets.
#[derive(Clone, Copy)]
struct RecordSignals {
    values: RwSignal<Vec<f64>>,
    teacher: StoredValue<locklab_sim::controls::Teacher>,
    asking: RwSignal<bool>,
}

#[cfg(feature = "course")]
/// The recorded runs' file for this widget (`dist/lab/<widget>.json`, beside the loader), read
/// the first time the learner opens "Run it for real".
fn load_recorded(w: LabWidget, into: RwSignal<Option<Result<std::sync::Arc<locklab_course::lab_record::Record>, String>>>) {
    let base = js_sys::Reflect::get(&js_sys::global(), &"__locklabBase".into()).ok().and_then(|b| b.as_string()).unwrap_or_default();
    let url = format!("{base}lab/{}.json", w.name);
    leptos::task::spawn_local(async move {
        let got = match crate::content::fetch_text(&url, locklab_course::lab_record::MAX_RECORD_BYTES, "a recorded file").await {
            Ok(text) => read_recorded(w, &text).map(std::sync::Arc::new).map_err(|e| format!("the file at {url} {e}")),
            Err(e) => Err(format!("the file at {url} {e}")),
        };
        let _ = into.try_set(Some(got));
    });
}

#[cfg(feature = "course")]
/// Reads a recorded file with the browser's own JSON parser (`JSON.parse`), not serde_json's:
/// its deserializer and `Value` would add about 30 KB gzip to every widget, 50 KB to a plain one
/// (measured 6 December). The files the project ships are validated in full by
/// `locklab_course::lab_record::parse_record` in its tests; here each part is read defensively,
/// every size bounded as there, and a setting whose parameters this widget refuses (its own
/// validation) is left out.
fn read_recorded(w: LabWidget, text: &str) -> Result<locklab_course::lab_record::Record, String> {
    use locklab_course::lab_record::{self as lr, Machine, Record, Row, Setting};
    let root = js_sys::JSON::parse(text).map_err(|_| "is not JSON".to_string())?;
    let get = |o: &JsValue, k: &str| js_sys::Reflect::get(o, &k.into()).unwrap_or(JsValue::UNDEFINED);
    let short = |t: String, max: usize| if t.chars().count() > max { t.chars().take(max).collect() } else { t };
    let text_of = |o: &JsValue, k: &str, max: usize| get(o, k).as_string().map(|t| short(t, max));
    let list = |o: &JsValue, k: &str, max: usize| -> Result<Vec<JsValue>, String> {
        let v = get(o, k);
        if !js_sys::Array::is_array(&v) {
            return Err(format!("has no list {k}"));
        }
        let a = js_sys::Array::from(&v);
        if a.length() as usize > max {
            return Err(format!("has more than {max} {k}"));
        }
        Ok(a.iter().collect())
    };
    let pairs = |o: &JsValue| -> Vec<(String, String)> {
        o.dyn_ref::<js_sys::Object>()
            .map(|o| js_sys::Object::entries(o).iter().filter_map(|e| {
                let e = js_sys::Array::from(&e);
                Some((e.get(0).as_string()?, e.get(1).as_string()?))
            }).take(64).collect())
            .unwrap_or_default()
    };
    if get(&root, "format").as_f64() != Some(lr::FORMAT as f64) {
        return Err(format!("is not in the format this version reads ({})", lr::FORMAT));
    }
    if text_of(&root, "widget", lr::MAX_SHORT).as_deref() != Some(w.name) {
        return Err("is not this widget's".into());
    }
    let recorded = text_of(&root, "recorded", 10).filter(|d| lr::is_date(d)).ok_or("has no date")?;
    let m = get(&root, "machine");
    let machine = Machine {
        os: text_of(&m, "os", lr::MAX_SHORT).unwrap_or_default(),
        kernel: text_of(&m, "kernel", lr::MAX_SHORT).unwrap_or_default(),
        arch: text_of(&m, "arch", lr::MAX_SHORT).unwrap_or_default(),
        cores: get(&m, "cores").as_f64().filter(|c| c.is_finite() && *c >= 0.0).map_or(0, |c| c.min(100_000.0) as u32),
        memory_gib: get(&m, "memoryGiB").as_f64(),
    };
    let servers: std::collections::BTreeMap<String, String> = pairs(&get(&root, "servers")).into_iter().map(|(k, v)| (short(k, 20), short(v, lr::MAX_SHORT))).collect();
    let mut settings = Vec::new();
    for s in list(&root, "settings", lr::MAX_SETTINGS)? {
        let params = pairs(&get(&s, "params"));
        let (values, notices) = (w.validate)(&params);
        if !notices.is_empty() || params.len() != w.specs.len() {
            continue;
        }
        let rows: Vec<Row> = list(&s, "rows", lr::MAX_ROWS)?.iter().map(js_row).collect();
        settings.push(Setting {
            label: text_of(&s, "label", 400).unwrap_or_default(),
            variant: text_of(&s, "variant", 40),
            servers: pairs(&get(&s, "servers")).into_iter().map(|(k, v)| (short(k, 20), short(v, lr::MAX_SHORT))).collect(),
            params,
            values,
            agrees: get(&s, "agrees").as_bool() == Some(true),
            rows,
            tolerance: String::new(),
            notes: Vec::new(),
            seconds: get(&s, "seconds").as_f64().unwrap_or(0.0),
        });
    }
    Ok(Record { widget: w.name.into(), recorded, locklab: text_of(&root, "locklab", lr::MAX_SHORT).unwrap_or_default(), machine, servers, time_scale: get(&root, "timeScale").as_f64().unwrap_or(0.0), settings })
}

#[cfg(feature = "course")]
/// One row as the lab writes it (`{ field, simulated, real, verdict }`), read defensively: texts
/// cut at 200 characters, anything else shown as its JSON.
fn js_row(r: &JsValue) -> locklab_course::lab_record::Row {
    use locklab_course::lab_record::{Row, Verdict};
    let get = |k: &str| js_sys::Reflect::get(r, &k.into()).unwrap_or(JsValue::UNDEFINED);
    let short = |t: String| if t.chars().count() > 200 { t.chars().take(200).collect() } else { t };
    let cell = |v: JsValue| -> serde_json::Value {
        if let Some(n) = v.as_f64() {
            serde_json::Number::from_f64(n).map_or(serde_json::Value::Null, serde_json::Value::Number)
        } else if let Some(b) = v.as_bool() {
            serde_json::Value::Bool(b)
        } else if let Some(t) = v.as_string() {
            serde_json::Value::String(short(t))
        } else if v.is_null() || v.is_undefined() {
            serde_json::Value::Null
        } else {
            serde_json::Value::String(short(js_sys::JSON::stringify(&v).ok().and_then(|t| t.as_string()).unwrap_or_default()))
        }
    };
    let verdict = match get("verdict").as_string().as_deref() {
        Some("agree") => Verdict::Agree,
        Some("disagree") => Verdict::Disagree,
        _ => Verdict::Shown,
    };
    Row { field: get("field").as_string().map(short).unwrap_or_default(), simulated: cell(get("simulated")), real: cell(get("real")), verdict }
}

#[cfg(feature = "course")]
/// "Run it on my computer": the learner's own `locklab-lab serve` runs the widget's state (its
/// `pairs`) and streams back what it says; the result's rows are shown as the recorded ones are.
fn serve_panel(widget: &'static str, pairs: Memo<Vec<(String, String)>>) -> impl IntoView {
    let address = RwSignal::new(String::new());
    let running = RwSignal::new(false);
    let said = RwSignal::new(String::new());
    let got: RwSignal<Option<(bool, Vec<locklab_course::lab_record::Row>)>> = RwSignal::new(None);
    let origin = web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default();
    let start = format!("locklab-lab serve --allow-origin {origin}");
    let go = move |_| {
        let (given, asked) = (address.get_untracked(), pairs.get_untracked());
        leptos::task::spawn_local(async move {
            running.set(true);
            got.set(None);
            let outcome = run_on_machine(widget, &given, &asked, said, got).await;
            if let Err(e) = outcome {
                said.set(e);
            }
            running.set(false);
        });
    };
    view! {
        <div class="ll-lab-serve">
            <p>"Or run this state from here, on your own computer: start " <code>{start}</code> " there (in a clone of locklab, after " <code>"bash .ci/setup --lab"</code> ") and give the address it prints."</p>
            <label class="ll-lab-serve-address">"Address from locklab-lab serve "
                <input type="text" class="ll-input" spellcheck="false" autocomplete="off" placeholder="http://127.0.0.1:PORT/#token" prop:value=move || address.get() on:input=move |ev| address.set(event_target_value(&ev)) />
            </label>
            <button type="button" class="ll-button ll-lab-serve-run" disabled=move || running.get() on:click=go>"Run this state on my computer"</button>
            <p role="status" class="ll-lab-serve-said">{move || said.get()}</p>
            {move || got.get().map(|(_, rows)| rows_table(rows, Some("Simulated beside real, run just now on your computer"), "Simulated"))}
        </div>
    }
}

#[cfg(feature = "course")]
/// `http://127.0.0.1:PORT/#TOKEN` (or `localhost`, `[::1]`) as the base address and the token.
fn serve_address(given: &str) -> Result<(String, String), String> {
    let (base, token) = given.trim().split_once('#').ok_or("That address has no token: give the whole address locklab-lab serve printed, with the part after #.")?;
    let local = ["http://127.0.0.1:", "http://localhost:", "http://[::1]:"].iter().any(|p| base.starts_with(p));
    if !local {
        return Err("That is not an address of this computer: locklab-lab serve listens on http://127.0.0.1 only.".into());
    }
    if token.len() != 32 || !token.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err("The token after # is not the one locklab-lab serve prints (32 hexadecimal digits).".into());
    }
    Ok((base.trim_end_matches('/').to_string(), token.to_string()))
}

#[cfg(feature = "course")]
async fn run_on_machine(widget: &str, given: &str, pairs: &[(String, String)], said: RwSignal<String>, got: RwSignal<Option<(bool, Vec<locklab_course::lab_record::Row>)>>) -> Result<(), String> {
    use wasm_bindgen_futures::JsFuture;
    let (base, token) = serve_address(given)?;
    let window = web_sys::window().ok_or("no window")?;
    let origin = window.location().origin().unwrap_or_default();
    let params = js_sys::Array::new();
    for (k, v) in pairs {
        params.push(&js_sys::Array::of2(&k.into(), &v.into()));
    }
    let body = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&body, &"widget".into(), &widget.into());
    let _ = js_sys::Reflect::set(&body, &"params".into(), &params);
    let headers = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&headers, &"Authorization".into(), &format!("Bearer {token}").into());
    let _ = js_sys::Reflect::set(&headers, &"Content-Type".into(), &"application/json".into());
    let init = web_sys::RequestInit::new();
    init.set_method("POST");
    init.set_headers(&headers);
    init.set_body(&js_sys::JSON::stringify(&body).map_err(|_| "could not write the request")?.into());
    said.set(format!("Asking locklab-lab serve at {base}…"));
    let unreachable = || format!("Could not reach locklab-lab serve at {base}, or it would not answer this page: is it running, started with --allow-origin {origin}? (A page's own security policy may also forbid it: connect-src.)");
    let response = JsFuture::from(window.fetch_with_str_and_init(&format!("{base}/run"), &init)).await.map_err(|_| unreachable())?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| unreachable())?;
    if !response.ok() {
        let text = match response.text() {
            Ok(p) => JsFuture::from(p).await.ok().and_then(|t| t.as_string()).unwrap_or_default(),
            Err(_) => String::new(),
        };
        let why = js_sys::JSON::parse(&text).ok().and_then(|v| js_sys::Reflect::get(&v, &"error".into()).ok()).and_then(|e| e.as_string()).unwrap_or_else(|| format!("HTTP {}", response.status()));
        return Err(format!("locklab-lab serve refused: {why}."));
    }
    let reader: web_sys::ReadableStreamDefaultReader = response.body().ok_or("the answer was empty")?.get_reader().dyn_into().map_err(|_| "the answer could not be read")?;
    let mut pending: Vec<u8> = Vec::new();
    loop {
        let chunk = JsFuture::from(reader.read()).await.map_err(|_| "the answer stopped before its end (was locklab-lab serve stopped?)")?;
        if js_sys::Reflect::get(&chunk, &"done".into()).ok().and_then(|d| d.as_bool()).unwrap_or(true) {
            break;
        }
        let Ok(value) = js_sys::Reflect::get(&chunk, &"value".into()).and_then(|v| v.dyn_into::<js_sys::Uint8Array>()) else { break };
        if pending.len() + value.length() as usize > 4 << 20 {
            let _ = reader.cancel();
            return Err("the answer is larger than 4 MB".into());
        }
        pending.extend(value.to_vec());
        while let Some(end) = pending.iter().position(|b| *b == b'\n') {
            let line: Vec<u8> = pending.drain(..=end).collect();
            let Ok(event) = js_sys::JSON::parse(&String::from_utf8_lossy(&line)) else { continue };
            let get = |k: &str| js_sys::Reflect::get(&event, &k.into()).unwrap_or(JsValue::UNDEFINED);
            let short = |t: String| if t.chars().count() > 300 { format!("{}…", t.chars().take(299).collect::<String>()) } else { t };
            match get("event").as_string().as_deref() {
                Some("started") => said.set(format!("Running on your computer: {}", short(get("command").as_string().unwrap_or_default()))),
                Some("log") => said.set(format!("Running on your computer… {}", short(get("line").as_string().unwrap_or_default()))),
                Some("error") => return Err(format!("The run on your computer failed: {}.", short(get("message").as_string().unwrap_or_default()))),
                Some("result") => {
                    let reports = get("reports");
                    let reports: Vec<JsValue> = if js_sys::Array::is_array(&reports) { js_sys::Array::from(&reports).iter().take(64).collect() } else { vec![reports] };
                    let agrees = reports.iter().all(|r| js_sys::Reflect::get(r, &"agrees".into()).ok().and_then(|a| a.as_bool()) == Some(true));
                    let rows: Vec<_> = reports
                        .iter()
                        .filter_map(|r| js_sys::Reflect::get(r, &"rows".into()).ok().filter(js_sys::Array::is_array))
                        .flat_map(|rows| js_sys::Array::from(&rows).iter().take(200).map(|r| js_row(&r)).collect::<Vec<_>>())
                        .filter(|r| r.verdict != locklab_course::lab_record::Verdict::Shown)
                        .collect();
                    said.set(if agrees { "Done: every compared figure of the real run was within the lab's tolerance of the simulation's.".into() } else { "Done: the real run DISAGREED with the simulation beyond the lab's tolerance (a finding: the rows marked no).".into() });
                    got.set(Some((agrees, rows)));
                }
                _ => {}
            }
        }
    }
    Ok(())
}

#[cfg(feature = "course")]
/// "Measured on Redis 7.0.15, 6 December 2026": what the real servers did at this state, if the
/// lab recorded it, and the recorded states a learner can go to.
fn recorded_view(w: LabWidget, model: RecordSignals, record: std::sync::Arc<locklab_course::lab_record::Record>) -> impl IntoView {
    use locklab_course::lab_record::Verdict;
    let named = |servers: &std::collections::BTreeMap<String, String>| {
        let mut names: Vec<String> = servers.iter().map(|(k, v)| format!("{} {v}", match k.as_str() { "redis" => "Redis", "postgres" => "PostgreSQL", other => other })).collect();
        let last = names.pop().unwrap_or_default();
        if names.is_empty() { last } else { format!("{} and {last}", names.join(", ")) }
    };
    let servers = named(&record.servers);
    let when = long_date(&record.recorded);
    let machine = format!("{}, {} cores", record.machine.os, record.machine.cores);
    let here = {
        let record = record.clone();
        let (when, machine) = (when.clone(), machine.clone());
        move || {
            let at: Vec<locklab_course::lab_record::Setting> = model.values.with(|v| record.settings.iter().filter(|s| s.variant.is_none() && locklab_course::lab_record::same_state(w.specs, &s.values, v)).cloned().collect());
            if at.is_empty() {
                return view! { <p class="ll-lab-recorded" role="status">"The lab has not recorded this state. The states it has are below."</p> }.into_any();
            }
            at.into_iter()
                .map(|s| {
                    let rows: Vec<_> = s.rows.iter().filter(|r| r.verdict != Verdict::Shown).cloned().collect();
                    let verdict = if s.agrees { "every compared figure of the real run was within the lab's tolerance of the simulation's (a count within its statistical band, an ending exactly)" } else { "the real run DISAGREED with the simulation beyond the lab's tolerance (a finding: see LAB.md)" };
                    view! {
                        <div class="ll-lab-recorded" role="status">
                            <p>{format!("Measured for real on {}, {when} ({machine}): {verdict}.", named(&s.servers))}</p>
                            {rows_table(rows, Some("Simulated beside real, at this state"), "Simulated")}
                        </div>
                    }
                    .into_any()
                })
                .collect_view()
                .into_any()
        }
    };
    // The recorded states of the widget's own story, as buttons that set the widget to them (the
    // ones a teacher's fixed parameters allow); runs of another kind (the lab's own draws, the
    // machine's timing) are counted, not offered: they are not this widget's story at a state.
    let plain: Vec<locklab_course::lab_record::Setting> = record.settings.iter().filter(|s| s.variant.is_none()).cloned().collect();
    let others = record.settings.len() - plain.len();
    // The kinds of those runs, named as the lab's check labels them.
    let mut kinds: Vec<&str> = record
        .settings
        .iter()
        .filter_map(|s| match s.variant.as_deref()? {
            "own-draws" => Some("with the lab's own draws"),
            "machine" => Some("timed by the machine itself"),
            "lock-apart" => Some("with the lock apart from the data"),
            "etcd" => Some("on etcd's lock"),
            "partition" => Some("under a network partition"),
            _ => Some("of another kind"),
        })
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    let allowed = move |values: &[f64]| {
        model.teacher.with_value(|t| model.values.with_untracked(|now| values.iter().zip(now).enumerate().all(|(i, (a, b))| t.changeable(i) || a == b)))
    };
    let buttons = plain
        .into_iter()
        .filter(|s| allowed(&s.values))
        .map(|s| {
            let values = s.values.clone();
            let label = s.label.clone();
            let current = {
                let values = values.clone();
                move || model.values.with(|v| locklab_course::lab_record::same_state(w.specs, v, &values))
            };
            view! {
                <li>
                    <button type="button" class="ll-button ll-lab-jump" aria-pressed=move || current().to_string() disabled=move || model.asking.get()
                        on:click=move |_| {
                            let fresh = values.clone();
                            model.values.update(|v| {
                                for (slot, x) in v.iter_mut().zip(fresh) {
                                    *slot = x;
                                }
                            });
                        }>
                        {label}
                    </button>
                </li>
            }
        })
        .collect_view();
    // Those runs themselves, each folded under its label: not a state of the widget, but what the
    // lab measured beside it (a partition the widget does not model, the lab's own draws).
    let other_runs = record
        .settings
        .iter()
        .filter(|s| s.variant.is_some())
        .map(|s| {
            let rows = s.rows.clone();
            view! {
                <details class="ll-lab-other">
                    <summary>{s.label.clone()}</summary>
                    {rows_table(rows, None, "Simulated or expected")}
                </details>
            }
        })
        .collect_view();
    view! {
        <div class="ll-lab-record">
            {here}
            <p>{format!("Recorded on {servers}, {when}; the states the lab ran{}:", if others > 0 { format!(" ({others} more runs, {}, are listed after them)", kinds.join(" or ")) } else { String::new() })}</p>
            <ul class="ll-lab-states">{buttons}</ul>
            {(others > 0).then(|| view! { <p>"The lab's other runs, which are not a state of this widget:"</p> })}
            {other_runs}
        </div>
    }
}

#[cfg(feature = "course")]
/// A recorded setting's rows: figure, simulated (`simulated`: the column's name), real, and
/// whether the real one was within the lab's tolerance.
fn rows_table(rows: Vec<locklab_course::lab_record::Row>, caption: Option<&'static str>, simulated: &'static str) -> impl IntoView {
    use locklab_course::lab_record::Verdict;
    view! {
        <div class="ll-table-wrap">
            <table class="ll-compare ll-lab-rows">
                {caption.map(|c| view! { <caption>{c}</caption> })}
                <thead><tr><th scope="col" class="ll-left">"Figure"</th><th scope="col">{simulated}</th><th scope="col">"Real"</th><th scope="col">"Within the lab's tolerance"</th></tr></thead>
                <tbody>
                    {rows.into_iter().map(|r| view! {
                        <tr class:ll-bad=r.verdict == Verdict::Disagree>
                            <th scope="row" class="ll-left">{r.field.clone()}</th>
                            <td>{cell(&r.simulated)}</td>
                            <td>{cell(&r.real)}</td>
                            <td>{match r.verdict { Verdict::Agree => "yes", Verdict::Disagree => "no", Verdict::Shown => "shown, not compared" }}</td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
        </div>
    }
}

#[cfg(feature = "course")]
/// `2026-12-06` as "6 December 2026".
fn long_date(iso: &str) -> String {
    const MONTHS: [&str; 12] = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
    let mut parts = iso.split('-').map(|p| p.parse::<usize>().ok());
    match (parts.next().flatten(), parts.next().flatten(), parts.next().flatten()) {
        (Some(y), Some(m), Some(d)) if (1..=12).contains(&m) => format!("{d} {} {y}", MONTHS[m - 1]),
        _ => iso.to_string(),
    }
}

#[cfg(feature = "course")]
/// A recorded value as a table cell.
fn cell(v: &serde_json::Value) -> String {
    let s = match v {
        serde_json::Value::Null => "—".to_string(),
        serde_json::Value::Bool(b) => if *b { "yes" } else { "no" }.to_string(),
        serde_json::Value::Number(n) => n.as_f64().map_or_else(|| n.to_string(), locklab_sim::text::num),
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    if s.chars().count() > 80 { format!("{}…", s.chars().take(79).collect::<String>()) } else { s }
}

/// Goes to preset step `k` (clamped): `base` with steps `0..=k` applied (one copy of this code for
/// every widget).
fn go_to(presets: StoredValue<Presets>, base: StoredValue<Vec<f64>>, values: RwSignal<Vec<f64>>, step: RwSignal<usize>, k: usize) {
    let n = presets.with_value(|p| p.steps.len());
    if n == 0 {
        return;
    }
    let k = k.min(n - 1);
    let fresh = presets.with_value(|p| base.with_value(|b| p.values_at(b, k)));
    values.update(|v| {
        for (i, x) in fresh.into_iter().enumerate() {
            if let Some(slot) = v.get_mut(i) {
                *slot = x;
            }
        }
    });
    step.set(k);
}

/// How a widget is shown: one of the pair a `data-compare` widget shows fires no events and
/// keeps no address (the pair reports once, together).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Alone,
    Compared,
}

impl<S: Scenario> Clone for Model<S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S: Scenario> Copy for Model<S> {}

impl<S: Scenario> Model<S> {
    pub fn new(host: &HtmlElement, raw: &[(String, String)], notices: Vec<Notice>) -> Self {
        Self::with_role(host, raw, notices, Role::Alone)
    }

    pub fn with_role(host: &HtmlElement, raw: &[(String, String)], notices: Vec<Notice>, role: Role) -> Self {
        // `autoplay` belongs to the player of a timeline widget, not to the simulation (the
        // validation checks its value, and every other attribute of `S::attrs()`).
        let autoplay = S::plays() && raw.iter().any(|(k, v)| k.trim().eq_ignore_ascii_case("autoplay") && locklab_sim::params::flag_on(v));
        let attr = |name: &str| raw.iter().rev().find(|(k, _)| k.trim().eq_ignore_ascii_case(name)).map(|(_, v)| v.trim().to_string());
        let slide = attr("layout").is_some_and(|v| v.eq_ignore_ascii_case("slide"));
        // The course's attributes (challenges, xAPI, print) are not the simulation's.
        #[cfg(feature = "course")]
        let (course, raw, mut course_notices) = locklab_course::registry::take_course_attrs(raw);
        // A plain bundle (issue #43) has no course layer: an element that asks for it is told so,
        // and the attributes are left out (the loader fetches the course bundle for such an
        // element; this is what a page gets when one arrives on a bundle that has not).
        #[cfg(not(feature = "course"))]
        let (course, raw, mut course_notices) = {
            let (asked, rest): (Vec<(String, String)>, Vec<(String, String)>) =
                raw.iter().cloned().partition(|(k, v)| locklab_course::registry::needs_course(k, v, S::extra_names()));
            // A course attribute left blank is as if it were not there (not an unknown parameter).
            let blank_course = |k: &str, v: &str| v.trim().is_empty() && locklab_course::registry::COURSE_ATTRS.iter().any(|a| a.name.eq_ignore_ascii_case(k.trim()));
            let rest: Vec<(String, String)> = rest.into_iter().filter(|(k, v)| !blank_course(k, v)).collect();
            let mut notices = Vec::new();
            if !asked.is_empty() {
                let names: Vec<String> = asked.iter().map(|(k, _)| k.trim().to_ascii_lowercase()).collect();
                notices.push(Notice::new(
                    "",
                    format!(
                        "{} needs locklab\u{2019}s course features (preset steps, comparisons, challenges, handouts), which the bundle this page loaded leaves out, so the widget shows without them. A page loads them for an element that has the attribute when the page loads; give it there, or load the full locklab.js bundle.",
                        names.join(", ")
                    ),
                ));
            }
            (locklab_course::registry::CourseAttrs::default(), rest, notices)
        };
        let raw = raw.as_slice();
        let (mut values, mut found) = S::validate(raw);
        found.append(&mut course_notices);
        // Preset steps: the widget opens at the first (or the `step` the address kept), applied
        // on top of the element's attributes, with the address's own parameters over them (they
        // hold the exact state a learner left).
        let presets = attr("steps")
            .filter(|t| cfg!(feature = "course") && locklab_sim::presets::is_presets(t))
            .map(|t| locklab_sim::presets::parse(S::specs(), S::aliases(), &t, attr("step-captions").as_deref()).0)
            .unwrap_or_default();
        let mut base = values.clone();
        let mut step0 = 0;
        if !presets.is_empty() {
            let n = S::specs().len();
            let attrs_only = crate::params_from_attributes(host);
            base = S::validate(&attrs_only).0;
            base.truncate(n);
            step0 = attr("step").and_then(|s| s.parse::<usize>().ok()).filter(|&k| k >= 1 && k <= presets.steps.len()).map_or(0, |k| k - 1);
            let mut v = presets.values_at(&base, step0);
            let from_url = crate::url::Mode::of(host).map(|m| crate::url::read(S::NAME, m).0).unwrap_or_default();
            let url_values = S::validate(&from_url).0;
            for (name, _) in &from_url {
                if let Some(i) = S::specs().iter().position(|s| s.name.eq_ignore_ascii_case(name.trim()))
                    && let (Some(slot), Some(&x)) = (v.get_mut(i), url_values.get(i))
                {
                    *slot = x;
                }
            }
            v.extend(values.drain(n.min(values.len())..));
            values = v;
        }
        let mut all = notices;
        all.append(&mut found);
        let all = locklab_sim::params::cap_notices(all);
        let values = RwSignal::new(values);
        let params = Memo::new(move |_| values.with(|v| S::params(v)));
        let guard_host = crate::SendHost::new(host.clone());
        let cache = std::sync::Mutex::new(S::Cache::default());
        let outcome = Memo::new(move |_| {
            let p = params.get();
            let mut cache = cache.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            crate::guarded(&guard_host, || S::run(&p, &mut cache))
        });
        let set_a_secondary = raw.iter().any(|(name, _)| {
            let name = name.trim();
            S::specs().iter().any(|s| s.name.eq_ignore_ascii_case(name) && !s.is_seed() && !S::primary().contains(&s.name))
        });
        let more_open = set_a_secondary || host.get_bounding_client_rect().width() >= WIDE_PX;
        let teacher = locklab_sim::controls::read(S::specs(), raw).0;
        let step = RwSignal::new(step0);
        let has_steps = !presets.is_empty();
        let asking = RwSignal::new(role == Role::Alone && course.predict.is_some());
        let predicting = RwSignal::new(role == Role::Alone && course.predict.is_some());
        let model = Self {
            values,
            params,
            outcome,
            notices: RwSignal::new(all),
            more_open,
            autoplay,
            presets: StoredValue::new(presets),
            step,
            base: StoredValue::new(base),
            slide,
            course: StoredValue::new(if role == Role::Alone { course } else { Default::default() }),
            host: StoredValue::new(crate::SendHost::new(host.clone())),
            teacher: StoredValue::new(teacher),
            asking,
            words: StoredValue::new(crate::i18n::words()),
            set_by_prediction: RwSignal::new(0),
            predicting,
        };
        if role == Role::Compared {
            return model;
        }
        if let Some(mode) = crate::url::Mode::of(host) {
            // Keep the address in step with the parameters (only those that differ from defaults)
            // and, with preset steps, the step.
            let first = Cell::new(true);
            Effect::new(move |_| {
                let v = values.get();
                let k = step.get();
                if first.replace(false) {
                    return;
                }
                // Not a state the predictions set: a reload mid-set would take a question's
                // setting for the page's own values (and return to it when they end).
                if predicting.get_untracked() {
                    return;
                }
                let specs = S::specs();
                let mut pairs = state_pairs::<S>(&v);
                let mut names: Vec<&'static str> = specs.iter().map(|s| s.name).chain(S::extra_names().iter().copied()).collect();
                if has_steps {
                    names.push("step");
                    pairs.push(("step".to_string(), (k + 1).to_string()));
                }
                crate::url::write_later(S::NAME.to_string(), mode, names, pairs);
            });
        }
        // `locklab:change` once for every change of parameters (even one that leaves the outcome
        // as it was, such as contention for a store that loses nothing), and none for an input
        // that changes nothing: at once, as soon as the simulation has answered, before the
        // widget redraws its own text and charts (those follow in the same task). The first one
        // goes out after the first render. Only the parameters are tracked: the outcome is theirs
        // alone, and tracking it as well ran this twice per change.
        let live = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        {
            let (host, live) = (crate::SendHost::new(host.clone()), live.clone());
            ImmediateEffect::new_mut_scoped(move || {
                params.with(|p| {
                    if live.load(Ordering::Relaxed) && !asking.get_untracked() {
                        outcome.with_untracked(|o| dispatch_change(&host, S::NAME, p, &S::summary(o)));
                    }
                })
            });
        }
        listen_for_set(host, S::specs(), S::aliases(), S::validate, values, model.notices, asking);
        if has_steps {
            let (presets_v, base_v, notices_v) = (model.presets, model.base, model.notices);
            // `locklab:step` with `{ step }` (from 1): a slide deck's fragments drive the steps.
            let on_step = Closure::<dyn FnMut(web_sys::CustomEvent)>::new(move |ev: web_sys::CustomEvent| {
                let k = js_sys::Reflect::get(&ev.detail(), &"step".into()).ok().and_then(|v| v.as_f64()).filter(|k| k.is_finite() && *k >= 1.0 && k.fract() == 0.0);
                if let Some(k) = k {
                    if asking.get_untracked() {
                        say_not_while_asking(notices_v);
                        return;
                    }
                    go_to(presets_v, base_v, values, step, k as usize - 1);
                }
            });
            if host.add_event_listener_with_callback("locklab:step", on_step.as_ref().unchecked_ref()).is_ok() {
                let held = send_wrapper((host.clone(), on_step));
                on_cleanup(move || {
                    if let Some((target, on_step)) = held.take_once() {
                        let _ = target.remove_event_listener_with_callback("locklab:step", on_step.as_ref().unchecked_ref());
                    }
                });
            }
        }
        let host = host.clone();
        Effect::new(move |_| {
            if !asking.get_untracked() {
                params.with_untracked(|p| outcome.with_untracked(|o| dispatch_change(&host, S::NAME, p, &S::summary(o))));
            }
            live.store(true, Ordering::Relaxed);
        });
        model
    }

    /// Goes to preset step `k` (clamped): the element's parameters with steps `0..=k` applied.
    pub fn go_to_step(&self, k: usize) {
        go_to(self.presets, self.base, self.values, self.step, k);
    }

    pub fn narrative(&self) -> Signal<String> {
        let (params, outcome, words) = (self.params, self.outcome, self.words);
        Signal::derive(move || {
            outcome.with(|o| {
                params.with(|p| {
                    words.with_value(|w| {
                        let said = S::narrative_in(p, o, &w.tr());
                        w.warn();
                        said
                    })
                })
            })
        })
    }

    /// The message `key` with `args`, in the widget's language.
    pub fn t(&self, key: &str, args: &[(&str, locklab_sim::messages::Arg)]) -> String {
        self.words.with_value(|w| w.t(key, args))
    }

    /// A message kept for later ([`locklab_sim::messages::Said`]), in the widget's language.
    pub fn said(&self, said: &locklab_sim::messages::Said) -> String {
        self.words.with_value(|w| w.said(said))
    }

    /// `v` in the widget's language's numbers, formatted `how`.
    pub fn format(&self, v: f64, how: locklab_sim::messages::Format) -> String {
        format_in(self.words, v, how)
    }

    /// A value computed from the outcome, for a readout (`model.show(|o| …)`).
    pub fn show<T: Send + Sync + 'static>(&self, f: fn(&S::Outcome) -> T) -> Signal<T> {
        let outcome = self.outcome;
        Signal::derive(move || outcome.with(f))
    }

    /// A figure computed from the outcome, for a readout, in the widget's language's numbers
    /// (`model.figure(|o| o.summary.lost as f64, Format::Int)`).
    pub fn figure(self, f: fn(&S::Outcome) -> f64, how: locklab_sim::messages::Format) -> Signal<String> {
        let (outcome, words) = (self.outcome, self.words);
        Signal::derive(move || outcome.with(|o| format_in(words, f(o), how)))
    }
}

/// `v` in `words`'s numbers, formatted `how` ([`Model::format`], and [`Model::figure`], which
/// must not hold the model's type in a signal).
fn format_in(words: StoredValue<crate::i18n::Words>, v: f64, how: locklab_sim::messages::Format) -> String {
    words.with_value(|w| w.tr().numbers().format(v, how))
}

/// What a widget says to `locklab:set` or `locklab:step` while a prediction's question is open.
pub const SET_WHILE_ASKING: &str = "A change from the page (locklab:set, locklab:step or an attribute) was not applied: a prediction's question is open, and its setting stays as the question states it until the learner answers.";

/// Says [`SET_WHILE_ASKING`] beside the notices already shown (once however often it is tried).
fn say_not_while_asking(notices: RwSignal<Vec<Notice>>) {
    notices.try_update(|n| {
        if !n.iter().any(|x| x.message == SET_WHILE_ASKING) {
            n.push(Notice::new("predict", SET_WHILE_ASKING));
            *n = locklab_sim::params::cap_notices(std::mem::take(n));
        }
    });
}

/// `locklab:set` on a widget's element sets some of its parameters from the page:
/// `el.dispatchEvent(new CustomEvent("locklab:set", { detail: { params: { "ttl-s": 60 } } }))`.
/// The values are validated like attributes (notices for bad ones); parameters not named keep
/// their values, and a parameter given as `null` goes back to what the element's attributes say
/// (its default once a `<locklab-widget>`'s attribute is removed). A quiz's "try it" link uses it to set up a widget on the same
/// page. (One copy of this code for every widget: it takes the scenario's specs and validation,
/// not its type.)
fn listen_for_set(
    host: &HtmlElement,
    specs: &'static [Spec],
    aliases: &'static [locklab_sim::params::Alias],
    validate: locklab_sim::registry::Validate,
    values: RwSignal<Vec<f64>>,
    notices: RwSignal<Vec<Notice>>,
    asking: RwSignal<bool>,
) {
    let attrs_of = host.clone();
    let on_set = Closure::<dyn FnMut(web_sys::CustomEvent)>::new(move |ev: web_sys::CustomEvent| {
        let Ok(given) = js_sys::Reflect::get(&ev.detail(), &"params".into()) else { return };
        let Ok(given) = given.dyn_into::<js_sys::Object>() else { return };
        let mut reset = Vec::new();
        let pairs: Vec<(String, String)> = js_sys::Object::entries(&given)
            .iter()
            .take(64)
            .filter_map(|e| {
                let e: js_sys::Array = e.dyn_into().ok()?;
                let (name, value) = (e.get(0).as_string()?, e.get(1));
                if value.is_null() {
                    reset.push(name);
                    return None;
                }
                let text = value.as_string().or_else(|| value.as_f64().map(|n| n.to_string())).or_else(|| value.as_bool().map(|b| b.to_string()))?;
                Some((name, text))
            })
            .collect();
        if pairs.is_empty() && reset.is_empty() {
            return;
        }
        // Applied once the code running now has returned: a page that sets a widget from inside a
        // locklab:change listener (syncing two widgets, or a notebook's views of one) calls this
        // while a widget is still reporting, and moving it there trapped the wasm for every
        // widget on the page. Pairs already read, so the detail may change meanwhile.
        let attrs_of = attrs_of.clone();
        leptos::task::spawn_local(async move {
        // While a prediction's question is open its setting is the question's: a change from the
        // page would make the learner answer one state and see another. Said, not applied.
        if asking.try_get_untracked() == Some(true) {
            say_not_while_asking(notices);
            return;
        }
        // A name or an older alias of it: the parameter it sets.
        let index = |name: &str| {
            let name = name.trim();
            specs.iter().position(|s| s.name.eq_ignore_ascii_case(name)).or_else(|| {
                let alias = aliases.iter().find(|a| a.name.eq_ignore_ascii_case(name))?;
                specs.iter().position(|s| s.name == alias.target)
            })
        };
        let (fresh, found) = validate(&pairs);
        // A widget removed meanwhile has no signals left: nothing to move.
        values.try_update(|v| {
            for (name, _) in &pairs {
                if let Some(i) = index(name)
                    && let (Some(slot), Some(&x)) = (v.get_mut(i), fresh.get(i))
                {
                    *slot = x;
                }
            }
            // Back to what the element's attributes now say: the default, or an explicit name
            // that an alias removed had stood in for (`fencing` gone, `protection` kept).
            if !reset.is_empty() {
                let (from_attrs, _) = validate(&crate::params_from_attributes(&attrs_of));
                for name in &reset {
                    if let Some(i) = index(name)
                        && let (Some(slot), Some(&x)) = (v.get_mut(i), from_attrs.get(i))
                    {
                        *slot = x;
                    }
                }
            }
        });
        notices.try_set(locklab_sim::params::cap_notices(found));
        });
    });
    let target = host.clone();
    if target.add_event_listener_with_callback("locklab:set", on_set.as_ref().unchecked_ref()).is_ok() {
        let on_set = send_wrapper((target, on_set));
        on_cleanup(move || {
            if let Some((target, on_set)) = on_set.take_once() {
                let _ = target.remove_event_listener_with_callback("locklab:set", on_set.as_ref().unchecked_ref());
            }
        });
    }
}

#[derive(Serialize)]
struct ChangeDetail<'a, P: Serialize, R: Serialize> {
    widget: &'a str,
    params: &'a P,
    result: &'a R,
}

/// Fires `locklab:change` (bubbling, composed) on `host` with `{ widget, params, result }`.
pub fn dispatch_change<P: Serialize, R: Serialize>(host: &HtmlElement, widget: &str, params: &P, result: &R) {
    let detail = ChangeDetail { widget, params, result };
    dispatch(host, "locklab:change", &detail);
}

/// Fires a bubbling, composed `CustomEvent` named `name` with `detail` serialized to plain
/// JavaScript objects.
pub fn dispatch<T: Serialize>(host: &HtmlElement, name: &str, detail: &T) {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    let detail = match detail.serialize(&serializer) {
        Ok(d) => d,
        Err(e) => {
            web_sys::console::error_1(&format!("locklab: could not serialize {name}: {e}").into());
            return;
        }
    };
    let init = web_sys::CustomEventInit::new();
    init.set_bubbles(true);
    init.set_composed(true);
    init.set_detail(&detail);
    if let Ok(ev) = web_sys::CustomEvent::new_with_event_init_dict(name, &init) {
        let _ = host.dispatch_event(&ev);
    }
}

/// Parameter `index` alone, as a memo: moving one control updates that control's text and
/// position, not every control's (each would otherwise redo its DOM on any parameter's change).
/// One type for every control keeps the generic code to one copy.
fn slot(values: RwSignal<Vec<f64>>, index: usize, missing: f64) -> Memo<f64> {
    Memo::new(move |_| values.with(|v| v.get(index).copied().unwrap_or(missing)))
}

/// Sets parameter `index` and tells `on_change` that the learner changed something.
fn set_value(values: RwSignal<Vec<f64>>, index: usize, value: f64, on_change: Option<Callback<()>>) {
    values.update(|v| {
        if let Some(slot) = v.get_mut(index) {
            *slot = value;
        }
    });
    if let Some(cb) = on_change {
        cb.run(());
    }
}

/// A labelled range input for parameter `index` of `values`, with its value and unit shown and
/// announced (`aria-valuetext`). Logarithmic parameters move along a log scale.
#[component]
pub fn Slider(
    spec: &'static Spec,
    index: usize,
    values: RwSignal<Vec<f64>>,
    #[prop(optional)] on_change: Option<Callback<()>>,
    /// A teacher fixed it (`data-fixed`): shown, not changeable.
    #[prop(optional)]
    fixed: bool,
) -> impl IntoView {
    let id = unique_id(spec.name);
    let words = crate::i18n::words();
    let (label, mark) = (words.label(spec), fixed.then(|| words.t("control-fixed", &[])));
    let shown = move |v: f64| words.value(spec, v);
    let current = slot(values, index, spec.default_value());
    let value = move || current.get();
    let (min, max, step) = spec.slider_range();
    let on_input = move |ev: web_sys::Event| {
        // The browser's own number for the slider's value (no float parser in the wasm).
        let pos = event_target::<web_sys::HtmlInputElement>(&ev).value_as_number();
        if pos.is_finite() {
            set_value(values, index, spec.from_slider_moving(current.get_untracked(), pos), on_change);
        }
    };
    view! {
        <div class="ll-field">
            <label class="ll-field-label" for=id.clone()>{label}{mark}</label>
            <output class="ll-field-value" for=id.clone() aria-hidden="true">{
                let shown = shown.clone();
                move || shown(value())
            }</output>
            <input
                class="ll-range"
                type="range"
                id=id
                name=spec.name
                disabled=fixed
                min=min.to_string()
                max=max.to_string()
                step=step.to_string()
                prop:value=move || spec.to_slider(value()).to_string()
                aria-valuetext=move || shown(value())
                on:input=on_input
            />
        </div>
    }
}

/// A labelled switch (a native checkbox) for a boolean parameter.
#[component]
pub fn Toggle(
    spec: &'static Spec,
    index: usize,
    values: RwSignal<Vec<f64>>,
    #[prop(optional)] on_change: Option<Callback<()>>,
    #[prop(optional)] fixed: bool,
) -> impl IntoView {
    let id = unique_id(spec.name);
    let words = crate::i18n::words();
    let (label, mark) = (words.label(spec), fixed.then(|| words.t("control-fixed", &[])));
    let on = slot(values, index, 0.0);
    let on = move || on.get() >= 0.5;
    let on_input = move |ev: web_sys::Event| {
        let value = if event_target_checked(&ev) { 1.0 } else { 0.0 };
        set_value(values, index, value, on_change);
    };
    view! {
        <div class="ll-field ll-field-toggle">
            <input class="ll-switch" type="checkbox" role="switch" id=id.clone() name=spec.name prop:checked=on on:change=on_input disabled=fixed />
            <label class="ll-field-label" for=id>{label}{mark}</label>
        </div>
    }
}

/// A labelled group of radio buttons for a choice parameter.
#[component]
pub fn ChoiceGroup(
    spec: &'static Spec,
    index: usize,
    values: RwSignal<Vec<f64>>,
    #[prop(optional)] on_change: Option<Callback<()>>,
    #[prop(optional)] fixed: bool,
) -> impl IntoView {
    let name = unique_id(spec.name);
    let words = crate::i18n::words();
    let (label, mark) = (words.label(spec), fixed.then(|| words.t("control-fixed", &[])));
    let option_label = |i: usize| words.value(spec, i as f64);
    let chosen = slot(values, index, f64::NAN);
    let chosen = move || Some(chosen.get().round()).filter(|x| x.is_finite()).map(|x| x as usize);
    if spec.options().len() > MAX_RADIOS {
        // Many options: one compact list instead of a tall column of radios.
        let id = name.clone();
        let options = spec
            .options()
            .iter()
            .enumerate()
            .map(|(i, _)| {
                let selected = move || chosen() == Some(i);
                view! { <option value=i.to_string() prop:selected=selected>{option_label(i)}</option> }
            })
            .collect_view();
        return view! {
            <div class="ll-field ll-field-select">
                <label class="ll-field-label" for=id.clone()>{label}{mark}</label>
                <select
                    id=id
                    name=spec.name
                    disabled=fixed
                    class="ll-select"
                    on:change=move |ev| {
                        if let Ok(i) = event_target_value(&ev).parse::<usize>() {
                            set_value(values, index, i as f64, on_change);
                        }
                    }
                >
                    {options}
                </select>
            </div>
        }
        .into_any();
    }
    let options = spec
        .options()
        .iter()
        .enumerate()
        .map(|(i, option)| {
            let checked = move || chosen() == Some(i);
            view! {
                <label class="ll-radio">
                    <input
                        type="radio"
                        name=name.clone()
                        value=option.value
                        prop:checked=checked
                        on:change=move |_| set_value(values, index, i as f64, on_change)
                    />
                    <span>{option_label(i)}</span>
                </label>
            }
        })
        .collect_view();
    view! {
        <fieldset class="ll-field ll-choice" disabled=fixed>
            <legend class="ll-field-label">{label}{mark}</legend>
            {options}
        </fieldset>
    }
    .into_any()
}

/// Every parameter of a scenario as a slider or toggle (seeds excepted), then "New seed" (where
/// randomness is involved) and "Reset".
#[component]
pub fn Controls<S: Scenario + 'static>(model: Model<S>) -> impl IntoView {
    controls(S::specs(), S::primary(), model.values, model.notices, model.more_open, model.teacher.get_value())
}

/// [`Controls`] without the scenario's type: one copy of this code for every widget.
fn controls(
    specs: &'static [Spec],
    primary: &'static [&'static str],
    values: RwSignal<Vec<f64>>,
    notices: RwSignal<Vec<Notice>>,
    more_open: bool,
    teacher: locklab_sim::controls::Teacher,
) -> AnyView {
    // Once the learner moves anything, the author's notices have been answered.
    let touched = Callback::new(move |()| {
        if notices.with_untracked(|n| n.iter().any(|x| !x.param.is_empty())) {
            notices.update(|n| n.retain(|x| x.param.is_empty()));
        }
    });
    let words = crate::i18n::words();
    let fixed_list = teacher.fixed.clone();
    let field = move |i: usize, spec: &'static Spec| {
        let fixed = fixed_list.contains(&i);
        if spec.is_bool() {
            view! { <Toggle spec=spec index=i values=values on_change=touched fixed=fixed /> }.into_any()
        } else if !spec.options().is_empty() {
            view! { <ChoiceGroup spec=spec index=i values=values on_change=touched fixed=fixed /> }.into_any()
        } else {
            view! { <Slider spec=spec index=i values=values on_change=touched fixed=fixed /> }.into_any()
        }
    };
    // A teacher's `controls` shows those, in its order, and nothing under "More settings".
    let (fields, more) = match &teacher.shown {
        Some(list) => (list.iter().filter(|&&i| specs.get(i).is_some_and(|s| !s.is_seed())).map(|&i| field(i, &specs[i])).collect::<Vec<_>>(), Vec::new()),
        None => {
            let shown = |in_primary: bool| {
                specs
                    .iter()
                    .enumerate()
                    .filter(move |(_, s)| !s.is_seed() && primary.contains(&s.name) == in_primary)
                    .map(|(i, spec)| field(i, spec))
                    .collect::<Vec<_>>()
            };
            (shown(true), shown(false))
        }
    };
    let more = (!more.is_empty()).then(|| {
        view! {
            <details class="ll-more" open=more_open>
                <summary>{words.t("controls-more-settings", &[])}</summary>
                <div class="ll-more-fields">{more}</div>
            </details>
        }
    });
    let seed = specs.iter().position(Spec::is_seed).filter(|i| teacher.shown.as_ref().is_none_or(|s| s.contains(i))).map(|i| {
        let seed = slot(values, i, 0.0);
        let fixed = teacher.fixed.contains(&i);
        let new_seed = move |_| {
            let fresh = (js_sys::Math::random() * locklab_sim::params::MAX_SEED as f64).floor();
            set_value(values, i, fresh, Some(touched));
        };
        view! {
            <button type="button" class="ll-button" on:click=new_seed disabled=fixed>
                {words.t("controls-new-seed", &[])}
            </button>
            // (The seed as digits, ungrouped in every language: an author copies it into `data-seed`.)
            <span class="ll-seed">{words.t("controls-seed", &[])}" " {move || seed.get() as u64} {fixed.then(|| words.t("control-fixed", &[]))}</span>
        }
    });
    // Reset brings what the learner may change back to its default; what the teacher hid or
    // fixed stays as the teacher set it.
    let reset = move |_| {
        let mut next = locklab_sim::params::defaults(specs);
        values.with_untracked(|v| {
            for (i, slot) in next.iter_mut().enumerate() {
                if !teacher.changeable(i)
                    && let Some(&kept) = v.get(i)
                {
                    *slot = kept;
                }
            }
        });
        values.set(next);
        touched.run(());
    };
    view! {
        <div class="ll-controls">
            {fields}
            {more}
            <div class="ll-buttons">
                {seed}
                <button type="button" class="ll-button" on:click=reset>{words.t("controls-reset", &[])}</button>
            </div>
        </div>
    }
    .into_any()
}

/// The first sentence of a narrative (up to a full stop, a question or an exclamation mark
/// followed by a space and a capital letter, or the end).
pub fn first_sentence(text: &str) -> &str {
    let b = text.as_bytes();
    for i in 0..b.len().saturating_sub(2) {
        if matches!(b[i], b'.' | b'?' | b'!') && b[i + 1] == b' ' && text[i + 2..].chars().next().is_some_and(char::is_uppercase) {
            return &text[..=i];
        }
    }
    text
}

/// The narrative: shown at once, and announced to screen readers through a polite live region
/// that waits until the learner stops dragging. `short` (the slide layout) shows its first
/// sentence, the rest on demand.
#[component]
pub fn Narrative(#[prop(into)] text: Signal<String>, #[prop(optional)] short: bool) -> impl IntoView {
    const QUIET_MS: i32 = 600;
    let announced = RwSignal::new(String::new());
    let pending: Rc<Cell<Option<i32>>> = Rc::new(Cell::new(None));
    let first = Rc::new(Cell::new(true));
    Effect::new(move |_| {
        let t = text.get();
        if first.replace(false) {
            announced.set(t);
            return;
        }
        let Some(win) = web_sys::window() else { return };
        if let Some(h) = pending.take() {
            win.clear_timeout_with_handle(h);
        }
        let cb = Closure::once_into_js(move || {
            announced.try_set(t);
        });
        if let Ok(h) = win.set_timeout_with_callback_and_timeout_and_arguments_0(cb.unchecked_ref(), QUIET_MS) {
            pending.set(Some(h));
        }
    });
    if short {
        let words = crate::i18n::words();
        let open = RwSignal::new(false);
        return view! {
            <p class="ll-narrative" aria-hidden="true">
                {move || text.with(|t| if open.get() { t.clone() } else { first_sentence(t).to_string() })}
                " "
                <button type="button" class="ll-link-button ll-more-text" aria-expanded=move || open.get().to_string() on:click=move |_| open.update(|o| *o = !*o)>
                    {
                        let (less, more) = (words.t("narrative-less", &[]), words.t("narrative-more", &[]));
                        move || if open.get() { less.clone() } else { more.clone() }
                    }
                </button>
            </p>
            <p class="ll-sr-only" aria-live="polite" aria-atomic="true">{move || announced.get()}</p>
        }
        .into_any();
    }
    view! {
        <p class="ll-narrative" aria-hidden="true">{move || text.get()}</p>
        <p class="ll-sr-only" aria-live="polite" aria-atomic="true">{move || announced.get()}</p>
    }
    .into_any()
}

#[cfg(feature = "course")]
/// Previous step / Next step and where the widget is ("2 of 4: caption"), for preset steps.
#[component]
fn StepBar(count: usize, step: RwSignal<usize>, caption: Signal<Option<String>>, go: Callback<usize>) -> impl IntoView {
    view! {
        <div class="ll-steps" role="group" aria-label="Preset steps">
            <button type="button" class="ll-button" disabled=move || step.get() == 0 on:click=move |_| go.run(step.get_untracked().saturating_sub(1))>
                <span aria-hidden="true">"← "</span>"Previous step"
            </button>
            <p class="ll-step-now" aria-live="polite">
                {move || format!("Step {} of {count}", step.get() + 1)}
                {move || caption.get().map(|c| format!(": {c}"))}
            </p>
            <button type="button" class="ll-button" disabled=move || { step.get() + 1 >= count } on:click=move |_| go.run(step.get_untracked() + 1)>
                "Next step"<span aria-hidden="true">" →"</span>
            </button>
        </div>
    }
}

#[cfg(feature = "course")]
/// The address of a widget's exact state (its non-default parameters in `embed.html`, or the
/// page's own address where the page keeps the state), printed under the widget on paper.
fn state_address<S: Scenario + 'static>(model: Model<S>) -> Signal<String> {
    let keeps_address = use_context::<KeepsAddress>().is_some_and(|k| k.0);
    Signal::derive(move || {
        let v = model.values.get();
        if keeps_address {
            return web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
        }
        let specs = S::specs();
        let mut query = vec![("widget".to_string(), S::NAME.to_string())];
        query.extend(locklab_sim::params::to_pairs(specs, &v).into_iter().zip(specs).filter(|((_, val), s)| s.is_seed() || *val != s.to_attr(s.default_value())).map(|(p, _)| p));
        query.extend(S::extra_pairs(&v));
        let q = query.iter().map(|(k, v)| format!("{k}={}", js_sys::encode_uri_component(v))).collect::<Vec<_>>().join("&");
        let base = js_sys::Reflect::get(&js_sys::global(), &"__locklabBase".into()).ok().and_then(|b| b.as_string()).unwrap_or_default();
        format!("{base}embed.html?{q}")
    })
}

#[cfg(feature = "course")]
/// A `data-compare` widget: the same seed at the two settings, side by side (each the widget's own
/// view, without its controls), and a table of the result fields that differ. One
/// `locklab:change` reports both: `{ widget, params, result, compare: [{ params, result }, …] }`,
/// `params` and `result` being the first setting's.
pub fn compare<S: Scenario + 'static, V: IntoView + 'static>(
    host: &HtmlElement,
    raw: &[(String, String)],
    notices: Vec<Notice>,
    pair: [locklab_sim::presets::Step; 2],
    widget: fn(Model<S>) -> V,
) -> impl IntoView {
    // Each side's heading: the author's caption (`data-compare-captions="Short lease | Long
    // lease"`), else the setting in words ("Lock TTL 1 s").
    let captions: Vec<String> = raw
        .iter()
        .rev()
        .find(|(k, _)| k.trim().eq_ignore_ascii_case("compare-captions"))
        .map(|(_, v)| {
            v.split('|')
                .map(|t| {
                    t.trim()
                        .chars()
                        .take(locklab_sim::presets::MAX_CAPTION)
                        .collect()
                })
                .collect()
        })
        .unwrap_or_default();
    // The sides take the element's parameters, neither its steps nor the comparison itself.
    let raw: Vec<(String, String)> = raw
        .iter()
        .filter(|(k, _)| {
            !matches!(
                k.trim().to_ascii_lowercase().as_str(),
                "compare" | "compare-captions" | "steps" | "step" | "step-captions"
            )
        })
        .cloned()
        .collect();
    let side = |set: &locklab_sim::presets::Step, notices: Vec<Notice>| {
        let m = Model::<S>::with_role(host, &raw, notices, Role::Compared);
        m.values.update(|v| {
            for &(i, x) in set {
                if let Some(slot) = v.get_mut(i) {
                    *slot = x;
                }
            }
        });
        m
    };
    let (a, b) = (side(&pair[0], notices), side(&pair[1], Vec::new()));
    let labels: Vec<String> = (0..2)
        .map(|i| {
            captions
                .get(i)
                .filter(|c: &&String| !c.is_empty())
                .cloned()
                .unwrap_or_else(|| locklab_sim::presets::in_words(S::specs(), &pair[i]))
        })
        .collect();
    let (sink_a, sink_b) = (
        ReadoutSink(StoredValue::new(Vec::new())),
        ReadoutSink(StoredValue::new(Vec::new())),
    );
    let rows = Signal::derive(move || {
        let (ra, rb) = (sink_a.0.get_value(), sink_b.0.get_value());
        // A readout that is no longer on screen (its signal disposed) is left out, and a label
        // registered twice is read at its latest.
        let latest = |v: &[(String, Signal<String>)], label: &str| v.iter().rev().filter(|(l, _)| l == label).find_map(|(_, s)| s.try_get());
        let mut seen: Vec<&str> = Vec::new();
        ra.iter()
            .filter_map(|(label, _)| {
                let label = label.as_str();
                if seen.contains(&label) {
                    return None;
                }
                seen.push(label);
                let (x, y) = (latest(&ra, label)?, latest(&rb, label)?);
                (x != y).then(|| (label.to_string(), x, y))
            })
            .collect::<Vec<_>>()
    });
    // One event for the pair, after the first render.
    {
        let host = crate::SendHost::new(host.clone());
        Effect::new(move |_| {
            #[derive(Serialize)]
            struct Side<P: Serialize, R: Serialize> {
                params: P,
                result: R,
            }
            #[derive(Serialize)]
            struct Pair<'a, P: Serialize, R: Serialize> {
                widget: &'a str,
                params: &'a P,
                result: &'a R,
                compare: [Side<P, R>; 2],
            }
            let (pa, ra) = (a.params.get_untracked(), a.outcome.with_untracked(S::summary));
            let (pb, rb) = (b.params.get_untracked(), b.outcome.with_untracked(S::summary));
            let first = Side { params: pa.clone(), result: S::summary(&a.outcome.get_untracked()) };
            dispatch(&host, "locklab:change", &Pair { widget: S::NAME, params: &pa, result: &ra, compare: [first, Side { params: pb, result: rb }] });
        });
    }
    let label = |i: usize| labels.get(i).cloned().unwrap_or_default();
    let (la, lb) = (label(0), label(1));
    let (ha, hb) = (la.clone(), lb.clone());
    view! {
        {captions_source()}
        <div class="ll-compare-pair">
            <div class="ll-compare-side">
                <p class="ll-compare-label">{la}</p>
                <ReadoutScope sink=sink_a>{widget(a)}</ReadoutScope>
            </div>
            <div class="ll-compare-side">
                <p class="ll-compare-label">{lb}</p>
                <ReadoutScope sink=sink_b>{widget(b)}</ReadoutScope>
            </div>
        </div>
        <div class="ll-table-wrap ll-compare-diff">
            <table class="ll-compare">
                <caption>{move || if rows.with(Vec::is_empty) { "The two settings show the same readouts (same seed)" } else { "The readouts that differ between the two settings (same seed)" }}</caption>
                <thead>
                    <tr>
                        <th scope="col" class="ll-left">"Result"</th>
                        <th scope="col">{ha}</th>
                        <th scope="col">{hb}</th>
                    </tr>
                </thead>
                <tbody>
                    {move || rows.get().into_iter().map(|(name, x, y)| view! {
                        <tr><th scope="row" class="ll-left">{name}</th><td>{x}</td><td>{y}</td></tr>
                    }).collect_view()}
                </tbody>
            </table>
        </div>
    }
}

/// Whether the widget's page keeps its state in the address (`data-locklab-url`).
#[derive(Clone, Copy)]
pub struct KeepsAddress(pub bool);

/// The page's address (which anyone can write), not the author, chose this widget's course
/// content (a deck, a challenge set): content that is not locklab's own says where it is from.
#[derive(Clone, Copy)]
pub struct ContentFromAddress(pub bool);

/// The page's address set the step or comparison captions the widget shows: a line says they are
/// not locklab's own (anyone can write an address, and a caption reads like the widget speaking).
#[derive(Clone, Copy)]
pub struct CaptionsFromAddress(pub bool);

#[cfg(feature = "course")]
/// The line under captions that came from the page's address, if they did.
fn captions_source() -> Option<impl IntoView> {
    use_context::<CaptionsFromAddress>()
        .is_some_and(|c| c.0)
        .then(|| view! { <p class="ll-source">"The captions here come from this page\u{2019}s address, not from locklab."</p> })
}

/// Notices about the author's input, or anything else the widget must say; hidden when empty.
#[component]
pub fn NoticeBox(#[prop(into)] notices: Signal<Vec<Notice>>) -> impl IntoView {
    // In the widget's language where the notice is a message; its English `message` otherwise.
    let words = StoredValue::new(crate::i18n::words());
    let say = move |n: Notice| match &n.said {
        Some(said) => words.with_value(|w| w.said(said)),
        None => n.message,
    };
    view! {
        <Show when=move || notices.with(|n| !n.is_empty())>
            <div class="ll-notice" role="status">
                <ul>
                    {move || notices.get().into_iter().map(|n| view! { <li>{say(n)}</li> }).collect_view()}
                </ul>
            </div>
        </Show>
    }
}

/// Undoes one subscription (an observer, a media-query listener) when a chart goes away.
pub(crate) type Teardown = Box<dyn FnOnce()>;

/// How a chart is drawn: onto a canvas backend, with the theme and the device-pixel ratio.
pub type DrawFn<T> = fn(&DrawingArea<Canvas, Shift>, &T, &Theme, f64);

/// A chart's drawing with its data already bound: what the untyped chart machinery calls.
type BoundDraw = dyn Fn(&DrawingArea<Canvas, Shift>, &Theme, f64);

/// A canvas drawn with plotters: sized to its box times `devicePixelRatio` so it stays crisp,
/// redrawn at most once per animation frame whatever triggers it (new data, a resize, a change
/// of colour scheme), and described for screen readers by `label`.
#[component]
pub fn ChartFrame<T>(
    data: Signal<T>,
    draw: DrawFn<T>,
    #[prop(into)] label: Signal<String>,
    #[prop(into)] height: Signal<f64>,
) -> impl IntoView
where
    T: Clone + Send + Sync + 'static,
{
    // Only this much depends on the data's type; the canvas, its observers and the frame gate
    // below are one copy of code for every chart (issue #14: code per type where one would do).
    let track: Rc<dyn Fn()> = Rc::new(move || data.track());
    // Drawn from a borrow of the latest data (nothing once the widget and its data are gone).
    let draw: Rc<BoundDraw> = Rc::new(move |root, theme, scale| {
        data.try_with_untracked(|d| draw(root, d, theme, scale));
    });
    chart_canvas(track, draw, label, height)
}

/// The untyped part of [`ChartFrame`]: `track` subscribes to the data, `draw` draws the latest.
fn chart_canvas(
    track: Rc<dyn Fn()>,
    draw: Rc<BoundDraw>,
    label: Signal<String>,
    height: Signal<f64>,
) -> AnyView {
    let canvas_ref = NodeRef::<leptos::html::Canvas>::new();
    let paint_now: Rc<dyn Fn()> = Rc::new(move || {
        // The widget may have been unmounted since a frame was requested.
        let Some(canvas) = canvas_ref.try_get_untracked().flatten() else { return };
        let Some(h) = height.try_get_untracked() else { return };
        let canvas: web_sys::HtmlCanvasElement = canvas;
        paint(&canvas, &*draw, h);
    });
    let gate = Rc::new(FrameGate::default());
    let redraw: Rc<dyn Fn()> = Rc::new(move || gate.run(&paint_now));
    {
        let redraw = redraw.clone();
        Effect::new(move |_| {
            track();
            height.track();
            crate::scheme::track();
            if canvas_ref.get().is_some() {
                redraw();
            }
        });
    }
    // Redraw when the box changes size or the colour scheme flips.
    let observers: Rc<RefCell<Vec<Teardown>>> = Rc::new(RefCell::new(Vec::new()));
    {
        let observers = observers.clone();
        let redraw = redraw.clone();
        Effect::new(move |_| {
            let Some(canvas) = canvas_ref.get() else { return };
            let canvas: web_sys::HtmlCanvasElement = canvas;
            let r = redraw.clone();
            let observed = canvas.clone();
            // Only a real change of size needs a new drawing (a height the chart itself just
            // drew for also reaches here).
            let on_resize = Closure::<dyn FnMut()>::new(move || {
                let (w, h) = backing_size(&observed, f64::from(observed.client_height()));
                if (w, h) != (observed.width(), observed.height()) {
                    r();
                }
            });
            if let Ok(ro) = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
                ro.observe(&canvas);
                observers.borrow_mut().push(Box::new(move || {
                    ro.disconnect();
                    drop(on_resize);
                }));
            }
            // Paper: while the page prints, every chart is drawn again at 3× for a sharp print
            // (the stylesheet keeps its proportions at the printed width), and again after.
            if let Some(win) = web_sys::window() {
                let r = redraw.clone();
                let on_print = Closure::<dyn FnMut(web_sys::Event)>::new(move |ev: web_sys::Event| {
                    let printing = match ev.type_().as_str() {
                        "beforeprint" => true,
                        "afterprint" => false,
                        _ => ev.dyn_ref::<web_sys::MediaQueryListEvent>().is_some_and(|m| m.matches()),
                    };
                    PRINTING.with(|p| p.set(printing));
                    r();
                });
                let f: &js_sys::Function = on_print.as_ref().unchecked_ref();
                let _ = win.add_event_listener_with_callback("beforeprint", f);
                let _ = win.add_event_listener_with_callback("afterprint", f);
                let print_mq = win.match_media("print").ok().flatten();
                if let Some(mq) = &print_mq {
                    let _ = mq.add_event_listener_with_callback("change", f);
                }
                observers.borrow_mut().push(Box::new(move || {
                    let f: &js_sys::Function = on_print.as_ref().unchecked_ref();
                    let _ = win.remove_event_listener_with_callback("beforeprint", f);
                    let _ = win.remove_event_listener_with_callback("afterprint", f);
                    if let Some(mq) = print_mq {
                        let _ = mq.remove_event_listener_with_callback("change", f);
                    }
                }));
            }
            if let Some(mq) = web_sys::window().and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten()) {
                let r = redraw.clone();
                let on_scheme = Closure::<dyn FnMut()>::new(move || r());
                let _ = mq.add_event_listener_with_callback("change", on_scheme.as_ref().unchecked_ref());
                observers.borrow_mut().push(Box::new(move || {
                    let _ = mq.remove_event_listener_with_callback("change", on_scheme.as_ref().unchecked_ref());
                }));
            }
        });
    }
    let observers = send_wrapper(observers);
    on_cleanup(move || {
        for stop in observers.take().borrow_mut().drain(..) {
            stop();
        }
    });
    view! {
        <canvas class="ll-canvas" node_ref=canvas_ref role="img" aria-label=move || label.get() style:height=move || format!("{}px", height.get())></canvas>
    }
    .into_any()
}

/// At most one chart draw per animation frame, with no frame of delay for a change that comes
/// alone: the first change in a frame draws at once; any more in the same frame are folded into
/// one draw at the start of the next frame.
#[derive(Default)]
struct FrameGate {
    /// A draw happened in this frame.
    busy: Cell<bool>,
    /// A change arrived while busy.
    pending: Cell<bool>,
}

impl FrameGate {
    fn run(self: &Rc<Self>, paint: &Rc<dyn Fn()>) {
        if self.busy.get() {
            self.pending.set(true);
            return;
        }
        paint();
        self.busy.set(true);
        self.release_next_frame(paint.clone());
    }

    fn release_next_frame(self: &Rc<Self>, paint: Rc<dyn Fn()>) {
        let gate = self.clone();
        let frame = Closure::once_into_js(move || {
            if gate.pending.replace(false) {
                paint();
                gate.release_next_frame(paint);
            } else {
                gate.busy.set(false);
            }
        });
        match web_sys::window() {
            Some(win) if win.request_animation_frame(frame.unchecked_ref()).is_ok() => {}
            _ => self.busy.set(false),
        }
    }
}

/// Lets a main-thread-only value ride in a closure that the reactive system wants `Send`.
/// Widgets only ever run on the browser's main thread.
pub(crate) fn send_wrapper<T>(v: T) -> SendCell<T> {
    SendCell(Cell::new(Some(v)))
}

pub(crate) struct SendCell<T>(Cell<Option<T>>);
// SAFETY: wasm32 in the browser is single-threaded; the value never leaves the main thread.
unsafe impl<T> Send for SendCell<T> {}
unsafe impl<T> Sync for SendCell<T> {}
impl<T> SendCell<T> {
    /// The value, once.
    pub(crate) fn take_once(&self) -> Option<T> {
        self.0.take()
    }
}
impl<T: Default> SendCell<T> {
    fn take(&self) -> T {
        self.0.take().unwrap_or_default()
    }
}

/// The backing-store size for a canvas `css_height` CSS pixels tall at its current width, times
/// the device-pixel ratio.
fn backing_size(canvas: &web_sys::HtmlCanvasElement, css_height: f64) -> (u32, u32) {
    let dpr = device_pixel_ratio();
    ((f64::from(canvas.client_width()) * dpr).round() as u32, (css_height * dpr).round() as u32)
}

thread_local! {
    /// The page is printing (or about to): charts draw at [`PRINT_SCALE`] at least.
    static PRINTING: Cell<bool> = const { Cell::new(false) };
}

/// Pixels per CSS pixel for a printed chart: about 290 ppi at the print's 96 CSS px an inch.
const PRINT_SCALE: f64 = 3.0;

fn device_pixel_ratio() -> f64 {
    let screen = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio()).clamp(1.0, 4.0);
    if PRINTING.with(Cell::get) { screen.max(PRINT_SCALE) } else { screen }
}

fn paint(canvas: &web_sys::HtmlCanvasElement, draw: &BoundDraw, css_height: f64) {
    let dpr = device_pixel_ratio();
    if canvas.client_width() <= 0 {
        return; // not laid out (hidden): the resize observer redraws once it is
    }
    // In the slide layout the stylesheet sizes the chart to fill its box, and that laid-out
    // height wins (the widget's serves before it is laid out). Elsewhere the widget's own height
    // is the one to draw at: it is the height the canvas is about to be given, while its laid-out
    // height may still be the old one (reading it first drew the counter race's lanes at the old
    // height, then the resize observer drew them again a frame later), and reading it forces a
    // layout on every move.
    // Below a slide's width the stylesheet keeps the stacked layout inside `.ll-slide`: whether
    // the 16:9 box is in force is read off its computed aspect-ratio (the threshold lives in the
    // stylesheet alone).
    let in_slide = canvas
        .closest(".ll-slide")
        .ok()
        .flatten()
        .is_some_and(|box_| {
            web_sys::window()
                .and_then(|w| w.get_computed_style(&box_).ok().flatten())
                .and_then(|s| s.get_property_value("aspect-ratio").ok())
                .is_some_and(|r| r.trim() != "auto" && !r.trim().is_empty())
        });
    let laid_out = if in_slide {
        f64::from(canvas.client_height())
    } else {
        0.0
    };
    let css_height = if laid_out > 0.0 && !PRINTING.with(Cell::get) {
        laid_out
    } else {
        css_height
    };
    let (w, h) = backing_size(canvas, css_height);
    if canvas.width() != w {
        canvas.set_width(w);
    }
    if canvas.height() != h {
        canvas.set_height(h);
    }
    let theme = theme_of(canvas.unchecked_ref());
    let bench = benchmarking();
    if bench {
        mark("locklab:draw-start");
    }
    if let Some(backend) = Canvas::new(canvas.clone()) {
        let root = backend.into_drawing_area();
        draw(&root, &theme, dpr);
    }
    if bench {
        mark("locklab:draw-end");
    }
}

/// Whether `tests/bench.mjs` asked for timing marks (`globalThis.__locklabBench = true`); off
/// otherwise, so a learner's page never collects them.
fn benchmarking() -> bool {
    js_sys::Reflect::get(&js_sys::global(), &"__locklabBench".into()).is_ok_and(|v| v.is_truthy())
}

fn mark(name: &str) {
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        let _ = p.mark(name);
    }
}

/// The chart colours from the element's CSS custom properties (see `web/locklab.css`), on top of
/// the light or dark default that matches the widget's colour scheme (see [`crate::scheme`]).
pub fn theme_of(el: &web_sys::Element) -> Theme {
    let dark = crate::scheme::is_dark(el);
    let base = if dark { Theme::DARK } else { Theme::LIGHT };
    let Some(style) = web_sys::window().and_then(|w| w.get_computed_style(el).ok().flatten()) else { return base };
    Theme::from_css(base, |name| style.get_property_value(name).ok().filter(|v| !v.trim().is_empty()))
}

/// One figure in a widget's row of key numbers (inside a `<dl class="ll-stats">`), optionally
/// coloured as bad or good.
#[component]
pub fn Stat(
    #[prop(into)] label: String,
    #[prop(into)] value: Signal<String>,
    #[prop(optional, into)] bad: Option<Signal<bool>>,
    #[prop(optional, into)] good: Option<Signal<bool>>,
) -> impl IntoView {
    let class = move || {
        let mut c = String::from("ll-stat");
        if bad.is_some_and(|b| b.get()) {
            c.push_str(" ll-bad");
        } else if good.is_some_and(|g| g.get()) {
            c.push_str(" ll-good");
        }
        c
    };
    if let Some(sink) = use_context::<ReadoutSink>() {
        sink.0.update_value(|v| v.push((label.clone(), value)));
    }
    view! {
        <div class=class>
            <dt>{label}</dt>
            <dd>{move || value.get()}</dd>
        </div>
    }
}

/// Where a compared side's readouts register (label, shown value), so the table of what differs
/// speaks as the readout cards do ("Wait after a crash: up to 1 s"), not in result field names.
#[derive(Clone, Copy)]
pub struct ReadoutSink(StoredValue<Vec<(String, Signal<String>)>>);

/// The readouts of everything inside it go to `sink`.
#[cfg(feature = "course")]
#[component]
fn ReadoutScope(sink: ReadoutSink, children: Children) -> impl IntoView {
    provide_context(sink);
    children()
}

/// The level of a widget's heading in its page's outline: 3 unless the element says otherwise
/// with `data-locklab-heading` (1–6).
#[derive(Clone, Copy, Debug)]
pub struct HeadingLevel(pub u8);

/// The layout every simulation widget shares: heading and lede, the author's notices, the
/// controls beside the results (narrative first, then `children`: figures, charts, tables),
/// anything `after` them at full width, and a note on the method.
#[component]
pub fn ScenarioFrame<S: Scenario + locklab_course::challenge::BuiltIn + 'static>(
    model: Model<S>,
    #[prop(into)] title: String,
    #[prop(into)] lede: ViewFn,
    #[prop(into)] method: ViewFn,
    #[prop(optional, into)] after: Option<ViewFn>,
    /// The key readout and the main chart: on a narrow screen they sit right above the controls,
    /// so what a slider changes stays in view while it moves.
    headline: Children,
    /// More results below the headline, if the widget has any.
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    let count = model.presets.with_value(|p| p.steps.len());
    let steps = course::step_bar(model, count);
    // → and ← step while the widget itself (not one of its controls) has focus.
    let on_key = move |ev: web_sys::KeyboardEvent| {
        if count == 0 || ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        let on_control = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "SELECT" | "BUTTON" | "TEXTAREA" | "SUMMARY" | "A"));
        let k = model.step.get_untracked();
        match ev.key().as_str() {
            "ArrowRight" if !on_control && k + 1 < count => {
                ev.prevent_default();
                model.go_to_step(k + 1);
            }
            "ArrowLeft" if !on_control && k > 0 => {
                ev.prevent_default();
                model.go_to_step(k - 1);
            }
            _ => {}
        }
    };
    let stepped = count > 0;
    if model.asking.get_untracked() {
        // A prediction's question is open: the setting's controls, locked, and nothing the run
        // shows (the headline, results and narrative are not built until the answer is in).
        let _ = (headline, children, after, steps);
        return view! {
            <WidgetFrame title=title slide=model.slide>
                <p class="ll-lede">{lede.run()}</p>
                <NoticeBox notices=model.notices />
                {course::predict_panel(model)}
                <div class="ll-body ll-asking">
                    <fieldset class="ll-lock" disabled=true>
                        <legend class="ll-visually-hidden">"The prediction's setting (locked until you answer)"</legend>
                        <Controls model=model />
                    </fieldset>
                </div>
                <p class="ll-method">{method.run()}</p>
            </WidgetFrame>
        }
        .into_any();
    }
    view! {
        <WidgetFrame title=title slide=model.slide stepped=stepped on_key=on_key>
            <p class="ll-lede">{lede.run()}</p>
            <NoticeBox notices=model.notices />
            {steps}
            {course::predict_panel(model)}
            {course::challenge_panel(model)}
            <div class="ll-body">
                <div class="ll-area-narrative">
                    <Narrative text=model.narrative() short=model.slide />
                </div>
                <div class="ll-area-headline">{headline()}</div>
                <Controls model=model />
                <div class="ll-results">{children.map(|c| c())}</div>
            </div>
            {after.map(|a| view! { <div class="ll-after">{a.run()}</div> })}
            <p class="ll-method">{method.run()}</p>
            <RunForReal model=model />
            {course::print_address(model)}
        </WidgetFrame>
    }
    .into_any()
}

/// The outer box every widget shares: a heading, then its content. `slide`: the projection
/// layout; `stepped`: the widget has preset steps, and takes focus to step with → and ←.
#[component]
pub fn WidgetFrame(
    #[prop(into)] title: String,
    children: Children,
    #[prop(optional)] slide: bool,
    /// `data-layout="slide"` on a quiz: larger type and no lede, the card at its natural height.
    #[prop(optional)]
    projected: bool,
    #[prop(optional)] stepped: bool,
    #[prop(optional, into)] on_key: Option<Callback<web_sys::KeyboardEvent>>,
) -> impl IntoView {
    let id = unique_id("title");
    let labelledby = id.clone();
    let level = use_context::<HeadingLevel>().map_or(3, |h| h.0.clamp(1, 6));
    let heading = match level {
        1 => view! { <h1 class="ll-title" id=id>{title}</h1> }.into_any(),
        2 => view! { <h2 class="ll-title" id=id>{title}</h2> }.into_any(),
        4 => view! { <h4 class="ll-title" id=id>{title}</h4> }.into_any(),
        5 => view! { <h5 class="ll-title" id=id>{title}</h5> }.into_any(),
        6 => view! { <h6 class="ll-title" id=id>{title}</h6> }.into_any(),
        _ => view! { <h3 class="ll-title" id=id>{title}</h3> }.into_any(),
    };
    view! {
        <section
            class="ll-widget"
            class:ll-slide=slide
            class:ll-projected=projected
            aria-labelledby=labelledby
            tabindex=stepped.then_some("0")
            on:keydown=move |ev| {
                if let Some(f) = on_key {
                    f.run(ev);
                }
            }
        >
            {heading}
            {children()}
        </section>
    }
}

/// The course layer's pieces in a widget's frame: preset steps, the challenge panel, the printed
/// address. A bundle built without the `course` feature (a page whose widgets use none of them:
/// the loader's plain bundles, issue #43) leaves them out, and says so if an element asks for one.
mod course {
    use super::*;

    #[cfg(feature = "course")]
    pub fn step_bar<S: Scenario + 'static>(model: Model<S>, count: usize) -> Option<AnyView> {
        (count > 0).then(|| {
            let caption = Signal::derive(move || model.presets.with_value(|p| p.caption(model.step.get()).map(str::to_string)));
            let go = Callback::new(move |k: usize| model.go_to_step(k));
            view! { <StepBar count=count step=model.step caption=caption go=go />{captions_source()} }.into_any()
        })
    }
    #[cfg(not(feature = "course"))]
    pub fn step_bar<S: Scenario + 'static>(_model: Model<S>, _count: usize) -> Option<AnyView> {
        None
    }

    #[cfg(feature = "course")]
    pub fn challenge_panel<S: Scenario + locklab_course::challenge::BuiltIn + 'static>(model: Model<S>) -> Option<AnyView> {
        Some(view! { <crate::challenges::ChallengePanel model=model /> }.into_any())
    }
    #[cfg(not(feature = "course"))]
    pub fn challenge_panel<S: Scenario + 'static>(_model: Model<S>) -> Option<AnyView> {
        None
    }

    /// The predictions' panel and their paper, when the element asks for predictions.
    #[cfg(feature = "course")]
    pub fn predict_panel<S: Scenario + 'static>(model: Model<S>) -> Option<AnyView> {
        let ctl = use_context::<crate::predictions::Predictions>()?;
        Some(
            view! {
                <crate::predictions::PredictPanel model=model ctl=ctl />
                <div class="ll-print-only ll-predict-paper">{crate::predictions::paper(model, ctl)}</div>
            }
            .into_any(),
        )
    }
    #[cfg(not(feature = "course"))]
    pub fn predict_panel<S: Scenario + 'static>(_model: Model<S>) -> Option<AnyView> {
        None
    }

    #[cfg(feature = "course")]
    pub fn print_address<S: Scenario + 'static>(model: Model<S>) -> Option<AnyView> {
        let address = state_address(model);
        Some(view! { <p class="ll-print-address">"This state: " {move || address.get()}</p> }.into_any())
    }
    #[cfg(not(feature = "course"))]
    pub fn print_address<S: Scenario + 'static>(_model: Model<S>) -> Option<AnyView> {
        None
    }
}
