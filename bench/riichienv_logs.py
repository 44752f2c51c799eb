"""mjai logs of games riichienv plays by itself with its own agent.

riichienv's `RandomAgent` picks any legal action, so it seldom wins and
never keeps a hand closed for riichi; the agent here is that agent with
preferences added so that the logs hold wins of every kind: it always wins
when it may, declares riichi when it may, calls a fifth of the time it may,
and with a closed hand discards one of the best tiles by our efficiency
table (else at random).  Everything else (the deal, the draws, the rules,
the scores, the log) is riichienv's own.

    python -m bench.riichienv_logs GAMES DIRECTORY
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from riichienv import ActionType, GameRule, RiichiEnv
from riichienv.agents import RandomAgent

from tutor.engine.efficiency import best_discards, discard_table
from tutor.engine.hand import Hand

PREFERRED = (ActionType.TSUMO, ActionType.RON, ActionType.RIICHI)
CALLS = (ActionType.CHI, ActionType.PON, ActionType.DAIMINKAN, ActionType.ANKAN, ActionType.KAKAN)
MOST_STEPS = 50_000


class WinningAgent:
    """riichienv's random agent, which wins, declares riichi and calls when it may."""

    def __init__(self, seed: int) -> None:
        self.agent = RandomAgent(seed=seed)
        self.rng = random.Random(seed)

    def act(self, observation: Any) -> Any:
        legal = observation.legal_actions()
        for wanted in PREFERRED:
            for action in legal:
                if action.action_type == wanted:
                    return action
        calls = [action for action in legal if action.action_type in CALLS]
        if calls and self.rng.random() < 0.2:
            return self.rng.choice(calls)
        passing = [action for action in legal if action.action_type == ActionType.PASS]
        if passing:
            return passing[0]
        discards = [action for action in legal if action.action_type == ActionType.DISCARD]
        kinds = [tile // 4 for tile in observation.hand]
        if len(kinds) == 14 and discards:
            best = best_discards(discard_table(Hand(tuple(sorted(kinds)), ()), with_waits=False))
            chosen = [action for action in discards if action.tile // 4 in best]
            if chosen:
                return self.rng.choice(chosen)
        return self.agent.act(observation)


def agent_game(seed: int, mode: str = "4p-red-half") -> list[dict[str, Any]]:
    """One game riichienv plays (Tenhou's rules, red fives), as its mjai log."""
    env = RiichiEnv(game_mode=mode, seed=seed, rule=GameRule.default_tenhou())
    observations = env.reset()
    agents = [WinningAgent(seed * 4 + seat) for seat in range(4)]
    steps = 0
    while not env.done() and steps < MOST_STEPS:
        observations = env.step({seat: agents[seat].act(seen) for seat, seen in observations.items()})
        steps += 1
    return list(env.mjai_log)


def as_text(log: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(entry, ensure_ascii=False) + "\n" for entry in log)


def main(argv: list[str]) -> int:
    games, directory = int(argv[0]), Path(argv[1])
    directory.mkdir(parents=True, exist_ok=True)
    for seed in range(games):
        (directory / f"riichienv-{seed}.mjson").write_text(as_text(agent_game(seed)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
