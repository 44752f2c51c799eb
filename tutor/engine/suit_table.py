"""Whether the tiles of one suit can be split into sets, with or without a pair.

A hand is complete exactly when every suit splits on its own, so the question
is asked once per suit and the answer is memoised by the suit's count vector
packed into a base-5 integer (see `suit_keys`).  There are fewer than 2 million such vectors and
real hands touch a few thousand, so the cache stays small; this is what makes
checking all 34 candidate tiles of a wait cheap.
"""

from __future__ import annotations

from typing import Final

from tutor.engine.memo import memo
from tutor.engine.suit_keys import HONOUR_SUIT, PLACE, unpack

MELDS_ONLY: Final = 1
"""Bit set when the suit splits into sets alone."""
WITH_PAIR: Final = 2
"""Bit set when the suit splits into sets and exactly one pair."""

_number_cache: dict[int, int] = memo("suit_table.number_cache", {})
_honour_cache: dict[int, int] = memo("suit_table.honour_cache", {})


def _splits_into_sets(counts: list[int]) -> bool:
    """Runs and triplets only.  For the lowest rank left, three identical runs
    are the same tiles as three triplets, so taking `count % 3` runs and the
    rest as triplets loses no split: one pass decides."""
    c = counts[:]
    for rank in range(9):
        runs = c[rank] % 3
        if runs:
            if rank > 6 or c[rank + 1] < runs or c[rank + 2] < runs:
                return False
            c[rank + 1] -= runs
            c[rank + 2] -= runs
    return True


def number_suit_state(key: int) -> int:
    """MELDS_ONLY and WITH_PAIR bits for a number suit packed by `suit_keys.pack`."""
    state = _number_cache.get(key)
    if state is None:
        counts = unpack(key, 9)
        total = sum(counts)
        state = 0
        if total % 3 == 0 and _splits_into_sets(counts):
            state |= MELDS_ONLY
        if total % 3 == 2:
            for rank in range(9):
                if counts[rank] >= 2:
                    counts[rank] -= 2
                    found = _splits_into_sets(counts)
                    counts[rank] += 2
                    if found:
                        state |= WITH_PAIR
                        break
        _number_cache[key] = state
    return state


def honour_suit_state(key: int) -> int:
    """MELDS_ONLY and WITH_PAIR bits for the seven honours packed by `suit_keys.pack`.
    Honours make no runs: every kind must be 0 or 3, and one may be 2."""
    state = _honour_cache.get(key)
    if state is None:
        counts = unpack(key, 7)
        pairs = counts.count(2)
        if all(count in (0, 2, 3) for count in counts):
            state = MELDS_ONLY if pairs == 0 else WITH_PAIR if pairs == 1 else 0
        else:
            state = 0
        _honour_cache[key] = state
    return state


_completing_cache: dict[tuple[int, bool], tuple[int, ...]] = memo("suit_table.completing_cache", {})


def completing_ranks(key: int, honour: bool) -> tuple[int, ...]:
    """The ranks whose tile, added to this suit, leaves it splitting as a
    hand needs: into sets and a pair when the suit now holds 3n+1 tiles, into
    sets alone when it holds 3n+2.  A rank already held four times is left out."""
    cached = _completing_cache.get((key, honour))
    if cached is None:
        length = 7 if honour else 9
        counts = unpack(key, length)
        wanted = WITH_PAIR if sum(counts) % 3 == 1 else MELDS_ONLY
        lookup = honour_suit_state if honour else number_suit_state
        cached = tuple(rank for rank in range(length) if counts[rank] < 4 and lookup(key + PLACE[rank]) & wanted)
        _completing_cache[(key, honour)] = cached
    return cached


def suit_state(suit: int, key: int) -> int:
    """The table bits of suit 0-3 (m, p, s, honours) packed as `key`."""
    return honour_suit_state(key) if suit == HONOUR_SUIT else number_suit_state(key)
