//! xAPI statements for quiz answers and finished decks, so a course platform with a learning record
//! store can take them as they are.
//!
//! A statement has no `actor` unless the author supplies one (`data-actor-name`,
//! `data-actor-mbox`): the page does not know who the learner is, and a platform that does adds
//! the actor when it stores the statement. Activity ids are built from the deck's and the card's
//! ids under a base: `urn:locklab:quiz:` unless the author sets `data-activity-base` (an absolute
//! IRI such as `https://course.example/locks/`).

use serde_json::{json, Map, Value};

use crate::quiz::Deck;

/// A statement, as JSON.
pub type Statement = Value;

pub const VERB_ANSWERED: &str = "http://adlnet.gov/expapi/verbs/answered";
pub const VERB_COMPLETED: &str = "http://adlnet.gov/expapi/verbs/completed";
pub const TYPE_INTERACTION: &str = "http://adlnet.gov/expapi/activities/cmi.interaction";
pub const TYPE_ASSESSMENT: &str = "http://adlnet.gov/expapi/activities/assessment";
/// The base of activity ids when the author sets none.
pub const DEFAULT_BASE: &str = "urn:locklab:quiz:";
/// Longest author-supplied actor name or base accepted.
const MAX_FIELD: usize = 500;

/// Who answered, if the author said.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Actor {
    pub name: Option<String>,
    /// `mailto:someone@example.org`.
    pub mbox: Option<String>,
}

/// The author's `data-activity-base`, `data-actor-name` and `data-actor-mbox`, checked: what is
/// used, and a sentence for each value that is not.
pub fn from_author(base: Option<&str>, name: Option<&str>, mbox: Option<&str>) -> (String, Option<Actor>, Vec<String>) {
    let mut problems = Vec::new();
    let base = match base.map(str::trim).filter(|b| !b.is_empty()) {
        Some(b) if b.len() <= MAX_FIELD && is_activity_base(b) => {
            if b.ends_with('/') || b.ends_with(':') || b.ends_with('#') { b.to_string() } else { format!("{b}/") }
        }
        Some(b) => {
            problems.push(format!("activity-base=\u{201c}{}\u{201d} is not an http(s) or urn: address such as https://course.example/locks/; using {DEFAULT_BASE}", b.chars().take(40).collect::<String>()));
            DEFAULT_BASE.to_string()
        }
        None => DEFAULT_BASE.to_string(),
    };
    let name = name.map(str::trim).filter(|n| !n.is_empty()).map(|n| n.chars().take(MAX_FIELD).collect::<String>());
    let mbox = match mbox.map(str::trim).filter(|m| !m.is_empty()) {
        None => None,
        Some(m) => {
            let m = if m.get(..7).is_some_and(|p| p.eq_ignore_ascii_case("mailto:")) { format!("mailto:{}", &m[7..]) } else { format!("mailto:{m}") };
            let addr = &m["mailto:".len()..];
            let ok = m.len() <= MAX_FIELD && is_plain_address(addr);
            if ok {
                Some(m)
            } else {
                problems.push(format!("actor-mbox=\u{201c}{}\u{201d} is not an e-mail address; the statements carry no mbox", addr.chars().take(40).collect::<String>()));
                None
            }
        }
    };
    let actor = match (&name, &mbox) {
        // xAPI identifies an agent by an inverse functional identifier: a name alone is not one.
        (Some(_), None) => {
            problems.push("actor-name needs actor-mbox beside it (xAPI identifies a learner by an address, not a name); the statements carry no actor".into());
            None
        }
        (_, Some(_)) => Some(Actor { name, mbox }),
        (None, None) => None,
    };
    (base, actor, problems)
}

/// What an author may give as the activity base: an absolute `http(s)://host…` or `urn:…` IRI
/// made only of characters an IRI may hold (RFC 3987: no spaces, controls, `<>"{}|\^` or
/// backquote, and none of the bidirectional formatting characters, [`is_bidi_format`], which make
/// an address read otherwise than it is). `javascript:`, `data:` and every other scheme are
/// refused: whoever sets an embed's address must not choose what the statements point at.
pub fn is_activity_base(s: &str) -> bool {
    // The scheme's bytes, compared in ASCII case (a prefix of ASCII bytes ends on a character
    // boundary, so the slices after it are safe).
    let starts = |prefix: &str| s.as_bytes().get(..prefix.len()).is_some_and(|b| b.eq_ignore_ascii_case(prefix.as_bytes()));
    let scheme_ok = if starts("https://") {
        s.len() > 8 && !s[8..].starts_with('/')
    } else if starts("http://") {
        s.len() > 7 && !s[7..].starts_with('/')
    } else {
        starts("urn:") && s.len() > 4
    };
    scheme_ok && s.chars().all(|c| !c.is_whitespace() && !c.is_control() && !is_bidi_format(c) && !"<>\"{}|\\^`".contains(c))
}

/// The bidirectional formatting characters RFC 3987 (4.1) forbids in an IRI: LRM, RLM, LRE, RLE,
/// PDF, LRO, RLO; with Unicode's later ALM and isolates (LRI, RLI, FSI, PDI), which reorder text
/// the same way. None is a control (Cc), so `char::is_control` lets them through.
pub fn is_bidi_format(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A plain e-mail address for a `mailto:` IRI: `local@domain`, nothing after it (no `?subject=`,
/// no second address), the domain made of letters, digits, hyphens and dots.
fn is_plain_address(addr: &str) -> bool {
    let Some((local, domain)) = addr.rsplit_once('@') else { return false };
    let local_ok = !local.is_empty() && local.chars().all(|c| c.is_ascii_alphanumeric() || "!#$%'*+-/=^_`{|}~.".contains(c)) && !local.contains('@');
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2 && labels.iter().all(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') && !l.starts_with('-') && !l.ends_with('-'));
    local_ok && domain_ok
}

/// `scheme:rest`, with a scheme as RFC 3987 allows.
pub fn is_absolute_iri(s: &str) -> bool {
    let Some((scheme, rest)) = s.split_once(':') else { return false };
    let mut chars = scheme.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c)) && !rest.is_empty()
}

/// Percent-encodes everything but the unreserved characters, for one segment of an id.
pub(crate) fn segment(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

pub(crate) fn join(base: &str, parts: &[&str]) -> String {
    let sep = if base.ends_with(':') { ":" } else { "/" };
    let mut id = base.to_string();
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            id.push_str(sep);
        }
        id.push_str(&segment(p));
    }
    id
}

/// The deck's activity id. `reference` is what events call the deck (a built-in deck's name, or
/// the address a deck file was loaded from), never the id a deck file declares for itself, so a
/// deck cannot pass itself off as another. A deck file's own address is its id unless the author
/// set a base.
pub fn deck_id(base: &str, reference: &str) -> String {
    if base == DEFAULT_BASE && is_absolute_iri(reference) {
        return reference.split('#').next().unwrap_or(reference).to_string();
    }
    join(base, &[reference])
}

/// A card's activity id.
pub fn card_id(base: &str, reference: &str, deck: &Deck, card: usize) -> String {
    let card = deck.cards.get(card).map_or("", |c| c.id.as_str());
    if base == DEFAULT_BASE && is_absolute_iri(reference) {
        return format!("{}#{}", deck_id(base, reference), segment(card));
    }
    join(base, &[reference, card])
}

fn en(text: &str) -> Value {
    json!({ "en-US": text })
}

pub(crate) fn actor_json(actor: Option<&Actor>) -> Option<Value> {
    let a = actor?;
    let mut m = Map::new();
    m.insert("objectType".into(), json!("Agent"));
    if let Some(n) = &a.name {
        m.insert("name".into(), json!(n));
    }
    m.insert("mbox".into(), json!(a.mbox.as_ref()?));
    Some(Value::Object(m))
}

/// The statement for answering `card` of `deck` with option `choice` (indices in the deck's order).
pub fn answered(base: &str, reference: &str, deck: &Deck, card: usize, choice: usize, actor: Option<&Actor>) -> Value {
    let Some(c) = deck.cards.get(card) else { return Value::Null };
    let correct = c.correct_index();
    let success = choice == correct;
    let mut s = json!({
        "verb": { "id": VERB_ANSWERED, "display": en("answered") },
        "object": {
            "objectType": "Activity",
            "id": card_id(base, reference, deck, card),
            "definition": {
                "name": en(&c.question),
                "type": TYPE_INTERACTION,
                "interactionType": "choice",
                "choices": c.options.iter().enumerate().map(|(i, o)| json!({ "id": format!("option-{i}"), "description": en(&o.text) })).collect::<Vec<_>>(),
                "correctResponsesPattern": [format!("option-{correct}")],
            }
        },
        "result": {
            "success": success,
            "response": format!("option-{choice}"),
            "score": { "min": 0, "max": 1, "raw": u8::from(success), "scaled": if success { 1.0 } else { 0.0 } }
        },
        "context": { "contextActivities": { "parent": [{ "objectType": "Activity", "id": deck_id(base, reference) }] } }
    });
    if let (Some(a), Some(obj)) = (actor_json(actor), s.as_object_mut()) {
        obj.insert("actor".into(), a);
    }
    s
}

/// The statement for finishing the deck with `correct` of `cards` answered right first time.
pub fn completed(base: &str, reference: &str, deck: &Deck, correct: usize, cards: usize, actor: Option<&Actor>) -> Value {
    let max = cards.max(1);
    let raw = correct.min(max);
    let mut s = json!({
        "verb": { "id": VERB_COMPLETED, "display": en("completed") },
        "object": {
            "objectType": "Activity",
            "id": deck_id(base, reference),
            "definition": { "name": en(&deck.title), "type": TYPE_ASSESSMENT }
        },
        "result": {
            "completion": true,
            "score": { "min": 0, "max": max, "raw": raw, "scaled": raw as f64 / max as f64 }
        }
    });
    if let (Some(a), Some(obj)) = (actor_json(actor), s.as_object_mut()) {
        obj.insert("actor".into(), a);
    }
    s
}

/// The rules of the xAPI specification (1.0.3, part two) that these statements must meet, checked
/// one by one: what a learning record store would refuse. Returns every rule broken.
pub fn check(s: &Value) -> Vec<String> {
    let mut bad = Vec::new();
    let iri = |v: Option<&Value>| v.and_then(Value::as_str).is_some_and(is_absolute_iri);
    if !iri(s.pointer("/verb/id")) {
        bad.push("verb.id must be an absolute IRI".into());
    }
    if let Some(display) = s.pointer("/verb/display")
        && !display.as_object().is_some_and(|m| !m.is_empty() && m.values().all(Value::is_string)) {
            bad.push("verb.display must be a language map".into());
        }
    if !iri(s.pointer("/object/id")) {
        bad.push("object.id must be an absolute IRI".into());
    }
    if let Some(def) = s.pointer("/object/definition") {
        if let Some(kind) = def.get("interactionType") {
            let allowed = ["true-false", "choice", "fill-in", "long-fill-in", "matching", "performance", "sequencing", "likert", "numeric", "other"];
            if !kind.as_str().is_some_and(|k| allowed.contains(&k)) {
                bad.push("interactionType is not one the specification lists".into());
            }
            let ids: Vec<&str> = def.get("choices").and_then(Value::as_array).map(|c| c.iter().filter_map(|x| x.get("id").and_then(Value::as_str)).collect()).unwrap_or_default();
            if kind == "choice" && ids.is_empty() {
                bad.push("a choice interaction needs choices".into());
            }
            let mut unique = ids.clone();
            unique.sort_unstable();
            unique.dedup();
            if unique.len() != ids.len() || ids.iter().any(|i| i.is_empty() || i.contains(char::is_whitespace) || i.contains("[,]")) {
                bad.push("choice ids must be unique, non-empty, without whitespace or [,]".into());
            }
            for pattern in def.get("correctResponsesPattern").and_then(Value::as_array).into_iter().flatten() {
                if kind == "numeric" {
                    // A range, `min[:]max` (either end may be left open), or one number.
                    let number = |t: &str| t.is_empty() || t.parse::<f64>().is_ok_and(f64::is_finite);
                    let ok = pattern.as_str().is_some_and(|p| match p.split_once("[:]") {
                        Some((lo, hi)) => number(lo) && number(hi) && (lo.is_empty() || hi.is_empty() || lo.parse::<f64>().ok() <= hi.parse::<f64>().ok()),
                        None => !p.is_empty() && number(p),
                    });
                    if !ok {
                        bad.push("a numeric correctResponsesPattern must be a number or min[:]max".into());
                    }
                    continue;
                }
                let ok = pattern.as_str().is_some_and(|p| p.split("[,]").all(|part| ids.contains(&part)));
                if !ok {
                    bad.push("correctResponsesPattern must name choice ids".into());
                }
            }
        }
        if let Some(t) = def.get("type")
            && !iri(Some(t)) {
                bad.push("definition.type must be an absolute IRI".into());
            }
    }
    if let Some(score) = s.pointer("/result/score") {
        let n = |k: &str| score.get(k).and_then(Value::as_f64);
        if let Some(scaled) = n("scaled")
            && !(-1.0..=1.0).contains(&scaled) {
                bad.push("score.scaled must lie in [-1, 1]".into());
            }
        if let (Some(min), Some(max)) = (n("min"), n("max"))
            && min >= max {
                bad.push("score.min must be below score.max".into());
            }
        if let Some(raw) = n("raw")
            && (n("min").is_some_and(|min| raw < min) || n("max").is_some_and(|max| raw > max)) {
                bad.push("score.raw must lie between min and max".into());
            }
    }
    if let Some(r) = s.pointer("/result/response")
        && !r.is_string() {
            bad.push("result.response must be a string".into());
        }
    for key in ["/result/extensions", "/context/extensions", "/object/definition/extensions"] {
        if let Some(ext) = s.pointer(key) {
            match ext.as_object() {
                Some(m) if m.keys().all(|k| is_absolute_iri(k)) => {}
                Some(_) => bad.push(format!("{}: every key must be an absolute IRI", key.trim_start_matches('/').replace('/', "."))),
                None => bad.push(format!("{} must be an object", key.trim_start_matches('/').replace('/', "."))),
            }
        }
    }
    if let Some(success) = s.pointer("/result/success")
        && !success.is_boolean() {
            bad.push("result.success must be true or false".into());
        }
    if let Some(description) = s.pointer("/object/definition/description")
        && !description.as_object().is_some_and(|m| !m.is_empty() && m.values().all(Value::is_string)) {
            bad.push("definition.description must be a language map".into());
        }
    if let Some(actor) = s.get("actor") {
        let ifis = ["mbox", "mbox_sha1sum", "openid", "account"].iter().filter(|k| actor.get(**k).is_some()).count();
        if ifis != 1 {
            bad.push("an agent needs exactly one inverse functional identifier".into());
        }
        if let Some(m) = actor.get("mbox")
            && !m.as_str().is_some_and(|m| m.starts_with("mailto:")) {
                bad.push("mbox must be a mailto: IRI".into());
            }
    }
    bad
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quiz::{built_in, BUILT_IN};

    #[test]
    fn every_answer_of_every_built_in_deck_makes_a_valid_statement() {
        let (base, actor, problems) = from_author(Some("https://course.example/locks"), Some("Ada"), Some("ada@example.org"));
        assert!(problems.is_empty());
        assert_eq!(base, "https://course.example/locks/");
        for (name, _) in BUILT_IN {
            let deck = built_in(name).expect("built in").expect("parses");
            for (c, card) in deck.cards.iter().enumerate() {
                for choice in 0..card.options.len() {
                    for (b, a) in [(DEFAULT_BASE, None), (base.as_str(), actor.as_ref())] {
                        let s = answered(b, name, &deck, c, choice, a);
                        assert_eq!(check(&s), Vec::<String>::new(), "{name}/{}: {s}", card.id);
                        let right = choice == card.correct_index();
                        assert_eq!(s.pointer("/result/success"), Some(&json!(right)));
                        assert_eq!(s.pointer("/result/score/raw"), Some(&json!(u8::from(right))));
                        assert_eq!(s.get("actor").is_some(), a.is_some(), "no actor unless the author gives one");
                    }
                }
            }
            for correct in 0..=deck.cards.len() {
                let s = completed(&base, name, &deck, correct, deck.cards.len(), None);
                assert_eq!(check(&s), Vec::<String>::new(), "{s}");
                let scaled = s.pointer("/result/score/scaled").and_then(Value::as_f64).unwrap_or(-9.0);
                assert!((scaled - correct as f64 / deck.cards.len() as f64).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn ids_and_author_values() {
        let deck = built_in("interview").expect("built in").expect("parses");
        assert_eq!(deck_id(DEFAULT_BASE, "interview"), "urn:locklab:quiz:interview");
        assert!(card_id(DEFAULT_BASE, "interview", &deck, 0).starts_with("urn:locklab:quiz:interview:"));
        // A deck file is known by its address, with the card as a fragment, or under the base.
        let url = "https://decks.example/mine.json";
        assert_eq!(card_id(DEFAULT_BASE, url, &deck, 0), format!("{url}#{}", deck.cards[0].id));
        assert_eq!(deck_id("https://course.example/", url), "https://course.example/https%3A%2F%2Fdecks.example%2Fmine.json");
        assert_eq!(segment("a b/é"), "a%20b%2F%C3%A9");
        let (b, a, p) = from_author(Some("not an iri"), Some("Ada"), None);
        assert_eq!((b.as_str(), a), (DEFAULT_BASE, None));
        assert_eq!(p.len(), 2, "{p:?}");
        let (_, a, p) = from_author(None, None, Some("ada@example.org"));
        assert_eq!(a.and_then(|a| a.mbox), Some("mailto:ada@example.org".into()));
        assert!(p.is_empty());
        let (_, a, p) = from_author(None, None, Some("ada at home"));
        assert!(a.is_none() && p[0].contains("not an e-mail address"));
        // The second probe's values: refused, left out, and said.
        for base in ["javascript:alert(document.domain)//", "data:text/html,<script>alert(1)</script>", "ftp://files.example/", "https://course.example/a b", "https:///no-host", "http://x\u{7f}y", "https://a.example/\"q\""] {
            let (b, _, p) = from_author(Some(base), None, None);
            assert_eq!(b, DEFAULT_BASE, "{base}");
            assert!(p[0].contains("is not an http(s) or urn: address"), "{base}: {p:?}");
        }
        // Short ones and a non-ASCII character straddling the eighth byte are read by their
        // scheme's bytes, not refused for where byte 8 falls.
        for base in ["https://course.example/locks/", "http://localhost:8080/x", "urn:course:locks", "HTTPS://Course.Example/é", "urn:abc", "urn:x", "http://é.example/", "Http://ü"] {
            let (b, _, p) = from_author(Some(base), None, None);
            assert!(p.is_empty() && b.starts_with(&base[..4]), "{base}: {p:?}");
        }
        for mbox in ["mailto:eve@example.org?subject=x&body=y", "eve@example.org,mallory@example.org", "mailto:eve@example.org#x", "eve@@example.org", "eve@example", "<eve@example.org>", "javascript:eve@example.org"] {
            let (_, a, p) = from_author(None, None, Some(mbox));
            assert!(a.is_none() && p[0].contains("is not an e-mail address"), "{mbox}: {p:?}");
        }
        let (_, a, _) = from_author(None, Some("Ada"), Some("MAILTO:ada.l+x@math.example.org"));
        assert_eq!(a.and_then(|a| a.mbox), Some("mailto:ada.l+x@math.example.org".into()));
        // The checker itself catches what it should.
        let mut s = answered(DEFAULT_BASE, "interview", &deck, 0, 0, None);
        s["result"]["score"]["scaled"] = json!(1.5);
        s["object"]["definition"]["correctResponsesPattern"] = json!(["option-9"]);
        s["verb"]["id"] = json!("answered");
        assert_eq!(check(&s).len(), 3, "{:?}", check(&s));
    }
}
