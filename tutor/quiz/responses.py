"""A response as the kinds take it, from what the learner picked on screen:
which option, which ticks, which tiles, which numbers. The answer widgets
hand over what was picked; what a response holds is the quiz's to say."""

from __future__ import annotations

from typing import Any

from tutor.engine.mcr.fans import FANS
from tutor.engine.tiles import tile_name
from tutor.quiz.kinds.steps import question_steps
from tutor.quiz.question import Question

Response = dict[str, Any]


def _key(question: Question) -> str:
    """The answer's first key: the one a one-part answer is given under."""
    return next(iter(question.answer))


def choice_response(question: Question, index: int) -> Response:
    """The option at `index`; a yes-or-no answer as true or false."""
    key = _key(question)
    choice = question.choices[index]
    return {key: choice == "yes" if isinstance(question.answer[key], bool) else choice}


def ticks_response(question: Question, ticked: list[str]) -> Response:
    """The options ticked; none ticked is the answer "none"."""
    return {_key(question): ticked or ["none"]}


def tiles_offered(question: Question) -> list[str]:
    """The tiles a tile answer offers: all 34 kinds, every suit's row, since
    offering only the suits the hand holds gave part of the answer away."""
    return [tile_name(tile) for tile in range(34)]


def tiles_response(question: Question, tiles: list[str]) -> Response:
    return {_key(question): tiles}


def number_response(question: Question, number: int) -> Response:
    return {_key(question): number}


def fans_response(question: Question, ticked: list[str], total: int) -> Response:
    """The fans ticked (by id), each as many times as the hand counts it, and the total."""
    counts = {fan["zh"]: fan["count"] for fan in question.answer["fans"]}
    fans = [{"zh": FANS[fan].zh, "count": counts.get(FANS[fan].zh, 1)} for fan in ticked]
    return {"fans": fans, "total": total}


def fu_steps_response(question: Question, numbers: list[int]) -> Response:
    """One number per line: the fu lines with their tiles, the sum, the rounded fu."""
    steps = question_steps(question)
    lines = [
        {"item": step.step, "fu": number, "tiles": step.tiles}
        for step, number in zip(steps[:-2], numbers, strict=False)
    ]
    return {"fu": numbers[-1], "fu_raw": numbers[-2], "lines": lines}
