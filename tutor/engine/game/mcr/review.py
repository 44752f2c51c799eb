"""The review of a finished MCR hand, as data: the win's fans step by step
(what counts, what the rules leave out and why), the total against the
8-point minimum, the payments with the 8-point base, the false-win
penalties, and the seats and scores after.

Built from the hand's final state, its number in the game, the seats that
declared a false win, and the scores before it.  Only the outcome is read
from the result (who won, on which tile, from whom); the score and every
payment are worked out again by the engine's own rules (`hand.score_win`,
the scorer's `left_out`, `settlement.payments`), so a review of a hand read
from a log can be set beside the deltas the log recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.game.mcr.hand import payment_deltas, penalty_deltas, score_win
from tutor.engine.game.mcr.match import HandRecord, prevalent_of, seats_of
from tutor.engine.game.mcr.state import McrHandState, McrWin, Scores
from tutor.engine.game.settle import added
from tutor.engine.mcr.settlement import BASE_PAYMENT, MINIMUM_POINTS
from tutor.engine.table import MCR_HANDS

NO_CHANGE: Scores = (0, 0, 0, 0)


class McrReviewError(ValueError):
    """A hand that cannot be reviewed: not over, or a win its final state cannot score."""


@dataclass(frozen=True)
class FanStep:
    """A fan that counts: its id, its points, how many times."""

    fan: str
    points: int
    count: int


@dataclass(frozen=True)
class LeftOutStep:
    """A fan the hand shows that the rules do not count: the principle that
    leaves it out, the counted fan that includes it (if one does), and another
    principle that leaves it out too (if any), as the scorer reports them."""

    fan: str
    principle: str
    because_of: str | None
    also: str | None


@dataclass(frozen=True)
class McrWinReview:
    """The win, step by step: the fans, the fans left out, the total (flowers
    in) and the total without flowers against the minimum, and the payments:
    on a self-draw each of the three pays the base plus the total; on a
    discard the discarder pays that and the two others the base."""

    seat: int
    """The winner's seat wind this hand (0 East)."""
    source: int | None
    """The discarder's seat, or None for a self-draw."""
    tile: int
    kong: bool
    """Won on a kong's replacement, or by robbing a kong."""
    fans: tuple[FanStep, ...]
    left_out: tuple[LeftOutStep, ...]
    total: int
    flowers: int
    without_flowers: int
    """The total less the flowers: what the minimum is measured against."""
    minimum: int
    """The points a hand needs without flowers."""
    can_win: bool
    base: int
    """What every payer adds to the hand's points."""
    received: int
    from_discarder: int | None
    from_each_other: int
    payments: Scores
    """Each seat's change for the win."""


@dataclass(frozen=True)
class McrHandReview:
    """A finished hand: its number and seats, the win or the draw, the
    penalties, each seat's change, the players' scores, and the seats of the
    next hand."""

    number: int
    """0-15 in the game."""
    prevalent: int
    seats: tuple[int, int, int, int]
    """The player at each seat wind (0 East ...)."""
    win: McrWinReview | None
    false_wins: tuple[int, ...]
    """The seats that declared a false win, in order (a seat may repeat)."""
    penalty_points: int
    """What a false win costs its seat to each other seat."""
    penalties: Scores
    """Each seat's change for the false wins."""
    deltas: Scores
    """Each seat's change: the win's payments and the penalties."""
    player_deltas: Scores
    """`deltas` by player (0 started East)."""
    scores_before: Scores
    """By player."""
    scores_after: Scores
    """By player."""
    next_seats: tuple[int, int, int, int] | None
    """The player at each seat wind next hand; None after the last hand."""
    next_prevalent: int | None
    """The prevalent wind of the next hand; None after the last hand."""
    new_round: bool
    """The next hand starts a round: a new prevalent wind, and the players change seats (004)."""
    game_over: bool


def review_mcr_win(final: McrHandState, win: McrWin) -> McrWinReview:
    """The win scored again from the final state, with its payments."""
    score = score_win(final, win.seat, win.tile, win.self_drawn, win.kong)
    if score is None or not score.can_win:
        raise McrReviewError(f"the win of seat {win.seat} on kind {win.tile} does not score 8")
    pay = score.payments
    return McrWinReview(
        seat=win.seat,
        source=win.source,
        tile=win.tile,
        kong=win.kong,
        fans=tuple(FanStep(str(item.fan.id), item.fan.points, item.count) for item in score.fans),
        left_out=tuple(
            LeftOutStep(
                str(left.fan.id), left.principle, str(left.because_of.id) if left.because_of else None, left.also
            )
            for left in score.left_out
        ),
        total=score.total,
        flowers=score.flowers,
        without_flowers=score.total - score.flowers,
        minimum=MINIMUM_POINTS,
        can_win=score.can_win,
        base=BASE_PAYMENT,
        received=pay.received,
        from_discarder=pay.discarder,
        from_each_other=pay.each_other,
        payments=payment_deltas(pay, win.seat, win.source),
    )


def review_mcr_hand(
    number: int, final: McrHandState, false_wins: Sequence[int], scores_before: Sequence[int]
) -> McrHandReview:
    """The review of hand `number` (0-15), ended in `final`, after the false
    wins of `false_wins` (seats), with the players' scores before it."""
    if final.result is None:
        raise McrReviewError("the hand is not over")
    if not 0 <= number < MCR_HANDS or len(scores_before) != 4:
        raise McrReviewError(f"hand {number} of {MCR_HANDS}, with {len(scores_before)} scores: not a hand of a game")
    penalties = NO_CHANGE
    for seat in false_wins:
        penalties = added(penalties, penalty_deltas(final.options, seat))
    win = review_mcr_win(final, final.result.win) if final.result.win is not None else None
    deltas = added(win.payments if win else NO_CHANGE, penalties)
    seats = seats_of(number)
    by_player = [0, 0, 0, 0]
    for seat, change in enumerate(deltas):
        by_player[seats[seat]] = change
    player_deltas = (by_player[0], by_player[1], by_player[2], by_player[3])
    before = (scores_before[0], scores_before[1], scores_before[2], scores_before[3])
    over = number == MCR_HANDS - 1
    return McrHandReview(
        number=number,
        prevalent=final.prevalent,
        seats=seats,
        win=win,
        false_wins=tuple(false_wins),
        penalty_points=final.options.false_win_points,
        penalties=penalties,
        deltas=deltas,
        player_deltas=player_deltas,
        scores_before=before,
        scores_after=added(before, player_deltas),
        next_seats=None if over else seats_of(number + 1),
        next_prevalent=None if over else prevalent_of(number + 1),
        new_round=not over and prevalent_of(number + 1) != prevalent_of(number),
        game_over=over,
    )


def review_record(record: HandRecord, scores_before: Sequence[int]) -> McrHandReview:
    """The review of a hand the game recorded, its false wins read from its events."""
    false_wins = tuple(event.seat for event in record.events if event.kind == "false_win" and event.seat is not None)
    return review_mcr_hand(record.number, record.final, false_wins, scores_before)
