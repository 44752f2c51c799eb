"""The end of a drill: the score and the mistakes, each linked to its lesson."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from tutor.quiz.question import Question
from tutor.ui.drill_words import word
from tutor.ui.screens.info import TutorScreen


class SummaryScreen(TutorScreen):
    """The score and the mistakes, each linked to the lesson that teaches it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back", id="back", tooltip="Return")]
    DEFAULT_CSS = "SummaryScreen #score { text-style: bold; padding: 1 2; } SummaryScreen OptionList { height: 1fr; }"

    def __init__(self, questions: list[Question], results: list[bool]) -> None:
        super().__init__()
        self.questions = questions
        self.results = results

    def compose(self) -> ComposeResult:
        language = self.tutor.language
        right = sum(self.results)
        yield Header()
        yield Static(word(language, "summary", right=right, total=len(self.results)), id="score", markup=False)
        mistakes = [q for q, ok in zip(self.questions, self.results, strict=False) if not ok]
        if mistakes:
            yield Static(word(language, "mistakes"), markup=False)
            yield OptionList(
                *[Option(f"{q.kind}: {q.prompt[language]} -> {q.lesson}", id=f"{i}") for i, q in enumerate(mistakes)],
                id="mistakes",
            )
        else:
            yield Static(word(language, "none_wrong"), markup=False)
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        self.mistakes = [q for q, ok in zip(self.questions, self.results, strict=False) if not ok]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        question = self.mistakes[int(event.option.id or 0)]
        self.tutor.open_lesson(question.lesson)
