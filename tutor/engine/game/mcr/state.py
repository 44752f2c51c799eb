"""The state of one MCR hand, its options, events and result.

Seats inside a hand are winds: 0 is East (the dealer), 1 South, 2 West,
3 North, which is also turn order.  Tiles are slots of the table model's
144-tile wall (`tutor.engine.table.Wall`), so every tile keeps its identity.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from tutor.engine.game.state import GameMeld, scoring_hand
from tutor.engine.hand import Hand
from tutor.engine.mcr.rules import McrRules
from tutor.engine.table import Wall

Scores = tuple[int, int, int, int]


@dataclass(frozen=True)
class McrOptions:
    rules: McrRules = field(default_factory=McrRules)
    """Scoring options, passed to the scorer."""
    false_win_penalty: bool = True
    """A false win (诈和) costs the declarer 10 to each other seat and kills
    the hand, which goes on (document 004, 9.1); false: it is simply refused."""
    false_win_points: int = 10


class McrPhase(StrEnum):
    TURN = "turn"
    """The seat to play holds 14 tiles (kongs as 3): discard, win or kong."""
    CLAIMS = "claims"
    """The other seats answer a discard: hu, pung, kong, chow or pass."""
    ROB = "rob"
    """The other seats answer an added kong: hu (robbing the kong) or pass."""
    OVER = "over"


McrMeld = GameMeld
"""A meld of the MCR game: the riichi game's (kind, slots, the slot called, its source)."""


@dataclass(frozen=True)
class McrPlayer:
    hand: tuple[int, ...] = ()
    melds: tuple[McrMeld, ...] = ()
    flowers: tuple[int, ...] = ()
    discards: tuple[int, ...] = ()
    called_away: frozenset[int] = frozenset()
    dead: bool = False
    """A false win made the hand dead: it may call but not win (004, 9.2)."""

    def river(self) -> tuple[int, ...]:
        return tuple(slot for slot in self.discards if slot not in self.called_away)


@dataclass(frozen=True)
class McrWin:
    seat: int
    source: int | None
    tile: int
    total: int
    """All fans, flowers included."""
    flowers: int
    fans: tuple[tuple[str, int], ...]
    self_drawn: bool
    kong: bool
    wall_last: bool
    last_tile: bool


@dataclass(frozen=True)
class McrHandResult:
    deltas: Scores
    """Each seat's change, penalties included."""
    win: McrWin | None = None


@dataclass(frozen=True)
class McrEvent:
    """kind: deal, flower, draw, discard, chow, pung, kong, added_kong,
    concealed_kong, hu, false_win, refused, exhausted."""

    kind: str
    seat: int | None = None
    slots: tuple[int, ...] = ()
    called: int | None = None
    source: int | None = None
    code: str | None = None


@dataclass(frozen=True)
class McrHandState:
    options: McrOptions
    prevalent: int
    """0-3: the round's wind."""
    wall: Wall
    players: tuple[McrPlayer, McrPlayer, McrPlayer, McrPlayer]
    phase: McrPhase
    turn: int
    last_tile: int | None = None
    replacement: bool = False
    """The seat to play drew a kong's replacement (杠上开花)."""
    called: bool = False
    """The seat to play has just called: it discards, with no tile drawn to win on."""
    penalties: Scores = (0, 0, 0, 0)
    result: McrHandResult | None = None

    def kind(self, slot: int) -> int:
        return self.wall.kinds[slot]

    def kinds(self, slots: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(self.wall.kinds[slot] for slot in slots))

    def left(self) -> int:
        return len(self.wall.remaining())

    def engine_hand(self, seat: int, extra: int | None = None) -> Hand:
        """The seat's hand as scoring reads it, with `extra` (a kind) added to the concealed tiles."""
        player = self.players[seat]
        return scoring_hand(self.wall, player.hand, player.melds, extra)

    def shown(self, kind: int) -> int:
        """Copies of `kind` in the rivers and melds of all seats."""
        count = 0
        for player in self.players:
            count += sum(1 for slot in player.river() if self.kind(slot) == kind)
            count += sum(1 for meld in player.melds for slot in meld.slots if self.kind(slot) == kind)
        return count
