"""Scoring riichi hands: ours against `mahjong`'s HandCalculator.

The same 5,000 seeded random winning hands (the differential test's mix),
each scored by `score_riichi` and by `HandCalculator.estimate_hand_value`
in this one process, in alternating rounds (see `bench.timing`).  Building the reference's inputs (136-format ids,
melds, a fresh config) is done before its clock starts, as ours is given
parsed hands.  Results are compared so a fast wrong answer cannot pass.

    python -m bench.riichi_score [count]
"""

from __future__ import annotations

import random
import sys
from typing import Any

from mahjong.hand_calculating.hand import HandCalculator

from bench.timing import side_by_side
from tests.random_wins import random_context, random_rules, random_winning_hand
from tests.reference_riichi import prepare_reference, reference_from_result
from tutor.engine.riichi.score import Refusal, score_riichi


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    rng = random.Random(5000)
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

    reference_time, our_time, reference_results, our_totals = side_by_side(reference, ours)
    reference_totals = [reference_from_result(result).total or None for result in reference_results]
    differences = sum(1 for a, b in zip(our_totals, reference_totals, strict=True) if a != b)
    print(f"{count} hands; {sum(t is not None for t in our_totals)} scored; point differences: {differences}")
    for label, timing in (("reference (estimate_hand_value)", reference_time), ("ours (score_riichi)", our_time)):
        print(
            f"{label:32s} first round {timing.first / count * 1e6:5.1f} us/hand,"
            f" best of 5 {timing.best / count * 1e6:5.1f} us/hand"
        )
    print(f"ratio, first round: ours is {reference_time.first / our_time.first:.1f}x faster")
    print(f"ratio, best rounds: ours is {reference_time.best / our_time.best:.1f}x faster")
    if differences:
        raise SystemExit("the answers differ: the timing means nothing")


if __name__ == "__main__":
    main()
