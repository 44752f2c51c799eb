"""The table model (tutor/engine/table.py): walls, dice, dead wall, deal, turns and dealers."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine.hand import Hand
from tutor.engine.mcr.context import McrContext
from tutor.engine.mcr.score import score_mcr
from tutor.engine.riichi.context import WinContext
from tutor.engine.riichi.score import score_riichi
from tutor.engine.rules import Rules as EngineRules
from tutor.engine.table import (
    DEAD_WALL,
    Break,
    Game,
    Result,
    Setup,
    Wall,
    _noten_payments,
    break_of,
    claim_winner,
    counted_seat,
    hand_steps,
    mcr_break_of,
    mcr_seat_wind,
    next_game,
    shuffled_kinds,
    stack_view,
    stacks_per_wall,
    step_ids,
    tenpai_positions,
    tile_total,
    wind_of,
)
from tutor.engine.tiles import EAST, WIND_LETTERS, wind_tile
from tutor.engine.waits import winning_tiles
from tutor.locale import text

rules_sets = st.sampled_from(("riichi", "mcr"))
dice = st.tuples(st.integers(1, 6), st.integers(1, 6))


@given(rules_sets, st.integers(0, 10**6), st.one_of(st.none(), dice))
def test_every_tile_is_accounted_for_at_every_step(rules, seed, dealer_dice):
    for step in hand_steps(Setup(rules, seed, dealer_dice)):
        assert sorted(step.state.accounted()) == list(range(tile_total(rules))), step.id


def test_wall_sizes():
    assert (tile_total("riichi"), stacks_per_wall("riichi")) == (136, 17)
    assert (tile_total("mcr"), stacks_per_wall("mcr")) == (144, 18)


@given(st.integers(0, 10**6), st.one_of(st.none(), dice))
def test_riichi_dead_wall_stays_fourteen_through_the_hand(seed, dealer_dice):
    for step in hand_steps(Setup("riichi", seed, dealer_dice)):
        if step.state.dead_split:
            assert len(step.state.wall.dead()) == DEAD_WALL, step.id


@given(st.integers(0, 4), st.integers(0, 60))
def test_each_kan_moves_the_last_live_tile_into_the_dead_wall(kans, draws):
    wall = Wall("riichi", tuple(shuffled_kinds("riichi", random.Random(kans))))
    for _ in range(draws):
        wall, _slot = wall.take_front()
    live = wall.live()
    for _ in range(kans):
        wall, replacement = wall.take_back()
        assert replacement not in wall.remaining()
        assert len(wall.dead()) == DEAD_WALL
    assert wall.live() == live - kans


def test_kan_replacement_and_new_indicator():
    steps = {step.id: step for step in hand_steps(Setup("riichi", 7))}
    before, after = steps["after-call"].state, steps["kan"].state
    assert len(after.indicators) == len(before.indicators) + 1 == 2
    assert after.wall.back == before.wall.back + 1
    assert len(after.wall.dead()) == DEAD_WALL
    # The replacement came from the dead wall's back end, the new indicator sits next to the first.
    assert after.indicators[1] == after.indicators[0] - 2


def test_counting_from_the_thrower_as_one():
    # Document 000: 5 and 9 name the thrower, 2, 6, 10 the next (counter-clockwise), and so on.
    assert [counted_seat(0, total) for total in (5, 9, 2, 6, 10, 3, 7, 11, 4, 8, 12)] == [
        0,
        0,
        1,
        1,
        1,
        2,
        2,
        2,
        3,
        3,
        3,
    ]
    assert counted_seat(2, 3) == 0


def test_document_example_dead_wall_for_a_six():
    # Document 000: a 6 thrown by the dealer (East) opens South's wall; the dead wall
    # is the six stacks at the right end of South's wall and one at the left end of West's.
    setup = Setup("riichi", 3, (3, 3))
    steps = {step.id: step for step in hand_steps(setup)}
    state = steps["dora"].state
    dealer = state.dealer
    assert dealer is not None
    south, west = (dealer + 1) % 4, (dealer + 2) % 4
    assert state.opening == break_of(dealer, 6)
    assert state.opening.position == south
    dead = {
        (position, from_right)
        for position in range(4)
        for from_right in range(17)
        if stack_view(state, position, from_right).dead
    }
    assert dead == {(south, j) for j in range(6)} | {(west, 16)}
    # The dora indicator: the third stack from the break, on top.
    indicator = [(p, j) for p in range(4) for j in range(17) if stack_view(state, p, j).indicator is not None]
    assert indicator == [(south, 3)]


@given(rules_sets, st.integers(0, 10**6))
def test_the_deal_gives_thirteen_and_the_dealer_fourteen(rules, seed):
    steps = {step.id: step for step in hand_steps(Setup(rules, seed))}
    state = steps["deal-4"].state
    assert [len(hand) for hand in state.hands] == [14 if position == state.dealer else 13 for position in range(4)]
    assert [len(hand) for hand in steps["deal-1"].state.hands] == [4, 4, 4, 4]


@given(st.integers(0, 10**6))
def test_mcr_flowers_are_set_aside_and_replaced_from_the_back(seed):
    steps = {step.id: step for step in hand_steps(Setup("mcr", seed))}
    state = steps["flowers"].state
    flowers = sum(len(seat) for seat in state.flowers)
    assert flowers >= 1
    assert state.wall.back >= flowers
    assert all(state.kind(slot) < 34 for hand in state.hands for slot in hand)
    assert [len(hand) for hand in state.hands] == [14 if position == state.dealer else 13 for position in range(4)]
    assert "dead-wall" not in steps and not state.wall.dead()


def test_the_call_skips_the_player_in_between():
    steps = {step.id: step for step in hand_steps(Setup("riichi", 11))}
    call = steps["call"]
    caller = call.values["seat"]
    assert call.state.turn == caller
    assert steps["after-call"].state.turn == (int(caller) + 1) % 4
    assert call.values["skipped_seat"] == steps["turn"].state.turn


results = st.one_of(
    st.builds(Result, winner=st.integers(0, 3)),
    st.builds(Result, winner=st.none(), tenpai=st.frozensets(st.integers(0, 3))),
)


@given(st.integers(0, 3), st.lists(results, max_size=40))
def test_riichi_dealer_rotates_as_the_rules_say(first, sequence):
    game = Game("riichi", first)
    for result in sequence:
        after = next_game(game, result)
        keeps = result.winner == game.dealer or (result.winner is None and game.dealer in result.tenpai)
        assert after.dealer == (game.dealer if keeps else (game.dealer + 1) % 4)
        if result.winner is not None and result.winner != game.dealer:
            assert after.honba == 0
        else:
            assert after.honba == game.honba + 1
        game = after


@given(st.integers(0, 3), st.lists(results, min_size=16, max_size=16))
def test_mcr_deal_passes_every_hand_for_sixteen_hands(first, sequence):
    game = Game("mcr", first)
    for number, result in enumerate(sequence, start=1):
        game = next_game(game, result)
        assert game.dealer == (first + number) % 4
        assert game.honba == 0
    assert game.over and game.round_number == 4


def test_mcr_seats_over_sixteen_hands():
    dealers = {start: 0 for start in WIND_LETTERS}
    for hand in range(1, 17):
        seats = [mcr_seat_wind(start, hand) for start in WIND_LETTERS]
        assert sorted(seats) == sorted(WIND_LETTERS), hand
        dealers[WIND_LETTERS[seats.index("E")]] += 1
    assert set(dealers.values()) == {4}  # each player deals once in each round
    # Document 004: from East the seats at the rounds' starts go East, South, North, West.
    assert [mcr_seat_wind("E", hand) for hand in (1, 5, 9, 13)] == ["E", "S", "N", "W"]
    assert [mcr_seat_wind("W", hand) for hand in (1, 5, 9, 13)] == ["W", "N", "E", "S"]
    assert mcr_seat_wind("S", 2) == "E"


def test_claim_priority():
    assert claim_winner(0, {3: "chow", 2: "pung"}) == 2
    assert claim_winner(0, {1: "chow", 2: "hu"}) == 2
    assert claim_winner(0, {3: "hu", 1: "hu"}) == 1  # nearest the discarder in turn order
    assert claim_winner(2, {3: "hu", 1: "hu"}) == 3


def test_step_ids_cover_both_rules_and_both_endings():
    assert {"seats", "dealer-dice", "dora", "deal-4", "first-discard", "kan", "win", "draw", "flowers"} <= set(
        step_ids("riichi")
    ) | set(step_ids("mcr"))
    assert "dead-wall" not in step_ids("mcr") and "flowers" not in step_ids("riichi")


# --- #28.1: the hands are real, and a draw's tenpai come from them ------------------------


@settings(max_examples=60, deadline=None)
@given(rules_sets, st.integers(0, 10**6))
def test_a_draws_tenpai_are_the_hands_that_wait(rules, seed):
    """The tenpai players of a draw are read from the hands (the engine's
    winning_tiles), never drawn at random; every hand then holds 13 tiles."""
    steps = hand_steps(Setup(rules, seed))
    end = steps[-2]
    if end.id != "draw":
        return
    engine_rules = EngineRules.RIICHI if rules == "riichi" else EngineRules.MCR
    waiting = frozenset(p for p in range(4) if winning_tiles(end.state.hand_of(p), engine_rules))
    assert all(end.state.hand_of(p).tile_count == 13 for p in range(4))
    if rules == "riichi":
        assert end.state.tenpai == waiting and end.values["count"] == len(waiting)
        assert end.caption == ("table.step.draw" if 0 < len(waiting) < 4 else "table.step.draw_unpaid")
        paid = end.state.scores != (25000,) * 4
        assert paid == (0 < len(waiting) < 4)


@settings(max_examples=60, deadline=None)
@given(rules_sets, st.integers(0, 10**6))
def test_a_win_is_a_real_win_on_the_discard(rules, seed):
    """The winner's hand is its dealt tiles and the dealer's discard, and
    the scoring engine accepts it: a yaku in riichi, 8 points in MCR."""
    steps = hand_steps(Setup(rules, seed))
    end = steps[-2]
    if end.id != "win":
        return
    winner, tile = end.values["seat"], end.values["tile"]
    hand = end.state.hand_of(winner)
    assert hand.tile_count == 14 and tile in hand.concealed and winner in end.state.shown
    seat = wind_tile(wind_of(winner, end.state.east))
    if rules == "riichi":
        indicators = tuple(end.state.kind(slot) for slot in end.state.indicators)
        score = score_riichi(hand, WinContext(tile, False, seat, EAST, dora_indicators=indicators))
        assert score.points.total == end.values["points"]
        assert end.state.scores[winner] - 25000 == end.values["points"]
    else:
        assert score_mcr(hand, McrContext(tile, False, seat, EAST)).can_win
    # No one discarded a tile the winner waits on before (riichi's furiten, a missed win).
    before = list(hand.concealed)
    before.remove(tile)
    engine_rules = EngineRules.RIICHI if rules == "riichi" else EngineRules.MCR
    waits = set(winning_tiles(Hand(tuple(before)), engine_rules))
    kan = steps[-3]
    assert kan.id == "kan"
    earlier = {kan.state.kind(slot) for discards in kan.state.discards for slot in discards}
    assert not waits & earlier


def test_nothing_is_paid_when_none_or_all_are_tenpai():
    """#28.1: the caption said the others pay 3,000 with 0 tenpai."""
    scores = (25000, 25000, 25000, 25000)
    assert _noten_payments(scores, frozenset()) == scores
    assert _noten_payments(scores, frozenset(range(4))) == scores
    for language in ("en", "ko"):
        assert "3,000" not in text(language, "table.step.draw_unpaid", count=0)
    draws = [s for seed in range(1, 120) for s in hand_steps(Setup("riichi", seed)) if s.id == "draw"]
    zero = next(s for s in draws if s.values["count"] == 0)
    assert zero.caption == "table.step.draw_unpaid" and zero.state.scores == scores
    some = next(s for s in draws if s.values["count"] == 1)
    assert some.caption == "table.step.draw" and sum(some.state.scores) == 4 * 25000
    assert max(some.state.scores) == 28000 and min(some.state.scores) == 24000


# --- #27.5: MCR set-up by the 1998 rules ----------------------------------------------------


def test_mcr_wall_is_broken_by_two_throws_summed():
    """The dealer's throw names the wall and its owner, who throws again; the
    totals summed count stacks from that wall's right end (7 + 5 = 12)."""
    assert mcr_break_of(0, 7, 5) == Break(counted_seat(0, 7), 12, counted_seat(0, 7), 12)
    # 11 + 12 = 23 runs past an 18-stack wall onto the wall of its owner's left.
    opening = mcr_break_of(0, 11, 12)
    assert (opening.position, opening.stacks) == ((counted_seat(0, 11) + 3) % 4, 5)
    # 18 is the whole of the first wall, not 0 stacks of the next.
    whole = mcr_break_of(0, 9, 9)
    assert (whole.position, whole.stacks) == (counted_seat(0, 9), 18)
    for seed in range(30):
        steps = {step.id: step for step in hand_steps(Setup("mcr", seed, (3, 4)))}
        first, second = steps["dealer-dice"], steps["second-dice"]
        assert first.state.thrower == first.state.dealer and first.values["total"] == 7
        assert second.state.thrower == counted_seat(first.state.dealer, 7)
        assert second.values["stacks"] == 7 + second.values["total"]
        assert steps["break"].state.opening.total == second.values["stacks"]


def test_mcr_first_dealer_is_east_by_lot_without_dice():
    for seed in range(30):
        steps = hand_steps(Setup("mcr", seed))
        ids = [step.id for step in steps]
        assert "first-dice" not in ids and ids[:3] == ["seats", "dealer-dice", "second-dice"]
        seats = steps[0]
        assert seats.state.dice is None and seats.state.dealer == seats.state.east == seats.values["seat"]


@settings(max_examples=80, deadline=None)
@given(rules_sets, st.integers(0, 10**6))
def test_no_one_tenpai_at_a_draw_could_have_won_before_it(rules, seed):
    """A draw is real: no tile a tenpai hand waits on was discarded, or drawn
    by that player, in the whole hand (their hands never change: they
    discard what they draw)."""
    steps = hand_steps(Setup(rules, seed))
    end = steps[-2]
    if end.id != "draw":
        return
    engine_rules = EngineRules.RIICHI if rules == "riichi" else EngineRules.MCR
    seen = {end.state.kind(slot) for discards in end.state.discards for slot in discards}
    for position in tenpai_positions(end.state):
        waits = set(winning_tiles(end.state.hand_of(position), engine_rules))
        assert not waits & seen, (position, waits & seen)


def test_mcr_seat_schemes():
    """Document 004's swaps by default; keeping seats as an option (only the
    deal passes); seats drawn by lot cannot be worked out in advance."""
    assert [mcr_seat_wind("E", hand) for hand in (1, 5, 9, 13)] == ["E", "S", "N", "W"]
    assert [mcr_seat_wind("E", hand, "keep") for hand in (1, 5, 9, 13)] == ["E"] * 4
    assert mcr_seat_wind("S", 2, "keep") == "E"
    with pytest.raises(ValueError, match="by lot"):
        mcr_seat_wind("E", 5, "lot")
    with pytest.raises(ValueError, match="seat scheme"):
        mcr_seat_wind("E", 5, "swap")  # type: ignore[arg-type]
