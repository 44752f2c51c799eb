"""Ukeire after a discard, counted as Tenhou's 牌理 counts it (#27.1).

Tenhou (its `restc`: four less the copies among the fourteen tiles),
mahjong-helper and Riichi-Trainer count the discarded tile's own copy as in
sight: it lies on the table.  The numbers below are worked out by hand, and
the seeded comparison counts every discard again with the `mahjong`
library's shanten and that definition of unseen, so neither side is ours.
"""

from __future__ import annotations

import pytest
from mahjong.shanten import Shanten as Reference

from tutor.engine.analysis import analyze
from tutor.engine.efficiency import discard_table
from tutor.engine.hand import Hand
from tutor.engine.notation import format_hand, parse_hand, parse_tile, tile_name
from tutor.engine.rules import Rules
from tutor.engine.tiles import COPIES, TILE_KINDS
from tutor.quiz.deal import shanten_mix
from tutor.service.analyze import analysis_json

# Hand, discard, the tiles it accepts with Tenhou's counts (worked by hand).
TENHOU_ROWS = [
    # 13m: kanchan on 2m, one 2m among the fourteen (the discard): 3 left.
    ("123m456p789s11z222z", "2m", {"2m": 3}),
    # 23m: 1m (one among the fourteen) and 4m.
    ("123m456p789s11z222z", "1m", {"1m": 3, "4m": 4}),
    # 1112345678999m waits on all nine; the fourteen hold 1m x3, 5m x2, 9m x3.
    ("11123455678999m", "5m", {"1m": 1, "2m": 3, "3m": 3, "4m": 3, "5m": 2, "6m": 3, "7m": 3, "8m": 3, "9m": 1}),
    # 12m: penchan on 3m, the discard's own tile.
    ("123m456p789s11z222z", "3m", {"3m": 3}),
    # The discard is not among the tiles it accepts: nothing changes.
    ("123m456p789s1z222z5z", "5z", {"1z": 3}),
]


def _row(hand: str, discard: str) -> dict[str, int]:
    table = discard_table(parse_hand(hand), Rules.RIICHI)
    option = next(option for option in table if option.discard == parse_tile(discard))
    return {tile_name(item.tile): item.count for item in option.ukeire.tiles}


@pytest.mark.parametrize(("hand", "discard", "expected"), TENHOU_ROWS)
def test_tenhou_counts_by_hand(hand: str, discard: str, expected: dict[str, int]) -> None:
    assert _row(hand, discard) == expected


def test_analyze_json_shows_the_same_count() -> None:
    found = analysis_json(analyze(parse_hand("123m456p789s11z222z"), Rules.RIICHI))
    rows = {row["discard"]: row["ukeire"] for row in found["discards"]}
    assert rows["2m"] == {"tiles": ["2m"], "count": 3}
    assert rows["1m"] == {"tiles": ["1m", "4m"], "count": 7}


def _tenhou_row(hand: Hand, discard: int) -> dict[int, int]:
    """What Tenhou lists for a discard of a concealed hand: every tile whose
    draw lowers the reference's shanten of the thirteen left, with four less
    the copies among the fourteen."""
    fourteen = hand.concealed_counts()
    counts = list(fourteen)
    counts[discard] -= 1
    now = Reference.calculate_shanten(counts)
    found = {}
    for tile in range(TILE_KINDS):
        left = COPIES - fourteen[tile]
        if left <= 0:
            continue
        counts[tile] += 1
        if Reference.calculate_shanten(counts) < now:
            found[tile] = left
        counts[tile] -= 1
    return found


def test_every_discard_agrees_with_an_independent_count() -> None:
    hands = [hand for hand in shanten_mix(20261202, 1_500) if hand.tile_count == 14 and not hand.melds]
    assert len(hands) > 300
    differences = []
    own_copy_rows = 0
    for hand in hands:
        for option in discard_table(hand, Rules.RIICHI):
            ours = {item.tile: item.count for item in option.ukeire.tiles}
            theirs = _tenhou_row(hand, option.discard)
            own_copy_rows += option.discard in theirs
            if ours != theirs or option.ukeire.count != sum(theirs.values()):
                differences.append((format_hand(hand), tile_name(option.discard), ours, theirs))
    assert differences == []
    # Rows where the discard is itself accepted, the rows the convention changes.
    assert own_copy_rows > 20


def test_mcr_and_called_hands_count_the_discard_as_seen() -> None:
    for text in ("123m456p78s11z3z [222z]", "1447m369p258s77z55s"):
        hand = parse_hand(text)
        held = hand.all_counts()
        for option in discard_table(hand, Rules.MCR):
            for item in option.ukeire.tiles:
                assert item.count == COPIES - held[item.tile] > 0
