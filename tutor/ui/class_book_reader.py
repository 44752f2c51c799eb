"""The class's assignments as a class session knows them (issue 32): read
on a thread of their own and kept, so that the home screen draws from what
was last read and never waits for the class's store (a PostgreSQL server
that is down would hold the screen until its connection timed out).

Read again when home is shown and when `a` asks for the assignment; while
the store cannot be read, home says so in one line and it is tried again
every RETRY_AFTER seconds.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from textual.app import App
from textual.timer import Timer

from tutor.quiz.assigned import class_assignments
from tutor.quiz.classbook import Assignment

RETRY_AFTER = 5.0
"""Seconds between two tries of a class's store that could not be read."""


@dataclass
class ClassBookReader:
    app: App[Any]
    class_name: str
    changed: Callable[[], None]
    """Called on the app's thread after each read."""
    assignments: list[Assignment] | None = None
    """As last read; None before the first read that succeeded."""
    down: bool = False
    """The last read failed (it is tried again)."""
    _reading: bool = False
    _waiting: list[Callable[[], None]] = field(default_factory=list)
    _retry: Timer | None = None

    def read(self, then: Callable[[], None] | None = None) -> None:
        """Read the assignments again on a thread of their own; `then` once read (on the app's thread)."""
        if then is not None:
            self._waiting.append(then)
        if self._reading:
            return
        self._reading = True
        name = self.class_name

        def run() -> None:
            found = class_assignments(name)
            with contextlib.suppress(RuntimeError):  # the app ended meanwhile
                self.app.call_from_thread(self._read, found)

        # A thread of its own, not a worker of the app: a read waiting for a server must not hold the app's end.
        threading.Thread(target=run, name="class-book", daemon=True).start()

    def _read(self, found: list[Assignment] | None) -> None:
        self._reading = False
        self.down = found is None
        if found is not None:
            self.assignments = found
        elif self._retry is None:
            self._retry = self.app.set_timer(RETRY_AFTER, self._try_again)
        waiting, self._waiting = self._waiting, []
        self.changed()
        for then in waiting:
            then()

    def _try_again(self) -> None:
        self._retry = None
        self.read()
