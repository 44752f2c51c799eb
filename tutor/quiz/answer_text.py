"""Answers as a learner reads them: a question's, and a lesson's claims.

The answer itself is data (design brief section 4: `{"fu": 30, "fu_raw": 26}`),
which worksheets print as JSON.  A drill's feedback and a printed answer key
show it in words instead: each part by its name in the language, each choice
by its label, yes and no as words, and MCR fans by their names.
"""

from __future__ import annotations

from typing import Any, Final

from tutor.engine.mcr.fans import BY_ZH
from tutor.locale import Message, Value, joined, message
from tutor.locale.fan_names import fan_name
from tutor.quiz.names import (
    ANSWER_WORDS,
    CALL_NAMES,
    CLAIM_NAMES,
    FU_ITEMS,
    GROUP_NAMES,
    PRINCIPLE_NAMES,
    PRINCIPLE_ZH,
    SHAPE_NAMES,
    WAIT_NAMES,
    YAKU_NAMES,
    YAKUMAN_NAMES,
    Names,
    limit_message,
)
from tutor.quiz.question import Question

NONE: Final = ANSWER_WORDS.name("none")


def answer_words(question: Question) -> Value:
    """Every part of the answer, named, in the order the answer holds them:
    "Fu: 40; Fu before rounding: 38"."""
    labels = dict(zip(question.choices, question.choice_labels, strict=False))
    return joined(
        (
            message("answer.part", name=CLAIM_NAMES.name(key), value=_value_words(key, value, labels, question.rules))
            for key, value in question.answer.items()
        ),
        "; ",
        empty="",
    )


def _value_words(key: str, value: Any, labels: dict[str, Value], rules: str) -> Value:
    """One part of an answer: a choice by its label, anything else as a
    lesson's claim of the same name would read."""
    if key == "fans":
        return joined((_fan_words(fan) for fan in value), empty="")
    if key == "lines":
        return joined((_fu_line_words(line) for line in value), " + ", empty="")
    if key == "yaku" and isinstance(value, list) and all(isinstance(item, dict) for item in value):
        # A step answer's yaku, each with its han: "pinfu 1 han, tanyao 1 han".
        return joined((_yaku_han_words(item) for item in value), empty=NONE)
    if key == "points" and isinstance(value, dict):
        return payment_message(value)
    if key == "left_out":
        return joined((_left_out_words(left) for left in value), empty=NONE)
    items = value if isinstance(value, list) else [value]
    return joined((labels.get(item) or _item_words(key, _as_claim(item), rules) for item in items), empty=NONE)


def _as_claim(value: Any) -> str:
    """A JSON value of an answer as a lesson's `expect:` line writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def _fan_words(fan: dict[str, Any]) -> Value:
    """A fan of an answer by its names, with how many times it counts when
    more than once."""
    name = _fan_name(fan["zh"])
    count = int(fan.get("count", 1))
    return message("fan_times", name=name, count=count) if count > 1 else name


def _left_out_words(left: dict[str, Any]) -> Message:
    """A fan left out (an `mcr-steps` answer) with its principle and the fan that includes it."""
    principle = str(left.get("principle", ""))
    named = joined((PRINCIPLE_ZH.get(principle, principle), PRINCIPLE_NAMES.name(principle)), " ")
    because = left.get("because_of")
    fan = _fan_name(left["zh"])
    if because:
        return message("answer.left_out_by", fan=fan, principle=named, by=_fan_name(because))
    return message("answer.left_out", fan=fan, principle=named)


def _fu_line_words(line: dict[str, Any]) -> Value:
    """A fu line of a step answer: its item by name (which says open or
    concealed, so the tiles go without their brackets), its tiles, its fu."""
    tiles = str(line["tiles"]).strip("[]()")
    return joined((FU_ITEMS.name(line["item"]), *((tiles,) if tiles else ()), str(line["fu"])), " ")


def _yaku_han_words(yaku: dict[str, Any]) -> Value:
    han = message("points_steps.han", han=yaku.get("han"))  # type: ignore[arg-type]  # shown as given
    return joined((_item_words("yaku", str(yaku.get("id")), "riichi"), han), " ")


def payment_message(points: dict[str, Any]) -> Message:
    """The points of a step answer with who pays them (the payments of
    `tutor score --json`), or as a learner gave them: a ron has only the
    total, a dealer's tsumo no payment from a dealer (#28.3: a ron read as a
    dealer's tsumo printed "Each of the three pays None")."""
    # A number the learner left out shows as it always has ("None"), never as an error.
    given = {part: str(value) for part, value in points.items()}
    if points.get("discarder") is not None or points.get("non_dealer") is None:
        return message("points_steps.paid_ron", total=given.get("discarder", given.get("total", "None")))
    if points.get("dealer") is None:
        return message("points_steps.paid_dealer_tsumo", total=given.get("total", "None"), each=given["non_dealer"])
    return message(
        "points_steps.paid_tsumo", total=given.get("total", "None"), dealer=given["dealer"], each=given["non_dealer"]
    )


def _fan_name(zh: str) -> Value:
    """A fan by its Chinese name and its English or Korean one."""
    known = BY_ZH.get(zh)
    return zh if known is None else fan_name(known.id)


_CLAIM_TABLES: dict[str, Names] = {
    "group": GROUP_NAMES,
    "kinds": WAIT_NAMES,
    "calls": CALL_NAMES,
    "yaku": YAKU_NAMES,
    "yakuman": YAKUMAN_NAMES,
}
"""The names of the values of some claims, by language."""


def claim_words(claim: str, value: str, rules: str) -> Value:
    """A lesson's claim (the value of an `expect:` line, items separated by
    commas, under `rules` riichi or mcr) in words: "Shape: regular" reads
    "4멘쯔 1작두" in a Korean riichi lesson."""
    items = [item.strip() for item in value.split(",") if item.strip()]
    return joined((_item_words(claim, item, rules) for item in items), empty=NONE)


def _item_words(claim: str, item: str, rules: str) -> Value:
    """One item of a claim or an answer in words."""
    table = SHAPE_NAMES.get(rules, SHAPE_NAMES["riichi"]) if claim == "shape" else _CLAIM_TABLES.get(claim)
    if table is not None and item in table:
        return table.name(item)
    if item in ("true", "false"):
        return ANSWER_WORDS.name("yes" if item == "true" else "no")
    if item == "none":
        return NONE
    if claim == "limit":
        return limit_message(item)
    if claim == "fans":
        # A fan counted more than once is written with its count: 幺九刻x2.
        zh, times, count = item.rpartition("x")
        if times and count.isdigit():
            return message("fan_times", name=_fan_name(zh), count=count)
        return _fan_name(item)
    return item
