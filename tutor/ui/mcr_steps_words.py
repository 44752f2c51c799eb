"""The words of an `mcr-steps` drill's feedback: each step right, or wrong
with the rule it breaks and the lesson that teaches it, then the
explanation sentence by sentence."""

from __future__ import annotations

from tutor.lessons.check import Library
from tutor.locale import text
from tutor.quiz.attempt import Attempt
from tutor.quiz.kinds.mcr_steps import (
    FAN,
    LEFT_OUT,
    TOTAL,
    McrVerdict,
    accepted_note,
    answer_steps,
    fan_words,
    judge_mcr_steps,
    principle_words,
    step_label,
    why_wrong,
)
from tutor.quiz.names import ANSWER_WORDS
from tutor.ui.lesson_titles import lesson_title


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
    value = step.value if step.step == TOTAL else ANSWER_WORDS[language]["yes" if step.value else "no"]
    return f"{step_label(step, language)} {value}"


def verdict_line(verdict: McrVerdict, language: str, library: Library) -> str:
    """One step of the feedback: right, or wrong with why and where it is taught."""
    if verdict.right:
        line = text(language, "mcrsteps.line_right", label=step_text(verdict, language))
        note = accepted_note(verdict, language)
        return line if note is None else text(language, "mcrsteps.line_right_note", line=line, note=note)
    title = lesson_title(library, verdict.lesson, language)
    return text(language, "mcrsteps.line_wrong", why=why_wrong(verdict, language), lesson=title)


def mcr_steps_verdicts(attempt: Attempt) -> tuple[McrVerdict, ...]:
    """The steps of an answered question as judged; for a question skipped
    or shown, its steps as the answer has them."""
    if not attempt.response:
        return tuple(McrVerdict(step, True, shown=True) for step in answer_steps(attempt.question.answer))
    return judge_mcr_steps(attempt.question, attempt.response).verdicts


def mcr_steps_feedback(attempt: Attempt, language: str, library: Library) -> list[str]:
    """Every step (marked in the answer rows too), then the explanation."""
    lines = [
        step_text(verdict, language) if verdict.shown else verdict_line(verdict, language, library)
        for verdict in mcr_steps_verdicts(attempt)
    ]
    return lines + attempt.question.explanation_lines(language)
