"""Presentation mode says how to leave it, and notices stay off the projection
(issue 13, defect 10)."""

from __future__ import annotations

from textual.widgets import Static

from tests.helpers import settle
from tutor.locale import text
from tutor.ui.app import TutorApp


class TestPresentation:
    """Defect 10 (lessons): say how to leave; notices stay off the projection."""

    async def test_hint_shows_and_notices_go_to_it(self, app: TutorApp) -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.open_lesson("r09-fu")
            await settle(pilot)
            await pilot.press("f5")
            await settle(pilot)
            hint = app.screen.query_one("#presenting", Static)
            assert hint.display and "escape" in str(hint.render())
            await pilot.press("t")
            await settle(pilot)
            assert not list(app._notifications)
            assert text("en", f"theme.{app.theme}") in str(hint.render())
