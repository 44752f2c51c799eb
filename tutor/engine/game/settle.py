"""Who pays whom at the end of a hand: wins with honba and sticks, and the
tenpai payments of an exhaustive draw."""

from __future__ import annotations

from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.state import Scores, Win
from tutor.engine.riichi.points import MANGAN_BASE, Points, noten_payments, payments
from tutor.engine.riichi.score import RiichiScore


def win_of(seat: int, source: int | None, tile: int, score: RiichiScore) -> Win:
    return Win(
        seat, source, tile, score.points.total, score.han, score.fu.fu, score.yaku or score.yakuman, score.points.limit
    )


def _as_scores(values: list[int]) -> Scores:
    return (values[0], values[1], values[2], values[3])


def win_deltas(
    options: RiichiOptions, dealer: int, score: RiichiScore, seat: int, source: int | None, honba: int, sticks: int
) -> Scores:
    """A win's payments: a ron is paid by the discarder with the honba; a tsumo
    by the three others (the dealer pays double a non-dealer's share), each
    with a third of the honba; the winner takes the sticks on the table."""
    deltas = [0, 0, 0, 0]
    points = score.points
    if source is not None:
        paid = points.total + options.honba_points * honba
        deltas[source] -= paid
        deltas[seat] += paid
    else:
        share = options.honba_points // 3 * honba
        for payer in range(4):
            if payer != seat:
                owed = _tsumo_share(points, payer, dealer) + share
                deltas[payer] -= owed
                deltas[seat] += owed
    deltas[seat] += options.riichi_cost * sticks
    return _as_scores(deltas)


def table_share(index: int, honba: int, sticks: int) -> tuple[int, int]:
    """The honba and riichi sticks a win takes: all of them for the first
    winner in turn order from the discarder, none for a second winner of a
    double ron (Tenhou's rule)."""
    return (honba, sticks) if index == 0 else (0, 0)


def exhaustive_deltas(options: RiichiOptions, dealer: int, tenpai: frozenset[int], nagashi: frozenset[int]) -> Scores:
    """The exhaustive draw's payments: nagashi mangan if any seat made it,
    else the noten seats pay the tenpai ones."""
    return nagashi_deltas(dealer, nagashi) if nagashi else noten_deltas(options, tenpai)


def noten_deltas(options: RiichiOptions, tenpai: frozenset[int]) -> Scores:
    """The exhaustive draw: the noten seats pay the tenpai ones the option's
    total between them; with none or all four tenpai nothing is paid."""
    return noten_payments(tenpai, options.noten_total)


def _tsumo_share(points: Points, payer: int, dealer: int) -> int:
    """What `payer` owes on a tsumo: the dealer's share if they are the dealer, else a non-dealer's."""
    owed = points.dealer if payer == dealer and points.dealer is not None else points.non_dealer
    assert owed is not None
    return owed


def nagashi_deltas(dealer: int, seats: frozenset[int]) -> Scores:
    """Nagashi mangan, paid as a mangan tsumo by each such seat (a dealer
    4,000 from each, a non-dealer 4,000 from the dealer and 2,000 from the others)."""
    deltas = [0, 0, 0, 0]
    for seat in seats:
        points = payments(MANGAN_BASE, "mangan", dealer=seat == dealer, tsumo=True)
        for payer in range(4):
            if payer != seat:
                owed = _tsumo_share(points, payer, dealer)
                deltas[payer] -= owed
                deltas[seat] += owed
    return _as_scores(deltas)


def added(first: Scores, second: Scores) -> Scores:
    return _as_scores([a + b for a, b in zip(first, second, strict=True)])
