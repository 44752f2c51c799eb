"""Drills in the app: a whole drill with right, wrong and skipped answers,
the answers in the store, the missed concept due again, the lesson linked;
and snapshots of a question, feedback, the summary and progress."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from tutor.quiz.plan import DrillPlan
from tutor.quiz.store import Store
from tutor.ui.app import TutorApp
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.drill_summary import SummaryScreen
from tutor.ui.screens.home import HomeScreen
from tutor.ui.screens.lesson import LessonScreen
from tutor.ui.screens.progress import ProgressScreen

PLAN = DrillPlan(("riichi-points",), length=3, level=1, seed=7)


def make_app(tmp_path: Path, language: str = "en") -> TutorApp:
    return TutorApp(language=language, store=Store.open(tmp_path / "progress.sqlite3"))


async def answer_number(pilot: Pilot[Any], value: int) -> None:
    screen = pilot.app.screen
    assert isinstance(screen, DrillScreen)
    field = screen.query_one("#answer", Input)
    field.value = str(value)
    await pilot.press("enter")
    await pilot.pause()


class TestWholeDrill:
    """A drill from first question to summary, and what it leaves behind."""

    async def test_right_wrong_skip_summary_store_and_due(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            app.push_screen(DrillScreen(PLAN))
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, DrillScreen)
            first, second = screen.questions[0], screen.questions[1]
            await answer_number(pilot, first.answer["total"])
            assert screen.results == [True]
            assert "Right" in str(screen.query_one("#feedback", Static).render())
            await pilot.press("enter")
            await answer_number(pilot, second.answer["total"] + 100)
            assert screen.results == [True, False]
            assert "Not quite" in str(screen.query_one("#feedback", Static).render())
            await pilot.press("enter")
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, SummaryScreen)
            assert "1 of 3 right" in str(app.screen.query_one("#score", Static).render())
            assert app.store.answer_count() == 3
            due = {item.concept for item in app.store.due()}
            assert second.concept in due
            # A missed question links to the lesson that teaches it.
            app.screen.query_one("#mistakes", OptionList).focus()
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == second.lesson

    async def test_review_brings_back_the_missed_concept(self, tmp_path: Path) -> None:
        store = Store.open(tmp_path / "progress.sqlite3")
        store.record_answer(
            kind="fu", level=1, seed=1, concept="fu:kanchan", lesson="r07-fu", correct=False, response="{}"
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
            kind="fu", level=1, seed=1, concept="fu:kanchan", lesson="r07-fu", correct=False, response="{}"
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
            assert str(screen.question.answer["total"]) in str(screen.query_one("#feedback", Static).render())

    async def test_choice_question_by_digit(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            app.push_screen(DrillScreen(DrillPlan(("game-flow",), length=1, level=1, seed=3)))
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, DrillScreen)
            question = screen.questions[0]
            digit = str(question.choices.index(question.answer["seat"]) + 1)
            await pilot.press(digit)
            await pilot.pause()
            assert screen.results == [True]

    async def test_lesson_key_starts_its_kinds(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            app.open_lesson("r07-fu")
            await pilot.pause()
            await pilot.press("z")
            await pilot.pause()
            assert isinstance(app.screen, DrillScreen) and app.screen.plan.kinds == ("fu",)

    async def test_presentation_reveals_explanation_in_steps(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            app.push_screen(DrillScreen(DrillPlan(("fu",), length=1, level=1, seed=5)))
            await pilot.pause()
            await pilot.press("f5")
            await answer_number(pilot, 0)
            screen = app.screen
            assert isinstance(screen, DrillScreen)
            assert screen.shown_steps == 2 < len(screen.steps)
            await pilot.press("space")
            assert screen.shown_steps == 3


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
                    lesson="r07-fu",
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
