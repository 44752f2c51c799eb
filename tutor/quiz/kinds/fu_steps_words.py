"""The words of a `fu-steps` drill: what each line asks, the rule a wrong line breaks, and the feedback line by line."""

from __future__ import annotations

from tutor.locale import Message, Value, message
from tutor.quiz.judgement import Judgement
from tutor.quiz.kind import FeedbackLine, LessonTitle
from tutor.quiz.kinds.fu_steps_judge import StepJudgement, StepVerdict
from tutor.quiz.kinds.steps import OPEN_TRIPLET_ITEMS, ROUNDED, SET_LINE_ITEMS, SEVEN_PAIRS_FU, SUM, Step
from tutor.quiz.names import FU_ITEMS, name


def rule_name(concept: str) -> Value:
    """A fu rule concept in words: "fu:closed_ron" reads "closed ron"; a rule
    without a name (a newer brief) is shown as it is."""
    rule = concept.removeprefix("fu:")
    if rule in ("sum", "rounding"):
        return message(f"steps.rule.{rule}")
    return name("fu", rule) if rule in FU_ITEMS else rule


def step_label(step: Step) -> Message:
    """What a line asks, without giving its rule away: "Set 999s", "Pair 55z", "Wait (3m)"."""
    if step.step in (SUM, ROUNDED):
        return message(f"steps.label.{step.step}")
    if step.step in SET_LINE_ITEMS:
        return message("steps.label.set", tiles=step.tiles)
    if step.step.endswith("pair"):
        return message("steps.label.pair", tiles=step.tiles)
    if step.step in ("ryanmen", "kanchan", "penchan", "tanki", "shanpon"):
        return message("steps.label.wait", tiles=step.tiles)
    if step.step in ("tsumo", "pinfu_tsumo"):
        return message("steps.label.tsumo", tiles=step.tiles)
    return message(f"steps.label.{step.step}", tiles=step.tiles)


def why_wrong(verdict: StepVerdict) -> Message:
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
    return message(f"steps.why.{key}", tiles=step.tiles, fu=step.fu, given=given)


def reading_note(judgement: StepJudgement) -> Message:
    """Why the engine scores another reading than the learner's."""
    return message(
        "steps.own_reading",
        reading=judgement.reading.words(),
        fu=judgement.reading.fu,
        reading_engine=judgement.engine.words(),
        engine_fu=judgement.engine.fu,
    )


def explain(judgement: Judgement[StepVerdict, StepJudgement], title: LessonTitle) -> list[FeedbackLine]:
    """A step question's feedback: each line right, wrong with the rule it
    breaks, or shown; then, for a learner's own valid reading, why the
    engine's is worth more; and the lesson, when something was missed."""
    lines: list[FeedbackLine] = []
    for verdict in judgement.verdicts:
        label = step_label(verdict.step)
        if verdict.given is None:
            lines.append(message("steps.line_shown", label=label, fu=verdict.step.fu))
        elif verdict.right:
            lines.append(message("steps.line_right", label=label, fu=verdict.step.fu))
        else:
            lines.append(message("steps.line_wrong", label=label, why=why_wrong(verdict)))
    if judgement.detail is not None and judgement.detail.own_reading:
        lines.append(reading_note(judgement.detail))
    if not judgement.right:
        lines.append(message("drill.lesson_link", title=title(judgement.question.lesson)))
    return lines


def missed(judgement: Judgement[StepVerdict, StepJudgement]) -> list[FeedbackLine]:
    """Each wrong line by the rule it breaks, rather than as lines missed and added."""
    if judgement.right or not judgement.answered:
        return []
    return [why_wrong(verdict) for verdict in judgement.verdicts if not verdict.right]
