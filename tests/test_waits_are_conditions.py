"""Tests wait for conditions, not for time (#25 §5): a fixed pause passes on
a quiet machine and fails on a loaded one, or wastes its time on a quiet one.

No `pilot.pause(seconds)` anywhere; `sleep` only as the poll of a loop that
checks its deadline (waiting for a server to answer, a process to end). A
bare `pilot.pause()` (one turn of the app) is followed by a wait for a
condition (`wait_for`, `settled`, …); those that are not yet may only get
fewer: BARE_PAUSES_LEFT is lowered as they go, never raised."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

TESTS = Path(__file__).resolve().parent
WAITS = frozenset({"wait_for", "settled", "type_at_once", "search_palette", "play_until"})
"""Helpers (tests/helpers.py, play_helpers.py) that wait for a condition, each with a deadline."""
MACHINERY = frozenset({"helpers.py"})
"""Where the waits themselves turn the app (wait_for's loop, settle)."""
BARE_PAUSES_LEFT = 234


def awaited_call(statement: ast.stmt | None) -> ast.Call | None:
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Await):
        call = statement.value.value
        return call if isinstance(call, ast.Call) else None
    return None


def called(call: ast.Call | None) -> str | None:
    if call is None:
        return None
    return call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", None)


def bodies(tree: ast.AST) -> Iterator[list[ast.stmt]]:
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                yield body


def bare_pauses_not_followed_by_a_wait(tree: ast.AST) -> list[int]:
    lines = []
    for body in bodies(tree):
        for index, statement in enumerate(body):
            call = awaited_call(statement)
            if called(call) != "pause" or call is None or call.args or call.keywords:
                continue
            following = awaited_call(body[index + 1]) if index + 1 < len(body) else None
            if called(following) in WAITS or (called(following) == "pause" and following and not following.args):
                continue
            lines.append(statement.lineno)
    return lines


def timed_waits(tree: ast.AST) -> list[int]:
    """Lines of a pause for a time, or a sleep that is not the poll of a loop."""
    in_loops = {id(node) for loop in ast.walk(tree) if isinstance(loop, ast.While) for node in ast.walk(loop)}
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = called(node)
        if (name == "pause" and (node.args or node.keywords)) or (name == "sleep" and id(node) not in in_loops):
            lines.append(node.lineno)
    return lines


def test_no_test_waits_for_a_time() -> None:
    found = [
        f"{path.name}:{line}"
        for path in sorted(TESTS.glob("*.py"))
        for line in timed_waits(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert found == []


def test_bare_pauses_not_followed_by_a_wait_only_get_fewer() -> None:
    found = [
        f"{path.name}:{line}"
        for path in sorted(TESTS.glob("*.py"))
        if path.name not in MACHINERY
        for line in bare_pauses_not_followed_by_a_wait(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert len(found) <= BARE_PAUSES_LEFT, (
        f"{len(found)} bare pilot.pause() not followed by a wait for a condition (at most {BARE_PAUSES_LEFT}):"
        " wait for what the test needs instead (tests/helpers.py: wait_for, settled)"
    )


def test_the_scans_find_what_they_look_for() -> None:
    source = """
async def run(pilot):
    await pilot.pause(0.5)
    await pilot.pause()
    assert pilot.app.screen
    await pilot.pause()
    await wait_for(pilot, lambda: True)
    time.sleep(1)
    while True:
        time.sleep(0.2)
"""
    tree = ast.parse(source)
    assert sorted(timed_waits(tree)) == [3, 8]
    assert bare_pauses_not_followed_by_a_wait(tree) == [4]
