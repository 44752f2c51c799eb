"""The end of a drill: the score, and each mistake with its hand, both
answers, the step missed and the lesson that teaches it; then a retry."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Button, Static

from tutor.quiz.attempt import Attempt
from tutor.quiz.plan import DrillPlan
from tutor.ui.drill_words import missed_lesson, word
from tutor.ui.lesson_titles import lesson_title
from tutor.ui.screens.redrawn import RedrawnScreen
from tutor.ui.widgets.mistake_list import Mistake, MistakeList


class SummaryScreen(RedrawnScreen):
    """The score and the mistakes, each linked to the lesson that teaches it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back", id="back", tooltip="Return"),
        Binding("enter", "open_lesson", "Lesson", id="open_lesson", tooltip="Open the lesson of this mistake"),
        Binding("r", "retry", "Retry mistakes", id="retry", tooltip="Drill the missed questions again"),
    ]
    DEFAULT_CSS = """
    SummaryScreen #score { text-style: bold; padding: 1 2 0 2; }
    SummaryScreen #how { color: $text-muted; padding: 0 2; }
    SummaryScreen #mistakes { height: 1fr; padding: 0 1; }
    SummaryScreen #retry { margin: 0 2; }
    """

    def __init__(self, attempts: list[Attempt], again: Callable[[DrillPlan], Screen[None]]) -> None:
        super().__init__()
        self.attempts = attempts
        self.again = again
        """Makes the drill screen that asks the missed questions again."""
        self.position = 0
        """Which mistake is selected."""

    @property
    def mistakes(self) -> list[Attempt]:
        return [attempt for attempt in self.attempts if not attempt.right]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("retry", "open_lesson"):
            return bool(self.mistakes)
        return True

    def draw(self) -> ComposeResult:
        # The same widgets whatever the drill: `fill` puts a drill's results
        # in them, so that the kept screen shows the next drill's without
        # building anything (see TutorApp.show_summary).
        yield Static(id="score", markup=False)
        yield Static(id="how", markup=False)
        yield MistakeList([], id="mistakes")
        yield Button(word(self.tutor.language, "retry"), id="retry", compact=True)

    def show(self, attempts: list[Attempt]) -> None:
        """Show another drill's results (the kept screen, before it comes back on top)."""
        self.attempts = attempts
        self.position = 0
        if self.is_mounted:
            self.fill()

    def fill(self) -> None:
        """The score, the mistakes and the retry button for the results held."""
        language, library = self.tutor.language, self.tutor.library
        right = len(self.attempts) - len(self.mistakes)
        self.query_one("#score", Static).update(word(language, "summary", right=right, total=len(self.attempts)))
        self.query_one("#how", Static).update(word(language, "mistakes" if self.mistakes else "none_wrong"))
        shown = self.query_one(MistakeList)
        shown.set_mistakes(
            [
                Mistake(attempt, number, language, lesson_title(library, missed_lesson(attempt), language))
                for number, attempt in enumerate(self.mistakes, start=1)
            ]
        )
        shown.display = self.query_one("#retry").display = bool(self.mistakes)
        if self.mistakes:
            self.call_after_refresh(shown.select_part, min(self.position, len(self.mistakes) - 1))

    def keep(self) -> None:
        """The selected mistake stays selected across a redraw."""
        self.position = self.query_one(MistakeList).selected or 0

    def settle(self) -> None:
        self.title = word(self.tutor.language, "summary_title")
        self.fill()

    def action_open_lesson(self) -> None:
        mistake = self.query_one(MistakeList).selected_mistake
        if mistake is not None:
            self.tutor.open_lesson(missed_lesson(mistake.attempt))

    def action_retry(self) -> None:
        if self.mistakes:
            self.app.switch_screen(self.again(DrillPlan.retry([attempt.question for attempt in self.mistakes])))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "retry":
            self.action_retry()
