"""`tutor analyze`: the shapes, decompositions, waits and efficiency of a hand."""

from __future__ import annotations

from typing import Any

from tutor.engine.analysis import Analysis, analyze
from tutor.engine.efficiency import DiscardOption, Ukeire
from tutor.engine.notation import NotationError, format_block, format_decomposition, format_hand, parse_hand
from tutor.engine.rules import Rules
from tutor.engine.shapes import Decomposition
from tutor.engine.tiles import tile_name
from tutor.engine.waits import Wait
from tutor.service.english import say
from tutor.service.errors import RequestError
from tutor.service.requests import rules_named

JsonObject = dict[str, Any]


def analyze_request(request: JsonObject) -> Analysis:
    """Answer one analyze request: `{"hand": ..., "rules": "riichi"}`."""
    hand_text = request.get("hand")
    if not isinstance(hand_text, str):
        raise RequestError("request.no_hand")
    rules = rules_named(request.get("rules", Rules.RIICHI.value))
    try:
        hand = parse_hand(hand_text)
    except NotationError as error:
        raise RequestError.of(error) from None
    return analyze(hand, rules)


def decomposition_json(decomposition: Decomposition) -> JsonObject:
    return {
        "shape": decomposition.shape.value,
        "text": format_decomposition(decomposition),
        "pair": tile_name(decomposition.pair) if decomposition.pair is not None else None,
        "sets": [
            {"kind": block.kind.value, "tiles": format_block(block), "called": block.called, "open": block.open}
            for block in decomposition.sets
        ],
    }


def wait_json(wait: Wait) -> JsonObject:
    return {"tile": tile_name(wait.tile), "kinds": [kind.value for kind in wait.kinds]}


def ukeire_json(found: Ukeire) -> JsonObject:
    return {"tiles": [tile_name(item.tile) for item in found.tiles], "count": found.count}


def discard_json(option: DiscardOption) -> JsonObject:
    return {
        "discard": tile_name(option.discard),
        "shanten": option.shanten,
        "ukeire": ukeire_json(option.ukeire),
        "waits": [wait_json(wait) for wait in option.waits],
    }


def analysis_json(analysis: Analysis) -> JsonObject:
    """The stable JSON of the README: tiles, complete, tenpai, waits,
    decompositions, shanten (and each shape's), ukeire for 13 tiles, and for
    14 tiles every discard with what it leaves, best first."""
    return {
        "hand": format_hand(analysis.hand),
        "rules": analysis.rules.value,
        "tiles": analysis.hand.tile_count,
        "complete": analysis.complete,
        "tenpai": analysis.tenpai,
        "waits": [wait_json(wait) for wait in analysis.waits],
        "decompositions": [decomposition_json(d) for d in analysis.decompositions],
        "shanten": analysis.shanten.shanten,
        "shanten_by_shape": analysis.shanten.by_shape(),
        "ukeire": None if analysis.ukeire is None else ukeire_json(analysis.ukeire),
        "discards": [discard_json(option) for option in analysis.discards],
    }


def _wait_lines(waits: tuple[Wait, ...], indent: str) -> list[str]:
    lines = []
    for wait in waits:
        kinds = ", ".join(say(f"analyze_text.wait.{kind.value}") for kind in wait.kinds)
        lines.append(f"{indent}{tile_name(wait.tile):<3} {kinds}")
    return lines


def _shanten_line(analysis: Analysis) -> str:
    shapes = ", ".join(
        say("analyze_text.shape_shanten", shape=say(f"analyze_text.shape.{name}"), shanten=value)
        for name, value in analysis.shanten.by_shape().items()
    )
    return say("analyze_text.shanten", shanten=analysis.shanten.shanten, shapes=shapes)


def _ukeire_text(found: Ukeire) -> str:
    if not found.tiles:
        return say("answer.none")
    tiles = " ".join(f"{tile_name(item.tile)}x{item.count}" for item in found.tiles)
    return say("analyze_text.ukeire_tiles", tiles=tiles, count=found.count)


def analysis_text(analysis: Analysis) -> str:
    """What a person reads in the terminal."""
    hand = analysis.hand
    lines = [
        say("analyze_text.hand", hand=format_hand(hand), count=hand.tile_count, rules=analysis.rules.value),
        _shanten_line(analysis),
    ]
    if hand.tile_count == 14:
        lines.append(say("analyze_text.complete", answer=say("answer.yes" if analysis.complete else "answer.no")))
        for number, decomposition in enumerate(analysis.decompositions, 1):
            shape = say(f"analyze_text.shape.{decomposition.shape.value}")
            lines.append(
                say("analyze_text.decomposition", number=number, tiles=format_decomposition(decomposition), shape=shape)
            )
        lines.append(say("analyze_text.discards"))
        for option in analysis.discards:
            line = "  " + say(
                "analyze_text.discard",
                tile=f"{tile_name(option.discard):<3}",
                shanten=option.shanten,
                ukeire=_ukeire_text(option.ukeire),
            )
            if option.waits:
                waits = " ".join(tile_name(wait.tile) for wait in option.waits)
                line += "  " + say("analyze_text.waits_on", tiles=waits)
            lines.append(line)
        return "\n".join(lines)
    if analysis.ukeire is not None:
        lines.append(say("analyze_text.ukeire", ukeire=_ukeire_text(analysis.ukeire)))
    if not analysis.tenpai:
        lines.append(say("analyze_text.not_tenpai"))
        return "\n".join(lines)
    lines.append(say("analyze_text.tenpai", count=len(analysis.waits)))
    lines += _wait_lines(analysis.waits, "  ")
    lines.append(say("analyze_text.readings"))
    for wait in analysis.waits:
        completed = analyze(hand.with_tile(wait.tile), analysis.rules)
        for decomposition in completed.decompositions:
            lines.append(f"  +{tile_name(wait.tile):<3} {format_decomposition(decomposition)}")
    return "\n".join(lines)
