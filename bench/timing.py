"""Timing ours against a reference implementation, fairly.

Each round scores a fresh set of seeded random hands, so that no hand is ever
timed with memo entries that it filled itself: round 0 starts from the empty
memo tables of a new process ("cold"); the later rounds find the tables
filled by the hands before them, as a long-running app would ("warm"), but
still meet hands they have never seen.  Within a round the reference runs
first and ours second on the same hands, and the garbage collector is off
while a side runs, as `timeit` does: a collection triggered by one side's
garbage would otherwise be charged to whichever side ran next.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

ROUNDS = 5

Run = Callable[[], list[Any]]
"""One side's run over a round's hands, returning its answers."""
RoundParts = tuple[Run, Run, Callable[[list[Any]], list[Any]]]
"""The reference's run, ours, and what turns the reference's results into
answers comparable with ours."""


@dataclass(frozen=True)
class Round:
    reference: float
    """Seconds the reference took for the round's hands."""
    ours: float
    differences: int
    """Hands whose answers differ."""


def timed(run: Run) -> tuple[float, list[Any]]:
    """Seconds one call of `run` took with the collector off, and its result."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        result = run()
        return time.perf_counter() - start, result
    finally:
        gc.enable()


def run_rounds(make_round: Callable[[int], RoundParts], rounds: int = ROUNDS) -> list[Round]:
    """Time `rounds` rounds; `make_round(number)` builds one round's hands
    (untimed) and returns its parts."""
    found = []
    for number in range(rounds):
        reference, ours, answers = make_round(number)
        reference_seconds, reference_results = timed(reference)
        our_seconds, our_answers = timed(ours)
        differences = sum(1 for a, b in zip(our_answers, answers(reference_results), strict=True) if a != b)
        found.append(Round(reference_seconds, our_seconds, differences))
    return found


def report(rounds: Sequence[Round], count: int, reference_name: str, our_name: str, faster: bool) -> None:
    """Print each round and the cold and warm ratios; exit with an error if
    any answers differed (a fast wrong answer means nothing)."""
    for number, found in enumerate(rounds):
        label = "cold" if number == 0 else "warm"
        print(
            f"round {number} ({label}): {reference_name} {found.reference / count * 1e6:6.1f} us/hand,"
            f" {our_name} {found.ours / count * 1e6:6.1f} us/hand, differences {found.differences}"
        )

    def ratio(found: Round) -> float:
        return found.reference / found.ours if faster else found.ours / found.reference

    cold = ratio(rounds[0])
    warm = statistics.median(ratio(found) for found in rounds[1:])
    if faster:
        print(f"ratio, cold round: ours is {cold:.2f}x faster")
        print(f"ratio, warm rounds (median): ours is {warm:.2f}x faster")
    else:
        print(f"ratio, cold round: ours takes {cold:.2f}x the reference's time")
        print(f"ratio, warm rounds (median): ours takes {warm:.2f}x the reference's time")
    if any(found.differences for found in rounds):
        raise SystemExit("the answers differ: the timing means nothing")
