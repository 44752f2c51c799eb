"""Answers on their way to the progress store, kept until they are saved.

Saving can fail for reasons that pass: another program holds the file's
lock, the disk is full, the folder is read-only for a moment. A learner's
answer is never dropped for that: it stays here, in order, and every later
save (the next answer, leaving the drill) tries the waiting ones first.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field

from tutor.quiz.store import Store


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer as the store records it."""

    kind: str
    level: int
    seed: int
    concept: str
    lesson: str
    correct: bool
    response: str
    answered_at: float
    rules: tuple[tuple[str, bool], ...] = ()
    """For a step question, each rule applied and whether rightly (see Store.record_answer)."""


@dataclass
class AnswerLog:
    """Saves answers to `store`, holding those it could not save yet."""

    store: Store
    waiting: list[Answer] = field(default_factory=list)

    def save(self, answer: Answer | None = None) -> str | None:
        """Save the waiting answers and then `answer`, oldest first.

        Returns None when all are saved, or the store's error in one line
        when some are still waiting (they are kept, in order)."""
        if answer is not None:
            self.waiting.append(answer)
        while self.waiting:
            first = self.waiting[0]
            try:
                self.store.record_answer(
                    kind=first.kind,
                    level=first.level,
                    seed=first.seed,
                    concept=first.concept,
                    lesson=first.lesson,
                    correct=first.correct,
                    response=first.response,
                    now=first.answered_at,
                    rules=first.rules,
                )
            except (sqlite3.Error, OSError) as error:
                return str(error).splitlines()[0] if str(error) else type(error).__name__
            self.waiting.pop(0)
        return None
