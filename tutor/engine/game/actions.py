"""What a seat may do at a decision, and why an action it might try is refused.

Tiles are kinds (0-33): this game has no red fives, so two copies of a kind
are the same choice.  A refused action carries a code and tiles, never prose;
the screens render the code through the catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class ActionKind(StrEnum):
    DISCARD = "discard"
    RIICHI = "riichi"
    """Declares riichi; the discard that follows is chosen as a second decision."""
    TSUMO = "tsumo"
    RON = "ron"
    CHI = "chi"
    PON = "pon"
    OPEN_KAN = "open_kan"
    ADDED_KAN = "added_kan"
    CLOSED_KAN = "closed_kan"
    NINE_TERMINALS = "nine_terminals"
    """Aborts the hand with nine different terminals and honours on the first draw."""
    PASS = "pass"


CALLS = frozenset({ActionKind.CHI, ActionKind.PON, ActionKind.OPEN_KAN})
KANS = frozenset({ActionKind.OPEN_KAN, ActionKind.ADDED_KAN, ActionKind.CLOSED_KAN})


@dataclass(frozen=True, order=True)
class Action:
    """One choice: its kind, the seat making it, the tile it names (the
    discard, the called tile, the kan's kind, the winning tile) and the kinds
    it takes from the hand (a call's), sorted."""

    seat: int
    kind: ActionKind
    tile: int | None = None
    uses: tuple[int, ...] = ()


class Refusal(StrEnum):
    """Why an action a learner might try is not allowed."""

    FURITEN = "furiten"
    """A ron on a wait the player discarded; tiles: those discards."""
    FURITEN_TEMPORARY = "furiten_temporary"
    """A ron after passing a winning tile since the player's last discard; tiles: the tiles passed."""
    FURITEN_RIICHI = "furiten_riichi"
    """A ron after passing a winning tile since riichi; tiles: the tiles passed."""
    NO_YAKU = "no_yaku"
    """The hand is complete but has no yaku; tiles: the winning tile."""
    KUIKAE = "kuikae"
    """A discard of the kind just called, or at the other end of the chi; tiles: the kinds barred."""
    RIICHI_LOCKED = "riichi_locked"
    """After riichi only the drawn tile is discarded, and no call or kan changes the waits."""
    TOO_FEW_TILES = "too_few_tiles"
    """Riichi with fewer tiles than the option asks left in the wall, or a kan or call with none."""
    NOT_ENOUGH_POINTS = "not_enough_points"
    """Riichi without the points for the stick."""
    NOT_CLOSED = "not_closed"
    """Riichi on a hand with an open meld; tiles: the called tiles."""
    NOT_TENPAI = "not_tenpai"
    """Riichi on a hand no discard leaves tenpai."""
    NO_DISCARD_LEFT = "no_discard_left"
    """A call after which every tile left would be kuikae; tiles: the kinds barred."""
    NOT_TENPAI_DISCARD = "not_tenpai_discard"
    """After declaring riichi, a discard that leaves the hand not tenpai."""
    KAN_LIMIT = "kan_limit"
    """A fifth kan."""
    FOUR_KANS = "four_kans"
    """A call on the discard after the fourth kan by two or more seats: unless
    someone rons it, the hand ends in an abortive draw (suukaikan, by option)."""


@dataclass(frozen=True)
class Forbidden:
    """An action the rules refuse, with the code of the rule and its tiles (kinds)."""

    action: Action
    code: Refusal
    tiles: tuple[int, ...] = ()


@dataclass(frozen=True)
class Decision:
    """What one seat may do now, and what it might try that is refused."""

    seat: int
    legal: tuple[Action, ...]
    forbidden: tuple[Forbidden, ...] = ()
