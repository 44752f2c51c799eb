"""A link in a lesson's text opens the lesson it names."""

from __future__ import annotations

from tests.helpers import settle
from tutor.ui.app import TutorApp
from tutor.ui.screens.lesson import LessonScreen
from tutor.ui.widgets.lesson_document import LessonDocument


async def test_a_lesson_link_opens_its_lesson(app: TutorApp) -> None:
    """Lesson text is drawn by the screen's own widget (for speed); a click
    on a link still reaches the screen and opens the lesson it names."""
    async with app.run_test(size=(100, 30)) as pilot:
        app.open_lesson("r03-winning")
        await settle(pilot)
        await pilot.press("end")
        await settle(pilot)
        document = app.screen.query_one(LessonDocument)
        lines = [line.plain for line in document.current_layout().rows]
        # Both links named "the core yaku" lead to the riichi lesson.
        row = next(number for number, line in enumerate(lines) if "the core yaku" in line)
        document.scroll_to(y=row - 2, animate=False, immediate=True)
        await settle(pilot)
        await pilot.click(document, offset=(document.styles.padding.left + lines[row].index("the core yaku") + 2, 2))
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == "r06-riichi"
