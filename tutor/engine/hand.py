"""A hand as the notation describes it: concealed tiles plus called melds."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from tutor.engine.tiles import TILE_KINDS, Tile


class MeldKind(Enum):
    """How a declared meld was made; the notation tells them apart by brackets."""

    CHI = "chi"
    """A run called from the player on the left: `[234m]`."""
    PON = "pon"
    """Three of a kind called from anyone: `[555z]`."""
    OPEN_KAN = "open_kan"
    """Four of a kind with a called tile (대밍깡 or 가깡): `[5555z]`."""
    CLOSED_KAN = "closed_kan"
    """Four of a kind from the player's own draws (안깡): `(1111m)`."""


_CLOSED_KAN = MeldKind.CLOSED_KAN
"""Bound once: on Python 3.11 reading an enum member off its class is slow."""


@dataclass(frozen=True, slots=True)
class Meld:
    """One declared meld.  `tiles` is sorted."""

    kind: MeldKind
    tiles: tuple[Tile, ...]

    @property
    def is_open(self) -> bool:
        """Whether the meld opens the hand; a concealed kan does not."""
        return self.kind is not MeldKind.CLOSED_KAN

    @property
    def is_kan(self) -> bool:
        return self.kind in (MeldKind.OPEN_KAN, MeldKind.CLOSED_KAN)

    @property
    def first(self) -> Tile:
        return self.tiles[0]


@dataclass(frozen=True, slots=True)
class Hand:
    """Concealed tiles (sorted, the winning tile among them when scoring),
    declared melds in the order written, and MCR flowers set aside."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    flowers: tuple[int, ...] = field(default=())

    @property
    def tile_count(self) -> int:
        """Tiles as a hand counts them: each kan counts as three."""
        return len(self.concealed) + 3 * len(self.melds)

    @property
    def is_closed(self) -> bool:
        """No meld but concealed kans (멘젠)."""
        # A loop, not any() over a generator: scoring asks this of every hand.
        for meld in self.melds:  # noqa: SIM110
            if meld.kind is not _CLOSED_KAN:
                return False
        return True

    def concealed_counts(self) -> list[int]:
        """The concealed tiles as a 34-long count array."""
        counts = [0] * TILE_KINDS
        for tile in self.concealed:
            counts[tile] += 1
        return counts

    def all_counts(self) -> list[int]:
        """Every physical tile of the hand, kans as four, as a count array."""
        counts = self.concealed_counts()
        for meld in self.melds:
            for tile in meld.tiles:
                counts[tile] += 1
        return counts

    def with_tile(self, tile: Tile) -> Hand:
        """This hand with one more concealed tile."""
        return Hand(tuple(sorted((*self.concealed, tile))), self.melds, self.flowers)

    def without_tile(self, tile: Tile) -> Hand:
        """This hand with one concealed copy of `tile` removed."""
        concealed = list(self.concealed)
        concealed.remove(tile)
        return Hand(tuple(concealed), self.melds, self.flowers)
