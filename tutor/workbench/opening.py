"""What the workbench opens with when a lesson's hand block or an answered
drill question is taken to it: the hand as typed, its settings and its rules.

A question's request is read as the one `ScoreRequest` the scorer takes
(`request_json.read_request`), so the workbench holds exactly what the drill
scored; a question about a hand that was not won (shapes, efficiency) has no
winning tile and opens its hand alone."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.notation import NotationError
from tutor.engine.request import RequestProblem
from tutor.engine.request_json import JsonObject, read_request
from tutor.engine.rules import Rules
from tutor.lessons.blocks import BlockError, block_rules
from tutor.lessons.model import HandBlock
from tutor.workbench.analysis import typed_from, typed_notation_of
from tutor.workbench.settings import Settings, settings_from_setup, settings_of


@dataclass(frozen=True, slots=True)
class Opening:
    source: str
    """The hand and winning tile in notation, as the workbench's input shows them."""
    settings: Settings
    rules: Rules


def question_opening(request: JsonObject) -> Opening | None:
    """A drill question's hand in the workbench; none for a question with no hand."""
    try:
        scored = read_request(request)
    except (RequestProblem, NotationError):
        hand = request.get("hand")
        if not isinstance(hand, str):
            return None
        rules = Rules.MCR if request.get("rules") == Rules.MCR.value else Rules.RIICHI
        return Opening(typed_from(hand, None), Settings(), rules)
    return Opening(typed_notation_of(scored.hand, scored.win, scored.flowers), settings_of(scored), scored.rules)


def block_opening(block: HandBlock, track: str) -> Opening:
    """A lesson's hand block in the workbench, under the block's rules (the
    track's when the block names none it can have)."""
    win = block.setup.get("win", "").split()
    try:
        rules = block_rules(block, track)
    except BlockError:
        rules = Rules.RIICHI
    flowers = block.setup.get("flowers", "0")
    source = typed_from(block.hand, win[0] if win else None, int(flowers) if flowers.isdecimal() else 0)
    return Opening(source, settings_from_setup(block.setup), rules)
