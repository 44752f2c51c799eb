"""The learner's hand at the bottom of the play screen: its tiles by their
faces, sorted, the tile just drawn apart, the melds at the end, and under
each tile its position (1-9, then 0 for the tenth), which picks it."""

from __future__ import annotations

from typing import ClassVar, Final

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from tutor.quiz.faces import face
from tutor.ui.tile_art import style_of
from tutor.ui.widgets.hand_view import tile_styles

CELL: Final = 4
"""Columns a tile takes: its face and a gap."""
DRAWN_GAP: Final = 2
"""Columns more before the tile just drawn."""
POSITION_KEYS: Final = "1234567890"
"""The key that picks each tile, by its place in the hand."""


def position_key(index: int) -> str:
    return POSITION_KEYS[index] if index < len(POSITION_KEYS) else ""


class PlayHand(Widget):
    """The tiles (kinds) in the order shown; `apart` the index of the tile drawn, if any."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"play-hand--picked", "play-hand--position"}
    DEFAULT_CSS = """
    PlayHand { height: 2; width: 1fr; padding: 0 1; }
    PlayHand > .play-hand--picked { text-style: bold reverse; }
    PlayHand > .play-hand--position { color: $text-muted; }
    """

    class Picked(Message):
        """A tile clicked: its index; a second click on the picked tile asks for its discard."""

        def __init__(self, index: int, again: bool) -> None:
            super().__init__()
            self.index = index
            self.again = again

    def __init__(self, *, id: str | None = None, numbered: bool = True) -> None:
        super().__init__(id=id)
        self.numbered = numbered
        """Each tile's position key under it (a replay's hand picks nothing and has none)."""
        self.tiles: tuple[int, ...] = ()
        self.apart: int | None = None
        self.melds: str = ""
        self.picked: int | None = None

    def show(self, tiles: tuple[int, ...], apart: int | None, melds: str, picked: int | None) -> None:
        self.tiles, self.apart, self.melds, self.picked = tiles, apart, melds, picked
        self.refresh()

    def column_of(self, index: int) -> int:
        return index * CELL + (DRAWN_GAP if self.apart is not None and index >= self.apart else 0)

    def render(self) -> Text:
        styles = tile_styles(self.app.theme_variables)
        picked_style = self.get_component_rich_style("play-hand--picked")
        position_style = self.get_component_rich_style("play-hand--position")
        faces, positions = Text(), Text()
        for index, kind in enumerate(self.tiles):
            gap = self.column_of(index) - faces.cell_len
            faces.append(" " * gap)
            positions.append(" " * (self.column_of(index) - positions.cell_len))
            style = styles.get(style_of(kind), Style())
            shown = face(kind)
            faces.append(shown, style + picked_style if index == self.picked else style)
            positions.append(position_key(index), position_style)
        if self.melds:
            faces.append("   " + self.melds)
        return Text("\n").join([faces, positions]) if self.numbered else faces

    def on_click(self, event: events.Click) -> None:
        x = event.x - 1  # the left padding
        for index in range(len(self.tiles)):
            start = self.column_of(index)
            if start <= x < start + CELL - 1:
                self.post_message(self.Picked(index, again=index == self.picked))
                return
