"""Back on home, arrows and enter work at once, on the same lesson (issue 13, defect 2)."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from tests.helpers import settle
from tutor.ui.app import TutorApp
from tutor.ui.screens.home import HomeScreen
from tutor.ui.screens.lesson import LessonScreen


class TestFocusComesHome:
    """Defect 2: back on home, arrows and enter work at once, on the same lesson."""

    @pytest.mark.parametrize(
        "trip",
        [("enter", "escape"), ("question_mark", "escape"), ("s", "escape"), ("ctrl+p", "escape"), ("d", "escape")],
        ids=["lesson", "help", "settings", "palette", "drills"],
    )
    async def test_cursor_and_focus_survive_a_trip(self, app: TutorApp, trip: tuple[str, str]) -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("down", "down")
            for key in trip:
                await pilot.press(key)
                await settle(pilot)
            assert isinstance(app.screen, HomeScreen)
            lessons = app.screen.query_one("#lessons-riichi", OptionList)
            assert app.screen.focused is lessons
            assert lessons.highlighted == 2
            await pilot.press("down", "enter")
            await settle(pilot)
            assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == "r04-waits"

    async def test_language_switch_keeps_the_cursor(self, app: TutorApp) -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("down", "down", "down", "l")
            await settle(pilot)
            lessons = app.screen.query_one("#lessons-riichi", OptionList)
            assert app.screen.focused is lessons and lessons.highlighted == 3
