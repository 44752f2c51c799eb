"""The findings of an imported game for one seat, listed with their rules
and lessons (the replay's `f`): enter goes to a finding's position, `o`
opens its lesson, `d` drills them all.  Dismissed with what was chosen:
("go" or "lesson", the finding's place in the list), ("drill", 0), or None."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tutor.ui.keys import localise_bindings
from tutor.ui.shell import tutor_of

Choice = tuple[str, int]


class FindingsScreen(ModalScreen[Choice | None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "lesson", "Lesson", id="replay_lesson", tooltip="Open the finding's lesson"),
        Binding("d", "drill", "Drill", id="replay_drill", tooltip="Drill the seat's findings"),
        Binding("escape", "dismiss(None)", "Back", id="back", tooltip="Return"),
    ]
    DEFAULT_CSS = """
    FindingsScreen { align: center middle; }
    FindingsScreen #dialog { width: 78; max-width: 98%; height: auto; max-height: 90%; border: round $accent; padding: 0 1; background: $surface; }
    FindingsScreen #findings-title { color: $text-muted; }
    FindingsScreen OptionList { height: auto; max-height: 18; border: none; }
    """

    def __init__(self, lines: list[str], heading: str) -> None:
        super().__init__()
        self.lines = lines
        self.heading = heading

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.heading, id="findings-title", markup=False)
            yield OptionList(*[Option(line, id=str(number)) for number, line in enumerate(self.lines)], id="findings")

    def on_mount(self) -> None:
        localise_bindings(self, tutor_of(self.app).language)
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(("go", event.option_index))

    def action_drill(self) -> None:
        self.dismiss(("drill", 0))

    def action_lesson(self) -> None:
        highlighted = self.query_one(OptionList).highlighted
        if highlighted is not None:
            self.dismiss(("lesson", highlighted))
