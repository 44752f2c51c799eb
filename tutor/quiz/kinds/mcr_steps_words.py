"""The words of an `mcr-steps` drill: what each step asks, the rule a wrong step breaks, each step of the feedback with the lesson that teaches it, and the worksheet's lines."""

from __future__ import annotations

from tutor.engine.mcr.exclusions import PRINCIPLES
from tutor.engine.mcr.fans import BY_ZH
from tutor.engine.mcr.settlement import MINIMUM_POINTS
from tutor.locale import text
from tutor.quiz.judgement import Judgement
from tutor.quiz.kind import LessonTitle
from tutor.quiz.kinds.mcr_steps import CAN_WIN, FAN, LEFT_OUT, TOTAL, McrStep, McrVerdict, fan_words, principle_words
from tutor.quiz.kinds.mcr_steps_judge import McrJudgement
from tutor.quiz.names import ANSWER_WORDS
from tutor.quiz.question import Question


def accepted_note(verdict: McrVerdict, language: str) -> str | None:
    """For a step answered right with the other principle that fits (a
    second instance set aside by 套算一次 that repeats a chow of the first,
    which the 1998 text of 不得相同 forbids too), why the course names
    套算一次 there; None otherwise."""
    step = verdict.step
    if not verdict.right or step.step != LEFT_OUT or not step.also or verdict.given != step.also:
        return None
    return text(
        language,
        "mcrsteps.note.non_identical",
        fan=fan_words(step.zh, language),
        principle=principle_words(step.principle, language),
        given=principle_words(step.also, language),
    )


def step_label(step: McrStep, language: str) -> str:
    """What a step asks, without giving its answer away."""
    if step.step in (TOTAL, CAN_WIN):
        return text(language, f"mcrsteps.label.{step.step}")
    return fan_words(step.zh, language)


def why_wrong(verdict: McrVerdict, language: str) -> str:
    """The rule a wrong step breaks, in one sentence."""
    step = verdict.step
    fan = fan_words(step.zh, language) if step.zh else ""
    given = verdict.given or "-"
    if verdict.fault in ("counted", "unmarked", "principle", "because"):
        principle = principle_words(step.principle, language)
        if verdict.fault == "principle":
            given_principle = principle_words(verdict.given, language) if verdict.given in PRINCIPLES else "-"
            return text(language, "mcrsteps.why.principle", fan=fan, principle=principle, given=given_principle)
        if verdict.fault == "because":
            given_fan = fan_words(verdict.given, language) if verdict.given else "-"
            if step.because_of is None:
                return text(language, "mcrsteps.why.because_none", fan=fan, principle=principle, given=given_fan)
            by = fan_words(step.because_of, language)
            return text(language, "mcrsteps.why.because", fan=fan, by=by, given=given_fan)
        reason = _left_out_reason(step, language)
        return text(language, f"mcrsteps.why.{verdict.fault}", fan=fan, reason=reason, principle=principle)
    if step.step == FAN:
        points = BY_ZH[step.zh].points if step.zh in BY_ZH else 0
        return text(language, f"mcrsteps.why.{verdict.fault}", fan=fan, count=step.count, points=points, given=given)
    if step.step == TOTAL:
        return text(language, "mcrsteps.why.total", total=step.value, given=given)
    key = "can_win_yes" if step.value else "can_win_no"
    return text(language, f"mcrsteps.why.{key}", minimum=MINIMUM_POINTS)


def _left_out_reason(step: McrStep, language: str) -> str:
    """Why the rules leave a fan out, as the end of a sentence."""
    if step.because_of:
        return text(language, "mcrsteps.reason.included", by=fan_words(step.because_of, language))
    return text(language, f"mcrsteps.reason.{step.principle}")


def fan_step_lines(question: Question, language: str) -> list[str]:
    """A worksheet's lines to fill: each fan offered (times it counts; if not
    counted, the principle and the fan that includes it), the total, the
    8-point question."""
    lines = [f"   {text(language, 'mcrsteps.columns')}"]
    for label in question.labels(language):
        lines.append(f"   __ {label}: ________ / ________")
    lines += [f"   {step_label(McrStep(step), language)}: ____" for step in (TOTAL, CAN_WIN)]
    return lines


def step_text(verdict: McrVerdict, language: str) -> str:
    """A step with its right answer: "一般高 Pure Double Chow ×1", "Total: 9"."""
    step = verdict.step
    if step.step == FAN:
        return f"{fan_words(step.zh, language)} ×{step.count}"
    if step.step == LEFT_OUT:
        because = fan_words(step.because_of, language) if step.because_of else text(language, "mcrsteps.no_fan")
        return text(
            language,
            "mcrsteps.label.left_out",
            fan=fan_words(step.zh, language),
            principle=principle_words(step.principle, language),
            by=because,
        )
    value = step.value if step.step == TOTAL else ANSWER_WORDS.of(language)["yes" if step.value else "no"]
    return f"{step_label(step, language)} {value}"


def verdict_line(verdict: McrVerdict, language: str, title: LessonTitle) -> str:
    """One step of the feedback: right, or wrong with why and where it is taught."""
    if verdict.right:
        line = text(language, "mcrsteps.line_right", label=step_text(verdict, language))
        note = accepted_note(verdict, language)
        return line if note is None else text(language, "mcrsteps.line_right_note", line=line, note=note)
    return text(language, "mcrsteps.line_wrong", why=why_wrong(verdict, language), lesson=title(verdict.lesson))


def explain(judgement: Judgement[McrVerdict, McrJudgement], language: str, title: LessonTitle) -> list[str]:
    """Every step (marked in the answer rows too), then the explanation."""
    lines = [
        step_text(verdict, language) if verdict.shown else verdict_line(verdict, language, title)
        for verdict in judgement.verdicts
    ]
    return lines + judgement.question.explanation_lines(language)


def missed(judgement: Judgement[McrVerdict, McrJudgement], language: str) -> list[str]:
    """Each wrong step by the rule it breaks."""
    if judgement.right or not judgement.answered:
        return []
    return [why_wrong(verdict, language) for verdict in judgement.verdicts if not verdict.right]
