"""The one direction of dependence of design brief section 2, at run time.

The import statements are held to the layers by import-linter (the
contracts in pyproject.toml, `lint-imports` in .ci/run). Here the engine is
imported in a fresh interpreter to see what got loaded: no Textual, no Rich,
nothing of `tutor` but the engine. And the screens reach the app through
tutor.ui.shell, never by importing tutor.ui.app.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tutor"
UI = PACKAGE / "ui"


def test_engine_package_exists_with_modules() -> None:
    # Guards the test below against passing on an empty folder.
    assert len(list((PACKAGE / "engine").glob("*.py"))) >= 8


def test_importing_the_engine_loads_no_ui() -> None:
    code = (
        "import sys, json, pkgutil, importlib, tutor.engine as e\n"
        "for m in pkgutil.iter_modules(e.__path__): importlib.import_module('tutor.engine.' + m.name)\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = json.loads(out)
    assert "tutor.engine.waits" in loaded
    assert not [name for name in loaded if name.split(".")[0] in ("textual", "rich")]
    assert not [name for name in loaded if name.startswith("tutor.") and not name.startswith("tutor.engine")]


def test_screens_reach_the_app_without_importing_it() -> None:
    """Structure: no module under tutor/ui but app.py imports tutor.ui.app,
    not even behind TYPE_CHECKING."""
    offenders = []
    for path in UI.rglob("*.py"):
        if path.name == "app.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "tutor.ui.app":
                offenders.append(str(path.relative_to(UI)))
    assert offenders == []
