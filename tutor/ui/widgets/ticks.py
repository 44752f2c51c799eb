"""Check boxes that show their state without colour: ✓ when ticked, blank
when not. Textual draws an X in both states and only its colour differs,
which reads as "all ticked" in some themes and to colour-blind learners."""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from textual import events
from textual.binding import Binding, BindingType
from textual.css.scalar import Unit
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Checkbox, OptionList, SelectionList
from textual.widgets.option_list import Option

from tutor.ui.textual_compat import ToggleButton

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


def digit_index(event: events.Key) -> int | None:
    """The option a digit key names (1 is the first), or None."""
    if event.character and event.character.isdigit() and event.character != "0":
        return int(event.character) - 1
    return None


def replace_options(options: OptionList, new: list[Option]) -> None:
    """Other options in a mounted list, as a list mounted with them shows them."""
    options.clear_options()
    options.add_options(new)
    # A list made with options highlights the first, so enter picks it.
    if options.option_count:
        options.action_first()


def show_scroll_bar_early(options: OptionList) -> None:
    """A newly mounted list's scroll bar shown before its first layout when
    its options cannot fit its maximum height at any width.

    Textual counts the options' lines when it first draws the list, after
    the layout, and only then shows the bar: one more layout of the screen,
    another for the new bar, and the options drawn again at the narrower
    width. Made with more options than fit (a waits question after a number
    question), the bar is known to be needed now."""
    max_height = options.styles.max_height
    if max_height is None or max_height.unit is not Unit.CELLS:
        return
    rows = int(max_height.value) - options.styles.gutter.height
    # At the screen's whole width the options take the fewest lines.
    lines = options.get_content_height(options.app.size, options.app.size, options.app.size.width)
    if lines > rows:
        options.set_reactive(ScrollView.virtual_size, Size(options.app.size.width, lines))
        options.show_vertical_scrollbar = True
        options.vertical_scrollbar.display = True


class TickList(SelectionList[str]):
    """Numbered options to tick: a digit ticks (or unticks) its option.

    The digit is handled here, by the focused list, rather than by the
    screen once the key has bubbled up to it: an enter typed right after
    (a priority key, handled at once) asks for the answer through this
    list's queue, so the tick is made first."""

    def on_key(self, event: events.Key) -> None:
        self.take_digit(event)

    def take_digit(self, event: events.Key) -> None:
        """A digit ticks (or unticks) the option it names."""
        index = digit_index(event)
        if index is not None and index < self.option_count:
            self.toggle(self.get_option_at_index(index).value)
            event.stop()

    def on_mount(self) -> None:
        show_scroll_bar_early(self)

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        segments = list(strip)
        index = self.scroll_offset.y + y
        if len(segments) < 3 or segments[1].text != ToggleButton.BUTTON_INNER or index >= self.option_count:
            return strip
        ticked = self.get_option_at_index(index).value in self.selected
        segments[1] = Segment(TICKED if ticked else UNTICKED, segments[1].style)
        return Strip(segments, strip.cell_length)


class ChoiceList(OptionList):
    """Numbered options to pick one of: a digit picks its option and answers.

    Handled by the focused list itself, as TickList's digits are: "3⏎"
    typed at once answered with the first option, since the answer asked
    for by enter came before the digit had bubbled up to the screen."""

    class Picked(Message):
        """A digit picked an option: the question is answered with it."""

    def on_key(self, event: events.Key) -> None:
        self.take_digit(event)

    def take_digit(self, event: events.Key) -> None:
        """A digit picks the option it names, and answers with it."""
        index = digit_index(event)
        if index is not None and index < self.option_count:
            self.highlighted = index
            event.stop()
            self.post_message(self.Picked())
