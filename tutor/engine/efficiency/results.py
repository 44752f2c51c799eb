"""What the efficiency count answers: shanten by shape, ukeire, and the
discards of a 14-tile hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tutor.engine.tiles import Tile
from tutor.engine.waits import Wait

COMPLETE: Final = -1
TENPAI: Final = 0


@dataclass(slots=True)
class Shanten:
    """A hand's distance from tenpai: the minimum over the shapes its rules
    accept, and each shape's own figure (None where the shape cannot be
    made, such as seven pairs with a called set).  Not frozen: one is made
    for every hand counted, and a frozen dataclass is slower to build."""

    shanten: int
    regular: int
    seven_pairs: int | None = None
    thirteen_orphans: int | None = None
    knitted_straight: int | None = None
    """MCR 组合龙 with one more set and a pair."""
    honours_and_knitted: int | None = None
    """MCR 全不靠 (七星不靠 is the same shape holding all seven honours)."""

    def by_shape(self) -> dict[str, int]:
        """Each shape that can be made, by the name `shapes.ShapeKind` gives it."""
        figures = {
            "regular": self.regular,
            "seven_pairs": self.seven_pairs,
            "thirteen_orphans": self.thirteen_orphans,
            "knitted_straight": self.knitted_straight,
            "honours_and_knitted": self.honours_and_knitted,
        }
        return {name: value for name, value in figures.items() if value is not None}


@dataclass(frozen=True, slots=True)
class TileCount:
    """A tile that improves a hand and how many copies of it are unseen."""

    tile: Tile
    count: int


@dataclass(frozen=True, slots=True)
class Ukeire:
    """The tiles that lower a 13-tile hand's shanten, in tile order, and how
    many copies of them are still unseen from the hand's point of view."""

    tiles: tuple[TileCount, ...]

    @property
    def count(self) -> int:
        return sum(item.count for item in self.tiles)


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One discard of a 14-tile hand and the 13-tile hand it leaves."""

    discard: Tile
    shanten: int
    ukeire: Ukeire
    """Counted with the discarded copy in sight, as Tenhou counts it: for
    `123m456p789s11z222z`, discard 2m accepts 2m x3 (not x4)."""
    waits: tuple[Wait, ...]
    """The waits when the discard leaves the hand tenpai."""
