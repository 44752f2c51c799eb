"""Bots for MCR, deterministic by seed.

- `beginner`: tile efficiency only: the discard that leaves the lowest MCR
  shanten (ties by seeded choice); calls pung or chow only when they lower
  the shanten; wins whenever the win is legal (8 points or more).
- `fan_route`: picks a target among half flush, all pungs and the rest
  (seven pairs, knitted shapes) by the hand it holds, keeps tiles of the
  target and discards others first; calls only for the target; wins only
  when legal, so never a false win.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from tutor.engine.efficiency.counting import shanten
from tutor.engine.game.mcr.actions import McrAction, McrActionKind, McrDecision
from tutor.engine.game.mcr.state import McrHandState
from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.rules import Rules

A = McrActionKind
Bot = Callable[[McrHandState, McrDecision, random.Random], McrAction]


def _shanten(hand: Hand) -> int:
    return shanten(hand, Rules.MCR).shanten


def _after_discard(hand: Hand, kind: int) -> Hand:
    return hand.without_tile(kind)


def _target_suit(state: McrHandState, seat: int) -> int:
    counts = Counter(state.kind(slot) // 9 for slot in state.players[seat].hand if state.kind(slot) < 27)
    for meld in state.players[seat].melds:
        first = state.kind(meld.slots[0])
        if first < 27:
            counts[first // 9] += 3
    return counts.most_common(1)[0][0] if counts else 0


def _off_route(kind: int, suit: int) -> bool:
    return kind < 27 and kind // 9 != suit


def _choose(state: McrHandState, decision: McrDecision, rng: random.Random, route: bool) -> McrAction:
    legal = decision.legal
    for action in legal:
        if action.kind is A.HU:
            return action
    seat = decision.seat
    hand = state.engine_hand(seat)
    suit = _target_suit(state, seat)
    discards = [a for a in legal if a.kind is A.DISCARD]
    if discards:
        for action in legal:
            if action.kind in (A.CONCEALED_KONG, A.ADDED_KONG):
                return action
        scored = []
        for action in discards:
            assert action.tile is not None
            value = _shanten(_after_discard(hand, action.tile))
            if route:
                value = value * 2 - (2 if _off_route(action.tile, suit) else 0)
            scored.append((value, rng.random(), action))
        return min(scored, key=lambda item: (item[0], item[1]))[2]
    now = _shanten(hand)
    for action in legal:
        if action.kind not in (A.PUNG, A.CHOW, A.KONG):
            continue
        assert action.tile is not None
        if route and _off_route(action.tile, suit):
            continue
        if route and action.kind is A.CHOW:
            continue
        remaining = hand
        for kind in action.uses:
            remaining = remaining.without_tile(kind)
        if action.kind is A.KONG:
            if route:
                return action
            continue
        # After the call the hand holds 11 (or 12) tiles; count the best discard after it.
        best = min(
            _shanten(Hand(tuple(sorted(remaining.concealed[:i] + remaining.concealed[i + 1 :])), _melded(hand, action)))
            for i in range(len(remaining.concealed))
        )
        if best < now:
            return action
    return next(a for a in legal if a.kind is A.PASS)


def _melded(hand: Hand, action: McrAction) -> tuple[Meld, ...]:
    assert action.tile is not None
    kind = MeldKind.CHI if action.kind is A.CHOW else MeldKind.PON
    return (*hand.melds, Meld(kind, tuple(sorted((*action.uses, action.tile)))))


def beginner(state: McrHandState, decision: McrDecision, rng: random.Random) -> McrAction:
    return _choose(state, decision, rng, route=False)


def fan_route(state: McrHandState, decision: McrDecision, rng: random.Random) -> McrAction:
    return _choose(state, decision, rng, route=True)


BOTS: dict[str, Bot] = {"beginner": beginner, "fan_route": fan_route}
