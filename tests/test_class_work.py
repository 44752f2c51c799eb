"""A class's assignment reaches the learner (issue 32): in a class session
the home screen offers the assignment waiting, `a` (and the palette) starts
it, a seed deals every learner the same sheet, and each answer is stored
against its assignment and question, so a learner who comes back goes on
from the first question not answered."""

from __future__ import annotations

import shlex
import threading
import time
from pathlib import Path

import pytest
from textual.widgets import Static

from tests.helpers import search_palette, wait_for
from tutor.cli import _parser, session_command
from tutor.engine.game.actions import Action, ActionKind
from tutor.quiz import assigned
from tutor.quiz.assigned import own_seed, work_due
from tutor.quiz.classbook import Assignment, ClassBook, open_class_store
from tutor.quiz.deal_turns import DEAL_KIND, END, END_TURN, decision, ended, read_decision, situation
from tutor.quiz.play_session import PlaySession, PlaySetup
from tutor.quiz.store_api import ProgressStore, StoreUnavailable
from tutor.quiz.stores import open_store
from tutor.ui import class_book_reader
from tutor.ui.app import TutorApp
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.drill_summary import SummaryScreen
from tutor.ui.screens.home import HomeScreen
from tutor.ui.screens.play import PlayScreen
from tutor.ui.textual_compat import notifications_showing

CLASS = "Club A"


def told(app: TutorApp) -> list[str]:
    return [str(notice.message) for notice in notifications_showing(app)]


def set_assignment(seed: int | None, count: int = 2, kinds: tuple[str, ...] = ("fu",)) -> str:
    """The teacher sets an assignment; returns its reference."""
    store = open_class_store(CLASS)
    try:
        book = ClassBook(store, CLASS)
        book.start("en", "")
        assignment = Assignment(time.time(), kinds, (1,), count, seed, "2027-01-15")
        book.assign(assignment)
        return assignment.ref(CLASS)
    finally:
        store.close()


def sheet(name: str) -> list[object]:
    """The questions `name` would be asked for the class's assignment now."""
    store = open_store(name)
    try:
        work = work_due(CLASS, store)
        assert work is not None
        return [question.request for question in work.plan(name).questions()]
    finally:
        store.close()


async def test_a_seeded_assignment_is_offered_started_with_a_and_stored_against_its_questions() -> None:
    ref = set_assignment(seed=42)
    app = TutorApp(language="en", classroom=True, joined="Ann", class_name=CLASS)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen), "home")
        line = app.screen.query_one("#assignment", Static)
        await wait_for(pilot, lambda: "2 questions of Fu left" in str(line.render()), "the assignment, once read")
        assert "due 2027-01-15" in str(line.render())
        assert "Press a to start" in str(line.render())
        await pilot.press("a")
        await wait_for(pilot, lambda: isinstance(app.screen, DrillScreen), "the assignment's drill")
        drill = app.screen
        assert isinstance(drill, DrillScreen) and drill.plan.assignment == ref and len(drill.questions) == 2
        first = drill.questions[0].request
        await pilot.press("ctrl+s")  # skipped: an answer of the sheet's first question, wrong
        await wait_for(pilot, lambda: drill.position == 1, "the second question")
        await wait_for(pilot, lambda: not app.answer_log.waiting, "the answer saved")
        await pilot.press("escape", "y")  # left, after the one answer given
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen), "the summary")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen), "home again")
        assert "1 question of Fu left" in str(app.screen.query_one("#assignment", Static).render())
        answers = app.store.assigned_answers(ref)
        assert [(answer.question, answer.correct) for answer in answers] == [(0, False)]
        # Every learner gets the same sheet; Ann goes on from its second question.
        assert sheet("Bob")[0] == first and sheet("Ann") == sheet("Bob")[1:]


async def test_the_palette_starts_the_assignment_and_says_when_none_waits() -> None:
    app = TutorApp(language="en", classroom=True, joined="Ann", class_name=CLASS)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen), "home")
        assert app.screen.query_one("#assignment").has_class("none")
        await pilot.press("a")
        await wait_for(pilot, lambda: "No assignment of your class is waiting." in told(app), "told")
        set_assignment(seed=None, count=1)
        await pilot.press("ctrl+p")
        await search_palette(pilot, "assignment")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, DrillScreen), "the assignment's drill")


async def test_outside_a_class_a_is_no_key_of_home() -> None:
    app = TutorApp(language="en", classroom=True, joined="Ann")
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen), "home")
        assert app.screen.check_action("assignment", ()) is False
        assert app.class_work() is None


def test_without_a_seed_each_learner_has_a_sheet_of_their_own_the_same_at_every_return() -> None:
    set_assignment(seed=None, count=3)
    assert sheet("Ann") == sheet(" ann ") != sheet("Bob")
    assert own_seed("r", "Ann") == own_seed("r", "ANN") != own_seed("r2", "Ann")


def test_a_class_sessions_command_names_the_class_to_the_app() -> None:
    words = shlex.split(session_command("ko", "Club 'A' $(x)"))
    assert words[0] == "exec" and words[2:4] == ["-m", "tutor"]
    args = _parser().parse_args([*words[4:], "--learner", "Ann"])
    assert args.in_class == "Club 'A' $(x)" and args.classroom and args.lang == "ko" and args.learner == "Ann"
    assert "--in-class" not in session_command(None, None)


def set_deal(seed: int) -> str:
    store = open_class_store(CLASS)
    try:
        book = ClassBook(store, CLASS)
        book.start("en", "")
        assignment = Assignment(time.time(), (DEAL_KIND,), (), 1, seed, "2027-01-15")
        book.assign(assignment)
        return assignment.ref(CLASS)
    finally:
        store.close()


async def test_a_shared_deal_is_played_from_home_and_each_decision_is_kept_with_its_situation() -> None:
    ref = set_deal(4242)
    app = TutorApp(language="en", classroom=True, joined="Ann", class_name=CLASS)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen), "home")
        line = app.screen.query_one("#assignment", Static)
        await wait_for(pilot, lambda: "shared deal, due 2027-01-15" in str(line.render()), "the deal, once read")
        await pilot.press("a")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the deal")
        screen = app.screen
        assert isinstance(screen, PlayScreen) and screen.assignment == ref and screen.session.setup.seed == 4242
        await wait_for(pilot, lambda: screen.session.decision is not None, "the learner's first decision")
        await pilot.press("enter")  # the tile picked, discarded
        await wait_for(pilot, lambda: len(app.store.play_turns(ref)) == 1, "the decision kept")
        first = app.store.play_turns(ref)[0]
    assert first.turn == 0 and read_decision(first.decision) is not None
    assert read_decision(first.decision).kind == "discard"  # type: ignore[union-attr]
    # Every learner is dealt the same hand: Bob's first situation is Ann's.
    assert situation(PlaySession(PlaySetup(seed=4242))) == first.situation
    store = open_store("Ann")
    try:
        assert work_due(CLASS, store) is not None  # not finished: the hand is not over
        store.record_turn(ref, 9, "{}", END, time.time())
        assert work_due(CLASS, store) is None
    finally:
        store.close()


def test_a_shared_deal_left_half_way_and_played_again_is_finished_by_its_end() -> None:
    ref = set_deal(4242)
    store = open_store("Bo")
    try:
        for turn in range(6):  # the first try, left after six decisions
            store.record_turn(ref, turn, "{}", decision(Action(0, ActionKind.PASS)), float(turn))
        # The second try, from the deal's start, ends after three decisions: an attempt of its own.
        for turn in range(3):
            store.record_turn(ref, turn, "{}", decision(Action(0, ActionKind.RIICHI)), 10.0 + turn)
        end = ended(ref, 20.0)
        store.record_turn(end.assignment, end.turn, end.situation, end.decision, end.decided_at)
        assert work_due(CLASS, store) is None
        kept = [(turn.attempt, turn.turn, read_decision(turn.decision)) for turn in store.play_turns(ref)]
        passed, riichi = (read_decision(decision(Action(0, kind))) for kind in (ActionKind.PASS, ActionKind.RIICHI))
        assert kept == [
            *((1, turn, passed) for turn in range(6)),
            (2, END_TURN, read_decision(END)),
            *((2, turn, riichi) for turn in range(3)),
        ]
    finally:
        store.close()


async def test_home_never_waits_for_the_classs_store_and_says_in_one_line_while_it_is_down(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The class's store is read off the screen's thread: while its read
    hangs (a PostgreSQL server that is down, until its connect times out)
    home is drawn and answers keys; a read that fails is one line on home,
    tried again until it is read."""
    set_assignment(seed=42)
    hold, failing = threading.Event(), [True]
    real = assigned.open_class_store

    def class_store(name: str) -> ProgressStore:
        assert hold.wait(30)
        if failing[0]:
            raise StoreUnavailable("server", Path("127.0.0.1:5432/tutor"), "connection refused")
        return real(name)

    monkeypatch.setattr(assigned, "open_class_store", class_store)
    monkeypatch.setattr(class_book_reader, "RETRY_AFTER", 0.05)
    app = TutorApp(language="en", classroom=True, joined="Ann", class_name=CLASS)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen), "home, while the class is being read")
        line = app.screen.query_one("#assignment", Static)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: not isinstance(app.screen, HomeScreen), "a key answered meanwhile")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen), "home again")
        assert line.has_class("none")
        hold.set()
        await wait_for(pilot, lambda: not line.has_class("none"), "the line saying so")
        assert str(line.render()) == "Your class's assignments cannot be read just now; trying again."
        assert line.has_class("unread")  # a warning, not the colour of an assignment to start
        failing[0] = False
        await wait_for(pilot, lambda: "2 questions of Fu left" in str(line.render()), "read on a later try")
        assert not line.has_class("unread")
