"""Asking `pymahjonggb` 1.4.0 (module MahjongGB) to count a hand's fans.

The reference takes impossible input silently (five copies, honour chows,
wrapped flower counts), so callers validate every hand with our parser
first; every hand here comes from our own `Hand` type, which cannot hold
such input.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from MahjongGB import MahjongFanCalculator

from tutor.engine.hand import Hand, MeldKind
from tutor.engine.mcr.context import McrContext
from tutor.engine.mcr.fans import BY_REFERENCE_ZH
from tutor.engine.mcr.rules import McrRules
from tutor.engine.tiles import EAST, Tile

COMPATIBLE = McrRules(concealed_and_melded_kong=True, last_tile_from_own_melds=True, exhausted_tile_is_wait=True)
"""The options under which the reference and we count alike: it counts 明暗杠,
credits 和绝张 from the winner's own melds and counts exhausted tiles as waits."""

_HONOUR_CODES = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")
"""East South West North, then White (J3), Green (J2), Red (J1)."""


def code(tile: Tile) -> str:
    if tile >= EAST:
        return _HONOUR_CODES[tile - EAST]
    return "WBT"[tile // 9] + str(tile % 9 + 1)


def reference_packs(hand: Hand) -> tuple[tuple[str, str, int], ...]:
    """The hand's melds as MahjongGB's packs: (kind, middle tile, offer)."""
    packs = []
    for meld in hand.melds:
        if meld.kind is MeldKind.CHI:
            packs.append(("CHI", code(meld.first + 1), 1))
        elif meld.kind is MeldKind.PON:
            packs.append(("PENG", code(meld.first), 1))
        else:
            packs.append(("GANG", code(meld.first), 1 if meld.is_open else 0))
    return tuple(packs)


def reference_arguments(hand: Hand, context: McrContext) -> dict[str, Any]:
    """The keyword arguments of `MahjongFanCalculator` for this hand."""
    packs = reference_packs(hand)
    standing = list(hand.concealed)
    standing.remove(context.win_tile)
    return {
        "pack": packs,
        "hand": tuple(code(tile) for tile in standing),
        "winTile": code(context.win_tile),
        "flowerCount": context.flowers,
        "isSelfDrawn": context.self_drawn,
        "is4thTile": context.last_tile,
        "isAboutKong": context.kong,
        "isWallLast": context.wall_last,
        "seatWind": context.seat - EAST,
        "prevalentWind": context.prevalent - EAST,
        "verbose": True,
    }


def reference_fans(hand: Hand, context: McrContext) -> tuple[Counter[str], int] | str:
    """Fan ids (ours) with counts, and the total; or the reference's error."""
    try:
        result = MahjongFanCalculator(**reference_arguments(hand, context))
    except TypeError as error:
        return str(error)
    fans: Counter[str] = Counter()
    total = 0
    for points, count, name, _english in result:
        fans[BY_REFERENCE_ZH[name].id] += count
        total += points * count
    return fans, total
