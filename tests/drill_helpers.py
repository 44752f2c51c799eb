"""What the step-drill tests share: opening a drill, and storing a judged
step answer the way the drill screen stores it."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from tutor.quiz.plan import DrillPlan
from tutor.quiz.question import Question
from tutor.quiz.store import Store
from tutor.ui.screens.drill import DrillScreen


async def open_drill(pilot: Pilot[Any], plan: DrillPlan) -> DrillScreen:
    """Push a drill of `plan` and return its screen once it is drawn."""
    pilot.app.push_screen(DrillScreen(plan))
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, DrillScreen)
    return screen


def record_steps(
    store: Store,
    question: Question,
    rules: tuple[tuple[str, bool], ...],
    *,
    right: bool,
    now: float,
    response: str = "{}",
) -> None:
    """Store one step answer: the question's answer, each step's rule moved on its own."""
    store.record_answer(
        kind=question.kind,
        level=question.level,
        seed=question.seed,
        concept=question.concept,
        lesson=question.lesson,
        correct=right,
        response=response,
        now=now,
        rules=rules,
    )
