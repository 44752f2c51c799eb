"""Judging a `points-steps` response step by step: each yaku, the dora, the han and each payment, a step that follows from the learner's own earlier steps told apart (see tutor/quiz/kinds/points_steps.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.engine.riichi.points import base_points, payments
from tutor.quiz.judgement import Judgement
from tutor.quiz.kinds.points_steps import (
    DORA,
    FROM_DEALER,
    FROM_NON_DEALER,
    HAN,
    HAN_OF,
    TOTAL,
    concept_lesson,
    payment_steps,
    total_rule,
    yaku_lesson,
)
from tutor.quiz.kinds.scoring import request_rules
from tutor.quiz.question import Question


@dataclass(frozen=True, slots=True)
class PointStep:
    """One step to judge: a yaku (`yaku` set, `value` its han, or None when
    the hand does not have it), the dora, the han, a payment or the total."""

    step: str
    """"yaku", DORA, HAN, FROM_DEALER, FROM_NON_DEALER or TOTAL."""
    value: int | None
    concept: str
    yaku: str = ""


@dataclass(frozen=True, slots=True)
class PointVerdict:
    step: PointStep
    given: int | None
    right: bool
    own: int | None = None
    """For a wrong step that follows from the learner's own earlier steps
    (a han that adds up the yaku and dora they gave, a payment right for
    the han they gave): what those steps make, which the learner applied
    rightly.  Its rule is then not stored as missed."""

    @property
    def follows(self) -> bool:
        return not self.right and self.own is not None and self.own == self.given


@dataclass(frozen=True, slots=True)
class PointsJudgement:
    verdicts: tuple[PointVerdict, ...]
    fu_right: bool
    """The fu are given; a response that restates them must keep them."""

    @property
    def right(self) -> bool:
        return self.fu_right and all(verdict.right for verdict in self.verdicts)

    @property
    def concepts(self) -> tuple[tuple[str, bool], ...]:
        """Each rule exercised, with whether every step applying it was right."""
        found: dict[str, bool] = {}
        for verdict in self.verdicts:
            if verdict.step.concept:
                applied = verdict.right or verdict.follows
                found[verdict.step.concept] = found.get(verdict.step.concept, True) and applied
        return tuple(found.items())


def _number(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _given_yaku(response: dict[str, Any]) -> list[tuple[str, int | None]]:
    """The yaku of a response with their han; anything malformed is kept as
    an unknown yaku (judged extra), never dropped."""
    given = response.get("yaku")
    found: list[tuple[str, int | None]] = []
    for item in given if isinstance(given, list) else []:
        if isinstance(item, dict) and isinstance(item.get("id"), str):
            found.append((item["id"][:40], _number(item.get("han"))))
        else:
            found.append((str(item)[:40], None))
    return found


def answer_steps(question: Question) -> tuple[PointStep, ...]:
    """The steps of a question without a response: its yaku, the dora, the han, the payments."""
    answer, request = question.answer, question.request
    steps = [PointStep("yaku", yaku["han"], f"yaku:{yaku['id']}", yaku["id"]) for yaku in answer["yaku"]]
    steps += [PointStep(DORA, answer["dora"], "points:dora"), PointStep(HAN, answer["han"], "points:han_sum")]
    rule = total_rule(answer["han"], answer["points"]["base"], request.get("seat", "E") == "E")
    for step in payment_steps(request):
        steps.append(PointStep(step, answer["points"][step], rule if step == TOTAL else "points:tsumo_split"))
    return tuple(steps)


def judge_points_steps(question: Question, response: dict[str, Any]) -> PointsJudgement:
    """Each step of the response judged on its own: each yaku of the hand
    (missed, or given with the wrong han), each yaku given that the hand
    does not have, the dora, the han and each payment."""
    given_yaku = _given_yaku(response)
    given_han = dict(given_yaku)
    points = response.get("points")
    points = points if isinstance(points, dict) else {}
    verdicts = []
    steps = answer_steps(question)
    ids = {step.yaku for step in steps if step.step == "yaku"}
    own = _own_values(question, response, given_han, points)
    for step in steps:
        if step.step == "yaku":
            han = given_han.get(step.yaku) if step.yaku in given_han else None
            verdicts.append(PointVerdict(step, han, step.yaku in given_han and han == step.value))
        elif step.step in (DORA, HAN):
            number = _number(response.get(step.step))
            verdicts.append(PointVerdict(step, number, number == step.value, own.get(step.step)))
        else:
            number = _number(points.get(step.step))
            verdicts.append(PointVerdict(step, number, number == step.value, own.get(step.step)))
    extras = [(yaku, han) for yaku, han in given_yaku if yaku not in ids]
    for yaku, han in dict(extras).items():
        concept = f"yaku:{yaku}" if yaku in HAN_OF else ""
        verdicts.insert(len(ids), PointVerdict(PointStep("yaku", None, concept, yaku), han, False))
    fu = _number(response.get("fu"))
    return PointsJudgement(tuple(verdicts), "fu" not in response or fu == question.answer["fu"])


def _own_values(
    question: Question, response: dict[str, Any], given_han: dict[str, int | None], points: dict[str, Any]
) -> dict[str, int]:
    """What the learner's own earlier steps make, step by step: the han of
    the yaku and dora they gave, the payments for the han they gave (with
    the fu given), and the total of the payments they gave."""
    own: dict[str, int] = {}
    dora = _number(response.get(DORA))
    if dora is not None and all(han is not None for han in given_han.values()):
        own[HAN] = sum(han for han in given_han.values() if han is not None) + dora
    han = _number(response.get(HAN))
    if han is None or not 0 < han < 100:
        return own
    request = question.request
    dealer, tsumo = request.get("seat", "E") == "E", bool(request.get("tsumo"))
    base, limit = base_points(han, question.answer["fu"], 0, request_rules(request))
    paid = payments(base, limit, dealer, tsumo)
    own.update({FROM_DEALER: paid.dealer or 0, FROM_NON_DEALER: paid.non_dealer or 0, TOTAL: paid.total})
    given = [_number(points.get(step)) for step in payment_steps(request)[:-1]]
    if tsumo and all(number is not None for number in given) and own[TOTAL] != _number(points.get(TOTAL)):
        # A total that adds up the learner's own payments follows from them.
        numbers = [number or 0 for number in given]
        own[TOTAL] = 3 * numbers[0] if dealer else numbers[0] + 2 * numbers[1]
    return own


def check_points_steps(question: Question, response: dict[str, Any]) -> bool:
    return judge_points_steps(question, response).right


def step_lesson(step: PointStep) -> str:
    """The lesson that teaches a step's rule."""
    if step.step == "yaku":
        return yaku_lesson(step.yaku)
    return concept_lesson(step.concept)


def judge(question: Question, response: dict[str, Any]) -> Judgement[PointVerdict, PointsJudgement]:
    """A response judged once, step by step; unanswered, every step as the answer has it."""
    judged = judge_points_steps(question, response)
    concepts = judged.concepts if response else ()
    return Judgement(question, response, bool(response) and judged.right, judged.verdicts, concepts, judged)


def missed_lesson(judgement: Judgement[PointVerdict, PointsJudgement]) -> str:
    """The lesson of the first rule missed (not a step that only follows from the learner's own)."""
    if judgement.answered:
        wrong = [verdict for verdict in judgement.verdicts if not verdict.right and not verdict.follows]
        if wrong:
            return step_lesson(wrong[0].step)
    return judgement.question.lesson
