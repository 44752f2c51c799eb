"""The progress store's schema, as the steps that make it (issue 32).

A store of version N has run the first N steps, each in one transaction with
the step's new version.  A new store runs them all; an older one runs those
it lacks when it is opened; a newer one (written by a later tutor) is
refused, never rewritten.  Both backends take the same steps, each in its
own SQL: SQLite's store is one learner's file, PostgreSQL's tables hold
every learner's rows, told apart by the `learner` column (the key of
`tutor.quiz.store.learner_key`), which every statement names.

Adding a table (saved play games, say) is one more `Migration` at the end.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    """The version a store has once this step is taken."""
    about: str
    sqlite: tuple[str, ...]
    postgres: tuple[str, ...]


CLASS_TABLES = (
    "CREATE TABLE IF NOT EXISTS classes (name TEXT PRIMARY KEY, token_hash TEXT NOT NULL, "
    "language TEXT NOT NULL, code TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS class_learners (class TEXT NOT NULL, learner TEXT NOT NULL, "
    "name TEXT NOT NULL, joined_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (class, learner))",
    "CREATE TABLE IF NOT EXISTS assignments (class TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL, "
    "kinds TEXT NOT NULL, levels TEXT NOT NULL, count INTEGER NOT NULL, seed BIGINT, due TEXT NOT NULL, "
    "PRIMARY KEY (class, created_at))",
)
"""A teacher's classes, in standard SQL, the same in both backends: a class's
rows are the teacher's, not one learner's, so they have no learner column."""


MIGRATIONS = (
    Migration(
        1,
        "settings, lessons read, answers and the Leitner boxes of concepts",
        sqlite=(
            "CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
            "CREATE TABLE IF NOT EXISTS lessons_read (lesson_id TEXT PRIMARY KEY, read_at REAL NOT NULL)",
            """CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    answered_at REAL NOT NULL,
    kind TEXT NOT NULL,
    level INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    concept TEXT NOT NULL,
    correct INTEGER NOT NULL,
    response TEXT NOT NULL
)""",
            """CREATE TABLE IF NOT EXISTS concepts (
    concept TEXT PRIMARY KEY,
    box INTEGER NOT NULL,
    due_at REAL NOT NULL,
    lesson TEXT NOT NULL
)""",
        ),
        postgres=(
            "CREATE TABLE settings (learner TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, "
            "PRIMARY KEY (learner, key))",
            "CREATE TABLE lessons_read (learner TEXT NOT NULL, lesson_id TEXT NOT NULL, "
            "read_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (learner, lesson_id))",
            """CREATE TABLE answers (
    id BIGSERIAL PRIMARY KEY,
    learner TEXT NOT NULL,
    answered_at DOUBLE PRECISION NOT NULL,
    kind TEXT NOT NULL,
    level INTEGER NOT NULL,
    seed BIGINT NOT NULL,
    concept TEXT NOT NULL,
    correct INTEGER NOT NULL,
    response TEXT NOT NULL
)""",
            "CREATE INDEX answers_learner ON answers (learner)",
            """CREATE TABLE concepts (
    learner TEXT NOT NULL,
    concept TEXT NOT NULL,
    box INTEGER NOT NULL,
    due_at DOUBLE PRECISION NOT NULL,
    lesson TEXT NOT NULL,
    PRIMARY KEY (learner, concept)
)""",
        ),
    ),
    Migration(
        2,
        "an index that finds one answer at once: merging a pending file asks for each of its answers",
        sqlite=("CREATE INDEX IF NOT EXISTS answers_identity ON answers (answered_at, kind, seed, concept)",),
        postgres=(
            "DROP INDEX answers_learner",
            "CREATE INDEX answers_identity ON answers (learner, answered_at, kind, seed, concept)",
        ),
    ),
    Migration(
        3,
        "a teacher's classes: the class (its token only hashed), the learners who joined it, its assignments",
        sqlite=CLASS_TABLES,
        postgres=CLASS_TABLES,
    ),
    Migration(
        4,
        "an answer carries its assignment and its question's place in it (none outside an assignment); "
        "a shared play deal's decisions, one row per turn",
        sqlite=(
            "ALTER TABLE answers ADD COLUMN assignment TEXT",
            "ALTER TABLE answers ADD COLUMN question INTEGER",
            "CREATE INDEX IF NOT EXISTS answers_assignment ON answers (assignment) WHERE assignment IS NOT NULL",
            """CREATE TABLE IF NOT EXISTS play_turns (
    assignment TEXT NOT NULL,
    turn INTEGER NOT NULL,
    situation TEXT NOT NULL,
    decision TEXT NOT NULL,
    decided_at REAL NOT NULL,
    PRIMARY KEY (assignment, turn)
)""",
        ),
        postgres=(
            "ALTER TABLE answers ADD COLUMN assignment TEXT",
            "ALTER TABLE answers ADD COLUMN question INTEGER",
            "CREATE INDEX answers_assignment ON answers (assignment, learner) WHERE assignment IS NOT NULL",
            """CREATE TABLE play_turns (
    learner TEXT NOT NULL,
    assignment TEXT NOT NULL,
    turn INTEGER NOT NULL,
    situation TEXT NOT NULL,
    decision TEXT NOT NULL,
    decided_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (learner, assignment, turn)
)""",
        ),
    ),
    Migration(
        5,
        "a shared play deal's decisions kept per attempt: a learner who plays the deal again from its start "
        "begins a new attempt, and its turns no longer fall on the earlier attempt's (rows of before: attempt 1)",
        sqlite=(
            # SQLite cannot change a table's key: the table is made again, its rows copied.
            """CREATE TABLE play_turns_by_attempt (
    assignment TEXT NOT NULL,
    attempt INTEGER NOT NULL,
    turn INTEGER NOT NULL,
    situation TEXT NOT NULL,
    decision TEXT NOT NULL,
    decided_at REAL NOT NULL,
    PRIMARY KEY (assignment, attempt, turn)
)""",
            "INSERT INTO play_turns_by_attempt (assignment, attempt, turn, situation, decision, decided_at) "
            "SELECT assignment, 1, turn, situation, decision, decided_at FROM play_turns",
            "DROP TABLE play_turns",
            "ALTER TABLE play_turns_by_attempt RENAME TO play_turns",
        ),
        postgres=(
            "ALTER TABLE play_turns ADD COLUMN attempt INTEGER NOT NULL DEFAULT 1",
            "ALTER TABLE play_turns ALTER COLUMN attempt DROP DEFAULT",
            "ALTER TABLE play_turns DROP CONSTRAINT play_turns_pkey",
            "ALTER TABLE play_turns ADD PRIMARY KEY (learner, assignment, attempt, turn)",
        ),
    ),
)

SCHEMA_VERSION = MIGRATIONS[-1].version
TABLES = frozenset({"settings", "lessons_read", "answers", "concepts"})
"""The tables every version has: a database without them is not the tutor's."""


def steps_after(version: int) -> tuple[Migration, ...]:
    """The steps a store of `version` still has to take, in order."""
    return tuple(step for step in MIGRATIONS if step.version > version)


assert [step.version for step in MIGRATIONS] == list(range(1, len(MIGRATIONS) + 1)), "one step per version"
