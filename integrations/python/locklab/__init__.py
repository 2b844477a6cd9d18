"""locklab widgets in Jupyter: each widget in an iframe of locklab's ``embed.html``.

    import locklab
    locklab.configure(base="https://example.org/course/locks/")   # where dist/ is hosted
    locklab.show("ttl-tradeoff", ttl_s=1.9)                        # the widget, in an iframe

Keyword arguments are the widget's parameters, ``_`` for ``-`` (``ttl_s=1.9`` is ``ttl-s=1.9``;
``**{"ttl-s": 1.9}`` works too). They are checked here, against the registry of widgets shipped
with this package (``registry.json``, generated from locklab's Rust code), with the rules the
widgets use, except that where a widget would clamp a value or fall back to its default and show a
notice, this raises ``ValueError``: a notebook says what is wrong when the cell runs, not later in
the reader's browser.

JupyterLab's sanitizer removes ``data-locklab`` attributes and scripts from outputs, so the script
embed cannot work there; an iframe does, in JupyterLab, Notebook 7, VS Code and nbconvert's HTML.
"""

from __future__ import annotations

import datetime
import difflib
import html
import json
import math
import numbers
import os
import re
from importlib import resources
from urllib.parse import quote, urlencode

from IPython.display import IFrame

__all__ = ["BASE", "Frame", "Widget", "configure", "embed_url", "registry", "show", "validate", "validate_prediction_set", "validate_set", "widgets"]

#: Where locklab's built files (dist/, with ``embed.html``) are hosted, once ``configure`` set it.
BASE: str | None = None

ENV_BASE = "LOCKLAB_BASE"
DEFAULT_HEIGHT = 700

_registry = None


def registry() -> dict:
    """The widget registry shipped with this package (every widget, its parameters, attributes)."""
    global _registry
    if _registry is None:
        text = resources.files(__name__).joinpath("registry.json").read_text(encoding="utf-8")
        _registry = json.loads(text)
    return _registry


def widgets() -> list[str]:
    """The names of every widget, as ``show`` takes them."""
    return [w["name"] for w in registry()["widgets"]]


def configure(base: str | None = None) -> None:
    """Says once where locklab is hosted, for every later ``show`` and ``embed_url``:
    ``locklab.configure(base="https://example.org/course/locks/")`` (the folder with
    ``embed.html``). ``base=None`` forgets it (the ``LOCKLAB_BASE`` environment variable is used
    again)."""
    global BASE
    BASE = _check_base(base) if base is not None else None


# --- validation: the rules of crates/sim/src/params.rs and registry.rs -------------------------

_WS = " \t\n\r\x0b\x0c\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?\Z")
_SPECIAL = re.compile(r"[+-]?(?:inf|infinity|nan)\Z", re.IGNORECASE | re.ASCII)
_CLOCK_FIELD = re.compile(r"[0-9]{1,2}\Z")
_NAME = re.compile(r"[A-Za-z0-9-]+\Z")
_BOOL_TRUE = ("", "true", "1", "yes", "on")
_BOOL_FALSE = ("false", "0", "no", "off")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _lower(s: str) -> str:
    # Rust's eq_ignore_ascii_case: only A–Z fold (the Kelvin sign is not a k).
    return s.translate(_ASCII_LOWER)


def _trim(s: str) -> str:
    # Rust's str::trim: Unicode White_Space.
    return s.strip(_WS)


def _parse_number(t: str) -> float | None:
    """A number as Rust's f64::from_str reads it (None: not one)."""
    if _SPECIAL.match(t):
        return float(t)
    if not _DECIMAL.match(t):
        return None
    return float(t)


def _parse_clock(t: str) -> int | None:
    """Seconds since midnight of ``21:50`` or ``21:50:30`` (``24:00`` at most)."""
    parts = t.split(":")
    if len(parts) not in (2, 3) or not all(_CLOCK_FIELD.match(p) for p in parts):
        return None
    h, m = int(parts[0]), int(parts[1])
    s = int(parts[2]) if len(parts) == 3 else 0
    if h > 24 or m > 59 or s > 59 or (h == 24 and (m, s) != (0, 0)):
        return None
    return h * 3600 + m * 60 + s


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else repr(float(v))


def _unit(spec: dict) -> str:
    u = spec.get("unit", "")
    if u in ("", "%"):
        return ""  # "%": the value is a fraction, shown as a percentage by the widget
    return u if u.startswith("/") else " " + u


def _takes(spec: dict) -> str:
    kind = spec["kind"]
    if kind in ("int", "seed"):
        return f"a whole number from {_num(spec['min'])} to {_num(spec['max'])}{_unit(spec)}"
    if kind == "float":
        return f"a number from {_num(spec['min'])} to {_num(spec['max'])}{_unit(spec)}"
    if kind == "bool":
        return "true or false"
    if kind == "choice":
        return "one of " + ", ".join(spec["options"])
    if kind == "clock":
        return f"a time of day from {spec['min']} to {spec['max']}"
    return "a value"


def _check_param(spec: dict, text: str) -> str | None:
    """What is wrong with ``text`` for this parameter (None: nothing)."""
    t = _trim(text)
    name, kind = spec["name"], spec["kind"]
    shown = f"{name}=\u201c{t}\u201d"
    if kind == "choice":
        if any(_lower(o) == _lower(t) for o in spec["options"]):
            return None
        return f"{shown} is not one of {', '.join(spec['options'])}"
    if kind == "bool":
        if _lower(t) in _BOOL_TRUE + _BOOL_FALSE:
            return None
        return f"{shown} is not true or false"
    if kind == "clock":
        v = _parse_clock(t)
        if v is None:
            return f"{shown} is not a time of day like 21:50 or 21:50:30"
        lo, hi = _parse_clock(spec["min"]), _parse_clock(spec["max"])
        if v < lo:
            return f"{shown} is below the minimum, {spec['min']}"
        if v > hi:
            return f"{shown} is above the maximum, {spec['max']}"
        return None
    v = _parse_number(t)
    if v is None:
        return f"{shown} is not a number"
    if not math.isfinite(v):
        return f"{shown} is not a finite number"
    if v < spec["min"]:
        return f"{shown} is below the minimum, {_num(spec['min'])}{_unit(spec)}"
    if v > spec["max"]:
        return f"{shown} is above the maximum, {_num(spec['max'])}{_unit(spec)}"
    if kind in ("int", "seed") and not v.is_integer():
        return f"{shown} is not a whole number"
    return None


def _check_attr(widget: dict, attr: dict, text: str, decks: list[str]) -> str | None:
    t = _trim(text)
    name, values = attr["name"], attr["values"]
    if values:
        if any(_lower(w) == _lower(t) for w in values):
            return None
        if "true" in values and "false" in values:
            return f"{name}=\u201c{t}\u201d is not true or false"
        return f"{name}=\u201c{t}\u201d is not one of {', '.join(values)}"
    if widget["name"] == "quiz" and name == "deck":
        if t == "":
            return _no_deck(decks)
        path = re.split(r"[?#]", t, maxsplit=1)[0]
        if t in decks or _lower(path).endswith(".json") or t.startswith(("https://", "http://")):
            return None
        return f"deck=\u201c{t}\u201d is neither a built-in deck ({', '.join(decks)}) nor the address of a .json deck"
    if widget["name"] == "quiz" and name == "paper-seed":
        # crates/course/src/quiz.rs, paper_seed: trimmed, Rust's u64 parse (an optional +, ASCII
        # digits), at most 999,999.
        m = re.fullmatch(r"\+?([0-9]+)", t)
        if m and len(m.group(1).lstrip("0")) <= 6:
            return None
        return f"paper-seed=\u201c{t}\u201d is not a whole number from 0 to 999,999"
    if widget["name"] == "quiz" and name == "lesson":
        return _lesson_problem(t)
    if name == "tries":
        # crates/course/src/registry.rs, parse_tries: trimmed; blank or unlimited (ASCII case);
        # else Rust's u32 parse (an optional +, ASCII digits) from 1 to MAX_TRIES.
        if t == "" or _lower(t) == "unlimited":
            return None
        m = re.fullmatch(r"\+?([0-9]+)", t)
        if m and len(m.group(1).lstrip("0")) <= 2 and 1 <= int(m.group(1)) <= MAX_TRIES:
            return None
        return f"tries=\u201c{t[:40]}\u201d is not a whole number from 1 to {MAX_TRIES} or unlimited"

    if name in ("controls", "fixed"):
        return _control_list_problem(widget, name, t)
    if name == "challenges":
        return _challenges_problem(t, widget)
    if name == "predict":
        return _challenges_problem(t, widget, "predict")
    if name == "activity-base":
        return _activity_base_problem(t)
    if name == "actor-mbox":
        return _mbox_problem(t)
    return None


#: The most tries a teacher can give (registry.rs MAX_TRIES).
MAX_TRIES = 99

#: The most items a teacher's ``controls`` or ``fixed`` list is read for (controls.rs MAX_NAMES).
MAX_CONTROL_NAMES = 64


def _control_list_problem(widget: dict, name: str, t: str) -> str | None:
    """crates/sim/src/controls.rs, read: blank is no list; ``controls=none`` (ASCII case) shows
    none; else comma-separated parameter names, each trimmed, compared in ASCII case, empty items
    skipped, at most MAX_CONTROL_NAMES items; a name that is no parameter is refused."""
    if t == "" or (name == "controls" and _lower(t) == "none"):
        return None
    items = [x for x in (_trim(i) for i in t.split(",")) if x]
    if len(items) > MAX_CONTROL_NAMES:
        return f"{name} names more than {MAX_CONTROL_NAMES} controls"
    params = [p["name"] for p in widget["params"]]
    for item in items:
        if _lower(item) not in params:
            return f"{name}: \u201c{item[:40]}\u201d is no parameter of this widget.{_suggest(_lower(item), params)} Known: {', '.join(params)}"
    return None


#: The most bytes of a quiz's lesson address (quiz.rs MAX_LESSON).
MAX_LESSON = 2000
# quiz.rs lesson_address: http:// or https:// (ASCII case), a host of ASCII letters, digits and
# hyphens in dot-separated labels (an optional final dot), an optional port, then after / ? or #
# anything an IRI may hold (as for activity-base).
_LESSON = re.compile(r"[hH][tT][tT][pP](?:[sS])?://([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?)(?::([0-9]{1,5}))?(?:[/?#](.*))?", re.S)


def _lesson_problem(t: str) -> str | None:
    """What a quiz would say about ``lesson`` (crates/course/src/quiz.rs, lesson_address)."""
    m = _LESSON.fullmatch(t)
    if m and len(_utf8(t)) > MAX_LESSON:
        return f"lesson=\u201c{t[:40]}\u2026\u201d is {len(_utf8(t))} bytes long; it takes at most {MAX_LESSON}"
    if m and (m.group(2) is None or int(m.group(2)) <= 65535) and not _NOT_IN_IRI.search(m.group(3) or ""):
        return None
    return f"lesson=\u201c{t[:60]}\u201d is not an http(s) address such as https://course.example/locks/"


#: The most challenges a set holds, and the longest id (challenge.rs MAX_CHALLENGES, MAX_ID).
MAX_CHALLENGES = 12
MAX_CHALLENGE_ID = 64


#: The most predictions a set holds (predict.rs MAX_PREDICTIONS).
MAX_PREDICTIONS = 8


def _builtin_selection_problem(t: str, widget: dict | None, attr: str = "challenges", what: str = "challenge", most: int = MAX_CHALLENGES, key: str = "challengeIds") -> str | None:
    """``builtin:one-a-day,heavy-tail`` (crates/course/src/challenge.rs, builtin_ids_of; registry.rs,
    builtin_selection_problem; predict.rs, builtin_problem): the ids after the first ``:``, split
    at commas, each trimmed, blanks dropped, compared in ASCII case; at least one, at most
    ``most``, each of ASCII letters, digits, ``-`` and ``_`` and at most MAX_CHALLENGE_ID
    characters, none twice, and every one in the widget's built-in set (the registry's
    ``challengeIds`` or ``predictionIds``)."""
    written = [_trim(i) for i in t.split(":", 1)[1].split(",")]
    written = [i for i in written if i]
    if not written:
        return f"{attr}=builtin: names no {what}; write builtin alone for all of them, or builtin:an-id,another"
    if len(written) > most:
        return f"{attr}=builtin: names {len(written)} {what}s; a set has at most {most}"
    # Shown as written when it is not an id; compared in ASCII case when it is.
    for i in written:
        if len(i) > MAX_CHALLENGE_ID or not re.fullmatch(r"[A-Za-z0-9_-]+", i):
            return f"{attr}=builtin: \u201c{i[:40]}\u201d is not a {what} id (letters, digits, - and _, at most {MAX_CHALLENGE_ID})"
    ids = [_lower(i) for i in written]
    for k, i in enumerate(ids):
        if i in ids[:k]:
            return f"{attr}=builtin: names {i[:40]} twice"
    if widget is None:
        return None
    has = widget.get(key)
    if has is None:
        return _no_builtin_predictions(widget) if attr == "predict" else None
    missing = [i for i in ids if i not in [_lower(h) for h in has]]
    if missing:
        return f"{attr}=builtin: the {widget['name']} {what}s have no {' or '.join(missing)}; they are {', '.join(has)}"
    return None


def _no_builtin_predictions(widget: dict) -> str:
    return f"predict=builtin: {widget['name']} has no built-in predictions yet; give the address of a prediction set of your own"


def _challenges_problem(t: str, widget: dict | None = None, attr: str = "challenges") -> str | None:
    """What a simulation would say about ``challenges`` or ``predict`` (crates/course/src/registry.rs,
    take_course_attrs; trimmed, blank is none): ``builtin`` in ASCII case (for ``predict``, on a
    widget with built-in predictions), or ``builtin:`` and a list of its challenges or predictions
    (:func:`_builtin_selection_problem`), or an address whose part before the first ``?`` or ``#``
    ends with ``.json`` (ASCII case), or one starting with ``https://`` or ``http://`` exactly as
    written."""
    predict = attr == "predict"
    if not t:
        return None
    if _lower(t) == "builtin":
        return _no_builtin_predictions(widget) if predict and widget is not None and widget.get("predictionIds") is None else None
    if ":" in t and _lower(_trim(t.split(":", 1)[0])) == "builtin":
        if predict:
            return _builtin_selection_problem(t, widget, "predict", "prediction", MAX_PREDICTIONS, "predictionIds")
        return _builtin_selection_problem(t, widget)
    path = re.split(r"[?#]", t, maxsplit=1)[0]
    if _lower(path).endswith(".json") or t.startswith(("https://", "http://")):
        return None
    if predict:
        return f"predict=\u201c{t}\u201d is neither builtin nor the address of a .json prediction set"
    return f"challenges=\u201c{t}\u201d is neither builtin nor the address of a .json challenge set"


# --- the xAPI attributes (the quiz's and the simulations'): crates/course/src/xapi.rs (from_author)

#: The most bytes of an activity base, or of ``mailto:`` and an address (xapi.rs MAX_FIELD).
MAX_FIELD = 500
# What an IRI may not hold (xapi.rs is_activity_base): Rust's char::is_whitespace (Unicode
# White_Space) and char::is_control (Cc: U+0000–U+001F, U+007F–U+009F), the bidirectional
# formatting characters (xapi.rs is_bidi_format: U+061C, U+200E, U+200F, U+202A–U+202E,
# U+2066–U+2069), and <>"{}|\^`.
_NOT_IN_IRI = re.compile(r'[\x00-\x20\x7f-\xa0\u061c\u1680\u2000-\u200a\u200e\u200f\u2028-\u202f\u205f\u2066-\u2069\u3000<>"{}|\\^`]')
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
# xapi.rs is_plain_address: local@domain, one @, ASCII only, two or more labels.
_PLAIN_ADDRESS = re.compile(r"[A-Za-z0-9!#$%'*+/=^_`{|}~.-]+@" + _LABEL + r"(?:\." + _LABEL + r")+")


def _utf8(s: str) -> bytes:
    return s.encode("utf-8", "surrogatepass")


def _is_activity_base(s: str) -> bool:
    """xapi.rs is_activity_base: the scheme compared on the value's leading bytes in ASCII case
    (``bytes.lower`` folds ASCII only, so neither ``ſ`` nor the Kelvin sign is an ``s`` or a
    ``k``): ``https://`` with more than 8 bytes and no ``/`` as the 9th, else ``http://`` with more
    than 7 and no ``/`` as the 8th, else ``urn:`` with more than 4; then no character an IRI may
    not hold."""
    b = _utf8(s)
    lower = b[:8].lower()
    if lower.startswith(b"https://"):
        scheme_ok = len(b) > 8 and b[8:9] != b"/"
    elif lower.startswith(b"http://"):
        scheme_ok = len(b) > 7 and b[7:8] != b"/"
    else:
        scheme_ok = lower.startswith(b"urn:") and len(b) > 4
    return scheme_ok and not _NOT_IN_IRI.search(s)


def _activity_base_problem(t: str) -> str | None:
    """What a widget would say about ``activity-base`` (trimmed; blank is no base: the default)."""
    if not t:
        return None
    if not _is_activity_base(t):
        return f"activity-base=\u201c{t}\u201d is not an http(s) or urn: address such as https://course.example/locks/"
    n = len(_utf8(t))
    if n > MAX_FIELD:
        return f"activity-base=\u201c{t[:40]}\u2026\u201d is {n} bytes long; it takes at most {MAX_FIELD}"
    return None


def _mbox_problem(t: str) -> str | None:
    """What a widget would say about ``actor-mbox`` (trimmed; blank is none): an optional
    ``mailto:`` (either case), then a plain address, ``mailto:`` and it at most MAX_FIELD bytes."""
    if not t:
        return None
    addr = t[7:] if _lower(t[:7]) == "mailto:" else t
    if not _PLAIN_ADDRESS.fullmatch(addr):
        return f"actor-mbox=\u201c{t}\u201d is not an e-mail address such as ada@example.org"
    n = len("mailto:") + len(_utf8(addr))
    if n > MAX_FIELD:
        return f"actor-mbox=\u201c{t[:40]}\u2026\u201d is {n} bytes long with mailto: before it; it takes at most {MAX_FIELD}"
    return None


def _actor_problem(given: dict[str, str]) -> str | None:
    """xapi.rs from_author: a name alone is no xAPI identifier, so ``actor-name`` needs a
    non-blank ``actor-mbox`` (a bad one is its own problem)."""
    name = _trim(given.get("actor-name", ""))
    if name and not _trim(given.get("actor-mbox", "")):
        return f"actor-name=\u201c{name}\u201d needs actor-mbox beside it (xAPI identifies a learner by an e-mail address, not a name)"
    return None


def _no_deck(decks: list[str]) -> str:
    return f"a quiz needs a deck: a built-in deck's name ({', '.join(decks)}) or the address of a .json deck"


def _alias_problem(alias: dict, text: str) -> str | None:
    """What is wrong with an older name's value (None: nothing): it takes only true or false."""
    t = _trim(text)
    if _lower(t) in _BOOL_TRUE + _BOOL_FALSE:
        return None
    return f"{alias['name']}=\u201c{t}\u201d is not true or false; it is an older name for {alias['target']}={alias['value']}"


# --- preset steps and comparisons: the rules of crates/sim/src/presets.rs ----------------------

#: The most steps a widget keeps (presets.rs MAX_STEPS).
MAX_STEPS = 24
_SET_SEPARATORS = re.compile("[" + re.escape(_WS) + ",;]")


def _check_set(widget: dict, text: str, what: str) -> list[str]:
    """The problems of one step or one compared setting, ``name=value`` pairs separated by spaces,
    commas or semicolons, each validated like the widget's parameter (older names translate), each
    problem naming ``what`` ("steps: step 2"). Only parameters: a step sets no attribute."""
    specs = {p["name"]: p for p in widget["params"]}
    aliases = widget.get("aliases", [])
    problems = []
    for word in (w for w in _SET_SEPARATORS.split(text) if w):
        if "=" not in word:
            problems.append(f"{what}: \u201c{word}\u201d is not a parameter=value pair")
            continue
        name, value = word.split("=", 1)
        alias = next((a for a in aliases if _lower(a["name"]) == _lower(name)), None)
        target = _lower(alias["target"] if alias else name)
        spec = specs.get(target)
        if spec is None:
            problems.append(f"{what}: unknown parameter \u201c{name}\u201d.{_suggest(_lower(name), list(specs))} Known: {', '.join(specs) or 'none'}.")
        elif alias is not None:
            problem = _alias_problem(alias, value)
            if problem:
                problems.append(f"{what}: {problem}")
        else:
            problem = _check_param(spec, value)
            if problem:
                problems.append(f"{what}: {problem}; {target} takes {_takes(spec)}")
    return problems


def _is_presets(widget: dict, text: str) -> bool:
    """Whether a ``steps`` value is preset steps. On the fencing sandbox (``steps`` among its
    extras) a value without ``=`` is its own story (``A.acquire,A.read``); on every other widget any
    non-blank value is preset steps (the widget would ignore one without ``=``, so it is checked)."""
    if "=" in text:
        return True
    return "steps" not in widget["extras"] and _trim(text) != ""


def _story_move(story: dict, part: str) -> bool:
    """fencing_sandbox.rs, Move::parse: ``wait``, or a client's name and an action joined by a
    dot, each trimmed, in ASCII case."""
    t = _trim(part)
    if _lower(t) == "wait":
        return True
    if "." not in t:
        return False
    c, a = t.split(".", 1)
    return _lower(_trim(c)) in [_lower(n) for n in story["clients"]] and _lower(_trim(a)) in [_lower(n) for n in story["actions"]]


def _check_story(story: dict, text: str) -> list[str]:
    """The sandbox's own story (fencing_sandbox.rs, validate): its grammar and its length. Whether
    each step is possible where it stands (a lease held, a client in the story) is the widget's
    to say: it plays the story."""
    parts = [p for p in text.split(",") if _trim(p)]
    for i, part in enumerate(parts):
        if i >= story["maxSteps"]:
            return [f"steps: only the first {story['maxSteps']} steps are kept"]
        if not _story_move(story, part):
            return [f"steps: step {i + 1} \u201c{_trim(part)[:24]}\u201d is not a step like A.acquire, B.read, A.pause or wait"]
    return []


def _check_presets(widget: dict, given: dict[str, str]) -> list[str]:
    """The problems of ``steps``, ``step-captions``, ``step`` and ``compare`` (presets.rs, check):
    whatever a widget would show a notice for; on the fencing sandbox, its story's grammar."""
    problems: list[str] = []
    count = 0
    steps = given.get("steps")
    if steps is not None and "story" in widget and not _is_presets(widget, steps):
        problems += _check_story(widget["story"], steps)
    if steps is not None and _is_presets(widget, steps):
        parts = steps.split("|")
        if len(parts) > MAX_STEPS:
            problems.append(f"steps: only the first {MAX_STEPS} of {len(parts)} steps are kept")
        parts = parts[:MAX_STEPS]
        for k, part in enumerate(parts):
            problems += _check_set(widget, part, f"steps: step {k + 1}")
        count = len(parts)
        captions = given.get("step-captions")
        if captions is not None:
            n = min(len(captions.split("|")), count)
            if 0 < n < count:
                problems.append(f"step-captions: {n} caption{'' if n == 1 else 's'} for {count} steps; the others have none")
    step = given.get("step")
    if step is not None:
        t = _trim(step)
        k = int(t) if re.fullmatch(r"\+?[0-9]+", t) else None
        if k is not None and 1 <= k <= count:
            pass
        elif count == 0:
            problems.append(f"step=\u201c{t}\u201d needs preset steps (steps=\u2026)")
        else:
            problems.append(f"step=\u201c{t}\u201d is not a step from 1 to {count}")
    # Captions with nothing to caption are said, not dropped in silence.
    captions = given.get("step-captions")
    if count == 0 and captions is not None and _trim(captions) != "":
        problems.append(f"step-captions=\u201c{_trim(captions)[:40]}\u201d captions preset steps, and there are none (steps=\u2026)")
    compare = given.get("compare")
    headings = given.get("compare-captions")
    if compare is None and headings is not None and _trim(headings) != "":
        problems.append(f"compare-captions=\u201c{_trim(headings)[:40]}\u201d heads the two sides of a comparison, and there is none (compare=\u2026)")
    if compare is not None:
        parts = compare.split("|")
        if len(parts) != 2:
            problems.append(f"compare takes two settings separated by | (like ttl-s=1 | ttl-s=60), not {len(parts)}")
        else:
            problems += _check_set(widget, parts[0], "compare: the first setting")
            problems += _check_set(widget, parts[1], "compare: the second setting")
            if count > 0:
                problems.append("compare shows two settings side by side, so the preset steps (steps, step, step-captions) are not used beside it: remove one or the other")
            # crates/course/src/registry.rs, challenges_beside_compare: a set that would be offered.
            challenges = _trim(given.get("challenges") or "")
            if challenges and _challenges_problem(challenges, widget) is None:
                problems.append("challenges are not offered beside a comparison (compare=\u2026): remove compare to offer them")
            # registry.rs, predict_beside_compare: predictions the element would take.
            predict = _trim(given.get("predict") or "")
            if predict and _challenges_problem(predict, None, "predict") is None:
                problems.append("predictions are not offered beside a comparison (compare=\u2026): remove compare to offer them")
    return problems


def _as_text(value) -> str:
    """A Python value as an author writes it in an attribute."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        return repr(float(value))
    if isinstance(value, datetime.time):
        return value.strftime("%H:%M:%S" if value.second else "%H:%M")
    raise TypeError(f"a parameter's value must be a number, a bool, a string or a datetime.time, not {type(value).__name__}")


def _close(word: str, choices: list[str]) -> str | None:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return close[0] if close else None


def _suggest(word: str, choices: list[str], python: bool = False) -> str:
    """`` Did you mean “ttl-s” (ttl_s=)?`` for a close name, else nothing."""
    close = _close(word, choices)
    if close is None:
        return ""
    spelled = f" ({close.replace('-', '_')}=)" if python and "-" in close else ""
    return f" Did you mean \u201c{close}\u201d{spelled}?"


def validate(widget: str, params: dict | None = None, /, **kwargs) -> tuple[str, list[tuple[str, str]]]:
    """Checks a widget's name and parameters. Returns the widget's name and its ``(name, value)``
    pairs as the widget reads them (names lower-case, hyphenated; values as text; an older name
    such as ``fencing=True`` written as what it means, ``protection=fence-writes``), or raises
    ``ValueError`` saying what is wrong with each bad one. ``params`` holds names as written in
    HTML, as a dict (``{"ttl-s": 1.9}``) or ``(name, value)`` pairs; keyword arguments use ``_``
    for ``-`` (``step_captions=`` is ``step-captions``). A value of None is left out. Preset
    steps and comparisons (``steps="ttl-s=1 | ttl-s=60"``, ``step=2``, ``compare=…``) are
    checked like parameters, each problem naming its step."""
    reg = registry()
    names = [w["name"] for w in reg["widgets"]]
    if not isinstance(widget, str) or not _trim(widget):
        raise ValueError(f"locklab: name a widget; known: {', '.join(names)}.")
    wname = _lower(_trim(widget))
    w = next((x for x in reg["widgets"] if x["name"] == wname), None)
    if w is None:
        raise ValueError(
            f"locklab: there is no locklab widget called \u201c{_trim(widget)}\u201d.{_suggest(wname, names)} Known: {', '.join(names)}."
        )
    given = params if params is not None else {}
    raw: list[tuple[str, object]] = list(given.items() if hasattr(given, "items") else given)
    raw += [(k.replace("_", "-"), v) for k, v in kwargs.items()]
    specs = {p["name"]: p for p in w["params"]}
    attrs = {a["name"]: a for a in w["attrs"]}
    aliases = {a["name"]: i for i, a in enumerate(w.get("aliases", []))}
    known = list(dict.fromkeys(list(specs) + list(attrs) + list(w["extras"])))
    problems: list[str] = []
    # (name, value), or (index in aliases, on) for an older name, resolved below.
    out: list[tuple] = []
    first: dict[str, str] = {}
    for key, value in raw:
        if value is None:
            continue
        text = _as_text(value)
        key = str(key)
        n = _lower(_trim(key))
        if not _NAME.match(n):
            problems.append(f"\u201c{key}\u201d is not a parameter name.{_suggest(n.replace('_', '-'), known, python=True)} Known: {', '.join(known)}.")
            continue
        if n in first:
            problems.append(f"{n} is given twice ({n}={first[n]} and {n}={text}): give each parameter once")
            continue
        first[n] = text
        if n in aliases:
            # An older name (fencing=true is protection=fence-writes): translated below.
            problem = _alias_problem(w["aliases"][aliases[n]], text)
            if problem:
                problems.append(problem)
            else:
                out.append((aliases[n], _lower(_trim(text)) in _BOOL_TRUE))
            continue
        if n in specs:
            problem = _check_param(specs[n], text)
            if problem:
                problem += f"; {n} takes {_takes(specs[n])}"
        elif n in attrs:
            problem = _check_attr(w, attrs[n], text, reg["builtInDecks"])
        elif n in w["extras"]:
            problem = None  # checked by the widget itself (the sandbox's steps)
        else:
            hint = _suggest(n, known, python=True)
            problem = f"unknown parameter \u201c{n}\u201d.{hint} Known: {', '.join(known) or 'none'}."
        if problem:
            problems.append(problem)
        else:
            out.append((n, text))
    if wname == "quiz" and "deck" not in first:
        problems.append(_no_deck(reg["builtInDecks"]))
    if "actor-name" in attrs:
        problem = _actor_problem(first)
        if problem:
            problems.append(problem)
    if "steps" in attrs:
        problems += _check_presets(w, first)
    out = _resolve_aliases(w, out, first)
    if problems:
        lines = [p if p.endswith(".") else p + "." for p in problems]
        if len(lines) == 1:
            raise ValueError(f"locklab {wname}: {lines[0]}")
        raise ValueError(f"locklab {wname}: {len(lines)} problems:\n" + "\n".join(f"- {p}" for p in lines))
    return wname, out


def _resolve_aliases(widget: dict, out: list[tuple], given: dict[str, str]) -> list[tuple[str, str]]:
    """The pairs with older names written as their targets, by the widgets' one rule
    (params.rs, validate_with_aliases): an explicit target always wins over an alias; of the
    aliases that are true, the one listed last in the registry wins, written where it was given;
    a false one sets nothing."""
    on = [entry[0] for entry in out if isinstance(entry[0], int) and entry[1]]
    chosen = max(on) if on else None
    pairs: list[tuple[str, str]] = []
    for a, b in out:
        if not isinstance(a, int):
            pairs.append((a, b))
        elif a == chosen:
            alias = widget["aliases"][a]
            if alias["target"] not in given:
                pairs.append((alias["target"], alias["value"]))
            chosen = None
    return pairs


# --- addresses and frames -----------------------------------------------------------------------


def _check_base(base: str) -> str:
    if not isinstance(base, str) or not base.strip():
        raise ValueError('locklab: base must be the address of the folder with embed.html, e.g. "https://example.org/course/locks/"')
    base = base.strip()
    # A relative address ("locks/", "/locks/") would resolve against the notebook's own server
    # (Jupyter's), not the course site: refused, as the Hugo component refuses what it cannot place.
    if not re.match(r"^https?://[^/\s]", base, re.IGNORECASE):
        raise ValueError(
            f"locklab: base=\u201c{base}\u201d is not an http(s) address. A relative address resolves against the "
            'notebook\'s server, not your course site: give the whole address of the folder with embed.html, e.g. "https://example.org/course/locks/"'
        )
    return base if base.endswith("/") else base + "/"


def _base(base: str | None) -> str:
    if base is not None:
        return _check_base(base)
    if BASE is not None:
        return BASE
    env = os.environ.get(ENV_BASE, "").strip()
    if env:
        return _check_base(env)
    raise ValueError(
        "locklab: where is locklab hosted? Say it once with "
        'locklab.configure(base="https://example.org/course/locks/") (the folder with embed.html), '
        f"or set the {ENV_BASE} environment variable, or pass base=... to this call."
    )


def embed_url(widget: str, base: str | None = None, **params) -> str:
    """The address of ``embed.html`` showing this widget with these parameters:
    ``embed_url("ttl-tradeoff", ttl_s=1.9)`` is ``…/embed.html?widget=ttl-tradeoff&ttl-s=1.9``.
    ``base`` defaults to what ``configure`` set, then to ``$LOCKLAB_BASE``."""
    root = _base(base)
    name, pairs = validate(widget, None, **params)
    query = urlencode([("widget", name)] + pairs, quote_via=quote, safe="/:,")
    return f"{root}embed.html?{query}"


class Frame(IFrame):
    """A locklab widget in an iframe of a hosted ``embed.html`` (what ``show`` returns; for the
    widget drawn in the notebook itself, with nothing to host, see ``locklab.Widget``). Renders as an ``<iframe>`` wherever
    a notebook's HTML goes: JupyterLab, Notebook 7, VS Code, nbconvert's HTML export. Beside it,
    ``locklab-embed.js`` from the same host sizes the frame to its widget where the output's
    scripts run (a trusted notebook, nbconvert's HTML); elsewhere the frame keeps ``height``.
    Where the notebook is not trusted (JupyterLab strips frames, scripts and styles from it), a
    line with a link to the widget is shown instead."""

    def __init__(self, src: str, width="100%", height=DEFAULT_HEIGHT, title: str = "locklab widget", sizer: str | None = None):
        super().__init__(src, width, height)
        self.title = title
        self.sizer = sizer

    def _repr_html_(self) -> str:
        e = lambda v: html.escape(str(v), quote=True)  # noqa: E731
        frame = (
            f'<iframe data-locklab-frame src="{e(self.src)}" title="{e(self.title)}" '
            f'width="{e(self.width)}" height="{e(self.height)}" style="border: 0; max-width: 100%;" '
            f'allowfullscreen></iframe>'
        )
        sizer = f'<script src="{e(self.sizer)}"></script>' if self.sizer else ""
        # JupyterLab sanitizes the HTML of an untrusted notebook (one opened from a file): the
        # frame, the script and this <style> go, and the line below is all that is left.
        untrusted = (
            f'<p class="locklab-untrusted">{e(self.title)}: run this cell to show the widget here (a notebook '
            f'opened from a file is not trusted, and its frames are hidden), or '
            f'<a href="{e(self.src)}" target="_blank" rel="noopener">open the widget in a new tab</a>.</p>'
        )
        return f"<style>.locklab-untrusted {{ display: none; }}</style>{frame}{sizer}{untrusted}"

    def __repr__(self) -> str:
        return f"<locklab widget {self.title!r}: {self.src}>"


def show(widget: str, base: str | None = None, height=DEFAULT_HEIGHT, width="100%", **params) -> Frame:
    """A widget for a notebook cell: ``locklab.show("counter-race", workers=3, lock=True)``. Its
    parameters are checked now (``ValueError`` names each bad one). ``height`` is the frame's
    height in pixels until ``locklab-embed.js`` fits it to the widget (where the notebook runs
    its outputs' scripts); where it does not, a taller widget scrolls inside the frame."""
    src = embed_url(widget, base=base, **params)
    name = _lower(_trim(widget))
    label = next(w["label"] for w in registry()["widgets"] if w["name"] == name)
    return Frame(src, width=width, height=height, title=f"{label} (locklab)", sizer=_base(base) + "locklab-embed.js")


# Challenge sets checked before they are published (sets.py: the widgets' own rules, ported).
from .sets import validate_prediction_set, validate_set  # noqa: E402


def __getattr__(name: str):
    # locklab.Widget, the anywidget (live.py), imported when first asked for: show() and the
    # checks need neither anywidget nor the widget files.
    if name == "Widget":
        from .live import Widget

        return Widget
    raise AttributeError(f"module 'locklab' has no attribute {name!r}")
