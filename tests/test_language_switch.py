"""`l` keeps where the learner is: a lesson's reveals and place, the glossary's
filter and cursor (issue 13, defect 11)."""

from __future__ import annotations

from textual.widgets import DataTable, Input

from tests.helpers import settle, settled, wait_for
from tutor.ui.app import TutorApp
from tutor.ui.screens.info import GlossaryScreen
from tutor.ui.screens.lesson import LessonScreen


class TestLanguageSwitchKeepsState:
    """The other language, the same state."""

    async def test_language_switch_keeps_a_lessons_state(self, app: TutorApp) -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            app.open_lesson("r09-fu")
            await settle(pilot)
            await pilot.press("a")
            text_view = app.screen.query_one("#text")
            text_view.scroll_to(y=40, animate=False, immediate=True)
            await settle(pilot)
            screen = app.screen
            before = screen.reading_state()
            await pilot.press("l")
            korean_title = app.library.lessons["ko"]["r09-fu"].title
            await wait_for(
                pilot,
                lambda: isinstance(app.screen, LessonScreen) and app.screen.lesson.title == korean_title,
                "the Korean lesson",
            )
            await settled(pilot)
            korean = app.screen
            assert isinstance(korean, LessonScreen) and korean.lesson.title == app.library.lessons["ko"]["r09-fu"].title
            after = korean.reading_state()
            assert after.revealed == before.revealed and all(after.revealed)
            assert after.top_part == before.top_part
            assert korean.title == korean.lesson.title and korean.query_one("#presenting").display is False
            # Back in English, the screen built first is shown again, where the reader now is.
            korean.query_one("#text").scroll_to(y=0, animate=False, immediate=True)
            await settle(pilot)
            await pilot.press("l")
            await wait_for(pilot, lambda: app.screen is screen, "the English screen again")
            await settled(pilot)
            assert app.screen is screen and screen.query_one("#text").scroll_y == 0
            assert screen.reading_state().revealed == before.revealed

    async def test_language_switch_keeps_the_glossary_filter_and_cursor(self, app: TutorApp) -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("g")
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, GlossaryScreen)
            await pilot.press(*"fu", "tab", "down", "down")
            await settle(pilot)
            await pilot.press("l")
            await settle(pilot)
            assert screen.query_one("#filter", Input).value == "fu"
            assert screen.query_one(DataTable).cursor_row == 2
            assert str(next(iter(screen.query_one(DataTable).columns.values())).label) == "한국어"
