"""``locklab.Widget``: a locklab widget as an anywidget, drawn in the notebook itself.

    w = locklab.Widget("ttl-tradeoff", ttl_s=10, challenges="builtin")
    w                              # the cell's output: the widget (no iframe, nothing to host)
    w.params = {"ttl_s": 30}       # moves it; w.ttl_s = 30 does the same
    w.result["unsafeFraction"]     # what it shows now, as the front end last reported it
    w.observe(print, "result")     # a learner's move calls this
    w.on_event(print)              # challenges met, quiz answers

The widget's code travels with this package (``static/``, put there when the wheel is built from
a locklab build: ``integrations/python/wheel.py``) and reaches the front end through the model:
the glue as text, the wasm as bytes. Every front end that runs anywidget modules shows it:
JupyterLab, Notebook 7, VS Code, Colab, marimo (``mo.ui.anywidget(w)``), MyST.
"""

from __future__ import annotations

import json
import pathlib
from typing import Callable

import anywidget
import traitlets

from . import _lower, _trim, registry, validate

_HERE = pathlib.Path(__file__).parent
_STATIC = _HERE / "static"
def _files() -> dict:
    """The build this package carries: glue, wasm and stylesheet, as ``static/build.json`` names
    them. A package installed from a checkout (not from its wheel) has none, and says so."""
    try:
        build = json.loads((_STATIC / "build.json").read_text(encoding="utf-8"))
        return {
            "_build": build["hash"],
            "_glue": (_STATIC / build["glue"]).read_text(encoding="utf-8"),
            "_wasm": (_STATIC / build["wasm"]).read_bytes(),
            "_stylesheet": (_STATIC / build["css"]).read_text(encoding="utf-8"),
            # The build's languages besides English, by tag: the front end picks the one the
            # widget speaks (its `locale`, else the notebook page's `lang`).
            "_locales": {tag: (_STATIC / "locales" / f"{tag}.ftl").read_text(encoding="utf-8") for tag in build.get("locales", [])},
        }
    except (OSError, KeyError, ValueError) as e:
        raise RuntimeError(
            "locklab: this copy of the package carries no widget files (it was installed from a "
            "checkout, not from its wheel): build the wheel with "
            "`python3 integrations/python/wheel.py dist OUT` from a built locklab and install it, "
            "or use locklab.show(), the iframe of a hosted embed.html"
        ) from e


def _typed(spec: dict, text: str):
    """A parameter's value as the widget reports it in ``params``: a number, a bool or text."""
    kind = spec.get("kind")
    if kind == "bool":
        return _lower(_trim(text)) in ("", "true", "1", "yes", "on")
    if kind in ("int", "seed"):
        try:
            return int(float(text))
        except ValueError:
            return text
    if kind == "float":
        try:
            return float(text)
        except ValueError:
            return text
    return text


_MAX_WORDING = 512 * 1024


def _wording(given: str | None) -> dict:
    """`messages=`: a file beside the notebook (its path, relative to the kernel's folder), read
    and bounded here; an address is left to the front end; a file that is not there is an error
    that names it."""
    if not given:
        return {}
    if "://" in given:
        return {}
    path = pathlib.Path(given)
    try:
        size = path.stat().st_size
        if size > _MAX_WORDING:
            raise ValueError(f"messages={given!r}: the wording file is {size // 1024} KB, more than the {_MAX_WORDING // 1024} KB a widget reads")
        return {"url": given, "text": path.read_text(encoding="utf-8")}
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"messages={given!r}: the wording file could not be read ({e}); give a file beside the notebook or an http(s) address") from e


class Widget(anywidget.AnyWidget):
    """A locklab widget in a notebook's output, two-way with Python (see the module's help).

    ``Widget(name, **params)`` checks everything as ``locklab.validate`` does (``ValueError``
    naming a bad parameter). ``params`` and ``result`` are traits kept in step with the widget:
    set ``params`` (a dict, ``_`` or ``-`` in names; the parameters it leaves out keep their
    values; ``None`` puts one back to its default) or a parameter as an attribute to move it; a
    learner's move updates both and fires ``observe`` callbacks. ``result`` is what the front end
    last reported: a move made from Python shows up there once the front end has drawn it (after
    the cell, not within it)."""

    _esm = _HERE / "widget.js"
    name = traitlets.Unicode(read_only=True).tag(sync=True)
    attrs = traitlets.Dict(read_only=True).tag(sync=True)
    params = traitlets.Dict().tag(sync=True)
    result = traitlets.Dict().tag(sync=True)
    _build = traitlets.Unicode().tag(sync=True)
    _glue = traitlets.Unicode().tag(sync=True)
    _wasm = traitlets.Bytes().tag(sync=True)
    _stylesheet = traitlets.Unicode().tag(sync=True)
    _locales = traitlets.Dict().tag(sync=True)
    # A page's own wording (`messages=`): a file beside the notebook is read here and handed over
    # (`{"url", "text"}`); an http(s) address is fetched by the front end.
    _messages = traitlets.Dict().tag(sync=True)
    # The parameters as made: a view whose model still holds them lets the widget's own first
    # setting (a prediction's) stand, and Python follows it (widget.js).
    _start = traitlets.Dict().tag(sync=True)

    def __init__(self, widget: str, params: dict | None = None, /, **kwargs):
        name, pairs = validate(widget, params, **kwargs)
        spec = self._spec_of(name)
        specs = {p["name"]: p for p in spec["params"]}
        values = {n: _typed(p, p["default"]) for n, p in specs.items()}
        values.update({n: _typed(specs[n], t) for n, t in pairs if n in specs})
        super().__init__(**_files())
        self.set_trait("name", name)
        self.set_trait("attrs", dict(pairs))
        self._messages = _wording(dict(pairs).get("messages"))
        self.params = values
        self._start = dict(values)
        self._handlers: list[Callable[[dict], None]] = []
        self.on_msg(self._on_message)

    @staticmethod
    def _spec_of(name: str) -> dict:
        return next(w for w in registry()["widgets"] if w["name"] == name)

    @traitlets.validate("params")
    def _check_params(self, proposal):
        """New parameters, checked as the widget checks them and merged into those in use."""
        given = proposal["value"]
        if not isinstance(given, dict):
            raise ValueError(f"locklab {self.name}: params takes a dict of parameters, not {type(given).__name__}")
        specs = {p["name"]: p for p in self._spec_of(self.name)["params"]}
        current = dict(self.params) if self.name else {}
        named = {str(k).replace("_", "-"): v for k, v in given.items()}
        spec = self._spec_of(self.name)
        settable = set(specs) | {a["name"] for a in spec.get("aliases", [])}
        fixed = {a["name"] for a in spec["attrs"]} | set(spec["extras"])
        for k in named:
            n = _lower(_trim(k))
            if n not in settable and n in fixed:
                raise ValueError(f"locklab {self.name}: {n} is set when the widget is made (locklab.Widget(…, {n.replace('-', '_')}=…)), not through params")
        _, pairs = validate(self.name, {k: v for k, v in named.items() if v is not None})
        out = dict(current)
        for n, t in pairs:
            if n in specs:
                out[n] = _typed(specs[n], t)
        for k, v in named.items():
            n = _lower(_trim(k))
            if v is None and n in specs:
                out[n] = _typed(specs[n], specs[n]["default"])
        return out

    def __getattr__(self, attr: str):
        # Parameters as attributes: w.ttl_s. (Only called for names the object does not have.)
        if not attr.startswith("_"):
            params = self.__dict__.get("_trait_values", {}).get("params") or {}
            key = attr.replace("_", "-")
            if key in params:
                return params[key]
        raise AttributeError(f"{type(self).__name__!s} has no attribute {attr!r}")

    def __setattr__(self, attr: str, value):
        if not attr.startswith("_") and not self.has_trait(attr) and attr not in type(self).__dict__:
            name = self.__dict__.get("_trait_values", {}).get("name")
            if name and any(p["name"] == attr.replace("_", "-") for p in self._spec_of(name)["params"]):
                self.params = {attr: value}
                return
        super().__setattr__(attr, value)

    def on_event(self, handler: Callable[[dict], None], remove: bool = False) -> None:
        """Calls ``handler({"type": …, "detail": …})`` for each challenge met or missed
        (``locklab:challenge``), quiz answer (``locklab:answer``) and prediction answered
        (``locklab:predict``) in any view of this widget."""
        if remove:
            self._handlers = [h for h in self._handlers if h != handler]
        else:
            self._handlers.append(handler)

    def _on_message(self, _widget, content, _buffers):
        if isinstance(content, dict) and content.get("type") in ("locklab:challenge", "locklab:answer", "locklab:predict"):
            for h in list(self._handlers):
                h(content)

    def __repr__(self) -> str:
        return f"<locklab.Widget {self.name!r} {self.params!r}>"
