"""Waits of every 13-tile one-suit hand: ours against `mahjong`'s Agari.

There are 93,600 ways to hold 13 tiles of one suit (at most four of each).
For each, both sides find every tile that completes the hand: the reference
by adding each tile the hand does not hold four times and asking
`Agari.is_agari`, we by `tutor.engine.waits.winning_tiles`.  Both run in this
one process on the same hands; the answers are compared too, so a fast wrong
answer cannot pass.  Our suit table starts empty: the time includes filling it.

    python -m bench.waits
"""

from __future__ import annotations

import time
from itertools import product

from mahjong.agari import Agari

from tutor.engine.hand import Hand
from tutor.engine.rules import Rules
from tutor.engine.tiles import TILE_KINDS
from tutor.engine.waits import winning_tiles


def one_suit_hands() -> list[tuple[int, ...]]:
    return [counts for counts in product(range(5), repeat=9) if sum(counts) == 13]


def reference_waits(counts34: list[int]) -> list[int]:
    found = []
    for tile in range(TILE_KINDS):
        if counts34[tile] < 4:
            counts34[tile] += 1
            if Agari.is_agari(counts34):
                found.append(tile)
            counts34[tile] -= 1
    return found


def main() -> None:
    vectors = one_suit_hands()
    arrays = [list(counts) + [0] * 25 for counts in vectors]
    hands = [Hand(tuple(tile for tile in range(9) for _ in range(counts[tile]))) for counts in vectors]
    print(f"{len(vectors)} one-suit 13-tile hands")

    start = time.perf_counter()
    theirs = [reference_waits(array) for array in arrays]
    reference_seconds = time.perf_counter() - start

    start = time.perf_counter()
    ours = [winning_tiles(hand, Rules.RIICHI) for hand in hands]
    our_seconds = time.perf_counter() - start

    differences = sum(1 for a, b in zip(ours, theirs, strict=True) if a != b)
    tenpai = sum(1 for waits in ours if waits)
    print(f"tenpai hands: {tenpai}; differences: {differences}")
    print(f"reference (Agari.is_agari per tile): {reference_seconds:8.3f} s")
    print(f"ours (winning_tiles):                {our_seconds:8.3f} s")
    print(f"ratio: ours is {reference_seconds / our_seconds:.1f}x faster")
    if differences:
        raise SystemExit("the answers differ: the timing means nothing")


if __name__ == "__main__":
    main()
