"""Every screen, in both languages, at 80x24 and 120x40 (issue 13).

One app run per language and size visits each screen in turn. On each it
reads the whole screen as drawn and holds it to one language, presses `l` and
reads it again in the other language, then presses `t`, `?`, `escape` and
`enter` and asserts that the app is still running (a key that crashed it
would have stopped it). The tour goes on in the language it switched to, so
each run checks every screen in both languages. The screens are reached through the app itself, as a learner would,
and the screen's text is read from the compositor, not from snapshots, so a
whole tour costs a few seconds.

One language per screen means: no Hangul on an English screen, except the
glossary's Korean column; no English interface word on a Korean one. English
lessons are still being rid of their Korean glosses by the curriculum work,
so on an English lesson the lesson's BODY (its text and contents list) is left
out of the Hangul check; the hand blocks inside it, the header, the footer and
every notice are ours and are checked.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import DataTable

from tests.helpers import make_app, settle
from tutor.quiz.attempt import Attempt
from tutor.quiz.kinds import judge
from tutor.quiz.plan import DrillPlan
from tutor.ui.app import TutorApp
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.drill_summary import SummaryScreen
from tutor.ui.screens.home import HomeScreen
from tutor.ui.screens.info import GlossaryScreen
from tutor.ui.screens.lesson import LessonScreen
from tutor.ui.screens.progress import ProgressScreen

HANGUL = re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")

ENGLISH_UI_WORDS = (
    "Mahjong Tutor",
    "Back",
    "Next",
    "Previous",
    "Reveal",
    "Present",
    "Drill",
    "Drills",
    "Help",
    "Quit",
    "Theme",
    "Keys",
    "Settings",
    "Glossary",
    "Progress",
    "Review",
    "Lesson",
    "Answer",
    "Skip",
    "Start",
    "palette",
    "Language",
    "English",
    "Korean",
    "Original",
    "Contents",
    "Presentation",
    "hidden",
    "won on",
    "by ron",
    "by tsumo",
    "seat",
    "round",
    "Search",
    "Screenshot",
    "Maximize",
)
"""Words of our English interface; none may show on a Korean screen."""
ENGLISH_WORD = re.compile(r"\b(" + "|".join(re.escape(word) for word in ENGLISH_UI_WORDS) + r")\b")


def left_out(app: TutorApp) -> list[Region]:
    """Regions the language check skips: the glossary's Korean column, and
    the body of an English lesson (see the module's docstring)."""
    screen = app.screen
    regions: list[Region] = []
    if isinstance(screen, GlossaryScreen):
        table = screen.query_one(DataTable)
        korean = table.columns[next(iter(table.columns))]
        regions.append(Region(table.region.x, table.region.y + 1, korean.get_render_width(table), table.region.height))
    if isinstance(screen, LessonScreen) and app.language == "en":
        regions += [screen.query_one("#text").region, screen.query_one("#contents").region]
    return regions


def screen_lines(app: TutorApp) -> list[str]:
    """The screen's text as drawn, row by row, with the left-out regions blanked."""
    strips = app.screen._compositor.render_strips()
    skipped = left_out(app)
    lines = []
    for y, strip in enumerate(strips):
        cuts = sorted((region.x, region.right) for region in skipped if region.y <= y < region.bottom)
        if not cuts:
            lines.append(strip.text)
            continue
        kept, x = [], 0
        for start, end in cuts:
            kept.append(strip.crop(x, max(x, start)).text)
            x = max(x, end)
        kept.append(strip.crop(x, strip.cell_length).text)
        lines.append(" ".join(kept))
    return lines


def hand_block_lines(app: TutorApp) -> list[str]:
    """The words of an English lesson's hand blocks (setting and answers),
    which the body's exclusion must not hide."""
    if not isinstance(app.screen, LessonScreen):
        return []
    return [line for hand in app.screen.hands for line in (hand.setup_text, *hand.shown_lines())]


def assert_one_language(app: TutorApp, where: str) -> None:
    lines = screen_lines(app) + hand_block_lines(app)
    if app.language == "en":
        mixed = [line.strip() for line in lines if HANGUL.search(line)]
        assert not mixed, f"{where}: Hangul on an English screen: {mixed[:3]}"
    else:
        mixed = [line.strip() for line in lines if ENGLISH_WORD.search(line)]
        assert not mixed, f"{where}: English interface words on a Korean screen: {mixed[:3]}"


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


def assert_running(app: TutorApp, where: str, key: str) -> None:
    assert app.is_running and app._exception is None, f"{where}: the app stopped after {key}: {app._exception!r}"


# Each tour shows every screen in both languages (it opens one in the tour's
# language of the moment and presses `l`); both starting languages at 80x24,
# where words are cut and wrap, open each screen in each language there; one
# tour at 120x40 sees each screen in both at the wide size.
@pytest.mark.parametrize(
    ("language", "size"),
    [("en", (80, 24)), ("ko", (80, 24)), ("en", (120, 40))],
    ids=["en-80x24", "ko-80x24", "en-120x40"],
)
async def test_every_screen_speaks_one_language_and_survives_the_global_keys(
    tmp_path: Path, language: str, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path, language)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for where, opener in SCREENS:
            await opener(app, pilot)
            assert_one_language(app, f"{where} ({app.language})")
            await press(pilot, "l")
            assert_running(app, where, "l")
            assert_one_language(app, f"{where} after l ({app.language})")
            await press(pilot, "t", "question_mark", "escape", "enter")
            assert_running(app, where, "t ? escape enter")
            await back_home(app, pilot)
