"""The regular shape (four sets and a pair) of a whole hand, from its
suits' tables, and the knitted straight, which is a regular count of what
the knitted tiles leave."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine.efficiency.results import COMPLETE
from tutor.engine.efficiency.suit_tables import honour_table, number_table, number_table_memo
from tutor.engine.efficiency.tables import EMPTY_TABLE, MAX_SETS, NO_FIGURE, join, table_shanten
from tutor.engine.irregular import (
    KNITTED_SETS,
    dead_knitted,
)
from tutor.engine.suit_keys import (
    BIT_OF,
    PLACE_OF,
    SUIT_OF,
    keys_of_counts,
)
from tutor.engine.tiles import COPIES, TILE_KINDS

# ---------------------------------------------------------------------------
# Counting a hand.


def exhausted_masks(held: Sequence[int]) -> list[int]:
    """Per suit, the ranks all four copies of which are in the hand or its melds."""
    masks = [0, 0, 0, 0]
    if COPIES in held:
        for tile in range(TILE_KINDS):
            if held[tile] >= COPIES:
                masks[SUIT_OF[tile]] |= BIT_OF[tile]
    return masks


def hand_table(keys: Sequence[int], masks: Sequence[int]) -> tuple[int, int]:
    """The table of a whole hand's concealed tiles, and its honour quads."""
    # The memo is read here first: this runs for every hand and every draw.
    tables = number_table_memo
    first = (tables.get(keys[0] * 512 + masks[0]) or number_table(keys[0], masks[0])) if keys[0] else EMPTY_TABLE
    second = (tables.get(keys[1] * 512 + masks[1]) or number_table(keys[1], masks[1])) if keys[1] else EMPTY_TABLE
    third = (tables.get(keys[2] * 512 + masks[2]) or number_table(keys[2], masks[2])) if keys[2] else EMPTY_TABLE
    honours, quads = honour_table(keys[3], masks[3])
    return join(join(join(first, second), third), honours), quads


def regular_from_keys(keys: Sequence[int], masks: Sequence[int], size: int) -> int:
    """Regular shanten of concealed tiles given by suit keys; `size` is their
    number (3n+1 or 3n+2), which says how many sets are called."""
    table, quads = hand_table(keys, masks)
    return bounded(table_shanten(table, (14 - size) // 3), quads, size)


def regular_shanten(counts: Sequence[int], held: Sequence[int] | None = None) -> int:
    """The regular shanten of concealed counts (3n+1 or 3n+2 tiles up to 14;
    the missing sets are taken as called).  `held` counts every tile of the
    hand with its melds, whose copies are all in sight; the concealed counts
    when None, which is all the `mahjong` library is told."""
    size = sum(counts)
    if size % 3 == 0 or size > 14:
        raise ValueError(f"a hand to count has 3n+1 or 3n+2 tiles up to 14, not {size}")
    return regular_from_keys(keys_of_counts(counts), exhausted_masks(held or counts), size)


def knitted_straight_shanten(counts: Sequence[int], held: Sequence[int], called: int, above: int | None = None) -> int:
    """组合龙 with one more set and a pair: the knitted tiles still missing,
    plus the regular shanten of the rest with three sets taken as made.
    Exact when below `above` (or with no `above`); otherwise `above` (a
    caller that only wants to know whether it beats a figure need not count
    the rest).  A hand holding no tile of some knitted set and nothing that
    pairs can be 9 or more from it (`19m19p19s1234567z`: 9)."""
    best = NO_FIGURE if above is None else above
    masks = exhausted_masks(held)
    keys = keys_of_counts(counts)
    for knitted in KNITTED_SETS:
        if dead_knitted(knitted, counts, held):
            continue
        rest = list(keys)
        missing = 0
        for tile in knitted:
            if counts[tile]:
                rest[SUIT_OF[tile]] -= PLACE_OF[tile]
            else:
                missing += 1
        # The rest is at best complete (-1): no better than `best` otherwise.
        if missing - 1 < best:
            best = min(best, _knitted_rest(rest, masks, called) + missing)
    return best


def _knitted_rest(keys: Sequence[int], masks: Sequence[int], called: int) -> int:
    """The regular shanten of what a knitted straight leaves, three sets
    taken as made.  No honour-quad bound here: the rest may hold more tiles
    than it needs, and a loose fourth honour is then simply thrown away
    (MahjongGB's `KnittedStraightShanten` counts it so too)."""
    return table_shanten(hand_table(keys, masks)[0], min(3 + called, MAX_SETS))


def bounded(result: int, quads: int, size: int) -> int:
    """A regular count with the honour-quad bound: an honour held four times
    leaves a loose copy that can never pair (one such copy is the discard
    of a 14-tile hand)."""
    if quads and size % 3 == 2:
        quads -= 1
    return result if result == COMPLETE else max(result, quads)
