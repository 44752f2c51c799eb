"""`tutor score --rules riichi`: the JSON of design brief section 4 and the
text a person reads (the hand, the reading, the fu lines, yaku, points)."""

from __future__ import annotations

import json
from typing import Any

from tutor.engine.notation import format_decomposition, format_hand
from tutor.engine.riichi.points import points_json
from tutor.engine.riichi.score import RiichiScore
from tutor.engine.tiles import tile_name, wind_letter
from tutor.locale import text
from tutor.service.analyze import decomposition_json

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
        return f"{points.total} from the discarder"
    if points.dealer is None:
        return f"{points.total}: {points.non_dealer} from each of the other three"
    return f"{points.total}: {points.dealer} from the dealer, {points.non_dealer} from each of the other two"


def riichi_score_text(score: RiichiScore) -> str:
    context = score.context
    how = "tsumo" if context.tsumo else "ron"
    dealer = "dealer" if context.dealer else "non-dealer"
    lines = [
        f"Hand:    {format_hand(score.hand)}   won on {tile_name(context.win_tile)} by {how}",
        f"         seat {wind_letter(context.seat)} ({dealer}), round {wind_letter(context.round)}"
        + (f", flags: {' '.join(sorted(flag.value for flag in context.flags))}" if context.flags else ""),
        f"Reading: {format_decomposition(score.reading.decomposition)}   ({score.reading.wait.value} wait;"
        f" best of {score.readings_considered} reading{'s' if score.readings_considered > 1 else ''})",
        "Fu:",
    ]
    for line in score.fu.lines:
        lines.append(f"  {line.item:<24} {line.tiles:<10} {line.fu:>3}")
    if score.fu.lines:
        rounding = "" if score.fu.raw == score.fu.fu else f" -> rounded up to {score.fu.fu}"
        lines.append(f"  {'total':<24} {'':<10} {score.fu.raw:>3}{rounding}")
    else:
        lines.append(f"  {text('en', 'fu.not_counted')}")
    if score.yakuman:
        lines.append("Yakuman:")
        lines += [f"  {name:<24} x{times}" for name, times in score.yakuman]
    else:
        lines.append("Yaku:")
        lines += [f"  {name:<24} {han} han" for name, han in score.yaku]
        if score.dora:
            lines.append(f"  {'dora':<24} {score.dora} han")
        if score.ura_dora:
            lines.append(f"  {'ura dora':<24} {score.ura_dora} han")
        lines.append(f"  {'total':<24} {score.han} han {score.fu.fu} fu")
    limit = f" ({score.points.limit})" if score.points.limit else ""
    lines.append(f"Points:  {_payment_text(score)}{limit}")
    if score.rules.differences():
        lines.append("Options: " + ", ".join(f"{k}={json.dumps(v)}" for k, v in score.rules.differences().items()))
    return "\n".join(lines)
