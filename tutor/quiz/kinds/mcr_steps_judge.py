"""Judging an `mcr-steps` response step by step: the fans that count, the fans left out with their principle and the fan that includes them, the total and the 8-point question (see tutor/quiz/kinds/mcr_steps.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.quiz.judgement import Judgement
from tutor.quiz.kinds.mcr_steps import CAN_WIN, FAN, LEFT_OUT, McrStep, McrVerdict, question_steps
from tutor.quiz.question import Question


@dataclass(frozen=True, slots=True)
class McrJudgement:
    verdicts: tuple[McrVerdict, ...]
    unreadable: bool = False
    """The response held entries that are no fan (never right, though no step names them)."""

    @property
    def right(self) -> bool:
        return not self.unreadable and all(verdict.right for verdict in self.verdicts)

    @property
    def concepts(self) -> tuple[tuple[str, bool], ...]:
        """Each concept exercised, with whether the learner got it right (a
        concept met on two steps is right only if both are)."""
        found: dict[str, bool] = {}
        for verdict in self.verdicts:
            for concept, right in verdict.concepts:
                found[concept] = found.get(concept, True) and right
        return tuple(found.items())


def _given_fans(response: dict[str, Any]) -> dict[str, int]:
    given: dict[str, int] = {}
    fans = response.get("fans")
    for fan in fans if isinstance(fans, list) else []:
        if not isinstance(fan, dict) or not isinstance(fan.get("zh"), str):
            continue
        count = fan.get("count", 1)
        # A count of 0 (or none readable) is a fan left unticked.
        if isinstance(count, int) and not isinstance(count, bool) and count > 0:
            given[fan["zh"]] = count
    return given


def _given_left_out(response: dict[str, Any]) -> dict[str, tuple[str, str | None]]:
    given: dict[str, tuple[str, str | None]] = {}
    left_out = response.get("left_out")
    for left in left_out if isinstance(left_out, list) else []:
        if not isinstance(left, dict) or not isinstance(left.get("zh"), str):
            continue
        because = left.get("because_of")
        given[left["zh"]] = (str(left.get("principle", "")), because if isinstance(because, str) else None)
    return given


def _left_out_verdict(
    step: McrStep, fans: dict[str, int], counted: dict[str, int], left: dict[str, tuple[str, str | None]]
) -> McrVerdict:
    if step.zh in fans and step.zh not in counted:
        return McrVerdict(step, False, "counted", str(fans[step.zh]))
    if step.zh not in left:
        return McrVerdict(step, False, "unmarked")
    principle, because = left[step.zh]
    also = principle == step.also
    if principle != step.principle and not also:
        return McrVerdict(step, False, "principle", principle)
    if because != step.because_of:
        return McrVerdict(step, False, "because", because or "")
    return McrVerdict(step, True, given=principle if also else "")


def judge_mcr_steps(question: Question, response: dict[str, Any]) -> McrJudgement:
    """Each step of the response judged on its own, in the order they are
    taken: the fans that count (and any the hand does not show), the fans
    left out, the total, the 8-point question."""
    steps = question_steps(question)
    fans = _given_fans(response)
    left = _given_left_out(response)
    counted = {step.zh: step.count for step in steps if step.step == FAN}
    left_out = {step.zh for step in steps if step.step == LEFT_OUT}
    fan_verdicts: list[McrVerdict] = []
    later: list[McrVerdict] = []
    for step in steps:
        if step.step == FAN:
            given = fans.get(step.zh)
            fault = "missed" if given is None else "" if given == step.count else "count"
            fan_verdicts.append(McrVerdict(step, not fault, fault, "" if given is None else str(given)))
            if step.zh in left and step.zh not in left_out:
                fan_verdicts.append(McrVerdict(step, False, "marked", left[step.zh][0]))
        elif step.step == LEFT_OUT:
            later.append(_left_out_verdict(step, fans, counted, left))
        else:
            later.append(_value_verdict(step, response))
    extra = [zh for zh in dict.fromkeys([*fans, *left]) if zh not in counted and zh not in left_out]
    fan_verdicts += [McrVerdict(McrStep(FAN, zh), False, "extra", str(fans.get(zh, ""))) for zh in extra]
    return McrJudgement((*fan_verdicts, *later), _unreadable(response))


def _unreadable(response: dict[str, Any]) -> bool:
    """Whether a list of the response holds something other than a fan by its Chinese name."""
    for key in ("fans", "left_out"):
        items = response.get(key, [])
        if not isinstance(items, list) or not all(
            isinstance(item, dict) and isinstance(item.get("zh"), str) for item in items
        ):
            return True
    return False


def _value_verdict(step: McrStep, response: dict[str, Any]) -> McrVerdict:
    value = response.get(step.step)
    if step.step == CAN_WIN:
        given = int(value) if isinstance(value, bool) else None
    else:
        given = value if isinstance(value, int) and not isinstance(value, bool) else None
    return McrVerdict(
        step, given == step.value, "" if given == step.value else "value", "" if given is None else str(given)
    )


def check_mcr_steps(question: Question, response: dict[str, Any]) -> bool:
    return judge_mcr_steps(question, response).right


def judge(question: Question, response: dict[str, Any]) -> Judgement[McrVerdict, McrJudgement]:
    """A response judged once, step by step; unanswered (skipped, shown),
    its steps as the answer has them."""
    if not response:
        shown = tuple(McrVerdict(step, True, shown=True) for step in question_steps(question))
        return Judgement(question, response, False, shown)
    judged = judge_mcr_steps(question, response)
    return Judgement(question, response, judged.right, judged.verdicts, judged.concepts, judged)


def missed_lesson(judgement: Judgement[McrVerdict, McrJudgement]) -> str:
    """The lesson of the first step missed, as its feedback names it."""
    if judgement.answered:
        wrong = [verdict for verdict in judgement.verdicts if not verdict.right]
        if wrong:
            return wrong[0].lesson
    return judgement.question.lesson
