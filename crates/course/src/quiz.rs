//! # Quiz cards: decks, validation, and the state of a learner's round
//!
//! A deck is data (JSON): a title, an introduction, and cards. Each card has a question, two to
//! six options, exactly one of them correct, and an explanation for every option. The built-in
//! decks live in this crate's `decks/`; an author can point `data-deck` at a JSON file of the same
//! shape. [`parse_deck`] never panics: it names the card and the field of every problem.
//!
//! [`Progress`] is a learner's state: the order of each card's options (shuffled once from a
//! stored seed, so a reload keeps it), every answer, the XP and the position. It is saved as
//! versioned JSON; [`Progress::restore`] refuses anything it does not fully understand, so a
//! corrupt or outdated entry is discarded instead of crashing the quiz.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub const NAME: &str = "quiz";

/// XP for a card answered correctly at the first try.
pub const XP_PER_CARD: u32 = 20;

/// The built-in decks: (name, JSON text).
pub const BUILT_IN: &[(&str, &str)] = &[
    ("which-protection", include_str!("../decks/which-protection.json")),
    ("interview", include_str!("../decks/interview.json")),
    ("check-yourself", include_str!("../decks/check-yourself.json")),
    ("leases", include_str!("../decks/leases.json")),
];

/// The seed of the options' order on paper. Fixed, so a student's copy and the teacher's key
/// printed apart (or a year later) list every card's options in the same order, and the keyed
/// letter is not the deck's own order (in which an author tends to write the right answer first).
pub const PAPER_SEED: u64 = 1;

/// `0..n` shuffled by `seed` on stream `card`: card `card`'s order of options.
fn shuffled(seed: u64, card: usize, n: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(card as u64);
    order.shuffle(&mut rng);
    order
}

/// The order of card `card`'s options on paper (deck indices). The keyed option goes to the
/// letter the cards before it have keyed least (a seeded choice among ties), so the letters of
/// the key stay even whatever the deck (a shuffle alone put 5 of the interview deck's 7 answers
/// on C); the others follow in an order shuffled by the seed, [`PAPER_SEED`] unless the author
/// chose another (`paper-seed`).
pub fn paper_order(deck: &Deck, card: usize) -> Vec<usize> {
    paper_order_with(deck, card, PAPER_SEED)
}

/// The most a `paper-seed` may be.
pub const MAX_PAPER_SEED: u64 = 999_999;

/// An author's `paper-seed`: a whole number from 0 to [`MAX_PAPER_SEED`], else why not (the
/// paper then keeps [`PAPER_SEED`]).
pub fn paper_seed(value: &str) -> Result<u64, String> {
    let v = value.trim();
    match v.parse::<u64>() {
        Ok(n) if n <= MAX_PAPER_SEED => Ok(n),
        _ => Err(format!(
            "paper-seed=\u{201c}{}\u{201d} is not a whole number from 0 to 999,999; using the default, {PAPER_SEED}.",
            v.chars().take(40).collect::<String>()
        )),
    }
}

/// The most bytes a quiz's `lesson` address may have.
pub const MAX_LESSON: usize = 2000;

/// An author's `lesson`: an absolute `http(s)://` address of a page, else why not (the cards'
/// "try it" links then go to widgets on the page only). One grammar for the widget and the
/// adapters (the Python package and the Hugo build port it): the trimmed value, at most
/// [`MAX_LESSON`] bytes, starts `http://` or `https://` (ASCII case), then a host of ASCII letters,
/// digits and hyphens in dot-separated labels (no user name, no brackets), an optional port up to
/// 65535, and after a `/`, `?` or `#` anything but white space, controls, bidirectional formatting
/// characters and `<>"{}|\^` or the backquote.
pub fn lesson_address(value: &str) -> Result<&str, String> {
    let v = value.trim();
    let refused = || format!("lesson=\u{201c}{}\u{201d} is not an http(s) address such as https://course.example/locks/; the cards' links go to widgets on this page only.", v.chars().take(60).collect::<String>());
    let starts = |prefix: &str| v.as_bytes().get(..prefix.len()).is_some_and(|b| b.eq_ignore_ascii_case(prefix.as_bytes()));
    let after = if starts("https://") {
        &v[8..]
    } else if starts("http://") {
        &v[7..]
    } else {
        return Err(refused());
    };
    if v.len() > MAX_LESSON {
        return Err(format!("lesson=\u{201c}{}\u{2026}\u{201d} is {} bytes long; it takes at most {MAX_LESSON}.", v.chars().take(40).collect::<String>(), v.len()));
    }
    let end = after.find(['/', '?', '#']).unwrap_or(after.len());
    let (authority, rest) = after.split_at(end);
    let (host, port) = match authority.split_once(':') {
        Some((h, p)) => (h, Some(p)),
        None => (authority, None),
    };
    let label_ok = |l: &str| !l.is_empty() && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    let host_ok = !host.is_empty() && host.strip_suffix('.').unwrap_or(host).split('.').all(label_ok);
    let port_ok = port.is_none_or(|p| !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit()) && p.parse::<u32>().is_ok_and(|n| n <= 65_535));
    let rest_ok = rest.chars().all(|c| !c.is_whitespace() && !c.is_control() && !crate::xapi::is_bidi_format(c) && !"<>\"{}|\\^`".contains(c));
    if host_ok && port_ok && rest_ok { Ok(v) } else { Err(refused()) }
}

/// [`paper_order`] for the author's `paper-seed` (another version of the same paper: each seed
/// gives its own order and its own key, the same every time).
pub fn paper_order_with(deck: &Deck, card: usize, seed: u64) -> Vec<usize> {
    let Some(c) = deck.cards.get(card) else { return Vec::new() };
    let n = c.options.len();
    let right = c.correct_index();
    let mut order: Vec<usize> = shuffled(seed, card, n).into_iter().filter(|&o| o != right).collect();
    if right < n {
        order.insert(keyed_positions(deck, seed, card).min(n - 1), right);
    }
    order
}

/// Where the keyed option of each card up to `upto` goes on paper: card by card, the letter the
/// fewest cards before it have keyed (among the card's own letters), a tie settled by the seed.
/// So the key's letters stay even whatever the deck's mix of three- and four-option cards (a
/// rotation by card number put four of the interview deck's seven answers on B at one seed).
fn keyed_positions(deck: &Deck, seed: u64, upto: usize) -> usize {
    let most = deck.cards.iter().map(|c| c.options.len()).max().unwrap_or(0);
    let mut used = vec![0usize; most];
    let mut at = 0;
    for (i, c) in deck.cards.iter().enumerate().take(upto + 1) {
        let n = c.options.len().min(most);
        let Some(&fewest) = used[..n].iter().min() else { continue };
        let ties: Vec<usize> = (0..n).filter(|&p| used[p] == fewest).collect();
        // The deck's last stream is the ties' (each card's option shuffle uses its own index).
        let pick = shuffled(seed, usize::MAX - i, ties.len()).first().copied().unwrap_or(0);
        at = ties.get(pick).copied().unwrap_or(0);
        used[at] += 1;
    }
    at
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    pub text: String,
    pub correct: bool,
    /// Why this option is right or wrong.
    pub why: String,
}

/// A link from a card to a widget preset that shows why the answer is right.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Link {
    pub text: String,
    /// Relative to the lesson page (built-in decks) or to the deck file (author decks).
    pub href: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Card {
    pub id: String,
    pub question: String,
    pub options: Vec<Choice>,
    pub link: Option<Link>,
}

impl Card {
    pub fn correct_index(&self) -> usize {
        self.options.iter().position(|o| o.correct).unwrap_or(0)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Deck {
    pub id: String,
    pub title: String,
    pub intro: String,
    pub cards: Vec<Card>,
}

/// The most options a card may have (keys 1–6 pick them).
pub const MAX_OPTIONS: usize = 6;
/// Longest text accepted in any field, in characters.
pub const MAX_TEXT: usize = 2000;
/// Most cards in a deck.
pub const MAX_CARDS: usize = 200;
/// Longest deck file accepted, in bytes (checked before parsing; the built-in decks are ~10 KB).
pub const MAX_DECK_BYTES: usize = 1_000_000;
/// Longest id (of a deck or a card), in characters.
pub const MAX_ID: usize = 100;
/// Parsing stops after this many problems.
pub const MAX_ERRORS: usize = 12;

/// Whether `href` is a web address once parsed as browsers parse URLs (the WHATWG URL standard):
/// leading and trailing spaces and control characters are dropped and tabs and newlines anywhere
/// are removed (so `java\tscript:` is `javascript:`); then a scheme, if there is one, must be http
/// or https. Relative addresses resolve against an http(s) page or deck, so they are web
/// addresses too.
pub fn is_web_address(href: &str) -> bool {
    let cleaned: String =
        href.trim_matches(|c: char| c <= ' ').chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect();
    let mut chars = cleaned.char_indices();
    let Some((_, first)) = chars.next() else { return true };
    if !first.is_ascii_alphabetic() {
        return true; // "/x", "./x", "#x", "?x", "//host/x": relative
    }
    for (i, c) in chars {
        if c == ':' {
            let scheme = cleaned[..i].to_ascii_lowercase();
            return scheme == "http" || scheme == "https";
        }
        if !(c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')) {
            return true; // no scheme: a relative path such as "lesson.html?x=1:2"
        }
    }
    true
}

/// Parses and validates a deck. Every problem is reported with where it is: `card 3
/// ("seat-sale"): option 2: field "why" is missing`.
pub fn parse_deck(json: &str, fallback_id: &str) -> Result<Deck, Vec<String>> {
    if json.len() > MAX_DECK_BYTES {
        return Err(vec![format!("The deck is {} KB; the most a deck may be is {} KB.", json.len() / 1000, MAX_DECK_BYTES / 1000)]);
    }
    let value: Value = serde_json::from_str(json).map_err(|e| vec![format!("The deck is not valid JSON: {e}.")])?;
    let mut errors = Vec::new();
    let Some(obj) = value.as_object() else {
        return Err(vec!["The deck must be a JSON object with \"title\" and \"cards\".".into()]);
    };
    let text = |o: &serde_json::Map<String, Value>, field: &str, place: &str, required: bool, errors: &mut Vec<String>| text_field(o, field, place, required, MAX_TEXT, errors);
    let title = text(obj, "title", "", true, &mut errors);
    let intro = text(obj, "intro", "", false, &mut errors);
    let id = match obj.get("id") {
        Some(Value::String(s)) if s.chars().count() > MAX_ID => {
            errors.push(format!("field \"id\" is longer than {MAX_ID} characters."));
            String::new()
        }
        Some(Value::String(s)) if !s.trim().is_empty() => s.trim().to_string(),
        _ => fallback_id.to_string(),
    };
    let mut cards = Vec::new();
    match obj.get("cards") {
        None => errors.push("field \"cards\" is missing.".into()),
        Some(Value::Array(list)) if list.is_empty() => errors.push("field \"cards\" has no cards.".into()),
        Some(Value::Array(list)) if list.len() > MAX_CARDS => errors.push(format!("field \"cards\" has more than {MAX_CARDS} cards.")),
        Some(Value::Array(list)) => {
            let mut ids = std::collections::BTreeSet::new();
            for (i, c) in list.iter().enumerate() {
                if errors.len() >= MAX_ERRORS {
                    break;
                }
                let Some(co) = c.as_object() else {
                    errors.push(format!("card {}: must be an object.", i + 1));
                    continue;
                };
                let card_id = match co.get("id") {
                    Some(Value::String(s)) if s.chars().count() > MAX_ID => {
                        errors.push(format!("card {}: field \"id\" is longer than {MAX_ID} characters.", i + 1));
                        continue;
                    }
                    Some(Value::String(s)) if !s.trim().is_empty() => s.trim().to_string(),
                    _ => format!("card-{}", i + 1),
                };
                let place = format!("card {} (\u{201c}{}\u{201d}): ", i + 1, card_id);
                if !ids.insert(card_id.clone()) {
                    errors.push(format!("{place}the id is used by another card."));
                }
                let question = text(co, "question", &place, true, &mut errors);
                let mut options = Vec::new();
                match co.get("options") {
                    None => errors.push(format!("{place}field \"options\" is missing.")),
                    Some(Value::Array(opts)) if opts.len() < 2 => {
                        errors.push(format!("{place}field \"options\" needs at least two options, found {}.", opts.len()))
                    }
                    Some(Value::Array(opts)) if opts.len() > MAX_OPTIONS => {
                        errors.push(format!("{place}field \"options\" has {} options; at most {MAX_OPTIONS}.", opts.len()))
                    }
                    Some(Value::Array(opts)) => {
                        for (j, o) in opts.iter().enumerate() {
                            let oplace = format!("{place}option {}: ", j + 1);
                            let Some(oo) = o.as_object() else {
                                errors.push(format!("{oplace}must be an object with \"text\", \"correct\" and \"why\"."));
                                continue;
                            };
                            let t = text(oo, "text", &oplace, true, &mut errors);
                            let why = text(oo, "why", &oplace, true, &mut errors);
                            let correct = match oo.get("correct") {
                                None => false,
                                Some(Value::Bool(b)) => *b,
                                Some(_) => {
                                    errors.push(format!("{oplace}field \"correct\" must be true or false."));
                                    false
                                }
                            };
                            options.push(Choice { text: t, correct, why });
                        }
                        let right = options.iter().filter(|o| o.correct).count();
                        if right == 0 {
                            errors.push(format!("{place}no option is marked \"correct\": true."));
                        } else if right > 1 {
                            errors.push(format!("{place}{right} options are marked correct; exactly one must be."));
                        }
                    }
                    Some(_) => errors.push(format!("{place}field \"options\" must be a list.")),
                }
                let link = match co.get("link") {
                    None | Some(Value::Null) => None,
                    Some(Value::Object(lo)) => {
                        let lplace = format!("{place}link: ");
                        let t = text(lo, "text", &lplace, true, &mut errors);
                        let href = text(lo, "href", &lplace, true, &mut errors);
                        if !is_web_address(&href) {
                            errors.push(format!("{lplace}field \"href\" must be a web address (http or https, or relative to the deck)."));
                        }
                        Some(Link { text: t, href })
                    }
                    Some(_) => {
                        errors.push(format!("{place}field \"link\" must be an object with \"text\" and \"href\"."));
                        None
                    }
                };
                cards.push(Card { id: card_id, question, options, link });
            }
        }
        Some(_) => errors.push("field \"cards\" must be a list.".into()),
    }
    if errors.len() > MAX_ERRORS {
        errors.truncate(MAX_ERRORS);
    }
    if errors.len() == MAX_ERRORS {
        errors.push(format!("Showing the first {MAX_ERRORS} problems; fix these and check again."));
    }
    if errors.is_empty() { Ok(Deck { id, title, intro, cards }) } else { Err(errors) }
}

/// A built-in deck by name.
pub fn built_in(name: &str) -> Option<Result<Deck, Vec<String>>> {
    BUILT_IN.iter().find(|(n, _)| *n == name).map(|(n, json)| parse_deck(json, n))
}

/// One answer a learner gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// The option chosen, as its index in the deck (not on screen).
    pub choice: usize,
    pub correct: bool,
    /// XP this answer earned (only a correct first answer earns any).
    pub xp: u32,
}

/// A learner's progress through one deck.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Format version of the saved entry; entries of any other version are discarded.
    pub version: u32,
    pub deck: String,
    /// Number of cards when saved: a deck that changed since makes the entry outdated.
    pub cards: usize,
    pub seed: u64,
    /// Cards in this round, as deck indices, in order.
    pub round: Vec<usize>,
    /// Position in `round`.
    pub position: usize,
    /// The latest answer to each card in this round (by deck index).
    pub answers: Vec<Option<Answer>>,
    /// Cards whose first answer ever was correct (they earned XP).
    pub first_right: Vec<bool>,
    /// Cards answered at least once.
    pub tried: Vec<bool>,
    pub xp: u32,
    /// Answers given to each card in all rounds (what a teacher's `tries` limits). Progress saved
    /// before they were counted reads as one for each card tried.
    #[serde(default)]
    pub answers_given: Vec<u32>,
}

pub const PROGRESS_VERSION: u32 = 1;

/// The most answers to one card that progress counts (a saved count beyond it is a forgery).
pub const MAX_ROUNDS: u32 = 10_000;

/// What answering a card did.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Answered {
    pub card: usize,
    pub answer: Answer,
}

/// The end-of-round figures.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// Cards answered in this round.
    pub answered: usize,
    /// Cards in this round answered correctly.
    pub correct: usize,
    pub cards: usize,
    pub total_xp: u32,
    /// Cards whose first answer was wrong (what "retry the ones I missed" brings back).
    pub missed: usize,
}

impl Progress {
    pub fn new(deck: &Deck, seed: u64) -> Self {
        let n = deck.cards.len();
        Self {
            version: PROGRESS_VERSION,
            deck: deck.id.clone(),
            cards: n,
            seed,
            round: (0..n).collect(),
            position: 0,
            answers: vec![None; n],
            first_right: vec![false; n],
            tried: vec![false; n],
            xp: 0,
            answers_given: vec![0; n],
        }
    }

    /// Restores saved progress, or explains why it cannot be used (then start afresh).
    pub fn restore(json: &str, deck: &Deck) -> Result<Self, String> {
        let mut p: Progress = serde_json::from_str(json).map_err(|_| "the saved progress was unreadable".to_string())?;
        if p.answers_given.is_empty() {
            p.answers_given = p.tried.iter().map(|&t| u32::from(t)).collect();
        }
        if p.version != PROGRESS_VERSION {
            return Err(format!("the saved progress was from another version ({})", p.version));
        }
        let n = deck.cards.len();
        let shapes = p.deck == deck.id
            && p.cards == n
            && p.answers.len() == n
            && p.first_right.len() == n
            && p.tried.len() == n
            && p.answers_given.len() == n
            && !p.round.is_empty()
            && p.round.len() <= n
            && p.position <= p.round.len();
        if !shapes {
            return Err("the saved progress did not match this deck".into());
        }
        // Trust nothing that can be recomputed: the round holds distinct cards of this deck,
        // every answer's correctness is the deck's, a first-right card was tried, and the XP is
        // what the first-right cards earn.
        let mut seen = vec![false; n];
        let distinct = p.round.iter().all(|&c| c < n && !std::mem::replace(&mut seen[c], true));
        let answers_hold = p.answers.iter().enumerate().all(|(i, a)| {
            a.is_none_or(|a| {
                a.choice < deck.cards[i].options.len()
                    && a.correct == deck.cards[i].options[a.choice].correct
                    && a.xp <= XP_PER_CARD
                    && (a.xp == 0 || (a.correct && p.first_right[i]))
                    && p.tried[i]
            })
        });
        let first_right_tried = p.first_right.iter().zip(&p.tried).all(|(&r, &t)| !r || t);
        // A card was tried exactly when it has an answer given (and a round has at most one).
        let given_hold = p.answers_given.iter().zip(&p.tried).all(|(&g, &t)| (g > 0) == t && g <= MAX_ROUNDS);
        let xp = XP_PER_CARD * p.first_right.iter().filter(|&&r| r).count() as u32;
        let consistent = distinct && answers_hold && first_right_tried && given_hold && p.xp == xp;
        if consistent { Ok(p) } else { Err("the saved progress did not match this deck".into()) }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The card on screen (deck index), or `None` once the round is over.
    pub fn current(&self) -> Option<usize> {
        self.round.get(self.position).copied()
    }

    /// The order in which card `card`'s options appear: a shuffle fixed by the seed.
    pub fn option_order(&self, deck: &Deck, card: usize) -> Vec<usize> {
        shuffled(self.seed, card, deck.cards.get(card).map_or(0, |c| c.options.len()))
    }

    /// Answers the current card with the option shown at `shown` (0-based). Does nothing if the
    /// card was answered already in this round or `shown` is out of range.
    pub fn answer(&mut self, deck: &Deck, shown: usize) -> Option<Answered> {
        let card = self.current()?;
        if self.answers[card].is_some() {
            return None;
        }
        let choice = *self.option_order(deck, card).get(shown)?;
        let correct = deck.cards[card].options[choice].correct;
        let first = !self.tried[card];
        self.tried[card] = true;
        self.answers_given[card] = self.answers_given[card].saturating_add(1).min(MAX_ROUNDS);
        let xp = if first && correct { XP_PER_CARD } else { 0 };
        if first && correct {
            self.first_right[card] = true;
        }
        self.xp += xp;
        let answer = Answer { choice, correct, xp };
        self.answers[card] = Some(answer);
        Some(Answered { card, answer })
    }

    /// Moves to the next card (only once the current one is answered).
    pub fn next_card(&mut self) -> bool {
        match self.current() {
            Some(card) if self.answers[card].is_some() => {
                self.position += 1;
                true
            }
            _ => false,
        }
    }

    pub fn finished(&self) -> bool {
        self.position >= self.round.len()
    }

    /// Every card has been answered at least once.
    pub fn all_tried(&self) -> bool {
        self.tried.iter().all(|&t| t)
    }

    /// The deck's score: cards right at the first try, of all cards (what a course platform
    /// records; retries earn nothing, as with XP).
    pub fn first_try_score(&self) -> (usize, usize) {
        (self.first_right.iter().filter(|&&r| r).count(), self.first_right.len())
    }

    pub fn summary(&self) -> Summary {
        let answered = self.round.iter().filter(|&&c| self.answers[c].is_some()).count();
        let correct = self.round.iter().filter(|&&c| self.answers[c].is_some_and(|a| a.correct)).count();
        Summary {
            answered,
            correct,
            cards: self.round.len(),
            total_xp: self.xp,
            missed: self.round.iter().filter(|&&c| self.answers[c].is_some_and(|a| !a.correct)).count(),
        }
    }

    /// The cards of this round answered wrongly that may be answered again under `tries`
    /// (`None`: unlimited).
    pub fn retryable(&self, tries: Option<u32>) -> Vec<usize> {
        self.round
            .iter()
            .copied()
            .filter(|&c| self.answers[c].is_some_and(|a| !a.correct) && tries.is_none_or(|t| self.answers_given[c] < t))
            .collect()
    }

    /// A new round with only the cards answered wrongly in this one that have tries left under
    /// `tries` (XP is kept; retries earn none). Returns false if there are none.
    pub fn retry_missed(&mut self, tries: Option<u32>) -> bool {
        let missed = self.retryable(tries);
        if missed.is_empty() {
            return false;
        }
        for &c in &missed {
            self.answers[c] = None;
        }
        self.round = missed;
        self.position = 0;
        true
    }

    /// Everything from the start: all cards, no answers, no XP (the option order stays).
    pub fn restart(&mut self, deck: &Deck) {
        *self = Self::new(deck, self.seed);
    }
}


/// A text field of a course file (a deck, a challenge set), trimmed: an error naming `place` and
/// `field` when it is required and missing or empty, not text, or longer than `max` characters.
pub(crate) fn text_field(o: &serde_json::Map<String, Value>, field: &str, place: &str, required: bool, max: usize, errors: &mut Vec<String>) -> String {
    match o.get(field) {
        Some(Value::String(s)) if s.trim().is_empty() && required => {
            errors.push(format!("{place}field \"{field}\" is empty."));
            String::new()
        }
        Some(Value::String(s)) if s.chars().count() > max => {
            errors.push(format!("{place}field \"{field}\" is longer than {max} characters."));
            String::new()
        }
        Some(Value::String(s)) => s.trim().to_string(),
        Some(_) => {
            errors.push(format!("{place}field \"{field}\" must be text."));
            String::new()
        }
        None if required => {
            errors.push(format!("{place}field \"{field}\" is missing."));
            String::new()
        }
        None => String::new(),
    }
}


/// The reference's words for the quiz's attributes and its `locklab:change` result fields (the
/// documentation's tables; no bundle carries them).
pub const DOCS: locklab_sim::params::Docs = locklab_sim::params::Docs {
    params: &[
        ("deck", "a built-in deck (`which-protection`, `interview`, `check-yourself`, `leases`) or the address (relative to the page, or absolute) of a JSON deck; events report it as given for a built-in deck and as the resolved address for a deck file, never by the id the file declares"),
        ("activity-base", "an absolute `http(s)://…` or `urn:` IRI under which the xAPI activity ids are built (see \"xAPI statements\")"),
        ("actor-name", "the learner's name, for the xAPI statements (only with an address and `actor-mbox`)"),
        ("actor-mbox", "the learner's e-mail address, for the xAPI statements (only with an address)"),
        ("lesson", "the http(s) address of a locklab lesson page: a built-in deck's \"try it\" links open it when the page has no widget of the linked kind (without it, and with no such widget, a card shows no link)"),
        ("print", "`questions` (the default) or `answers`: on paper every card prints with its options; `answers` adds each card's keyed answer and explanation (a teacher's copy)"),
        ("score", "`hidden`: a teacher's choice, no count of right answers and no XP on the cards or the summary (its events, xAPI statements and SCORM score still carry them)"),
        ("tries", "`unlimited` (the default) or 1 to 99: in how many rounds a card may be answered; a round of the cards missed is another try, offered only for cards with tries left, and with a limit there is no \"Start over\" (it would give every try back); kept across reloads with the progress"),
        ("paper-seed", "0 to 999,999 (default 1): which version of the printed paper; each seed letters the options in an order of its own, and its teacher's copy keys that order (two versions for two rows of a room)"),
        ("locale", "the language a widget speaks (a language tag); the quiz's own words and the built-in decks are in English for now, whatever it says"),
        ("layout", "`slide`: for projection, the card in larger type without the deck's introduction"),
    ],
    results: &[
        ("answered", "cards answered in this round"),
        ("correct", "of those, answered correctly"),
        ("cards", "cards in this round"),
        ("totalXp", "XP so far"),
        ("missed", "cards whose first answer was wrong: what a round of the cards missed brings back"),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    fn deck(name: &str) -> Deck {
        match built_in(name) {
            Some(Ok(d)) => d,
            other => panic!("{name}: {other:?}"),
        }
    }

    #[test]
    fn a_lesson_is_an_absolute_http_address() {
        for ok in ["https://course.example/locks/", " HTTP://course.example:8080/a?b=1#c ", "https://localhost", "http://127.0.0.1:65535/", "https://course.example./x/é"] {
            assert!(lesson_address(ok).is_ok(), "{ok}");
        }
        for bad in ["course.example/locks", "httpfoo.html", "//course.example/", "https://", "https:///x", "https://user@course.example/", "https://[::1]/", "https://course.example:65536/", "https://course.example:/",
            "https://course..example/", "https://course.example/a b", "https://course.example/\u{202e}x", "javascript:alert(1)", "https://cours\u{e9}.example/"] {
            assert!(lesson_address(bad).is_err(), "{bad}");
        }
        assert!(lesson_address(&format!("https://c.example/{}", "a".repeat(MAX_LESSON))).unwrap_err().contains("bytes long"));
    }

    #[test]
    fn built_in_decks_parse_and_teach() {
        let sizes = [("which-protection", 8, 4), ("interview", 6, 3), ("check-yourself", 5, 3)];
        for (name, min_cards, min_options) in sizes {
            let d = deck(name);
            assert!(d.cards.len() >= min_cards, "{name}: {} cards", d.cards.len());
            for c in &d.cards {
                assert!(c.options.len() >= min_options, "{name}/{}", c.id);
                assert_eq!(c.options.iter().filter(|o| o.correct).count(), 1, "{name}/{}", c.id);
                assert!(c.options.iter().all(|o| o.why.len() > 20), "{name}/{}: every option explains itself", c.id);
            }
        }
    }

    #[test]
    fn check_yourself_covers_every_simulation_widget_with_links() {
        let d = deck("check-yourself");
        for widget in ["counter-race", "ttl-tradeoff", "paused-holder", "fencing-chain", "redis-failover"] {
            assert!(
                d.cards.iter().any(|c| c.link.as_ref().is_some_and(|l| l.href.contains(&format!("{widget}.")))),
                "no card links to {widget}"
            );
        }
    }

    #[test]
    fn precise_errors_for_broken_decks() {
        let e = parse_deck("{", "x").unwrap_err();
        assert!(e[0].contains("not valid JSON"));
        let e = parse_deck(r#"{"title": "T"}"#, "x").unwrap_err();
        assert_eq!(e, vec!["field \"cards\" is missing."]);
        let e = parse_deck(
            r#"{"title": "T", "cards": [
                {"id": "a", "question": "Q?", "options": [{"text": "1", "correct": true, "why": "w"}, {"text": "2", "why": "w"}]},
                {"id": "b", "question": "Q?", "options": [{"text": "1", "correct": true, "why": "w"}, {"text": "2", "correct": true, "why": "w"}]},
                {"id": "c", "options": []},
                {"id": "d", "question": "Q?", "options": [{"text": "1", "correct": true}, {"text": "2", "why": "w"}]},
                {"id": "a", "question": "Q?", "options": [{"text": "1", "why": "w"}, {"text": "2", "why": "w", "correct": "yes"}]}
            ]}"#,
            "x",
        )
        .unwrap_err();
        let all = e.join("\n");
        assert!(all.contains("card 2 (“b”): 2 options are marked correct; exactly one must be."), "{all}");
        assert!(all.contains("card 3 (“c”): field \"question\" is missing."), "{all}");
        assert!(all.contains("card 3 (“c”): field \"options\" needs at least two options, found 0."), "{all}");
        assert!(all.contains("card 4 (“d”): option 1: field \"why\" is missing."), "{all}");
        assert!(all.contains("card 5 (“a”): the id is used by another card."), "{all}");
        assert!(all.contains("card 5 (“a”): option 2: field \"correct\" must be true or false."), "{all}");
        assert!(!all.contains("card 1"), "card 1 is fine: {all}");
        let e = parse_deck(
            r#"{"title": "T", "cards": [{"question": "Q?", "options": [{"text": "1", "correct": true, "why": "w"}, {"text": "2", "why": "w"}], "link": {"text": "go", "href": "javascript:alert(1)"}}]}"#,
            "x",
        )
        .unwrap_err();
        assert!(e[0].contains("must be a web address"), "{e:?}");
    }

    #[test]
    fn markup_in_text_is_kept_as_text() {
        let d = parse_deck(
            r#"{"title": "<b>T</b>", "cards": [{"question": "<img src=x onerror=alert(1)>", "options": [{"text": "<i>1</i>", "correct": true, "why": "w"}, {"text": "2", "why": "w"}]}]}"#,
            "x",
        )
        .expect("valid");
        assert_eq!(d.cards[0].question, "<img src=x onerror=alert(1)>");
    }

    #[test]
    fn scoring_summary_retry_and_restart() {
        let d = deck("interview");
        let mut p = Progress::new(&d, 7);
        // Answer every card: right on even cards, wrong on odd ones.
        for k in 0..d.cards.len() {
            let card = p.current().expect("a card");
            let order = p.option_order(&d, card);
            let right_shown = order.iter().position(|&o| d.cards[card].options[o].correct).expect("one right");
            let shown = if k % 2 == 0 { right_shown } else { (right_shown + 1) % order.len() };
            let a = p.answer(&d, shown).expect("answered");
            assert_eq!(a.answer.correct, k % 2 == 0);
            assert!(p.answer(&d, shown).is_none(), "one answer per card");
            assert!(p.next_card());
        }
        assert!(p.finished());
        let s = p.summary();
        let right = d.cards.len().div_ceil(2);
        assert_eq!((s.answered, s.correct, s.total_xp as usize), (d.cards.len(), right, right * 20));
        // Retrying the missed ones earns no XP.
        assert!(p.retry_missed(None));
        assert_eq!(p.round.len(), d.cards.len() - right);
        while let Some(card) = p.current() {
            let order = p.option_order(&d, card);
            let right_shown = order.iter().position(|&o| d.cards[card].options[o].correct).expect("one right");
            assert_eq!(p.answer(&d, right_shown).map(|a| a.answer.xp), Some(0));
            p.next_card();
        }
        assert_eq!(p.xp as usize, right * 20);
        assert!(!p.retry_missed(None));
        p.restart(&d);
        assert_eq!((p.xp, p.position, p.round.len()), (0, 0, d.cards.len()));
    }

    #[test]
    fn tries_limit_the_rounds_a_card_is_answered_in() {
        let d = deck("interview");
        let wrong = |p: &mut Progress| {
            while let Some(card) = p.current() {
                let order = p.option_order(&d, card);
                let right_shown = order.iter().position(|&o| d.cards[card].options[o].correct).expect("one right");
                p.answer(&d, (right_shown + 1) % order.len()).expect("answered");
                p.next_card();
            }
        };
        // Every card wrong in the first round: with one try none comes back; with two, every
        // card once more and then none; unlimited, again and again.
        let mut p = Progress::new(&d, 3);
        wrong(&mut p);
        assert!(p.retryable(Some(1)).is_empty());
        assert!(!p.retry_missed(Some(1)));
        assert_eq!(p.retryable(Some(2)).len(), d.cards.len());
        assert!(p.retry_missed(Some(2)));
        wrong(&mut p);
        assert_eq!(p.answers_given, vec![2; d.cards.len()]);
        assert!(!p.retry_missed(Some(2)));
        assert!(p.retry_missed(None));
        // The count survives a reload (a reload gives no try back), and progress saved before it
        // was counted reads as one answer for each card tried.
        let back = Progress::restore(&p.to_json(), &d).expect("restores");
        assert_eq!(back.answers_given, p.answers_given);
        let mut old: serde_json::Value = serde_json::from_str(&p.to_json()).unwrap();
        old.as_object_mut().unwrap().remove("answers_given");
        assert_eq!(Progress::restore(&old.to_string(), &d).expect("old progress").answers_given, vec![1; d.cards.len()]);
        let mut forged = p.clone();
        forged.answers_given[0] = 0;
        assert!(Progress::restore(&forged.to_json(), &d).is_err(), "a tried card with no answer given");
    }

    #[test]
    fn option_order_is_fixed_by_the_seed() {
        let d = deck("which-protection");
        let p = Progress::new(&d, 42);
        let q = Progress::new(&d, 42);
        assert_eq!(p.option_order(&d, 3), q.option_order(&d, 3));
        let shuffled = (0..d.cards.len()).any(|c| p.option_order(&d, c) != (0..d.cards[c].options.len()).collect::<Vec<_>>());
        assert!(shuffled);
    }

    /// A printed quiz does not give its answers away: in no built-in deck does one letter hold more
    /// than half the keyed answers, neither in the deck's own order (what an author reads) nor on
    /// paper; and paper lists every option once, the same way each time.
    #[test]
    fn no_letter_holds_most_of_the_answers() {
        for (name, _) in BUILT_IN {
            let d = deck(name);
            let n = d.cards.len();
            let most = |positions: Vec<usize>| {
                let mut count = std::collections::BTreeMap::new();
                for p in positions {
                    *count.entry(p).or_insert(0usize) += 1;
                }
                count.into_iter().max_by_key(|(_, c)| *c).unwrap_or((0, 0))
            };
            let (at, k) = most(d.cards.iter().map(Card::correct_index).collect());
            assert!(2 * k <= n, "{name}: option {} is the right one on {k} of {n} cards in the deck's order", char::from(b'A' + at as u8));
            let on_paper: Vec<usize> = (0..n)
                .map(|c| {
                    let order = paper_order(&d, c);
                    let mut sorted = order.clone();
                    sorted.sort_unstable();
                    assert_eq!(sorted, (0..d.cards[c].options.len()).collect::<Vec<_>>(), "{name} card {c}: every option once");
                    assert_eq!(order, paper_order(&d, c), "the same order every time");
                    order.iter().position(|&o| o == d.cards[c].correct_index()).unwrap_or(usize::MAX)
                })
                .collect();
            let (at, k) = most(on_paper);
            assert!(2 * k <= n, "{name}: on paper, {} is the answer on {k} of {n} cards", char::from(b'A' + at as u8));
            // Every version an author can choose (paper-seed) spreads its key too, and another
            // seed is another paper.
            let mut papers = std::collections::BTreeSet::new();
            for seed in [0, 2, 3, 7, 42, 1000, MAX_PAPER_SEED] {
                let keyed: Vec<usize> = (0..n).map(|c| paper_order_with(&d, c, seed).iter().position(|&o| o == d.cards[c].correct_index()).unwrap_or(usize::MAX)).collect();
                let (at, k) = most(keyed);
                assert!(2 * k <= n, "{name}, paper-seed {seed}: {} is the answer on {k} of {n} cards", char::from(b'A' + at as u8));
                papers.insert((0..n).map(|c| paper_order_with(&d, c, seed)).collect::<Vec<_>>());
            }
            assert!(papers.len() >= 5, "{name}: the seeds give {} different papers of 7", papers.len());
        }
    }

    #[test]
    fn links_are_checked_as_browsers_parse_them() {
        for ok in ["index.html?paused-holder.pause-s=8#x", "/course/", "//other.example/x", "https://a.example/", "HTTP://a", "#top", "lesson.html?x=1:2"] {
            assert!(is_web_address(ok), "{ok}");
        }
        for bad in ["javascript:alert(1)", "java\tscript:alert(1)", " \u{1}JavaScript:alert(1)", "jav\nascript:x", "data:text/html,x", "vbscript:x", "mailto:a@b", "file:///etc/passwd"] {
            assert!(!is_web_address(bad), "{bad:?}");
        }
        // The deck names the card and the field.
        let e = parse_deck(
            r#"{"title": "T", "cards": [{"id": "one", "question": "Q?", "options": [{"text": "1", "correct": true, "why": "w"}, {"text": "2", "why": "w"}], "link": {"text": "go", "href": "java\tscript:alert(1)"}}]}"#,
            "x",
        )
        .unwrap_err();
        assert!(e[0].contains("card 1") && e[0].contains("one") && e[0].contains("link") && e[0].contains("\"href\""), "{e:?}");
    }

    #[test]
    fn oversized_decks_ids_and_error_floods_are_bounded() {
        let big = format!(r#"{{"title": "T", "pad": "{}", "cards": []}}"#, "x".repeat(MAX_DECK_BYTES));
        let e = parse_deck(&big, "x").unwrap_err();
        assert_eq!(e.len(), 1);
        assert!(e[0].contains("KB"), "{e:?}");
        let long_id = format!(r#"{{"id": "{}", "title": "T", "cards": [{{"question": "Q?", "options": [{{"text": "1", "correct": true, "why": "w"}}, {{"text": "2", "why": "w"}}]}}]}}"#, "i".repeat(MAX_ID + 1));
        assert!(parse_deck(&long_id, "x").unwrap_err()[0].contains("longer than"));
        // 200 broken cards: a bounded list of problems, and it says it stopped.
        let cards = vec![r#"{"id": "c", "question": ""}"#; MAX_CARDS].join(",");
        let e = parse_deck(&format!(r#"{{"title": "T", "cards": [{cards}]}}"#), "x").unwrap_err();
        assert_eq!(e.len(), MAX_ERRORS + 1, "{e:?}");
        assert!(e[MAX_ERRORS].contains("first"));
    }

    #[test]
    fn forged_progress_is_refused() {
        let d = deck("interview");
        let mut p = Progress::new(&d, 3);
        // A round of many copies of card 0.
        let mut forged = p.clone();
        forged.round = vec![0; 300];
        assert!(Progress::restore(&forged.to_json(), &d).is_err());
        let mut forged = p.clone();
        forged.round = vec![0, 0];
        assert!(Progress::restore(&forged.to_json(), &d).is_err());
        // A wrong answer saved as correct.
        let wrong = (0..d.cards[0].options.len()).find(|&o| !d.cards[0].options[o].correct).expect("a wrong option");
        let mut forged = p.clone();
        forged.answers[0] = Some(Answer { choice: wrong, correct: true, xp: 0 });
        forged.tried[0] = true;
        assert!(Progress::restore(&forged.to_json(), &d).is_err());
        // First-right but never tried, with the XP to match.
        let mut forged = p.clone();
        forged.first_right[0] = true;
        forged.first_right[1] = true;
        forged.xp = 2 * XP_PER_CARD;
        assert!(Progress::restore(&forged.to_json(), &d).is_err());
        // The honest version of the same passes.
        let right = d.cards[0].correct_index();
        let order = p.option_order(&d, 0);
        let shown = order.iter().position(|&o| o == right).expect("shown");
        p.answer(&d, shown);
        assert_eq!(Progress::restore(&p.to_json(), &d), Ok(p.clone()));
    }

    #[test]
    fn saved_progress_round_trips_and_bad_entries_are_refused() {
        let d = deck("interview");
        let mut p = Progress::new(&d, 3);
        p.answer(&d, 0);
        p.next_card();
        let back = Progress::restore(&p.to_json(), &d).expect("restores");
        assert_eq!(back, p);
        assert!(Progress::restore("{not json", &d).is_err());
        assert!(Progress::restore(&p.to_json().replace("\"version\":1", "\"version\":0"), &d).unwrap_err().contains("version"));
        let mut wrong = p.clone();
        wrong.xp = 999;
        assert!(Progress::restore(&wrong.to_json(), &d).is_err());
        let mut wrong = p.clone();
        wrong.round = vec![99];
        assert!(Progress::restore(&wrong.to_json(), &d).is_err());
        let other = deck("which-protection");
        assert!(Progress::restore(&p.to_json(), &other).is_err());
    }
}
