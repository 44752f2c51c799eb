"""The yakuman and calls drills' answers against independent code (#27.3, #27.4)."""

from __future__ import annotations

from crosscheck.reference_riichi import reference_score
from tutor.engine.notation import parse_hand, parse_tile
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.tiles import wind_tile
from tutor.quiz.kinds.scoring import check_yakuman, generate_yakuman


def test_yakuman_answer_names_every_yakuman_the_hand_makes() -> None:
    """`mahjong` 2.1.0 lists every yakuman of a hand; the answer must too
    (it named only the one counted when yakuman do not stack: 52 of 600 seeds)."""
    several = 0
    for seed in range(300):
        question = generate_yakuman(seed, 1 + seed % 3)
        request = question.request
        context = WinContext(
            parse_tile(request["win"]),
            bool(request["tsumo"]),
            wind_tile(request["seat"]),
            wind_tile(request["round"]),
            frozenset(Flag(flag) for flag in request["flags"]),
        )
        theirs = reference_score(parse_hand(request["hand"]), context, RiichiRules(yakuman_stacking=True))
        answer = sorted(set(question.answer["yakuman"]) - {"none"})
        assert answer == sorted(theirs.yakuman), (seed, request["hand"])
        assert check_yakuman(question, {"yakuman": list(question.answer["yakuman"])})
        if len(answer) > 1:
            several += 1
            assert "only" in question.explanation["en"] and "만 센다" in question.explanation["ko"]
    assert several > 5
