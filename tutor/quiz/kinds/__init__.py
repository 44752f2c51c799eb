"""Every quiz kind, by id: how its questions are made, judged and worded (tutor/quiz/kind.py)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Final

from tutor.engine.rules import Rules
from tutor.engine.waits import WaitKind
from tutor.quiz.drill_rules import DEFAULT, DrillRules
from tutor.quiz.judgement import Judgement
from tutor.quiz.kind import ConceptLesson, Explain, Generate, Given, Judge, Kind, Missed, MissedLesson
from tutor.quiz.kinds import (
    defence,
    discard_words,
    fu_steps_judge,
    fu_steps_words,
    mcr_steps_judge,
    mcr_steps_words,
    plain_words,
    points_steps_judge,
    points_steps_words,
    waits_words,
)
from tutor.quiz.kinds.basics import check_sets, check_tiles, generate_sets, generate_tiles
from tutor.quiz.kinds.defence import check_defence, generate_defence
from tutor.quiz.kinds.efficiency import (
    check_discard,
    check_shanten,
    check_ukeire,
    generate_discard,
    generate_shanten,
    generate_ukeire,
)
from tutor.quiz.kinds.mcr import check_mcr_fans, generate_mcr_fans
from tutor.quiz.kinds.mcr_steps import ANSWER_TYPE as FAN_STEPS
from tutor.quiz.kinds.mcr_steps import concept_lesson as mcr_concept_lesson
from tutor.quiz.kinds.mcr_steps import generate_mcr_steps
from tutor.quiz.kinds.points_steps import concept_lesson as points_concept_lesson
from tutor.quiz.kinds.points_steps import generate_points_steps
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
from tutor.quiz.kinds.steps import generate_fu_steps
from tutor.quiz.kinds.table import check_calls, check_game_flow, generate_calls, generate_game_flow
from tutor.quiz.kinds.yaku import check_yaku, generate_yaku
from tutor.quiz.question import LEVELS, Question, QuizError

Check = Callable[[Question, dict[str, Any]], bool]


def plain(
    kind: str,
    answer_types: tuple[str, ...],
    generate: Generate,
    check: Check,
    explain: Explain = plain_words.explain,
    missed: Missed = plain_words.missed_lines,
    given: Given = plain_words.given_words,
    rules: Rules | None = None,
) -> Kind:
    """A kind answered in one go, judged right or wrong as a whole."""
    return Kind(
        id=kind,
        answer_types=answer_types,
        generate=generate,
        judge=plain_words.judged(check),
        explain=explain,
        missed=missed,
        given=given,
        missed_lesson=plain_words.question_lesson,
        concept_lesson=plain_words.stored_lesson,
        rules=rules,
    )


def _reviewed_by(concept_lesson: Callable[[str], str]) -> ConceptLesson:
    """A kind whose every stored concept is reviewed from its own lesson, whatever lesson was stored."""

    def lesson(concept: str, _stored: str) -> str:
        return concept_lesson(concept)

    return lesson


def steps(
    kind: str,
    answer_type: str,
    generate: Generate,
    judge: Judge,
    explain: Explain,
    missed: Missed,
    missed_lesson: MissedLesson = plain_words.question_lesson,
    concept_lesson: ConceptLesson = plain_words.stored_lesson,
    *,
    rules: Rules,
    concept_prefixes: tuple[str, ...],
) -> Kind:
    """A kind answered step by step, each step judged and worded on its own."""
    return Kind(
        kind,
        (answer_type,),
        generate,
        judge,
        explain,
        missed,
        plain_words.given_words,
        missed_lesson,
        concept_lesson,
        rules,
        concept_prefixes,
    )


STEP_KINDS: Final = (
    steps(
        "fu-steps",
        "steps",
        generate_fu_steps,
        fu_steps_judge.judge,
        fu_steps_words.explain,
        fu_steps_words.missed,
        rules=Rules.RIICHI,
        concept_prefixes=("fu",),
    ),
    steps(
        "points-steps",
        "points_steps",
        generate_points_steps,
        points_steps_judge.judge,
        points_steps_words.explain,
        points_steps_words.missed,
        points_steps_judge.missed_lesson,
        _reviewed_by(points_concept_lesson),
        rules=Rules.RIICHI,
        concept_prefixes=("yaku", "points"),
    ),
    steps(
        "mcr-steps",
        FAN_STEPS,
        generate_mcr_steps,
        mcr_steps_judge.judge,
        mcr_steps_words.explain,
        mcr_steps_words.missed,
        mcr_steps_judge.missed_lesson,
        _reviewed_by(mcr_concept_lesson),
        rules=Rules.MCR,
        concept_prefixes=("mcr",),
    ),
)

_ALL: Final = (
    plain("tiles", ("choice",), generate_tiles, check_tiles),
    plain("sets", ("choice",), generate_sets, check_sets),
    plain("complete", ("choice",), generate_complete, check_complete),
    plain("waits", ("tiles",), generate_waits, check_waits, waits_words.explain, waits_words.missed),
    plain("wait-kind", ("checklist",), generate_wait_kind, check_wait_kind),
    plain("calls", ("choice", "checklist"), generate_calls, check_calls),
    plain("fu", ("number",), generate_fu, check_fu, rules=Rules.RIICHI),
    STEP_KINDS[0],
    plain("yaku", ("checklist",), generate_yaku, check_yaku, rules=Rules.RIICHI),
    plain("yakuman", ("checklist",), generate_yakuman, check_yakuman, rules=Rules.RIICHI),
    plain("riichi-points", ("number",), generate_points, check_points, rules=Rules.RIICHI),
    STEP_KINDS[1],
    plain("mcr-fans", ("fans_total",), generate_mcr_fans, check_mcr_fans, rules=Rules.MCR),
    STEP_KINDS[2],
    plain("game-flow", ("choice",), generate_game_flow, check_game_flow),
    plain("shanten", ("number",), generate_shanten, check_shanten),
    plain("ukeire", ("tiles",), generate_ukeire, check_ukeire),
    plain(
        "discard",
        ("choice",),
        generate_discard,
        check_discard,
        discard_words.explain,
        discard_words.missed,
        discard_words.given,
    ),
    plain("defence", ("choice",), generate_defence, check_defence, defence.explain, defence.missed, defence.given),
)

KINDS: Final[dict[str, Kind]] = {kind.id: kind for kind in _ALL}


def maker(kind: str, rules: DrillRules) -> Generate:
    """The kind's generator, under `rules` where the kind follows them (its
    generator then takes the rules)."""
    found = KINDS[kind]
    make: Callable[..., Question] = found.generate
    if found.rules is Rules.RIICHI:
        return partial(make, rules=rules.riichi)
    if found.rules is Rules.MCR:
        return partial(make, rules=rules.mcr)
    return make


CONCEPT_TRIES: Final = 200


def generate(kind: str, seed: int, level: int = 2, concept: str | None = None, rules: DrillRules = DEFAULT) -> Question:
    """The question of this kind for this seed and rules: always the same one.

    With `concept` (a review of something missed, such as "fu:kanchan"), the
    first question from this seed on that drills that concept, at any level;
    if none turns up within a few hundred seeds, the plain question."""
    if kind not in KINDS:
        raise QuizError("quiz.error.unknown_kind", kind=repr(kind), kinds=", ".join(KINDS))
    if level not in LEVELS:
        raise QuizError("quiz.error.level", level=level)
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


CONCEPT_KINDS: Final = {prefix: kind.id for kind in _ALL for prefix in kind.concept_prefixes}
"""The step kinds by the prefixes of the concepts they store (`Kind.concept_prefixes`)."""


def concept_kind(concept: str) -> str:
    """The kind that brings a concept back for review: the step kind that
    stores its prefix (the fu rules of `fu-steps`, the yaku and points rules
    of `points-steps`, the MCR steps of `mcr-steps`), but for the waits'
    fu the quick `fu` kind drills; else the kind its prefix names."""
    if concept in QUICK_FU_CONCEPTS:
        return "fu"
    prefix = concept.split(":")[0]
    return CONCEPT_KINDS.get(prefix, prefix)


def judge(question: Question, response: dict[str, Any]) -> Judgement[Any, Any]:
    """A response to a question, judged by its kind."""
    return KINDS[question.kind].judge(question, response)


def is_right(question: Question, response: dict[str, Any]) -> bool:
    return judge(question, response).right


def review_lesson(concept: str, stored: str) -> str:
    """The lesson a concept due for review is taught by: a step's own (a
    yaku by r06 or r07, the points by r08, an MCR fan by its fan lesson, a
    principle by m12), since one answer stores all its steps under the
    question's lesson; else the lesson stored."""
    kind = KINDS.get(concept_kind(concept))
    return kind.concept_lesson(concept, stored) if kind else stored
