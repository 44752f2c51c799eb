"""Drills in the app: a whole drill with right, wrong and skipped answers,
the answers in the store, the missed concept due again, the lesson linked;
and snapshots of a question, feedback, the summary and progress."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.color import Color
from textual.events import Key, Paste
from textual.pilot import Pilot
from textual.widgets import Button, Checkbox, Input, OptionList, Static
from textual.widgets._toast import ToastRack

from tests.drill_helpers import PLAN, fu_plan, open_drill
from tests.helpers import committed_answers, make_app, wait_for
from tutor.engine.notation import parse_hand, parse_tile
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.score import score_riichi
from tutor.engine.tiles import wind_tile
from tutor.lessons.model import QUIZ_KINDS
from tutor.locale import text
from tutor.quiz.kinds import KINDS, generate
from tutor.quiz.mistake import fu_miss
from tutor.quiz.plan import DrillPlan
from tutor.quiz.question import Question
from tutor.quiz.store import Store
from tutor.ui.app import TutorApp
from tutor.ui.drill_words import header_text, word
from tutor.ui.screens.confirm import ConfirmScreen
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.drill_setup import DrillSetupScreen
from tutor.ui.screens.drill_summary import SummaryScreen
from tutor.ui.screens.home import HomeScreen
from tutor.ui.screens.info import HelpScreen
from tutor.ui.screens.lesson import LessonScreen
from tutor.ui.screens.progress import ProgressScreen
from tutor.ui.textual_compat import FooterKey
from tutor.ui.tile_art import TileSize, render_groups
from tutor.ui.widgets.hand_view import TilesView
from tutor.ui.widgets.mistake_list import MistakeList
from tutor.ui.widgets.question_hand import hand_parts
from tutor.ui.widgets.row_view import FRAME


async def answer_number(pilot: Pilot[Any], value: int) -> None:
    screen = pilot.app.screen
    assert isinstance(screen, DrillScreen)
    field = screen.query_one("#answer", Input)
    field.value = str(value)
    await pilot.press("enter")
    await pilot.pause()


def feedback(screen: Any) -> str:
    """The verdict and the feedback lines shown under an answered question."""
    return "\n".join(str(widget.render()) for widget in screen.query("#feedback Static"))


class TestWholeDrill:
    """A drill from first question to summary, and what it leaves behind."""

    async def test_right_wrong_skip_summary_store_and_due(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_drill(pilot, PLAN)
            first, second = screen.questions[0], screen.questions[1]
            await answer_number(pilot, first.answer["total"])
            assert screen.results == [True]
            assert "Right" in feedback(screen)
            await pilot.press("enter")
            await answer_number(pilot, second.answer["total"] + 100)
            assert screen.results == [True, False]
            assert "Not quite" in feedback(screen)
            await pilot.press("enter")
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, SummaryScreen)
            assert "1 of 3 right" in str(app.screen.query_one("#score", Static).render())
            assert app.store.answer_count() == 3
            due = {item.concept for item in app.store.due()}
            assert second.concept in due
            # A missed question links to the lesson that teaches it.
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == second.lesson

    async def test_review_brings_back_the_missed_concept(self, tmp_path: Path) -> None:
        store = Store.open(tmp_path / "progress.sqlite3")
        store.record_answer(
            kind="fu", level=1, seed=1, concept="fu:kanchan", lesson="r09-fu", correct=False, response="{}"
        )
        store.record_answer(
            kind="waits", level=1, seed=1, concept="waits:many", lesson="r04-waits", correct=False, response="{}"
        )
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, DrillScreen)
            assert [question.concept for question in app.screen.questions] == ["fu:kanchan", "waits:many"]

    async def test_due_shows_on_home_after_restart(self, tmp_path: Path) -> None:
        store = Store.open(tmp_path / "progress.sqlite3")
        store.record_answer(
            kind="fu", level=1, seed=1, concept="fu:kanchan", lesson="r09-fu", correct=False, response="{}"
        )
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)):
            assert isinstance(app.screen, HomeScreen)
            assert "1 concept" in str(app.screen.query_one("#due", Static).render())

    async def test_how_it_was_won_in_the_drill_language(self, tmp_path: Path) -> None:
        """The line under the hand names the winds, flags and flowers in the
        learner's language: a Korean drill must not fall back to flag ids."""
        plan = next(
            plan
            for seed in range(200)
            if (plan := DrillPlan(("mcr-fans",), length=1, level=3, seed=seed)).questions()[0].request.get("flowers")
        )
        app = make_app(tmp_path, "ko")
        async with app.run_test(size=(100, 30)) as pilot:
            app.push_screen(DrillScreen(plan))
            await pilot.pause()
            line = str(app.screen.query_one(".context", Static).render())
            flowers = plan.questions()[0].request["flowers"]
            assert f"화패 {flowers}장" in line and "자풍" in line and "flower" not in line

    async def test_show_answer_while_typing_an_answer(self, tmp_path: Path) -> None:
        """ctrl+w shows the answer even with the focus in the answer field,
        whose own ctrl+w would delete a word."""
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            app.push_screen(DrillScreen(PLAN))
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, DrillScreen) and isinstance(app.focused, Input)
            await pilot.press("ctrl+w")
            await pilot.pause()
            assert screen.answered and screen.results == [False]
            assert str(screen.question.answer["total"]) in feedback(screen)

    async def test_choice_question_by_digit(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_drill(pilot, DrillPlan(("game-flow",), length=1, level=1, seed=3))
            question = screen.questions[0]
            digit = str(question.choices.index(question.answer["seat"]) + 1)
            await pilot.press(digit)
            await pilot.pause()
            assert screen.results == [True]

    async def test_lesson_key_starts_its_kinds(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            app.open_lesson("r09-fu")
            await pilot.pause()
            await pilot.press("z")
            await pilot.pause()
            assert isinstance(app.screen, DrillScreen) and app.screen.plan.kinds == ("fu-steps",)
            assert app.screen.plan.level == 1

    async def test_presentation_reveals_explanation_in_steps(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            app.push_screen(DrillScreen(DrillPlan(("fu",), length=1, level=1, seed=5)))
            await pilot.pause()
            await pilot.press("f5")
            await answer_number(pilot, 0)
            screen = app.screen
            assert isinstance(screen, DrillScreen)
            assert screen.shown_steps == 1 < len(screen.steps)
            await pilot.press("space")
            assert screen.shown_steps == 2


async def drilled(pilot: Pilot[Any], finish: bool) -> None:
    app = pilot.app
    assert isinstance(app, TutorApp)
    app.push_screen(DrillScreen(PLAN))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, DrillScreen)
    await answer_number(pilot, 0)
    if finish:
        for _ in range(2):
            await pilot.press("enter")
            await pilot.press("ctrl+s")
        await pilot.pause()


@pytest.mark.parametrize("language", ["ko", "en"])
class TestDrillSnapshots:
    """A question, its feedback with the explanation, the summary, and progress."""

    def test_question(self, snap_compare: Any, tmp_path: Path, language: str) -> None:
        async def run(pilot: Pilot[Any]) -> None:
            pilot.app.push_screen(DrillScreen(PLAN))
            await pilot.pause()
            for field in pilot.app.screen.query(Input):
                field.cursor_blink = False

        assert snap_compare(make_app(tmp_path, language), terminal_size=(100, 30), run_before=run)

    def test_feedback(self, snap_compare: Any, tmp_path: Path, language: str) -> None:
        async def run(pilot: Pilot[Any]) -> None:
            await drilled(pilot, finish=False)
            for field in pilot.app.screen.query(Input):
                field.cursor_blink = False

        assert snap_compare(make_app(tmp_path, language), terminal_size=(100, 30), run_before=run)

    def test_summary(self, snap_compare: Any, tmp_path: Path, language: str) -> None:
        async def run(pilot: Pilot[Any]) -> None:
            await drilled(pilot, finish=True)

        assert snap_compare(make_app(tmp_path, language), terminal_size=(100, 30), run_before=run)

    def test_setup(self, snap_compare: Any, tmp_path: Path, language: str) -> None:
        """Kinds named and described, fu ticked by its preset, levels described."""

        async def run(pilot: Pilot[Any]) -> None:
            await pilot.press("d", "f")
            await pilot.pause()

        assert snap_compare(make_app(tmp_path, language), terminal_size=(80, 24), run_before=run)

    def test_summary_with_hands(self, snap_compare: Any, tmp_path: Path, language: str) -> None:
        """Each mistake with its hand, both answers, the step missed and the lesson."""

        async def run(pilot: Pilot[Any]) -> None:
            drill = await open_drill(pilot, DrillPlan(("fu",), length=2, level=1, seed=5))
            await answer_number(pilot, drill.question.answer["fu_raw"])
            await pilot.press("enter")
            await answer_number(pilot, 0)
            await pilot.press("enter")
            await pilot.pause()

        assert snap_compare(make_app(tmp_path, language), terminal_size=(100, 40), run_before=run)

    def test_progress(self, snap_compare: Any, tmp_path: Path, language: str) -> None:
        app = make_app(tmp_path, language)
        # Fixed times (noon UTC on three days in 2026), so the dates shown never change.
        for day, results in enumerate(([False, True, False], [True, True, False, True], [True, True, True])):
            for number, correct in enumerate(results):
                app.store.record_answer(
                    kind="fu",
                    level=2,
                    seed=number,
                    concept="fu:kanchan" if number else "fu:tanki",
                    lesson="r09-fu",
                    correct=correct,
                    response="{}",
                    now=1_780_000_000 + day * 86_400 + number,
                )
        app.store.record_answer(
            kind="waits",
            level=1,
            seed=1,
            concept="waits:many",
            lesson="r04-waits",
            correct=False,
            response="{}",
            now=1_780_100_000,
        )

        async def run(pilot: Pilot[Any]) -> None:
            pilot.app.push_screen(ProgressScreen())
            await pilot.pause()

        assert snap_compare(app, terminal_size=(100, 30), run_before=run)


class TestLanguageSwitchInADrill:
    """`l` redraws each drill screen in place in the other language, its
    state kept (it used to blank the question, and enter then crashed)."""

    async def test_unanswered_question_keeps_what_was_typed(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_drill(pilot, fu_plan())
            await pilot.press("3")
            await pilot.press("l")
            await pilot.pause()
            assert app.language == "ko" and app.screen is screen
            assert screen.query_one("#answer", Input).value == "3"
            assert str(screen.query_one("#prompt", Static).render()) == screen.question.prompt_text("ko")
            await pilot.press("0", "enter")
            await pilot.pause()
            assert screen.answered and app.is_running
            assert screen.attempts[0].response == {"fu": 30}
            assert screen.query_one("#answer", Input).value == "30", "the field shows the answer given"

    async def test_answered_question_keeps_its_feedback(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_drill(pilot, fu_plan())
            await answer_number(pilot, screen.question.answer["fu"])
            assert "Right" in feedback(screen)
            await pilot.press("l")
            await pilot.pause()
            assert "정답" in feedback(screen) and "Right" not in feedback(screen)
            assert str(screen.question.answer["fu"]) in feedback(screen)
            await pilot.press("enter")
            await pilot.pause()
            assert screen.position == 1 and not screen.answered
            assert screen.query_one("#answer", Input).value == "", "the last question's answer is not a draft"

    async def test_ticks_are_kept(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            from tutor.ui.widgets.tile_grid import TileGrid

            screen = await open_drill(pilot, DrillPlan(("waits",), length=1, level=1, seed=2))
            # The tile grid (#28): two tiles typed in notation.
            grid = screen.query_one("#answer", TileGrid)
            names = [tile_name_of(grid.rows[0][0]), tile_name_of(grid.rows[0][2])]
            await pilot.press(*"".join(names))
            ticked = list(screen.query_one("#answer", TileGrid).selected)
            assert ticked == names
            await pilot.press("l")
            await pilot.pause()
            assert list(screen.query_one("#answer", TileGrid).selected) == ticked

    async def test_setup_keeps_its_choices(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("d")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, DrillSetupScreen)
            screen.query_one("#kind-calls", Checkbox).value = True
            screen.query_one("#level", OptionList).highlighted = 2
            await pilot.press("l")
            await pilot.pause()
            assert screen.query_one("#kind-calls", Checkbox).value
            assert screen.query_one("#level", OptionList).highlighted == 2
            assert "울기" in str(screen.query_one("#kind-calls", Checkbox).label)

    async def test_summary_redraws_in_the_other_language(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await drilled(pilot, finish=True)
            assert isinstance(app.screen, SummaryScreen)
            await pilot.press("l")
            await pilot.pause()
            assert isinstance(app.screen, SummaryScreen)
            mistakes = app.screen.query_one(MistakeList).mistakes
            assert len(mistakes) == 3
            assert "내 답" in mistakes[0].answer

    async def test_progress_redraws_in_the_other_language(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        app.store.record_answer(
            kind="wait-kind",
            level=1,
            seed=1,
            concept="wait-kind:kanchan",
            lesson="r04-waits",
            correct=False,
            response="{}",
        )
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("p")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ProgressScreen)
            words = " ".join(str(line.render()) for line in screen.query(Static))
            assert "Wait shapes: 0/1" in words and app.library.lessons["en"]["r04-waits"].title in words
            await pilot.press("l")
            await pilot.pause()
            words = " ".join(str(line.render()) for line in screen.query(Static))
            assert "대기 형태: 0/1" in words and "wait-kind" not in words and screen.title == "진도"


class TestKeysWhileTyping:
    """On a number question the field has focus; digits go into it, and the
    letters the footer and help promise act as keys."""

    async def test_digits_type_and_letters_act(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            app.push_screen(DrillScreen(fu_plan()))
            await pilot.pause()
            screen = app.screen
            assert isinstance(app.focused, Input)
            await pilot.press("4", "2")
            assert screen.query_one("#answer", Input).value == "42"
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            await pilot.pause()
            theme = app.theme
            await pilot.press("t")
            assert app.theme != theme
            await pilot.press("q")
            await pilot.pause()
        assert app.return_code == 0

    async def test_enter_typed_fast_answers_with_every_digit(self, tmp_path: Path) -> None:
        """Keys that arrive together (a fast typist, a paste, tmux) are all
        in the field before enter answers: "30⏎" used to answer "" or "3"."""
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_drill(pilot, fu_plan())
            for key, character in (("3", "3"), ("0", "0"), ("enter", "\r")):
                app.post_message(Key(key, character))
            await pilot.pause()
            await pilot.pause()
            assert screen.attempts and screen.attempts[0].response == {"fu": 30}

    @pytest.mark.parametrize("between", ["tab", "enter"])
    async def test_fu_steps_typed_fast_fill_one_line_each(self, tmp_path: Path, between: str) -> None:
        """#28.10: "20⇥10⇥4" arriving together, as tmux delivers a fast
        typist's keys, fills three lines (all six digits went into the first
        line, the tabs lost); enter, which moves to the next empty line, too."""
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_drill(pilot, DrillPlan(("fu-steps",), length=1, level=1, seed=3))
            fields = list(screen.query("#answer Input").results(Input))
            assert len(fields) >= 3 and app.focused is fields[0]
            character = "\t" if between == "tab" else "\r"
            keys = [("2", "2"), ("0", "0"), (between, character), ("1", "1"), ("0", "0"), (between, character)]
            for key, typed in [*keys, ("4", "4")]:
                app.post_message(Key(key, typed))
            await pilot.wait_for_scheduled_animations()
            await pilot.pause()
            await pilot.pause()
            assert [field.value for field in fields[:3]] == ["20", "10", "4"]
            assert app.focused is fields[2]


class TestTotalField:
    """The MCR total takes digits only: a sign or a huge paste never crashes."""

    async def test_signs_and_long_paste(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_drill(pilot, DrillPlan(("mcr-fans",), length=1, level=1, seed=4))
            total = screen.query_one("#total", Input)
            total.focus()
            await pilot.press("minus", "plus", "enter")
            await pilot.pause()
            assert total.value == "" and not screen.answered
            total.post_message(Paste("9" * 5000))
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert app.is_running and len(total.value) <= 6
            total.value = ""
            await pilot.press("8", "enter")
            await pilot.pause()
            assert screen.answered and screen.attempts[0].response["total"] == 8


class LockedStore(Store):
    """A store whose answers cannot be saved while `locked` is set."""

    locked = False

    def record_answer(self, **answer: Any) -> None:
        if self.locked:
            raise sqlite3.OperationalError("database is locked")
        super().record_answer(**answer)


class TestSavingFails:
    """A busy, full or read-only store: the learner is told in one line, the
    answer is kept and saved later, and the drill goes on."""

    async def test_answer_kept_and_saved_with_the_next(self, tmp_path: Path) -> None:
        path = tmp_path / "progress.sqlite3"
        store = LockedStore.open(path)
        app = TutorApp(language="en", store=store)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_drill(pilot, fu_plan())
            store.locked = True
            await answer_number(pilot, 10)
            assert app.is_running and screen.answered
            await wait_for(
                pilot,
                lambda: any("database is locked" in notice.message for notice in app._notifications),
                "the one-line notice",
            )
            assert committed_answers(path) == 0 and app.answer_log.answers_waiting() == 1
            assert store.answer_count() == 1  # the app's own reads see the answer it holds
            store.locked = False
            await pilot.press("enter")
            await answer_number(pilot, 10)
            await wait_for(pilot, lambda: not app.answer_log.waiting, "both answers saved")
            assert committed_answers(path) == 2

    async def test_answer_saved_on_leaving_the_drill(self, tmp_path: Path) -> None:
        path = tmp_path / "progress.sqlite3"
        store = LockedStore.open(path)
        app = TutorApp(language="en", store=store)
        async with app.run_test(size=(100, 30)) as pilot:
            app.push_screen(DrillScreen(fu_plan()))
            await pilot.pause()
            store.locked = True
            await answer_number(pilot, 10)
            await wait_for(pilot, lambda: app.answer_log.problem is not None, "the answer refused")
            store.locked = False
            # Leaving asks first, then sums up the answers given (#28, drill setup).
            await pilot.press("escape", "y")
            await pilot.pause()
            assert isinstance(app.screen, SummaryScreen)
            await wait_for(pilot, lambda: not app.answer_log.waiting, "the answer saved on leaving")
            assert committed_answers(path) == 1


class TestSetup:
    async def test_kinds_by_name_and_nothing_ticked_does_not_start(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("d")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, DrillSetupScreen)
            labels = [str(box.label) for box in screen.query(Checkbox)]
            assert labels[QUIZ_KINDS.index("wait-kind")].startswith("Wait shapes: ")
            assert not any(kind in label.split(":")[0] for label in labels for kind in ("wait-kind", "mcr-fans"))
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is screen
            assert "Tick at least one kind" in str(screen.query_one("#message", Static).render())

    async def test_the_message_follows_the_language(self, tmp_path: Path) -> None:
        """#28.11: "tick at least one kind" is drawn again in the new
        language after `l` (it stayed in Korean over an English screen)."""
        app = TutorApp(language="ko", store=Store.open(tmp_path / "progress.sqlite3"))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("d")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert "종류를 하나 이상" in str(app.screen.query_one("#message", Static).render())
            await pilot.press("l")
            await pilot.pause()
            await pilot.pause()
            message = str(app.screen.query_one("#message", Static).render())
            assert "Tick at least one kind" in message

    async def test_arrows_and_space_tick_kinds(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("d")
            await pilot.pause()
            await pilot.press("down", "space", "down", "down", "space", "enter")
            await pilot.pause()
            assert isinstance(app.screen, DrillScreen)
            assert app.screen.plan.kinds == (QUIZ_KINDS[1], QUIZ_KINDS[3])

    async def test_arrows_reach_every_kind_when_the_list_scrolls(self, tmp_path: Path) -> None:
        """At 80x24 the kinds scroll: the arrows still walk the boxes (the
        scrolling list took them), and the box reached is scrolled into view."""
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("d")
            await pilot.pause()
            assert app.screen.query_one("#kinds").max_scroll_y > 0
            last = len(QUIZ_KINDS) - 1
            await pilot.press(*["down"] * last, "space")
            await pilot.pause()
            assert app.focused is not None and app.focused.id == f"kind-{QUIZ_KINDS[last]}"
            assert app.focused.region.height == 1  # on screen
            await pilot.press(*["up"] * last, "space", "enter")
            await pilot.pause()
            assert isinstance(app.screen, DrillScreen)
            assert app.screen.plan.kinds == (QUIZ_KINDS[0], QUIZ_KINDS[last])

    async def test_preset_and_the_choice_remembered(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("d", "f")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, DrillScreen) and app.screen.plan.kinds == ("fu",)
            await pilot.press("escape", "d")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, DrillSetupScreen)
            ticked = [box.id for box in screen.query(Checkbox) if box.value]
            assert ticked == ["kind-fu"]

    async def test_everything_due_preset(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("d", "r")
            await pilot.pause()
            assert isinstance(app.screen, DrillSetupScreen)
            assert "Nothing is due" in str(app.screen.query_one("#message", Static).render())
            app.store.record_answer(
                kind="fu", level=1, seed=1, concept="fu:kanchan", lesson="r07-fu", correct=False, response="{}"
            )
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, DrillScreen) and app.screen.plan.concepts == ("fu:kanchan",)


class TestSummary:
    async def test_mistakes_drawn_and_retried(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 40)) as pilot:
            drill = await open_drill(pilot, DrillPlan(("fu",), length=3, level=1, seed=5))
            await answer_number(pilot, drill.question.answer["fu"])
            for _ in range(2):
                await pilot.press("enter")
                await answer_number(pilot, 0)
            await pilot.press("enter")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SummaryScreen)
            shown = screen.query_one(MistakeList)
            missed = [attempt.question for attempt in screen.attempts if not attempt.right]
            assert len(shown.mistakes) == len(missed) == 2
            first = shown.mistakes[0]
            assert first.attempt.question is missed[0]
            groups = hand_parts(missed[0], "en").groups
            assert groups is not None
            top_row = render_groups(groups, TileSize.SMALL, shown.layout_width() - FRAME)[0]
            assert "".join(segment for segment, _ in top_row).rstrip() in "\n".join(
                row.plain for row in shown.current_layout().rows
            )
            words = first.answer
            title = app.library.lessons["en"][missed[0].lesson].title
            assert "Your answer: " in words and "Right answer: " in words and f"Lesson: {title}" in words
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, DrillScreen)
            assert app.screen.questions == missed

    async def test_the_kept_summary_shows_each_drills_own_results(self, tmp_path: Path) -> None:
        """One summary screen shows drill after drill: the second drill's
        score and mistakes, its first mistake selected, nothing of the first;
        a drill without mistakes has no list and no retry."""
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await open_drill(pilot, DrillPlan(("fu",), length=2, level=1, seed=5))
            for _ in range(2):
                await pilot.press("ctrl+w", "enter")
            await pilot.pause()
            first = app.screen
            assert isinstance(first, SummaryScreen)
            await pilot.press("tab")
            assert first.query_one(MistakeList).selected == 1
            await pilot.press("escape")
            drill = await open_drill(pilot, DrillPlan(("waits",), length=3, level=1, seed=8))
            asked = list(drill.questions)
            for _ in range(3):
                await pilot.press("ctrl+w", "enter")
            await pilot.pause()
            assert app.screen is first
            shown = first.query_one(MistakeList)
            assert [mistake.attempt.question for mistake in shown.mistakes] == asked
            assert shown.selected == 0
            assert "0 of 3 right" in str(first.query_one("#score", Static).render())
            await pilot.press("escape")
            drill = await open_drill(pilot, DrillPlan(("fu",), length=1, level=1, seed=5))
            await answer_number(pilot, drill.question.answer["fu"])
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is first
            assert not shown.display and not first.query_one("#retry").display
            assert "1 of 1 right" in str(first.query_one("#score", Static).render())
            await pilot.press("r")
            assert app.screen is first

    async def test_the_kept_summary_comes_back_in_the_language_of_now(self, tmp_path: Path) -> None:
        """Kept aside between drills, the summary misses a language switch:
        it comes back with its title, button and keys in the new language."""
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await open_drill(pilot, DrillPlan(("fu",), length=1, level=1, seed=5))
            await pilot.press("ctrl+w", "enter")
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("l")
            await pilot.pause()
            await open_drill(pilot, DrillPlan(("fu",), length=1, level=1, seed=6))
            await pilot.press("ctrl+w", "enter")
            await pilot.pause()
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SummaryScreen)
            assert screen.title == word("ko", "summary_title")
            assert str(screen.query_one("#retry", Button).label) == word("ko", "retry")
            keys = [key.description for key in screen.query(FooterKey)]
            assert keys and not [key for key in keys if key.isascii()], keys
            assert "1문제 중 0문제 정답" in str(screen.query_one("#score", Static).render())

    async def test_a_summary_under_a_lesson_is_not_taken_for_the_next(self, tmp_path: Path) -> None:
        """The kept summary still on the stack (its lesson opened, a drill
        started there): the next drill's results come in a screen of their own."""
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await open_drill(pilot, DrillPlan(("fu",), length=1, level=1, seed=5))
            await pilot.press("ctrl+w", "enter")
            await pilot.pause()
            kept = app.screen
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, LessonScreen)
            await open_drill(pilot, DrillPlan(("fu",), length=1, level=1, seed=6))
            await pilot.press("ctrl+w", "enter")
            await pilot.pause()
            assert isinstance(app.screen, SummaryScreen) and app.screen is not kept
            assert kept in app.screen_stack

    async def test_tab_or_a_click_selects_a_mistake_and_enter_opens_its_lesson(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await open_drill(pilot, DrillPlan(("waits", "fu"), length=3, level=1, seed=3))
            for _ in range(3):
                await pilot.press("ctrl+w", "enter")
            await pilot.pause()
            shown = app.screen.query_one(MistakeList)
            assert shown.has_focus and shown.selected == 0
            await pilot.press("tab")
            assert shown.selected == 1
            await pilot.press("tab", "tab")
            assert app.focused is app.screen.query_one("#retry")
            await pilot.press("shift+tab")
            assert shown.has_focus and shown.selected is not None
            # A click on the second mistake's first row selects it.
            row = shown.part_start(1) - round(shown.scroll_y)
            await pilot.click(MistakeList, offset=(4, row))
            assert shown.selected == 1
            await pilot.press("enter")
            await pilot.pause()
            lesson = shown.mistakes[1].attempt.question.lesson
            assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == lesson

    async def test_a_mistakes_tiles_take_the_colours_of_the_theme(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 40)) as pilot:
            await open_drill(pilot, DrillPlan(("fu",), length=1, level=1, seed=5))
            await answer_number(pilot, 0)
            await pilot.press("enter")
            await pilot.pause()
            shown = app.screen.query_one(MistakeList)
            for theme in ("tutor-light", "tutor-dark"):
                app.theme = theme
                await pilot.pause()
                frame = Color.parse(app.theme_variables["tile-frame"]).rich_color
                strips = [shown.render_line(y) for y in range(shown.scrollable_content_region.height)]
                colours = {segment.style.color for strip in strips for segment in strip if segment.style}
                assert frame in colours, theme


class TestFeedbackNamesTheStep:
    async def test_unrounded_fu(self, tmp_path: Path) -> None:
        plan = next(
            plan
            for seed in range(100)
            if (question := (plan := DrillPlan(("fu",), length=1, level=1, seed=seed)).questions()[0]).answer["fu_raw"]
            != question.answer["fu"]
        )
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_drill(pilot, plan)
            await answer_number(pilot, screen.question.answer["fu_raw"])
            assert "before rounding" in feedback(screen)
            assert "Lesson: " in feedback(screen)

    def test_a_left_out_line_is_named(self) -> None:
        request = {"hand": "234m456p678s999s22m", "win": "5p", "tsumo": False, "seat": "S", "round": "E"}
        request["flags"] = ["riichi"]
        context = WinContext(parse_tile("5p"), False, wind_tile("S"), wind_tile("E"), frozenset({Flag.RIICHI}))
        fu = score_riichi(parse_hand(request["hand"]), context).fu
        kanchan = next(line for line in fu.lines if line.item == "kanchan")
        question = Question(
            kind="fu",
            level=1,
            seed=0,
            rules="riichi",
            prompt={},
            request=request,
            answer={"fu": fu.fu, "fu_raw": fu.raw},
            explanation={},
            concept="fu:kanchan",
            lesson="r07-fu",
            answer_type="number",
        )
        miss = fu_miss(question, fu.raw - kanchan.fu)
        assert miss is not None and miss.line == kanchan
        assert fu_miss(question, fu.fu) is None


class TestLooks:
    async def test_verdict_class_icon_and_header_names(self, tmp_path: Path) -> None:
        app = make_app(tmp_path, "ko")
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_drill(pilot, fu_plan())
            assert screen.sub_title == "부 · 리치마작"
            await answer_number(pilot, screen.question.answer["fu"] + 10)
            verdict = screen.query_one("#verdict", Static)
            assert verdict.has_class("verdict-wrong") and str(verdict.render()).startswith("✗")

    async def test_presentation_uses_large_tiles_and_says_how_to_leave(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            app.push_screen(DrillScreen(fu_plan()))
            await pilot.pause()
            await pilot.press("f5")
            await pilot.pause()
            screen = app.screen
            assert screen.query_one(TilesView).size_name is TileSize.LARGE
            note = screen.query_one("#present-note", Static)
            assert note.display and "f5" in str(note.render()) and "escape" in str(note.render())
            assert not screen.query_one(ToastRack).display, "toasts would cover the projected hand"

    async def test_presentation_notice_goes_to_the_note_line(self, tmp_path: Path) -> None:
        store = LockedStore.open(tmp_path / "progress.sqlite3")
        app = TutorApp(language="en", store=store)
        async with app.run_test(size=(100, 30)) as pilot:
            app.push_screen(DrillScreen(fu_plan()))
            await pilot.pause()
            await pilot.press("f5")
            store.locked = True
            await answer_number(pilot, 10)
            note = app.screen.query_one("#present-note", Static)
            # Said by the writer, after the answer: on the note line, not in a toast over the hand.
            await wait_for(pilot, lambda: "database is locked" in str(note.render()), "the notice on the note line")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_drill_header_fits_80_columns_for_every_kind(language: str) -> None:
    """The header centres "Question n of m — kind · rules" between its icon
    and the right edge, about 64 columns at 80: the long rules name
    ("Chinese Official mahjong (MCR)") was cut there."""
    for kind in KINDS:
        for level in (1, 2, 3):
            for seed in range(4):
                question = generate(kind, seed, level)
                header = word(language, "question", n=10, total=20) + " — " + header_text(question, language)
                assert cell_len(header) <= 64, header


class TestDrillSetupKeys:
    """#28 friction, drill setup: keys for the length and the level, lists
    that stop at their ends, level 1 first, the level shown in the drill,
    escape that asks, and review on a fresh profile that says nothing is due."""

    @pytest.mark.parametrize("language", ["en", "ko"])
    async def test_n_and_v_choose_length_and_level_and_a_first_drill_is_level_1(
        self, tmp_path: Path, language: str
    ) -> None:
        app = TutorApp(language=language, store=Store.open(tmp_path / "progress.sqlite3"))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("d")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, DrillSetupScreen)
            level = screen.query_one("#level", OptionList)
            assert level.highlighted == 0  # a first-time learner starts at level 1
            level.focus()
            await pilot.press("up")
            assert level.highlighted == 0  # up on level 1 stays on level 1 (it wrapped to 3)
            screen.query(Checkbox).first().focus()
            await pilot.press("space", "n", "v", "v")
            await pilot.pause()
            footer = [key.description for key in screen.query(FooterKey)]
            assert text(language, "key.length") in footer and text(language, "key.level") in footer
            await pilot.press("enter")
            await pilot.pause()
            drill = app.screen
            assert isinstance(drill, DrillScreen)
            assert (drill.plan.length, drill.plan.level) == (20, 3)
            assert drill.title == text(language, "drill.question_level", n=1, total=20, level=3)

    async def test_escape_with_answers_asks_then_shows_the_summary_so_far(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_drill(pilot, fu_plan())
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is not screen  # nothing answered: left at once
            screen = await open_drill(pilot, fu_plan())
            await answer_number(pilot, 10)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("n")
            await pilot.pause()
            assert app.screen is screen
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            assert isinstance(app.screen, SummaryScreen) and len(app.screen.attempts) == 1

    @pytest.mark.parametrize("language", ["en", "ko"])
    async def test_review_on_a_fresh_profile_says_nothing_is_due(self, tmp_path: Path, language: str) -> None:
        app = TutorApp(language=language, store=Store.open(tmp_path / "progress.sqlite3"))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, DrillSetupScreen)
            assert text(language, "drill.nothing_due") in str(app.screen.query_one("#message", Static).render())


def test_progress_percentages_are_rounded_to_the_nearest() -> None:
    """#28.14: 2 right of 3 reads 67%, not 66% (rounded down); 100% and 0% only when they are exact."""
    from tutor.ui.screens.progress import percent

    assert percent(2, 3) == 67 and percent(1, 3) == 33 and percent(1, 2) == 50
    assert percent(199, 200) == 99 and percent(1, 200) == 1
    assert percent(3, 3) == 100 and percent(0, 3) == 0


class TestTileGrid:
    """#28 friction, answering with tiles: a grid by suit, typed as notation (`4m`, `7s`) or ticked with space or a click."""

    async def test_waits_typed_as_notation_answer_the_question(self, tmp_path: Path) -> None:
        from tutor.ui.widgets.tile_grid import TileGrid

        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_drill(pilot, DrillPlan(("waits",), length=1, level=1, seed=2))
            grid = screen.query_one("#answer", TileGrid)
            assert app.focused is grid and len(grid.rows) <= 4
            waits = list(next(iter(screen.question.answer.values())))
            keys = [key for name in waits for key in name]
            await pilot.press(*keys)
            await pilot.pause()
            assert grid.selected == sorted(waits, key=parse_tile)
            await pilot.press("enter")
            await pilot.pause()
            assert screen.attempts and screen.attempts[0].right

    async def test_arrows_space_and_a_click_tick_tiles(self, tmp_path: Path) -> None:
        from tutor.ui.widgets.tile_grid import TileGrid

        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_drill(pilot, DrillPlan(("waits",), length=1, level=1, seed=2))
            grid = screen.query_one("#answer", TileGrid)
            await pilot.press("right", "space")
            await pilot.pause()
            assert grid.selected == [tile_name_of(grid.rows[0][1])]
            await pilot.press("space")
            assert grid.selected == []
            await pilot.click(TileGrid, offset=(2 + 0 * 5 + 1, 1))
            await pilot.pause()
            assert grid.selected == [tile_name_of(grid.rows[0][0])]


def tile_name_of(tile: int) -> str:
    from tutor.engine.tiles import tile_name

    return tile_name(tile)
