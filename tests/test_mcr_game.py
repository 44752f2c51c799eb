"""The MCR game (issue 29): bot-only hands keep every tile and hand size,
take only legal actions, and every win offered or refused for the 8-point
minimum is scored as pymahjonggb scores it."""

from __future__ import annotations

import random

import pytest

from crosscheck.mcr_game import OPTIONS, Tally, check_hand
from tutor.engine.game.mcr import hand as mcr_hand
from tutor.engine.game.mcr.actions import McrRefusal
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
