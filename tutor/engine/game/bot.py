"""The beginner bot: it plays for efficiency alone, deterministic by its seed.

It wins whenever it may, declares riichi whenever it may, and discards from
the efficiency engine's discard table (lowest shanten, then most ukeire), a
random one of the equally good; it calls a chi, pon or kan, and aborts with
nine terminals, only now and then (by its seed), a call only when it takes
the hand nearer tenpai.  It never defends.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from tutor.engine.efficiency import best_discards, discard_table, shanten
from tutor.engine.game.actions import Action, ActionKind, Decision
from tutor.engine.game.state import KyokuState
from tutor.engine.hand import Hand, Meld, MeldKind

CALL_CHANCE = 0.6
KAN_CHANCE = 0.7
OPEN_KAN_CHANCE = 0.3
NINE_TERMINALS_CHANCE = 0.5


class BeginnerBot:
    """One seat's beginner bot; its choices depend on the states and its seed only."""

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: KyokuState, decision: Decision) -> Action:
        legal = decision.legal
        kinds = {action.kind for action in legal}
        for win in (ActionKind.TSUMO, ActionKind.RON):
            if win in kinds:
                return next(action for action in legal if action.kind is win)
        if ActionKind.RIICHI in kinds:
            return next(action for action in legal if action.kind is ActionKind.RIICHI)
        if ActionKind.NINE_TERMINALS in kinds and self.rng.random() < NINE_TERMINALS_CHANCE:
            return next(action for action in legal if action.kind is ActionKind.NINE_TERMINALS)
        kans = [action for action in legal if action.kind in (ActionKind.CLOSED_KAN, ActionKind.ADDED_KAN)]
        if kans and self.rng.random() < KAN_CHANCE:
            return kans[0]
        discards = [action for action in legal if action.kind is ActionKind.DISCARD]
        if discards:
            return self._discard(state, decision.seat, discards)
        return self._answer(state, decision.seat, legal)

    def _discard(self, state: KyokuState, seat: int, discards: Sequence[Action]) -> Action:
        """The most efficient legal discard, a random one of the equally good."""
        allowed = {action.tile: action for action in discards}
        table = [
            option
            for option in discard_table(state.engine_hand(seat), with_waits=False, worse_ukeire=False)
            if option.discard in allowed
        ]
        best = best_discards(table)
        return allowed[self.rng.choice(best)]

    def _answer(self, state: KyokuState, seat: int, legal: Sequence[Action]) -> Action:
        """A call that lowers the shanten, taken now and then; else pass."""
        passing = next(action for action in legal if action.kind is ActionKind.PASS)
        now = shanten(state.engine_hand(seat)).shanten
        for action in legal:
            if action.kind is ActionKind.OPEN_KAN and self.rng.random() < OPEN_KAN_CHANCE:
                return action
            improves = action.kind in (ActionKind.CHI, ActionKind.PON) and _after_call(state, seat, action) < now
            if improves and self.rng.random() < CALL_CHANCE:
                return action
        return passing


def called_hand(state: KyokuState, seat: int, action: Action) -> Hand:
    """The seat's hand after the chi, pon or open kan `action`, before its discard."""
    assert action.tile is not None
    hand = state.engine_hand(seat)
    rest = Counter(hand.concealed)
    rest.subtract(action.uses)
    meld = Meld(CALLED_MELDS[action.kind], tuple(sorted((*action.uses, action.tile))))
    return Hand(tuple(sorted(rest.elements())), (*hand.melds, meld))


CALLED_MELDS = {ActionKind.CHI: MeldKind.CHI, ActionKind.PON: MeldKind.PON, ActionKind.OPEN_KAN: MeldKind.OPEN_KAN}


def _after_call(state: KyokuState, seat: int, action: Action) -> int:
    """The shanten after the call and the best discard that follows."""
    called = called_hand(state, seat, action)
    return min(shanten(called.without_tile(kind)).shanten for kind in set(called.concealed))
