"""A question's hand on screen: its tiles, how it was won, the discard asked about."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.widget import Widget
from textual.widgets import Static

from tutor.engine.notation import NotationError, parse_hand, parse_tile, parse_tiles
from tutor.locale import render, text
from tutor.quiz.names import FLAG_NAMES, flowers_message
from tutor.quiz.question import Question
from tutor.ui.strings import WIND_NAMES
from tutor.ui.tile_art import Group, TileSize, chip, hand_groups
from tutor.ui.widgets.hand_view import TilesView


@dataclass(frozen=True)
class HandParts:
    """What a question shows of its hand: tiles, how it was won, the discard asked about."""

    groups: list[Group] | None
    """The hand's tiles as drawn; None for a question without a hand."""
    context: str
    discard: str


def hand_parts(question: Question, language: str) -> HandParts:
    """The parts of a question's hand, each empty when the question has none."""
    request = question.request
    groups = None
    if "hand" in request:
        try:
            hand = parse_hand(request["hand"], sizes=None)
            win = parse_tile(request["win"]) if "win" in request else None
        except NotationError:
            pass
        else:
            groups = hand_groups(hand, win)
    discard = f"-> {chip(parse_tile(request['discard']))[0]}" if "discard" in request else ""
    return HandParts(groups, context_text(question, language), discard)


def question_hand(question: Question, language: str, size: TileSize = TileSize.SMALL) -> list[Widget]:
    """The widgets that show a question's hand; none for a question without one."""
    parts = hand_parts(question, language)
    widgets: list[Widget] = []
    if parts.groups is not None:
        tiles = TilesView(parts.groups)
        tiles.size_name = size
        widgets.append(tiles)
    if parts.context:
        widgets.append(Static(parts.context, classes="context", markup=False))
    if parts.discard:
        widgets.append(Static(parts.discard, markup=False))
    return widgets


def _win_key(request: dict[str, Any]) -> str:
    """How it was won, in the words of its rules: an MCR win on a discard is
    a hu (후, lesson m01), a riichi one a ron."""
    if request.get("tsumo"):
        return "win_tsumo"
    return "win_hu" if request.get("rules") == "mcr" else "win_ron"


def context_text(question: Question, language: str) -> str:
    """How the hand was won, in words: what the fu and fans depend on."""
    request = question.request
    if "win" not in request:
        return ""
    winds = WIND_NAMES[language]
    parts = [
        text(language, _win_key(request), tile=chip(parse_tile(request["win"]))[0]),
        text(language, "seat", wind=winds["ESWN".index(request.get("seat", "E"))]),
        text(language, "round", wind=winds["ESWN".index(request.get("round", "E"))]),
    ]
    parts += [render(FLAG_NAMES.name(str(flag)), language) for flag in request.get("flags", [])]
    if request.get("flowers"):
        parts.append(render(flowers_message(int(request["flowers"])), language))
    if request.get("dora"):
        indicators = parse_tiles(str(request["dora"]))
        parts.append(text(language, "setup.dora", tiles=" ".join(chip(tile)[0] for tile in indicators)))
    if request.get("red"):
        red = parse_tiles(str(request["red"]))
        parts.append(text(language, "setup.red", tiles=" ".join(chip(tile)[0] for tile in red)))
    return "   ".join(parts)
