"""The one direction of dependence of design brief section 2, enforced.

The engine imports nothing from the rest of `tutor` and never textual or
rich; quiz and lessons never import the UI.  Checked two ways: by reading
the import statements of every module, and by importing the engine in a
fresh interpreter and looking at what got loaded.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tutor"

FORBIDDEN = {
    "engine": ("tutor.quiz", "tutor.lessons", "tutor.ui", "tutor.cli", "tutor.commands", "textual", "rich"),
    "quiz": ("tutor.lessons", "tutor.ui", "tutor.cli", "textual", "rich"),
    "lessons": ("tutor.ui", "tutor.cli", "textual", "rich"),
    "workbench": ("tutor.ui", "tutor.cli", "textual", "rich"),
}


def imported_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_only_downwards(layer: str) -> None:
    offenders = []
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        for name in imported_names(path):
            if any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN[layer]):
                offenders.append(f"{path.relative_to(PACKAGE.parent)} imports {name}")
    assert offenders == []


def test_engine_package_exists_with_modules() -> None:
    # Guards the test above against passing on an empty folder.
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
