"""The review of an MCR hand read from a log and played again
(`log_replay`): the hu scored again by our rules (fans, total, payments)
beside the deltas the log recorded, a drawn hand's penalties beside the
log's, and what the chosen players did that the rules or the efficiency
tables speak to, as the riichi review's findings (`log_findings.Finding`):

- a hu that was legal and not declared (`mistakes.missed_win`), and a hu
  the rules refuse, declared (a false win: under 8 points, or no complete
  hand; `mistakes.declared_false_win`), both rule mistakes;
- a discard whose ukeire (or shanten) by MCR's shapes was below the best
  (efficiency, `rule=False`);
- the player's own hu as a scoring question.

MCR has no furiten and no riichi, so the riichi review's furiten and
deal-in findings have no counterpart.  Findings name players (0 started
East), as the log does.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from tutor.engine.efficiency import DiscardOption, discard_table
from tutor.engine.efficiency.discards import Counted, discard_shanten
from tutor.engine.game.log_findings import Finding, FindingKind, efficiency_finding
from tutor.engine.game.log_review import DrawCheck
from tutor.engine.game.mcr.actions import McrActionKind
from tutor.engine.game.mcr.coach import ROUTES_TO_EIGHT
from tutor.engine.game.mcr.hand import score_win
from tutor.engine.game.mcr.log_replay import LoggedWin, McrReplayedHand
from tutor.engine.game.mcr.mistakes import declared_false_win, missed_win
from tutor.engine.game.mcr.review import McrHandReview, McrReviewError, McrWinReview, review_mcr_hand
from tutor.engine.game.mcr.state import McrHandState, McrPhase, Scores
from tutor.engine.game.read_tenhou import LogError
from tutor.engine.game.state import EndKind
from tutor.engine.hand import Hand
from tutor.engine.rules import Rules

SCORING_CONCEPT: Final = "mcr:total"
"""The MCR steps drill's concept of a hand's total: what a scoring question asks."""


@dataclass(frozen=True)
class McrWinCheck:
    """The hu: its event, the log's deltas (by player) and total, ours step by step, and whether the deltas agree."""

    event: int
    logged: Scores
    logged_win: LoggedWin
    ours: McrWinReview
    deltas: Scores
    """Our deltas by player: the hu's payments and any false win's penalty."""

    @property
    def agree(self) -> bool:
        return self.logged == self.deltas


@dataclass(frozen=True)
class McrRoundReview:
    number: int
    """The hand's place in the log, from 1."""
    hand_number: int
    """0-15 in the game."""
    prevalent: int
    seats: tuple[int, int, int, int]
    final: McrHandState
    """The hand's last state, as the rules played it."""
    review: McrHandReview
    win: McrWinCheck | None
    draw: DrawCheck | None
    """A hand drawn: the log's deltas and ours (the false wins' penalties), by player."""
    findings: tuple[Finding, ...]


def review_round(hand: McrReplayedHand, players: tuple[int, ...]) -> McrRoundReview:
    """The hand's hu or draw checked, and the findings of `players`.
    Raises LogError for a hu our rules cannot score."""
    end = hand.play.end
    try:
        review = review_mcr_hand(hand.number, end, hand.false_wins, hand.scores)
    except McrReviewError as error:
        raise LogError(hand.round, hand.end_event, "unscored_win") from error
    win = draw = None
    if review.win is not None and hand.win is not None:
        win = McrWinCheck(hand.end_event, hand.logged, hand.win, review.win, review.player_deltas)
    else:
        draw = DrawCheck(EndKind.EXHAUSTIVE, hand.end_event, hand.logged, review.player_deltas)
    found = [item for player in players for item in findings(hand, player, win)]
    return McrRoundReview(
        hand.round,
        hand.number,
        review.prevalent,
        hand.seats,
        end,
        review,
        win,
        draw,
        tuple(sorted(found, key=lambda item: (item.event, item.seat))),
    )


def findings(hand: McrReplayedHand, player: int, win: McrWinCheck | None) -> tuple[Finding, ...]:
    """Everything found for the player (0 started East) in the hand."""
    seat = hand.seats.index(player)
    return (*_rule_mistakes(hand, seat), *_efficiency(hand, seat), *_scoring(hand, seat, win))


def _event(hand: McrReplayedHand, index: int, seat: int) -> int:
    """The log's index of the seat's choice at turn `index`, or of the turn's first event."""
    return dict(hand.chosen[index]).get(seat, hand.plays[index][1])


def _rule_mistakes(hand: McrReplayedHand, seat: int) -> Iterator[Finding]:
    player = hand.seats[seat]
    for index, turn in enumerate(hand.play.turns):
        for rule in (declared_false_win, missed_win):
            mistake = rule(turn, index, seat)
            if mistake is None:
                continue
            missed = mistake.kind.value == "missed_win"
            answered = missed and turn.state.phase is not McrPhase.TURN
            event = hand.plays[index][0] if answered else _event(hand, index, seat)
            values = (("points", mistake.points),) if not missed and mistake.names else ()
            yield Finding(
                FindingKind(mistake.kind.value),
                player,
                event,
                mistake.concept,
                mistake.lesson,
                True,
                mistake.tiles,
                values,
                turn.state.engine_hand(seat),
            )


def _efficiency(hand: McrReplayedHand, seat: int) -> Iterator[Finding]:
    counted = Counted()
    for index, turn in enumerate(hand.play.turns):
        chosen = turn.choices.get(seat)
        if turn.state.phase is not McrPhase.TURN or chosen is None or chosen.kind is not McrActionKind.DISCARD:
            continue
        assert chosen.tile is not None
        position = turn.state.engine_hand(seat)
        shanten = discard_shanten(position, Rules.MCR, counted)
        if list(shanten.values()).count(min(shanten.values())) == 1 and shanten[chosen.tile] == min(shanten.values()):
            continue  # the one discard leaving the least shanten: the best whatever the ukeire
        table = _table(position, chosen.tile, counted, shanten)
        found = efficiency_finding(hand.seats[seat], _event(hand, index, seat), chosen.tile, table, position)
        if found is not None:
            yield found


def _table(position: Hand, kind: int, counted: Counted, shanten: dict[int, int]) -> tuple[DiscardOption, ...]:
    """Every discard (MCR has no kuikae: each kind held may go), best first;
    ukeire counted for the ones keeping the least shanten, and for all when
    the discard chosen leaves more (the finding then shows those counts)."""
    table = discard_table(
        position, Rules.MCR, with_waits=False, worse_ukeire=False, counted=counted, shanten_after=shanten
    )
    chosen = next(option for option in table if option.discard == kind)
    if chosen.shanten == table[0].shanten:
        return table
    return discard_table(position, Rules.MCR, with_waits=False, counted=counted, shanten_after=shanten)


def _scoring(hand: McrReplayedHand, seat: int, win: McrWinCheck | None) -> Iterator[Finding]:
    if win is None or win.ours.seat != seat:
        return
    ours = win.ours
    end = hand.play.end
    position = end.engine_hand(seat, None if ours.source is None else ours.tile)
    values = (("total", ours.total), ("points", ours.received))
    score = score_win(end, seat, ours.tile, ours.source is None, ours.kong)
    yield Finding(
        FindingKind.SCORING,
        hand.seats[seat],
        win.event,
        SCORING_CONCEPT,
        ROUTES_TO_EIGHT,
        False,
        (ours.tile,),
        values,
        position,
        score=score,
    )
