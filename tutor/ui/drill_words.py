"""The drill screens' words, from the catalogue (keys `drill.*`): kind names,
the header, the verdict, and the feedback each kind words for an answer
(tutor/quiz/kind.py), its tiles by their faces."""

from __future__ import annotations

from functools import partial

from tutor.lessons.check import Library
from tutor.locale import text
from tutor.locale.message import render_value
from tutor.quiz.answer_text import answer_words
from tutor.quiz.attempt import Attempt
from tutor.quiz.faces import faces_in_text
from tutor.quiz.kind import render_feedback
from tutor.quiz.kinds import KINDS
from tutor.quiz.question import Question
from tutor.ui.lesson_titles import lesson_title
from tutor.ui.rule_words import request_rules_text


def word(language: str, key: str, **values: object) -> str:
    """A drill sentence from the catalogue (its keys start with `drill.`)."""
    return text(language, f"drill.{key}", **values)


def kind_name(kind: str, language: str) -> str:
    return word(language, f"kind.{kind}")


def kind_about(kind: str, language: str) -> str:
    """What a kind asks, in one line."""
    return word(language, f"about.{kind}")


def header_text(question: Question, language: str) -> str:
    """The kind and the rules of a question, by their names: the short name
    of the rules, so that the header fits 80 columns beside the question's
    number ("Chinese Official mahjong (MCR)" was cut there)."""
    rules = text(language, f"rules_short.{question.rules}")
    return word(language, "header", kind=kind_name(question.kind, language), rules=rules)


def verdict_text(attempt: Attempt, language: str) -> str:
    """An icon and a word, so right and wrong differ without colour."""
    return word(language, {"right": "right", "wrong": "wrong", "hint": "skipped", "shown": "shown"}[attempt.verdict])


def given_text(attempt: Attempt, language: str) -> str:
    """What the learner answered, in words."""
    return render_value(KINDS[attempt.question.kind].given(attempt.judgement), language)


def right_answer_text(question: Question, language: str) -> str:
    """The right answer, in words."""
    return render_value(answer_words(question), language)


def step_lines(attempt: Attempt, language: str) -> list[str]:
    """The step a wrong answer missed, when the engine's data shows it."""
    return render_feedback(KINDS[attempt.question.kind].missed(attempt.judgement), language)


def prompt_text(question: Question, language: str) -> str:
    """The question as asked, its tiles by their faces ("A 5z is discarded"
    reads "A 白 is discarded"); then the rule options it is asked under,
    where they differ from the defaults."""
    rules = request_rules_text(question.request, language)
    return faces_in_text(question.prompt_text(language) + (f"\n{rules}" if rules else ""))


def choice_texts(question: Question, language: str) -> list[str]:
    """The options as shown, their tiles by their faces ("4p (four of dots)" reads "4筒 (four of dots)")."""
    return [faces_in_text(label) for label in question.labels(language) or question.choices]


def feedback_lines(attempt: Attempt, language: str, library: Library) -> list[str]:
    """Everything after the verdict, in the order presentation reveals it,
    as the question's kind words it; the tiles in every line by their
    faces, as the hand above them is drawn."""
    title = partial(_title, library, language)
    lines = KINDS[attempt.question.kind].explain(attempt.judgement, title)
    return [faces_in_text(line) for line in render_feedback(lines, language)]


def _title(library: Library, language: str, lesson: str) -> str:
    return lesson_title(library, lesson, language)


def missed_lesson(attempt: Attempt) -> str:
    """The lesson a mistake sends the learner to: the one the drill's
    feedback named for it, so that the summary opens what the drill pointed to."""
    return KINDS[attempt.question.kind].missed_lesson(attempt.judgement)
