"""A lesson's body, text and hand blocks, drawn as one scrolling widget.

Opening a lesson is what a learner waits for most. Drawn as widgets, a
lesson was a hundred and fifty of them (a piece of text per heading, four
widgets per hand), and Textual composes, styles and lays out every one on
each open, each `]` and each language switch: 400 to 900 ms. Here the whole
body is one widget that lays its parts out as lines itself (the Markdown by
lesson_text.py, the tiles by tile_art.py) and draws only the lines in view,
the way Textual's own Log and TextArea draw long content.

What the widgets did, the document does by itself: a hand is selected with
`tab` (its left edge lights up) and revealed with `a`, `space` or a click;
links are clicked as before; the contents jump to a heading by its part.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from rich.segment import Segment
from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content, Span
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.style import Style

from tutor.ui.lesson_hand import LessonHand
from tutor.ui.tile_art import TileSize, fitting_size, render_groups
from tutor.ui.widgets.hand_view import TILE_CSS, tile_styles_css
from tutor.ui.widgets.lesson_text import Block, lines_of, parsed

READING_WIDTH = 100
"""Columns a line of lesson text may run to: wider lines are hard to follow
back to their start (at 200 columns they ran to 170)."""

HAND_EDGE = "▊"
"""The bar down a hand's left side (Textual's "tall" border)."""


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


def tile_line(line: list[tuple[str, str]], styles: Mapping[str, Style] | None = None) -> Content:
    """A row of tile art, its colours named by the document's tile classes
    (or given as styles, for a widget without those classes)."""
    spans: list[Span] = []
    position = 0
    for segment, style in line:
        if style:
            spans.append(Span(position, position + len(segment), styles[style] if styles else f".tiles--{style}"))
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
        rows += Content.styled(hand.setup_text, ".lesson-hand--setup").wrap(inner)
    shown = hand.shown_lines()
    if hand.revealed:
        for line in Content("\n".join(shown)).wrap(inner - 2):
            padded = f" {line.plain}{' ' * (inner - 2 - line.cell_length)} "
            rows.append(Content(padded, [Span(0, len(padded), ".lesson-hand--answer")], strip_control_codes=False))
    elif shown:
        rows += Content.styled(shown[0], ".lesson-hand--hidden").wrap(inner)
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


HAND_FRAME = 3
"""Cells a hand's frame takes from the width: its left bar and a column of padding either side."""

NO_HAND = -1
"""In a layout's `hand_of_row`: a row of text."""


@dataclass(frozen=True)
class Layout:
    """The document laid out at one width: every row, where each part starts,
    and which rows are a hand's (drawn behind its bar, lit when selected)."""

    rows: list[Content]
    starts: list[int]
    """The first row of each part (a hand's, its first row below its margin)."""
    hand_of_row: list[int]
    """For each row, the position of the hand it belongs to, or NO_HAND."""


HandRows = Callable[[LessonHand, int, TileSize], list[Content]]


def lay_out(parts: list[Part], width: int, size: TileSize, draw_hand: HandRows = hand_lines) -> Layout:
    """Every part in rows of at most `width` cells: text as lesson_text lays
    it out, each hand with a blank row above and below (one between two hands)."""
    rows: list[Content] = []
    starts: list[int] = []
    hand_of_row: list[int] = []
    blank = Content("")
    previous_was_hand = False
    for index, part in enumerate(parts):
        if isinstance(part, TextPart):
            starts.append(len(rows))
            rows += part.lines(width)
            hand_of_row += [NO_HAND] * (len(rows) - len(hand_of_row))
            previous_was_hand = False
        else:
            if not previous_was_hand:
                rows.append(blank)
                hand_of_row.append(NO_HAND)
            starts.append(len(rows))
            drawn = draw_hand(part, max(width - HAND_FRAME, 4), size)
            rows += drawn
            hand_of_row += [index] * len(drawn)
            rows.append(blank)
            hand_of_row.append(NO_HAND)
            previous_was_hand = True
    return Layout(rows, starts, hand_of_row)


class LessonDocument(ScrollView, can_focus=True):
    """A lesson's text and hands in one widget that draws the lines in view."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "em",
        "strong",
        "s",
        "code_inline",
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
        Binding("tab", "select_hand(1)", show=False),
        Binding("shift+tab", "select_hand(-1)", show=False),
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
        self._selected: int | None = None
        self._layout: tuple[tuple[int, TileSize, tuple[int, ...]], Layout] | None = None
        self._strips: dict[int, Strip] = {}
        """Rows already drawn as strips, for the layout and styles of now."""

    # --- what it holds --------------------------------------------------------------------------

    @property
    def hands(self) -> list[LessonHand]:
        return [part for part in self.parts if isinstance(part, LessonHand)]

    @property
    def selected_hand(self) -> LessonHand | None:
        """The hand selected with `tab` or a click, while the document has the focus."""
        if self._selected is None or not self.has_focus:
            return None
        part = self.parts[self._selected]
        return part if isinstance(part, LessonHand) else None

    @property
    def tile_size(self) -> TileSize:
        return self._tile_size

    @tile_size.setter
    def tile_size(self, size: TileSize) -> None:
        self._tile_size = size
        self._relayout()

    # --- laying out -----------------------------------------------------------------------------

    def layout_width(self) -> int:
        return max(min(self.scrollable_content_region.width, READING_WIDTH), 8)

    def current_layout(self) -> Layout:
        """The document at its width as it stands (laid out again only when something changed)."""
        key = (self.layout_width(), self._tile_size, tuple(hand.revealed for hand in self.hands))
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, lay_out(self.parts, key[0], self._tile_size, kept_hand_lines))
            self._strips.clear()
        return self._layout[1]

    def set_parts(self, parts: list[Part]) -> None:
        """Show another lesson's parts, from the top."""
        self.parts = parts
        self._selected = None
        self._layout = None
        self._strips.clear()
        self._fit_scroll_range()
        self.scroll_home(animate=False, immediate=True)
        self.refresh()

    def _relayout(self) -> None:
        """Something the layout depends on changed: lay out when next drawn.

        Not at once: a change often comes with a new width (presentation mode
        hides the contents), and the screen's layout, which sets the width,
        runs just before the drawing. The scroll range follows once drawn."""
        self.refresh()
        self.call_after_refresh(self._fit_scroll_range)

    def _fit_scroll_range(self) -> None:
        """The scroll range to the document's rows at its width (laying it out if need be)."""
        self.virtual_size = Size(self.layout_width(), len(self.current_layout().rows))

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        # Textual sizes a widget inside the screen's layout pass and tells it
        # so later (Resize); a scroll range set then takes one more layout of
        # the whole screen, a tenth of opening a lesson. So the document is
        # laid out at its new width here, and its range set without asking
        # for that layout. (Private to Textual, which is pinned.)
        resized = super()._size_updated(size, virtual_size, container_size, layout)
        fitted = Size(self.layout_width(), len(self.current_layout().rows))
        if fitted != self.virtual_size:
            self.set_reactive(ScrollView.virtual_size, fitted)
            self._scroll_update(fitted)
        return resized

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = scroll_y + y
        width = self.scrollable_content_region.width
        rich_style = self.rich_style
        rows = self.current_layout().rows
        if row >= len(rows):
            return Strip.blank(width, rich_style)
        strip = self._strips.get(row)
        if strip is None:
            strip = self._strips[row] = self._draw_row(row)
        return strip.crop_extend(scroll_x, scroll_x + width, rich_style)

    def _draw_row(self, row: int) -> Strip:
        layout = self.current_layout()
        content = layout.rows[row]
        base = self.visual_style
        segments = [
            Segment(piece, style.rich_style)
            for piece, style in content.render(base, end="", parse_style=self._get_style)
        ]
        hand = layout.hand_of_row[row]
        if hand == NO_HAND:
            return Strip(segments, content.cell_length)
        lit = hand == self._selected and self.has_focus
        edge = self.get_component_rich_style("lesson-hand--selected" if lit else "lesson-hand--edge")
        space = Segment(" ", base.rich_style)
        return Strip([Segment(HAND_EDGE, edge), space, *segments, space], content.cell_length + HAND_FRAME)

    # --- where things are -----------------------------------------------------------------------

    def part_start(self, index: int) -> int:
        """The first row of a part."""
        return self.current_layout().starts[index]

    def part_at(self, row: int) -> tuple[int, int]:
        """The part a row falls in, and how far into it."""
        starts = self.current_layout().starts
        index = 0
        for position, start in enumerate(starts):
            if start > row:
                break
            index = position
        return index, row - starts[index] if starts else 0

    def part_index(self, part_id: str) -> int | None:
        """The position of the text part with this id."""
        for index, part in enumerate(self.parts):
            if isinstance(part, TextPart) and part.id == part_id:
                return index
        return None

    def scroll_to_part(self, index: int, into: int = 0) -> None:
        self._fit_scroll_range()
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
            self._relayout()

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
        self._selected = self.parts.index(hand)
        if not self.has_focus:
            self.focus(scroll_visible=False)
        self._redraw_edges()
        self.scroll_to_hand(hand)

    def _redraw_edges(self) -> None:
        """The selection or the focus changed: only the hands' bars are drawn anew."""
        self._strips.clear()
        self.refresh()

    def scroll_to_hand(self, hand: LessonHand) -> None:
        """Bring a hand into view: the whole of it if it fits."""
        self._fit_scroll_range()
        layout = self.current_layout()
        index = self.parts.index(hand)
        top = layout.starts[index]
        bottom = layout.starts[index + 1] if index + 1 < len(layout.starts) else len(layout.rows)
        height = self.scrollable_content_region.height
        if top < self.scroll_y or bottom - top > height:
            self.scroll_to(y=max(top - 1, 0), animate=False, immediate=True)
        elif bottom > self.scroll_y + height:
            self.scroll_to(y=bottom - height, animate=False, immediate=True)

    def action_select_hand(self, step: int) -> None:
        """`tab` selects the next hand; past the last, the focus moves on."""
        hands = [index for index, part in enumerate(self.parts) if isinstance(part, LessonHand)]
        if self._selected in hands:
            position = hands.index(self._selected) + step
        else:
            # The first hand from the top of the view down (or from the bottom up).
            top = self.scroll_y
            starts = self.current_layout().starts
            below = [position for position, index in enumerate(hands) if starts[index] >= top]
            position = (below[0] if below else len(hands)) if step > 0 else (below[0] - 1 if below else len(hands) - 1)
        if 0 <= position < len(hands):
            part = self.parts[hands[position]]
            assert isinstance(part, LessonHand)
            self.select(part)
            return
        self._selected = None
        self._redraw_edges()
        if step > 0:
            self.screen.focus_next()
        else:
            self.screen.focus_previous()

    def action_reveal_selected(self) -> None:
        hand = self.selected_hand
        if hand is not None:
            self.reveal_all(hand)

    def focus_on_click(self) -> bool:
        # A click on the text does not take the focus (which would select a
        # hand away from where the learner reads); a click on a hand selects it.
        return False

    def _on_focus(self, event: events.Focus) -> None:
        super()._on_focus(event)
        if self._selected is None:
            # Reached by `tab`: the first hand in view is selected, as the
            # first hand took the focus when hands were widgets of their own.
            hands = [index for index, part in enumerate(self.parts) if isinstance(part, LessonHand)]
            starts = self.current_layout().starts
            below = [index for index in hands if starts[index] >= self.scroll_y]
            if below or hands:
                part = self.parts[(below or hands)[0]]
                assert isinstance(part, LessonHand)
                self.select(part)
        self._redraw_edges()

    def _on_blur(self, event: events.Blur) -> None:
        super()._on_blur(event)
        self._redraw_edges()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index, _ = self.part_at(self.scroll_offset.y + offset.y)
        part = self.parts[index] if self.parts else None
        if isinstance(part, LessonHand) and self.part_start(index) <= self.scroll_offset.y + offset.y:
            self.select(part)
            self.reveal_all(part)

    def action_link(self, href: str) -> None:
        self.post_message(self.LinkClicked(href))
