"""An `mcr-steps` answer: one row per fan offered (how many times it counts;
if the hand shows it but the rules leave it out, the principle and the fan
that includes it), then the total and the 8-point question.  Once answered,
each row is marked right or wrong with the rule it breaks, revealed one
step at a time in presentation mode."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Static

from tutor.engine.mcr.exclusions import PRINCIPLES
from tutor.engine.mcr.fans import FANS
from tutor.locale import render, text
from tutor.locale.message import render_value
from tutor.quiz.kinds.mcr_steps import CAN_WIN, TOTAL, McrStep, McrVerdict, principle_words
from tutor.quiz.kinds.mcr_steps_words import step_label, why_wrong
from tutor.quiz.names import ANSWER_WORDS
from tutor.quiz.question import Question
from tutor.quiz.responses import NO_FAN, mcr_steps_response
from tutor.ui.widgets.composite_answer import CompositeAnswer
from tutor.ui.widgets.cycle_field import CycleField
from tutor.ui.widgets.number_field import NumberField

"""The "included in" choice for a fan no single fan includes (set aside while counting)."""


def count_id(index: int) -> str:
    return f"fan-{index}"


def principle_id(index: int) -> str:
    return f"principle-{index}"


def because_id(index: int) -> str:
    return f"because-{index}"


class McrStepsAnswer(CompositeAnswer):
    """The rows to fill; `verdicts` (once answered) are marked up to `revealed`."""

    DEFAULT_CSS = """
    McrStepsAnswer { height: auto; }
    McrStepsAnswer .columns { color: $text-muted; height: 1; }
    McrStepsAnswer .fan-row { height: auto; }
    McrStepsAnswer .fan-row NumberField { width: 4; }
    McrStepsAnswer .fan-label { width: 1fr; padding: 0 1; }
    McrStepsAnswer .principle { width: 30; }
    McrStepsAnswer .because { width: 14; }
    McrStepsAnswer .value-label { width: 1fr; }
    McrStepsAnswer .value-row NumberField { width: 8; }
    McrStepsAnswer .value-row CycleField { width: 12; }
    McrStepsAnswer .mark { width: 3; padding: 0 0 0 1; }
    McrStepsAnswer .why { padding: 0 0 0 4; color: $error; height: auto; display: none; }
    McrStepsAnswer .right { color: $success; }
    McrStepsAnswer .wrong { color: $error; }
    """

    def __init__(
        self,
        question: Question,
        language: str,
        typed: dict[str, str],
        verdicts: tuple[McrVerdict, ...] = (),
        revealed: int = 0,
        describe: Callable[[McrVerdict], str] | None = None,
        *,
        id: str,
    ) -> None:
        """`describe` words a wrong step (by default the rule it breaks; the
        drill adds the lesson that teaches it)."""
        super().__init__(id=id)
        self.describe = describe or (lambda verdict: why_wrong(verdict).render(language))
        self.question = question
        self.language = language
        self.typed = typed
        self.verdicts = verdicts
        self.revealed = revealed
        self.fans = tuple(FANS[choice].zh for choice in question.choices)

    def compose(self) -> ComposeResult:
        language = self.language
        labels = self.question.labels(language) or self.question.choices
        # The official name and its gloss, without the brackets of a sentence: the column is narrow.
        principles = [
            (principle_words(principle).render(language).replace(" (", " ").rstrip(")"), principle)
            for principle in PRINCIPLES
        ]
        includers = [(zh, zh) for zh in self.fans] + [(text(language, "mcrsteps.no_fan"), NO_FAN)]
        yield Static(text(language, "mcrsteps.columns"), classes="columns", markup=False)
        for index, label in enumerate(labels):
            with Horizontal(classes="fan-row"):
                yield self._disabled(
                    NumberField(
                        placeholder="__", id=count_id(index), value=self.typed.get(count_id(index), ""), compact=True
                    )
                )
                yield Static(label, classes="fan-label", markup=False)
                yield self._select(principles, principle_id(index), "principle", "—")
                yield self._select(includers, because_id(index), "because", "—")
                yield Static("", classes="mark", markup=False)
            yield Static("", classes="why", markup=False)
        with Horizontal(classes="fan-row value-row"):
            yield Static(step_label_of(TOTAL, language), classes="value-label", markup=False)
            yield self._disabled(
                NumberField(placeholder="____", id=TOTAL, value=self.typed.get(TOTAL, ""), compact=True)
            )
            yield Static("", classes="mark", markup=False)
        yield Static("", classes="why", markup=False)
        with Horizontal(classes="fan-row value-row"):
            yield Static(step_label_of(CAN_WIN, language), classes="value-label", markup=False)
            choices = [(render(ANSWER_WORDS.name(answer), language), answer) for answer in ("yes", "no")]
            yield self._select(choices, CAN_WIN, "", "—")
            yield Static("", classes="mark", markup=False)
        yield Static("", classes="why", markup=False)

    def on_mount(self) -> None:
        # Marked as it mounts, before the first layout: the drill scrolls to
        # the first row marked wrong once laid out, and the rows' heights
        # must be final by then.
        self.reveal(self.revealed if self.verdicts else 0)

    def _disabled(self, widget: Widget) -> Widget:
        widget.disabled = bool(self.verdicts)
        return widget

    def _select(self, options: list[tuple[str, str]], id: str, classes: str, blank: str) -> Widget:
        return self._disabled(CycleField(options, blank, self.typed.get(id), id=id, classes=classes))

    # --- the response --------------------------------------------------------------------

    def number(self, id: str) -> int | None:
        return self.query_one(f"#{id}", NumberField).number

    def choice(self, id: str) -> str | None:
        return self.query_one(f"#{id}", CycleField).value

    def response(self) -> dict[str, Any]:
        """The rows as the checker takes them (the design brief's answer JSON)."""
        rows = [
            (zh, self.number(count_id(index)), self.choice(principle_id(index)), self.choice(because_id(index)))
            for index, zh in enumerate(self.fans)
        ]
        return mcr_steps_response(rows, self.number(TOTAL), self.choice(CAN_WIN))

    def advance(self, focused: Widget | None) -> dict[str, Any] | None:
        """Enter: from a fan row to the next row, then the total, then the
        8-point question; there, with both given, the response (else the
        focus goes to what is missing and None)."""
        ids = _ids(focused)
        row = next(
            (
                index
                for index in range(len(self.fans))
                if ids & {count_id(index), principle_id(index), because_id(index)}
            ),
            None,
        )
        if row is not None and row + 1 < len(self.fans):
            self.query_one(f"#{count_id(row + 1)}").focus()
            return None
        total = self.query_one(f"#{TOTAL}", NumberField)
        can_win = self.query_one(f"#{CAN_WIN}", CycleField)
        if row is not None or total.number is None:
            total.focus()
            return None
        if focused is not can_win or can_win.value is None:
            can_win.focus()
            return None
        return self.response()

    def values(self) -> dict[str, str]:
        """Every field's text and every choice, by id, kept across a redraw."""
        kept = {field.id: field.value for field in self.query(NumberField).results(NumberField) if field.id}
        for choice in self.query(CycleField).results(CycleField):
            if choice.id and choice.value is not None:
                kept[choice.id] = choice.value
        return kept

    def focus_target(self) -> Widget | None:
        """Where the focus goes: the first row; or, once the total is typed
        (a redraw in the other language), the 8-point question, where enter
        answers; nowhere once answered."""
        if self.verdicts:
            return None
        if self.number(TOTAL) is not None:
            return self.query_one(f"#{CAN_WIN}", CycleField)
        return self.query_one(f"#{count_id(0)}", NumberField)

    # --- marking -------------------------------------------------------------------------

    def reveal(self, count: int) -> None:
        """Mark the steps judged among the first `count` (all of them outside presentation mode)."""
        self.revealed = count
        if not self.verdicts:
            return
        marks = list(self.query(".mark").results(Static))
        whys = list(self.query(".why").results(Static))
        rows: dict[int, list[McrVerdict]] = {}
        for verdict in self.verdicts[:count]:
            rows.setdefault(self._row(verdict), []).append(verdict)
        for index, (mark, why) in enumerate(zip(marks, whys, strict=True)):
            shown = rows.get(index, [])
            right = all(verdict.right for verdict in shown)
            mark.update(("✓" if right else "✗") if shown else "")
            mark.set_class(bool(shown) and right, "right")
            mark.set_class(bool(shown) and not right, "wrong")
            wrong = [self.describe(verdict) for verdict in shown if not verdict.right]
            why.update("\n".join(wrong))
            why.display = bool(wrong)

    def first_wrong(self) -> Widget | None:
        """The first row marked wrong (or about to be: the marks are set
        after the first refresh), for the screen to scroll to."""
        rows = [self._row(verdict) for verdict in self.verdicts[: self.revealed] if not verdict.right]
        marks = list(self.query(".mark").results(Static))
        if not rows or min(rows) >= len(marks):
            return None
        row = marks[min(rows)].parent
        return row if isinstance(row, Widget) else None

    def _row(self, verdict: McrVerdict) -> int:
        """The row a step is marked on: its fan's, or the total's, or the 8-point question's."""
        step = verdict.step
        if step.step == TOTAL:
            return len(self.fans)
        if step.step == CAN_WIN:
            return len(self.fans) + 1
        return self.fans.index(step.zh) if step.zh in self.fans else len(self.fans)


def step_label_of(step: str, language: str) -> str:
    return render_value(step_label(McrStep(step)), language)


def _ids(widget: Widget | None) -> set[str]:
    """The ids of a widget and its ancestors (a select's parts have none of their own)."""
    ids = set()
    node: Any = widget
    while node is not None:
        if getattr(node, "id", None):
            ids.add(node.id)
        node = node.parent
    return ids
