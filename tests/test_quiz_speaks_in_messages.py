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


def test_a_sentence_of_several_lines_is_read_line_by_line_and_as_one_paragraph() -> None:
    """The catalogue says where the lines of an explanation end: the feedback
    shows them one a line, a worksheet and the JSON as one paragraph."""
    question = next(
        question
        for question in (generate("game-flow", seed, 2) for seed in range(200))
        if isinstance(question.explanation, Message) and question.explanation.key == "table.quiz.dora_why"
    )
    english, korean = question.explanation_lines("en"), question.explanation_lines("ko")
    assert len(english) == 2 and english[0].startswith("The first indicator is the top of the third stack")
    assert len(korean) == 3 and korean[2].startswith("따라서")
    for language, lines in (("en", english), ("ko", korean)):
        assert question.explanation_text(language) == " ".join(lines)
        assert "\n" not in question.explanation_text(language)
