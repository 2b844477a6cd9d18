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
//! directive is checked with the widgets' own validation (`locklab_sim::registry`): an unknown
//! widget, an unknown parameter or a value the widget would not take fails the book build with the
//! chapter, the line and what is wrong. Directives inside fenced code blocks are left as they are,
//! so a chapter can show the syntax.

use locklab_sim::registry;

/// Where `mdbook-locklab install` puts the loader's files, inside the book's source folder.
pub const ASSET_DIR: &str = "locklab";
/// The script `install` adds to `additional-js`, and what it says: load locklab only where a
/// page has a widget (mdBook adds the script to every page; a classic script, so
/// `document.currentScript` says where the assets are).
/// It sits in the book's root folder, beside `book.toml` (mdBook reads `additional-js` from there
/// and writes it to the root of the built book, where `locklab/` is too).
pub const LOADER: &str = "locklab-mdbook.js";
pub const LOADER_JS: &str = "// Added to every page of the book by mdbook-locklab: loads locklab only on a page with a widget.\nif (document.querySelector(\"[data-locklab]\")) {\n  import(new URL(\"locklab/locklab.js\", document.currentScript.src).href);\n}\n";

/// The file in [`ASSET_DIR`] that says which build the assets came from.
pub const VERSION_FILE: &str = "VERSION";

const OPEN: &str = "{{#locklab";
const CLOSE: &str = "}}";

/// A directive that cannot become a widget: where, and why.
#[derive(Debug, PartialEq)]
pub struct Problem {
    pub line: usize,
    pub message: String,
}

/// Replaces every directive in `content` (a chapter at `path`, relative to the book's source
/// folder, e.g. `deep/redlock.md`). Returns the new content, or every problem found.
pub fn expand(content: &str, path: &str) -> Result<String, Vec<Problem>> {
    let mut out = String::with_capacity(content.len());
    let mut problems = Vec::new();
    let mut fence: Option<String> = None;
    for (i, line) in content.split_inclusive('\n').enumerate() {
        let trimmed = line.trim_start();
        let marker: String = trimmed.chars().take_while(|&c| c == '`' || c == '~').collect();
        if marker.len() >= 3 && (marker.chars().all(|c| c == '`') || marker.chars().all(|c| c == '~')) {
            match &fence {
                None => fence = Some(marker),
                Some(open) if marker.starts_with(open.as_str()) && trimmed.trim_end().len() == marker.len() => fence = None,
                Some(_) => {}
            }
            out.push_str(line);
            continue;
        }
        if fence.is_some() || !line.contains(OPEN) {
            out.push_str(line);
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find(OPEN) {
            out.push_str(&rest[..at]);
            let after = &rest[at + OPEN.len()..];
            let Some(end) = after.find(CLOSE) else {
                problems.push(Problem { line: i + 1, message: "a {{#locklab …}} directive is not closed with }} on the same line".into() });
                rest = "";
                break;
            };
            match element(&after[..end]) {
                Ok(html) => out.push_str(&html),
                Err(message) => problems.push(Problem { line: i + 1, message }),
            }
            rest = &after[end + CLOSE.len()..];
        }
        out.push_str(rest);
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let _ = path;
    Ok(out)
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

/// The element for one directive's body (`ttl-tradeoff ttl-s=10`), or what is wrong with it.
pub fn element(body: &str) -> Result<String, String> {
    let words = words(body)?;
    let Some((name, args)) = words.split_first() else {
        return Err(format!("the directive names no widget; known: {}", registry::names().join(", ")));
    };
    let Some(widget) = registry::find(name) else {
        return Err(format!("there is no locklab widget called \u{201c}{name}\u{201d}; known: {}", registry::names().join(", ")));
    };
    let mut pairs = Vec::new();
    let mut extra = Vec::new();
    for a in args {
        let Some((k, v)) = a.split_once('=') else {
            return Err(format!("\u{201c}{a}\u{201d} is not a parameter=value pair"));
        };
        let k = k.trim().to_ascii_lowercase();
        if k.is_empty() || !k.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(format!("\u{201c}{k}\u{201d} is not a parameter name"));
        }
        if widget.also.contains(&k.as_str()) {
            extra.push((k, v.to_string()));
        } else {
            pairs.push((k, v.to_string()));
        }
    }
    let (_, notices) = (widget.validate)(&pairs);
    if !notices.is_empty() {
        return Err(notices.iter().map(|n| n.message.clone()).collect::<Vec<_>>().join(" "));
    }
    let attrs: String = pairs.iter().chain(&extra).map(|(k, v)| format!(" data-{k}=\"{}\"", escape(v))).collect();
    Ok(format!(
        "<div data-locklab=\"{}\"{attrs}><p class=\"locklab-fallback\">Interactive widget: {}. It needs JavaScript to run.</p></div>",
        widget.name,
        escape(widget.label)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn code_blocks_show_the_syntax_untouched_and_values_are_escaped() {
        let text = "```md\n{{#locklab nope}}\n```\n~~~\n{{#locklab nope}}\n~~~\n";
        assert_eq!(expand(text, "c.md").expect("untouched"), text);
        let out = expand("{{#locklab fencing-sandbox steps=\"A.acquire, A.read\"}}", "c.md").expect("quoted value");
        assert!(out.contains("data-steps=\"A.acquire, A.read\""), "{out}");
        assert_eq!(escape("a\"<b>&"), "a&quot;&lt;b&gt;&amp;");
    }
}
