"""Bot-only MCR hands checked at every step, every win against pymahjonggb.

Plays hands with seeds 0, 1, ... (default 1,000; the prevalent wind turns
with the seed), the beginner bot at two seats and the fan-route bot at the
other two, and at every decision checks the invariants (all 144 tiles
accounted for once, hand sizes, zero-sum payments), that the bot's choice is
legal, and that every hu offered, or refused for the 8-point minimum, is
scored as pymahjonggb scores it (under the options on which both count
alike, `crosscheck.reference_mcr.COMPATIBLE`).  Prints the counts, the time
per hand and the bots' time per decision (median and 99th percentile).

    python -m bench.mcr_game [HANDS] [FIRST_SEED]
"""

from __future__ import annotations

import sys
import time

from crosscheck.mcr_game import Tally, check_hand


def main(hands: int, first: int) -> int:
    tally = Tally()
    start = time.perf_counter()
    for seed in range(first, first + hands):
        check_hand(seed, tally)
    elapsed = time.perf_counter() - start
    times = sorted(tally.choice_times)
    print(f"hands {hands} (seeds {first}-{first + hands - 1}), decisions {tally.decisions}")
    print(f"hu offered {tally.wins}, hu refused under 8: {tally.refused}, compared with pymahjonggb")
    print(f"problems (invariants, illegal choices, differences): {len(tally.problems)}")
    for problem in tally.problems[:20]:
        print(f"  {problem}")
    print(f"time per hand {elapsed / hands * 1000:.1f} ms")
    print(
        f"bot decision median {times[len(times) // 2] * 1000:.2f} ms, p99 {times[int(len(times) * 0.99)] * 1000:.2f} ms"
    )
    return 1 if tally.problems else 0


if __name__ == "__main__":
    arguments = [int(value) for value in sys.argv[1:3]]
    sys.exit(main(*(arguments + [1000, 0][len(arguments) :])))
