"""A question's answer as a learner reads it.

The answer itself is data (design brief section 4: `{"fu": 30, "fu_raw": 26}`),
which worksheets print as JSON.  A drill's feedback and a printed answer key
show it in words instead: each part by its name in the language, each choice
by its label, yes and no as words, and MCR fans by their names.
"""

from __future__ import annotations

from typing import Any

from tutor.engine.mcr.fans import BY_ZH
from tutor.quiz.names import ANSWER_WORDS, CLAIM_NAMES, limit_name
from tutor.quiz.question import Question


def answer_text(question: Question, language: str) -> str:
    """Every part of the answer, named, in the order the answer holds them:
    "Fu: 40; Fu before rounding: 38"."""
    names = CLAIM_NAMES[language]
    labels = dict(zip(question.choices, question.choice_labels.get(language, ()), strict=False))
    return "; ".join(
        f"{names.get(key, key)}: {_value_text(key, value, labels, language)}" for key, value in question.answer.items()
    )


def _value_text(key: str, value: Any, labels: dict[str, str], language: str) -> str:
    words = ANSWER_WORDS[language]
    if isinstance(value, bool):
        return words["yes" if value else "no"]
    if value is None:
        return words["none"]
    if key == "limit":
        return limit_name(value, language)
    if key == "fans":
        return ", ".join(_fan_text(fan, language) for fan in value)
    if isinstance(value, list):
        return ", ".join(labels.get(item, str(item)) for item in value) if value else words["none"]
    if isinstance(value, str):
        return labels.get(value, value)
    return str(value)


def _fan_text(fan: dict[str, Any], language: str) -> str:
    """A fan of an answer by its Chinese name and its English or Korean one,
    with how many times it counts when more than once."""
    known = BY_ZH.get(fan["zh"])
    name = fan["zh"] if known is None else f"{known.zh} {known.en if language == 'en' else known.ko_sino}"
    count = int(fan.get("count", 1))
    return f"{name} x{count}" if count > 1 else name
