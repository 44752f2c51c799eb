"""`tutor review`'s review of a log, and its refusal, as messages (`review_log.*`)
for the command line (the service layer: quiz and service never import each other).

The service (tutor/service/review_log.py) gives data and codes; every
word here comes from the catalogue.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from tutor.engine.game.log_findings import Finding
from tutor.engine.game.log_review import DrawCheck, WinCheck
from tutor.engine.game.mcr.log_review import McrRoundReview
from tutor.engine.game.mjai import WIND_NAMES
from tutor.engine.tiles import tile_name
from tutor.locale import Message, Value, joined, message
from tutor.locale.concept_words import concept_words
from tutor.service.review_log import LogRefused, LogReview

PREFIX: Final = "review_log."
PLAYS: Final = frozenset(
    {
        "draw",
        "discard",
        "riichi",
        "riichi_accepted",
        "chi",
        "pon",
        "open_kan",
        "added_kan",
        "closed_kan",
        "dora",
        "win",
        "tsumo",
        "ron",
        "nine_terminals",
        "flower",
        "false_win",
    }
)
"""The plays a problem code may name after `unexpected_`, `missing_` or `illegal_`."""
RULES: Final = frozenset(
    {
        "furiten",
        "furiten_temporary",
        "furiten_riichi",
        "no_yaku",
        "kuikae",
        "riichi_locked",
        "too_few_tiles",
        "not_enough_points",
        "not_closed",
        "not_tenpai",
        "no_discard_left",
        "not_tenpai_discard",
        "kan_limit",
        "four_kans",
    }
)
"""The rules an illegal play may name: the coach's words for them (`coach.rule.riichi.*`)."""
MCR_PLAYS: Final = frozenset({"chi", "pon", "open_kan", "added_kan", "closed_kan", "win"})
"""The plays an MCR log names in MCR's own terms (chow, pung, kong, hu: `review_log.play.mcr.*`)."""
MCR_RULES: Final = frozenset({"under_eight", "not_complete", "priority", "chow_not_left", "dead_hand", "no_tiles"})
"""The MCR rules an illegal play of an MCR log may name (`coach.rule.mcr.*`)."""


def _tiles(tiles: Iterable[int]) -> Value:
    return joined(tile_name(tile) for tile in tiles)


def _deltas(deltas: Iterable[int]) -> str:
    return " ".join(f"{delta:+d}" for delta in deltas)


def problem(refused: LogRefused) -> Message:
    """What is wrong with a refused log, in words."""
    code = refused.code
    for head in ("unexpected_", "missing_", "illegal_"):
        play = code.removeprefix(head)
        if code.startswith(head) and play in PLAYS:
            rule = message(f"{PREFIX}no_rule")
            if refused.rule in RULES:
                rule = message(f"coach.rule.riichi.{refused.rule}")
            elif refused.rule in MCR_RULES:
                rule = message(f"coach.rule.mcr.{refused.rule}")
            named = f"mcr.{play}" if refused.rules == "mcr" and play in MCR_PLAYS else play
            return message(f"{PREFIX}problem.{head[:-1]}", play=message(f"{PREFIX}play.{named}"), rule=rule)
    return message(f"{PREFIX}problem.{code}")


def refusal(refused: LogRefused) -> Message:
    """The one line of a refused log: the round and event when it names them."""
    if refused.round and refused.event is not None:
        return message(f"{PREFIX}refused", round=refused.round, event=refused.event, problem=problem(refused))
    if refused.round:
        return message(f"{PREFIX}refused_round", round=refused.round, problem=problem(refused))
    if refused.event is not None:
        return message(f"{PREFIX}refused_event", event=refused.event, problem=problem(refused))
    return message(f"{PREFIX}refused_log", problem=problem(refused))


def _win(review: LogReview, round_index: int, check: WinCheck) -> Message:
    ours = check.ours
    how = message(f"{PREFIX}how.tsumo") if ours.source is None else message(f"{PREFIX}how.ron", source=ours.source)
    values: dict[str, Value] = {
        "seat": ours.seat,
        "how": how,
        "event": review.event_index(round_index, check.event),
        "han": ours.han,
        "fu": ours.fu,
        "deltas": _deltas(ours.payments),
        "logged": _deltas(check.logged),
    }
    return message(f"{PREFIX}win_agrees" if check.agree else f"{PREFIX}win_differs", **values)


def _draw(review: LogReview, round_index: int, draw: DrawCheck) -> Message:
    values: dict[str, Value] = {
        "draw": message(f"{PREFIX}draw.{draw.kind.value}"),
        "event": review.event_index(round_index, draw.event),
        "deltas": _deltas(draw.ours),
        "logged": _deltas(draw.logged),
    }
    return message(f"{PREFIX}draw_agrees" if draw.agree else f"{PREFIX}draw_differs", **values)


def finding_message(review: LogReview, round_index: int, finding: Finding) -> Message:
    values: dict[str, Value] = {
        "seat": finding.seat,
        "event": review.event_index(round_index, finding.event),
        "tiles": _tiles(finding.tiles),
        "concept": concept_words(finding.concept),
    }
    named = dict(finding.values)
    if finding.kind.value == "efficiency":
        values.update(
            tile=tile_name(finding.tiles[0]),
            best=_tiles(finding.tiles[1:]),
            ukeire=named["ukeire"],
            shanten=named["shanten"],
            best_ukeire=named["best_ukeire"],
            best_shanten=named["best_shanten"],
        )
    elif finding.kind.value == "scoring" and "total" in named:
        values.update(total=named["total"], points=named["points"])
        return message(f"{PREFIX}finding.mcr_scoring", **values)
    elif finding.kind.value == "scoring":
        values.update(han=named["han"], fu=named["fu"], points=named["points"])
    elif finding.kind.value == "deal_in_safe_held":
        values.update(winner=named["winner"])
    elif finding.kind.value == "missed_win" and review.format == "tutor":
        # MCR's word for every win is hu.
        return message(f"{PREFIX}finding.mcr_missed_win", **values)
    return message(f"{PREFIX}finding.{finding.kind.value}", **values)


def review_lines(review: LogReview) -> list[Message]:
    """The review, line by line: the log, then each round's results and findings."""
    seats = " ".join(str(seat) for seat in review.seats) or "-"
    lines = [
        message(
            f"{PREFIX}header",
            format=review.format,
            rounds=message(f"{PREFIX}rounds", count=len(review.rounds) + len(review.mcr_rounds)),
            seats=seats,
        )
    ]
    for index, reviewed in enumerate(review.rounds):
        lines.append(
            message(
                f"{PREFIX}round",
                number=reviewed.number,
                wind=message(f"wind.{WIND_NAMES[reviewed.round_wind]}"),
                hand=reviewed.hand_number + 1,
                honba=reviewed.honba,
                sticks=reviewed.sticks,
            )
        )
        lines.extend(_win(review, index, check) for check in reviewed.wins)
        if reviewed.draw is not None:
            lines.append(_draw(review, index, reviewed.draw))
        lines.extend(finding_message(review, index, finding) for finding in reviewed.findings)
    for index, hand in enumerate(review.mcr_rounds):
        lines += _mcr_round(review, index, hand)
    return lines


def _mcr_round(review: LogReview, index: int, hand: McrRoundReview) -> list[Message]:
    lines = [
        message(
            f"{PREFIX}mcr_round",
            number=hand.number,
            wind=message(f"wind.{WIND_NAMES[hand.prevalent]}"),
            hand=hand.hand_number % 4 + 1,
        )
    ]
    if hand.win is not None:
        check = hand.win
        ours = check.ours
        how = (
            message(f"{PREFIX}mcr_how.self_drawn")
            if ours.source is None
            else message(f"{PREFIX}mcr_how.discard", source=hand.seats[ours.source])
        )
        values: dict[str, Value] = {
            "seat": hand.seats[ours.seat],
            "how": how,
            "event": check.event,
            "total": ours.total,
            "deltas": _deltas(check.deltas),
            "logged": _deltas(check.logged),
        }
        lines.append(message(f"{PREFIX}mcr_win_agrees" if check.agree else f"{PREFIX}mcr_win_differs", **values))
    if hand.draw is not None:
        draw = hand.draw
        values = {
            "draw": message(f"{PREFIX}draw.exhaustive"),
            "event": draw.event,
            "deltas": _deltas(draw.ours),
            "logged": _deltas(draw.logged),
        }
        lines.append(message(f"{PREFIX}draw_agrees" if draw.agree else f"{PREFIX}draw_differs", **values))
    lines.extend(finding_message(review, index, finding) for finding in hand.findings)
    return lines
