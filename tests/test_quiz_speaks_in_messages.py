"""Every quiz kind hands on messages, not sentences put into words per
language: a question carries catalogue keys and values, and the screen or
the worksheet renders them in the learner's language (#25 §1)."""

from __future__ import annotations

import pytest

from tutor.locale import Joined, Message
from tutor.quiz.kinds import KINDS, generate
from tutor.quiz.question import LEVELS, Said


def _messages(said: Said) -> list[object]:
    return list(said) if isinstance(said, tuple) else [said]


@pytest.mark.parametrize("kind", list(KINDS))
def test_prompts_explanations_and_labels_are_messages(kind: str) -> None:
    for level in LEVELS:
        for seed in range(1, 6):
            question = generate(kind, seed, level)
            spoken = _messages(question.prompt) + _messages(question.explanation)
            assert all(isinstance(item, Message) for item in spoken), (level, seed, spoken)
            # A label is a message, or notation shown as it is in every language.
            assert all(isinstance(label, Message | Joined | str) for label in question.choice_labels), (level, seed)
            if question.choice_labels:
                assert len(question.labels("en")) == len(question.labels("ko")) == len(question.choices)
