"""Quiz kind `yaku`: its answers against `mahjong` 2.1.0, and its reasons.

The differential part scores every question's hand with the reference
(`HandCalculator.estimate_hand_value`, no dora) and compares each yaku with
its han (open or closed as the reference counts it) and the han total.  No
difference is explained away: the drill's hands carry no option the
reference cannot mirror (default rules, no dora, no renhou).  Each yaku the
explanation calls absent must be absent in the reference too.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from mahjong.hand_calculating.hand import HandCalculator

from crosscheck.reference_riichi import YAKU_NAMES, prepare_reference
from tutor.engine.notation import parse_hand, parse_tile
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.tiles import wind_tile
from tutor.quiz.kinds import generate, is_right
from tutor.quiz.kinds.points_steps import CORE_YAKU
from tutor.quiz.kinds.yaku import absent_yaku, yaku_score

QUESTIONS_PER_LEVEL = 700


def reference_ticks(request: dict[str, Any]) -> tuple[list[str], int, set[str]]:
    """The reference's yaku of a question's hand as ticks ("pinfu:1"), its han, and its yaku ids."""
    hand = parse_hand(request["hand"])
    context = WinContext(
        parse_tile(request["win"]),
        bool(request["tsumo"]),
        wind_tile(request["seat"]),
        wind_tile(request["round"]),
        frozenset(Flag(flag) for flag in request["flags"]),
    )
    result = HandCalculator.estimate_hand_value(**prepare_reference(hand, context, RiichiRules()))
    assert result.error is None and result.yaku is not None and result.han is not None, (request, result.error)
    is_open = not hand.is_closed
    ticks = sorted(
        f"{YAKU_NAMES[yaku.name]}:{yaku.han_open if is_open else yaku.han_closed}"
        for yaku in result.yaku
        if yaku.name in YAKU_NAMES
    )
    assert len(ticks) == len(result.yaku), [yaku.name for yaku in result.yaku]  # no dora, no yakuman
    return ticks, result.han, {tick.split(":")[0] for tick in ticks}


@pytest.mark.parametrize("level", [1, 2, 3])
def test_answers_agree_with_the_reference(level: int) -> None:
    differences = []
    seen: Counter[str] = Counter()
    for seed in range(QUESTIONS_PER_LEVEL):
        question = generate("yaku", seed, level)
        ticks, han, ids = reference_ticks(question.request)
        where = f"seed {seed}: {question.request}"
        if question.answer["yaku"] != ticks:
            differences.append(f"yaku ours {question.answer['yaku']}, reference {ticks}: {where}")
        if question.answer["han"] != han:
            differences.append(f"han ours {question.answer['han']}, reference {han}: {where}")
        # What the explanation calls absent, the reference does not count either.
        absent = {item.yaku for item in absent_yaku(yaku_score(random.Random(seed), level), level)}
        if absent & ids:
            differences.append(f"called absent, the reference counts {absent & ids}: {where}")
        seen.update(name.split(":")[0] for name in question.answer["yaku"])
    assert differences == []
    if level == 1:
        assert set(seen) <= CORE_YAKU
    else:
        # The mix reaches beyond the core yaku.
        assert len(set(seen) - CORE_YAKU) >= 6, seen


def test_every_reason_turns_up() -> None:
    reasons: Counter[str] = Counter()
    for seed in range(1500):
        score = yaku_score(random.Random(seed), 2 + seed % 2)
        request_ids = {name for name, _ in score.yaku}
        for absent in absent_yaku(score):
            reasons[absent.reason] += 1
            assert absent.yaku not in request_ids
    wanted = {"called", "pair_fu", "wait", "not_simple", "pair_not_koutsu", "guest_wind", "closed_only", "ron_koutsu"}
    assert wanted <= set(reasons), reasons
    assert "contained" in reasons


def test_the_reason_names_the_tile_and_the_rule() -> None:
    """A hand whose sanankou is spoilt by ron on its shanpon (the r07 order
    item): the reason says the koutsu finished by ron counts as open."""
    for seed in range(3000):
        question = generate("yaku", seed, 2)
        if "finished by ron counts as open" in question.explanation_text("en"):
            assert "론으로 완성한" in question.explanation_text("ko")
            assert not any(tick.startswith("sanankou") for tick in question.answer["yaku"])
            return
    pytest.fail("no sanankou spoilt by ron in 3000 questions")


def test_a_tick_with_the_wrong_han_is_wrong() -> None:
    question = generate("yaku", 5, 2)
    assert is_right(question, {"yaku": question.answer["yaku"]})
    name, han = question.answer["yaku"][0].split(":")
    wrong = [f"{name}:{int(han) + 1}", *question.answer["yaku"][1:]]
    assert not is_right(question, {"yaku": wrong})
    assert not is_right(question, {"yaku": question.answer["yaku"][1:]})
    assert not is_right(question, {"yaku": "riichi:1"})
    assert not is_right(question, {})


def test_level_one_is_the_core_lesson_and_names_only_core_yaku() -> None:
    for seed in range(300):
        question = generate("yaku", seed, 1)
        assert question.request["hand"].count("[") == 0
        assert question.lesson == "r06-riichi"
        assert "sanankou" not in question.explanation_text("en")
