//! `<locklab-widget>` described for tools, from the one registry: the Custom Elements Manifest
//! (`custom-elements.json`, schema 2.1.0) that editors and documentation generators read, and the
//! TypeScript declarations (`locklab.d.ts`) that make `document.createElement("locklab-widget")`,
//! its attributes, `params`, `result` and the events typed. Both are generated into `web/npm/` (a
//! test holds them to this module) and shipped in `dist/` and the npm package.
//!
//! Result and parameter types come from running each simulation at its defaults and reading the
//! JSON its `locklab:change` carries (the same serializer as the browser's), so a field added,
//! renamed or removed in Rust shows up here.

use locklab_sim::params::{Kind, Spec};
use locklab_sim::Scenario;
use serde_json::{json, Value};

use crate::registry;

/// The tag.
pub const TAG: &str = "locklab-widget";

/// Attributes every HTML element may carry, which a `<locklab-widget>` leaves to the page (with
/// `data-*`, `aria-*` and `on*`): never parameters, never reported as unknown. (`name` names the
/// widget.) No widget may have a parameter or attribute among these (a test holds them apart).
pub const GLOBAL_ATTRS: &[&str] = &[
    "name", "id", "class", "style", "slot", "part", "exportparts", "hidden", "title", "lang", "dir", "tabindex",
    "accesskey", "autofocus", "contenteditable", "draggable", "enterkeyhint", "inert", "inputmode", "is", "nonce",
    "popover", "spellcheck", "translate", "role", "itemid", "itemprop", "itemref", "itemscope", "itemtype", "xmlns",
];

/// Whether attribute `name` of a `<locklab-widget>` belongs to the page rather than the widget.
pub fn is_page_attr(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    GLOBAL_ATTRS.contains(&name.as_str()) || name.starts_with("data-") || name.starts_with("aria-") || name.starts_with("on") || name.contains(':')
}

/// One widget's `locklab:change` at its defaults: `(name, params, result)` as JSON.
pub fn samples() -> Vec<(&'static str, Value, Value)> {
    fn sample<S: Scenario>() -> (&'static str, Value, Value) {
        let (values, _) = S::validate(&[]);
        let params = S::params(&values);
        let outcome = S::run(&params, &mut S::Cache::default());
        let p = serde_json::to_value(&params).unwrap_or(Value::Null);
        let r = serde_json::to_value(S::summary(&outcome)).unwrap_or(Value::Null);
        (S::NAME, p, r)
    }
    macro_rules! list {
        ($(($module:ident, $type:ident, $name:literal, $label:literal)),* $(,)?) => {
            vec![$(sample::<locklab_sim::$type>()),*]
        };
    }
    let mut all: Vec<(&'static str, Value, Value)> = locklab_sim::for_each_scenario!(list);
    let quiz = crate::quiz::Summary { answered: 0, correct: 0, cards: 0, total_xp: 0, missed: 0 };
    all.push((crate::quiz::NAME, json!({ "deck": "which-protection" }), serde_json::to_value(quiz).unwrap_or(Value::Null)));
    all
}

/// A TypeScript type for a JSON value (numbers, text, booleans, arrays of the first element's
/// type, objects field by field).
fn ts_type(v: &Value, indent: usize) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(_) => "boolean".into(),
        Value::Number(_) => "number".into(),
        Value::String(_) => "string".into(),
        Value::Array(a) => match a.first() {
            Some(first) => {
                let t = ts_type(first, indent);
                if t.contains(' ') && !t.starts_with('{') { format!("({t})[]") } else { format!("{t}[]") }
            }
            None => "unknown[]".into(),
        },
        Value::Object(o) => {
            if o.is_empty() {
                return "Record<string, never>".into();
            }
            let pad = "  ".repeat(indent + 1);
            let fields: Vec<String> = o.iter().map(|(k, v)| format!("{pad}{}: {};", key(k), ts_type(v, indent + 1))).collect();
            format!("{{\n{}\n{}}}", fields.join("\n"), "  ".repeat(indent))
        }
    }
}

/// An object key as TypeScript writes it.
fn key(k: &str) -> String {
    if !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !k.starts_with(|c: char| c.is_ascii_digit()) {
        k.to_string()
    } else {
        format!("{k:?}")
    }
}

/// What an attribute of kind `s` may be written as (an attribute is text; a property may be a number).
fn attr_type(s: &Spec) -> String {
    match s.kind {
        Kind::Bool { .. } => "boolean".into(),
        Kind::Choice { options, .. } => options.iter().map(|o| format!("{:?}", o.value)).collect::<Vec<_>>().join(" | "),
        Kind::Clock { .. } => "string".into(),
        _ => "number".into(),
    }
}

/// `ttl-tradeoff` → `TtlTradeoff`.
fn pascal(name: &str) -> String {
    name.split('-').map(|w| {
        let mut c = w.chars();
        c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
    }).collect()
}

/// The attributes a widget's element takes besides its parameters, with their values where fixed.
fn attrs_of(w: &registry::Widget) -> Vec<(&'static str, String, &'static str)> {
    w.attrs.iter().map(|a| {
        let t = if a.values.is_empty() { "string".to_string() } else { a.values.iter().map(|v| format!("{v:?}")).collect::<Vec<_>>().join(" | ") };
        (a.name, t, a.meaning)
    }).collect()
}

/// The Custom Elements Manifest of `<locklab-widget>`: every attribute of every widget (one entry
/// per name, saying which widgets take it and how), the properties and the events.
pub fn manifest() -> Value {
    let widgets = registry::widgets();
    let names: Vec<String> = widgets.iter().map(|w| format!("{:?}", w.name)).collect();
    let mut attributes = vec![json!({
        "name": "name",
        "type": { "text": names.join(" | ") },
        "description": "The widget to show (the same names as `data-locklab`). Changing it mounts the other widget.",
    })];
    // Parameters and widget attributes, merged by name in registry order.
    let mut order: Vec<&'static str> = Vec::new();
    let mut by_name: std::collections::BTreeMap<&'static str, (Vec<String>, Vec<String>, Option<String>)> = Default::default();
    for w in &widgets {
        for s in w.specs {
            let e = by_name.entry(s.name).or_insert_with(|| {
                order.push(s.name);
                Default::default()
            });
            let t = attr_type(s);
            if !e.0.contains(&t) {
                e.0.push(t);
            }
            e.1.push(format!("{}: {} ({}, default {})", w.name, s.label, registry::range_text(s), registry::default_text(s)));
            if e.2.is_none() {
                e.2 = Some(s.to_attr(s.default_value()));
            }
        }
        for (name, t, meaning) in attrs_of(w) {
            let e = by_name.entry(name).or_insert_with(|| {
                order.push(name);
                Default::default()
            });
            if !e.0.contains(&t) {
                e.0.push(t);
            }
            let line = format!("{meaning}");
            if !e.1.contains(&line) {
                e.1.push(line);
            }
        }
    }
    for name in order {
        let (types, lines, default) = &by_name[name];
        let mut a = json!({ "name": name, "type": { "text": types.join(" | ") }, "description": lines.join("; ") });
        if let Some(d) = default
            && lines.len() == 1
        {
            a["default"] = json!(d);
        }
        attributes.push(a);
    }
    let events = [
        ("locklab:change", "ChangeDetail", "After the first render and after every change of parameters: `{ widget, params, result }` (params after clamping)."),
        ("locklab:answer", "AnswerDetail", "A quiz card answered, with its xAPI statement."),
        ("locklab:complete", "CompleteDetail", "Every card of a quiz deck answered once, with its xAPI statement."),
        ("locklab:challenge", "ChallengeDetail", "A challenge met, or an “It can't be done” that was wrong, with its xAPI statement."),
        ("locklab:predict", "PredictDetail", "A prediction answered (`data-predict`), with its xAPI `answered` statement; the run's own answer only once it is shown."),
        ("locklab:resize", "ResizeDetail", "The widget's size changed: `{ width, height }`."),
    ];
    json!({
        "schemaVersion": "2.1.0",
        "readme": "README.md",
        "modules": [{
            "kind": "javascript-module",
            "path": "locklab.js",
            "declarations": [{
                "kind": "class",
                "name": "LocklabWidget",
                "tagName": TAG,
                "customElement": true,
                "superclass": { "name": "HTMLElement" },
                "summary": "An interactive locklab widget.",
                "description": "The element form of `data-locklab`: the same parameters (the names without `data-`), validation, notices and events. Changing a parameter attribute moves the widget; removing it restores the default.",
                "attributes": attributes,
                "members": [
                    { "kind": "field", "name": "params", "type": { "text": "WidgetParams[WidgetName]" }, "description": "The values in use after validation (from the latest `locklab:change`); setting it to an object sets those parameters as attributes (`null` removes one)." },
                    { "kind": "field", "name": "result", "type": { "text": "WidgetResults[WidgetName] | null" }, "readonly": true, "description": "The latest result (`null` before the first `locklab:change`)." },
                    { "kind": "field", "name": "name", "type": { "text": "WidgetName" }, "description": "Reflects the `name` attribute." },
                ],
                "events": events.iter().map(|(n, t, d)| json!({ "name": n, "type": { "text": format!("CustomEvent<{t}>") }, "description": d })).collect::<Vec<_>>(),
            }, {
                "kind": "variable",
                "name": "ready",
                "type": { "text": "Promise<unknown>" },
                "description": "Settles once the loader has started (the first widget's code is loaded).",
            }, {
                "kind": "variable",
                "name": "version",
                "type": { "text": "string" },
                "description": "The version of this copy of locklab.",
            }],
            "exports": [
                { "kind": "custom-element-definition", "name": TAG, "declaration": { "name": "LocklabWidget", "module": "locklab.js" } },
                { "kind": "js", "name": "LocklabWidget", "declaration": { "name": "LocklabWidget", "module": "locklab.js" } },
                { "kind": "js", "name": "ready", "declaration": { "name": "ready", "module": "locklab.js" } },
                { "kind": "js", "name": "version", "declaration": { "name": "version", "module": "locklab.js" } },
            ],
        }],
    })
}

/// `locklab.d.ts`: the element, the widget names, each widget's parameters (as attributes and as
/// `params` reports them) and result fields, and the events' details.
pub fn typescript() -> String {
    let widgets = registry::widgets();
    let samples = samples();
    let mut out = String::new();
    out.push_str("// locklab's types, generated from the Rust registry (crates/course/src/element.rs) by\n");
    out.push_str("// LOCKLAB_WRITE_GENERATED=1 cargo test -p locklab-course --test generated. Do not edit.\n\n");
    out.push_str(&format!("/** The version of this copy of locklab. */\nexport declare const version: {:?};\n\n", env!("CARGO_PKG_VERSION")));
    out.push_str("/** Every widget `name` (and `data-locklab`) takes. */\n");
    out.push_str(&format!("export type WidgetName =\n  | {};\n\n", widgets.iter().map(|w| format!("{:?}", w.name)).collect::<Vec<_>>().join("\n  | ")));
    for w in &widgets {
        let p = pascal(w.name);
        out.push_str(&format!("/** {}: what its element's attributes take (the parameters, then the widget's own attributes). */\n", w.label));
        out.push_str(&format!("export interface {p}Attributes {{\n"));
        for s in w.specs {
            out.push_str(&format!("  /** {} ({}, default {}). */\n  {:?}?: {} | string;\n", s.label, registry::range_text(s), registry::default_text(s), s.name, attr_type(s)));
        }
        for (name, t, meaning) in attrs_of(w) {
            out.push_str(&format!("  /** {} */\n  {:?}?: {};\n", meaning.replace("*/", "* /"), name, t));
        }
        out.push_str("}\n");
        if let Some((_, params, result)) = samples.iter().find(|(n, _, _)| *n == w.name) {
            out.push_str(&format!("/** {}: `params` in its events, after validation. */\nexport type {p}Params = {};\n", w.label, ts_type(params, 0)));
            out.push_str(&format!("/** {}: `result` in its events. */\nexport type {p}Result = {};\n\n", w.label, ts_type(result, 0)));
        }
    }
    let map = |suffix: &str| widgets.iter().map(|w| format!("  {:?}: {}{suffix};", w.name, pascal(w.name))).collect::<Vec<_>>().join("\n");
    out.push_str(&format!("export interface WidgetAttributes {{\n{}\n}}\n", map("Attributes")));
    out.push_str(&format!("export interface WidgetParams {{\n{}\n}}\n", map("Params")));
    out.push_str(&format!("export interface WidgetResults {{\n{}\n}}\n\n", map("Result")));
    out.push_str(TS_TAIL);
    out
}

const TS_TAIL: &str = r#"/** `locklab:change`: after the first render and after every change of parameters. */
export type ChangeDetail<W extends WidgetName = WidgetName> = {
  [K in W]: {
    widget: K;
    params: WidgetParams[K];
    result: WidgetResults[K];
    /** Both settings of a `compare` widget (`params` and `result` above are the first's). */
    compare?: { params: WidgetParams[K]; result: WidgetResults[K] }[];
  };
}[W];

/** An xAPI statement (https://github.com/adlnet/xAPI-Spec). */
export type XapiStatement = Record<string, unknown>;

/** `locklab:answer`: a quiz card answered. */
export interface AnswerDetail {
  deck: string;
  question: string;
  choice: number;
  choiceText: string;
  correct: boolean;
  xp: number;
  totalXp: number;
  statement: XapiStatement;
}

/** `locklab:complete`: every card of a deck answered once. */
export interface CompleteDetail {
  deck: string;
  correct: number;
  cards: number;
  totalXp: number;
  statement: XapiStatement;
}

/** `locklab:challenge`: a challenge met, or an "It can't be done" that was wrong. */
export interface ChallengeDetail<W extends WidgetName = WidgetName> {
  widget: W;
  set: string;
  challenge: string;
  met: boolean;
  attempts: number;
  metCount: number;
  total: number;
  params: WidgetParams[W];
  result: WidgetResults[W];
  statement: XapiStatement;
}

/** `locklab:predict`: a prediction answered. `actual` and `exact` are null (and the statement
 * has no correct response) until the run is shown: right, or no answers left. */
export interface PredictDetail<W extends WidgetName = WidgetName> {
  widget: W;
  set: string;
  prediction: string;
  answer: number | string;
  actual: number | string | null;
  exact: number | null;
  correct: boolean;
  revealed: boolean;
  attempts: number;
  rightFirst: number;
  /** Predictions shown so far (right, or out of answers). */
  shown: number;
  total: number;
  statement: XapiStatement;
}

/** `locklab:resize`: the widget's new size in CSS pixels. */
export interface ResizeDetail {
  width: number;
  height: number;
}

export interface LocklabEventMap {
  "locklab:change": CustomEvent<ChangeDetail>;
  "locklab:answer": CustomEvent<AnswerDetail>;
  "locklab:complete": CustomEvent<CompleteDetail>;
  "locklab:challenge": CustomEvent<ChallengeDetail>;
  "locklab:predict": CustomEvent<PredictDetail>;
  "locklab:resize": CustomEvent<ResizeDetail>;
}

/** `<locklab-widget name="…" …>`: the element form of `data-locklab`. */
export declare class LocklabWidget<W extends WidgetName = WidgetName> extends HTMLElement {
  /** Reflects the `name` attribute. */
  name: W;
  /** The values in use (from the latest `locklab:change`); set an object to set those parameters (`null` restores a default). */
  get params(): WidgetParams[W] | null;
  set params(values: Partial<Record<keyof WidgetAttributes[W], string | number | boolean | null>>);
  /** The latest result, or `null` before the first `locklab:change`. */
  readonly result: WidgetResults[W] | null;
  addEventListener<K extends keyof LocklabEventMap>(type: K, listener: (this: LocklabWidget<W>, ev: LocklabEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

/** Settles once the loader has started. */
export declare const ready: Promise<unknown>;

declare global {
  interface HTMLElementTagNameMap {
    "locklab-widget": LocklabWidget;
  }
  interface HTMLElementEventMap extends LocklabEventMap {}
}
"#;

/// How tall each widget stands at about 740 px of width, before it mounts: `<locklab-widget>`
/// reserves this much (so the page does not jump when the widget arrives) and lets go once the
/// widget has drawn. Measured on the lesson page (web/lesson.css uses the same figures).
pub fn reserve_px(name: &str) -> u32 {
    match name {
        "ttl-tradeoff" | "fencing-chain" | "lease-sizing" => 1050,
        "paused-holder" => 830,
        "lease-renewal" => 1360,
        "redis-failover" => 1580,
        "redlock" | "sweeper-incident" => 1190,
        "fencing-sandbox" => 1150,
        "optimistic-vs-pessimistic" => 1180,
        "lock-granularity" => 1225,
        "quiz" => 450,
        _ => 780,
    }
}
