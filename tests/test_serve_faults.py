"""A class's answers survive a crash (issue 32, reliability), through
`tutor serve --class` itself (bench/class_load.py, two learners for a few
seconds): kill -9 of the server while learners answer, and a PostgreSQL
server halted as in a crash and started again while they answer. Every
answer a learner saw confirmed on screen is in the store (or in the
learner's pending file, saved at their next session) afterwards, and no
session outlives its server."""

from __future__ import annotations

import glob
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.postgres_helpers import not_run

ROOT = Path(__file__).resolve().parent.parent


def class_load(*args: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "bench.class_load", "2", "--think", "0.2,0.5", "--arrival", "0.5", "--json", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def test_kill_9_of_the_server_mid_answer_loses_no_confirmed_answer() -> None:
    result = class_load("--seconds", "8", "--backends", "sqlite", "--kill-at", "1")
    assert result["confirmed"] > 0 and result["lost"] == 0 and result["sessions_ended"]
    assert result["stored"] + result["pending"] >= result["confirmed"]
    # The learners were cut off by the kill, not by the end of the run.
    assert len(result["stuck"]) == 2 and result["answering_s"] < 8


def test_a_postgresql_restart_during_answers_loses_no_confirmed_answer() -> None:
    if not glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"):
        not_run("no PostgreSQL server installed (apt-get install postgresql; .ci/run does)")
    result = class_load("--seconds", "10", "--backends", "postgresql", "--restart-postgres-at", "1", "--down", "2")
    assert result["confirmed"] > 0 and result["lost"] == 0 and result["stuck"] == []
    assert result["stored"] == result["confirmed"] and result["pending"] == 0
