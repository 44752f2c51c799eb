"""Timing two implementations side by side, fairly.

Both sides run in turns (reference, ours, reference, ours, ...) so that any
slowdown of the shared machine falls on both, and the garbage collector is
off while a side runs, as `timeit` does: a collection triggered by one side's
garbage would otherwise be charged to whichever side happened to run next.
The first round is reported apart, because ours fills its memo tables then
(the tables start empty in a fresh process); the best round is the figure
that reflects each side's own code.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Timing:
    first: float
    """Seconds for the first round (cold memo tables)."""
    best: float
    """Seconds for the fastest round."""


def timed(run: Callable[[], T]) -> tuple[float, T]:
    """Seconds one call of `run` took with the collector off, and its result."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        result = run()
        return time.perf_counter() - start, result
    finally:
        gc.enable()


def side_by_side(reference: Callable[[], T], ours: Callable[[], T], rounds: int = 5) -> tuple[Timing, Timing, T, T]:
    """Timings of both sides over `rounds` alternating rounds, with the
    results of their first rounds (which the caller compares)."""
    reference_times: list[float] = []
    our_times: list[float] = []
    reference_result: T | None = None
    our_result: T | None = None
    for _ in range(rounds):
        seconds, result = timed(reference)
        reference_times.append(seconds)
        reference_result = result if reference_result is None else reference_result
        seconds, result = timed(ours)
        our_times.append(seconds)
        our_result = result if our_result is None else our_result
    assert reference_result is not None and our_result is not None
    return (
        Timing(reference_times[0], min(reference_times)),
        Timing(our_times[0], min(our_times)),
        reference_result,
        our_result,
    )
