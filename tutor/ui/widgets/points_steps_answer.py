"""A `points-steps` answer: the yaku ticked from a list (each with its han,
grouped by han and filtered by typing: tutor/ui/widgets/yaku_list.py), then a number field for the dora, the han and each payment; once answered,
one row per step marked right or wrong, with the rule each wrong one breaks.

Everything typed or ticked comes in (`typed`, `ticked`) and goes out
(`ticked()`, the number fields by id; the yaku filter as `typed["yaku-filter"]`,
written there by `ticked()`), so that a redraw in the other language keeps it.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from tutor.locale import LANGUAGES, text
from tutor.locale.message import render_value
from tutor.quiz.kinds.points_steps import DORA, HAN
from tutor.quiz.kinds.points_steps_judge import PointStep, PointVerdict, answer_steps
from tutor.quiz.kinds.points_steps_words import given_words, right_words, step_label, why_wrong
from tutor.quiz.question import Question
from tutor.quiz.responses import PAY, points_steps_response
from tutor.ui.widgets.composite_answer import CompositeAnswer
from tutor.ui.widgets.number_field import NumberField
from tutor.ui.widgets.yaku_list import YakuList, entries

YAKU_LIST = "yaku-list"
FILTER = "yaku-filter"


def field_id(step: PointStep) -> str:
    """A number step's field: "dora", "han", "pay-total"."""
    return step.step if step.step in (DORA, HAN) else f"{PAY}{step.step}"


class PointsStepsAnswer(CompositeAnswer):
    """The yaku list and the number fields; once answered (`verdicts`), the
    steps judged, the first `revealed` of them marked (one by one when a
    teacher presents them)."""

    DEFAULT_CSS = """
    PointsStepsAnswer { height: auto; padding: 0 1; }
    PointsStepsAnswer #points-entry { height: auto; }
    PointsStepsAnswer #points-entry #yaku-list { width: 1fr; height: auto; max-height: 9; border: round $panel; }
    PointsStepsAnswer #points-fields { width: 36; height: auto; padding: 1 0 0 1; }
    PointsStepsAnswer .row { height: 1; }
    PointsStepsAnswer .label { width: 30; }
    PointsStepsAnswer #points-fields .label { width: 1fr; }
    PointsStepsAnswer .given { width: 10; }
    PointsStepsAnswer NumberField { width: 10; }
    PointsStepsAnswer .mark { width: 1fr; padding: 0 1; }
    PointsStepsAnswer .why { padding: 0 0 0 4; color: $error; height: auto; display: none; }
    PointsStepsAnswer .right { color: $success; }
    PointsStepsAnswer .wrong { color: $error; }
    """

    def __init__(
        self,
        question: Question,
        language: str,
        typed: dict[str, str],
        ticked: list[str],
        verdicts: tuple[PointVerdict, ...] = (),
        revealed: int = 0,
        *,
        answered: bool = False,
        highlighted: int | None = None,
        id: str,
    ) -> None:
        super().__init__(id=id)
        self.question = question
        self.language = language
        self.typed = typed
        self.chosen = ticked
        self.verdicts = verdicts
        self.revealed = revealed
        self.answered = answered
        """Whether the learner gave an answer (rather than skipping or asking for it)."""
        self.highlighted = highlighted

    def compose(self) -> ComposeResult:
        if self.verdicts:
            yield from self._judged()
            return
        language = self.language
        # The list and the fields side by side, so that at 80x24 the hand stays in sight.
        with Horizontal(id="points-entry"):
            yaku = YakuList(
                entries(self.question.choices, {other: self.question.labels(other) for other in LANGUAGES}, language),
                set(self.chosen),
                language,
                typed=self.typed.get(FILTER, ""),
                id=YAKU_LIST,
            )
            if self.highlighted is not None:
                yaku.highlighted = self.highlighted
            yield yaku
            with Vertical(id="points-fields"):
                for step in answer_steps(self.question):
                    if step.step == "yaku":
                        continue
                    with Horizontal(classes="row"):
                        yield Static(
                            render_value(step_label(step, self.question.request), language),
                            classes="label",
                            markup=False,
                        )
                        yield NumberField(
                            placeholder="____",
                            id=field_id(step),
                            value=self.typed.get(field_id(step), ""),
                            compact=True,
                        )
                    if step.step == HAN:
                        yield self._fu_row()

    def _fu_row(self) -> Widget:
        return Horizontal(
            Static(text(self.language, "points_steps.label.fu"), classes="label", markup=False),
            Static(str(self.question.answer["fu"]), classes="given", markup=False),
            classes="row",
        )

    def _judged(self) -> ComposeResult:
        for verdict in self.verdicts:
            with Horizontal(classes="row"):
                label = step_label(verdict.step, self.question.request)
                yield Static(render_value(label, self.language), classes="label", markup=False)
                yield Static(render_value(given_words(verdict), self.language), classes="given", markup=False)
                yield Static("", classes="mark", markup=False)
            yield Static("", classes="why", markup=False)
            if verdict.step.step == HAN:
                yield self._fu_row()

    def on_mount(self) -> None:
        # Marked as it mounts, before the first layout, which then places
        # the lines as they will stay (one layout rather than two).
        if self.verdicts:
            self.reveal(self.revealed)

    def reveal(self, count: int) -> None:
        """Mark the first `count` steps (all of them outside presentation mode)."""
        self.revealed = count
        marks = list(self.query(".mark").results(Static))
        whys = list(self.query(".why").results(Static))
        for index, (verdict, mark, why) in enumerate(zip(self.verdicts, marks, whys, strict=False)):
            shown = index < count
            wrong = shown and self.answered and not verdict.right
            if not self.answered:
                mark.update(f"= {render_value(right_words(verdict.step), self.language)}" if shown else "")
            elif verdict.right:
                mark.update("✓" if shown else "")
            else:
                right = (
                    "" if verdict.step.value is None else f" {render_value(right_words(verdict.step), self.language)}"
                )
                mark.update(f"✗{right}" if shown else "")
            mark.set_class(shown and self.answered and verdict.right, "right")
            mark.set_class(wrong, "wrong")
            why.update(why_wrong(verdict, self.question).render(self.language) if wrong else "")
            why.display = wrong

    # --- reading what was entered -----------------------------------------------------------

    def ticked(self) -> list[str]:
        """The yaku ticked, filtered out of sight or not; what the filter
        holds goes to `typed`, which the drill keeps with the number fields."""
        yaku = self.query_one(f"#{YAKU_LIST}", YakuList)
        self.typed[FILTER] = yaku.typed
        return yaku.ticked_values()

    def list_highlight(self) -> int | None:
        return self.query_one(f"#{YAKU_LIST}", YakuList).highlighted

    def fields(self) -> list[NumberField]:
        return list(self.query(NumberField).results(NumberField))

    def response(self, focused: Widget | None) -> dict[str, Any] | None:
        """The answer as the checker takes it; None, with the focus on the
        next empty field, while a number is missing."""
        fields = self.fields()
        empty = [field for field in fields if field.number is None]
        if empty:
            after = (
                [field for field in fields[fields.index(focused) + 1 :] if field in empty] if focused in fields else []
            )
            (after or empty)[0].focus()
            return None
        return points_steps_response(
            self.ticked(), {field.id: field.number for field in fields if field.number is not None}
        )

    def focus_target(self) -> Widget | None:
        """Where the focus goes: the first empty field once a yaku is
        ticked, else the yaku list; nowhere once answered."""
        if self.verdicts:
            return None
        empty = [field for field in self.fields() if field.number is None]
        if self.chosen and empty:
            return empty[0]
        return self.query_one(f"#{YAKU_LIST}", YakuList)
