"""Scenarios from the lessons (tutor/engine/game/scenarios.py, issue 30):
each one's scripted start, played by the game itself, brings the moment its
lesson teaches: riichi ones through the play session (what the learner's
screen shows), MCR ones through the MCR hand model, which the play session
does not drive yet."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tutor.engine.game.actions import ActionKind, Refusal
from tutor.engine.game.coach import HintLevel
from tutor.engine.game.mcr import coach as mcr_coach
from tutor.engine.game.mcr import hand as mcr_hand
from tutor.engine.game.mcr.actions import McrActionKind, McrDecision
from tutor.engine.game.mcr.state import McrHandState, McrOptions
from tutor.engine.game.presets import PRESETS
from tutor.engine.game.scenarios import (
    LEARNER,
    SCENARIOS,
    Scenario,
    ScenarioError,
    mcr_start,
    riichi_start,
)
from tutor.engine.notation import parse_tile
from tutor.engine.table import is_flower
from tutor.locale import keys
from tutor.quiz.play_session import PlaySession
from tutor.quiz.play_sessions import scenario_setup

RIICHI = [scenario.id for scenario in SCENARIOS.values() if scenario.rules == "riichi"]
MCR = [scenario.id for scenario in SCENARIOS.values() if scenario.rules == "mcr"]
LESSONS_WITH_A_SCENARIO = (
    *(f"r{number:02d}" for number in range(3, 12)),
    "m03",
    "m04",
    "m05",
    "m13",
)


def session_codes(session: PlaySession) -> set[str]:
    """What the learner's decision shows: the coach's notes, the actions legal, the refusals."""
    decision = session.decision
    assert decision is not None, "the learner has no decision at the moment"
    return (
        {note.code for note in session.notes()}
        | {action.kind.value for action in decision.legal}
        | {forbidden.code.value for forbidden in decision.forbidden}
    )


def mcr_decision(state: McrHandState) -> McrDecision:
    return next(decision for decision in mcr_hand.decisions(state) if decision.seat == LEARNER)


def mcr_codes(state: McrHandState) -> set[str]:
    decision = mcr_decision(state)
    return (
        {note.code for note in mcr_coach.coach(state, decision, HintLevel.RULES)}
        | {action.kind.value for action in decision.legal}
        | {forbidden.code.value for forbidden in decision.forbidden}
    )


def test_every_lesson_named_has_a_scenario_and_every_scenario_a_lesson_id() -> None:
    numbers = {scenario.lesson[:3] for scenario in SCENARIOS.values()}
    assert set(LESSONS_WITH_A_SCENARIO) <= numbers
    for scenario in SCENARIOS.values():
        assert scenario.id.startswith(scenario.lesson[:3]), scenario.id
        assert scenario.moment, scenario.id


@pytest.mark.parametrize("scenario_id", list(SCENARIOS))
@pytest.mark.parametrize("language", ["en", "ko"])
def test_each_scenario_has_a_title_and_a_goal_in_the_catalogue(scenario_id: str, language: str) -> None:
    for part in ("title", "goal"):
        key = f"scenario.{scenario_id}.{part}"
        assert key in keys(language)


@pytest.mark.parametrize("scenario_id", RIICHI)
def test_the_riichi_moment_arises_at_the_learners_first_decision(scenario_id: str) -> None:
    scenario = SCENARIOS[scenario_id]
    session = PlaySession(scenario_setup(scenario_id))
    assert session.state.players[LEARNER].hand, "the learner holds the scenario's tiles"
    if scenario.act is not None:
        assert scenario.act in session_codes(session)
        return
    assert scenario.moment in session_codes(session)


def test_furiten_names_the_learners_own_discard_and_its_turn() -> None:
    session = PlaySession(scenario_setup("r04-furiten"))
    note = next(note for note in session.notes() if note.code == Refusal.FURITEN)
    assert note.value("turn") == 1 and note.value("tile") == parse_tile("4m")
    assert note.lesson == "r04-waits"


def test_after_the_chi_the_swapped_discard_is_refused_as_kuikae() -> None:
    session = PlaySession(scenario_setup("r05-kuikae"))
    (chi,) = session.legal(ActionKind.CHI)
    session.play(chi)
    refused = session.refusal(ActionKind.DISCARD, parse_tile("6m"))
    assert refused is not None and refused.code is Refusal.KUIKAE
    assert "kuikae" in session_codes(session)


def test_the_wins_score_as_their_lessons_say() -> None:
    """r08 a dealer's ron with two dora, r09 a tsumo on a kanchan with two terminal
    koutsu (40 fu), r10 daisangen (a yakuman)."""
    found = {}
    for scenario_id, kind in (
        ("r08-dora-ron", ActionKind.RON),
        ("r09-kanchan-tsumo", ActionKind.TSUMO),
        ("r10-daisangen", ActionKind.RON),
    ):
        session = PlaySession(scenario_setup(scenario_id))
        (win,) = session.legal(kind)
        session.play(win)
        result = session.state.result
        assert result is not None and result.wins
        found[scenario_id] = result.wins[0]
    # Pinfu, tanyao and two dora: 4 han 30 fu, a dealer's 11,600.
    assert dict(found["r08-dora-ron"].yaku) == {"pinfu": 1, "tanyao": 1}
    assert (found["r08-dora-ron"].han, found["r08-dora-ron"].points) == (4, 11600)
    assert found["r09-kanchan-tsumo"].fu == 40
    assert found["r10-daisangen"].limit == "yakuman"


def test_the_kan_turns_a_new_indicator() -> None:
    session = PlaySession(scenario_setup("r11-kan-dora"))
    (kan,) = session.legal(ActionKind.CLOSED_KAN)
    session.play(kan)
    assert session.state.indicators == 2


@pytest.mark.parametrize("scenario_id", RIICHI)
def test_play_goes_on_freely_after_the_moment_and_the_script_holds_no_mistakes(scenario_id: str) -> None:
    session = PlaySession(scenario_setup(scenario_id))
    while not session.hand_over:
        decision = session.decision
        assert decision is not None
        passing = [action for action in decision.legal if action.kind is ActionKind.PASS]
        discards = [action for action in decision.legal if action.kind is ActionKind.DISCARD]
        session.play((passing or discards or list(decision.legal))[-1])
    assert all(mistake.turn >= session.scripted for mistake in session.hand_mistakes())
    session.next_hand()
    assert session.game.hands_played == 1


@pytest.mark.parametrize("scenario_id", MCR)
def test_the_mcr_moment_arises_at_the_learners_first_decision(scenario_id: str) -> None:
    state = mcr_start(SCENARIOS[scenario_id], McrOptions()).state
    assert SCENARIOS[scenario_id].moment in mcr_codes(state)


def test_the_mcr_flower_is_set_aside_and_replaced_and_the_chow_refused_from_across() -> None:
    state = mcr_start(SCENARIOS["m03-chow-left"], McrOptions()).state
    learner = state.players[LEARNER]
    assert len(learner.flowers) == 1 and not any(is_flower(state.kind(slot)) for slot in learner.hand)
    assert state.turn == 2, "the tile comes from the seat across"
    assert "chow_not_left" in mcr_codes(state)


def test_the_mcr_win_under_eight_shows_its_fans_and_points() -> None:
    state = mcr_start(SCENARIOS["m04-under-eight"], McrOptions()).state
    (forbidden,) = mcr_decision(state).forbidden
    assert forbidden.points < 8 and dict(forbidden.fans).get("single_wait") == 1


def test_the_mcr_edge_wait_is_counted_in_the_self_drawn_win() -> None:
    state = mcr_start(SCENARIOS["m05-edge-wait"], McrOptions()).state
    tile = parse_tile("3m")
    assert any(action.kind is McrActionKind.HU for action in mcr_decision(state).legal)
    score = mcr_hand.score_win(state, LEARNER, tile, self_drawn=True, kong=False)
    assert score is not None and "edge_wait" in {str(item.fan.id) for item in score.fans}


def test_the_mcr_false_win_costs_ten_to_each_and_kills_the_hand() -> None:
    state = mcr_start(SCENARIOS["m13-false-win"], McrOptions()).state
    (forbidden,) = mcr_decision(state).forbidden
    state, events = mcr_hand.step(state, {LEARNER: forbidden.action})
    assert [event.kind for event in events] == ["false_win"]
    assert state.players[LEARNER].dead and state.penalties == (-30, 10, 10, 10)


def test_a_script_the_game_refuses_is_named() -> None:
    bad = replace(SCENARIOS["r04-furiten"], id="bad", turns=("9m/5z",))
    with pytest.raises(ScenarioError, match="bad: discard"):
        riichi_start(bad, PRESETS["tenhou"])
    with pytest.raises(ScenarioError, match="not an MCR scenario"):
        mcr_start(SCENARIOS["r04-furiten"], McrOptions())
    mcr_bad: Scenario = replace(SCENARIOS["m04-under-eight"], id="mbad", turns=("7z/5z",))
    with pytest.raises(ScenarioError, match="mbad: seat 0 holds no"):
        mcr_start(mcr_bad, McrOptions())
