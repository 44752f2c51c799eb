"""A response as the kinds take it, from what the learner picked on screen:
which option, which ticks, which tiles, which numbers. The answer widgets
hand over what was picked; what a response holds is the quiz's to say."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from tutor.engine.mcr.fans import FANS
from tutor.engine.tiles import tile_name
from tutor.quiz.kinds.points_steps import DORA, HAN
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


PAY: Final = "pay-"
"""The prefix of a points-steps payment field: `pay-<who pays>`."""


def points_steps_response(ticked: Iterable[str], numbers: Mapping[str | None, int]) -> Response:
    """The yaku ticked (as the list's values, `pinfu:1`) with their han,
    then the dora, the han and each payment (`pay-<who>` fields) as given."""
    yaku = [{"id": name, "han": int(han)} for name, han in (choice.split(":") for choice in ticked)]
    points = {key.removeprefix(PAY): value for key, value in numbers.items() if key and key.startswith(PAY)}
    return {"yaku": yaku, "dora": numbers[DORA], "han": numbers[HAN], "points": points}


NO_FAN: Final = "none"
"""The `because of` choice of a fan left out for no other fan."""

FanRow = tuple[str, int | None, str | None, str | None]
"""One fan row of an MCR steps answer: the fan's Chinese name, the count
given, the principle that leaves it out and the fan it is left out for."""


def mcr_steps_response(rows: Iterable[FanRow], total: int | None, can_win: str | None) -> Response:
    """The fan rows as the design brief's answer JSON: the fans counted, the
    fans left out and why, the total, and the yes or no of the 8-point question."""
    fans: list[dict[str, Any]] = []
    left_out: list[dict[str, Any]] = []
    for zh, count, principle, because in rows:
        if count:
            fans.append({"zh": zh, "count": count})
        if principle:
            left_out.append(
                {"zh": zh, "principle": principle, "because_of": None if because in (None, NO_FAN) else because}
            )
    return {
        "fans": fans,
        "left_out": left_out,
        "total": total,
        "can_win": None if can_win is None else can_win == "yes",
    }
