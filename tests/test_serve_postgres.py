"""`tutor serve --store postgresql://…` (issue 32): the database is checked
(and migrated) before the banner, refused in one line if it cannot be used,
and each session keeps its learner's progress there under their key.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import wait_for
from tests.postgres_helpers import fresh_database
from tests.serve_fixtures import Served, join_as
from tutor.quiz.migrations import SCHEMA_VERSION
from tutor.quiz.store import FILE_NAME, learner_key, learner_path
from tutor.quiz.store_postgres import PostgresStore
from tutor.quiz.stores import STORE_ENV, store_place
from tutor.quiz.writes import pending_path
from tutor.ui.app import TutorApp
from tutor.ui.screens.home import HomeScreen
from tutor.ui.screens.learner import LearnerScreen
from tutor.ui.textual_compat import notifications_showing


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://tutor:secret@127.0.0.1:1/nothing", "127.0.0.1:1/nothing"),
        ("mysql://tutor@127.0.0.1/tutor", "127.0.0.1/tutor"),
    ],
)
def test_a_database_that_cannot_be_used_is_refused_before_the_banner(url: str, shown: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tutor", "serve", "--port", "0", "--store", url],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith(f"tutor serve: The progress database {shown} is not available")
    assert done.stderr.count("\n") == 1 and "secret" not in done.stderr


def test_each_served_learner_keeps_their_progress_in_the_database() -> None:
    import psycopg

    data = Path(os.environ["TUTOR_DATA_DIR"])
    with fresh_database() as url:
        served = Served("--store", url)
        try:

            async def classroom() -> None:
                await asyncio.gather(join_as(served, "Ann"), join_as(served, "김민준"))

            asyncio.run(classroom())
        finally:
            served.stop()
        with psycopg.connect(url) as connection:
            names = connection.execute("SELECT learner, value FROM settings WHERE key = 'learner_name'").fetchall()
            version = connection.execute("SELECT version FROM schema_version").fetchone()
    assert sorted(names) == sorted([(learner_key("Ann"), "Ann"), (learner_key("김민준"), "김민준")])
    assert version == (SCHEMA_VERSION,)
    assert not learner_path("Ann", data).exists() and not (data / FILE_NAME).exists()


async def test_the_name_opens_the_learners_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    with fresh_database() as url:
        monkeypatch.setenv(STORE_ENV, url)
        app = TutorApp(language="en", classroom=True)
        async with app.run_test() as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LearnerScreen), "the name screen")
            await pilot.press(*" ANN  lee", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen), "home")
            store = app.store
            assert isinstance(store, PostgresStore) and store.learner == "ann lee"
            assert store.place.startswith("postgresql://127.0.0.1:") and "tutor@" not in store.place
        app.finish_writes()


async def test_a_database_away_when_the_learner_joins_is_said_and_their_answers_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The session goes on in memory; the notice names the database (no server path, no password), and
    what the learner does is carried to their pending file, for their next session."""
    monkeypatch.setenv(STORE_ENV, "postgresql://tutor:secret@127.0.0.1:1/tutor")
    app = TutorApp(language="en", classroom=True)
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LearnerScreen), "the name screen")
        await pilot.press(*"Ann", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen), "home")
        assert not app.store.in_file
        await wait_for(pilot, lambda: any("progress database" in n.message for n in notifications_showing(app)))
        [notice] = [n.message for n in notifications_showing(app) if "progress database" in n.message]
        assert "database tutor cannot" in notice and "secret" not in notice and "\n" not in notice
    app.finish_writes()
    kept = pending_path(store_place("Ann")).read_text(encoding="utf-8")
    assert '"key": "learner_name"' in kept and '"value": "Ann"' in kept
