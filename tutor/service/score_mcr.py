"""`tutor score --rules mcr`: fans with their tiles, what was left out and why,
the 8-point minimum and the payments."""

from __future__ import annotations

from typing import Any

from tutor.engine.mcr.fans import Fan
from tutor.engine.mcr.score import CountedFan, McrScore
from tutor.engine.mcr.settlement import MINIMUM_POINTS
from tutor.engine.notation import format_hand
from tutor.engine.tiles import tile_name, wind_letter
from tutor.locale import text
from tutor.locale.fan_tiles import fan_tiles
from tutor.locale.message import render_value

JsonObject = dict[str, Any]


def _fan_json(fan: Fan) -> JsonObject:
    return {"id": fan.id, "zh": fan.zh, "en": fan.en, "ko": fan.ko_sino, "ko_mandarin": fan.ko_mandarin}


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
    how = "self-drawn" if context.self_drawn else "on a discard"
    lines = [
        f"Hand:    {format_hand(score.hand)}   won on {tile_name(context.win_tile)} {how}",
        f"         seat {wind_letter(context.seat)}, prevalent wind {wind_letter(context.prevalent)}"
        + (f", {text('en', 'flowers', count=context.flowers)}" if context.flowers else ""),
        f"Reading: {score.reading}",
        "Fans:",
    ]
    for item in score.fans:
        times = f" x{item.count}" if item.count > 1 else ""
        lines.append(
            f"  {item.fan.zh} {item.fan.en}{times}".ljust(42) + f"{item.fan.points * item.count:>3}   {_tiles(item)}"
        )
    lines.append(f"  {'total':<40}{score.total:>3}")
    if score.left_out:
        lines.append("Not counted:")
        counted = {item.fan.id for item in score.fans}
        for left in score.left_out:
            why = ""
            if left.because_of:
                # A fan both counted and left out: one instance of it is part of the larger fan.
                part = "one is part of" if left.fan.id in counted else "implied by"
                why = f"{part} {left.because_of.zh}, "
            lines.append(f"  {left.fan.zh} {left.fan.en} ({why}{text('en', f'principle.{left.principle}')} principle)")
    without = score.total - score.flowers
    if score.can_win:
        lines.append(f"Minimum: {without} without flowers >= {MINIMUM_POINTS}: the win can be declared")
    else:
        lines.append(f"Minimum: {without} without flowers < {MINIMUM_POINTS}: this hand cannot be declared")
    payments = score.payments
    if payments.discarder is None:
        lines.append(f"Payment: {payments.received}: {payments.each_other} from each of the other three")
    else:
        lines.append(
            f"Payment: {payments.received}: {payments.discarder} from the discarder, {payments.each_other} from each of the others"
        )
    return "\n".join(lines)
