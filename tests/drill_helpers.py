"""What the drill tests share: their plans, opening a drill, answering a
step drill as a learner does, and storing a judged step answer the way the
drill screen stores it."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, SelectionList

from tests.helpers import wait_for
from tutor.quiz.plan import DrillPlan
from tutor.quiz.question import Question
from tutor.quiz.store_api import ProgressStore
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.widgets.cycle_field import CycleField
from tutor.ui.widgets.mcr_steps_answer import McrStepsAnswer, principle_id
from tutor.ui.widgets.number_field import NumberField


async def open_drill(pilot: Pilot[Any], plan: DrillPlan) -> DrillScreen:
    """Push a drill of `plan` and return its screen once it is drawn."""
    screen = DrillScreen(plan)
    pilot.app.push_screen(screen)
    await wait_for(pilot, lambda: pilot.app.screen is screen and screen.is_mounted, "the drill on top")
    return screen


def record_steps(
    store: ProgressStore,
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


PLAN = DrillPlan(("riichi-points",), length=3, level=1, seed=7)


def fu_plan(language_seed: int = 5) -> DrillPlan:
    return DrillPlan(("fu",), length=2, level=1, seed=language_seed)


POINTS_PLAN = DrillPlan(("points-steps",), length=2, level=1, seed=11)


def pay_fields(screen: Any) -> list[str]:
    """The ids of the payment fields on screen, in order."""
    return [str(field.id) for field in screen.query(NumberField) if str(field.id).startswith("pay-")]


async def answer_points_steps(pilot: Pilot[Any], question: Question, han: int) -> None:
    """Tick the hand's yaku (space on each, moving with the arrows), then
    type the numbers, moving with enter as a learner does; `han` as given."""
    screen = pilot.app.screen
    assert isinstance(screen, DrillScreen)
    wanted = [f"{yaku['id']}:{yaku['han']}" for yaku in question.answer["yaku"]]
    # The list as drawn: grouped by han, its headers skipped by the arrows.
    yaku_list = screen.query_one("#yaku-list", SelectionList)
    shown = [
        yaku_list.get_option_at_index(index)
        for index in range(yaku_list.option_count)
        if not yaku_list.get_option_at_index(index).disabled
    ]
    at = 0
    for index, option in enumerate(shown):
        if option.value in wanted:
            for _ in range(index - at):
                await pilot.press("down")
            await pilot.press("space")
            at = index
    await pilot.press("enter")
    points = question.answer["points"]
    numbers = [question.answer["dora"], han]
    numbers += [points[field_id.removeprefix("pay-")] for field_id in pay_fields(screen)]
    for number in numbers:
        for character in str(number):
            await pilot.press(character)
        field = screen.focused
        await pilot.press("enter")
        await wait_for(pilot, lambda left=field: screen.focused is not left or screen.answered, "enter to move on")
    await wait_for(pilot, lambda: screen.answered, "the drill to judge the steps")


async def fill_rows(pilot: Pilot[Any], response: dict[str, Any]) -> None:
    """Put a response into the answer rows (as typed and picked) and answer with enter."""
    screen = pilot.app.screen
    assert isinstance(screen, DrillScreen)
    widget = screen.query_one(McrStepsAnswer)
    left_out = {left["zh"]: left for left in response["left_out"]}
    counts = {fan["zh"]: fan["count"] for fan in response["fans"]}
    for index, zh in enumerate(widget.fans):
        widget.query_one(f"#fan-{index}", Input).value = str(counts.get(zh, ""))
        if zh in left_out:
            widget.query_one(f"#{principle_id(index)}", CycleField).value = left_out[zh]["principle"]
            widget.query_one(f"#because-{index}", CycleField).value = left_out[zh]["because_of"] or "none"
    widget.query_one("#total", Input).value = str(response["total"])
    widget.query_one("#can_win", CycleField).value = "yes" if response["can_win"] else "no"
    widget.query_one("#can_win").focus()
    await pilot.press("enter")
    await wait_for(pilot, lambda: screen.answered, "the drill to judge the rows")
