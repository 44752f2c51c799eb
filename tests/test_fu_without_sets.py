"""Thirteen orphans has no sets and no pair of the fu table: its fu are 0
with no lines, as the reference libraries report, and every text that would
show fu lines says instead that fu are not counted for it."""

from __future__ import annotations

import json

import pytest

from tutor.cli import main
from tutor.engine.notation import parse_hand, parse_tile
from tutor.engine.riichi.context import WinContext
from tutor.engine.riichi.score import score_riichi
from tutor.lessons.model import HandBlock
from tutor.locale import LANGUAGES, render
from tutor.quiz.kinds import generate
from tutor.quiz.kinds.scoring import fu_explanation
from tutor.quiz.names import FU_NOT_COUNTED
from tutor.quiz.question import say
from tutor.ui.answers import answer_steps

KOKUSHI = "19m19p19s12345677z"


@pytest.mark.parametrize(("win", "tsumo"), [("1m", False), ("7z", False), ("9s", True)])
def test_kokushi_has_no_fu(win: str, tsumo: bool) -> None:
    score = score_riichi(parse_hand(KOKUSHI), WinContext(parse_tile(win), tsumo))
    assert (score.fu.raw, score.fu.fu, score.fu.lines) == (0, 0, ())
    assert score.points.limit == "yakuman"


def test_score_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", KOKUSHI, "--win", "1m", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["fu"], data["fu_raw"], data["fu_items"]) == (0, 0, [])
    assert main(["score", KOKUSHI, "--win", "1m"]) == 0
    text = capsys.readouterr().out
    assert render(FU_NOT_COUNTED, "en") in text and "base" not in text


def test_explanations_say_fu_is_not_counted() -> None:
    score = score_riichi(parse_hand(KOKUSHI), WinContext(parse_tile("1m")))
    assert all(say(fu_explanation(score), language) == render(FU_NOT_COUNTED, language) for language in LANGUAGES)
    block = HandBlock(1, KOKUSHI, {"win": "1m"}, {"fu": "0", "yakuman": "kokushi"}, "")
    for language in ("en", "ko"):
        steps = answer_steps(block, "riichi", language)
        assert steps[0] == render(FU_NOT_COUNTED, language)


def test_yakuman_drill_says_fu_is_not_counted_for_kokushi() -> None:
    question = next(
        question
        for question in (generate("yakuman", seed, 1) for seed in range(2000))
        if {"kokushi", "kokushi_13"} & set(question.answer["yakuman"])
    )
    for language in ("en", "ko"):
        assert question.explanation_text(language).endswith(render(FU_NOT_COUNTED, language))
