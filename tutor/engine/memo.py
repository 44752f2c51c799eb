"""The engine's memo tables, registered in one place.

Counting shanten, reading suits and asking yaku look up what was counted
before (suit tables, joins of tables, candidate yaku by trait), so each of
those dicts is made here by name: one list says what the engine keeps
between calls, and `memo_sizes` shows how much it has kept (for a benchmark
or a memory check).  A memo only ever grows by adding entries that follow
from its key; nothing here decides a rule.
"""

from __future__ import annotations

from typing import Any, TypeVar

_Key = TypeVar("_Key")
_Value = TypeVar("_Value")

_MEMOS: dict[str, dict[Any, Any]] = {}


def memo(name: str, table: dict[_Key, _Value]) -> dict[_Key, _Value]:
    """Register `table` (empty) as the memo called `name` ("module.what") and return it."""
    if name in _MEMOS:
        raise ValueError(f"a memo called {name!r} is already registered")
    if table:
        raise ValueError(f"the memo {name!r} starts empty")
    _MEMOS[name] = table
    return table


def memo_sizes() -> dict[str, int]:
    """How many entries each registered memo holds, by name."""
    return {name: len(table) for name, table in _MEMOS.items()}
