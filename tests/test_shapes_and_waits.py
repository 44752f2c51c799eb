"""Decompositions, completeness and waits: worked cases from document 000
and the properties that tie the fast wait search to the full decomposition."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given

from tests.strategies import complete_hands, hands, waiting_hands
from tutor.engine.hand import Hand
from tutor.engine.notation import format_decomposition, parse_hand, parse_tile
from tutor.engine.rules import Rules
from tutor.engine.shapes import (
    ShapeKind,
    _honour_splits,
    _splits_at_all,
    _suit_sets,
    _suit_splits,
    decompositions,
    is_complete,
    split_suit_counts,
    suit_readings_of_key,
)
from tutor.engine.suit_keys import pack
from tutor.engine.tiles import TERMINALS_AND_HONOURS, TILE_KINDS, tile_name
from tutor.engine.waits import WaitKind, tenpai_discards, waits, winning_tiles


def wait_table(text: str, rules: Rules = Rules.RIICHI) -> dict[str, set[str]]:
    return {tile_name(w.tile): {kind.value for kind in w.kinds} for w in waits(parse_hand(text), rules)}


class TestTheFiveWaits:
    """Each wait of document 000 read from a hand that shows it."""

    def test_kanchan(self) -> None:
        assert wait_table("13m456p789s123s55z") == {"2m": {"kanchan"}}

    def test_penchan(self) -> None:
        assert wait_table("12m456p789s123s55z") == {"3m": {"penchan"}}
        assert wait_table("89p456m789s123s55z") == {"7p": {"penchan"}}

    def test_ryanmen(self) -> None:
        assert wait_table("23m456p789s123s55z") == {"1m": {"ryanmen"}, "4m": {"ryanmen"}}

    def test_tanki(self) -> None:
        assert wait_table("123m456p789s123s5z") == {"5z": {"tanki"}}

    def test_shanpon(self) -> None:
        assert wait_table("11m456p789s123s55z") == {"1m": {"shanpon"}, "5z": {"shanpon"}}


class TestManySidedWaits:
    """Many-sided waits (다면텐) are listed in full, each tile with every reading."""

    def test_3334555(self) -> None:
        assert wait_table("3334555m456s789s") == {
            "2m": {"ryanmen"},
            "3m": {"ryanmen", "shanpon"},
            "4m": {"tanki"},
            "5m": {"ryanmen", "shanpon"},
            "6m": {"ryanmen"},
        }

    def test_pure_nine_gates_waits_on_all_nine(self) -> None:
        assert [tile_name(t) for t in winning_tiles(parse_hand("1112345678999m"))] == [f"{n}m" for n in range(1, 10)]

    def test_nobetan(self) -> None:
        assert wait_table("2345m456p789s111z") == {"2m": {"tanki"}, "5m": {"tanki"}}

    def test_thirteen_sided_orphans(self) -> None:
        table = wait_table("19m19p19s1234567z")
        assert len(table) == 13 and all(kinds == {"kokushi"} for kinds in table.values())


class TestHeldFourTimes:
    """A tile the hand already holds four times (melds counted) is no wait."""

    def test_karaten_is_not_tenpai(self) -> None:
        assert winning_tiles(parse_hand("1111m456p789s123s")) == []

    def test_kan_counts_towards_the_four(self) -> None:
        # 5m would complete 35m, but all four 5m are in the kan.
        assert winning_tiles(parse_hand("34m456p789s55z (5555m)")) == [parse_tile("2m")]


class TestShapes:
    """Which shapes each rule family accepts."""

    def test_seven_pairs_riichi_needs_seven_kinds(self) -> None:
        hand = parse_hand("11112233445566z")
        assert not is_complete(hand, Rules.RIICHI)
        assert is_complete(hand, Rules.MCR)

    def test_seven_pairs_and_regular_reading_of_ryanpeikou(self) -> None:
        shapes = {d.shape for d in decompositions(parse_hand("223344m556677p11z"))}
        assert shapes == {ShapeKind.REGULAR, ShapeKind.SEVEN_PAIRS}

    def test_knitted_straight_is_mcr_only(self) -> None:
        hand = parse_hand("147m258p369s123p11z")
        assert not is_complete(hand, Rules.RIICHI)
        [reading] = decompositions(hand, Rules.MCR)
        assert reading.shape is ShapeKind.KNITTED_STRAIGHT
        assert format_decomposition(reading) == "147m258p369s 123p 11z"

    def test_knitted_straight_with_a_called_set(self) -> None:
        assert is_complete(parse_hand("147m258p369s11z [123p]"), Rules.MCR)

    def test_lesser_and_greater_honours_and_knitted(self) -> None:
        lesser = decompositions(parse_hand("147m25p369s123456z"), Rules.MCR)
        greater = decompositions(parse_hand("147m25p36s1234567z"), Rules.MCR)
        assert [d.shape for d in lesser] == [ShapeKind.HONOURS_AND_KNITTED]
        assert [d.shape for d in greater] == [ShapeKind.SEVEN_HONOURS_AND_KNITTED]

    def test_honours_and_knitted_refuses_a_pair(self) -> None:
        assert not is_complete(parse_hand("147m25p369s12344z"), Rules.MCR)

    def test_every_reading_of_a_dense_hand(self) -> None:
        readings = {format_decomposition(d) for d in decompositions(parse_hand("11122233344455m"))}
        assert readings == {
            "111m 234m 345m 345m 22m",
            "111m 222m 333m 444m 55m",
            "111m 234m 234m 234m 55m",
            "123m 123m 123m 444m 55m",
        }

    def test_called_melds_stay_fixed(self) -> None:
        [reading] = decompositions(parse_hand("234m456s55s [777p] [777z]"))
        assert format_decomposition(reading) == "234m 456s 55s [777p] [777z]"


class TestDiscards:
    def test_fourteen_tile_hand_lists_discards_that_leave_tenpai(self) -> None:
        hand = parse_hand("123m456p789s11z23s5z")
        options = {tile_name(o.discard): [tile_name(w.tile) for w in o.waits] for o in tenpai_discards(hand)}
        assert options == {"5z": ["1s", "4s"]}

    def test_a_complete_hand_can_discard_into_tenpai(self) -> None:
        options = tenpai_discards(parse_hand("123m456p789s11z234s"))
        assert {tile_name(o.discard) for o in options} >= {"2s", "4s", "1z"}


def reassembled(hand: Hand, rules: Rules) -> list[Counter[int]]:
    result = []
    for d in decompositions(hand, rules):
        tiles: list[int] = [t for block in d.sets for t in block.tiles] + list(d.knitted)
        if d.shape is ShapeKind.SEVEN_PAIRS:
            tiles += [t for pair in d.pairs for t in (pair, pair)]
        elif d.shape is ShapeKind.THIRTEEN_ORPHANS:
            assert d.pair is not None
            tiles += [*TERMINALS_AND_HONOURS, d.pair]
        elif d.pair is not None:
            tiles += [d.pair, d.pair]
        result.append(Counter(tiles))
    return result


class TestProperties:
    """The fast search and the full decomposition must never disagree."""

    @given(waiting_hands())
    def test_a_wait_is_exactly_a_tile_that_completes(self, hand: Hand) -> None:
        for rules in Rules:
            held = hand.all_counts()
            completing = [t for t in range(TILE_KINDS) if held[t] < 4 and decompositions(hand.with_tile(t), rules)]
            assert winning_tiles(hand, rules) == completing

    @given(hands(size=13))
    def test_same_on_arbitrary_hands(self, hand: Hand) -> None:
        held = hand.all_counts()
        for rules in Rules:
            completing = [t for t in range(TILE_KINDS) if held[t] < 4 and is_complete(hand.with_tile(t), rules)]
            assert winning_tiles(hand, rules) == completing

    @given(complete_hands())
    def test_every_decomposition_reassembles_to_the_hand(self, hand: Hand) -> None:
        whole = Counter({t: n for t, n in enumerate(hand.all_counts()) if n})
        for rules in Rules:
            readings = reassembled(hand, rules)
            assert readings, "a hand built from four sets and a pair must have a reading"
            assert all(reading == whole for reading in readings)

    @given(complete_hands())
    def test_complete_means_some_decomposition(self, hand: Hand) -> None:
        for rules in Rules:
            assert is_complete(hand, rules) == bool(decompositions(hand, rules))

    @given(waiting_hands())
    def test_every_wait_has_a_kind(self, hand: Hand) -> None:
        for wait in waits(hand):
            assert wait.kinds
            assert all(isinstance(kind, WaitKind) for kind in wait.kinds)


@pytest.mark.parametrize("text", ["123m456p789s1122z", "19m19p19s1234567z", "2223456777m456p"])
def test_readings_are_distinct(text: str) -> None:
    hand = parse_hand(text)
    for tile in winning_tiles(hand):
        readings = [format_decomposition(d) for d in decompositions(hand.with_tile(tile))]
        assert len(readings) == len(set(readings))


class TestSuitSplitShortcut:
    """Splitting a suit first asks a one-pass question (can these tiles make
    sets at all?) before it looks for every split; the quick answer must agree
    with the full search on every count vector, or a reading would be lost."""

    def test_number_suits_agree_with_the_full_search(self) -> None:
        for counts in itertools.product(range(5), repeat=6):
            for tail in ((0, 0, 0), (1, 1, 1), (3, 0, 2), (0, 2, 4)):
                full = [*counts, *tail]
                assert _splits_at_all(list(full), True) == bool(_suit_sets(list(full), 0, True, 0)), full

    def test_stretches_agree_with_the_whole_suit_search(self) -> None:
        """A number suit is split stretch by stretch (runs of held ranks) and
        put back together; the splits, and their order, must be those the
        search over the whole suit finds, for every suit of up to 14 tiles
        that could be part of a winning hand."""
        checked = 0
        for counts in itertools.product(range(5), repeat=9):
            size = sum(counts)
            if size > 14 or size % 3 == 1:
                continue
            # Each vector is asked once, in a suit that turns with it, so all
            # three number suits and both ways in (packed key, sorted tiles)
            # are covered without tripling the time.
            suit = checked % 3
            start = suit * 9
            whole = split_suit_counts(list(counts), start, True)
            if checked % 2:
                tiles = tuple(start + rank for rank, count in enumerate(counts) for _ in range(count))
                found = _suit_splits(tiles) if tiles else whole
            else:
                found = suit_readings_of_key(suit, pack(counts, 0, 9))
            assert found == whole, counts
            checked += 1
        assert checked > 250_000

    def test_honours_agree_with_the_full_search(self) -> None:
        for counts in itertools.product(range(5), repeat=7):
            assert _splits_at_all(list(counts), False) == bool(_suit_sets(list(counts), 27, False, 0)), counts

    def test_honour_splits_agree_with_the_search(self) -> None:
        """Honours are split by their counts alone; the splits must be those
        the general search finds, for every honour suit of up to 14 tiles."""
        for counts in itertools.product(range(5), repeat=7):
            if 0 < sum(counts) <= 14:
                tiles = tuple(27 + rank for rank, count in enumerate(counts) for _ in range(count))
                assert _honour_splits(tiles) == split_suit_counts(list(counts), 27, False), counts
