"""Sets and partial sets as document 000 names them (멘쯔, 타쯔).

A group of two tiles is a partial set (taatsu) or a pair, or nothing useful; a
group of three or four is a set, or nothing.  The ids are the quiz kind
`sets` answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from tutor.engine.tiles import EAST, Tile


class GroupKind(Enum):
    SHUNTSU = "shuntsu"
    """슌쯔: three consecutive number tiles of one suit."""
    KOUTSU = "koutsu"
    """커쯔: three of a kind."""
    KANTSU = "kantsu"
    """깡쯔: four of a kind."""
    PENTA = "penta"
    """펜타쯔 (辺塔子): 12 or 89 of one suit, waiting on one end only."""
    KANTA = "kanta"
    """칸타쯔 (嵌塔子): two number tiles with one missing between."""
    RYANTA = "ryanta"
    """량타쯔 (兩塔子): two consecutive number tiles without a 1 or 9."""
    TOITSU = "toitsu"
    """또이쯔 (對子): two of a kind, the pair of a hand."""


SETS = (GroupKind.SHUNTSU, GroupKind.KOUTSU, GroupKind.KANTSU)
PARTIAL_SETS = (GroupKind.PENTA, GroupKind.KANTA, GroupKind.RYANTA, GroupKind.TOITSU)


@dataclass(frozen=True, slots=True)
class Group:
    """What a group of tiles is.  `kind` is None when it is no set or partial
    set; `open` is whether it was called (밍커, 밍깡) or concealed (안커, 안깡)."""

    tiles: tuple[Tile, ...]
    kind: GroupKind | None
    open: bool = False

    @property
    def is_set(self) -> bool:
        return self.kind in SETS

    @property
    def is_partial(self) -> bool:
        return self.kind in PARTIAL_SETS


def classify_group(tiles: Sequence[Tile], open: bool = False) -> Group:
    """Name a group of 2, 3 or 4 tiles; other sizes are no group."""
    ordered = tuple(sorted(tiles))
    return Group(ordered, _kind(ordered), open)


def _kind(tiles: tuple[Tile, ...]) -> GroupKind | None:
    same = len(set(tiles)) == 1
    if len(tiles) == 4:
        return GroupKind.KANTSU if same else None
    if len(tiles) == 3:
        if same:
            return GroupKind.KOUTSU
        first = tiles[0]
        run = first < EAST and first % 9 <= 6 and tiles == (first, first + 1, first + 2)
        return GroupKind.SHUNTSU if run else None
    if len(tiles) != 2:
        return None
    low, high = tiles
    if low == high:
        return GroupKind.TOITSU
    if high >= EAST or low // 9 != high // 9:
        return None
    if high - low == 2:
        return GroupKind.KANTA
    if high - low == 1:
        return GroupKind.PENTA if low % 9 in (0, 7) else GroupKind.RYANTA
    return None
