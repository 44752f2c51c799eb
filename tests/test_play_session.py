"""The play session (tutor/quiz/play_session.py): a game in which the
learner's seat is played by keys plays out as the game model plays it.

With the learner's choices made by the same beginner bot the bot-only game
gives seat 0, a session must end every hand and the game exactly as
`simulate.play_game` does: the bots are stepped at the same decisions, and
marking the learner's seat (which stops play where only a refused ron or call
could be tried) changes nothing but where play waits."""

from __future__ import annotations

import pytest

from tutor.engine.game.actions import Action, ActionKind
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.kyoku import IllegalAction
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.simulate import play_game
from tutor.quiz.play_session import LEARNER, PlaySession, PlaySetup, hand_order


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_a_session_played_by_the_bot_ends_as_the_bot_only_game(seed: int) -> None:
    session = PlaySession(PlaySetup(seed=seed))
    learner = BeginnerBot(f"{seed}/{LEARNER}")
    scores = []
    while not session.game_over:
        while not session.hand_over:
            decision = session.decision
            assert decision is not None and decision.seat == LEARNER
            session.play(learner.choose(session.state, decision))
        scores.append(session.state.scores)
        session.next_hand()
    bots = [BeginnerBot(f"{seed}/{seat}") for seat in range(4)]
    record = play_game(RiichiOptions(length="east"), seed, bots)
    assert scores == [hand.end.scores for hand in record.hands]
    assert session.game == record.end


def test_the_hand_is_laid_out_sorted_with_the_drawn_tile_last() -> None:
    session = PlaySession(PlaySetup(seed=5))
    state = session.state
    order = hand_order(state)
    drawn = state.players[LEARNER].drawn
    assert drawn is not None and order[-1] == drawn
    kinds = [state.kind(slot) for slot in order[:-1]]
    assert kinds == sorted(kinds) and sorted(order) == sorted(state.players[LEARNER].hand)


def test_an_action_not_offered_is_refused_by_the_game() -> None:
    session = PlaySession(PlaySetup(seed=5))
    with pytest.raises(IllegalAction):
        session.play(Action(LEARNER, ActionKind.PON, 0, (0, 0)))
    assert session.decision is not None and not session.turns
