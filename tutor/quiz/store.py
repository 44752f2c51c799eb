"""The learner's settings and progress, in SQLite (design brief section 8):
the default backend of the store's interface (tutor/quiz/store_api.py).

One file in the user data folder (`TUTOR_DATA_DIR` overrides it).  Every
write is its own transaction.  A learner's history is sacred: only a file
that is proven damaged (SQLite says it is not a database or is malformed, or
the integrity check fails, or it holds fewer answers than it last counted)
is moved aside, together with its -wal and -shm, never deleted, and a fresh
one started; the notice says where it went.  A store that is busy, full, not
allowed or of an unknown schema raises `StoreUnavailable` and is left
exactly as it was.

After every answer the store writes how many answers it holds to a small
side file (`progress.sqlite3.answers`).  After a crash the newest answers
live only in the -wal; if that -wal is then lost or damaged, SQLite opens
the main file without complaint and without them.  The count tells that
apart from a sound store: a file that once had a schema and now has none,
or holds fewer answers than its count, is damaged.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import sqlite3
import time
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.quiz.migrations import SCHEMA_VERSION, TABLES, steps_after
from tutor.quiz.store_api import (
    ASSIGNED_ANSWERS,
    BOX_DAYS,
    DAY,
    LATEST_ATTEMPT,
    PLAY_TURNS,
    PROGRESS_TABLES,
    TURN_STORED,
    AssignedAnswer,
    AssignedPlace,
    ConceptCount,
    Damage,
    DayAccuracy,
    Due,
    PlayTurn,
    Problem,
    ProgressStore,
    ReadView,
    StoreUnavailable,
    assigned_answer_rows,
    concept_count_rows,
    concept_counts_sql,
    due_rows,
    place_columns,
    play_turn_rows,
)

__all__ = [
    "BOX_DAYS",
    "DAY",
    "SCHEMA_VERSION",
    "Damage",
    "DayAccuracy",
    "Due",
    "Store",
    "StoreUnavailable",
]

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Windows
    fcntl = None  # type: ignore[assignment]

FILE_NAME = "progress.sqlite3"
BUSY_TIMEOUT = 5.0
"""Seconds to wait for another program's lock when opening, before reporting the store busy."""
WRITE_TIMEOUT = BUSY_TIMEOUT
"""Seconds a write waits for another program's lock, once the store is open.
The app writes on a thread of its own (tutor/quiz/writes.py), so the screen
never waits for it; a write that still cannot go is kept and tried again."""
READ_TIMEOUT = 0.1
"""Seconds a read of the app waits for a lock: reads are on the screen's thread,
and a store that cannot be read for a moment shows less rather than freezing it."""
COMPANIONS = ("-wal", "-shm")
"""SQLite's files beside the store: moved aside with it, or answers would be lost."""
COUNT_SUFFIX = ".answers"
"""The side file holding the number of answers the store last held (see above)."""
MEMORY = ":memory:"
"""The path of a store kept in memory only."""
GLANCE_TIMEOUT = 1.0
"""Seconds a teacher's page waits for one learner's file (`glance`) before
counting it as not read now."""

_CORRUPT_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
_BUSY_CODES = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})
_FULL_CODES = frozenset({sqlite3.SQLITE_FULL})


def data_folder() -> Path:
    """Where progress is kept: TUTOR_DATA_DIR, else the platform's user data folder."""
    override = os.environ.get("TUTOR_DATA_DIR")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("mahjong-tutor", appauthor=False))


CLASSROOM_FOLDER = "classroom"
MAX_LEARNER_NAME = 40


def learner_key(name: str) -> str:
    """The form of a learner's name that finds their progress: "Kim Min-jun" and
    " kim  min-jun " are the same learner."""
    return " ".join(unicodedata.normalize("NFC", name).casefold().split())


def learner_path(name: str, folder: Path | None = None) -> Path:
    """Where a served learner's progress is kept: one file per learner, in
    `classroom/` beside (never in) the teacher's own progress file.

    The file name keeps the name's letters and digits, so a teacher can find
    it, and adds a hash of the whole name, so that two names never share a
    file and no name can reach outside the folder.
    """
    key = learner_key(name)
    readable = "".join(char if char.isalnum() else "-" for char in key)[:MAX_LEARNER_NAME].strip("-")
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:12]
    return (folder or data_folder()) / CLASSROOM_FOLDER / f"{readable or 'learner'}-{digest}.sqlite3"


def learner_folder(name: str, folder: Path | None = None) -> Path:
    """Where a served learner's files other than progress go (the workbench's
    saved hands): a folder beside their progress file, of the same name."""
    path = learner_path(name, folder)
    return path.with_name(path.stem)


@dataclass(eq=False)
class Store(ProgressStore):
    """The SQLite backend: a connection to the progress file; `notice` says
    if a damaged file was set aside (in English, for the command line),
    `damage` what happened.

    `connection` writes (on the writer's thread, tutor/quiz/writes.py);
    `reader`, a second connection to the same file, serves the screen's
    reads, so a read never waits behind a write that waits for a lock.  A
    store in memory has one connection for both.  `view`, once the writes
    are set up, lets every read see the writes not saved yet."""

    path: Path
    connection: sqlite3.Connection
    notice: str | None = None
    damage: Damage | None = None
    reader: sqlite3.Connection | None = None
    view: ReadView | None = None

    refusals = (sqlite3.Error, OSError)
    read_errors = (sqlite3.Error,)

    @classmethod
    def open(
        cls, path: Path | None = None, *, busy_timeout: float | None = None, write_timeout: float = WRITE_TIMEOUT
    ) -> Store:
        """Open (or start) the store; raises StoreUnavailable, never discards a sound file.

        Opening is one at a time among the programs on this machine (a lock
        on the folder): fifty first starts at once would otherwise see each
        other's half-made schema."""
        path = path or data_folder() / FILE_NAME
        _prepare_folder(path)
        with _opening(path):
            store = cls._open(path, BUSY_TIMEOUT if busy_timeout is None else busy_timeout)
        store.connection.execute(f"PRAGMA busy_timeout = {int(write_timeout * 1000)}")
        try:
            store.reader = sqlite3.connect(path, timeout=READ_TIMEOUT, check_same_thread=False)
        except sqlite3.DatabaseError as error:
            store.connection.close()
            raise _unavailable(error, path) from None
        return store

    @classmethod
    def _open(cls, path: Path, busy_timeout: float) -> Store:
        try:
            return cls(path, _connect(path, busy_timeout))
        except sqlite3.DatabaseError as error:
            if not _proven_corrupt(error):
                raise _unavailable(error, path) from None
            aside = _move_aside(path)
            notice = f"The progress file {path} was damaged ({error}); it was moved to {aside} and a new one started."
            try:
                return cls(path, _connect(path, busy_timeout), notice, Damage(path, aside, str(error)))
            except sqlite3.DatabaseError as again:
                raise _unavailable(again, path) from None

    @classmethod
    def in_memory(cls) -> Store:
        """A store that keeps nothing after the app closes, and writes no file
        at all: used when the file is unavailable."""
        return cls(Path(MEMORY), _connect_memory())

    @property
    def in_file(self) -> bool:
        """Whether this store keeps anything after the app closes."""
        return str(self.path) != MEMORY

    def checkpoint(self) -> bool:
        """Copy the -wal into the main file, so that it holds every answer so
        far (done at the end of each drill and at close); False if another
        program's reader or lock kept some of it in the -wal for now."""
        if not self.in_file:
            return True
        try:
            row = self.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        except sqlite3.Error:
            return False
        return row is not None and int(row[0]) == 0

    def close(self) -> None:
        self.checkpoint()
        self.connection.close()
        self.close_reader()

    def close_reader(self) -> None:
        if self.reader is not None:
            self.reader.close()

    def close_writer(self) -> None:
        self.connection.close()

    def begin_write(self) -> None:
        self.connection.execute("BEGIN IMMEDIATE")  # another program's lock is waited for here

    def commit(self) -> None:
        self.connection.commit()

    def rollback(self) -> None:
        self.connection.rollback()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[bool]:
        if self.connection.in_transaction:
            yield True
            return
        with self.connection:
            yield False

    def copy_into(self, memory: ProgressStore) -> None:
        if not isinstance(memory, Store):
            raise TypeError("a copy in memory is a SQLite store")
        (self.reader or self.connection).backup(memory.connection)

    def _rows(self, sql: str, parameters: tuple[object, ...] = ()) -> list[Any]:
        """A read's rows, on the reads' connection."""
        return list((self.reader or self.connection).execute(sql, parameters).fetchall())

    def count_reset(self) -> None:
        """The count falls with the answers, or the next start would take the
        emptied store for a damaged one; a count that cannot be lowered goes."""
        if self.in_file:
            try:
                _write_count(self.path, 0)
            except OSError:
                with contextlib.suppress(OSError):
                    count_path(self.path).unlink()

    def count_answers(self) -> None:
        """Write down how many answers the store holds (see the module's
        docstring), after a commit.

        A count that cannot be written is left as it was: an older count is
        lower, and a lower count never makes a sound store look damaged."""
        if not self.in_file:
            return
        with contextlib.suppress(sqlite3.Error, OSError):
            committed = int(self.connection.execute("SELECT COUNT(*) FROM answers").fetchone()[0])
            _write_count(self.path, committed)

    # --- the statements -------------------------------------------------------------------

    def _put_setting(self, key: str, value: str) -> None:
        self.connection.execute(
            "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    def _put_read_mark(self, lesson_id: str, read_at: float) -> None:
        self.connection.execute(
            "INSERT OR IGNORE INTO lessons_read (lesson_id, read_at) VALUES (?, ?)", (lesson_id, read_at)
        )

    def _insert_answer(
        self,
        answered_at: float,
        kind: str,
        level: int,
        seed: int,
        concept: str,
        correct: bool,
        response: str,
        place: AssignedPlace | None = None,
    ) -> None:
        self.connection.execute(
            "INSERT INTO answers (answered_at, kind, level, seed, concept, correct, response, assignment, question) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (answered_at, kind, level, seed, concept, int(correct), response, *place_columns(place)),
        )

    def _concept_state(self, concept: str) -> tuple[int, float] | None:
        row = self.connection.execute("SELECT box, due_at FROM concepts WHERE concept = ?", (concept,)).fetchone()
        return None if row is None else (int(row[0]), float(row[1]))

    def _put_concept(self, concept: str, box: int, due_at: float, lesson: str) -> None:
        self.connection.execute(
            "INSERT INTO concepts (concept, box, due_at, lesson) VALUES (?, ?, ?, ?) ON CONFLICT(concept) "
            "DO UPDATE SET box = excluded.box, due_at = excluded.due_at, lesson = excluded.lesson",
            (concept, box, due_at, lesson),
        )

    def _delete_progress(self) -> None:
        for table in PROGRESS_TABLES:
            self.connection.execute(f"DELETE FROM {table}")

    def _has_answer(self, kind: str, seed: int, concept: str, answered_at: float) -> bool:
        row = self.connection.execute(
            "SELECT 1 FROM answers WHERE answered_at = ? AND kind = ? AND seed = ? AND concept = ? LIMIT 1",
            (answered_at, kind, seed, concept),
        ).fetchone()
        return row is not None

    def _setting(self, key: str) -> str | None:
        rows = self._rows("SELECT value FROM settings WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    def _setting_to_change(self, key: str) -> str | None:
        row = self.connection.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def _lessons_read(self) -> set[str]:
        return {str(row[0]) for row in self._rows("SELECT lesson_id FROM lessons_read")}

    def _answer_count(self) -> int:
        return int(self._rows("SELECT COUNT(*) FROM answers")[0][0])

    def _due(self, now: float) -> list[Due]:
        rows = self._rows("SELECT concept, box, due_at, lesson FROM concepts WHERE due_at <= ? ORDER BY due_at", (now,))
        return due_rows(rows)

    def _weakest(self, prefix: str, count: int) -> list[Due]:
        rows = self._rows(
            "SELECT concept, box, due_at, lesson FROM concepts WHERE substr(concept, 1, ?) = ? AND box <= 1 "
            "ORDER BY box, due_at LIMIT ?",
            (len(prefix), prefix, count),
        )
        return due_rows(rows)

    def _answers_by_day(self) -> list[DayAccuracy]:
        rows = self._rows(
            "SELECT date(answered_at, 'unixepoch', 'localtime') AS day, kind, COUNT(*), SUM(correct) "
            "FROM answers GROUP BY day, kind ORDER BY day, kind"
        )
        return [DayAccuracy(str(day), str(kind), int(n), int(right)) for day, kind, n, right in rows]

    def _concept_counts(self, since: float) -> list[ConceptCount]:
        return concept_count_rows(self._rows(concept_counts_sql("", since)))

    def _assigned_answers(self, assignment: str) -> list[AssignedAnswer]:
        return assigned_answer_rows(self._rows(ASSIGNED_ANSWERS.format(where=""), (assignment,)))

    def _put_turn(
        self, assignment: str, attempt: int, turn: int, situation: str, decision: str, decided_at: float
    ) -> None:
        self.connection.execute(
            "INSERT INTO play_turns (assignment, attempt, turn, situation, decision, decided_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (assignment, attempt, turn) DO NOTHING",
            (assignment, attempt, turn, situation, decision, decided_at),
        )

    def _latest_attempt(self, assignment: str) -> int:
        # The writer's connection: through the writer, in its BEGIN IMMEDIATE, which holds the file's lock.
        return int(self.connection.execute(LATEST_ATTEMPT.format(where=""), (assignment,)).fetchone()[0])

    def _has_turn(self, assignment: str, turn: int, decided_at: float) -> bool:
        found = self.connection.execute(TURN_STORED.format(where=""), (assignment, turn, decided_at)).fetchone()
        return found is not None

    def _play_turns(self, assignment: str) -> list[PlayTurn]:
        return play_turn_rows(self._rows(PLAY_TURNS.format(where=""), (assignment,)))

    def _delete_settings(self) -> None:
        self.connection.execute("DELETE FROM settings")

    def class_rows(self, sql: str, parameters: tuple[object, ...] = ()) -> list[Any]:
        return self._rows(sql, parameters)

    def class_write(self, sql: str, parameters: tuple[object, ...] = ()) -> None:
        with self._transaction():
            self.connection.execute(sql, parameters)


def glance(path: Path, sql: str, parameters: tuple[object, ...] = ()) -> list[Any] | None:
    """The rows of a read-only statement on the progress file `path`, read
    as the teacher's pages read a class (tutor/quiz/classbook.py): one
    read-only connection and one query, without opening the file as a
    `Store` (its check of the whole file, its lock on the folder, the
    checkpoint at close), which is most of a page's time for a class of
    files.  A read never changes the file, so the check is not needed.

    [] for no file (a learner who has not answered yet); None for a file
    of another schema version (opened as a Store, it is migrated first).
    Raises sqlite3.Error when the file cannot be read now."""
    if not path.is_file():
        return []
    connection = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True, timeout=GLANCE_TIMEOUT)
    try:
        connection.execute("BEGIN")  # the version and the rows from one moment
        if int(connection.execute("PRAGMA user_version").fetchone()[0]) != SCHEMA_VERSION:
            return None
        return list(connection.execute(sql, parameters).fetchall())
    finally:
        connection.close()


class _Corrupt(sqlite3.DatabaseError):
    """The integrity check failed: proven damage, like SQLite's own NOTADB and CORRUPT."""


class _UnknownSchema(sqlite3.DatabaseError):
    """The file is a sound database, but not one this version of the tutor wrote."""


def _migrate(connection: sqlite3.Connection, version: int) -> None:
    """The schema steps a store of `version` lacks, each in one transaction
    with its new version (tutor/quiz/migrations.py): a step that cannot be
    taken (a lock, a full disk) leaves the file as it was."""
    for step in steps_after(version):
        connection.execute("BEGIN IMMEDIATE")
        try:
            for statement in step.sqlite:
                connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {step.version}")
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise


def _connect_memory() -> sqlite3.Connection:
    """A store in memory: the schema, and no file checked, counted or written."""
    connection = sqlite3.connect(MEMORY, isolation_level=None, check_same_thread=False)
    _migrate(connection, 0)
    connection.isolation_level = "DEFERRED"
    return connection


def _connect(path: Path, busy_timeout: float) -> sqlite3.Connection:
    """Connect, after checking the file; start the schema only in an empty
    file, and take the steps an older one lacks.

    A sound store of the current schema is opened without writing anything,
    so a full disk or another program's lock cannot make a sound file look
    damaged.
    """
    counted = _read_count(path)
    version = _check(path, busy_timeout, counted) if path.exists() else 0
    # Opened here, written on the writer's thread (tutor/quiz/writes.py), one thread at a time.
    connection = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None, check_same_thread=False)
    try:
        if connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            connection.execute("PRAGMA journal_mode=WAL")
        if version < SCHEMA_VERSION:
            _migrate(connection, version)
        if version == 0:
            # The schema is there: from now on, a file without it is damaged.
            with contextlib.suppress(OSError):
                _write_count(path, 0)
        connection.isolation_level = "DEFERRED"  # back to implicit transactions, committed by `with`
    except BaseException:
        connection.close()
        raise
    return connection


def count_path(path: Path) -> Path:
    return path.with_name(path.name + COUNT_SUFFIX)


def _read_count(path: Path) -> int | None:
    """The store's last count of its answers, or None if it has none (a store older than the count)."""
    try:
        return int(count_path(path).read_text(encoding="ascii").strip())
    except (OSError, ValueError, UnicodeDecodeError):
        return None


def _write_count(path: Path, count: int) -> None:
    """Replace the count in one step: a crash leaves the old count or the new, never half of one."""
    target = count_path(path)
    temporary = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(f"{count}\n", encoding="ascii")
        temporary.replace(target)
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()


@contextlib.contextmanager
def _opening(path: Path) -> Iterator[None]:
    """Hold the folder's lock while the store is checked and started (Linux and macOS)."""
    if fcntl is None:
        yield
        return
    try:
        descriptor = os.open(path.parent, os.O_RDONLY)
    except OSError:
        yield  # a folder that cannot be opened for the lock: SQLite's own locks still hold
        return
    try:
        with contextlib.suppress(OSError):
            fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)


def _check(path: Path, busy_timeout: float, counted: int | None) -> int:
    """Check an existing file on a read-only connection; returns its schema
    version, 0 if it is empty and new.

    Read-only, because SQLite deletes the -wal when the last writer closes,
    and the -wal of a damaged file may hold the learner's latest answers.
    All in one read transaction, so that another program's commit cannot
    fall between the questions.
    """
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=busy_timeout)
    answers = 0
    try:
        connection.execute("BEGIN")
        if connection.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise _Corrupt("integrity check failed")
        version = int(connection.execute("PRAGMA user_version").fetchone()[0])
        tables = {str(row[0]) for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        known = 1 <= version <= SCHEMA_VERSION and TABLES.issubset(tables)
        if known:
            answers = int(connection.execute("SELECT COUNT(*) FROM answers").fetchone()[0])
    finally:
        connection.close()
    if version == 0 and not tables:
        if counted is not None:
            raise _Corrupt("the file had a schema and now has none: its -wal was lost or damaged")
        return 0
    if not known:
        raise _UnknownSchema(f"schema version {version}, not the tutor's version {SCHEMA_VERSION}")
    if counted is not None and answers < counted:
        raise _Corrupt(f"{answers} answers where there were {counted}: its -wal was lost or damaged")
    return version


def _proven_corrupt(error: sqlite3.DatabaseError) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    return isinstance(error, _Corrupt) or (code is not None and code & 0xFF in _CORRUPT_CODES)


def _unavailable(error: sqlite3.DatabaseError, path: Path) -> StoreUnavailable:
    code = getattr(error, "sqlite_errorcode", None)
    primary = None if code is None else code & 0xFF
    if isinstance(error, _UnknownSchema):
        return StoreUnavailable("schema", path, str(error))
    if primary in _BUSY_CODES:
        return StoreUnavailable("busy", path, str(error))
    if primary in _FULL_CODES:
        return StoreUnavailable("full", path, str(error))
    if primary == sqlite3.SQLITE_IOERR:
        return StoreUnavailable("io", path, str(error))
    return StoreUnavailable("denied", path, str(error))


def _prepare_folder(path: Path) -> None:
    """Make the folder, and refuse what SQLite would misread: a folder where the file should be."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise StoreUnavailable("denied", path.parent, "a file is in the way of the folder") from None
    except OSError as error:
        raise StoreUnavailable(_os_problem(error), path.parent, error.strerror or str(error)) from None
    for candidate in (path, *(path.with_name(path.name + suffix) for suffix in COMPANIONS)):
        if candidate.exists() and not candidate.is_file():
            raise StoreUnavailable("denied", candidate, "not a regular file")
    # SQLite would open a read-only file and fail only at the first answer;
    # os.access asks for this process, so it is right for root and for a
    # read-only disk alike.
    if not os.access(path.parent, os.W_OK | os.X_OK, effective_ids=os.access in os.supports_effective_ids):
        raise StoreUnavailable("denied", path.parent, "the folder is read-only")
    if path.exists() and not os.access(path, os.R_OK | os.W_OK, effective_ids=os.access in os.supports_effective_ids):
        raise StoreUnavailable("denied", path, "the file is read-only")


def _os_problem(error: OSError) -> Problem:
    return "full" if error.errno in (errno.ENOSPC, errno.EDQUOT) else "denied"


def _move_aside(path: Path) -> Path:
    """Move a damaged store and its -wal and -shm to one timestamped name, never deleting them."""
    aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    number = 1
    while aside.exists():
        number += 1
        aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}-{number}")
    try:
        for suffix in (*COMPANIONS, COUNT_SUFFIX):
            companion = path.with_name(path.name + suffix)
            if companion.exists():
                companion.replace(aside.with_name(aside.name + suffix))
        path.replace(aside)
    except OSError as error:
        raise StoreUnavailable(
            _os_problem(error), path, f"damaged, and could not be moved aside: {error.strerror}"
        ) from None
    return aside
