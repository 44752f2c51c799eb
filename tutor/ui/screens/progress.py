"""Progress: accuracy per kind per day, and what is due for review."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from tutor.lessons.model import QUIZ_KINDS
from tutor.locale import text
from tutor.locale.message import render_value
from tutor.quiz.kinds import concept_kind, mcr_steps, points_steps, review_lesson
from tutor.quiz.kinds.fu_steps_words import rule_name
from tutor.ui.drill_words import kind_name, word
from tutor.ui.lesson_titles import lesson_title
from tutor.ui.screens.redrawn import RedrawnScreen


def accuracy_bar(right: int, answered: int, width: int = 20) -> str:
    """A day's accuracy as an ASCII bar: block characters are ambiguous-width
    in East-Asian terminals, and a one-point sparkline cannot show 0%."""
    filled = round(width * right / answered) if answered else 0
    return "[" + "=" * filled + "-" * (width - filled) + "]"


def percent(right: int, answered: int) -> int:
    """The share right, to the nearest percent (2 of 3 is 67, not 66), but
    100 only when all were right and 0 only when none were."""
    nearest = (200 * right + answered) // (2 * answered)
    if 0 < right < answered:
        return min(max(nearest, 1), 99)
    return nearest


class ProgressScreen(RedrawnScreen):
    """Accuracy per kind over time, and what is due for review."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back", id="back", tooltip="Return")]
    DEFAULT_CSS = """
    ProgressScreen .kind { text-style: bold; padding: 1 1 0 1; }
    """

    def draw(self) -> ComposeResult:
        language = self.tutor.language
        store = self.tutor.store
        days = store.accuracy_by_day()
        with VerticalScroll():
            if not days:
                yield Static(word(language, "no_answers"), markup=False)
            for kind in QUIZ_KINDS:
                mine = [day for day in days if day.kind == kind]
                if not mine:
                    continue
                answered = sum(day.answered for day in mine)
                right = sum(day.right for day in mine)
                yield Static(
                    word(
                        language,
                        "kind_score",
                        kind=kind_name(kind, language),
                        right=right,
                        answered=answered,
                        percent=percent(right, answered),
                    ),
                    classes="kind",
                    markup=False,
                )
                for day in mine[-10:]:
                    yield Static(
                        f"  {day.day}  {accuracy_bar(day.right, day.answered)}  {day.right}/{day.answered}",
                        markup=False,
                    )
            yield from self._weakest_fu_rules(language)
            yield from self._weakest_points_rules(language)
            yield from self._weakest_mcr_steps(language)
            due = store.due()
            yield Static(word(language, "due_count", count=len(due)), classes="kind", markup=False)
            # Concepts are ids ("fu:kanchan"); they are shown by kind and lesson, in words.
            grouped = Counter((concept_kind(item.concept), review_lesson(item.concept, item.lesson)) for item in due)
            for (kind, lesson), count in grouped.most_common(20):
                name = kind_name(kind, language) if kind in QUIZ_KINDS else kind
                title = lesson_title(self.tutor.library, lesson, language)
                yield Static(word(language, "due_item", kind=name, count=count, lesson=title), markup=False)

    def _weakest_fu_rules(self, language: str) -> ComposeResult:
        """The fu rules missed last time (stored per rule by `fu-steps`), weakest first."""
        weakest = [item for item in self.tutor.store.weakest("fu:") if item.box == 0]
        rules = [(render_value(rule_name(item.concept), language), item.lesson) for item in weakest]
        yield from self._weak_rules(language, "steps.weakest", rules)

    def _weakest_points_rules(self, language: str) -> ComposeResult:
        """The yaku and points rules missed last time (stored per step by
        `points-steps`), each with the lesson that teaches it."""
        store = self.tutor.store
        weakest = [item for prefix in ("yaku:", "points:") for item in store.weakest(prefix) if item.box == 0]
        weakest.sort(key=lambda item: item.due_at)
        rules = [
            (render_value(points_steps.concept_name(item.concept), language), points_steps.concept_lesson(item.concept))
            for item in weakest[:5]
        ]
        yield from self._weak_rules(language, "points_steps.weakest", rules)

    def _weak_rules(self, language: str, heading: str, rules: list[tuple[str, str]]) -> ComposeResult:
        """A heading and one line per rule missed (its name, its lesson); nothing when none was."""
        if not rules:
            return
        yield Static(text(language, heading), classes="kind", markup=False)
        for rule, lesson in rules:
            title = lesson_title(self.tutor.library, lesson, language)
            yield Static(text(language, "steps.weak_rule", rule=rule, lesson=title), markup=False)

    def _weakest_mcr_steps(self, language: str) -> ComposeResult:
        """The MCR fans and principles missed last time (stored per step by `mcr-steps`)."""
        weakest = [item for item in self.tutor.store.weakest("mcr:") if item.box == 0]
        if not weakest:
            return
        yield Static(text(language, "mcrsteps.weakest"), classes="kind", markup=False)
        for item in weakest:
            # Stored with the question's lesson; each step has its own.
            title = lesson_title(self.tutor.library, mcr_steps.concept_lesson(item.concept), language)
            rule = render_value(mcr_steps.concept_name(item.concept), language)
            yield Static(text(language, "mcrsteps.weak_rule", rule=rule, lesson=title), markup=False)

    def settle(self) -> None:
        self.title = word(self.tutor.language, "progress")
