"""Screens drawn from their own state, and redrawn in place by `l`."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Header

from tutor.ui.screens.base import TutorScreen
from tutor.ui.widgets.content import Content
from tutor.ui.widgets.key_footer import KeyFooter


class RedrawnScreen(TutorScreen):
    """A header, what `draw` yields, and a footer.

    A language switch recomposes the screen; here that redraws only the
    part between header and footer (see tutor/ui/widgets/content.py), after
    `keep` has saved what the learner typed, ticked or focused, and then
    `settle` sets the titles and the focus again.
    """

    def compose(self) -> ComposeResult:
        yield Header()
        yield Content(self.draw)
        yield KeyFooter()

    def draw(self) -> ComposeResult:
        raise NotImplementedError

    def keep(self) -> None:
        """Save, before a redraw, what the widgets hold and `draw` must show again."""

    def settle(self) -> None:
        """After drawing: titles, highlights, focus."""

    def on_mount(self) -> None:
        super().on_mount()
        self.settle()

    async def recompose(self) -> None:
        self.keep()
        await self.redraw()

    async def redraw(self) -> None:
        await self.query_one(Content).recompose()
        self.settle()
