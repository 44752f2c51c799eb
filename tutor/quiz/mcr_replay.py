"""One hand of an imported MCR log (our own, format "tutor") as the replay
walks it (`game_replay.GameReplay`): its steps are the decisions of the
hand as `log_replay` played it again by the MCR rules (a seat to play, or
the seats answering a discard or an added kong) and then its end.

MCR's own: the log names players (0 started East) and the players change
seats from hand to hand (`match.seats_of`), so the seat viewed is a player,
drawn at the wind it sits at in each hand; flowers are set aside and
counted on the table, and said as they are replaced; a false win is said
where it is declared, its penalty in the points shown from then on; the
end holds the hand's review (`mcr.log_review`): the hu re-scored fan by
fan beside the log's deltas and total.  Words are MCR's: chow, pung, kong, hu.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tutor.engine.game.log_findings import Finding
from tutor.engine.game.mcr.actions import McrActionKind
from tutor.engine.game.mcr.log_replay import McrReplayedHand
from tutor.engine.game.mcr.log_review import McrRoundReview
from tutor.engine.game.mcr.state import McrEvent, McrHandState, McrPhase
from tutor.engine.hand import Hand
from tutor.engine.table import MCR_HANDS, is_flower
from tutor.engine.tiles import WIND_LETTERS, tile_name
from tutor.locale import Message, Value, joined, message
from tutor.quiz.action_words import action_name
from tutor.quiz.play_view import mcr_table
from tutor.quiz.replay_table import TableAt, hands_open
from tutor.quiz.review_words import wind_seat

CLAIMS: Final = {"chow": McrActionKind.CHOW, "pung": McrActionKind.PUNG, "kong": McrActionKind.KONG}
KONGS_DECLARED: Final = frozenset({"concealed_kong", "added_kong"})


def mcr_event_message(state: McrHandState, event: McrEvent, shown: bool) -> Message | None:
    """One event of an MCR hand in words; a tile drawn (a replacement too) is
    named only when `shown` (the drawer's hand is in view).  None for the
    events the end says (the hu's score, the draw) or no one sees (a claim
    given way to a higher one)."""
    kind = event.kind
    if kind == "deal":
        return message("replay.event.start")
    if event.seat is None:
        return None
    seat = wind_seat(event.seat)
    if kind == "draw":
        tile = _tile(state, event.slots[0])
        return (
            message("replay.event.draw", seat=seat, tile=tile)
            if shown
            else message("replay.event.draw_hidden", seat=seat)
        )
    if kind == "flower":
        if not shown:
            return message("replay.event.flower_hidden", seat=seat)
        return message("replay.event.flower", seat=seat, tile=_tile(state, event.slots[1]))
    if kind == "discard":
        return message("play.bot.discard", seat=seat, tile=tile_name(state.kind(event.slots[0])))
    if kind in CLAIMS and event.called is not None:
        called = tile_name(state.kind(event.called))
        return message("play.bot.call", seat=seat, action=action_name(CLAIMS[kind]), tile=called)
    if kind in KONGS_DECLARED:
        tile = tile_name(state.kind(event.slots[0]))
        return message("play.bot.declare_tile", seat=seat, action=message(f"play.action.{kind}"), tile=tile)
    if kind == "false_win":
        return message("review.mcr.false_win", seat=seat, points=state.options.false_win_points)
    if kind == "hu" and state.result is not None and state.result.win is not None:
        tile = tile_name(state.result.win.tile)
        return message("play.bot.win", seat=seat, action=action_name(McrActionKind.HU), tile=tile)
    return None


def _tile(state: McrHandState, slot: int) -> Value:
    """A tile drawn by its name, or "a flower" (set aside next)."""
    kind = state.kind(slot)
    return message("table.flower") if is_flower(kind) else tile_name(kind)


def _hand_kinds(state: McrHandState, seat: int) -> tuple[int, ...]:
    """The seat's concealed tiles sorted, the tile just drawn last (its turn, not after a call)."""
    hand = state.players[seat].hand
    if _holds_drawn(state, seat):
        return (*sorted(state.kind(slot) for slot in hand[:-1]), state.kind(hand[-1]))
    return tuple(sorted(state.kind(slot) for slot in hand))


def _holds_drawn(state: McrHandState, seat: int) -> bool:
    return state.phase is McrPhase.TURN and state.turn == seat and not state.called and bool(state.players[seat].hand)


@dataclass(frozen=True)
class McrReplayRound:
    """One hand of an MCR log: as played again, and its review."""

    hand: McrReplayedHand
    review: McrRoundReview

    @property
    def steps(self) -> int:
        """The decisions, and the end."""
        return len(self.hand.play.turns) + 1

    def state(self, step: int) -> McrHandState:
        turns = self.hand.play.turns
        return turns[step].state if step < len(turns) else self.hand.play.end

    def event(self, step: int) -> int:
        """The log's index of the event the step stands at: the last before the decision, or the hu or draw."""
        plays = self.hand.plays
        return plays[step][0] if step < len(plays) else self.hand.end_event

    def made(self, step: int) -> tuple[McrEvent, ...]:
        """The events that led to the step: the deal, or what the choices before it made."""
        if step == 0:
            return (McrEvent("deal"),)
        return self.hand.play.turns[step - 1].events

    def wind_of(self, player: int) -> int:
        """The player's seat wind this hand (0 East)."""
        return self.hand.seats.index(player)

    def label(self) -> Message:
        """The hand as the list names it: "East round, hand 3 of 16"."""
        return message(
            "play.mcr_hand",
            prevalent=message(f"round_wind.{WIND_LETTERS[self.review.prevalent]}"),
            number=self.review.hand_number + 1,
            hands=MCR_HANDS,
        )

    def findings_of(self, seat: int) -> tuple[Finding, ...]:
        """A player's findings in the hand: an MCR log is small and played once
        by the import, which reviews every player then."""
        return tuple(finding for finding in self.review.findings if finding.seat == seat)

    def has_findings(self, seat: int) -> bool:
        return True

    def step_of(self, finding: Finding) -> int:
        """The step of the decision a finding is about: the one where the
        player's choice is the finding's event, else the first answering the
        event (a hu not taken on a discard), else the end (the player's hu)."""
        seat = self.wind_of(finding.seat)
        for index, chosen in enumerate(self.hand.chosen):
            if dict(chosen).get(seat) == finding.event:
                return index
        for index, (before, _first) in enumerate(self.hand.plays):
            if before >= finding.event:
                return index
        return self.steps - 1

    def winning_hand(self) -> tuple[Hand, int] | None:
        """The winner's hand with the winning tile, and that tile; None at a draw."""
        win = self.review.win
        if win is None:
            return None
        ours = win.ours
        return self.review.final.engine_hand(ours.seat, None if ours.source is None else ours.tile), ours.tile

    def view(self, step: int, player: int, open: bool) -> TableAt:
        """The table at a step from the player's seat; every hand in it when `open`."""
        state = self.state(step)
        seats = self.hand.seats
        viewer = self.wind_of(player)
        points = [self.hand.scores[seats[seat]] + state.penalties[seat] for seat in range(4)]
        table = mcr_table(state, viewer, points, self.review.hand_number, MCR_HANDS)
        if open:
            table = hands_open(table, lambda relation: _hand_kinds(state, (viewer + relation) % 4))
        said = [
            said
            for event in self.made(step)
            if (said := mcr_event_message(state, event, open or event.seat == viewer)) is not None
        ]
        flowers = [(seat, len(found.flowers)) for seat, found in enumerate(state.players) if found.flowers]
        if step == 0 and flowers:
            each = joined(
                message("replay.event.flowers_of", seat=wind_seat(seat), count=count) for seat, count in flowers
            )
            said.append(message("replay.event.flowers_dealt", seats=each))
        ending = step == self.steps - 1
        return TableAt(
            table=table,
            hand=_hand_kinds(state, viewer),
            drawn=_holds_drawn(state, viewer),
            said=tuple(said),
            event=self.event(step),
            events=self.hand.end_event + 1,
            mcr=self.review if ending else None,
        )
