"""A lesson's `play:` link opens the play screen at its scenario, by keys
(issue 30), in both languages, riichi and MCR; the presentation view is a
setup row and f5."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.helpers import make_app, settle, wait_for
from tutor.engine.game.actions import Forbidden, Refusal
from tutor.engine.game.mcr.actions import McrForbidden, McrRefusal
from tutor.locale import render, text
from tutor.quiz.faces import faces_in_text
from tutor.quiz.mcr_play_session import McrPlaySession
from tutor.quiz.play_session import PlaySetup, scenario_goal, scenario_refusal
from tutor.ui.app import TutorApp
from tutor.ui.screens.lesson import LessonScreen
from tutor.ui.screens.links import LinksScreen
from tutor.ui.screens.play import PlayScreen
from tutor.ui.screens.play_setup import ROWS, PlaySetupScreen
from tutor.ui.widgets.lesson_document import LessonDocument, TextPart
from tutor.ui.widgets.play_big import PlayBig


def lesson_shown(screen: object) -> bool:
    return isinstance(screen, LessonScreen) and bool(screen.query(LessonDocument))


async def opened_lesson(pilot: Pilot[Any], lesson_id: str) -> LessonScreen:
    """The lesson opened and laid out."""
    app = pilot.app
    assert isinstance(app, TutorApp)
    app.open_lesson(lesson_id)
    await wait_for(pilot, lambda: lesson_shown(app.screen), "the lesson")
    assert isinstance(app.screen, LessonScreen)
    return app.screen


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_the_lessons_play_link_opens_the_scenario_at_its_moment(tmp_path: Path, language: str) -> None:
    app = make_app(tmp_path, language)
    async with app.run_test(size=(100, 30)) as pilot:
        lesson = await opened_lesson(pilot, "r04-waits")
        document = lesson.document
        part = next(
            index
            for index, found in enumerate(document.parts)
            if isinstance(found, TextPart) and "play:r04-furiten" in found.source
        )
        document.scroll_to_part(part)
        await settle(pilot)
        await pilot.press("o")
        await wait_for(pilot, lambda: isinstance(app.screen, LinksScreen), "the links")
        links = app.screen
        assert isinstance(links, LinksScreen)
        hrefs = [href for _, href in links.links]
        assert "play:r04-furiten" in hrefs
        for _ in range(hrefs.index("play:r04-furiten")):
            await pilot.press("down")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the play screen")
        screen = app.screen
        assert isinstance(screen, PlayScreen) and screen.session.setup.scenario == "r04-furiten"
        goal = render(scenario_goal("r04-furiten"), language)
        assert screen.said_text().replace("1萬", "1m").replace("4萬", "4m") == goal
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(screen.said, Forbidden), "the coach's answer")
        assert isinstance(screen.said, Forbidden) and screen.said.code is Refusal.FURITEN
        assert screen.session.tried, "a ron tried in furiten is kept as a mistake"


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_an_mcr_scenario_opens_an_mcr_game_at_its_moment(tmp_path: Path, language: str) -> None:
    """m04's link: an MCR game whose first hand is the script's, where the
    hu the learner may try on the discard is worth under 8 and is refused."""
    app = make_app(tmp_path, language)
    async with app.run_test(size=(100, 30)) as pilot:
        lesson = await opened_lesson(pilot, "m04-routes-to-eight")
        lesson.document.action_link("play:m04-under-eight")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the play screen")
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        session = screen.session
        assert isinstance(session, McrPlaySession) and session.setup.scenario == "m04-under-eight"
        assert screen.said_text() == faces_in_text(render(scenario_goal("m04-under-eight"), language))
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(screen.said, McrForbidden), "the coach's answer")
        assert isinstance(screen.said, McrForbidden) and screen.said.code is McrRefusal.UNDER_EIGHT
    unknown = scenario_refusal("r04-nope")
    assert unknown is not None and "r04-nope" in render(unknown, "ko")


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_the_projector_view_is_a_setup_row_and_f5(tmp_path: Path, language: str) -> None:
    app = make_app(tmp_path, language)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(PlaySetupScreen(PlaySetup(seed=42)))
        await settle(pilot)
        setup = app.screen
        assert isinstance(setup, PlaySetupScreen)
        for _ in range(ROWS.index("presentation")):
            await pilot.press("down")
        await pilot.press("right")
        await settle(pilot)
        assert setup.setup.presentation
        assert text(language, "play.presentation.on") in str(setup.query_one("#rows").render())
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the play screen")
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        big = screen.query_one(PlayBig)
        await wait_for(pilot, lambda: big.display and big.size.height > 0, "the projector view")
        assert big.has_class("-stacked"), "at 120 columns the hand fits on one row of large tiles"
        await pilot.press("f5")
        await wait_for(pilot, lambda: big.size.height == 0, "the projector view put away")
        assert not screen.presenting
