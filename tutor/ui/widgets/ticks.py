"""Check boxes that show their state without colour: ✓ when ticked, blank
when not. Textual draws an X in both states and only its colour differs,
which reads as "all ticked" in some themes and to colour-blind learners."""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from textual.binding import Binding, BindingType
from textual.strip import Strip
from textual.widgets import Checkbox, SelectionList
from textual.widgets._toggle_button import ToggleButton

TICKED = "✓"
UNTICKED = " "


class TickBox(Checkbox):
    # The arrows walk the boxes as they would a list.  Bound here, on the
    # focused box, because a scrolling parent (the drill setup at 80x24)
    # would otherwise take them to scroll, and no box could be reached.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "app.focus_next", "Next", show=False),
        Binding("up", "app.focus_previous", "Previous", show=False),
    ]

    def __init__(self, label: str, value: bool, *, id: str) -> None:
        super().__init__(label, value, id=id)
        self.BUTTON_INNER = self._mark()

    def _mark(self) -> str:
        return TICKED if self.value else UNTICKED

    def watch_value(self) -> None:
        super().watch_value()
        self.BUTTON_INNER = self._mark()


class TickList(SelectionList[str]):
    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        segments = list(strip)
        index = self.scroll_offset.y + y
        if len(segments) < 3 or segments[1].text != ToggleButton.BUTTON_INNER or index >= self.option_count:
            return strip
        ticked = self.get_option_at_index(index).value in self.selected
        segments[1] = Segment(TICKED if ticked else UNTICKED, segments[1].style)
        return Strip(segments, strip.cell_length)
