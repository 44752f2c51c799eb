"""Counting MCR fans: ours against `pymahjonggb` (compiled C++).

The same 5,000 seeded random hands (the differential test's mix), counted by
`score_mcr` and by `MahjongFanCalculator` in this one process.  The
reference's arguments (tile codes, packs) are built before its clock starts.
Totals are compared so a fast wrong answer cannot pass.

    python -m bench.mcr_fans [count]
"""

from __future__ import annotations

import random
import sys
import time

from MahjongGB import MahjongFanCalculator

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

    start = time.perf_counter()
    theirs: list[int | None] = []
    for arguments in prepared:
        try:
            theirs.append(sum(points * times for points, times, *_ in MahjongFanCalculator(**arguments)))
        except TypeError:
            theirs.append(None)
    reference_seconds = time.perf_counter() - start

    start = time.perf_counter()
    ours: list[int | None] = []
    for hand, context in cases:
        try:
            ours.append(score_mcr(hand, context, COMPATIBLE).total)
        except Refusal:
            ours.append(None)
    our_seconds = time.perf_counter() - start

    differences = sum(1 for a, b in zip(ours, theirs, strict=True) if a != b)
    print(f"{count} hands; {sum(t is not None for t in ours)} scored; total differences: {differences}")
    print(
        f"reference (MahjongFanCalculator): {reference_seconds:7.3f} s  ({reference_seconds / count * 1e6:6.1f} us/hand)"
    )
    print(f"ours (score_mcr):                 {our_seconds:7.3f} s  ({our_seconds / count * 1e6:6.1f} us/hand)")
    print(f"ratio: ours takes {our_seconds / reference_seconds:.1f}x the reference's time")
    if differences:
        raise SystemExit("the answers differ: the timing means nothing")


if __name__ == "__main__":
    main()
