"""The words of an `mcr-steps` drill: what each step asks, the rule a wrong step breaks, each step of the feedback with the lesson that teaches it, and the worksheet's lines."""

from __future__ import annotations

from tutor.engine.mcr.exclusions import PRINCIPLES
from tutor.engine.mcr.fans import BY_ZH
from tutor.engine.mcr.settlement import MINIMUM_POINTS
from tutor.locale import Message, Value, message
from tutor.quiz.judgement import Judgement
from tutor.quiz.kind import FeedbackLine, LessonTitle
from tutor.quiz.kinds.mcr_steps import CAN_WIN, FAN, LEFT_OUT, TOTAL, McrStep, McrVerdict, fan_words, principle_words
from tutor.quiz.kinds.mcr_steps_judge import McrJudgement
from tutor.quiz.names import ANSWER_WORDS
from tutor.quiz.question import Question


def accepted_note(verdict: McrVerdict) -> Message | None:
    """For a step answered right with the other principle that fits (a
    second instance set aside by 套算一次 that repeats a chow of the first,
    which the 1998 text of 不得相同 forbids too), why the course names
    套算一次 there; None otherwise."""
    step = verdict.step
    if not verdict.right or step.step != LEFT_OUT or not step.also or verdict.given != step.also:
        return None
    return message(
        "mcrsteps.note.non_identical",
        fan=fan_words(step.zh),
        principle=principle_words(step.principle),
        given=principle_words(step.also),
    )


def step_label(step: McrStep) -> Value:
    """What a step asks, without giving its answer away."""
    if step.step in (TOTAL, CAN_WIN):
        return message(f"mcrsteps.label.{step.step}")
    return fan_words(step.zh)


def why_wrong(verdict: McrVerdict) -> Message:
    """The rule a wrong step breaks, in one sentence."""
    step = verdict.step
    fan = fan_words(step.zh) if step.zh else ""
    given = verdict.given or "-"
    if verdict.fault in ("counted", "unmarked", "principle", "because"):
        principle = principle_words(step.principle)
        if verdict.fault == "principle":
            given_principle = principle_words(verdict.given) if verdict.given in PRINCIPLES else "-"
            return message("mcrsteps.why.principle", fan=fan, principle=principle, given=given_principle)
        if verdict.fault == "because":
            given_fan = fan_words(verdict.given) if verdict.given else "-"
            if step.because_of is None:
                return message("mcrsteps.why.because_none", fan=fan, principle=principle, given=given_fan)
            return message("mcrsteps.why.because", fan=fan, by=fan_words(step.because_of), given=given_fan)
        reason = _left_out_reason(step)
        return message(f"mcrsteps.why.{verdict.fault}", fan=fan, reason=reason, principle=principle)
    if step.step == FAN:
        points = BY_ZH[step.zh].points if step.zh in BY_ZH else 0
        # `count` picks the plural of the fan's points; `times` is how often it counts.
        return message(f"mcrsteps.why.{verdict.fault}", fan=fan, times=step.count, count=points, given=given)
    if step.step == TOTAL:
        return message("mcrsteps.why.total", total=str(step.value), given=given)
    key = "can_win_yes" if step.value else "can_win_no"
    return message(f"mcrsteps.why.{key}", minimum=MINIMUM_POINTS)


def _left_out_reason(step: McrStep) -> Message:
    """Why the rules leave a fan out, as the end of a sentence."""
    if step.because_of:
        return message("mcrsteps.reason.included", by=fan_words(step.because_of))
    return message(f"mcrsteps.reason.{step.principle}")


def fan_step_lines(question: Question) -> list[Value]:
    """A worksheet's lines to fill: each fan offered (times it counts; if not
    counted, the principle and the fan that includes it), the total, the
    8-point question."""
    lines: list[Value] = [message("mcrsteps.columns")]
    lines += [message("worksheet.fan_blank", label=label) for label in question.choice_labels]
    lines += [message("worksheet.blank", label=step_label(McrStep(step))) for step in (TOTAL, CAN_WIN)]
    return lines


def step_answered(verdict: McrVerdict) -> Value:
    """A step with its right answer: "一般高 Pure Double Chow ×1", "Total: 9"."""
    step = verdict.step
    if step.step == FAN:
        return message("mcrsteps.fan_times", fan=fan_words(step.zh), count=str(step.count))
    if step.step == LEFT_OUT:
        because = fan_words(step.because_of) if step.because_of else message("mcrsteps.no_fan")
        return message(
            "mcrsteps.label.left_out", fan=fan_words(step.zh), principle=principle_words(step.principle), by=because
        )
    value = str(step.value) if step.step == TOTAL else ANSWER_WORDS.name("yes" if step.value else "no")
    return message("mcrsteps.step_value", label=step_label(step), value=value)


def verdict_line(verdict: McrVerdict, title: LessonTitle) -> Message:
    """One step of the feedback: right, or wrong with why and where it is taught."""
    if verdict.right:
        line = message("mcrsteps.line_right", label=step_answered(verdict))
        note = accepted_note(verdict)
        return line if note is None else message("mcrsteps.line_right_note", line=line, note=note)
    return message("mcrsteps.line_wrong", why=why_wrong(verdict), lesson=title(verdict.lesson))


def explain(judgement: Judgement[McrVerdict, McrJudgement], title: LessonTitle) -> list[FeedbackLine]:
    """Every step (marked in the answer rows too), then the explanation."""
    lines: list[FeedbackLine] = [
        step_answered(verdict) if verdict.shown else verdict_line(verdict, title) for verdict in judgement.verdicts
    ]
    return [*lines, *judgement.question.explanation_messages]


def missed(judgement: Judgement[McrVerdict, McrJudgement]) -> list[FeedbackLine]:
    """Each wrong step by the rule it breaks."""
    if judgement.right or not judgement.answered:
        return []
    return [why_wrong(verdict) for verdict in judgement.verdicts if not verdict.right]
