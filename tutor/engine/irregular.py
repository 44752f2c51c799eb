"""The shapes that are not four sets and a pair: seven pairs, thirteen
orphans and MCR's knitted shapes (组合龙, 全不靠, 七星不靠), stated once.

What each shape is (`shapes` reads hands by it), which tile finishes it
(`waits`), how far a hand is from it (`efficiency`), and the knitted sets
MCR's counting looks for, all come from here.  Riichi wants seven different
pairs; MCR lets four of a kind be two pairs.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from operator import itemgetter
from typing import Final

from tutor.engine.rules import Rules
from tutor.engine.tiles import COPIES, EAST, HONOURS, TERMINALS_AND_HONOURS, TILE_KINDS, Tile

COMPLETE: Final = -1
"""The figure of a complete shape, as `efficiency` counts shanten."""

KNITTED_SETS: Final = tuple(
    tuple(sorted(suit * 9 + rank for suit, start in enumerate(order) for rank in (start, start + 3, start + 6)))
    for order in permutations(range(3))
)
"""The six knitted sets: 147 in one suit, 258 in another, 369 in the third."""
KNITTED_KINDS: Final = tuple(frozenset(knitted) for knitted in KNITTED_SETS)
"""The same sets as sets of tiles, in the same order."""

ORPHANS: Final = frozenset(TERMINALS_AND_HONOURS)
"""The thirteen kinds of thirteen orphans."""
orphan_counts: Final = itemgetter(*TERMINALS_AND_HONOURS)
"""The counts of the thirteen orphan kinds, from a 34-long count array."""


# ---------------------------------------------------------------------------
# Complete shapes (fourteen tiles).


def is_seven_pairs(counts: Sequence[int], rules: Rules) -> bool:
    """Fourteen concealed tiles as seven pairs; riichi wants seven different
    kinds, MCR lets four of a kind count as two pairs."""
    if sum(counts) != 14 or any(count % 2 for count in counts):
        return False
    return rules is Rules.MCR or all(count in (0, 2) for count in counts)


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    return (
        sum(counts) == 14
        and all(counts[tile] >= 1 for tile in TERMINALS_AND_HONOURS)
        and sum(counts[tile] for tile in TERMINALS_AND_HONOURS) == 14
    )


def knitted_set_within(counts: Sequence[int]) -> tuple[Tile, ...] | None:
    """The first knitted set all of whose tiles `counts` holds."""
    for knitted in KNITTED_SETS:
        if all(counts[tile] >= 1 for tile in knitted):
            return knitted
    return None


def honours_and_knitted_set(counts: Sequence[int]) -> tuple[Tile, ...] | None:
    """全不靠 / 七星不靠: fourteen different tiles, each an honour or in one
    knitted set; that set, or None where the tiles are no such shape."""
    if sum(counts) != 14 or any(count > 1 for count in counts):
        return None
    numbers = {tile for tile in range(EAST) if counts[tile]}
    for knitted, kinds in zip(KNITTED_SETS, KNITTED_KINDS, strict=True):
        if numbers <= kinds:
            return knitted
    return None


# ---------------------------------------------------------------------------
# Finishing tiles (thirteen tiles).


def seven_pairs_winner(counts: Sequence[int], rules: Rules) -> Tile | None:
    """The tile that finishes seven pairs, or None."""
    if sum(counts) != 13:
        return None
    odd = [tile for tile in range(TILE_KINDS) if counts[tile] % 2]
    if len(odd) != 1:
        return None
    if rules is Rules.RIICHI and (counts[odd[0]] != 1 or any(count > 2 for count in counts)):
        return None
    return odd[0]


def thirteen_orphans_winners(counts: Sequence[int]) -> list[Tile]:
    """The tiles that finish thirteen orphans: the missing kind, or all
    thirteen when every kind is held once."""
    if sum(counts[tile] for tile in TERMINALS_AND_HONOURS) != 13 or sum(counts) != 13:
        return []
    missing = [tile for tile in TERMINALS_AND_HONOURS if counts[tile] == 0]
    if not missing:
        return list(TERMINALS_AND_HONOURS)
    if len(missing) == 1 and max(counts) == 2:
        return missing
    return []


# ---------------------------------------------------------------------------
# Distance from each shape (shanten).


def seven_pairs_shanten(counts: list[int], rules: Rules = Rules.RIICHI) -> int:
    """Seven pairs: riichi wants seven different pairs, so a hand with fewer
    than seven kinds must find new ones; MCR lets four of a kind be two pairs
    (and so counts 连七对 among them)."""
    absent = counts.count(0)
    singles = counts.count(1)
    if rules is Rules.MCR:
        # Every kind held twice or more gives a pair, four of a kind two.
        pairs = TILE_KINDS - absent - singles + counts.count(4)
        return COMPLETE if pairs >= 7 else 6 - pairs
    pairs = TILE_KINDS - absent - singles
    if pairs == 7:
        return COMPLETE
    kinds = TILE_KINDS - absent
    return 6 - pairs + max(0, 7 - kinds)


def thirteen_orphans_shanten(counts: Sequence[int]) -> int:
    held: tuple[int, ...] = orphan_counts(counts)
    kinds = len(held) - held.count(0)
    doubled = kinds > held.count(1)
    return 13 - kinds - (1 if doubled else 0)


def honours_and_knitted_shanten(counts: Sequence[int]) -> int:
    """全不靠: fourteen different tiles among one knitted set and the honours."""
    honours = sum(1 for tile in HONOURS if counts[tile])
    knitted = max(sum(1 for tile in knitted if counts[tile]) for knitted in KNITTED_SETS)
    return 13 - honours - knitted


def dead_knitted(knitted: Sequence[Tile], counts: Sequence[int], held: Sequence[int]) -> bool:
    """Whether a knitted set misses a tile all four copies of which are in
    sight (in the calls): that route can never be finished, so it is not
    counted.  Only calls can do this; a concealed hand's missing tile always
    has unseen copies."""
    return any(not counts[tile] and held[tile] >= COPIES for tile in knitted)
