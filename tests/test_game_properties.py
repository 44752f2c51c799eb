"""Bot-played hands and games keep every invariant of the game model (issue 29).

Hypothesis picks the seeds; each hand is played out by four beginner bots,
and every state is checked: all 136 tiles in one place each, hand sizes, the
dead wall at 14, the points and sticks adding up, no action both legal and
refused, and every refused action rejected by the step.  A longer run is
bench/game_invariants.py.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.engine.game.actions import ActionKind
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.invariants import violations
from tutor.engine.game.kyoku import IllegalAction, deal, shuffled_wall, step
from tutor.engine.game.legal import decision_for
from tutor.engine.game.match import final_scores, ranks
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.simulate import HandRecord, play_game, play_hand

OPTIONS = RiichiOptions()
TOTAL = 4 * OPTIONS.start_points


def bots(seed: int) -> list[BeginnerBot]:
    return [BeginnerBot(f"{seed}/{seat}") for seat in range(4)]


def played(seed: int, learner: int | None = None) -> HandRecord:
    return play_hand(deal(OPTIONS, shuffled_wall(seed), seed % 4, learner=learner), bots(seed))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**9))
def test_every_state_of_a_bot_hand_keeps_the_invariants(seed: int) -> None:
    record = played(seed)
    for turn in record.turns:
        assert violations(turn.state, TOTAL) == []
        for decision in turn.decisions:
            refused = {item.action for item in decision.forbidden}
            assert not refused & set(decision.legal)
            assert turn.choices[decision.seat] in decision.legal
    assert violations(record.end, TOTAL) == []
    result = record.result
    # A win takes the sticks off the table; a draw pays only between the seats.
    assert sum(result.deltas) == OPTIONS.riichi_cost * (_sticks_before_end(record) - result.sticks_left)


def _sticks_before_end(record: HandRecord) -> int:
    return record.turns[-1].state.sticks + sum(event.kind == "riichi_accepted" for event in record.turns[-1].events)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**9))
def test_every_refused_action_is_rejected_by_the_step(seed: int) -> None:
    record = played(seed, learner=seed % 4)
    for turn in record.turns:
        for decision in turn.decisions:
            for item in decision.forbidden[:2]:
                choices = dict(turn.choices)
                choices[decision.seat] = item.action
                with pytest.raises(IllegalAction):
                    step(turn.state, choices)
    assert violations(record.end, TOTAL) == []


def test_a_learner_is_asked_about_every_refused_ron() -> None:
    """With a learner seated, every moment it might try a ron is a decision of its own."""
    asked = 0
    for seed in range(8):
        learner = seed % 4
        record = played(seed, learner=learner)
        for turn in record.turns:
            mine = decision_for(turn.state, learner)
            if any(item.action.kind is ActionKind.RON for item in mine.forbidden):
                assert learner in turn.choices
                asked += 1
    assert asked > 0


def test_a_bot_game_ends_with_the_points_kept_and_the_standings() -> None:
    record = play_game(RiichiOptions(length="east"), 7, bots(7))
    end = record.end
    assert end.over and record.hands
    for hand in record.hands:
        start_total = sum(hand.start.scores) + hand.start.sticks * OPTIONS.riichi_cost
        assert start_total == TOTAL
    scores = final_scores(end)
    assert sum(scores) == TOTAL
    assert sorted(ranks(scores)) == [1, 2, 3, 4]
    assert [hand.start.round_wind for hand in record.hands] == sorted(hand.start.round_wind for hand in record.hands)


def test_bots_are_deterministic_by_seed() -> None:
    first, second = played(11), played(11)
    assert [turn.choices for turn in first.turns] == [turn.choices for turn in second.turns]
    assert first.result == second.result
