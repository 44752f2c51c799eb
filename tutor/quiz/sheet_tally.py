"""A seeded assignment's answers, question by question (issue 32): which
answers the class gave and how many learners gave each, so that the wrong
answer most of them chose (the misconception) stands out.

A learner's first answer to a question counts: one who comes back to it
later has seen the right answer by then.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tutor.quiz.store_api import AssignedAnswer


@dataclass(frozen=True, slots=True)
class Choice:
    words: str
    """The answer as the drill's feedback words it."""
    right: bool
    learners: int


@dataclass(frozen=True, slots=True)
class QuestionTally:
    number: int
    """From 0, as the answers carry it."""
    choices: tuple[Choice, ...]
    """The most learners first."""

    @property
    def answered(self) -> int:
        return sum(choice.learners for choice in self.choices)

    @property
    def misconception(self) -> Choice | None:
        """The wrong answer the most learners gave (the first of a tie), if any was wrong."""
        return next((choice for choice in self.choices if not choice.right), None)


def tally(
    count: int, learners: Iterable[list[AssignedAnswer]], words: Callable[[AssignedAnswer], str]
) -> list[QuestionTally]:
    """Each of the `count` questions with the answers given to it, each
    learner's first answer only; `words` writes an answer as the page shows it."""
    given: list[dict[tuple[str, bool], int]] = [{} for _ in range(count)]
    for answers in learners:
        seen: set[int] = set()
        for answer in sorted(answers, key=lambda answer: answer.answered_at):
            if 0 <= answer.question < count and answer.question not in seen:
                seen.add(answer.question)
                key = (words(answer), answer.correct)
                given[answer.question][key] = given[answer.question].get(key, 0) + 1
    return [
        QuestionTally(
            number,
            tuple(
                Choice(text, right, learners)
                for (text, right), learners in sorted(counts.items(), key=lambda item: (-item[1], item[0][0]))
            ),
        )
        for number, counts in enumerate(given)
    ]
