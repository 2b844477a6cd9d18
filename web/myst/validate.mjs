// locklab's author-input validator for the MyST plugin: a port of the Python package's
// `validate` (integrations/python/locklab/__init__.py) and every helper it uses, to a plain
// JavaScript module with no dependencies (Node 20, or a browser). It is held to the same shared
// cases as the Python package and the Hugo shortcode (integrations/tests/validation-cases.json;
// run `node web/myst/validate-check.mjs`), and its messages are Python's, word for word.
//
// The rules are those of crates/sim/src/params.rs and registry.rs (and, for the quiz and the course
// attributes, crates/course/src/quiz.rs, registry.rs and xapi.rs), except that where a widget
// would clamp a value or fall back to its default and show a notice, this throws: a page says what
// is wrong when it is built, not later in the reader's browser.
//
// Differences from the Python source, all in what it is given rather than in its rules:
// - values are strings, as an author writes them in a directive's options (Python's bool, int,
//   float and datetime.time values, and its `**kwargs` spelled with `_`, have no counterpart); a
//   null or undefined value is left out, as Python leaves out None;
// - a close name is suggested as it is written in an option (`ttl-s`), never as a Python keyword
//   (`ttl_s=`);
// - strings are measured and cut in code points, as Python's are (not in UTF-16 code units), so
//   an emoji in a value is shown and counted as Python shows and counts it.

// --- validation: the rules of crates/sim/src/params.rs and registry.rs -------------------------

// Unicode White_Space, as Rust's str::trim strips it (Python's _WS).
const WS = " \t\n\r\x0b\x0c\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000";
const WS_CLASS = "[ \\t\\n\\r\\x0b\\x0c\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const TRIM = new RegExp(`^${WS_CLASS}+|${WS_CLASS}+$`, "g");
const DECIMAL = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
// ASCII case only: Rust reads inf, infinity and NaN in ASCII case (see SPECIAL_WORDS below).
const SPECIAL = /^([+-]?)(?:([iI][nN][fF](?:[iI][nN][iI][tT][yY])?)|[nN][aA][nN])$/;
const CLOCK_FIELD = /^[0-9]{1,2}$/;
const NAME = /^[A-Za-z0-9-]+$/;
const BOOL_TRUE = ["", "true", "1", "yes", "on"];
const BOOL_FALSE = ["false", "0", "no", "off"];
const BOOL_WORDS = [...BOOL_TRUE, ...BOOL_FALSE];

/** Rust's eq_ignore_ascii_case: only A–Z fold (the Kelvin sign is not a k). */
function lower(s) {
  return s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

/** Rust's str::trim: Unicode White_Space. */
function trim(s) {
  return s.replace(TRIM, "");
}

/** The first `n` code points of `s` (Python's s[:n]). */
function head(s, n) {
  return Array.from(s).slice(0, n).join("");
}

/** The length of `s` in UTF-8 bytes (a lone surrogate is three, as Python's "surrogatepass"). */
function utf8Length(s) {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

/** A number as Rust's f64::from_str reads it (null: not one). */
function parseNumber(t) {
  const special = SPECIAL.exec(t);
  if (special) {
    if (special[2] === undefined) return NaN;
    return special[1] === "-" ? -Infinity : Infinity;
  }
  if (!DECIMAL.test(t)) return null;
  return Number(t); // the same IEEE double as Python's float() (1e-999 is 0, 1e400 is Infinity)
}

/** Seconds since midnight of `21:50` or `21:50:30` (`24:00` at most); null: not a time of day. */
function parseClock(t) {
  const parts = t.split(":");
  if (![2, 3].includes(parts.length) || !parts.every((p) => CLOCK_FIELD.test(p))) return null;
  const h = Number(parts[0]);
  const m = Number(parts[1]);
  const s = parts.length === 3 ? Number(parts[2]) : 0;
  if (h > 24 || m > 59 || s > 59 || (h === 24 && (m !== 0 || s !== 0))) return null;
  return h * 3600 + m * 60 + s;
}

/** Python's repr of a float that is not a whole number: the shortest digits that read back as it,
 * in positional notation from 1e-4 up and in scientific below (`0.0001`, `1e-05`). */
function floatRepr(v) {
  if (Number.isNaN(v)) return "nan";
  if (!Number.isFinite(v)) return v < 0 ? "-inf" : "inf";
  const [mantissa, exp] = v.toExponential().split("e"); // shortest round-trip digits
  const e = Number(exp);
  const sign = mantissa.startsWith("-") ? "-" : "";
  const digits = mantissa.replace(/^-/, "").replace(".", "");
  if (e < -4 || e >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${m}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  }
  if (e < 0) return `${sign}0.${"0".repeat(-e - 1)}${digits}`;
  const whole = digits.slice(0, e + 1).padEnd(e + 1, "0");
  const frac = digits.slice(e + 1);
  return `${sign}${whole}.${frac || "0"}`;
}

/** A bound as Python's _num writes it: a whole number without a point, else the float's repr. */
function num(v) {
  return Number.isInteger(v) ? BigInt(v).toString() : floatRepr(v);
}

function unit(spec) {
  const u = spec.unit ?? "";
  if (u === "" || u === "%") return ""; // "%": the value is a fraction, shown as a percentage by the widget
  return u.startsWith("/") ? u : " " + u;
}

/** What a parameter takes, for its problem: "a number from 0.1 to 120 s". */
function takes(spec) {
  const kind = spec.kind;
  if (kind === "int" || kind === "seed") return `a whole number from ${num(spec.min)} to ${num(spec.max)}${unit(spec)}`;
  if (kind === "float") return `a number from ${num(spec.min)} to ${num(spec.max)}${unit(spec)}`;
  if (kind === "bool") return "true or false";
  if (kind === "choice") return "one of " + spec.options.join(", ");
  if (kind === "clock") return `a time of day from ${spec.min} to ${spec.max}`;
  return "a value";
}

/** What is wrong with `text` for this parameter (null: nothing). */
function checkParam(spec, text) {
  const t = trim(text);
  const { name, kind } = spec;
  const shown = `${name}=\u201c${t}\u201d`;
  if (kind === "choice") {
    if (spec.options.some((o) => lower(o) === lower(t))) return null;
    return `${shown} is not one of ${spec.options.join(", ")}`;
  }
  if (kind === "bool") {
    if (BOOL_WORDS.includes(lower(t))) return null;
    return `${shown} is not true or false`;
  }
  if (kind === "clock") {
    const v = parseClock(t);
    if (v === null) return `${shown} is not a time of day like 21:50 or 21:50:30`;
    const lo = parseClock(spec.min);
    const hi = parseClock(spec.max);
    if (v < lo) return `${shown} is below the minimum, ${spec.min}`;
    if (v > hi) return `${shown} is above the maximum, ${spec.max}`;
    return null;
  }
  const v = parseNumber(t);
  if (v === null) return `${shown} is not a number`;
  if (!Number.isFinite(v)) return `${shown} is not a finite number`;
  if (v < spec.min) return `${shown} is below the minimum, ${num(spec.min)}${unit(spec)}`;
  if (v > spec.max) return `${shown} is above the maximum, ${num(spec.max)}${unit(spec)}`;
  if ((kind === "int" || kind === "seed") && !Number.isInteger(v)) return `${shown} is not a whole number`;
  return null;
}

/** The part of an address before its first `?` or `#`. */
function pathOf(t) {
  return t.split(/[?#]/, 1)[0];
}

/** What is wrong with `text` for this attribute of the widget (null: nothing). */
function checkAttr(widget, attr, text, decks) {
  const t = trim(text);
  const { name, values } = attr;
  if (values && values.length > 0) {
    if (values.some((w) => lower(w) === lower(t))) return null;
    if (values.includes("true") && values.includes("false")) return `${name}=\u201c${t}\u201d is not true or false`;
    return `${name}=\u201c${t}\u201d is not one of ${values.join(", ")}`;
  }
  if (widget.name === "quiz" && name === "deck") {
    if (t === "") return noDeck(decks);
    if (decks.includes(t) || lower(pathOf(t)).endsWith(".json") || t.startsWith("https://") || t.startsWith("http://")) return null;
    return `deck=\u201c${t}\u201d is neither a built-in deck (${decks.join(", ")}) nor the address of a .json deck`;
  }
  if (widget.name === "quiz" && name === "paper-seed") {
    // crates/course/src/quiz.rs, paper_seed: trimmed, Rust's u64 parse (an optional +, ASCII
    // digits), at most 999,999.
    const m = /^\+?([0-9]+)$/.exec(t);
    if (m && m[1].replace(/^0+/, "").length <= 6) return null;
    return `paper-seed=\u201c${t}\u201d is not a whole number from 0 to 999,999`;
  }
  if (widget.name === "quiz" && name === "lesson") return lessonProblem(t);
  if (name === "tries") {
    // crates/course/src/registry.rs, parse_tries: trimmed; blank or unlimited (ASCII case); else
    // Rust's u32 parse (an optional +, ASCII digits) from 1 to 99.
    if (t === "" || lower(t) === "unlimited") return null;
    const m = /^\+?([0-9]+)$/.exec(t);
    if (m && m[1].replace(/^0+/, "").length <= 2 && Number(m[1]) >= 1) return null;
    return `tries=\u201c${[...t].slice(0, 40).join("")}\u201d is not a whole number from 1 to 99 or unlimited`;
  }
  if (name === "controls" || name === "fixed") return controlListProblem(widget, name, t);
  if (name === "challenges") return challengesProblem(t, widget);
  if (name === "predict") return challengesProblem(t, widget, "predict");
  if (name === "activity-base") return activityBaseProblem(t);
  if (name === "actor-mbox") return mboxProblem(t);
  return null;
}

/** The most items a teacher's `controls` or `fixed` list is read for (controls.rs MAX_NAMES). */
const MAX_CONTROL_NAMES = 64;

/**
 * crates/sim/src/controls.rs, read: blank is no list; `controls=none` (ASCII case) shows none;
 * else comma-separated parameter names, each trimmed, compared in ASCII case, empty items skipped,
 * at most MAX_CONTROL_NAMES items; a name that is no parameter is refused.
 */
function controlListProblem(widget, name, t) {
  if (t === "" || (name === "controls" && lower(t) === "none")) return null;
  const items = t
    .split(",")
    .map(trim)
    .filter((x) => x !== "");
  if (items.length > MAX_CONTROL_NAMES) return `${name} names more than ${MAX_CONTROL_NAMES} controls`;
  const params = widget.params.map((p) => p.name);
  for (const item of items) {
    if (!params.includes(lower(item))) {
      return `${name}: \u201c${head(item, 40)}\u201d is no parameter of this widget.${suggest(lower(item), params)} Known: ${params.join(", ")}`;
    }
  }
  return null;
}

/** The most bytes of a quiz's lesson address (quiz.rs MAX_LESSON). */
const MAX_LESSON = 2000;
// quiz.rs lesson_address: http:// or https:// (ASCII case), a host of ASCII letters, digits and
// hyphens in dot-separated labels (an optional final dot), an optional port, then after / ? or #
// anything an IRI may hold (as for activity-base).
const LESSON = /^[hH][tT][tT][pP](?:[sS])?:\/\/([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?)(?::([0-9]{1,5}))?(?:[/?#](.*))?$/s;

/** What a quiz would say about `lesson` (crates/course/src/quiz.rs, lesson_address). */
function lessonProblem(t) {
  const m = LESSON.exec(t);
  if (m && utf8Length(t) > MAX_LESSON) {
    return `lesson=\u201c${head(t, 40)}\u2026\u201d is ${utf8Length(t)} bytes long; it takes at most ${MAX_LESSON}`;
  }
  if (m && (m[2] === undefined || Number(m[2]) <= 65535) && !NOT_IN_IRI.test(m[3] ?? "")) return null;
  return `lesson=\u201c${head(t, 60)}\u201d is not an http(s) address such as https://course.example/locks/`;
}

/** The most challenges a set holds, and the longest id (challenge.rs MAX_CHALLENGES, MAX_ID). */
const MAX_CHALLENGES = 12;
const MAX_CHALLENGE_ID = 64;

/** The most predictions a set holds (predict.rs MAX_PREDICTIONS). */
const MAX_PREDICTIONS = 8;

/** `builtin:one-a-day,heavy-tail` (crates/course/src/challenge.rs, builtin_ids_of; registry.rs,
 * builtin_selection_problem; predict.rs, builtin_problem): the ids after the first `:`, split at
 * commas, each trimmed, blanks dropped, compared in ASCII case; at least one, at most `most`,
 * each of ASCII letters, digits, `-` and `_` and at most MAX_CHALLENGE_ID characters, none twice,
 * and every one in the widget's built-in set (the registry's `challengeIds` or `predictionIds`). */
function builtinSelectionProblem(t, widget, attr = "challenges", what = "challenge", most = MAX_CHALLENGES, key = "challengeIds") {
  const written = t.slice(t.indexOf(":") + 1).split(",").map(trim).filter((i) => i !== "");
  if (written.length === 0) return `${attr}=builtin: names no ${what}; write builtin alone for all of them, or builtin:an-id,another`;
  if (written.length > most) return `${attr}=builtin: names ${written.length} ${what}s; a set has at most ${most}`;
  // Shown as written when it is not an id; compared in ASCII case when it is.
  for (const i of written) {
    if (Array.from(i).length > MAX_CHALLENGE_ID || !/^[A-Za-z0-9_-]+$/.test(i)) {
      return `${attr}=builtin: \u201c${head(i, 40)}\u201d is not a ${what} id (letters, digits, - and _, at most ${MAX_CHALLENGE_ID})`;
    }
  }
  const ids = written.map(lower);
  const twice = ids.find((i, k) => ids.slice(0, k).includes(i));
  if (twice !== undefined) return `${attr}=builtin: names ${head(twice, 40)} twice`;
  if (!widget) return null;
  const has = widget[key];
  if (!has) return attr === "predict" ? noBuiltinPredictions(widget) : null;
  const missing = ids.filter((i) => !has.map(lower).includes(i));
  if (missing.length) return `${attr}=builtin: the ${widget.name} ${what}s have no ${missing.join(" or ")}; they are ${has.join(", ")}`;
  return null;
}

function noBuiltinPredictions(widget) {
  return `predict=builtin: ${widget.name} has no built-in predictions yet; give the address of a prediction set of your own`;
}

/** What a simulation would say about `challenges` or `predict` (crates/course/src/registry.rs,
 * take_course_attrs; trimmed, blank is none): `builtin` in ASCII case (for `predict`, on a widget
 * with built-in predictions), or `builtin:` and a list of its challenges or predictions
 * (builtinSelectionProblem), or an address whose part before the first `?` or `#` ends with
 * `.json` (ASCII case), or one starting with `https://` or `http://` exactly as written. */
function challengesProblem(t, widget, attr = "challenges") {
  const predict = attr === "predict";
  if (!t) return null;
  if (lower(t) === "builtin") return predict && widget && !widget.predictionIds ? noBuiltinPredictions(widget) : null;
  if (t.includes(":") && lower(trim(t.slice(0, t.indexOf(":")))) === "builtin") {
    return predict ? builtinSelectionProblem(t, widget, "predict", "prediction", MAX_PREDICTIONS, "predictionIds") : builtinSelectionProblem(t, widget);
  }
  if (lower(pathOf(t)).endsWith(".json") || t.startsWith("https://") || t.startsWith("http://")) return null;
  return predict
    ? `predict=\u201c${t}\u201d is neither builtin nor the address of a .json prediction set`
    : `challenges=\u201c${t}\u201d is neither builtin nor the address of a .json challenge set`;
}

// --- the xAPI attributes (the quiz's and the simulations'): crates/course/src/xapi.rs (from_author)

/** The most bytes of an activity base, or of `mailto:` and an address (xapi.rs MAX_FIELD). */
const MAX_FIELD = 500;
// What an IRI may not hold (xapi.rs is_activity_base): Rust's char::is_whitespace (Unicode
// White_Space) and char::is_control (Cc: U+0000–U+001F, U+007F–U+009F), the bidirectional
// formatting characters (xapi.rs is_bidi_format: U+061C, U+200E, U+200F, U+202A–U+202E,
// U+2066–U+2069), and <>"{}|\^`.
const NOT_IN_IRI = /[\x00-\x20\x7f-\xa0\u061c\u1680\u2000-\u200a\u200e\u200f\u2028-\u202f\u205f\u2066-\u2069\u3000<>"{}|\\^`]/;
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?";
// xapi.rs is_plain_address: local@domain, one @, ASCII only, two or more labels.
const PLAIN_ADDRESS = new RegExp(`^[A-Za-z0-9!#$%'*+/=^_\`{|}~.-]+@${LABEL}(?:\\.${LABEL})+$`);

/** xapi.rs is_activity_base: the scheme compared on the value's leading bytes in ASCII case
 * (only ASCII folds, so neither `ſ` nor the Kelvin sign is an `s` or a `k`): `https://` with more
 * than 8 bytes and no `/` as the 9th, else `http://` with more than 7 and no `/` as the 8th, else
 * `urn:` with more than 4; then no character an IRI may not hold. */
function isActivityBase(s) {
  const b = new TextEncoder().encode(s); // a lone surrogate is 3 bytes here too, none of them ASCII
  const lowerHead = lower(String.fromCharCode(...b.subarray(0, 8)));
  let schemeOk;
  if (lowerHead.startsWith("https://")) schemeOk = b.length > 8 && b[8] !== 0x2f;
  else if (lowerHead.startsWith("http://")) schemeOk = b.length > 7 && b[7] !== 0x2f;
  else schemeOk = lowerHead.startsWith("urn:") && b.length > 4;
  return schemeOk && !NOT_IN_IRI.test(s);
}

/** What a widget would say about `activity-base` (trimmed; blank is no base: the default). */
function activityBaseProblem(t) {
  if (!t) return null;
  if (!isActivityBase(t)) {
    return `activity-base=\u201c${t}\u201d is not an http(s) or urn: address such as https://course.example/locks/`;
  }
  const n = utf8Length(t);
  if (n > MAX_FIELD) return `activity-base=\u201c${head(t, 40)}\u2026\u201d is ${n} bytes long; it takes at most ${MAX_FIELD}`;
  return null;
}

/** What a widget would say about `actor-mbox` (trimmed; blank is none): an optional `mailto:`
 * (either case), then a plain address, `mailto:` and it at most MAX_FIELD bytes. */
function mboxProblem(t) {
  if (!t) return null;
  // Cut in code units: when the first 7 are "mailto:" in any case they are 7 code points too.
  const addr = lower(t.slice(0, 7)) === "mailto:" ? t.slice(7) : t;
  if (!PLAIN_ADDRESS.test(addr)) return `actor-mbox=\u201c${t}\u201d is not an e-mail address such as ada@example.org`;
  const n = "mailto:".length + utf8Length(addr);
  if (n > MAX_FIELD) {
    return `actor-mbox=\u201c${head(t, 40)}\u2026\u201d is ${n} bytes long with mailto: before it; it takes at most ${MAX_FIELD}`;
  }
  return null;
}

/** xapi.rs from_author: a name alone is no xAPI identifier, so `actor-name` needs a non-blank
 * `actor-mbox` (a bad one is its own problem). */
function actorProblem(given) {
  const name = trim(given.get("actor-name") ?? "");
  if (name && !trim(given.get("actor-mbox") ?? "")) {
    return `actor-name=\u201c${name}\u201d needs actor-mbox beside it (xAPI identifies a learner by an e-mail address, not a name)`;
  }
  return null;
}

function noDeck(decks) {
  return `a quiz needs a deck: a built-in deck's name (${decks.join(", ")}) or the address of a .json deck`;
}

/** What is wrong with an older name's value (null: nothing): it takes only true or false. */
function aliasProblem(alias, text) {
  const t = trim(text);
  if (BOOL_WORDS.includes(lower(t))) return null;
  return `${alias.name}=\u201c${t}\u201d is not true or false; it is an older name for ${alias.target}=${alias.value}`;
}

// --- preset steps and comparisons: the rules of crates/sim/src/presets.rs ----------------------

/** The most steps a widget keeps (presets.rs MAX_STEPS). */
const MAX_STEPS = 24;
const SET_SEPARATORS = new RegExp(`${WS_CLASS.slice(0, -1)},;]`);

/** The problems of one step or one compared setting, `name=value` pairs separated by spaces,
 * commas or semicolons, each validated like the widget's parameter (older names translate), each
 * problem naming `what` ("steps: step 2"). Only parameters: a step sets no attribute. */
function checkSet(widget, text, what) {
  const specs = new Map(widget.params.map((p) => [p.name, p]));
  const aliases = widget.aliases ?? [];
  const problems = [];
  for (const word of text.split(SET_SEPARATORS).filter((w) => w)) {
    const eq = word.indexOf("=");
    if (eq < 0) {
      problems.push(`${what}: \u201c${word}\u201d is not a parameter=value pair`);
      continue;
    }
    const name = word.slice(0, eq);
    const value = word.slice(eq + 1);
    const alias = aliases.find((a) => lower(a.name) === lower(name));
    const target = lower(alias ? alias.target : name);
    const spec = specs.get(target);
    if (spec === undefined) {
      const known = [...specs.keys()];
      problems.push(`${what}: unknown parameter \u201c${name}\u201d.${suggest(lower(name), known)} Known: ${known.join(", ") || "none"}.`);
    } else if (alias) {
      const problem = aliasProblem(alias, value);
      if (problem) problems.push(`${what}: ${problem}`);
    } else {
      const problem = checkParam(spec, value);
      if (problem) problems.push(`${what}: ${problem}; ${target} takes ${takes(spec)}`);
    }
  }
  return problems;
}

/** Whether a `steps` value is preset steps. On the fencing sandbox (`steps` among its extras) a
 * value without `=` is its own story (`A.acquire,A.read`); on every other widget any non-blank
 * value is preset steps (the widget would ignore one without `=`, so it is checked). */
function isPresets(widget, text) {
  if (text.includes("=")) return true;
  return !widget.extras.includes("steps") && trim(text) !== "";
}

/** fencing_sandbox.rs, Move::parse: `wait`, or a client's name and an action joined by a dot,
 * each trimmed, in ASCII case. */
function storyMove(story, part) {
  const t = trim(part);
  if (lower(t) === "wait") return true;
  const dot = t.indexOf(".");
  if (dot < 0) return false;
  const c = lower(trim(t.slice(0, dot)));
  const a = lower(trim(t.slice(dot + 1)));
  return story.clients.map(lower).includes(c) && story.actions.map(lower).includes(a);
}

/** The sandbox's own story (fencing_sandbox.rs, validate): its grammar and its length. Whether
 * each step is possible where it stands (a lease held, a client in the story) is the widget's to
 * say: it plays the story. */
function checkStory(story, text) {
  const parts = text.split(",").filter((p) => trim(p));
  for (const [i, part] of parts.entries()) {
    if (i >= story.maxSteps) return [`steps: only the first ${story.maxSteps} steps are kept`];
    if (!storyMove(story, part)) {
      return [`steps: step ${i + 1} \u201c${head(trim(part), 24)}\u201d is not a step like A.acquire, B.read, A.pause or wait`];
    }
  }
  return [];
}

/** The problems of `steps`, `step-captions`, `step` and `compare` (presets.rs, check): whatever
 * a widget would show a notice for; on the fencing sandbox, its story's grammar. `given` maps
 * each name as written (lower-case) to its value. */
function checkPresets(widget, given) {
  const problems = [];
  let count = 0;
  const steps = given.get("steps");
  if (steps !== undefined && "story" in widget && !isPresets(widget, steps)) problems.push(...checkStory(widget.story, steps));
  if (steps !== undefined && isPresets(widget, steps)) {
    let parts = steps.split("|");
    if (parts.length > MAX_STEPS) problems.push(`steps: only the first ${MAX_STEPS} of ${parts.length} steps are kept`);
    parts = parts.slice(0, MAX_STEPS);
    for (const [k, part] of parts.entries()) problems.push(...checkSet(widget, part, `steps: step ${k + 1}`));
    count = parts.length;
    const captions = given.get("step-captions");
    if (captions !== undefined) {
      const n = Math.min(captions.split("|").length, count);
      if (0 < n && n < count) problems.push(`step-captions: ${n} caption${n === 1 ? "" : "s"} for ${count} steps; the others have none`);
    }
  }
  const step = given.get("step");
  if (step !== undefined) {
    const t = trim(step);
    const k = /^\+?[0-9]+$/.test(t) ? Number(t) : null; // only compared with count (24 at most)
    if (k !== null && 1 <= k && k <= count) {
      // a step that is there
    } else if (count === 0) {
      problems.push(`step=\u201c${t}\u201d needs preset steps (steps=\u2026)`);
    } else {
      problems.push(`step=\u201c${t}\u201d is not a step from 1 to ${count}`);
    }
  }
  // Captions with nothing to caption are said, not dropped in silence.
  const captions = given.get("step-captions");
  if (count === 0 && captions !== undefined && trim(captions) !== "") {
    problems.push(`step-captions=\u201c${head(trim(captions), 40)}\u201d captions preset steps, and there are none (steps=\u2026)`);
  }
  const compare = given.get("compare");
  const headings = given.get("compare-captions");
  if (compare === undefined && headings !== undefined && trim(headings) !== "") {
    problems.push(`compare-captions=\u201c${head(trim(headings), 40)}\u201d heads the two sides of a comparison, and there is none (compare=\u2026)`);
  }
  if (compare !== undefined) {
    const parts = compare.split("|");
    if (parts.length !== 2) {
      problems.push(`compare takes two settings separated by | (like ttl-s=1 | ttl-s=60), not ${parts.length}`);
    } else {
      problems.push(...checkSet(widget, parts[0], "compare: the first setting"));
      problems.push(...checkSet(widget, parts[1], "compare: the second setting"));
      if (count > 0) {
        problems.push(
          "compare shows two settings side by side, so the preset steps (steps, step, step-captions) are not used beside it: remove one or the other",
        );
      }
      // crates/course/src/registry.rs, challenges_beside_compare: a set that would be offered.
      const challenges = trim(given.get("challenges") || "");
      if (challenges && challengesProblem(challenges, widget) === null) {
        problems.push("challenges are not offered beside a comparison (compare=\u2026): remove compare to offer them");
      }
      // registry.rs, predict_beside_compare: predictions the element would take.
      const predict = trim(given.get("predict") || "");
      if (predict && challengesProblem(predict, null, "predict") === null) {
        problems.push("predictions are not offered beside a comparison (compare=\u2026): remove compare to offer them");
      }
    }
  }
  return problems;
}

// --- close names: Python's difflib.get_close_matches(word, choices, n=1, cutoff=0.6) ----------

/** The number of elements in the matching blocks of `a` and `b` (arrays of code points), as
 * difflib.SequenceMatcher(None, a, b) finds them, with its automatic junk heuristic: in a `b` of
 * 200 or more elements, one that is more than 1% of it (plus one) is "popular" and never starts a
 * match, though a match may grow over it. */
function matchingCharacters(a, b) {
  const b2j = new Map();
  b.forEach((elt, i) => {
    if (!b2j.has(elt)) b2j.set(elt, []);
    b2j.get(elt).push(i);
  });
  if (b.length >= 200) {
    const ntest = Math.floor(b.length / 100) + 1;
    for (const [elt, idxs] of [...b2j]) if (idxs.length > ntest) b2j.delete(elt);
  }
  // SequenceMatcher.find_longest_match (no junk but the popular elements, which are not "junk":
  // the extension loops over junk do nothing).
  const longest = (alo, ahi, blo, bhi) => {
    let besti = alo;
    let bestj = blo;
    let bestsize = 0;
    let j2len = new Map();
    for (let i = alo; i < ahi; i++) {
      const newj2len = new Map();
      for (const j of b2j.get(a[i]) ?? []) {
        if (j < blo) continue;
        if (j >= bhi) break;
        const k = (j2len.get(j - 1) ?? 0) + 1;
        newj2len.set(j, k);
        if (k > bestsize) [besti, bestj, bestsize] = [i - k + 1, j - k + 1, k];
      }
      j2len = newj2len;
    }
    while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) [besti, bestj, bestsize] = [besti - 1, bestj - 1, bestsize + 1];
    while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) bestsize += 1;
    return [besti, bestj, bestsize];
  };
  // SequenceMatcher.get_matching_blocks, summed.
  let matches = 0;
  const queue = [[0, a.length, 0, b.length]];
  while (queue.length > 0) {
    const [alo, ahi, blo, bhi] = queue.pop();
    const [i, j, k] = longest(alo, ahi, blo, bhi);
    if (k) {
      matches += k;
      if (alo < i && blo < j) queue.push([alo, i, blo, j]);
      if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
    }
  }
  return matches;
}

function ratioOf(matches, length) {
  return length ? (2.0 * matches) / length : 1.0;
}

/** The closest of `choices` to `word` (null: none close enough): difflib.get_close_matches with
 * n=1 and cutoff=0.6, its three ratios in turn, the highest ratio winning and, of equal ones, the
 * greatest name (as Python compares strings; the registry's names are ASCII). */
function close(word, choices) {
  const cutoff = 0.6;
  const b = Array.from(word);
  const fullbcount = new Map();
  for (const elt of b) fullbcount.set(elt, (fullbcount.get(elt) ?? 0) + 1);
  let best = null;
  for (const x of choices) {
    const a = Array.from(x);
    const length = a.length + b.length;
    // real_quick_ratio
    if (ratioOf(Math.min(a.length, b.length), length) < cutoff) continue;
    // quick_ratio
    const avail = new Map();
    let common = 0;
    for (const elt of a) {
      const numb = avail.has(elt) ? avail.get(elt) : (fullbcount.get(elt) ?? 0);
      avail.set(elt, numb - 1);
      if (numb > 0) common += 1;
    }
    if (ratioOf(common, length) < cutoff) continue;
    // ratio
    const score = ratioOf(matchingCharacters(a, b), length);
    if (score < cutoff) continue;
    if (best === null || score > best.score || (score === best.score && x > best.x)) best = { score, x };
  }
  return best === null ? null : best.x;
}

/** ` Did you mean “ttl-s”?` for a close name, else nothing. */
function suggest(word, choices) {
  const near = close(word, choices);
  return near === null ? "" : ` Did you mean \u201c${near}\u201d?`;
}

// --- the validator -------------------------------------------------------------------------------

/** The names of every widget in the registry, as `validate` takes them. */
export function widgetNames(registry) {
  return registry.widgets.map((w) => w.name);
}

/**
 * Checks a widget's name and parameters against `registry` (the parsed registry.json). `widget` is
 * the widget's name as an author wrote it; `pairs` the `[name, value]` pairs of its options, as
 * written (values as text; a null or undefined value is left out). Returns the widget's name and
 * the pairs as the widget reads them, `{ widget, pairs }` (names lower-case; an older name such as
 * `fencing=true` written as what it means, `protection=fence-writes`), or throws an Error saying
 * what is wrong with each bad one. Preset steps and comparisons (`steps="ttl-s=1 | ttl-s=60"`,
 * `step=2`, `compare=…`) are checked like parameters, each problem naming its step.
 */
export function validate(registry, widget, pairs = []) {
  const names = widgetNames(registry);
  if (typeof widget !== "string" || !trim(widget)) throw new Error(`locklab: name a widget; known: ${names.join(", ")}.`);
  const wname = lower(trim(widget));
  const w = registry.widgets.find((x) => x.name === wname);
  if (w === undefined) {
    throw new Error(`locklab: there is no locklab widget called \u201c${trim(widget)}\u201d.${suggest(wname, names)} Known: ${names.join(", ")}.`);
  }
  const specs = new Map(w.params.map((p) => [p.name, p]));
  const attrs = new Map(w.attrs.map((a) => [a.name, a]));
  const aliases = new Map((w.aliases ?? []).map((a, i) => [a.name, i]));
  const known = [...new Set([...specs.keys(), ...attrs.keys(), ...w.extras])];
  const problems = [];
  // [name, value], or { alias: index in aliases, on } for an older name, resolved below.
  let out = [];
  const first = new Map();
  for (const [rawKey, value] of pairs) {
    if (value === null || value === undefined) continue;
    if (typeof value !== "string") {
      throw new TypeError(`a parameter's value must be a string, as an author writes it, not ${typeof value}`);
    }
    const text = value;
    const key = String(rawKey);
    const n = lower(trim(key));
    if (!NAME.test(n)) {
      problems.push(`\u201c${key}\u201d is not a parameter name.${suggest(n.replaceAll("_", "-"), known)} Known: ${known.join(", ")}.`);
      continue;
    }
    if (first.has(n)) {
      problems.push(`${n} is given twice (${n}=${first.get(n)} and ${n}=${text}): give each parameter once`);
      continue;
    }
    first.set(n, text);
    if (aliases.has(n)) {
      // An older name (fencing=true is protection=fence-writes): translated below.
      const problem = aliasProblem(w.aliases[aliases.get(n)], text);
      if (problem) problems.push(problem);
      else out.push({ alias: aliases.get(n), on: BOOL_TRUE.includes(lower(trim(text))) });
      continue;
    }
    let problem;
    if (specs.has(n)) {
      problem = checkParam(specs.get(n), text);
      if (problem) problem += `; ${n} takes ${takes(specs.get(n))}`;
    } else if (attrs.has(n)) {
      problem = checkAttr(w, attrs.get(n), text, registry.builtInDecks);
    } else if (w.extras.includes(n)) {
      problem = null; // checked by the widget itself (the sandbox's steps)
    } else {
      problem = `unknown parameter \u201c${n}\u201d.${suggest(n, known)} Known: ${known.join(", ") || "none"}.`;
    }
    if (problem) problems.push(problem);
    else out.push([n, text]);
  }
  if (wname === "quiz" && !first.has("deck")) problems.push(noDeck(registry.builtInDecks));
  if (attrs.has("actor-name")) {
    const problem = actorProblem(first);
    if (problem) problems.push(problem);
  }
  if (attrs.has("steps")) problems.push(...checkPresets(w, first));
  out = resolveAliases(w, out, first);
  if (problems.length > 0) {
    const lines = problems.map((p) => (p.endsWith(".") ? p : p + "."));
    if (lines.length === 1) throw new Error(`locklab ${wname}: ${lines[0]}`);
    throw new Error(`locklab ${wname}: ${lines.length} problems:\n` + lines.map((p) => `- ${p}`).join("\n"));
  }
  return { widget: wname, pairs: out };
}

/** The pairs with older names written as their targets, by the widgets' one rule (params.rs,
 * validate_with_aliases): an explicit target always wins over an alias; of the aliases that are
 * true, the one listed last in the registry wins, written where it was given; a false one sets
 * nothing. */
function resolveAliases(widget, out, given) {
  const on = out.filter((e) => !Array.isArray(e) && e.on).map((e) => e.alias);
  let chosen = on.length > 0 ? Math.max(...on) : null;
  const pairs = [];
  for (const entry of out) {
    if (Array.isArray(entry)) {
      pairs.push(entry);
    } else if (entry.alias === chosen) {
      const alias = widget.aliases[entry.alias];
      if (!given.has(alias.target)) pairs.push([alias.target, alias.value]);
      chosen = null;
    }
  }
  return pairs;
}
