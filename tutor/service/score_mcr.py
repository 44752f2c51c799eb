"""`tutor score --rules mcr`: fans with their tiles, what was left out and why,
the 8-point minimum and the payments."""

from __future__ import annotations

from typing import Any

from tutor.engine.mcr.fans import Fan
from tutor.engine.mcr.score import CountedFan, McrScore
from tutor.engine.mcr.settlement import MINIMUM_POINTS
from tutor.engine.notation import format_hand
from tutor.engine.tiles import tile_name, wind_letter
from tutor.locale.fan_names import fan_name
from tutor.locale.fan_tiles import fan_tiles
from tutor.locale.message import render, render_value
from tutor.service.english import INDENT, LANGUAGE, say

JsonObject = dict[str, Any]


def _fan_json(fan: Fan) -> JsonObject:
    return {"id": fan.id, "zh": fan.zh, "en": fan.en, "ko": fan.ko_sino, "ko_mandarin": fan.ko_mandarin}


def _name(fan: Fan) -> str:
    """A fan in English, its Chinese name first, as every screen names it."""
    return render(fan_name(fan.id), LANGUAGE)


def _tiles(item: CountedFan) -> str:
    """What makes a fan, in English: its tiles, or how many flowers."""
    return render_value(fan_tiles(item), "en")


def mcr_score_json(score: McrScore) -> JsonObject:
    payments = score.payments
    return {
        "rules": "mcr",
        "hand": format_hand(score.hand),
        "win": tile_name(score.context.win_tile),
        "tsumo": score.context.self_drawn,
        "seat": wind_letter(score.context.seat),
        "round": wind_letter(score.context.prevalent),
        "reading": score.reading,
        "fans": [
            {**_fan_json(item.fan), "points": item.fan.points, "count": item.count, "tiles": _tiles(item)}
            for item in score.fans
        ],
        "left_out": [
            {
                **_fan_json(item.fan),
                "principle": item.principle,
                "because_of": item.because_of.zh if item.because_of else None,
                # Only where another principle leaves it out too.
                **({"also": item.also} if item.also else {}),
            }
            for item in score.left_out
        ],
        "total": score.total,
        "flowers": score.flowers,
        "can_win": score.can_win,
        "minimum": MINIMUM_POINTS,
        "payments": {
            "received": payments.received,
            "discarder": payments.discarder,
            "each_other": payments.each_other,
        },
        "options": score.rules.differences(),
    }


def mcr_score_text(score: McrScore) -> str:
    context = score.context
    how = say("score_text.self_drawn" if context.self_drawn else "score_text.on_discard")
    seat = say("score_text.mcr_seat", seat=wind_letter(context.seat), prevalent=wind_letter(context.prevalent))
    flowers = f", {say('flowers', count=context.flowers)}" if context.flowers else ""
    lines = [
        say("score_text.mcr_hand", hand=format_hand(score.hand), win=tile_name(context.win_tile), how=how),
        INDENT + seat + flowers,
        say("score_text.mcr_reading", reading=score.reading),
        say("score_text.fans"),
    ]
    for item in score.fans:
        times = f" x{item.count}" if item.count > 1 else ""
        lines.append(f"  {_name(item.fan)}{times}".ljust(42) + f"{item.fan.points * item.count:>3}   {_tiles(item)}")
    lines.append(f"  {say('score_text.total'):<40}{score.total:>3}")
    if score.left_out:
        lines.append(say("score_text.not_counted"))
        counted = {item.fan.id for item in score.fans}
        for left in score.left_out:
            fan, principle = _name(left.fan), say(f"principle.{left.principle}")
            if left.because_of is None:
                lines.append("  " + say("score_text.left_out", fan=fan, principle=principle))
                continue
            # A fan both counted and left out: one instance of it is part of the larger fan.
            key = "score_text.left_out_part" if left.fan.id in counted else "score_text.left_out_implied"
            lines.append("  " + say(key, fan=fan, by=left.because_of.zh, principle=principle))
    without = score.total - score.flowers
    key = "score_text.minimum_met" if score.can_win else "score_text.minimum_short"
    lines.append(say(key, points=without, minimum=MINIMUM_POINTS))
    payments = score.payments
    if payments.discarder is None:
        lines.append(say("score_text.payment_tsumo", received=payments.received, each=payments.each_other))
    else:
        lines.append(
            say(
                "score_text.payment_ron",
                received=payments.received,
                discarder=payments.discarder,
                each=payments.each_other,
            )
        )
    return "\n".join(lines)
