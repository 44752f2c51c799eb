"""Properties of shanten and ukeire that hold for every hand."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from tests.strategies import complete_hands, hands, waiting_hands
from tutor.engine.efficiency import COMPLETE, TENPAI, best_discards, best_split, discard_table, shanten, ukeire
from tutor.engine.efficiency.counting import minimum, ukeire_sum
from tutor.engine.efficiency.discards import Counted, discard_counts, discard_shanten
from tutor.engine.efficiency.held import HeldTiles
from tutor.engine.hand import Hand
from tutor.engine.notation import parse_hand
from tutor.engine.rules import Rules
from tutor.engine.shapes import is_complete
from tutor.engine.tiles import COPIES, TILE_KINDS
from tutor.engine.waits import winning_tiles


@st.composite
def near_hands(draw: st.DrawFn, size: int) -> Hand:
    """A complete hand with up to two concealed tiles swapped (and one dropped
    for 13 tiles): close enough to complete that -1, 0 and 1 all turn up."""
    hand = draw(complete_hands())
    for _ in range(draw(st.integers(0, 2))):
        out = draw(st.sampled_from(hand.concealed))
        tile = draw(st.integers(0, TILE_KINDS - 1))
        changed = hand.without_tile(out)
        if changed.all_counts()[tile] < COPIES:
            hand = changed.with_tile(tile)
    if size == 13:
        hand = hand.without_tile(draw(st.sampled_from(hand.concealed)))
    return hand


fourteen = st.one_of(hands(size=14), complete_hands(), near_hands(14))
thirteen = st.one_of(hands(size=13), waiting_hands(), near_hands(13))
rules = st.sampled_from(list(Rules))

# Discarding 1m leaves 11m 24m: the 24m waits only on 3m, all four called.
DEAD_WAIT = parse_hand("11124m [123m] [333m] [456m]")


@given(fourteen, rules)
def test_minus_one_exactly_when_complete(hand: Hand, rule: Rules) -> None:
    assert (shanten(hand, rule).shanten == COMPLETE) == is_complete(hand, rule)


@given(thirteen)
@example(DEAD_WAIT.without_tile(0))
def test_zero_exactly_when_tenpai(hand: Hand) -> None:
    assert (shanten(hand, Rules.RIICHI).shanten == TENPAI) == bool(winning_tiles(hand, Rules.RIICHI))


@given(thirteen, rules)
@example(DEAD_WAIT.without_tile(3), Rules.RIICHI)
def test_an_ukeire_tile_lowers_shanten_by_exactly_one(hand: Hand, rule: Rules) -> None:
    now = shanten(hand, rule).shanten
    found = ukeire(hand, rule)
    listed = {item.tile for item in found.tiles}
    held = hand.all_counts()
    for tile in range(TILE_KINDS):
        if held[tile] < COPIES:
            after = shanten(hand.with_tile(tile), rule).shanten
            assert after == (now - 1 if tile in listed else now), tile
    assert all(item.count == COPIES - held[item.tile] for item in found.tiles)


@given(thirteen)
def test_the_minimum_is_the_least_shape(hand: Hand) -> None:
    found = shanten(hand, Rules.MCR)
    assert found.shanten == min(found.by_shape().values())
    assert found.shanten <= shanten(hand, Rules.RIICHI).shanten


@given(hands(size=14))
@example(DEAD_WAIT)
def test_discard_table_ranks_every_discard(hand: Hand) -> None:
    table = discard_table(hand, Rules.RIICHI)
    assert sorted(option.discard for option in table) == sorted(set(hand.concealed))
    keys = [(option.shanten, -option.ukeire.count, option.discard) for option in table]
    assert keys == sorted(keys)
    # Counting ukeire for the least shanten's discards only keeps the best.
    quick = discard_table(hand, Rules.RIICHI, with_waits=False, worse_ukeire=False)
    assert best_discards(quick) == best_discards(table)
    for option in table:
        rest = hand.without_tile(option.discard)
        assert option.shanten == shanten(rest).shanten
        assert bool(option.waits) == (option.shanten == TENPAI)


@given(thirteen)
def test_best_split_reaches_the_regular_count(hand: Hand) -> None:
    split = best_split(hand)
    regular = shanten(hand).regular
    # The block count does not see a fifth copy: a split may count one less
    # where the hand holds all four copies of a loose tile.
    assert split.shanten == regular or (split.shanten == regular - 1 and COPIES in hand.all_counts())
    tiles = [tile for block in split.sets + split.partials for tile in block] + list(split.loose)
    if split.pair is not None:
        tiles += [split.pair, split.pair]
    assert sorted(tiles) == list(hand.concealed)


@given(fourteen, rules)
def test_each_discard_leaves_the_shanten_of_the_hand_it_leaves(hand: Hand, rule: Rules) -> None:
    # discard_shanten counts a riichi hand holding no kind four times suit by suit, not discard by discard.
    expected = {tile: shanten(hand.without_tile(tile), rule).shanten for tile in sorted(set(hand.concealed))}
    assert discard_shanten(hand, rule) == expected


@given(thirteen, rules)
@example(DEAD_WAIT.without_tile(3), Rules.RIICHI)
def test_ukeire_sum_is_the_listed_ukeire_summed(hand: Hand, rule: Rules) -> None:
    # The sum is counted suit by suit and by classes of draws, never listing them.
    listed = ukeire(hand, rule).tiles
    tiles = HeldTiles.of(hand)
    expected = (sum(item.count for item in listed), sum(1 << item.tile for item in listed))
    assert ukeire_sum(tiles, rule, minimum(tiles, rule)) == expected
    assert tiles == HeldTiles.of(hand)


@given(fourteen, rules)
@example(DEAD_WAIT, Rules.RIICHI)
def test_discard_counts_are_the_discard_tables_counts(hand: Hand, rule: Rules) -> None:
    after = discard_shanten(hand, rule)
    expected = {option.discard: option.ukeire.count for option in discard_table(hand, rule, with_waits=False)}
    assert discard_counts(hand, list(after), after, rule) == expected
    assert discard_counts(hand, list(after), after, rule, Counted()) == expected
