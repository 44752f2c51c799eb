"""One answer widget per answer type, looked up by the question's answer
type: what it shows (with the draft typed so far, or marked once judged),
the response it hands over, the draft it keeps across a redraw, and how it
reveals its marks one by one in presentation mode.

The drill screen asks the registry and never branches on answer types or
kinds; the widgets themselves (tutor/ui/widgets/) are wrapped, not changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from textual.widget import Widget
from textual.widgets import OptionList, SelectionList
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from tutor.quiz.judgement import Judgement
from tutor.quiz.kind import LessonTitle
from tutor.quiz.kinds.mcr_steps import ANSWER_TYPE as FAN_STEPS
from tutor.quiz.kinds.mcr_steps import McrVerdict
from tutor.quiz.kinds.mcr_steps_words import verdict_line
from tutor.quiz.kinds.steps import question_steps
from tutor.quiz.question import Question
from tutor.quiz.responses import (
    choice_response,
    fans_response,
    fu_steps_response,
    number_response,
    ticks_response,
    tiles_offered,
    tiles_response,
)
from tutor.ui.drill_words import choice_texts, word
from tutor.ui.widgets.composite_answer import CompositeAnswer
from tutor.ui.widgets.mcr_steps_answer import McrStepsAnswer
from tutor.ui.widgets.number_field import NumberField
from tutor.ui.widgets.points_steps_answer import PointsStepsAnswer
from tutor.ui.widgets.step_answer import StepAnswer
from tutor.ui.widgets.ticks import ChoiceList, TickList
from tutor.ui.widgets.tile_grid import TileGrid

ANSWER_ID: Final = "answer"
"""The id of the widget that holds the answer."""
TOTAL_ID: Final = "total"
"""The MCR fans question's total, beside its fans."""

Response = dict[str, Any]


@dataclass
class Draft:
    """What the learner has typed, ticked or highlighted but not answered yet."""

    typed: dict[str, str] = field(default_factory=dict)
    """Each number field's text, by field id."""
    ticked: list[str] = field(default_factory=list)
    highlighted: int | None = None


@dataclass(frozen=True)
class Drawn:
    """What an answer widget is drawn from."""

    question: Question
    language: str
    draft: Draft
    judgement: Judgement[Any, Any] | None
    """Once answered: the response as judged."""
    revealed: int
    """How many of its marks are shown (all but in presentation mode)."""
    title: LessonTitle
    """A lesson's title by its id, for the lessons the marks name."""


def _answer(area: Widget) -> Widget:
    return area.query_one(f"#{ANSWER_ID}")


def numbered(question: Question, language: str) -> list[str]:
    """The options as shown, the first nine by the digit that picks them."""
    labels = choice_texts(question, language)
    return [f"{index + 1}. {label}" if index < 9 else label for index, label in enumerate(labels)]


class AnswerWidget:
    """A way of answering: a number field, by default."""

    marks_lines = False
    """Whether it marks its own lines once answered (it is drawn again then)."""

    def widgets(self, drawn: Drawn) -> list[Widget]:
        value = drawn.draft.typed.get(ANSWER_ID, "")
        return [NumberField(placeholder=word(drawn.language, "number"), id=ANSWER_ID, value=value)]

    def response(self, area: Widget, question: Question, focused: Widget | None) -> Response | None:
        """The answer on screen as the kind takes it; None (with the focus
        where something is still missing) when it is not complete."""
        widget = _answer(area)
        if isinstance(widget, NumberField) and widget.number is not None:
            return number_response(question, widget.number)
        return None

    def keep(self, area: Widget, draft: Draft) -> None:
        """What was typed or ticked, kept in `draft` across a redraw (a language switch)."""
        for number in area.query(NumberField).results(NumberField):
            if number.id:
                draft.typed[number.id] = number.value

    def restore(self, area: Widget, draft: Draft) -> None:
        """After drawing: what the draft holds that a widget cannot be made with."""

    def answered(self, area: Widget) -> None:
        """Once answered, for a widget not drawn again."""

    def reveal(self, area: Widget, count: int) -> None:
        """Show the first `count` marks (presentation mode reveals them one by one)."""

    def focus_target(self, area: Widget) -> Widget | None:
        """Where the focus goes to answer."""
        for widget in area.query(f"#{ANSWER_ID}"):
            return widget.focus_target() if isinstance(widget, CompositeAnswer) else widget
        return None

    def first_wrong(self, area: Widget) -> Widget | None:
        """The first row marked wrong, when the feedback should open at it."""
        return None


class ChoiceAnswer(AnswerWidget):
    """One option of a list, picked by its digit, the arrows or a click."""

    def widgets(self, drawn: Drawn) -> list[Widget]:
        options = [Option(label, id=str(index)) for index, label in enumerate(numbered(drawn.question, drawn.language))]
        return [ChoiceList(*options, id=ANSWER_ID)]

    def response(self, area: Widget, question: Question, focused: Widget | None) -> Response | None:
        index = area.query_one(f"#{ANSWER_ID}", OptionList).highlighted
        return None if index is None else choice_response(question, index)

    def keep(self, area: Widget, draft: Draft) -> None:
        draft.highlighted = area.query_one(f"#{ANSWER_ID}", OptionList).highlighted

    def restore(self, area: Widget, draft: Draft) -> None:
        if draft.highlighted is not None:
            area.query_one(f"#{ANSWER_ID}", OptionList).highlighted = draft.highlighted


class ChecklistAnswer(AnswerWidget):
    """Several options ticked; none ticked answers "none"."""

    def widgets(self, drawn: Drawn) -> list[Widget]:
        ticked = set(drawn.draft.ticked)
        labels = zip(numbered(drawn.question, drawn.language), drawn.question.choices, strict=True)
        return [TickList(*[Selection(label, value, value in ticked) for label, value in labels], id=ANSWER_ID)]

    def response(self, area: Widget, question: Question, focused: Widget | None) -> Response | None:
        ticked = [str(value) for value in area.query_one(f"#{ANSWER_ID}", SelectionList).selected]
        return ticks_response(question, ticked)

    def keep(self, area: Widget, draft: Draft) -> None:
        super().keep(area, draft)
        draft.ticked = [str(value) for value in area.query_one(f"#{ANSWER_ID}", SelectionList).selected]

    def answered(self, area: Widget) -> None:
        # As a list drawn anew, which has no highlight until focused.
        area.query_one(f"#{ANSWER_ID}", SelectionList).highlighted = None


class FansTotalAnswer(ChecklistAnswer):
    """An MCR hand's fans ticked, then their total typed beside them."""

    def widgets(self, drawn: Drawn) -> list[Widget]:
        total = NumberField(
            placeholder=word(drawn.language, "total"), id=TOTAL_ID, value=drawn.draft.typed.get(TOTAL_ID, "")
        )
        return [*super().widgets(drawn), total]

    def response(self, area: Widget, question: Question, focused: Widget | None) -> Response | None:
        total = area.query_one(f"#{TOTAL_ID}", NumberField)
        if focused is not total or total.number is None:
            total.focus()
            return None
        ticked = [str(value) for value in area.query_one(f"#{ANSWER_ID}", SelectionList).selected]
        return fans_response(question, ticked, total.number)


class TilesAnswer(AnswerWidget):
    """Tiles ticked on a grid by suit, typed as notation too (tutor/ui/widgets/tile_grid.py)."""

    def widgets(self, drawn: Drawn) -> list[Widget]:
        return [TileGrid(tiles_offered(drawn.question), set(drawn.draft.ticked), id=ANSWER_ID)]

    def response(self, area: Widget, question: Question, focused: Widget | None) -> Response | None:
        return tiles_response(question, area.query_one(f"#{ANSWER_ID}", TileGrid).selected)

    def keep(self, area: Widget, draft: Draft) -> None:
        draft.ticked = list(area.query_one(f"#{ANSWER_ID}", TileGrid).selected)


class FuStepsAnswer(AnswerWidget):
    """One number per fu line, marked line by line once answered."""

    marks_lines = True

    def widgets(self, drawn: Drawn) -> list[Widget]:
        verdicts = drawn.judgement.verdicts if drawn.judgement else ()
        steps = question_steps(drawn.question)
        return [StepAnswer(steps, drawn.language, drawn.draft.typed, verdicts, drawn.revealed, id=ANSWER_ID)]

    def response(self, area: Widget, question: Question, focused: Widget | None) -> Response | None:
        """Enter on a line goes to the next empty one; with every line
        filled, the lines as the kind takes them."""
        widget = area.query_one(f"#{ANSWER_ID}", StepAnswer)
        fields = list(widget.query(NumberField).results(NumberField))
        empty = widget.first_empty()
        if empty is not None:
            after = (
                [field for field in fields[fields.index(focused) + 1 :] if field.number is None]
                if focused in fields
                else []
            )
            (after[0] if after else empty).focus()
            return None
        return fu_steps_response(question, [field.number or 0 for field in fields])

    def reveal(self, area: Widget, count: int) -> None:
        area.query_one(f"#{ANSWER_ID}", StepAnswer).reveal(count)


class PointsStepsAnswerWidget(AnswerWidget):
    """The yaku ticked with their han, then a number per step (tutor/ui/widgets/points_steps_answer.py)."""

    marks_lines = True

    def widgets(self, drawn: Drawn) -> list[Widget]:
        judgement = drawn.judgement
        return [
            PointsStepsAnswer(
                drawn.question,
                drawn.language,
                drawn.draft.typed,
                drawn.draft.ticked,
                judgement.verdicts if judgement else (),
                drawn.revealed,
                answered=bool(judgement and judgement.answered),
                highlighted=drawn.draft.highlighted,
                id=ANSWER_ID,
            )
        ]

    def response(self, area: Widget, question: Question, focused: Widget | None) -> Response | None:
        return area.query_one(f"#{ANSWER_ID}", PointsStepsAnswer).response(focused)

    def keep(self, area: Widget, draft: Draft) -> None:
        super().keep(area, draft)
        answer = area.query_one(f"#{ANSWER_ID}", PointsStepsAnswer)
        draft.ticked = answer.ticked()
        draft.highlighted = answer.list_highlight()

    def reveal(self, area: Widget, count: int) -> None:
        area.query_one(f"#{ANSWER_ID}", PointsStepsAnswer).reveal(count)


class FanStepsAnswer(AnswerWidget):
    """An MCR hand's fans step by step (tutor/ui/widgets/mcr_steps_answer.py)."""

    marks_lines = True

    def widgets(self, drawn: Drawn) -> list[Widget]:
        verdicts = drawn.judgement.verdicts if drawn.judgement else ()
        language, title = drawn.language, drawn.title

        def describe(verdict: McrVerdict) -> str:
            # A wrong step as the feedback words it: the rule it breaks and the lesson that teaches it.
            return verdict_line(verdict, title).render(language)

        return [
            McrStepsAnswer(
                drawn.question, language, drawn.draft.typed, verdicts, drawn.revealed, describe, id=ANSWER_ID
            )
        ]

    def response(self, area: Widget, question: Question, focused: Widget | None) -> Response | None:
        return area.query_one(f"#{ANSWER_ID}", McrStepsAnswer).advance(focused)

    def keep(self, area: Widget, draft: Draft) -> None:
        super().keep(area, draft)
        draft.typed.update(area.query_one(f"#{ANSWER_ID}", McrStepsAnswer).values())

    def reveal(self, area: Widget, count: int) -> None:
        area.query_one(f"#{ANSWER_ID}", McrStepsAnswer).reveal(count)

    def first_wrong(self, area: Widget) -> Widget | None:
        return area.query_one(f"#{ANSWER_ID}", McrStepsAnswer).first_wrong()


ANSWER_WIDGETS: Final[dict[str, AnswerWidget]] = {
    "choice": ChoiceAnswer(),
    "checklist": ChecklistAnswer(),
    "fans_total": FansTotalAnswer(),
    "tiles": TilesAnswer(),
    "number": AnswerWidget(),
    "steps": FuStepsAnswer(),
    "points_steps": PointsStepsAnswerWidget(),
    FAN_STEPS: FanStepsAnswer(),
}
"""The answer widget of each answer type (tutor/quiz/question.py ANSWER_TYPES)."""

HINTS: Final = {"fans_total": "checklist"}
"""Answer types that share another's hint of how to answer."""


def hint_key(answer_type: str) -> str:
    """The catalogue key of how to answer (`drill.hint_choice`)."""
    return f"hint_{HINTS.get(answer_type, answer_type)}"
