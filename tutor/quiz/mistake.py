"""What a wrong answer most likely got wrong, from the engine's own data.

A drill's feedback names the step the learner missed, not just "wrong": a fu
total typed before rounding, a fu line left out, the items of a list answer
missed or added. Each finding is computed from the question's request and
answer by the engine; when nothing fits, there is no finding, never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.engine.riichi.fu import FuLine, round_fu
from tutor.engine.shapes import ShapeKind
from tutor.quiz.kinds.scoring import request_score
from tutor.quiz.question import Question


@dataclass(frozen=True, slots=True)
class FuMiss:
    """A fu answer explained: typed before rounding (`line` is None), or
    the total without one line (`line` names it)."""

    given: int
    fu: int
    line: FuLine | None = None


@dataclass(frozen=True, slots=True)
class ListMiss:
    """A list answer (waits, fans, options) compared item by item."""

    key: str
    missed: tuple[Any, ...]
    extra: tuple[Any, ...]


def fu_miss(question: Question, given: int) -> FuMiss | None:
    """Why `given` is not the fu of a `fu` question, when the engine's fu
    lines show it: the total before rounding, or the total with exactly one
    line left out (rounded or not). None when no single step explains it."""
    if question.kind != "fu" or given == question.answer["fu"]:
        return None
    if given == question.answer["fu_raw"]:
        return FuMiss(given, question.answer["fu"])
    score = request_score(question.request)
    if score is None:
        return None
    fu = score.fu
    left_out = [
        line
        for line in fu.lines
        if line.fu and given in (fu.raw - line.fu, round_fu(fu.raw - line.fu, ShapeKind.REGULAR))
    ]
    if len({line.item for line in left_out}) != 1:
        return None
    return FuMiss(given, fu.fu, left_out[0])


def list_misses(question: Question, response: dict[str, Any]) -> list[ListMiss]:
    """For each list in the answer, what the response left out and what it
    added. MCR fans are compared by their Chinese names."""
    misses = []
    for key, right in question.answer.items():
        given = response.get(key)
        if not isinstance(right, list) or not isinstance(given, list):
            continue
        if key == "fans":
            right_names = {fan["zh"]: fan for fan in right}
            given_names = {fan["zh"]: fan for fan in given}
            missed = tuple(fan for zh, fan in right_names.items() if zh not in given_names)
            extra = tuple(fan for zh, fan in given_names.items() if zh not in right_names)
        else:
            missed = tuple(item for item in right if item not in given)
            extra = tuple(item for item in given if item not in right and item != "none")
        if missed or extra:
            misses.append(ListMiss(key, missed, extra))
    return misses
