"""The workbench's tile picker: every tile and flower to pick from, the hand
picked so far, and the keys and clicks that change it.

The rows are the 9 characters, the 9 dots, the 9 bamboo, then the 7 honours
and the 8 flowers; the last row is the hand.  The picker holds a `Picked`
(tutor/workbench/picking.py) and posts `TilePicker.Changed` with the
notation after every change, the same text typing that hand gives.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widget import Widget

from tutor.engine.hand import MeldKind
from tutor.engine.notation import format_meld
from tutor.engine.tiles import make_tile
from tutor.ui.tile_art import chip
from tutor.ui.widgets.hand_view import TILE_CSS, tile_styles_css
from tutor.workbench.picking import Picked

CELL = 4
"""Columns per tile in the rows to pick from: a chip is at most 3."""
HAND_ROW = 4
"""The row index of the hand, below the four rows to pick from."""
FLOWER_START = 7
"""Column of the first flower in the honours row."""
ROWS: tuple[tuple[str, ...], ...] = (
    tuple(f"{n}m" for n in range(1, 10)),
    tuple(f"{n}p" for n in range(1, 10)),
    tuple(f"{n}s" for n in range(1, 10)),
    (*(f"{n}z" for n in range(1, 8)), *(f"{n}f" for n in range(1, 9))),
)


@dataclass(frozen=True, slots=True)
class HandCell:
    """One thing on the hand row: a concealed tile, a meld or a flower, and where it is drawn."""

    kind: str
    """"tile", "meld" or "flower"."""
    index: int
    start: int
    width: int


def _label(name: str) -> tuple[str, str]:
    """A cell's text (3 columns) and style name."""
    if name.endswith("f"):
        return (f"花{name[0]}", "white")
    return _three_columns(chip(make_tile(int(name[0]), name[1])))


def _three_columns(segment: tuple[str, str]) -> tuple[str, str]:
    """A chip padded to three columns: an honour's character is two wide."""
    text, style = segment
    return (text if len(text) == 2 else text + " ", style)


class TilePicker(Widget, can_focus=True):
    """Arrows move; enter picks (or marks the winning tile on the hand row);
    space selects hand tiles; c p k a make a chi, pon, kan or concealed kan of
    the selected tiles; backspace removes."""

    DEFAULT_CSS = (
        "TilePicker { height: 5; width: 1fr; padding: 0 1; }\n"
        "TilePicker:focus { background: $boost; }\n" + tile_styles_css("TilePicker")
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(0, -1)", show=False),
        Binding("down", "move(0, 1)", show=False),
        Binding("left", "move(-1, 0)", show=False),
        Binding("right", "move(1, 0)", show=False),
        Binding("enter", "choose", show=False),
        Binding("space", "select", show=False),
        Binding("backspace,delete", "remove", show=False),
        Binding("c", "meld('chi')", show=False),
        Binding("p", "meld('pon')", show=False),
        Binding("k", "meld('open_kan')", show=False),
        Binding("a", "meld('closed_kan')", show=False),
    ]
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"tiles--{name}" for name in TILE_CSS}

    class Changed(Message):
        """The picked hand changed; `notation` is it as typed."""

        def __init__(self, notation: str) -> None:
            super().__init__()
            self.notation = notation

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.picked = Picked()
        self.cursor = (0, 0)
        """(column, row) of the cell under the cursor."""
        self.selected: set[int] = set()
        """Indices of the concealed tiles chosen for a meld."""

    # --- drawing ---------------------------------------------------------------------------

    def hand_cells(self) -> list[HandCell]:
        cells: list[HandCell] = []
        position = 0
        for index in range(len(self.picked.concealed)):
            cells.append(HandCell("tile", index, position, CELL))
            position += CELL
        for index, meld in enumerate(self.picked.melds):
            width = len(format_meld(meld)) + 1
            cells.append(HandCell("meld", index, position + 1, width))
            position += width + 1
        for index in range(len(self.picked.flowers)):
            cells.append(HandCell("flower", index, position + 1, CELL))
            position += CELL + 1
        return cells

    def _style(self, name: str, *, cursor: bool, marked: bool = False) -> Style:
        style = self.get_component_rich_style(f"tiles--{name}", partial=True)
        if marked:
            style += self.get_component_rich_style("tiles--win", partial=True)
        return style + Style(reverse=True) if cursor else style

    def render(self) -> Text:
        column, row = self.cursor
        result = Text()
        for number, names in enumerate(ROWS):
            for position, name in enumerate(names):
                text, style = _label(name)
                if number == len(ROWS) - 1 and position == FLOWER_START:
                    result.append(" ")
                result.append(text, style=self._style(style, cursor=(position, number) == (column, row)))
                result.append(" ")
            result.append("\n")
        win = self.picked.win_index if self.picked.tile_count == 14 else None
        for place, cell in enumerate(self.hand_cells()):
            here = row == HAND_ROW and place == column
            if cell.kind == "tile":
                tile = self.picked.concealed[cell.index]
                text, style = _three_columns(chip(tile))
                mark = "^" if cell.index in self.selected else " "
                result.append(text, style=self._style(style, cursor=here, marked=cell.index == win))
                result.append(mark)
            elif cell.kind == "meld":
                result.append(" ")
                result.append(format_meld(self.picked.melds[cell.index]), style=self._style("wind", cursor=here))
                result.append(" ")
            else:
                result.append(" ")
                result.append(f"花{self.picked.flowers[cell.index]}", style=self._style("white", cursor=here))
                result.append(" ")
        return result

    # --- changes ---------------------------------------------------------------------------

    def load(self, picked: Picked) -> None:
        """Show a hand typed elsewhere, without posting Changed."""
        self.picked = picked
        self.selected = set()
        self._clamp()
        self.refresh()

    def _update(self, picked: Picked) -> None:
        if picked != self.picked:
            before = self.picked.notation()
            self.picked = picked
            self._clamp()
            self.refresh()
            if picked.notation() != before:
                self.post_message(self.Changed(picked.notation()))

    def _clamp(self) -> None:
        column, row = self.cursor
        width = len(self.hand_cells()) if row == HAND_ROW else len(ROWS[row])
        self.cursor = (max(0, min(column, width - 1)), row)

    def action_move(self, columns: int, rows: int) -> None:
        column, row = self.cursor
        row = max(0, min(HAND_ROW, row + rows))
        self.cursor = (column + columns, row)
        self._clamp()
        self.refresh()

    def cell_name(self) -> str | None:
        column, row = self.cursor
        return ROWS[row][column] if row < HAND_ROW and column < len(ROWS[row]) else None

    def hand_cell(self) -> HandCell | None:
        column, row = self.cursor
        cells = self.hand_cells()
        return cells[column] if row == HAND_ROW and column < len(cells) else None

    def pick(self, name: str) -> None:
        if name.endswith("f"):
            self._update(self.picked.pick_flower(int(name[0])))
        else:
            self._update(self.picked.pick(make_tile(int(name[0]), name[1])))

    def action_choose(self) -> None:
        name = self.cell_name()
        if name is not None:
            self.pick(name)
            return
        self.mark_win()

    def mark_win(self) -> None:
        cell = self.hand_cell()
        if cell is not None and cell.kind == "tile":
            self._update(self.picked.mark_win(cell.index))

    def action_select(self) -> None:
        cell = self.hand_cell()
        if cell is not None and cell.kind == "tile":
            self.selected ^= {cell.index}
            self.refresh()

    def action_remove(self) -> None:
        cell = self.hand_cell()
        if cell is None:
            return
        self.selected = set()
        if cell.kind == "tile":
            self._update(self.picked.remove(cell.index))
        elif cell.kind == "meld":
            self._update(self.picked.remove_meld(cell.index))
        else:
            self._update(self.picked.remove_flower(self.picked.flowers[cell.index]))

    def action_meld(self, kind: str) -> None:
        picked = self.picked.make_meld(tuple(sorted(self.selected)), MeldKind(kind))
        if picked != self.picked:
            self.selected = set()
        else:
            self.app.bell()
        self._update(picked)

    def on_click(self, event: events.Click) -> None:
        """A click picks a tile from the rows, or moves to and selects a hand tile."""
        x, y = event.x - 1, event.y  # the left padding
        if y < HAND_ROW:
            column = x // CELL if y < 3 or x // CELL < FLOWER_START else (x - 1) // CELL
            if 0 <= column < len(ROWS[y]):
                self.cursor = (column, y)
                self.pick(ROWS[y][column])
            return
        for place, cell in enumerate(self.hand_cells()):
            if cell.start <= x < cell.start + cell.width:
                self.cursor = (place, HAND_ROW)
                self.action_select()
                return
