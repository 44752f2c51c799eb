"""A PostgreSQL server for the store's tests (issue 32).

`.ci/run` starts a throwaway server (.ci/postgres) and names it in
TUTOR_TEST_POSTGRES.  Without one, a PostgreSQL test is skipped, with the
reason, and under CI (CI set) it fails instead: a test that could not run
is never counted as passed.
"""

from __future__ import annotations

import os
import subprocess
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bench.databases import new_database

POSTGRES_ENV = "TUTOR_TEST_POSTGRES"
SCRIPT = Path(__file__).resolve().parent.parent / ".ci" / "postgres"


def not_run(reason: str) -> None:
    """Skip, or fail under CI: a PostgreSQL test that cannot run is not a pass."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; under CI the PostgreSQL tests must run (.ci/run starts a server)")
    pytest.skip(reason)


def postgres_url() -> str:
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        not_run(f"no PostgreSQL server: {POSTGRES_ENV} is not set (.ci/run starts one with .ci/postgres)")
    assert url is not None
    return url


@contextmanager
def fresh_database() -> Iterator[str]:
    """A new, empty database on the test server, dropped afterwards: for tests of the schema itself."""
    with new_database(postgres_url(), "tutor") as url:
        yield url


def run_script(action: str, folder: Path) -> str:
    result = subprocess.run(
        [str(SCRIPT), action, str(folder)], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


@contextmanager
def private_server() -> Iterator[tuple[str, Path]]:
    """A server of the test's own (it is stopped and started again by the
    test, which the shared one must not be): its URL and folder."""
    if not list(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl")):
        not_run("no PostgreSQL server installed (apt-get install -y postgresql)")
    folder = Path("/tmp") / f"tutor-pg-{uuid.uuid4().hex[:12]}"
    try:
        yield run_script("start", folder), folder
    finally:
        run_script("stop", folder)
