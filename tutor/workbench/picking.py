"""A hand built tile by tile, as the workbench's tile picker builds it.

Pure data: the picker widget draws a `Picked` and turns keys and clicks into
these operations, each of which returns a new `Picked` (or the same one when
the operation is not possible, such as a fifth copy).  `notation` writes it
exactly as `typed_notation` writes a typed hand, so picking and typing give
the same text.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.tiles import COPIES, FLOWER_COUNT, Tile
from tutor.workbench.analysis import typed_notation

MAX_TILES = 14
"""A hand's largest size, each kan counted as three."""


@dataclass(frozen=True, slots=True)
class Picked:
    """Concealed tiles in the order picked, the melds made, the flowers, and
    which concealed tile is the winning tile (the last picked, unless marked)."""

    concealed: tuple[Tile, ...] = ()
    melds: tuple[Meld, ...] = ()
    flowers: tuple[int, ...] = ()
    win: int | None = None
    """Index into `concealed` of the winning tile; None means the last one."""

    @property
    def tile_count(self) -> int:
        return len(self.concealed) + 3 * len(self.melds)

    @property
    def win_index(self) -> int | None:
        if not self.concealed:
            return None
        return self.win if self.win is not None and self.win < len(self.concealed) else len(self.concealed) - 1

    def copies(self, tile: Tile) -> int:
        return self.concealed.count(tile) + sum(meld.tiles.count(tile) for meld in self.melds)

    def pick(self, tile: Tile) -> Picked:
        """One more concealed tile, unless the hand is full or holds all four."""
        if self.tile_count >= MAX_TILES or self.copies(tile) >= COPIES:
            return self
        return replace(self, concealed=(*self.concealed, tile))

    def pick_flower(self, flower: int) -> Picked:
        if flower in self.flowers or not 1 <= flower <= FLOWER_COUNT:
            return self
        return replace(self, flowers=tuple(sorted((*self.flowers, flower))))

    def remove(self, index: int) -> Picked:
        """Take out one concealed tile; the winning tile mark stays on its tile."""
        if not 0 <= index < len(self.concealed):
            return self
        win = self.win
        if win is not None:
            win = None if win == index else (win - 1 if win > index else win)
        return replace(self, concealed=self.concealed[:index] + self.concealed[index + 1 :], win=win)

    def remove_meld(self, index: int) -> Picked:
        """A meld back into concealed tiles, so it can be made again another way."""
        if not 0 <= index < len(self.melds):
            return self
        meld = self.melds[index]
        return replace(
            self, melds=self.melds[:index] + self.melds[index + 1 :], concealed=(*self.concealed, *meld.tiles)
        )

    def remove_flower(self, flower: int) -> Picked:
        return replace(self, flowers=tuple(f for f in self.flowers if f != flower))

    def mark_win(self, index: int) -> Picked:
        return replace(self, win=index) if 0 <= index < len(self.concealed) else self

    def make_meld(self, indices: tuple[int, ...], kind: MeldKind) -> Picked:
        """Selected concealed tiles as a chi, pon, open kan or concealed kan;
        the same Picked when they do not make one."""
        tiles = tuple(sorted(self.concealed[index] for index in indices))
        if not meld_fits(tiles, kind) or len(self.melds) >= 4:
            return self
        kept = tuple(tile for index, tile in enumerate(self.concealed) if index not in indices)
        return replace(self, concealed=kept, melds=(*self.melds, Meld(kind, tiles)), win=None)

    def hand(self) -> Hand:
        return Hand(tuple(sorted(self.concealed)), self.melds, self.flowers)

    def notation(self) -> str:
        index = self.win_index
        win = self.concealed[index] if index is not None and self.tile_count == MAX_TILES else None
        return typed_notation(self.hand(), win) if self.concealed or self.melds or self.flowers else ""


def meld_fits(tiles: tuple[Tile, ...], kind: MeldKind) -> bool:
    """Whether sorted tiles make a meld of this kind."""
    same = len(set(tiles)) == 1
    if kind is MeldKind.CHI:
        first = tiles[0] if tiles else 0
        return len(tiles) == 3 and first < 27 and first % 9 <= 6 and tiles == (first, first + 1, first + 2)
    if kind is MeldKind.PON:
        return len(tiles) == 3 and same
    return len(tiles) == 4 and same


def picked_from(hand: Hand, win: Tile | None) -> Picked:
    """A typed hand in the picker: the winning tile picked last."""
    concealed = list(hand.concealed)
    if win is not None and win in concealed:
        concealed.remove(win)
        concealed.append(win)
    return Picked(tuple(concealed), hand.melds, hand.flowers)
