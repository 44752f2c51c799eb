"""The progress store behind one interface (issue 32): what every backend
keeps, how a read and a write reach it, and the rules they share.

Two backends implement `ProgressStore`: SQLite, one file per learner on one
machine (tutor/quiz/store.py, the default), and PostgreSQL, one database
for a school server with every learner's rows told apart by a learner key
(tutor/quiz/store_postgres.py).  The rules live here, once: the Leitner
boxes, what a read sees while writes wait, what a refused write is.  A
backend supplies only its statements (the `_`-methods below) and its
transactions; the schema and its migrations are in tutor/quiz/migrations.py.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol, TypeVar

T = TypeVar("T")

BOX_DAYS = (0, 1, 2, 4, 8, 16)
"""Leitner boxes: days until a concept in box 0..5 comes back.  A right
answer to a due concept moves it up a box (a right answer before it is due
leaves it where it is), a wrong one back to box 0 (due at once)."""
DAY = 86400.0
RECENT_DAYS = 7
"""The teacher's dashboard sets a learner's answers of the last this many days against those before."""

POSITION_KEY = "review.position."
"""The setting that keeps a concept's positions of the learner's own games
(a JSON list of records, the newest first: tutor/quiz/review_findings.py)."""

Problem = Literal["busy", "full", "io", "denied", "schema", "server"]
PASSING_PROBLEMS: frozenset[Problem] = frozenset({"busy", "full", "io", "server"})
"""Why a store may be unavailable at start and fine later: its writes are carried to the pending file."""


class StoreUnavailable(Exception):
    """The store cannot be used now, and nothing in it was changed.

    `problem` says why (busy, full, denied, schema, or a database server
    that cannot be reached), `path` is the file or folder concerned (for a
    database server, its address without a password), and `detail` what the
    system said.  `str()` is one line in English naming the place and what
    to do; the app words it in the learner's language from `problem` and
    `path`.
    """

    def __init__(self, problem: Problem, path: Path, detail: str, *, database: bool = False) -> None:
        self.problem: Problem = problem
        self.path = path
        self.detail = detail
        self.database = database or problem == "server"
        """A database server's store (PostgreSQL), not a file."""
        super().__init__(self.message())

    def message(self) -> str:
        place = "database" if self.database else "file"
        advice = DATABASE_ADVICE.get(self.problem) if self.database else None
        advice = (
            advice
            or {
                "busy": "another program is using it; close that program and start the tutor again",
                "full": "the disk is full; free some space and start the tutor again",
                "io": "the disk could not be read or written; check that it has free space and is still there, "
                "then start the tutor again",
                "denied": "it cannot be opened or written; check the permissions of the file and its folder, "
                "or set TUTOR_DATA_DIR to a folder you can write",
                "schema": "it was written by another version of the tutor; update the tutor, "
                "or set TUTOR_DATA_DIR to another folder",
                "server": "the database server cannot be reached or refused the tutor; check that it is running "
                "and that the address, user and password are right, then start the tutor again",
            }[self.problem]
        )
        return f"The progress {place} {self.path} is not available ({self.detail}): {advice}."


DATABASE_ADVICE: dict[Problem, str] = {
    "denied": "the database user may not create, read or write the tutor's tables; grant it those rights",
    "full": "the database server's disk is full; free some space there and start the tutor again",
    "schema": "it was written by a newer version of the tutor, or holds tables of another program; "
    "update the tutor, or give it a database of its own",
}
"""What to do, for a store in a database, where it differs from a file's."""


@dataclass(frozen=True, slots=True)
class Due:
    concept: str
    box: int
    due_at: float
    lesson: str


def due_rows(rows: list[Any]) -> list[Due]:
    """Rows of (concept, box, due_at, lesson), as a backend reads them, as Due."""
    return [Due(str(concept), int(box), float(due_at), str(lesson)) for concept, box, due_at, lesson in rows]


@dataclass(frozen=True, slots=True)
class DayAccuracy:
    day: str
    kind: str
    answered: int
    right: int


@dataclass(frozen=True, slots=True)
class ConceptCount:
    """A learner's right and wrong answers to one concept (the spaced
    repetition's key): in all, and those since a moment (the last week)."""

    concept: str
    right: int
    wrong: int
    recent_right: int = 0
    recent_wrong: int = 0

    @property
    def before_right(self) -> int:
        return self.right - self.recent_right

    @property
    def before_wrong(self) -> int:
        return self.wrong - self.recent_wrong


CONCEPT_COUNTS = (
    "SELECT concept, SUM(correct), COUNT(*) - SUM(correct), "
    "SUM(CASE WHEN answered_at >= {since} THEN correct ELSE 0 END), "
    "SUM(CASE WHEN answered_at >= {since} THEN 1 - correct ELSE 0 END) "
    "FROM answers {where} GROUP BY concept ORDER BY concept"
)
"""Right and wrong answers per concept, in all and since a moment; a backend
names its learner in `where`, and the moment (a number) in `since`."""


def concept_counts_sql(where: str, since: float) -> str:
    # The moment is a float the program made, written as a literal: the same in both backends' statements.
    return CONCEPT_COUNTS.format(where=where, since=repr(float(since)))


CLASS_LEARNERS = "learner IN (SELECT learner FROM class_learners WHERE class = ?)"
"""The learners of a class (its name the parameter): with PostgreSQL, a class's
figures are one query over all of them (tutor/quiz/classbook.py)."""


def by_learner(query: str, first: str) -> str:
    """A learner's query, whose first column is `first`, as the class's: the learner column first, rows by learner."""
    return (
        query.replace(f"SELECT {first},", f"SELECT learner, {first},")
        .replace(f"GROUP BY {first}", f"GROUP BY learner, {first}")
        .replace(f"ORDER BY {first}", f"ORDER BY learner, {first}")
    )


def class_concept_counts_sql(since: float) -> str:
    """Every learner of a class's counts per concept (`concept_counts_sql`), in one query."""
    return by_learner(concept_counts_sql(f"WHERE {CLASS_LEARNERS}", since), "concept")


def class_assignment_sql(query: str, first: str) -> str:
    """Every learner of a class's rows of one assignment (ASSIGNED_ANSWERS, PLAY_TURNS), in one query:
    its parameters the class's name, then the assignment's reference."""
    return by_learner(query.format(where=f"{CLASS_LEARNERS} AND"), first)


def concept_count_rows(rows: list[Any]) -> list[ConceptCount]:
    return [
        ConceptCount(str(concept), int(right), int(wrong), int(recent_right), int(recent_wrong))
        for concept, right, wrong, recent_right, recent_wrong in rows
    ]


@dataclass(frozen=True, slots=True)
class AssignedPlace:
    """Where an answer stands in a class's assignment: the assignment's
    reference (`tutor.quiz.classbook.Assignment.ref`) and the question's
    number in it, from 0; an answer outside any assignment has none."""

    assignment: str
    question: int


@dataclass(frozen=True, slots=True)
class AssignedAnswer:
    """One answer a learner gave to a question of an assignment."""

    question: int
    kind: str
    concept: str
    correct: bool
    response: str
    answered_at: float


ASSIGNED_ANSWERS = (
    "SELECT question, kind, concept, correct, response, answered_at FROM answers WHERE {where} assignment = ? "
    "ORDER BY question, answered_at"
)
"""A learner's answers to an assignment; a backend names its learner in `where`."""


def assigned_answer_rows(rows: list[Any]) -> list[AssignedAnswer]:
    return [
        AssignedAnswer(int(question), str(kind), str(concept), bool(correct), str(response), float(answered_at))
        for question, kind, concept, correct, response, answered_at in rows
    ]


@dataclass(frozen=True, slots=True)
class PlayTurn:
    """One decision of a learner's in a shared play deal: the `turn`-th
    (from 0) of their hand in their `attempt`-th play of the deal (from 1),
    the situation they decided in and what they did (each JSON,
    tutor/quiz/deal_turns.py)."""

    attempt: int
    turn: int
    situation: str
    decision: str
    decided_at: float


PROGRESS_TABLES = ("answers", "concepts", "lessons_read", "play_turns")
"""A learner's progress, which a reset and a deletion empty (the settings apart)."""
PLAY_TURNS = (
    "SELECT attempt, turn, situation, decision, decided_at FROM play_turns WHERE {where} assignment = ? "
    "ORDER BY attempt, turn"
)
"""A learner's decisions in one shared deal, every attempt's; a backend names its learner in `where`."""
LATEST_ATTEMPT = "SELECT COALESCE(MAX(attempt), 0) FROM play_turns WHERE {where} assignment = ?"
TURN_STORED = "SELECT 1 FROM play_turns WHERE {where} assignment = ? AND turn = ? AND decided_at = ? LIMIT 1"


def play_turn_rows(rows: list[Any]) -> list[PlayTurn]:
    return [
        PlayTurn(int(attempt), int(turn), str(situation), str(decision), float(decided_at))
        for attempt, turn, situation, decision, decided_at in rows
    ]


def attempt_of(turn: int, latest: int) -> int:
    """The attempt a decision of `turn` belongs to, the learner's latest attempt at the deal being `latest`
    (0: none yet): a first decision begins a new one, as the deal was started again; any other goes on
    the latest (a deal's end, at its own turn, too)."""
    return latest + 1 if turn == 0 or latest == 0 else latest


def place_columns(place: AssignedPlace | None) -> tuple[str | None, int | None]:
    """An answer's assignment and question columns."""
    return (None, None) if place is None else (place.assignment, place.question)


def place_of(assignment: object, question: object) -> AssignedPlace | None:
    """An answer's place from its columns as a backend reads them."""
    return None if assignment is None or question is None else AssignedPlace(str(assignment), int(str(question)))


@dataclass(frozen=True)
class Damage:
    """A damaged progress file that was set aside: the facts a notice in the
    learner's language is written from."""

    path: Path
    aside: Path
    error: str


def retired(setting: str | None, kind: str, seed: int, level: int) -> str | None:
    """A concept's kept positions without the one a question of `kind`,
    `seed` and `level` was asked from, as the setting to write; None when
    none of them is that one (or the setting is not understood: left as it is)."""
    try:
        records = json.loads(setting or "[]")
    except ValueError:
        return None
    if not isinstance(records, list):
        return None
    kept = [
        record
        for record in records
        if not (
            isinstance(record, dict)
            and (record.get("kind"), record.get("seed"), record.get("level")) == (kind, seed, level)
        )
    ]
    return None if len(kept) == len(records) else json.dumps(kept, ensure_ascii=False)


def leitner_move(state: tuple[int, float] | None, right: bool, now: float) -> tuple[int, float] | None:
    """A concept's new box and due time after an answer, from its (box, due_at)
    before (None: never answered); None if it stays where it is.

    Answered right before it was due (twice in one drill, say): a Leitner
    box moves up only at a review, or one drill could lift a rule just
    missed out of the weakest list."""
    if right and state is not None and state[1] > now:
        return None
    box = min((state[0] if state else 0) + 1, len(BOX_DAYS) - 1) if right else 0
    return box, now + BOX_DAYS[box] * DAY


class ReadView(Protocol):
    """What the reads of a store see: the store, or, while writes are on
    their way to it, a copy with them applied (tutor/quiz/writes.py)."""

    def reading(self) -> contextlib.AbstractContextManager[ProgressStore]: ...


class ProgressStore(ABC):
    """A learner's settings and progress, in some backend.

    The public methods are the same for every backend.  Writes go through
    the writer of tutor/quiz/writes.py: `begin_write`, the write's methods,
    then `commit` or `rollback`; an error in `refusals` means the store
    cannot take the write now (busy, full, a server away), and the write is
    kept and tried again.  Reads do not raise for that, they show less
    (all but `answer_count`, which the tests ask)."""

    notice: str | None
    """In English, for the command line: what happened at opening (a damaged file set aside)."""
    damage: Damage | None
    view: ReadView | None
    """Once the writes are set up: lets every read see the writes not saved yet."""

    refusals: tuple[type[BaseException], ...] = (OSError,)
    """The errors that mean the store cannot take a write now: kept and tried again."""
    read_errors: tuple[type[BaseException], ...] = ()
    """The errors of a read that cannot be done now (a lock, a server away)."""

    path: Path
    """A file on this machine the store's side files go beside (the pending
    writes of tutor/quiz/writes.py): for SQLite, the store's file itself."""

    @property
    def place(self) -> str:
        """Where progress is kept, as the settings screen says it."""
        return str(self.path)

    @property
    @abstractmethod
    def in_file(self) -> bool:
        """Whether this store keeps anything after the app closes."""

    @property
    def threaded(self) -> bool:
        """Whether writes go on a thread of their own: for a store that
        another program or a network can make wait."""
        return self.in_file

    # --- transactions and lifetime ------------------------------------------------------------

    @abstractmethod
    def begin_write(self) -> None:
        """Begin the writer's transaction (waiting for another program's lock here)."""

    @abstractmethod
    def commit(self) -> None: ...

    @abstractmethod
    def rollback(self) -> None: ...

    @abstractmethod
    def _transaction(self) -> contextlib.AbstractContextManager[bool]:
        """One write's transaction: committed here, or by whoever began the
        larger one it is part of (the writer commits each write itself).
        Yields whether it is part of a larger one."""

    def checkpoint(self) -> bool:
        """Make every answer so far durable in the store's main place; False
        if some of it had to wait (SQLite's -wal)."""
        return True

    @abstractmethod
    def count_answers(self) -> None:
        """After an answer is committed: the backend's own bookkeeping (SQLite's count of answers)."""

    @abstractmethod
    def count_reset(self) -> None:
        """After a reset is committed: the backend's own bookkeeping."""

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def close_reader(self) -> None:
        """Close what the screen's reads use (the writer may still be busy)."""

    @abstractmethod
    def close_writer(self) -> None:
        """Close what the writer uses (from the writer's thread, at its end)."""

    @abstractmethod
    def copy_into(self, memory: ProgressStore) -> None:
        """Every row of this store's learner into an empty store in memory
        (the reads' copy while writes wait); raises a refusal if the store
        cannot be read now."""

    @contextlib.contextmanager
    def reading(self) -> Iterator[ProgressStore]:
        """The store a read of the app goes to: with writes on their way, a
        copy that holds them too (read-your-writes)."""
        if self.view is not None:
            with self.view.reading() as store:
                yield store
        else:
            yield self

    # --- the statements of a backend ----------------------------------------------------------

    @abstractmethod
    def _put_setting(self, key: str, value: str) -> None: ...

    @abstractmethod
    def _put_read_mark(self, lesson_id: str, read_at: float) -> None: ...

    @abstractmethod
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
    ) -> None: ...

    @abstractmethod
    def _concept_state(self, concept: str) -> tuple[int, float] | None: ...

    @abstractmethod
    def _put_concept(self, concept: str, box: int, due_at: float, lesson: str) -> None: ...

    @abstractmethod
    def _delete_progress(self) -> None:
        """Every answer, review box and read mark of this learner gone."""

    @abstractmethod
    def _has_answer(self, kind: str, seed: int, concept: str, answered_at: float) -> bool: ...

    @abstractmethod
    def _setting(self, key: str) -> str | None: ...

    @abstractmethod
    def _setting_to_change(self, key: str) -> str | None:
        """A setting read on the writes' connection, within their transaction (locked where the backend can)."""

    @abstractmethod
    def _lessons_read(self) -> set[str]: ...

    @abstractmethod
    def _answer_count(self) -> int: ...

    @abstractmethod
    def _due(self, now: float) -> list[Due]: ...

    @abstractmethod
    def _weakest(self, prefix: str, count: int) -> list[Due]: ...

    @abstractmethod
    def _answers_by_day(self) -> list[DayAccuracy]:
        """Answers and right answers per local day and kind, in that order."""

    @abstractmethod
    def _concept_counts(self, since: float) -> list[ConceptCount]:
        """Right and wrong answers per concept, by concept, in all and since `since`."""

    @abstractmethod
    def _assigned_answers(self, assignment: str) -> list[AssignedAnswer]:
        """The answers to the assignment of this reference, by question and time."""

    @abstractmethod
    def _put_turn(
        self, assignment: str, attempt: int, turn: int, situation: str, decision: str, decided_at: float
    ) -> None:
        """A decision in a shared deal's attempt; one already stored for that turn of it stays."""

    @abstractmethod
    def _latest_attempt(self, assignment: str) -> int:
        """The number of the learner's latest attempt at the deal, 0 if none (in the write's transaction,
        which holds it against another session of the same learner's)."""

    @abstractmethod
    def _has_turn(self, assignment: str, turn: int, decided_at: float) -> bool: ...

    @abstractmethod
    def _play_turns(self, assignment: str) -> list[PlayTurn]: ...

    @abstractmethod
    def _delete_settings(self) -> None:
        """Every setting of this learner gone (their name among them)."""

    @abstractmethod
    def class_rows(self, sql: str, parameters: tuple[object, ...] = ()) -> list[Any]:
        """Rows of a statement on the class tables (tutor/quiz/classbook.py), `?` for each parameter."""

    @abstractmethod
    def class_write(self, sql: str, parameters: tuple[object, ...] = ()) -> None:
        """A statement on the class tables, in a transaction of its own, `?` for each parameter."""

    # --- reads -----------------------------------------------------------------------------

    def _read(self, query: Callable[[ProgressStore], T], empty: T) -> T:
        """A read, where reads go (see `reading`), or `empty` while the store
        cannot be read: the screen shows less, the app goes on, and the
        writes waiting (tutor/quiz/writes.py) say why."""
        # The store's errors, or its copy's in memory (SQLite).
        errors: tuple[type[BaseException], ...] = (*self.read_errors, sqlite3.Error)
        try:
            with self.reading() as source:
                return query(source)
        except errors:
            return empty

    def setting(self, key: str, default: str | None = None) -> str | None:
        value = self._read(lambda source: source._setting(key), None)
        return default if value is None else value

    def lessons_read(self) -> set[str]:
        return self._read(lambda source: source._lessons_read(), set())

    def answer_count(self) -> int:
        """How many answers the learner has given, those on their way to the store included."""
        with self.reading() as source:
            return source._answer_count()

    def due(self, now: float | None = None) -> list[Due]:
        """Concepts due for review, the longest overdue first."""
        moment = time.time() if now is None else now
        return self._read(lambda source: source._due(moment), [])

    def weakest(self, prefix: str, count: int = 5) -> list[Due]:
        """The concepts starting with `prefix` in the lowest Leitner boxes
        (box 0: missed last time), the longest overdue first."""
        return self._read(lambda source: source._weakest(prefix, count), [])

    def accuracy_by_day(self) -> list[DayAccuracy]:
        return self._read(lambda source: source._answers_by_day(), [])

    def concept_counts(self, since: float | None = None) -> list[ConceptCount]:
        """Right and wrong answers per concept, in all and since `since` (the
        last week, by default): a learner's lines on the teacher's dashboard."""
        moment = time.time() - RECENT_DAYS * DAY if since is None else since
        return self._read(lambda source: source._concept_counts(moment), [])

    def assigned_answers(self, assignment: str) -> list[AssignedAnswer]:
        """The learner's answers to one assignment (its reference), by question: the teacher's pages."""
        return self._read(lambda source: source._assigned_answers(assignment), [])

    def play_turns(self, assignment: str) -> list[PlayTurn]:
        """The learner's decisions in one shared play deal (its reference), by attempt and turn."""
        return self._read(lambda source: source._play_turns(assignment), [])

    # --- writes ----------------------------------------------------------------------------

    def set_setting(self, key: str, value: str) -> None:
        with self._transaction():
            self._put_setting(key, value)

    def mark_read(self, lesson_id: str, read_at: float | None = None) -> None:
        with self._transaction():
            self._put_read_mark(lesson_id, time.time() if read_at is None else read_at)

    def reset_progress(self) -> None:
        """Forget every answer, review box and read mark, in one transaction
        (the settings stay): the settings screen's reset, which asks first."""
        with self._transaction() as nested:
            self._delete_progress()
        if not nested:
            self.count_reset()

    def forget_learner(self) -> None:
        """Everything this learner's store holds, settings and name too, gone
        in one transaction: a learner's data deleted on request."""
        with self._transaction() as nested:
            self._delete_progress()
            self._delete_settings()
        if not nested:
            self.count_reset()

    def record_answer(
        self,
        *,
        kind: str,
        level: int,
        seed: int,
        concept: str,
        lesson: str,
        correct: bool,
        response: str,
        now: float | None = None,
        rules: tuple[tuple[str, bool], ...] = (),
        place: AssignedPlace | None = None,
    ) -> None:
        """Store one answer and move its concept between Leitner boxes, in
        one transaction: either both happen or neither does.

        A step answer gives `rules`, each rule it applied with whether it
        was applied rightly: then those concepts move, each on its own, and
        not the question's (a hand with one wrong line is one rule missed).
        `place`: the assignment and question it answers, if any.
        """
        now = time.time() if now is None else now
        with self._transaction() as nested:
            if correct:
                self._retire_position(kind, seed, level, concept, now)
            self._insert_answer(now, kind, level, seed, concept, correct, response, place)
            for moved, right in rules or ((concept, correct),):
                move = leitner_move(self._concept_state(moved), right, now)
                if move is not None:
                    self._put_concept(moved, *move, lesson)
        if not nested:
            # Only once the answer is committed: a count above the answers stored is damage.
            self.count_answers()

    def _retire_position(self, kind: str, seed: int, level: int, concept: str, now: float) -> None:
        state = self._concept_state(concept)
        if state is not None and state[1] > now:
            return
        key = POSITION_KEY + concept
        setting = self._setting_to_change(key)
        left = None if setting is None else retired(setting, kind, seed, level)
        if left is not None:
            self._put_setting(key, left)

    def record_turn(self, assignment: str, turn: int, situation: str, decision: str, decided_at: float) -> None:
        """A decision in a shared deal, in its attempt (`attempt_of`). The same decision again (a write
        from the pending file that was saved before) is stored once: by its turn and moment."""
        with self._transaction():
            latest = self._latest_attempt(assignment)
            if not self._has_turn(assignment, turn, decided_at):
                self._put_turn(assignment, attempt_of(turn, latest), turn, situation, decision, decided_at)

    def has_answer(self, *, kind: str, seed: int, concept: str, answered_at: float) -> bool:
        """Whether this very answer is stored already (a pending answer merged twice is stored once)."""
        return self._has_answer(kind, seed, concept, answered_at)
