//! # What the lab measured: recorded real runs
//!
//! `locklab-lab check --record DIR` writes one file per widget: where and when its settings ran
//! on the real servers, and each setting's rows, simulated and real. The project's recorded files
//! are in `crates/lab/records/`, and `.ci/release` ships them in `dist/lab/<widget>.json`, so a
//! widget can show what the real system did at a recorded setting. This module reads that format
//! and refuses a file it cannot trust, with every problem named (at most [`MAX_ERRORS`]), as a
//! deck is refused:
//!
//! ```json
//! { "format": 1, "widget": "counter-race", "recorded": "2026-12-06", "locklab": "0.4.0",
//!   "machine": { "os": "Debian GNU/Linux 12 (bookworm)", "kernel": "6.1.0", "arch": "x86_64",
//!                "cores": 2, "memoryGiB": 23.5 },
//!   "servers": { "redis": "7.0.15" }, "timeScale": 2,
//!   "settings": [
//!     { "label": "defaults", "variant": null, "servers": { "redis": "7.0.15" },
//!       "params": { "workers": "4", … }, "agrees": true,
//!       "rows": [ { "field": "final", "simulated": 309, "real": 293, "verdict": "agree" } ],
//!       "tolerance": "…", "notes": [ "…" ], "seconds": 3.1 } ] }
//! ```
//!
//! Every setting's `params` must name every parameter of the widget, each valid for it (the
//! registry's own validation, as an attribute would be), so a setting matches exactly one state
//! of the widget. `variant` says how the run differs from a replay of the widget's story at those
//! parameters (`own-draws`, `machine`, `lock-apart`, `etcd`), or is null.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

/// The format this module reads (`format` in every file).
pub const FORMAT: u64 = 1;
/// The most a recorded file may be.
pub const MAX_RECORD_BYTES: usize = 2_000_000;
/// The most settings in one file.
pub const MAX_SETTINGS: usize = 200;
/// The most rows in one setting.
pub const MAX_ROWS: usize = 64;
/// The most notes in one setting.
pub const MAX_NOTES: usize = 64;
/// The longest label, field, tolerance or note, in characters.
pub const MAX_TEXT: usize = 8_000;
/// The longest short text (a version, the machine's parts, a server's name), in characters.
pub const MAX_SHORT: usize = 200;
/// The most problems a file's check lists.
pub const MAX_ERRORS: usize = crate::challenge::MAX_ERRORS;
/// The variants a setting may be.
pub const VARIANTS: &[&str] = &["own-draws", "machine", "lock-apart", "etcd", "partition"];

/// One widget's recorded runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub widget: String,
    /// `YYYY-MM-DD`, UTC.
    pub recorded: String,
    /// The lab's version.
    pub locklab: String,
    pub machine: Machine,
    /// Server → version (`redis`, `postgres`, `etcd`).
    pub servers: BTreeMap<String, String>,
    /// Real time per unit of the story.
    pub time_scale: f64,
    pub settings: Vec<Setting>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Machine {
    pub os: String,
    pub kernel: String,
    pub arch: String,
    pub cores: u32,
    #[serde(rename = "memoryGiB")]
    pub memory_gib: Option<f64>,
}

/// One setting as it ran.
#[derive(Clone, Debug, PartialEq)]
pub struct Setting {
    pub label: String,
    pub variant: Option<String>,
    /// The servers this setting ran on (server → version), among the record's.
    pub servers: BTreeMap<String, String>,
    /// Every parameter, as the widget writes it.
    pub params: Vec<(String, String)>,
    /// The same, validated: the widget's values.
    pub values: Vec<f64>,
    pub agrees: bool,
    pub rows: Vec<Row>,
    pub tolerance: String,
    pub notes: Vec<String>,
    pub seconds: f64,
}

/// One compared (or shown) quantity.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    pub field: String,
    pub simulated: Value,
    pub real: Value,
    pub verdict: Verdict,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Agree,
    Disagree,
    Shown,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct RawRecord {
    format: u64,
    widget: String,
    recorded: String,
    locklab: String,
    machine: Machine,
    servers: BTreeMap<String, String>,
    time_scale: f64,
    settings: Vec<RawSetting>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSetting {
    label: String,
    variant: Option<String>,
    servers: BTreeMap<String, String>,
    params: serde_json::Map<String, Value>,
    agrees: bool,
    rows: Vec<Row>,
    tolerance: String,
    notes: Vec<String>,
    seconds: f64,
}

/// Reads and checks a recorded file.
pub fn parse_record(text: &str) -> Result<Record, Vec<String>> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(vec![format!("the file is {} bytes, more than the {MAX_RECORD_BYTES} a recorded file may be", text.len())]);
    }
    let raw: RawRecord = serde_json::from_str(text).map_err(|e| vec![format!("not a recorded file: {e}")])?;
    let mut errors = Vec::new();
    if raw.format != FORMAT {
        errors.push(format!("format {} is not one this version reads (it reads {FORMAT})", raw.format));
    }
    let widget = locklab_sim::registry::find(&raw.widget);
    if widget.is_none() {
        errors.push(format!("widget \u{201c}{}\u{201d} is no widget the lab replays", short(&raw.widget)));
    }
    if !is_date(&raw.recorded) {
        errors.push(format!("recorded \u{201c}{}\u{201d} is not a date (YYYY-MM-DD)", short(&raw.recorded)));
    }
    for (what, t) in [("locklab", &raw.locklab), ("machine.os", &raw.machine.os), ("machine.kernel", &raw.machine.kernel), ("machine.arch", &raw.machine.arch)] {
        if t.chars().count() > MAX_SHORT {
            errors.push(format!("{what} is longer than {MAX_SHORT} characters"));
        }
    }
    if raw.servers.is_empty() {
        errors.push("servers names no server: a record says what it ran on".into());
    }
    for (name, version) in &raw.servers {
        if !["redis", "postgres", "etcd"].contains(&name.as_str()) {
            errors.push(format!("servers: \u{201c}{}\u{201d} is not redis, postgres or etcd", short(name)));
        }
        if version.is_empty() || version.chars().count() > MAX_SHORT {
            errors.push(format!("servers.{}: a version of 1 to {MAX_SHORT} characters", short(name)));
        }
    }
    if !(raw.time_scale.is_finite() && raw.time_scale > 0.0 && raw.time_scale <= 100.0) {
        errors.push(format!("timeScale {} is not above 0 and at most 100", raw.time_scale));
    }
    if raw.settings.is_empty() || raw.settings.len() > MAX_SETTINGS {
        errors.push(format!("settings: 1 to {MAX_SETTINGS}, not {}", raw.settings.len()));
    }
    let mut settings = Vec::new();
    for (i, s) in raw.settings.into_iter().enumerate().take(MAX_SETTINGS) {
        let at = format!("settings[{i}]");
        let params: Vec<(String, String)> = s.params.iter().map(|(k, v)| (k.clone(), v.as_str().map_or_else(|| v.to_string(), str::to_string))).collect();
        let mut values = Vec::new();
        if let Some(w) = &widget {
            let specs = w.specs;
            let (v, notices) = (w.validate)(&params);
            for n in notices {
                errors.push(format!("{at}.params: {}", n.message));
            }
            for spec in specs {
                if !s.params.contains_key(spec.name) {
                    errors.push(format!("{at}.params: {} is missing (a setting names every parameter, so it matches one state of the widget)", spec.name));
                }
            }
            values = v;
        }
        if let Some(v) = &s.variant
            && !VARIANTS.contains(&v.as_str())
        {
            errors.push(format!("{at}.variant \u{201c}{}\u{201d} is none of {}", short(v), VARIANTS.join(", ")));
        }
        if s.servers.is_empty() {
            errors.push(format!("{at}.servers names no server: a setting says what it ran on"));
        }
        for (name, version) in &s.servers {
            if raw.servers.get(name) != Some(version) {
                errors.push(format!("{at}.servers: {} {} is not among the record's servers", short(name), short(version)));
            }
        }
        if s.rows.is_empty() || s.rows.len() > MAX_ROWS {
            errors.push(format!("{at}.rows: 1 to {MAX_ROWS}, not {}", s.rows.len()));
        }
        if s.notes.len() > MAX_NOTES {
            errors.push(format!("{at}.notes: at most {MAX_NOTES}, not {}", s.notes.len()));
        }
        let texts = [("label", &s.label), ("tolerance", &s.tolerance)].into_iter().chain(s.rows.iter().map(|r| ("a row's field", &r.field))).chain(s.notes.iter().map(|n| ("a note", n)));
        for (what, t) in texts {
            if t.chars().count() > MAX_TEXT {
                errors.push(format!("{at}: {what} is longer than {MAX_TEXT} characters"));
            }
        }
        if s.label.trim().is_empty() {
            errors.push(format!("{at}.label is empty"));
        }
        let disagrees = s.rows.iter().any(|r| r.verdict == Verdict::Disagree);
        let compared = s.rows.iter().any(|r| r.verdict == Verdict::Agree);
        if s.agrees != (!disagrees && compared) {
            errors.push(format!("{at}.agrees is {} where its rows say {}", s.agrees, if disagrees { "a row disagrees" } else if compared { "every compared row agrees" } else { "nothing was compared" }));
        }
        if !(s.seconds.is_finite() && s.seconds >= 0.0) {
            errors.push(format!("{at}.seconds {} is not a time", s.seconds));
        }
        settings.push(Setting { label: s.label, variant: s.variant, servers: s.servers, params, values, agrees: s.agrees, rows: s.rows, tolerance: s.tolerance, notes: s.notes, seconds: s.seconds });
    }
    if !errors.is_empty() {
        errors.truncate(MAX_ERRORS);
        return Err(errors);
    }
    Ok(Record { widget: raw.widget, recorded: raw.recorded, locklab: raw.locklab, machine: raw.machine, servers: raw.servers, time_scale: raw.time_scale, settings })
}

impl Record {
    /// The settings that ran the widget's own story at `values` (no variant), matched exactly as
    /// the widget writes each parameter.
    pub fn at(&self, values: &[f64]) -> Vec<&Setting> {
        let Some(w) = locklab_sim::registry::find(&self.widget) else { return Vec::new() };
        self.settings.iter().filter(|s| s.variant.is_none() && same_state(w.specs, &s.values, values)).collect()
    }
}

/// Whether two states of a widget with `specs` are the same as the widget writes them (each
/// parameter's attribute text), so a slider's float steps match a recorded setting.
pub fn same_state(specs: &[locklab_sim::Spec], a: &[f64], b: &[f64]) -> bool {
    a.len() == specs.len() && b.len() == specs.len() && specs.iter().zip(a.iter().zip(b)).all(|(s, (x, y))| s.to_attr(*x) == s.to_attr(*y))
}

/// A `YYYY-MM-DD` date that exists.
pub fn is_date(t: &str) -> bool {
    let parts: Vec<&str> = t.split('-').collect();
    let [y, m, d] = parts.as_slice() else { return false };
    let (Ok(y), Ok(m), Ok(d)) = (y.parse::<u32>(), m.parse::<u32>(), d.parse::<u32>()) else { return false };
    if y.to_string().len() != 4 || parts[1].len() != 2 || parts[2].len() != 2 || !(1..=12).contains(&m) {
        return false;
    }
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m as usize - 1];
    (1..=days).contains(&d)
}

/// A text cut for an error message.
fn short(t: &str) -> String {
    if t.chars().count() > 60 { format!("{}…", t.chars().take(59).collect::<String>()) } else { t.to_string() }
}
