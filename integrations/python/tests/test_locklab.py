"""Unit tests of the locklab package: addresses, frames, and every validation rule.

    python -m unittest discover -s integrations/python/tests -v     (needs IPython and anywidget)

They test the package's source here (not an installed copy). The validation cases are shared with
the Hugo shortcode's test: integrations/tests/validation-cases.json.
"""

import datetime
import json
import os
import pathlib
import sys
import unittest
from unittest import mock
from urllib.parse import parse_qsl, urlsplit

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import locklab  # noqa: E402
from IPython.core.formatters import DisplayFormatter  # noqa: E402
from IPython.display import IFrame  # noqa: E402

CASES = json.loads((HERE.parent.parent / "tests" / "validation-cases.json").read_text(encoding="utf-8"))["cases"]
_SHARED_SETS = json.loads((HERE.parent.parent / "tests" / "set-cases.json").read_text(encoding="utf-8"))
SET_CASES = _SHARED_SETS["cases"]
PREDICTION_CASES = _SHARED_SETS["predictionCases"]
BUILT_IN_SETS = sorted((HERE.parent.parent.parent / "crates" / "course" / "challenges").glob("*.json"))
BASE = "https://example.org/course/locks/"


def query(url):
    return parse_qsl(urlsplit(url).query, keep_blank_values=True)


class SharedCases(unittest.TestCase):
    """Every case of validation-cases.json: accepted, or refused with the expected message."""

    def test_every_case(self):
        for case in CASES:
            pairs = [tuple(p) for p in case["params"]]
            with self.subTest(widget=case["widget"], params=pairs):
                if case["error"] is None:
                    name, out = locklab.validate(case["widget"], pairs)
                    self.assertEqual(name, case["widget"].strip().lower())
                    writes = [tuple(p) for p in case["writes"]] if "writes" in case else [(k.strip().lower(), v) for k, v in pairs]
                    self.assertEqual(out, writes)
                else:
                    with self.assertRaises(ValueError) as e:
                        locklab.validate(case["widget"], pairs)
                    self.assertIn(case["error"], str(e.exception))

    def test_the_cases_cover_every_kind_and_attribute_rule(self):
        kinds = {p["kind"] for w in locklab.registry()["widgets"] for p in w["params"]}
        self.assertEqual(kinds, {"int", "float", "bool", "seed", "choice", "clock"})
        text = json.dumps(CASES, ensure_ascii=False)
        for needle in ["is not a number", "is not a finite number", "below the minimum", "above the maximum", "not a whole number",
                       "not true or false", "is not one of", "not a time of day", "unknown parameter", "no locklab widget",
                       "needs a deck", "neither a built-in deck", "given twice", "not a parameter name",
                       "it is an older name for", "steps: step", "is not a parameter=value pair", "only the first 24",
                       "captions for", "needs preset steps", "is not a step from", "compare takes two settings",
                       "compare: the first setting", "compare: the second setting", "not one of default, slide",
                       "is not an http(s) or urn: address", "is not an e-mail address", "needs actor-mbox beside it",
                       "bytes long; it takes at most 500", "bytes long with mailto: before it",
                       "neither builtin nor the address of a .json challenge set"]:
            self.assertIn(needle, text)
        # Older names both ways, the rule that picks one, and the sandbox's story.
        self.assertTrue(any(c.get("writes") == [] for c in CASES), "an older name set to false")
        self.assertTrue(any(c["widget"] == "fencing-sandbox" and c["error"] is None and "=" not in dict(c["params"]).get("steps", "=") for c in CASES))
        for c in CASES:
            if "writes" in c:
                self.assertIsNone(c["error"], "writes is for accepted cases")


class Validation(unittest.TestCase):
    def test_keyword_arguments_use_underscores_for_hyphens(self):
        self.assertEqual(locklab.validate("ttl-tradeoff", ttl_s=1.9, stall_shape="pareto"),
                         ("ttl-tradeoff", [("ttl-s", "1.9"), ("stall-shape", "pareto")]))
        self.assertEqual(locklab.validate("ttl-tradeoff", {"ttl-s": 2}), ("ttl-tradeoff", [("ttl-s", "2")]))

    def test_python_values_are_written_as_an_author_would(self):
        _, out = locklab.validate("counter-race", lock=True, workers=3, think_ms=0.25, seed=None)
        self.assertEqual(out, [("lock", "true"), ("workers", "3"), ("think-ms", "0.25")], "None leaves a parameter out")
        self.assertEqual(locklab.validate("counter-race", lock=False)[1], [("lock", "false")])
        self.assertEqual(locklab.validate("sweeper-incident", recovers_at=datetime.time(21, 45))[1], [("recovers-at", "21:45")])
        self.assertEqual(locklab.validate("sweeper-incident", power_loss_at=datetime.time(21, 52, 10))[1], [("power-loss-at", "21:52:10")])
        with self.assertRaises(TypeError):
            locklab.validate("counter-race", workers=[3])

    def test_older_names_are_written_as_what_they_mean(self):
        self.assertEqual(locklab.validate("paused-holder", fencing=True, lease_s=20), ("paused-holder", [("protection", "fence-writes"), ("lease-s", "20")]))
        self.assertEqual(locklab.validate("paused-holder", fencing=True, conditional=True)[1], [("protection", "conditional")], "the one listed last wins")
        self.assertEqual(locklab.validate("paused-holder", conditional=True, fencing=True)[1], [("protection", "conditional")], "in either order")
        self.assertEqual(locklab.validate("paused-holder", fencing=True, protection="none")[1], [("protection", "none")], "an explicit target wins")
        self.assertEqual(locklab.validate("paused-holder", fencing=False)[1], [])
        with self.assertRaises(ValueError) as e:
            locklab.validate("paused-holder", fencing="maybe")
        self.assertEqual(str(e.exception), "locklab paused-holder: fencing=“maybe” is not true or false; it is an older name for protection=fence-writes.")

    def test_preset_steps_and_comparisons_name_what_is_wrong(self):
        with self.assertRaises(ValueError) as e:
            locklab.validate("ttl-tradeoff", steps="ttl-s=1 | ttl-sec=10 | ttl-s=0", step_captions="Short", step=5, compare="ttl-s=1")
        msg = str(e.exception)
        self.assertTrue(msg.startswith("locklab ttl-tradeoff: 5 problems:\n"), msg)
        self.assertIn("- steps: step 2: unknown parameter “ttl-sec”. Did you mean “ttl-s”? Known: ttl-s, work-s,", msg)
        self.assertIn("- steps: step 3: ttl-s=“0” is below the minimum, 0.1 s; ttl-s takes a number from 0.1 to 120 s.", msg)
        self.assertIn("- step-captions: 1 caption for 3 steps; the others have none.", msg)
        self.assertIn("- step=“5” is not a step from 1 to 3.", msg)
        self.assertIn("- compare takes two settings separated by | (like ttl-s=1 | ttl-s=60), not 1.", msg)

    def test_a_parameter_given_twice_by_keyword_and_by_name(self):
        with self.assertRaises(ValueError) as e:
            locklab.validate("ttl-tradeoff", {"ttl-s": 1}, ttl_s=2)
        self.assertIn("ttl-s is given twice (ttl-s=1 and ttl-s=2): give each parameter once", str(e.exception))

    def test_unknown_names_get_the_closest_known_one(self):
        with self.assertRaises(ValueError) as e:
            locklab.validate("ttl-tradeoff", ttl_sec=1)
        self.assertIn("unknown parameter “ttl-sec”. Did you mean “ttl-s” (ttl_s=)?", str(e.exception))
        w = next(w for w in locklab.registry()["widgets"] if w["name"] == "ttl-tradeoff")
        known = [p["name"] for p in w["params"]] + [a["name"] for a in w["attrs"]] + w["extras"]
        self.assertIn(f"Known: {', '.join(known)}.", str(e.exception), "parameters, then attributes, then extras")
        with self.assertRaises(ValueError) as e:
            locklab.validate("ttl-tradeof")
        self.assertIn("there is no locklab widget called “ttl-tradeof”. Did you mean “ttl-tradeoff”?", str(e.exception))
        with self.assertRaises(ValueError) as e:
            locklab.validate("")
        self.assertIn("name a widget", str(e.exception))

    def test_every_problem_is_listed_and_the_widget_named(self):
        with self.assertRaises(ValueError) as e:
            locklab.validate("counter-race", workers=50, lock="maybe", colour="red")
        msg = str(e.exception)
        self.assertTrue(msg.startswith("locklab counter-race: 3 problems:\n"), msg)
        self.assertIn("- workers=“50” is above the maximum, 20; workers takes a whole number from 1 to 20.", msg)
        self.assertIn("- lock=“maybe” is not true or false; lock takes true or false.", msg)
        self.assertIn("- unknown parameter “colour”.", msg)

    def test_a_quiz_names_the_built_in_decks(self):
        decks = ", ".join(locklab.registry()["builtInDecks"])
        with self.assertRaises(ValueError) as e:
            locklab.validate("quiz", deck="nope")
        self.assertIn(f"deck=“nope” is neither a built-in deck ({decks}) nor the address of a .json deck.", str(e.exception))
        with self.assertRaises(ValueError) as e:
            locklab.validate("quiz")
        self.assertIn(f"a quiz needs a deck: a built-in deck's name ({decks}) or the address of a .json deck.", str(e.exception))

    def test_the_registry_is_the_generated_one(self):
        hugo = HERE.parent.parent / "hugo" / "data" / "locklab" / "registry.json"
        shipped = (HERE.parent / "locklab" / "registry.json").read_bytes()
        self.assertEqual(shipped, hugo.read_bytes(), "both copies are generated from crates/sim")
        self.assertEqual(locklab.widgets()[:2], ["counter-race", "ttl-tradeoff"])
        self.assertIn("quiz", locklab.widgets())


class Addresses(unittest.TestCase):
    def setUp(self):
        locklab.configure(None)
        self.env = mock.patch.dict(os.environ, {}, clear=False)
        self.env.start()
        os.environ.pop("LOCKLAB_BASE", None)

    def tearDown(self):
        locklab.configure(None)
        self.env.stop()

    def test_the_embed_address(self):
        url = locklab.embed_url("ttl-tradeoff", base=BASE, ttl_s=1.9)
        self.assertEqual(url, BASE + "embed.html?widget=ttl-tradeoff&ttl-s=1.9")
        url = locklab.embed_url("Counter-Race", base="https://example.org/locks", workers=3, lock=True)
        self.assertEqual(url, "https://example.org/locks/embed.html?widget=counter-race&workers=3&lock=true", "a base gets its /")

    def test_values_are_encoded_in_the_query(self):
        url = locklab.embed_url("quiz", base=BASE, deck="https://decks.example/my deck.json?v=1&x=é#top")
        self.assertIn("deck=https://decks.example/my%20deck.json%3Fv%3D1%26x%3D%C3%A9%23top", url)
        self.assertEqual(dict(query(url))["deck"], "https://decks.example/my deck.json?v=1&x=é#top")
        url = locklab.embed_url("fencing-sandbox", base=BASE, steps="A.acquire,A.read")
        self.assertEqual(dict(query(url))["steps"], "A.acquire,A.read")
        url = locklab.embed_url("sweeper-incident", base=BASE, recovers_at="21:45")
        self.assertTrue(url.endswith("recovers-at=21:45"), url)

    def test_lecture_attributes_pass_through_as_query_parameters(self):
        url = locklab.embed_url("ttl-tradeoff", base=BASE, layout="slide", steps="ttl-s=1 | ttl-s=10 | ttl-s=60",
                                step_captions="Short & sweet | The default | Long", step=2)
        self.assertEqual(query(url), [("widget", "ttl-tradeoff"), ("layout", "slide"), ("steps", "ttl-s=1 | ttl-s=10 | ttl-s=60"),
                                      ("step-captions", "Short & sweet | The default | Long"), ("step", "2")])
        self.assertIn("&steps=ttl-s%3D1%20%7C%20ttl-s%3D10%20%7C%20ttl-s%3D60&step-captions=Short%20%26%20sweet%20%7C", url)
        url = locklab.embed_url("paused-holder", base=BASE, compare="fencing=true | conditional=true")
        self.assertEqual(dict(query(url))["compare"], "fencing=true | conditional=true", "a comparison goes as written")
        self.assertTrue(locklab.embed_url("paused-holder", base=BASE, fencing=True).endswith("?widget=paused-holder&protection=fence-writes"))
        with self.assertRaises(ValueError):
            locklab.embed_url("ttl-tradeoff", base=BASE, step=2)

    def test_course_attributes_pass_through_as_query_parameters(self):
        url = locklab.embed_url("ttl-tradeoff", base=BASE, challenges="/sets/mine.json?v=2", print="answers")
        self.assertEqual(query(url), [("widget", "ttl-tradeoff"), ("challenges", "/sets/mine.json?v=2"), ("print", "answers")])
        self.assertIn("&challenges=/sets/mine.json%3Fv%3D2&", url)
        url = locklab.embed_url("redlock", base=BASE, challenges="builtin", activity_base="https://course.example/locks/", actor_mbox="ada@example.org")
        self.assertEqual(dict(query(url))["activity-base"], "https://course.example/locks/")
        with self.assertRaises(ValueError) as e:
            locklab.embed_url("redlock", base=BASE, challenges="maybe", actor_name="Ada")
        msg = str(e.exception)
        self.assertIn("- challenges=“maybe” is neither builtin nor the address of a .json challenge set.", msg)
        self.assertIn("- actor-name=“Ada” needs actor-mbox beside it", msg)

    def test_where_the_base_comes_from(self):
        with self.assertRaises(ValueError) as e:
            locklab.embed_url("counter-race")
        msg = str(e.exception)
        self.assertIn('locklab.configure(base="https://example.org/course/locks/")', msg)
        self.assertIn("LOCKLAB_BASE", msg)
        os.environ["LOCKLAB_BASE"] = "https://env.example/locks"
        self.assertTrue(locklab.embed_url("counter-race").startswith("https://env.example/locks/embed.html?"))
        locklab.configure(base="https://configured.example/locks/")
        self.assertEqual(locklab.BASE, "https://configured.example/locks/")
        self.assertTrue(locklab.embed_url("counter-race").startswith("https://configured.example/locks/embed.html?"), "configure wins over the environment")
        self.assertTrue(locklab.embed_url("counter-race", base="https://arg.example/").startswith("https://arg.example/embed.html?"), "the argument wins")
        with self.assertRaises(ValueError):
            locklab.configure(base="  ")

    def test_a_relative_base_is_refused(self):
        # It would resolve against the notebook's server (Jupyter's), not the course site.
        for bad in ["locks/", "/course/locks/", "./locks", "//cdn.example/locks/", "ftp://example.org/locks/", "https:///locks"]:
            with self.subTest(bad=bad):
                with self.assertRaises(ValueError) as e:
                    locklab.configure(base=bad)
                self.assertIn("is not an http(s) address", str(e.exception))
                with self.assertRaises(ValueError):
                    locklab.embed_url("counter-race", base=bad)
        self.assertTrue(locklab.embed_url("counter-race", base="HTTPS://Example.org/locks").startswith("HTTPS://Example.org/locks/embed.html?"))

    def test_a_bad_parameter_raises_before_any_address_is_made(self):
        with self.assertRaises(ValueError) as e:
            locklab.embed_url("ttl-tradeoff", base=BASE, ttl_s="banana")
        self.assertEqual(str(e.exception), "locklab ttl-tradeoff: ttl-s=“banana” is not a number; ttl-s takes a number from 0.1 to 120 s.")


class Frames(unittest.TestCase):
    def test_show_is_an_iframe_with_a_title_and_a_height(self):
        w = locklab.show("ttl-tradeoff", base=BASE, ttl_s=1.9, stall_chance=0.002)
        self.assertIsInstance(w, IFrame)
        self.assertEqual(w.src, BASE + "embed.html?widget=ttl-tradeoff&ttl-s=1.9&stall-chance=0.002")
        html = w._repr_html_()
        self.assertIn('src="https://example.org/course/locks/embed.html?widget=ttl-tradeoff&amp;ttl-s=1.9&amp;stall-chance=0.002"', html)
        self.assertIn('title="TTL trade-off (locklab)"', html)
        self.assertIn('height="700"', html)
        self.assertIn('width="100%"', html)
        # locklab-embed.js from the same host fits the frame to its widget where scripts run; a
        # line with a link, hidden by the style, is what an untrusted notebook's sanitizer leaves.
        self.assertTrue(html.startswith("<style>.locklab-untrusted { display: none; }</style><iframe "), html)
        self.assertIn('</iframe><script src="https://example.org/course/locks/locklab-embed.js"></script><p class="locklab-untrusted">', html)
        self.assertIn('<a href="https://example.org/course/locks/embed.html?widget=ttl-tradeoff&amp;ttl-s=1.9&amp;stall-chance=0.002" target="_blank" rel="noopener">open the widget in a new tab</a>', html)
        self.assertIn('height="480"', locklab.show("counter-race", base=BASE, height=480)._repr_html_())

    def test_ipython_formats_it_as_html(self):
        data, _ = DisplayFormatter().format(locklab.show("quiz", base=BASE, deck="leases"))
        self.assertIn("<iframe", data["text/html"])
        self.assertIn("deck=leases", data["text/html"])
        self.assertIn("locklab widget", data["text/plain"])

    def test_show_checks_like_embed_url(self):
        with self.assertRaises(ValueError):
            locklab.show("counter-race", base=BASE, workers=0)



class ChallengeSets(unittest.TestCase):
    """validate_set: a set file checked as the widget checks it when it loads the set
    (set-cases.json, shared with the Hugo component's test and held to Rust's checker)."""

    def _run_cases(self, cases, problems_of):
        """Each shared case: no problems for a good set, else as many as Rust's, each holding its piece."""
        for case in cases:
            text = case["set"] if isinstance(case["set"], str) else json.dumps(case["set"], ensure_ascii=False)
            with self.subTest(why=case["why"]):
                got = problems_of(text, case["widget"])
                if case["problems"] is None:
                    self.assertEqual(got, [])
                else:
                    self.assertEqual(len(got), len(case["problems"]), got)
                    for piece, problem in zip(case["problems"], got):
                        self.assertIn(piece, problem)

    def test_every_shared_case(self):
        from locklab.sets import set_problems

        self._run_cases(SET_CASES, set_problems)

    def test_every_shared_prediction_case(self):
        from locklab.sets import prediction_set_problems

        self.assertGreaterEqual(len(PREDICTION_CASES), 30)
        self._run_cases(PREDICTION_CASES, prediction_set_problems)

    def test_a_set_nested_deeper_than_serde_reads_is_refused_not_a_crash(self):
        from locklab.sets import prediction_set_problems, set_problems

        for depth in (200, 5000):
            text = '{"title": "T", "widget": "ttl-tradeoff", "predictions": ' + "[" * depth + "]" * depth + "}"
            for check, what in ((prediction_set_problems, "prediction"), (set_problems, "challenge")):
                with self.subTest(depth=depth, what=what):
                    self.assertEqual(check(text, "ttl-tradeoff"), [f"The {what} set is not valid JSON: recursion limit exceeded."])

    def test_every_built_in_prediction_set_passes_and_a_broken_file_names_its_problems(self):
        import tempfile

        built_in = sorted((HERE.parent.parent.parent / "crates" / "course" / "predictions").glob("*.json"))
        self.assertGreaterEqual(len(built_in), 12)
        for path in built_in:
            with self.subTest(set=path.name):
                self.assertEqual(locklab.validate_prediction_set(path)["widget"], path.stem)
        with tempfile.TemporaryDirectory() as d:
            path = pathlib.Path(d) / "mine.json"
            path.write_text(json.dumps({"title": "Mine", "widget": "ttl-tradeoff", "predictions": [
                {"id": "a", "setting": "ttl-s=20", "question": "Q", "explain": "E", "number": {"field": "unsafeholds", "min": 0, "max": 10, "tolerance": 1}},
                {"id": "b", "question": "Q", "explain": "E", "choices": [{"text": "A", "when": "ttl-s > 1"}, {"text": "B", "when": "colour > 1"}]},
            ]}), encoding="utf-8")
            with self.assertRaises(ValueError) as e:
                locklab.validate_prediction_set(path)
            message = str(e.exception)
            self.assertIn(f"the prediction set {path} cannot be used: 2 problems", message)
            self.assertIn("\u201cunsafeholds\u201d is not a result of ttl-tradeoff", message)
            self.assertIn("choice 2: when: \u201ccolour\u201d is not a result or parameter", message)
            # The widget it will be shown in, when the directive names another.
            good = json.loads((HERE.parent.parent.parent / "crates" / "course" / "predictions" / "counter-race.json").read_text(encoding="utf-8"))
            path.write_text(json.dumps(good), encoding="utf-8")
            with self.assertRaises(ValueError) as e:
                locklab.validate_prediction_set(path, widget="ttl-tradeoff")
            self.assertIn("This set is for counter-race, not ttl-tradeoff.", str(e.exception))

    def test_every_built_in_set_passes(self):
        self.assertGreaterEqual(len(BUILT_IN_SETS), 12)
        for path in BUILT_IN_SETS:
            with self.subTest(set=path.name):
                s = locklab.validate_set(path)
                self.assertEqual(s["widget"], path.stem)
                # and for the widget the directive names, in any case
                locklab.validate_set(str(path), widget=path.stem.upper())

    def test_a_broken_file_lists_every_problem_with_its_path(self):
        import tempfile

        with tempfile.TemporaryDirectory() as d:
            path = pathlib.Path(d) / "mine.json"
            path.write_text(json.dumps({"title": "Mine", "widget": "ttl-tradeoff", "challenges": [
                {"id": "a", "prompt": "P", "goal": "ttl-s = 1", "explain": "E"},
                {"id": "b", "prompt": "P", "goal": "colour > 1", "explain": "E"},
            ]}), encoding="utf-8")
            with self.assertRaises(ValueError) as e:
                locklab.validate_set(path)
            # The grammar first (the set does not parse, so names are not checked yet).
            self.assertIn(str(path), str(e.exception))
            self.assertIn("challenge 1 (“a”): goal: “=” at character 7: write == to compare.", str(e.exception))
            path.write_text(json.dumps({"title": "Mine", "widget": "ttl-tradeoff", "challenges": [
                {"id": "a", "prompt": "P", "goal": "ttl-s == 1", "explain": "E", "example": "ttl-s=500"},
                {"id": "b", "prompt": "P", "goal": "colour > 1", "explain": "E"},
            ]}), encoding="utf-8")
            with self.assertRaises(ValueError) as e:
                locklab.validate_set(path)
            self.assertIn("2 problems:", str(e.exception))
            self.assertIn("example: ttl-s=“500” is above the maximum, 120 s", str(e.exception))
            self.assertIn("“colour” is not a result or parameter of ttl-tradeoff", str(e.exception))
            # Checked for the widget the page shows it in, not only the one it names.
            with self.assertRaises(ValueError) as e:
                locklab.validate_set(BUILT_IN_SETS[0], widget="ttl-tradeoff" if BUILT_IN_SETS[0].stem != "ttl-tradeoff" else "counter-race")
            self.assertIn("This set is for", str(e.exception))
            path.write_bytes(b"\xff\xfe{}")
            with self.assertRaises(ValueError) as e:
                locklab.validate_set(path)
            self.assertIn("not UTF-8", str(e.exception))


class LiveWidget(unittest.TestCase):
    """locklab.Widget's Python side (the front end is tested in the real JupyterLab:
    tests/e2e/notebook.test.mjs): the traits it starts with, what setting them checks and merges,
    and the message a package without widget files gives. The files are stood in for here."""

    FILES = {"_build": "test", "_glue": "export default () => {}", "_wasm": b"\0asm", "_stylesheet": ""}

    def make(self, *args, **kwargs):
        with mock.patch("locklab.live._files", return_value=dict(self.FILES)):
            return locklab.Widget(*args, **kwargs)

    def test_starts_with_the_given_and_default_parameters_typed_as_the_widget_reports_them(self):
        w = self.make("ttl-tradeoff", ttl_s=1.9, challenges="builtin")
        self.assertEqual(w.name, "ttl-tradeoff")
        self.assertEqual(w.attrs, {"ttl-s": "1.9", "challenges": "builtin"})
        self.assertEqual(w.params["ttl-s"], 1.9)
        self.assertEqual(w.params["holds"], 60000)
        self.assertIsInstance(w.params["holds"], int)
        self.assertEqual(w.params["stall-shape"], "exponential")
        self.assertEqual(w.result, {})
        p = self.make("paused-holder", fencing=True)
        self.assertEqual(p.attrs, {"protection": "fence-writes"})
        self.assertEqual(p.params["protection"], "fence-writes")
        s = self.make("sweeper-incident", power_loss=True, recovers_at=datetime.time(21, 50))
        self.assertIs(s.params["power-loss"], True)
        self.assertEqual(s.params["recovers-at"], "21:50")

    def test_setting_params_checks_names_and_merges(self):
        w = self.make("ttl-tradeoff")
        w.params = {"ttl_s": 30}
        self.assertEqual(w.params["ttl-s"], 30.0)
        self.assertEqual(w.params["work-s"], 0.2, "a parameter not named keeps its value")
        w.ttl_s = 2.5
        self.assertEqual((w.ttl_s, w.params["ttl-s"]), (2.5, 2.5))
        # The parameters as made stay as they were: a view compares the model's with them to know
        # whether Python moved it before the view (widget.js).
        self.assertEqual(w._start["ttl-s"], 10)
        self.assertEqual(w._start["work-s"], 0.2)
        w.params = {"ttl-s": None}
        self.assertEqual(w.params["ttl-s"], 10.0, "None puts the default back")
        seen = []
        w.observe(lambda change: seen.append(change["new"]["ttl-s"]), "params")
        w.params = {"ttl_s": 7}
        self.assertEqual(seen, [7.0])
        for bad, says in [({"ttl_s": 1000}, "ttl-s"), ({"colour": 1}, "colour"), ({"ttl_s": "abc"}, "not a number"), ({"challenges": "builtin"}, "when the widget is made"), ({"actor_name": "Ann"}, "actor-name is set when the widget is made"), ({"theme": "dark"}, "theme is set when")]:
            with self.subTest(bad=bad), self.assertRaisesRegex(ValueError, says):
                w.params = bad
        self.assertEqual(w.params["ttl-s"], 7.0, "a refused setting changes nothing")
        with self.assertRaisesRegex(ValueError, "not a number"):
            w.ttl_s = "abc"
        with self.assertRaisesRegex(Exception, "expected a dict"):
            w.params = [("ttl-s", 1)]
        w.colour = "red"  # not a parameter: an ordinary attribute
        self.assertEqual(w.colour, "red")

    def test_a_bad_widget_or_parameter_raises_before_anything_is_shown(self):
        with self.assertRaisesRegex(ValueError, "no locklab widget"):
            self.make("ttl-tradeof")
        with self.assertRaisesRegex(ValueError, "below the minimum"):
            self.make("ttl-tradeoff", ttl_s=-1)

    def test_events_reach_their_handlers(self):
        w = self.make("ttl-tradeoff", challenges="builtin")
        got = []
        w.on_event(got.append)
        w._on_message(w, {"type": "locklab:challenge", "detail": {"challenge": "one-a-day", "met": True}}, [])
        w._on_message(w, {"type": "something-else"}, [])
        self.assertEqual(got, [{"type": "locklab:challenge", "detail": {"challenge": "one-a-day", "met": True}}])
        w.on_event(got.append, remove=True)
        w._on_message(w, {"type": "locklab:answer", "detail": {}}, [])
        self.assertEqual(len(got), 1)

    def test_a_wording_file_beside_the_notebook_is_read_and_bounded_an_address_is_left_to_the_page(self):
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            mine = pathlib.Path(tmp) / "wording.ftl"
            mine.write_text("ttl-title = Why a lock must expire\n", encoding="utf-8")
            w = self.make("ttl-tradeoff", locale="es", messages=str(mine))
            self.assertEqual(w._messages, {"url": str(mine), "text": "ttl-title = Why a lock must expire\n"})
            self.assertEqual(w.attrs["locale"], "es")
            big = pathlib.Path(tmp) / "big.ftl"
            big.write_text("x" * (512 * 1024 + 1), encoding="utf-8")
            with self.assertRaisesRegex(ValueError, "more than the 512 KB"):
                self.make("ttl-tradeoff", messages=str(big))
            with self.assertRaisesRegex(ValueError, r"messages='nowhere\.ftl': the wording file could not be read"):
                self.make("ttl-tradeoff", messages="nowhere.ftl")
        self.assertEqual(self.make("ttl-tradeoff", messages="https://example.org/w.ftl")._messages, {}, "fetched by the front end")
        self.assertEqual(self.make("ttl-tradeoff")._messages, {})

    def test_a_package_without_widget_files_says_how_to_build_them(self):
        with mock.patch("locklab.live._STATIC", pathlib.Path("/nonexistent")):
            with self.assertRaisesRegex(RuntimeError, "wheel.py"):
                locklab.Widget("ttl-tradeoff")


if __name__ == "__main__":
    unittest.main()
