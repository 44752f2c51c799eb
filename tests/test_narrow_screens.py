"""What fits at 60 and 80 columns and is capped on wide ones: headings, the
reading width, the glossary, the footer and home's entries (issue 13, defect 11)."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from textual.binding import Binding
from textual.widgets import DataTable, Static

from tests.helpers import make_app, settle
from tutor.locale import text
from tutor.ui.app import TutorApp
from tutor.ui.textual_compat import FooterKey
from tutor.ui.widgets.lesson_document import READING_WIDTH, LessonDocument, TextPart
from tutor.ui.widgets.lesson_text import Heading


class TestNarrowScreens:
    """Every word whole at the widths a classroom projects."""

    async def test_a_long_heading_wraps_at_80_columns(self, app: TutorApp) -> None:
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

    async def test_reading_width_is_capped_at_200_columns(self, app: TutorApp) -> None:
        async with app.run_test(size=(200, 60)) as pilot:
            app.open_lesson("r09-fu")
            await settle(pilot)
            document = app.screen.query_one(LessonDocument)
            assert document.scrollable_content_region.width > READING_WIDTH
            assert max(row.cell_length for row in document.current_layout().rows) <= READING_WIDTH

    async def test_glossary_english_column_is_whole_at_80(self, app: TutorApp) -> None:
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

    async def test_home_says_what_ctrl_p_does(self, app: TutorApp) -> None:
        async with app.run_test(size=(80, 24)):
            entries = str(app.screen.query_one("#entries", Static).render())
            # "search", not "find a lesson": the line names i (import) too and must fit 80 columns.
            assert "ctrl+p search" in entries

    @pytest.mark.parametrize("language", ["en", "ko"])
    async def test_home_entries_name_every_key_the_footer_leaves_out(self, tmp_path: Path, language: str) -> None:
        """b (table), w (workbench), g (glossary, which gave its place in
        the footer to m, play) and i (import a game) are not in the footer:
        the entries line names them, each with its screen, on one line at 80 columns."""
        app = make_app(tmp_path, language)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            entries = app.screen.query_one("#entries", Static)
            hidden = [binding for binding in app.screen.BINDINGS if isinstance(binding, Binding) and not binding.show]
            assert {binding.key for binding in hidden} == {"b", "w", "g", "i", "a", "left", "right"}
            # a, a class's assignment, is named by the line that shows it (tests/test_class_work.py), only in a class.
            hidden = [binding for binding in hidden if binding.id != "assignment"]
            said = str(entries.render())
            # The arrows (to the other track, #28) are named together, as one pair.
            shown_as = {"left": "←→", "right": "←→"}
            for binding in hidden:
                key = shown_as.get(binding.key, binding.key)
                assert f"{key} {text(language, f'key.{binding.id}').lower()}" in said.lower()
            assert entries.region.height == 1 and entries.region.right <= 80
