"""The table of a game being played, from above (tutor/quiz/play_view.py
holds what it shows): each seat's wind, points, melds, flowers (MCR) and
discards in order, and in the middle the round and hand, and for riichi the
honba, riichi sticks and dora indicators, and the tiles left.

The learner sits at the bottom; the seat across at the top, the seat on the
left (who plays before the learner) at the left.  A discard is its face
("4筒"); the riichi discard is drawn turned (reversed), a discard another
seat called is dimmed and struck through (it still counts for furiten, so
it keeps its place), and the discard being answered is underlined.
"""

from __future__ import annotations

from typing import ClassVar, Final

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from tutor.engine.game.state import KyokuState
from tutor.engine.tiles import WIND_LETTERS
from tutor.locale import render, text
from tutor.quiz.faces import face
from tutor.quiz.play_view import PlayView, SeatView, riichi_seat
from tutor.ui.tile_art import style_of
from tutor.ui.widgets.hand_view import tile_styles
from tutor.ui.widgets.table_view import Canvas, cell_width, fitted

CELL: Final = 4
"""Columns a discard takes: its face (two or three columns) and a gap."""

SIDE_ROW: Final = 6
"""Discards per row at the sides, as a river is laid: six to a row."""

Piece = tuple[str, Style]
Line = tuple[bool, list[Piece]]
"""A line of a block: whether it is a row of tiles (each in a cell of CELL
columns), and its pieces."""


def seat_text(seat: SeatView, language: str) -> str:
    """A seat's label: its wind this hand, where it sits, its points, and riichi when it stands."""
    wind = text(language, f"table.wind.{WIND_LETTERS[seat.wind]}")
    key = "play.seat_riichi" if seat.riichi else "play.seat"
    return text(language, key, wind=wind, relation=text(language, f"table.label.{seat.relation}"), points=seat.points)


def seat_line(state: KyokuState, seat: int, language: str) -> str:
    """A riichi seat's label (the learner at seat 0)."""
    return seat_text(riichi_seat(state, seat), language)


class PlayTable(Widget):
    """Draws one hand's state in one language."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "play-table--label",
        "play-table--turn",
        "play-table--riichi",
        "play-table--called",
        "play-table--last",
    }
    DEFAULT_CSS = """
    PlayTable { height: 1fr; width: 1fr; }
    PlayTable > .play-table--label { text-style: bold; }
    PlayTable > .play-table--turn { color: $accent; text-style: bold; }
    PlayTable > .play-table--riichi { text-style: reverse; }
    PlayTable > .play-table--called { text-style: dim strike; }
    PlayTable > .play-table--last { text-style: bold underline; }
    """

    def __init__(self, view: PlayView, language: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = view
        self.language = language

    def show(self, view: PlayView, language: str) -> None:
        self.view, self.language = view, language
        self.refresh()

    def render(self) -> Text:
        canvas = Canvas(max(self.size.width, 1), max(self.size.height, 1))
        self.draw(canvas)
        return canvas.text()

    def river_rows(self, seat: SeatView, per_row: int) -> list[Line]:
        """The seat's discards in order, `per_row` to a row, each with its style."""
        tiles = tile_styles(self.app.theme_variables)
        style = self.get_component_rich_style
        cells: list[Piece] = []
        for tile in seat.river:
            cell_style = tiles.get(style_of(tile.kind), Style())
            if tile.turned:
                cell_style += style("play-table--riichi")
            if tile.called:
                cell_style += style("play-table--called")
            if tile.last:
                cell_style += style("play-table--last")
            cells.append((face(tile.kind), cell_style))
        return [(True, cells[start : start + per_row]) for start in range(0, len(cells), per_row)]

    def hand_lines(self, seat: SeatView, width: int) -> list[Line]:
        """A hand shown open: its faces side by side, as many to a line as `width` holds."""
        tiles = tile_styles(self.app.theme_variables)
        lines: list[Line] = []
        used = width
        for kind in seat.hand:
            shown = face(kind)
            if used + cell_width(shown) > width:
                lines.append((False, []))
                used = 0
            lines[-1][1].append((shown, tiles.get(style_of(kind), Style())))
            used += cell_width(shown)
        return lines

    def seat_block(self, relation: int, per_row: int, width: int) -> list[Line]:
        """The seat's lines: its label, its melds and flowers, its river; each line as styled pieces."""
        seat, language = self.view.seats[relation], self.language
        style = self.get_component_rich_style
        label_style = style("play-table--turn") if seat.turn else style("play-table--label")
        lines: list[Line] = [(False, [(piece, label_style)]) for piece in fitted(seat_text(seat, language), width)]
        shown = list(seat.melds)
        if seat.flowers:
            shown.append(text(language, "table.flower_count", count=seat.flowers))
        melds = " ".join(shown)
        lines += [(False, [(piece, Style())]) for piece in fitted(melds, width)] if melds else []
        # A column short of the block, so that a side hand never touches the middle lines.
        lines += self.hand_lines(seat, width - 1)
        lines += self.river_rows(seat, per_row)
        return lines

    def draw(self, canvas: Canvas) -> None:
        width, height = canvas.width, canvas.height
        # Across and the learner take a river of twelve to a row where rows are few.
        wide_rows = 12 if height < 20 else SIDE_ROW
        side_width = SIDE_ROW * CELL
        top = self.seat_block(2, wide_rows, width)
        bottom = self.seat_block(0, wide_rows, width)
        left = self.seat_block(3, SIDE_ROW, side_width)
        right = self.seat_block(1, SIDE_ROW, side_width)
        lines = (render(line, self.language) for line in self.view.centre)
        centre = [piece for line in lines for piece in fitted(line, width)]
        band = max(len(left), len(right), len(centre))
        # The middle band sits between the blocks above and below, as high as there is room.
        middle_top = len(top) + max((height - len(top) - len(bottom) - band) // 2, 0)

        def put_block(lines: list[Line], row: int, column: int, centred: int = 0) -> None:
            """Each line at `column`, or centred in `centred` columns from it (a river as a full row)."""
            for offset, (tiles, pieces) in enumerate(lines):
                line_width = wide_rows * CELL if tiles else sum(cell_width(piece) for piece, _ in pieces)
                at = column + max((centred - line_width) // 2, 0) if centred else column
                for piece, piece_style in pieces:
                    canvas.put(row + offset, at, piece, piece_style)
                    at += CELL if tiles else cell_width(piece)

        block_width = wide_rows * CELL
        put_block(top, 0, max((width - block_width) // 2, 0), block_width)
        put_block(left, middle_top, 0)
        put_block(right, middle_top, max(width - side_width, 0))
        put_block(
            [(False, [(line, Style())]) for line in centre],
            middle_top,
            side_width + 1,
            max(width - 2 * side_width - 2, 1),
        )
        put_block(bottom, max(height - len(bottom), middle_top + band), max((width - block_width) // 2, 0), block_width)
