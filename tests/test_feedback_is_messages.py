"""A kind's feedback is messages until the edge renders it (#25.1): every
kind's explanation, missed steps and given answer are handed on as
messages, never as sentences already put into words, and no kind is asked
for a language."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from tutor.locale import Joined, Message
from tutor.locale.message import Paragraph
from tutor.quiz.kind import render_feedback
from tutor.quiz.kinds import KINDS
from tutor.quiz.question import LEVELS

SAID = (Message, Paragraph, Joined)
"""What a line of feedback may be: a message, or several read as one."""


def _responses(answer: dict[str, Any]) -> list[dict[str, Any]]:
    """No answer, the right one, and one with every number off by one."""
    wrong = {
        key: value + 1 if isinstance(value, int) and not isinstance(value, bool) else value
        for key, value in answer.items()
    }
    return [{}, answer, wrong]


@pytest.mark.parametrize("kind", list(KINDS))
def test_feedback_is_messages(kind: str) -> None:
    for level in LEVELS:
        question = KINDS[kind].generate(7, level)
        for response in _responses(question.answer):
            judgement = KINDS[kind].judge(question, response)
            lines = KINDS[kind].explain(judgement, lambda lesson: lesson)
            assert lines
            words = [line for line in [*lines, *KINDS[kind].missed(judgement)] if not isinstance(line, SAID)]
            assert not words, (level, response, words)
            assert isinstance(KINDS[kind].given(judgement), SAID)


@pytest.mark.parametrize("kind", list(KINDS))
def test_no_kind_is_asked_for_a_language(kind: str) -> None:
    words = (KINDS[kind].explain, KINDS[kind].missed, KINDS[kind].given)
    assert all("language" not in inspect.signature(said).parameters for said in words)


def test_a_sentence_of_several_lines_is_as_many_lines_of_feedback() -> None:
    said = [Message("table.quiz.dora_why", {"n": 3})]
    assert len(render_feedback(said, "en")) == 2
    assert len(render_feedback([Paragraph(tuple(said))], "en")) == 1
