"""No file of the suite imports from a test module (#25 §5): what tests
share lives in helper modules named for what they hold (tests/helpers.py,
game_fixtures.py, serve_fixtures.py, …). A test module imported by another
is run, and its fixtures and module-level work done, wherever it is
imported, and moving or splitting it breaks tests elsewhere."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def imports_of_test_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """Each import of a `test_*` module of the suite in the tree, with its
    line, at any depth (an import inside a function counts too); another
    package's test_* module (aiohttp.test_utils) is not the suite's."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "tests" if node.level else node.module or ""
            if node.level and node.module:
                base = f"tests.{node.module}"
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[0] == "tests" and any(part.startswith("test_") for part in parts):
                found.append((node.lineno, name))
                break
    return found


def test_no_file_of_the_suite_imports_a_test_module() -> None:
    offenders = [
        f"{path.relative_to(TESTS.parent)}:{line} imports {name}"
        for path in sorted(TESTS.rglob("*.py"))
        for line, name in imports_of_test_modules(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert offenders == []


def test_the_scan_finds_each_way_of_importing_a_test_module() -> None:
    """Guards the test above against passing on a scan that finds nothing."""
    source = """
from tests.test_serve import Served
from tests import test_serve
import tests.test_serve
from .test_serve import get
def later():
    from tests.test_store_faults import store_path
from tests.serve_fixtures import Served
from tests import helpers
from aiohttp.test_utils import TestClient
"""
    assert [line for line, _ in imports_of_test_modules(ast.parse(source))] == [2, 3, 4, 5, 7]
