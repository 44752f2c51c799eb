"""One question as the learner answered it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.quiz.judgement import Judgement
from tutor.quiz.question import Question

VERDICTS = ("right", "wrong", "hint", "shown")
"""Right, wrong, skipped unanswered ("hint"), or its answer shown unanswered (`ctrl+w`)."""


@dataclass(frozen=True, slots=True)
class Attempt:
    judgement: Judgement[Any, Any]
    """The response as judged when it was given."""
    verdict: str
    """One of VERDICTS."""

    @property
    def question(self) -> Question:
        return self.judgement.question

    @property
    def response(self) -> dict[str, Any]:
        """What was given, as the kind takes it; empty when skipped or shown."""
        return self.judgement.response

    @property
    def right(self) -> bool:
        return self.verdict == "right"
