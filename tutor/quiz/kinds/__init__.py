"""Every quiz kind: its generator and its answer checker, by id."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Final

from tutor.engine.waits import WaitKind
from tutor.quiz.drill_rules import DEFAULT, DrillRules
from tutor.quiz.kinds.basics import check_sets, check_tiles, generate_sets, generate_tiles
from tutor.quiz.kinds.efficiency import (
    check_discard,
    check_shanten,
    check_ukeire,
    discard_feedback,
    generate_discard,
    generate_shanten,
    generate_ukeire,
)
from tutor.quiz.kinds.mcr import check_mcr_fans, generate_mcr_fans
from tutor.quiz.kinds.mcr_steps import check_mcr_steps, generate_mcr_steps
from tutor.quiz.kinds.points_steps import check_points_steps, generate_points_steps
from tutor.quiz.kinds.scoring import (
    check_fu,
    check_points,
    check_yakuman,
    generate_fu,
    generate_points,
    generate_yakuman,
)
from tutor.quiz.kinds.shapes import (
    check_complete,
    check_wait_kind,
    check_waits,
    generate_complete,
    generate_wait_kind,
    generate_waits,
)
from tutor.quiz.kinds.steps import check_fu_steps, generate_fu_steps
from tutor.quiz.kinds.table import check_calls, check_game_flow, generate_calls, generate_game_flow
from tutor.quiz.kinds.yaku import check_yaku, generate_yaku
from tutor.quiz.question import LEVELS, Question, QuizError

Generator = Callable[[int, int], Question]
Checker = Callable[[Question, dict[str, Any]], bool]

KINDS: Final[dict[str, tuple[Generator, Checker]]] = {
    "tiles": (generate_tiles, check_tiles),
    "sets": (generate_sets, check_sets),
    "complete": (generate_complete, check_complete),
    "waits": (generate_waits, check_waits),
    "wait-kind": (generate_wait_kind, check_wait_kind),
    "calls": (generate_calls, check_calls),
    "fu": (generate_fu, check_fu),
    "fu-steps": (generate_fu_steps, check_fu_steps),
    "yaku": (generate_yaku, check_yaku),
    "yakuman": (generate_yakuman, check_yakuman),
    "riichi-points": (generate_points, check_points),
    "points-steps": (generate_points_steps, check_points_steps),
    "mcr-fans": (generate_mcr_fans, check_mcr_fans),
    "mcr-steps": (generate_mcr_steps, check_mcr_steps),
    "game-flow": (generate_game_flow, check_game_flow),
    "shanten": (generate_shanten, check_shanten),
    "ukeire": (generate_ukeire, check_ukeire),
    "discard": (generate_discard, check_discard),
}


RIICHI_RULED: Final = frozenset({"fu", "fu-steps", "yaku", "yakuman", "riichi-points", "points-steps"})
"""The kinds whose hands and answers follow the riichi options (their generators take the rules)."""
MCR_RULED: Final = frozenset({"mcr-fans", "mcr-steps"})
"""The kinds whose fans follow the MCR options."""


def maker(kind: str, rules: DrillRules) -> Generator:
    """The kind's generator, under `rules` where the kind follows them."""
    make: Callable[..., Question] = KINDS[kind][0]
    if kind in RIICHI_RULED:
        return partial(make, rules=rules.riichi)
    if kind in MCR_RULED:
        return partial(make, rules=rules.mcr)
    return make


CONCEPT_TRIES: Final = 200


def generate(kind: str, seed: int, level: int = 2, concept: str | None = None, rules: DrillRules = DEFAULT) -> Question:
    """The question of this kind for this seed and rules: always the same one.

    With `concept` (a review of something missed, such as "fu:kanchan"), the
    first question from this seed on that drills that concept, at any level;
    if none turns up within a few hundred seeds, the plain question."""
    if kind not in KINDS:
        raise QuizError(f"unknown quiz kind {kind!r}; expected one of {', '.join(KINDS)}")
    if level not in LEVELS:
        raise QuizError(f"level {level} is not 1, 2 or 3")
    make = maker(kind, rules)
    if concept is not None:
        for offset in range(CONCEPT_TRIES):
            question = make(seed + offset, LEVELS[offset % len(LEVELS)])
            if question.concept == concept or concept in question.step_concepts:
                return question
    return make(seed, level)


QUICK_FU_CONCEPTS: Final = frozenset(f"fu:{wait.value}" for wait in WaitKind)
"""The concepts the quick `fu` kind drills (its hands' waits); every other
fu rule ("fu:closed_ron") is a `fu-steps` line."""


POINTS_STEPS_PREFIXES: Final = ("yaku", "points")
"""The concepts `points-steps` stores per step ("yaku:pinfu", "points:dora")."""


def concept_kind(concept: str) -> str:
    """The kind that brings a concept back for review: its prefix, except
    the fu rules that only `fu-steps` drills line by line, the yaku and
    points rules of `points-steps`, and the MCR steps
    ("mcr:principle:套算一次") that `mcr-steps` drills."""
    kind = concept.split(":")[0]
    if kind in POINTS_STEPS_PREFIXES:
        return "points-steps"
    if kind == "mcr":
        return "mcr-steps"
    return "fu-steps" if kind == "fu" and concept not in QUICK_FU_CONCEPTS else kind


def is_right(question: Question, response: dict[str, Any]) -> bool:
    return KINDS[question.kind][1](question, response)


FEEDBACK: Final[dict[str, Callable[[Question, dict[str, Any], str], str]]] = {"discard": discard_feedback}
"""Kinds whose feedback depends on the learner's response, beyond the explanation."""


def response_feedback(question: Question, response: dict[str, Any], language: str) -> str:
    """What to tell the learner about their own response (for `discard`: where
    the pick ranks and what it loses), or "" for kinds that say nothing more."""
    feedback = FEEDBACK.get(question.kind)
    return feedback(question, response, language) if feedback else ""
