"""The words of a `fu-steps` drill: what each line asks, the rule a wrong line breaks, and the feedback line by line."""

from __future__ import annotations

from tutor.locale import text
from tutor.quiz.judgement import Judgement
from tutor.quiz.kind import LessonTitle
from tutor.quiz.kinds.fu_steps_judge import StepJudgement, StepVerdict
from tutor.quiz.kinds.steps import OPEN_TRIPLET_ITEMS, ROUNDED, SET_LINE_ITEMS, SEVEN_PAIRS_FU, SUM, Step
from tutor.quiz.names import FU_ITEMS


def rule_name(concept: str, language: str) -> str:
    """A fu rule concept in words: "fu:closed_ron" reads "closed ron"."""
    rule = concept.removeprefix("fu:")
    if rule in ("sum", "rounding"):
        return text(language, f"steps.rule.{rule}")
    return FU_ITEMS.of(language).get(rule, rule)


def step_label(step: Step, language: str) -> str:
    """What a line asks, without giving its rule away: "Set 999s", "Pair 55z", "Wait (3m)"."""
    if step.step in (SUM, ROUNDED):
        return text(language, f"steps.label.{step.step}")
    if step.step in SET_LINE_ITEMS:
        return text(language, "steps.label.set", tiles=step.tiles)
    if step.step.endswith("pair"):
        return text(language, "steps.label.pair", tiles=step.tiles)
    if step.step in ("ryanmen", "kanchan", "penchan", "tanki", "shanpon"):
        return text(language, "steps.label.wait", tiles=step.tiles)
    if step.step in ("tsumo", "pinfu_tsumo"):
        return text(language, "steps.label.tsumo", tiles=step.tiles)
    return text(language, f"steps.label.{step.step}", tiles=step.tiles)


def why_wrong(verdict: StepVerdict, language: str) -> str:
    """The rule a wrong line breaks, in one sentence: "999s is a concealed
    triplet of terminals or honours: 8, not 4."."""
    step = verdict.step
    given = "-" if verdict.given is None else verdict.given
    key = step.step
    # A triplet that looks concealed but is counted open: the discard finished it (shanpon ron).
    if key in OPEN_TRIPLET_ITEMS and not step.tiles.startswith("["):
        key = "ron_triplet"
    elif key == ROUNDED and step.fu == SEVEN_PAIRS_FU:
        key = "rounded_seven_pairs"
    return text(language, f"steps.why.{key}", tiles=step.tiles, fu=step.fu, given=given)


def reading_note(judgement: StepJudgement, language: str) -> str:
    """Why the engine scores another reading than the learner's."""
    return text(
        language,
        "steps.own_reading",
        reading=judgement.reading.words(language),
        fu=judgement.reading.fu,
        reading_engine=judgement.engine.words(language),
        engine_fu=judgement.engine.fu,
    )


def explain(judgement: Judgement[StepVerdict, StepJudgement], language: str, title: LessonTitle) -> list[str]:
    """A step question's feedback: each line right, wrong with the rule it
    breaks, or shown; then, for a learner's own valid reading, why the
    engine's is worth more; and the lesson, when something was missed."""
    lines = []
    for verdict in judgement.verdicts:
        label = step_label(verdict.step, language)
        if verdict.given is None:
            lines.append(text(language, "steps.line_shown", label=label, fu=verdict.step.fu))
        elif verdict.right:
            lines.append(text(language, "steps.line_right", label=label, fu=verdict.step.fu))
        else:
            lines.append(text(language, "steps.line_wrong", label=label, why=why_wrong(verdict, language)))
    if judgement.detail is not None and judgement.detail.own_reading:
        lines.append(reading_note(judgement.detail, language))
    if not judgement.right:
        lines.append(text(language, "drill.lesson_link", title=title(judgement.question.lesson)))
    return lines


def missed(judgement: Judgement[StepVerdict, StepJudgement], language: str) -> list[str]:
    """Each wrong line by the rule it breaks, rather than as lines missed and added."""
    if judgement.right or not judgement.answered:
        return []
    return [why_wrong(verdict, language) for verdict in judgement.verdicts if not verdict.right]
