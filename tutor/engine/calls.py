"""Calls (울기): which chi, pon and kan a player may make, and whose claim wins.

Document 000: chi only from the player on the left (상가); pon and the open
kan (대밍깡) from anyone; the concealed kan (안깡) and the added kan (가깡) on
one's own turn.  Document 004 (MCR): a win beats a kong or pung, which beat a
chi; of several wins on one discard only the winner nearest the discarder in
turn order counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.rules import Rules
from tutor.engine.shapes import is_complete
from tutor.engine.tiles import EAST, Tile


class Seat(Enum):
    """Where the discarder sits, seen from the caller."""

    LEFT = "left"
    """상가 (上家, kamicha): plays just before the caller."""
    ACROSS = "across"
    """대면 (對面, toimen)."""
    RIGHT = "right"
    """하가 (下家, shimocha): plays just after the caller."""

    @property
    def turns_after_discarder(self) -> int:
        """How many turns after the discarder this caller would play (1 to 3)."""
        return {Seat.LEFT: 1, Seat.ACROSS: 2, Seat.RIGHT: 3}[self]


class CallKind(Enum):
    CHI = "chi"
    PON = "pon"
    OPEN_KAN = "open_kan"
    CLOSED_KAN = "closed_kan"
    ADDED_KAN = "added_kan"
    WIN = "win"
    """Ron / hu: the discard completes the hand's shape.  Whether it may be
    declared (a yaku in riichi, 8 points in MCR) is the scoring engine's word."""


PRIORITY = {CallKind.WIN: 3, CallKind.OPEN_KAN: 2, CallKind.PON: 2, CallKind.CHI: 1}
"""Claims on a discard, strongest first: win, then kan and pon alike, then chi."""


@dataclass(frozen=True, slots=True)
class Call:
    """A legal call: what it is, the tiles it takes from the hand, the meld it makes."""

    kind: CallKind
    tile: Tile
    from_hand: tuple[Tile, ...]
    meld: Meld | None


def calls_on_discard(
    hand: Hand, discard: Tile, discarder: Seat, rules: Rules = Rules.RIICHI, wins: bool = True
) -> list[Call]:
    """Every call a player holding `hand` may make on `discard`; the win
    among them unless `wins` is False (the game asks its rons apart, with
    furiten and yaku, so it skips this check made for every seat at every discard)."""
    concealed = hand.concealed
    found: list[Call] = []
    if wins and hand.tile_count == 13 and is_complete(hand.with_tile(discard), rules):
        found.append(Call(CallKind.WIN, discard, (), None))
    if discarder is Seat.LEFT and discard < EAST:
        for call in _chis(discard):
            first, second = call.from_hand
            if first in concealed and second in concealed:
                found.append(call)
    copies = concealed.count(discard)
    if copies >= 2:
        found.append(_pon(discard))
    if copies >= 3:
        found.append(_open_kan(discard))
    return found


# The calls on a discard depend on its kind alone, and they are frozen:
# each is made once (the game asks the calls of every seat that might answer a discard).


@lru_cache(maxsize=EAST)
def _chis(discard: Tile) -> tuple[Call, ...]:
    """The chi a number tile may make, lowest run first."""
    rank = discard % 9
    found = []
    for low in (discard - 2, discard - 1, discard):
        if low < discard - rank or low + 2 > discard - rank + 8:
            continue
        needed = tuple(tile for tile in (low, low + 1, low + 2) if tile != discard)
        found.append(Call(CallKind.CHI, discard, needed, Meld(MeldKind.CHI, (low, low + 1, low + 2))))
    return tuple(found)


@lru_cache(maxsize=64)
def _pon(discard: Tile) -> Call:
    return Call(CallKind.PON, discard, (discard,) * 2, Meld(MeldKind.PON, (discard,) * 3))


@lru_cache(maxsize=64)
def _open_kan(discard: Tile) -> Call:
    return Call(CallKind.OPEN_KAN, discard, (discard,) * 3, Meld(MeldKind.OPEN_KAN, (discard,) * 4))


def calls_on_own_turn(hand: Hand) -> list[Call]:
    """Kans a player may declare after drawing: a concealed kan of four held
    tiles, or an added kan on a pon with the fourth tile in hand."""
    counts = hand.concealed_counts()
    found = [
        Call(CallKind.CLOSED_KAN, tile, (tile,) * 4, Meld(MeldKind.CLOSED_KAN, (tile,) * 4))
        for tile in range(len(counts))
        if counts[tile] == 4
    ]
    found += [
        Call(CallKind.ADDED_KAN, meld.first, (meld.first,), Meld(MeldKind.OPEN_KAN, (meld.first,) * 4))
        for meld in hand.melds
        if meld.kind is MeldKind.PON and counts[meld.first]
    ]
    return found


@dataclass(frozen=True, slots=True)
class Claim:
    """One player's claim on a discard."""

    seat: Seat
    kind: CallKind


def winning_claim(claims: Sequence[Claim]) -> Claim | None:
    """The claim that takes the discard: the strongest kind, and among several
    wins the claimant nearest the discarder in turn order (头跳, 선오름)."""
    if not claims:
        return None
    return max(claims, key=lambda claim: (PRIORITY[claim.kind], -claim.seat.turns_after_discarder))
