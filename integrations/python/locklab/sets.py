"""Challenge sets checked before they are published: the rules of crates/course/src/challenge.rs
(``parse_set_value``, ``Goal::parse``, ``ChallengeSet::check``) and registry.rs (``check_set``),
ported line by line so a set that passes here loads in the widget, and a set the widget would
refuse is refused here with the same problems (``integrations/tests/set-cases.json`` holds both to
the same cases). Two things are not ported, and both are said where they matter: a value shown in
a problem is written as Python writes it only where Rust would write it otherwise (never for the
cases' values), and a JSON syntax error is described in Python's words."""

from __future__ import annotations

import json
import math
import os
from decimal import Decimal

from . import _SET_SEPARATORS, _WS, _check_set, _lower, _parse_clock, _parse_number, _trim, registry

__all__ = ["prediction_set_problems", "set_problems", "validate_prediction_set", "validate_set"]


def _limits() -> dict:
    return registry()["challengeSets"]


def _short(s: str) -> str:
    return s[:40] + ("\u2026" if len(s) > 40 else "")


def _rust_float(v: float) -> str:
    """An f64 as Rust's ``{}`` writes it: the shortest digits that read back, never an exponent."""
    s = format(Decimal(repr(float(v))), "f")
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return s


def _shown(kind: str, value) -> str:
    if kind == "number":
        return _rust_float(value)
    if kind == "text":
        return f"'{value}'"
    return "true" if value else "false"


_KIND_WORDS = {"number": "a number", "text": "text", "bool": "true or false"}
_OPS = {"<": "<", "<=": "<=", ">": ">", ">=": ">=", "==": "==", "!=": "!="}


def _lex(text: str) -> list[tuple[int, str, object]]:
    """Tokens as (character, kind, value): kind is name, op, value (value = (kind, literal)),
    and, or, open, close. Raises ValueError with Rust's message."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        at = i + 1
        if c in _WS:
            i += 1
            continue
        if c == "(":
            out.append((at, "open", None))
            i += 1
        elif c == ")":
            out.append((at, "close", None))
            i += 1
        elif c in "<>=!":
            two = i + 1 < n and text[i + 1] == "="
            if c == "=" and not two:
                raise ValueError(f"\u201c=\u201d at character {at}: write == to compare")
            if c == "!" and not two:
                raise ValueError(f"\u201c!\u201d at character {at}: write != for \u201cnot equal\u201d")
            out.append((at, "op", c + ("=" if two else "")))
            i += 2 if two else 1
        elif c in "'\"":
            end = text.find(c, i + 1)
            if end < 0:
                raise ValueError(f"the text starting at character {at} has no closing {c}")
            out.append((at, "value", ("text", text[i + 1 : end])))
            i = end + 1
        elif c.isascii() and (c.isdigit() or c in "-+."):
            start = i
            while i < n and text[i].isascii() and (text[i].isalnum() or text[i] in ".-+:"):
                i += 1
            word = text[start:i]
            v = _parse_clock(word)
            if v is None:
                v = _parse_number(word)
            if v is None or not math.isfinite(v):
                raise ValueError(f"\u201c{_short(word)}\u201d at character {at} is not a number")
            out.append((at, "value", ("number", float(v))))
        elif c.isascii() and (c.isalpha() or c == "_"):
            start = i
            while i < n and text[i].isascii() and (text[i].isalnum() or text[i] in "_-."):
                i += 1
            word = text[start:i]
            if word == "and":
                out.append((at, "and", None))
            elif word == "or":
                out.append((at, "or", None))
            elif word in ("true", "false"):
                out.append((at, "value", ("bool", word == "true")))
            elif word in ("AND", "OR", "And", "Or"):
                raise ValueError(f"\u201c{word}\u201d at character {at}: write and / or in lower case")
            else:
                out.append((at, "name", word))
        elif c in "&|":
            raise ValueError(f"\u201c{c}\u201d at character {at}: join comparisons with and / or")
        else:
            raise ValueError(f"\u201c{c}\u201d at character {at} has no meaning in a goal")
    return out


def _token_shown(kind: str, value) -> str:
    if kind == "name":
        return value
    if kind == "op":
        return value
    if kind == "value":
        return _shown(*value)
    return {"and": "and", "or": "or", "open": "(", "close": ")"}[kind]


class _Parser:
    def __init__(self, tokens):
        self.tokens, self.next, self.terms = tokens, 0, 0
        self.compares: list[tuple[str, str, tuple[str, object]]] = []

    def peek(self):
        return self.tokens[self.next][1] if self.next < len(self.tokens) else None

    def where(self) -> str:
        if self.next < len(self.tokens):
            at, kind, value = self.tokens[self.next]
            return f"\u201c{_token_shown(kind, value)}\u201d at character {at}"
        return "the end"

    def any(self, depth):
        self.all(depth)
        while self.peek() == "or":
            self.next += 1
            self.all(depth)

    def all(self, depth):
        self.term(depth)
        while self.peek() == "and":
            self.next += 1
            self.term(depth)

    def term(self, depth):
        kind = self.peek()
        if kind == "open":
            if depth >= _limits()["maxDepth"]:
                raise ValueError(f"parentheses nest deeper than {_limits()['maxDepth']}")
            self.next += 1
            self.any(depth + 1)
            if self.peek() != "close":
                raise ValueError(f"expected \u201c)\u201d at {self.where()}")
            self.next += 1
        elif kind == "name":
            name = self.tokens[self.next][2]
            self.next += 1
            if self.peek() != "op":
                raise ValueError(f"expected a comparison (<, <=, >, >=, ==, !=) after \u201c{name}\u201d, found {self.where()}")
            op = self.tokens[self.next][2]
            self.next += 1
            if self.peek() != "value":
                raise ValueError(f"expected a number, 'text', true or false after \u201c{name} {op}\u201d, found {self.where()}")
            value = self.tokens[self.next][2]
            self.next += 1
            self.terms += 1
            if self.terms > _limits()["maxTerms"]:
                raise ValueError(f"more than {_limits()['maxTerms']} comparisons")
            self.compares.append((name, op, value))
        elif kind == "value":
            value = self.tokens[self.next][2]
            raise ValueError(f"a comparison starts with a result or parameter name, not {_shown(*value)} ({self.where()})")
        else:
            raise ValueError(f"expected a comparison or \u201c(\u201d at {self.where()}")


def _parse_goal(text: str) -> list[tuple[str, str, tuple[str, object]]]:
    """The goal's comparisons, in order (Goal::parse); raises ValueError with Rust's message."""
    if len(text) > _limits()["maxGoal"]:
        raise ValueError(f"the goal is longer than {_limits()['maxGoal']} characters")
    if not _trim(text):
        raise ValueError("the goal is empty")
    p = _Parser(_lex(text))
    p.any(0)
    if p.next < len(p.tokens):
        raise ValueError(f"unexpected {p.where()} (join comparisons with and / or)")
    return p.compares


def _check_goal(compares, widget: dict) -> str | None:
    """Goal::check: names the widget has (its state at its defaults, in the registry) and types."""
    names = widget["goalNames"]
    specs = {p["name"]: p for p in widget["params"]}
    for name, op, (kind, value) in compares:
        actual = names.get(name)
        if actual is None:
            near = [k for k in sorted(names) if _lower(k) == _lower(name)]
            if near:
                return f"\u201c{name}\u201d is not a result or parameter of {widget['name']}; names are case-sensitive: \u201c{near[0]}\u201d"
            return f"\u201c{_short(name)}\u201d is not a result or parameter of {widget['name']}. Known: {', '.join(sorted(names))}"
        if actual != "any" and actual != kind:
            return f"{name} is {_KIND_WORDS[actual]}; {_shown(kind, value)} is {_KIND_WORDS[kind]}"
        if op not in ("==", "!=") and kind != "number":
            return f"\u201c{name} {op} {_shown(kind, value)}\u201d: only numbers are ordered; compare text and true/false with == or !="
        spec = specs.get(name)
        if spec is not None and spec["kind"] == "choice" and kind == "text" and value not in spec["options"]:
            return f"{name} is one of {', '.join(spec['options'])}; not '{value}'"
    return None


def _text_field(o: dict, field: str, place: str, errors: list[str], required: bool = True, most: int | None = None) -> str:
    """quiz.rs text_field: trimmed text, or "" with the problem added (a field not required may be
    missing or blank)."""
    most = _limits()["maxText"] if most is None else most
    v = o.get(field)
    if field not in o:
        if required:
            errors.append(f'{place}field "{field}" is missing.')
    elif not isinstance(v, str):
        errors.append(f'{place}field "{field}" must be text.')
    elif required and not _trim(v):
        errors.append(f'{place}field "{field}" is empty.')
    elif len(v) > most:
        errors.append(f'{place}field "{field}" is longer than {most} characters.')
    else:
        return _trim(v)
    return ""


def _structure(value) -> tuple[dict | None, list[str]]:
    """parse_set_value: the set's structure and every goal's grammar. Returns the set (title,
    widget, challenges with their parsed comparisons and examples) and the problems."""
    lim = _limits()
    if not isinstance(value, dict):
        return None, ['A challenge set must be a JSON object with "title", "widget" and "challenges".']
    errors: list[str] = []
    title = _text_field(value, "title", "", errors)
    widget = _text_field(value, "widget", "", errors)
    challenges = []
    lst = value.get("challenges")
    if "challenges" not in value:
        errors.append('field "challenges" is missing.')
    elif not isinstance(lst, list):
        errors.append('field "challenges" must be a list.')
    elif not lst:
        errors.append('field "challenges" has no challenges.')
    elif len(lst) > lim["maxChallenges"]:
        errors.append(f'field "challenges" has {len(lst)} challenges; at most {lim["maxChallenges"]}.')
    else:
        ids = set()
        for i, c in enumerate(lst):
            if len(errors) >= lim["maxErrors"]:
                break
            if not isinstance(c, dict):
                errors.append(f"challenge {i + 1}: must be an object.")
                continue
            raw_id = c.get("id")
            if "id" not in c:
                cid = f"challenge-{i + 1}"
            elif isinstance(raw_id, str) and len(raw_id) > lim["maxId"]:
                errors.append(f'challenge {i + 1}: field "id" is longer than {lim["maxId"]} characters.')
                continue
            elif isinstance(raw_id, str) and _trim(raw_id):
                cid = _trim(raw_id)
            else:
                errors.append(f'challenge {i + 1}: field "id" must be text.')
                continue
            place = f"challenge {i + 1} (\u201c{cid}\u201d): "
            if cid in ids:
                errors.append(f"{place}the id is used by another challenge.")
            ids.add(cid)
            _text_field(c, "prompt", place, errors)
            _text_field(c, "explain", place, errors)
            goal_text = _text_field(c, "goal", place, errors)
            compares = None
            if goal_text:
                try:
                    compares = _parse_goal(goal_text)
                except ValueError as e:
                    errors.append(f"{place}goal: {e}.")
            possible = True
            if "possible" in c:
                if isinstance(c["possible"], bool):
                    possible = c["possible"]
                else:
                    errors.append(f'{place}field "possible" must be true or false.')
            if "hints" in c:
                hints = c["hints"]
                if not isinstance(hints, list):
                    errors.append(f'{place}field "hints" must be a list of text.')
                elif len(hints) > lim["maxHints"]:
                    errors.append(f'{place}field "hints" has {len(hints)} hints; at most {lim["maxHints"]}.')
                else:
                    for j, h in enumerate(hints):
                        if not isinstance(h, str):
                            errors.append(f"{place}hint {j + 1} must be text.")
                        elif not _trim(h):
                            errors.append(f"{place}hint {j + 1} is empty.")
                        elif len(h) > lim["maxText"]:
                            errors.append(f"{place}hint {j + 1} is longer than {lim['maxText']} characters.")
            example = None
            if "example" in c:
                e = c["example"]
                if isinstance(e, str) and not possible:
                    errors.append(f'{place}field "example" is for a goal that can be met; this one is marked "possible": false.')
                elif isinstance(e, str) and not _trim(e):
                    pass
                elif isinstance(e, str) and len(e) > lim["maxText"]:
                    errors.append(f'{place}field "example" is longer than {lim["maxText"]} characters.')
                elif isinstance(e, str):
                    example = _trim(e)
                else:
                    errors.append(f'{place}field "example" must be text: parameters like ttl-s=20 stall-chance=0.002.')
            if compares is not None:
                challenges.append({"id": cid, "compares": compares, "example": example})
    if len(errors) > lim["maxErrors"]:
        del errors[lim["maxErrors"] :]
    if len(errors) == lim["maxErrors"]:
        errors.append(f"Showing the first {lim['maxErrors']} problems; fix these and check again.")
    return {"title": title, "widget": widget, "challenges": challenges}, errors


def _example_problems(widget: dict, example: str, what: str = "example") -> list[str]:
    """presets.rs parse_setting with no older names, as ChallengeSet::check runs it on an
    ``example`` (and PredictionSet::check on a ``setting``): the adapters' own words for each pair
    (those of steps), and "sets no parameter" when no word names one of the widget's parameters (a
    pair with a bad value still sets its parameter in the widget)."""
    problems = _check_set(dict(widget, aliases=[]), example, what)
    specs = {p["name"] for p in widget["params"]}
    words = [w for w in _SET_SEPARATORS.split(example) if w]
    if not any("=" in w and _lower(_trim(w.split("=", 1)[0])) in specs for w in words):
        problems.append(f"{what}: sets no parameter")
    return problems


def _read(text: str, what: str, most: int):
    """The set's JSON value as serde_json reads it, or the one problem (its size or its syntax)."""
    size = len(text.encode("utf-8"))
    if size > most:
        return None, [f"The {what} set is {size // 1000} KB; the most a set may be is {most // 1000} KB."]

    def no_constants(name):
        raise ValueError(f"{name} is not JSON")

    def finite(literal):
        # serde_json reads every number as an f64 and refuses one past its range (1e400).
        try:
            v = float(literal)
        except OverflowError:
            v = math.inf
        if not math.isfinite(v):
            raise ValueError(f"the number {literal[:40]} is out of range")
        return int(literal) if literal.lstrip("-").isdigit() else v

    try:
        value = json.loads(text, parse_constant=no_constants, parse_float=finite, parse_int=finite)
    except ValueError as e:
        return None, [f"The {what} set is not valid JSON: {e}."]
    except RecursionError:
        return None, [f"The {what} set is not valid JSON: recursion limit exceeded."]
    # serde_json refuses a value nested deeper than 128 lists and objects.
    level, depth = [(value, 1)], 0
    while level:
        v, d = level.pop()
        depth = max(depth, d)
        if depth > 128:
            return None, [f"The {what} set is not valid JSON: recursion limit exceeded."]
        if isinstance(v, dict):
            level.extend((x, d + 1) for x in v.values())
        elif isinstance(v, list):
            level.extend((x, d + 1) for x in v)
    return value, []


def _simulation(widget: str) -> dict | None:
    return next((x for x in registry()["widgets"] if x["name"] == _lower(_trim(widget)) and "goalNames" in x), None)


def set_problems(text: str, widget: str) -> list[str]:
    """Every problem the widget ``widget`` would report loading this set's JSON ``text``
    (registry.rs check_set); an empty list when it loads."""
    value, errors = _read(text, "challenge", _limits()["maxBytes"])
    if errors:
        return errors
    parsed, errors = _structure(value)
    if errors:
        return errors
    w = _simulation(widget)
    if w is None:
        return [f"there is no simulation called \u201c{widget[:40]}\u201d to check a challenge set against"]
    errors = []
    if _lower(parsed["widget"]) != w["name"]:
        errors.append(f"This set is for {_short(parsed['widget'])}, not {w['name']}.")
    for i, c in enumerate(parsed["challenges"]):
        place = f"challenge {i + 1} (\u201c{c['id']}\u201d): "
        problem = _check_goal(c["compares"], w)
        if problem:
            errors.append(f"{place}goal: {problem}.")
        if c["example"] is not None:
            for p in _example_problems(w, c["example"]):
                errors.append(f"{place}{p if p.endswith('.') else p + '.'}")
    return errors


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _prediction_structure(value) -> tuple[dict | None, list[str]]:
    """predict.rs parse_set_value: the set's structure and every option's goal grammar. Returns
    the set (title, widget, predictions with their setting and answer) and the problems."""
    lim, plim = _limits(), registry()["predictionSets"]
    if not isinstance(value, dict):
        return None, ['A prediction set must be a JSON object with "title", "widget" and "predictions".']
    errors: list[str] = []
    title = _text_field(value, "title", "", errors)
    widget = _text_field(value, "widget", "", errors)
    predictions = []
    lst = value.get("predictions")
    if "predictions" not in value:
        errors.append('field "predictions" is missing.')
    elif not isinstance(lst, list):
        errors.append('field "predictions" must be a list.')
    elif not lst:
        errors.append('field "predictions" has no predictions.')
    elif len(lst) > plim["maxPredictions"]:
        errors.append(f'field "predictions" has {len(lst)} predictions; at most {plim["maxPredictions"]}.')
    else:
        ids = set()
        for i, p in enumerate(lst):
            if len(errors) >= lim["maxErrors"]:
                break
            if not isinstance(p, dict):
                errors.append(f"prediction {i + 1}: must be an object.")
                continue
            raw_id = p.get("id")
            if "id" not in p:
                pid = f"prediction-{i + 1}"
            elif isinstance(raw_id, str) and (len(raw_id) > lim["maxId"] or not all(c.isascii() and (c.isalnum() or c in "-_") for c in _trim(raw_id))):
                errors.append(f'prediction {i + 1}: field "id" must be letters, digits, - and _, at most {lim["maxId"]}.')
                continue
            elif isinstance(raw_id, str) and _trim(raw_id):
                pid = _trim(raw_id)
            else:
                errors.append(f'prediction {i + 1}: field "id" must be text.')
                continue
            place = f"prediction {i + 1} (\u201c{pid}\u201d): "
            if _lower(pid) in ids:
                errors.append(f"{place}the id is used by another prediction.")
            ids.add(_lower(pid))
            setting = _text_field(p, "setting", place, errors, required=False)
            _text_field(p, "question", place, errors)
            _text_field(p, "explain", place, errors)
            answer = None
            number, choices = p.get("number"), p.get("choices")
            if "number" in p and "choices" in p:
                errors.append(f'{place}give "number" or "choices", not both.')
            elif "number" not in p and "choices" not in p:
                errors.append(f'{place}field "number" or "choices" is missing: what does the learner answer with?')
            elif "number" in p and isinstance(number, dict):
                before = len(errors)
                np = f"{place}number: "
                field = _text_field(number, "field", np, errors, most=lim["maxId"])
                _text_field(number, "unit", np, errors, required=False, most=plim["maxUnit"])
                exact = _text_field(number, "exact", np, errors, required=False, most=lim["maxId"]) or None
                bounds = []
                for name in ("min", "max", "tolerance"):
                    if name not in number:
                        errors.append(f'{np}field "{name}" is missing.')
                        bounds.append(None)
                    elif not _is_number(number[name]):
                        errors.append(f'{np}field "{name}" must be a number.')
                        bounds.append(None)
                    else:
                        bounds.append(float(number[name]))
                lo, hi, tolerance = bounds
                if None not in bounds and len(errors) == before:
                    if lo >= hi:
                        errors.append(f'{np}"min" must be less than "max".')
                    elif not (0 < tolerance < hi - lo):
                        errors.append(f'{np}"tolerance" must be more than 0 and less than max \u2212 min.')
                    else:
                        answer = {"number": [field] + ([exact] if exact else [])}
            elif "number" in p:
                errors.append(f'{place}field "number" must be an object: {{ "field", "unit", "min", "max", "tolerance" }}.')
            elif isinstance(choices, list) and not 2 <= len(choices) <= plim["maxOptions"]:
                errors.append(f'{place}field "choices" has {len(choices)} options; 2 to {plim["maxOptions"]}.')
            elif isinstance(choices, list):
                before = len(errors)
                options = []
                for j, o in enumerate(choices):
                    op = f"{place}choice {j + 1}: "
                    if not isinstance(o, dict):
                        errors.append(f'{op}must be an object: {{ "text", "when" }}.')
                        continue
                    t = _text_field(o, "text", op, errors)
                    when = _text_field(o, "when", op, errors, most=lim["maxGoal"])
                    if any(x["text"] == t for x in options):
                        errors.append(f"{op}the same text as another option.")
                    if not when:
                        continue
                    try:
                        options.append({"text": t, "compares": _parse_goal(when)})
                    except ValueError as e:
                        errors.append(f"{op}when: {e}.")
                if len(errors) == before:
                    answer = {"choices": options}
            else:
                errors.append(f'{place}field "choices" must be a list of {{ "text", "when" }}.')
            if answer is not None:
                predictions.append({"id": pid, "setting": setting, "answer": answer})
    if len(errors) > lim["maxErrors"]:
        del errors[lim["maxErrors"] :]
    if len(errors) == lim["maxErrors"]:
        errors.append(f"Showing the first {lim['maxErrors']} problems; fix these and check again.")
    return {"title": title, "widget": widget, "predictions": predictions}, errors


def prediction_set_problems(text: str, widget: str) -> list[str]:
    """Every problem the widget ``widget`` would report loading this prediction set's JSON
    ``text`` (registry.rs check_prediction_set); an empty list when it loads."""
    value, errors = _read(text, "prediction", registry()["predictionSets"]["maxBytes"])
    if errors:
        return errors
    parsed, errors = _prediction_structure(value)
    if errors:
        return errors
    w = _simulation(widget)
    if w is None:
        return [f"there is no simulation called \u201c{widget[:40]}\u201d to check a prediction set against"]
    errors = []
    if _lower(parsed["widget"]) != w["name"]:
        errors.append(f"This set is for {parsed['widget'][:40]}, not {w['name']}.")
    names = w["goalNames"]
    numbers = ", ".join(k for k in sorted(names) if names[k] == "number")
    for i, p in enumerate(parsed["predictions"]):
        place = f"prediction {i + 1} (\u201c{p['id']}\u201d): "
        if _trim(p["setting"]):
            for problem in _example_problems(w, p["setting"], "setting"):
                errors.append(f"{place}{problem if problem.endswith('.') else problem + '.'}")
        for f in p["answer"].get("number", []):
            if f not in names:
                errors.append(f"{place}\u201c{f}\u201d is not a result of {w['name']}. Known: {numbers}.")
            elif names[f] != "number":
                errors.append(f"{place}{f} is not a number.")
        for j, o in enumerate(p["answer"].get("choices", [])):
            problem = _check_goal(o["compares"], w)
            if problem:
                errors.append(f"{place}choice {j + 1}: when: {problem}.")
    return errors


def _validate_file(path, widget: str | None, what: str, most: int, problems_of) -> dict:
    with open(path, "rb") as f:
        raw = f.read(most + 1)
    shown = os.fspath(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ValueError(f"locklab: the {what} set {shown} is not UTF-8 text ({e}).") from None
    if len(raw) > most:
        problems = [f"The {what} set is over {most // 1000} KB; the most a set may be is {most // 1000} KB."]
    else:
        name = widget
        if name is None:
            try:
                named = json.loads(text).get("widget")
            except (ValueError, AttributeError, RecursionError):
                named = None
            name = named if isinstance(named, str) else ""
        problems = problems_of(text, name)
    if problems:
        if len(problems) == 1:
            raise ValueError(f"locklab: the {what} set {shown} cannot be used: {problems[0]}")
        raise ValueError(f"locklab: the {what} set {shown} cannot be used: {len(problems)} problems:\n" + "\n".join(f"- {p}" for p in problems))
    return json.loads(text)


def validate_set(path: str | os.PathLike, widget: str | None = None) -> dict:
    """Checks a challenge set file before it is published, as the widget will check it when it
    loads the set (``data-challenges="sets/mine.json"``): its structure, every goal's grammar,
    the names and types each goal compares, and each ``example``'s parameters. ``widget`` is the
    simulation the set will be shown in (by default the one the set names). Returns the set as
    read, or raises ``ValueError`` listing every problem. Not checked (it needs the simulation):
    whether a possible goal can really be met, and whether an ``example`` meets its goal."""
    return _validate_file(path, widget, "challenge", _limits()["maxBytes"], set_problems)


def validate_prediction_set(path: str | os.PathLike, widget: str | None = None) -> dict:
    """Checks a prediction set file before it is published, as the widget will check it when it
    loads the set (``data-predict="sets/mine.json"``): its structure, each ``setting``'s
    parameters, each number's result field (and ``exact``) and each choice's ``when``, names and
    types. ``widget`` is the simulation the set will be shown in (by default the one the set
    names). Returns the set as read, or raises ``ValueError`` listing every problem. Not checked
    (it needs the simulation): whether each choice's ``when`` is met by exactly one option."""
    return _validate_file(path, widget, "prediction", registry()["predictionSets"]["maxBytes"], prediction_set_problems)
