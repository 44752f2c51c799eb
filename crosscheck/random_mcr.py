"""Seeded random MCR winning hands: regular hands from the riichi mix (called
and concealed sets and kongs) plus every MCR special shape, with flowers,
every flag and every wind."""

from __future__ import annotations

import random

from crosscheck.random_hands import random_complete
from crosscheck.random_wins import random_winning_hand
from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.irregular import KNITTED_SETS
from tutor.engine.mcr.context import McrContext
from tutor.engine.tiles import HONOURS, TILE_KINDS, WINDS


def _knitted_straight(rng: random.Random) -> Hand:
    for _ in range(1000):
        knitted = list(rng.choice(KNITTED_SETS))
        rest = random_complete(rng, max_melds=1)
        # Keep one set (maybe called) and the pair of a regular hand.
        pair = next(t for t in rest.concealed if rest.concealed.count(t) >= 2)
        if rest.melds and rng.random() < 0.4:
            melds: tuple[Meld, ...] = (rest.melds[0],)
            extra: list[int] = []
        else:
            melds = ()
            first = rng.randrange(TILE_KINDS)
            extra = (
                [first, first + 1, first + 2] if first < 27 and first % 9 <= 6 and rng.random() < 0.6 else [first] * 3
            )
        tiles = sorted([*knitted, *extra, pair, pair])
        counts = [0] * TILE_KINDS
        for tile in tiles + [t for m in melds for t in m.tiles]:
            counts[tile] += 1
        if max(counts) <= 4:
            return Hand(tuple(tiles), melds)
    raise ValueError("no knitted straight hand drawn")


def _honours_and_knitted(rng: random.Random) -> Hand:
    knitted = list(rng.choice(KNITTED_SETS))
    honours = len(HONOURS) if rng.random() < 0.3 else rng.choice((5, 6))
    numbers = 14 - honours
    return Hand(tuple(sorted(rng.sample(knitted, numbers) + rng.sample(HONOURS, honours))))


def _seven_pairs_with_a_four(rng: random.Random) -> Hand:
    kinds = rng.sample(range(TILE_KINDS), 6)
    return Hand(tuple(sorted(kinds[:5] * 2 + [kinds[5]] * 4)))


def _seven_shifted_pairs(rng: random.Random) -> Hand:
    start = rng.randrange(3) * 9 + rng.randrange(3)
    return Hand(tuple(sorted(list(range(start, start + 7)) * 2)))


def random_mcr_hand(rng: random.Random) -> Hand:
    roll = rng.random()
    if roll < 0.08:
        return _knitted_straight(rng)
    if roll < 0.12:
        return _honours_and_knitted(rng)
    if roll < 0.15:
        return _seven_pairs_with_a_four(rng)
    if roll < 0.17:
        return _seven_shifted_pairs(rng)
    if roll < 0.20:
        # A complete hand with one tile changed: mostly not a win, for the refusals.
        hand = random_winning_hand(rng)
        changed = hand.without_tile(rng.choice(hand.concealed))
        extra = rng.randrange(TILE_KINDS)
        return changed.with_tile(extra) if changed.all_counts()[extra] < 4 else hand
    return random_winning_hand(rng)


def random_mcr_context(rng: random.Random, hand: Hand) -> McrContext:
    win = rng.choice(hand.concealed)
    self_drawn = rng.random() < 0.4
    held_elsewhere = hand.concealed.count(win) > 1 or any(win in meld.tiles for meld in hand.melds)
    has_kong = any(meld.kind in (MeldKind.OPEN_KAN, MeldKind.CLOSED_KAN) for meld in hand.melds)
    last_tile = hand.concealed.count(win) == 1 and rng.random() < 0.12
    kong = (has_kong and rng.random() < 0.3) if self_drawn else (not held_elsewhere and rng.random() < 0.1)
    return McrContext(
        win_tile=win,
        self_drawn=self_drawn,
        seat=rng.choice(WINDS),
        prevalent=rng.choice(WINDS),
        flowers=rng.choice((0, 0, 0, 1, 2, 3, 8)),
        last_tile=last_tile,
        kong=kong,
        wall_last=rng.random() < 0.06,
    )
