"""The one interface of a quiz kind: how its questions are made, how a
response is judged, and what its feedback says.

The drill screen and the summary ask a kind for these and never branch on
which kind it is: a new kind is one `Kind` in `tutor.quiz.kinds.KINDS`, and
a new way of answering one answer widget (tutor/ui/answer_widgets.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.engine.rules import Rules
from tutor.locale import Value
from tutor.locale.message import LINE_BREAK, render_value
from tutor.quiz.judgement import Judgement
from tutor.quiz.question import Question

Response = dict[str, Any]
LessonTitle = Callable[[str], Value]
"""A lesson's title by its id, in the language the feedback is shown in:
the edge that shows the feedback hands it over (the library of lessons is
the UI's: the quiz does not read lessons)."""

Generate = Callable[[int, int], Question]
Judge = Callable[[Question, Response], Judgement[Any, Any]]
FeedbackLine = Value
"""One line of feedback, kept as a message until the edge (the drill
screen) renders it in the learner's language."""
Explain = Callable[[Judgement[Any, Any], LessonTitle], Sequence[FeedbackLine]]
Missed = Callable[[Judgement[Any, Any]], Sequence[FeedbackLine]]
Given = Callable[[Judgement[Any, Any]], FeedbackLine]
MissedLesson = Callable[[Judgement[Any, Any]], str]
ConceptLesson = Callable[[str, str], str]


@dataclass(frozen=True, slots=True)
class Kind:
    """A quiz kind: its id, how its questions are answered, and its rules and words."""

    id: str
    answer_types: tuple[str, ...]
    """How its questions are answered (tutor/quiz/question.py ANSWER_TYPES);
    `calls` asks for one call or for several."""
    generate: Generate
    """The question for (seed, level): always the same one."""
    judge: Judge
    """A response judged once: right or not, each step's verdict, each rule applied."""
    explain: Explain
    """Everything the feedback says after the verdict, in the order
    presentation reveals it, tiles in notation."""
    missed: Missed
    """What a wrong answer missed, one line each (the drill summary's lines)."""
    given: Given
    """What the learner answered, in words."""
    missed_lesson: MissedLesson
    """The lesson the feedback sends a mistake to."""
    concept_lesson: ConceptLesson
    """The lesson a concept this kind stores is reviewed from (the concept,
    the lesson stored with it)."""
    rules: Rules | None = None
    """The rule family whose options its hands and answers follow (a drill's
    riichi or MCR rules), or None for a kind no option changes."""
    concept_prefixes: tuple[str, ...] = ()
    """The prefixes of the concepts it stores step by step ("yaku:pinfu",
    "mcr:principle:..."), which bring this kind back for review; a concept
    no kind claims is reviewed by the kind its prefix names ("waits:many")."""


def render_feedback(lines: Sequence[FeedbackLine], language: str) -> list[str]:
    """A kind's feedback in `language`, one string a line; a catalogue
    sentence of several lines (an explanation's) is as many lines."""
    return [part for line in lines for part in render_value(line, language).split(LINE_BREAK)]
