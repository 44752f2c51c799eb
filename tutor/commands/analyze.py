"""`tutor analyze`: the shapes, decompositions and waits of a hand."""

from __future__ import annotations

from typing import Any

from tutor.commands.errors import RequestError
from tutor.commands.requests import rules_named
from tutor.engine.analysis import Analysis, analyze
from tutor.engine.notation import NotationError, format_block, format_decomposition, format_hand, parse_hand
from tutor.engine.rules import Rules
from tutor.engine.shapes import Decomposition
from tutor.engine.tiles import tile_name
from tutor.engine.waits import Wait

JsonObject = dict[str, Any]


def analyze_request(request: JsonObject) -> Analysis:
    """Answer one analyze request: `{"hand": ..., "rules": "riichi"}`."""
    hand_text = request.get("hand")
    if not isinstance(hand_text, str):
        raise RequestError("the request has no 'hand' string")
    rules = rules_named(request.get("rules", Rules.RIICHI.value))
    try:
        hand = parse_hand(hand_text)
    except NotationError as error:
        raise RequestError(str(error)) from None
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


def analysis_json(analysis: Analysis) -> JsonObject:
    """The stable JSON of the README: tiles, complete, tenpai, waits,
    decompositions, and for 14 tiles the discards that leave it tenpai."""
    return {
        "hand": format_hand(analysis.hand),
        "rules": analysis.rules.value,
        "tiles": analysis.hand.tile_count,
        "complete": analysis.complete,
        "tenpai": analysis.tenpai,
        "waits": [wait_json(wait) for wait in analysis.waits],
        "decompositions": [decomposition_json(d) for d in analysis.decompositions],
        "discards": [
            {"discard": tile_name(option.discard), "waits": [wait_json(wait) for wait in option.waits]}
            for option in analysis.discards
        ],
    }


def _wait_lines(waits: tuple[Wait, ...], indent: str) -> list[str]:
    return [f"{indent}{tile_name(wait.tile):<3} {', '.join(kind.value for kind in wait.kinds)}" for wait in waits]


def analysis_text(analysis: Analysis) -> str:
    """What a person reads in the terminal."""
    hand = analysis.hand
    lines = [f"Hand:     {format_hand(hand)}   ({hand.tile_count} tiles, {analysis.rules.value} rules)"]
    if hand.tile_count == 14:
        lines.append(f"Complete: {'yes' if analysis.complete else 'no'}")
        for number, decomposition in enumerate(analysis.decompositions, 1):
            lines.append(f"  {number}. {format_decomposition(decomposition)}   ({decomposition.shape.value})")
        if analysis.discards:
            lines.append("Discards that leave it tenpai:")
            for option in analysis.discards:
                tiles = " ".join(tile_name(wait.tile) for wait in option.waits)
                lines.append(f"  discard {tile_name(option.discard):<3} -> waits on {tiles}")
        else:
            lines.append("No discard leaves it tenpai.")
        return "\n".join(lines)
    if not analysis.tenpai:
        lines.append("Tenpai:   no (no tile completes it)")
        return "\n".join(lines)
    count = len(analysis.waits)
    lines.append(f"Tenpai:   yes, waiting on {count} tile{'s' if count > 1 else ''}")
    lines += _wait_lines(analysis.waits, "  ")
    lines.append("Readings with each winning tile:")
    for wait in analysis.waits:
        completed = analyze(hand.with_tile(wait.tile), analysis.rules)
        for decomposition in completed.decompositions:
            lines.append(f"  +{tile_name(wait.tile):<3} {format_decomposition(decomposition)}")
    return "\n".join(lines)
