"""Each screen speaks the learner's language only, and shows tiles, not notation
(issue 13, defects 3 and 11)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.command import CommandPalette
from textual.widgets import DataTable

from tests.helpers import make_app, settle
from tutor.locale import text
from tutor.ui.app import TutorApp
from tutor.ui.textual_compat import FooterKey

HANGUL = re.compile(r"[\uac00-\ud7a3]")
NOTATION = re.compile(r"\d+[mpsz]\b")


class TestOneLanguage:
    """Defect 3: the screens that mixed languages."""

    async def test_english_fu_lines_have_no_hangul(self, app: TutorApp) -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            app.open_lesson("r09-fu")
            await settle(pilot)
            steps = [step for hand in app.screen.hands for step in hand.steps]
            assert steps and not [step for step in steps if HANGUL.search(step)]

    async def test_english_glossary_headers(self, app: TutorApp) -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("g")
            await settle(pilot)
            labels = [str(column.label) for column in app.screen.query_one(DataTable).columns.values()]
            # An English screen names no Korean column: the Korean names are the Korean screen's alone.
            assert labels == ["English", "Original"]

    async def test_korean_header_and_palette_commands(self, korean_app: TutorApp) -> None:
        async with korean_app.run_test(size=(80, 24)) as pilot:
            assert korean_app.title == "마작 튜터"
            commands = [command.title for command in korean_app.get_system_commands(korean_app.screen)]
            assert commands == [text("ko", "command.theme"), text("ko", "command.keys"), text("ko", "command.quit")]
            await pilot.press("ctrl+p")
            await settle(pilot)
            assert isinstance(korean_app.screen, CommandPalette)

    async def test_korean_damaged_file_notice(self, tmp_path: Path) -> None:
        (tmp_path / "progress.sqlite3").write_bytes(b"not a database at all" * 100)
        app = make_app(tmp_path, "ko")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            [notice] = [notification.message for notification in app._notifications]
            assert HANGUL.search(notice) and "could not be read" not in notice


async def test_explanations_show_tiles_not_notation(app: TutorApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_lesson("r09-fu")
        await settle(pilot)
        steps = [step for hand in app.screen.hands for step in hand.steps]
        assert steps and not [step for step in steps if NOTATION.search(step)]


@pytest.mark.parametrize("where", ["home", "lesson"])
async def test_korean_footer_tooltips_are_korean(korean_app: TutorApp, where: str) -> None:
    """The words shown when the pointer rests on a footer key were English on every screen."""
    async with korean_app.run_test(size=(100, 30)) as pilot:
        if where == "lesson":
            korean_app.open_lesson("r09-fu")
        await settle(pilot)
        tips = [str(key.tooltip) for key in korean_app.screen.query(FooterKey) if key.tooltip]
        assert tips and all(HANGUL.search(tip) and not re.search(r"[A-Za-z]{3,}", tip) for tip in tips), tips
