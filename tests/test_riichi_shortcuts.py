"""The shortcuts scoring takes for speed give the answers of the long way.

Scoring counts fu as numbers and itemises the lines (by the same function)
only for the reading it shows; it asks a reading only about the yaku and yakuman its traits allow.
Each shortcut is checked here against the long way, on every reading of
seeded random winning hands (the differential mix), so that a gate that is
too tight or a count that drifts from its lines fails a test rather than
hiding a yaku from a learner.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from crosscheck.random_wins import random_context, random_rules, random_winning_hand
from tutor.engine.riichi import yaku as yaku_module
from tutor.engine.riichi.fu import calculate_fu, fu_lines
from tutor.engine.riichi.reading import ReadingFacts, hand_facts, reading_facts
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.riichi.yaku import REPLACES, YAKU, hand_traits, yaku_of
from tutor.engine.riichi.yakuman import YAKUMAN, hand_gates, yakuman_of

HANDS = 6_000
SEED = 8_128


def every_reading() -> list[tuple[ReadingFacts, RiichiRules]]:
    rng = random.Random(SEED)
    found = []
    for _ in range(HANDS):
        hand = random_winning_hand(rng)
        context = random_context(rng, hand)
        rules = random_rules(rng)
        found.extend((facts, rules) for facts in reading_facts(hand_facts(hand, context)))
    return found


READINGS = every_reading()


def test_the_mix_has_many_readings() -> None:
    assert len(READINGS) > HANDS


def test_counted_fu_equals_the_sum_of_the_itemised_lines() -> None:
    """`count_fu` skips the steps that add nothing when it writes no lines."""
    for facts, mixed_rules in READINGS:
        for rules in (mixed_rules, replace(mixed_rules, double_wind_pair_fu=2)):
            counted = calculate_fu(facts, rules)
            lines = fu_lines(facts, rules)
            assert counted.raw == sum(line.fu for line in lines), lines
            assert counted.lines == lines


def _all_yaku(facts: ReadingFacts, rules: RiichiRules) -> list[tuple[str, int]]:
    """Every condition of the table asked, none skipped."""
    closed = facts.of_hand.closed
    found = [
        (yaku.id, yaku.han_closed if closed else yaku.han_open)
        for yaku in YAKU
        if (closed or yaku.han_open) and yaku.condition(facts, rules)
    ]
    # REPLACES by hand here, not by `without_replaced`, so the two are compared.
    replaced = {weaker for name, _ in found for weaker in REPLACES.get(name, ())}
    return [(name, han) for name, han in found if name not in replaced]


def test_yaku_asked_by_traits_are_every_yaku_that_holds() -> None:
    for facts, rules in READINGS:
        assert yaku_of(facts, rules, hand_traits(facts.of_hand)) == _all_yaku(facts, rules)


def test_each_condition_decides_behind_its_gates(monkeypatch: pytest.MonkeyPatch) -> None:
    """Gates only skip work (#25 §3): a yaku whose condition says no is never
    listed, even where its traits, flag and set counts are all met (15 yaku
    were once listed on those alone)."""
    found = {name for facts, rules in READINGS for name, _ in yaku_of(facts, rules, hand_traits(facts.of_hand))}
    refusing = [replace(yaku, condition=lambda _facts, _rules: False) for yaku in YAKU]
    monkeypatch.setattr(yaku_module, "YAKU", tuple(refusing))
    yaku_module._by_mask.clear()
    try:
        listed = [yaku_of(facts, rules, hand_traits(facts.of_hand)) for facts, rules in READINGS]
    finally:
        yaku_module._by_mask.clear()
    assert {"riichi", "toitoi", "chinitsu", "yakuhai_haku"} <= found
    assert all(not names for names in listed)


def test_yakuman_asked_behind_gates_are_every_yakuman_that_holds() -> None:
    held = 0
    for facts, rules in READINGS:
        # Stacking on, so that every yakuman that holds is listed, not only the largest.
        stacking = replace(rules, yakuman_stacking=True)
        everything = [
            (yakuman.id, 2 if yakuman.double and stacking.double_yakuman else 1)
            for yakuman in YAKUMAN
            if (facts.of_hand.closed or not yakuman.closed_only) and yakuman.condition(facts, stacking)
        ]
        assert yakuman_of(facts, stacking, hand_gates(facts.of_hand)) == everything
        held += bool(everything)
    assert held > HANDS * 0.05
