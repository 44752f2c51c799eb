"""The riichi intermediate bot (issue 29): legal, invariant-keeping play,
calls that keep a yaku route, defence by rule against a riichi, riichi only
on a live wait that is not furiten, and the same choices for the same seed.

Checked over bot-played hands: every property is counted over the recorded
turns, and each count must be positive (a property never met is not tested).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.engine.efficiency import discard_table
from tutor.engine.game.actions import ActionKind
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.intermediate import IntermediateBot, far
from tutor.engine.game.invariants import violations
from tutor.engine.game.kyoku import deal, shuffled_wall, step
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.routes import Route, has_route, routes, value_tiles
from tutor.engine.game.rules import furiten_discards, waits
from tutor.engine.game.safety import safe_by_rule
from tutor.engine.game.simulate import HandRecord, Player, Turn, play_game, play_hand
from tutor.engine.game.state import Phase
from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.notation import parse_tiles
from tutor.engine.tiles import EAST, GREEN, SOUTH, WEST

OPTIONS = RiichiOptions()
TOTAL = 4 * OPTIONS.start_points
HANDS = 60
CALLS = (ActionKind.CHI, ActionKind.PON, ActionKind.OPEN_KAN)


def bots(seed: int) -> list[Player]:
    return [IntermediateBot(f"{seed}/{seat}") for seat in range(4)]


def played(seed: int, players: list[Player] | None = None) -> HandRecord:
    return play_hand(deal(OPTIONS, shuffled_wall(seed), seed % 4), players or bots(seed))


@pytest.fixture(scope="module")
def records() -> list[HandRecord]:
    return [played(seed) for seed in range(HANDS)]


def turns(records: list[HandRecord]) -> Iterator[Turn]:
    for record in records:
        yield from record.turns


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**9))
def test_the_bot_chooses_legal_actions_and_keeps_every_invariant(seed: int) -> None:
    """Two intermediate and two beginner bots, so that each meets the other's play."""
    players: list[Player] = [
        IntermediateBot(f"{seed}/{seat}") if seat % 2 else BeginnerBot(f"{seed}/{seat}") for seat in range(4)
    ]
    record = played(seed, players)
    for turn in record.turns:
        assert violations(turn.state, TOTAL) == []
        for decision in turn.decisions:
            assert turn.choices[decision.seat] in decision.legal
    assert violations(record.end, TOTAL) == []


def test_a_whole_game_of_intermediate_bots_keeps_every_invariant() -> None:
    record = play_game(RiichiOptions(length="east"), 5, bots(5))
    assert record.end.over
    for hand in record.hands:
        for turn in hand.turns:
            assert violations(turn.state, TOTAL) == []
            assert all(turn.choices[decision.seat] in decision.legal for decision in turn.decisions)


def test_no_call_leaves_a_hand_without_a_yaku_route(records: list[HandRecord]) -> None:
    """Each chi, pon or open kan the bot made is followed by a discard that
    leaves the hand with a yaku route (yakuhai, open tanyao, a flush, toitoi)."""
    checked = 0
    for record in records:
        called: set[int] = set()
        for turn in record.turns:
            state = turn.state
            if state.phase is Phase.TURN and state.turn in called:
                choice = turn.choices[state.turn]
                if choice.kind is ActionKind.DISCARD:
                    assert choice.tile is not None
                    seat = state.turn
                    rest = state.engine_hand(seat).without_tile(choice.tile)
                    values = value_tiles(state.seat_wind(seat), state.round_tile)
                    assert routes(rest, values, OPTIONS.scoring.open_tanyao), (record.start.dealer, seat, rest)
                    called.discard(seat)
                    checked += 1
            called.update(event.seat for event in turn.events if event.kind in CALLS and event.seat is not None)
    assert checked >= 20


def test_a_far_hand_under_riichi_discards_a_tile_safe_by_rule_when_it_holds_one(records: list[HandRecord]) -> None:
    """Another seat in riichi, the bot's hand far (`far`: two from tenpai, or
    one with a poor ukeire): if a legal discard is safe by rule against every
    riichi seat, the bot's discard is one of those.  A win taken or nine
    terminals declared instead also deals in nothing, and does not count."""
    met = 0
    for turn in turns(records):
        state = turn.state
        seat = state.turn
        if state.phase is not Phase.TURN or state.players[seat].riichi:
            continue
        threats = [other for other in range(4) if other != seat and state.players[other].riichi]
        if not threats:
            continue
        legal = next(decision.legal for decision in turn.decisions if decision.seat == seat)
        allowed = {action.tile for action in legal if action.kind is ActionKind.DISCARD}
        table = [
            option for option in discard_table(state.engine_hand(seat), with_waits=False) if option.discard in allowed
        ]
        if not far(table[0].shanten, table[0].ukeire.count):
            continue
        safe = frozenset.intersection(*(safe_by_rule(state, other) for other in threats)) & allowed
        choice = turn.choices[seat]
        if not safe or choice.kind in (ActionKind.TSUMO, ActionKind.NINE_TERMINALS):
            continue
        assert choice.kind is ActionKind.DISCARD and choice.tile in safe, (seat, choice, sorted(safe))
        met += 1
    assert met >= 20


def test_riichi_is_declared_on_a_live_wait_that_is_not_furiten(records: list[HandRecord]) -> None:
    declared = 0
    for turn in turns(records):
        state = turn.state
        if state.phase is not Phase.RIICHI_DISCARD:
            continue
        after, _ = step(state, turn.choices)
        seat = state.turn
        found = waits(after, seat)
        assert found and not furiten_discards(after, seat, found)
        declared += 1
    assert declared >= 10


def test_the_bot_is_deterministic_by_seed() -> None:
    first, second = played(21), played(21)
    assert [turn.choices for turn in first.turns] == [turn.choices for turn in second.turns]
    assert first.result == second.result


def test_calls_and_wins_happen(records: list[HandRecord]) -> None:
    """The bot is not a passive one that the call and defence tests would pass trivially."""
    taken = [choice.kind for turn in turns(records) for choice in turn.choices.values()]
    assert taken.count(ActionKind.PON) + taken.count(ActionKind.CHI) >= 20
    assert taken.count(ActionKind.RIICHI) >= 10
    assert sum(len(record.result.wins) for record in records) >= HANDS // 2


def hand(concealed: str, *melds: tuple[MeldKind, str]) -> Hand:
    return Hand(
        tuple(sorted(parse_tiles(concealed))),
        tuple(Meld(kind, tuple(sorted(parse_tiles(text)))) for kind, text in melds),
    )


VALUES_EAST_SEAT = value_tiles(EAST, EAST)


@pytest.mark.parametrize(
    ("concealed", "melds", "found"),
    [
        ("234m567p234s88p", [(MeldKind.PON, "555z")], {Route.YAKUHAI}),
        ("234m567p234s88p", [(MeldKind.PON, "333z")], set()),  # west is no value tile for an east seat
        ("234m567p234s88p", [(MeldKind.CHI, "456s")], {Route.TANYAO}),
        ("123m567p234s89p", [(MeldKind.CHI, "456s")], {Route.TANYAO}),  # two terminals may still go
        ("199m567p234s88p", [(MeldKind.CHI, "456s")], set()),
        ("123789m11z5p9s", [(MeldKind.CHI, "456m")], {Route.FLUSH}),
        ("2288m3355p77s", [(MeldKind.PON, "111s")], {Route.TOITOI}),
        ("2288m355p7s12z", [(MeldKind.PON, "111s")], {Route.TOITOI}),
        ("2288m357p7s12z", [(MeldKind.PON, "111s")], set()),
    ],
)
def test_routes_of_arranged_open_hands(concealed: str, melds: list[tuple[MeldKind, str]], found: set[Route]) -> None:
    assert set(routes(hand(concealed, *melds), VALUES_EAST_SEAT, open_tanyao=True)) == found


def test_without_open_tanyao_an_open_all_simples_hand_has_no_route() -> None:
    simples = hand("234m567p234s88p", (MeldKind.CHI, "456s"))
    assert has_route(simples, VALUES_EAST_SEAT, open_tanyao=True)
    assert not has_route(simples, VALUES_EAST_SEAT, open_tanyao=False)


def test_the_seat_and_round_winds_are_value_tiles() -> None:
    assert value_tiles(SOUTH, EAST) >= {SOUTH, EAST, GREEN} and WEST not in value_tiles(SOUTH, EAST)
