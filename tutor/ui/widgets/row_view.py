"""A scrolling widget that lays out its own rows and draws only those in view.

Textual composes, styles and lays out every widget on a screen, at a few
milliseconds each: a lesson drawn as widgets was a hundred and fifty of them,
a drill's summary four per mistake, and both took most of a second to open.
A RowView is one widget, however long its content: a subclass lays its parts
out as rows of Content at a width, and the view draws the rows in view, the
way Textual's own Log and TextArea draw long content.

Some parts are framed: drawn behind a bar down their left side, which lights
up when the part is selected (with `tab`, or a click) while the view has the
focus. The lesson document frames its hands, the summary every mistake.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import ClassVar

from rich.segment import Segment
from textual import events
from textual.content import Content
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tutor.ui.textual_compat import parse_style, set_scroll_range

EDGE = "▊"
"""The bar down a framed part's left side (Textual's "tall" border)."""

FRAME = 3
"""Cells a frame takes from the width: its bar and a column of padding either side."""

UNFRAMED = -1
"""In a layout's `frame_of_row`: a row outside any frame."""


@dataclass(frozen=True)
class Layout:
    """The parts laid out at one width: every row, where each part starts,
    and which rows are a framed part's."""

    rows: list[Content]
    starts: list[int]
    """The first row of each part."""
    frame_of_row: list[int]
    """For each row, the position of the framed part it belongs to, or UNFRAMED."""


class RowView(ScrollView):
    """Rows laid out by a subclass, drawn as they come into view."""

    EDGE_CLASS: ClassVar[str] = ""
    """The component class that colours a frame's bar."""
    SELECTED_CLASS: ClassVar[str] = ""
    """The component class that colours the bar of the selected part."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.selected: int | None = None
        """The position of the selected part, if any."""
        self._layout: tuple[Hashable, Layout] | None = None
        self._strips: dict[int, Strip] = {}
        """Rows already drawn as strips (without their frame), for the layout and styles of now."""
        self._styles: tuple[object, ...] = ()
        """The styles the strips were drawn with."""
        self._styles_checked = False

    # --- what a subclass gives --------------------------------------------------------------------

    def layout_key(self) -> Hashable:
        """What the layout depends on: it is laid out again when this changes."""
        return self.layout_width()

    def lay_out(self, width: int) -> Layout:
        """Every row of the parts at a width: what each subclass draws."""
        raise NotImplementedError

    def selectable(self) -> list[int]:
        """The positions of the parts `tab` selects, in order."""
        return []

    # --- laying out -------------------------------------------------------------------------------

    def layout_width(self) -> int:
        return max(self.scrollable_content_region.width, 8)

    def current_layout(self) -> Layout:
        """The parts at the view's width as it stands (laid out again only when something changed)."""
        key = self.layout_key()
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, self.lay_out(self.layout_width()))
            self._strips.clear()
        return self._layout[1]

    def forget_layout(self) -> None:
        """The parts changed: lay them out again, from the top."""
        self.selected = None
        self._layout = None
        self._strips.clear()
        # Not sized yet (filled as its screen is made), the parts are not laid
        # out: at no width every row would wrap, at many times the cost, only
        # to be laid out again at its width by the screen's layout (see
        # _size_updated).
        if self.size.width:
            self.fit_scroll_range()
        self.scroll_home(animate=False, immediate=True)
        self.refresh()

    def relayout(self) -> None:
        """Something the layout depends on changed: lay out when next drawn.

        Not at once: a change often comes with a new width (presentation mode
        hides the lesson's contents), and the screen's layout, which sets the
        width, runs just before the drawing. The scroll range follows once drawn."""
        self.refresh()
        self.call_after_refresh(self.fit_scroll_range)

    def fit_scroll_range(self) -> None:
        """The scroll range to the rows at the view's width (laying them out if need be)."""
        self.virtual_size = Size(self.layout_width(), len(self.current_layout().rows))

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        # Textual sizes a widget inside the screen's layout pass and tells it
        # so later (Resize); a scroll range set then takes one more layout of
        # the whole screen, a tenth of opening a lesson. So the parts are laid
        # out at the new width here, and the range set without asking for
        # that layout. (Overrides Textual's private method:
        # tutor/ui/textual_compat.py.)
        resized = super()._size_updated(size, virtual_size, container_size, layout)
        fitted = Size(self.layout_width(), len(self.current_layout().rows))
        if fitted != self.virtual_size:
            set_scroll_range(self, fitted)
        return resized

    # --- drawing ----------------------------------------------------------------------------------

    def notify_style_update(self) -> None:
        # Called on every restyle, a change of focus among them, and before
        # the component classes are restyled: whether the rows must be drawn
        # again is known only when they are next drawn (see _check_styles).
        super().notify_style_update()
        self._styles_checked = False

    def _check_styles(self) -> None:
        """The rows drawn so far are forgotten if their styles changed (a new theme)."""
        if self._styles_checked:
            return
        self._styles_checked = True
        signature = (
            self.visual_style,
            *(self.get_component_rich_style(name) for name in sorted(self.COMPONENT_CLASSES)),
        )
        if signature != self._styles:
            self._styles = signature
            self._strips.clear()

    def render_line(self, y: int) -> Strip:
        self._check_styles()
        scroll_x, scroll_y = self.scroll_offset
        row = scroll_y + y
        width = self.scrollable_content_region.width
        rich_style = self.rich_style
        layout = self.current_layout()
        if row >= len(layout.rows):
            return Strip.blank(width, rich_style)
        strip = self._strips.get(row)
        if strip is None:
            strip = self._strips[row] = self._draw_row(layout.rows[row])
        frame = layout.frame_of_row[row]
        if frame != UNFRAMED:
            # The bar is put on each time: a new selection or focus draws
            # only the bars anew, not the rows behind them.
            lit = frame == self.selected and self.has_focus
            edge = self.get_component_rich_style(self.SELECTED_CLASS if lit else self.EDGE_CLASS)
            space = Segment(" ", self.visual_style.rich_style)
            strip = Strip([Segment(EDGE, edge), space, *strip, space], strip.cell_length + FRAME)
        return strip.crop_extend(scroll_x, scroll_x + width, rich_style)

    def _draw_row(self, content: Content) -> Strip:
        segments = [
            Segment(piece, style.rich_style)
            for piece, style in content.render(self.visual_style, end="", parse_style=parse_style(self))
        ]
        return Strip(segments, content.cell_length)

    def redraw_edges(self) -> None:
        """The selection or the focus changed: the rows in view are drawn again, with their bars."""
        self.refresh()

    # --- where things are -------------------------------------------------------------------------

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

    def scroll_to_part_whole(self, index: int) -> None:
        """Bring a part into view: the whole of it if it fits, else its top."""
        self.fit_scroll_range()
        layout = self.current_layout()
        if index >= len(layout.starts):
            # Put off until drawn (see select_part), and the parts changed meanwhile.
            return
        top = layout.starts[index]
        bottom = layout.starts[index + 1] if index + 1 < len(layout.starts) else len(layout.rows)
        height = self.scrollable_content_region.height
        if top < self.scroll_y or bottom - top > height:
            self.scroll_to(y=max(top - 1, 0), animate=False, immediate=True)
        elif bottom > self.scroll_y + height:
            self.scroll_to(y=bottom - height, animate=False, immediate=True)

    # --- selecting --------------------------------------------------------------------------------

    def select_part(self, index: int) -> None:
        """Select a part (the view takes the focus) and bring it into view."""
        self.selected = index
        if not self.has_focus:
            self.focus(scroll_visible=False)
        self.redraw_edges()
        if self.size.width:
            self.scroll_to_part_whole(index)
        else:
            # Not laid out yet (focused as its screen opens): laid out at no
            # width, every row would wrap, only to be laid out again.
            self.call_after_refresh(self.scroll_to_part_whole, index)

    def first_in_view(self, step: int) -> int | None:
        """The position in `selectable()` of the first part from the top of
        the view down (or, for a negative step, the one above it)."""
        parts = self.selectable()
        if self.scroll_y == 0 and step > 0:
            # From the top of the document it is the first part, wherever
            # that is: no need to lay the parts out (they may have no width yet).
            return 0 if parts else None
        starts = self.current_layout().starts
        below = [position for position, index in enumerate(parts) if starts[index] >= self.scroll_y]
        if step > 0:
            return below[0] if below else None
        return below[0] - 1 if below else len(parts) - 1

    def action_select_next(self, step: int) -> None:
        """`tab` selects the next part; past the last, the focus moves on."""
        parts = self.selectable()
        position = parts.index(self.selected) + step if self.selected in parts else self.first_in_view(step)
        if position is not None and 0 <= position < len(parts):
            self.select_part(parts[position])
            return
        self.selected = None
        self.redraw_edges()
        if step > 0:
            self.screen.focus_next()
        else:
            self.screen.focus_previous()

    def focus_on_click(self) -> bool:
        # A click on the text does not take the focus (which would select a
        # part away from where the learner reads); a click on a part selects it.
        return False

    def _on_focus(self, event: events.Focus) -> None:
        super()._on_focus(event)
        if self.selected is None:
            # Reached by `tab`: the first part in view is selected.
            parts = self.selectable()
            position = self.first_in_view(1)
            if parts:
                self.select_part(parts[position if position is not None else 0])
        self.redraw_edges()

    def _on_blur(self, event: events.Blur) -> None:
        super()._on_blur(event)
        self.redraw_edges()

    def part_clicked(self, event: events.Click) -> int | None:
        """The part under a click, if a framed one was hit."""
        offset = event.get_content_offset(self)
        if offset is None:
            return None
        row = self.scroll_offset.y + offset.y
        layout = self.current_layout()
        return layout.frame_of_row[row] if row < len(layout.rows) and layout.frame_of_row[row] != UNFRAMED else None
