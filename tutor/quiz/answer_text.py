"""Answers as a learner reads them: a question's, and a lesson's claims.

The answer itself is data (design brief section 4: `{"fu": 30, "fu_raw": 26}`),
which worksheets print as JSON.  A drill's feedback and a printed answer key
show it in words instead: each part by its name in the language, each choice
by its label, yes and no as words, and MCR fans by their names.
"""

from __future__ import annotations

from typing import Any

from tutor.engine.mcr.fans import BY_ZH
from tutor.locale import Message, message, render, text
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
    fan_name,
    limit_name,
)
from tutor.quiz.question import Question


def answer_text(question: Question, language: str) -> str:
    """Every part of the answer, named, in the order the answer holds them:
    "Fu: 40; Fu before rounding: 38"."""
    names = CLAIM_NAMES.of(language)
    labels = dict(zip(question.choices, question.labels(language), strict=False))
    return "; ".join(
        text(
            language,
            "answer.part",
            name=names.get(key, key),
            value=_value_text(key, value, labels, question.rules, language),
        )
        for key, value in question.answer.items()
    )


def _value_text(key: str, value: Any, labels: dict[str, str], rules: str, language: str) -> str:
    """One part of an answer: a choice by its label, anything else as a
    lesson's claim of the same name would read."""
    if key == "fans":
        return ", ".join(_fan_text(fan, language) for fan in value)
    if key == "lines":
        return " + ".join(_fu_line_text(line, language) for line in value)
    if key == "yaku" and isinstance(value, list) and all(isinstance(item, dict) for item in value):
        # A step answer's yaku, each with its han: "pinfu 1 han, tanyao 1 han".
        names = ", ".join(_yaku_han_text(item, language) for item in value)
        return names or ANSWER_WORDS.of(language)["none"]
    if key == "points" and isinstance(value, dict):
        return payment_text(value, language)
    if key == "left_out":
        return ", ".join(_left_out_text(left, language) for left in value) or ANSWER_WORDS.of(language)["none"]
    items = value if isinstance(value, list) else [value]
    if not items:
        return ANSWER_WORDS.of(language)["none"]
    return ", ".join(labels.get(item) or _item_text(key, _as_claim(item), rules, language) for item in items)


def _as_claim(value: Any) -> str:
    """A JSON value of an answer as a lesson's `expect:` line writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def _fan_text(fan: dict[str, Any], language: str) -> str:
    """A fan of an answer by its names, with how many times it counts when
    more than once."""
    name = _fan_name(fan["zh"], language)
    count = int(fan.get("count", 1))
    return text(language, "fan_times", name=name, count=count) if count > 1 else name


def _left_out_text(left: dict[str, Any], language: str) -> str:
    """A fan left out (an `mcr-steps` answer) with its principle and the fan that includes it."""
    principle = str(left.get("principle", ""))
    named = f"{PRINCIPLE_ZH.get(principle, principle)} {PRINCIPLE_NAMES.of(language).get(principle, principle)}"
    because = left.get("because_of")
    return f"{_fan_name(left['zh'], language)} ({named}" + (f", {_fan_name(because, language)})" if because else ")")


def _fu_line_text(line: dict[str, Any], language: str) -> str:
    """A fu line of a step answer: its item by name (which says open or
    concealed, so the tiles go without their brackets), its tiles, its fu."""
    name = FU_ITEMS.of(language).get(line["item"], line["item"])
    return " ".join(part for part in (name, str(line["tiles"]).strip("[]()"), str(line["fu"])) if part)


def _yaku_han_text(yaku: dict[str, Any], language: str) -> str:
    han = text(language, "points_steps.han", han=yaku.get("han"))
    return f"{_item_text('yaku', str(yaku.get('id')), 'riichi', language)} {han}"


def payment_text(points: dict[str, Any], language: str) -> str:
    return render(payment_message(points), language)


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


def _fan_name(zh: str, language: str) -> str:
    """A fan by its Chinese name and its English or Korean one."""
    known = BY_ZH.get(zh)
    return zh if known is None else render(fan_name(known.id), language)


_CLAIM_TABLES: dict[str, Names] = {
    "group": GROUP_NAMES,
    "kinds": WAIT_NAMES,
    "calls": CALL_NAMES,
    "yaku": YAKU_NAMES,
    "yakuman": YAKUMAN_NAMES,
}
"""The names of the values of some claims, by language."""


def claim_text(claim: str, value: str, rules: str, language: str) -> str:
    """A lesson's claim (the value of an `expect:` line, items separated by
    commas, under `rules` riichi or mcr) in words: "Shape: regular" reads
    "4멘쯔 1작두" in a Korean riichi lesson."""
    items = [item.strip() for item in value.split(",") if item.strip()]
    if not items:
        return ANSWER_WORDS.of(language)["none"]
    return ", ".join(_item_text(claim, item, rules, language) for item in items)


def _item_text(claim: str, item: str, rules: str, language: str) -> str:
    """One item of a claim or an answer in words."""
    table = SHAPE_NAMES.get(rules, SHAPE_NAMES["riichi"]) if claim == "shape" else _CLAIM_TABLES.get(claim)
    if table is not None and item in table:
        return table.of(language)[item]
    if item in ("true", "false"):
        return ANSWER_WORDS.of(language)["yes" if item == "true" else "no"]
    if item == "none":
        return ANSWER_WORDS.of(language)["none"]
    if claim == "limit":
        return limit_name(item, language)
    if claim == "fans":
        # A fan counted more than once is written with its count: 幺九刻x2.
        zh, times, count = item.rpartition("x")
        if times and count.isdigit():
            return text(language, "fan_times", name=_fan_name(zh, language), count=count)
        return _fan_name(item, language)
    return item
