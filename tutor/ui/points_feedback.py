"""The feedback of a `points-steps` answer: each step right, or wrong with
the rule it breaks, then the lessons that teach the rules missed."""

from __future__ import annotations

from tutor.lessons.check import Library
from tutor.locale import text
from tutor.quiz.attempt import Attempt
from tutor.quiz.kinds.points_steps import (
    PointVerdict,
    judge_points_steps,
    right_text,
    step_label,
    step_lesson,
    why_wrong,
)
from tutor.quiz.question import Question


def verdicts_of(attempt: Attempt) -> tuple[PointVerdict, ...]:
    return judge_points_steps(attempt.question, attempt.response).verdicts


def step_line(verdict: PointVerdict, question: Question, language: str, answered: bool) -> str:
    """One step in words: "✓ Pinfu: 1 han", "✗ Dora: <the rule>", or, for
    an answer not given (skipped, shown), the step and its value."""
    label = step_label(verdict.step, question.request, language)
    value = right_text(verdict.step, language)
    if not answered:
        return text(language, "steps.line_shown", label=label, fu=value)
    if verdict.right:
        return text(language, "steps.line_right", label=label, fu=value)
    return text(language, "steps.line_wrong", label=label, why=why_wrong(verdict, question, language))


def wrong_lines(attempt: Attempt, language: str) -> list[str]:
    """Each wrong step's rule sentence (the drill summary's lines)."""
    return [why_wrong(verdict, attempt.question, language) for verdict in verdicts_of(attempt) if not verdict.right]


def lessons_line(attempt: Attempt, language: str, library: Library) -> str | None:
    """The lessons that teach the rules missed (not the steps that only
    follow from them), in the order met; None when nothing was missed."""
    missed = [verdict for verdict in verdicts_of(attempt) if not verdict.right and not verdict.follows]
    lessons = dict.fromkeys(step_lesson(verdict.step) for verdict in missed)
    if not lessons:
        return None
    found = library.lessons.get(language, {})
    titles = [found[lesson].title if lesson in found else lesson for lesson in lessons]
    return text(language, "points_steps.lessons", titles="; ".join(titles))


def points_feedback(attempt: Attempt, language: str, library: Library) -> list[str]:
    """Everything after the verdict: one line per step (the widget marks
    them beside the answer), the whole count, and the lessons."""
    question = attempt.question
    answered = bool(attempt.response)
    lines = [step_line(verdict, question, language, answered) for verdict in verdicts_of(attempt)]
    lines.append(question.explanation_text(language))
    lessons = lessons_line(attempt, language, library) if answered else None
    return [*lines, lessons] if lessons else lines
