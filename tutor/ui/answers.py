"""A hand block's answer, as the steps a teacher reveals one at a time.

The steps come from the engine: for a scored riichi hand, every fu line and
the rounding, then the lesson's other claims as the engine computes them.
Nothing here is typed by hand.
"""

from __future__ import annotations

from tutor.engine.rules import Rules
from tutor.lessons.blocks import BlockError, Evaluation, evaluate
from tutor.lessons.model import HandBlock
from tutor.locale import text
from tutor.quiz.answer_text import claim_text
from tutor.quiz.names import CLAIM_NAMES, FU_ITEMS, FU_NOT_COUNTED


def fu_steps(block: HandBlock, evaluation: Evaluation, language: str) -> list[str]:
    """The fu lines of a scored riichi block, or none: those of the score
    the lesson checker holds the block to (its settings and options read
    once, by `evaluate`)."""
    score = evaluation.riichi_score
    if score is None or not ({"fu", "fu_raw"} & set(block.expect)):
        return []
    if not score.fu.lines:
        return [FU_NOT_COUNTED.get(language, FU_NOT_COUNTED["en"])]
    names = FU_ITEMS.get(language, FU_ITEMS["en"])
    lines = [f"{names.get(line.item, line.item)} {line.tiles}".rstrip() + f": {line.fu}" for line in score.fu.lines]
    lines.append(text(language, "fu_total", raw=score.fu.raw, fu=score.fu.fu))
    return lines


def answer_steps(block: HandBlock, track: str, language: str) -> list[str]:
    """Every step of the answer, in the order a teacher reveals them."""
    names = CLAIM_NAMES.get(language, CLAIM_NAMES["en"])
    try:
        rules = Rules(block.setup.get("rules", track))
        evaluation = evaluate(block, rules.value)
    except (BlockError, ValueError):
        track_rules = block.setup.get("rules", track)
        return [
            f"{names.get(claim, claim)}: {claim_text(claim, value, track_rules, language)}"
            for claim, value in block.expect.items()
        ]
    steps = fu_steps(block, evaluation, language)
    for claim in block.expect:
        if claim in ("fu", "fu_raw") and steps:
            continue
        value = evaluation.answers.get(claim, block.expect[claim])
        steps.append(f"{names.get(claim, claim)}: {claim_text(claim, value, rules.value, language)}")
    return steps
