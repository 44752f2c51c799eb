"""Our MCR game's wins set beside pymahjonggb's count of the same hand
(tests/test_mcr_game.py, bench/mcr_game.py)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from crosscheck.reference_mcr import COMPATIBLE, reference_fans
from tutor.engine.game.mcr import hand as mcr_hand
from tutor.engine.game.mcr.actions import McrAction, McrActionKind, McrDecision, McrRefusal
from tutor.engine.game.mcr.bots import BOTS
from tutor.engine.game.mcr.invariants import violations
from tutor.engine.game.mcr.state import McrHandState, McrOptions, McrPhase

OPTIONS = McrOptions(rules=COMPATIBLE)


def hu_tries(decision: McrDecision) -> list[McrAction]:
    """The seat's hu if it may win, or the hu the 8-point minimum refuses."""
    refused = [item.action for item in decision.forbidden if item.code is McrRefusal.UNDER_EIGHT]
    return [action for action in (*decision.legal, *refused) if action.kind is McrActionKind.HU]


def compare(state: McrHandState, decision: McrDecision, action: McrAction) -> str | None:
    """What pymahjonggb says differently of this hu, or None."""
    self_drawn = state.phase is McrPhase.TURN
    kong = state.replacement if self_drawn else state.phase is McrPhase.ROB
    assert action.tile is not None
    context = mcr_hand.win_context(state, decision.seat, action.tile, self_drawn, kong)
    hand = state.engine_hand(decision.seat, None if self_drawn else action.tile)
    reference = reference_fans(hand, context)
    if isinstance(reference, str):
        return f"the reference refused the hand: {reference}"
    ours = mcr_hand.score_win(state, decision.seat, action.tile, self_drawn, kong)
    assert ours is not None
    if action in decision.legal and reference[1] != ours.total:
        return f"win: ours {ours.total}, the reference {reference[1]}"
    if action not in decision.legal and reference[1] - context.flowers >= 8:
        return f"refused under 8, but the reference counts {reference[1] - context.flowers} without flowers"
    return None


@dataclass
class Tally:
    """What checking bot hands found: hu offered and refused, decisions, and
    every problem (invariants, illegal choices, differences) by hand."""

    wins: int = 0
    refused: int = 0
    decisions: int = 0
    problems: list[str] = field(default_factory=list)
    choice_times: list[float] = field(default_factory=list)


def check_hand(seed: int, tally: Tally) -> None:
    """Plays one bot hand (beginner at odd seats, fan-route at even ones),
    checking the invariants at every state, each choice's legality, and each
    hu offered or refused under 8 against pymahjonggb."""
    state, _ = mcr_hand.deal(OPTIONS, seed % 4, seed)
    rng = random.Random(seed)
    while state.phase is not McrPhase.OVER:
        tally.problems += [f"hand {seed}: {problem}" for problem in violations(state)]
        choices = {}
        for decision in mcr_hand.decisions(state):
            tally.decisions += 1
            for action in hu_tries(decision):
                tally.wins += action in decision.legal
                tally.refused += action not in decision.legal
                difference = compare(state, decision, action)
                if difference:
                    tally.problems.append(f"hand {seed}, seat {decision.seat}: {difference}")
            bot = BOTS["beginner" if decision.seat % 2 else "fan_route"]
            began = time.perf_counter()
            choice = bot(state, decision, rng)
            tally.choice_times.append(time.perf_counter() - began)
            if choice not in decision.legal:
                tally.problems.append(f"hand {seed}: {choice} is not legal")
            choices[decision.seat] = choice
        state, _ = mcr_hand.step(state, choices)
    tally.problems += [f"hand {seed}: {problem}" for problem in violations(state)]
