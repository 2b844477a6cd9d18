//! A widget's state from an address, read the way the widgets read it (`crates/widgets/src/url.rs`):
//! `embed.html?widget=paused-holder&pause-s=20` (one widget: every key but `widget` and `origin`
//! is its parameter) or a lesson's `index.html?paused-holder.pause-s=20&counter-race.lock=true`
//! (each key prefixed with its widget). A key given twice is refused, with the widgets' notice.

use locklab_sim::Notice;

/// A widget's parameters from an address.
#[derive(Clone, Debug, PartialEq)]
pub struct FromAddress {
    /// The widget the address names (`widget=`), if it names one.
    pub widget: Option<String>,
    pub pairs: Vec<(String, String)>,
    pub notices: Vec<Notice>,
}

/// Reads `address` for `widget` (or, when `widget` is `None`, for the one widget it names).
pub fn read(address: &str, widget: Option<&str>) -> Result<FromAddress, String> {
    let query = address.split('#').next().unwrap_or("").split_once('?').map(|(_, q)| q).unwrap_or("");
    let entries: Vec<(String, String)> = query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode(k), decode(v))
        })
        .collect();
    let named: Vec<&String> = entries.iter().filter(|(k, _)| k == "widget").map(|(_, v)| v).collect();
    let plain = !named.is_empty();
    let widget = if plain {
        if named.len() > 1 {
            return Err("the address gives widget= more than once".into());
        }
        let from = named[0].trim().to_string();
        if let Some(w) = widget.filter(|w| !w.eq_ignore_ascii_case(&from)) {
            return Err(format!("the address is for widget \u{201c}{from}\u{201d}, not \u{201c}{w}\u{201d}"));
        }
        from
    } else {
        match widget {
            Some(w) => w.to_string(),
            None => {
                let mut prefixes: Vec<&str> = entries.iter().filter_map(|(k, _)| k.split_once('.').map(|(w, _)| w)).collect();
                prefixes.sort_unstable();
                prefixes.dedup();
                match prefixes.as_slice() {
                    [one] => one.to_string(),
                    [] => return Err("the address names no widget: give one (run <widget> --url …)".into()),
                    many => return Err(format!("the address has several widgets ({}): name the one to run", many.join(", "))),
                }
            }
        }
    };
    let mine: Vec<(String, String)> = entries
        .into_iter()
        .filter_map(|(k, v)| {
            let p = if plain {
                (k != "widget" && k != "origin").then_some(k)
            } else {
                k.strip_prefix(widget.as_str()).and_then(|r| r.strip_prefix('.')).map(str::to_string)
            };
            p.map(|p| (p, v))
        })
        .collect();
    let (pairs, notices) = refuse_repeats(mine);
    Ok(FromAddress { widget: Some(widget), pairs, notices })
}

/// A parameter given more than once is refused, none of its values used (as the widgets do).
fn refuse_repeats(pairs: Vec<(String, String)>) -> (Vec<(String, String)>, Vec<Notice>) {
    let count = |k: &str| pairs.iter().filter(|(o, _)| o.eq_ignore_ascii_case(k)).count();
    let mut notices = Vec::new();
    let mut reported: Vec<String> = Vec::new();
    let mut kept = Vec::new();
    for (k, v) in &pairs {
        let n = count(k);
        if n > 1 {
            if !reported.contains(&k.to_ascii_lowercase()) {
                reported.push(k.to_ascii_lowercase());
                let name: String = k.chars().take(40).collect();
                notices.push(Notice::new(name.clone(), format!("The address gives \u{201c}{name}\u{201d} {n} times: all of them ignored. Give it once.")));
            }
        } else {
            kept.push((k.clone(), v.clone()));
        }
    }
    (kept, notices)
}

/// `application/x-www-form-urlencoded` decoding, as `URLSearchParams` does: `+` is a space, `%XX`
/// a byte, a stray `%` stays itself, and bytes that are not UTF-8 become U+FFFD.
pub fn decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < b.len() => match (hex(b[i + 1]), hex(b[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push(h * 16 + l);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(c: u8) -> Option<u8> {
    (c as char).to_digit(16).map(|d| d as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_like_url_search_params() {
        assert_eq!(decode("A.acquire%2CA.read+x"), "A.acquire,A.read x");
        assert_eq!(decode("50%"), "50%");
        assert_eq!(decode("%zz%4"), "%zz%4");
        assert_eq!(decode("21%3A50"), "21:50");
    }

    #[test]
    fn reads_both_spellings() {
        let e = read("https://h/embed.html?widget=paused-holder&pause-s=20&origin=https%3A%2F%2Fx#top", None).unwrap();
        assert_eq!(e.widget.as_deref(), Some("paused-holder"));
        assert_eq!(e.pairs, vec![("pause-s".to_string(), "20".to_string())]);
        let l = read("index.html?paused-holder.pause-s=20&counter-race.lock=true", Some("counter-race")).unwrap();
        assert_eq!(l.pairs, vec![("lock".to_string(), "true".to_string())]);
        assert!(read("index.html?paused-holder.pause-s=20&counter-race.lock=true", None).unwrap_err().contains("several widgets"));
        assert!(read("embed.html?widget=counter-race", Some("paused-holder")).unwrap_err().contains("not"));
        let d = read("embed.html?widget=counter-race&workers=3&workers=4", None).unwrap();
        assert!(d.pairs.is_empty() && d.notices[0].message.contains("2 times"));
    }
}
