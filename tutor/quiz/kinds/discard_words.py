"""The words of a `discard` answer: the learner's pick by its name, and
where it ranks among every discard (tutor/quiz/kinds/efficiency.py)."""

from __future__ import annotations

from typing import Any

from tutor.quiz.judgement import Judgement
from tutor.quiz.kinds.efficiency import discard_feedback
from tutor.quiz.kinds.plain_words import explain_with, missed_lines, word


def given(judgement: Judgement[Any, Any], language: str) -> str:
    """The tile picked. The answer's own name ("Best discards") would call the pick best."""
    if not judgement.response:
        return word(language, "no_answer")
    question = judgement.question
    picked = judgement.response.get("discards")
    picks = [picked] if isinstance(picked, str) else picked if isinstance(picked, list) else []
    labels = dict(zip(question.choices, question.labels(language), strict=False))
    return word(language, "discard_given", tiles=", ".join(labels.get(str(pick), str(pick)) for pick in picks))


def missed(judgement: Judgement[Any, Any], language: str) -> list[str]:
    """Where the pick ranks and what it loses, then what any answer misses."""
    if judgement.right or not judgement.response:
        return []
    ranked = discard_feedback(judgement.question, judgement.response, language)
    return ([ranked] if ranked else []) + missed_lines(judgement, language)


explain = explain_with(missed, given)
