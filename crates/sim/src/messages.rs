//! Messages: every sentence a learner reads, looked up by a stable key in a Fluent file, with the
//! numbers formatted by the locale (issue #47).
//!
//! English is the source: one file per widget and one for the shared pieces, in
//! `crates/sim/locales/en/`, compiled in (a page in English fetches nothing more). Another
//! locale's file is text the page fetched (`dist/locales/<locale>.ftl`); a message it lacks falls
//! back to English for that message only, and [`Tr::missing`] names it (the widgets warn on the
//! console). A key never changes meaning once released: a changed sentence gets a new key.
//!
//! # The subset of Fluent locklab reads
//!
//! - `# comments` (any number of `#`), blank lines;
//! - messages `key = text`, the key `[a-zA-Z][a-zA-Z0-9_-]*`; the text may go on over indented
//!   lines, which are joined with one space (Fluent keeps the line break; in a paragraph they read
//!   alike);
//! - placeables: `{ $name }` (a number is formatted as `NUMBER` would), `{ NUMBER($name) }`,
//!   `{ INT($name) }` (whole, grouped), `{ PERCENT($name) }` (a fraction: `0.25` → `25 %`),
//!   `{ MS($name) }` (a duration given in milliseconds: `42.5` → `42.5 ms`, in seconds from ten
//!   seconds up: `516785` → `517 s`),
//!   `{ "literal" }` (for a brace: `{ "{" }`), `{ other-key }` (another message);
//! - selectors on a number: `{ $n -> [0] none [one] one hold *[other] { INT($n) } holds }`, a
//!   number key matched exactly, then the locale's plural category (`zero`, `one`, `two`, `few`,
//!   `many`, `other`), then the `*` default; the selector may be `INT($n)`, so that the category
//!   is chosen for the number as it is shown.
//!
//! Not read: terms (`-name`), attributes (`.name`), other functions. A file using them is refused
//! with the line that does.

/// The most text one locale's file may have, and the most messages (a page can supply one).
pub const MAX_TEXT: usize = 512 * 1024;
pub const MAX_MESSAGES: usize = 5_000;
/// How deeply messages may name each other (`{ other-key }`), so that a loop ends.
const MAX_DEPTH: usize = 8;
/// The most messages a page's reworded message may have said for it, through the messages it
/// names ([`Tr::reword`]).
const MAX_EXPANSION: usize = 256;

/// A value a message is given.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Num(f64),
    Text(String),
}

impl From<f64> for Arg {
    fn from(v: f64) -> Self {
        Arg::Num(v)
    }
}
impl From<i64> for Arg {
    fn from(v: i64) -> Self {
        Arg::Num(v as f64)
    }
}
impl From<u32> for Arg {
    fn from(v: u32) -> Self {
        Arg::Num(f64::from(v))
    }
}
impl From<u64> for Arg {
    fn from(v: u64) -> Self {
        Arg::Num(v as f64)
    }
}
impl From<usize> for Arg {
    fn from(v: usize) -> Self {
        Arg::Num(v as f64)
    }
}
impl From<&str> for Arg {
    fn from(v: &str) -> Self {
        Arg::Text(v.to_string())
    }
}
impl From<String> for Arg {
    fn from(v: String) -> Self {
        Arg::Text(v)
    }
}

/// How a placeable formats its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Three significant figures below 100, whole (grouped) above: [`crate::text::num`].
    Number,
    /// Whole and grouped: [`crate::text::int`].
    Int,
    /// A fraction as a percentage: [`crate::text::percent`].
    Percent,
    /// A duration in milliseconds, shown in ms below ten seconds and in s from there:
    /// [`crate::text::ms`].
    Ms,
}

/// A locale's numbers and plural rules. [`Plain`] is English as the narratives have always
/// written it; the browser's is `Intl` (the widgets crate), so no locale data is compiled in.
pub trait Numbers {
    fn format(&self, v: f64, how: Format) -> String;
    /// The plural category (`one`, `other`, …) of `v` as `how` shows it.
    fn plural(&self, v: f64, how: Format) -> &'static str;
}

/// English numbers, as [`crate::text`] writes them, and English plurals.
pub struct Plain;

impl Numbers for Plain {
    fn format(&self, v: f64, how: Format) -> String {
        match how {
            Format::Number => crate::text::num(v),
            Format::Int => crate::text::int(libm::round(v) as i64),
            Format::Percent => crate::text::percent(v),
            Format::Ms => crate::text::ms(v),
        }
    }
    fn plural(&self, v: f64, how: Format) -> &'static str {
        // English: "one" for exactly 1 written without decimals (CLDR: i = 1 and v = 0).
        if self.format(v, how) == "1" { "one" } else { "other" }
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Part {
    Text(String),
    Var(String, Format),
    Literal(String),
    Ref(String),
    Select { var: String, how: Format, variants: Vec<(Key, Vec<Part>)>, default: usize },
}

#[derive(Clone, Debug, PartialEq)]
enum Key {
    Number(f64),
    Category(String),
}

/// One locale's messages, parsed: sorted by key (a plain sorted list: a map's code cost every
/// wasm bundle about 1 KB gzip more).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bundle {
    messages: Messages,
}

#[derive(Clone, Debug, Default, PartialEq)]
struct Messages(Vec<(String, Vec<Part>)>);

impl Messages {
    fn find(&self, key: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(key))
    }
    fn get(&self, key: &str) -> Option<&Vec<Part>> {
        self.find(key).ok().map(|i| &self.0[i].1)
    }
    fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_ok()
    }
    /// Adds or replaces; `true` when the key was there.
    fn insert(&mut self, key: String, parts: Vec<Part>) -> bool {
        match self.find(&key) {
            Ok(i) => {
                self.0[i].1 = parts;
                true
            }
            Err(i) => {
                self.0.insert(i, (key, parts));
                false
            }
        }
    }
    fn len(&self) -> usize {
        self.0.len()
    }
}

/// A file that could not be read: its line (from 1) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

fn is_key(k: &str) -> bool {
    let mut c = k.chars();
    c.next().is_some_and(|f| f.is_ascii_alphabetic()) && c.all(|ch| ch.is_ascii_alphanumeric() || ch == '-' || ch == '_')
}

impl Bundle {
    /// Reads a file in the subset above. A key defined twice, text over [`MAX_TEXT`] or more than
    /// [`MAX_MESSAGES`] messages is refused.
    pub fn parse(text: &str) -> Result<Bundle, ParseError> {
        if text.len() > MAX_TEXT {
            return Err(ParseError { line: 0, message: format!("the file is {} bytes; at most {MAX_TEXT} are read", text.len()) });
        }
        let mut bundle = Bundle::default();
        let lines: Vec<&str> = text.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i].trim_end_matches('\r');
            let at = i + 1;
            i += 1;
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            if line.starts_with(' ') || line.starts_with('\t') {
                return Err(ParseError { line: at, message: "an indented line outside a message".into() });
            }
            let Some((key, first)) = line.split_once('=') else {
                return Err(ParseError { line: at, message: format!("expected `key = text`, found `{}`", clip(line)) });
            };
            let key = key.trim();
            if key.starts_with('-') {
                return Err(ParseError { line: at, message: format!("terms (`{key}`) are not read by locklab; write a message") });
            }
            if !is_key(key) {
                return Err(ParseError { line: at, message: format!("`{}` is not a message key (a letter, then letters, digits, - or _)", clip(key)) });
            }
            let mut value = first.trim().to_string();
            let mut depth = brace_depth(0, &value);
            while i < lines.len() {
                let next = lines[i].trim_end_matches('\r');
                if depth > 0 && !next.trim().is_empty() {
                    // Inside a placeable, lines need no indentation (a selector's closing `}`).
                } else if next.trim().is_empty() {
                    // A blank line inside a message's text only if indented text follows.
                    let more = lines[i..].iter().find(|l| !l.trim().is_empty()).is_some_and(|l| l.starts_with(' ') || l.starts_with('\t'));
                    if !more {
                        break;
                    }
                } else if !(next.starts_with(' ') || next.starts_with('\t')) {
                    break;
                } else if next.trim_start().starts_with('.') {
                    return Err(ParseError { line: i + 1, message: format!("attributes are not read by locklab (in `{key}`)") });
                }
                value.push('\n');
                value.push_str(next.trim());
                depth = brace_depth(depth, next);
                i += 1;
            }
            let parts = Parser { s: value.as_bytes(), at: 0, text: &value }.pattern(false).map_err(|m| ParseError { line: at, message: format!("in `{key}`: {m}") })?;
            if bundle.messages.insert(key.to_string(), parts) {
                return Err(ParseError { line: at, message: format!("`{key}` is defined twice") });
            }
            if bundle.messages.len() > MAX_MESSAGES {
                return Err(ParseError { line: at, message: format!("more than {MAX_MESSAGES} messages") });
            }
        }
        Ok(bundle)
    }

    pub fn has(&self, key: &str) -> bool {
        self.messages.contains_key(key)
    }

    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.messages.0.iter().map(|(k, _)| k.as_str())
    }

    /// Every `$name` a message uses (in its text and its selectors), sorted, or `None` when the
    /// bundle has no such message.
    pub fn placeables(&self, key: &str) -> Option<Vec<String>> {
        fn walk(parts: &[Part], out: &mut Vec<String>) {
            for p in parts {
                match p {
                    Part::Var(v, _) => out.push(v.clone()),
                    Part::Select { var, variants, .. } => {
                        out.push(var.clone());
                        for (_, ps) in variants {
                            walk(ps, out);
                        }
                    }
                    _ => {}
                }
            }
        }
        let mut out = Vec::new();
        walk(self.messages.get(key)?, &mut out);
        out.sort();
        out.dedup();
        Some(out)
    }

    /// The messages `{ other-key }` names in `key`.
    pub fn references(&self, key: &str) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(parts) = self.messages.get(key) {
            refs(parts, &mut out);
        }
        out
    }

    /// Adds `other`'s messages, which win over these.
    pub fn extend(&mut self, other: Bundle) {
        for (k, parts) in other.messages.0 {
            self.messages.insert(k, parts);
        }
    }

    /// This bundle as a file again, each piece of text put through `text` and each message
    /// between `wrap`'s two strings (the pseudo-locales).
    pub fn to_ftl(&self, text: &dyn Fn(&str) -> String, wrap: (&str, &str)) -> String {
        let mut out = String::new();
        for (k, parts) in &self.messages.0 {
            out.push_str(k);
            out.push_str(" = ");
            out.push_str(wrap.0);
            write_parts(parts, text, &mut out);
            out.push_str(wrap.1);
            out.push('\n');
        }
        out
    }
}

/// How many placeables are open after `line`, given `depth` open before it (a string literal's
/// braces do not count).
fn brace_depth(mut depth: usize, line: &str) -> usize {
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' if depth > 0 => quoted = !quoted,
            '{' if !quoted => depth += 1,
            '}' if !quoted => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    depth
}

fn clip(s: &str) -> String {
    s.chars().take(60).collect()
}

fn write_parts(parts: &[Part], text: &dyn Fn(&str) -> String, out: &mut String) {
    let call = |how: Format, v: &str| match how {
        Format::Number => format!("${v}"),
        Format::Int => format!("INT(${v})"),
        Format::Percent => format!("PERCENT(${v})"),
        Format::Ms => format!("MS(${v})"),
    };
    for p in parts {
        match p {
            Part::Text(t) => {
                let t = text(t);
                // Braces in text are written as literals; a line may not start with `[`, `*` or `.`.
                out.push_str(&t.replace('{', "\u{1}").replace('}', "{ \"}\" }").replace('\u{1}', "{ \"{\" }"));
            }
            Part::Var(v, how) => {
                out.push_str("{ ");
                out.push_str(&call(*how, v));
                out.push_str(" }");
            }
            Part::Literal(l) => {
                out.push_str("{ \"");
                out.push_str(&text(l));
                out.push_str("\" }");
            }
            Part::Ref(r) => {
                out.push_str("{ ");
                out.push_str(r);
                out.push_str(" }");
            }
            Part::Select { var, how, variants, default } => {
                out.push_str("{ ");
                out.push_str(&call(*how, var));
                out.push_str(" ->");
                for (i, (key, ps)) in variants.iter().enumerate() {
                    out.push_str(if i == *default { "\n   *[" } else { "\n    [" });
                    match key {
                        Key::Number(n) => out.push_str(&format!("{n}")),
                        Key::Category(c) => out.push_str(c),
                    }
                    out.push_str("] ");
                    write_parts(ps, text, out);
                }
                out.push_str("\n}");
            }
        }
    }
}

struct Parser<'a> {
    s: &'a [u8],
    at: usize,
    text: &'a str,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.at).copied()
    }
    fn ws(&mut self) {
        while self.peek().is_some_and(|c| c == b' ' || c == b'\n' || c == b'\t') {
            self.at += 1;
        }
    }
    fn ident(&mut self) -> String {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_') {
            self.at += 1;
        }
        self.text[start..self.at].to_string()
    }
    fn eat(&mut self, what: &str) -> bool {
        if self.s[self.at..].starts_with(what.as_bytes()) {
            self.at += what.len();
            true
        } else {
            false
        }
    }

    /// Text and placeables, up to the end (or, in a variant, up to the next variant or the
    /// selector's `}`). Line breaks (and the indentation after them) read as one space.
    fn pattern(&mut self, in_variant: bool) -> Result<Vec<Part>, String> {
        let mut parts = Vec::new();
        let mut text = String::new();
        while let Some(c) = self.peek() {
            match c {
                b'{' => {
                    self.at += 1;
                    if !text.is_empty() {
                        parts.push(Part::Text(std::mem::take(&mut text)));
                    }
                    parts.push(self.placeable()?);
                }
                b'}' => {
                    if in_variant {
                        break;
                    }
                    return Err("a `}` without its `{` (write `{ \"}\" }`)".into());
                }
                b'\n' => {
                    // Does a variant start on the next line?
                    let save = self.at;
                    self.ws();
                    if in_variant && (self.peek() == Some(b'[') || self.peek() == Some(b'*') || self.peek() == Some(b'}')) {
                        self.at = save;
                        break;
                    }
                    if self.peek().is_some() && !text.is_empty() && !text.ends_with(' ') {
                        text.push(' ');
                    }
                    if self.peek().is_none() {
                        break;
                    }
                }
                _ => {
                    let ch = self.text[self.at..].chars().next().unwrap_or(' ');
                    text.push(ch);
                    self.at += ch.len_utf8();
                }
            }
        }
        let trimmed = if in_variant { text.trim_end().to_string() } else { text };
        if !trimmed.is_empty() {
            parts.push(Part::Text(trimmed));
        }
        if in_variant {
            if let Some(Part::Text(t)) = parts.first_mut() {
                *t = t.trim_start().to_string();
            }
        }
        Ok(parts)
    }

    fn expression(&mut self) -> Result<Part, String> {
        self.ws();
        match self.peek() {
            Some(b'$') => {
                self.at += 1;
                let v = self.ident();
                if v.is_empty() {
                    return Err("`$` without a name".into());
                }
                Ok(Part::Var(v, Format::Number))
            }
            Some(b'"') => {
                self.at += 1;
                let start = self.at;
                while self.peek().is_some_and(|c| c != b'"' && c != b'\n') {
                    self.at += 1;
                }
                if !self.eat("\"") {
                    return Err("a string literal without its closing `\"`".into());
                }
                Ok(Part::Literal(self.text[start..self.at - 1].to_string()))
            }
            Some(c) if c.is_ascii_alphabetic() => {
                let name = self.ident();
                self.ws();
                if self.eat("(") {
                    let how = match name.as_str() {
                        "NUMBER" => Format::Number,
                        "INT" => Format::Int,
                        "PERCENT" => Format::Percent,
                        "MS" => Format::Ms,
                        _ => return Err(format!("the function `{name}` is not read by locklab (NUMBER, INT, PERCENT, MS are)")),
                    };
                    self.ws();
                    if !self.eat("$") {
                        return Err(format!("`{name}(` takes a `$name`"));
                    }
                    let v = self.ident();
                    self.ws();
                    if !self.eat(")") {
                        return Err(format!("`{name}($…` without its `)` (options are not read)"));
                    }
                    Ok(Part::Var(v, how))
                } else if name.starts_with('-') {
                    Err("terms are not read by locklab".into())
                } else {
                    Ok(Part::Ref(name))
                }
            }
            Some(b'-') => Err("terms (`{ -name }`) are not read by locklab".into()),
            _ => Err("a placeable must hold `$name`, a function, a \"literal\" or a message's key".into()),
        }
    }

    fn placeable(&mut self) -> Result<Part, String> {
        let e = self.expression()?;
        self.ws();
        if self.eat("}") {
            return Ok(e);
        }
        if !self.eat("->") {
            return Err("a placeable without its closing `}`".into());
        }
        let (var, how) = match e {
            Part::Var(v, how) => (v, how),
            _ => return Err("only a number (`$name` or `INT($name)`) can choose a variant".into()),
        };
        let mut variants = Vec::new();
        let mut default = None;
        loop {
            self.ws();
            if self.eat("}") {
                break;
            }
            let star = self.eat("*");
            if !self.eat("[") {
                return Err("expected a variant `[key]` or the selector's `}`".into());
            }
            self.ws();
            let start = self.at;
            while self.peek().is_some_and(|c| c != b']' && c != b'\n') {
                self.at += 1;
            }
            let raw = self.text[start..self.at].trim().to_string();
            if !self.eat("]") {
                return Err("a variant key without its `]`".into());
            }
            // (`params::parse_number`: the host's parser in the browser, not Rust's tables.)
            let key = match crate::params::parse_number(&raw) {
                Some(n) if raw.bytes().next().is_some_and(|b| b.is_ascii_digit() || b == b'-') => Key::Number(n),
                _ if is_key(&raw) => Key::Category(raw),
                _ => return Err(format!("`[{}]` is neither a number nor a plural category", clip(&raw))),
            };
            if star {
                if default.is_some() {
                    return Err("two default (`*`) variants".into());
                }
                default = Some(variants.len());
            }
            let body = self.pattern(true)?;
            variants.push((key, body));
            if self.peek().is_none() {
                return Err("a selector without its closing `}`".into());
            }
        }
        let Some(default) = default else { return Err("a selector needs a default variant (`*[other]`)".into()) };
        Ok(Part::Select { var, how, variants, default })
    }
}

/// Every `$name` `parts` uses (in its text and its selectors), each once, in the order met
/// (unsorted: a sort would put a stable sort's code in every bundle, for a handful of names).
fn vars(parts: &[Part], out: &mut Vec<String>) {
    for p in parts {
        match p {
            Part::Var(v, _) => {
                if !out.contains(v) {
                    out.push(v.clone());
                }
            }
            Part::Select { var, variants, .. } => {
                if !out.contains(var) {
                    out.push(var.clone());
                }
                for (_, ps) in variants {
                    vars(ps, out);
                }
            }
            _ => {}
        }
    }
}

/// The messages `parts` names (`{ other-key }`), in its text and its selectors' variants.
fn refs(parts: &[Part], out: &mut Vec<String>) {
    for p in parts {
        match p {
            Part::Ref(r) => out.push(r.clone()),
            Part::Select { variants, .. } => variants.iter().for_each(|(_, ps)| refs(ps, out)),
            _ => {}
        }
    }
}

/// A message to say later, in whichever language is asked then: its key and its arguments. A
/// simulation that records what happened (a timeline's steps) keeps these beside its English text,
/// so that a widget can say each step in its own language ([`Tr::said`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Said {
    pub key: &'static str,
    pub args: Vec<(&'static str, Given)>,
}

/// An argument of a [`Said`] message.
#[derive(Clone, Debug, PartialEq)]
pub enum Given {
    Num(f64),
    /// Another message (without arguments), said in the same language: a name, a state.
    Key(&'static str),
    /// Another message with its own arguments.
    Said(Box<Said>),
    /// A name said as it is in every language (a master's letter).
    Name(&'static str),
    /// Text said as it is in every language (what an author typed, a parameter's name).
    Text(String),
    /// A parameter's value as its control shows it, in the language's numbers and words
    /// ([`Tr::value`]).
    Value(crate::params::Spec, f64),
}

impl Said {
    pub fn new(key: &'static str) -> Self {
        Said { key, args: Vec::new() }
    }

    /// With the number `v` as `$name`.
    pub fn num(mut self, name: &'static str, v: f64) -> Self {
        self.args.push((name, Given::Num(v)));
        self
    }

    /// With message `key` as `$name`.
    pub fn key(mut self, name: &'static str, key: &'static str) -> Self {
        self.args.push((name, Given::Key(key)));
        self
    }

    /// With `text`, the same in every language, as `$name`.
    pub fn name(mut self, name: &'static str, text: &'static str) -> Self {
        self.args.push((name, Given::Name(text)));
        self
    }

    /// With `text`, what an author typed or a name, as `$name`.
    pub fn text(mut self, name: &'static str, text: impl Into<String>) -> Self {
        self.args.push((name, Given::Text(text.into())));
        self
    }

    /// With parameter `spec`'s value `v`, as its control shows it, as `$name`.
    pub fn value(mut self, name: &'static str, spec: &crate::params::Spec, v: f64) -> Self {
        self.args.push((name, Given::Value(*spec, v)));
        self
    }

    /// With another message and its arguments as `$name`.
    pub fn said(mut self, name: &'static str, said: Said) -> Self {
        self.args.push((name, Given::Said(Box::new(said))));
        self
    }
}

/// What a page's own wording file held that a widget could not use ([`Tr::reword`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Refused {
    /// Keys the widget has no message for.
    pub unknown: Vec<String>,
    /// A message, and the `$name`s it uses that the widget does not give it.
    pub placeables: Vec<(String, Vec<String>)>,
    /// A message, and a message it names that does not exist.
    pub references: Vec<(String, String)>,
}

impl Refused {
    pub fn is_empty(&self) -> bool {
        self.unknown.is_empty() && self.placeables.is_empty() && self.references.is_empty()
    }
}

/// Messages in one locale over English: what a widget says.
pub struct Tr {
    locale: String,
    /// The page's own wording (`data-messages`), over every locale: see [`Tr::reword`].
    page: Option<Bundle>,
    own: Option<Bundle>,
    english: Bundle,
    numbers: Box<dyn Numbers>,
    missing: std::cell::RefCell<Vec<String>>,
}

impl Tr {
    /// English alone, from the English sources given (the shared file and a widget's).
    pub fn english(sources: &[&str]) -> Tr {
        Tr::new("en", None, sources, Box::new(Plain))
    }

    /// `own` over English: a message `own` lacks, or cannot format, is said in English (and
    /// named in [`Tr::missing`]). An English source that does not parse is a defect the tests
    /// catch; here it is skipped.
    pub fn new(locale: &str, own: Option<Bundle>, english: &[&str], numbers: Box<dyn Numbers>) -> Tr {
        let mut en = Bundle::default();
        for s in english {
            if let Ok(b) = Bundle::parse(s) {
                en.extend(b);
            }
        }
        Tr { locale: locale.to_string(), page: None, own, english: en, numbers, missing: Default::default() }
    }

    pub fn locale(&self) -> &str {
        &self.locale
    }

    /// The keys asked for that this locale lacked (each once), since the last call.
    pub fn missing(&self) -> Vec<String> {
        std::mem::take(&mut *self.missing.borrow_mut())
    }

    /// Takes a page's own wording (`data-messages`, issue #47 item 5) over this locale's and
    /// English: each message of `page` replaces the one of that key, in every language the widget
    /// speaks. `words` are the keys of the widget's words whose English lives in the Rust source
    /// (its control labels and options: [`Tr::word`]). What the widget cannot use is left out and
    /// returned: a key it does not have, a message that uses a `$name` the widget does not give
    /// that message, or one that names another message it does not have.
    pub fn reword(&mut self, page: Bundle, words: &[String]) -> Refused {
        let mut refused = Refused::default();
        let mut kept = Vec::new();
        for (key, parts) in &page.messages.0 {
            let given = if self.english.has(key) {
                self.given(key)
            } else if words.contains(key) {
                Vec::new()
            } else {
                refused.unknown.push(key.clone());
                continue;
            };
            // What it uses as it would be said: its own `$name`s and those of every message it
            // names, in the page's wording or in English (both, to be safe), each named message
            // one the widget has. A loop, or more than a few hundred messages said for one, is
            // refused too (it could only hang the page).
            let mut used = Vec::new();
            vars(parts, &mut used);
            let mut bad = None;
            let mut path = vec![key.clone()];
            let mut budget = MAX_EXPANSION;
            self.expand(parts, &page, words, &mut path, &mut used, &mut budget, &mut bad);
            if let Some(r) = bad {
                refused.references.push((key.clone(), r));
                continue;
            }
            let extra: Vec<String> = used.into_iter().filter(|v| !given.contains(v)).collect();
            if !extra.is_empty() {
                refused.placeables.push((key.clone(), extra));
                continue;
            }
            // In the page's order, which is the key order a bundle keeps.
            kept.push((key.clone(), parts.clone()));
        }
        self.page = Some(Bundle { messages: Messages(kept) });
        refused
    }

    /// Follows the messages `parts` names (see [`Tr::reword`]): adds their `$name`s to `used`, or
    /// sets `bad` to the first that does not exist, closes a loop, or exceeds the budget.
    #[allow(clippy::too_many_arguments)]
    fn expand(&self, parts: &[Part], page: &Bundle, words: &[String], path: &mut Vec<String>, used: &mut Vec<String>, budget: &mut usize, bad: &mut Option<String>) {
        let mut named = Vec::new();
        refs(parts, &mut named);
        for r in named {
            if bad.is_some() {
                return;
            }
            if *budget == 0 || path.len() > MAX_DEPTH || path.contains(&r) || !(self.english.has(&r) || words.contains(&r)) {
                *bad = Some(r);
                return;
            }
            *budget -= 1;
            path.push(r.clone());
            for b in [&page.messages, &self.english.messages] {
                if let Some(ps) = b.get(&r) {
                    vars(ps, used);
                    self.expand(ps, page, words, path, used, budget, bad);
                }
            }
            path.pop();
        }
    }

    /// The `$name`s English's `key` is given: its own and those of the messages it names.
    fn given(&self, key: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut todo = vec![key.to_string()];
        let mut seen = Vec::new();
        while let Some(k) = todo.pop() {
            if seen.contains(&k) || seen.len() > MAX_DEPTH * 8 {
                continue;
            }
            if let Some(parts) = self.english.messages.get(&k) {
                vars(parts, &mut out);
            }
            todo.extend(self.english.references(&k));
            seen.push(k);
        }
        out
    }

    /// This locale's numbers.
    pub fn numbers(&self) -> &dyn Numbers {
        &*self.numbers
    }

    /// A word whose English lives in the Rust source (a parameter's label, an option's):
    /// this locale's message `key` (no arguments), or `english`, named in [`Tr::missing`] when a
    /// translation was given and lacks it.
    pub fn word(&self, key: &str, english: &str) -> String {
        if let Some(parts) = self.page.as_ref().and_then(|b| b.messages.get(key)) {
            let mut out = String::new();
            if self.render(parts, &[], 0, &*self.numbers, &mut out) {
                return out;
            }
        }
        let Some(own) = &self.own else { return english.to_string() };
        if let Some(parts) = own.messages.get(key) {
            let mut out = String::new();
            if self.render(parts, &[], 0, &*self.numbers, &mut out) {
                return out;
            }
        }
        let mut m = self.missing.borrow_mut();
        if !m.iter().any(|k| k == key) {
            m.push(key.to_string());
        }
        english.to_string()
    }

    /// A control's label: `<widget>-param-<name>` (`crates/sim/locales/en/params.ftl` lists them).
    pub fn label(&self, widget: &str, spec: &crate::params::Spec) -> String {
        self.word(&param_key(widget, spec.name), spec.label)
    }

    /// A parameter's value as its control shows it, in this locale: [`crate::params::Spec::format`].
    pub fn value(&self, widget: &str, spec: &crate::params::Spec, v: f64) -> String {
        spec.format_with(
            v,
            &*self.numbers,
            &|on| self.msg(if on { "value-on" } else { "value-off" }, &[]),
            // Without a widget (a notice said for an event), an option's English label.
            &|o| if widget.is_empty() { o.label.to_string() } else { self.word(&option_key(widget, spec.name, o.value), o.label) },
        )
    }

    /// The message `key` with `args`. A key no bundle has is shown as nothing but is named in
    /// [`Tr::missing`] (a defect the tests catch: every key used is in English).
    pub fn msg(&self, key: &str, args: &[(&str, Arg)]) -> String {
        self.say(key, args, 0)
    }

    /// A [`Said`] message, its arguments said in this language too.
    pub fn said(&self, said: &Said) -> String {
        self.said_for("", said)
    }

    /// The same for widget `widget`, whose parameters' options have their own words.
    pub fn said_for(&self, widget: &str, said: &Said) -> String {
        let args: Vec<(&str, Arg)> = said
            .args
            .iter()
            .map(|(name, given)| {
                let v = match given {
                    Given::Num(v) => Arg::Num(*v),
                    Given::Key(key) => Arg::Text(self.msg(key, &[])),
                    Given::Said(inner) => Arg::Text(self.said_for(widget, inner)),
                    Given::Name(text) => Arg::Text((*text).to_string()),
                    Given::Text(text) => Arg::Text(text.clone()),
                    Given::Value(spec, v) => Arg::Text(self.value(widget, spec, *v)),
                };
                (*name, v)
            })
            .collect();
        self.msg(said.key, &args)
    }

    fn say(&self, key: &str, args: &[(&str, Arg)], depth: usize) -> String {
        if depth > MAX_DEPTH {
            return String::new();
        }
        for bundle in [&self.page, &self.own].into_iter().flatten() {
            if let Some(parts) = bundle.messages.get(key) {
                let mut out = String::new();
                if self.render(parts, args, depth, &*self.numbers, &mut out) {
                    return out;
                }
            }
        }
        if self.own.is_some() {
            let mut m = self.missing.borrow_mut();
            if !m.iter().any(|k| k == key) {
                m.push(key.to_string());
            }
        }
        let mut out = String::new();
        if let Some(parts) = self.english.messages.get(key) {
            // English numbers in an English sentence.
            self.render(parts, args, depth, &Plain, &mut out);
        } else {
            let mut m = self.missing.borrow_mut();
            if !m.iter().any(|k| k == key) {
                m.push(key.to_string());
            }
        }
        out
    }

    /// Renders `parts`; `false` when an argument it needs is missing or not a number.
    fn render(&self, parts: &[Part], args: &[(&str, Arg)], depth: usize, numbers: &dyn Numbers, out: &mut String) -> bool {
        let get = |name: &str| args.iter().find(|(k, _)| *k == name).map(|(_, v)| v);
        for p in parts {
            match p {
                Part::Text(t) | Part::Literal(t) => out.push_str(t),
                Part::Ref(r) => out.push_str(&self.say(r, args, depth + 1)),
                Part::Var(v, how) => match get(v) {
                    Some(Arg::Num(n)) => out.push_str(&numbers.format(*n, *how)),
                    Some(Arg::Text(t)) if *how == Format::Number => out.push_str(t),
                    _ => return false,
                },
                Part::Select { var, how, variants, default } => {
                    let Some(Arg::Num(n)) = get(var) else { return false };
                    let category = numbers.plural(*n, *how);
                    let pick = variants
                        .iter()
                        .position(|(k, _)| matches!(k, Key::Number(x) if x == n))
                        .or_else(|| variants.iter().position(|(k, _)| matches!(k, Key::Category(c) if c == category)))
                        .unwrap_or(*default);
                    if !self.render(&variants[pick].1, args, depth, numbers, out) {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// The key of `widget`'s parameter `name`'s label.
pub fn param_key(widget: &str, name: &str) -> String {
    format!("{widget}-param-{name}")
}

/// The key of an option's label (`value` as attributes write it, a character a key cannot hold
/// written `_`: `renewal+fencing` → `renewal_fencing`).
pub fn option_key(widget: &str, name: &str, value: &str) -> String {
    let value: String = value.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect();
    format!("{widget}-param-{name}-{value}")
}

/// The keys of a widget's words whose English lives in its parameter specs (labels, options'
/// labels), as [`Tr::label`] and [`Tr::value`] ask for them.
pub fn word_keys(widget: &str, specs: &[crate::params::Spec]) -> Vec<String> {
    let mut out = Vec::new();
    for spec in specs {
        out.push(param_key(widget, spec.name));
        if let crate::params::Kind::Choice { options, .. } = spec.kind {
            out.extend(options.iter().map(|o| option_key(widget, spec.name, o.value)));
        }
    }
    out
}

/// The English file of every simulation's control labels and options, made from the specs (the
/// one source of them): `crates/sim/locales/en/params.ftl`, which a test holds to this.
pub fn params_ftl() -> String {
    let mut out = String::from(
        "# Every simulation's control labels and their options' labels, in English. Generated from the\n\
         # parameter specs in crates/sim (the one source of them): do not edit; a test holds it to them\n\
         # (LOCKLAB_WRITE_GENERATED=1 cargo test -p locklab-sim --test locales writes it).\n",
    );
    for w in crate::registry::widgets() {
        let (name, specs) = (w.name, w.specs);
        out.push_str(&format!("\n## {name}\n\n"));
        for spec in specs {
            out.push_str(&format!("{} = {}\n", param_key(name, spec.name), spec.label));
            if let crate::params::Kind::Choice { options, .. } = spec.kind {
                for o in options {
                    out.push_str(&format!("{} = {}\n", option_key(name, spec.name, o.value), o.label));
                }
            }
        }
    }
    out
}

/// The English file of the pieces every widget shares.
pub const SHARED: &str = include_str!(concat!(env!("OUT_DIR"), "/en/shared.ftl"));

/// What the course layer's panels say (the challenge panel), in English: only a widget built with
/// the course layer carries it (`crates/sim/locales/en/course.ftl`).
pub const COURSE: &str = include_str!(concat!(env!("OUT_DIR"), "/en/course.ftl"));

/// What the quiz's frame says, in English (`crates/sim/locales/en/quiz.ftl`): only a bundle with
/// the quiz carries it.
pub const QUIZ: &str = include_str!(concat!(env!("OUT_DIR"), "/en/quiz.ftl"));

/// A piece of the pseudo-locale's text (`en-XA`): accented, and each word about 40 % longer (dots
/// after it), so that a line still breaks where the English one could.
pub fn pseudo(text: &str) -> String {
    let accent = |c: char| match c {
        'a' => 'á',
        'e' => 'é',
        'i' => 'í',
        'o' => 'ó',
        'u' => 'ú',
        'y' => 'ý',
        'c' => 'ç',
        'n' => 'ñ',
        's' => 'š',
        'z' => 'ž',
        'A' => 'Å',
        'E' => 'É',
        'I' => 'Î',
        'O' => 'Ö',
        'U' => 'Ü',
        'C' => 'Ç',
        'N' => 'Ñ',
        'S' => 'Š',
        other => other,
    };
    let mut out = String::with_capacity(text.len() * 2);
    let mut word = 0usize;
    let pad = |out: &mut String, n: usize| out.push_str(&"·".repeat((n * 2 + 2) / 5));
    for c in text.chars() {
        if c.is_alphabetic() {
            word += 1;
        } else if word > 0 {
            pad(&mut out, word);
            word = 0;
        }
        out.push(accent(c));
    }
    pad(&mut out, word);
    out
}

/// The pseudo-locale's file from English: every message's pieces of text through [`pseudo`], the
/// whole message in `⟦…⟧`, so that a test sees at once an English string that was not looked up,
/// and a layout that cannot grow.
pub fn pseudo_ftl(english: &Bundle) -> String {
    english.to_ftl(&pseudo, ("⟦", "⟧"))
}

/// The right-to-left pseudo-locale's file (`ar-XB`): each message's text shown reversed by the
/// right-to-left override, so that a layout that does not mirror shows at once.
pub fn rtl_ftl(english: &Bundle) -> String {
    english.to_ftl(&|t: &str| t.to_string(), ("\u{202E}", "\u{202C}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn en(src: &str) -> Tr {
        Tr::english(&[src])
    }

    #[test]
    fn reads_text_placeables_and_continuations() {
        let t = en("# a comment\nhello = Hello, { $who }!\nlong = One line\n    and the next\n\nlit = { \"{\" }braces{ \"}\" }\n");
        assert_eq!(t.msg("hello", &[("who", "world".into())]), "Hello, world!");
        assert_eq!(t.msg("long", &[]), "One line and the next");
        assert_eq!(t.msg("lit", &[]), "{braces}");
    }

    #[test]
    fn numbers_are_formatted_by_their_function() {
        let t = en("n = { $x } / { NUMBER($x) } / { INT($x) } / { PERCENT($f) } / { MS($x) } / { MS($f) }");
        assert_eq!(t.msg("n", &[("x", 1234.5.into()), ("f", 0.00025.into())]), "1,235 / 1,235 / 1,235 / 0.025 % / 1,235 ms / 0.00025 ms");
        let d = en("d = { MS($t) }");
        assert_eq!(d.msg("d", &[("t", 9_999.0.into())]), "9,999 ms");
        assert_eq!(d.msg("d", &[("t", 10_000.0.into())]), "10 s");
        assert_eq!(d.msg("d", &[("t", 516_785.0.into())]), "517 s");
    }

    #[test]
    fn selectors_pick_exact_then_category_then_default() {
        let src = "holds = { INT($n) ->\n    [0] no holds\n    [one] one hold\n   *[other] { INT($n) } holds\n}";
        let t = en(src);
        assert_eq!(t.msg("holds", &[("n", 0.0.into())]), "no holds");
        assert_eq!(t.msg("holds", &[("n", 1.0.into())]), "one hold");
        assert_eq!(t.msg("holds", &[("n", 1234.0.into())]), "1,234 holds");
        // 1.0004 shows as "1" under INT: one; under NUMBER it would not be one.
        assert_eq!(t.msg("holds", &[("n", 1.0004.into())]), "one hold");
        let plain = en("s = { $x ->\n    [one] one second\n   *[other] { $x } seconds\n}");
        assert_eq!(plain.msg("s", &[("x", 1.5.into())]), "1.5 seconds");
        assert_eq!(plain.msg("s", &[("x", 1.0.into())]), "one second");
    }

    #[test]
    fn references_and_their_depth() {
        let t = en("a = A and { b }\nb = B with { $x }\nloop = { loop }x");
        assert_eq!(t.msg("a", &[("x", 2.0.into())]), "A and B with 2");
        assert!(t.msg("loop", &[]).ends_with('x'), "a loop ends");
    }

    #[test]
    fn refuses_what_it_does_not_read_by_line() {
        for (src, line, says) in [
            ("ok = fine\n-term = no", 2, "terms"),
            ("ok = fine\nbad = { $x", 2, "closing"),
            ("a = x\na = y", 2, "twice"),
            ("m = text\n    .attr = no", 2, "attributes"),
            ("m = { FOO($x) }", 1, "FOO"),
            ("m = { $n ->\n [one] a\n [other] b\n}", 1, "default"),
            ("m = }", 1, "without its"),
            ("9m = x", 1, "not a message key"),
            ("  indented = x", 1, "indented"),
        ] {
            let e = Bundle::parse(src).expect_err(src);
            assert_eq!(e.line, line, "{src}: {e}");
            assert!(e.message.contains(says), "{src}: {e}");
        }
        assert!(Bundle::parse(&"x".repeat(MAX_TEXT + 1)).is_err());
        let many: String = (0..=MAX_MESSAGES).map(|i| format!("k{i} = v\n")).collect();
        assert!(Bundle::parse(&many).unwrap_err().message.contains("more than"));
    }

    /// A missing or broken message falls back to English for that message only, and is named.
    #[test]
    fn a_missing_translation_falls_back_to_english_alone() {
        let own = Bundle::parse("hello = Hola, { $who }.\nbroken = { $nope } roto").unwrap();
        let t = Tr::new("es", Some(own), &["hello = Hello, { $who }.\nbye = Goodbye.\nbroken = Fixed."], Box::new(Plain));
        assert_eq!(t.msg("hello", &[("who", "Ana".into())]), "Hola, Ana.");
        assert_eq!(t.msg("bye", &[]), "Goodbye.");
        assert_eq!(t.msg("broken", &[]), "Fixed.");
        assert_eq!(t.missing(), vec!["bye".to_string(), "broken".to_string()]);
        assert!(t.missing().is_empty(), "named once, then taken");
        assert_eq!(t.msg("nowhere", &[]), "", "never a key shown to a learner");
        assert_eq!(t.missing(), vec!["nowhere".to_string()]);
    }

    /// A page's own wording wins in every locale; what the widget cannot use is named and left
    /// out, and the rest still applies.
    #[test]
    fn a_page_rewords_what_the_widget_has_and_names_the_rest() {
        let english = "hello = Hello, { $who }.\nbye = Goodbye.\nboth = { hello } { $n }\nlink = See { bye }";
        let own = Bundle::parse("hello = Hola, { $who }.\nbye = Adiós.").unwrap();
        let mut t = Tr::new("es", Some(own), &[english], Box::new(Plain));
        let page = Bundle::parse(
            "bye = Hasta luego.\nhello = Buenas, { $who }: { $n }.\nboth = { INT($n) } y { $who }\nnope = x\nw-param-a = Otra etiqueta\nlink = { missing }",
        )
        .unwrap();
        let refused = t.reword(page, &["w-param-a".to_string()]);
        assert_eq!(refused.unknown, vec!["nope".to_string()]);
        assert_eq!(refused.references, vec![("link".to_string(), "missing".to_string())]);
        // `hello` is not given $n; `both` is given $who through the message it names.
        assert_eq!(refused.placeables, vec![("hello".to_string(), vec!["n".to_string()])]);
        assert_eq!(t.msg("bye", &[]), "Hasta luego.", "over the locale");
        assert_eq!(t.msg("hello", &[("who", "Ana".into())]), "Hola, Ana.", "a refused one leaves the locale's");
        assert_eq!(t.msg("both", &[("who", "Ana".into()), ("n", 3.0.into())]), "3 y Ana");
        assert_eq!(t.word("w-param-a", "A label"), "Otra etiqueta");
        assert!(t.missing().is_empty(), "{:?}", t.missing());
        // In English too.
        let mut e = Tr::english(&[english]);
        let refused = e.reword(Bundle::parse("bye = See you.").unwrap(), &[]);
        assert!(refused.is_empty());
        assert_eq!(e.msg("bye", &[]), "See you.");
        assert!(e.missing().is_empty(), "English reworded is not a missing translation");
    }

    /// What a page's message names is checked as it would be said: a refused page message is no
    /// target, the `$name`s of the messages it names count, and a loop or a fan-out is refused.
    #[test]
    fn a_page_message_is_checked_through_the_messages_it_names() {
        let english = "hello = Hello, { $who }.\nbye = Goodbye.\ntitle = Title\nboth = { hello } { $n }\na = A\nb = B";
        let mut t = Tr::english(&[english]);
        let page = Bundle::parse(
            "title = { helper }\nhelper = x\nbye = Bye { hello }\nboth = { both } again\na = { b }\nb = { a }\nhello = Hi, { $who }.",
        )
        .unwrap();
        let refused = t.reword(page, &[]);
        assert_eq!(refused.unknown, vec!["helper".to_string()]);
        assert_eq!(refused.placeables, vec![("bye".to_string(), vec!["who".to_string()])], "hello needs $who, which bye is not given");
        let mut refs = refused.references.clone();
        refs.sort();
        assert_eq!(
            refs,
            vec![("a".to_string(), "a".to_string()), ("b".to_string(), "b".to_string()), ("both".to_string(), "both".to_string()), ("title".to_string(), "helper".to_string())]
        );
        assert_eq!(t.msg("title", &[]), "Title", "the widget's own");
        assert_eq!(t.msg("hello", &[("who", "Ana".into())]), "Hi, Ana.", "a good one still applies");
        // Fan-out: each message names the next twenty times; the page cannot make a widget say
        // 20^7 messages.
        let keys: Vec<String> = (0..8).map(|i| format!("m{i}")).collect();
        let english: String = keys.iter().map(|k| format!("{k} = x\n")).collect();
        let page: String = (0..7).map(|i| format!("m{i} = {}\n", format!("{{ m{} }}", i + 1).repeat(20))).collect();
        let mut t = Tr::english(&[english.as_str()]);
        let refused = t.reword(Bundle::parse(&page).unwrap(), &[]);
        assert!(refused.references.iter().any(|(k, _)| k == "m0"), "{refused:?}");
        assert_eq!(t.msg("m0", &[]), "x");
    }

    #[test]
    fn placeables_are_listed_through_selectors() {
        let b = Bundle::parse("m = { $a } { $n ->\n   *[other] { PERCENT($f) }\n}").unwrap();
        assert_eq!(b.placeables("m"), Some(vec!["a".into(), "f".into(), "n".into()]));
        assert_eq!(b.placeables("none"), None);
    }

    /// Written out again (as the pseudo-locales are), a bundle reads back the same.
    #[test]
    fn a_bundle_round_trips_through_its_file() {
        let src = "a = Text { $x } with { INT($n) } and { PERCENT($f) } { \"{\" }\nb = { b-ref }\nb-ref = x\nsel = { INT($n) ->\n    [0] none\n    [one] one\n   *[other] { INT($n) } many\n}\n";
        let b = Bundle::parse(src).unwrap();
        assert_eq!(Bundle::parse(&b.to_ftl(&|t| t.to_string(), ("", ""))).unwrap(), b);
        let p = Bundle::parse(&pseudo_ftl(&b)).unwrap();
        for k in b.keys() {
            assert_eq!(p.placeables(k), b.placeables(k), "{k}");
        }
        let t = Tr::new("en-XA", Some(p), &[src], Box::new(Plain));
        assert_eq!(t.msg("sel", &[("n", 0.0.into())]), "⟦ñóñé··⟧");
        assert_eq!(t.msg("sel", &[("n", 5.0.into())]), "⟦5 máñý··⟧");
        assert!(t.missing().is_empty());
    }

    #[test]
    fn pseudo_text_is_bracketed_longer_and_accented() {
        let s = pseudo("Lock TTL");
        assert_eq!(s, "Lóçk·· TTL·");
        let long = "Every distribution here is an assumption to play with, not a measurement.";
        let p = pseudo(long);
        assert!(p.chars().count() as f64 >= long.len() as f64 * 1.3, "{p}");
        assert_eq!(p.split(' ').count(), long.split(' ').count(), "it breaks where English does");
        assert_eq!(pseudo(" of "), " óf· ", "a space before a placeable stays where it was");
        assert_eq!(pseudo(" — "), " — ");
    }
}
