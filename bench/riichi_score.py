"""Scoring riichi hands: ours against `mahjong`'s HandCalculator.

Each round scores 5,000 fresh seeded random winning hands (the differential
test's mix) with `score_riichi` and with `HandCalculator.estimate_hand_value`
in this one process (see `bench.timing` for the rounds).  Building the
reference's inputs (136-format ids, melds, a fresh config) is done before
its clock starts, as ours is given parsed hands.  Point totals are compared
so a fast wrong answer cannot pass.

    python -m bench.riichi_score [count]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from mahjong.hand_calculating.hand import HandCalculator

from bench.arguments import parse_count
from bench.timing import RoundParts, report, run_rounds
from crosscheck.random_wins import random_context, random_rules, random_winning_hand
from crosscheck.reference_riichi import prepare_reference, reference_from_result
from tutor.engine.refusal import Refusal
from tutor.engine.riichi.score import score_riichi


def make_round(count: int) -> Callable[[int], RoundParts]:
    def make(number: int) -> RoundParts:
        rng = random.Random(5000 + number)
        cases = []
        for _ in range(count):
            hand = random_winning_hand(rng)
            cases.append((hand, random_context(rng, hand), random_rules(rng)))
        prepared = [prepare_reference(*case) for case in cases]

        def reference() -> list[Any]:
            return [HandCalculator.estimate_hand_value(**arguments) for arguments in prepared]

        def ours() -> list[Any]:
            totals: list[int | None] = []
            for hand, context, rules in cases:
                try:
                    totals.append(score_riichi(hand, context, rules).points.total)
                except Refusal:
                    totals.append(None)
            return totals

        def answers(results: list[Any]) -> list[Any]:
            return [reference_from_result(result).total or None for result in results]

        return reference, ours, answers

    return make


def main() -> None:
    count = parse_count(__doc__, 5000, "hands per round")
    rounds = run_rounds(make_round(count))
    report(rounds, count, "estimate_hand_value", "score_riichi", faster=True)


if __name__ == "__main__":
    main()
