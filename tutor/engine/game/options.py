"""The rule options of a riichi game, with the defaults of Tenhou's ranked rules.

Every option that changes who may do what, or who pays what, is named here;
the scoring options of a win are `tutor.engine.riichi.rules.RiichiRules`,
held as `scoring`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tutor.engine.riichi.rules import RiichiRules

GameLength = Literal["east", "south"]

TENHOU_SCORING = RiichiRules(renhou="none", yakuman_stacking=True)
"""Tenhou scores no renhou and adds different yakuman together."""


@dataclass(frozen=True)
class RiichiOptions:
    """The rules of one game.  Defaults are Tenhou's (common modern play)."""

    length: GameLength = "south"
    """East-only (tonpuusen) or east-south (hanchan)."""
    start_points: int = 25000
    """Each player's points at the start."""
    target_points: int = 30000
    """The points a player needs to end the game after the last hand; short of
    them, the game goes on into the next round (sudden death)."""
    riichi_cost: int = 1000
    """The riichi stick; also the least a player must hold to declare."""
    riichi_min_wall: int = 4
    """Riichi needs at least this many tiles left in the live wall."""
    honba_points: int = 300
    """Paid per honba on a win, by the discarder or split among three on tsumo."""
    noten_total: int = 3000
    """What the noten players pay the tenpai ones in all at an exhaustive draw."""
    kuikae: bool = True
    """Kuikae forbidden, both kinds: after a call the called kind may not be
    discarded, nor (after a chi) the kind at the other end of the run."""
    nine_terminals: bool = True
    """Nine different terminals and honours on the first draw may abort the hand."""
    four_winds: bool = True
    """Four first discards of the same wind abort the hand."""
    four_riichi: bool = True
    """A fourth riichi accepted aborts the hand."""
    four_kans: bool = True
    """Four kans by more than one player abort the hand after the fourth's discard."""
    triple_ron: bool = True
    """Three rons on one discard abort the hand (otherwise all three win)."""
    double_ron: bool = True
    """Two rons on one discard both win (otherwise only the first in turn order)."""
    nagashi_mangan: bool = True
    """At an exhaustive draw, a seat whose discards are all terminals and
    honours, none called, is paid a mangan as if by tsumo (no honba), in
    place of the tenpai payments."""
    bust_ends: bool = True
    """A player below zero ends the game."""
    dealer_stops_all_last: bool = True
    """In the last hand a dealer in the lead with the target may stop (agari-yame),
    taken here as always stopping."""
    sudden_death: bool = True
    """Short of the target after the last hand, the game goes on into the next round."""
    uma: tuple[int, int, int, int] = (20000, 10000, -10000, -20000)
    """Points added by place at the end (1st to 4th); Tenhou's 10-20."""
    return_points: int = 30000
    """The points each final score is measured from; oka is the difference
    from the start, times four, paid to first place."""
    split_ties: bool = False
    """Equal final scores share their places' uma (EMA, WRC); otherwise seat
    order from the first dealer decides (Tenhou, Mahjong Soul)."""
    sticks_to_leader: bool = True
    """Riichi sticks left on the table at the end go to first place; otherwise they are lost."""
    scoring: RiichiRules = field(default_factory=lambda: TENHOU_SCORING)
    """How a win is scored."""

    def __post_init__(self) -> None:
        if self.length not in ("east", "south"):
            raise ValueError(f"length is 'east' or 'south', not {self.length!r}")
        if self.start_points <= 0 or self.riichi_cost <= 0:
            raise ValueError("start points and the riichi stick are positive")

    @property
    def last_round(self) -> int:
        """The round wind of the last scheduled round: 0 East, 1 South."""
        return 0 if self.length == "east" else 1
