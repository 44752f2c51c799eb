"""Every way a complete hand splits into the shapes its rules accept.

Riichi accepts four sets and a pair, seven distinct pairs, and thirteen
orphans.  MCR adds seven pairs that use four of a kind as two pairs, the
knitted straight (组合龙) with one more set and a pair, and the two honours
and knitted tiles shapes (全不靠, 七星不靠).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import product
from typing import Final

from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.irregular import (
    honours_and_knitted_set,
    is_seven_pairs,
    is_thirteen_orphans,
    knitted_set_within,
)
from tutor.engine.memo import memo
from tutor.engine.rules import Rules
from tutor.engine.suit_keys import HONOUR_SUIT, SUIT_LENGTHS, SUIT_STARTS, pack
from tutor.engine.suit_table import MELDS_ONLY, WITH_PAIR, suit_state
from tutor.engine.tiles import EAST, HONOURS, TERMINAL_OR_HONOUR_TILES, TERMINALS_AND_HONOURS, TILE_KINDS, Tile


class SetKind(Enum):
    """The three kinds of set (멘쯔) of document 000."""

    SHUNTSU = "shuntsu"
    """A run of three consecutive number tiles (슌쯔, 順子)."""
    KOUTSU = "koutsu"
    """Three of a kind (커쯔, 刻子)."""
    KANTSU = "kantsu"
    """Four of a kind (깡쯔, 槓子)."""


@dataclass(frozen=True, slots=True)
class Block:
    """One set of a decomposition.

    `first` is the lowest tile (the only tile of a triplet or kan).  `called`
    says the set is a declared meld rather than part of the concealed tiles;
    `open` says it opens the hand (a concealed kan is called but not open).
    """

    kind: SetKind
    first: Tile
    called: bool = False
    open: bool = False

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind is SetKind.SHUNTSU:
            return (self.first, self.first + 1, self.first + 2)
        size = 4 if self.kind is SetKind.KANTSU else 3
        return (self.first,) * size


class ShapeKind(Enum):
    REGULAR = "regular"
    """Four sets and a pair."""
    SEVEN_PAIRS = "seven_pairs"
    """치또이쯔 (七對子); in MCR 七对, where four of a kind may be two pairs."""
    THIRTEEN_ORPHANS = "thirteen_orphans"
    """국사무쌍 (國士無雙), MCR 十三幺."""
    KNITTED_STRAIGHT = "knitted_straight"
    """MCR 组合龙: 147, 258, 369 in three different suits, one set, one pair."""
    HONOURS_AND_KNITTED = "honours_and_knitted"
    """MCR 全不靠: fourteen single tiles from one knitted set and the honours."""
    SEVEN_HONOURS_AND_KNITTED = "seven_honours_and_knitted"
    """MCR 七星不靠: 全不靠 holding all seven honours."""


@dataclass(slots=True)
class Decomposition:
    """One reading of a complete hand.

    For REGULAR and KNITTED_STRAIGHT, `sets` holds the sets (declared melds
    first, in the order written) and `pair` the pair.  SEVEN_PAIRS has
    `pairs`; the knitted shapes have their knitted tiles in `knitted`;
    THIRTEEN_ORPHANS has the doubled tile in `pair`.  Not frozen: scoring
    makes one for every reading of every hand, and a frozen dataclass is
    several times slower to build.
    """

    shape: ShapeKind
    sets: tuple[Block, ...] = ()
    pair: Tile | None = None
    pairs: tuple[Tile, ...] = ()
    knitted: tuple[Tile, ...] = ()


# Enum members read on every hand, bound once: on Python 3.11 reading a
# member off its class costs ten times a global name.
_REGULAR = ShapeKind.REGULAR
_SEVEN_PAIRS = ShapeKind.SEVEN_PAIRS
_THIRTEEN_ORPHANS = ShapeKind.THIRTEEN_ORPHANS
_SHUNTSU = SetKind.SHUNTSU
_CLOSED_KAN = MeldKind.CLOSED_KAN
_MCR = Rules.MCR


_meld_blocks: dict[tuple[tuple[Tile, ...], bool], Block] = memo("shapes.meld_blocks", {})


def block_of_meld(meld: Meld) -> Block:
    """The set a declared meld makes.  Memoised by its tiles and whether it
    is a concealed kan, which together tell every meld apart (a MeldKind
    hashes slowly, being a plain Enum)."""
    key = (meld.tiles, meld.kind is _CLOSED_KAN)
    block = _meld_blocks.get(key)
    if block is None:
        block = _meld_block(meld)
        _meld_blocks[key] = block
    return block


def _meld_block(meld: Meld) -> Block:
    if meld.kind is MeldKind.CHI:
        return Block(SetKind.SHUNTSU, meld.first, called=True, open=True)
    if meld.kind is MeldKind.PON:
        return Block(SetKind.KOUTSU, meld.first, called=True, open=True)
    return Block(SetKind.KANTSU, meld.first, called=True, open=meld.is_open)


def splits_regular(counts: Sequence[int]) -> bool:
    """Whether concealed counts split into sets and exactly one pair."""
    pair_suits = 0
    for suit, (start, length) in enumerate(zip(SUIT_STARTS, SUIT_LENGTHS, strict=True)):
        state = suit_state(suit, pack(counts, start, length))
        size = sum(counts[start : start + length])
        if size % 3 == 2:
            if not state & WITH_PAIR:
                return False
            pair_suits += 1
        elif not state & MELDS_ONLY:
            return False
    return pair_suits == 1


def _honours_and_knitted(counts: Sequence[int]) -> Decomposition | None:
    """全不靠 / 七星不靠: 14 different tiles, each an honour or in one knitted set."""
    if honours_and_knitted_set(counts) is None:
        return None
    honours = sum(counts[tile] for tile in HONOURS)
    shape = ShapeKind.SEVEN_HONOURS_AND_KNITTED if honours == 7 else ShapeKind.HONOURS_AND_KNITTED
    return Decomposition(shape, knitted=tuple(tile for tile in range(TILE_KINDS) if counts[tile]))


def _suit_sets(counts: list[int], base: int, runs_allowed: bool, rank: int) -> list[tuple[Block, ...]]:
    """Every split of one suit's counts (ranks from `rank` on) into concealed
    sets, each multiset once; `base` is the suit's first tile.

    All copies of the lowest rank left must be used now: either every copy
    starts a run, or three make a triplet and the rest start runs.  Choosing
    the number of runs, not the order of picks, is what keeps a reading such
    as 333+345 from being found twice.
    """
    length = len(counts)
    while rank < length and counts[rank] == 0:
        rank += 1
    if rank == length:
        return [()]
    here = counts[rank]
    found: list[tuple[Block, ...]] = []
    for triplet, runs in ((True, here - 3), (False, here)) if here >= 3 else ((False, here),):
        if runs and (not runs_allowed or rank > 6 or counts[rank + 1] < runs or counts[rank + 2] < runs):
            continue
        counts[rank] = 0
        if runs:
            counts[rank + 1] -= runs
            counts[rank + 2] -= runs
        taken = ((_TRIPLET_BLOCKS[base + rank],) if triplet else ()) + (_RUN_BLOCKS[base + rank],) * runs
        # A loop, not a generator: each stretch shape and suit not met
        # before is searched here, and a generator costs more than it holds.
        for rest in _suit_sets(counts, base, runs_allowed, rank + 1):
            found.append(taken + rest)
        counts[rank] = here
        if runs:
            counts[rank + 1] += runs
            counts[rank + 2] += runs
    return found


# The sets a suit splits into are made once and shared: a Block is a value.
_TRIPLET_BLOCKS: Final = tuple(Block(SetKind.KOUTSU, tile) for tile in range(TILE_KINDS))
_RUN_BLOCKS: Final = tuple(Block(SetKind.SHUNTSU, tile) for tile in range(TILE_KINDS))


SuitReading = tuple[Tile | None, tuple[Block, ...]]
"""One split of a single suit: its pair (or None) and its sets."""

_suit_readings_cache: tuple[dict[int, tuple[SuitReading, ...]], ...] = tuple(
    memo(f"shapes.suit_readings.{suit}", {}) for suit in range(4)
)
"""One memo per suit, keyed by the suit's packed counts."""


def suit_readings_of_key(suit: int, key: int) -> tuple[SuitReading, ...]:
    """Every split of one suit's tiles (given by the suit's packed key, see
    `suit_keys.pack`) into sets, with a pair when the suit holds 3n+2
    tiles, in the order `split_suit_counts` gives.  Memoised: suits repeat
    across hands far more than whole hands do, so most hands are put
    together from splits already known."""
    cached = _suit_readings_cache[suit].get(key)
    if cached is not None:
        return cached
    counts = []
    rest = key
    for _ in range(SUIT_LENGTHS[suit]):
        counts.append(rest % 5)
        rest //= 5
    start = SUIT_STARTS[suit]
    if suit == HONOUR_SUIT:
        result = split_suit_counts(counts, start, False)
    else:
        tiles: list[Tile] = []
        for rank, count in enumerate(counts):
            tiles += (start + rank,) * count
        result = _number_suit_splits(tuple(tiles)) if tiles else ((None, ()),)
    _suit_readings_cache[suit][key] = result
    return result


def split_suit_counts(counts: list[int], start: Tile, runs_allowed: bool) -> tuple[SuitReading, ...]:
    """Every split of one suit's counts by search: for each place of the pair
    (when the suit holds 3n+2 tiles), every way the rest makes sets.  `start`
    is the suit's first tile.  Pairs come in rank order, and for one pair the
    splits in the order `_suit_sets` finds them."""
    found: list[SuitReading] = []
    if sum(counts) % 3 == 2:
        for pair in range(len(counts)):
            if counts[pair] >= 2:
                counts[pair] -= 2
                # Most places for the pair leave tiles that make no sets: a
                # single greedy pass says so before any split is looked for.
                if _splits_at_all(counts, runs_allowed):
                    for sets in _suit_sets(counts, start, runs_allowed, 0):
                        found.append((start + pair, sets))
                counts[pair] += 2
    elif _splits_at_all(counts, runs_allowed):
        for sets in _suit_sets(counts, start, runs_allowed, 0):
            found.append((None, sets))
    return tuple(found)


_splits_by_tiles: dict[tuple[Tile, ...], tuple[SuitReading, ...]] = memo("shapes.splits_by_tiles", {})
"""The splits of one suit's sorted tiles, by the tiles: a tuple hashes in C,
so a suit split before is found without packing its counts.  A stretch of
a number suit (see `_number_suit_splits`) is itself such a tuple, so whole
suits and their stretches share this one memo."""

_BLOCKS: Final = _TRIPLET_BLOCKS + _RUN_BLOCKS
"""Triplets then runs: a set coded `first`, or `TILE_KINDS + first` for a
run, moves up a suit by adding to its code."""

_StretchShape = tuple[tuple[int | None, tuple[int, ...]], ...]
"""The splits of a stretch as if it began at 1m: each the pair (or None)
and the sets as codes for `_BLOCKS`."""

_stretch_shape_cache: dict[tuple[int, ...], _StretchShape] = memo("shapes.stretch_shape_cache", {})
"""Splits by the stretch's tiles less its lowest: 567p and 234s share the
shape (0, 1, 2)."""


def _stretch_shape_splits(shape: tuple[int, ...]) -> _StretchShape:
    """The splits of a stretch's shape, searched for once per shape."""
    found = _stretch_shape_cache.get(shape)
    if found is None:
        # Two ranks of room after the stretch, where a run might be tried.
        counts = [0] * (shape[-1] + 3)
        for rank in shape:
            counts[rank] += 1
        coded = []
        for pair, sets in split_suit_counts(counts, 0, True):
            coded.append((pair, tuple([block.first + (TILE_KINDS if block.kind is _SHUNTSU else 0) for block in sets])))
        found = tuple(coded)
        _stretch_shape_cache[shape] = found
    return found


def _stretch_splits(tiles: tuple[Tile, ...]) -> tuple[SuitReading, ...]:
    """The splits of a stretch's sorted tiles: its shape's, moved to its place."""
    splits = _splits_by_tiles.get(tiles)
    if splits is None:
        low = tiles[0]
        # Plain loops, not a generator and a comprehension per split: every
        # stretch not met before comes here (about 1,200 in the first 5,000
        # hands scored), and making those costs more than the few items they
        # would make.
        shifted = []
        for pair, codes in _stretch_shape_splits(tuple([tile - low for tile in tiles])):
            blocks = []
            for code in codes:
                blocks.append(_BLOCKS[code + low])
            shifted.append((None if pair is None else pair + low, tuple(blocks)))
        splits = tuple(shifted)
        _splits_by_tiles[tiles] = splits
    return splits


def _number_suit_splits(tiles: tuple[Tile, ...]) -> tuple[SuitReading, ...]:
    """The splits of a number suit's sorted tiles, put together from its
    stretches of consecutive held ranks.  No run crosses a rank the suit
    does not hold, so each stretch splits on its own; stretches such as 567
    or 11 recur far more often than whole suits do, so a suit never seen
    before is mostly made of stretches already split."""
    stretches: list[tuple[SuitReading, ...]] = []
    pair_stretches = 0
    single = True
    begin = 0
    previous = tiles[0]
    # A tile past the end closes the last stretch.
    for index, tile in enumerate((*tiles, TILE_KINDS)):
        if tile > previous + 1:
            part = tiles[begin:index]
            # The memo is looked in here first: most stretches are in it,
            # and the call is saved.
            splits = _splits_by_tiles.get(part)
            if splits is None:
                splits = _stretch_splits(part)
            if not splits:
                return ()
            if splits[0][0] is not None:
                pair_stretches += 1
            single = single and len(splits) == 1
            stretches.append(splits)
            begin = index
        previous = tile
    if pair_stretches > 1:
        return ()
    if len(stretches) == 1:
        return stretches[0]
    if single:
        # Each stretch splits one way, as in most suits: one split, no product.
        pair = None
        sets: tuple[Block, ...] = ()
        for ((stretch_pair, blocks),) in stretches:
            if stretch_pair is not None:
                pair = stretch_pair
            sets += blocks
        return ((pair, sets),)
    found: list[SuitReading] = []
    for combination in product(*stretches):
        pair = None
        sets = ()
        for stretch_pair, blocks in combination:
            if stretch_pair is not None:
                pair = stretch_pair
            sets += blocks
        found.append((pair, sets))
    if len(found) > 1:
        # The order the search over the whole suit would give (see
        # `split_suit_counts`), so that a reading's rank among equals does not
        # depend on how it was found.
        found.sort(key=_search_order)
    return tuple(found)


def _search_order(reading: SuitReading) -> tuple[int, tuple[tuple[int, bool], ...]]:
    pair, sets = reading
    return (-1 if pair is None else pair, tuple((block.first, block.kind is _SHUNTSU) for block in sets))


def _splits_at_all(counts: list[int], runs_allowed: bool) -> bool:
    """Whether one suit's counts split into sets.  For the lowest rank left,
    three identical runs are the same tiles as three triplets, so taking
    `count % 3` runs and the rest as triplets loses no split."""
    if not runs_allowed:
        return all(count in (0, 3) for count in counts)
    carry1 = carry2 = 0
    for count in counts:
        # Runs started at the two ranks below use up tiles here first.
        left = count - carry1 - carry2
        if left < 0:
            return False
        runs = left % 3
        carry2 = carry1
        carry1 = runs
    return carry1 == 0 and carry2 == 0


def regular_readings(counts: list[int], called: tuple[Block, ...] = ()) -> Iterator[Decomposition]:
    """Sets and a pair from concealed counts of any size (3n+2 tiles), put
    together from each suit's own splits; `called` sets come first."""
    keys = [pack(counts, start, length) for start, length in zip(SUIT_STARTS, SUIT_LENGTHS, strict=True)]
    yield from _readings_of_keys(keys, called)


def _suit_splits(tiles: tuple[Tile, ...]) -> tuple[SuitReading, ...]:
    """The splits of one suit's sorted tiles.  (`_readings_of_tiles` looks
    in the memo itself first, saving a call on the path most hands take.)"""
    splits = _splits_by_tiles.get(tiles)
    if splits is None:
        splits = _number_suit_splits(tiles) if tiles[0] < EAST else _honour_splits(tiles)
        _splits_by_tiles[tiles] = splits
    return splits


def _honour_splits(tiles: tuple[Tile, ...]) -> tuple[SuitReading, ...]:
    """The one split (or none) of sorted honour tiles, read off their counts:
    honours make no runs, so a kind held three times is a triplet, one held
    twice the pair, and a kind held once or four times splits no way.  The
    general search (`split_suit_counts`) gives the same, at many times the
    cost of this, which every honour suit not met before pays."""
    sets: list[Block] = []
    pair = None
    for tile in sorted(set(tiles)):
        count = tiles.count(tile)
        if count == 3:
            sets.append(_TRIPLET_BLOCKS[tile])
        elif count == 2 and pair is None:
            pair = tile
        else:
            return ()
    return ((pair, tuple(sets)),)


def _readings_of_tiles(concealed: tuple[Tile, ...], called: tuple[Block, ...]) -> list[Decomposition]:
    """Regular readings of sorted concealed tiles, suit by suit."""
    per_suit = []
    single = True
    start = 0
    for end in (bisect_left(concealed, 9), bisect_left(concealed, 18), bisect_left(concealed, EAST), len(concealed)):
        if end > start:
            part = concealed[start:end]
            splits = _splits_by_tiles.get(part)
            if splits is None:
                splits = _suit_splits(part)
            if not splits:
                return []
            per_suit.append(splits)
            single = single and len(splits) == 1
            start = end
    return _combined(per_suit, single, called)


def _readings_of_keys(keys: Sequence[int], called: tuple[Block, ...]) -> list[Decomposition]:
    per_suit = []
    single = True
    for suit, key in enumerate(keys):
        if key:
            splits = _suit_readings_cache[suit].get(key)
            if splits is None:
                splits = suit_readings_of_key(suit, key)
            if not splits:
                return []
            per_suit.append(splits)
            single = single and len(splits) == 1
    return _combined(per_suit, single, called)


def _combined(per_suit: list[tuple[SuitReading, ...]], single: bool, called: tuple[Block, ...]) -> list[Decomposition]:
    """Decompositions from each suit's splits: one pair among them all."""
    if single:
        # Each suit splits one way, as most do: one reading or none, no product.
        pair = None
        sets = called
        for ((suit_pair, blocks),) in per_suit:
            if suit_pair is not None:
                if pair is not None:
                    return []
                pair = suit_pair
            sets += blocks
        if pair is None:
            return []
        return [Decomposition(_REGULAR, sets, pair)]
    found = []
    for combination in product(*per_suit):
        pair = None
        sets = called
        for suit_pair, blocks in combination:
            if suit_pair is not None:
                if pair is not None:
                    break
                pair = suit_pair
            sets += blocks
        else:
            if pair is not None:
                found.append(Decomposition(_REGULAR, sets, pair))
    return found


def decompositions(hand: Hand, rules: Rules = Rules.RIICHI) -> list[Decomposition]:
    """Every reading of a complete hand under `rules`; empty if it is not one."""
    if hand.tile_count != 14:
        return []
    concealed = hand.concealed
    called = tuple([block_of_meld(meld) for meld in hand.melds]) if hand.melds else ()
    found = _readings_of_tiles(concealed, called)
    if not hand.melds:
        ordered = concealed  # sorted, as Hand keeps it
        # Seven pairs: the sorted tiles pair off, one kind with the next.
        if ordered[0] == ordered[1] and ordered[0::2] == ordered[1::2] and (rules is _MCR or len(set(ordered)) == 7):
            found.append(Decomposition(_SEVEN_PAIRS, pairs=tuple(ordered[0::2])))
        # Fourteen tiles of exactly the thirteen kinds (from 1m to the red
        # dragon): one of them is doubled.
        if ordered[0] == 0 and ordered[-1] == TILE_KINDS - 1 and set(ordered) == TERMINAL_OR_HONOUR_TILES:
            pair = next(tile for tile in TERMINALS_AND_HONOURS if concealed.count(tile) == 2)
            found.append(Decomposition(_THIRTEEN_ORPHANS, pair=pair))
    if rules is _MCR:
        found.extend(_mcr_knitted(hand.concealed_counts(), called))
    return found


def _mcr_knitted(counts: list[int], called: tuple[Block, ...]) -> Iterator[Decomposition]:
    if not called:
        special = _honours_and_knitted(counts)
        if special is not None:
            yield special
    if len(called) > 1:
        return
    knitted = knitted_set_within(counts)
    if knitted is None:
        return
    for tile in knitted:
        counts[tile] -= 1
    if splits_regular(counts):
        for rest in regular_readings(counts, called):
            yield Decomposition(ShapeKind.KNITTED_STRAIGHT, sets=rest.sets, pair=rest.pair, knitted=knitted)
    for tile in knitted:
        counts[tile] += 1


def is_complete(hand: Hand, rules: Rules = Rules.RIICHI) -> bool:
    """Whether a 14-tile hand is a winning shape under `rules`."""
    if hand.tile_count != 14:
        return False
    return is_complete_counts(hand.concealed_counts(), not hand.melds, len(hand.melds), rules)


def is_complete_counts(counts: list[int], closed: bool, meld_count: int, rules: Rules) -> bool:
    """`is_complete` on a concealed count array: the fast path that waits use."""
    if splits_regular(counts):
        return True
    if closed and (is_seven_pairs(counts, rules) or is_thirteen_orphans(counts)):
        return True
    if rules is Rules.MCR:
        if closed and _honours_and_knitted(counts) is not None:
            return True
        if meld_count <= 1:
            knitted = knitted_set_within(counts)
            if knitted is not None:
                rest = list(counts)
                for tile in knitted:
                    rest[tile] -= 1
                return splits_regular(rest)
    return False
