"""The flow of a riichi game between hands (issue 29): renchan, honba, the end, the standings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tutor.engine.game.match import after_hand, final_scores, game_ends, new_game, ranks, renchan
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.state import EndKind, HandResult, Win

OPTIONS = RiichiOptions()
NOTHING = (0, 0, 0, 0)


def win_by(seat: int) -> HandResult:
    return HandResult(EndKind.WIN, NOTHING, (Win(seat, None, 0, 1000, 1, 30, (("riichi", 1),), None),))


def draw(tenpai: set[int]) -> HandResult:
    return HandResult(EndKind.EXHAUSTIVE, NOTHING, tenpai=frozenset(tenpai))


@pytest.mark.parametrize(
    ("result", "dealer", "honba"),
    [
        (win_by(0), 0, 2),  # the dealer wins: renchan, a honba more
        (win_by(2), 1, 0),  # another wins: the deal passes, honba cleared
        (draw({0, 3}), 0, 2),  # the dealer tenpai at the draw: renchan
        (draw({3}), 1, 2),  # the dealer noten: the deal passes, the honba still grows
        (HandResult(EndKind.FOUR_WINDS, NOTHING), 0, 2),  # an abortive draw: renchan
    ],
)
def test_the_next_dealer_and_honba(result: HandResult, dealer: int, honba: int) -> None:
    game = replace(new_game(OPTIONS, 1), honba=1)
    assert renchan(result, 0) is (dealer == 0)
    following = after_hand(game, result, game.scores, 0)
    assert (following.dealer, following.honba, following.over) == (dealer, honba, False)


def test_the_deal_goes_round_and_into_the_south() -> None:
    game = replace(new_game(OPTIONS, 1), hand_number=3)
    following = after_hand(game, win_by(1), game.scores, 0)
    assert (following.round_wind, following.hand_number, following.dealer) == (1, 0, 0)


def test_the_game_ends_after_south_4_with_the_target_else_goes_west() -> None:
    last = replace(new_game(OPTIONS, 1), round_wind=1, hand_number=3)
    assert game_ends(last, (31000, 29000, 20000, 20000), keeps=False)
    assert not game_ends(last, (29000, 29000, 21000, 21000), keeps=False)
    west = after_hand(last, win_by(1), (29000, 29000, 21000, 21000), 0)
    assert (west.round_wind, west.hand_number, west.over) == (2, 0, False)
    # Sudden death: the first hand of the extra round that leaves someone at the target ends it.
    assert game_ends(west, (30000, 28000, 21000, 21000), keeps=False)
    assert game_ends(replace(west, hand_number=3), (29000, 29000, 21000, 21000), keeps=False)


def test_the_dealer_of_the_last_hand_stops_only_in_the_lead() -> None:
    last = replace(new_game(OPTIONS, 1), round_wind=1, hand_number=3)  # seat 3 deals
    assert game_ends(last, (20000, 20000, 20000, 40000), keeps=True)
    assert not game_ends(last, (40000, 20000, 20000, 20000), keeps=True)


def test_an_abortive_draw_in_the_last_hand_plays_it_again() -> None:
    """The dealer in the lead stops only on a win or tenpai: after nine
    terminals in south 4 the hand is played again (riichienv's 1,100-game
    comparison found our games ending there, games 594 and 966)."""
    last = replace(new_game(OPTIONS, 1), round_wind=1, hand_number=3)  # seat 3 deals
    scores = (24400, 22400, 14000, 39200)
    assert game_ends(last, scores, keeps=True)
    assert not game_ends(last, scores, keeps=True, abortive=True)
    assert game_ends(last, (-100, 22400, 38500, 39200), keeps=True, abortive=True)


def test_below_zero_ends_the_game() -> None:
    game = new_game(OPTIONS, 1)
    assert game_ends(game, (-100, 40000, 30100, 30000), keeps=False)
    assert not game_ends(replace(game, options=replace(OPTIONS, bust_ends=False)), (-100, 40000, 30100, 30000), False)


def test_standings_and_the_sticks_left() -> None:
    assert ranks((25000, 30000, 25000, 20000)) == (2, 1, 3, 4)  # equal scores: seat order
    game = replace(new_game(OPTIONS, 1), scores=(24000, 30000, 25000, 19000), sticks=2, over=True)
    assert final_scores(game) == (24000, 32000, 25000, 19000)


def test_an_east_game_has_one_round() -> None:
    east = replace(new_game(RiichiOptions(length="east"), 1), hand_number=3)
    assert game_ends(east, (31000, 29000, 20000, 20000), keeps=False)
    with pytest.raises(ValueError):
        RiichiOptions(length="north")  # type: ignore[arg-type]
