"""`state.evolve`, the game's fast `dataclasses.replace`: it builds the object
`replace` builds, for the states it is used on, and refuses what `replace` refuses."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from tutor.engine.game.kyoku import deal, shuffled_wall
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.state import KyokuState, Phase, PlayerState, evolve


@pytest.mark.parametrize("kind", [KyokuState, PlayerState])
def test_the_states_evolve_copies_have_every_field_made_by_init_and_nothing_after(kind: type) -> None:
    assert not hasattr(kind, "__post_init__") and not hasattr(kind, "__slots__")
    assert all(field.init for field in fields(kind))


def test_evolve_makes_what_replace_makes_and_refuses_a_field_that_is_not_one() -> None:
    state, _ = deal(RiichiOptions(), shuffled_wall("evolve"), 1)
    player = state.players[1]
    assert evolve(player, drawn=None, riichi_at=3) == replace(player, drawn=None, riichi_at=3)
    changed = evolve(state, phase=Phase.CLAIMS, turn=2)
    assert changed == replace(state, phase=Phase.CLAIMS, turn=2) and changed is not state
    assert (state.phase, state.turn) == (Phase.TURN, 1)
    with pytest.raises(TypeError):
        evolve(state, not_a_field=1)
