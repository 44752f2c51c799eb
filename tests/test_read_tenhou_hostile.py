"""A tenhou.net/6 log that is malformed, truncated or hostile is refused with
a LogError naming the round, the event and what is wrong; nothing else is
ever raised (issue 31: 0 internal errors)."""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine.game import log_tenhou
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.read_tenhou import MAX_CHARS, LogError, TenhouLog, loads, read
from tutor.engine.game.simulate import play_game


@cache
def small_log() -> dict[str, Any]:
    """A short game of four hands: chi, pon, an open and an added kan, riichi, wins."""
    players = [BeginnerBot(f"log/10/{seat}") for seat in range(4)]
    return log_tenhou.game_log(play_game(RiichiOptions(length="east"), "log/10", players))


def outcome(text: str) -> TenhouLog | LogError:
    """The log read, or the LogError refusing it; any other exception fails the test."""
    try:
        return loads(text)
    except LogError as error:
        return error


def test_the_small_log_reads_and_holds_calls_kans_riichi_and_wins() -> None:
    read = loads(json.dumps(small_log(), ensure_ascii=False))
    kinds = {event.kind for round_ in read.rounds for event in round_.events}
    assert {"chi", "pon", "open_kan", "added_kan", "riichi", "win", "dora"} <= kinds


def test_text_cut_at_every_position_is_refused_as_not_json() -> None:
    text = json.dumps(small_log(), ensure_ascii=False)
    for cut in range(len(text)):
        got = outcome(text[:cut])
        assert isinstance(got, LogError) and (got.round, got.event, got.code) == (0, None, "not_json")


def test_each_seats_draws_and_discards_cut_at_every_position_are_refused_or_read() -> None:
    """Cutting a seat's draws or discards leaves a round that cannot be played
    back; the refusal names that round and, for a play that breaks off, the event."""
    refused = 0
    for round_index, hand in enumerate(small_log()["log"]):
        for column in (5, 6, 8, 9, 11, 12, 14, 15):
            for cut in range(len(hand[column])):
                log = copy.deepcopy(small_log())
                log["log"][round_index][column] = hand[column][:cut]
                got = outcome(json.dumps(log, ensure_ascii=False))
                assert isinstance(got, LogError), (round_index, column, cut)
                assert got.round == round_index + 1 and got.code
                refused += 1
    assert refused > 100


def test_a_round_cut_short_names_the_round() -> None:
    for size in range(17):
        log = copy.deepcopy(small_log())
        log["log"][1] = log["log"][1][:size]
        got = outcome(json.dumps(log, ensure_ascii=False))
        assert isinstance(got, LogError) and (got.round, got.code) == (2, "round")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("[" * 100_000, "not_json"),
        ("x" * (MAX_CHARS + 1), "too_large"),
        ("[]", "not_log"),
        ('{"log": {}}', "not_log"),
        ('{"log": [], "name": ["a"]}', "names"),
        ('{"log": [], "rule": {"aka": true}}', "rule"),
        ('{"log": [[[0, 0, 0]]]}', "round"),
        ('{"log": []}', "no_rounds"),
    ],
)
def test_hostile_shapes_are_refused_by_name(text: str, code: str) -> None:
    got = outcome(text)
    assert isinstance(got, LogError) and got.code == code


def test_a_fifth_copy_and_a_tile_not_in_hand_are_refused() -> None:
    log = copy.deepcopy(small_log())
    first = log["log"][0]
    first[4][:4] = [11, 11, 11, 11]
    first[7][0] = 11
    assert outcome(json.dumps(log)).code == "fifth_copy"  # type: ignore[union-attr]
    log = copy.deepcopy(small_log())
    hand = log["log"][0]
    dealer_discards = hand[6]
    held = set(hand[4]) | {item for item in hand[5] if isinstance(item, int)}
    absent = next(number for number in range(11, 48) if number % 10 and number not in held)
    dealer_discards[0] = absent
    got = outcome(json.dumps(log))
    assert isinstance(got, LogError) and (got.round, got.event, got.code) == (1, 1, "not_in_hand")


def test_red_fives_read_as_fives_with_their_flag() -> None:
    log = copy.deepcopy(small_log())
    hand = log["log"][0]
    for seat in range(4):
        haipai = hand[4 + 3 * seat]
        if 15 in haipai and 15 not in hand[6 + 3 * seat]:
            haipai[haipai.index(15)] = 51
            break
    else:
        pytest.skip("no five of characters dealt and kept")
    read = loads(json.dumps(log))
    reds = [tile for tiles in read.rounds[0].haipai for tile in tiles if tile.red]
    assert [(tile.kind, tile.red) for tile in reds] == [(4, True)]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**12), 10**12) | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
TILE_LIKE = st.sampled_from([0, 10, 15, 19, 20, 47, 48, 51, 53, 54, 60, 61, "r60", "r15", "c151617", "p111111"])


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value."""
    found = [prefix]
    if isinstance(node, list):
        for index, item in enumerate(node):
            found += paths(item, (*prefix, index))
    elif isinstance(node, dict):
        for key, item in node.items():
            found += paths(item, (*prefix, key))
    return found


@cache
def small_paths() -> list[tuple[Any, ...]]:
    return paths(small_log())[1:]


def mutated(place: tuple[Any, ...], value: Any, delete: bool) -> Any:
    log = copy.deepcopy(small_log())
    parent = log
    for key in place[:-1]:
        parent = parent[key]
    if delete:
        del parent[place[-1]]
    else:
        parent[place[-1]] = value
    return log


@given(
    st.integers(min_value=0, max_value=10**6),
    st.one_of(JSON, TILE_LIKE),
    st.booleans(),
)
def test_a_mutated_log_is_read_or_refused_never_an_internal_error(where: int, value: Any, delete: bool) -> None:
    place = small_paths()[where % len(small_paths())]
    log = mutated(place, value, delete)
    try:
        read(log)
    except LogError as error:
        assert error.round >= 0 and isinstance(error.code, str)


@given(st.lists(st.tuples(st.integers(min_value=0, max_value=10**6), TILE_LIKE), min_size=1, max_size=4))
def test_tiles_swapped_for_other_tiles_are_read_or_refused(changes: list[tuple[int, Any]]) -> None:
    log = copy.deepcopy(small_log())
    places = [place for place in small_paths() if place[0] == "log" and len(place) == 4]
    for where, value in changes:
        place = places[where % len(places)]
        log["log"][place[1]][place[2]][place[3]] = value
    try:
        read(log)
    except LogError as error:
        assert error.code
