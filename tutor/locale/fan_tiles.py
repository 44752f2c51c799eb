"""What makes a counted MCR fan, in words: its tiles in notation, or, for
the flowers, how many (the engine counts flowers, it does not show them)."""

from __future__ import annotations

from tutor.engine.mcr.score import CountedFan
from tutor.locale.message import Value, message


def fan_tiles(item: CountedFan) -> Value:
    """ "345p 345p", or "2 flowers" (a plural message) for the flower fan."""
    if item.fan.made_of == "flowers":
        return message("flowers", count=item.count)
    return item.tiles
