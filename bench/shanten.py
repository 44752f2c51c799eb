"""Shanten: ours against `mahjong`'s `Shanten.calculate_shanten`, and the
time to build the full discard table of a 14-tile hand.

Each round counts 20,000 fresh seeded hands (the differential test's mix:
concealed 13 and 14 tiles and hands with 1-4 calls, half dealt from the
wall, a third a few swaps from complete) with `efficiency.shanten` and with
`Shanten.calculate_shanten` in this one process (see `bench.timing` for the
rounds; round 0 starts from empty tables).  The reference is given the
concealed 34-array, as it expects; building it is done before its clock
starts, as ours is given parsed hands.  Answers are compared, so a fast
wrong answer cannot pass.  Called hands holding all four copies of some
kind are left out (a few in a thousand): there we count a wait on that kind
as dead and the reference, which never sees the calls, cannot.

Then the discard table (`efficiency.discard_table`: every discard, its
shanten, its ukeire over all 34 draws, its waits when tenpai) is timed for
fresh 14-tile hands of the same mix, after the rounds (with the tables they
filled), with the 50th and 99th percentiles of the clock and of the
thread's CPU time (on a busy machine the clock's p99 is mostly time spent
waiting for a core); then again on other fresh hands as the game's bots ask
it at every discard, without waits and without the ukeire of discards that
leave more than the least shanten.  The mix holds far more called hands
with a kind all in sight, the slowest to count, than play deals.

    python -m bench.shanten [count]
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from typing import Any

from mahjong.shanten import Shanten as Reference

from bench.arguments import parse_count
from bench.timing import RoundParts, report, run_rounds
from tutor.engine.efficiency import discard_table, shanten
from tutor.engine.hand import Hand
from tutor.engine.rules import Rules
from tutor.engine.tiles import COPIES
from tutor.quiz.deal import shanten_mix

DISCARD_TABLE_GOAL_MS = 5.0


def calls_hold_last_copies(hand: Hand) -> bool:
    """Calls that make all four copies of some kind with the concealed tiles:
    there we count a wait on that kind as dead, which the reference, given
    only the concealed tiles, cannot."""
    return bool(hand.melds) and COPIES in hand.all_counts()


def make_round(count: int) -> Callable[[int], RoundParts]:
    def make(number: int) -> RoundParts:
        hands = [hand for hand in shanten_mix(7000 + number, count) if not calls_hold_last_copies(hand)]
        arrays = [hand.concealed_counts() for hand in hands]

        def reference() -> list[Any]:
            return [Reference.calculate_shanten(array) for array in arrays]

        def ours() -> list[Any]:
            return [shanten(hand, Rules.RIICHI).shanten for hand in hands]

        return reference, ours, lambda results: results

    return make


def discard_table_times(count: int, seed: int = 9000, bots: bool = False) -> tuple[list[float], list[float]]:
    """Milliseconds per discard table for `count` fresh 14-tile hands (the
    table in full, or as the bots ask it): on the clock, and of this
    thread's CPU time (which a machine shared with other work does not
    stretch when it runs something else instead)."""
    hands = [hand for hand in shanten_mix(seed, 2 * count) if hand.tile_count == 14]
    options = {"with_waits": False, "worse_ukeire": False} if bots else {}
    times = []
    cpu_times = []
    gc.disable()
    try:
        for hand in hands:
            start = time.perf_counter()
            cpu_start = time.thread_time()
            discard_table(hand, Rules.RIICHI, **options)
            cpu_times.append((time.thread_time() - cpu_start) * 1000)
            times.append((time.perf_counter() - start) * 1000)
    finally:
        gc.enable()
    return times, cpu_times


def percentile_99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[max(int(len(ordered) * 0.99) - 1, 0)]


def main() -> None:
    count = parse_count(__doc__, 20_000, "hands per round")
    rounds = run_rounds(make_round(count))
    report(rounds, count, "Shanten.calculate_shanten", "efficiency.shanten", faster=True)
    for label, seed, bots in (("discard table", 9000, False), ("discard table as the bots ask it", 9001, True)):
        times, cpu_times = discard_table_times(max(count // 20, 50), seed, bots)
        print(
            f"{label}, {len(times)} 14-tile hands: median {statistics.median(times):.2f} ms,"
            f" p99 {percentile_99(times):.2f} ms, max {max(times):.2f} ms"
            f" (goal: p99 at most {DISCARD_TABLE_GOAL_MS:.0f} ms);"
            f" CPU time median {statistics.median(cpu_times):.2f} ms, p99 {percentile_99(cpu_times):.2f} ms"
        )


if __name__ == "__main__":
    main()
