"""A learner's history is sacred (issue 12, items 1-3).

Only proven corruption is moved aside, and then with its -wal and -shm.  A
busy, full, read-only or unreachable store, or one of an unknown schema, is
reported in one line naming the path, and left exactly as it was.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.helpers import wait_for
from tutor.quiz.store import Store, StoreUnavailable

NOBODY = 65534


def record(store: Store, number: int) -> None:
    store.record_answer(
        kind="fu", level=1, seed=number, concept=f"fu:c{number % 7}", lesson="r07-fu", correct=True, response="{}"
    )


def filled(path: Path, answers: int = 5) -> None:
    store = Store.open(path)
    for number in range(answers):
        record(store, number)
    store.close()


def aside_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".damaged-" in p.name)


@contextmanager
def unprivileged() -> Iterator[None]:
    """Run as an ordinary user: root may write anything, so a permission
    test run as root drops to `nobody` for its duration."""
    if os.geteuid() != 0:
        yield
        return
    os.setegid(NOBODY)
    os.seteuid(NOBODY)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


@pytest.fixture
def open_folder() -> Iterator[Path]:
    """A folder that `nobody` can reach (pytest's tmp_path is private to its owner)."""
    folder = Path(tempfile.mkdtemp(prefix="tutor-store-"))
    folder.chmod(0o755)
    yield folder
    for path in (folder, *folder.rglob("*")):
        if path.is_dir() and not path.is_symlink():
            path.chmod(0o755)
    shutil.rmtree(folder)


FULL_DISK_OPEN = """
import resource, signal, sys
from pathlib import Path
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.RLIM_INFINITY))
from tutor.quiz.store import Store, StoreUnavailable
try:
    store = Store.open(Path(sys.argv[1]))
except StoreUnavailable as problem:
    print(problem.problem)
    print(problem)
else:
    print("opened")
    print(store.answer_count())
"""


def open_on_a_full_disk(path: Path) -> list[str]:
    """Open the store in a process that may not write a single byte more:
    a full disk, as SQLite sees it (writes fail), on any machine."""
    result = subprocess.run(
        [sys.executable, "-c", FULL_DISK_OPEN, str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        check=False,
    )
    assert result.returncode == 0 and not result.stderr, result.stderr
    return result.stdout.splitlines()


class TestFullDisk:
    def fill_until_full(self, path: Path) -> tuple[Store, int]:
        """Answer until the store is full; returns the store and the answers it confirmed."""
        store = Store.open(path)
        pages = int(store.connection.execute("PRAGMA page_count").fetchone()[0])
        store.connection.execute(f"PRAGMA max_page_count = {pages + 2}")
        confirmed = 0
        with pytest.raises(sqlite3.OperationalError, match="full"):
            for number in range(10_000):
                record(store, number)
                confirmed += 1
        assert confirmed > 0
        return store, confirmed

    def test_restart_on_a_full_disk_keeps_every_answer(self, tmp_path: Path) -> None:
        path = tmp_path / "progress.sqlite3"
        writer, confirmed = self.fill_until_full(path)
        # The app was killed: its answers are in the -wal, not yet in the file.
        assert path.with_name(path.name + "-wal").stat().st_size > 0
        assert open_on_a_full_disk(path) == ["opened", str(confirmed)]
        writer.close()
        assert aside_files(tmp_path) == []
        assert Store.open(path).answer_count() == confirmed

    def test_a_full_disk_is_reported_and_nothing_moved(self, tmp_path: Path) -> None:
        path = tmp_path / "progress.sqlite3"
        writer, confirmed = self.fill_until_full(path)
        writer.close()
        problem, message = open_on_a_full_disk(path)
        assert problem in {"full", "io"}
        assert str(path) in message and "free space" in message
        assert aside_files(tmp_path) == []
        assert Store.open(path).answer_count() == confirmed


class TestBusy:
    def test_a_lock_held_longer_than_the_timeout_does_not_set_the_store_aside(self, tmp_path: Path) -> None:
        path = tmp_path / "progress.sqlite3"
        filled(path)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        store = Store.open(path, busy_timeout=0.2)
        assert store.notice is None and store.answer_count() == 5
        other.execute("ROLLBACK")
        record(store, 99)
        assert store.answer_count() == 6 and aside_files(tmp_path) == []

    def test_an_exclusive_lock_is_waited_for_then_reported(self, tmp_path: Path) -> None:
        path = tmp_path / "progress.sqlite3"
        filled(path)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("PRAGMA locking_mode = EXCLUSIVE")
        other.execute("BEGIN EXCLUSIVE")
        with pytest.raises(StoreUnavailable) as caught:
            Store.open(path, busy_timeout=0.2)
        assert caught.value.problem == "busy" and str(path) in str(caught.value)
        assert "\n" not in str(caught.value)
        other.close()
        assert aside_files(tmp_path) == [] and Store.open(path).answer_count() == 5


class TestNotAllowed:
    def refused(self, problem: str, path: Path | None = None) -> StoreUnavailable:
        with pytest.raises(StoreUnavailable) as caught:
            Store.open(path)
        assert caught.value.problem == problem
        assert "\n" not in str(caught.value)
        return caught.value

    def test_read_only_file(self, open_folder: Path) -> None:
        path = open_folder / "progress.sqlite3"
        filled(path)
        open_folder.chmod(0o777)
        path.chmod(0o444)
        with unprivileged():
            refusal = self.refused("denied", path)
        assert refusal.path == path and "permissions" in str(refusal)
        assert aside_files(open_folder) == []
        path.chmod(0o644)
        assert Store.open(path).answer_count() == 5

    def test_read_only_folder(self, open_folder: Path) -> None:
        path = open_folder / "progress.sqlite3"
        filled(path)
        open_folder.chmod(0o555)
        with unprivileged():
            refusal = self.refused("denied", path)
        assert refusal.path == open_folder
        open_folder.chmod(0o755)
        assert aside_files(open_folder) == [] and Store.open(path).answer_count() == 5

    def test_home_that_does_not_exist(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.delenv("TUTOR_DATA_DIR", raising=False)
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
        monkeypatch.setenv("HOME", "/nonexistent")
        with unprivileged():
            refusal = self.refused("denied")
        assert str(refusal.path).startswith("/nonexistent")

    def test_data_folder_under_a_file(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        (tmp_path / "a-file").write_text("not a folder")
        monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path / "a-file" / "tutor"))
        refusal = self.refused("denied")
        assert "a-file" in str(refusal)

    def test_wal_that_is_a_folder(self, tmp_path: Path) -> None:
        path = tmp_path / "progress.sqlite3"
        filled(path)
        path.with_name(path.name + "-wal").mkdir()
        refusal = self.refused("denied", path)
        assert refusal.path.name == "progress.sqlite3-wal"
        assert aside_files(tmp_path) == [] and path.with_name(path.name + "-wal").is_dir()
        path.with_name(path.name + "-wal").rmdir()
        assert Store.open(path).answer_count() == 5

    def test_unknown_schema_is_refused_not_rewritten(self, tmp_path: Path) -> None:
        path = tmp_path / "progress.sqlite3"
        filled(path)
        other = sqlite3.connect(path)
        other.execute("PRAGMA user_version = 7")
        other.close()
        refusal = self.refused("schema", path)
        assert "another version" in str(refusal)
        other = sqlite3.connect(path)
        assert other.execute("PRAGMA user_version").fetchone()[0] == 7
        assert other.execute("SELECT COUNT(*) FROM answers").fetchone()[0] == 5
        assert aside_files(tmp_path) == []

    def test_someone_elses_database_is_refused(self, tmp_path: Path) -> None:
        path = tmp_path / "progress.sqlite3"
        other = sqlite3.connect(path)
        other.execute("CREATE TABLE recipes (name TEXT)")
        other.commit()
        other.close()
        self.refused("schema", path)
        assert aside_files(tmp_path) == []


def test_proven_corruption_moves_the_file_with_its_wal_and_shm(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    path.with_name(path.name + "-wal").write_bytes(b"the latest answers" * 10)
    path.with_name(path.name + "-shm").write_bytes(b"an index of the wal" * 10)
    store = Store.open(path)
    assert store.notice and "moved to" in store.notice and store.answer_count() == 0
    [aside] = [name for name in aside_files(tmp_path) if not name.endswith(("-wal", "-shm"))]
    assert (tmp_path / aside).read_bytes() == b"this is not a database" * 100
    assert (tmp_path / (aside + "-wal")).read_bytes() == b"the latest answers" * 10
    # The -shm is only SQLite's index of the -wal: it goes along, its bytes may change.
    assert (tmp_path / (aside + "-shm")).exists()


async def test_the_app_starts_and_says_in_one_line_that_progress_is_not_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tutor.ui.app import TutorApp

    (tmp_path / "a-file").write_text("not a folder")
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path / "a-file" / "tutor"))
    app = TutorApp(language="en")
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: any("not saved" in notice.message for notice in app._notifications), "the notice")
        messages = [notification.message for notification in app._notifications]
        [message] = [m for m in messages if "not saved" in m]
        assert "a-file" in message and "\n" not in message
        app.store.set_setting("theme", "x")  # the session goes on, keeping its settings in memory
