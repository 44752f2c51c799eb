"""One test per app-wide defect of issue 13, each failing before its fix."""

from __future__ import annotations

import ast
import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from textual.binding import Binding
from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, OptionList, Static
from textual.widgets._footer import FooterKey

from tutor.locale import text
from tutor.quiz.store import Store
from tutor.ui.app import TutorApp
from tutor.ui.screens.home import HomeScreen
from tutor.ui.screens.info import GlossaryScreen, SettingsScreen
from tutor.ui.screens.lesson import LessonScreen
from tutor.ui.themes import THEME_NAMES
from tutor.ui.widgets.lesson_document import READING_WIDTH, LessonDocument, TextPart
from tutor.ui.widgets.lesson_text import Heading

HANGUL = re.compile(r"[\uac00-\ud7a3]")
NOTATION = re.compile(r"\d+[mpsz]\b")
UI = Path(__file__).resolve().parent.parent / "tutor" / "ui"


def make_app(tmp_path: Path, language: str = "en") -> TutorApp:
    return TutorApp(language=language, store=Store.open(tmp_path / "progress.sqlite3"))


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


class TestFocusComesHome:
    """Defect 2: back on home, arrows and enter work at once, on the same lesson."""

    @pytest.mark.parametrize(
        "trip",
        [("enter", "escape"), ("question_mark", "escape"), ("s", "escape"), ("ctrl+p", "escape"), ("d", "escape")],
        ids=["lesson", "help", "settings", "palette", "drills"],
    )
    async def test_cursor_and_focus_survive_a_trip(self, tmp_path: Path, trip: tuple[str, str]) -> None:
        app = make_app(tmp_path)
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

    async def test_language_switch_keeps_the_cursor(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("down", "down", "down", "l")
            await settle(pilot)
            lessons = app.screen.query_one("#lessons-riichi", OptionList)
            assert app.screen.focused is lessons and lessons.highlighted == 3


class TestOneLanguage:
    """Defect 3: the screens that mixed languages."""

    async def test_english_fu_lines_have_no_hangul(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            app.open_lesson("r09-fu")
            await settle(pilot)
            steps = [step for hand in app.screen.hands for step in hand.steps]
            assert steps and not [step for step in steps if HANGUL.search(step)]

    async def test_english_glossary_headers(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("g")
            await settle(pilot)
            labels = [str(column.label) for column in app.screen.query_one(DataTable).columns.values()]
            assert labels == ["Korean", "Original", "English"]

    async def test_korean_header_and_palette_commands(self, tmp_path: Path) -> None:
        app = make_app(tmp_path, "ko")
        async with app.run_test(size=(80, 24)) as pilot:
            assert app.title == "마작 튜터"
            commands = [command.title for command in app.get_system_commands(app.screen)]
            assert commands == [text("ko", "command.theme"), text("ko", "command.keys"), text("ko", "command.quit")]
            await pilot.press("ctrl+p")
            await settle(pilot)
            assert isinstance(app.screen, CommandPalette)

    async def test_korean_damaged_file_notice(self, tmp_path: Path) -> None:
        (tmp_path / "progress.sqlite3").write_bytes(b"not a database at all" * 100)
        app = make_app(tmp_path, "ko")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            [notice] = [notification.message for notification in app._notifications]
            assert HANGUL.search(notice) and "could not be read" not in notice


class TestTheme:
    """Defect 9: settings follows `t`, themes by name, the palette offers ours only, remembered."""

    async def test_settings_follows_the_theme_key_and_names_it(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
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
            await settle(pilot)
            await pilot.pause(0.3)
            palette = app.screen
            assert isinstance(palette, CommandPalette)
            offered = {str(option.prompt) for option in palette.query_one(OptionList).options}
            assert offered == {text("en", f"theme.{name}") for name in THEME_NAMES}
            await pilot.press(*"Projector")
            await pilot.pause(0.3)
            await pilot.press("enter")
            await settle(pilot)
            assert app.theme == "tutor-projector"
        again = make_app(tmp_path)
        async with again.run_test(size=(80, 24)):
            assert again.theme == "tutor-projector"


class TestPresentation:
    """Defect 10 (lessons): say how to leave; notices stay off the projection."""

    async def test_hint_shows_and_notices_go_to_it(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
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


class TestSmallerOnes:
    """Defect 11."""

    async def test_a_long_heading_wraps_at_80_columns(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            app.open_lesson("m06-chow-fans")
            await settle(pilot)
            await pilot.press("a")
            await settle(pilot)
            document = app.screen.query_one(LessonDocument)
            column = document.scrollable_content_region.width
            parts = [
                part
                for part in document.parts
                if isinstance(part, TextPart) and any(isinstance(b, Heading) for b in part.blocks)
            ]
            assert parts
            for part in parts:
                lines = part.lines(document.layout_width())
                assert all(line.cell_length <= column for line in lines)
                # Wrapped, not cut: every word of every heading is drawn.
                drawn = " ".join(line.plain for line in lines).split()
                for heading in (block for block in part.blocks if isinstance(block, Heading)):
                    assert all(word in drawn for word in heading.text.plain.split())

    async def test_reading_width_is_capped_at_200_columns(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(200, 60)) as pilot:
            app.open_lesson("r09-fu")
            await settle(pilot)
            document = app.screen.query_one(LessonDocument)
            assert document.scrollable_content_region.width > READING_WIDTH
            assert max(row.cell_length for row in document.current_layout().rows) <= READING_WIDTH

    async def test_glossary_english_column_is_whole_at_80(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("g")
            await settle(pilot)
            table = app.screen.query_one(DataTable)
            width = sum(column.get_render_width(table) for column in table.columns.values())
            assert width <= table.content_region.width

    @pytest.mark.parametrize("where", ["home", "lesson"])
    @pytest.mark.parametrize("language", ["en", "ko"])
    async def test_footer_is_whole_at_60_columns(self, tmp_path: Path, language: str, where: str) -> None:
        app = make_app(tmp_path, language)
        async with app.run_test(size=(60, 20)) as pilot:
            if where == "lesson":
                app.open_lesson("r09-fu")
            await settle(pilot)
            keys = list(app.screen.query(FooterKey))
            assert keys and all(key.region.right <= 60 for key in keys)
            ends = sorted((key.region.x, key.region.right) for key in keys)
            assert all(right <= x for (_, right), (x, _) in pairwise(ends)), "keys overlap"

    async def test_home_says_what_ctrl_p_does(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)):
            entries = str(app.screen.query_one("#entries", Static).render())
            assert "ctrl+p find a lesson" in entries

    @pytest.mark.parametrize("language", ["en", "ko"])
    async def test_home_entries_name_every_key_the_footer_leaves_out(self, tmp_path: Path, language: str) -> None:
        """b (table) and w (workbench) are not in the footer: the entries
        line names them, each with its screen, on one line at 80 columns."""
        app = make_app(tmp_path, language)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            entries = app.screen.query_one("#entries", Static)
            hidden = [binding for binding in app.screen.BINDINGS if isinstance(binding, Binding) and not binding.show]
            assert {binding.key for binding in hidden} == {"b", "w", "left", "right"}
            said = str(entries.render())
            # The arrows (to the other track, #28) are named together, as one pair.
            shown_as = {"left": "←→", "right": "←→"}
            for binding in hidden:
                key = shown_as.get(binding.key, binding.key)
                assert f"{key} {text(language, f'key.{binding.id}').lower()}" in said.lower()
            assert entries.region.height == 1 and entries.region.right <= 80

    async def test_explanations_show_tiles_not_notation(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            app.open_lesson("r09-fu")
            await settle(pilot)
            steps = [step for hand in app.screen.hands for step in hand.steps]
            assert steps and not [step for step in steps if NOTATION.search(step)]

    async def test_language_switch_keeps_a_lessons_state(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
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
            await settle(pilot)
            await pilot.pause(0.3)
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
            await settle(pilot)
            await pilot.pause(0.3)
            assert app.screen is screen and screen.query_one("#text").scroll_y == 0
            assert screen.reading_state().revealed == before.revealed

    async def test_language_switch_keeps_the_glossary_filter_and_cursor(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
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


def test_screens_reach_the_app_without_importing_it() -> None:
    """Structure: no module under tutor/ui but app.py imports tutor.ui.app,
    not even behind TYPE_CHECKING."""
    offenders = []
    for path in UI.rglob("*.py"):
        if path.name == "app.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "tutor.ui.app":
                offenders.append(str(path.relative_to(UI)))
    assert offenders == []


async def test_a_lesson_link_opens_its_lesson(tmp_path: Path) -> None:
    """Lesson text is drawn by the screen's own widget (for speed); a click
    on a link still reaches the screen and opens the lesson it names."""
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        app.open_lesson("r03-winning")
        await settle(pilot)
        await pilot.press("end")
        await settle(pilot)
        document = app.screen.query_one(LessonDocument)
        lines = [line.plain for line in document.current_layout().rows]
        # Both links named "the core yaku" lead to the riichi lesson.
        row = next(number for number, line in enumerate(lines) if "the core yaku and riichi" in line)
        document.scroll_to(y=row - 2, animate=False, immediate=True)
        await settle(pilot)
        await pilot.click(document, offset=(document.styles.padding.left + lines[row].index("the core yaku") + 2, 2))
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == "r06-riichi"


@pytest.mark.parametrize("where", ["home", "lesson"])
async def test_korean_footer_tooltips_are_korean(tmp_path: Path, where: str) -> None:
    """The words shown when the pointer rests on a footer key were English on every screen."""
    app = make_app(tmp_path, "ko")
    async with app.run_test(size=(100, 30)) as pilot:
        if where == "lesson":
            app.open_lesson("r09-fu")
        await settle(pilot)
        tips = [str(key.tooltip) for key in app.screen.query(FooterKey) if key.tooltip]
        assert tips and all(HANGUL.search(tip) and not re.search(r"[A-Za-z]{3,}", tip) for tip in tips), tips
