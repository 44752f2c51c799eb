"""A teacher's class (issue 32): who joined it, the teacher's secret, its
assignments, and each learner's right and wrong answers per concept.

The class's rows are in a store of their own (the class tables of migration
step 3): with SQLite a file in `classes/` of the data folder, named by a
hash of the class's name; with PostgreSQL the shared database.  A learner's
answers stay in their own store (`open_store(name)`), found by the name's
key, so no name typed can reach another learner's rows or a file outside
the data folder.  The teacher's token is never stored: only its SHA-256,
compared in constant time.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import secrets
import shutil
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from tutor.quiz.store import COMPANIONS, COUNT_SUFFIX, Store, data_folder, glance, learner_folder, learner_key
from tutor.quiz.store_api import (
    ASSIGNED_ANSWERS,
    DAY,
    PLAY_TURNS,
    RECENT_DAYS,
    AssignedAnswer,
    ConceptCount,
    PlayTurn,
    ProgressStore,
    StoreUnavailable,
    assigned_answer_rows,
    class_assignment_sql,
    class_concept_counts_sql,
    concept_count_rows,
    concept_counts_sql,
    play_turn_rows,
)
from tutor.quiz.stores import APP_LEARNER, POSTGRES_SUFFIX, open_postgres, open_store, store_place, store_url
from tutor.quiz.writes import PENDING_SUFFIX

T = TypeVar("T")
CLASSES_FOLDER = "classes"
TOKEN_BYTES = 32


def new_token() -> str:
    """A teacher's secret: 32 random bytes, as URL-safe text."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def class_place(name: str) -> Path:
    """The class's SQLite file (its side files' place with PostgreSQL)."""
    digest = hashlib.sha256(learner_key(name).encode("utf-8")).hexdigest()[:16]
    return data_folder() / CLASSES_FOLDER / f"class-{digest}.sqlite3"


def open_class_store(name: str) -> ProgressStore:
    """The store the class's rows are in; raises StoreUnavailable."""
    url = store_url()
    if url is None:
        return Store.open(class_place(name))
    return open_postgres(url, APP_LEARNER, class_place(name).with_suffix(POSTGRES_SUFFIX))


@dataclass(frozen=True, slots=True)
class Member:
    key: str
    """The learner's key (`learner_key`), which finds their store."""
    name: str
    """The name as they first typed it."""


@dataclass(frozen=True, slots=True)
class Assignment:
    created_at: float
    kinds: tuple[str, ...]
    levels: tuple[int, ...]
    count: int
    seed: int | None
    due: str
    """The due date, YYYY-MM-DD."""

    def ref(self, class_name: str) -> str:
        """What a learner's answers to it carry (`AssignedPlace.assignment`):
        the class and the moment it was set, hashed, so one learner's answers
        in two classes never mix."""
        made = f"{learner_key(class_name)}\n{self.created_at!r}"
        return hashlib.sha256(made.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class LearnerResults:
    member: Member
    counts: list[ConceptCount]
    unread: bool = False
    """The learner's file could not be read now (SQLite: locked or damaged)."""


class ClassBook:
    """One class's rows in `store`."""

    def __init__(self, store: ProgressStore, name: str) -> None:
        self.store = store
        self.name = name

    def start(self, language: str, code: str, new_link: bool = False) -> str | None:
        """Start the class, or join it as it is in the store (another
        instance of a school server started it, or this one did before);
        returns the teacher's token if one was made: for a new class, or
        with `new_link`, whose hash replaces the last one (an old link stops
        working).  Joining keeps the link: its hash is in the shared store,
        so it works on every instance."""
        token = new_token()
        # Inserted only if the class is not there yet: of two instances starting it at once, one makes the link.
        self.store.class_write(
            "INSERT INTO classes (name, token_hash, language, code, created_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (name) DO "
            + (
                "UPDATE SET token_hash = excluded.token_hash, language = excluded.language, code = excluded.code"
                if new_link
                else "UPDATE SET language = excluded.language, code = excluded.code"
            ),
            (self.name, token_hash(token), language, code, time.time()),
        )
        return token if self.is_teacher(token) else None

    def _class_row(self) -> tuple[str, str, str] | None:
        rows = self.store.class_rows("SELECT token_hash, language, code FROM classes WHERE name = ?", (self.name,))
        return (str(rows[0][0]), str(rows[0][1]), str(rows[0][2])) if rows else None

    def is_teacher(self, token: str) -> bool:
        row = self._class_row()
        # Compared in constant time: how long a wrong token takes says nothing of the right one.
        return row is not None and hmac.compare_digest(token_hash(token).encode(), row[0].encode())

    def code_matches(self, code: str) -> bool:
        """Whether `code` is the class code (any code, or none, if the class has none)."""
        row = self._class_row()
        expected = "" if row is None else row[2]
        return not expected or hmac.compare_digest(code.strip().encode("utf-8", "replace"), expected.encode())

    def join(self, name: str) -> Member:
        """The learner `name` in the class (joining again changes nothing)."""
        member = Member(learner_key(name), name)
        self.store.class_write(
            "INSERT INTO class_learners (class, learner, name, joined_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (class, learner) DO NOTHING",
            (self.name, member.key, member.name, time.time()),
        )
        return member

    def members(self) -> list[Member]:
        rows = self.store.class_rows(
            "SELECT learner, name FROM class_learners WHERE class = ? ORDER BY joined_at, learner", (self.name,)
        )
        return [Member(str(key), str(name)) for key, name in rows]

    def member(self, key: str) -> Member | None:
        return next((member for member in self.members() if member.key == key), None)

    def results(self, now: float | None = None) -> list[LearnerResults]:
        """Each learner's right and wrong answers per concept, in all and in
        the RECENT_DAYS before `now`, from their own store."""
        since = (time.time() if now is None else now) - RECENT_DAYS * DAY
        if store_url() is not None:
            return self._results_in_one_query(since)
        found = self._from_files(
            concept_counts_sql("", since), (), concept_count_rows, lambda store: store.concept_counts(since)
        )
        return [LearnerResults(member, counts or [], unread=counts is None) for member, counts in found]

    def _from_files(
        self,
        query: str,
        parameters: tuple[object, ...],
        read: Callable[[list[Any]], list[T]],
        from_store: Callable[[ProgressStore], list[T]],
    ) -> list[tuple[Member, list[T] | None]]:
        """With SQLite, each learner's rows of `query` from their own file,
        one read-only query a file (`glance`); a file of an older schema
        through its store, which migrates it (`from_store`).  None for a
        learner whose file cannot be read now (locked, damaged): the page
        says so, and the next look tries again."""
        found: list[tuple[Member, list[T] | None]] = []
        for member in self.members():
            try:
                rows = glance(store_place(member.name), query, parameters)
                found.append((member, read(rows) if rows is not None else self._through_store(member, from_store)))
            except (sqlite3.Error, StoreUnavailable):
                found.append((member, None))
        return found

    @staticmethod
    def _through_store(member: Member, from_store: Callable[[ProgressStore], list[T]]) -> list[T]:
        store = open_store(member.name)
        try:
            return from_store(store)
        finally:
            store.close()

    def _results_in_one_query(self, since: float) -> list[LearnerResults]:
        """With PostgreSQL every learner's answers are in the class's own
        database: one query for the whole class, not a connection per learner
        (which made the dashboard slow for a class of forty)."""
        rows = self.store.class_rows(
            class_concept_counts_sql(since),
            (self.name,),
        )
        counts: dict[str, list[ConceptCount]] = {}
        for key, *count in rows:
            counts.setdefault(str(key), []).extend(concept_count_rows([count]))
        return [LearnerResults(member, counts.get(member.key, [])) for member in self.members()]

    def assigned_answers(self, ref: str) -> list[list[AssignedAnswer]]:
        """Every learner's answers to the assignment of reference `ref`, a list per learner."""
        found = self._of_assignment(
            ASSIGNED_ANSWERS, "question", ref, assigned_answer_rows, lambda store: store.assigned_answers(ref)
        )
        return [answers or [] for _, answers in found]

    def play_turns(self, ref: str) -> list[tuple[Member, list[PlayTurn] | None]]:
        """Each learner's decisions in the shared deal of reference `ref`, in
        the order they joined; None for a learner whose file cannot be read now."""
        return self._of_assignment(PLAY_TURNS, "attempt", ref, play_turn_rows, lambda store: store.play_turns(ref))

    def _of_assignment(
        self,
        query: str,
        first: str,
        ref: str,
        read: Callable[[list[Any]], list[T]],
        from_store: Callable[[ProgressStore], list[T]],
    ) -> list[tuple[Member, list[T] | None]]:
        """Each learner's rows of one assignment: `query` (a learner's, whose
        `where` and first column `first` are named) for the whole class in
        one go with PostgreSQL, as for the results; else from each learner's
        file (`_from_files`)."""
        if store_url() is None:
            return self._from_files(query.format(where=""), (ref,), read, from_store)
        rows = self.store.class_rows(class_assignment_sql(query, first), (self.name, ref))
        by_learner: dict[str, list[Any]] = {}
        for key, *row in rows:
            by_learner.setdefault(str(key), []).append(row)
        return [(member, read(by_learner.get(member.key, []))) for member in self.members()]

    def forget(self, member: Member) -> None:
        """The learner's data deleted: their answers, settings and name, their
        files (SQLite), and their place in the class."""
        store = open_store(member.name)
        try:
            store.forget_learner()
        finally:
            store.close()
        # The files on this machine: the SQLite store and what is kept beside a store of either backend.
        path = store_place(member.name)
        for suffix in ("", *COMPANIONS, COUNT_SUFFIX, PENDING_SUFFIX):
            with contextlib.suppress(FileNotFoundError):
                path.with_name(path.name + suffix).unlink()
        shutil.rmtree(learner_folder(member.name), ignore_errors=True)
        self.store.class_write("DELETE FROM class_learners WHERE class = ? AND learner = ?", (self.name, member.key))

    def assign(self, assignment: Assignment) -> None:
        self.store.class_write(
            "INSERT INTO assignments (class, created_at, kinds, levels, count, seed, due) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                self.name,
                assignment.created_at,
                " ".join(assignment.kinds),
                " ".join(str(level) for level in assignment.levels),
                assignment.count,
                assignment.seed,
                assignment.due,
            ),
        )

    def assignments(self) -> list[Assignment]:
        rows = self.store.class_rows(
            "SELECT created_at, kinds, levels, count, seed, due FROM assignments WHERE class = ? ORDER BY due, created_at",
            (self.name,),
        )
        return [
            Assignment(
                float(created),
                tuple(str(kinds).split()),
                tuple(int(level) for level in str(levels).split()),
                int(count),
                None if seed is None else int(seed),
                str(due),
            )
            for created, kinds, levels, count, seed, due in rows
        ]
