"""One question as the learner answered it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.quiz.question import Question

VERDICTS = ("right", "wrong", "hint")
"""Right, wrong, or not answered (skipped or the answer shown)."""


@dataclass(frozen=True, slots=True)
class Attempt:
    question: Question
    right: bool
    response: dict[str, Any]
    """What was given, as the checker takes it; empty when skipped or shown."""
    verdict: str
    """One of VERDICTS."""
