"""The hand review (issue 29, "after each hand"): for seeded bot games every
hand's review agrees with what the game applied, and for arranged hands the
review's numbers agree with the `mahjong` library's scoring with honba and
sticks (riichi) and with pymahjonggb's fans (MCR)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.shanten import Shanten

from crosscheck.mcr_game import OPTIONS as MCR_COMPATIBLE
from crosscheck.reference_mcr import reference_fans
from crosscheck.reference_riichi import prepare_reference
from tests.scripted_seats import OPTIONS, ROUND_WIND, TANYAO_PINFU, ScriptedSeat, arranged_hand, play_mcr_hand
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.match import GameState, after_hand, new_game, start_hand
from tutor.engine.game.mcr import hand as mcr_hand
from tutor.engine.game.mcr.match import play_game as play_mcr_game
from tutor.engine.game.mcr.review import McrHandReview, McrReviewError, review_mcr_hand, review_record
from tutor.engine.game.mcr.state import McrHandState, McrOptions
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.review import HandReview, ReviewError, review_hand
from tutor.engine.game.rules import score_win
from tutor.engine.game.simulate import play_hand
from tutor.engine.game.state import EndKind, KyokuState, Scores, Win
from tutor.engine.mcr.fans import FANS
from tutor.engine.notation import parse_tiles

# --- seeded bot games ---------------------------------------------------------------------------


def check_riichi_hand(game: GameState, review: HandReview, end: KyokuState) -> GameState:
    """The review agrees with the game: deltas, scores, and the next hand's
    honba, sticks, dealer and round; each win's payments sum to its points
    with the honba and sticks it took.  Returns the game after the hand."""
    assert end.result is not None
    following = after_hand(game, end.result, end.scores, end.sticks)
    assert review.deltas == end.result.deltas
    assert review.scores_after == end.scores == following.scores
    assert (review.honba_after, review.sticks_after, review.dealer_after) == (
        following.honba,
        following.sticks,
        following.dealer,
    )
    assert (review.round_wind_after, review.hand_number_after, review.game_over) == (
        following.round_wind,
        following.hand_number,
        following.over,
    )
    assert [(win.seat, win.source, win.points, win.han, win.fu) for win in review.wins] == [
        (win.seat, win.source, win.points, win.han, win.fu) for win in end.result.wins
    ]
    for win in review.wins:
        assert sum(win.payments) == OPTIONS.riichi_cost * win.sticks
        gained = win.points + OPTIONS.honba_points * win.honba + OPTIONS.riichi_cost * win.sticks
        assert win.payments[win.seat] == gained
        assert sum(line.fu for line in win.fu_lines) == win.fu_raw
    if review.draw is not None and end.result.kind is EndKind.EXHAUSTIVE:
        assert frozenset(seat for seat, _ in review.draw.tenpai) == end.result.tenpai
        assert frozenset(review.draw.nagashi) == end.result.nagashi
    return following


def test_every_bot_hand_reviews_as_the_game_played_it() -> None:
    seen: Counter[str] = Counter()
    for seed in range(4):
        game = new_game(RiichiOptions(length="east"), f"review/{seed}")
        players = [BeginnerBot(f"review/{seed}/{seat}") for seat in range(4)]
        while not game.over:
            record = play_hand(start_hand(game), players)
            review = review_hand(game, record.end)
            game = check_riichi_hand(game, review, record.end)
            seen[review.kind] += 1
            seen["riichi"] += bool(review.riichi)
            seen["tsumo"] += any(win.source is None for win in review.wins)
            seen["sticks taken"] += review.sticks_taken_by is not None
    # The corpus must hold wins both ways, riichi, sticks taken and a draw, or it proves little.
    assert min(seen[EndKind.WIN], seen[EndKind.EXHAUSTIVE], seen["riichi"], seen["tsumo"], seen["sticks taken"]) > 0


def test_every_bot_mcr_hand_reviews_as_the_game_played_it() -> None:
    wins = self_drawn = left_out = 0
    for seed in range(2):
        record = play_mcr_game(McrOptions(), seed, ["beginner", "fan_route", "beginner", "fan_route"])
        scores: Scores = (0, 0, 0, 0)
        for hand in record.hands:
            review = review_record(hand, scores)
            assert review.player_deltas == hand.deltas
            assert review.penalties == hand.final.penalties
            if review.win is not None:
                win = review.win
                assert sum(step.points * step.count for step in win.fans) == win.total
                assert (
                    win.payments[win.seat]
                    == win.received
                    == -sum(change for seat, change in enumerate(win.payments) if seat != win.seat)
                )
                wins += 1
                self_drawn += win.source is None
                left_out += bool(win.left_out)
            assert review.next_seats is None if review.game_over else review.next_seats is not None
            scores = review.scores_after
        assert list(scores) == record.scores
        assert review.game_over
    assert wins and self_drawn and left_out and self_drawn < wins


# --- arranged riichi hands against the `mahjong` library ------------------------------------


def reference_cost(end: KyokuState, win: Win, honba: int, sticks: int) -> dict[str, int]:
    """The `mahjong` library's payments for this win, given the honba and sticks it takes."""
    score = score_win(end, win.seat, win.tile, tsumo=win.source is None)
    arguments = prepare_reference(score.hand, score.context, OPTIONS.scoring)
    arguments["config"].tsumi_number = honba
    arguments["config"].kyoutaku_number = sticks
    result = HandCalculator.estimate_hand_value(**arguments)
    assert result.error is None
    return {**result.cost, "han": result.han, "fu": result.fu}


def expected_payments(end: KyokuState, win: Win, cost: dict[str, int]) -> Scores:
    """Each seat's change as the reference's cost reads: a ron's `main` (and
    its bonus) from the discarder; a tsumo's `main` from the dealer and
    `additional` from each other seat (for a dealer's tsumo, both the same)."""
    paid = [0, 0, 0, 0]
    for seat in range(4):
        if seat == win.seat:
            continue
        if win.source is not None:
            owed = cost["main"] + cost["main_bonus"] if seat == win.source else 0
        elif seat == end.dealer:
            owed = cost["main"] + cost["main_bonus"]
        else:
            owed = cost["additional"] + cost["additional_bonus"]
        paid[seat] = -owed
    paid[win.seat] = cost["total"]
    return (paid[0], paid[1], paid[2], paid[3])


def test_a_dealer_tsumo_pays_as_the_reference_with_honba_and_sticks() -> None:
    players = [ScriptedSeat(wins=True), ScriptedSeat(), ScriptedSeat(), ScriptedSeat()]
    game, end = arranged_hand({0: TANYAO_PINFU}, "2z3z4z7z3s", players, honba=2, sticks=1)
    review = review_hand(game, end)
    assert end.result is not None and review.kind is EndKind.WIN
    (win,) = review.wins
    assert (win.seat, win.source) == (0, None)
    cost = reference_cost(end, end.result.wins[0], honba=2, sticks=1)
    assert win.payments == expected_payments(end, end.result.wins[0], cost)
    assert (win.han, win.fu) == (cost["han"], cost["fu"])
    assert ("menzen_tsumo", 1) in win.yaku and ("pinfu", 1) in win.yaku
    assert win.from_non_dealer == cost["main"] and win.from_dealer is None
    assert (review.renchan, review.dealer_after, review.honba_after) == (True, 0, 3)
    assert (review.sticks_after, review.sticks_taken_by) == (0, 0)
    assert review.scores_after == end.scores


def test_a_ron_after_riichi_pays_the_honba_and_every_stick_as_the_reference() -> None:
    """Seat 1 riichis on its first discard (double riichi) and rons the
    dealer's next discard: three honba, two old sticks and its own."""
    players = [ScriptedSeat(), ScriptedSeat(wins=True, riichi=True), ScriptedSeat(), ScriptedSeat()]
    game, end = arranged_hand({1: TANYAO_PINFU}, "7z1z2z3z6s", players, honba=3, sticks=2)
    review = review_hand(game, end)
    assert end.result is not None
    (win,) = review.wins
    assert (win.seat, win.source, review.riichi) == (1, 0, (1,))
    assert (win.honba, win.sticks) == (3, 3)
    cost = reference_cost(end, end.result.wins[0], honba=3, sticks=3)
    assert win.payments == expected_payments(end, end.result.wins[0], cost)
    assert win.from_discarder == cost["main"]
    assert ("double_riichi", 2) in win.yaku and ("ippatsu", 1) in win.yaku
    assert (review.renchan, review.dealer_after, review.honba_after, review.sticks_after) == (False, 1, 0, 0)
    assert review.scores_after == end.scores


def test_a_double_ron_gives_the_table_to_the_first_winner_as_the_reference_scores_each() -> None:
    assert OPTIONS.double_ron
    players = [ScriptedSeat(), ScriptedSeat(wins=True), ScriptedSeat(wins=True), ScriptedSeat()]
    game, end = arranged_hand({1: TANYAO_PINFU, 2: ROUND_WIND}, "3s", players, honba=1, sticks=2)
    review = review_hand(game, end)
    assert end.result is not None
    first, second = review.wins
    assert (first.seat, second.seat) == (1, 2)
    assert (first.honba, first.sticks, second.honba, second.sticks) == (1, 2, 0, 0)
    for reviewed, win, (honba, sticks) in zip(review.wins, end.result.wins, ((1, 2), (0, 0)), strict=True):
        assert reviewed.payments == expected_payments(end, win, reference_cost(end, win, honba, sticks))
    assert review.deltas == end.result.deltas
    assert review.sticks_taken_by == 1
    assert (review.renchan, review.dealer_after, review.honba_after) == (False, 1, 0)


def test_an_exhaustive_draw_pays_the_tenpai_seats_that_the_reference_finds_tenpai() -> None:
    players = [ScriptedSeat(), ScriptedSeat(), ScriptedSeat(), ScriptedSeat()]
    game, end = arranged_hand({0: TANYAO_PINFU, 1: ROUND_WIND}, "", players, honba=1, sticks=1)
    review = review_hand(game, end)
    assert end.result is not None and review.kind is EndKind.EXHAUSTIVE and review.draw is not None
    assert not review.draw.nagashi
    ready = set()
    for seat in range(4):
        counts = [0] * 34
        for kind in end.kinds(end.players[seat].hand):
            counts[kind] += 1
        ready |= {seat} if Shanten.calculate_shanten(counts) == 0 else set()
    assert {0, 1} <= ready
    assert {seat for seat, _ in review.draw.tenpai} == ready
    # The rule stated here, apart from the engine's: the noten seats pay 3,000 between them to the tenpai ones.
    expected = tuple(
        OPTIONS.noten_total // len(ready) if seat in ready else -OPTIONS.noten_total // (4 - len(ready))
        for seat in range(4)
    )
    assert review.deltas == expected == end.result.deltas
    assert dict(review.draw.tenpai)[0] == tuple(parse_tiles("3s6s"))
    assert (review.renchan, review.honba_after, review.sticks_after) == (True, 2, 1)


def test_a_hand_not_over_or_a_win_that_does_not_score_is_refused_by_name() -> None:
    game = new_game(OPTIONS, 1)
    state, _ = start_hand(game)
    with pytest.raises(ReviewError, match="not over"):
        review_hand(game, state)
    players = [ScriptedSeat(wins=True), ScriptedSeat(), ScriptedSeat(), ScriptedSeat()]
    game, end = arranged_hand({0: TANYAO_PINFU}, "2z3z4z7z3s", players, honba=0, sticks=0)
    assert end.result is not None
    (win,) = end.result.wins
    wrong = replace(end, result=replace(end.result, wins=(replace(win, tile=parse_tiles("9p")[0]),)))
    with pytest.raises(ReviewError, match="seat 0"):
        review_hand(game, wrong)


# --- MCR wins against pymahjonggb ----------------------------------------------------------


def check_against_reference(final: McrHandState, review: McrHandReview) -> None:
    """The fans and total as pymahjonggb counts the hand; the payments as the
    competition rule states them from that total (8 base from every payer;
    the discarder, or on a self-draw each payer, adds the total)."""
    assert final.result is not None and final.result.win is not None and review.win is not None
    win = review.win
    self_drawn = win.source is None
    context = mcr_hand.win_context(final, win.seat, win.tile, self_drawn, win.kong)
    hand = final.engine_hand(win.seat, None if self_drawn else win.tile)
    reference = reference_fans(hand, context)
    assert not isinstance(reference, str)
    fans, total = reference
    assert Counter({step.fan: step.count for step in win.fans}) == fans
    assert win.total == total
    assert all(step.points == FANS[step.fan].points for step in win.fans)
    for seat, change in enumerate(win.payments):
        if seat == win.seat:
            continue
        owes_total = self_drawn or seat == win.source
        assert change == -(8 + total if owes_total else 8)
    assert review.deltas == final.result.deltas


def test_mcr_self_drawn_and_discard_wins_pay_as_pymahjonggb_counts_them() -> None:
    found = set()
    for seed in range(40):
        final, false_wins = play_mcr_hand(seed)
        assert final.result is not None
        if final.result.win is None:
            continue
        review = review_mcr_hand(seed % 16, final, false_wins, (0, 0, 0, 0))
        check_against_reference(final, review)
        found.add(final.result.win.self_drawn)
        if found == {True, False}:
            return
    pytest.fail(f"the seeds gave wins of one kind only: self-drawn {found}")


def test_a_false_win_costs_its_seat_ten_to_each_other_seat_in_the_review() -> None:
    for seed in range(20):
        final, false_wins = play_mcr_hand(seed, false_win_seat=1)
        if false_wins:
            break
    else:
        pytest.fail("no seat could declare a false win")
    assert final.result is not None
    review = review_mcr_hand(seed % 16, final, false_wins, (0, 0, 0, 0))
    points = MCR_COMPATIBLE.false_win_points
    assert review.penalties == (points, -3 * points, points, points) == final.penalties
    assert review.deltas == final.result.deltas
    assert sum(review.scores_after) == 0


def test_an_mcr_hand_not_over_or_out_of_the_game_is_refused_by_name() -> None:
    state, _ = mcr_hand.deal(MCR_COMPATIBLE, 0, 3)
    with pytest.raises(McrReviewError, match="not over"):
        review_mcr_hand(0, state, (), (0, 0, 0, 0))
    final, _ = play_mcr_hand(3)
    with pytest.raises(McrReviewError, match="hand 16"):
        review_mcr_hand(16, final, (), (0, 0, 0, 0))


def test_an_mcr_review_names_the_next_round_every_fourth_hand() -> None:
    record = play_mcr_game(McrOptions(), 5, ["beginner"] * 4)
    scores: Scores = (0, 0, 0, 0)
    rounds = []
    for hand in record.hands:
        review = review_record(hand, scores)
        assert review.prevalent == hand.final.prevalent
        if review.new_round:
            rounds.append((review.number, review.next_prevalent))
        scores = review.scores_after
    assert rounds == [(3, 1), (7, 2), (11, 3)]
