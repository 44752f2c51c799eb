"""A drill's mistakes, each with its hand, both answers, the step missed and
its lesson, drawn as one scrolling widget.

As widgets of their own (one per mistake, five before that), twenty mistakes
cost Textual a few milliseconds each to compose, style and lay out, and the
summary was the slowest screen a drill opened. Here every mistake is a framed
part of one RowView: `tab` selects the next one, a click selects one, and the
screen opens the selected mistake's lesson with `enter`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content

from tutor.quiz.attempt import Attempt
from tutor.quiz.faces import faces_in_text
from tutor.ui.drill_words import given_text, header_text, prompt_text, right_answer_text, step_lines, verdict_text, word
from tutor.ui.tile_art import TileSize, fitting_size, render_groups
from tutor.ui.widgets.hand_view import TILE_CSS, tile_styles_css
from tutor.ui.widgets.lesson_document import tile_line
from tutor.ui.widgets.lesson_text import wrapped
from tutor.ui.widgets.question_hand import hand_parts
from tutor.ui.widgets.row_view import FRAME, UNFRAMED, Layout, RowView


@dataclass(frozen=True)
class Mistake:
    """One missed question, as the summary tells it."""

    attempt: Attempt
    number: int
    """Its place among the mistakes, from 1."""
    language: str
    lesson: str
    """The title of the lesson that teaches it."""

    @property
    def prompt(self) -> str:
        question = self.attempt.question
        header, prompt = header_text(question, self.language), prompt_text(question, self.language)
        return word(self.language, "mistake_heading", number=self.number, header=header, prompt=prompt)

    @property
    def answer(self) -> str:
        """The verdict, both answers, the step missed and the lesson, one a line."""
        attempt, language = self.attempt, self.language
        lines = [
            verdict_text(attempt, language),
            word(language, "your_answer", answer=given_text(attempt, language)),
            word(language, "right_answer", answer=right_answer_text(attempt.question, language)),
            *step_lines(attempt, language),
            word(language, "lesson_link", title=self.lesson),
        ]
        return faces_in_text("\n".join(lines))

    def rows(self, inner: int) -> list[Content]:
        """Its rows, `inner` cells wide: the prompt, the tiles, the setting, the answers."""
        parts = hand_parts(self.attempt.question, self.language)
        rows = wrapped(Content.styled(self.prompt, "bold"), inner)
        if parts.groups is not None:
            drawn = render_groups(parts.groups, fitting_size(parts.groups, TileSize.SMALL, inner), inner)
            rows += [tile_line(line) for line in drawn]
        if parts.context:
            rows += wrapped(Content.styled(parts.context, ".mistake-list--context"), inner)
        if parts.discard:
            rows += wrapped(Content(parts.discard), inner)
        return rows + wrapped(Content(self.answer), inner)


class MistakeList(RowView, can_focus=True):
    """Every mistake of a drill, one below the other, each behind its bar."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "mistake-list--edge",
        "mistake-list--selected",
        "mistake-list--context",
        *(f"tiles--{name}" for name in TILE_CSS),
    }
    EDGE_CLASS = "mistake-list--edge"
    SELECTED_CLASS = "mistake-list--selected"

    DEFAULT_CSS = """
    MistakeList {
        overflow-x: hidden;
        scrollbar-gutter: stable;
        & > .mistake-list--edge { color: $panel; }
        & > .mistake-list--selected { color: $accent; }
        & > .mistake-list--context { color: $text-muted; }
    }
    """ + tile_styles_css("MistakeList")

    # Out of the footer: the summary's own line of keys names tab, in the learner's language.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "select_next(1)", show=False),
        Binding("shift+tab", "select_next(-1)", show=False),
    ]

    def __init__(self, mistakes: list[Mistake], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.mistakes = mistakes

    @property
    def selected_mistake(self) -> Mistake | None:
        """The mistake selected with `tab` or a click, while the list has the focus."""
        if self.selected is None or not self.has_focus:
            return None
        return self.mistakes[self.selected]

    def set_mistakes(self, mistakes: list[Mistake]) -> None:
        """Show other mistakes, from the top."""
        self.mistakes = mistakes
        self.forget_layout()

    def selectable(self) -> list[int]:
        return list(range(len(self.mistakes)))

    def lay_out(self, width: int) -> Layout:
        """Each mistake behind its bar, with a blank row below it."""
        rows: list[Content] = []
        starts: list[int] = []
        frame_of_row: list[int] = []
        inner = max(width - FRAME, 4)
        for index, mistake in enumerate(self.mistakes):
            starts.append(len(rows))
            drawn = mistake.rows(inner)
            rows += [*drawn, Content("")]
            frame_of_row += [index] * len(drawn) + [UNFRAMED]
        return Layout(rows, starts, frame_of_row)

    def on_click(self, event: events.Click) -> None:
        index = self.part_clicked(event)
        if index is not None:
            self.select_part(index)
