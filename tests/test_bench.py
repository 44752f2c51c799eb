"""The scoring benchmarks still run and still compare answers.

Timings are never asserted (machines here are shared and noisy); this only
keeps the scripts from rotting: a few hands per round, every round's answers
compared with the reference's.
"""

from __future__ import annotations

import runpy
import sys

import pytest


@pytest.mark.parametrize("module", ["bench.riichi_score", "bench.mcr_fans", "bench.shanten"])
def test_scoring_benchmark_runs_and_answers_agree(
    module: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", [module, "40"])
    runpy.run_module(module, run_name="__main__")
    out = capsys.readouterr().out
    assert out.count("differences 0") == 5, out
    assert "ratio, cold round" in out
    assert "ratio, warm rounds (median)" in out
