"""Themes by name: settings follows `t`, the palette offers ours only, the choice is kept
(issue 13, defect 9)."""

from __future__ import annotations

from pathlib import Path

from textual.command import CommandPalette
from textual.widgets import OptionList, Static

from tests.helpers import make_app, search_palette, settle, wait_for
from tutor.locale import text
from tutor.ui.app import TutorApp
from tutor.ui.screens.info import SettingsScreen
from tutor.ui.themes import THEME_NAMES


class TestTheme:
    """Defect 9: settings follows `t`, themes by name, the palette offers ours only, remembered."""

    async def test_settings_follows_the_theme_key_and_names_it(self, app: TutorApp) -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("s", "t")
            await settle(pilot)
            assert isinstance(app.screen, SettingsScreen)
            shown = str(app.screen.query_one("#settings", Static).render())
            assert text("en", f"theme.{app.theme}") in shown and app.theme not in shown

    async def test_the_palette_offers_our_themes_and_the_choice_is_kept(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            app.search_themes()
            await wait_for(
                pilot,
                lambda: (
                    isinstance(app.screen, CommandPalette)
                    and sum(options.option_count for options in app.screen.query(OptionList)) == len(THEME_NAMES)
                ),
                "every theme offered",
            )
            palette = app.screen
            assert isinstance(palette, CommandPalette)
            offered = {str(option.prompt) for option in palette.query_one(OptionList).options}
            assert offered == {text("en", f"theme.{name}") for name in THEME_NAMES}
            await search_palette(pilot, "Projector")
            await pilot.press("enter")
            await settle(pilot)
            assert app.theme == "tutor-projector"
        again = make_app(tmp_path)
        async with again.run_test(size=(80, 24)):
            assert again.theme == "tutor-projector"
