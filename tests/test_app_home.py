"""The app's first screen: both tracks by name, in the chosen language, and `q` quits."""

from __future__ import annotations

from textual.widgets import Static

from tutor.ui.app import TutorApp
from tutor.ui.language import default_language


class TestHome:
    """The home screen names the two tracks and quits on q."""

    async def test_shows_both_tracks_in_english(self) -> None:
        app = TutorApp(language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            riichi = app.query_one("#track-riichi", Static)
            mcr = app.query_one("#track-mcr", Static)
            assert "riichi" in str(riichi.render()).lower()
            assert "MCR" in str(mcr.render())
            await pilot.press("q")
        assert app.return_code == 0

    async def test_shows_both_tracks_in_korean(self) -> None:
        app = TutorApp(language="ko")
        async with app.run_test(size=(80, 24)):
            assert "리치" in str(app.query_one("#track-riichi", Static).render())
            assert "국표" in str(app.query_one("#track-mcr", Static).render())


def test_language_from_environment() -> None:
    assert default_language({"LANG": "ko_KR.UTF-8"}) == "ko"
    assert default_language({"LANG": "en_GB.UTF-8"}) == "en"
    assert default_language({"LC_ALL": "ko_KR.UTF-8", "LANG": "C"}) == "ko"
    assert default_language({}) == "en"
