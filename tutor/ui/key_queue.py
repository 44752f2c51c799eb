"""Keys handed on one at a time: each waits until the key before it has
been worked through, so that it reaches the widget the focus went to.

Textual hands every key to the widget focused when the key arrives, into
that widget's queue. Keys that arrive together (a fast typist, a paste into
tmux, one read of the terminal) were therefore all queued for the same
field before the first tab among them had moved the focus: "20⇥10⇥4" in
fu-steps put 20104 into the first line. Here a key arrives, is handed on,
and the keys after it wait until it has been handled wherever it went: the
focused widget, each parent it bubbled to, and the app's own bindings, or
(for a key the app's priority bindings took) the queues of the focused
widget and its screen, where those bindings leave their work.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from textual import events
from textual.app import App
from textual.message_pump import MessagePump

from tutor.ui.textual_compat import parent_of, propagation_stopped

STALLED = 2.0
"""Seconds after which held keys go on although the key before them never
came back (its widget was removed with the key still in its queue): a key
is never lost, at worst it waits this long."""


class KeyQueue:
    """The keys held while one is being worked through, in the order they came."""

    def __init__(self, app: App[Any], dispatch: Callable[[events.Key], Awaitable[None]]) -> None:
        self._app = app
        self._dispatch = dispatch
        """How the app handles a key (its priority bindings, else the focused widget)."""
        self._held: deque[events.Key] = deque()
        self._in_flight: events.Key | None = None

    @property
    def busy(self) -> bool:
        return self._in_flight is not None or bool(self._held)

    async def arrive(self, key: events.Key) -> None:
        """A key from the terminal: handed on now, or held behind the one in flight."""
        if self.busy:
            self._held.append(key)
            return
        await self._hand_on(key)

    async def _hand_on(self, key: events.Key) -> None:
        app = self._app
        target: MessagePump = app.focused or app.screen
        screen = app.screen
        await self._dispatch(key)
        self._in_flight = key
        app.set_timer(STALLED, lambda: self._done(key))
        if key.is_forwarded:
            # In the target's queue: follow it as it bubbles.
            self._follow(key, target)
        else:
            # Taken by a priority binding, whose action may leave work in the
            # focused widget's queue and then its screen's (the drill's enter).
            self._after(key, [target, screen, app])

    def _follow(self, key: events.Key, node: MessagePump) -> None:
        def check() -> None:
            parent = parent_of(node)
            if propagation_stopped(key) or not key.bubble or parent is None:
                self._after(key, [self._app])
            elif parent is self._app:
                # The app's own (non-priority) bindings come last.
                self._after(key, [self._app])
            else:
                self._follow(key, parent)

        if not node.call_later(check):
            self._done(key)

    def _after(self, key: events.Key, nodes: list[MessagePump]) -> None:
        """Done with `key` once each of `nodes`' queues, in turn, has worked through what it holds now."""
        if not nodes:
            self._done(key)
            return
        first, rest = nodes[0], nodes[1:]
        if not first.call_later(self._after, key, rest):
            self._after(key, rest)

    def _done(self, key: events.Key) -> None:
        if self._in_flight is not key:
            return
        self._in_flight = None
        if self._held:
            self._app.call_later(self._next)

    async def _next(self) -> None:
        if self._in_flight is None and self._held:
            await self._hand_on(self._held.popleft())
