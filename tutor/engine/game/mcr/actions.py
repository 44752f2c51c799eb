"""What a seat may do at an MCR decision, and the codes of refused actions.

Tiles are kinds (0-33).  A refused action carries a code and data, never prose.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class McrActionKind(StrEnum):
    DISCARD = "discard"
    HU = "hu"
    """A win: self-drawn in the seat's turn, on a discard, or robbing an added kong."""
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    """An exposed kong on a discard."""
    ADDED_KONG = "added_kong"
    CONCEALED_KONG = "concealed_kong"
    PASS = "pass"


@dataclass(frozen=True, order=True)
class McrAction:
    """One choice: the seat, its kind, the tile it names (discard, claimed
    tile, kong's kind, winning tile) and the kinds it takes from the hand."""

    seat: int
    kind: McrActionKind
    tile: int | None = None
    uses: tuple[int, ...] = ()


class McrRefusal(StrEnum):
    """Why an action a learner might try is not allowed."""

    UNDER_EIGHT = "under_eight"
    """A complete hand worth under 8 points without flowers (document 004, 4);
    data: the fans it has and their total."""
    NOT_COMPLETE = "not_complete"
    """A win declared on a hand no MCR shape completes; tiles: the winning tile."""
    PRIORITY = "priority"
    """A claim that a higher-priority claim took the tile from: hu before pung
    and kong, those before chow, and of two hu the nearer in turn order (004, 6 and 11)."""
    CHOW_NOT_LEFT = "chow_not_left"
    """A chow on a discard of a seat other than the one on the left (004, 6)."""
    DEAD_HAND = "dead_hand"
    """A win by a seat whose hand is dead after a false win (004, 9.2)."""
    NO_TILES = "no_tiles"
    """A kong with no tile left in the wall for its replacement."""


@dataclass(frozen=True)
class McrForbidden:
    """An action the rules refuse: its code, the tiles concerned, and for
    `under_eight` the fans (id, count) and the points without flowers."""

    action: McrAction
    code: McrRefusal
    tiles: tuple[int, ...] = ()
    fans: tuple[tuple[str, int], ...] = ()
    points: int = 0


@dataclass(frozen=True)
class McrDecision:
    seat: int
    legal: tuple[McrAction, ...]
    forbidden: tuple[McrForbidden, ...] = ()
