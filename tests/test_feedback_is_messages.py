"""A kind's feedback is messages until the drill screen renders it (#25.1):
the converted kinds hand on no sentence already put into words."""

from __future__ import annotations

import pytest

from tutor.locale import Message
from tutor.quiz.kinds import KINDS

CONVERTED = ("fu-steps", "waits", "tiles", "discard")


@pytest.mark.parametrize("kind", CONVERTED)
def test_feedback_of_a_wrong_answer_is_messages(kind: str) -> None:
    question = KINDS[kind].generate(7, 1)
    judgement = KINDS[kind].judge(question, {})
    lines = KINDS[kind].explain(judgement, "en", lambda lesson: lesson)
    assert lines
    words = [line for line in lines[:1] if not isinstance(line, Message)]
    assert not words, words
