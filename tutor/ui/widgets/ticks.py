"""Check boxes that show their state without colour: ✓ when ticked, blank
when not. Textual draws an X in both states and only its colour differs,
which reads as "all ticked" in some themes and to colour-blind learners."""

from __future__ import annotations

from rich.segment import Segment
from textual.strip import Strip
from textual.widgets import Checkbox, SelectionList
from textual.widgets._toggle_button import ToggleButton

TICKED = "✓"
UNTICKED = " "


class TickBox(Checkbox):
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
