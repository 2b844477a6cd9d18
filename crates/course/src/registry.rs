//! Every widget: the simulations (`locklab_sim::registry`, in their order), then the quiz, with
//! what its element takes. What needs every widget reads this list: the widgets crate (names,
//! mount, gallery), the mdBook preprocessor, the generated adapters ([`manifest`]) and the docs.

use locklab_sim::params::{Attr, Notice};
use locklab_sim::Scenario;
pub use locklab_sim::registry::{default_text, range_text, Validate, Widget};

/// Every widget, in the order the gallery lists them: the simulations (with the course
/// attributes they take, [`SIM_COURSE_ATTRS`]), then the quiz.
pub fn widgets() -> Vec<Widget> {
    macro_rules! list {
        ($(($module:ident, $type:ident, $name:literal, $label:literal)),* $(,)?) => {
            vec![$(simulation::<locklab_sim::$type>($label)),*]
        };
    }
    let mut all: Vec<Widget> = locklab_sim::for_each_scenario!(list);
    all.push(Widget { name: crate::quiz::NAME, label: "Quiz", specs: &[], attrs: QUIZ_ATTRS, validate: validate_quiz, extras: &[], aliases: &[] });
    all
}

/// The values of each attribute beyond parameters, in the documentation's words (the attribute's
/// own `values` are what the validator accepts, aliases included): the tables of
/// `{{#locklab-reference attributes}}` and the quiz's reference. Native only.
pub const ATTR_VALUE_WORDS: &[(&str, &str)] = &[
    ("theme", "`auto`, `light`, `dark`"),
    ("locale", "a language tag: `es`, `es-MX`, `en-XA`"),
    ("messages", "an address, relative to the page: `wording.ftl`"),
    ("autoplay", "`true`, `false`"),
    ("layout", "`default`, `slide`"),
    ("steps", "`name=value … | …`"),
    ("step-captions", "text `|` text …"),
    ("step", "1 … the number of steps"),
    ("compare", "`name=value … | name=value …`"),
    ("compare-captions", "text `|` text"),
    ("controls", "parameter names, `a, b`, or `none`"),
    ("fixed", "parameter names, `a, b`"),
    ("challenges", "`builtin`, `builtin:` and ids, or an address"),
    ("predict", "`builtin`, `builtin:` and ids, or an address"),
    ("activity-base", "an http(s) or urn: IRI"),
    ("actor-name", "text"),
    ("actor-mbox", "an e-mail address"),
    ("print", "`questions`, `answers`"),
    ("score", "`shown`, `hidden`"),
    ("tries", "1 … 99, `unlimited`"),
    ("deck", "a built-in deck's name or an address"),
    ("lesson", "an http(s) address"),
    ("paper-seed", "0 … 999,999"),
];

/// Widget `name`'s reference words (any case; `None` for no widget): its parameters' and result
/// fields' meanings, for the documentation's generated tables (`{{#locklab-reference …}}`).
/// Only native code calls this, so no bundle carries the words.
pub fn docs(name: &str) -> Option<locklab_sim::params::Docs> {
    macro_rules! each {
        ($(($module:ident, $type:ident, $wname:literal, $label:literal)),* $(,)?) => {
            $(
                if $wname.eq_ignore_ascii_case(name.trim()) {
                    return Some(locklab_sim::$module::DOCS);
                }
            )*
        };
    }
    locklab_sim::for_each_scenario!(each);
    crate::quiz::NAME.eq_ignore_ascii_case(name.trim()).then_some(crate::quiz::DOCS)
}

/// Which widgets take the attribute `name`, in words for a docs table: "every widget", "every
/// simulation", "the quiz", the timeline players, or the names.
pub fn taken_by(name: &str) -> String {
    let all = widgets();
    let taking: Vec<&Widget> = all
        .iter()
        .filter(|w| w.attrs.iter().any(|a| a.name == name))
        .collect();
    let sims: Vec<&Widget> = all.iter().filter(|w| w.name != crate::quiz::NAME).collect();
    let quiz = taking.iter().any(|w| w.name == crate::quiz::NAME);
    let sims_taking = taking.len() - usize::from(quiz);
    if sims_taking == sims.len() {
        return if quiz {
            "every widget".into()
        } else {
            "every simulation".into()
        };
    }
    let players: Vec<&str> = sims
        .iter()
        .filter(|w| w.attrs == PLAYER_COURSE_ATTRS)
        .map(|w| w.name)
        .collect();
    let names: Vec<&str> = taking.iter().map(|w| w.name).collect();
    let mut out = if !quiz && names == players {
        format!("the widgets that play a timeline ({})", names.join(", "))
    } else if names == [crate::quiz::NAME] {
        "the quiz".into()
    } else {
        names.join(", ")
    };
    if names.is_empty() {
        out = "no widget".into();
    }
    out
}

/// The state a challenge set's goals are checked against for simulation `name` (any case): its
/// parameters at their defaults and the result of a run there ([`crate::challenge::state`]), with
/// its specs; `None` for a name that is no simulation. Goals are checked against this one state:
/// a result field absent from it (an optional one) may be asked with any type.
pub fn default_state(name: &str) -> Option<(&'static [locklab_sim::params::Spec], crate::challenge::State)> {
    fn of<S: Scenario>() -> (&'static [locklab_sim::params::Spec], crate::challenge::State) {
        let values = locklab_sim::params::defaults(S::specs());
        let outcome = S::run(&S::params(&values), &mut S::Cache::default());
        // A summary is plain numbers, text and flags: it always serializes (Null if it ever did not,
        // which leaves the state with its parameters alone).
        let result = serde_json::to_value(S::summary(&outcome)).unwrap_or(serde_json::Value::Null);
        (S::specs(), crate::challenge::state(S::specs(), &values, &result))
    }
    macro_rules! each {
        ($(($module:ident, $type:ident, $wname:literal, $label:literal)),* $(,)?) => {
            $(
                if $wname.eq_ignore_ascii_case(name.trim()) {
                    return Some(of::<locklab_sim::$type>());
                }
            )*
        };
    }
    locklab_sim::for_each_scenario!(each);
    None
}

/// Simulation `name`'s built-in challenge set (`None` for a name that is no simulation).
pub fn builtin_set(name: &str) -> Option<crate::challenge::ChallengeSet> {
    fn of<S: crate::challenge::BuiltIn>() -> Option<crate::challenge::ChallengeSet> {
        // The built-in sets are this crate's own files, parsed by its tests: never an error here.
        crate::challenge::parse_set(S::TEXT).ok()
    }
    macro_rules! each {
        ($(($module:ident, $type:ident, $wname:literal, $label:literal)),* $(,)?) => {
            $(
                if $wname.eq_ignore_ascii_case(name.trim()) {
                    return of::<locklab_sim::$type>();
                }
            )*
        };
    }
    locklab_sim::for_each_scenario!(each);
    None
}

/// The ids of simulation `name`'s built-in challenges, in their order: what
/// `challenges=builtin:…` may name.
pub fn builtin_challenge_ids(name: &str) -> Option<Vec<String>> {
    builtin_set(name).map(|set| set.challenges.into_iter().map(|c| c.id).collect())
}

/// What `challenges=builtin:…` says wrong for simulation `name`: an id its set does not have
/// (the widget's own words when it loads the set: [`crate::challenge::select`]).
pub fn builtin_selection_problem(name: &str, challenges: &str) -> Option<String> {
    selection_problem_in(builtin_set(name)?, challenges)
}

/// [`builtin_selection_problem`] in a set already at hand.
fn selection_problem_in(set: crate::challenge::ChallengeSet, challenges: &str) -> Option<String> {
    let ids = crate::challenge::builtin_ids(challenges)?.ok()?;
    crate::challenge::select(set, &ids).err()
}

/// A challenge set's text checked as simulation `name` checks it when it loads the set (its
/// structure, then every goal's names and types against a state of the widget at its defaults):
/// the set, or every problem found. For build tools (mdBook) that check a book's own set files.
pub fn check_set(name: &str, text: &str) -> Result<crate::challenge::ChallengeSet, Vec<String>> {
    let set = crate::challenge::parse_set(text)?;
    at_defaults(name, "challenge", |widget, specs, state| set.check(widget, specs, state)).map(|()| set)
}

/// A prediction set's text checked as simulation `name` checks it when it loads the set (its
/// structure, its settings and every field and `when` against a state of the widget at its
/// defaults): the set, or every problem found. For build tools that check a book's own set files.
pub fn check_prediction_set(name: &str, text: &str) -> Result<crate::predict::PredictionSet, Vec<String>> {
    let set = crate::predict::parse_set(text)?;
    at_defaults(name, "prediction", |widget, specs, state| set.check(widget, specs, state)).map(|()| set)
}

/// Runs `check` (a set's own) against simulation `name`'s state at its defaults, with the
/// widget's own spelling of its name; a name that is no simulation is the one problem.
fn at_defaults(name: &str, what: &str, check: impl FnOnce(&str, &[locklab_sim::params::Spec], &crate::challenge::State) -> Result<(), Vec<String>>) -> Result<(), Vec<String>> {
    match default_state(name) {
        Some((specs, state)) => check(find(name).map_or(name, |w| w.name), specs, &state),
        None => Err(vec![format!("there is no simulation called \u{201c}{}\u{201d} to check a {what} set against", name.chars().take(40).collect::<String>())]),
    }
}

/// The names `data-locklab` accepts, in the order of [`widgets`].
pub fn names() -> Vec<&'static str> {
    locklab_sim::registry::NAMES.iter().copied().chain([crate::quiz::NAME]).collect()
}

/// The widget called `name` (case-insensitive).
pub fn find(name: &str) -> Option<Widget> {
    widgets().into_iter().find(|w| w.name.eq_ignore_ascii_case(name.trim()))
}

fn simulation<S: Scenario + crate::challenge::BuiltIn>(label: &'static str) -> Widget {
    Widget {
        name: S::NAME,
        label,
        specs: S::specs(),
        attrs: if S::plays() { PLAYER_COURSE_ATTRS } else { SIM_COURSE_ATTRS },
        validate: validate::<S>,
        extras: S::extra_names(),
        aliases: S::aliases(),
    }
}

/// `data-challenges`: the goals a simulation checks itself.
pub const CHALLENGES: Attr = Attr {
    name: "challenges",
    meaning: "`builtin` for the widget's own challenge set (`builtin:one-a-day,heavy-tail` for those of it, in that order), or the address of a JSON challenge set (the same origin rules as decks)",
    values: &[],
};
pub const ACTIVITY_BASE: Attr = Attr { name: "activity-base", meaning: "the http(s) or urn: IRI the xAPI statements' activity ids start with", values: &[] };
pub const ACTOR_NAME: Attr = Attr { name: "actor-name", meaning: "the learner's name in the xAPI statements (needs `actor-mbox`)", values: &[] };
pub const ACTOR_MBOX: Attr = Attr { name: "actor-mbox", meaning: "the learner's e-mail address in the xAPI statements", values: &[] };

/// `data-print`: what course content prints on paper.
pub const PRINT: Attr = Attr {
    name: "print",
    meaning: "on paper every quiz card and challenge prints with its prompt; `answers` adds each one's answer and explanation (a teacher's copy)",
    values: &["questions", "answers"],
};

/// `data-predict` (issue #45): predictions the learner commits before the run is shown.
pub const PREDICT: Attr = Attr {
    name: "predict",
    meaning: "`builtin` for the widget's own predictions (`builtin:how-many-survive,one-worker` for those of them, in that order), or the address of a JSON prediction set (the same origin rules as decks): the widget sets each prediction's state, hides its results and locks its controls until the learner answers, then shows the run and grades the answer",
    values: &[],
};

/// `data-score` (issue #45): a teacher hides the score from the learner.
pub const SCORE: Attr = Attr {
    name: "score",
    meaning: "`hidden` shows the learner no score: no \"n of m met\" on the challenges, no count of right answers or XP in a quiz (its events, xAPI statements and SCORM score still carry it)",
    values: &["shown", "hidden"],
};

/// `data-tries` (issue #45): how many answers a learner has.
pub const TRIES: Attr = Attr {
    name: "tries",
    meaning: "how many times a learner may answer: each quiz card (a round of the cards missed is another try; with a limit there is no starting over) each challenge's \"It can't be done\" and each prediction (one answer unless set: a prediction is committed, then shown); a whole number from 1 to 99, or `unlimited` (the default; for a prediction, answers until one is right)",
    values: &[],
};

/// The most tries a teacher can give (beyond it, `unlimited` says what is meant).
pub const MAX_TRIES: u32 = 99;

/// `tries`' value: `Ok(None)` unlimited, `Ok(Some(n))` n tries, or why it cannot be used.
pub fn parse_tries(value: &str) -> Result<Option<u32>, String> {
    let v = value.trim();
    if v.is_empty() || v.eq_ignore_ascii_case("unlimited") {
        return Ok(None);
    }
    match v.parse::<u32>() {
        Ok(n) if (1..=MAX_TRIES).contains(&n) => Ok(Some(n)),
        _ => Err(format!(
            "tries=\u{201c}{}\u{201d} is not a whole number from 1 to {MAX_TRIES} or unlimited; tries are unlimited.",
            v.chars().take(40).collect::<String>()
        )),
    }
}

/// What a simulation's element takes from the course layer: challenges, the xAPI attributes
/// their statements use, what they print, whether their score is shown, and the tries.
pub const COURSE_ATTRS: &[Attr] = &[CHALLENGES, PREDICT, ACTIVITY_BASE, ACTOR_NAME, ACTOR_MBOX, PRINT, SCORE, TRIES];

const fn join<const N: usize>(a: &[Attr], b: &[Attr]) -> [Attr; N] {
    assert!(a.len() + b.len() == N);
    let mut out = [CHALLENGES; N];
    let mut i = 0;
    while i < N {
        out[i] = if i < a.len() { a[i] } else { b[i - a.len()] };
        i += 1;
    }
    out
}

/// A simulation's attributes: the simulation's own ([`locklab_sim::SIM_ATTRS`]), then the
/// course's ([`COURSE_ATTRS`]).
pub const SIM_COURSE_ATTRS: &[Attr] = &join::<{ locklab_sim::SIM_ATTRS.len() + COURSE_ATTRS.len() }>(locklab_sim::SIM_ATTRS, COURSE_ATTRS);
/// The same for a simulation that plays a timeline.
pub const PLAYER_COURSE_ATTRS: &[Attr] = &join::<{ locklab_sim::PLAYER_ATTRS.len() + COURSE_ATTRS.len() }>(locklab_sim::PLAYER_ATTRS, COURSE_ATTRS);

/// The attributes a simulation's element needs locklab's course features for (issue #43): preset
/// steps and comparisons, challenges, their xAPI statements, printed handouts. A page whose
/// widgets of one kind have none of them loads that widget's plain bundle, without the course
/// layer; the loader reads this list from the generated registry.
pub const NEEDS_COURSE: &[&str] = &["steps", "step", "step-captions", "compare", "compare-captions", "challenges", "predict", "activity-base", "actor-name", "actor-mbox", "print", "score", "tries"];

/// Whether the pair (`name`, `value`) on a simulation's element needs the course features: a
/// name in [`NEEDS_COURSE`] with a value that is not blank, except `steps` without `=` on a widget
/// whose own story `steps` is (the fencing sandbox's).
pub fn needs_course(name: &str, value: &str, extras: &[&str]) -> bool {
    let name = name.trim().to_ascii_lowercase();
    if !NEEDS_COURSE.contains(&name.as_str()) || value.trim().is_empty() {
        return false;
    }
    !(name == "steps" && extras.contains(&"steps") && !locklab_sim::presets::is_presets(value))
}

/// What the course layer makes of a simulation's element: its challenge set and xAPI attributes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CourseAttrs {
    /// `builtin`, or an address as the author wrote it; `None` without challenges.
    pub challenges: Option<String>,
    pub activity_base: Option<String>,
    pub actor: Option<crate::xapi::Actor>,
    /// `print=answers`: the teacher's copy.
    pub print_answers: bool,
    /// `score=hidden`: no score shown to the learner.
    pub score_hidden: bool,
    /// `tries`: answers per "It can't be done" and per prediction (`None`: unlimited).
    pub tries: Option<u32>,
    /// `predict`: `builtin`, `builtin:a,b` or an address as the author wrote it; `None` without.
    pub predict: Option<String>,
    /// Whether `tries` was given (and usable): a prediction takes one answer unless it was.
    pub tries_set: bool,
}

/// Takes the course attributes out of a simulation's `(name, value)` pairs: what they say, the
/// pairs left for the simulation, and a notice for each value that cannot be used.
pub fn take_course_attrs(raw: &[(String, String)]) -> (CourseAttrs, Vec<(String, String)>, Vec<Notice>) {
    let (mine, rest, mut notices) = locklab_sim::params::take_attrs(COURSE_ATTRS, raw);
    let last = |name: &str| mine.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.trim().to_string());
    let challenges = last("challenges").and_then(|v| set_reference(&v, "challenges", "challenge", crate::challenge::builtin_ids, &mut notices));
    let predict = last("predict").and_then(|v| set_reference(&v, "predict", "prediction", crate::predict::builtin_ids, &mut notices));
    let given_base = last("activity-base").filter(|b| !b.is_empty());
    let (base, actor, problems) = crate::xapi::from_author(given_base.as_deref(), last("actor-name").as_deref(), last("actor-mbox").as_deref());
    notices.extend(problems.into_iter().map(|p| Notice::new("", p)));
    // The base as checked (a refused one falls back to the default, which challenges name themselves).
    let activity_base = given_base.filter(|_| base != crate::xapi::DEFAULT_BASE).map(|_| base);
    let print_answers = last("print").is_some_and(|v| v.eq_ignore_ascii_case("answers"));
    let score_hidden = last("score").is_some_and(|v| v.eq_ignore_ascii_case("hidden"));
    let parsed_tries = last("tries").filter(|v| !v.is_empty()).map(|v| parse_tries(&v).map_err(|e| notices.push(Notice::new("tries", e))));
    let tries_set = matches!(parsed_tries, Some(Ok(_)));
    let tries = parsed_tries.and_then(|t| t.ok().flatten());
    (CourseAttrs { challenges, activity_base, actor, print_answers, score_hidden, tries, predict, tries_set }, rest, notices)
}

/// A set's reference as `attr` (`challenges`, `predict`) gives it: `builtin`, `builtin:` and the
/// ids `ids` reads (written back in lower case), or a .json or http(s) address; blank is none, and
/// anything else is none with a notice (items are each a `what`).
fn set_reference(v: &str, attr: &str, what: &str, ids: fn(&str) -> Option<Result<Vec<String>, String>>, notices: &mut Vec<Notice>) -> Option<String> {
    let plural = if what == "challenge" { "challenges" } else { "predictions" };
    if v.is_empty() {
        return None;
    }
    if v.eq_ignore_ascii_case(crate::challenge::BUILTIN) {
        return Some(crate::challenge::BUILTIN.to_string());
    }
    match ids(v) {
        Some(Ok(ids)) => return Some(format!("{}:{}", crate::challenge::BUILTIN, ids.join(","))),
        Some(Err(e)) => {
            notices.push(Notice::new(attr, format!("{e}; no {plural}.")));
            return None;
        }
        None => {}
    }
    let path = v.split(['?', '#']).next().unwrap_or_default().to_ascii_lowercase();
    if path.ends_with(".json") || v.starts_with("https://") || v.starts_with("http://") {
        Some(v.to_string())
    } else {
        let shown: String = v.chars().take(40).collect();
        notices.push(Notice::new(attr, format!("{attr}=\u{201c}{shown}\u{201d} is neither builtin nor the address of a .json {what} set; no {plural}.")));
        None
    }
}

/// The widgets `locklab-lab` replays on real servers (`crates/lab`, whose tests hold its own list
/// to this one): the simulation's list, so the widgets, the gallery and the lab read one.
pub use locklab_sim::lab::WIDGETS as LAB;

/// The `locklab-lab run` command for `widget` in the state `pairs` (as an address or the gallery
/// writes them), or `None` for a widget the lab does not run: the pairs are read as the widget
/// reads them (course attributes such as `theme` or `challenges` are not the simulation's and are
/// left out), then written by [`locklab_sim::lab::command`], the one writer of these commands.
pub fn lab_command(widget: &str, pairs: &[(String, String)]) -> Option<String> {
    let w = find(widget)?;
    let (values, _) = (w.validate)(pairs);
    locklab_sim::lab::command(w.name, &values)
}

/// A simulation's validation with the course attributes: values and notices, exactly as the
/// widget will give them.
///
/// The built-in sets it checks against are `S`'s own ([`crate::challenge::BuiltIn`]), not looked
/// up by name: a lookup by name links every simulation's sets (72 KB of JSON) into a one-widget
/// bundle, which fat LTO does not fold because the lookups are not inlined.
pub fn validate<S: Scenario + crate::challenge::BuiltIn>(raw: &[(String, String)]) -> (Vec<f64>, Vec<Notice>) {
    let (course, rest, mut notices) = take_course_attrs(raw);
    let (values, mut more) = S::validate(&rest);
    more.append(&mut notices);
    if let Some(n) = challenges_beside_compare(course.challenges.as_deref(), &rest) {
        more.push(n);
    }
    // Which built-in challenges it names (the widget says the same when it loads its set).
    if let Some(problem) = course.challenges.as_deref().and_then(|c| selection_problem_in(crate::challenge::parse_set(S::TEXT).ok()?, c)) {
        more.push(Notice::new("challenges", format!("{problem}; no challenges.")));
    }
    if let Some(problem) = course.predict.as_deref().and_then(|p| crate::predict::builtin_problem_in(S::NAME, Some(S::PREDICTIONS), p)) {
        more.push(Notice::new("predict", format!("{problem}; no predictions.")));
    }
    if let Some(n) = predict_beside_compare(course.predict.as_deref(), &rest) {
        more.push(n);
    }
    (values, more)
}

/// A comparison shows two fixed settings and no challenges panel: challenges given beside a
/// comparison that will be shown (two settings) are said, not dropped in silence.
pub fn challenges_beside_compare(challenges: Option<&str>, rest: &[(String, String)]) -> Option<Notice> {
    let compare = rest.iter().rev().find(|(k, _)| k.trim().eq_ignore_ascii_case("compare")).map(|(_, v)| v.as_str())?;
    let shown = compare.split('|').count() == 2;
    // Named under `compare` (it is the comparison's doing): a bad `challenges` value is the sides'
    // own notice, and the widget shows this one beside it without showing that one twice.
    (shown && challenges.is_some()).then(|| Notice::new("compare", "challenges are not offered beside a comparison (compare=\u{2026}): remove compare to offer them."))
}

/// A comparison shows two fixed settings: predictions given beside one are said, not dropped.
pub fn predict_beside_compare(predict: Option<&str>, rest: &[(String, String)]) -> Option<Notice> {
    let compare = rest.iter().rev().find(|(k, _)| k.trim().eq_ignore_ascii_case("compare")).map(|(_, v)| v.as_str())?;
    (compare.split('|').count() == 2 && predict.is_some()).then(|| Notice::new("compare", "predictions are not offered beside a comparison (compare=\u{2026}): remove compare to offer them."))
}

/// What a quiz's element takes: its deck, the xAPI attributes and the theme.
pub const QUIZ_ATTRS: &[Attr] = &[
    Attr { name: "deck", meaning: "a built-in deck's name or the address of a JSON deck", values: &[] },
    ACTIVITY_BASE,
    ACTOR_NAME,
    ACTOR_MBOX,
    Attr {
        name: "lesson",
        meaning: "the http(s) address of a locklab lesson page that a built-in deck's \"try it\" links open when no widget of that kind is on the page",
        values: &[],
    },
    PRINT,
    SCORE,
    TRIES,
    Attr {
        name: "paper-seed",
        meaning: "another version of the printed paper: 0 to 999,999 (default 1) shuffles the options, and the key with them, in an order of its own",
        values: &[],
    },
    locklab_sim::params::THEME,
    locklab_sim::params::LOCALE,
    locklab_sim::params::LAYOUT,
];

/// A quiz takes `deck` (a built-in deck's name, or the address of a JSON deck), the xAPI
/// attributes, `theme` and `layout`.
fn validate_quiz(raw: &[(String, String)]) -> (Vec<f64>, Vec<Notice>) {
    let (mine, rest, mut notices) = locklab_sim::params::take_attrs(QUIZ_ATTRS, raw);
    let known: Vec<&str> = QUIZ_ATTRS.iter().map(|a| a.name).collect();
    for (k, _) in &rest {
        notices.push(Notice::new(k.trim(), format!("Unknown parameter \u{201c}{}\u{201d} for a quiz: ignored. Known: {}.", k.trim(), known.join(", "))));
    }
    let mut deck = None;
    let (mut base, mut name, mut mbox) = (None, None, None);
    for (k, v) in &mine {
        match k.as_str() {
            "deck" => deck = Some(v.trim().to_string()),
            "activity-base" => base = Some(v.as_str()),
            "actor-name" => name = Some(v.as_str()),
            "actor-mbox" => mbox = Some(v.as_str()),
            "paper-seed" => {
                if let Err(why) = crate::quiz::paper_seed(v) {
                    notices.push(Notice::new("paper-seed", why));
                }
            }
            "lesson" => {
                if let Err(why) = crate::quiz::lesson_address(v) {
                    notices.push(Notice::new("lesson", why));
                }
            }
            "tries" => {
                if let Err(why) = parse_tries(v) {
                    notices.push(Notice::new("tries", why));
                }
            }
            _ => {}
        }
    }
    notices.extend(crate::xapi::from_author(base, name, mbox).2.into_iter().map(|p| Notice::new("", p)));
    match deck.as_deref() {
        None | Some("") => notices.push(Notice::new("deck", "A quiz needs a deck: a built-in deck's name or the address of a JSON deck.")),
        Some(d) if crate::quiz::BUILT_IN.iter().any(|(n, _)| *n == d) => {}
        Some(d) if d.split(['?', '#']).next().is_some_and(|p| p.to_ascii_lowercase().ends_with(".json")) || d.starts_with("https://") || d.starts_with("http://") => {}
        Some(d) => {
            let known: Vec<&str> = crate::quiz::BUILT_IN.iter().map(|(n, _)| *n).collect();
            notices.push(Notice::new("deck", format!("deck=\u{201c}{d}\u{201d} is neither a built-in deck ({}) nor the address of a .json deck.", known.join(", "))));
        }
    }
    (Vec::new(), notices)
}

/// Everything the widgets take, as data for the tools that write embeds outside the browser (the
/// Hugo shortcode, the Python helper): for each widget its name, label, parameters (kind, range,
/// default, as an author writes them) and attributes. Generated into `integrations/` (a test holds
/// those copies to this).
pub fn manifest() -> serde_json::Value {
    use locklab_sim::params::Kind;
    use serde_json::json;
    let widgets: Vec<serde_json::Value> = widgets()
        .iter()
        .map(|w| {
            let params: Vec<serde_json::Value> = w
                .specs
                .iter()
                .map(|s| {
                    let (lo, hi) = s.range();
                    let mut p = json!({
                        "name": s.name,
                        "label": s.label,
                        "unit": s.unit,
                        "default": s.to_attr(s.default_value()),
                    });
                    let (kind, extra) = match s.kind {
                        Kind::Int { min, max, log, .. } => ("int", json!({ "min": min, "max": max, "log": log })),
                        Kind::Float { log, .. } => ("float", json!({ "min": lo, "max": hi, "log": log })),
                        Kind::Bool { .. } => ("bool", json!({})),
                        Kind::Seed { .. } => ("seed", json!({ "min": 0, "max": locklab_sim::params::MAX_SEED })),
                        Kind::Choice { options, .. } => ("choice", json!({ "options": options.iter().map(|o| o.value).collect::<Vec<_>>() })),
                        Kind::Clock { .. } => ("clock", json!({ "min": s.to_attr(lo), "max": s.to_attr(hi) })),
                    };
                    p["kind"] = json!(kind);
                    if let (Some(p), Some(extra)) = (p.as_object_mut(), extra.as_object()) {
                        p.extend(extra.clone());
                    }
                    p
                })
                .collect();
            let attrs: Vec<serde_json::Value> = w.attrs.iter().map(|a| json!({ "name": a.name, "meaning": a.meaning, "values": a.values })).collect();
            let aliases: Vec<serde_json::Value> = w.aliases.iter().map(|a| json!({ "name": a.name, "target": a.target, "value": a.value })).collect();
            let mut entry = json!({ "name": w.name, "label": w.label, "params": params, "attrs": attrs, "extras": w.extras, "aliases": aliases, "reservePx": crate::element::reserve_px(w.name) });
            if let Some((_, state)) = default_state(w.name) {
                // What a challenge set's goals may name, and the type of each (challenge.rs,
                // Goal::check): a simulation's state at its defaults. "any": a field that has no
                // value there, which a goal may compare with anything.
                let kinds: serde_json::Map<String, serde_json::Value> = state
                    .iter()
                    .map(|(k, v)| {
                        let kind = match v {
                            serde_json::Value::Number(_) => "number",
                            serde_json::Value::String(_) => "text",
                            serde_json::Value::Bool(_) => "bool",
                            _ => "any",
                        };
                        (k.clone(), json!(kind))
                    })
                    .collect();
                entry["goalNames"] = serde_json::Value::Object(kinds);
            }
            if let Some(ids) = builtin_challenge_ids(w.name) {
                // What `challenges=builtin:…` may name, in the set's order.
                entry["challengeIds"] = json!(ids);
            }
            if let Some(set) = crate::predict::builtin_set(w.name) {
                // What `predict=builtin:…` may name, in the set's order.
                entry["predictionIds"] = json!(set.predictions.iter().map(|p| p.id.as_str()).collect::<Vec<_>>());
            }
            if w.name == locklab_sim::fencing_sandbox::NAME {
                // The story's grammar (fencing_sandbox.rs, Move::parse and validate), for the
                // adapters: whether each step is possible where it stands is the widget's to say.
                use locklab_sim::fencing_sandbox::{Action, CLIENT_NAMES, MAX_STEPS};
                entry["story"] = json!({ "clients": CLIENT_NAMES, "actions": Action::ALL.iter().map(|a| a.name()).collect::<Vec<_>>(), "wait": "wait", "maxSteps": MAX_STEPS });
            }
            entry
        })
        .collect();
    json!({
        "generator": "locklab_course::registry::manifest (cargo test -p locklab-course --test generated regenerates it with LOCKLAB_WRITE_GENERATED=1)",
        "version": env!("CARGO_PKG_VERSION"),
        "builtInDecks": crate::quiz::BUILT_IN.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
        // A simulation's element with one of these (not blank; `steps` on a widget whose story it
        // is only with `=`) needs the course features: `needs_course`.
        "courseAttributes": NEEDS_COURSE,
        // challenge.rs's bounds, for the adapters that check an author's set file.
        "challengeSets": {
            "maxBytes": crate::challenge::MAX_SET_BYTES,
            "maxChallenges": crate::challenge::MAX_CHALLENGES,
            "maxHints": crate::challenge::MAX_HINTS,
            "maxGoal": crate::challenge::MAX_GOAL,
            "maxTerms": crate::challenge::MAX_TERMS,
            "maxDepth": crate::challenge::MAX_DEPTH,
            "maxText": crate::challenge::MAX_TEXT,
            "maxId": crate::challenge::MAX_ID,
            "maxErrors": crate::challenge::MAX_ERRORS,
        },
        // predict.rs's bounds beyond those (its text, ids, goals and problems are bounded as a
        // challenge set's), for the adapters that check an author's prediction set file.
        "predictionSets": {
            "maxBytes": crate::predict::MAX_SET_BYTES,
            "maxPredictions": crate::predict::MAX_PREDICTIONS,
            "maxOptions": crate::predict::MAX_OPTIONS,
            "maxUnit": crate::predict::MAX_UNIT,
        },
        "widgets": widgets,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_widget_once_the_quiz_last() {
        let names = names();
        assert_eq!(widgets().iter().map(|w| w.name).collect::<Vec<_>>(), names);
        assert_eq!(names.last(), Some(&"quiz"));
        assert_eq!(find("QUIZ").map(|w| w.name), Some("quiz"));
        assert_eq!(find("ttl-tradeoff").map(|w| w.label), Some("TTL trade-off"));
    }

    fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        p.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
    }

    #[test]
    fn simulations_take_the_course_attributes_and_pass_the_rest_on() {
        let (c, rest, n) = take_course_attrs(&pairs(&[("Challenges", " BUILTIN "), ("ttl-s", "5"), ("print", "answers"), ("activity-base", "https://course.example/locks")]));
        assert_eq!(c.challenges.as_deref(), Some("builtin"));
        assert!(c.print_answers);
        assert_eq!(c.activity_base.as_deref(), Some("https://course.example/locks/"));
        assert_eq!(rest, pairs(&[("ttl-s", "5")]));
        assert!(n.is_empty(), "{n:?}");
        for ok in ["/sets/ttl.json", "sets/TTL.JSON?v=2#x", "https://sets.example/any"] {
            let (c, _, n) = take_course_attrs(&pairs(&[("challenges", ok)]));
            assert!(c.challenges.is_some() && n.is_empty(), "{ok}: {n:?}");
        }
        for bad in ["maybe", "javascript:alert(1)", "ftp://x/y"] {
            let (c, _, n) = take_course_attrs(&pairs(&[("challenges", bad)]));
            assert!(c.challenges.is_none() && n[0].message.contains("neither builtin"), "{bad}: {n:?}");
        }
        let (c, _, n) = take_course_attrs(&pairs(&[("activity-base", "nope"), ("actor-name", "Ada"), ("print", "all")]));
        assert_eq!((c.activity_base, c.actor), (None, None));
        assert_eq!(n.len(), 3, "{n:?}");
        // The registry's validation of a simulation says what the widget will.
        let ttl = find("ttl-tradeoff").expect("ttl");
        assert!((ttl.validate)(&pairs(&[("challenges", "builtin"), ("ttl-s", "5")])).1.is_empty());
        assert!((ttl.validate)(&pairs(&[("challenge", "builtin")])).1[0].message.contains("Unknown parameter"));
        assert!(ttl.attrs.iter().any(|a| a.name == "challenges") && ttl.attrs.iter().any(|a| a.name == "theme"));
    }

    #[test]
    fn lab_commands_read_the_pairs_as_the_widget_does() {
        let sim = |w: &str, p: &[(&str, &str)]| {
            let values = (find(w).unwrap().validate)(&pairs(p)).0;
            locklab_sim::lab::command(w, &values)
        };
        let sweeper = [("exclusion", "run-slot"), ("recovers-at", "21:40")];
        assert_eq!(lab_command("sweeper-incident", &pairs(&sweeper)), sim("sweeper-incident", &sweeper));
        let cmd = lab_command("sweeper-incident", &pairs(&sweeper)).unwrap();
        assert!(cmd.starts_with("locklab-lab run sweeper-incident ") && cmd.contains("--exclusion run-slot") && cmd.contains("--recovers-at 21:40"), "{cmd}");
        // Course attributes are not the simulation's state.
        let cmd = lab_command("counter-race", &pairs(&[("challenges", "builtin"), ("theme", "dark"), ("lock", "true")])).unwrap();
        assert!(cmd.contains("--lock true") && !cmd.contains("theme") && !cmd.contains("challenges"), "{cmd}");
        assert!(lab_command("fencing-sandbox", &pairs(&[("steps", "A.acquire,A.read")])).unwrap().contains("--steps A.acquire,A.read"));
        assert_eq!(lab_command("lease-sizing", &[]), None);
        assert_eq!(lab_command("no-such-widget", &[]), None);
        for name in LAB {
            assert!(find(name).is_some(), "{name} is a widget");
        }
    }

    #[test]
    fn the_course_attributes_are_the_course_layers_and_the_presets() {
        let mut names: Vec<&str> = COURSE_ATTRS.iter().map(|a| a.name).collect();
        names.extend(["steps", "step", "step-captions", "compare", "compare-captions"]);
        names.sort_unstable();
        let mut listed = NEEDS_COURSE.to_vec();
        listed.sort_unstable();
        assert_eq!(listed, names);
        // Every one is an attribute simulations take.
        assert!(NEEDS_COURSE.iter().all(|n| SIM_COURSE_ATTRS.iter().any(|a| a.name == *n)));
        assert!(needs_course("Steps", "ttl-s=1 | ttl-s=2", &[]));
        assert!(needs_course("steps", "A.acquire", &[]));
        assert!(!needs_course("steps", "A.acquire,A.read", &["steps"]));
        assert!(needs_course("steps", "lease-s=5", &["steps"]));
        assert!(!needs_course("challenges", "  ", &[]));
        assert!(!needs_course("theme", "dark", &[]));
    }

    #[test]
    fn the_quiz_wants_a_deck() {
        let v = |p: &[(&str, &str)]| validate_quiz(&p.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect::<Vec<_>>()).1;
        assert!(v(&[("deck", "which-protection")]).is_empty());
        assert!(v(&[("deck", "decks/mine.json")]).is_empty());
        assert!(v(&[]).iter().any(|n| n.message.contains("needs a deck")));
        assert!(v(&[("deck", "nope")]).iter().any(|n| n.message.contains("neither a built-in deck")));
        assert!(v(&[("deck", "leases"), ("colour", "red")]).iter().any(|n| n.message.contains("Unknown parameter")));
    }
}
