"""The widgets the two screens around a game table share (play.py, replay.py):
above, the status line, the table and the scrolled review of a hand's end
(its hand's tiles, then lines); below, the lines under the learner's hand
and the footer."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from tutor.quiz.play_view import PlayView
from tutor.ui.widgets.hand_view import TilesView
from tutor.ui.widgets.key_footer import KeyFooter
from tutor.ui.widgets.play_table import PlayTable


def table_top(view: PlayView, language: str, review: str, lines: tuple[str, ...], focusable: bool) -> ComposeResult:
    """#status, #table, and the scroll `review` holding #<review>-hand and a Static #<review>-<line> each."""
    yield Static(id="status", markup=False)
    yield PlayTable(view, language, id="table")
    scroll = VerticalScroll(id=review)
    scroll.can_focus = focusable
    with scroll:
        yield TilesView([], id=f"{review}-hand")
        for line in lines:
            yield Static(id=f"{review}-{line}", markup=False)


def lines_and_keys(*ids: str) -> ComposeResult:
    """A Static for each id, then the footer."""
    for found in ids:
        yield Static(id=found, markup=False)
    yield KeyFooter()
