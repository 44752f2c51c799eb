"""The play screen's projector view (issue 30): the learner's hand and the
last discard drawn as boxed tiles, so that a class can read them from the
back of the room.

Large tiles when the hand fits on one row of them: the last discard then
takes a row of its own above the hand (a 14-tile hand of large tiles leaves
no room beside it at 120 columns).  Small tiles otherwise, the last discard
in a column beside the hand.  The size is chosen for the hand at its
fullest (a tile drawn apart), so that it does not change from turn to turn.
"""

from __future__ import annotations

from typing import Final

from textual.app import ComposeResult
from textual.containers import Container
from textual.widgets import Static

from tutor.ui.tile_art import GAP, Group, TileSize, box_width
from tutor.ui.widgets.hand_view import TilesView

LAST_WIDTH: Final = 14
"""Columns of the last discard's column beside a hand of small tiles."""


def fullest_width(groups: list[Group], size: TileSize, drawn: bool) -> int:
    """The hand's width on one row with a tile drawn apart (counted if none is drawn now)."""
    tiles = sum(len(group.tiles) for group in groups) + (0 if drawn else 1)
    gaps = len(groups) - (1 if drawn else 0)
    return tiles * box_width(size) + GAP * gaps


class PlayBig(Container):
    """The hand (groups of kinds: the concealed tiles, the tile drawn apart, the melds) and the last discard."""

    DEFAULT_CSS = """
    PlayBig { height: auto; padding: 0 1; layout: horizontal; }
    PlayBig.-stacked { layout: vertical; }
    PlayBig #big-hand { width: 1fr; }
    PlayBig #big-last { width: 14; height: auto; layout: vertical; }
    PlayBig.-stacked #big-last { width: 1fr; layout: horizontal; }
    PlayBig #big-last-label { color: $text-muted; height: auto; }
    PlayBig.-stacked #big-last-label { width: auto; padding: 1 2 0 0; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.drawn = False

    def compose(self) -> ComposeResult:
        with Container(id="big-last"):
            yield Static(id="big-last-label", markup=False)
            yield TilesView([], id="big-last-tile")
        yield TilesView([], id="big-hand")

    def show(self, hand: list[Group], drawn: bool, last: int | None, label: str) -> None:
        """`drawn`: the last group of the concealed tiles is the tile just drawn."""
        self.drawn = drawn
        self.query_one("#big-hand", TilesView).groups = hand
        self.query_one("#big-last-tile", TilesView).groups = [Group((last,), "concealed")] if last is not None else []
        self.query_one("#big-last-label", Static).update(label if last is not None else "")
        self.fit()

    def fit(self) -> None:
        """Large tiles, stacked, if the fullest hand fits the width; else small ones side by side."""
        hand = self.query_one("#big-hand", TilesView)
        large = fullest_width(hand.groups, TileSize.LARGE, self.drawn) <= self.size.width
        size = TileSize.LARGE if large else TileSize.SMALL
        self.set_class(large, "-stacked")
        hand.size_name = size
        self.query_one("#big-last-tile", TilesView).size_name = size

    def on_resize(self) -> None:
        self.fit()
