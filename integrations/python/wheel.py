#!/usr/bin/env python3
"""Builds the ``locklab`` wheel carrying a locklab build's widget files, so that
``locklab.Widget`` draws the widget in a notebook with nothing to host.

    python3 integrations/python/wheel.py DIST OUT [--python PY]

DIST is a built ``dist/`` (``trunk build --release``); its full bundle (``assets.json``: the glue,
the wasm and the stylesheet) goes into ``locklab/static/`` of a copy of this package, and
``PY -m pip wheel`` (default: this Python) builds ``OUT/locklab-<version>-py3-none-any.whl`` from
the copy. The package's version must be the build's (``assets.json``'s ``version``). Prints the
wheel's path and size. Used by ``.ci/run`` and ``.ci/release``.
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--python")]
    python = sys.executable
    for i, a in enumerate(argv):
        if a == "--python" and i + 1 < len(argv):
            python = argv[i + 1]
            args.remove(python)
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    dist, out = pathlib.Path(args[0]), pathlib.Path(args[1])
    try:
        assets = json.loads((dist / "assets.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        print(f"wheel.py: {dist}/assets.json is missing or unreadable ({e}): build dist/ first (trunk build --release)", file=sys.stderr)
        return 1
    pyproject = (HERE / "pyproject.toml").read_text(encoding="utf-8")
    version = next((line.split('"')[1] for line in pyproject.splitlines() if line.startswith("version = ")), None)
    if version != assets.get("version"):
        print(f"wheel.py: the package is version {version}, the build {assets.get('version')}: they must match", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        copy = pathlib.Path(tmp) / "locklab-python"
        shutil.copytree(HERE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "tests", "build", "*.egg-info"))
        static = copy / "locklab" / "static"
        static.mkdir(exist_ok=True)
        digest = hashlib.sha256()
        for key in ("glue", "wasm", "css"):
            src = dist / assets[key]
            shutil.copyfile(src, static / pathlib.Path(assets[key]).name)
            digest.update(src.read_bytes())
        build = {key: pathlib.Path(assets[key]).name for key in ("glue", "wasm", "css")}
        # The build's languages besides English (dist/locales/<tag>.ftl), which the widget fetches
        # on a hosted page and Python hands it here.
        locales = sorted((dist / "locales").glob("*.ftl"))
        if locales:
            (static / "locales").mkdir(exist_ok=True)
            for f in locales:
                shutil.copyfile(f, static / "locales" / f.name)
                digest.update(f.read_bytes())
        build["locales"] = [f.stem for f in locales]
        build["hash"] = digest.hexdigest()[:16]
        build["version"] = version
        (static / "build.json").write_text(json.dumps(build, indent=1) + "\n", encoding="utf-8")
        out.mkdir(parents=True, exist_ok=True)
        done = subprocess.run([python, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps", "-w", str(out.resolve()), str(copy)])
        if done.returncode != 0:
            return done.returncode
    wheel = out / f"locklab-{version}-py3-none-any.whl"
    if not wheel.exists():
        print(f"wheel.py: pip made no {wheel}", file=sys.stderr)
        return 1
    print(f"{wheel} ({wheel.stat().st_size / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
