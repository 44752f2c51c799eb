"""A hand's tiles in the form the counting changes in place."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.efficiency.regular import exhausted_masks
from tutor.engine.hand import Hand, Meld
from tutor.engine.suit_keys import (
    BIT_OF,
    PLACE_OF,
    SUIT_OF,
)
from tutor.engine.tiles import COPIES, TILE_KINDS, Tile


@dataclass(slots=True)
class HeldTiles:
    """A hand's tiles as the counting needs them, changed in place as tiles
    are drawn and discarded: concealed counts, every held copy (melds too),
    each suit's packed key and the ranks held four times."""

    counts: list[int]
    held: list[int]
    keys: list[int]
    masks: list[int]
    size: int
    called: int
    melds: tuple[Meld, ...] = ()

    @classmethod
    def of(cls, hand: Hand) -> HeldTiles:
        counts = [0] * TILE_KINDS
        keys = [0, 0, 0, 0]
        for tile in hand.concealed:
            counts[tile] += 1
            keys[SUIT_OF[tile]] += PLACE_OF[tile]
        held = list(counts)
        for meld in hand.melds:
            for tile in meld.tiles:
                held[tile] += 1
        return cls(counts, held, keys, exhausted_masks(held), len(hand.concealed), len(hand.melds), hand.melds)

    def kinds(self) -> list[Tile]:
        """The kinds among the concealed tiles, in tile order: each distinct discard."""
        counts = self.counts
        return [tile for tile in range(TILE_KINDS) if counts[tile]]

    def hand(self) -> Hand:
        return Hand(tuple(tile for tile in range(TILE_KINDS) for _ in range(self.counts[tile])), self.melds)

    def add(self, tile: Tile, step: int) -> None:
        """Draw a tile (step 1) or give one back (step -1)."""
        self.counts[tile] += step
        self.held[tile] += step
        self.keys[SUIT_OF[tile]] += step * PLACE_OF[tile]
        self.size += step
        if self.held[tile] == COPIES:
            self.masks[SUIT_OF[tile]] |= BIT_OF[tile]
        else:
            self.masks[SUIT_OF[tile]] &= ~BIT_OF[tile]
