"""Python's full garbage collections, moved to when the learner is reading.

A full collection looks at every object the app holds: the kept lesson
screens, their rendered lines and Textual's caches, some 400,000 objects
after a few lessons. Python starts one whenever enough garbage has piled up,
whatever is going on, and each took 50 to 450 ms: one key in ten waited for
one (measured with `gc.callbacks` over `python -m bench.ui_latency`).

So the app takes full collections into its own hands. The objects made while
starting (modules, lessons, the catalogues) are frozen out of collections
for good; Python's own full collections are made rare (young objects are
still collected as usual, which takes a millisecond or two); and when a full
one is due, it runs once no key or click has come for a moment. A learner
who presses a key during one waits for it as before, but they seldom do:
lessons are read, and drill answers thought over, for longer than that.
"""

from __future__ import annotations

import gc
import time
from typing import Any

from textual import events
from textual.app import App

QUIET_SECONDS = 1.0
"""How long without a key or a click before a due collection runs."""

FULL_AFTER = 10
"""Collections of the middle generation before a full one is due: Python's
own default, kept, only moved to a quiet moment."""

RARE = 1000
"""Python's own trigger for a full collection, set this high so that it
fires only if the app is never quiet (a full collection is then still made,
and memory stays bounded)."""


class IdleCollector:
    """Runs the full collections of one app when it is quiet."""

    def __init__(self, app: App[Any]) -> None:
        self._app = app
        self._last_input = time.monotonic()
        self._thresholds = gc.get_threshold()

    def start(self) -> None:
        """Freeze what starting made, make Python's full collections rare, and watch for quiet."""
        # No collection first: it would cost every start (and every test's
        # app) a full one, to spare a little garbage from being frozen.
        gc.freeze()
        self._thresholds = gc.get_threshold()
        young, middle, _ = self._thresholds
        gc.set_threshold(young, middle, RARE)
        self._app.set_interval(QUIET_SECONDS / 2, self._collect_if_quiet, name="idle garbage collection")

    def stop(self) -> None:
        """Python's own thresholds again (for whatever runs after the app in this process)."""
        gc.set_threshold(*self._thresholds)
        gc.unfreeze()

    def saw(self, event: events.Event) -> None:
        """Note a key or a click: the learner is waiting for an answer now."""
        if isinstance(event, events.Key | events.MouseDown):
            self._last_input = time.monotonic()

    def quiet_for(self) -> float:
        """Seconds since the last key or click."""
        return time.monotonic() - self._last_input

    def _collect_if_quiet(self) -> None:
        if gc.get_count()[2] < FULL_AFTER:
            return
        if time.monotonic() - self._last_input >= QUIET_SECONDS:
            gc.collect()
