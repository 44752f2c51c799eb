"""A question's hand on screen: its tiles, how it was won, the discard asked about."""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Static

from tutor.engine.notation import NotationError, parse_hand, parse_tile, parse_tiles
from tutor.locale import text
from tutor.quiz.names import flag_name, flowers_text
from tutor.quiz.question import Question
from tutor.ui.strings import WIND_NAMES
from tutor.ui.tile_art import TileSize, chip, hand_groups
from tutor.ui.widgets.hand_view import TilesView


def question_hand(question: Question, language: str, size: TileSize = TileSize.SMALL) -> list[Widget]:
    """The widgets that show a question's hand; none for a question without one."""
    widgets: list[Widget] = []
    request = question.request
    if "hand" in request:
        try:
            hand = parse_hand(request["hand"], sizes=None)
            win = parse_tile(request["win"]) if "win" in request else None
        except NotationError:
            pass
        else:
            tiles = TilesView(hand_groups(hand, win))
            tiles.size_name = size
            widgets.append(tiles)
    context = context_text(question, language)
    if context:
        widgets.append(Static(context, classes="context", markup=False))
    if "discard" in request:
        widgets.append(Static(f"-> {chip(parse_tile(request['discard']))[0]}", markup=False))
    return widgets


def context_text(question: Question, language: str) -> str:
    """How the hand was won, in words: what the fu and fans depend on."""
    request = question.request
    if "win" not in request:
        return ""
    winds = WIND_NAMES[language]
    parts = [
        text(language, "win_tsumo" if request.get("tsumo") else "win_ron", tile=chip(parse_tile(request["win"]))[0]),
        text(language, "seat", wind=winds["ESWN".index(request.get("seat", "E"))]),
        text(language, "round", wind=winds["ESWN".index(request.get("round", "E"))]),
    ]
    parts += [flag_name(str(flag), language) for flag in request.get("flags", [])]
    if request.get("flowers"):
        parts.append(flowers_text(int(request["flowers"]), language))
    if request.get("dora"):
        indicators = parse_tiles(str(request["dora"]))
        parts.append(text(language, "setup.dora", tiles=" ".join(chip(tile)[0] for tile in indicators)))
    return "   ".join(parts)
