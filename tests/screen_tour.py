"""What the screen tours share (tests/test_screen_tour.py, and
tests/pseudo_tour.py in a pseudo-language): the screens a tour visits and
how each is reached from home, as a learner reaches it, and a screen's text
read from the compositor as drawn."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

from textual.pilot import Pilot

from tests.helpers import settle
from tutor.quiz.attempt import Attempt
from tutor.quiz.kinds import judge
from tutor.quiz.plan import DrillPlan
from tutor.ui.app import TutorApp
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.drill_summary import SummaryScreen
from tutor.ui.screens.home import HomeScreen
from tutor.ui.screens.progress import ProgressScreen

HANGUL = re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")


def screen_lines(app: TutorApp) -> list[str]:
    """The screen's text as drawn, row by row."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


Opener = Callable[[TutorApp, Pilot[Any]], Awaitable[None]]


async def press(pilot: Pilot[Any], *keys: str) -> None:
    await pilot.press(*keys)
    await settle(pilot)


async def open_lesson(app: TutorApp, pilot: Pilot[Any]) -> None:
    app.open_lesson("r07-fu")
    await settle(pilot)
    await press(pilot, "a")


async def open_presentation(app: TutorApp, pilot: Pilot[Any]) -> None:
    app.open_lesson("r08-fu-examples")
    await settle(pilot)
    await press(pilot, "f5", "space", "space")


async def open_question(app: TutorApp, pilot: Pilot[Any]) -> None:
    app.push_screen(DrillScreen(DrillPlan(("fu",), length=2, level=1, seed=5)))
    await settle(pilot)


async def open_summary(app: TutorApp, pilot: Pilot[Any]) -> None:
    [question] = DrillPlan(("waits",), length=1, level=1, seed=3).questions()
    app.push_screen(SummaryScreen([Attempt(judge(question, {}), "hint")], again=DrillScreen))
    await settle(pilot)


def keys(*pressed: str) -> Opener:
    async def run(app: TutorApp, pilot: Pilot[Any]) -> None:
        await press(pilot, *pressed)

    return run


async def stay_home(app: TutorApp, pilot: Pilot[Any]) -> None:
    await settle(pilot)


async def open_progress(app: TutorApp, pilot: Pilot[Any]) -> None:
    app.push_screen(ProgressScreen())
    await settle(pilot)


SCREENS: list[tuple[str, Opener]] = [
    ("home", stay_home),
    ("lesson", open_lesson),
    ("presentation", open_presentation),
    ("palette", keys("ctrl+p")),
    ("help", keys("question_mark")),
    ("settings", keys("s")),
    ("glossary", keys("g")),
    ("drill setup", keys("d")),
    ("drill question", open_question),
    ("summary", open_summary),
    ("progress", open_progress),
    ("workbench", keys("w", *"123m456p789s11z22z", "2", "z")),
    ("table", keys("b", "space", "space")),
    ("play setup", keys("m", "down")),
    ("play", keys("m", "enter", "enter")),
]


async def back_home(app: TutorApp, pilot: Pilot[Any]) -> None:
    while len(app.screen_stack) > 2:
        app.pop_screen()
        await settle(pilot)
    assert isinstance(app.screen, HomeScreen)
