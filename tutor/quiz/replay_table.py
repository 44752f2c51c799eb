"""What the replay of an imported game shows at one step (`TableAt`), and
what a hand of it gives the replay (`ReplayedRound`), whatever its rules:
a riichi round (`game_replay.ReplayRound`) or an MCR hand
(`mcr_replay.McrReplayRound`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

from tutor.engine.game.log_findings import Finding
from tutor.engine.game.log_review import DrawCheck, WinCheck
from tutor.engine.game.mcr.log_review import McrRoundReview
from tutor.engine.hand import Hand
from tutor.locale import Message
from tutor.quiz.play_view import PlayView


@dataclass(frozen=True)
class TableAt:
    """What the replay shows at one step."""

    table: PlayView
    """The table from the seat viewed (at the bottom), the other hands in it when they are open."""
    hand: tuple[int, ...]
    """The seat viewed's concealed tiles, sorted, the tile just drawn last."""
    drawn: bool
    """The seat viewed holds a tile just drawn (the last of its hand)."""
    said: tuple[Message, ...]
    """What happened since the step before."""
    event: int
    """The step's event, as the log numbers it."""
    events: int
    """How many events the round holds, as the log numbers them (its last's index + 1)."""
    wins: tuple[WinCheck, ...] = ()
    """At the end of a riichi round: each win re-scored, beside the log's deltas."""
    draw: DrawCheck | None = None
    mcr: McrRoundReview | None = None
    """At the end of an MCR hand: its review (the hu re-scored, or the draw, beside the log)."""
    findings: tuple[Finding, ...] = ()
    """The seat viewed's findings at this step."""


def hands_open(table: PlayView, hand: Callable[[int], tuple[int, ...]]) -> PlayView:
    """The table with the other seats' hands in it: `hand` of each seat by where it sits (1 right ...)."""
    seats = tuple(replace(view, hand=hand(relation)) if relation else view for relation, view in enumerate(table.seats))
    return replace(table, seats=(seats[0], seats[1], seats[2], seats[3]))


class Reviewed(Protocol):
    """A hand's review, riichi (`log_review.RoundReview`) or MCR (`McrRoundReview`)."""

    @property
    def number(self) -> int:
        """The hand's place in the log, from 1."""


class ReplayedRound(Protocol):
    """A hand of an imported game as the replay walks it."""

    @property
    def review(self) -> Reviewed: ...

    @property
    def steps(self) -> int:
        """The decisions, and the end."""

    def step_of(self, finding: Finding) -> int:
        """The step of the decision a finding is about."""

    def findings_of(self, seat: int) -> tuple[Finding, ...]:
        """A seat's findings in the hand (for MCR the seat a player of the log), in the review's order."""

    def has_findings(self, seat: int) -> bool:
        """The seat's findings are at hand, not still to be made from the hand's replay."""

    def wind_of(self, seat: int) -> int:
        """A seat of the log's (a player) by its wind this hand (0 East)."""

    def label(self) -> Message:
        """The hand as the list of hands names it."""

    def winning_hand(self) -> tuple[Hand, int] | None:
        """The (first) winner's hand with the winning tile, and that tile; None at a draw."""

    def view(self, step: int, seat: int, open: bool) -> TableAt:
        """The table at a step from a seat (without its findings); every hand in it when `open`."""
