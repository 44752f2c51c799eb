"""Counting MCR fans: ours against `pymahjonggb` (compiled C++).

Each round counts 5,000 fresh seeded random hands (the differential test's
mix) with `score_mcr` and with `MahjongFanCalculator` in this one process
(see `bench.timing` for the rounds).  The reference's arguments (tile codes,
packs) are built before its clock starts.  Totals are compared so a fast
wrong answer cannot pass.

    python -m bench.mcr_fans [count]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from MahjongGB import MahjongFanCalculator

from bench.arguments import parse_count
from bench.timing import RoundParts, report, run_rounds
from crosscheck.random_mcr import random_mcr_context, random_mcr_hand
from crosscheck.reference_mcr import COMPATIBLE, reference_arguments
from tutor.engine.mcr.score import score_mcr
from tutor.engine.refusal import Refusal


def make_round(count: int) -> Callable[[int], RoundParts]:
    def make(number: int) -> RoundParts:
        rng = random.Random(5000 + number)
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

        def answers(results: list[Any]) -> list[Any]:
            return [
                None if result is None else sum(points * times for points, times, *_ in result) for result in results
            ]

        return reference, ours, answers

    return make


def main() -> None:
    count = parse_count(__doc__, 5000, "hands per round")
    rounds = run_rounds(make_round(count))
    report(rounds, count, "MahjongFanCalculator", "score_mcr", faster=False)


if __name__ == "__main__":
    main()
