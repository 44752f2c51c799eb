"""Quiz kind `fu-steps`: the fu of a riichi hand, line by line.

The learner fills one line per step, in the order lesson r09-fu teaches
them: the base (and 10 more for a closed ron, as the engine writes it), each
set, the pair, the wait, how the hand was won, the sum before rounding and
the rounded fu.  Every line is the engine's (`fu_lines`); the checker judges
each on its own and names the rule of each wrong one.

A hand with several readings is judged on the learner's own reading when
their lines (sets, pair, wait) are exactly those of another complete
reading with a yaku;
the feedback then says why the engine's reading is worth more.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from tutor.engine.riichi.fu import RUN, SET_ITEMS, FuLine
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.riichi.score import RiichiScore
from tutor.locale import message
from tutor.quiz.kinds.scoring import DEFAULT_RULES, fu_explanation, riichi_win, win_request
from tutor.quiz.question import Question

LESSON: Final = "r09-fu"
SUM: Final = "sum"
"""The step id of the sum before rounding."""
ROUNDED: Final = "rounded"
"""The step id of the rounded fu."""

SET_LINE_ITEMS: Final = frozenset({RUN, *(item for kan in SET_ITEMS for closed in kan for item in closed)})
"""The fu line items that are sets: the lines a learner's reading is told by."""

SEVEN_PAIRS_FU: Final = 25
"""The one fu that is never rounded (and no rounded fu of another hand ends in 5)."""

OPEN_TRIPLET_ITEMS: Final = frozenset(item for item in SET_ITEMS[0][0])


def rule_concept(step: str) -> str:
    """The progress store's concept for the rule a step applies: "fu:closed_ron"."""
    return "fu:rounding" if step == ROUNDED else f"fu:{step}"


@dataclass(frozen=True, slots=True)
class Step:
    """One line to fill: which step, the tiles it counts, its fu."""

    step: str
    """A fu line item (tutor/engine/riichi/fu.py), or SUM or ROUNDED."""
    tiles: str
    fu: int


def steps_of(lines: tuple[FuLine, ...], raw: int, fu: int) -> tuple[Step, ...]:
    return (*(Step(line.item, line.tiles, line.fu) for line in lines), Step(SUM, "", raw), Step(ROUNDED, "", fu))


def answer_lines(steps: tuple[Step, ...]) -> list[dict[str, Any]]:
    """The fu lines of the answer JSON (design brief section 4), sum and rounding left to `fu_raw` and `fu`."""
    return [
        {"item": step.step, "fu": step.fu, "tiles": step.tiles} for step in steps if step.step not in (SUM, ROUNDED)
    ]


def generate_fu_steps(seed: int, level: int, rules: RiichiRules = DEFAULT_RULES) -> Question:
    """A winning hand to score line by line: level 1 closed ron, level 2
    calls and tsumo, level 3 anything (kans, seven pairs)."""
    score = riichi_win(random.Random(seed), level, rules)[2]
    return fu_steps_question(score, seed, level)


def fu_steps_question(score: RiichiScore, seed: int, level: int) -> Question:
    """The `fu-steps` question of a scored hand."""
    steps = steps_of(score.fu.lines, score.fu.raw, score.fu.fu)
    return Question(
        kind="fu-steps",
        level=level,
        seed=seed,
        rules="riichi",
        prompt=message("steps.prompt"),
        request=win_request(score.hand, score.context, score.rules),
        answer={"fu": score.fu.fu, "fu_raw": score.fu.raw, "lines": answer_lines(steps)},
        explanation=fu_explanation(score),
        concept=main_concept(steps),
        lesson=LESSON,
        answer_type="steps",
        step_concepts=tuple(dict.fromkeys(rule_concept(step.step) for step in steps)),
    )


def main_concept(steps: tuple[Step, ...]) -> str:
    """The rule the hand is about: its line worth most after the base and closed ron
    (the first among equals), else the rounding."""
    worth = [step for step in steps if step.step not in ("base", "closed_ron", SUM, ROUNDED) and step.fu]
    return rule_concept(max(worth, key=lambda step: step.fu).step if worth else ROUNDED)


def question_steps(question: Question) -> tuple[Step, ...]:
    """The lines of a `fu-steps` question, from its answer."""
    answer = question.answer
    lines = tuple(Step(line["item"], line["tiles"], line["fu"]) for line in answer["lines"])
    return (*lines, Step(SUM, "", answer["fu_raw"]), Step(ROUNDED, "", answer["fu"]))
