"""Bot-only riichi hands checked at every step against the game model's invariants.

Plays whole east-south games with four beginner bots (seeds 0, 1, ...) until
at least the number of hands asked for (default 1,000) have been played, and
checks every state: tiles accounted for, hand sizes, the dead wall, points
and sticks, and that every action taken was legal.  Prints the counts, the
time per hand, and the bots' time per decision (median and 99th percentile;
the issue's budget is 5 ms at p99).

    python -m bench.game_invariants [HANDS]
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from tutor.engine.game.actions import Action, Decision
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.invariants import violations
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.simulate import play_game
from tutor.engine.game.state import KyokuState


class TimedBot(BeginnerBot):
    """The beginner bot, its every choice timed."""

    def __init__(self, seed: str, times: list[float]) -> None:
        super().__init__(seed)
        self.times = times

    def choose(self, state: KyokuState, decision: Decision) -> Action:
        started = time.perf_counter()
        action = super().choose(state, decision)
        self.times.append(time.perf_counter() - started)
        return action


def main(hands_wanted: int) -> None:
    options = RiichiOptions()
    total = 4 * options.start_points
    hands = decisions = games = 0
    found: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    times: list[float] = []
    started = time.perf_counter()
    while hands < hands_wanted:
        record = play_game(options, games, [TimedBot(f"{games}/{seat}", times) for seat in range(4)])
        games += 1
        for hand in record.hands:
            hands += 1
            endings[hand.result.kind.value] += 1
            for turn in hand.turns:
                decisions += len(turn.decisions)
                found.update(violations(turn.state, total))
                for decision in turn.decisions:
                    if turn.choices[decision.seat] not in decision.legal:
                        found["illegal_action"] += 1
            found.update(violations(hand.end, total))
    elapsed = time.perf_counter() - started
    print(f"games {games}, hands {hands}, decisions {decisions}")
    print("endings " + ", ".join(f"{kind} {count}" for kind, count in sorted(endings.items())))
    print(f"violations {sum(found.values())}" + (f" ({dict(found)})" if found else ""))
    times.sort()
    median, p99 = times[len(times) // 2], times[int(len(times) * 0.99)]
    print(f"seconds per hand {elapsed / hands:.4f}, per decision {elapsed / max(decisions, 1) * 1000:.3f} ms")
    print(f"bot choice median {median * 1000:.3f} ms, p99 {p99 * 1000:.3f} ms ({len(times)} choices)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
