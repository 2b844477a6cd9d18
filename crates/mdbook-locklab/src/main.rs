//! `mdbook-locklab`: the preprocessor mdBook runs (no arguments, the book on stdin), plus
//! `mdbook-locklab supports <renderer>` and `mdbook-locklab install [book]`. See the crate docs.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use mdbook_locklab::{expand_in_book, ASSET_DIR, LOADER, LOADER_JS, VERSION_FILE};
use mdbook_preprocessor::book::Book;
use mdbook_preprocessor::{Preprocessor, PreprocessorContext};

mod assets {
    include!(concat!(env!("OUT_DIR"), "/assets.rs"));
}
use assets::{ASSETS, ASSET_VERSION};

struct Locklab;

impl Preprocessor for Locklab {
    fn name(&self) -> &str {
        "locklab"
    }

    fn run(&self, ctx: &PreprocessorContext, mut book: Book) -> Result<Book> {
        let src = ctx.root.join(&ctx.config.book.src);
        let stamp = src.join(ASSET_DIR).join(VERSION_FILE);
        let found = std::fs::read_to_string(&stamp).unwrap_or_default();
        if found.trim() != ASSET_VERSION {
            bail!(
                "the locklab assets in {} are {} (this mdbook-locklab carries {ASSET_VERSION}): run `mdbook-locklab install` in the book's folder",
                src.join(ASSET_DIR).display(),
                if found.is_empty() { "missing".to_string() } else { format!("from another build ({})", found.trim()) }
            );
        }
        let mut problems = Vec::new();
        book.for_each_chapter_mut(|ch| {
            let path = ch.source_path.clone().or_else(|| ch.path.clone()).unwrap_or_else(|| PathBuf::from(format!("{}.md", ch.name)));
            let shown = path.display().to_string().replace('\\', "/");
            // A challenge set given as a file of the book, relative to the chapter's page (as
            // the widget resolves it), is read and checked now.
            let dir = src.join(path.parent().unwrap_or(Path::new("")));
            let sets = |address: &str| book_file(&src, &dir, address);
            match expand_in_book(&ch.content, &shown, &sets) {
                Ok(content) => ch.content = content,
                Err(found) => problems.extend(found.into_iter().map(|p| format!("{shown}:{}: {}", p.line, p.message))),
            }
        });
        if !problems.is_empty() {
            bail!("locklab: {} bad directive{}:\n  {}", problems.len(), if problems.len() == 1 { "" } else { "s" }, problems.join("\n  "));
        }
        Ok(book)
    }

    fn supports_renderer(&self, renderer: &str) -> Result<bool> {
        Ok(renderer == "html")
    }
}

/// The text of the book's file at `address` (relative to the chapter's folder `dir`), `None` for
/// an address that is not a file of the book (http(s), or from the site's root, which depends on
/// where the book is served), or why it cannot be read: missing, outside the source folder, or
/// larger than a recorded lab file may be (a set's own, smaller limit is the set parser's).
fn book_file(src: &Path, dir: &Path, address: &str) -> std::result::Result<Option<String>, String> {
    let a = address.split(['?', '#']).next().unwrap_or_default();
    if a.contains("://") || a.starts_with('/') || a.is_empty() {
        return Ok(None);
    }
    let file = dir.join(a);
    let found = file.canonicalize().map_err(|_| format!("there is no such file in the book ({})", file.display()))?;
    let root = src.canonicalize().map_err(|e| format!("the book's source folder cannot be read ({e})"))?;
    if !found.starts_with(&root) {
        return Err(format!("{} is outside the book's source folder", found.display()));
    }
    let size = std::fs::metadata(&found).map_err(|e| e.to_string())?.len();
    if size > locklab_course::lab_record::MAX_RECORD_BYTES as u64 {
        return Err(format!("it is {} KB; a file the book reads may be at most {} KB", size / 1000, locklab_course::lab_record::MAX_RECORD_BYTES / 1000));
    }
    std::fs::read_to_string(&found).map(Some).map_err(|e| format!("it cannot be read ({e})"))
}

/// Writes the loader's files into `<book>/<src>/locklab/` (replacing older ones) with a version
/// stamp, and adds `[preprocessor.locklab]` to `book.toml` if it is not there. Running it twice
/// changes nothing the second time.
fn install(book: &Path) -> Result<()> {
    if ASSETS.is_empty() {
        bail!("this mdbook-locklab was built without the widgets (no dist/ next to its source): run `trunk build --release` in the locklab checkout, then `cargo install --path crates/mdbook-locklab` again");
    }
    let toml_path = book.join("book.toml");
    let text = std::fs::read_to_string(&toml_path).with_context(|| format!("reading {} (is {} an mdBook folder?)", toml_path.display(), book.display()))?;
    let mut doc: toml_edit::DocumentMut = text.parse().with_context(|| format!("parsing {}", toml_path.display()))?;
    let src = doc.get("book").and_then(|b| b.get("src")).and_then(|s| s.as_str()).unwrap_or("src").to_string();
    let dir = book.join(&src).join(ASSET_DIR);
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    // Older builds' hashed files go; anything else an author put there stays.
    for entry in std::fs::read_dir(&dir)?.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        let ours = name == "locklab.js" || name == VERSION_FILE || name.starts_with("locklab-core-") || (name.starts_with("locklab-") && name.ends_with(".css"));
        if ours && !ASSETS.iter().any(|(n, _)| *n == name) {
            std::fs::remove_file(entry.path())?;
        }
    }
    // The one-widget bundles' folder holds only our files: older ones go.
    if let Ok(rd) = std::fs::read_dir(dir.join("w")) {
        for entry in rd.filter_map(Result::ok) {
            let name = format!("w/{}", entry.file_name().to_string_lossy());
            if !ASSETS.iter().any(|(n, _)| *n == name) {
                std::fs::remove_file(entry.path())?;
            }
        }
    }
    for (name, bytes) in ASSETS {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
        }
        if std::fs::read(&path).ok().as_deref() != Some(*bytes) {
            std::fs::write(&path, bytes).with_context(|| format!("writing {}", path.display()))?;
        }
    }
    std::fs::write(dir.join(VERSION_FILE), format!("{ASSET_VERSION}\n"))?;
    if std::fs::read_to_string(book.join(LOADER)).ok().as_deref() != Some(LOADER_JS) {
        std::fs::write(book.join(LOADER), LOADER_JS)?;
    }
    let pre = doc.entry("preprocessor").or_insert(toml_edit::table());
    if let Some(t) = pre.as_table_mut() {
        t.set_implicit(true);
        if !t.contains_key("locklab") {
            t.insert("locklab", toml_edit::table());
        }
    }
    // [output.html] additional-js gets the loader once (an author's other scripts stay).
    let output = doc.entry("output").or_insert(toml_edit::table());
    if let Some(t) = output.as_table_mut() {
        t.set_implicit(true);
        let html = t.entry("html").or_insert(toml_edit::table());
        if let Some(h) = html.as_table_mut() {
            let js = h.entry("additional-js").or_insert(toml_edit::value(toml_edit::Array::new()));
            match js.as_array_mut() {
                Some(list) if !list.iter().any(|v| v.as_str() == Some(LOADER)) => list.push(LOADER),
                Some(_) => {}
                None => bail!("book.toml: output.html.additional-js is not a list"),
            }
        }
    }
    let new = doc.to_string();
    if new != text {
        std::fs::write(&toml_path, new)?;
    }
    println!("mdbook-locklab: {} files ({ASSET_VERSION}) in {}; book.toml has [preprocessor.locklab] and {LOADER} in additional-js", ASSETS.len(), dir.display());
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("supports") => {
            let renderer = args.get(1).map(String::as_str).unwrap_or("");
            return if Locklab.supports_renderer(renderer).unwrap_or(false) { ExitCode::SUCCESS } else { ExitCode::FAILURE };
        }
        Some("install") => install(Path::new(args.get(1).map(String::as_str).unwrap_or("."))),
        Some("--version" | "-V") => {
            println!("mdbook-locklab {ASSET_VERSION}");
            Ok(())
        }
        Some("--help" | "-h") => {
            println!("mdbook-locklab: locklab widgets in mdBook.\n\n  mdbook-locklab install [book]     copy the widgets into the book and enable the preprocessor\n  mdbook-locklab supports <renderer>\n\nIn a chapter: {{{{#locklab ttl-tradeoff ttl-s=10}}}}");
            Ok(())
        }
        Some(other) => Err(anyhow::anyhow!("unknown command {other:?}; try --help")),
        None => preprocess(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e:#}");
            ExitCode::FAILURE
        }
    }
}

fn preprocess() -> Result<()> {
    let (ctx, book) = mdbook_preprocessor::parse_input(std::io::stdin())?;
    let book = Locklab.run(&ctx, book)?;
    let mut out = std::io::stdout().lock();
    serde_json::to_writer(&mut out, &book)?;
    out.flush()?;
    Ok(())
}
