//! What a run found: each result field, simulated and real, and whether they agree; printed as a
//! table or as the issue's JSON object.

use serde_json::{Map, Value, json};

use crate::servers::Endpoints;

/// How one field came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Agree,
    Disagree,
    /// Shown for information, not compared (the tolerance says why).
    Shown,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub field: String,
    pub simulated: Value,
    pub real: Value,
    pub verdict: Verdict,
}

impl Row {
    /// Agrees when both are equal.
    pub fn exact(field: &str, simulated: &Value, real: &Value) -> Row {
        let verdict = if simulated == real { Verdict::Agree } else { Verdict::Disagree };
        Row { field: field.into(), simulated: simulated.clone(), real: real.clone(), verdict }
    }

    /// Agrees when `ok` (a band the caller checked).
    pub fn within(field: &str, simulated: Value, real: Value, ok: bool) -> Row {
        Row { field: field.into(), simulated, real, verdict: if ok { Verdict::Agree } else { Verdict::Disagree } }
    }

    pub fn shown(field: &str, simulated: &Value, real: &Value) -> Row {
        Row { field: field.into(), simulated: simulated.clone(), real: real.clone(), verdict: Verdict::Shown }
    }
}

/// One replay of one widget's story at one setting.
#[derive(Clone, Debug)]
pub struct Report {
    pub widget: String,
    /// `name = value` for every parameter, as the widget writes them, in the widget's order.
    pub params: Vec<(String, Value)>,
    pub simulated: Value,
    pub real: Value,
    pub rows: Vec<Row>,
    pub tolerance: String,
    pub notes: Vec<String>,
    pub servers: Map<String, Value>,
    /// Real seconds the replay took.
    pub seconds: f64,
    /// The parameters that differ from the widget's defaults (`defaults` if none), for `check`.
    pub label: String,
    /// How the run differs from a replay of the widget's own story at these parameters
    /// (`own-draws`, `machine`, `lock-apart`, `etcd`), if it does: a recorded result is shown
    /// beside the widget only as what it is.
    pub variant: Option<&'static str>,
    /// The same real run judged again under each wrong model `LOCKLAB_JUDGE_ALSO` names for this
    /// widget (the mutation suite's paired form, `scenarios::judged`): its name and its rows.
    /// Printed by `check` under the setting's line; never in the JSON or a recorded file.
    pub judged: Vec<(&'static str, Vec<Row>)>,
}

/// How a note starts when the run's own timing says it could not keep the story's order (a step
/// later than the gap between two offsets, a lock service that elected a new leader mid-run): a
/// disagreement in such a run may be the machine's, and `check` runs the story again (main.rs).
pub const TIMING_SLIPPED: &str = "TIMING SLIPPED";

/// How `check` starts the line of a setting judged again under a wrong model (`Report::judged`).
pub const JUDGED_AS: &str = "judged as the wrong model ";

impl Report {
    /// Whether this run's own measurements say its timing did not hold (a note starting with
    /// [`TIMING_SLIPPED`]).
    pub fn timing_slipped(&self) -> bool {
        self.notes.iter().any(|n| n.starts_with(TIMING_SLIPPED))
    }

    pub fn new(widget: &str, params: Vec<(String, Value)>, ep: &Endpoints) -> Report {
        let mut servers = Map::new();
        if let Some(v) = &ep.redis_version {
            servers.insert("redis".into(), json!(v));
        }
        if let Some(v) = &ep.postgres_version {
            servers.insert("postgres".into(), json!(v));
        }
        Report { widget: widget.into(), params, simulated: json!({}), real: json!({}), rows: Vec::new(), tolerance: String::new(), notes: Vec::new(), servers, seconds: 0.0, label: String::new(), variant: None, judged: Vec::new() }
    }

    /// Every compared field agrees (and at least one was compared).
    pub fn agrees(&self) -> bool {
        self.rows.iter().all(|r| r.verdict != Verdict::Disagree) && self.rows.iter().any(|r| r.verdict == Verdict::Agree)
    }

    /// The issue's object: `{ widget, params, simulated, real, agrees, tolerance, servers, notes }`,
    /// and the compared rows (`rows`: field, simulated, real, verdict), as `check --record` writes them.
    pub fn json(&self) -> Value {
        json!({
            "widget": self.widget,
            "params": self.params.iter().cloned().collect::<Map<String, Value>>(),
            "simulated": self.simulated,
            "real": self.real,
            "agrees": self.agrees(),
            "tolerance": self.tolerance,
            "servers": self.servers,
            "notes": self.notes,
            "rows": self.rows.iter().map(Row::json).collect::<Vec<_>>(),
        })
    }

    /// The parameters as `name=value` words (for one line of `check`).
    pub fn setting(&self) -> String {
        self.params.iter().map(|(k, v)| format!("{k}={}", v.as_str().map_or_else(|| v.to_string(), str::to_string))).collect::<Vec<_>>().join(" ")
    }

    /// The table `run` prints.
    pub fn table(&self) -> String {
        let mut out = format!("{} {}\n", self.widget, self.setting());
        let w = self.rows.iter().map(|r| r.field.chars().count()).max().unwrap_or(5).max(5);
        let sims: Vec<String> = self.rows.iter().map(|r| cell(&r.simulated)).collect();
        let ws = sims.iter().map(|s| s.chars().count()).max().unwrap_or(9).max(9);
        out += &format!("  {:w$}  {:ws$}  {:24}  {}\n", "field", "simulated", "real", "agree");
        for (r, s) in self.rows.iter().zip(&sims) {
            let verdict = match r.verdict {
                Verdict::Agree => "yes",
                Verdict::Disagree => "NO",
                Verdict::Shown => "(shown)",
            };
            out += &format!("  {:w$}  {:ws$}  {:24}  {verdict}\n", r.field, s, cell(&r.real));
        }
        out += &format!("  verdict: {}\n", if self.agrees() { "real and simulated agree" } else { "REAL AND SIMULATED DISAGREE" });
        out += &format!("  tolerance: {}\n", self.tolerance);
        for n in &self.notes {
            out += &format!("  note: {n}\n");
        }
        out
    }

    /// One line for `check`, and the table when it disagrees.
    pub fn line(&self) -> String {
        let mut s = if self.agrees() {
            let compared: Vec<String> = self.rows.iter().filter(|r| r.verdict == Verdict::Agree && !r.real.is_object() && !r.real.is_array()).map(|r| format!("{} {}", r.field, short(&r.real))).collect();
            format!("  agree     {}: {}", self.label, compared.join(", "))
        } else {
            let mut s = format!("  DISAGREE  {}\n", self.label);
            for l in self.table().lines().skip(1) {
                s += &format!("    {l}\n");
            }
            s.trim_end().to_string()
        };
        for (name, rows) in &self.judged {
            let no: Vec<&str> = rows.iter().filter(|r| r.verdict == Verdict::Disagree).map(|r| r.field.as_str()).collect();
            s += &format!("\n    {JUDGED_AS}{name}: {}", if no.is_empty() { "agrees (not caught at this setting)".to_string() } else { format!("NO on {}", no.join("; ")) });
        }
        s
    }
}

impl Row {
    /// The row for a recorded file: `{ field, simulated, real, verdict }`, the verdict `agree`,
    /// `disagree` or `shown`.
    pub fn json(&self) -> Value {
        let verdict = match self.verdict {
            Verdict::Agree => "agree",
            Verdict::Disagree => "disagree",
            Verdict::Shown => "shown",
        };
        json!({ "field": self.field, "simulated": self.simulated, "real": self.real, "verdict": verdict })
    }
}

/// A short cell for one line: scalars only, long text cut.
fn short(v: &Value) -> String {
    let s = cell(v);
    if s.chars().count() > 24 { format!("{}…", s.chars().take(23).collect::<String>()) } else { s }
}

/// A value as a table cell: strings bare, null as "—", lists and objects in short JSON.
fn cell(v: &Value) -> String {
    let s = match v {
        Value::Null => "—".to_string(),
        Value::String(s) if s.is_empty() => "(none)".to_string(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    if s.chars().count() > 60 { format!("{}…", s.chars().take(59).collect::<String>()) } else { s }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_json_has_exactly_the_issues_keys_and_the_rows() {
        let mut r = Report::new("counter-race", Vec::new(), &Endpoints { redis_version: Some("7.0.15".into()), ..Default::default() });
        r.rows.push(Row::exact("final", &json!(1000), &json!(1000)));
        let v = r.json();
        let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        // The issue's keys, and the rows (`locklab-lab serve` shows them in the widget).
        assert_eq!(keys, ["agrees", "notes", "params", "real", "rows", "servers", "simulated", "tolerance", "widget"]);
        assert_eq!(v["servers"], json!({ "redis": "7.0.15" }));
        assert_eq!(v["rows"], json!([{ "field": "final", "simulated": 1000, "real": 1000, "verdict": "agree" }]));
        r.rows.push(Row::exact("lost", &json!(0), &json!(1)));
        assert!(!r.agrees() && r.table().contains("NO"));
    }
}
