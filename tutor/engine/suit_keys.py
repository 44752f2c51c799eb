"""A hand's tiles packed suit by suit: the one statement of how a suit's
counts become an integer key, which the completeness table, the shape
readings, the waits, the shanten count and MCR all look things up by.

A suit's key is its count vector read in base 5 (rank 1 the least
significant place); a hand's four keys can also be held at once in one wide
int, 21 bits a suit, so that adding up its tiles' places gives them all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tutor.engine.tiles import TILE_KINDS, Tile

SUIT_STARTS: Final = (0, 9, 18, 27)
SUIT_LENGTHS: Final = (9, 9, 9, 7)
HONOUR_SUIT: Final = 3

PLACE: Final = tuple(5**rank for rank in range(9))
"""The base-5 place value of each rank, for packing a suit's counts."""
SUIT_OF: Final = tuple(tile // 9 for tile in range(TILE_KINDS))
"""The suit index (0 m, 1 p, 2 s, 3 honours) of each tile."""
PLACE_OF: Final = tuple(5 ** (tile % 9) for tile in range(TILE_KINDS))
"""What one copy of each tile adds to its suit's packed key."""
BIT_OF: Final = tuple(1 << (tile % 9) for tile in range(TILE_KINDS))
"""Each tile's rank as one bit of a per-suit mask."""

WIDE_SUIT_BITS: Final = 21
"""Bits a suit takes in a wide key: a suit key is below 5**9 < 2**21."""
SUIT_MASK: Final = (1 << WIDE_SUIT_BITS) - 1
WIDE_PLACE_OF: Final = tuple(PLACE_OF[tile] << (WIDE_SUIT_BITS * SUIT_OF[tile]) for tile in range(TILE_KINDS))
"""Each tile's place in all four suit keys at once, so a hand's keys are one sum."""
WIDE_SHIFT_OF: Final = tuple(WIDE_SUIT_BITS * SUIT_OF[tile] for tile in range(TILE_KINDS))
"""Where each tile's suit key lies in a wide key."""


def pack(counts: Sequence[int], start: int, length: int) -> int:
    """The count vector counts[start:start+length] as a base-5 integer."""
    key = 0
    for offset in range(length - 1, -1, -1):
        key = key * 5 + counts[start + offset]
    return key


def unpack(key: int, length: int) -> list[int]:
    """The counts a key made by `pack` holds, lowest rank first."""
    counts = []
    for _ in range(length):
        counts.append(key % 5)
        key //= 5
    return counts


def keys_of_counts(counts: Sequence[int]) -> list[int]:
    """The four suit keys of a 34-long count array."""
    keys = [0, 0, 0, 0]
    for tile in range(TILE_KINDS):
        if counts[tile]:
            keys[SUIT_OF[tile]] += counts[tile] * PLACE_OF[tile]
    return keys


def keys_and_sizes(tiles: Sequence[Tile]) -> tuple[list[int], list[int]]:
    """Each suit's packed key and size, from the tiles directly (cheaper
    than packing a 34-long count array)."""
    keys = [0, 0, 0, 0]
    sizes = [0, 0, 0, 0]
    for tile in tiles:
        suit = SUIT_OF[tile]
        keys[suit] += PLACE_OF[tile]
        sizes[suit] += 1
    return keys, sizes


def wide_key(tiles: Sequence[Tile]) -> int:
    """The four suit keys of `tiles` in one int (see `split_wide`)."""
    return sum(map(WIDE_PLACE_OF.__getitem__, tiles))


def split_wide(wide: int) -> list[int]:
    """The four suit keys a wide key holds."""
    return [wide & SUIT_MASK, wide >> 21 & SUIT_MASK, wide >> 42 & SUIT_MASK, wide >> 63]
