"""Shanten against `mahjong` 2.1.0's `Shanten`, and ukeire against its definition.

The reference counts the concealed tiles it is given, with the missing sets
taken as called (a 10-tile array is a hand with one call), so called hands
pass it only their concealed 34-array.  It cannot see the copies a called
set holds; ours can (`efficiency.shanten` on a Hand).  So the comparison
is made twice: our count given the same concealed tiles must agree with the
reference on every hand, and our count on the whole hand may differ only
where a call holds the other copies of a concealed tile kind.
"""

from __future__ import annotations

import MahjongGB
from mahjong.shanten import Shanten as Reference

from crosscheck.reference_mcr import code, reference_packs
from tutor.engine.analysis import analyze
from tutor.engine.efficiency import regular_shanten, shanten, ukeire
from tutor.engine.hand import Hand
from tutor.engine.notation import format_hand, parse_hand
from tutor.engine.rules import Rules
from tutor.engine.tiles import COPIES, TILE_KINDS
from tutor.quiz.deal import shanten_mix

HANDS = 20_000
SEED = 20261201


def _sees_a_call(hand: Hand) -> bool:
    """Whether the calls hold copies that, with the concealed ones, make all
    four of some kind: the reference, seeing only concealed tiles, may then
    count a wait on that kind that we count as dead."""
    return bool(hand.melds) and COPIES in hand.all_counts()


def test_shanten_agrees_with_reference_shape_by_shape() -> None:
    differences = []
    seen_calls = []
    called = 0
    for hand in shanten_mix(SEED, HANDS):
        counts = hand.concealed_counts()
        called += bool(hand.melds)
        theirs = {
            "regular": Reference.calculate_shanten_for_regular_hand(counts),
            "minimum": Reference.calculate_shanten(counts),
        }
        ours = shanten(hand, Rules.RIICHI)
        # Our count given only the concealed tiles, as the reference is.
        mine = {"regular": regular_shanten(counts), "minimum": regular_shanten(counts)}
        if not hand.melds:
            theirs["seven_pairs"] = Reference.calculate_shanten_for_chiitoitsu_hand(counts)
            theirs["thirteen_orphans"] = Reference.calculate_shanten_for_kokushi_hand(counts)
            mine["seven_pairs"] = ours.seven_pairs
            mine["thirteen_orphans"] = ours.thirteen_orphans
            mine["minimum"] = ours.shanten
            # The whole hand's regular figure too (it is counted another way).
            theirs["regular_of_hand"] = theirs["regular"]
            mine["regular_of_hand"] = ours.regular
        if mine != theirs:
            differences.append((format_hand(hand), mine, theirs))
        # Our count on the whole hand, which sees the calls.
        if ours.shanten != theirs["minimum"]:
            seen_calls.append((format_hand(hand), ours.shanten, theirs["minimum"], _sees_a_call(hand)))
    assert differences == []
    assert HANDS // 3 < called < HANDS * 2 // 3
    # The whole hand differs only where calls hold a kind's last copies, by
    # one tile; such hands exist in the mix, so this is exercised.
    assert all(sees and ours == theirs + 1 for _, ours, theirs, sees in seen_calls), seen_calls
    assert seen_calls


def test_a_single_tile_whose_other_copies_are_called_is_no_wait() -> None:
    # Four calls and 1m: the tanki wait on 1m is dead, as analyze says.
    hand = parse_hand("1m [111m] [234p] [567s] [777z]")
    assert not analyze(hand).tenpai
    assert shanten(hand).shanten == 1
    assert Reference.calculate_shanten(hand.concealed_counts()) == 0


def brute_force_ukeire(hand: Hand) -> dict[int, int]:
    """Every tile still unseen whose draw lowers the reference's shanten
    (concealed hands) or ours (called hands, which the reference cannot see)."""
    held = hand.all_counts()
    if hand.melds:
        now = shanten(hand).shanten
        return {
            tile: COPIES - held[tile]
            for tile in range(TILE_KINDS)
            if held[tile] < COPIES and shanten(hand.with_tile(tile)).shanten < now
        }
    counts = hand.concealed_counts()
    now = Reference.calculate_shanten(counts)
    found = {}
    for tile in range(TILE_KINDS):
        if held[tile] < COPIES:
            counts[tile] += 1
            if Reference.calculate_shanten(counts) < now:
                found[tile] = COPIES - held[tile]
            counts[tile] -= 1
    return found


def test_ukeire_agrees_with_trying_every_tile() -> None:
    differences = []
    hands = [hand for hand in shanten_mix(SEED + 1, 2_000) if hand.tile_count == 13]
    for hand in hands:
        found = ukeire(hand, Rules.RIICHI)
        ours = {item.tile: item.count for item in found.tiles}
        expected = brute_force_ukeire(hand)
        if ours != expected or found.count != sum(expected.values()):
            differences.append((format_hand(hand), ours, expected))
    assert differences == []


def test_mcr_shanten_agrees_with_mahjonggb() -> None:
    """MCR's shapes (knitted straight, honours and knitted, seven pairs with
    four of a kind as two) against MahjongGB 1.4.0, shape by shape for
    concealed hands and the minimum for called ones."""
    shapes = {
        "regular": MahjongGB.RegularShanten,
        "seven_pairs": MahjongGB.SevenPairsShanten,
        "thirteen_orphans": MahjongGB.ThirteenOrphansShanten,
        "knitted_straight": MahjongGB.KnittedStraightShanten,
        "honours_and_knitted": MahjongGB.HonorsAndKnittedTilesShanten,
    }
    differences = []
    for hand in shanten_mix(SEED + 2, 6_000):
        if hand.tile_count != 13:
            continue
        tiles = tuple(code(tile) for tile in hand.concealed)
        ours = shanten(hand, Rules.MCR)
        theirs = MahjongGB.MahjongShanten(pack=reference_packs(hand), hand=tiles)
        # MahjongGB lets a hand wait on a tile it holds all four of; we do
        # not (nor does analyze), which costs such a hand one tile.
        four_held = COPIES in hand.all_counts()
        if ours.shanten != theirs and not (four_held and ours.shanten == theirs + 1):
            differences.append((format_hand(hand), "minimum", ours.shanten, theirs))
        if not hand.melds:
            for name, value in ours.by_shape().items():
                reference = shapes[name](hand=tiles)[0]
                if value != reference and not (name == "regular" and four_held and value == reference + 1):
                    differences.append((format_hand(hand), name, value, reference))
    assert differences == []
