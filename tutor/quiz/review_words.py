"""A finished hand's review in words: the engine's `HandReview` (riichi) and
`McrHandReview` (MCR) as lines of messages, in the order a learner steps
through them: the round, each win (yaku or fans, fu, points, who paid what)
or the draw, the scores, and what changes for the next hand.

Every number is the review's; nothing is worked out here.  Seats are named
by their seat wind in the hand reviewed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tutor.engine.game.mcr.review import LeftOutStep, McrHandReview, McrWinReview
from tutor.engine.game.review import DrawReview, HandReview, WinReview
from tutor.engine.game.state import EndKind, Scores
from tutor.engine.mcr.fans import FANS
from tutor.engine.table import MCR_HANDS
from tutor.engine.tiles import WIND_LETTERS
from tutor.locale import Message, Value, joined, message
from tutor.locale.fan_names import fan_choice, fan_name
from tutor.quiz.answer_text import payment_message
from tutor.quiz.names import FU_ITEMS, PRINCIPLE_NAMES, PRINCIPLE_ZH, limit_message, name, tile_message

ABORTIVE_KEYS: Final = {
    EndKind.NINE_TERMINALS: "review.abortive.nine_terminals",
    EndKind.FOUR_WINDS: "review.abortive.four_winds",
    EndKind.FOUR_RIICHI: "review.abortive.four_riichi",
    EndKind.FOUR_KANS: "review.abortive.four_kans",
    EndKind.TRIPLE_RON: "review.abortive.triple_ron",
}


Seat = Callable[[int], Message]
"""A seat (0-3) named in words."""


def points_text(points: int) -> str:
    return f"{points:,}"


def wind_seat(wind: int) -> Message:
    """A seat by its wind this hand: "East", "동가"."""
    return message(f"seat_wind.{WIND_LETTERS[wind]}")


# --- riichi ----------------------------------------------------------------------------------


def riichi_review_lines(review: HandReview) -> tuple[Message, ...]:
    """The review of a riichi hand, line by line."""

    def seat(number: int) -> Message:
        return wind_seat((number - review.dealer) % 4)

    lines = [
        message(
            "review.round",
            round=message(f"round_wind.{WIND_LETTERS[review.round_wind]}"),
            number=review.hand_number + 1,
            honba=review.honba,
            sticks=message("review.sticks", count=review.sticks),
        )
    ]
    lines += [message("review.riichi", seat=seat(number)) for number in review.riichi]
    for win in review.wins:
        lines += _win_lines(win, seat)
    if review.draw is not None:
        lines += _draw_lines(review, review.draw, seat)
    lines += _score_lines(review.scores_before, review.scores_after, seat)
    lines += _next_lines(review, seat)
    return tuple(lines)


def win_lines(win: WinReview, seat: Seat) -> list[Message]:
    """One win step by step (a log's win re-scored, tutor/ui/screens/replay.py)."""
    return _win_lines(win, seat)


def _win_lines(win: WinReview, seat: Seat) -> list[Message]:
    if win.source is None:
        lines = [message("review.tsumo", seat=seat(win.seat), tile=tile_message(win.tile))]
    else:
        lines = [message("review.ron", seat=seat(win.seat), tile=tile_message(win.tile), source=seat(win.source))]
    lines += [message("review.yaku", name=name("yaku", yaku), han=han) for yaku, han in win.yaku]
    lines += [
        message("review.yakuman", name=name("yakuman", yakuman), limit=limit_message(_yakuman_limit(times)))
        for yakuman, times in win.yakuman
    ]
    if win.dora:
        lines.append(message("review.dora", han=win.dora))
    if win.ura_dora:
        lines.append(message("review.ura_dora", han=win.ura_dora))
    if not win.yakuman:
        lines += [
            message("review.fu_line", item=FU_ITEMS.name(line.item), tiles=line.tiles, fu=line.fu)
            if line.tiles
            else message("review.fu_line_plain", item=FU_ITEMS.name(line.item), fu=line.fu)
            for line in win.fu_lines
        ]
        rounded = win.fu != win.fu_raw
        lines.append(message("review.fu_rounded" if rounded else "review.fu_total", raw=win.fu_raw, fu=win.fu))
    if win.yakuman:
        assert win.limit is not None
        lines.append(message("review.base_yakuman", limit=limit_message(win.limit), base=points_text(win.base)))
    elif win.limit:
        limit = limit_message(win.limit)
        lines.append(message("review.base_limit", han=win.han, limit=limit, base=points_text(win.base)))
    else:
        lines.append(message("review.base", han=win.han, fu=win.fu, base=points_text(win.base)))
    points = {
        "total": points_text(win.points),
        "discarder": None if win.from_discarder is None else points_text(win.from_discarder),
        "dealer": None if win.from_dealer is None else points_text(win.from_dealer),
        "non_dealer": None if win.from_non_dealer is None else points_text(win.from_non_dealer),
    }
    lines.append(payment_message(points))
    if win.honba or win.sticks:
        sticks = message("review.stick_count", count=win.sticks)
        lines.append(message("review.table_share", honba=win.honba, sticks=sticks))
    lines += _payment_lines(win.payments, seat)
    return lines


def _yakuman_limit(times: int) -> str:
    """The limit name of a yakuman counted `times` over, as the engine names limits."""
    return "yakuman" if times == 1 else f"yakuman_x{times}"


def _payment_lines(payments: Scores, seat: Seat) -> list[Message]:
    lines = []
    for number, change in enumerate(payments):
        if change < 0:
            lines.append(message("review.pays", seat=seat(number), points=points_text(-change)))
        elif change > 0:
            lines.append(message("review.receives", seat=seat(number), points=points_text(change)))
    return lines


def _draw_lines(review: HandReview, draw: DrawReview, seat: Seat) -> list[Message]:
    if review.kind in ABORTIVE_KEYS:
        declared = seat(draw.declared_by) if draw.declared_by is not None else ""
        return [message(ABORTIVE_KEYS[review.kind], seat=declared)]
    lines = [message("review.exhaustive")]
    waiting = dict(draw.tenpai)
    for number in range(4):
        if number in waiting:
            tiles = joined(tile_message(tile) for tile in waiting[number])
            lines.append(message("review.tenpai", seat=seat(number), tiles=tiles))
        else:
            lines.append(message("review.noten", seat=seat(number)))
    lines += [message("review.nagashi", seat=seat(number)) for number in draw.nagashi]
    lines += _payment_lines(review.deltas, seat)
    return lines


def _score_lines(before: Scores, after: Scores, seat: Seat) -> list[Message]:
    return [
        message(
            "review.score",
            seat=seat(number),
            before=points_text(before[number]),
            after=points_text(after[number]),
            change=f"{after[number] - before[number]:+,}",
        )
        for number in range(4)
    ]


def _next_lines(review: HandReview, seat: Seat) -> list[Message]:
    lines = []
    if review.sticks_taken_by is not None:
        taken = review.wins[0].sticks
        lines.append(message("review.sticks_taken", seat=seat(review.sticks_taken_by), count=taken))
    elif review.sticks_after:
        lines.append(message("review.sticks_stay", count=review.sticks_after))
    if review.game_over:
        lines.append(message("review.game_over"))
        return lines
    where: dict[str, Value] = {
        "round": message(f"round_wind.{WIND_LETTERS[review.round_wind_after]}"),
        "number": review.hand_number_after + 1,
        "honba": review.honba_after,
    }
    if review.renchan:
        lines.append(message("review.renchan", seat=seat(review.dealer), **where))
    else:
        lines.append(message("review.next_dealer", seat=seat(review.dealer_after), **where))
    return lines


# --- MCR -------------------------------------------------------------------------------------


def mcr_review_lines(review: McrHandReview) -> tuple[Message, ...]:
    """The review of an MCR hand, line by line."""
    lines = [
        message(
            "review.mcr.hand",
            number=review.number + 1,
            hands=MCR_HANDS,
            prevalent=message(f"wind.{WIND_LETTERS[review.prevalent]}"),
        )
    ]
    for seat in review.false_wins:
        lines.append(message("review.mcr.false_win", seat=wind_seat(seat), points=review.penalty_points))
    if review.win is not None:
        lines += _mcr_win_lines(review.win)
    else:
        lines.append(message("review.mcr.draw"))
    lines += _payment_lines(review.deltas, wind_seat)
    players = review.seats
    before = tuple(review.scores_before[player] for player in players)
    after = tuple(review.scores_after[player] for player in players)
    lines += _score_lines(
        (before[0], before[1], before[2], before[3]), (after[0], after[1], after[2], after[3]), wind_seat
    )
    if review.next_seats is None:
        lines.append(message("review.game_over"))
    else:
        dealer = wind_seat(review.seats.index(review.next_seats[0]))
        lines.append(message("review.mcr.next", number=review.number + 2, hands=MCR_HANDS, seat=dealer))
        if review.new_round and review.next_prevalent is not None:
            prevalent = message(f"wind.{WIND_LETTERS[review.next_prevalent]}")
            lines.append(message("review.mcr.new_round", prevalent=prevalent))
    return tuple(lines)


def _mcr_win_lines(win: McrWinReview) -> list[Message]:
    tile = tile_message(win.tile)
    if win.source is None:
        lines = [message("review.mcr.self_drawn", seat=wind_seat(win.seat), tile=tile)]
    else:
        lines = [message("review.mcr.discard", seat=wind_seat(win.seat), tile=tile, source=wind_seat(win.source))]
    for step in win.fans:
        shown = fan_choice(step.fan)
        lines.append(
            message(
                "review.mcr.fan", fan=message("fan_times", name=shown, count=step.count) if step.count > 1 else shown
            )
        )
    lines += [message("review.mcr.left_out", fan=_left_out(left)) for left in win.left_out]
    lines.append(
        message(
            "review.mcr.total",
            total=win.total,
            flowers=win.flowers,
            counted=win.without_flowers,
            minimum=win.minimum,
        )
    )
    if win.source is None:
        lines.append(message("review.mcr.paid_self", base=win.base, total=win.total, each=win.from_each_other))
    else:
        assert win.from_discarder is not None
        lines.append(
            message(
                "review.mcr.paid_discard",
                source=wind_seat(win.source),
                base=win.base,
                total=win.total,
                paid=win.from_discarder,
            )
        )
    return lines


def _left_out(left: LeftOutStep) -> Message:
    """A fan left out with its principle, by its official name and the learner's, and the fan that includes it."""
    principle = joined((PRINCIPLE_ZH.get(left.principle, left.principle), PRINCIPLE_NAMES.name(left.principle)), " ")
    fan = fan_name(left.fan) if left.fan in FANS else left.fan
    if left.because_of:
        return message("answer.left_out_by", fan=fan, principle=principle, by=fan_name(left.because_of))
    return message("answer.left_out", fan=fan, principle=principle)
