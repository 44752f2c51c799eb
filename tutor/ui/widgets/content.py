"""The part of a screen between its header and footer, redrawn in place.

Recomposing a whole screen recreates its Header, and the old Header's watch
on the screen title then fails on the next title change (NoMatches:
HeaderTitle). The drill screens therefore recompose only this container,
which draws whatever its screen's `draw` yields.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.containers import Vertical


class Content(Vertical):
    DEFAULT_CSS = "Content { height: 1fr; }"

    def __init__(self, draw: Callable[[], ComposeResult]) -> None:
        super().__init__(id="content")
        self.draw = draw

    def compose(self) -> ComposeResult:
        yield from self.draw()
