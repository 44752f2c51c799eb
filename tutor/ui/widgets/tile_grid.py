"""Tiles to tick laid out as the tiles are: one row per suit, 1 to 9 (and
the seven honours), each tile by its face.

A tile answer was a list of up to 34 rows, ten in view, numbered to 9, and
"4. 7索" invited pressing 7 for 7索. Here the arrows walk the grid, space
(or a click) ticks the tile under the cursor, and a tile typed in notation
(`4m`, `7s`, `5z`) ticks that tile, as Riichi-Trainer and the MCR Helper
let a learner tap tiles.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from tutor.engine.notation import NotationError, parse_tile
from tutor.engine.tiles import tile_name
from tutor.ui.tile_art import chip

SUITS = "mpsz"
CELL = 5
"""Columns per tile: a mark, the face (two cells) and a space either side."""


class TileGrid(Widget, can_focus=True):
    """The candidate tiles by suit; `selected` are the names of those ticked, in tile order."""

    DEFAULT_CSS = """
    TileGrid { height: auto; width: auto; padding: 0 1; border: round $panel; }
    TileGrid:focus { border: round $accent; }
    TileGrid > .tile-grid--cursor { background: $accent 40%; }
    TileGrid > .tile-grid--ticked { text-style: bold; color: $text-success; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"tile-grid--cursor", "tile-grid--ticked"}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(0, -1)", show=False),
        Binding("right", "move(0, 1)", show=False),
        Binding("up", "move(-1, 0)", show=False),
        Binding("down", "move(1, 0)", show=False),
        Binding("space", "tick", show=False),
    ]

    cursor: reactive[tuple[int, int]] = reactive((0, 0))

    def __init__(self, names: list[str], ticked: set[str] | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        tiles = sorted({parse_tile(name) for name in names})
        self.rows: list[list[int]] = [[tile for tile in tiles if tile // 9 == suit] for suit in range(4)]
        self.rows = [row for row in self.rows if row]
        self.ticked: set[int] = {parse_tile(name) for name in (ticked or set())}
        self._typed = ""
        """A digit typed, waiting for its suit letter."""

    @property
    def selected(self) -> list[str]:
        return [tile_name(tile) for tile in sorted(self.ticked)]

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((len(row) for row in self.rows), default=1) * CELL

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(len(self.rows), 1)

    def render_line(self, y: int) -> Strip:
        if y >= len(self.rows):
            return Strip.blank(self.size.width, self.rich_style)
        base = self.rich_style
        cursor_style = base + self.get_component_rich_style("tile-grid--cursor")
        ticked_style = base + self.get_component_rich_style("tile-grid--ticked")
        segments = []
        for column, tile in enumerate(self.rows[y]):
            face, _ = chip(tile)
            mark = "✓" if tile in self.ticked else " "
            cell = f"{mark}{face}"
            cell += " " * max(CELL - cell_len(cell), 0)
            style = ticked_style if tile in self.ticked else base
            if (y, column) == self.cursor and self.has_focus:
                style = style + cursor_style
            segments.append(Segment(cell, style))
        return Strip(segments).extend_cell_length(self.size.width, base).crop(0, self.size.width)

    def tile_at_cursor(self) -> int | None:
        row, column = self.cursor
        if row < len(self.rows) and column < len(self.rows[row]):
            return self.rows[row][column]
        return None

    def action_move(self, rows: int, columns: int) -> None:
        if not self.rows:
            return
        row = max(0, min(len(self.rows) - 1, self.cursor[0] + rows))
        column = max(0, min(len(self.rows[row]) - 1, self.cursor[1] + columns))
        self.cursor = (row, column)

    def action_tick(self) -> None:
        tile = self.tile_at_cursor()
        if tile is not None and not self.disabled:
            self._toggle(tile)

    def _toggle(self, tile: int) -> None:
        self.ticked ^= {tile}
        self.refresh()

    def watch_cursor(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def on_key(self, event: events.Key) -> None:
        """A tile in notation: a digit, then its suit letter."""
        character = event.character or ""
        if character.isascii() and character.isdigit():
            self._typed = character
            event.stop()
            event.prevent_default()
        elif self._typed and character in SUITS:
            typed, self._typed = self._typed + character, ""
            event.stop()
            event.prevent_default()
            self._tick_named(typed)
        else:
            self._typed = ""

    def _tick_named(self, name: str) -> None:
        try:
            tile = parse_tile(name)
        except NotationError:
            return
        for row, tiles in enumerate(self.rows):
            if tile in tiles:
                self.cursor = (row, tiles.index(tile))
                if not self.disabled:
                    self._toggle(tile)
                return

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        row, column = offset.y, offset.x // CELL
        if 0 <= row < len(self.rows) and 0 <= column < len(self.rows[row]):
            self.cursor = (row, column)
            self.focus()
            if not self.disabled:
                self._toggle(self.rows[row][column])
