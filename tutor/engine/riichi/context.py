"""How a riichi hand was won: the winning tile, ron or tsumo, winds, flags, dora, red fives."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from tutor.engine.tiles import EAST, Tile


class Flag(StrEnum):
    """Situations that the tiles alone do not show (design brief section 4).

    A StrEnum so that a flag hashes and compares as its name: scoring asks
    about flags in its inner loop, and a plain Enum hashes in Python code."""

    RIICHI = "riichi"
    DOUBLE_RIICHI = "double_riichi"
    IPPATSU = "ippatsu"
    RINSHAN = "rinshan"
    CHANKAN = "chankan"
    HAITEI = "haitei"
    HOUTEI = "houtei"
    TENHOU = "tenhou"
    CHIIHOU = "chiihou"
    RENHOU = "renhou"


@dataclass(frozen=True, slots=True)
class WinContext:
    """Everything about a win besides the tiles."""

    win_tile: Tile
    tsumo: bool = False
    seat: Tile = EAST
    """The seat wind tile (27-30); East is the dealer (친)."""
    round: Tile = EAST
    """The round wind tile (27-30)."""
    flags: frozenset[Flag] = field(default_factory=frozenset)
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    red: tuple[Tile, ...] = ()
    """The red fives among the hand's tiles (aka dora), each as the kind of
    its five: one dora each, like the dora the indicators point at."""

    def __post_init__(self) -> None:
        # Scoring looks a hand's flags up in a memo, so they must hash: a
        # set (or list) of flags given by a caller is kept as a frozenset.
        if type(self.flags) is not frozenset:
            object.__setattr__(self, "flags", frozenset(self.flags))

    @property
    def dealer(self) -> bool:
        return self.seat == EAST

    @property
    def riichi(self) -> bool:
        return Flag.RIICHI in self.flags or Flag.DOUBLE_RIICHI in self.flags

    def has(self, flag: Flag) -> bool:
        return flag in self.flags
