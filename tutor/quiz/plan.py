"""What a drill asks: its kinds, length and level, the concepts due for
review, or the questions missed last time."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from tutor.quiz.drill_rules import DrillRules
from tutor.quiz.kinds import STEP_KINDS as STEP_KIND_TABLE
from tutor.quiz.kinds import concept_kind, generate
from tutor.quiz.question import Question

LENGTHS = (5, 10, 20)
"""How many questions a drill may have."""

STEP_KINDS = tuple(kind.id for kind in STEP_KIND_TABLE)
"""The kinds answered line by line."""

REVIEW_LENGTH = 20
"""At most this many due concepts come back in one review."""


@dataclass
class DrillPlan:
    """What a drill asks: kinds, how many questions, the level; or, for a
    review, the concepts that are due (each brought back as a question); or,
    to retry mistakes, the very questions to ask again."""

    kinds: tuple[str, ...]
    length: int = 10
    level: int = 2
    seed: int = field(default_factory=lambda: int(time.time()))
    concepts: tuple[str, ...] = ()
    again: tuple[Question, ...] = ()
    rules: DrillRules = field(default_factory=DrillRules)
    """The rule options the questions are dealt and judged under (the learner's settings)."""
    positions: Mapping[str, Question] = field(default_factory=dict)
    """For a review: a concept's question from a position of the learner's
    own game (tutor/quiz/review_findings.py), asked instead of one dealt."""
    levels: tuple[int, ...] = ()
    """A class's assignment: each question's level drawn from these (then `level` is unused)."""
    assignment: str | None = None
    """A class's assignment: its reference, which each answer carries."""
    places: tuple[int, ...] = ()
    """A class's assignment: the numbers (from 0) of its questions still to ask, in order."""

    @classmethod
    def assigned(
        cls, kinds: tuple[str, ...], levels: tuple[int, ...], count: int, seed: int, ref: str, answered: set[int]
    ) -> DrillPlan:
        """A class's assignment: `count` questions dealt from `seed`, the
        rule options the defaults (so that one seed is one sheet for every
        learner); those `answered` already are not asked again."""
        places = tuple(number for number in range(count) if number not in answered)
        return cls(kinds, length=count, seed=seed, levels=levels, assignment=ref, places=places)

    @classmethod
    def review(
        cls, concepts: list[str], rules: DrillRules | None = None, positions: Mapping[str, Question] | None = None
    ) -> DrillPlan:
        """The concepts due, most overdue first, as one drill; a concept with
        a position of the learner's own game is asked from it."""
        kinds = tuple(dict.fromkeys(concept_kind(concept) for concept in concepts))
        return cls(
            kinds,
            length=min(REVIEW_LENGTH, len(concepts)),
            concepts=tuple(concepts),
            rules=rules or DrillRules(),
            positions=dict(positions or {}),
        )

    @classmethod
    def lesson(cls, kinds: tuple[str, ...], rules: DrillRules | None = None) -> DrillPlan:
        """A lesson's drill (its `z` key): step kinds start at level 1,
        where a learner meets the lesson's rules one line at a time."""
        return cls(kinds, level=1 if any(kind in STEP_KINDS for kind in kinds) else 2, rules=rules or DrillRules())

    @classmethod
    def retry(cls, questions: list[Question]) -> DrillPlan:
        """The questions missed, asked again in the same order."""
        kinds = tuple(dict.fromkeys(question.kind for question in questions))
        return cls(kinds, length=len(questions), again=tuple(questions))

    def questions(self) -> list[Question]:
        if self.again:
            return list(self.again)
        rng = random.Random(self.seed)
        if self.concepts:
            asked = self.concepts[: self.length]
            seeds = [rng.randrange(1 << 30) for _ in asked]
            return [
                self.positions.get(concept)
                or generate(concept_kind(concept), seed, self.level, concept=concept, rules=self.rules)
                for concept, seed in zip(asked, seeds, strict=True)
            ]
        if self.levels:
            sheet = [
                generate(rng.choice(self.kinds), rng.randrange(1 << 30), rng.choice(self.levels), rules=self.rules)
                for _ in range(self.length)
            ]
            return [sheet[number] for number in self.places]
        return [
            generate(rng.choice(self.kinds), rng.randrange(1 << 30), self.level, rules=self.rules)
            for _ in range(self.length)
        ]
