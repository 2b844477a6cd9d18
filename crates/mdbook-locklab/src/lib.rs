//! # mdbook-locklab
//!
//! An mdBook preprocessor (mdBook 0.5, through the `mdbook-preprocessor` crate). In a chapter,
//!
//! ```text
//! {{#locklab ttl-tradeoff ttl-s=10 stall-chance=0.002}}
//! {{#locklab quiz deck=which-protection}}
//! ```
//!
//! becomes the documented `<div data-locklab="…" data-…="…">` element, with a one-line fallback
//! for readers without JavaScript. `mdbook-locklab install` adds [`LOADER`] to the book's
//! `additional-js`: on every page mdBook links it relative to the book's root (chapters in
//! sub-folders find it too), and it loads the widgets only on a page that has one. Every
//! directive is checked with the widgets' own validation (`locklab_course::registry`): an unknown
//! widget, an unknown parameter or a value the widget would not take fails the book build with the
//! chapter, the line and what is wrong. Directives inside fenced code blocks are left as they are,
//! so a chapter can show the syntax.

use locklab_course::registry;

/// Where `mdbook-locklab install` puts the loader's files, inside the book's source folder.
pub const ASSET_DIR: &str = "locklab";
/// The script `install` adds to `additional-js`, and what it says: load locklab only where a
/// page has a widget (mdBook adds the script to every page; a classic script, so
/// `document.currentScript` says where the assets are).
/// It sits in the book's root folder, beside `book.toml` (mdBook reads `additional-js` from there
/// and writes it to the root of the built book, where `locklab/` is too).
pub const LOADER: &str = "locklab-mdbook.js";
pub const LOADER_JS: &str = r#"// Added to every page of the book by mdbook-locklab: loads locklab only on a page with a widget.
// Where the assets are comes from this script's own element. A chapter's markup can shadow
// document's properties (<img name="currentScript" src="…">), so they are read through
// Document.prototype, which markup cannot reach; and the assets must be on the book's own origin,
// or nothing is loaded.
(() => {
  const real = (name) => Object.getOwnPropertyDescriptor(Document.prototype, name);
  if (!real("querySelector").value.call(document, "[data-locklab]")) return;
  const me = real("currentScript").get.call(document);
  const from = me instanceof HTMLScriptElement && new URL("locklab/locklab.js", me.src);
  if (!from || from.origin !== location.origin) {
    console.error("locklab: the book's loader could not tell where its own files are; no widget is loaded.");
    return;
  }
  import(from.href);
})();
"#;

/// The file in [`ASSET_DIR`] that says which build the assets came from.
pub const VERSION_FILE: &str = "VERSION";

const OPEN: &str = "{{#locklab";
/// What follows [`OPEN`] in `{{#locklab-reference NAME}}` ([`reference`]).
const REFERENCE: &str = "-reference";
/// What follows [`OPEN`] in `{{#locklab-lab FILE}}` ([`lab_results`]).
const LAB: &str = "-lab";
const CLOSE: &str = "}}";

/// A directive that cannot become a widget: where, and why.
#[derive(Debug, PartialEq)]
pub struct Problem {
    pub line: usize,
    pub message: String,
}

/// Replaces every directive in `content` (a chapter at `path`, relative to the book's source
/// folder, e.g. `deep/redlock.md`). Returns the new content, or every problem found.
///
/// A chapter can show the directive instead of using it: directives inside fenced code blocks,
/// indented code blocks and inline code spans are left as they are, and `\{{#locklab …}}` is
/// written out without its backslash (mdBook's own escape for `{{#include}}`).
pub fn expand(content: &str, path: &str) -> Result<String, Vec<Problem>> {
    expand_in_book(content, path, &|_| Ok(None))
}

/// [`expand`], with the book's own challenge set files checked: `sets` gets a directive's
/// `challenges` address and returns the file's text when it is a file of the book, `None` when it
/// is not (an http(s) address), or why it cannot be read. A set that would not load in the widget
/// is a problem, with every reason the widget would give.
pub fn expand_in_book(content: &str, path: &str, sets: &dyn Fn(&str) -> Result<Option<String>, String>) -> Result<String, Vec<Problem>> {
    let mut out = String::with_capacity(content.len());
    let mut problems = Vec::new();
    let mut fence: Option<String> = None;
    // Indented code (CommonMark): four columns or more, after a blank line or continuing such a
    // block, and not the continuation of a list item.
    let (mut after_blank, mut indented_code, mut in_list) = (true, false, false);
    for (i, line) in content.split_inclusive('\n').enumerate() {
        let trimmed = line.trim_start();
        let blank = trimmed.trim().is_empty();
        let marker: String = trimmed.chars().take_while(|&c| c == '`' || c == '~').collect();
        if !indented_code && marker.len() >= 3 && (marker.chars().all(|c| c == '`') || marker.chars().all(|c| c == '~')) {
            match &fence {
                None => fence = Some(marker),
                Some(open) if marker.starts_with(open.as_str()) && trimmed.trim_end().len() == marker.len() => fence = None,
                Some(_) => {}
            }
            out.push_str(line);
            after_blank = false;
            continue;
        }
        if fence.is_some() {
            out.push_str(line);
            continue;
        }
        let indent = columns(line);
        if !blank && indent >= 4 && (indented_code || (after_blank && !in_list)) {
            indented_code = true;
            out.push_str(line);
            after_blank = false;
            continue;
        }
        if !blank {
            indented_code = false;
            if indent < 4 {
                in_list = starts_list_item(trimmed) || (in_list && indent > 0);
            }
        }
        after_blank = blank;
        if !line.contains(OPEN) {
            out.push_str(line);
            continue;
        }
        let spans = code_spans(line);
        let mut pos = 0;
        while let Some(rel) = line[pos..].find(OPEN) {
            let at = pos + rel;
            if spans.iter().any(|&(a, b)| a <= at && at < b) {
                out.push_str(&line[pos..at + OPEN.len()]);
                pos = at + OPEN.len();
                continue;
            }
            if at > 0 && line.as_bytes()[at - 1] == b'\\' {
                out.push_str(&line[pos..at - 1]);
                out.push_str(OPEN);
                pos = at + OPEN.len();
                continue;
            }
            out.push_str(&line[pos..at]);
            let after = &line[at + OPEN.len()..];
            let Some(end) = after.find(CLOSE) else {
                problems.push(Problem { line: i + 1, message: "a {{#locklab …}} directive is not closed with }} on the same line".into() });
                pos = line.len();
                break;
            };
            let body = &after[..end];
            let after_word = |rest: &str| rest.is_empty() || rest.starts_with(char::is_whitespace);
            let made = match (body.strip_prefix(REFERENCE), body.strip_prefix(LAB)) {
                (Some(rest), _) if after_word(rest) => reference(rest.trim()),
                (_, Some(rest)) if after_word(rest) => lab_results(rest.trim(), sets),
                _ => element_in_book(body, sets),
            };
            match made {
                Ok(html) => out.push_str(&html),
                Err(message) => problems.push(Problem { line: i + 1, message }),
            }
            pos = at + OPEN.len() + end + CLOSE.len();
        }
        out.push_str(&line[pos..]);
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let _ = path;
    Ok(out)
}

/// A table cell: pipes escaped, as Markdown needs them inside a table.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// `{{#locklab-reference NAME}}`: widget `NAME`'s parameters (range, default, meaning) and the
/// result fields of its `locklab:change` event, as Markdown tables made from the registry (the
/// specs, `registry::range_text` and `default_text`) and its reference words (`registry::docs`);
/// `{{#locklab-reference attributes}}`: the attributes widgets take besides their parameters, and
/// which widgets take each. Nothing in them is written by hand anywhere else.
pub fn reference(name: &str) -> Result<String, String> {
    if name == "attributes" {
        return Ok(attributes_table());
    }
    let Some(widget) = registry::widgets().into_iter().find(|w| w.name == name) else {
        return Err(format!("{{{{#locklab-reference …}}}} names \u{201c}{name}\u{201d}, which is no widget; known: {}, or attributes", registry::widgets().iter().map(|w| w.name).collect::<Vec<_>>().join(", ")));
    };
    let Some(docs) = registry::docs(name) else {
        return Err(format!("{name} has no reference words (locklab_course::registry::docs)"));
    };
    let meaning = |n: &str| docs.params.iter().find(|(p, _)| *p == n).map_or("", |(_, m)| m);
    let mut out = String::new();
    if widget.specs.is_empty() {
        out.push_str("| attribute | values | meaning |\n| --- | --- | --- |\n");
        for (n, m) in docs.params {
            let values = values_text(n);
            out.push_str(&format!("| `{n}` | {} | {} |\n", cell(&values), cell(m)));
        }
    } else {
        out.push_str("| parameter | range | default | meaning |\n| --- | --- | --- | --- |\n");
        for s in widget.specs {
            out.push_str(&format!("| `{}` | {} | {} | {} |\n", s.name, cell(&registry::range_text(s)), cell(&registry::default_text(s)), cell(meaning(s.name))));
        }
        for e in widget.extras {
            out.push_str(&format!("| `{e}` | see its meaning | none | {} |\n", cell(meaning(e))));
        }
    }
    out.push_str("\n| result field | meaning |\n| --- | --- |\n");
    for (fields, m) in docs.results {
        let names: Vec<String> = fields.split(',').map(|f| format!("`{}`", f.trim())).collect();
        out.push_str(&format!("| {} | {} |\n", names.join(", "), cell(m)));
    }
    // What a course can switch on with one attribute: the widget's own challenges and predictions,
    // their prompts only (the answers stay in the widget).
    if let Some(set) = registry::builtin_set(name) {
        out.push_str(&format!("\nIts built-in challenges, \u{201c}{}\u{201d} (`challenges=\"builtin\"`, or `builtin:` and some of these ids):\n\n| id | challenge |\n| --- | --- |\n", set.title));
        for c in &set.challenges {
            out.push_str(&format!("| `{}` | {} |\n", c.id, cell(&c.prompt)));
        }
    }
    if let Some(set) = locklab_course::predict::builtin_set(name) {
        out.push_str(&format!("\nIts built-in predictions, \u{201c}{}\u{201d} (`predict=\"builtin\"`, or `builtin:` and some of these ids):\n\n| id | question |\n| --- | --- |\n", set.title));
        for q in &set.predictions {
            out.push_str(&format!("| `{}` | {} |\n", q.id, cell(&q.question)));
        }
    }
    // The built-in decks' cards whose "try it" link opens this widget.
    let cards: Vec<(String, String)> = locklab_course::quiz::BUILT_IN
        .iter()
        .filter_map(|(deck, _)| locklab_course::quiz::built_in(deck).and_then(Result::ok).map(|d| (*deck, d)))
        .flat_map(|(deck, d)| d.cards.into_iter().filter(|c| c.link.as_ref().is_some_and(|l| linked_widget(&l.href) == Some(name))).map(move |c| (deck.to_string(), c.question)))
        .collect();
    if !cards.is_empty() {
        out.push_str("\nThe built-in quiz cards whose \u{201c}try it\u{201d} link opens this widget:\n\n| deck | question |\n| --- | --- |\n");
        for (deck, question) in &cards {
            out.push_str(&format!("| `{deck}` | {} |\n", cell(question)));
        }
    }
    Ok(out.trim_end().to_string())
}

/// The widget a card's link opens on the lesson page (`index.html?lease-renewal.defence=renewal#x`
/// opens lease-renewal), if it names one.
fn linked_widget(href: &str) -> Option<&str> {
    let query = href.split('#').next()?.split_once('?')?.1;
    let widget = query.split('&').next()?.split_once('.')?.0;
    registry::widgets().iter().any(|w| w.name == widget).then_some(widget)
}

/// `{{#locklab-lab FILE}}`: what the lab measured on the real servers, from a file
/// `locklab-lab check --record` wrote (a file of the book, relative to the chapter, read through
/// `files` and checked as the widget checks it): when and where, and per setting whether it agreed
/// and its compared figures, simulated beside real. Nothing of it is written by hand.
pub fn lab_results(address: &str, files: &dyn Fn(&str) -> Result<Option<String>, String>) -> Result<String, String> {
    if address.is_empty() {
        return Err("{{#locklab-lab …}} names no file: give the recorded file, relative to the chapter (../lab/ttl-tradeoff.json)".into());
    }
    let text = match files(address) {
        Ok(Some(t)) => t,
        Ok(None) => return Err(format!("{{{{#locklab-lab …}}}} reads a file of the book, and {address} is not one")),
        Err(e) => return Err(format!("the recorded lab file {address}: {e}")),
    };
    let record = locklab_course::lab_record::parse_record(&text).map_err(|e| format!("the recorded lab file {address} cannot be used: {}", e.join("; ")))?;
    let servers: Vec<String> = record.servers.iter().map(|(k, v)| format!("{} {v}", server_name(k))).collect();
    let agreed = record.settings.iter().filter(|s| s.agrees).count();
    let mut out = format!(
        "Recorded by `locklab-lab check --record` on {} ({}; {}, {} cores), locklab {}: {agreed} of {} settings agree.\n\n| setting | agrees | compared: simulated / real |\n| --- | --- | --- |\n",
        record.recorded,
        servers.join(", "),
        record.machine.os,
        record.machine.cores,
        record.locklab,
        record.settings.len()
    );
    for s in &record.settings {
        let compared: Vec<String> = s
            .rows
            .iter()
            .filter(|r| r.verdict != locklab_course::lab_record::Verdict::Shown)
            .map(|r| format!("{}: {} / {}{}", r.field, figure(&r.simulated), figure(&r.real), if r.verdict == locklab_course::lab_record::Verdict::Disagree { " (disagrees)" } else { "" }))
            .collect();
        let label = match &s.variant {
            Some(v) => format!("{} ({v})", s.label),
            None => s.label.clone(),
        };
        out.push_str(&format!("| {} | {} | {} |\n", cell(&label), if s.agrees { "yes" } else { "**no**" }, cell(&compared.join("; "))));
    }
    Ok(out.trim_end().to_string())
}

/// A server's name as people write it.
fn server_name(key: &str) -> &str {
    match key {
        "redis" => "Redis",
        "postgres" => "PostgreSQL",
        "etcd" => "etcd",
        other => other,
    }
}

/// A recorded figure in a table: numbers and text as they are, anything else as JSON.
fn figure(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(t) => t.clone(),
        serde_json::Value::Null => "—".into(),
        other => other.to_string(),
    }
}

/// An attribute's values in the documentation's words (`registry::ATTR_VALUE_WORDS`).
fn values_text(name: &str) -> String {
    registry::ATTR_VALUE_WORDS.iter().find(|(n, _)| *n == name).map_or_else(|| "text".into(), |(_, w)| (*w).to_string())
}

/// Every attribute a simulation takes besides its parameters (the quiz's own are in its reference),
/// in the order the widgets list them, with the widgets that take it.
fn attributes_table() -> String {
    let widgets = registry::widgets();
    let mut seen: Vec<&locklab_sim::Attr> = Vec::new();
    for w in &widgets {
        for a in w.attrs {
            let quiz_only = widgets.iter().all(|o| o.name == "quiz" || !o.attrs.iter().any(|b| b.name == a.name));
            if !quiz_only && !seen.iter().any(|b| b.name == a.name) {
                seen.push(a);
            }
        }
    }
    let mut out = String::from("| attribute | values | taken by | meaning |\n| --- | --- | --- | --- |\n");
    for a in seen {
        out.push_str(&format!("| `{}` | {} | {} | {} |\n", a.name, cell(&values_text(a.name)), cell(&registry::taken_by(a.name)), cell(a.meaning)));
    }
    out.trim_end().to_string()
}

/// The columns of indentation before a line's text (a tab advances to the next multiple of 4).
fn columns(line: &str) -> usize {
    let mut col = 0;
    for c in line.chars() {
        match c {
            ' ' => col += 1,
            '\t' => col = (col / 4 + 1) * 4,
            _ => break,
        }
    }
    col
}

/// Whether a line (without its indentation) starts a list item: `-`, `*` or `+`, or digits and
/// `.` or `)`, then a space.
fn starts_list_item(t: &str) -> bool {
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    let rest = if digits > 0 && digits <= 9 {
        t[digits..].strip_prefix(['.', ')'])
    } else {
        t.strip_prefix(['-', '*', '+'])
    };
    rest.is_some_and(|r| r.starts_with([' ', '\t']) || r.trim().is_empty())
}

/// The byte ranges of a line's inline code spans, backticks included (a run of n backticks opens
/// a span that the next run of exactly n closes).
fn code_spans(line: &str) -> Vec<(usize, usize)> {
    let b = line.as_bytes();
    let run = |from: usize| b[from..].iter().take_while(|&&c| c == b'`').count();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'`' {
            i += 1;
            continue;
        }
        let n = run(i);
        let mut j = i + n;
        let mut close = None;
        while j < b.len() {
            if b[j] == b'`' {
                let m = run(j);
                if m == n {
                    close = Some(j + m);
                    break;
                }
                j += m;
            } else {
                j += 1;
            }
        }
        match close {
            Some(end) => {
                spans.push((i, end));
                i = end;
            }
            None => i += n,
        }
    }
    spans
}

/// `../` once per folder between the chapter and the book's root.
pub fn to_root(path: &str) -> String {
    let depth = path.replace('\\', "/").split('/').filter(|p| !p.is_empty()).count().saturating_sub(1);
    "../".repeat(depth)
}

/// Splits a directive's body into words; a value may be quoted (`label="two words"`).
fn words(body: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut started = false;
    for c in body.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => cur.push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                started = true;
            }
            None if c.is_whitespace() => {
                if started {
                    out.push(std::mem::take(&mut cur));
                    started = false;
                }
            }
            None => {
                cur.push(c);
                started = true;
            }
        }
    }
    if quote.is_some() {
        return Err("a quoted value is not closed".into());
    }
    if started {
        out.push(cur);
    }
    Ok(out)
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

/// A widget's notice in the voice of a build that stops: the widget's sentence says what was
/// wrong and what the widget does instead ("using the default, 10 s", "ignored"); the build does
/// neither, so the second half becomes what the author must change.
pub fn for_the_build(message: &str) -> String {
    let m = message.trim().trim_end_matches('.');
    // "steps: only the first 60 of 75 steps are kept" (and "only the first 60 steps").
    if let Some(at) = m.find("only the first ") {
        let (what, rest) = m.split_at(at);
        let max: String = rest["only the first ".len()..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        return format!("{what}more than the {max} steps a widget takes: remove some.");
    }
    let (problem, then) = match (m.rfind("; "), m.find(": ignored")) {
        (_, Some(at)) => (&m[..at], &m[at + 2..]),
        (Some(at), None) => (&m[..at], &m[at + 2..]),
        (None, None) => match m.rfind(": using ") {
            Some(at) => (&m[..at], &m[at + 2..]),
            None => return format!("{m}: change it."),
        },
    };
    let change = if let Some(default) = then.strip_prefix("using the default, ") {
        format!("give a value it takes, or leave the parameter out for its default ({default})")
    } else if let Some(nearest) = then.strip_prefix("using ") {
        format!("give a value in its range (the nearest is {nearest})")
    } else if let Some(known) = then.strip_prefix("ignored. Known: ") {
        format!("correct the name or remove it (known: {known})")
    } else if let Some(older) = then.strip_prefix("ignored (") {
        format!("write true or false ({}", older)
    } else if then.starts_with("ignored") {
        "correct it or remove it".to_string()
    } else if then.contains("before it are kept") {
        "correct that step or remove it".to_string()
    } else if then.starts_with("no challenges") && problem.starts_with("challenges=builtin:") {
        "name challenges of the widget's own set, or write builtin for all of them".to_string()
    } else if then.starts_with("no challenges") {
        "write builtin or the address of a .json challenge set".to_string()
    } else if then.starts_with("the others have none") {
        "give one caption per step".to_string()
    } else {
        "correct it".to_string()
    };
    format!("{problem}: {change}.")
}

/// The element for one directive's body (`ttl-tradeoff ttl-s=10`), or what is wrong with it.
pub fn element(body: &str) -> Result<String, String> {
    element_in_book(body, &|_| Ok(None))
}

/// [`element`], checking a `challenges` set that is a file of the book (see [`expand_in_book`]).
pub fn element_in_book(body: &str, sets: &dyn Fn(&str) -> Result<Option<String>, String>) -> Result<String, String> {
    let words = words(body)?;
    let Some((name, args)) = words.split_first() else {
        return Err(format!("the directive names no widget; known: {}", registry::names().join(", ")));
    };
    let Some(widget) = registry::find(name) else {
        return Err(format!("there is no locklab widget called \u{201c}{name}\u{201d}; known: {}", registry::names().join(", ")));
    };
    let mut pairs: Vec<(String, String)> = Vec::new();
    for a in args {
        let Some((k, v)) = a.split_once('=') else {
            return Err(format!("\u{201c}{a}\u{201d} is not a parameter=value pair"));
        };
        let k = k.trim().to_ascii_lowercase();
        if k.is_empty() || !k.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(format!("\u{201c}{k}\u{201d} is not a parameter name"));
        }
        // An HTML element keeps one value per attribute: a repeated parameter would be validated
        // with one value and shown with another.
        if let Some((_, first)) = pairs.iter().find(|(name, _)| *name == k) {
            return Err(format!("{k} is given twice ({k}={first} and {k}={v}): give each parameter once"));
        }
        pairs.push((k, v.to_string()));
    }
    // The widget's own validation, its attributes (theme, autoplay, …) included.
    let (_, notices) = (widget.validate)(&pairs);
    if !notices.is_empty() {
        return Err(notices
            .iter()
            .map(|n| for_the_build(&n.message))
            .collect::<Vec<_>>()
            .join(" "));
    }
    // A set of the book's own (challenges, or predictions: issue #45) is checked now, as the
    // widget would check it when it loads; built-in sets and others' addresses are the widget's.
    // (attribute, what it names, whether a value is a selection of the built-in set, the check)
    type Kind = (&'static str, &'static str, fn(&str) -> bool, fn(&str, &str) -> Result<(), Vec<String>>);
    let kinds: [Kind; 2] = [
        ("challenges", "challenge", |a| locklab_course::challenge::builtin_ids(a).is_some(), |w, t| registry::check_set(w, t).map(|_| ())),
        ("predict", "prediction", |a| locklab_course::predict::builtin_ids(a).is_some(), |w, t| registry::check_prediction_set(w, t).map(|_| ())),
    ];
    for (attr, what, is_selection, check) in kinds {
        let Some((_, address)) = pairs.iter().find(|(k, _)| k == attr) else { continue };
        let address = address.trim();
        if address.eq_ignore_ascii_case(locklab_course::challenge::BUILTIN) || is_selection(address) {
            continue;
        }
        match sets(address) {
            Ok(None) => {}
            Ok(Some(text)) => {
                if let Err(problems) = check(widget.name, &text) {
                    return Err(format!("the {what} set {address} cannot be used: {}", problems.join(" ")));
                }
            }
            Err(why) => return Err(format!("the {what} set {address}: {why}")),
        }
    }
    let attrs: String = pairs.iter().map(|(k, v)| format!(" data-{k}=\"{}\"", escape(v))).collect();
    Ok(format!(
        "<div data-locklab=\"{}\"{attrs}><p class=\"locklab-fallback\">Interactive widget: {}. It needs JavaScript to run.</p></div>",
        widget.name,
        escape(widget.label)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference tables are the registry's: every parameter with its range and default as
    /// the registry writes them, every result field, pipes escaped; the directive expands like a
    /// widget's and stays as it is in code.
    #[test]
    fn a_reference_is_made_from_the_registry() {
        let t = reference("ttl-tradeoff").expect("a reference");
        assert!(t.starts_with("| parameter | range | default | meaning |"), "{t}");
        assert!(t.contains("| `ttl-s` | 0.1–120 s (log slider) | 10 | the lease length |"), "{t}");
        assert!(t.contains("| `stall-shape` | `exponential`, `pareto` | `exponential` |"), "{t}");
        assert!(t.contains("| result field | meaning |") && t.contains("| `unsafeHolds` |"), "{t}");
        for w in registry::widgets() {
            let t = reference(w.name).expect("every widget has one");
            let rows = t.split("\n\n").take(2).flat_map(str::lines).filter(|l| l.starts_with("| `")).count();
            let docs = registry::docs(w.name).expect("words");
            assert_eq!(rows, docs.params.len() + docs.results.len(), "{}", w.name);
            // Every row has as many cells as its header: no unescaped pipe in a meaning.
            for table in t.split("\n\n") {
                let cols = table.lines().next().map_or(0, |h| h.matches(" | ").count());
                for l in table.lines() {
                    assert_eq!(l.replace("\\|", "").matches(" | ").count(), cols, "{}: {l}", w.name);
                }
            }
        }
        // The built-in challenges and predictions, prompts only.
        let ids = registry::builtin_challenge_ids("ttl-tradeoff").expect("a set");
        assert!(ids.iter().all(|id| t.contains(&format!("| `{id}` |"))), "{t}");
        let set = registry::builtin_set("ttl-tradeoff").expect("a set");
        assert!(!t.contains(&set.challenges[0].explain), "no answer in the docs");
        // The quiz cards that link here, counted from the decks themselves.
        let linking: usize = locklab_course::quiz::BUILT_IN
            .iter()
            .filter_map(|(d, _)| locklab_course::quiz::built_in(d).and_then(Result::ok))
            .flat_map(|d| d.cards)
            .filter(|c| c.link.as_ref().is_some_and(|l| l.href.contains("?lease-renewal.")))
            .count();
        let renewal = reference("lease-renewal").expect("lease renewal");
        let listed = renewal.split("| deck | question |").nth(1).map_or(0, |t| t.lines().filter(|l| l.starts_with("| `")).count());
        assert!(linking > 0 && listed == linking, "{linking} cards link to lease-renewal, {listed} listed");
        assert_eq!(linked_widget("index.html?lease-renewal.defence=renewal#break-it"), Some("lease-renewal"));
        assert_eq!(linked_widget("index.html#break-it"), None);
        assert_eq!(linked_widget("index.html?nothing.a=1"), None);
        let sandbox = reference("fencing-sandbox").expect("the sandbox");
        assert!(sandbox.contains("| `steps` | see its meaning | none |"), "{sandbox}");
        let quiz = reference("quiz").expect("the quiz");
        assert!(quiz.starts_with("| attribute | values | meaning |") && quiz.contains("| `missed` |"), "{quiz}");
        let attrs = reference("attributes").expect("the attributes");
        assert!(attrs.contains("| `theme` | `auto`, `light`, `dark` | every widget |"), "{attrs}");
        assert!(attrs.contains("| `compare` | `name=value … \\| name=value …` | every simulation |"), "{attrs}");
        assert!(!attrs.contains("| `deck` |"), "the quiz's own attributes are in its reference");
        let err = reference("ttl").expect_err("no such widget");
        assert!(err.contains("ttl-tradeoff") && err.contains("attributes"), "{err}");
        let page = expand("# TTL\n\n{{#locklab-reference ttl-tradeoff}}\n\n`{{#locklab-reference x}}`\n", "ttl.md").expect("expands");
        assert!(page.contains("| `ttl-s` |") && page.contains("`{{#locklab-reference x}}`"), "{page}");
        let problems = expand("{{#locklab-reference nope}}\n", "x.md").expect_err("a problem");
        assert_eq!(problems[0].line, 1);
    }

    /// The lab's recorded results, read from a file of the book and checked as the widget checks
    /// them; a missing or broken file is the chapter's problem.
    #[test]
    fn the_lab_results_come_from_the_recorded_file() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../lab/records/ttl-tradeoff.json")).expect("the record");
        let record = locklab_course::lab_record::parse_record(&text).expect("valid");
        let files = |a: &str| if a == "lab/ttl-tradeoff.json" { Ok(Some(text.clone())) } else { Err("there is no such file in the book".to_string()) };
        let t = lab_results("lab/ttl-tradeoff.json", &files).expect("a table");
        assert!(t.starts_with(&format!("Recorded by `locklab-lab check --record` on {}", record.recorded)), "{t}");
        assert!(t.contains("Redis ") && t.contains(&format!("{} of {} settings agree", record.settings.iter().filter(|s| s.agrees).count(), record.settings.len())), "{t}");
        assert_eq!(t.lines().filter(|l| l.starts_with("| ") && !l.starts_with("| setting") && !l.starts_with("| ---")).count(), record.settings.len());
        let first = record.settings[0].rows.iter().find(|r| r.verdict != locklab_course::lab_record::Verdict::Shown).expect("a compared row");
        assert!(t.contains(&format!("{}: {} / {}", first.field, figure(&first.simulated), figure(&first.real))), "{t}");
        assert!(lab_results("lab/none.json", &files).expect_err("missing").contains("no such file"));
        assert!(lab_results("", &files).is_err());
        let broken = |_: &str| Ok(Some("{\"format\": 1}".to_string()));
        assert!(lab_results("x.json", &broken).expect_err("broken").contains("cannot be used"));
        let page = expand_in_book("{{#locklab-lab lab/ttl-tradeoff.json}}\n", "w.md", &files).expect("expands");
        assert!(page.contains("| setting | agrees |"), "{page}");
    }

    #[test]
    fn a_set_file_of_the_book_is_checked_with_every_problem() {
        let broken = r#"{"title": "T", "widget": "ttl-tradeoff", "challenges": [
            {"id": "a", "prompt": "P", "goal": "nosuch < 1", "explain": "E"},
            {"id": "b", "prompt": "P", "goal": "alsonot > 2", "explain": "E"}]}"#;
        let sets = |a: &str| if a == "mine.json" { Ok(Some(broken.to_string())) } else { Ok(None) };
        let err = expand_in_book("{{#locklab ttl-tradeoff challenges=mine.json}}\n", "c.md", &sets).expect_err("a broken set");
        assert_eq!(err.len(), 1);
        assert!(err[0].message.contains("nosuch") && err[0].message.contains("alsonot"), "{}", err[0].message);
        // Built-in sets and addresses that are not the book's files are left to the widget.
        assert!(expand_in_book("{{#locklab ttl-tradeoff challenges=builtin}}\n", "c.md", &sets).is_ok());
        assert!(expand_in_book("{{#locklab ttl-tradeoff challenges=builtin:heavy-tail,one-a-day}}\n", "c.md", &sets).is_ok());
        let err = expand_in_book("{{#locklab ttl-tradeoff challenges=builtin:heavy-tail,nope}}\n", "c.md", &sets).expect_err("no such challenge");
        assert!(err[0].message.contains("have no nope; they are one-a-day, minute-stalls, heavy-tail") && err[0].message.contains("name challenges of the widget's own set"), "{}", err[0].message);
        assert!(expand_in_book("{{#locklab ttl-tradeoff challenges=https://example.org/s.json}}\n", "c.md", &sets).is_ok());
        let missing = |_: &str| Err("there is no such file in the book".to_string());
        assert!(expand_in_book("{{#locklab ttl-tradeoff challenges=x.json}}\n", "c.md", &missing).is_err());
    }

    #[test]
    fn a_prediction_set_file_of_the_book_is_checked_with_every_problem() {
        let broken = r#"{"title": "T", "widget": "ttl-tradeoff", "predictions": [
            {"id": "a", "setting": "nosuch=1", "question": "Q", "number": {"field": "notafield", "unit": "", "min": 0, "max": 1, "tolerance": 0.1}, "explain": "E"}]}"#;
        let good = locklab_course::predict::built_in("ttl-tradeoff").expect("a built-in set").to_string();
        let sets = move |a: &str| match a {
            "mine.json" => Ok(Some(broken.to_string())),
            "good.json" => Ok(Some(good.clone())),
            _ => Ok(None),
        };
        let err = expand_in_book("{{#locklab ttl-tradeoff predict=mine.json}}\n", "c.md", &sets).expect_err("a broken set");
        assert_eq!(err.len(), 1);
        assert!(err[0].message.contains("the prediction set mine.json cannot be used"), "{}", err[0].message);
        assert!(err[0].message.contains("nosuch") && err[0].message.contains("notafield"), "{}", err[0].message);
        assert!(expand_in_book("{{#locklab ttl-tradeoff predict=good.json}}\n", "c.md", &sets).is_ok());
        // Another widget's set is refused by the widget it is given to.
        assert!(expand_in_book("{{#locklab counter-race predict=good.json}}\n", "c.md", &sets).is_err());
        assert!(expand_in_book("{{#locklab ttl-tradeoff predict=builtin}}\n", "c.md", &sets).is_ok());
        assert!(expand_in_book("{{#locklab ttl-tradeoff predict=https://example.org/p.json}}\n", "c.md", &sets).is_ok());
        let missing = |_: &str| Err("there is no such file in the book".to_string());
        assert!(expand_in_book("{{#locklab ttl-tradeoff predict=x.json}}\n", "c.md", &missing).is_err());
    }

    #[test]
    fn a_bad_directive_says_what_the_author_must_change_not_what_a_widget_would_do() {
        // Each directive's error in the build's voice: never "using", "ignored", "kept" (what a
        // widget on a page does instead; the build does not go on), always something to change.
        for body in [
            "ttl-tradeoff ttl-s=lots",
            "ttl-tradeoff ttl-s=5000",
            "ttl-tradeoff bogus=1",
            "ttl-tradeoff theme=purple",
            "ttl-tradeoff step=3",
            "ttl-tradeoff steps=ttl-s=1|bogus=2",
            "ttl-tradeoff steps=ttl-s=1|ttl-s=2|ttl-s=3 step-captions=A|B",
            "ttl-tradeoff steps=ttl-s=1|ttl-s=2 step=9",
            "ttl-tradeoff compare=ttl-s=1",
            "ttl-tradeoff challenges=nope",
            "fencing-sandbox steps=A.acquire,Z.fly",
            "counter-race lock=maybe",
            "quiz deck=leases layout=sideways",
            "quiz bogus=1 deck=leases",
        ] {
            let err = element(body).expect_err(body);
            for word in [
                "using",
                "ignored",
                "kept",
                "opening at",
                "nothing is compared",
                "no challenges",
                "have none",
            ] {
                assert!(!err.contains(word), "{body}: {err}");
            }
            assert!(
                ["give ", "correct ", "write ", "remove "]
                    .iter()
                    .any(|w| err.contains(w)),
                "{body}: {err}"
            );
        }
        let many = (1..=70)
            .map(|i| format!("ttl-s={i}"))
            .collect::<Vec<_>>()
            .join("|");
        let err = element(&format!("ttl-tradeoff steps={many}")).expect_err("too many steps");
        assert!(
            err.contains("remove some") && !err.contains("kept"),
            "{err}"
        );
    }

    #[test]
    fn a_directive_becomes_the_documented_element() {
        let out = expand("Intro.\n\n{{#locklab ttl-tradeoff ttl-s=10 stall-chance=0.002}}\n\nAfter.\n", "intro.md").expect("expands");
        assert!(out.contains("<div data-locklab=\"ttl-tradeoff\" data-ttl-s=\"10\" data-stall-chance=\"0.002\"><p class=\"locklab-fallback\">"), "{out}");
        assert_eq!(out.matches("<script").count(), 0, "the loader comes from additional-js");
        let quiz = expand("{{#locklab quiz deck=which-protection}} and {{#locklab redlock scenario=clock-jump autoplay=true}}", "deep/er/ch.md").expect("expands");
        assert!(quiz.contains("data-locklab=\"quiz\" data-deck=\"which-protection\""));
        assert!(quiz.contains("data-locklab=\"redlock\" data-scenario=\"clock-jump\" data-autoplay=\"true\""));
        assert_eq!(to_root("deep/er/ch.md"), "../../");
        assert_eq!(expand("No widgets here.\n", "a.md").expect("ok"), "No widgets here.\n");
    }

    #[test]
    fn bad_directives_say_where_and_what() {
        let e = expand("ok\n{{#locklab no-such-widget}}\n", "c.md").unwrap_err();
        assert_eq!(e[0].line, 2);
        assert!(e[0].message.contains("no locklab widget called \u{201c}no-such-widget\u{201d}"), "{e:?}");
        let e = expand("{{#locklab ttl-tradeoff colour=red}}", "c.md").unwrap_err();
        assert!(e[0].message.contains("Unknown parameter \u{201c}colour\u{201d}"), "{e:?}");
        let e = expand("{{#locklab ttl-tradeoff ttl-s=ten}}", "c.md").unwrap_err();
        assert!(e[0].message.contains("ttl-s=\u{201c}ten\u{201d} is not a number"), "{e:?}");
        let e = expand("{{#locklab ttl-tradeoff ttl-s=100000}}", "c.md").unwrap_err();
        assert!(e[0].message.contains("above the maximum"), "{e:?}");
        let e = expand("{{#locklab quiz deck=nope}}", "c.md").unwrap_err();
        assert!(e[0].message.contains("neither a built-in deck"), "{e:?}");
        let e = expand("{{#locklab fencing-sandbox steps=A.acquire,B.acquire}}", "c.md").unwrap_err();
        assert!(e[0].message.contains("step 2"), "{e:?}");
        let e = expand("{{#locklab ttl-tradeoff ttl-s=10", "c.md").unwrap_err();
        assert!(e[0].message.contains("not closed"), "{e:?}");
        let e = expand("{{#locklab}}\n{{#locklab ttl-tradeoff x}}", "c.md").unwrap_err();
        assert_eq!((e.len(), e[1].line), (2, 2), "every problem, each with its line");
    }

    #[test]
    fn a_repeated_parameter_and_a_bad_attribute_fail_the_build() {
        // Before: built, validated the last value and showed the first ("banana").
        let e = expand("Text.\n{{#locklab ttl-tradeoff ttl-s=banana ttl-s=10}}\n", "c.md").unwrap_err();
        assert_eq!(e[0].line, 2);
        assert!(e[0].message.contains("ttl-s is given twice"), "{e:?}");
        let e = expand("{{#locklab redlock autoplay=sometimes}}", "c.md").unwrap_err();
        assert!(e[0].message.contains("autoplay=\u{201c}sometimes\u{201d} is not true or false"), "{e:?}");
        let e = expand("{{#locklab counter-race theme=purple}}", "c.md").unwrap_err();
        assert!(e[0].message.contains("theme=\u{201c}purple\u{201d} is not one of auto, light, dark"), "{e:?}");
        // Documented attributes are fine, on every widget.
        let ok = expand("{{#locklab counter-race theme=dark}} {{#locklab redlock autoplay=true theme=light}} {{#locklab quiz deck=leases theme=dark}}", "c.md").expect("ok");
        assert!(ok.contains("data-theme=\"dark\"") && ok.contains("data-autoplay=\"true\""), "{ok}");
        // autoplay belongs to widgets that play a timeline.
        let e = expand("{{#locklab counter-race autoplay=true}}", "c.md").unwrap_err();
        assert!(e[0].message.contains("Unknown parameter \u{201c}autoplay\u{201d}"), "{e:?}");
    }

    #[test]
    fn inline_and_indented_code_show_the_directive_and_a_backslash_escapes_it() {
        let inline = "Write `{{#locklab nope}}` or ``{{#locklab ttl-tradeoff ttl-s=x}}`` to embed one.\n";
        assert_eq!(expand(inline, "c.md").expect("untouched"), inline);
        let indented = "An example:\n\n    {{#locklab nope}}\n\tstill code {{#locklab nope}}\n\nAfter.\n";
        assert_eq!(expand(indented, "c.md").expect("untouched"), indented);
        // Indented text that continues a paragraph or a list item is not code: it expands.
        let para = "A paragraph\n    {{#locklab counter-race}}\n";
        assert!(expand(para, "c.md").expect("ok").contains("data-locklab=\"counter-race\""));
        let list = "- an item\n\n    {{#locklab counter-race}}\n";
        assert!(expand(list, "c.md").expect("ok").contains("data-locklab=\"counter-race\""));
        // mdBook's escape: the directive is shown as written, without the backslash.
        let escaped = expand("Type \\{{#locklab ttl-tradeoff ttl-s=10}} in a chapter.\n", "c.md").expect("ok");
        assert_eq!(escaped, "Type {{#locklab ttl-tradeoff ttl-s=10}} in a chapter.\n");
        // A directive beside a code span still expands.
        let beside = expand("`code` then {{#locklab counter-race}}\n", "c.md").expect("ok");
        assert!(beside.starts_with("`code` then <div data-locklab=\"counter-race\""), "{beside}");
        assert_eq!(code_spans("a `b` c ``d`e`` f `g"), vec![(2, 5), (8, 15)]);
    }

    #[test]
    fn code_blocks_show_the_syntax_untouched_and_values_are_escaped() {
        let text = "```md\n{{#locklab nope}}\n```\n~~~\n{{#locklab nope}}\n~~~\n";
        assert_eq!(expand(text, "c.md").expect("untouched"), text);
        let out = expand("{{#locklab fencing-sandbox steps=\"A.acquire, A.read\"}}", "c.md").expect("quoted value");
        assert!(out.contains("data-steps=\"A.acquire, A.read\""), "{out}");
        assert_eq!(escape("a\"<b>&"), "a&quot;&lt;b&gt;&amp;");
    }
}
