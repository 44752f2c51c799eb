"""The review of a finished riichi hand, as data: each win scored step by
step, or the draw, the payments, and what changed for the next hand.

Built from what the game holds after a hand: the game before it
(`match.GameState`: round, honba, sticks, scores) and the hand's final state
with its result.  Only the outcome is read from the result (which wins, or
which draw); every number is worked out again by the engine's own rules
(`rules.score_win`, the fu lines of `count_fu`, `settle`, `match.after_hand`),
so a review of a result read from a log shows what the rules make of it,
and its `deltas` can be set beside the deltas the log recorded.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tutor.engine.game.match import GameState, after_hand, renchan
from tutor.engine.game.rules import nagashi_seats, score_win, waits
from tutor.engine.game.settle import added, exhaustive_deltas, table_share, win_deltas
from tutor.engine.game.state import EndKind, HandResult, KyokuState, Scores, Win
from tutor.engine.riichi.fu import FuLine
from tutor.engine.riichi.points import win_points
from tutor.engine.riichi.score import RiichiScore

NO_CHANGE: Scores = (0, 0, 0, 0)


class ReviewError(ValueError):
    """A hand that cannot be reviewed: not over, or a result its final state does not bear out."""


@dataclass(frozen=True)
class WinReview:
    """One win, step by step: the yaku with their han (or the yakuman with
    their multiple), the dora, the fu lines, the han and fu, the points
    (base points and the limit reached, then each payment as the engine
    rounds it), and what each seat paid with the honba and sticks."""

    seat: int
    source: int | None
    """The discarder, or None for a tsumo."""
    tile: int
    """The winning kind."""
    chankan: bool
    yaku: tuple[tuple[str, int], ...]
    yakuman: tuple[tuple[str, int], ...]
    dora: int
    ura_dora: int
    fu_lines: tuple[FuLine, ...]
    """The reading's fu, line by line (`count_fu`); none for thirteen orphans."""
    fu_raw: int
    """The lines' sum, before rounding."""
    fu: int
    han: int
    base: int
    """Base points: fu x 2^(han+2), or the limit's."""
    limit: str | None
    from_discarder: int | None
    """What the discarder pays for a ron (rounded up to 100), before the honba."""
    from_dealer: int | None
    """What the dealer pays on a non-dealer's tsumo, before the honba."""
    from_non_dealer: int | None
    """What each non-dealer pays on a tsumo, before the honba."""
    points: int
    """The hand's points: the payments' total, before honba and sticks."""
    honba: int
    """The honba this win is paid (a second ron winner takes none)."""
    sticks: int
    """The riichi sticks this win takes from the table."""
    payments: Scores
    """Each seat's change for this win, honba and sticks included."""
    red_dora: int = 0
    """Red fives in the hand, one han each (a log's; this game deals none), in `han` and the points."""


@dataclass(frozen=True)
class DrawReview:
    """A hand ended without a win: at an exhaustive draw the tenpai seats with
    their waits, and the nagashi mangan seats (paid in place of tenpai); at an
    abortive draw the seat that declared it, for nine terminals."""

    tenpai: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """Each tenpai seat with the kinds it waits on."""
    nagashi: tuple[int, ...] = ()
    declared_by: int | None = None


@dataclass(frozen=True)
class HandReview:
    """A finished hand: its round, how it ended, who paid what, and what changed."""

    round_wind: int
    hand_number: int
    dealer: int
    honba: int
    sticks: int
    """Riichi sticks on the table when the hand was dealt."""
    riichi: tuple[int, ...]
    """Seats whose riichi stood this hand, each putting a stick on the table."""
    kind: EndKind
    wins: tuple[WinReview, ...]
    draw: DrawReview | None
    deltas: Scores
    """Each seat's change at the end of the hand: the wins' payments, or the draw's."""
    scores_before: Scores
    """Scores when the hand was dealt."""
    scores_after: Scores
    """Scores after the hand: riichi sticks paid, then `deltas`."""
    sticks_after: int
    sticks_taken_by: int | None
    """The winner who took the sticks on the table, if any were there."""
    renchan: bool
    honba_after: int
    dealer_after: int
    round_wind_after: int
    hand_number_after: int
    game_over: bool


def riichi_stood(end: KyokuState) -> tuple[int, ...]:
    """The seats whose riichi stood: a riichi discard ronned puts no stick down
    (`KyokuState.riichi_pending`)."""
    return tuple(
        seat for seat, player in enumerate(end.players) if player.riichi_at is not None and seat != end.riichi_pending
    )


def won_by_chankan(end: KyokuState, win: Win) -> bool:
    """A ron on a tile added to a kan: the tile answered lies in no river."""
    if win.source is None or end.last_tile is None:
        return False
    return end.last_tile not in end.players[win.source].discards


def with_red_dora(score: RiichiScore, red: int, dealer: bool) -> RiichiScore:
    """The score with `red` aka dora added: one han each, like any dora, none on a yakuman."""
    if not red or score.yakuman:
        return score
    han = score.han + red
    points = win_points(han, score.fu.fu, 0, dealer, score.context.tsumo, score.rules)
    return replace(score, han=han, points=points)


def review_win(end: KyokuState, win: Win, honba: int, sticks: int, red: int = 0) -> WinReview:
    """One win scored again from the final state, with its payments; `red`
    counts the red fives of a hand read from a log."""
    chankan = won_by_chankan(end, win)
    score = score_win(end, win.seat, win.tile, tsumo=win.source is None, chankan=chankan)
    score = with_red_dora(score, red, win.seat == end.dealer)
    points = score.points
    return WinReview(
        seat=win.seat,
        source=win.source,
        tile=win.tile,
        chankan=chankan,
        yaku=score.yaku,
        yakuman=score.yakuman,
        dora=score.dora,
        ura_dora=score.ura_dora,
        fu_lines=score.fu.lines,
        fu_raw=score.fu.raw,
        fu=score.fu.fu,
        han=score.han,
        base=points.base,
        limit=points.limit,
        from_discarder=points.discarder,
        from_dealer=points.dealer,
        from_non_dealer=points.non_dealer,
        points=points.total,
        honba=honba,
        sticks=sticks,
        payments=win_deltas(end.options, end.dealer, score, win.seat, win.source, honba, sticks),
        red_dora=0 if score.yakuman else red,
    )


def review_draw(end: KyokuState, result: HandResult) -> tuple[DrawReview, Scores]:
    """The draw and its payments: nagashi mangan, else the tenpai payments;
    nothing at an abortive draw."""
    if result.abortive:
        declared = end.turn if result.kind is EndKind.NINE_TERMINALS else None
        return DrawReview(declared_by=declared), NO_CHANGE
    ready = tuple((seat, found) for seat in range(4) if (found := waits(end, seat)))
    nagashi = nagashi_seats(end)
    deltas = exhaustive_deltas(end.options, end.dealer, frozenset(seat for seat, _ in ready), nagashi)
    return DrawReview(tenpai=ready, nagashi=tuple(sorted(nagashi))), deltas


def _less(scores: Scores, seats: tuple[int, ...], cost: int) -> Scores:
    paid = [score - cost if seat in seats else score for seat, score in enumerate(scores)]
    return (paid[0], paid[1], paid[2], paid[3])


def review_hand(game: GameState, end: KyokuState) -> HandReview:
    """The review of the hand dealt from `game` and ended in `end`.  Raises
    ReviewError for a hand not over, or a win its final state cannot score."""
    result = end.result
    if result is None:
        raise ReviewError("the hand is not over")
    stood = riichi_stood(end)
    on_table = game.sticks + len(stood)
    wins: list[WinReview] = []
    draw: DrawReview | None = None
    deltas = NO_CHANGE
    if result.kind is EndKind.WIN:
        for index, win in enumerate(result.wins):
            try:
                reviewed = review_win(end, win, *table_share(index, game.honba, on_table))
            except ValueError as error:
                raise ReviewError(f"the win of seat {win.seat} on kind {win.tile} does not score: {error}") from error
            wins.append(reviewed)
            deltas = added(deltas, reviewed.payments)
    else:
        draw, deltas = review_draw(end, result)
    scores_after = added(_less(game.scores, stood, end.options.riichi_cost), deltas)
    sticks_after = 0 if wins else on_table
    following = after_hand(game, result, scores_after, sticks_after)
    return HandReview(
        round_wind=game.round_wind,
        hand_number=game.hand_number,
        dealer=end.dealer,
        honba=game.honba,
        sticks=game.sticks,
        riichi=stood,
        kind=result.kind,
        wins=tuple(wins),
        draw=draw,
        deltas=deltas,
        scores_before=game.scores,
        scores_after=scores_after,
        sticks_after=sticks_after,
        sticks_taken_by=wins[0].seat if wins and on_table else None,
        renchan=renchan(result, end.dealer),
        honba_after=following.honba,
        dealer_after=following.dealer,
        round_wind_after=following.round_wind,
        hand_number_after=following.hand_number,
        game_over=following.over,
    )
