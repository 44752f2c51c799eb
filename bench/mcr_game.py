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

import random
import sys
import time

from crosscheck.mcr_game import OPTIONS, compare, hu_tries
from tutor.engine.game.mcr import hand as mcr_hand
from tutor.engine.game.mcr.bots import BOTS
from tutor.engine.game.mcr.invariants import violations
from tutor.engine.game.mcr.state import McrPhase


def main(hands: int, first: int) -> int:
    wins = refused = decisions = 0
    problems: list[str] = []
    times: list[float] = []
    start = time.perf_counter()
    for seed in range(first, first + hands):
        state, _ = mcr_hand.deal(OPTIONS, seed % 4, seed)
        rng = random.Random(seed)
        while state.phase is not McrPhase.OVER:
            problems += [f"hand {seed}: {found}" for found in violations(state)]
            choices = {}
            for decision in mcr_hand.decisions(state):
                decisions += 1
                for action in hu_tries(decision):
                    wins += action in decision.legal
                    refused += action not in decision.legal
                    difference = compare(state, decision, action)
                    if difference:
                        problems.append(f"hand {seed}, seat {decision.seat}: {difference}")
                bot = BOTS["beginner" if decision.seat % 2 else "fan_route"]
                began = time.perf_counter()
                choice = bot(state, decision, rng)
                times.append(time.perf_counter() - began)
                if choice not in decision.legal:
                    problems.append(f"hand {seed}: {choice} is not legal")
                choices[decision.seat] = choice
            state, _ = mcr_hand.step(state, choices)
        problems += [f"hand {seed}: {found}" for found in violations(state)]
    elapsed = time.perf_counter() - start
    times.sort()
    print(f"hands {hands} (seeds {first}-{first + hands - 1}), decisions {decisions}")
    print(f"hu offered {wins}, hu refused under 8: {refused}, compared with pymahjonggb")
    print(f"problems (invariants, illegal choices, differences): {len(problems)}")
    for problem in problems[:20]:
        print(f"  {problem}")
    print(f"time per hand {elapsed / hands * 1000:.1f} ms")
    print(
        f"bot decision median {times[len(times) // 2] * 1000:.2f} ms, p99 {times[int(len(times) * 0.99)] * 1000:.2f} ms"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    arguments = [int(value) for value in sys.argv[1:3]]
    sys.exit(main(*(arguments + [1000, 0][len(arguments) :])))
