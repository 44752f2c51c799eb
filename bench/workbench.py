"""The workbench's work behind one keystroke, timed on 2,000 random hands.

Each hand is typed as a learner types it (the winning tile written last in
the concealed part) and then read, analysed for both rule families (shapes,
waits, the riichi score, the MCR score) and put into the words of every
panel, exactly as the screen does on each change.  A third of the hands are
riichi wins, a third MCR wins (knitted shapes included) and a third mixed
13-tile hands.  The goal of issue 16 is a p99 of at most 30 ms.

    python -m bench.workbench [count]
"""

from __future__ import annotations

import random
import statistics
import time

from bench.arguments import parse_count
from crosscheck.random_hands import mixed_13_tile_hand
from crosscheck.random_mcr import random_mcr_hand
from crosscheck.random_wins import random_winning_hand
from tutor.engine.hand import Hand
from tutor.workbench.analysis import analyse, typed_notation
from tutor.workbench.panels import panels
from tutor.workbench.settings import Settings

GOAL_P99_MS = 30.0


def typed(hand: Hand, rng: random.Random) -> str:
    """The hand as a learner types it: a random concealed tile written last as the winning tile."""
    return typed_notation(hand, rng.choice(hand.concealed) if hand.tile_count == 14 else None)


def hands(count: int, seed: int = 16) -> list[tuple[str, Settings]]:
    rng = random.Random(seed)
    makers = (random_winning_hand, random_mcr_hand, mixed_13_tile_hand)
    cases = []
    for number in range(count):
        hand = makers[number % 3](rng)
        settings = Settings(tsumo=rng.random() < 0.5, seat=rng.choice("ESWN"), round=rng.choice("ES"))
        cases.append((typed(hand, rng), settings))
    return cases


def main() -> None:
    count = parse_count(__doc__, 2000, "hands")
    cases = hands(count)
    for source, settings in cases[:50]:  # warm the caches and imports first
        panels(analyse(source, settings), "en")
    times = []
    for number, (source, settings) in enumerate(cases):
        language = "ko" if number % 2 else "en"
        start = time.perf_counter()
        panels(analyse(source, settings), language)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(
        f"workbench re-analysis of {count} hands: median {statistics.median(times):.2f} ms, "
        f"p99 {p99:.2f} ms, max {times[-1]:.2f} ms (goal p99 <= {GOAL_P99_MS:.0f} ms)"
    )


if __name__ == "__main__":
    main()
