"""Writes never block the interface (issue 33, item 1): a store locked by
another program while the learner answers and switches theme and language.

The writer waits for the lock on its own thread, as long as SQLite is told
to (here a minute, far longer than any test step), so each key is shown to
be handled while that wait is still going on: the screen changed and the
writer had not given up yet.  Had the write run on the screen's thread, the
key would have come back only after the wait, with the store's error.
"""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from tests.drill_helpers import open_drill
from tests.helpers import committed_answers, wait_for
from tests.store_fixtures import locked_by_another_program, one_line_notices, started_store, store_path
from tutor.quiz.plan import DrillPlan
from tutor.quiz.store import COUNT_SUFFIX, MEMORY, Store
from tutor.quiz.writes import Answer, ResetProgress, SettingWrite, Writes, pending_path
from tutor.ui.app import TutorApp
from tutor.ui.drill_words import word
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.progress import ProgressScreen

LONG_WAIT = 60.0
"""How long a write waits for the lock in these tests: it never ends by itself during one."""


def still_waiting(app: TutorApp) -> bool:
    """The writer is still waiting for the lock: nothing refused yet, and nothing saved."""
    return app.answer_log.problem is None and bool(app.answer_log.waiting)


async def answer_while_locked(pilot: Pilot[Any], app: TutorApp, value: int) -> None:
    """An answer given, and shown, while the writer waits for the lock."""
    screen = app.screen
    assert isinstance(screen, DrillScreen)
    screen.query_one("#answer", Input).value = str(value)
    await pilot.press("enter")
    await wait_for(pilot, lambda: screen.answered, "the answer shown")
    assert still_waiting(app)


async def switch_while_locked(pilot: Pilot[Any], app: TutorApp) -> None:
    """`t` and `l`, each shown on the screen while the writer waits for the lock."""
    theme, language = app.theme, app.language
    await pilot.press("t")
    await wait_for(pilot, lambda: app.theme != theme, "the theme changed")
    assert still_waiting(app)
    await pilot.press("l")
    await wait_for(pilot, lambda: app.language != language, "the language changed")
    assert still_waiting(app)


async def drill_while_locked(pilot: Pilot[Any], app: TutorApp) -> None:
    await open_drill(pilot, DrillPlan(("fu",), length=3, level=1, seed=5))
    await answer_while_locked(pilot, app, 10)
    await switch_while_locked(pilot, app)
    await pilot.press("enter")
    await wait_for(pilot, lambda: not app.screen.answered, "the next question")  # type: ignore[attr-defined]
    await answer_while_locked(pilot, app, 20)


def progress_text(app: TutorApp) -> str:
    return "\n".join(str(static.render()) for static in app.screen.query(Static))


class TestALockHeldWhileTheLearnerGoesOn:
    async def test_every_key_is_handled_and_every_answer_lands_after_the_lock_goes(self) -> None:
        started_store()
        store = Store.open(store_path(), write_timeout=LONG_WAIT)
        app = TutorApp(language="en", store=store)
        with ExitStack() as lock:
            async with app.run_test(size=(100, 30)) as pilot:
                lock.enter_context(locked_by_another_program(store_path()))
                await drill_while_locked(pilot, app)
                # Read-your-writes: the progress screen counts the answers on their way.
                app.push_screen(ProgressScreen())
                await wait_for(
                    pilot,
                    lambda: isinstance(app.screen, ProgressScreen) and "/2 (" in progress_text(app),
                    "the progress screen counting both answers",
                )
                assert word(app.language, "no_answers") not in progress_text(app)
                assert committed_answers(store_path()) == 0 and still_waiting(app)
                theme = app.theme
                lock.close()  # the other program lets go
                await wait_for(pilot, lambda: not app.answer_log.waiting, "every write saved")
                assert committed_answers(store_path()) == 2
                assert store.setting("theme") == theme and store.setting("language") == "ko"
        store.close()

    async def test_a_quit_while_locked_hands_the_writes_over_and_the_next_start_saves_them(self) -> None:
        started_store()
        store = Store.open(store_path(), write_timeout=LONG_WAIT)
        app = TutorApp(language="en", store=store)
        with ExitStack() as lock:
            lock.enter_context(locked_by_another_program(store_path()))
            async with app.run_test(size=(100, 30)) as pilot:
                await drill_while_locked(pilot, app)
                theme = app.theme
            # The quit did not wait for the lock: the writer is still in its wait, and what it held was handed over.
            thread = app.answer_log._thread
            assert thread is not None and thread.is_alive()
            assert app.pending_note is not None and str(pending_path(store_path())) in app.pending_note
            kept = [json.loads(line) for line in pending_path(store_path()).read_text(encoding="utf-8").splitlines()]
            assert [line["write"] for line in kept].count("answer") == 2
            assert {"key": "theme", "value": theme} in [
                {"key": line["key"], "value": line["value"]} for line in kept if line["write"] == "setting"
            ]
        # The lock gone, the writer still waiting took it, saw its writes handed over, and saved nothing twice.
        thread.join(LONG_WAIT)
        assert not thread.is_alive() and committed_answers(store_path()) == 0
        store.close()
        again = TutorApp()
        async with again.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: not pending_path(store_path()).exists(), "the pending file merged")
            await wait_for(pilot, lambda: one_line_notices(again, "지난번"), "the merge said")
        assert committed_answers(store_path()) == 2
        saved = Store.open(store_path())
        assert saved.setting("theme") == theme and saved.setting("language") == "ko"
        saved.close()


class TestAStoreInMemory:
    def test_writes_no_file_at_all(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """It left a count file `:memory:.answers` in the working folder."""
        monkeypatch.chdir(tmp_path)
        (tmp_path / MEMORY).write_text("not a store", encoding="utf-8")  # a file of that name is not it either
        store = Store.in_memory()
        writes = Writes(store)
        writes.save(Answer("fu", 1, 7, "fu:open", "r07-fu", True, "{}", 1000.0))
        writes.save(SettingWrite("theme", "light"))
        assert store.answer_count() == 1 and store.setting("theme") == "light"
        writes.save(ResetProgress())
        assert store.answer_count() == 0
        assert writes.finish(close_store=True) is None
        assert sorted(path.name for path in tmp_path.iterdir()) == [MEMORY]
        assert (tmp_path / MEMORY).read_text(encoding="utf-8") == "not a store"
        assert not (tmp_path / f"{MEMORY}{COUNT_SUFFIX}").exists()

    async def test_a_served_session_before_its_name_writes_no_file(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        work = tmp_path / "work"
        work.mkdir()
        monkeypatch.chdir(work)
        app = TutorApp(language="en", classroom=True)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("t")
            await pilot.pause()
        assert list(work.iterdir()) == []


async def test_the_end_of_a_drill_copies_the_wal_into_the_main_file() -> None:
    """Done by the writer now, after the drill's answers (issue 33, item 2)."""
    started_store()
    app = TutorApp(language="en")
    wal = store_path().with_name(store_path().name + "-wal")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_drill(pilot, DrillPlan(("fu",), length=1, level=1, seed=5))
        screen.query_one("#answer", Input).value = "30"
        await pilot.press("enter")
        await wait_for(pilot, lambda: committed_answers(store_path()) == 1, "the answer saved")
        assert wal.stat().st_size > 0
        await pilot.press("enter")  # the summary
        await wait_for(pilot, lambda: wal.stat().st_size == 0, "the -wal copied into the main file")


async def test_a_bug_in_the_writer_ends_the_app_not_0_and_keeps_the_write(monkeypatch: pytest.MonkeyPatch) -> None:
    """The writer's thread is no place for a crash to go unseen: the app ends
    on it as on any other, and the write it was saving is kept."""
    from tutor.quiz import writes as writes_module

    def broken(store: Store, write: object) -> None:
        raise RuntimeError("a bug in the writer")

    started_store()
    monkeypatch.setattr(writes_module, "_apply", broken)
    app = TutorApp(language="en")
    with pytest.raises(RuntimeError, match="a bug in the writer"):  # a test run raises what crashed the app
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("t")
            await wait_for(pilot, lambda: not app.is_running, "the app ended on the writer's crash")
    assert app.return_code not in (None, 0)
    app.finish_writes()  # what `tutor` does however the app ended
    kept = pending_path(store_path()).read_text(encoding="utf-8")
    assert '"key": "theme"' in kept


async def test_switching_language_with_writes_on_their_way_says_nothing_of_waiting() -> None:
    """A healthy store: the language just chosen is itself a write still
    queued when the screen is drawn again, and `l` said "1 change not saved
    yet (-)" every time (the tmux trial after the writer came in)."""
    started_store()
    app = TutorApp(language="en")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_drill(pilot, DrillPlan(("fu",), length=2, level=1, seed=5))
        screen.query_one("#answer", Input).value = "30"
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.answered, "the answer shown")
        await pilot.press("l")
        await wait_for(pilot, lambda: app.language == "ko", "the language changed")
        await wait_for(pilot, lambda: not app.answer_log.waiting, "the writes saved")
        await pilot.pause()
        notices = [str(notice.message) for notice in app._notifications]
        assert not [notice for notice in notices if "저장하지 못했다" in notice or "not saved" in notice], notices
