"""Rule presets and final standings with uma and oka (issue 29)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.invariants import violations
from tutor.engine.game.match import game_ends, new_game, standings
from tutor.engine.game.presets import PRESETS
from tutor.engine.game.simulate import play_game
from tutor.engine.game.state import EndKind


@given(
    name=st.sampled_from(sorted(PRESETS)),
    cuts=st.lists(st.integers(min_value=0, max_value=40), min_size=3, max_size=3),
    sticks=st.integers(min_value=0, max_value=3),
)
def test_final_values_sum_to_zero_after_oka(name: str, cuts: list[int], sticks: int) -> None:
    options = PRESETS[name]
    total = 4 * options.start_points - sticks * options.riichi_cost
    a, b, c = (cut * 1000 for cut in cuts)
    scores = (a, b, c, total - a - b - c)
    game = replace(new_game(options, 1), scores=scores, sticks=sticks, over=True)
    lost = 0 if options.sticks_to_leader else sticks * options.riichi_cost
    assert sum(item.final for item in standings(game)) == -lost


def test_ties_split_uma_in_wrc_and_go_by_seat_in_tenhou() -> None:
    scores = (30000, 30000, 20000, 20000)
    tenhou = standings(replace(new_game(PRESETS["tenhou"], 1), scores=scores))
    assert [item.place for item in tenhou] == [1, 2, 3, 4]
    assert tenhou[0].final == 40000 and tenhou[1].final == 10000
    wrc = standings(replace(new_game(PRESETS["wrc"], 1), scores=(35000, 35000, 25000, 25000)))
    assert [item.final for item in wrc] == [15000, 15000, -15000, -15000]


def test_tournament_presets_have_no_sudden_death() -> None:
    last = replace(new_game(PRESETS["wrc"], 1), round_wind=1, hand_number=3)
    assert game_ends(last, (29000, 29000, 31000, 31000), keeps=False)
    assert not game_ends(replace(last, options=PRESETS["tenhou"]), (29000, 29000, 21000, 21000), keeps=False)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_each_preset_plays_a_whole_east_game_keeping_every_invariant(name: str) -> None:
    """A preset is a rule set the game model can play: a bot-only east game
    under it ends, every state keeps the invariants, and the standings add up."""
    options = replace(PRESETS[name], length="east")
    players = [BeginnerBot(f"{name}/{seat}") for seat in range(4)]
    record = play_game(options, f"preset/{name}", players)
    assert record.end.over
    total = 4 * options.start_points
    for hand in record.hands:
        for turn in hand.turns:
            assert violations(turn.state, total) == []
        assert violations(hand.end, total) == []
    lost = 0 if options.sticks_to_leader else record.end.sticks * options.riichi_cost
    assert sum(item.final for item in standings(record.end)) == -lost
    if not options.four_winds:
        assert {hand.result.kind for hand in record.hands} <= {EndKind.WIN, EndKind.EXHAUSTIVE}
