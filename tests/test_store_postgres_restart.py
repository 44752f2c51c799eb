"""A PostgreSQL server that goes away keeps the promise SQLite keeps (issue 32):
a write it cannot take is reported in one line, kept and tried again, never
lost; every confirmed answer is there after the server comes back.

Each test has a server of its own (tests/postgres_helpers.py: private_server),
halted at once as a crash would halt it (pg_ctl stop --mode=immediate) and
started again on the same port: the server the other tests share must not go.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tests.drill_helpers import open_drill
from tests.helpers import wait_for
from tests.postgres_helpers import private_server, run_script
from tutor.quiz.plan import DrillPlan
from tutor.quiz.stores import open_postgres
from tutor.quiz.writes import Answer, Writes, pending_path
from tutor.ui.app import TutorApp
from tutor.ui.screens.drill import DrillScreen

WAIT = 60.0


def an_answer(number: int) -> Answer:
    return Answer("fu", 1, number, f"fu:c{number % 3}", "r07-fu", number % 2 == 0, "{}", 1_700_000_000.0 + number)


def stored_seeds(url: str, side: Path) -> list[int]:
    """The seeds of learner ann's answers, as a fresh connection sees them after everything."""
    store = open_postgres(url, "ann", side)
    try:
        rows = store._rows("SELECT seed FROM answers WHERE learner = %s ORDER BY seed")  # type: ignore[attr-defined]
        return [int(row[0]) for row in rows]
    finally:
        store.close()


def test_a_server_that_goes_away_keeps_every_answer_and_says_so_in_one_line(tmp_path: Path) -> None:
    side = tmp_path / "ann.postgresql"
    with private_server() as (url, folder):
        store = open_postgres(url, "ann", side)
        writes = Writes(store)
        for number in range(5):
            writes.save(an_answer(number))
        assert writes.idle(WAIT) and not writes.waiting  # confirmed: committed
        run_script("halt", folder)  # the server crashes
        for number in range(5, 10):
            writes.save(an_answer(number))
        assert writes.idle(WAIT)
        assert writes.problem is not None and "\n" not in writes.problem
        assert writes.answers_waiting() == 5
        assert store.due(10**10) is not None  # a read shows less, it does not raise
        writes.save()  # the app's timer tries again: the server is still away
        assert writes.idle(WAIT) and writes.answers_waiting() == 5
        run_script("start", folder)  # back, on the same port, with what it had committed
        writes.save()
        assert writes.idle(WAIT) and not writes.waiting and writes.problem is None
        assert writes.take_saved_late() == 5
        assert writes.finish(close_store=True) is None
        assert stored_seeds(url, side) == list(range(10))


def test_writes_held_when_the_app_ends_are_saved_at_the_next_start(tmp_path: Path) -> None:
    side = tmp_path / "ann.postgresql"
    with private_server() as (url, folder):
        store = open_postgres(url, "ann", side)
        writes = Writes(store)
        writes.save(an_answer(0))
        assert writes.idle(WAIT) and not writes.waiting
        run_script("halt", folder)
        writes.save(an_answer(1))
        writes.save(an_answer(2))
        assert writes.idle(WAIT) and writes.answers_waiting() == 2
        handover = writes.finish(close_store=True, wait=1.0)
        assert handover is not None and handover.count == 2 and handover.path == pending_path(side)
        run_script("start", folder)
        again = open_postgres(url, "ann", side)
        later = Writes(again)
        assert later.merge_pending() == 2
        assert later.idle(WAIT) and not later.waiting and not pending_path(side).exists()
        later.merge_pending()  # nothing left to merge: nothing stored twice
        later.finish(close_store=True)
        assert stored_seeds(url, side) == [0, 1, 2]


async def answer(pilot: Pilot[Any], value: int) -> None:
    from textual.widgets import Input

    screen = pilot.app.screen
    assert isinstance(screen, DrillScreen)
    screen.query_one("#answer", Input).value = str(value)
    await pilot.press("enter")
    await wait_for(pilot, lambda: screen.answered, "the answer shown")
    await pilot.press("enter")


async def test_the_learner_is_told_in_one_line_and_told_again_when_saved(tmp_path: Path) -> None:
    side = tmp_path / "ann.postgresql"
    with private_server() as (url, folder):
        store = open_postgres(url, "ann", side)
        app = TutorApp(language="en", store=store)
        async with app.run_test(size=(100, 30)) as pilot:
            await open_drill(pilot, DrillPlan(("fu",), length=4, level=1, seed=5))
            await answer(pilot, 10)
            await wait_for(pilot, lambda: not app.answer_log.waiting, "the first answer saved")
            run_script("halt", folder)
            await answer(pilot, 20)
            await answer(pilot, 30)

            def told(words: str) -> list[str]:
                return [notice.message for notice in app._notifications if words in notice.message]

            await wait_for(pilot, lambda: bool(told("not saved yet")), "the one line saying answers wait")
            assert all("\n" not in notice for notice in told("not saved yet"))
            run_script("start", folder)
            app.retry_writes()  # what the app's timer does every few seconds
            await wait_for(pilot, lambda: bool(told("Saved now")), "the line saying they are saved")
            assert not app.answer_log.waiting
        store.close()
        assert len(stored_seeds(url, side)) == 3


def test_the_first_class_read_after_a_restart_is_answered(tmp_path: Path) -> None:
    """The teacher's first page after a PostgreSQL restart: the class's read
    connection was dropped by the server, and the read is asked again once
    on a new one (it answered 500 before)."""
    from tutor.quiz.classbook import ClassBook

    with private_server() as (url, folder):
        store = open_postgres(url, "", tmp_path / "class.postgresql")
        try:
            book = ClassBook(store, "Club R")
            token = book.start("en", "")
            book.join("Ann")
            assert book.is_teacher(token) and [member.name for member in book.members()] == ["Ann"]
            run_script("halt", folder)
            run_script("start", folder)
            assert book.is_teacher(token)
            assert [member.name for member in book.members()] == ["Ann"]
            assert [result.member.name for result in book.results()] == ["Ann"]
        finally:
            store.close()
