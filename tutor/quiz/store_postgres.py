"""The progress store in PostgreSQL, for a school server (issue 32).

Several `tutor serve` instances share one database; every learner's rows
carry their learner key (`tutor.quiz.store.learner_key`), and every
statement here names it, so no learner reaches another's progress.  The
schema is the one of tutor/quiz/migrations.py, taken one step at a time
under an advisory lock, so instances starting together migrate it once.

A server that is away (stopped, restarting, the network gone) refuses
writes with psycopg's error: the writer of tutor/quiz/writes.py keeps them
and tries again, and each try connects afresh.  Reads are on the screen's
thread: while the server is away they show less, and they wait at most
READ_TIMEOUT for a statement and try to connect again only every
RECONNECT_AFTER seconds, so the screen never freezes for long.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
from psycopg import errors as pg_errors
from psycopg.conninfo import conninfo_to_dict

from tutor.quiz.migrations import SCHEMA_VERSION, steps_after
from tutor.quiz.store_api import (
    ASSIGNED_ANSWERS,
    LATEST_ATTEMPT,
    PLAY_TURNS,
    PROGRESS_TABLES,
    TURN_STORED,
    AssignedAnswer,
    AssignedPlace,
    ConceptCount,
    DayAccuracy,
    Due,
    PlayTurn,
    ProgressStore,
    ReadView,
    StoreUnavailable,
    assigned_answer_rows,
    concept_count_rows,
    concept_counts_sql,
    due_rows,
    place_columns,
    place_of,
    play_turn_rows,
)

CONNECT_TIMEOUT = 5
"""Seconds to wait for the server when connecting (libpq's least is 2)."""
READ_TIMEOUT = 2.0
"""Seconds a read of the screen may take before it is given up (it then shows less)."""
RECONNECT_AFTER = 5.0
"""Seconds after a failed connection before a read tries the server again."""
SCHEMA_LOCK = 0x7475746F72
"""The advisory lock held while the schema is checked and migrated ('tutor')."""
QUARTER = 900
"""Seconds in a quarter hour: every time zone is a whole number of them from UTC,
so answers counted per quarter hour add up to local days exactly."""


def is_postgres_url(value: str) -> bool:
    return value.startswith(("postgresql://", "postgres://"))


def shown_address(url: str) -> Path:
    """Where the database is, as a notice shows it: host, port and name, never a password."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return Path("postgresql")
    host = str(parts.get("host") or "localhost")
    port = str(parts.get("port") or "5432")
    return Path(f"{host}:{port}") / str(parts.get("dbname") or "postgres")


class PostgresStore(ProgressStore):
    """One learner's progress in a PostgreSQL database (see the module's docstring).

    `writer` is the writer thread's connection, `reader` the screen's; each
    is made again when the server dropped it."""

    refusals = (psycopg.Error, OSError)
    read_errors = (psycopg.Error,)

    def __init__(self, url: str, learner: str, path: Path, writer: psycopg.Connection[Any]) -> None:
        self.url = url
        self.learner = learner
        self.path = path
        self.notice: str | None = None
        self.damage = None
        self.view: ReadView | None = None
        self.writer: psycopg.Connection[Any] | None = writer
        self.reader: psycopg.Connection[Any] | None = None
        self._reader_retry_at = 0.0
        self._writing = False
        """Between begin_write and commit or rollback: a connection lost meanwhile
        is an error, never made again (the write's statements would then go
        outside its transaction, and COMMIT on a new connection would say
        nothing of the lost one)."""

    @classmethod
    def open(cls, url: str, learner: str, path: Path) -> PostgresStore:
        """Connect, and bring the schema to this version; raises StoreUnavailable.

        `learner` is the key whose rows this store reads and writes; `path`
        is a file on this machine that the store's side files go beside."""
        try:
            writer = _connect(url)
        except psycopg.Error as error:
            raise _unavailable(error, url) from None
        try:
            _migrate(writer, url)
        except psycopg.Error as error:
            writer.close()
            raise _unavailable(error, url) from None
        except StoreUnavailable:
            writer.close()
            raise
        return cls(url, learner, path, writer)

    @property
    def in_file(self) -> bool:
        return True

    @property
    def place(self) -> str:
        return f"postgresql://{shown_address(self.url)}"

    # --- connections and transactions ---------------------------------------------------

    def _writer(self) -> psycopg.Connection[Any]:
        """The writer's connection: made again if the server dropped it, but
        only between writes (see `_writing`)."""
        healthy = self.writer is not None and not (self.writer.closed or self.writer.broken)
        if self.writer is not None and healthy:
            return self.writer
        if self._writing:
            raise psycopg.OperationalError("the connection to the database server was lost during a write")
        _close(self.writer)
        self.writer = None
        self.writer = _connect(self.url)
        return self.writer

    def _reader(self) -> psycopg.Connection[Any]:
        """The reads' connection, made again if the server dropped it (not
        more often than every RECONNECT_AFTER seconds: the screen waits)."""
        if self.reader is not None and not (self.reader.closed or self.reader.broken):
            return self.reader
        _close(self.reader)
        self.reader = None
        if time.monotonic() < self._reader_retry_at:
            raise psycopg.OperationalError("the database server could not be reached a moment ago")
        try:
            self.reader = _connect(self.url, statement_timeout=READ_TIMEOUT)
        except psycopg.Error:
            self._reader_retry_at = time.monotonic() + RECONNECT_AFTER
            raise
        return self.reader

    def begin_write(self) -> None:
        self._writing = False
        self._writer().execute("BEGIN")
        self._writing = True

    def commit(self) -> None:
        try:
            self._writer().execute("COMMIT")
        finally:
            self._writing = False

    def rollback(self) -> None:
        self._writing = False
        if self.writer is not None and not (self.writer.closed or self.writer.broken):
            self.writer.execute("ROLLBACK")

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[bool]:
        if self._writing:
            yield True
            return
        with self._writer().transaction():
            yield False

    def count_answers(self) -> None:
        """Nothing to count: PostgreSQL's own log keeps every committed answer."""

    def count_reset(self) -> None:
        """Nothing to count (see count_answers)."""

    def close(self) -> None:
        self.close_writer()
        self.close_reader()

    def close_reader(self) -> None:
        _close(self.reader)
        self.reader = None

    def close_writer(self) -> None:
        _close(self.writer)
        self.writer = None

    def copy_into(self, memory: ProgressStore) -> None:
        settings = self._rows("SELECT key, value FROM settings WHERE learner = %s")
        marks = self._rows("SELECT lesson_id, read_at FROM lessons_read WHERE learner = %s")
        answers = self._rows(
            "SELECT answered_at, kind, level, seed, concept, correct, response, assignment, question FROM answers "
            "WHERE learner = %s ORDER BY id"
        )
        concepts = self._rows("SELECT concept, box, due_at, lesson FROM concepts WHERE learner = %s")
        turns = self._rows(
            "SELECT assignment, attempt, turn, situation, decision, decided_at FROM play_turns WHERE learner = %s"
        )
        with memory._transaction():
            for key, value in settings:
                memory._put_setting(key, value)
            for lesson_id, read_at in marks:
                memory._put_read_mark(lesson_id, read_at)
            for answered_at, kind, level, seed, concept, correct, response, assignment, question in answers:
                place = place_of(assignment, question)
                memory._insert_answer(answered_at, kind, level, seed, concept, bool(correct), response, place)
            for concept, box, due_at, lesson in concepts:
                memory._put_concept(concept, box, due_at, lesson)
            for assignment, attempt, turn, situation, decision, decided_at in turns:
                memory._put_turn(assignment, attempt, turn, situation, decision, decided_at)

    def _rows(self, query: str, parameters: tuple[object, ...] = ()) -> list[Any]:
        """A read's rows for this learner (the query's first parameter), on the reads' connection."""
        return self._read_rows(query, (self.learner, *parameters))

    def _read_rows(self, query: str, parameters: tuple[object, ...]) -> list[Any]:
        """A read's rows on the reads' connection; once more on a new
        connection if the server had dropped this one (it restarted since
        the last read: only this read finds out, and a read can be asked again)."""
        try:
            return list(self._reader().execute(query, parameters).fetchall())
        except psycopg.OperationalError:
            if self.reader is None or not self.reader.broken:
                raise  # a statement that timed out, say: the connection is fine, asking again would wait again
            return list(self._reader().execute(query, parameters).fetchall())

    def _write(self, query: str, parameters: tuple[object, ...] = ()) -> list[Any]:
        """A statement of a write for this learner (its first parameter), on the writer's connection."""
        cursor = self._writer().execute(query, (self.learner, *parameters))
        return list(cursor.fetchall()) if cursor.description else []

    # --- the statements -------------------------------------------------------------------

    def _put_setting(self, key: str, value: str) -> None:
        self._write(
            "INSERT INTO settings (learner, key, value) VALUES (%s, %s, %s) "
            "ON CONFLICT (learner, key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    def _put_read_mark(self, lesson_id: str, read_at: float) -> None:
        self._write(
            "INSERT INTO lessons_read (learner, lesson_id, read_at) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
            (lesson_id, read_at),
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
        self._write(
            "INSERT INTO answers (learner, answered_at, kind, level, seed, concept, correct, response, assignment, "
            "question) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
            (answered_at, kind, level, seed, concept, int(correct), response, *place_columns(place)),
        )

    def _concept_state(self, concept: str) -> tuple[int, float] | None:
        # Locked to the end of the answer's transaction: two sessions of one learner move a box in turn.
        rows = self._write(
            "SELECT box, due_at FROM concepts WHERE learner = %s AND concept = %s FOR UPDATE", (concept,)
        )
        return (int(rows[0][0]), float(rows[0][1])) if rows else None

    def _put_concept(self, concept: str, box: int, due_at: float, lesson: str) -> None:
        self._write(
            "INSERT INTO concepts (learner, concept, box, due_at, lesson) VALUES (%s, %s, %s, %s, %s) "
            "ON CONFLICT (learner, concept) DO UPDATE SET box = excluded.box, due_at = excluded.due_at, "
            "lesson = excluded.lesson",
            (concept, box, due_at, lesson),
        )

    def _delete_progress(self) -> None:
        for table in PROGRESS_TABLES:
            self._write(f"DELETE FROM {table} WHERE learner = %s")

    def _has_answer(self, kind: str, seed: int, concept: str, answered_at: float) -> bool:
        rows = self._write(
            "SELECT 1 FROM answers WHERE learner = %s AND answered_at = %s AND kind = %s AND seed = %s "
            "AND concept = %s LIMIT 1",
            (answered_at, kind, seed, concept),
        )
        return bool(rows)

    def _setting(self, key: str) -> str | None:
        rows = self._rows("SELECT value FROM settings WHERE learner = %s AND key = %s", (key,))
        return str(rows[0][0]) if rows else None

    def _setting_to_change(self, key: str) -> str | None:
        # On the writer's connection, locked to the end of the answer's transaction: the reads'
        # connection may still be waiting out a lost server (RECONNECT_AFTER) when the writer is
        # back, and two sessions of one learner must not each keep what the other retired.
        rows = self._write("SELECT value FROM settings WHERE learner = %s AND key = %s FOR UPDATE", (key,))
        return str(rows[0][0]) if rows else None

    def _lessons_read(self) -> set[str]:
        return {str(row[0]) for row in self._rows("SELECT lesson_id FROM lessons_read WHERE learner = %s")}

    def _answer_count(self) -> int:
        return int(self._rows("SELECT COUNT(*) FROM answers WHERE learner = %s")[0][0])

    def _due(self, now: float) -> list[Due]:
        rows = self._rows(
            "SELECT concept, box, due_at, lesson FROM concepts WHERE learner = %s AND due_at <= %s ORDER BY due_at",
            (now,),
        )
        return due_rows(rows)

    def _weakest(self, prefix: str, count: int) -> list[Due]:
        rows = self._rows(
            "SELECT concept, box, due_at, lesson FROM concepts WHERE learner = %s AND starts_with(concept, %s) "
            "AND box <= 1 ORDER BY box, due_at LIMIT %s",
            (prefix, count),
        )
        return due_rows(rows)

    def _answers_by_day(self) -> list[DayAccuracy]:
        # Local days as this process sees them (SQLite's 'localtime'): counted per quarter hour
        # on the server, added up per day here.
        rows = self._rows(
            f"SELECT floor(answered_at / {QUARTER})::bigint AS quarter, kind, COUNT(*), SUM(correct) FROM answers "
            "WHERE learner = %s GROUP BY quarter, kind"
        )
        days: dict[tuple[str, str], list[int]] = {}
        for quarter, kind, answered, right in rows:
            day = time.strftime("%Y-%m-%d", time.localtime(int(quarter) * QUARTER))
            counts = days.setdefault((day, str(kind)), [0, 0])
            counts[0] += int(answered)
            counts[1] += int(right)
        return [DayAccuracy(day, kind, answered, right) for (day, kind), (answered, right) in sorted(days.items())]

    def _concept_counts(self, since: float) -> list[ConceptCount]:
        return concept_count_rows(self._rows(concept_counts_sql("WHERE learner = %s", since)))

    def _assigned_answers(self, assignment: str) -> list[AssignedAnswer]:
        query = ASSIGNED_ANSWERS.format(where="learner = %s AND").replace("?", "%s")
        return assigned_answer_rows(self._rows(query, (assignment,)))

    def _put_turn(
        self, assignment: str, attempt: int, turn: int, situation: str, decision: str, decided_at: float
    ) -> None:
        self._write(
            "INSERT INTO play_turns (learner, assignment, attempt, turn, situation, decision, decided_at) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (learner, assignment, attempt, turn) DO NOTHING",
            (assignment, attempt, turn, situation, decision, decided_at),
        )

    def _latest_attempt(self, assignment: str) -> int:
        # Held to the end of the decision's transaction: two sessions of one learner number attempts in turn.
        self._write("SELECT pg_advisory_xact_lock(hashtextextended(%s || chr(10) || %s, 0))", (assignment,))
        query = LATEST_ATTEMPT.format(where="learner = %s AND").replace("?", "%s")
        return int(self._write(query, (assignment,))[0][0])

    def _has_turn(self, assignment: str, turn: int, decided_at: float) -> bool:
        query = TURN_STORED.format(where="learner = %s AND").replace("?", "%s")
        return bool(self._write(query, (assignment, turn, decided_at)))

    def _play_turns(self, assignment: str) -> list[PlayTurn]:
        query = PLAY_TURNS.format(where="learner = %s AND").replace("?", "%s")
        return play_turn_rows(self._rows(query, (assignment,)))

    def _delete_settings(self) -> None:
        self._write("DELETE FROM settings WHERE learner = %s")

    def class_rows(self, sql: str, parameters: tuple[object, ...] = ()) -> list[Any]:
        return self._read_rows(_placeholders(sql), parameters)

    def class_write(self, sql: str, parameters: tuple[object, ...] = ()) -> None:
        with self._transaction():
            self._writer().execute(_placeholders(sql), parameters)


def _placeholders(sql: str) -> str:
    """SQLite's `?` as psycopg's `%s` (the class statements hold no other `?` or `%`)."""
    return sql.replace("?", "%s")


def _connect(url: str, *, statement_timeout: float | None = None) -> psycopg.Connection[Any]:
    connection = psycopg.connect(
        url, autocommit=True, connect_timeout=CONNECT_TIMEOUT, application_name="mahjong-tutor"
    )
    if statement_timeout is not None:
        try:
            connection.execute(f"SET statement_timeout = {int(statement_timeout * 1000)}")
        except psycopg.Error:
            connection.close()
            raise
    return connection


def _close(connection: psycopg.Connection[Any] | None) -> None:
    if connection is not None:
        with contextlib.suppress(psycopg.Error):
            connection.close()


def schema_version(connection: psycopg.Connection[Any]) -> int:
    """The database's schema version: 0 for a database the tutor has not started."""
    if connection.execute("SELECT to_regclass('schema_version')").fetchone() == (None,):
        return 0
    row = connection.execute("SELECT version FROM schema_version").fetchone()
    return 0 if row is None else int(row[0])


def _migrate(connection: psycopg.Connection[Any], url: str) -> None:
    """Take the steps the database lacks, each in one transaction with its
    new version, under the schema's advisory lock; refuse a newer schema."""
    while True:
        with connection.transaction():
            connection.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            version = schema_version(connection)
            if version > SCHEMA_VERSION:
                raise StoreUnavailable(
                    "schema",
                    shown_address(url),
                    f"schema version {version}, not the tutor's version {SCHEMA_VERSION}",
                    database=True,
                )
            steps = steps_after(version)
            if not steps:
                return
            if version == 0:
                connection.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
                connection.execute("INSERT INTO schema_version (version) VALUES (0)")
            for statement in steps[0].postgres:
                connection.execute(statement)
            connection.execute("UPDATE schema_version SET version = %s", (steps[0].version,))


def _unavailable(error: psycopg.Error, url: str) -> StoreUnavailable:
    detail = (str(error).splitlines() or [type(error).__name__])[0]
    where = shown_address(url)
    if isinstance(error, pg_errors.InsufficientPrivilege):
        return StoreUnavailable("denied", where, detail, database=True)
    if isinstance(error, pg_errors.DiskFull):
        return StoreUnavailable("full", where, detail, database=True)
    if isinstance(error, pg_errors.DuplicateTable):
        return StoreUnavailable("schema", where, detail, database=True)
    return StoreUnavailable("server", where, detail)
