//! Compiles the English messages in without their comments (issue #43): a translator's notes
//! belong in the source files (`locales/en/`), not in every learner's download. Each
//! `locales/en/<name>.ftl` becomes `$OUT_DIR/en/<name>.ftl`: the lines that begin with `#` left
//! out (a comment in Fluent always does; a message's own lines never do) and runs of blank lines
//! made one. What is left parses to the same messages (a test in `messages` holds it to that).

use std::path::Path;

fn main() {
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let out = Path::new(&out_dir).join("en");
    std::fs::create_dir_all(&out).expect("the build's own folder can be made");
    println!("cargo:rerun-if-changed=locales/en");
    let entries = std::fs::read_dir("locales/en").expect("locales/en is readable");
    for entry in entries {
        let path = entry.expect("locales/en is listed").path();
        if path.extension().is_none_or(|e| e != "ftl") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("an English message file is UTF-8");
        let name = path.file_name().expect("a file has a name");
        std::fs::write(out.join(name), strip(&text)).expect("the build's own folder is writable");
    }
}

/// `text` without its comment lines, and with one blank line where there were several.
fn strip(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank = true;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let is_blank = line.trim().is_empty();
        if is_blank && blank {
            continue;
        }
        blank = is_blank;
        out.push_str(line);
        out.push('\n');
    }
    out
}
