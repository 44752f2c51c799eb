"""The feedback of a kind answered in one go (a choice, a number, tiles,
ticks): the right answer, the learner's and the step missed, the
explanation sentence by sentence, and the lesson that teaches it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from tutor.locale import Message, Value, joined, message
from tutor.quiz.answer_text import answer_words
from tutor.quiz.judgement import Judgement
from tutor.quiz.kind import Explain, FeedbackLine, Given, Judge, LessonTitle, Missed, Response
from tutor.quiz.mistake import fu_miss, list_misses
from tutor.quiz.names import FU_ITEMS, name
from tutor.quiz.question import Question


def word(key: str, /, **values: Value) -> Message:
    """A drill sentence from the catalogue (its keys start with `drill.`)."""
    return message(f"drill.{key}", **values)


def judged(check: Callable[[Question, Response], bool]) -> Judge:
    """The judge of a kind whose checker says only right or wrong."""

    def judge(question: Question, response: Response) -> Judgement[Any, Any]:
        return Judgement(question, response, bool(response) and check(question, response))

    return judge


def given_words(judgement: Judgement[Any, Any]) -> Value:
    """What the learner answered, in words."""
    if not judgement.response:
        return word("no_answer")
    return answer_words(replace(judgement.question, answer=judgement.response))


def missed_lines(judgement: Judgement[Any, Any]) -> list[FeedbackLine]:
    """The step a wrong answer missed, when the engine's data shows it: a
    fu total before rounding or without one line, the items of a list
    answer left out or added."""
    question, response = judgement.question, judgement.response
    if judgement.right or not response:
        return []
    lines: list[FeedbackLine] = []
    given = response.get("fu")
    miss = fu_miss(question, given) if isinstance(given, int) else None
    if miss is not None and miss.line is None:
        lines.append(word("fu_unrounded", given=miss.given, fu=miss.fu))
    elif miss is not None and miss.line is not None:
        item = miss.line.item
        item_name: Value = name("fu", item) if item in FU_ITEMS else item
        line = joined((item_name, miss.line.tiles), " ") if miss.line.tiles else item_name
        lines.append(word("fu_line_missed", given=miss.given, line=line, fu=miss.line.fu))
    for list_miss in list_misses(question, response):
        if list_miss.missed:
            lines.append(word("missed_items", items=items_words(question, list_miss.key, list_miss.missed)))
        if list_miss.extra:
            lines.append(word("extra_items", items=items_words(question, list_miss.key, list_miss.extra)))
    return lines


def items_words(question: Question, key: str, items: Iterable[Any]) -> Value:
    """Some items of a list answer, as the answer names them."""
    return answer_words(replace(question, answer={key: list(items)}))


def explain_with(missed: Missed, given: Given = given_words) -> Explain:
    """The feedback of a kind that says `missed` of a wrong answer and words the learner's answer with `given`."""

    def explain(judgement: Judgement[Any, Any], title: LessonTitle) -> list[FeedbackLine]:
        question = judgement.question
        lines: list[FeedbackLine] = [word("right_answer", answer=answer_words(question))]
        if not judgement.right:
            lines.append(word("your_answer", answer=given(judgement)))
            lines += missed(judgement)
        lines += question.explanation_messages
        if not judgement.right:
            lines.append(word("lesson_link", title=title(question.lesson)))
        return lines

    return explain


explain = explain_with(missed_lines)
"""The feedback of a plain kind."""


def question_lesson(judgement: Judgement[Any, Any]) -> str:
    return judgement.question.lesson


def stored_lesson(_concept: str, stored: str) -> str:
    """A concept reviewed from the lesson stored with it."""
    return stored
