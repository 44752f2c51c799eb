"""Complete, tenpai and waits against `mahjong` 2.1.0 (`Agari.is_agari`).

The reference only answers "is this complete?"; its waits are found the way
a player would: try every tile the hand does not already hold four times.
Every hand must agree; there are no listed differences for shapes.
"""

from __future__ import annotations

import random

from mahjong.agari import Agari

from crosscheck.random_hands import mixed_13_tile_hand, random_complete, random_seven_pairs, random_thirteen_orphans
from tutor.engine.hand import Hand
from tutor.engine.notation import format_hand
from tutor.engine.rules import Rules
from tutor.engine.shapes import is_complete
from tutor.engine.tiles import TILE_KINDS
from tutor.engine.waits import winning_tiles

HANDS = 12_000
SEED = 20261130


def reference_complete(hand: Hand) -> bool:
    counts = hand.all_counts()
    melds = [list(meld.tiles) for meld in hand.melds]
    return bool(Agari.is_agari(counts, melds or None))


def reference_waits(hand: Hand) -> list[int]:
    held = hand.all_counts()
    waits = []
    for tile in range(TILE_KINDS):
        if held[tile] < 4 and reference_complete(hand.with_tile(tile)):
            waits.append(tile)
    return waits


def test_waits_agree_with_reference_on_seeded_hands() -> None:
    rng = random.Random(SEED)
    differences = []
    tenpai_count = 0
    for _ in range(HANDS):
        hand = mixed_13_tile_hand(rng)
        ours = winning_tiles(hand, Rules.RIICHI)
        theirs = reference_waits(hand)
        tenpai_count += bool(theirs)
        if ours != theirs:
            differences.append((format_hand(hand), ours, theirs))
    assert differences == []
    # The mix must exercise waits, not just agree on "no wait" forever.
    assert tenpai_count > HANDS // 3


def test_complete_agrees_with_reference_on_seeded_hands() -> None:
    rng = random.Random(SEED + 1)
    differences = []
    for index in range(HANDS // 4):
        kind = index % 4
        if kind == 0:
            hand = random_complete(rng)
        elif kind == 1:
            hand = random_seven_pairs(rng)
        elif kind == 2:
            hand = random_thirteen_orphans(rng)
        else:
            hand = mixed_13_tile_hand(rng)
            hand = hand.with_tile(rng.randrange(TILE_KINDS)) if max(hand.all_counts()) < 4 else random_complete(rng)
        if is_complete(hand, Rules.RIICHI) != reference_complete(hand):
            differences.append(format_hand(hand))
    assert differences == []
