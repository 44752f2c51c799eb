"""Scoring riichi hands: ours against `mahjong`'s HandCalculator.

The same 5,000 seeded random winning hands (the differential test's mix),
each scored by `score_riichi` and by `HandCalculator.estimate_hand_value`
in this one process.  Building the reference's inputs (136-format ids,
melds, a fresh config) is done before its clock starts, as ours is given
parsed hands.  Results are compared so a fast wrong answer cannot pass.

    python -m bench.riichi_score [count]
"""

from __future__ import annotations

import random
import sys
import time

from mahjong.hand_calculating.hand import HandCalculator

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

    start = time.perf_counter()
    theirs = [HandCalculator.estimate_hand_value(**arguments) for arguments in prepared]
    reference_seconds = time.perf_counter() - start

    start = time.perf_counter()
    ours = []
    for hand, context, rules in cases:
        try:
            ours.append(score_riichi(hand, context, rules).points.total)
        except Refusal:
            ours.append(None)
    our_seconds = time.perf_counter() - start

    reference_totals = [reference_from_result(result).total or None for result in theirs]
    differences = sum(1 for a, b in zip(ours, reference_totals, strict=True) if a != b)
    print(f"{count} hands; {sum(t is not None for t in ours)} scored; point differences: {differences}")
    print(
        f"reference (estimate_hand_value): {reference_seconds:7.3f} s  ({reference_seconds / count * 1e6:6.0f} us/hand)"
    )
    print(f"ours (score_riichi):             {our_seconds:7.3f} s  ({our_seconds / count * 1e6:6.0f} us/hand)")
    print(f"ratio: ours is {reference_seconds / our_seconds:.1f}x faster")
    if differences:
        raise SystemExit("the answers differ: the timing means nothing")


if __name__ == "__main__":
    main()
