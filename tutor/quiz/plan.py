"""What a drill asks: its kinds, length and level, or the concepts due for review."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from tutor.quiz.kinds import generate
from tutor.quiz.question import Question


@dataclass
class DrillPlan:
    """What a drill asks: kinds, how many questions, the level; or, for a
    review, the concepts that are due (each brought back as a question)."""

    kinds: tuple[str, ...]
    length: int = 10
    level: int = 2
    seed: int = field(default_factory=lambda: int(time.time()))
    concepts: tuple[str, ...] = ()

    def questions(self) -> list[Question]:
        rng = random.Random(self.seed)
        if self.concepts:
            return [
                generate(concept.split(":")[0], rng.randrange(1 << 30), self.level, concept=concept)
                for concept in self.concepts[: self.length]
            ]
        return [generate(rng.choice(self.kinds), rng.randrange(1 << 30), self.level) for _ in range(self.length)]
