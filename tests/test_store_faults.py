"""A full or locked store never crashes the app and never loses a write (issue 33, items 1, 2, 15).

Every writer of the app (answers with their Leitner boxes, read marks, the
theme, the language, the drill set-up) is run against a store that is full
(SQLite's own error, injected at the connection) or locked by another
process (a real second connection holding BEGIN EXCLUSIVE); then the
learner quits.  Every write is in the store afterwards: at once when the
store comes back during the session, or after the next start, from the
pending file beside the store.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Awaitable, Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any, get_args

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from tests.drill_helpers import open_drill
from tests.helpers import committed_answers, wait_for
from tests.store_fixtures import locked_by_another_program, one_line_notices, started_store, store_path
from tutor.locale import text
from tutor.quiz.plan import DrillPlan
from tutor.quiz.store import FILE_NAME, READ_TIMEOUT, WRITE_TIMEOUT, Store, count_path
from tutor.quiz.store_api import Problem
from tutor.quiz.writes import Answer, ReadMark, ResetProgress, SettingWrite, Writes, pending_path
from tutor.ui.app import TutorApp
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.drill_setup import SETTING, DrillSetupScreen
from tutor.ui.screens.lesson import LessonScreen

FULL = "database or disk is full"


class FullConnection:
    """A connection on a full disk: every statement that writes fails as SQLite's does."""

    def __init__(self, real: sqlite3.Connection) -> None:
        self.real = real
        self.full = True

    def execute(self, sql: str, parameters: Any = ()) -> sqlite3.Cursor:
        writes = sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE", "PRAGMA WAL_CHECKPOINT"))
        if self.full and writes:
            raise sqlite3.OperationalError(FULL)
        return self.real.execute(sql, parameters)

    def __enter__(self) -> sqlite3.Connection:
        return self.real.__enter__()

    def __exit__(self, *exc: object) -> bool:
        return bool(self.real.__exit__(*exc))  # type: ignore[arg-type]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


async def answer(pilot: Pilot[Any], value: int) -> None:
    screen = pilot.app.screen
    assert isinstance(screen, DrillScreen)
    from textual.widgets import Input

    screen.query_one("#answer", Input).value = str(value)
    await pilot.press("enter")
    await pilot.pause()


async def nothing() -> None:
    pass


async def use_every_writer(pilot: Pilot[Any], app: TutorApp, midway: Callable[[], Awaitable[object]] = nothing) -> None:
    """Answers, a read mark, the drill set-up, the theme and the language,
    each written once; `midway` is awaited after the first answer."""
    await open_drill(pilot, DrillPlan(("fu",), length=2, level=1, seed=5))
    await answer(pilot, 10)
    await midway()
    await pilot.press("enter")
    await pilot.pause()
    await answer(pilot, 20)
    await pilot.press("enter")  # the summary
    await pilot.pause()
    app.pop_screen()
    await pilot.pause()
    app.open_lesson("r02-sets")
    await pilot.pause()
    assert isinstance(app.screen, LessonScreen)
    await pilot.press("a")
    await pilot.press("escape")
    app.push_screen(DrillSetupScreen(("fu",)))
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, DrillScreen)
    app.pop_screen()
    await pilot.pause()
    await pilot.press("t", "l")
    await pilot.pause()
    assert app.is_running


def everything_is_in(store: Store, theme: str) -> None:
    assert store.answer_count() == 2
    assert store.lessons_read() == {"r02-sets"}
    assert store.setting("theme") == theme
    assert store.setting("language") == "ko"
    assert store.setting(SETTING) is not None
    # The answers' Leitner boxes were moved too (the SRS state).
    assert store.due(now=1e12)


class TestEveryWriterThenQuit:
    async def test_full_disk_writes_go_to_the_pending_file_and_are_merged_at_the_next_start(self) -> None:
        started_store()
        app = TutorApp(language="en")
        full = FullConnection(app.store.connection)
        app.store.connection = full  # type: ignore[assignment]
        async with app.run_test(size=(100, 30)) as pilot:
            await use_every_writer(pilot, app)
            await wait_for(pilot, lambda: one_line_notices(app, FULL), "the full disk said in one line")
            theme = app.theme
            # The lesson read shows its mark while the mark waits for the store.
            assert "r02-sets" in app.answer_log.lessons_read_waiting()
            lessons = app.screen.query_one("#lessons-riichi", OptionList)
            [sets] = [option for option in lessons.options if option.id == "r02-sets"]
            assert str(sets.prompt).startswith("✓")
        # Quit with everything waiting: it is kept beside the store, not lost.
        assert app.pending_note is not None and str(pending_path(store_path())) in app.pending_note
        lines = pending_path(store_path()).read_text(encoding="utf-8").splitlines()
        assert sum(json.loads(line)["write"] == "answer" for line in lines) == 2
        full.real.close()
        again = TutorApp()
        everything_is_in(again.store, theme)  # at once, as the writes merged are on their way
        async with again.run_test(size=(100, 30)) as pilot:
            await wait_for(
                pilot,
                lambda: one_line_notices(again, "kept from your last session") or one_line_notices(again, "지난번"),
                "the merge said",
            )
            assert not pending_path(store_path()).exists()
        assert committed_answers(store_path()) == 2

    async def test_a_lock_taken_mid_drill_by_another_program_then_quit(self) -> None:
        started_store()
        app = TutorApp(language="en")

        async def lock_after_the_first_is_saved() -> None:
            await wait_for(pilot, lambda: committed_answers(store_path()) == 1, "the first answer saved")
            lock.enter_context(locked_by_another_program(store_path()))

        with ExitStack() as lock:
            async with app.run_test(size=(100, 30)) as pilot:
                # Writes wait for the lock as long as opening does, on the writer's thread; reads hardly at all.
                writer = app.store.connection.execute("PRAGMA busy_timeout").fetchone()[0]
                assert writer == WRITE_TIMEOUT * 1000 >= 5000
                assert app.store.reader is not None
                assert app.store.reader.execute("PRAGMA busy_timeout").fetchone()[0] == READ_TIMEOUT * 1000
                await use_every_writer(pilot, app, midway=lock_after_the_first_is_saved)
                await wait_for(pilot, lambda: one_line_notices(app, "locked"), "the lock said in one line")
                assert committed_answers(store_path()) == 1  # the first answer, before the lock
                theme = app.theme
            assert app.pending_note is not None
        again = TutorApp()
        everything_is_in(again.store, theme)
        again.answer_log.idle(60)
        again.finish_writes()
        assert committed_answers(store_path()) == 2 and not pending_path(store_path()).exists()

    async def test_a_store_that_comes_back_takes_the_waiting_writes_at_once(self) -> None:
        started_store()
        app = TutorApp(language="en")
        full = FullConnection(app.store.connection)
        app.store.connection = full  # type: ignore[assignment]
        async with app.run_test(size=(100, 30)) as pilot:
            await use_every_writer(pilot, app)
            await wait_for(pilot, lambda: app.answer_log.problem is not None, "the writes refused")
            full.full = False
            app.retry_writes()  # what the timer does every few seconds
            await wait_for(pilot, lambda: not app.answer_log.waiting, "the waiting writes saved")
            everything_is_in(app.store, app.theme)
            assert committed_answers(store_path()) == 2
            await wait_for(pilot, lambda: one_line_notices(app, "저장했다"), "saved, said in Korean")
        assert app.pending_note is None and not pending_path(store_path()).exists()

    async def test_a_store_unavailable_at_start_carries_its_writes_to_the_next(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Busy at start: the app runs in memory, and its writes still reach the file later."""
        from tutor.quiz import store as store_module

        monkeypatch.setattr(store_module, "BUSY_TIMEOUT", 0.2)  # no need to wait 5 s for a lock that stays
        started_store()
        blocker = sqlite3.connect(store_path(), isolation_level=None)
        blocker.execute("PRAGMA locking_mode = EXCLUSIVE")
        blocker.execute("BEGIN EXCLUSIVE")
        app = TutorApp(language="en")
        assert not app.store.in_file and app._store_problem is not None
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("t")
            await pilot.pause()
            theme = app.theme
        blocker.close()
        assert Store.open(store_path()).setting("theme") is None
        again = TutorApp()
        assert again.store.setting("theme") == theme
        again.finish_writes()
        assert Store.open(store_path()).setting("theme") == theme


class TestWritesUnit:
    def test_a_pending_answer_merged_twice_is_stored_once(self, tmp_path: Path) -> None:
        path = tmp_path / FILE_NAME
        store = Store.open(path)
        writes = Writes(store)
        answer = Answer("fu", 1, 7, "fu:open", "r07-fu", True, "{}", 1000.0)
        store.connection.execute("PRAGMA query_only = 1")
        writes.save(answer)
        assert writes.idle(60) and writes.problem is not None
        assert writes.keep_pending() == pending_path(path)
        store.connection.execute("PRAGMA query_only = 0")
        # A crash after the merge and before the pending file was removed: merged again.
        saved = pending_path(path).read_bytes()
        for _ in range(2):
            again = Writes(store)
            assert again.merge_pending() == 1
            assert again.idle(60) and not again.waiting
            assert not pending_path(path).exists()
            pending_path(path).write_bytes(saved)
        pending_path(path).unlink()
        assert committed_answers(path) == 1

    def test_the_same_read_mark_waits_once(self, tmp_path: Path) -> None:
        store = Store.open(tmp_path / FILE_NAME)
        store.connection.execute("PRAGMA query_only = 1")
        writes = Writes(store)
        for _ in range(50):  # each scroll event at the end of a lesson
            writes.save(ReadMark("r01-tiles"))
        writes.save(SettingWrite("theme", "light"))
        assert writes.idle(60)
        assert len(writes.waiting) == 2

    def test_a_setting_set_back_and_forth_keeps_its_last_value(self, tmp_path: Path) -> None:
        """`t` round the four themes while the store is locked: the last one is the one kept."""
        path = tmp_path / FILE_NAME
        store = Store.open(path)
        store.connection.execute("PRAGMA query_only = 1")
        writes = Writes(store)
        for theme in ("light", "dark", "light"):
            writes.save(SettingWrite("theme", theme))
        assert writes.idle(60) and len(writes.waiting) == 3
        assert store.setting("theme") == "light"  # the reads see the writes on their way
        store.connection.execute("PRAGMA query_only = 0")
        writes.save()
        assert writes.idle(60) and not writes.waiting
        assert Store.open(path).setting("theme") == "light"

    def test_a_reset_keeps_its_place_among_the_writes(self, tmp_path: Path) -> None:
        path = tmp_path / FILE_NAME
        store = Store.open(path)
        writes = Writes(store)
        first = Answer("fu", 1, 7, "fu:open", "r07-fu", True, "{}", 1000.0)
        after = Answer("fu", 1, 8, "fu:kanchan", "r07-fu", False, "{}", 1001.0)
        store.connection.execute("PRAGMA query_only = 1")
        for write in (first, ReadMark("r01-tiles"), ResetProgress(), after):
            writes.save(write)
        assert writes.idle(60) and len(writes.waiting) == 4
        # Read while waiting: as if saved, the reset included.
        assert store.answer_count() == 1 and store.lessons_read() == set()
        assert [item.concept for item in store.due(now=1e12)] == ["fu:kanchan"]
        # Kept for the next start, in order.
        assert writes.keep_pending() == pending_path(path)
        store.connection.execute("PRAGMA query_only = 0")
        again = Writes(store)
        assert again.merge_pending() == 4 and again.idle(60) and not again.waiting
        assert committed_answers(path) == 1 and count_path(path).read_text(encoding="ascii").strip() == "1"

    def test_a_torn_pending_file_keeps_its_whole_lines(self, tmp_path: Path) -> None:
        path = tmp_path / FILE_NAME
        store = Store.open(path)
        pending_path(path).write_text(
            '{"write": "setting", "key": "theme", "value": "light"}\n{"write": "answer", "kind": "fu", "lev',
            encoding="utf-8",
        )
        writes = Writes(store)
        assert writes.merge_pending() == 1
        assert writes.idle(60)
        assert Store.open(path).setting("theme") == "light"


def test_a_crash_never_exits_0_and_keeps_the_waiting_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """`tutor` after a crash: not 0, and what the app held is in the pending file."""
    from tutor import cli
    from tutor.ui import app as app_module

    started_store()
    original_run = app_module.TutorApp.run

    def run_headless(self: TutorApp, *args: Any, **kwargs: Any) -> None:
        self.store.connection = FullConnection(self.store.connection)  # type: ignore[assignment]
        self.answer_log.save(SettingWrite("theme", "light"))
        original_run(self, headless=True)

    def crash(self: TutorApp) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(app_module.TutorApp, "run", run_headless)
    monkeypatch.setattr(app_module.TutorApp, "on_mount", crash)
    assert cli.main([]) == cli.EXIT_INTERNAL
    assert "theme" in pending_path(store_path()).read_text(encoding="utf-8")


# --- item 2: a damaged -wal after a crash --------------------------------------------------------

ANSWER_THEN_DIE = """
import os, signal, sys
from pathlib import Path
from tutor.quiz.store import Store
store = Store.open(Path(sys.argv[1]))
for number in range(int(sys.argv[2])):
    store.record_answer(kind="fu", level=1, seed=number, concept="fu:open", lesson="r07-fu", correct=True,
                        response="{}")
print("answered", flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def killed_after_answers(path: Path, answers: int = 25) -> None:
    """A session that answered, then was killed -9: the answers are only in the -wal."""
    result = subprocess.run(
        [sys.executable, "-c", ANSWER_THEN_DIE, str(path), str(answers)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == -signal.SIGKILL and result.stdout.strip() == "answered", result.stderr
    assert path.with_name(path.name + "-wal").stat().st_size > 0


def flip_bytes(path: Path, offset: int, count: int = 4) -> None:
    data = bytearray(path.read_bytes())
    for place in range(offset, min(offset + count, len(data))):
        data[place] ^= 0xFF
    path.write_bytes(bytes(data))


def aside(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".damaged-" in p.name)


WAL_DAMAGE = {
    "wal deleted": lambda wal: wal.unlink(),
    "wal header flipped": lambda wal: flip_bytes(wal, 8),
    "first frame flipped": lambda wal: flip_bytes(wal, 32 + 24 + 100),
    "middle frame flipped": lambda wal: flip_bytes(wal, wal.stat().st_size // 2),
    "wal cut in half": lambda wal: os.truncate(wal, wal.stat().st_size // 2),
    "wal emptied": lambda wal: os.truncate(wal, 0),
}


class TestDamagedWal:
    @pytest.mark.parametrize("damage", sorted(WAL_DAMAGE))
    def test_a_damaged_wal_after_kill_9_is_damage_not_an_empty_store(self, tmp_path: Path, damage: str) -> None:
        path = tmp_path / FILE_NAME
        killed_after_answers(path)
        wal = path.with_name(path.name + "-wal")
        wal_before = wal.read_bytes()
        WAL_DAMAGE[damage](wal)
        store = Store.open(path)
        # Either SQLite still finds every answer (a flip in a part it does not read), or the file is
        # moved aside with what is left of its -wal, and the learner is told.
        if store.damage is None:
            assert store.answer_count() == 25
            return
        assert store.notice is not None and "\n" not in store.notice and "-wal" in store.damage.error
        names = aside(tmp_path)
        assert store.damage.aside.name in names  # the main file, kept
        if wal_before and damage != "wal deleted":
            # What is left of the -wal went with it: the answers may yet be recovered from it.
            assert store.damage.aside.name + "-wal" in names
        # The new store is empty and its own: no schema was made over the old file.
        assert store.answer_count() == 0 and store.damage.aside.stat().st_size > 0

    def test_a_checkpointed_store_survives_the_loss_of_its_wal(self, tmp_path: Path) -> None:
        """At the end of each drill the -wal goes into the main file: losing it then loses nothing."""
        path = tmp_path / FILE_NAME
        store = Store.open(path)
        for number in range(10):
            store.record_answer(
                kind="fu", level=1, seed=number, concept="fu:open", lesson="r07-fu", correct=True, response="{}"
            )
        assert store.checkpoint()
        store.connection.close()
        path.with_name(path.name + "-wal").unlink(missing_ok=True)
        again = Store.open(path)
        assert again.damage is None and again.answer_count() == 10

    def test_a_sound_store_is_never_moved(self, tmp_path: Path) -> None:
        path = tmp_path / FILE_NAME
        killed_after_answers(path, 5)
        store = Store.open(path)
        assert store.damage is None and store.answer_count() == 5 and aside(tmp_path) == []
        assert count_path(path).read_text(encoding="ascii").strip() == "5"

    def test_a_store_from_before_the_count_opens_as_it_did(self, tmp_path: Path) -> None:
        path = tmp_path / FILE_NAME
        killed_after_answers(path, 3)
        count_path(path).unlink()
        store = Store.open(path)
        assert store.damage is None and store.answer_count() == 3


# --- item 15: fifty first starts at once ----------------------------------------------------------

FIRST_START = """
import sys
from pathlib import Path
from tutor.quiz.store import Store, StoreUnavailable
print("ready", flush=True)
sys.stdin.readline()
try:
    store = Store.open(Path(sys.argv[1]), write_timeout=60)
except StoreUnavailable as problem:
    print(problem.problem, problem)
else:
    store.record_answer(kind="fu", level=1, seed=1, concept="fu:open", lesson="r07-fu", correct=True, response="{}")
    print("ok")
"""


def test_fifty_first_starts_at_once_all_open_the_store(tmp_path: Path) -> None:
    path = tmp_path / "empty" / FILE_NAME
    starts = [
        subprocess.Popen(
            [sys.executable, "-c", FIRST_START, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        for _ in range(50)
    ]
    # Every process is ready (imports done) before any opens: they start together.
    for start in starts:
        assert start.stdout is not None and start.stdout.readline().strip() == "ready"
    for start in starts:
        assert start.stdin is not None
        start.stdin.write("\n")
        start.stdin.flush()
    said = []
    for start in starts:
        out, _ = start.communicate(timeout=120)
        said.append(out.strip())
    assert said == ["ok"] * 50
    assert Store.open(path).answer_count() == 50


@pytest.mark.parametrize("language", ["en", "ko"])
def test_every_store_problem_has_its_line(language: str) -> None:
    """The app says a store problem with the catalogue's `store_<problem>` line;
    a problem with no line would show its bare key (store_io had none)."""
    for problem in get_args(Problem):
        line = text(language, f"store_{problem}", path="progress.sqlite3")
        assert line != f"store_{problem}"
        assert "progress.sqlite3" in line
