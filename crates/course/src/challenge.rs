//! # Challenges: goals a widget checks itself
//!
//! A challenge set is data, like a deck: a title, the widget it is for, and two or more
//! challenges, each with a prompt, a goal, hints, an explanation and whether any state meets it:
//!
//! ```json
//! { "title": "Sizing a lease", "widget": "ttl-tradeoff",
//!   "challenges": [
//!     { "id": "one-a-day", "prompt": "…", "goal": "exactPerDay < 1 and recoverySeconds <= 30",
//!       "hints": ["…"], "explain": "…", "possible": true } ] }
//! ```
//!
//! A goal compares the widget's result fields (`exactPerDay`, as events carry them) and
//! parameters (`ttl-s`, as attributes name them) with numbers, text or `true`/`false`, joined
//! by `and` / `or` with parentheses:
//!
//! ```text
//! goal  := any ("or" any)*
//! any   := term ("and" term)*
//! term  := "(" goal ")" | name op value
//! op    := "<" | "<=" | ">" | ">=" | "==" | "!="
//! value := number | clock (21:50, 21:50:30) | 'text' | "text" | true | false
//! ```
//!
//! Goals are parsed here, never evaluated as code; [`Goal::check`] refuses a name the widget does
//! not have and a value of the wrong type, naming both. A `possible: false` challenge is one no
//! state meets: the learner's answer is "it can't be done", and the explanation says why (the
//! tests prove every built-in set both ways on each widget's parameter grid).
//!
//! The widget builds a [`State`] from its parameters and result after every change and asks each
//! unmet goal; [`Progress`] records what is met and how many changes it took.

use std::collections::BTreeMap;

use locklab_sim::params::{Kind, Spec};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// The most a set's text may be (the same as a deck).
pub const MAX_SET_BYTES: usize = crate::quiz::MAX_DECK_BYTES;
/// The most challenges in a set.
pub const MAX_CHALLENGES: usize = 12;
/// The most hints one challenge gives.
pub const MAX_HINTS: usize = 5;
/// The longest goal, in characters.
pub const MAX_GOAL: usize = 400;
/// The most comparisons in one goal.
pub const MAX_TERMS: usize = 16;
/// The deepest nesting of parentheses.
pub const MAX_DEPTH: usize = 8;
/// The longest prompt, hint or explanation, in characters.
pub const MAX_TEXT: usize = 1200;
/// The longest id.
pub const MAX_ID: usize = 64;
/// The most problems a set's check lists (then it says there may be more).
pub const MAX_ERRORS: usize = 20;

/// `data-challenges="builtin"`: the widget's own set.
pub const BUILTIN: &str = "builtin";

/// `data-challenges="builtin:one-a-day,heavy-tail"`: those of the widget's own set, in that
/// order. The ids, or `None` when `value` does not start `builtin:`; a problem with the list
/// (empty, too long, a repeat, an id no set could have) is an `Err` naming it.
pub fn builtin_ids(value: &str) -> Option<Result<Vec<String>, String>> {
    builtin_ids_of(value, "challenges", "challenge", MAX_CHALLENGES)
}

/// `builtin:…` for attribute `attr` (whose items are each a `what`, at most `max` of them): the
/// ids in the author's order, `None` when the value is not such a list, or what is wrong with it.
pub fn builtin_ids_of(value: &str, attr: &str, what: &str, max: usize) -> Option<Result<Vec<String>, String>> {
    let v = value.trim();
    let (head, rest) = v.split_once(':')?;
    if !head.trim().eq_ignore_ascii_case(BUILTIN) {
        return None;
    }
    let written: Vec<&str> = rest.split(',').map(str::trim).filter(|id| !id.is_empty()).collect();
    let shown = |id: &str| id.chars().take(40).collect::<String>();
    if written.is_empty() {
        return Some(Err(format!("{attr}=builtin: names no {what}; write builtin alone for all of them, or builtin:an-id,another")));
    }
    if written.len() > max {
        return Some(Err(format!("{attr}=builtin: names {} {what}s; a set has at most {max}", written.len())));
    }
    // Shown as written when it is not an id; compared in ASCII case when it is.
    if let Some(bad) = written.iter().find(|id| id.chars().count() > MAX_ID || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')) {
        return Some(Err(format!("{attr}=builtin: \u{201c}{}\u{201d} is not a {what} id (letters, digits, - and _, at most {MAX_ID})", shown(bad))));
    }
    let ids: Vec<String> = written.iter().map(|id| id.to_ascii_lowercase()).collect();
    Some(match ids.iter().enumerate().find(|(i, id)| ids[..*i].contains(id)) {
        Some((_, twice)) => Err(format!("{attr}=builtin: names {} twice", shown(twice))),
        None => Ok(ids),
    })
}

/// The set a challenge's xAPI activity id names: a selection of the built-in set (`builtin:…`)
/// is the built-in set, so that a challenge has one id however a page chose it.
pub fn activity_ref(set_ref: &str) -> &str {
    if builtin_ids(set_ref).is_some() { BUILTIN } else { set_ref }
}

/// The challenges of `set` named by `ids`, in that order, or which ids it does not have.
pub fn select(set: ChallengeSet, ids: &[String]) -> Result<ChallengeSet, String> {
    let missing: Vec<&str> = ids.iter().filter(|id| !set.challenges.iter().any(|c| c.id.eq_ignore_ascii_case(id))).map(String::as_str).collect();
    if !missing.is_empty() {
        let has: Vec<&str> = set.challenges.iter().map(|c| c.id.as_str()).collect();
        return Err(format!("challenges=builtin: the {} challenges have no {}; they are {}", set.widget, missing.join(" or "), has.join(", ")));
    }
    let ChallengeSet { title, widget, challenges } = set;
    let picked = ids.iter().filter_map(|id| challenges.iter().find(|c| c.id.eq_ignore_ascii_case(id)).cloned()).collect();
    Ok(ChallengeSet { title, widget, challenges: picked })
}

/// A comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl Op {
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
            Op::Eq => "==",
            Op::Ne => "!=",
        }
    }
    fn orders(self) -> bool {
        !matches!(self, Op::Eq | Op::Ne)
    }
}

/// A value in a goal.
#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    Number(f64),
    Text(String),
    Bool(bool),
}

impl Literal {
    fn kind(&self) -> &'static str {
        match self {
            Literal::Number(_) => "a number",
            Literal::Text(_) => "text",
            Literal::Bool(_) => "true or false",
        }
    }
    fn shown(&self) -> String {
        match self {
            Literal::Number(n) => format!("{n}"),
            Literal::Text(t) => format!("'{t}'"),
            Literal::Bool(b) => format!("{b}"),
        }
    }
}

/// A parsed goal.
#[derive(Clone, Debug, PartialEq)]
pub enum Goal {
    Compare { name: String, op: Op, value: Literal },
    All(Vec<Goal>),
    Any(Vec<Goal>),
}

/// A widget's state as goals see it: each parameter under its attribute name and each result
/// field under its event name (nested fields as `fixes.exclusion`), with JSON values.
pub type State = BTreeMap<String, Value>;

/// The state from a widget's parameter values (in spec order) and its result (the `result` of
/// `locklab:change`, as JSON). Lists in the result are left out: a goal compares single values.
pub fn state(specs: &[Spec], values: &[f64], result: &Value) -> State {
    let mut s = State::new();
    for (spec, &v) in specs.iter().zip(values) {
        let value = match spec.kind {
            Kind::Bool { .. } => Value::Bool(v >= 0.5),
            Kind::Choice { options, .. } => options.get(spec.clamp(v) as usize).map_or(Value::Null, |o| Value::String(o.value.into())),
            Kind::Int { .. } | Kind::Seed { .. } | Kind::Float { .. } | Kind::Clock { .. } => serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number),
        };
        s.insert(spec.name.to_string(), value);
    }
    flatten(&mut s, "", result, 0);
    s
}

fn flatten(s: &mut State, prefix: &str, v: &Value, depth: usize) {
    if let Value::Object(m) = v {
        for (k, v) in m {
            let name = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
            match v {
                Value::Object(_) if depth < 3 => flatten(s, &name, v, depth + 1),
                Value::Array(_) | Value::Object(_) => {}
                _ => {
                    s.entry(name).or_insert_with(|| v.clone());
                }
            }
        }
    }
}

// --- Parsing ---------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Name(String),
    Op(Op),
    Value(Literal),
    And,
    Or,
    Open,
    Close,
}

impl Token {
    fn shown(&self) -> String {
        match self {
            Token::Name(n) => n.clone(),
            Token::Op(o) => o.symbol().into(),
            Token::Value(v) => v.shown(),
            Token::And => "and".into(),
            Token::Or => "or".into(),
            Token::Open => "(".into(),
            Token::Close => ")".into(),
        }
    }
}

/// `21:50` or `21:50:30` as seconds since midnight.
fn clock(word: &str) -> Option<f64> {
    let parts: Vec<&str> = word.split(':').collect();
    if !(2..=3).contains(&parts.len()) || parts.iter().any(|p| p.is_empty() || p.len() > 2 || !p.bytes().all(|b| b.is_ascii_digit())) {
        return None;
    }
    let n: Vec<u32> = parts.iter().filter_map(|p| p.parse().ok()).collect();
    let (h, m, s) = (n[0], n[1], n.get(2).copied().unwrap_or(0));
    (h <= 24 && m < 60 && s < 60 && (h < 24 || (m == 0 && s == 0))).then(|| f64::from(h * 3600 + m * 60 + s))
}

fn lex(text: &str) -> Result<Vec<(usize, Token)>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let at = i + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let token = match c {
            '(' => {
                i += 1;
                Token::Open
            }
            ')' => {
                i += 1;
                Token::Close
            }
            '<' | '>' | '=' | '!' => {
                let two = chars.get(i + 1) == Some(&'=');
                let op = match (c, two) {
                    ('<', false) => Op::Lt,
                    ('<', true) => Op::Le,
                    ('>', false) => Op::Gt,
                    ('>', true) => Op::Ge,
                    ('=', true) => Op::Eq,
                    ('!', true) => Op::Ne,
                    ('=', false) => return Err(format!("“=” at character {at}: write == to compare")),
                    _ => return Err(format!("“!” at character {at}: write != for “not equal”")),
                };
                i += if two { 2 } else { 1 };
                Token::Op(op)
            }
            '\'' | '"' => {
                let end = chars[i + 1..].iter().position(|&d| d == c).ok_or_else(|| format!("the text starting at character {at} has no closing {c}"))?;
                let t: String = chars[i + 1..i + 1 + end].iter().collect();
                i += end + 2;
                Token::Value(Literal::Text(t))
            }
            c if c.is_ascii_digit() || c == '-' || c == '+' || c == '.' => {
                let start = i;
                while i < chars.len() && (chars[i].is_ascii_alphanumeric() || matches!(chars[i], '.' | '-' | '+' | ':')) {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                let n = clock(&word)
                    .or_else(|| locklab_sim::params::parse_number(&word))
                    .filter(|n| n.is_finite())
                    .ok_or_else(|| format!("“{}” at character {at} is not a number", short(&word)))?;
                Token::Value(Literal::Number(n))
            }
            c if c.is_ascii_alphabetic() || c == '_' => {
                let start = i;
                while i < chars.len() && (chars[i].is_ascii_alphanumeric() || matches!(chars[i], '_' | '-' | '.')) {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                match word.as_str() {
                    "and" => Token::And,
                    "or" => Token::Or,
                    "true" => Token::Value(Literal::Bool(true)),
                    "false" => Token::Value(Literal::Bool(false)),
                    "AND" | "OR" | "And" | "Or" | "&&" | "||" => return Err(format!("“{word}” at character {at}: write and / or in lower case")),
                    _ => Token::Name(word),
                }
            }
            '&' | '|' => return Err(format!("“{c}” at character {at}: join comparisons with and / or")),
            _ => return Err(format!("“{c}” at character {at} has no meaning in a goal")),
        };
        tokens.push((at, token));
    }
    Ok(tokens)
}

fn short(s: &str) -> String {
    let mut t: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        t.push('…');
    }
    t
}

struct Parser {
    tokens: Vec<(usize, Token)>,
    next: usize,
    terms: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.next).map(|(_, t)| t)
    }
    fn where_(&self) -> String {
        match self.tokens.get(self.next) {
            Some((at, t)) => format!("“{}” at character {at}", t.shown()),
            None => "the end".into(),
        }
    }
    fn any(&mut self, depth: usize) -> Result<Goal, String> {
        let mut parts = vec![self.all(depth)?];
        while self.peek() == Some(&Token::Or) {
            self.next += 1;
            parts.push(self.all(depth)?);
        }
        Ok(if parts.len() == 1 { parts.remove(0) } else { Goal::Any(parts) })
    }
    fn all(&mut self, depth: usize) -> Result<Goal, String> {
        let mut parts = vec![self.term(depth)?];
        while self.peek() == Some(&Token::And) {
            self.next += 1;
            parts.push(self.term(depth)?);
        }
        Ok(if parts.len() == 1 { parts.remove(0) } else { Goal::All(parts) })
    }
    fn term(&mut self, depth: usize) -> Result<Goal, String> {
        match self.peek().cloned() {
            Some(Token::Open) => {
                if depth >= MAX_DEPTH {
                    return Err(format!("parentheses nest deeper than {MAX_DEPTH}"));
                }
                self.next += 1;
                let g = self.any(depth + 1)?;
                if self.peek() != Some(&Token::Close) {
                    return Err(format!("expected “)” at {}", self.where_()));
                }
                self.next += 1;
                Ok(g)
            }
            Some(Token::Name(name)) => {
                self.next += 1;
                let Some(Token::Op(op)) = self.peek().cloned() else {
                    return Err(format!("expected a comparison (<, <=, >, >=, ==, !=) after “{name}”, found {}", self.where_()));
                };
                self.next += 1;
                let Some(Token::Value(value)) = self.peek().cloned() else {
                    return Err(format!("expected a number, 'text', true or false after “{name} {}”, found {}", op.symbol(), self.where_()));
                };
                self.next += 1;
                self.terms += 1;
                if self.terms > MAX_TERMS {
                    return Err(format!("more than {MAX_TERMS} comparisons"));
                }
                Ok(Goal::Compare { name, op, value })
            }
            Some(Token::Value(v)) => Err(format!("a comparison starts with a result or parameter name, not {} ({})", v.shown(), self.where_())),
            _ => Err(format!("expected a comparison or “(” at {}", self.where_())),
        }
    }
}

impl Goal {
    /// Parses a goal; the error names what is wrong and where.
    pub fn parse(text: &str) -> Result<Goal, String> {
        if text.chars().count() > MAX_GOAL {
            return Err(format!("the goal is longer than {MAX_GOAL} characters"));
        }
        if text.trim().is_empty() {
            return Err("the goal is empty".into());
        }
        let tokens = lex(text)?;
        let mut p = Parser { tokens, next: 0, terms: 0 };
        let g = p.any(0)?;
        if p.next < p.tokens.len() {
            return Err(format!("unexpected {} (join comparisons with and / or)", p.where_()));
        }
        Ok(g)
    }

    fn each<'a>(&'a self, f: &mut impl FnMut(&'a str, Op, &'a Literal)) {
        match self {
            Goal::Compare { name, op, value } => f(name, *op, value),
            Goal::All(parts) | Goal::Any(parts) => parts.iter().for_each(|p| p.each(f)),
        }
    }

    /// The names the goal compares.
    pub fn names(&self) -> Vec<&str> {
        let mut names = Vec::new();
        self.each(&mut |n, _, _| {
            if !names.contains(&n) {
                names.push(n);
            }
        });
        names
    }

    /// Refuses names the widget does not have (`state` is any of its states: its names and the
    /// type of each) and values of the wrong type; `specs` adds the options of choice parameters.
    pub fn check(&self, widget: &str, specs: &[Spec], state: &State) -> Result<(), String> {
        let mut problem = None;
        self.each(&mut |name, op, value| {
            if problem.is_some() {
                return;
            }
            let Some(actual) = state.get(name) else {
                let near: Vec<&str> = state.keys().map(String::as_str).filter(|k| k.eq_ignore_ascii_case(name)).collect();
                problem = Some(match near.first() {
                    Some(k) => format!("“{name}” is not a result or parameter of {widget}; names are case-sensitive: “{k}”"),
                    None => format!(
                        "“{}” is not a result or parameter of {widget}. Known: {}",
                        short(name),
                        state.keys().map(String::as_str).collect::<Vec<_>>().join(", ")
                    ),
                });
                return;
            };
            let kind = match actual {
                Value::Number(_) => Some("a number"),
                Value::String(_) => Some("text"),
                Value::Bool(_) => Some("true or false"),
                _ => None, // absent in this state (an optional field): any type may be asked
            };
            if let Some(kind) = kind
                && kind != value.kind()
            {
                problem = Some(format!("{name} is {kind}; {} is {}", value.shown(), value.kind()));
                return;
            }
            if op.orders() && !matches!(value, Literal::Number(_)) {
                problem = Some(format!("“{name} {} {}”: only numbers are ordered; compare text and true/false with == or !=", op.symbol(), value.shown()));
                return;
            }
            if let (Some(Spec { kind: Kind::Choice { options, .. }, .. }), Literal::Text(t)) = (specs.iter().find(|s| s.name == name), value)
                && !options.iter().any(|o| o.value == t)
            {
                problem = Some(format!("{name} is one of {}; not '{t}'", options.iter().map(|o| o.value).collect::<Vec<_>>().join(", ")));
            }
        });
        problem.map_or(Ok(()), Err)
    }

    /// Whether `state` meets the goal. A field absent in this state meets only `!=`.
    pub fn met(&self, state: &State) -> bool {
        match self {
            Goal::All(parts) => parts.iter().all(|p| p.met(state)),
            Goal::Any(parts) => parts.iter().any(|p| p.met(state)),
            Goal::Compare { name, op, value } => {
                let ord = match (state.get(name), value) {
                    (Some(Value::Number(a)), Literal::Number(b)) => a.as_f64().and_then(|a| a.partial_cmp(b)),
                    (Some(Value::String(a)), Literal::Text(b)) => Some(a.as_str().cmp(b.as_str())),
                    (Some(Value::Bool(a)), Literal::Bool(b)) => Some(a.cmp(b)),
                    _ => None,
                };
                use std::cmp::Ordering::*;
                match (op, ord) {
                    (Op::Ne, None) => true,
                    (_, None) => false,
                    (Op::Lt, Some(o)) => o == Less,
                    (Op::Le, Some(o)) => o != Greater,
                    (Op::Gt, Some(o)) => o == Greater,
                    (Op::Ge, Some(o)) => o != Less,
                    (Op::Eq, Some(o)) => o == Equal,
                    (Op::Ne, Some(o)) => o != Equal,
                }
            }
        }
    }
}

// --- Sets ------------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
pub struct Challenge {
    pub id: String,
    pub prompt: String,
    /// As the author wrote it.
    pub goal_text: String,
    pub goal: Goal,
    pub hints: Vec<String>,
    pub explain: String,
    /// `false`: no state meets the goal; "it can't be done" is the answer.
    pub possible: bool,
    /// A possible goal's example answer, parameters as in `data-steps` (`ttl-s=20 stall-chance=0.002`),
    /// on top of the widget's defaults: the printed key names it in words.
    pub example: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeSet {
    pub title: String,
    pub widget: String,
    pub challenges: Vec<Challenge>,
}

/// Parses a set's JSON text (native tools; the browser hands [`parse_set_value`] what its own
/// `JSON.parse` read).
pub fn parse_set(text: &str) -> Result<ChallengeSet, Vec<String>> {
    if text.len() > MAX_SET_BYTES {
        return Err(vec![format!("The challenge set is {} KB; the most a set may be is {} KB.", text.len() / 1000, MAX_SET_BYTES / 1000)]);
    }
    let value: Value = serde_json::from_str(text).map_err(|e| vec![format!("The challenge set is not valid JSON: {e}.")])?;
    parse_set_value(&value)
}

/// Validates a set's structure and parses every goal; the names in goals are checked against a
/// widget by [`ChallengeSet::check`]. Every problem is named with where it is.
pub fn parse_set_value(value: &Value) -> Result<ChallengeSet, Vec<String>> {
    let Some(obj) = value.as_object() else {
        return Err(vec!["A challenge set must be a JSON object with \"title\", \"widget\" and \"challenges\".".into()]);
    };
    let mut errors = Vec::new();
    let text = |o: &Map<String, Value>, field: &str, place: &str, required: bool, errors: &mut Vec<String>| crate::quiz::text_field(o, field, place, required, MAX_TEXT, errors);
    let title = text(obj, "title", "", true, &mut errors);
    let widget = text(obj, "widget", "", true, &mut errors);
    let mut challenges = Vec::new();
    match obj.get("challenges") {
        None => errors.push("field \"challenges\" is missing.".into()),
        Some(Value::Array(list)) if list.is_empty() => errors.push("field \"challenges\" has no challenges.".into()),
        Some(Value::Array(list)) if list.len() > MAX_CHALLENGES => errors.push(format!("field \"challenges\" has {} challenges; at most {MAX_CHALLENGES}.", list.len())),
        Some(Value::Array(list)) => {
            let mut ids = std::collections::BTreeSet::new();
            for (i, c) in list.iter().enumerate() {
                if errors.len() >= MAX_ERRORS {
                    break;
                }
                let Some(co) = c.as_object() else {
                    errors.push(format!("challenge {}: must be an object.", i + 1));
                    continue;
                };
                let id = match co.get("id") {
                    Some(Value::String(s)) if s.chars().count() > MAX_ID => {
                        errors.push(format!("challenge {}: field \"id\" is longer than {MAX_ID} characters.", i + 1));
                        continue;
                    }
                    Some(Value::String(s)) if !s.trim().is_empty() => s.trim().to_string(),
                    None => format!("challenge-{}", i + 1),
                    Some(_) => {
                        errors.push(format!("challenge {}: field \"id\" must be text.", i + 1));
                        continue;
                    }
                };
                let place = format!("challenge {} (\u{201c}{id}\u{201d}): ", i + 1);
                if !ids.insert(id.clone()) {
                    errors.push(format!("{place}the id is used by another challenge."));
                }
                let prompt = text(co, "prompt", &place, true, &mut errors);
                let explain = text(co, "explain", &place, true, &mut errors);
                let goal_text = text(co, "goal", &place, true, &mut errors);
                let goal = if goal_text.is_empty() {
                    None
                } else {
                    match Goal::parse(&goal_text) {
                        Ok(g) => Some(g),
                        Err(e) => {
                            errors.push(format!("{place}goal: {e}."));
                            None
                        }
                    }
                };
                let possible = match co.get("possible") {
                    None => true,
                    Some(Value::Bool(b)) => *b,
                    Some(_) => {
                        errors.push(format!("{place}field \"possible\" must be true or false."));
                        true
                    }
                };
                let mut hints = Vec::new();
                match co.get("hints") {
                    None => {}
                    Some(Value::Array(h)) if h.len() > MAX_HINTS => errors.push(format!("{place}field \"hints\" has {} hints; at most {MAX_HINTS}.", h.len())),
                    Some(Value::Array(h)) => {
                        for (j, hint) in h.iter().enumerate() {
                            match hint {
                                Value::String(s) if !s.trim().is_empty() && s.chars().count() <= MAX_TEXT => hints.push(s.trim().to_string()),
                                Value::String(s) if s.trim().is_empty() => errors.push(format!("{place}hint {} is empty.", j + 1)),
                                Value::String(_) => errors.push(format!("{place}hint {} is longer than {MAX_TEXT} characters.", j + 1)),
                                _ => errors.push(format!("{place}hint {} must be text.", j + 1)),
                            }
                        }
                    }
                    Some(_) => errors.push(format!("{place}field \"hints\" must be a list of text.")),
                }
                let example = match co.get("example") {
                    None => None,
                    Some(Value::String(_)) if !possible => {
                        errors.push(format!("{place}field \"example\" is for a goal that can be met; this one is marked \"possible\": false."));
                        None
                    }
                    Some(Value::String(e)) if e.trim().is_empty() => None,
                    Some(Value::String(e)) if e.chars().count() > MAX_TEXT => {
                        errors.push(format!(
                            "{place}field \"example\" is longer than {MAX_TEXT} characters."
                        ));
                        None
                    }
                    Some(Value::String(e)) => Some(e.trim().to_string()),
                    Some(_) => {
                        errors.push(format!("{place}field \"example\" must be text: parameters like ttl-s=20 stall-chance=0.002."));
                        None
                    }
                };
                if let Some(goal) = goal {
                    challenges.push(Challenge {
                        id,
                        prompt,
                        goal_text,
                        goal,
                        hints,
                        explain,
                        possible,
                        example,
                    });
                }
            }
        }
        Some(_) => errors.push("field \"challenges\" must be a list.".into()),
    }
    if errors.len() > MAX_ERRORS {
        errors.truncate(MAX_ERRORS);
    }
    if errors.len() == MAX_ERRORS {
        errors.push(format!("Showing the first {MAX_ERRORS} problems; fix these and check again."));
    }
    if errors.is_empty() { Ok(ChallengeSet { title, widget, challenges }) } else { Err(errors) }
}

impl ChallengeSet {
    /// Checks the set against the widget it is shown in: its name, and every goal's names and
    /// types against `state` (any state of the widget) and `specs`.
    pub fn check(&self, widget: &str, specs: &[Spec], state: &State) -> Result<(), Vec<String>> {
        let mut errors = Vec::new();
        if !self.widget.eq_ignore_ascii_case(widget) {
            errors.push(format!("This set is for {}, not {widget}.", short(&self.widget)));
        }
        for (i, c) in self.challenges.iter().enumerate() {
            if let Err(e) = c.goal.check(widget, specs, state) {
                errors.push(format!("challenge {} (\u{201c}{}\u{201d}): goal: {e}.", i + 1, c.id));
            }
            if let Some(example) = &c.example {
                let mut notices = Vec::new();
                let step = locklab_sim::presets::parse_setting(
                    specs,
                    &[],
                    example,
                    "example",
                    &mut notices,
                );
                for n in notices {
                    errors.push(format!("challenge {} (\u{201c}{}\u{201d}): {}.", i + 1, c.id, problem_only(&n.message)));
                }
                if step.is_empty() && !example.trim().is_empty() {
                    errors.push(format!(
                        "challenge {} (\u{201c}{}\u{201d}): example: sets no parameter.",
                        i + 1,
                        c.id
                    ));
                }
            }
        }
        if errors.is_empty() { Ok(()) } else { Err(errors) }
    }
}

/// A widget's notice about a setting without what the widget would do instead ("; ignored",
/// "; using 120 s"): a set whose example has a problem is refused whole, so nothing is ignored
/// or used. The known names stay.
pub(crate) fn problem_only(message: &str) -> String {
    let m = message.trim().trim_end_matches('.');
    if let Some((problem, known)) = m.split_once("; ignored. Known: ") {
        return format!("{problem}. Known: {known}");
    }
    match m.rfind("; ") {
        Some(at) => m[..at].to_string(),
        None => m.to_string(),
    }
}

impl Challenge {
    /// The printed key, in words: an impossible goal's "it can't be done" (once, whether or not the
    /// explanation starts with it), a possible one's example setting when the author gave one,
    /// then the explanation. Never the goal's own syntax.
    pub fn key_on_paper(&self, specs: &[Spec]) -> String {
        let explain = self.explain.trim();
        if !self.possible {
            let says_it = explain
                .to_ascii_lowercase()
                .replace('\u{2019}', "'")
                .starts_with("it can't be done");
            return if says_it {
                format!("Answer: {explain}")
            } else {
                format!("Answer: it can't be done. {explain}")
            };
        }
        let example = self.example.as_deref().map(|e| {
            let mut ignored = Vec::new();
            locklab_sim::presets::in_words(
                specs,
                &locklab_sim::presets::parse_setting(specs, &[], e, "example", &mut ignored),
            )
        });
        match example.filter(|e| !e.is_empty()) {
            Some(words) => format!("Answer: for example, {words}. {explain}"),
            None => format!("Answer: {explain}"),
        }
    }
}

/// A simulation's built-in set: `challenges/<widget>.json` in this crate, one
/// per widget in `locklab_sim::for_each_scenario!` (a missing file does not compile). A widget
/// links only its own: the text is an associated constant of its scenario type.
pub trait BuiltIn {
    const TEXT: &'static str;
    /// Its built-in prediction set (`predictions/<widget>.json`), linked only into its own bundle.
    const PREDICTIONS: &'static str;
}

macro_rules! built_in {
    ($(($module:ident, $type:ident, $name:literal, $label:literal)),* $(,)?) => {
        $(
            impl BuiltIn for locklab_sim::$type {
                const TEXT: &'static str = include_str!(concat!("../challenges/", $name, ".json"));
                const PREDICTIONS: &'static str = include_str!(concat!("../predictions/", $name, ".json"));
            }
        )*
    };
}
locklab_sim::for_each_scenario!(built_in);

// --- Progress --------------------------------------------------------------------------------

/// A learner's progress through a set: which challenges are met and the changes each took.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub version: u32,
    /// The set's challenge ids, to refuse progress saved for another set.
    pub ids: Vec<String>,
    pub met: Vec<bool>,
    /// Learner changes (and "can't be done" answers) while each challenge was unmet, the one that
    /// met it included.
    pub attempts: Vec<u32>,
    /// "It can't be done" answers to each challenge (what a teacher's `tries` limits). Progress
    /// saved before it was counted reads as none.
    #[serde(default)]
    pub claims: Vec<u32>,
}

impl Progress {
    pub fn new(set: &ChallengeSet) -> Self {
        let n = set.challenges.len();
        Self { version: 1, ids: set.challenges.iter().map(|c| c.id.clone()).collect(), met: vec![false; n], attempts: vec![0; n], claims: vec![0; n] }
    }

    /// How many "It can't be done" answers challenge `i` has left under `tries` (`None`:
    /// unlimited).
    pub fn claims_left(&self, i: usize, tries: Option<u32>) -> Option<u32> {
        tries.map(|t| t.saturating_sub(self.claims.get(i).copied().unwrap_or(0)))
    }

    pub fn met_count(&self) -> usize {
        self.met.iter().filter(|&&m| m).count()
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Progress saved for this set, or why it cannot be used.
    pub fn restore(json: &str, set: &ChallengeSet) -> Result<Self, String> {
        let v: Value = serde_json::from_str(json).map_err(|_| "the saved progress was unreadable".to_string())?;
        Self::restore_value(&v, set)
    }

    /// [`Progress::restore`] from JSON already read (the browser reads it with its own parser).
    pub fn restore_value(v: &Value, set: &ChallengeSet) -> Result<Self, String> {
        let mut p: Progress = serde_json::from_value(v.clone()).map_err(|_| "the saved progress was unreadable".to_string())?;
        let fresh = Progress::new(set);
        if p.claims.is_empty() {
            p.claims = fresh.claims.clone();
        }
        if p.version != 1 {
            return Err(format!("it was saved by another version ({})", p.version));
        }
        if p.ids != fresh.ids || p.met.len() != fresh.met.len() || p.attempts.len() != fresh.attempts.len() || p.claims.len() != fresh.claims.len() {
            return Err("it belongs to another set of challenges".into());
        }
        // Every claim was an attempt too.
        if p.claims.iter().zip(&p.attempts).any(|(&c, &a)| c > a) {
            return Err("it counts more answers than attempts".into());
        }
        if p.met.iter().zip(&p.attempts).any(|(&m, &a)| m && a == 0) {
            return Err("it claims a challenge met with no attempt".into());
        }
        Ok(p)
    }

    /// The learner changed the widget into `state`, from `before`, while challenge `shown` was on
    /// screen (`None`: the panel is closed): every unmet possible goal that `state` meets and
    /// `before` did not is met now (a state that already met a goal does not count). Returns the
    /// indices newly met. The change is a try for the challenge shown only; one that meets a goal
    /// not shown is that goal's one try beyond the tries it had while shown.
    pub fn changed(&mut self, set: &ChallengeSet, before: &State, state: &State, shown: Option<usize>) -> Vec<usize> {
        let mut newly = Vec::new();
        for (i, c) in set.challenges.iter().enumerate() {
            if self.met.get(i) != Some(&false) {
                continue;
            }
            let meets = c.possible && c.goal.met(state) && !c.goal.met(before);
            if shown == Some(i) || meets {
                self.attempts[i] = self.attempts[i].saturating_add(1);
            }
            if meets {
                self.met[i] = true;
                newly.push(i);
            }
        }
        newly
    }

    /// The learner answers "it can't be done" to challenge `i`: met when no state meets its goal.
    /// `None` when it is already met, there is no such challenge, or its `tries` are used up.
    pub fn cannot_be_done(&mut self, set: &ChallengeSet, i: usize, tries: Option<u32>) -> Option<bool> {
        let c = set.challenges.get(i)?;
        if self.met.get(i) != Some(&false) || self.claims_left(i, tries) == Some(0) {
            return None;
        }
        self.attempts[i] = self.attempts[i].saturating_add(1);
        self.claims[i] = self.claims[i].saturating_add(1);
        if !c.possible {
            self.met[i] = true;
        }
        Some(!c.possible)
    }
}

// --- Statements ------------------------------------------------------------------------------

/// The base of challenge activity ids when the author sets none.
pub const DEFAULT_BASE: &str = "urn:locklab:challenge:";
/// The `result.extensions` key under which a statement carries the widget's state.
pub const STATE_EXTENSION: &str = "urn:locklab:xapi:state";
pub const TYPE_OBJECTIVE: &str = "http://adlnet.gov/expapi/activities/objective";

/// A challenge's activity id: under the author's base, `<widget>/<set>/<challenge>`; with no
/// base, a set from an address is known by its address (`#challenge`), a built-in one as
/// `urn:locklab:challenge:<widget>:<challenge>`.
pub fn activity_id(base: Option<&str>, widget: &str, set_ref: &str, challenge: &str) -> String {
    match base {
        Some(b) => crate::xapi::join(b, &[widget, set_ref, challenge]),
        None if crate::xapi::is_absolute_iri(set_ref) => format!("{}#{}", set_ref.split('#').next().unwrap_or(set_ref), crate::xapi::segment(challenge)),
        None => crate::xapi::join(DEFAULT_BASE, &[widget, challenge]),
    }
}

/// The `completed` statement for challenge `i` of `set`: `result.success` says whether it is met
/// (a wrong "can't be done" is a failure), and the widget's state rides in `result.extensions`.
#[allow(clippy::too_many_arguments)]
pub fn statement(base: Option<&str>, widget: &str, set_ref: &str, set: &ChallengeSet, i: usize, met: bool, params: &Value, result: &Value, actor: Option<&crate::xapi::Actor>) -> Value {
    let Some(c) = set.challenges.get(i) else { return Value::Null };
    let mut s = json!({
        "verb": { "id": crate::xapi::VERB_COMPLETED, "display": { "en-US": "completed" } },
        "object": {
            "objectType": "Activity",
            "id": activity_id(base, widget, set_ref, &c.id),
            "definition": {
                "name": { "en-US": format!("{}: {}", set.title, c.id) },
                "description": { "en-US": c.prompt },
                "type": TYPE_OBJECTIVE
            }
        },
        "result": {
            "success": met,
            "completion": met,
            "extensions": { STATE_EXTENSION: { "widget": widget, "params": params, "result": result } }
        }
    });
    if let (Some(a), Some(obj)) = (crate::xapi::actor_json(actor), s.as_object_mut()) {
        obj.insert("actor".into(), a);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(pairs: &[(&str, Value)]) -> State {
        pairs.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
    }

    /// `builtin:…` names some of the built-in set, in the author's order; a bad list is said.
    #[test]
    fn a_selection_of_the_builtin_set() {
        let ids = |v: &str| builtin_ids(v).map(|r| r.map_err(|e| e.chars().take(60).collect::<String>()));
        assert_eq!(ids("builtin"), None);
        assert_eq!(ids("https://x.example/builtin:a.json"), None);
        assert_eq!(ids(" BuiltIn: Heavy-Tail , one-a-day "), Some(Ok(vec!["heavy-tail".to_string(), "one-a-day".to_string()])));
        assert!(ids("builtin:").is_some_and(|r| r.is_err_and(|e| e.contains("names no challenge"))));
        assert!(ids("builtin:a,b,a").is_some_and(|r| r.is_err_and(|e| e.contains("names a twice"))));
        assert!(ids("builtin:a b").is_some_and(|r| r.is_err_and(|e| e.contains("is not a challenge id"))));
        let many = format!("builtin:{}", (0..=MAX_CHALLENGES).map(|i| format!("c{i}")).collect::<Vec<_>>().join(","));
        assert!(ids(&many).is_some_and(|r| r.is_err()));
        let set = parse_set(<locklab_sim::TtlTradeoff as BuiltIn>::TEXT).expect("the built-in set parses");
        let picked = select(set.clone(), &["heavy-tail".into(), "one-a-day".into()]).expect("both are there");
        assert_eq!(picked.challenges.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(), ["heavy-tail", "one-a-day"]);
        assert_eq!(picked.challenges[0], set.challenges[2], "a challenge comes whole");
        let e = select(set, &["nope".into()]).expect_err("no such challenge");
        assert!(e.contains("have no nope; they are one-a-day, minute-stalls, heavy-tail"), "{e}");
        assert_eq!(activity_ref("builtin:heavy-tail"), BUILTIN);
        assert_eq!(activity_ref("https://sets.example/a.json"), "https://sets.example/a.json");
    }

    #[test]
    fn goals_parse_with_precedence_and_parentheses() {
        let g = Goal::parse("a < 1 or b >= 2 and c == 'x'").expect("parses");
        // and binds tighter than or.
        assert!(matches!(&g, Goal::Any(p) if p.len() == 2 && matches!(&p[1], Goal::All(q) if q.len() == 2)));
        let s = st(&[("a", json!(5)), ("b", json!(2)), ("c", json!("x"))]);
        assert!(g.met(&s));
        let g = Goal::parse("(a < 1 or b >= 2) and c != \"x\"").expect("parses");
        assert!(!g.met(&s));
        assert_eq!(Goal::parse("ttl-s<=30").expect("parses"), Goal::Compare { name: "ttl-s".into(), op: Op::Le, value: Literal::Number(30.0) });
        assert_eq!(Goal::parse("recovers-at >= 21:45").expect("clock"), Goal::Compare { name: "recovers-at".into(), op: Op::Ge, value: Literal::Number(78_300.0) });
        assert_eq!(Goal::parse("x > -1.5e-3").expect("negative"), Goal::Compare { name: "x".into(), op: Op::Gt, value: Literal::Number(-0.0015) });
        assert_eq!(Goal::parse("doubleSale == false").expect("bool"), Goal::Compare { name: "doubleSale".into(), op: Op::Eq, value: Literal::Bool(false) });
    }

    #[test]
    fn every_comparison_means_what_it_says() {
        let s = st(&[("n", json!(2.0)), ("t", json!("b")), ("f", json!(true)), ("none", Value::Null)]);
        let yes = |g: &str| Goal::parse(g).expect("parses").met(&s);
        assert!(yes("n < 3") && !yes("n < 2") && yes("n <= 2") && yes("n > 1") && !yes("n > 2") && yes("n >= 2") && yes("n == 2") && yes("n != 3"));
        assert!(yes("t == 'b'") && yes("t != 'c'") && yes("f == true") && yes("f != false"));
        // An absent optional field meets only !=.
        assert!(!yes("none == 'x'") && !yes("none < 1") && yes("none != 'x'"));
    }

    #[test]
    fn hostile_and_malformed_goals_are_refused_by_name() {
        let cases: &[(&str, &str)] = &[
            ("", "empty"),
            ("a <", "expected a number"),
            ("a 1", "expected a comparison"),
            ("a = 1", "write =="),
            ("a == 1 && b == 2", "join comparisons with and / or"),
            ("a == 1 AND b == 2", "lower case"),
            ("(a == 1", "expected “)”"),
            ("a == 1)", "unexpected “)”"),
            ("a == 'open", "no closing"),
            ("1 < a", "starts with a result or parameter name"),
            ("a == 1 b == 2", "unexpected “b”"),
            ("a == 1e999", "not a number"),
            ("a == NaN", "expected a number"),
            ("a == 0x10", "not a number"),
            ("a == 25:00", "not a number"),
            ("alert(1)", "expected a comparison"),
            ("a == 1; drop table", "has no meaning"),
            ("constructor.prototype == 1 or __proto__ == 2 or a == `x`", "has no meaning"),
        ];
        for (goal, says) in cases {
            let e = Goal::parse(goal).expect_err(goal);
            assert!(e.contains(says), "{goal:?}: {e}");
        }
        let deep = format!("{}a == 1{}", "(".repeat(MAX_DEPTH + 1), ")".repeat(MAX_DEPTH + 1));
        assert!(Goal::parse(&deep).unwrap_err().contains("nest deeper"));
        let ok = format!("{}a == 1{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
        assert!(Goal::parse(&ok).is_ok());
        let many = vec!["a == 1"; MAX_TERMS + 1].join(" or ");
        assert!(Goal::parse(&many).unwrap_err().contains("comparisons"));
        assert!(Goal::parse(&"a".repeat(MAX_GOAL + 1)).unwrap_err().contains("longer"));
        // A flood of parentheses far past the length limit is refused before any parsing.
        assert!(Goal::parse(&"(".repeat(1_000_000)).unwrap_err().contains("longer"));
    }

    #[test]
    fn names_and_types_are_checked_against_the_widget() {
        let specs = locklab_sim::paused_holder::SPECS;
        let s = st(&[("protection", json!("none")), ("pause-s", json!(8.0)), ("doubleSale", json!(true)), ("seat", json!("fan A")), ("maybe", Value::Null)]);
        let check = |g: &str| Goal::parse(g).expect("parses").check("paused-holder", specs, &s);
        assert!(check("doubleSale == false and pause-s > 5").is_ok());
        assert!(check("maybe == 'x' or maybe > 1").is_ok(), "an optional field takes any type");
        assert!(check("doublesale == true").unwrap_err().contains("case-sensitive: “doubleSale”"));
        assert!(check("price < 5").unwrap_err().contains("Known: doubleSale, maybe, pause-s, protection, seat"));
        assert!(check("doubleSale == 1").unwrap_err().contains("doubleSale is true or false; 1 is a number"));
        assert!(check("pause-s == 'long'").unwrap_err().contains("pause-s is a number"));
        assert!(check("seat < 'fan B'").unwrap_err().contains("only numbers are ordered"));
        assert!(check("protection == 'fence-al'").unwrap_err().contains("protection is one of none, fence-writes"));
    }

    #[test]
    fn the_state_has_parameters_by_attribute_name_and_results_by_event_name() {
        let specs = locklab_sim::paused_holder::SPECS;
        let values = locklab_sim::params::defaults(specs);
        let result = json!({ "doubleSale": true, "nested": { "a": 1, "deeper": { "b": "x" } }, "events": [1, 2] });
        let s = state(specs, &values, &result);
        assert_eq!(s.get("protection"), Some(&json!("none")));
        assert_eq!(s.get("doubleSale"), Some(&json!(true)));
        assert_eq!(s.get("nested.deeper.b"), Some(&json!("x")));
        assert!(!s.contains_key("events"), "lists are left out");
    }

    fn set(json: &str) -> Result<ChallengeSet, Vec<String>> {
        parse_set(json)
    }

    #[test]
    fn broken_sets_are_named_precisely() {
        assert!(set("{").unwrap_err()[0].contains("not valid JSON"));
        assert!(set("[]").unwrap_err()[0].contains("must be a JSON object"));
        let e = set(r#"{"title": "T", "widget": "w", "challenges": [
            {"id": "a", "prompt": "P", "goal": "x < 1", "explain": "E"},
            {"id": "a", "prompt": "P", "goal": "x <", "explain": "E", "possible": "no"},
            {"prompt": "", "goal": "x < 1"},
            {"id": "d", "prompt": "P", "goal": "x < 1", "explain": "E", "hints": ["", 3]}
        ]}"#)
        .unwrap_err();
        let all = e.join("\n");
        for says in [
            "challenge 2 (“a”): the id is used by another challenge.",
            "challenge 2 (“a”): goal: expected a number",
            "challenge 2 (“a”): field \"possible\" must be true or false.",
            "challenge 3 (“challenge-3”): field \"prompt\" is empty.",
            "challenge 3 (“challenge-3”): field \"explain\" is missing.",
            "challenge 4 (“d”): hint 1 is empty.",
            "challenge 4 (“d”): hint 2 must be text.",
        ] {
            assert!(all.contains(says), "missing {says:?} in:\n{all}");
        }
        assert!(!all.contains("challenge 1 "), "{all}");
        let big = format!(r#"{{"title": "T", "pad": "{}"}}"#, "x".repeat(MAX_SET_BYTES));
        assert!(set(&big).unwrap_err()[0].contains("KB"));
        let many = vec![r#"{"prompt": "P", "goal": "x < 1", "explain": "E"}"#; MAX_CHALLENGES + 1].join(",");
        assert!(set(&format!(r#"{{"title": "T", "widget": "w", "challenges": [{many}]}}"#)).unwrap_err()[0].contains("at most"));
        let flood = vec![r#"{"goal": "("}"#; MAX_CHALLENGES].join(",");
        assert!(set(&format!(r#"{{"title": "T", "widget": "w", "challenges": [{flood}]}}"#)).unwrap_err().len() <= MAX_ERRORS + 1);
    }

    fn two() -> ChallengeSet {
        set(r#"{"title": "T", "widget": "w", "challenges": [
            {"id": "reach", "prompt": "P", "goal": "x >= 10", "explain": "E"},
            {"id": "never", "prompt": "P", "goal": "x < 0", "explain": "E", "possible": false}
        ]}"#)
        .expect("valid")
    }

    #[test]
    fn tries_count_for_the_challenge_on_screen_only() {
        // Issue #41, item 13: "Met after 61 tries" counted moves made while another was shown.
        let s = two();
        let mut p = Progress::new(&s);
        let x = |v: f64| st(&[("x", json!(v))]);
        for _ in 0..5 {
            assert!(p.changed(&s, &x(1.0), &x(2.0), Some(1)).is_empty());
        }
        assert!(p.changed(&s, &x(2.0), &x(3.0), None).is_empty(), "the panel closed: no one's try");
        assert_eq!(p.attempts, vec![0, 5]);
        // A goal met while another is shown is met, with the meeting change as its one try.
        assert_eq!(p.changed(&s, &x(3.0), &x(10.0), Some(1)), vec![0]);
        assert_eq!((p.met.clone(), p.attempts.clone()), (vec![true, false], vec![1, 6]));
        assert!(Progress::restore(&p.to_json(), &s).is_ok(), "a met challenge always has a try");
    }

    #[test]
    fn only_a_learners_change_meets_a_goal() {
        let s = two();
        let mut p = Progress::new(&s);
        let x = |v: f64| st(&[("x", json!(v))]);
        // Already met at load: moving within the goal does not count.
        assert!(p.changed(&s, &x(12.0), &x(11.0), Some(0)).is_empty());
        assert!(p.changed(&s, &x(11.0), &x(3.0), Some(0)).is_empty());
        assert_eq!(p.changed(&s, &x(3.0), &x(10.0), Some(0)), vec![0]);
        // The tries are the first challenge's: the second was not on screen.
        assert_eq!((p.met.clone(), p.attempts.clone()), (vec![true, false], vec![3, 0]));
        // An impossible goal is never met by a state (even one the author forged), only by the answer.
        assert!(p.changed(&s, &x(1.0), &x(-1.0), Some(1)).is_empty());
        assert_eq!(p.cannot_be_done(&s, 0, None), None, "already met");
        assert_eq!(p.cannot_be_done(&s, 1, None), Some(true));
        assert_eq!(p.met_count(), 2);
        let mut q = Progress::new(&s);
        assert_eq!(q.cannot_be_done(&s, 0, None), Some(false), "this one can be done");
        assert_eq!(q.attempts[0], 1);
    }

    #[test]
    fn tries_limit_the_answers_that_it_cannot_be_done() {
        let s = two();
        let mut p = Progress::new(&s);
        // One try: a wrong answer uses it, and no further answer is taken (nor counted).
        assert_eq!(p.claims_left(0, Some(1)), Some(1));
        assert_eq!(p.cannot_be_done(&s, 0, Some(1)), Some(false));
        assert_eq!(p.claims_left(0, Some(1)), Some(0));
        assert_eq!(p.cannot_be_done(&s, 0, Some(1)), None);
        assert_eq!((p.attempts[0], p.claims[0]), (1, 1));
        // The limit is per challenge; unlimited takes any number.
        assert_eq!(p.cannot_be_done(&s, 1, Some(1)), Some(true));
        assert_eq!(p.claims_left(0, None), None);
        assert_eq!(p.cannot_be_done(&s, 0, None), Some(false));
        // Kept across a reload, so a reload gives no try back; progress saved before claims were
        // counted reads as none, and a count beyond the attempts is a forgery.
        let back = Progress::restore(&p.to_json(), &s).unwrap();
        assert_eq!(back.claims, vec![2, 1]);
        let old = json!({"version": 1, "ids": ["reach", "never"], "met": [false, false], "attempts": [4, 0]});
        assert_eq!(Progress::restore(&old.to_string(), &s).map(|p| p.claims), Ok(vec![0, 0]));
        let mut forged = p.clone();
        forged.claims[0] = 9;
        assert!(Progress::restore(&forged.to_json(), &s).unwrap_err().contains("more answers"));
    }

    #[test]
    fn saved_progress_round_trips_and_forgeries_are_refused() {
        let s = two();
        let mut p = Progress::new(&s);
        p.cannot_be_done(&s, 1, None);
        assert_eq!(Progress::restore(&p.to_json(), &s), Ok(p.clone()));
        let mut forged = p.clone();
        forged.met[0] = true;
        assert!(Progress::restore(&forged.to_json(), &s).unwrap_err().contains("no attempt"));
        let mut other = p.clone();
        other.ids[0] = "else".into();
        assert!(Progress::restore(&other.to_json(), &s).is_err());
        assert!(Progress::restore("{", &s).is_err());
    }

    #[test]
    fn statements_meet_the_specification() {
        let s = two();
        let st = statement(None, "ttl-tradeoff", BUILTIN, &s, 0, true, &json!({"ttl-s": 30}), &json!({"exactPerDay": 0.5}), None);
        assert_eq!(crate::xapi::check(&st), Vec::<String>::new());
        assert_eq!(st["object"]["id"], "urn:locklab:challenge:ttl-tradeoff:reach");
        assert_eq!(st["result"]["extensions"][STATE_EXTENSION]["params"]["ttl-s"], 30);
        let from_url = statement(Some("https://course.example/locks/"), "ttl-tradeoff", "https://site.example/sets/ttl.json", &s, 1, false, &json!({}), &json!({}), None);
        assert_eq!(from_url["object"]["id"], "https://course.example/locks/ttl-tradeoff/https%3A%2F%2Fsite.example%2Fsets%2Fttl.json/never");
        assert_eq!(activity_id(None, "w", "https://site.example/s.json#x", "c 1"), "https://site.example/s.json#c%201");
        assert_eq!(crate::xapi::check(&from_url), Vec::<String>::new());
        // The checker sees a key that is no IRI, and a success that is no boolean.
        let mut bad = st.clone();
        bad["result"]["extensions"] = json!({ "state": {} });
        bad["result"]["success"] = json!("yes");
        assert_eq!(crate::xapi::check(&bad).len(), 2, "{:?}", crate::xapi::check(&bad));
    }
}
