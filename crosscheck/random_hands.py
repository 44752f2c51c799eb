"""Seeded random hands for the differential tests and the benchmarks.

Each generator takes a `random.Random` so a failing hand can be rebuilt from
its seed.  The mix leans towards hands that are tenpai or complete, because
random draws from a full wall almost never are and would test little.
"""

from __future__ import annotations

import random

from tutor.engine.hand import Hand
from tutor.engine.tiles import TILE_KINDS
from tutor.quiz.deal import (
    drop_one,
    one_suit_pool,
    random_complete,
    random_seven_pairs,
    random_thirteen_orphans,
    random_wall_hand,
)

__all__ = [
    "drop_one",
    "mixed_13_tile_hand",
    "one_suit_pool",
    "random_complete",
    "random_seven_pairs",
    "random_thirteen_orphans",
    "random_wall_hand",
]


def mixed_13_tile_hand(rng: random.Random) -> Hand:
    """The differential mix of waiting-or-not 13-tile hands."""
    roll = rng.random()
    if roll < 0.35:
        return drop_one(rng, random_complete(rng))
    if roll < 0.55:
        return drop_one(rng, random_complete(rng, one_suit_pool(rng), max_melds=1))
    if roll < 0.70:
        return random_wall_hand(rng, 13, one_suit_pool(rng))
    if roll < 0.78:
        return drop_one(rng, random_seven_pairs(rng))
    if roll < 0.83:
        return drop_one(rng, random_thirteen_orphans(rng))
    if roll < 0.90:
        # Two tiles swapped out: often one step from tenpai, sometimes still tenpai.
        hand = drop_one(rng, random_complete(rng))
        if hand.concealed:
            hand = hand.without_tile(rng.choice(hand.concealed))
            extra = rng.randrange(TILE_KINDS)
            if hand.all_counts()[extra] < 4:
                return hand.with_tile(extra)
        return drop_one(rng, random_complete(rng))
    return random_wall_hand(rng, 13)
