"""Names in the engine say one thing: a public constant means the same in
every module that defines it, and the many-field working notes of scoring
are built by keyword, not by position."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import tutor.engine

ROOT = Path(__file__).resolve().parent.parent


def _engine_modules() -> list[str]:
    return [info.name for info in pkgutil.walk_packages(tutor.engine.__path__, "tutor.engine.")]


def test_no_public_constant_has_two_meanings() -> None:
    meanings: dict[str, dict[str, object]] = {}
    for name in _engine_modules():
        module = importlib.import_module(name)
        for attribute, value in vars(module).items():
            if not attribute.isupper() or attribute.startswith("_"):
                continue
            if getattr(value, "__module__", name) != name and not isinstance(value, (int, str, tuple)):
                continue  # imported from elsewhere, not defined here
            meanings.setdefault(attribute, {})[name] = value
    clashes = {
        attribute: sorted(by_module)
        for attribute, by_module in meanings.items()
        if len({repr(value) for value in by_module.values()}) > 1
    }
    assert clashes == {}


def test_reading_facts_are_built_by_keyword() -> None:
    for path in (ROOT / "tutor").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("ReadingFacts", "HandFacts"):
                assert not node.args, f"{path.name}:{node.lineno} builds {node.func.id} by position"
