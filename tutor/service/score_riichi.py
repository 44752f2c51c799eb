"""`tutor score --rules riichi`: the JSON of design brief section 4 and the
text a person reads (the hand, the reading, the fu lines, yaku, points)."""

from __future__ import annotations

import json
from typing import Any

from tutor.engine.notation import format_decomposition, format_hand
from tutor.engine.riichi.points import points_json
from tutor.engine.riichi.score import RiichiScore
from tutor.engine.tiles import tile_name, wind_letter
from tutor.service.analyze import decomposition_json
from tutor.service.english import INDENT, say

JsonObject = dict[str, Any]


def riichi_score_json(score: RiichiScore) -> JsonObject:
    points = score.points
    reading = score.reading
    return {
        "rules": "riichi",
        "hand": format_hand(score.hand),
        "win": tile_name(score.context.win_tile),
        "tsumo": score.context.tsumo,
        "seat": wind_letter(score.context.seat),
        "round": wind_letter(score.context.round),
        "han": score.han,
        "fu": score.fu.fu,
        "fu_raw": score.fu.raw,
        "fu_items": [{"item": line.item, "fu": line.fu, "tiles": line.tiles} for line in score.fu.lines],
        "yaku": [{"id": name, "han": han} for name, han in score.yaku],
        "yakuman": [{"id": name, "multiplier": times} for name, times in score.yakuman],
        "dora": score.dora,
        "ura_dora": score.ura_dora,
        "points": points_json(points),
        "limit": points.limit,
        "reading": {"wait": reading.wait.value, **decomposition_json(reading.decomposition)},
        "readings_considered": score.readings_considered,
        "options": score.rules.differences(),
    }


def _payment_text(score: RiichiScore) -> str:
    points = score.points
    if points.discarder is not None:
        return say("score_text.paid_ron", total=points.total)
    if points.dealer is None:
        return say("score_text.paid_dealer_tsumo", total=points.total, each=points.non_dealer)
    return say("score_text.paid_tsumo", total=points.total, dealer=points.dealer, each=points.non_dealer)


def riichi_score_text(score: RiichiScore) -> str:
    context = score.context
    how = say("score_text.tsumo" if context.tsumo else "score_text.ron")
    seat = {
        "seat": wind_letter(context.seat),
        "dealer": say("score_text.dealer" if context.dealer else "score_text.non_dealer"),
        "round": wind_letter(context.round),
    }
    flags = " ".join(sorted(flag.value for flag in context.flags))
    lines = [
        say("score_text.hand", hand=format_hand(score.hand), win=tile_name(context.win_tile), how=how),
        INDENT + (say("score_text.seat_flags", flags=flags, **seat) if flags else say("score_text.seat", **seat)),
        say(
            "score_text.reading",
            reading=format_decomposition(score.reading.decomposition),
            wait=score.reading.wait.value,
            count=score.readings_considered,
        ),
        say("score_text.fu"),
    ]
    for line in score.fu.lines:
        lines.append(f"  {line.item:<24} {line.tiles:<10} {line.fu:>3}")
    if score.fu.lines:
        rounding = "" if score.fu.raw == score.fu.fu else " " + say("score_text.rounded", fu=score.fu.fu)
        lines.append(f"  {say('score_text.total'):<24} {'':<10} {score.fu.raw:>3}{rounding}")
    else:
        lines.append(f"  {say('fu.not_counted')}")
    if score.yakuman:
        lines.append(say("score_text.yakuman"))
        lines += [f"  {name:<24} x{times}" for name, times in score.yakuman]
    else:
        lines.append(say("score_text.yaku"))
        lines += [f"  {name:<24} {say('score_text.han', han=han)}" for name, han in score.yaku]
        if score.dora:
            lines.append(f"  {say('score_text.dora'):<24} {say('score_text.han', han=score.dora)}")
        if score.ura_dora:
            lines.append(f"  {say('score_text.ura_dora'):<24} {say('score_text.han', han=score.ura_dora)}")
        lines.append(f"  {say('score_text.total'):<24} {say('score_text.han_fu', han=score.han, fu=score.fu.fu)}")
    limit = f" ({score.points.limit})" if score.points.limit else ""
    lines.append(say("score_text.points", paid=_payment_text(score) + limit))
    if score.rules.differences():
        options = ", ".join(f"{k}={json.dumps(v)}" for k, v in score.rules.differences().items())
        lines.append(say("score_text.options", options=options))
    return "\n".join(lines)
