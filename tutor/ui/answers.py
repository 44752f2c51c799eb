"""A hand block's answer, as the steps a teacher reveals one at a time.

The steps come from the engine: for a scored riichi hand, every fu line and
the rounding, then the lesson's other claims as the engine computes them.
Nothing here is typed by hand.
"""

from __future__ import annotations

from functools import lru_cache

from tutor.engine.notation import NotationError, parse_tiles
from tutor.engine.rules import Rules
from tutor.lessons.blocks import BlockError, Evaluation, evaluate
from tutor.lessons.model import HandBlock
from tutor.locale import render, text
from tutor.locale.message import render_value
from tutor.quiz.answer_text import claim_words
from tutor.quiz.faces import tiles_in_words as tiles_in_words  # re-exported: hand_view reads it from here
from tutor.quiz.names import CLAIM_NAMES, FU_ITEMS, FU_NOT_COUNTED

TILE_CLAIMS = ("waits", "tile", "dora")
"""Claims whose values are tiles in notation."""

REFUSED = "refused:"
"""How a block's claim, and the engine's answer, say the hand cannot win (tutor/lessons/blocks.py)."""


def claim_in_words(claim: str, value: str, rules: str, language: str) -> str:
    """A claim's value as a learner reads it: tiles by their faces, the
    rest as the quizzes word it; a refusal (`refused:no_yaku`) as the
    sentence saying why the hand cannot win."""
    if value.startswith(REFUSED):
        return text(language, f"answer.refused.{value.removeprefix(REFUSED)}")
    if claim in TILE_CLAIMS:
        try:
            return ", ".join(tiles_in_words(parse_tiles(item.strip())) for item in value.split(",") if item.strip())
        except NotationError:
            pass
    return render_value(claim_words(claim, value, rules), language)


def fu_steps(block: HandBlock, evaluation: Evaluation, language: str) -> list[str]:
    """The fu lines of a scored riichi block, or none: those of the score
    the lesson checker holds the block to (its settings and options read
    once, by `evaluate`)."""
    score = evaluation.riichi_score
    if score is None or not ({"fu", "fu_raw"} & set(block.expect)):
        return []
    if not score.fu.lines:
        return [render(FU_NOT_COUNTED, language)]
    lines = [
        text(language, "fu.line", item=FU_ITEMS.name(line.item), tiles=tiles_in_words(line.group), fu=line.fu)
        if line.group
        else text(language, "fu.line_no_tiles", item=FU_ITEMS.name(line.item), fu=line.fu)
        for line in score.fu.lines
    ]
    if score.fu.raw == score.fu.fu:
        # Nothing to round (chiitoitsu's 25, a total of 30): "rounded up to 25" would teach a step that is not there.
        lines.append(text(language, "fu_total_exact", fu=score.fu.fu))
    else:
        lines.append(text(language, "fu_total", raw=score.fu.raw, fu=score.fu.fu))
    return lines


@lru_cache(maxsize=512)
def _evaluation(hand: str, setup: tuple[tuple[str, str], ...], claims: tuple[str, ...], rules: str) -> Evaluation:
    """The engine's answers to a block, kept: both languages of a lesson show
    the same hands, and a learner switches between them (`evaluate` reads
    only which claims a block makes, not the values it claims)."""
    return evaluate(HandBlock(0, hand, dict(setup), dict.fromkeys(claims, ""), ""), rules)


def answer_steps(block: HandBlock, track: str, language: str) -> list[str]:
    """Every step of the answer, in the order a teacher reveals them."""
    try:
        rules = Rules(block.setup.get("rules", track))
        evaluation = _evaluation(block.hand, tuple(sorted(block.setup.items())), tuple(block.expect), rules.value)
    except (BlockError, ValueError):
        track_rules = block.setup.get("rules", track)
        return [
            text(
                language,
                "answer.part",
                name=CLAIM_NAMES.name(claim),
                value=claim_in_words(claim, value, track_rules, language),
            )
            for claim, value in block.expect.items()
        ]
    steps = fu_steps(block, evaluation, language)
    for claim in block.expect:
        if claim in ("fu", "fu_raw") and steps:
            continue
        value = evaluation.answers.get(claim, block.expect[claim])
        steps.append(
            text(
                language,
                "answer.part",
                name=CLAIM_NAMES.name(claim),
                value=claim_in_words(claim, str(value), rules.value, language),
            )
        )
    return steps
