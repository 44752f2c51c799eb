"""Settlement, penalties and the dead hand of MCR, as data.

Document 004 gives the 8-point minimum (flowers not counted towards it), the
penalties for a false win and the conditions of a dead hand (화료불가).  The
payments are the standard competition rule, which the documents do not
state: the lessons mark them as added.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

MINIMUM_POINTS: Final = 8
"""A hand must score 8 without flowers to be declared (document 004, 4. 최저 점수)."""
BASE_PAYMENT: Final = 8
"""Every player who pays adds this base to the hand's points."""


@dataclass(frozen=True, slots=True)
class Payments:
    """Who pays the winner what.  On a discard win the discarder pays
    `discarder` and the two others `each_other`; on a self-draw all three pay
    `each_other`."""

    received: int
    discarder: int | None
    each_other: int


def payments(total: int, self_drawn: bool) -> Payments:
    """The standard settlement for a hand worth `total` (flowers included)."""
    if self_drawn:
        each = BASE_PAYMENT + total
        return Payments(3 * each, None, each)
    return Payments(BASE_PAYMENT + total + 2 * BASE_PAYMENT, BASE_PAYMENT + total, BASE_PAYMENT)


@dataclass(frozen=True, slots=True)
class Penalty:
    id: str
    to_each_other_player: int
    """Points the offender pays each of the other three."""
    dead_hand: bool
    """The offender may not win for the rest of the hand, which goes on."""


PENALTIES: Final = (
    # Declaring a win worth under 8 points, or on a discard that does not complete
    # the hand (document 004, 9.1: 충분하지 못한 화료).
    Penalty("win_under_minimum", 10, True),
    # Declaring a win while not ready (document 004, 9.1: 팅파이가 아닌 화료).
    Penalty("win_not_ready", 20, True),
)

DEAD_HAND_CAUSES: Final = (
    "wrong_call",  # a wrong chi, pon, kong or flower replacement
    "wrong_tile_count",  # too many or too few tiles (다패/소패)
    "call_not_taken",  # declaring chi, pon or kong, then drawing twice without taking the discard
    "drew_early",  # drawing before the player on the left discarded, and keeping the tile (선쯔모)
)
"""Document 004, 9.2: conditions that make a hand dead.  A dead hand may
still call and replace flowers; it may not win."""
