"""The words of a `waits` answer: for each tile picked that is no wait,
why it completes nothing (#28.13), beside the waits left out."""

from __future__ import annotations

from typing import Any

from tutor.engine.notation import NotationError, parse_hand, parse_tile
from tutor.engine.tiles import tile_name
from tutor.locale import Message, message
from tutor.quiz.judgement import Judgement
from tutor.quiz.kind import FeedbackLine
from tutor.quiz.kinds.plain_words import explain_with, items_words, word
from tutor.quiz.mistake import list_misses

COPIES = 4


def no_wait_reason(hand_text: str, picked: str) -> Message:
    """Why `picked` is no wait of the hand: all four are held already, or
    with it the hand reads no complete way (it completes nothing)."""
    try:
        tile = parse_tile(picked)
    except NotationError:
        return message("quiz.waits.not_a_tile", tile=picked)
    try:
        held = parse_hand(hand_text, sizes=None).all_counts()[tile]
    except NotationError:
        held = 0
    if held >= COPIES:
        return message("quiz.waits.no_wait_all_held", tile=tile_name(tile))
    return message("quiz.waits.no_wait", tile=tile_name(tile))


def missed(judgement: Judgement[Any, Any]) -> list[FeedbackLine]:
    """The waits left out, then each tile picked that is no wait, with its reason."""
    question, response = judgement.question, judgement.response
    if judgement.right or not response:
        return []
    lines: list[FeedbackLine] = []
    for miss in list_misses(question, response):
        if miss.missed:
            lines.append(word("missed_items", items=items_words(question, miss.key, miss.missed)))
        lines += [no_wait_reason(question.request["hand"], str(tile)) for tile in miss.extra]
    return lines


explain = explain_with(missed)
