"""Our own MCR logs for the review's and the replay's tests: bot-only
games, played once per seed, and a game with a careless player."""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

from tutor.engine.game.mcr.actions import McrAction, McrActionKind, McrDecision, McrRefusal
from tutor.engine.game.mcr.bots import BOTS
from tutor.engine.game.mcr.match import hand_log, play_game, play_hand, write_log
from tutor.engine.game.mcr.state import McrHandState, McrOptions, McrPhase
from tutor.engine.table import MCR_HANDS


@cache
def game_log(seed: int) -> str:
    """A 16-hand game of beginner and fan-route bots, as `tutor play --simulate --rules mcr` writes it."""
    return write_log(play_game(McrOptions(), seed, ["beginner", "fan_route", "beginner", "fan_route"]))


def first_hands(seed: int, count: int) -> list[str]:
    """The log's lines up to its `count`-th hand's end."""
    lines = game_log(seed).splitlines()
    ends = [index for index, line in enumerate(lines) if json.loads(line)["type"] == "end_kyoku"]
    return lines[: ends[count - 1] + 1]


def careless(state: McrHandState, decision: McrDecision, rng: random.Random) -> McrAction:
    """Declares every hu the 8-point minimum refuses (a false win) and passes
    up every other legal hu; else the beginner's choice."""
    refused = [item.action for item in decision.forbidden if item.code is McrRefusal.UNDER_EIGHT]
    if refused:
        return refused[0]
    if any(action.kind is McrActionKind.HU for action in decision.legal):
        if state.phase is McrPhase.TURN:
            return McrAction(decision.seat, McrActionKind.DISCARD, state.kind(state.players[decision.seat].hand[-1]))
        return McrAction(decision.seat, McrActionKind.PASS)
    return BOTS["beginner"](state, decision, rng)


@cache
def careless_log(hands: int = MCR_HANDS) -> str:
    """Hands where player 1 is careless, until it has made a false win and
    passed up a hu, or `hands` are played (the same first hands whatever `hands`)."""
    rng = random.Random(5)
    passed: list[McrAction] = []

    def passing(state: McrHandState, decision: McrDecision, rng: random.Random) -> McrAction:
        chosen = careless(state, decision, rng)
        passed.extend(action for action in decision.legal if action.kind is McrActionKind.HU and action != chosen)
        return chosen

    bots = [BOTS["fan_route"], passing, BOTS["fan_route"], BOTS["beginner"]]
    entries: list[dict[str, Any]] = [{"type": "start_game", "names": ["a", "b", "c", "d"], "rules": "mcr"}]
    scores = [0, 0, 0, 0]
    false_wins = 0
    for number in range(hands):
        hand = play_hand(McrOptions(), number, rng.randrange(2**32), bots, rng, scores)
        entries += [*hand_log(hand, scores), {"type": "end_kyoku"}]
        scores = [score + delta for score, delta in zip(scores, hand.deltas, strict=True)]
        false_wins += hand.false_wins
        if false_wins and passed:
            break
    return "".join(json.dumps(entry) + "\n" for entry in entries)
