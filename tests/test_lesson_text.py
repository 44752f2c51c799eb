"""Lesson text laid out by tutor/ui/widgets/lesson_text.py, without Textual's
widget per block: what it draws must fit and keep every word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual.content import Content, Span

from tutor.ui.widgets.lesson_text import Table, lines_of, parsed, wrapped

LESSONS = sorted(Path(__file__).parent.parent.joinpath("lessons").glob("*/*.md"))


def body(path: Path) -> str:
    """A lesson's Markdown without its front matter and hand blocks."""
    text = path.read_text(encoding="utf-8").split("---", 2)[2]
    return re.sub(r"```hand.*?```", "", text, flags=re.S)


@pytest.mark.parametrize("width", [30, 48, 100])
def test_every_line_fits_its_width(width: int) -> None:
    """Tables too wide for the text narrow their columns (a 9-column table at
    48 columns once ran past the edge); nothing is drawn past the width."""
    for path in LESSONS:
        lines = lines_of(parsed(body(path)), width)
        assert all(line.cell_length <= width for line in lines), path.name


def test_tables_fill_the_width_and_keep_their_cells() -> None:
    blocks = parsed("| set | fu |\n|---|---|\n| open koutsu | 2 |\n| a concealed kan of terminals | 32 |\n")
    assert isinstance(blocks[0], Table)
    lines = [line.plain for line in lines_of(blocks, 60)]
    assert {len(line) for line in lines if line} == {60}
    drawn = " ".join(lines).split()
    cells = ["set", "fu", "open koutsu", "2", "a concealed kan of terminals", "32"]
    assert all(word in drawn for cell in cells for word in cell.split())


TEXT = st.text(alphabet=st.sampled_from(list("ab 공부\n\t萬.")), max_size=60)


@given(TEXT, st.integers(min_value=1, max_value=30), st.integers(min_value=0, max_value=60))
def test_wrapped_lines_are_textuals(text: str, width: int, cut: int) -> None:
    """The quick wrap keeps lines that fit as they are and wraps the rest: the
    same lines, styles and all, as Content.wrap."""
    content = Content(text, spans=[Span(0, min(cut, len(text)), "bold")] if text else [])
    ours = [(line.plain, line.spans) for line in wrapped(content, width)]
    assert ours == [(line.plain, line.spans) for line in content.wrap(width)]


async def test_korean_table_cells_keep_their_words_at_80_columns(tmp_path: Path) -> None:
    """#28.8: m01's tile table in Korean at 80 columns cut its first column
    to one syllable (종…, 만…): words were measured in letters, and a Korean
    letter takes two cells. Each suit's name now stands whole in its cell."""
    from tests.helpers import wait_for
    from tutor.quiz.store import Store
    from tutor.ui.app import TutorApp
    from tutor.ui.screens.lesson import LessonScreen

    app = TutorApp(language="ko", store=Store.open(tmp_path / "progress.sqlite3"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("m01-differences")
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, LessonScreen) and app.screen.document.size.width > 0,
            "the lesson laid out",
        )
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        document = screen.document
        rows = [row.plain for row in document.current_layout().rows]
        table = [row for row in rows if row.startswith("│")]
        assert table, "the tile table is laid out"
        first_column = [row.split("│")[1].strip() for row in table]
        for name in ("종류", "만수패", "통수패", "삭수패", "삼원패"):
            assert name in first_column, first_column
        assert not [cell for cell in first_column if cell.endswith("…")]
