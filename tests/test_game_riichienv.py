"""The riichi game model against riichienv (issue 29): legal actions at every
decision, each hand's score changes, and the game's flow.

A few hands here; `python -m bench.game_riichienv 1000` is the long run.
The comparison itself is bench/game_riichienv.py (benchmarks run without the
test code), and a rule changed on our side is caught, so it is no comparison
that always agrees.
"""

from __future__ import annotations

from riichienv import GameRule, RiichiEnv

from bench.game_riichienv import ours, run, theirs
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.mjai import end_of_hand, event, start_kyoku
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.simulate import play_game


def test_bot_hands_agree_with_riichienv() -> None:
    comparison = run(16)
    assert comparison.hands >= 16 and comparison.decisions > 500
    assert comparison.action_differences == []
    assert comparison.delta_differences == []
    assert comparison.flow_differences == []


def test_the_comparison_sees_a_changed_rule() -> None:
    """Without kuikae our discards after a call are wider than Tenhou's; the
    comparison must say so (it is not one that always agrees)."""
    comparison = run(16, RiichiOptions(kuikae=False))
    assert comparison.action_differences
    _label, detail = comparison.action_differences[0]
    assert detail["ours_only"] and not detail["theirs_only"]


def test_the_comparison_sees_changed_payments() -> None:
    comparison = run(16, RiichiOptions(honba_points=200))
    assert comparison.delta_differences


def test_our_mjai_log_replays_in_riichienv_with_the_same_legal_actions() -> None:
    """The mjai events of our hands, applied to riichienv as a log, are
    accepted, and at each decision its legal actions are ours."""
    record = play_game(RiichiOptions(length="east"), 3, [BeginnerBot(f"3/{seat}") for seat in range(4)])
    decisions = 0
    for hand in record.hands[:4]:
        env = RiichiEnv(game_mode="4p-red-half", rule=GameRule.default_tenhou())
        env.apply_event({"type": "start_game"})
        env.apply_event(start_kyoku(hand.start))
        for item in hand.start_events:
            mjai = event(hand.start, item)
            if mjai is not None:
                env.apply_event(mjai)
        for turn in hand.turns:
            mine = {decision.seat: {ours(action) for action in decision.legal} for decision in turn.decisions}
            for seat in range(4):
                got = {theirs(action) for action in env.get_observation(seat).legal_actions()}
                assert got == mine.get(seat, set())
            decisions += 1
            for item in turn.events:
                mjai = event(hand.start, item)
                if mjai is not None:
                    env.apply_event(mjai)
        for mjai in end_of_hand(hand.end):
            env.apply_event(mjai)
    assert decisions > 100
