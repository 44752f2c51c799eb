"""The table drawn from above: four walls of stacks, the seats, and what lies between.

One character per stack (ASCII, so that East-Asian terminals keep the walls
straight): `=` two tiles, `-` one, `x` the dead wall, `*` a face-up
indicator.  The walls keep their shape at any size; a wider widget spaces
the stacks of the top and bottom walls further apart and lists discards.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import get_character_cell_size
from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from tutor.engine.hand import Hand
from tutor.engine.notation import format_hand
from tutor.engine.table import TableState, is_counted, is_flower, stack_view, stacks_per_wall
from tutor.locale import render, text
from tutor.quiz.faces import face
from tutor.quiz.names import tile_message

Cell = tuple[str, Style]

WIDE_WIDTH = 110
"""From this width on, stacks stand three columns apart and discards are listed."""


def tile_text(kind: int, language: str) -> str:
    """A tile named in the learner's words; a flower by its class."""
    return text(language, "table.flower") if is_flower(kind) else render(tile_message(kind), language)


def tile_face(kind: int, language: str) -> str:
    """A tile in a list by its face ("5筒", "中"), as hands are drawn; a flower by its class."""
    return text(language, "table.flower") if is_flower(kind) else face(kind)


def seat_label(state: TableState, position: int, language: str) -> str:
    wind = state.winds()[position]
    relation = text(language, f"table.label.{position}")
    label = (
        text(language, "table.seat_label", wind=text(language, f"table.wind.{wind}"), relation=relation)
        if wind
        else relation
    )
    if state.dealer == position:
        label += f" · {text(language, 'table.dealer')}"
    return label


def hand_words(state: TableState, position: int, language: str) -> str:
    """A hand laid open: its tiles in the course's notation, a flower by its class."""
    kinds = [state.kind(slot) for slot in state.hands[position]]
    tiles = tuple(sorted(kind for kind in kinds if not is_flower(kind)))
    words = [format_hand(Hand(tiles))] if tiles else []
    words += [text(language, "table.flower") for kind in kinds if is_flower(kind)]
    return text(language, "table.hand_open", tiles=" ".join(words))


def seat_lines(state: TableState, position: int, language: str, wide: bool, open_hands: bool = False) -> list[str]:
    """The label and what the seat holds, one short line each.  A hand is
    face down (its count) unless the rules lay it open or the teacher opens all."""
    lines = [seat_label(state, position, language)]
    if state.rules == "riichi":
        lines.append(text(language, "table.score", points=state.scores[position]))
    elif state.flowers[position]:
        lines.append(text(language, "table.flower_count", count=len(state.flowers[position])))
    if state.tenpai is not None:
        lines.append(text(language, "table.tenpai" if position in state.tenpai else "table.noten"))
    if state.hands[position]:
        if open_hands or position in state.shown:
            lines.append(hand_words(state, position, language))
        else:
            lines.append(text(language, "table.hand_count", count=len(state.hands[position])))
    if state.discards[position]:
        discards = state.discards[position]
        lines.append(text(language, "table.discard_count", count=len(discards)))
        if wide:
            names = [tile_face(state.kind(slot), language) for slot in discards[-12:]]
            lines += (" ".join(names[start : start + 6]) for start in range(0, len(names), 6))
    if state.melds[position]:
        tiles = " ".join(tile_face(state.kind(slot), language) for slot in state.melds[position][:8])
        lines.append(text(language, "table.meld_list", tiles=tiles))
    return lines


def cell_width(line: str) -> int:
    return sum(get_character_cell_size(char) for char in line)


def fitted(line: str, width: int) -> list[str]:
    """A line broken at " · " and then at spaces into pieces of at most
    `width` cells; a word longer than that is cut (it never is at 80 columns)."""
    if cell_width(line) <= width:
        return [line]
    for separator in (" · ", " "):
        if separator in line:
            pieces: list[str] = []
            for word in line.split(separator):
                if pieces and cell_width(pieces[-1]) + cell_width(separator) + cell_width(word) <= width:
                    pieces[-1] += separator + word
                else:
                    pieces.append(word)
            return [part for piece in pieces for part in fitted(piece, width)]
    cut = ""
    for char in line:
        if cell_width(cut + char) > width:
            break
        cut += char
    return [cut]


class Canvas:
    """A grid of cells that knows wide characters take two."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.rows: list[list[Cell | None]] = [[(" ", Style())] * width for _ in range(height)]

    def put(self, row: int, column: int, line: str, style: Style | None = None) -> None:
        if not 0 <= row < self.height:
            return
        for char in line:
            size = get_character_cell_size(char)
            if column < 0 or column + size > self.width:
                return
            self.rows[row][column] = (char, style or Style())
            if size == 2:
                self.rows[row][column + 1] = None
            column += size

    def text(self) -> Text:
        result = Text()
        for number, row in enumerate(self.rows):
            for cell in row:
                if cell is not None:
                    result.append(cell[0], cell[1])
            if number < self.height - 1:
                result.append("\n")
        return result


class TableView(Widget):
    """Draws one TableState in one language."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "table--dead",
        "table--indicator",
        "table--counted",
        "table--turn",
        "table--label",
    }
    DEFAULT_CSS = """
    TableView { height: 1fr; width: 1fr; }
    TableView > .table--dead { color: $warning; text-style: bold; }
    TableView > .table--indicator { color: $error; text-style: bold reverse; }
    TableView > .table--counted { color: $accent; text-style: bold reverse; }
    TableView > .table--turn { color: $accent; text-style: bold; }
    TableView > .table--label { text-style: bold; }
    """

    def __init__(self, state: TableState, language: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state = state
        self.language = language
        self.open_hands = False
        """Every hand face up, for a class; otherwise only those the rules lay open."""

    def show(self, state: TableState, language: str, open_hands: bool = False) -> None:
        self.state, self.language, self.open_hands = state, language, open_hands
        self.refresh()

    def render(self) -> Text:
        width, height = self.size.width, self.size.height
        canvas = Canvas(max(width, 1), max(height, 1))
        self.draw(canvas)
        return canvas.text()

    def draw(self, canvas: Canvas) -> None:
        state, language = self.state, self.language
        per_wall = stacks_per_wall(state.rules)
        wide = canvas.width >= WIDE_WIDTH
        spacing = 3 if wide else 2
        box_width = per_wall * spacing + 3
        left = max((canvas.width - box_width) // 2, 0)
        right = left + per_wall * spacing + 2
        top = max((canvas.height - per_wall - 2) // 2, 0)
        bottom = top + per_wall + 1
        style = self.get_component_rich_style
        show_counted = state.broken and state.wall.front == 0

        def stack(position: int, from_right: int) -> Cell:
            view = stack_view(state, position, from_right)
            char = {2: "=", 1: "-", 0: " "}[view.tiles]
            if view.indicator is not None:
                return "*", style("table--indicator")
            if view.dead and view.tiles:
                return "x", style("table--dead")
            if show_counted and is_counted(state.opening, position, from_right, per_wall):
                return char, style("table--counted")
            return char, Style()

        for from_right in range(per_wall):
            for position, row, column in (
                (0, bottom, left + 2 + (per_wall - 1 - from_right) * spacing),
                (2, top, left + 2 + from_right * spacing),
                (1, top + 1 + from_right, right),
                (3, top + per_wall - from_right, left),
            ):
                char, cell_style = stack(position, from_right)
                canvas.put(row, column, char, cell_style)

        def label_style(position: int) -> Style:
            if position == state.counted:
                return style("table--counted")
            if position == state.turn:
                return style("table--turn")
            return style("table--label")

        inner = per_wall * spacing - 1
        middle = top + per_wall // 2
        # The seats across and at the bottom are labelled inside the walls, those
        # at the sides outside them, so that everything fits 80 columns by 24 rows.
        # Wide and tall enough, they go outside, above and below.
        outside = wide and top >= 8
        open_hands = self.open_hands
        for position, first_row, step in ((2, top + 2, 1), (0, bottom - 2, -1)):
            lines = seat_lines(state, position, language, wide, open_hands)
            joined = lines if wide else [lines[0], *packed(lines[1:], inner)]
            joined = [piece for line in joined for piece in fitted(line, inner)]
            label_pieces = fitted(lines[0], inner)
            if outside:
                joined = joined if position == 0 else list(reversed(joined))
                first_row, step = (bottom + 1, 1) if position == 0 else (top - 1, -1)
            for offset, line in enumerate(joined if step == 1 or outside else list(reversed(joined))):
                if not line:
                    continue
                column = left + 2 + max((inner - cell_width(line)) // 2, 0)
                line_style = label_style(position) if line in label_pieces else Style()
                canvas.put(first_row + step * offset, column, line, line_style)
        # The side seats get the room between the wall and the screen's edge,
        # a line broken where it would not fit (a label and "dealer", say).
        for position, side in ((3, "left"), (1, "right")):
            room = max(left - 2, 1) if side == "left" else max(canvas.width - right - 2, 1)
            lines = seat_lines(state, position, language, wide, open_hands)
            label = fitted(lines[0], room)
            pieces = [*label, *(piece for line in lines[1:] for piece in fitted(line, room))]
            for offset, line in enumerate(pieces):
                row = middle - 1 + offset
                column = left - 2 - cell_width(line) if side == "left" else right + 2
                line_style = label_style(position) if offset < len(label) else Style()
                canvas.put(row, max(column, 0), line, line_style)
        centre = []
        if state.dice is not None:
            first, second = state.dice
            centre.append(text(language, "table.dice", first=first, second=second, total=first + second))
        if state.indicators:
            tiles = ", ".join(tile_text(state.kind(slot), language) for slot in state.indicators)
            centre.append(text(language, "table.indicators", tiles=tiles))
        if state.hands[0] or state.wall.front:
            centre.append(text(language, "table.live", count=state.wall.live()))
        centre.append(text(language, "table.legend_tiles"))
        if state.rules == "riichi":
            centre.append(text(language, "table.legend_dead"))
        # Inside the walls, so nothing reaches a side seat's lines.
        centre = [piece for line in centre for piece in fitted(line, inner)]
        for offset, line in enumerate(centre):
            column = left + 2 + max((inner - cell_width(line)) // 2, 0)
            canvas.put(middle - 1 + offset, column, line)


def packed(items: list[str], width: int) -> list[str]:
    """Short items joined by " · " into as few lines of `width` cells as they fit."""
    lines: list[str] = []
    for item in items:
        if lines and cell_width(lines[-1]) + 3 + cell_width(item) <= width:
            lines[-1] += f" · {item}"
        else:
            lines.append(item)
    return lines
