"""Counting MCR fans: ours against `pymahjonggb` (compiled C++).

The same 5,000 seeded random hands (the differential test's mix), counted by
`score_mcr` and by `MahjongFanCalculator` in this one process, in
alternating rounds (see `bench.timing`).  The
reference's arguments (tile codes, packs) are built before its clock starts.
Totals are compared so a fast wrong answer cannot pass.

    python -m bench.mcr_fans [count]
"""

from __future__ import annotations

import random
import sys
from typing import Any

from MahjongGB import MahjongFanCalculator

from bench.timing import side_by_side
from tests.random_mcr import random_mcr_context, random_mcr_hand
from tests.reference_mcr import reference_arguments
from tests.test_differential_mcr import COMPATIBLE
from tutor.engine.mcr.score import Refusal, score_mcr


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    rng = random.Random(5000)
    cases = []
    for _ in range(count):
        hand = random_mcr_hand(rng)
        cases.append((hand, random_mcr_context(rng, hand)))
    prepared = [reference_arguments(hand, context) for hand, context in cases]

    def reference() -> list[Any]:
        results: list[Any] = []
        for arguments in prepared:
            try:
                results.append(MahjongFanCalculator(**arguments))
            except TypeError:
                results.append(None)
        return results

    def ours() -> list[Any]:
        totals: list[int | None] = []
        for hand, context in cases:
            try:
                totals.append(score_mcr(hand, context, COMPATIBLE).total)
            except Refusal:
                totals.append(None)
        return totals

    reference_time, our_time, reference_results, our_totals = side_by_side(reference, ours)
    reference_totals = [
        None if result is None else sum(points * times for points, times, *_ in result) for result in reference_results
    ]
    differences = sum(1 for a, b in zip(our_totals, reference_totals, strict=True) if a != b)
    print(f"{count} hands; {sum(t is not None for t in our_totals)} scored; total differences: {differences}")
    for label, timing in (("reference (MahjongFanCalculator)", reference_time), ("ours (score_mcr)", our_time)):
        print(
            f"{label:33s} first round {timing.first / count * 1e6:5.1f} us/hand,"
            f" best of 5 {timing.best / count * 1e6:5.1f} us/hand"
        )
    print(f"ratio, first round: ours takes {our_time.first / reference_time.first:.1f}x the reference's time")
    print(f"ratio, best rounds: ours takes {our_time.best / reference_time.best:.1f}x the reference's time")
    if differences:
        raise SystemExit("the answers differ: the timing means nothing")


if __name__ == "__main__":
    main()
