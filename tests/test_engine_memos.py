"""The engine's memo tables are registered in one place (#25 §3)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tutor.engine
from tutor.engine.efficiency import discard_table
from tutor.engine.memo import memo, memo_sizes
from tutor.engine.notation import parse_hand
from tutor.engine.rules import Rules

ENGINE = Path(tutor.engine.__file__).parent


def _module_level_empty_dicts(path: Path) -> list[str]:
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        # A tuple or list of empty dicts (one memo per suit, say) is a memo too.
        values = value.elts if isinstance(value, (ast.Tuple, ast.List)) else [value]
        if any(isinstance(item, ast.Dict) and not item.keys for item in values):
            found.append(f"{path.relative_to(ENGINE)}:{node.lineno}")
    return found


_MODULES = [path for path in sorted(ENGINE.rglob("*.py")) if path.name != "memo.py"]


@pytest.mark.parametrize("path", _MODULES, ids=[str(path.relative_to(ENGINE)) for path in _MODULES])
def test_no_memo_is_kept_outside_the_registry(path: Path) -> None:
    assert _module_level_empty_dicts(path) == []


def test_the_scan_finds_the_registry_itself() -> None:
    # The registry is the one module-level empty dict allowed.
    assert _module_level_empty_dicts(ENGINE / "memo.py")


def test_the_registry_sees_what_counting_keeps() -> None:
    discard_table(parse_hand("1447m369p258s77z55s"), Rules.MCR)
    sizes = memo_sizes()
    assert sizes["efficiency.number_tables"] > 0 and sizes["efficiency.honour_tables"] > 0
    assert all(name.count(".") >= 1 for name in sizes)


def test_a_name_is_registered_once() -> None:
    with pytest.raises(ValueError, match="already registered"):
        memo("efficiency.number_tables", {})
