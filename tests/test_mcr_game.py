"""The MCR game (issue 29): bot-only hands keep every tile and hand size,
take only legal actions, and every win offered or refused for the 8-point
minimum is scored as pymahjonggb scores it."""

from __future__ import annotations

import random

import pytest

from crosscheck.mcr_game import OPTIONS, Tally, check_hand
from tutor.engine.game.mcr import hand as mcr_hand
from tutor.engine.game.mcr.actions import McrActionKind, McrRefusal
from tutor.engine.game.mcr.bots import BOTS
from tutor.engine.game.mcr.match import play_game, summary
from tutor.engine.game.mcr.state import McrPhase

HANDS = 30


def test_bot_hands_keep_every_invariant_and_agree_with_pymahjonggb() -> None:
    tally = Tally()
    for seed in range(HANDS):
        check_hand(seed, tally)
    assert tally.problems == []
    # The corpus must reach both sides of the minimum, or it proves nothing.
    assert tally.wins > 0 and tally.refused > 0


def test_a_whole_game_plays_sixteen_hands_and_sums_to_zero() -> None:
    record = play_game(OPTIONS, 7, ["beginner", "fan_route", "beginner", "fan_route"])
    result = summary(record)
    assert result["hands"] == 16
    assert result["invariant_violations"] == 0
    assert sum(result["scores"]) == 0
    assert sorted(result["standings"]) == [1, 2, 3, 4]


def test_a_hu_under_eight_is_refused_with_its_fans() -> None:
    """Where a bot hand reaches a complete hand under 8, the refusal carries its fans and points."""
    for seed in range(HANDS):
        state, _ = mcr_hand.deal(OPTIONS, 0, seed)
        rng = random.Random(seed)
        while state.phase is not McrPhase.OVER:
            deciding = mcr_hand.decisions(state)
            for decision in deciding:
                for item in decision.forbidden:
                    if item.code is McrRefusal.UNDER_EIGHT:
                        assert item.fans and 0 <= item.points < 8
                        assert item.action not in decision.legal
                        return
            choices = {d.seat: BOTS["beginner"](state, d, rng) for d in deciding}
            state, _ = mcr_hand.step(state, choices)
    pytest.fail("no hand under 8 in the corpus")


def test_a_hand_won_by_robbing_the_kong_keeps_every_tile() -> None:
    """Seed 110 ends by robbing a kong (found by the 10,000-hand run of
    bench/mcr_game.py): the tile added to the kong lies in no hand, meld or
    river at the end, and the accounting must still find all 144."""
    tally = Tally()
    check_hand(110, tally)
    assert tally.problems == []
    state, _ = mcr_hand.deal(OPTIONS, 110 % 4, 110)
    rng = random.Random(110)
    while state.phase is not McrPhase.OVER:
        choices = {
            decision.seat: BOTS["beginner" if decision.seat % 2 else "fan_route"](state, decision, rng)
            for decision in mcr_hand.decisions(state)
        }
        state, _ = mcr_hand.step(state, choices)
    assert state.result is not None and state.result.win is not None
    assert state.result.win.kong and not state.result.win.self_drawn


def test_a_dead_hand_is_refused_its_win_and_pays_once() -> None:
    """After a false win the hand is dead (004, 9.2): a hu it could make is
    refused as a dead hand, not counted again, and declaring it is refused
    instead of paying a second penalty (a seat that kept trying looped for
    ever before)."""
    for seed in range(HANDS):
        state, _ = mcr_hand.deal(OPTIONS, 0, seed)
        rng = random.Random(seed)
        dead = None
        while state.phase is not McrPhase.OVER:
            deciding = mcr_hand.decisions(state)
            choices = {d.seat: BOTS["beginner"](state, d, rng) for d in deciding}
            for decision in deciding:
                refused = [
                    item
                    for item in decision.forbidden
                    if item.action.kind is McrActionKind.HU and item.code is not McrRefusal.NOT_COMPLETE
                ]
                if dead is None and any(item.code is McrRefusal.UNDER_EIGHT for item in refused):
                    dead = decision.seat
                    choices[dead] = refused[0].action
                elif decision.seat == dead and refused:
                    (item,) = refused
                    assert item.code is McrRefusal.DEAD_HAND
                    penalties = state.penalties
                    with pytest.raises(ValueError):
                        mcr_hand.step(state, {**choices, dead: item.action})
                    assert state.penalties == penalties
                    return
            state, events = mcr_hand.step(state, choices)
            if dead is not None and any(event.kind == "false_win" for event in events):
                assert state.players[dead].dead
    pytest.fail("no dead hand reached a complete hand again in the corpus")
