"""The bots' time per decision, and the time of whole bot-only games.

For each bot (riichi beginner, riichi intermediate, MCR beginner, MCR
fan-route), four of it play seeded hands (seeds 0, 1, ...; default 200) and
every decision is timed in CPU time (`time.process_time_ns`, so that other
work on a shared machine counts less than in wall time): the median, 95th
and 99th percentile.  Then three whole games each, bot-only: an east-south
riichi game and a 16-hand MCR game, CPU and wall time, the median of the
three.  Issue 29's budget: at most 5 ms a decision at p99, at most 2 s an
east-south game; the last lines say whether each bot meets it.  The garbage
collector runs as it would in play, so a decision that triggers a collection
pays for it.  Every choice is checked legal; an illegal one fails the run.

    python -m bench.game_bots [HANDS]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bench.arguments import parse_count
from tutor.engine.game.actions import Action, Decision
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.intermediate import IntermediateBot
from tutor.engine.game.kyoku import deal, shuffled_wall
from tutor.engine.game.mcr import match as mcr_match
from tutor.engine.game.mcr.actions import McrAction, McrDecision
from tutor.engine.game.mcr.bots import BOTS as MCR_BOTS
from tutor.engine.game.mcr.bots import Bot as McrBot
from tutor.engine.game.mcr.state import McrHandState, McrOptions
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.simulate import Player, play_game, play_hand
from tutor.engine.game.state import KyokuState

DECISION_BUDGET_MS = 5.0
GAME_BUDGET_S = 2.0
GAMES = 3
RIICHI_BOTS: dict[str, Callable[[str], Player]] = {"beginner": BeginnerBot, "intermediate": IntermediateBot}


@dataclass
class Timings:
    """The CPU nanoseconds of each decision, and the choices that were not legal."""

    decisions: list[int] = field(default_factory=list)
    illegal: int = 0

    def percentile(self, share: float) -> float:
        """Milliseconds at that share of the sorted decisions."""
        ordered = sorted(self.decisions)
        return ordered[min(int(len(ordered) * share), len(ordered) - 1)] / 1e6


class TimedPlayer:
    """A riichi bot whose every choice is timed and checked legal."""

    def __init__(self, bot: Player, timings: Timings) -> None:
        self.bot = bot
        self.timings = timings

    def choose(self, state: KyokuState, decision: Decision) -> Action:
        started = time.process_time_ns()
        action = self.bot.choose(state, decision)
        self.timings.decisions.append(time.process_time_ns() - started)
        self.timings.illegal += action not in decision.legal
        return action


def timed_mcr(bot: McrBot, timings: Timings) -> McrBot:
    """An MCR bot whose every choice is timed and checked legal."""

    def choose(state: McrHandState, decision: McrDecision, rng: random.Random) -> McrAction:
        started = time.process_time_ns()
        action = bot(state, decision, rng)
        timings.decisions.append(time.process_time_ns() - started)
        timings.illegal += action not in decision.legal
        return action

    return choose


def riichi_hands(name: str, hands: int) -> Timings:
    timings = Timings()
    options = RiichiOptions()
    for seed in range(hands):
        players = [TimedPlayer(RIICHI_BOTS[name](f"{seed}/{seat}"), timings) for seat in range(4)]
        play_hand(deal(options, shuffled_wall(seed), seed % 4), players)
    return timings


def mcr_hands(name: str, hands: int) -> Timings:
    timings = Timings()
    bots = [timed_mcr(MCR_BOTS[name], timings)] * 4
    for seed in range(hands):
        rng = random.Random(seed)
        mcr_match.play_hand(McrOptions(), seed % 16, seed, bots, rng, [0, 0, 0, 0])
    return timings


def timed_game(play: Callable[[], object]) -> tuple[float, float]:
    """CPU and wall seconds of one game."""
    cpu, wall = time.process_time(), time.perf_counter()
    play()
    return time.process_time() - cpu, time.perf_counter() - wall


def riichi_game(name: str, seed: int) -> tuple[float, float]:
    options = RiichiOptions(length="south")
    return timed_game(lambda: play_game(options, seed, [RIICHI_BOTS[name](f"{seed}/{seat}") for seat in range(4)]))


def mcr_game(name: str, seed: int) -> tuple[float, float]:
    return timed_game(lambda: mcr_match.play_game(McrOptions(), seed, [name] * 4))


@dataclass(frozen=True)
class BotReport:
    label: str
    timings: Timings
    games: Sequence[tuple[float, float]]
    """CPU and wall seconds of each whole game."""
    game_kind: str


def report(found: BotReport) -> bool:
    """Prints the bot's lines; whether it meets the budget."""
    timings = found.timings
    median, p95, p99 = (timings.percentile(share) for share in (0.5, 0.95, 0.99))
    cpu = statistics.median(game[0] for game in found.games)
    wall = statistics.median(game[1] for game in found.games)
    print(
        f"{found.label}: {len(timings.decisions)} decisions, median {median:.3f} ms, p95 {p95:.3f} ms,"
        f" p99 {p99:.3f} ms, max {max(timings.decisions) / 1e6:.3f} ms, illegal {timings.illegal}"
    )
    print(f"{found.label}: {found.game_kind} game (median of {len(found.games)}) CPU {cpu:.2f} s, wall {wall:.2f} s")
    met = p99 <= DECISION_BUDGET_MS and cpu <= GAME_BUDGET_S
    print(
        f"{found.label}: budget (p99 <= {DECISION_BUDGET_MS} ms, game <= {GAME_BUDGET_S} s CPU) {'met' if met else 'MISSED'}"
    )
    return met


def main(hands: int) -> int:
    print(f"hands per bot {hands} (seeds 0-{hands - 1}); games per bot {GAMES}")
    reports = []
    for name in RIICHI_BOTS:
        timings = riichi_hands(name, hands)
        games = [riichi_game(name, seed) for seed in range(GAMES)]
        reports.append(BotReport(f"riichi {name}", timings, games, "east-south"))
    for name in MCR_BOTS:
        timings = mcr_hands(name, hands)
        games = [mcr_game(name, seed) for seed in range(GAMES)]
        reports.append(BotReport(f"mcr {name}", timings, games, "16-hand"))
    results = [report(found) for found in reports]
    illegal = sum(found.timings.illegal for found in reports)
    print(f"illegal choices {illegal}; bots within budget {sum(results)} of {len(results)}")
    return 1 if illegal else 0


if __name__ == "__main__":
    sys.exit(main(parse_count(__doc__, 200, "hands per bot")))
