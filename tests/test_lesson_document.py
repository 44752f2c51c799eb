"""A lesson's body is one widget (tutor/ui/widgets/lesson_document.py): what
the hand widgets did, selecting, revealing and drawing hands, it does itself;
and the garbage collector waits for quiet moments (tutor/ui/idle_collector.py)."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.helpers import make_app, settle
from tutor.ui import idle_collector
from tutor.ui.app import TutorApp
from tutor.ui.screens.lesson import LessonScreen
from tutor.ui.widgets.lesson_document import LessonDocument, TextPart
from tutor.ui.widgets.row_view import EDGE


async def opened(app: TutorApp, pilot: Pilot[Any], lesson_id: str) -> LessonScreen:
    app.open_lesson(lesson_id)
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, LessonScreen)
    return screen


def drawn(document: LessonDocument) -> list[str]:
    """The document's rows as they are drawn in view."""
    return [document.render_line(y).text for y in range(document.scrollable_content_region.height)]


class TestHands:
    """Hands are selected with tab, revealed with `a`, a click or space, one at a time."""

    async def test_tab_selects_one_hand_and_a_reveals_only_it(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await opened(app, pilot, "r04-waits")
            document = screen.document
            # tab: the contents first, then the document with its first hand selected.
            await pilot.press("tab", "tab")
            await settle(pilot)
            assert document.has_focus and document.selected_hand is screen.hands[0]
            await pilot.press("tab")
            await settle(pilot)
            second = screen.hands[1]
            assert document.selected_hand is second
            # The selected hand is in view, behind its bar.
            start = document.part_start(document.parts.index(second))
            assert document.scroll_y <= start < document.scroll_y + document.scrollable_content_region.height
            assert drawn(document)[start - int(document.scroll_y)].startswith(EDGE)
            await pilot.press("a")
            await settle(pilot)
            assert [hand.fully_revealed for hand in screen.hands[:3]] == [False, True, False]
            await pilot.press("shift+tab")
            await settle(pilot)
            assert document.selected_hand is screen.hands[0]

    async def test_tab_past_the_last_hand_moves_the_focus_on(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await opened(app, pilot, "r01-tiles")
            await pilot.press("tab", "tab")
            await pilot.press(*["tab"] * len(screen.hands))
            await settle(pilot)
            assert not screen.document.has_focus and screen.document.selected_hand is None

    async def test_a_click_on_a_hand_reveals_it(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await opened(app, pilot, "r04-waits")
            document = screen.document
            hand = screen.hands[0]
            document.scroll_to_part(document.parts.index(hand))
            await settle(pilot)
            await pilot.click(document, offset=(document.styles.padding.left + 4, 1))
            await settle(pilot)
            assert hand.fully_revealed and not any(other.revealed for other in screen.hands[1:])
            assert any(hand.steps[-1][:20] in row for row in drawn(document))

    async def test_the_contents_jump_to_a_heading(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await opened(app, pilot, "r09-fu")
            await pilot.press("tab", "down", "down", "enter")
            await settle(pilot)
            document = screen.document
            part = document.parts[document.part_at(int(document.scroll_y))[0]]
            assert isinstance(part, TextPart) and part.source.startswith("## 2.")

    async def test_presentation_draws_large_tiles_and_back(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await opened(app, pilot, "r04-waits")
            document = screen.document
            hand = document.parts.index(screen.hands[0])

            def hand_height() -> int:
                return document.part_start(hand + 1) - document.part_start(hand)

            small = hand_height()
            await pilot.press("f5")
            await settle(pilot)
            assert hand_height() > small
            await pilot.press("f5")
            await settle(pilot)
            assert hand_height() == small

    async def test_presentation_clears_a_notice_over_the_lesson(self, tmp_path: Path) -> None:
        """The language switch's notice stayed over the projected lesson."""
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            app.open_lesson("r04-waits")
            await settle(pilot)
            await pilot.press("l")
            await settle(pilot)
            assert len(app._notifications)
            await pilot.press("f5")
            await settle(pilot)
            assert not len(app._notifications)


class TestIdleCollector:
    """Full collections run when a learner has been quiet, not while keys come."""

    def test_a_due_collection_waits_for_quiet(self, monkeypatch: pytest.MonkeyPatch) -> None:
        collected: list[bool] = []
        monkeypatch.setattr(idle_collector.gc, "get_count", lambda: (0, 0, idle_collector.FULL_AFTER))
        monkeypatch.setattr(idle_collector.gc, "collect", lambda *_: collected.append(True) or 0)
        now = [100.0]
        monkeypatch.setattr(idle_collector.time, "monotonic", lambda: now[0])
        collector = idle_collector.IdleCollector(app=None)  # type: ignore[arg-type]
        collector._last_input = 100.0
        collector._collect_if_quiet()
        assert collected == []
        now[0] += idle_collector.QUIET_SECONDS
        collector._collect_if_quiet()
        assert collected == [True]

    def test_nothing_is_collected_when_nothing_is_due(self, monkeypatch: pytest.MonkeyPatch) -> None:
        collected: list[bool] = []
        monkeypatch.setattr(idle_collector.gc, "get_count", lambda: (0, 0, idle_collector.FULL_AFTER - 1))
        monkeypatch.setattr(idle_collector.gc, "collect", lambda *_: collected.append(True) or 0)
        collector = idle_collector.IdleCollector(app=None)  # type: ignore[arg-type]
        collector._last_input -= 10 * idle_collector.QUIET_SECONDS
        collector._collect_if_quiet()
        assert collected == []

    async def test_the_app_makes_full_collections_rare_and_gives_them_back(self, tmp_path: Path) -> None:
        before = gc.get_threshold()
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)):
            assert gc.get_threshold()[2] == idle_collector.RARE
        assert gc.get_threshold() == before


async def test_a_scroll_put_off_past_a_change_of_parts_does_nothing(tmp_path: Path) -> None:
    """A hand selected before the document had a width is brought into view
    once drawn; if the lesson changed meanwhile (a quick `]`), that part may
    be gone: nothing is scrolled, nothing raised."""
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await opened(app, pilot, "r04-waits")
        document = screen.document
        last = len(document.parts) - 1
        document.set_parts([TextPart("heading-top", "# One heading")])
        await settle(pilot)
        document.scroll_to_part_whole(last)
        assert document.scroll_y == 0
