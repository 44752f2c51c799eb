"""What the store's fault tests share (tests/test_store_faults.py,
test_store_writer.py): the store's file, one made as by an earlier session,
another program holding its write lock, and the one-line notices the app
shows about it."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tutor.quiz.store import FILE_NAME, Store, data_folder
from tutor.ui.app import TutorApp
from tutor.ui.textual_compat import notifications_showing

LOCKER = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
connection.execute("ROLLBACK")
connection.close()
"""


@contextmanager
def locked_by_another_program(path: Path) -> Iterator[None]:
    """Another process holds the store's write lock until the block ends."""
    locker = subprocess.Popen(
        [sys.executable, "-c", LOCKER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert locker.stdout is not None and locker.stdout.readline().strip() == "locked"
        yield
    finally:
        assert locker.stdin is not None
        locker.stdin.write("\n")
        locker.stdin.close()
        locker.wait(timeout=60)


def store_path() -> Path:
    return data_folder() / FILE_NAME


def started_store() -> None:
    """A store that exists, as after an earlier session."""
    Store.open(store_path()).close()


def one_line_notices(app: TutorApp, words: str) -> list[str]:
    notices = [notice.message for notice in notifications_showing(app) if words in notice.message]
    assert all("\n" not in notice for notice in notices)
    return notices


DATA = Path(__file__).resolve().parent / "data"
"""Files the store tests read."""
V1_FILE = DATA / "progress-v1.sqlite3"
"""A progress file written by the tutor of schema version 1 (main's store.py before issue 32), with its count."""
V1_ANSWERS = 13
V3_FILE = DATA / "progress-v3.sqlite3"
"""A progress file of schema version 3 (the class tables, before answers carried their assignment), with
its count, a class of one learner and one assignment in it: written by the tutor of that version."""
V3_ANSWERS = 7
V4_FILE = DATA / "progress-v4.sqlite3"
"""A progress file of schema version 4 (play turns keyed by assignment and turn), with its count: a class
"Club B" of one learner, a seeded sheet and a shared deal (V4_DEAL) in it, answers to both, and the deal's
decisions of two tries, the first left after three, as that version kept them (the first try's turns
where both played one, the second's after, and its end): written by the tutor of that version."""
V4_ANSWERS = 5
V4_DEAL = ("Club B", 1_765_000_020.0)
"""The shared deal's class and creation moment, which make its reference."""
V4_TURNS = 25
