"""Flowers written in an MCR hand (1f..8f) count like `--flowers`; a request
that gives both, disagreeing, is refused in one line."""

from __future__ import annotations

import json

import pytest

from tutor.cli import main
from tutor.engine.mcr.context import McrContext
from tutor.engine.mcr.score import McrScore, score_mcr
from tutor.engine.notation import parse_hand, parse_tile
from tutor.engine.refusal import Refusal
from tutor.locale.message import render_value
from tutor.locale.refusals import refusal_message

WRITTEN = "123m456p678s99s [111z] 1f2f"
BARE = "123m456p678s99s [111z]"


def _score(hand: str, flowers: int = 0) -> McrScore:
    return score_mcr(parse_hand(hand), McrContext(parse_tile("9s"), flowers=flowers))


def test_written_flowers_count() -> None:
    written = _score(WRITTEN)
    given = _score(BARE, flowers=2)
    assert written.flowers == 2 and written.total == given.total
    assert [(item.fan.zh, item.count) for item in written.fans] == [(item.fan.zh, item.count) for item in given.fans]
    assert ("花牌", 2) in [(item.fan.zh, item.count) for item in written.fans]


def test_written_and_given_that_agree_count_once() -> None:
    assert _score(WRITTEN, flowers=2).total == _score(WRITTEN).total


def test_written_and_given_that_disagree_are_refused() -> None:
    with pytest.raises(Refusal) as refused:
        _score(WRITTEN, flowers=3)
    assert refused.value.reason == "flowers"
    said = render_value(refusal_message(refused.value), "en")
    assert "\n" not in said
    assert "2 flowers (12f)" in said and "3" in said


def test_score_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", WRITTEN, "--win", "9s", "--rules", "mcr", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["flowers"] == 2 and any(fan["zh"] == "花牌" and fan["count"] == 2 for fan in data["fans"])
    assert main(["score", WRITTEN, "--win", "9s", "--rules", "mcr", "--flowers", "5", "--json"]) == 1
    out = capsys.readouterr().out
    assert json.loads(out)["reason"] == "flowers" and out.count("\n") == 1


def test_riichi_refuses_written_flowers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", WRITTEN, "--win", "9s", "--json"]) != 0
    assert "flowers are an MCR rule" in capsys.readouterr().out
