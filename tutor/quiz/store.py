"""The learner's settings and progress, in SQLite (design brief section 8).

One file in the user data folder (`TUTOR_DATA_DIR` overrides it).  Every
write is its own transaction.  A file that SQLite cannot read is moved aside,
never deleted, and a fresh one started; the notice says where the old one went.
"""

from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

SCHEMA_VERSION = 1
FILE_NAME = "progress.sqlite3"

SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS lessons_read (lesson_id TEXT PRIMARY KEY, read_at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    answered_at REAL NOT NULL,
    kind TEXT NOT NULL,
    level INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    concept TEXT NOT NULL,
    correct INTEGER NOT NULL,
    response TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS concepts (
    concept TEXT PRIMARY KEY,
    box INTEGER NOT NULL,
    due_at REAL NOT NULL,
    lesson TEXT NOT NULL
);
"""

BOX_DAYS = (0, 1, 2, 4, 8, 16)
"""Leitner boxes: days until a concept in box 0..5 comes back.  A right
answer moves a concept up a box, a wrong one back to box 0 (due at once)."""
DAY = 86400.0


@dataclass(frozen=True, slots=True)
class Due:
    concept: str
    box: int
    due_at: float
    lesson: str


@dataclass(frozen=True, slots=True)
class DayAccuracy:
    day: str
    kind: str
    answered: int
    right: int


def data_folder() -> Path:
    """Where progress is kept: TUTOR_DATA_DIR, else the platform's user data folder."""
    override = os.environ.get("TUTOR_DATA_DIR")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("mahjong-tutor", appauthor=False))


@dataclass(frozen=True)
class Damage:
    """A damaged progress file that was set aside: the facts a notice in the
    learner's language is written from."""

    path: Path
    aside: Path
    error: str


@dataclass
class Store:
    """A connection to the progress file; `notice` says if a damaged file was
    set aside (in English, for the command line), `damage` what happened."""

    path: Path
    connection: sqlite3.Connection
    notice: str | None = None
    damage: Damage | None = None

    @classmethod
    def open(cls, path: Path | None = None) -> Store:
        path = path or data_folder() / FILE_NAME
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            return cls(path, _connect(path))
        except sqlite3.DatabaseError as error:
            aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
            path.replace(aside)
            notice = (
                f"The progress file {path} could not be read ({error}); it was moved to {aside} and a new one started."
            )
            return cls(path, _connect(path), notice, Damage(path, aside, str(error)))

    def close(self) -> None:
        self.connection.close()

    def setting(self, key: str, default: str | None = None) -> str | None:
        row = self.connection.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row else default

    def set_setting(self, key: str, value: str) -> None:
        with self.connection:
            self.connection.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    def mark_read(self, lesson_id: str) -> None:
        with self.connection:
            self.connection.execute(
                "INSERT OR IGNORE INTO lessons_read (lesson_id, read_at) VALUES (?, ?)", (lesson_id, time.time())
            )

    def lessons_read(self) -> set[str]:
        return {str(row[0]) for row in self.connection.execute("SELECT lesson_id FROM lessons_read")}

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
    ) -> None:
        """Store one answer and move its concept between Leitner boxes, in
        one transaction: either both happen or neither does."""
        now = time.time() if now is None else now
        with self.connection:
            self.connection.execute(
                "INSERT INTO answers (answered_at, kind, level, seed, concept, correct, response) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (now, kind, level, seed, concept, int(correct), response),
            )
            row = self.connection.execute("SELECT box FROM concepts WHERE concept = ?", (concept,)).fetchone()
            box = min((int(row[0]) if row else 0) + 1, len(BOX_DAYS) - 1) if correct else 0
            self.connection.execute(
                "INSERT INTO concepts (concept, box, due_at, lesson) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(concept) DO UPDATE SET box = excluded.box, due_at = excluded.due_at, lesson = excluded.lesson",
                (concept, box, now + BOX_DAYS[box] * DAY, lesson),
            )

    def answer_count(self) -> int:
        return int(self.connection.execute("SELECT COUNT(*) FROM answers").fetchone()[0])

    def due(self, now: float | None = None) -> list[Due]:
        """Concepts due for review, the longest overdue first."""
        now = time.time() if now is None else now
        rows = self.connection.execute(
            "SELECT concept, box, due_at, lesson FROM concepts WHERE due_at <= ? ORDER BY due_at", (now,)
        )
        return [Due(str(c), int(b), float(d), str(lesson)) for c, b, d, lesson in rows]

    def accuracy_by_day(self) -> list[DayAccuracy]:
        rows = self.connection.execute(
            "SELECT date(answered_at, 'unixepoch', 'localtime') AS day, kind, COUNT(*), SUM(correct) "
            "FROM answers GROUP BY day, kind ORDER BY day, kind"
        )
        return [DayAccuracy(str(day), str(kind), int(n), int(right)) for day, kind, n, right in rows]


def _connect(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path, timeout=5, isolation_level=None)
    try:
        connection.execute("PRAGMA journal_mode=WAL")
        if connection.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise sqlite3.DatabaseError("integrity check failed")
        connection.isolation_level = "DEFERRED"  # back to implicit transactions, committed by `with`
        with connection:
            connection.executescript(SCHEMA)
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except sqlite3.DatabaseError:
        connection.close()
        raise
    return connection
