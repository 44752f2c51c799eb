"""The short ways the legal actions are found (a replayed log asks them at
every step) give what the long ways give: `legal_discard` the discards
`decision_of_kind` lists, and `_answerable` every kind a hand might ron or
call on (chi by the next seat only), so that `decisions` may skip the seats it leaves out."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.engine.calls import Seat, calls_on_discard
from tutor.engine.game.actions import ActionKind
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.kyoku import deal, shuffled_wall
from tutor.engine.game.legal import _answerable, decision_of_kind, legal_discard
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.rules import hand_waits
from tutor.engine.game.simulate import HandRecord, play_hand
from tutor.engine.game.state import Phase
from tutor.engine.tiles import TILE_KINDS


def played(seed: int) -> HandRecord:
    bots = [BeginnerBot(f"{seed}/{seat}") for seat in range(4)]
    return play_hand(deal(RiichiOptions(), shuffled_wall(seed), seed % 4), bots)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**9))
def test_a_legal_discard_is_one_the_turn_lists(seed: int) -> None:
    for turn in played(seed).turns:
        state = turn.state
        if state.phase not in (Phase.TURN, Phase.RIICHI_DISCARD):
            continue
        listed = decision_of_kind(state, ActionKind.DISCARD).legal
        allowed = {action.tile for action in listed if action.kind is ActionKind.DISCARD}
        for kind in range(TILE_KINDS):
            found = legal_discard(state, kind)
            # After declaring riichi the discard is asked in full (it must keep tenpai).
            assert (found is not None) == (state.phase is Phase.TURN and kind in allowed)
            assert found is None or found in listed


def test_riichi_and_kuikae_turns_are_among_those_checked() -> None:
    """The seeds the test above meets hold the turns where a discard is refused."""
    locked = barred = 0
    for seed in range(12):
        for turn in played(seed).turns:
            player = turn.state.players[turn.state.turn]
            if turn.state.phase is Phase.TURN:
                locked += player.riichi
                barred += bool(player.kuikae)
    assert locked and barred


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**9))
def test_every_kind_a_hand_might_answer_is_answerable(seed: int) -> None:
    for turn in played(seed).turns:
        for seat in range(4):
            hand = turn.state.engine_hand(seat)
            if hand.tile_count != 13:
                continue
            without_chi, with_chi = _answerable(hand)
            for tile in range(TILE_KINDS):
                wins = tile in hand_waits(hand)
                if wins or calls_on_discard(hand, tile, Seat.LEFT, wins=False):
                    assert with_chi >> tile & 1
                if wins or calls_on_discard(hand, tile, Seat.ACROSS, wins=False):
                    assert without_chi >> tile & 1


def test_answerable_sets_differ_by_the_chi_kinds() -> None:
    """The seats that may not chi are asked about fewer kinds (the point of two sets)."""
    narrower = 0
    for seed in range(4):
        for turn in played(seed).turns:
            for seat in range(4):
                hand = turn.state.engine_hand(seat)
                if hand.tile_count == 13:
                    without_chi, with_chi = _answerable(hand)
                    narrower += without_chi.bit_count() < with_chi.bit_count()
    assert narrower
