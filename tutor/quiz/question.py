"""A quiz question: what is asked, the engine's answer, and why.

Questions are data.  Every answer is computed by the engine when the
question is generated; the prompt and the explanation are messages built
from the same data (catalogue keys and values, tutor/locale), put into
words in the learner's language when they are shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

from tutor.locale import Message, Value, render, render_all
from tutor.locale.message import LINE_BREAK, Paragraph, render_value

LEVELS = (1, 2, 3)

Said: TypeAlias = Message | tuple[Message, ...]
"""A prompt or an explanation: one message, or several read as one paragraph."""


def say(said: Said, language: str) -> str:
    """What a prompt or an explanation says in `language`."""
    return render_all(said, language) if isinstance(said, tuple) else render(said, language)


ANSWER_TYPES = ("choice", "tiles", "number", "checklist", "fans_total", "steps", "points_steps", "fan_steps")
"""How the learner answers: one choice, a set of tiles, a number, several
choices, MCR fans ticked with their total, one number per step (tutor/quiz/kinds/steps.py), yaku ticked with
their han and a number per step (tutor/quiz/kinds/points_steps.py), or the
fans of an MCR hand step by step (tutor/quiz/kinds/mcr_steps.py)."""


@dataclass(frozen=True, slots=True)
class Question:
    kind: str
    level: int
    seed: int
    rules: str
    """"riichi" or "mcr", printed with every question."""
    prompt: Said
    """The question, as a message."""
    request: dict[str, Any]
    """The hand and how it was won, as a score/analyze request (design brief section 4)."""
    answer: dict[str, Any]
    explanation: Said
    """Why the answer is right, as messages read as one paragraph."""
    concept: str
    """What the question drills, for spaced repetition: "fu:kanchan", "tiles:honours"."""
    lesson: str
    """The lesson that teaches it."""
    answer_type: str
    choices: tuple[str, ...] = ()
    """For choice and checklist answers: the options, as values the checker accepts."""
    choice_labels: tuple[Value, ...] = ()
    """The options as shown, in the order of `choices`: messages (or notation
    shown as it is), put into words by `labels`."""
    step_concepts: tuple[str, ...] = ()
    """For step kinds: every rule the steps apply ("fu:closed_ron"), each
    stored on its own as the learner applies it right or wrong."""

    def prompt_text(self, language: str) -> str:
        return say(self.prompt, language)

    def labels(self, language: str) -> tuple[str, ...]:
        """The options as shown in `language`; none for a question without labels."""
        return tuple(render_value(label, language) for label in self.choice_labels)

    @property
    def explanation_paragraph(self) -> Paragraph:
        """The explanation read as one paragraph: the lines of a sentence
        (`explanation_lines`) joined by a space."""
        return Paragraph(self.explanation_messages)

    def explanation_text(self, language: str) -> str:
        return render_value(self.explanation_paragraph, language)

    @property
    def explanation_messages(self) -> tuple[Message, ...]:
        """The explanation one message a line, as feedback reveals it; a
        catalogue sentence of several sentences says with line breaks where
        its lines end (`explanation_lines`)."""
        return self.explanation if isinstance(self.explanation, tuple) else (self.explanation,)

    def explanation_lines(self, language: str) -> list[str]:
        """The explanation in `language`, one line each."""
        return [line for item in self.explanation_messages for line in render(item, language).split(LINE_BREAK)]

    def to_json(self, language: str) -> dict[str, Any]:
        """The worksheet JSON of design brief section 4."""
        return {
            "kind": self.kind,
            "level": self.level,
            "rules": self.rules,
            "prompt": self.prompt_text(language),
            "request": self.request,
            "answer": self.answer,
            "explanation": self.explanation_text(language),
        }


class QuizError(ValueError):
    """A quiz request that cannot be met: an unknown kind or level. It holds
    the message about it; its text is that message in English, the line the
    command line prints."""

    def __init__(self, key: str, /, **values: Value) -> None:
        self.message = Message(key, values)
        super().__init__(key)

    def __str__(self) -> str:
        return render(self.message, "en")
