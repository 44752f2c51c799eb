"""A response judged: computed once, when it is given, and kept with the
attempt, so the feedback, the summary and the progress store all read the
same verdicts rather than judging the response again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from tutor.quiz.question import Question

VerdictT = TypeVar("VerdictT")
DetailT = TypeVar("DetailT")


@dataclass(frozen=True, slots=True)
class Judgement(Generic[VerdictT, DetailT]):
    """Whether a response is right, and for a step kind how each step went."""

    question: Question
    response: dict[str, Any]
    """What was given, as the kind takes it; empty when skipped or shown."""
    right: bool
    verdicts: tuple[VerdictT, ...] = ()
    """For step kinds: each step as judged, in the order the feedback reveals them."""
    concepts: tuple[tuple[str, bool], ...] = ()
    """Each rule the response applied, with whether it applied it rightly
    (stored per rule by the progress store); none for an unanswered question."""
    detail: DetailT | None = None
    """The kind's own judgement, for its words (the reading a fu-steps answer was judged on)."""

    @property
    def answered(self) -> bool:
        return bool(self.response)
