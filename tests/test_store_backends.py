"""The store's interface, the same tests on both backends (issue 32).

Each test runs on SQLite and on PostgreSQL (the server .ci/run starts; see
tests/postgres_helpers.py: without one the PostgreSQL half is not run, and
under CI that fails).  Learners are kept apart; the schema has one version
and one path of migrations on both; a store of a newer version is refused
and left as it was.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import uuid
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.postgres_helpers import fresh_database, postgres_url
from tests.store_fixtures import V1_ANSWERS, V1_FILE, V3_ANSWERS, V3_FILE, V4_ANSWERS, V4_DEAL, V4_FILE, V4_TURNS
from tutor.quiz.classbook import Assignment
from tutor.quiz.deal_turns import DEAL_KIND, END, END_TURN, finished, shown_attempt
from tutor.quiz.migrations import MIGRATIONS, SCHEMA_VERSION, steps_after
from tutor.quiz.store import BOX_DAYS, DAY, Store
from tutor.quiz.store_api import AssignedAnswer, AssignedPlace, PlayTurn, ProgressStore, StoreUnavailable
from tutor.quiz.store_postgres import PostgresStore
from tutor.quiz.stores import STORE_ENV, open_postgres, open_store
from tutor.quiz.writes import (
    Answer,
    ReadMark,
    SettingWrite,
    TurnDecision,
    Writes,
    _read_pending,
    _write_pending,
    pending_path,
)

Opener = Callable[[str], ProgressStore]


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def opener(backend: str, tmp_path: Path) -> Iterator[Opener]:
    """Opens learner NAME's store on the backend; every store opened is closed after the test."""
    opened: list[ProgressStore] = []
    run = uuid.uuid4().hex[:8]  # the shared server outlives a test: its learners are this test's own
    url = postgres_url() if backend == "postgresql" else None

    def open_for(name: str) -> ProgressStore:
        if url is None:
            store: ProgressStore = Store.open(tmp_path / f"{name}.sqlite3")
        else:
            store = open_postgres(url, f"{run}:{name}", tmp_path / f"{name}.postgresql")
        opened.append(store)
        return store

    yield open_for
    for store in opened:
        store.close()


def answer(
    store: ProgressStore, concept: str, correct: bool, now: float, seed: int = 1, place: AssignedPlace | None = None
) -> None:
    store.record_answer(
        kind="fu",
        level=1,
        seed=seed,
        concept=concept,
        lesson="r07-fu",
        correct=correct,
        response="{}",
        now=now,
        place=place,
    )


class TestTheInterface:
    def test_answers_move_concepts_between_leitner_boxes(self, opener: Opener) -> None:
        store = opener("ann")
        start = 1_700_000_000.0
        answer(store, "fu:pair", True, start)
        answer(store, "fu:pair", True, start + 1)  # before it is due: stays in box 1
        answer(store, "fu:wait", False, start + 2)
        assert store.answer_count() == 3
        due = {item.concept: item for item in store.due(start + 10 * DAY)}
        assert due["fu:pair"].box == 1 and due["fu:pair"].due_at == start + BOX_DAYS[1] * DAY
        assert due["fu:wait"].box == 0
        assert [item.concept for item in store.due(start + 3)] == ["fu:wait"]
        assert [item.concept for item in store.weakest("fu:")] == ["fu:wait", "fu:pair"]
        assert store.weakest("mcr:") == []
        answer(store, "fu:pair", True, start + 2 * DAY)  # due: up to box 2
        assert {item.concept: item.box for item in store.due(start + 10 * DAY)}["fu:pair"] == 2

    def test_a_step_answer_moves_each_rule_it_applied(self, opener: Opener) -> None:
        store = opener("ann")
        store.record_answer(
            kind="fu-steps",
            level=2,
            seed=7,
            concept="fu:steps",
            lesson="r07-fu",
            correct=False,
            response="{}",
            now=100.0,
            rules=(("fu:open-pon", True), ("fu:closed-ron", False)),
        )
        boxes = {item.concept: item.box for item in store.due(100 + 10 * DAY)}
        assert boxes == {"fu:open-pon": 1, "fu:closed-ron": 0}

    def test_settings_read_marks_and_the_reset(self, opener: Opener) -> None:
        store = opener("ann")
        assert store.setting("theme") is None and store.setting("theme", "dark") == "dark"
        store.set_setting("theme", "light")
        store.set_setting("theme", "projector")
        store.mark_read("r01-tiles", 5.0)
        store.mark_read("r01-tiles", 6.0)
        store.mark_read("m02-fans")
        answer(store, "fu:pair", False, 10.0)
        assert store.setting("theme") == "projector"
        assert store.lessons_read() == {"r01-tiles", "m02-fans"}
        store.reset_progress()
        assert store.answer_count() == 0 and store.lessons_read() == set() and store.due(10**10) == []
        assert store.setting("theme") == "projector"  # the settings stay

    def test_has_answer_finds_that_very_answer(self, opener: Opener) -> None:
        store = opener("ann")
        answer(store, "fu:pair", True, 123.5, seed=9)
        assert store.has_answer(kind="fu", seed=9, concept="fu:pair", answered_at=123.5)
        assert not store.has_answer(kind="fu", seed=9, concept="fu:pair", answered_at=123.6)

    def test_accuracy_by_local_day_and_kind(self, opener: Opener) -> None:
        store = opener("ann")
        noon = 1_700_049_600.0  # 2023-11-15 12:00 UTC (the suite's zone is UTC)
        answer(store, "fu:a", True, noon)
        answer(store, "fu:b", False, noon + 3600)
        answer(store, "fu:a", True, noon + DAY)
        store.record_answer(
            kind="waits", level=1, seed=1, concept="w:x", lesson="l", correct=True, response="", now=noon
        )
        rows = [(row.day, row.kind, row.answered, row.right) for row in store.accuracy_by_day()]
        assert rows == [("2023-11-15", "fu", 2, 1), ("2023-11-15", "waits", 1, 1), ("2023-11-16", "fu", 1, 1)]

    def test_everything_is_there_after_reopening(self, opener: Opener) -> None:
        store = opener("ann")
        store.set_setting("language", "ko")
        store.mark_read("r01-tiles")
        for number in range(5):
            answer(store, f"fu:c{number}", number % 2 == 0, 1000.0 + number)
        store.close()
        again = opener("ann")
        assert again.answer_count() == 5 and again.setting("language") == "ko"
        assert again.lessons_read() == {"r01-tiles"} and len(again.due(10**10)) == 5

    def test_writes_through_the_writer_reach_the_store(self, opener: Opener) -> None:
        store = opener("ann")
        writes = Writes(store)
        for number in range(3):
            writes.save(Answer("fu", 1, number, f"fu:c{number}", "r07-fu", True, "{}", 1000.0 + number))
        writes.save(SettingWrite("theme", "light"))
        writes.save(ReadMark("r01-tiles", 5.0))
        assert writes.idle(30) and not writes.waiting and writes.problem is None
        assert writes.finish(close_store=False) is None
        assert store.answer_count() == 3 and store.setting("theme") == "light"

    def test_a_read_sees_the_writes_on_their_way(self, opener: Opener) -> None:
        """Read-your-writes: while writes wait, reads go to a copy in memory of the store with them applied."""
        store = opener("ann")
        answer(store, "fu:stored", True, 1.0)
        writes = Writes(store)
        writes.waiting.append(Answer("fu", 1, 2, "fu:waiting", "r07-fu", False, "{}", 2.0))
        assert store.answer_count() == 2
        assert {item.concept for item in store.due(10**10)} == {"fu:stored", "fu:waiting"}
        writes.waiting.clear()
        writes._version += 1
        assert store.answer_count() == 1

    def test_a_commit_lost_on_its_way_stores_the_answer_once(
        self, opener: Opener, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The store committed, but said so too late (a server gone just then): the answer is kept and
        tried again, as any refused write, and the try finds it stored instead of storing it twice."""
        store = opener("ann")
        writes = Writes(store)
        real_commit = store.commit
        lost = [store.refusals[0]("the connection was lost during the commit")]

        def commit_then_lose_the_reply() -> None:
            real_commit()
            if lost:
                raise lost.pop()

        monkeypatch.setattr(store, "commit", commit_then_lose_the_reply)
        writes.save(Answer("fu", 1, 1, "fu:pair", "r07-fu", True, "{}", 10.0))
        assert writes.idle(30) and writes.answers_waiting() == 1
        assert writes.problem is not None and "\n" not in writes.problem
        writes.save()
        assert writes.idle(30) and not writes.waiting and writes.problem is None
        writes.finish(close_store=False)
        assert store.answer_count() == 1

    def test_an_answer_keeps_its_assignment_and_question_on_every_path(self, opener: Opener, tmp_path: Path) -> None:
        """Stored at once, read from the copy while it waits, and carried through a pending file."""
        store = opener("ann")
        placed = Answer("fu", 1, 5, "fu:pair", "r07-fu", False, '{"fu": 40}', 10.0, place=AssignedPlace("a1", 2))
        writes = Writes(store)
        writes.save(placed)
        # Stored before one is made to wait: the writer takes it on its own thread.
        assert writes.idle(30)
        writes.waiting.append(replace(placed, answered_at=11.0, place=AssignedPlace("a1", 0)))
        writes._version += 1
        assert [(a.question, a.answered_at) for a in store.assigned_answers("a1")] == [(0, 11.0), (2, 10.0)]
        writes.waiting.clear()
        writes._version += 1
        pending = tmp_path / "ann.pending"
        _write_pending(pending, [replace(placed, answered_at=12.0, place=AssignedPlace("a2", 1)), placed])
        assert _read_pending(pending)[0].place == AssignedPlace("a2", 1)  # type: ignore[union-attr]
        for write in _read_pending(pending):
            writes.save(write)
        assert writes.idle(30) and writes.finish(close_store=False) is None
        assert store.assigned_answers("a2") == [AssignedAnswer(1, "fu", "fu:pair", False, '{"fu": 40}', 12.0)]
        assert store.assigned_answers("nothing") == []

    def test_a_pending_line_of_a_tutor_before_assignments_has_no_place(self, tmp_path: Path) -> None:
        pending = tmp_path / "old.pending"
        line = {
            "write": "answer",
            "kind": "fu",
            "level": 1,
            "seed": 1,
            "concept": "fu:pair",
            "lesson": "l",
            "correct": True,
            "response": "{}",
            "answered_at": 1.0,
            "rules": [],
        }
        pending.write_text(json.dumps(line) + "\n", encoding="utf-8")
        assert _read_pending(pending) == [Answer("fu", 1, 1, "fu:pair", "l", True, "{}", 1.0)]

    def test_a_deals_decisions_go_through_the_writer_and_the_pending_file_and_with_the_learners_data(
        self, opener: Opener, tmp_path: Path
    ) -> None:
        ann, bob = opener("ann"), opener("bob")
        writes = Writes(ann)
        pending = tmp_path / "ann.pending"
        first = [
            TurnDecision("r", 0, '{"hand": "1m"}', '{"kind": "discard"}', 1.0),
            TurnDecision("r", 1, "{}", "{}", 2.0),
        ]
        _write_pending(pending, first)
        again = [TurnDecision("r", 0, "{}", "{}", 3.0), TurnDecision("r", END_TURN, "{}", END, 4.0)]
        for write in [*_read_pending(pending), *again]:
            writes.save(write)
        assert writes.idle(30) and writes.finish(close_store=False) is None
        # Each once more, from a pending file whose writes were saved before: stored once.
        _write_pending(pending_path(tmp_path / "ann"), [*first, *again])
        merging = Writes(ann, target=tmp_path / "ann")
        assert merging.merge_pending() == 4
        assert merging.idle(30) and merging.finish(close_store=False) is None
        assert ann.play_turns("r") == [
            PlayTurn(1, 0, '{"hand": "1m"}', '{"kind": "discard"}', 1.0),
            PlayTurn(1, 1, "{}", "{}", 2.0),
            PlayTurn(2, END_TURN, "{}", END, 4.0),  # played again from its start: a second attempt
            PlayTurn(2, 0, "{}", "{}", 3.0),
        ]
        assert bob.play_turns("r") == [] and ann.play_turns("other") == []
        ann.forget_learner()
        assert ann.play_turns("r") == []


class TestLearnersApart:
    def test_no_learner_reaches_anothers_progress(self, opener: Opener) -> None:
        ann, bob = opener("ann"), opener("bob")
        ann.set_setting("language", "ko")
        ann.mark_read("r01-tiles")
        answer(ann, "fu:pair", False, 1.0)
        assert bob.answer_count() == 0 and bob.setting("language") is None
        assert bob.lessons_read() == set() and bob.due(10**10) == [] and bob.accuracy_by_day() == []
        assert not bob.has_answer(kind="fu", seed=1, concept="fu:pair", answered_at=1.0)
        answer(bob, "fu:pair", True, 2.0)
        bob.reset_progress()
        assert ann.answer_count() == 1 and [item.box for item in ann.due(10**10)] == [0]

    def test_served_names_reach_their_own_progress_only(
        self, backend: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Through the factory the app uses: names that differ only in case and spaces are one learner,
        and a name shaped like SQL or a path is a name like any other."""
        if backend == "postgresql":
            with fresh_database() as url:
                monkeypatch.setenv(STORE_ENV, url)
                self.check_names()
        else:
            monkeypatch.delenv(STORE_ENV, raising=False)
            self.check_names()

    def check_names(self) -> None:
        names = ["Kim Min-jun", "x' OR '1'='1", "../../etc/passwd", "%", "_"]
        for number, name in enumerate(names):
            store = open_store(name)
            answer(store, f"fu:c{number}", True, float(number))
            store.close()
        for number, name in enumerate(names):
            store = open_store(name)
            assert [item.concept for item in store.due(10**10)] == [f"fu:c{number}"], name
            store.close()
        same = open_store("  KIM  min-jun ")
        assert [item.concept for item in same.due(10**10)] == ["fu:c0"]
        same.close()
        teacher = open_store()
        assert teacher.answer_count() == 0
        teacher.close()


def sqlite_schema(path: Path) -> list[tuple[str, str]]:
    connection = sqlite3.connect(path)
    try:
        return sorted(connection.execute("SELECT name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"))
    finally:
        connection.close()


def sqlite_columns(path: Path) -> dict[str, list[str]]:
    """Each table's columns."""
    connection = sqlite3.connect(path)
    try:
        tables = [str(row[0]) for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {table: [str(row[1]) for row in connection.execute(f"PRAGMA table_info({table})")] for table in tables}
    finally:
        connection.close()


def sqlite_rows(path: Path, columns: dict[str, list[str]]) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of these tables, these columns only (an earlier version's, say)."""
    connection = sqlite3.connect(path)
    try:
        return {
            table: connection.execute(
                f"SELECT {', '.join(names)} FROM {table} ORDER BY {', '.join(map(str, range(1, len(names) + 1)))}"
            ).fetchall()
            for table, names in columns.items()
        }
    finally:
        connection.close()


def postgres_schema(url: str) -> list[tuple[Any, ...]]:
    import psycopg

    with psycopg.connect(url) as connection:
        columns = connection.execute(
            "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns "
            "WHERE table_schema = 'public' ORDER BY table_name, column_name"
        ).fetchall()
        indexes = connection.execute(
            "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname"
        ).fetchall()
    return [*columns, *indexes]


EARLIER_ANSWERS = {1: V1_ANSWERS, 3: V3_ANSWERS, 4: V4_ANSWERS}


def postgres_version(url: str) -> int:
    import psycopg

    with psycopg.connect(url) as connection:
        return int(connection.execute("SELECT version FROM schema_version").fetchone()[0])  # type: ignore[index]


class TestSchema:
    def test_one_step_per_version(self) -> None:
        assert [step.version for step in MIGRATIONS] == list(range(1, SCHEMA_VERSION + 1))
        assert all(step.sqlite and step.postgres for step in MIGRATIONS)
        assert steps_after(SCHEMA_VERSION) == () and len(steps_after(0)) == SCHEMA_VERSION

    @pytest.mark.parametrize(
        ("earlier", "version", "language", "read"),
        [
            (V1_FILE, 1, "ko", {"r01-tiles", "m02-fans"}),
            (V3_FILE, 3, "en", {"r01-tiles", "r07-fu"}),
            (V4_FILE, 4, "en", {"r01-tiles", "r05-yaku"}),
        ],
    )
    def test_a_real_earlier_file_migrates_with_everything_in_it(
        self, tmp_path: Path, earlier: Path, version: int, language: str, read: set[str]
    ) -> None:
        path = tmp_path / "progress.sqlite3"
        shutil.copy(earlier, path)
        shutil.copy(earlier.with_name(earlier.name + ".answers"), path.with_name(path.name + ".answers"))
        columns = sqlite_columns(path)
        before = sqlite_rows(path, columns)
        answers = len(before["answers"])
        assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == version
        store = Store.open(path)
        assert store.notice is None and store.answer_count() == answers == EARLIER_ANSWERS[version]
        assert store.setting("language") == language and store.lessons_read() == read
        store.close()
        assert sqlite_rows(path, columns) == before
        # The learner's history goes on in the migrated file, now with the assignment each answer is of.
        store = Store.open(path)
        answer(store, "fu:x", True, 5.0, place=AssignedPlace("a1", 3))
        store.close()
        connection = sqlite3.connect(path)
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        placed = connection.execute("SELECT assignment, question FROM answers ORDER BY id").fetchall()
        assert placed[-1] == ("a1", 3) and len(placed) == answers + 1
        assert version == 4 or placed[:-1] == [(None, None)] * answers  # version 4's places: kept, as `before`
        # Every decision of a shared deal kept from before is its learner's first attempt.
        attempts = connection.execute("SELECT attempt, COUNT(*) FROM play_turns GROUP BY attempt").fetchall()
        assert attempts == ([(1, V4_TURNS)] if version == 4 else [])
        connection.close()
        Store.open(tmp_path / "fresh.sqlite3").close()
        assert sqlite_schema(path) == sqlite_schema(tmp_path / "fresh.sqlite3")
        assert [p.name for p in tmp_path.iterdir() if ".damaged-" in p.name] == []

    def test_a_real_version_4_deal_is_a_first_attempt_and_playing_it_again_a_second(self, tmp_path: Path) -> None:
        path = tmp_path / "progress.sqlite3"
        shutil.copy(V4_FILE, path)
        shutil.copy(V4_FILE.with_name(V4_FILE.name + ".answers"), path.with_name(path.name + ".answers"))
        ref = Assignment(V4_DEAL[1], (DEAL_KIND,), (), 1, 4242, "2026-12-21").ref(V4_DEAL[0])
        store = Store.open(path)
        try:
            kept = store.play_turns(ref)
            assert len(kept) == V4_TURNS and {turn.attempt for turn in kept} == {1} and finished(kept)
            shown = shown_attempt(kept)
            assert shown is not None and (shown.number, shown.of, shown.complete) == (1, 1, True)
            assert [turn.turn for turn in shown.turns] == list(range(V4_TURNS - 1))
            store.record_turn(ref, 0, "{}", '{"kind": "pass", "tile": null}', 2e9)
            again = store.play_turns(ref)
            assert again[:V4_TURNS] == kept and again[V4_TURNS:] == [
                PlayTurn(2, 0, "{}", '{"kind": "pass", "tile": null}', 2e9)
            ]
            shown = shown_attempt(again)  # the second not played to its end: the first is still shown
            assert shown is not None and (shown.number, shown.of, shown.complete) == (1, 2, True)
        finally:
            store.close()

    def test_a_migration_that_cannot_be_taken_leaves_the_file_as_it_was(self, tmp_path: Path) -> None:
        path = tmp_path / "progress.sqlite3"
        shutil.copy(V1_FILE, path)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another program writing: the migration's step must wait
        with pytest.raises(StoreUnavailable) as caught:
            Store.open(path, busy_timeout=0.2)
        assert caught.value.problem == "busy" and "\n" not in str(caught.value)
        other.execute("ROLLBACK")
        assert other.execute("PRAGMA user_version").fetchone()[0] == 1
        other.close()
        assert Store.open(path).answer_count() == V1_ANSWERS

    @pytest.mark.parametrize("version", [1, 3, 4])
    def test_an_earlier_postgresql_database_migrates_with_everything_in_it(self, tmp_path: Path, version: int) -> None:
        import psycopg

        with fresh_database() as url:
            with psycopg.connect(url, autocommit=True) as connection:
                connection.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
                connection.execute("INSERT INTO schema_version VALUES (%s)", (version,))
                for step in MIGRATIONS[:version]:
                    for statement in step.postgres:
                        connection.execute(statement)  # type: ignore[arg-type]
                for learner in ("ann", "bob"):
                    connection.execute(
                        "INSERT INTO answers (learner, answered_at, kind, level, seed, concept, correct, response) "
                        "VALUES (%s, 1.0, 'fu', 1, 1, 'fu:x', 1, '{}')",
                        (learner,),
                    )
                    connection.execute("INSERT INTO settings VALUES (%s, 'language', %s)", (learner, learner))
                    if version >= 4:
                        for turn in (0, 1, END_TURN):
                            connection.execute(
                                "INSERT INTO play_turns (learner, assignment, turn, situation, decision, decided_at) "
                                "VALUES (%s, 'd1', %s, '{}', %s, %s)",
                                (learner, turn, END if turn == END_TURN else "{}", 10.0 + turn),
                            )
            store = open_postgres(url, "ann", tmp_path / "ann.postgresql")
            assert store.answer_count() == 1 and store.setting("language") == "ann"
            answer(store, "fu:x", False, 2.0, place=AssignedPlace("a1", 4))
            assert [answer.question for answer in store.assigned_answers("a1")] == [4]
            store.close()
            assert postgres_version(url) == SCHEMA_VERSION
            with psycopg.connect(url) as connection:
                kept = connection.execute(
                    "SELECT learner, answered_at, assignment, question FROM answers ORDER BY id"
                ).fetchall()
            assert kept[:2] == [("ann", 1.0, None, None), ("bob", 1.0, None, None)]
            if version >= 4:
                with psycopg.connect(url) as connection:
                    turns = connection.execute(
                        "SELECT learner, attempt, turn, decision, decided_at FROM play_turns ORDER BY learner, turn"
                    ).fetchall()
                assert turns == [
                    (learner, 1, turn, END if turn == END_TURN else "{}", 10.0 + turn)
                    for learner in ("ann", "bob")
                    for turn in (END_TURN, 0, 1)
                ]
            # A shared deal played again after the migration (or for the first time) is an attempt of its own.
            store = open_postgres(url, "ann", tmp_path / "ann.postgresql")
            store.record_turn("d1", 0, "{}", "{}", 20.0)
            assert store.play_turns("d1")[-1] == PlayTurn(2 if version >= 4 else 1, 0, "{}", "{}", 20.0)
            store.close()
            migrated = postgres_schema(url)
        with fresh_database() as url:
            open_postgres(url, "ann", tmp_path / "ann.postgresql").close()
            assert postgres_schema(url) == migrated

    def test_a_newer_schema_is_refused_and_left_as_it_was(self, backend: str, tmp_path: Path) -> None:
        if backend == "sqlite":
            path = tmp_path / "progress.sqlite3"
            Store.open(path).close()
            connection = sqlite3.connect(path)
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
            connection.close()
            with pytest.raises(StoreUnavailable) as caught:
                Store.open(path)
            assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
        else:
            import psycopg

            with fresh_database() as url:
                open_postgres(url, "ann", tmp_path / "ann.postgresql").close()
                with psycopg.connect(url, autocommit=True) as connection:
                    connection.execute("UPDATE schema_version SET version = %s", (SCHEMA_VERSION + 1,))
                with pytest.raises(StoreUnavailable) as caught:
                    open_postgres(url, "ann", tmp_path / "ann.postgresql")
                assert postgres_version(url) == SCHEMA_VERSION + 1
            assert "TUTOR_DATA_DIR" not in str(caught.value)
        assert caught.value.problem == "schema" and "\n" not in str(caught.value)
        assert "update the tutor" in str(caught.value)

    def test_a_database_holding_another_programs_tables_is_refused_and_left_as_it_was(self, tmp_path: Path) -> None:
        import psycopg

        with fresh_database() as url:
            with psycopg.connect(url, autocommit=True) as connection:
                connection.execute("CREATE TABLE answers (question TEXT)")
                connection.execute("INSERT INTO answers VALUES ('42')")
            with pytest.raises(StoreUnavailable) as caught:
                open_postgres(url, "ann", tmp_path / "ann.postgresql")
            assert caught.value.problem == "schema" and "a database of its own" in str(caught.value)
            with psycopg.connect(url) as connection:
                assert connection.execute("SELECT question FROM answers").fetchall() == [("42",)]
                assert connection.execute("SELECT to_regclass('schema_version')").fetchone() == (None,)

    def test_instances_starting_together_migrate_once(self, tmp_path: Path) -> None:
        """Several `tutor serve` instances opening a new database at once: the advisory lock lets one migrate."""
        from concurrent.futures import ThreadPoolExecutor

        with fresh_database() as url:
            with ThreadPoolExecutor(6) as pool:
                stores = list(pool.map(lambda n: open_postgres(url, f"l{n}", tmp_path / f"{n}.postgresql"), range(6)))
            for store in stores:
                store.close()
            assert postgres_version(url) == SCHEMA_VERSION


def test_a_postgresql_connection_lost_before_the_commit_keeps_the_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL: the server ends the writer's connection after the answer's statements, before its
    COMMIT (a restart, a network cut). The write is refused, kept, and saved once at the next try on a
    connection made afresh; never said saved when it was not."""
    import psycopg

    store = open_postgres(postgres_url(), f"{uuid.uuid4().hex[:8]}:ann", tmp_path / "ann.postgresql")
    assert isinstance(store, PostgresStore)
    writes = Writes(store)
    real_commit = store.commit
    cut = [True]

    def cut_then_commit() -> None:
        if cut:
            cut.clear()
            assert store.writer is not None
            with psycopg.connect(postgres_url(), autocommit=True) as admin:
                admin.execute("SELECT pg_terminate_backend(%s)", (store.writer.info.backend_pid,))
        real_commit()

    monkeypatch.setattr(store, "commit", cut_then_commit)
    writes.save(Answer("fu", 1, 1, "fu:pair", "r07-fu", True, "{}", 10.0))
    assert writes.idle(30) and writes.answers_waiting() == 1 and writes.problem is not None
    writes.save()
    assert writes.idle(30) and not writes.waiting and writes.problem is None
    writes.finish(close_store=False)
    assert store.answer_count() == 1 and [item.box for item in store.due(10**10)] == [1]
    store.close()


TABLES = ("settings", "lessons_read", "answers", "concepts")
