"""A quiz question: what is asked, the engine's answer, and why.

Questions are data.  Every answer is computed by the engine when the
question is generated; the explanation is built from the same data, in
Korean and English.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

LEVELS = (1, 2, 3)

ANSWER_TYPES = ("choice", "tiles", "number", "checklist", "steps", "points_steps", "fan_steps")
"""How the learner answers: one choice, a set of tiles, a number, several
choices, one number per step (tutor/quiz/kinds/steps.py), yaku ticked with
their han and a number per step (tutor/quiz/kinds/points_steps.py), or the
fans of an MCR hand step by step (tutor/quiz/kinds/mcr_steps.py)."""


@dataclass(frozen=True, slots=True)
class Question:
    kind: str
    level: int
    seed: int
    rules: str
    """"riichi" or "mcr", printed with every question."""
    prompt: dict[str, str]
    """The question in "ko" and "en"."""
    request: dict[str, Any]
    """The hand and how it was won, as a score/analyze request (design brief section 4)."""
    answer: dict[str, Any]
    explanation: dict[str, str]
    concept: str
    """What the question drills, for spaced repetition: "fu:kanchan", "tiles:honours"."""
    lesson: str
    """The lesson that teaches it."""
    answer_type: str
    choices: tuple[str, ...] = ()
    """For choice and checklist answers: the options, as values the checker accepts."""
    choice_labels: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """The options as shown, by language, in the order of `choices`."""
    step_concepts: tuple[str, ...] = ()
    """For step kinds: every rule the steps apply ("fu:closed_ron"), each
    stored on its own as the learner applies it right or wrong."""

    def to_json(self, language: str) -> dict[str, Any]:
        """The worksheet JSON of design brief section 4."""
        return {
            "kind": self.kind,
            "level": self.level,
            "rules": self.rules,
            "prompt": self.prompt[language],
            "request": self.request,
            "answer": self.answer,
            "explanation": self.explanation[language],
        }


class QuizError(ValueError):
    """A quiz request that cannot be met: an unknown kind or level."""
