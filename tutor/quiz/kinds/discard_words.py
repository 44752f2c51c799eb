"""The words of a `discard` answer: the learner's pick by its name, and
where it ranks among every discard (tutor/quiz/kinds/efficiency.py)."""

from __future__ import annotations

from typing import Any

from tutor.locale import Value, joined
from tutor.quiz.judgement import Judgement
from tutor.quiz.kind import FeedbackLine
from tutor.quiz.kinds.efficiency import discard_feedback
from tutor.quiz.kinds.plain_words import explain_with, missed_lines, word


def given(judgement: Judgement[Any, Any]) -> Value:
    """The tile picked. The answer's own name ("Best discards") would call the pick best."""
    return picked(judgement, "discards")


def picked(judgement: Judgement[Any, Any], key: str) -> Value:
    """The tile (or tiles) a response of a "which tile?" kind picked under `key`, by their labels."""
    if not judgement.response:
        return word("no_answer")
    question = judgement.question
    picked = judgement.response.get(key)
    picks = [picked] if isinstance(picked, str) else picked if isinstance(picked, list) else []
    labels: dict[str, Value] = dict(zip(question.choices, question.choice_labels, strict=False))
    return word("discard_given", tiles=joined(labels.get(str(pick), str(pick)) for pick in picks))


def missed(judgement: Judgement[Any, Any]) -> list[FeedbackLine]:
    """Where the pick ranks and what it loses, then what any answer misses."""
    if judgement.right or not judgement.response:
        return []
    ranked = discard_feedback(judgement.question, judgement.response)
    return ([ranked] if ranked else []) + missed_lines(judgement)


explain = explain_with(missed, given)
