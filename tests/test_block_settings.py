"""A lesson hand block's settings are read in one place: the fu lines a
teacher reveals are those of the score the checker holds the block to,
options included."""

from __future__ import annotations

import re

from tutor.lessons.blocks import evaluate
from tutor.lessons.model import HandBlock
from tutor.ui.answers import answer_steps

# Riichi, closed ron on 2m, East seat in the East round: base 20, closed ron 10,
# 999s concealed 8, the East pair 4 (or 2 by option), ryanmen 0.
HAND = "234m456p678s999s11z"


def _revealed_total(block: HandBlock) -> int:
    steps = answer_steps(block, "riichi", "en")
    total = next(step for step in steps if step.startswith("total"))
    return int(re.match(r"total (\d+)", total).group(1))  # type: ignore[union-attr]


def test_revealed_fu_lines_use_the_block_options() -> None:
    block = HandBlock(
        1, HAND, {"win": "2m", "flags": "riichi", "options": "double_wind_pair_fu=2"}, {"fu_raw": "40"}, ""
    )
    assert evaluate(block, "riichi").answers["fu_raw"] == "40"
    assert "double wind pair 東 東: 2" in answer_steps(block, "riichi", "en")
    assert _revealed_total(block) == 40


def test_revealed_fu_lines_with_default_options() -> None:
    block = HandBlock(1, HAND, {"win": "2m", "flags": "riichi"}, {"fu_raw": "42"}, "")
    assert evaluate(block, "riichi").answers["fu_raw"] == "42"
    assert _revealed_total(block) == 42
