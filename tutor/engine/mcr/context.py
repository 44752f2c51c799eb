"""How an MCR hand was won."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tutor.engine.tiles import EAST, Tile

MCR_FLAGS: Final = ("last_tile", "kong", "wall_last")
"""The situations of an MCR win a request names as flags: the McrContext
fields of those names (the riichi ones are riichi.context.Flag)."""


@dataclass(frozen=True, slots=True)
class McrContext:
    win_tile: Tile
    self_drawn: bool = False
    seat: Tile = EAST
    prevalent: Tile = EAST
    """The prevalent (round) wind."""
    flowers: int = 0
    last_tile: bool = False
    """和绝张: the other three copies of the winning tile were already shown."""
    kong: bool = False
    """杠上开花 when self-drawn (on a kong's replacement tile), 抢杠和 on a discard (robbing a kong)."""
    wall_last: bool = False
    """妙手回春 when self-drawn (the wall's last tile), 海底捞月 on a discard (the last discard)."""
