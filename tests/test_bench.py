"""The scoring benchmarks still run and still compare answers.

Timings are never asserted (machines here are shared and noisy); this only
keeps the scripts from rotting: a few hands per round, every round's answers
compared with the reference's.
"""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("module", ["bench.riichi_score", "bench.mcr_fans", "bench.shanten"])
def test_scoring_benchmark_runs_and_answers_agree(module: str) -> None:
    # Run as a learner runs it, in its own interpreter: each timed round
    # starts with a full garbage collection (bench/timing.py), which in the
    # test process walks everything the suite holds.
    done = subprocess.run([sys.executable, "-m", module, "40"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.count("differences 0") == 5, out
    assert "ratio, cold round" in out
    assert "ratio, warm rounds (median)" in out


@pytest.mark.parametrize("module", ["bench.riichi_score", "bench.mcr_fans"])
def test_scoring_benchmark_needs_no_test_code(module: str) -> None:
    """A benchmark shares its hands and its calls into the reference with the
    differential tests through `crosscheck`, never through tests/: it runs
    where pytest and hypothesis are not installed."""
    blocked = "import sys; sys.modules['pytest'] = sys.modules['hypothesis'] = sys.modules['tests'] = None; "
    done = subprocess.run(
        [sys.executable, "-c", blocked + f"import {module}"], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    "module",
    [
        "bench.riichi_score",
        "bench.mcr_fans",
        "bench.shanten",
        "bench.workbench",
        "bench.quiz_generation",
        "bench.store_load",
        "bench.class_dashboard",
    ],
)
def test_a_benchmark_refuses_a_bad_count_with_its_usage(
    module: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A word where the count belongs gets a usage line, not a traceback."""
    monkeypatch.setattr(sys, "argv", [module, "many"])
    with pytest.raises(SystemExit) as exit_:
        runpy.run_module(module, run_name="__main__")
    assert exit_.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_the_bot_benchmark_times_every_bot_and_finds_no_illegal_choice(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """bench/game_bots.py: per bot the decision percentiles and a whole game's time; no timing asserted."""
    from bench import game_bots

    monkeypatch.setattr(game_bots, "GAMES", 1)
    assert game_bots.main(3) == 0
    out = capsys.readouterr().out
    for label in ("riichi beginner", "riichi intermediate"):
        assert f"{label}: east-south game" in out
    for label in ("mcr beginner", "mcr fan_route"):
        assert f"{label}: 16-hand game" in out
    assert out.count(" p99 ") == 4 and "illegal choices 0" in out


def test_the_bot_benchmark_refuses_a_bad_count_with_its_usage(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", ["bench.game_bots", "many"])
    monkeypatch.delitem(sys.modules, "bench.game_bots", raising=False)
    with pytest.raises(SystemExit) as exit_:
        runpy.run_module("bench.game_bots", run_name="__main__")
    assert exit_.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_the_store_load_runs_on_both_backends_and_loses_no_answer() -> None:
    """A few learners for a second: the script still runs, and every answer given is stored."""
    from tests.postgres_helpers import postgres_url

    url = postgres_url()
    done = subprocess.run(
        [sys.executable, "-m", "bench.store_load", "3", "--seconds", "1", "--postgres", url],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if "given" in line]
    assert [line.split()[0] for line in lines] == ["sqlite", "postgresql"]
    assert all(" lost 0 " in line and "p99" in line for line in lines), done.stdout


def test_the_class_dashboard_bench_times_every_teachers_page_on_both_backends() -> None:
    """A class of three: the data written, each page asked for once and answered 200 (the bench fails otherwise)."""
    from tests.postgres_helpers import postgres_url

    small = ["3", "--answers", "10", "--turns", "1", "--rounds", "1", "--postgres", postgres_url()]
    done = subprocess.run(
        [sys.executable, "-m", "bench.class_dashboard", *small],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert [line.split(":")[0] for line in done.stdout.splitlines() if "answers" in line] == ["sqlite", "postgresql"]
    for page in ("dashboard", "board", "sheet", "deal", "csv"):
        assert done.stdout.count(f"  {page} ") == 2, done.stdout


def test_the_ui_latency_benchmark_runs_and_reports_its_goal_and_budgets() -> None:
    """bench/ui_latency.py on one lesson of each track, a two-question drill
    and a game of a few discards: every action is timed and its layouts and
    restyles counted. Neither
    the times nor the budgets are asserted (both depend on the machine's
    load); the budgets are the bench's to report."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bench.ui_latency",
            "--lessons",
            "1",
            "--drills",
            "1",
            "--drill-questions",
            "2",
            "--games",
            "1",
            "--play-actions",
            "6",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    for action in ("open lesson", "l (language)", "drill answer (ctrl+w)", "drill summary (enter)", "play discard"):
        assert action in done.stdout
    assert "goal: every p95 within" in done.stdout and "layout budgets" in done.stdout
