"""Choosing a drill: kinds, length and level."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Footer, Header, OptionList, SelectionList, Static
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from tutor.lessons.model import QUIZ_KINDS
from tutor.quiz.plan import DrillPlan
from tutor.ui.drill_words import word
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.info import TutorScreen


class DrillSetupScreen(TutorScreen):
    """Pick kinds, length and level."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back", id="back", tooltip="Return"),
        Binding("enter", "start", "Start", id="start", tooltip="Start the drill", priority=True),
    ]
    DEFAULT_CSS = """
    DrillSetupScreen #kinds { height: 1fr; border: round $panel; }
    DrillSetupScreen #options { height: auto; padding: 0 1; }
    DrillSetupScreen #options OptionList { width: 1fr; height: 5; border: round $panel; }
    """

    def __init__(self, kinds: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.preselected = kinds

    def compose(self) -> ComposeResult:
        language = self.tutor.language
        yield Header()
        yield Static(word(language, "setup"), markup=False)
        yield SelectionList[str](*[Selection(kind, kind, kind in self.preselected) for kind in QUIZ_KINDS], id="kinds")
        with Horizontal(id="options"):
            yield OptionList(*[Option(f"{word(language, 'length')}: {n}", id=str(n)) for n in (5, 10, 20)], id="length")
            yield OptionList(*[Option(f"{word(language, 'level')}: {n}", id=str(n)) for n in (1, 2, 3)], id="level")
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#length", OptionList).highlighted = 1
        self.query_one("#level", OptionList).highlighted = 1

    def action_start(self) -> None:
        kinds = tuple(self.query_one("#kinds", SelectionList).selected) or QUIZ_KINDS
        length = int(self.query_one("#length", OptionList).highlighted_option.id or 10)  # type: ignore[union-attr]
        level = int(self.query_one("#level", OptionList).highlighted_option.id or 2)  # type: ignore[union-attr]
        self.app.switch_screen(DrillScreen(DrillPlan(kinds, length, level)))
