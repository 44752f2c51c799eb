"""The app, driven as a person would with Pilot: navigation, language and
theme kept between runs, presentation steps, the palette, and serving."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from textual.binding import Binding
from textual.command import CommandInput
from textual.widgets import OptionList, Static

from tests.helpers import make_app, search_palette, wait_for
from tutor.quiz.plan import DrillPlan
from tutor.ui.app import TutorApp
from tutor.ui.keys import LABELS, PALETTE_PLACEHOLDER
from tutor.ui.language import default_language
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.drill_setup import DrillSetupScreen
from tutor.ui.screens.drill_summary import SummaryScreen
from tutor.ui.screens.home import HomeScreen
from tutor.ui.screens.info import GlossaryScreen, HelpScreen, SettingsScreen
from tutor.ui.screens.lesson import LessonScreen
from tutor.ui.screens.progress import ProgressScreen
from tutor.ui.screens.table import TableScreen, caption
from tutor.ui.textual_compat import FooterKey
from tutor.ui.widgets.lesson_document import LessonDocument


class TestHome:
    """The home screen shows both tracks with their lessons, and q quits."""

    async def test_both_tracks_in_english(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, HomeScreen)
            assert "riichi" in str(screen.query_one("#track-riichi", Static).render()).lower()
            assert "MCR" in str(screen.query_one("#track-mcr", Static).render())
            assert screen.query_one("#lessons-riichi", OptionList).option_count >= 9
            await pilot.press("q")
        assert app.return_code == 0

    async def test_both_tracks_in_korean(self, tmp_path: Path) -> None:
        app = make_app(tmp_path, "ko")
        async with app.run_test(size=(80, 24)):
            assert "리치" in str(app.screen.query_one("#track-riichi", Static).render())
            assert "국표" in str(app.screen.query_one("#track-mcr", Static).render())

    async def test_left_and_right_move_between_tracks_and_the_cursor_follows_the_lesson_read_last(
        self, tmp_path: Path
    ) -> None:
        """#28 friction (a teacher): the arrows go from one track to the
        other at the same row; back from a lesson (reached with `]`), the
        cursor is on that lesson, in its track."""
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            home = app.screen
            assert isinstance(home, HomeScreen)
            riichi = home.query_one("#lessons-riichi", OptionList)
            mcr = home.query_one("#lessons-mcr", OptionList)
            await pilot.press("down", "down", "right")
            await pilot.pause()
            assert app.focused is mcr and mcr.highlighted == 2
            await pilot.press("left")
            await pilot.pause()
            assert app.focused is riichi and riichi.highlighted == 2
            await pilot.press("right", "enter")
            await pilot.pause()
            assert isinstance(app.screen, LessonScreen)
            await pilot.press("right_square_bracket")
            await pilot.pause()
            shown = app.screen.lesson.id
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is home and app.focused is mcr
            highlighted = mcr.highlighted
            assert highlighted is not None and mcr.get_option_at_index(highlighted).id == shown


class TestNavigation:
    async def test_home_lesson_next_back(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("enter")
            assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == "r01-tiles"
            assert app.screen.hands and app.screen.hands[0].groups
            await pilot.press("right_square_bracket")
            assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == "r02-sets"
            await pilot.press("escape")
            assert isinstance(app.screen, HomeScreen)

    async def test_passing_through_does_not_mark_read_but_the_end_or_an_answer_does(self, tmp_path: Path) -> None:
        """Issue 13: a lesson's mark appeared when merely passing it with `]`."""
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("enter", "right_square_bracket")
            await pilot.pause()
            assert app.store.lessons_read() == set()
            await pilot.press("a")
            assert app.store.lessons_read() == {"r02-sets"}
            await pilot.press("right_square_bracket")
            await wait_for(
                pilot, lambda: isinstance(app.screen, LessonScreen) and app.screen.lesson.id == "r03-winning", "r03"
            )
            await pilot.press("end")
            await wait_for(pilot, lambda: "r03-winning" in app.store.lessons_read(), "r03 marked read")
            assert app.store.lessons_read() == {"r02-sets", "r03-winning"}

    async def test_read_lessons_are_marked(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        app.store.mark_read("r01-tiles")
        async with app.run_test(size=(100, 30)):
            first = app.screen.query_one("#lessons-riichi", OptionList).get_option_at_index(0)
            assert str(first.prompt).startswith("✓")

    async def test_lessons_read_under_their_old_ids_stay_read(self, tmp_path: Path) -> None:
        """A store from before the riichi reordering keeps its marks and links."""
        app = make_app(tmp_path)
        app.store.mark_read("r07-fu")
        async with app.run_test(size=(100, 30)) as pilot:
            lessons = app.screen.query_one("#lessons-riichi", OptionList)
            marked = {
                lessons.get_option_at_index(index).id
                for index in range(lessons.option_count)
                if str(lessons.get_option_at_index(index).prompt).startswith("✓")
            }
            assert marked == {"r09-fu"}
            app.open_lesson("r11-points")
            await pilot.pause()
            assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == "r08-points"


class TestSettingsAreRemembered:
    async def test_language_and_theme_after_restart(self, tmp_path: Path) -> None:
        app = make_app(tmp_path, None)
        async with app.run_test(size=(80, 24)) as pilot:
            before_language, before_theme = app.language, app.theme
            await pilot.press("l", "t")
            changed_language, changed_theme = app.language, app.theme
        assert (changed_language, changed_theme) != (before_language, before_theme)
        assert changed_language != before_language and changed_theme != before_theme
        again = make_app(tmp_path, None)
        async with again.run_test(size=(80, 24)):
            assert (again.language, again.theme) == (changed_language, changed_theme)

    def test_default_language_from_environment(self) -> None:
        assert default_language({"LANG": "ko_KR.UTF-8"}) == "ko"
        assert default_language({"LANG": "en_GB.UTF-8"}) == "en"
        assert default_language({}) == "en"


class TestPresentation:
    async def test_steps_reveal_one_at_a_time(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            app.open_lesson("r09-fu")
            await pilot.pause()
            await pilot.press("f5")
            assert app.screen.presenting
            first = app.screen.hands[0]
            assert first.revealed == 0 and len(first.steps) > 3
            await pilot.press("space")
            assert first.revealed == 1
            await pilot.press("space", "space")
            assert first.revealed == 3
            await pilot.press("escape")
            assert not app.screen.presenting

    async def test_reveal_key_shows_every_answer(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            app.open_lesson("r04-waits")
            await pilot.pause()
            await pilot.press("a")
            assert all(hand.fully_revealed for hand in app.screen.hands)


class TestPalette:
    """The palette finds a lesson by a Korean word and by an English word."""

    @pytest.mark.parametrize(
        ("language", "query", "lesson_id"),
        [("en", "후리텐", "r04-waits"), ("en", "furiten", "r04-waits"), ("ko", "테이블", None), ("en", "table", None)],
    )
    async def test_finds_a_lesson_or_the_table(
        self, tmp_path: Path, language: str, query: str, lesson_id: str | None
    ) -> None:
        app = make_app(tmp_path, language)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("ctrl+p")
            await search_palette(pilot, query)
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, (TableScreen, LessonScreen)), "the chosen screen")
            if lesson_id is None:
                assert isinstance(app.screen, TableScreen)
            else:
                assert isinstance(app.screen, LessonScreen)
                assert app.screen.lesson.id == lesson_id

    async def test_search_field_speaks_the_app_language(self, tmp_path: Path) -> None:
        app = make_app(tmp_path, "ko")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("ctrl+p")
            await pilot.pause()
            assert app.screen.query_one(CommandInput).placeholder == PALETTE_PLACEHOLDER["ko"]


SCREENS: list[type[Any]] = [
    TutorApp,
    HomeScreen,
    LessonScreen,
    DrillSetupScreen,
    DrillScreen,
    SummaryScreen,
    ProgressScreen,
    HelpScreen,
    SettingsScreen,
    GlossaryScreen,
    TableScreen,
]


@pytest.mark.parametrize("owner", SCREENS, ids=lambda owner: owner.__name__)
def test_every_footer_key_has_a_label_in_both_languages(owner: type[Any]) -> None:
    """A key the footer shows must follow the language: a Korean footer with
    one English word in it was how this test started."""
    for binding in owner.BINDINGS:
        assert isinstance(binding, Binding)
        if binding.show or binding.action == "command_palette":
            assert binding.id, f"{owner.__name__}: key {binding.key} has no id, so it cannot be localised"
            for language in ("en", "ko"):
                assert binding.id in LABELS[language], f"{owner.__name__}: no {language} label for {binding.id}"


class TestFooterFits:
    """Teachers project the tutor at 80 columns: every key a footer shows must
    be whole there, in both languages, not run under the palette key."""

    @staticmethod
    async def _open(app: TutorApp, pilot: Any, where: str) -> None:
        if where == "lesson":
            app.open_lesson("r09-fu")
            # A long lesson takes a while to mount under load: wait for its footer, not a fixed time.
            await wait_for(
                pilot, lambda: isinstance(app.screen, LessonScreen) and app.screen.query(FooterKey), "footer"
            )
        elif where in ("question", "answered"):
            app.push_screen(DrillScreen(DrillPlan(("fu",), length=2, level=1, seed=5)))
            await pilot.pause()
            if where == "answered":
                await pilot.press("ctrl+w")
        elif where != "home":
            keys = {
                "drills": "d",
                "progress": "p",
                "settings": "s",
                "help": "question_mark",
                "table": "b",
                "workbench": "w",
            }
            await pilot.press(keys[where])
        await pilot.pause()

    @pytest.mark.parametrize("language", ["en", "ko"])
    @pytest.mark.parametrize(
        "where",
        ["home", "lesson", "question", "answered", "drills", "progress", "settings", "help", "table", "workbench"],
    )
    async def test_every_shown_key_is_whole_at_80_columns(self, tmp_path: Path, language: str, where: str) -> None:
        app = make_app(tmp_path, language)
        async with app.run_test(size=(80, 24)) as pilot:
            await self._open(app, pilot, where)
            keys = list(app.screen.query(FooterKey))
            palette = [key for key in keys if key.has_class("-command-palette")]
            limit = palette[0].region.x if palette else 80
            assert len(keys) > len(palette), "the footer shows no keys"
            for key in keys:
                if key not in palette:
                    assert key.region.right <= limit, f"{where}: {key.description!r} runs under the palette key"

    async def test_enter_reads_next_once_answered(self, tmp_path: Path) -> None:
        app = make_app(tmp_path, "en")
        async with app.run_test(size=(80, 24)) as pilot:
            await self._open(app, pilot, "answered")
            labels = {key.key: key.description for key in app.screen.query(FooterKey)}
            assert labels["enter"] == "Next"
            await pilot.press("enter")
            await pilot.pause()
            labels = {key.key: key.description for key in app.screen.query(FooterKey)}
            assert labels["enter"] == "Answer"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_serve_answers_on_loopback() -> None:
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "tutor", "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
                    assert response.status == 200
                    assert b"<html" in response.read().lower()
                    break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.3)
    finally:
        server.terminate()
        server.wait(timeout=10)


class TestTable:
    """The table, driven by keys: b opens it, space and backspace step, m
    switches the rules, l keeps the step, d sets the dealer's throw."""

    RIICHI_SETUP = (
        "seats",
        "first-dice",
        "second-dice",
        "dealer-dice",
        "break",
        "dead-wall",
        "dora",
        "deal-1",
        "deal-2",
        "deal-3",
        "deal-4",
        "first-discard",
    )

    @staticmethod
    async def _open(app: TutorApp, pilot: Any) -> TableScreen:
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        return app.screen

    @staticmethod
    def _caption(app: TutorApp) -> str:
        return str(app.screen.query_one("#caption", Static).render())

    async def test_space_steps_through_the_riichi_setup_and_backspace_goes_back(self, tmp_path: Path) -> None:
        app = make_app(tmp_path, "en")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await self._open(app, pilot)
            assert screen.setup.rules == "riichi"
            assert str(screen.setup.seed) in str(screen.query_one("#status", Static).render())
            seen, captions = [screen.step.id], [self._caption(app)]
            while screen.step.id != "first-discard":
                await pilot.press("space")
                await pilot.pause()
                seen.append(screen.step.id)
                captions.append(self._caption(app))
            assert tuple(seen) == self.RIICHI_SETUP
            assert len(set(captions)) == len(captions), "each step has its own caption"
            assert "Counting the thrower as 1" in captions[1]
            state = screen.state
            assert [len(hand) for hand in state.hands] == [13] * 4  # the dealer had 14 and discarded one
            assert [len(pile) for pile in state.discards] == [1 if seat == state.dealer else 0 for seat in range(4)]
            await pilot.press("backspace")
            await pilot.pause()
            assert screen.step.id == "deal-4"
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)

    async def test_mcr_replaces_flowers_and_l_keeps_the_step(self, tmp_path: Path) -> None:
        app = make_app(tmp_path, "en")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await self._open(app, pilot)
            await pilot.press("m")
            await pilot.pause()
            assert screen.setup.rules == "mcr"
            while screen.step.id != "flowers":
                await pilot.press("space")
                await pilot.pause()
            state = screen.state
            assert sum(len(seat) for seat in state.flowers) >= 1
            assert state.wall.back >= sum(len(seat) for seat in state.flowers)
            assert "back of the wall" in self._caption(app)
            index = screen.index
            await pilot.press("l")
            await pilot.pause()
            assert app.language == "ko"
            assert isinstance(app.screen, TableScreen) and app.screen.index == index
            assert self._caption(app) == caption(app.screen.step, "ko")
            assert "화패" in self._caption(app)

    async def test_d_sets_the_dealers_throw(self, tmp_path: Path) -> None:
        app = make_app(tmp_path, "en")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await self._open(app, pilot)
            for key in ("space", "space", "space", "d", "3", "5"):
                await pilot.press(key)
            await pilot.pause()
            assert screen.setup.dealer_dice == (3, 5)
            assert screen.step.id == "dealer-dice"
            assert screen.state.dice == (3, 5) and screen.state.opening.stacks == 8
            assert "8" in self._caption(app)
            # A key other than a die cancels, and the throw stays as it was.
            for key in ("d", "x"):
                await pilot.press(key)
            await pilot.pause()
            assert screen.dice_typed is None and screen.setup.dealer_dice == (3, 5)

    @pytest.mark.parametrize(
        ("lesson_id", "step_id", "rules"),
        [("r11-table", "dora", "riichi"), ("m03-calls-and-flowers", "flowers", "mcr")],
    )
    async def test_a_lesson_link_opens_the_table_at_its_step(
        self, tmp_path: Path, lesson_id: str, step_id: str, rules: str
    ) -> None:
        app = make_app(tmp_path, "ko")
        async with app.run_test(size=(100, 30)) as pilot:
            app.open_lesson(lesson_id)
            await pilot.pause()
            lesson = app.screen
            assert isinstance(lesson, LessonScreen) and (lesson.lesson.table_links)
            assert step_id in {target for _, target in lesson.lesson.table_links}
            lesson.query_one(LessonDocument).action_link(f"table:{step_id}")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert (app.screen.step.id, app.screen.setup.rules) == (step_id, rules)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is lesson


class TestSettingsScreen:
    """#28 friction, settings: the level of a new drill, and a progress reset that asks first."""

    @pytest.mark.parametrize("language", ["en", "ko"])
    async def test_v_sets_the_level_a_new_drill_starts_at(self, tmp_path: Path, language: str) -> None:
        app = make_app(tmp_path, language)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("s", "v")
            await pilot.pause()
            assert app.store.setting("default_level") == "2"
            body = str(app.screen.query_one("#settings", Static).render())
            assert ("Level of a new drill: 2" if language == "en" else "새 연습의 난이도: 2") in body
            await pilot.press("escape", "d")
            await pilot.pause()
            assert isinstance(app.screen, DrillSetupScreen)
            assert app.screen.query_one("#level", OptionList).highlighted == 1

    async def test_x_clears_progress_only_when_the_learner_says_yes(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        app.store.record_answer(
            kind="fu", level=1, seed=1, concept="fu:kanchan", lesson="r09-fu", correct=False, response="{}"
        )
        app.store.mark_read("r01-tiles")
        app.store.set_setting("language", "en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("s", "x")
            await pilot.pause()
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, SettingsScreen)
            assert app.store.answer_count() == 1 and app.store.lessons_read()
            await pilot.press("x")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            assert isinstance(app.screen, SettingsScreen)
            assert app.store.answer_count() == 0 and not app.store.lessons_read() and not app.store.due()
            assert app.store.setting("language") == "en"


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_the_palettes_table_and_workbench_entries_say_what_they_are(tmp_path: Path, language: str) -> None:
    """#28.14: the palette's `table` entry had no description, and the next
    entry's read as if it were its own."""
    from textual.command import DiscoveryHit

    from tutor.locale import text
    from tutor.ui.palette import LessonsAndTerms

    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)):
        provider = LessonsAndTerms(app.screen)
        hits = [hit async for hit in provider.discover()]
        helps = {str(hit.display): hit.help for hit in hits if isinstance(hit, DiscoveryHit)}
        assert helps[text(language, "table.palette")] == text(language, "table.palette_help")
        assert helps[text(language, "workbench.palette")] == text(language, "workbench.palette_help")
        searched = [hit async for hit in provider.search(text(language, "table.palette"))]
        assert any(hit.help == text(language, "table.palette_help") for hit in searched)
