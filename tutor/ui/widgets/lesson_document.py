"""A lesson's body, text and hand blocks, drawn as one scrolling widget.

Opening a lesson is what a learner waits for most. Drawn as widgets, a
lesson was a hundred and fifty of them (a piece of text per heading, four
widgets per hand), and Textual composes, styles and lays out every one on
each open, each `]` and each language switch: 400 to 900 ms. Here the whole
body is one RowView (row_view.py) that lays its parts out as lines itself
(the Markdown by lesson_text.py, the tiles by tile_art.py) and draws only the
lines in view.

What the widgets did, the document does by itself: a hand is selected with
`tab` (its left edge lights up) and revealed with `a`, `space` or a click;
links are clicked as before; the contents jump to a heading by its part.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content, Span
from textual.message import Message

from tutor.ui.lesson_hand import LessonHand
from tutor.ui.tile_art import TileSize, fitting_size, render_groups
from tutor.ui.widgets.hand_view import TILE_CSS, tile_styles_css
from tutor.ui.widgets.lesson_text import Block, lines_of, parsed, wrapped
from tutor.ui.widgets.row_view import FRAME, UNFRAMED, Layout, RowView

READING_WIDTH = 100
"""Columns a line of lesson text may run to: wider lines are hard to follow
back to their start (at 200 columns they ran to 170)."""


@dataclass
class TextPart:
    """A piece of the lesson's Markdown: one heading's section, or the text
    between two hands. `id` names it for the contents ("heading-12")."""

    id: str
    source: str
    blocks: tuple[Block, ...] = field(init=False)
    _lines: tuple[int, list[Content]] | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.blocks = parsed(self.source)

    def lines(self, width: int) -> list[Content]:
        """The text laid out at a width (kept for the last width asked)."""
        if self._lines is None or self._lines[0] != width:
            self._lines = (width, lines_of(self.blocks, width))
        return self._lines[1]


Part = TextPart | LessonHand


def tile_line(line: list[tuple[str, str]]) -> Content:
    """A row of tile art, its colours named by the widget's tile classes (`tiles--man` …)."""
    spans: list[Span] = []
    position = 0
    for segment, style in line:
        if style:
            spans.append(Span(position, position + len(segment), f".tiles--{style}"))
        position += len(segment)
    # Tile art holds no control codes: skip Content's scan for them, which
    # was a third of the time a lesson took to lay out.
    return Content("".join(segment for segment, _ in line), spans=spans, strip_control_codes=False)


def hand_lines(hand: LessonHand, inner: int, size: TileSize) -> list[Content]:
    """A hand's rows inside its frame, `inner` cells wide: its tiles, setting and answer."""
    rows: list[Content] = []
    if hand.groups:
        drawn = render_groups(hand.groups, fitting_size(hand.groups, size, inner), inner)
        rows += [tile_line(line) for line in drawn]
    if hand.setup_text:
        rows += wrapped(Content.styled(hand.setup_text, ".lesson-hand--setup"), inner)
    shown = hand.shown_lines()
    if hand.revealed:
        for line in wrapped(Content("\n".join(shown)), inner - 2):
            padded = f" {line.plain}{' ' * (inner - 2 - line.cell_length)} "
            rows.append(Content(padded, [Span(0, len(padded), ".lesson-hand--answer")], strip_control_codes=False))
    elif shown:
        rows += wrapped(Content.styled(shown[0], ".lesson-hand--hidden"), inner)
    return rows


def kept_hand_lines(hand: LessonHand, inner: int, size: TileSize) -> list[Content]:
    """A hand's rows as `hand_lines` draws them, kept on the hand, so that
    revealing one hand lays out only that one again, and a lesson shown
    again (or prepared ahead, see tutor/ui/lesson_screens.py) is laid out
    already."""
    key = (inner, size, hand.revealed)
    rows = hand.drawn.get(key)
    if rows is None:
        if len(hand.drawn) > 8:
            hand.drawn.clear()
        rows = hand.drawn[key] = hand_lines(hand, inner, size)
    return rows


HandRows = Callable[[LessonHand, int, TileSize], list[Content]]


def lay_out(parts: list[Part], width: int, size: TileSize, draw_hand: HandRows = hand_lines) -> Layout:
    """Every part in rows of at most `width` cells: text as lesson_text lays
    it out, each hand with a blank row above and below (one between two hands)."""
    rows: list[Content] = []
    starts: list[int] = []
    frame_of_row: list[int] = []
    blank = Content("")
    previous_was_hand = False
    for index, part in enumerate(parts):
        if isinstance(part, TextPart):
            starts.append(len(rows))
            rows += part.lines(width)
            frame_of_row += [UNFRAMED] * (len(rows) - len(frame_of_row))
            previous_was_hand = False
        else:
            if not previous_was_hand:
                rows.append(blank)
                frame_of_row.append(UNFRAMED)
            starts.append(len(rows))
            drawn = draw_hand(part, max(width - FRAME, 4), size)
            rows += drawn
            frame_of_row += [index] * len(drawn)
            rows.append(blank)
            frame_of_row.append(UNFRAMED)
            previous_was_hand = True
    return Layout(rows, starts, frame_of_row)


class LessonDocument(RowView, can_focus=True):
    """A lesson's text and hands in one widget that draws the lines in view."""

    EDGE_CLASS = "lesson-hand--edge"
    SELECTED_CLASS = "lesson-hand--selected"

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "em",
        "strong",
        "s",
        "code_inline",
        "link",
        "lesson-text--h1",
        "lesson-text--h2",
        "lesson-text--h3",
        "lesson-text--bullet",
        "lesson-text--th",
        "lesson-text--rule",
        "lesson-hand--edge",
        "lesson-hand--selected",
        "lesson-hand--setup",
        "lesson-hand--answer",
        "lesson-hand--hidden",
        *(f"tiles--{name}" for name in TILE_CSS),
    }

    DEFAULT_CSS = """
    LessonDocument {
        overflow-x: hidden;
        scrollbar-gutter: stable;
        color: $foreground;
        & > .em { text-style: italic; }
        & > .strong { text-style: bold; }
        & > .s { text-style: strike; }
        & > .link { color: $text-accent; text-style: underline; }
        &:dark > .code_inline { background: $warning 10%; color: $text-warning 95%; }
        &:light > .code_inline { background: $error 5%; color: $text-error 95%; }
        & > .lesson-text--h1 {
            color: $markdown-h1-color; background: $markdown-h1-background; text-style: $markdown-h1-text-style;
        }
        & > .lesson-text--h2 {
            color: $markdown-h2-color; background: $markdown-h2-background; text-style: $markdown-h2-text-style;
        }
        & > .lesson-text--h3 {
            color: $markdown-h3-color; background: $markdown-h3-background; text-style: $markdown-h3-text-style;
        }
        & > .lesson-text--bullet { color: $text-primary; }
        &:light > .lesson-text--bullet { color: $text-secondary; }
        & > .lesson-text--th { color: $primary; text-style: bold; }
        & > .lesson-text--rule { color: $foreground 20%; }
        & > .lesson-hand--edge { color: $panel; }
        & > .lesson-hand--selected { color: $accent; }
        & > .lesson-hand--setup { color: $text-muted; }
        & > .lesson-hand--answer { color: $text; background: $boost; }
        & > .lesson-hand--hidden { color: $text-muted; text-style: italic; }
    }
    """ + tile_styles_css("LessonDocument")

    # Out of the footer and without words of their own (the help names
    # them, in the learner's language), like the screen's scroll keys.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "select_next(1)", show=False),
        Binding("shift+tab", "select_next(-1)", show=False),
        Binding("enter", "reveal_selected", show=False),
    ]

    class LinkClicked(Message):
        """A link in the text was clicked."""

        def __init__(self, href: str) -> None:
            super().__init__()
            self.href = href

    class Revealed(Message):
        """Some of a hand's answer was revealed: the lesson counts as read."""

    def __init__(self, parts: list[Part], *, size: TileSize = TileSize.SMALL, id: str | None = None) -> None:
        super().__init__(id=id)
        self.parts = parts
        """The text pieces and hands, in the lesson's order."""
        self._tile_size = size

    # --- what it holds --------------------------------------------------------------------------

    @property
    def hands(self) -> list[LessonHand]:
        return [part for part in self.parts if isinstance(part, LessonHand)]

    @property
    def selected_hand(self) -> LessonHand | None:
        """The hand selected with `tab` or a click, while the document has the focus."""
        if self.selected is None or not self.has_focus:
            return None
        part = self.parts[self.selected]
        return part if isinstance(part, LessonHand) else None

    @property
    def tile_size(self) -> TileSize:
        return self._tile_size

    @tile_size.setter
    def tile_size(self, size: TileSize) -> None:
        self._tile_size = size
        self.relayout()

    # --- laying out -----------------------------------------------------------------------------

    def layout_width(self) -> int:
        return max(min(self.scrollable_content_region.width, READING_WIDTH), 8)

    def layout_key(self) -> Hashable:
        return (self.layout_width(), self._tile_size, tuple(hand.revealed for hand in self.hands))

    def lay_out(self, width: int) -> Layout:
        return lay_out(self.parts, width, self._tile_size, kept_hand_lines)

    def selectable(self) -> list[int]:
        return [index for index, part in enumerate(self.parts) if isinstance(part, LessonHand)]

    def set_parts(self, parts: list[Part]) -> None:
        """Show another lesson's parts, from the top."""
        self.parts = parts
        self.forget_layout()

    # --- where things are -----------------------------------------------------------------------

    def part_index(self, part_id: str) -> int | None:
        """The position of the text part with this id."""
        for index, part in enumerate(self.parts):
            if isinstance(part, TextPart) and part.id == part_id:
                return index
        return None

    def scroll_to_part(self, index: int, into: int = 0) -> None:
        self.fit_scroll_range()
        self.scroll_to(y=self.part_start(index) + into, animate=False, immediate=True)

    # --- hands ------------------------------------------------------------------------------------

    def set_revealed(self, hand: LessonHand, revealed: int) -> None:
        """Show this many of a hand's steps."""
        self.set_revealed_of({hand: revealed})

    def set_revealed_of(self, revealed: dict[LessonHand, int]) -> None:
        """Show this many steps of each of these hands, laid out once."""
        changed = False
        for hand, count in revealed.items():
            count = max(0, min(count, len(hand.steps)))
            if count != hand.revealed:
                hand.revealed, changed = count, True
        if changed:
            if any(hand.revealed for hand in revealed):
                self.post_message(self.Revealed())
            self.relayout()

    def reveal_all(self, hand: LessonHand | None = None) -> None:
        """Every step of one hand, or of all of them."""
        self.set_revealed_of({each: len(each.steps) for each in ([hand] if hand is not None else self.hands)})

    def reveal_step(self) -> LessonHand | None:
        """One more step of the first hand with anything still hidden: that hand, or None."""
        for hand in self.hands:
            if not hand.fully_revealed:
                self.set_revealed(hand, hand.revealed + 1)
                return hand
        return None

    def select(self, hand: LessonHand) -> None:
        """Select a hand (the document takes the focus) and bring it into view."""
        self.select_part(self.parts.index(hand))

    def scroll_to_hand(self, hand: LessonHand) -> None:
        """Bring a hand into view: the whole of it if it fits."""
        self.scroll_to_part_whole(self.parts.index(hand))

    def action_reveal_selected(self) -> None:
        hand = self.selected_hand
        if hand is not None:
            self.reveal_all(hand)

    def on_click(self, event: events.Click) -> None:
        index = self.part_clicked(event)
        part = self.parts[index] if index is not None else None
        if isinstance(part, LessonHand):
            self.select(part)
            self.reveal_all(part)

    def action_link(self, href: str) -> None:
        self.post_message(self.LinkClicked(href))
