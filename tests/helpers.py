"""What the Pilot tests share: the app they drive, and waiting for a
condition instead of a fixed time.

A test never sleeps for a number of seconds in the hope that the app is done
by then: on a loaded machine it is not, on a quiet one the wait is wasted.
It waits for what it needs (`wait_for`), with an upper bound far above any
real wait that fails the test with the condition's name.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from textual import events
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.pilot import Pilot
from textual.widgets import Input

from tutor.quiz.store import Store
from tutor.ui.app import TutorApp

PATIENCE = 60.0
"""Seconds before a condition that never holds fails its test: generous, so
that a machine with every core busy still passes."""


def make_app(tmp_path: Path, language: str | None = "en") -> TutorApp:
    """The app in `language` (None: the one the environment asks for), with
    its own progress file under `tmp_path`."""
    return TutorApp(language=language, store=Store.open(tmp_path / "progress.sqlite3"))


async def wait_for(pilot: Pilot[Any], condition: Callable[[], object], what: str = "") -> None:
    """Let the app run until `condition()` holds; fail after PATIENCE seconds.
    A query that finds nothing yet (NoMatches) is a condition not holding yet:
    the widget it asks for is still to be mounted."""

    def holds() -> object:
        try:
            return condition()
        except NoMatches:
            return False

    deadline = time.monotonic() + PATIENCE
    while not holds():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {PATIENCE:.0f} s for {what or condition.__name__}")
        await pilot.pause()


def key_event(key: str) -> events.Key:
    """A key as Pilot.press makes it: a character stands for itself, or for
    its name where it has one ("space", "left_parenthesis")."""
    if key == " ":
        key = "space"
    char = key if len(key) == 1 else " " if key == "space" else None
    if len(key) == 1 and not key.isalnum():
        from textual.keys import _character_to_key

        key = _character_to_key(key)
    return events.Key(key, char)


async def type_at_once(pilot: Pilot[Any], keys: Iterable[str], until: Callable[[], object], what: str) -> None:
    """The keys as a paste or the fastest typist sends them: all of them
    before the app has handled the first (Pilot.press waits for the app to
    go idle after every key), then the app left to run until `until` holds.
    The app must take them all, in order, at any speed (tutor/ui/key_queue.py)."""
    driver = pilot.app._driver
    assert driver is not None
    for key in keys:
        event = key_event(key)
        event.set_sender(pilot.app)
        driver.send_message(event)
    await wait_for(pilot, until, what)


def committed_answers(path: Path) -> int:
    """The answers in the file itself, as another program sees it: not those
    the app still holds on their way to it (which its own reads include)."""
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return int(connection.execute("SELECT COUNT(*) FROM answers").fetchone()[0])
    finally:
        connection.close()


async def settle(pilot: Pilot[Any]) -> None:
    """Scheduled animations over and the messages they posted handled."""
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


def layout_of(pilot: Pilot[Any]) -> tuple[object, ...]:
    """Where everything on the screen is: each widget's region, scroll offset
    and content size."""
    screen = pilot.app.screen
    return (
        screen,
        *((widget.region, widget.scroll_offset, widget.virtual_size) for widget in screen.query("*")),
    )


async def settled(pilot: Pilot[Any], rounds: int = 3) -> None:
    """The layout has stopped moving: the same for `rounds` turns of the app
    in a row, with no animation scheduled. (Markdown renders after mounting,
    and a scroll bar that comes in re-wraps what it sits beside, so heights
    change for a while after a screen is drawn.)"""
    deadline = time.monotonic() + PATIENCE
    last, same = None, 0
    while same < rounds:
        if time.monotonic() > deadline:
            raise AssertionError(f"the layout still moved after {PATIENCE:.0f} s")
        await settle(pilot)
        now = layout_of(pilot)
        same = same + 1 if now == last else 0
        last = now


def palette(pilot: Pilot[Any]) -> CommandPalette:
    screen = pilot.app.screen
    assert isinstance(screen, CommandPalette), f"the palette is open, not {screen!r}"
    return screen


def palette_searched(pilot: Pilot[Any], query: str) -> bool:
    """The open palette has searched for `query` and shows what it found."""
    screen = pilot.app.screen
    if not isinstance(screen, CommandPalette) or not screen.query(Input) or screen.query_one(Input).value != query:
        return False
    searching = any(worker.node is screen and worker.is_running for worker in pilot.app.workers)
    found = screen.query(CommandList)
    return not searching and bool(found) and found.first().option_count > 0 and found.first().highlighted is not None


async def search_palette(pilot: Pilot[Any], query: str) -> CommandPalette:
    """Type `query` into the open palette and wait for its results, the first
    one highlighted (enter then opens it)."""
    palette(pilot)
    await pilot.press(*query)
    await wait_for(pilot, lambda: palette_searched(pilot, query), f"the palette's results for {query!r}")
    return palette(pilot)
