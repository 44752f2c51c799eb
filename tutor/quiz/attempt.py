"""One question as the learner answered it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.quiz.question import Question

VERDICTS = ("right", "wrong", "hint", "shown")
"""Right, wrong, skipped unanswered ("hint"), or its answer shown unanswered (`ctrl+w`)."""


@dataclass(frozen=True, slots=True)
class Attempt:
    question: Question
    right: bool
    response: dict[str, Any]
    """What was given, as the checker takes it; empty when skipped or shown."""
    verdict: str
    """One of VERDICTS."""
