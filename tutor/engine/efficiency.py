"""Hand efficiency: shanten, ukeire and the table of discards.

Shanten is how many tiles a hand lacks before it is tenpai (0 tenpai, -1
complete).  The regular shape is counted by blocks, as the `mahjong` library
and most tools count it: with M sets (called ones included), one pair chosen
as the head and T' partial sets (further pairs, two-tile runs), the hand is
`8 - 2M - head - min(T', 4 - M)` tiles from tenpai.  Two corrections keep a
hand from counting on a fifth copy of a tile: a hand with no pair whose only
loose tiles are tiles already held four times needs one tile more, and an
honour held four times (three as a set, one loose) can never be a pair.  A
called hand that the blocks put at tenpai is also asked whether any of its
waits is live, since calls can hold every copy of the tile a partial set
needs (see `_dead_tenpai`), and one the blocks put one tile from tenpai
whether an unseen tile takes it to a live tenpai (see `_dead_step`); a
knitted set missing a tile all in sight is no route at all.  Given only
concealed tiles, the count is the `mahjong` library's exactly.

The blocks each suit can make depend on that suit's tiles alone, so they are
found once per suit shape and memoised (as the completeness table in
`suit_table` does), and a hand is put together from its suits' tables.
Joining four tables is itself memoised by the tables, which repeat far more
than hands do; this is what makes a table of every discard and every draw
cheap.  Most riichi hands need only the head half of each table (see "Most
hands" below), and every number suit's head table is stored in the package
(`number_heads`), so that even a new process builds almost no tables.

Seven pairs, thirteen orphans and MCR's knitted shapes are counted from the
tiles directly, each shape's own figure kept beside the minimum.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, Final, Generic, TypeVar

from tutor.engine import number_heads
from tutor.engine.hand import Hand, Meld
from tutor.engine.memo import memo
from tutor.engine.rules import Rules
from tutor.engine.shapes import KNITTED_SETS
from tutor.engine.suit_table import unpack
from tutor.engine.tiles import COPIES, EAST, HONOURS, TERMINALS_AND_HONOURS, TILE_KINDS, Tile
from tutor.engine.waits import Wait, waits, winning_tiles

COMPLETE: Final = -1
TENPAI: Final = 0

MAX_SETS: Final = 4
_CAP: Final = 4
"""No part's partial sets need counting past four: a hand uses at most four
blocks.  A table counts them only up to the room its sets leave (four less
its sets), which loses nothing and makes equal tables of more parts."""

# What the loose tiles of a split are, for the fifth-copy correction.
_NO_LOOSE: Final = 0
_ONLY_EXHAUSTED: Final = 1
"""Every loose tile is of a kind all four copies of which the hand holds."""
_SOME_FREE: Final = 2
"""Some loose tile could still find its pair."""

_UNREACHABLE: Final = -99
_NO_FIGURE: Final = 99
"""Above any shape's figure: no bound."""


@dataclass(slots=True)
class Shanten:
    """A hand's distance from tenpai: the minimum over the shapes its rules
    accept, and each shape's own figure (None where the shape cannot be
    made, such as seven pairs with a called set).  Not frozen: one is made
    for every hand counted, and a frozen dataclass is slower to build."""

    shanten: int
    regular: int
    seven_pairs: int | None = None
    thirteen_orphans: int | None = None
    knitted_straight: int | None = None
    """MCR 组合龙 with one more set and a pair."""
    honours_and_knitted: int | None = None
    """MCR 全不靠 (七星不靠 is the same shape holding all seven honours)."""

    def by_shape(self) -> dict[str, int]:
        """Each shape that can be made, by the name `shapes.ShapeKind` gives it."""
        figures = {
            "regular": self.regular,
            "seven_pairs": self.seven_pairs,
            "thirteen_orphans": self.thirteen_orphans,
            "knitted_straight": self.knitted_straight,
            "honours_and_knitted": self.honours_and_knitted,
        }
        return {name: value for name, value in figures.items() if value is not None}


@dataclass(frozen=True, slots=True)
class TileCount:
    """A tile that improves a hand and how many copies of it are unseen."""

    tile: Tile
    count: int


@dataclass(frozen=True, slots=True)
class Ukeire:
    """The tiles that lower a 13-tile hand's shanten, in tile order, and how
    many copies of them are still unseen from the hand's point of view."""

    tiles: tuple[TileCount, ...]

    @property
    def count(self) -> int:
        return sum(item.count for item in self.tiles)


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One discard of a 14-tile hand and the 13-tile hand it leaves."""

    discard: Tile
    shanten: int
    ukeire: Ukeire
    """Counted with the discarded copy in sight, as Tenhou counts it: for
    `123m456p789s11z222z`, discard 2m accepts 2m x3 (not x4)."""
    waits: tuple[Wait, ...]
    """The waits when the discard leaves the hand tenpai."""


# ---------------------------------------------------------------------------
# A table: the best partial-set count for each number of sets.

_State = tuple[int, int, int, int]
"""Sets, partial sets (two-tile runs), pairs, and what the loose tiles are."""

_Table = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""What some of a hand's tiles can make.  For m = 0..4 sets: the most
partial sets with no head chosen among them (pairs counted as partial sets),
the most with one of their pairs as the head, and, flattened by (m, loose),
the most partial sets of splits using no pair at all."""

_Item = TypeVar("_Item")


class _Numbering(Generic[_Item]):
    """Numbers for tables: equal tables share one, so memos key on small
    ints; `items` gives a number's table back."""

    def __init__(self) -> None:
        self._numbers: dict[_Item, int] = {}
        self.items: list[_Item] = []

    def number(self, item: _Item) -> int:
        found = self._numbers.get(item)
        if found is None:
            found = len(self.items)
            self._numbers[item] = found
            self.items.append(item)
        return found


_full_tables: Final = _Numbering[_Table]()
_tables: Final = _full_tables.items
_intern: Final = _full_tables.number


def _merge_loose(first: int, second: int) -> int:
    """Loose tiles of two parts: free if either has a free one."""
    return max(first, second)


def _table_of_states(states: frozenset[_State]) -> int:
    any_head = [_UNREACHABLE] * (MAX_SETS + 1)
    own_head = [_UNREACHABLE] * (MAX_SETS + 1)
    no_pair = [_UNREACHABLE] * ((MAX_SETS + 1) * 3)
    for sets, partial, pairs, loose in states:
        any_head[sets] = max(any_head[sets], min(partial + pairs, MAX_SETS - sets))
        if pairs:
            own_head[sets] = max(own_head[sets], min(partial + pairs - 1, MAX_SETS - sets))
        else:
            index = sets * 3 + loose
            no_pair[index] = max(no_pair[index], min(partial, MAX_SETS - sets))
    return _intern((tuple(any_head), tuple(own_head), tuple(no_pair)))


_EMPTY_TABLE: Final = _table_of_states(frozenset({(0, 0, 0, _NO_LOOSE)}))

_pairs_joined: dict[int, int] = memo("efficiency.pairs_joined", {})

_KEY_SHIFT: Final = 1 << 20
"""Memo keys pack two small ints into one (an int hashes faster than a
tuple): table numbers stay far below this, as do masks (9 bits) and fixed
set counts."""


def _join(first: int, second: int) -> int:
    """The table of two parts of a hand together.  Memoised: tables are few
    (a few hundred), so most joins have been made before."""
    # Joining is symmetric: one order makes more memo hits.
    if first > second:
        first, second = second, first
    memo_key = first * _KEY_SHIFT + second
    number = _pairs_joined.get(memo_key)
    if number is None:
        number = _joined_table(first, second)
        _pairs_joined[memo_key] = number
    return number


_Entries = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...]]

_entries_memo: dict[int, _Entries] = memo("efficiency.entries_memo", {})


def _entries(number: int) -> _Entries:
    """A table's reachable entries only, (sets, partial) and (sets, loose,
    partial): most of a table is unreachable, and joins loop over what is not."""
    found = _entries_memo.get(number)
    if found is None:
        any_head, own_head, no_pair = _tables[number]
        found = (
            tuple((sets, value) for sets, value in enumerate(any_head) if value >= 0),
            tuple((sets, value) for sets, value in enumerate(own_head) if value >= 0),
            tuple((index // 3, index % 3, value) for index, value in enumerate(no_pair) if value >= 0),
        )
        _entries_memo[number] = found
    return found


def _joined_table(first: int, second: int) -> int:
    any_a, own_a, none_a = _entries(first)
    any_b, own_b, none_b = _entries(second)
    any_head = [_UNREACHABLE] * (MAX_SETS + 1)
    own_head = [_UNREACHABLE] * (MAX_SETS + 1)
    no_pair = [_UNREACHABLE] * ((MAX_SETS + 1) * 3)
    for sets_a, partial_a in any_a:
        for sets_b, partial_b in any_b:
            sets = sets_a + sets_b
            if sets <= MAX_SETS:
                any_head[sets] = max(any_head[sets], min(partial_a + partial_b, MAX_SETS - sets))
        for sets_b, partial_b in own_b:
            sets = sets_a + sets_b
            if sets <= MAX_SETS:
                own_head[sets] = max(own_head[sets], min(partial_a + partial_b, MAX_SETS - sets))
    for sets_a, partial_a in own_a:
        for sets_b, partial_b in any_b:
            sets = sets_a + sets_b
            if sets <= MAX_SETS:
                own_head[sets] = max(own_head[sets], min(partial_a + partial_b, MAX_SETS - sets))
    for sets_a, loose_a, partial_a in none_a:
        for sets_b, loose_b, partial_b in none_b:
            sets = sets_a + sets_b
            if sets <= MAX_SETS:
                index = sets * 3 + _merge_loose(loose_a, loose_b)
                no_pair[index] = max(no_pair[index], min(partial_a + partial_b, MAX_SETS - sets))
    return _intern((tuple(any_head), tuple(own_head), tuple(no_pair)))


# ---------------------------------------------------------------------------
# One number suit: every split into sets, pairs, partial sets and loose tiles.

_tail_tables: dict[tuple[tuple[int, ...], int], int] = memo("efficiency.tail_tables", {})


def _tail_table(counts: tuple[int, ...], exhausted: int) -> int:
    """The table of a number suit's tail: `counts` are its ranks from the
    lowest still to split, and bit i of `exhausted` says the hand holds all
    four copies of the tail's rank i.  Memoised by the tail: tails recur
    across suits far more than whole suits do."""
    key = (counts, exhausted)
    found = _tail_tables.get(key)
    if found is not None:
        return found
    if not counts:
        found = _EMPTY_TABLE
    elif counts[0] == 0:
        found = _tail_table(counts[1:], exhausted >> 1)
    else:
        found = _front_splits(counts, exhausted)
    _tail_tables[key] = found
    return found


def _front_splits(counts: tuple[int, ...], exhausted: int) -> int:
    """The table of a tail whose lowest rank is held: every way of using that
    rank's copies (runs, a triplet, a pair, partial sets, loose tiles), each
    with the table of what it leaves, written straight into one table."""
    next1 = counts[1] if len(counts) > 1 else 0
    next2 = counts[2] if len(counts) > 2 else 0
    any_head = [_UNREACHABLE] * (MAX_SETS + 1)
    own_head = [_UNREACHABLE] * (MAX_SETS + 1)
    no_pair = [_UNREACHABLE] * ((MAX_SETS + 1) * 3)
    for used1, used2, states in _front_options(counts[0], next1, next2, exhausted & 1):
        rest = list(counts[1:])
        if used1:
            rest[0] -= used1
        if used2:
            rest[1] -= used2
        tail_any, tail_own, tail_none = _entries(_tail_table(tuple(rest), exhausted >> 1))
        # Written out with plain comparisons: this loop builds every table.
        for front_sets, front_partial, front_pair, front_loose in states:
            for tail_sets, partial in tail_any:
                sets = front_sets + tail_sets
                if sets > MAX_SETS:
                    continue
                room = MAX_SETS - sets
                value = front_partial + front_pair + partial
                if value > room:
                    value = room
                if value > any_head[sets]:
                    any_head[sets] = value
                if front_pair:
                    # This rank's pair is the head.
                    value = front_partial + partial
                    if value > room:
                        value = room
                    if value > own_head[sets]:
                        own_head[sets] = value
            for tail_sets, partial in tail_own:
                sets = front_sets + tail_sets
                if sets <= MAX_SETS:
                    room = MAX_SETS - sets
                    value = front_partial + front_pair + partial
                    if value > room:
                        value = room
                    if value > own_head[sets]:
                        own_head[sets] = value
            if not front_pair:
                for tail_sets, loose, partial in tail_none:
                    sets = front_sets + tail_sets
                    if sets <= MAX_SETS:
                        room = MAX_SETS - sets
                        index = sets * 3 + (loose if loose > front_loose else front_loose)
                        value = front_partial + partial
                        if value > room:
                            value = room
                        if value > no_pair[index]:
                            no_pair[index] = value
    return _intern((tuple(any_head), tuple(own_head), tuple(no_pair)))


_front_memo: dict[tuple[int, int, int, int], tuple[tuple[int, int, tuple[_State, ...]], ...]] = memo(
    "efficiency.front_memo", {}
)


def _front_options(
    here: int, next1: int, next2: int, exhausted: int
) -> tuple[tuple[int, int, tuple[_State, ...]], ...]:
    """The ways to use a rank's `here` copies with `next1` and `next2` copies
    of the two ranks above, grouped by how many they take from those two
    ranks: (sets, partial sets, pair, loose) of the rank's own share.  Few
    enough to keep them all (at most 5 x 5 x 5 x 2)."""
    memo_key = (here, next1, next2, exhausted)
    cached = _front_memo.get(memo_key)
    if cached is not None:
        return cached
    loose_kind = _ONLY_EXHAUSTED if exhausted else _SOME_FREE
    by_use: dict[tuple[int, int], set[_State]] = {}
    for runs in range(min(here, next1, next2) + 1):
        for triplet in (0, 1) if here - runs >= 3 else (0,):
            for pair in (0, 1) if here - runs - 3 * triplet >= 2 else (0,):
                spare = here - runs - 3 * triplet - 2 * pair
                for side in range(min(spare, next1 - runs) + 1):
                    for gap in range(min(spare - side, next2 - runs) + 1):
                        loose = loose_kind if spare - side - gap else _NO_LOOSE
                        state = (runs + triplet, min(side + gap, _CAP), pair, loose)
                        by_use.setdefault((runs + side, runs + gap), set()).add(state)
    cached = tuple((used1, used2, tuple(sorted(states))) for (used1, used2), states in by_use.items())
    _front_memo[memo_key] = cached
    return cached


_number_tables: dict[int, int] = memo("efficiency.number_tables", {})


def _number_table(key: int, exhausted: int) -> int:
    """The table of a number suit given by its packed key (see
    `suit_table.pack`) and the ranks the hand holds four times.

    No set or partial set spans two empty ranks, so the suit is cut there
    into groups, each counted on its own (by its shape, wherever it lies:
    46m and 13p split alike) and the groups' tables joined.  Group shapes
    are far fewer than suits, so a suit never seen before is mostly made of
    groups already counted.
    """
    memo_key = key * 512 + exhausted
    number = _number_tables.get(memo_key)
    if number is None:
        counts = []
        rest = key
        for _ in range(9):
            counts.append(rest % 5)
            rest //= 5
        number = _EMPTY_TABLE
        for group in _group_tables(counts, exhausted):
            number = _join(number, group)
        _number_tables[memo_key] = number
    return number


def _group_tables(counts: Sequence[int], exhausted: int) -> list[int]:
    """The tables of a number suit's groups: its runs of held ranks, cut
    where two empty ranks lie between (no block spans them)."""
    tables = []
    start = 0
    while start < 9:
        if not counts[start]:
            start += 1
            continue
        end = start + 1
        while end < 9 and (counts[end] or (end + 1 < 9 and counts[end + 1])):
            end += 1
        group = tuple(counts[start:end])
        tables.append(_tail_table(group, exhausted >> start & ((1 << (end - start)) - 1)))
        start = end
    return tables


_honour_tables: dict[tuple[int, int], tuple[int, int]] = memo("efficiency.honour_tables", {})

_HONOUR_USES: Final = {
    1: ((0, 0, 1),),
    2: ((0, 1, 0), (0, 0, 2)),
    3: ((1, 0, 0), (0, 1, 1), (0, 0, 3)),
    4: ((1, 0, 1), (0, 1, 2)),
}
"""The ways to use one honour's copies (they make no runs): (sets, pairs,
loose copies).  A pair from three copies matters when the hand has more sets
than it needs, as what a knitted straight leaves may have."""


def _honour_table(key: int, exhausted: int) -> tuple[int, int]:
    """The honours' table and how many honours are held four times."""
    memo_key = (key, exhausted)
    cached = _honour_tables.get(memo_key)
    if cached is None:
        states = {(0, 0, 0, _NO_LOOSE)}
        quads = 0
        rest = key
        for rank in range(7):
            count = rest % 5
            rest //= 5
            if not count:
                continue
            quads += count == COPIES
            kind = _ONLY_EXHAUSTED if exhausted >> rank & 1 else _SOME_FREE
            states = {
                (
                    min(sets + more_sets, MAX_SETS),
                    0,
                    min(pairs + more_pairs, _CAP + 1),
                    max(loose, kind if spare else 0),
                )
                for sets, _, pairs, loose in states
                for more_sets, more_pairs, spare in _HONOUR_USES[count]
            }
        cached = (_table_of_states(frozenset(states)), quads)
        _honour_tables[memo_key] = cached
    return cached


_shanten_of_table: dict[int, int] = memo("efficiency.shanten_of_table", {})


def _table_shanten(number: int, fixed: int) -> int:
    """The regular shanten of a whole hand's table with `fixed` sets made
    (called, or given by a knitted straight), before the honour-quad bound."""
    memo_key = number * 8 + fixed
    result = _shanten_of_table.get(memo_key)
    if result is None:
        _, own_head, no_pair = _tables[number]
        result = 8
        for sets in range(MAX_SETS + 1 - fixed):
            made = sets + fixed
            room = MAX_SETS - made
            if own_head[sets] >= 0:
                result = min(result, 8 - 2 * made - 1 - min(own_head[sets], room))
            for loose in range(3):
                partial = no_pair[sets * 3 + loose]
                if partial >= 0:
                    # No pair, and every loose tile's copies all in sight:
                    # the pair still to find needs one tile more.
                    penalty = 1 if loose == _ONLY_EXHAUSTED else 0
                    result = min(result, 8 - 2 * made - min(partial, room) + penalty)
        _shanten_of_table[memo_key] = result
    return result


# ---------------------------------------------------------------------------
# Most hands: tables of heads only.
#
# A table's third part (splits with no pair, by what their loose tiles are)
# exists for the fifth-copy correction alone, which needs a kind held four
# times.  Without one, the best split with no head is never better than the
# best that counts its pairs as partial sets or takes one as the head, so a
# table is its first two parts: few enough (a few dozen) that nearly every
# join of two is met again, even by a process that has just started.  A
# concealed hand holding a kind four times is counted here too when a split
# with a head reaches its least count (no correction applies to those);
# the rest, a few in a thousand, take the full tables above.

_HeadTable = tuple[tuple[int, ...], tuple[int, ...]]
"""For m = 0..4 sets: the most partial sets with no head chosen (pairs
counted as partial sets), and the most with one pair as the head."""

_head_numbering: Final = _Numbering[_HeadTable]()
_head_tables: Final = _head_numbering.items
_intern_head_table: Final = _head_numbering.number


_heads_of_tables: dict[int, int] = memo("efficiency.heads_of_tables", {})


def _head_table_of(number: int) -> int:
    """The head table of a full table: its first two parts."""
    found = _heads_of_tables.get(number)
    if found is None:
        any_head, own_head, _ = _tables[number]
        found = _intern_head_table((any_head, own_head))
        _heads_of_tables[number] = found
    return found


_head_joins: dict[int, int] = memo("efficiency.head_joins", {})


def _join_heads(first: int, second: int) -> int:
    """The head table of two parts together, memoised under both orders so
    that callers need not sort the pair."""
    memo_key = first * _KEY_SHIFT + second
    number = _head_joins.get(memo_key)
    if number is None:
        number = _joined_head_table(first, second)
        _head_joins[memo_key] = number
        _head_joins[second * _KEY_SHIFT + first] = number
    return number


def _joined_head_table(first: int, second: int) -> int:
    """What `_joined_table` does for the first two parts (they never read
    the third)."""
    any_a, own_a = _head_tables[first]
    any_b, own_b = _head_tables[second]
    any_head = [_UNREACHABLE] * (MAX_SETS + 1)
    own_head = [_UNREACHABLE] * (MAX_SETS + 1)
    for sets_a in range(MAX_SETS + 1):
        if any_a[sets_a] < 0:
            # A head is a pair, so where no split reaches, none with a head does.
            continue
        for sets_b in range(MAX_SETS + 1 - sets_a):
            if any_b[sets_b] < 0:
                continue
            sets = sets_a + sets_b
            room = MAX_SETS - sets
            any_head[sets] = max(any_head[sets], min(any_a[sets_a] + any_b[sets_b], room))
            if own_a[sets_a] >= 0:
                own_head[sets] = max(own_head[sets], min(own_a[sets_a] + any_b[sets_b], room))
            if own_b[sets_b] >= 0:
                own_head[sets] = max(own_head[sets], min(any_a[sets_a] + own_b[sets_b], room))
    return _intern_head_table((tuple(any_head), tuple(own_head)))


_head_shanten: dict[int, tuple[int, bool]] = memo("efficiency.head_shanten", {})


def _head_table_shanten(number: int, fixed: int) -> tuple[int, bool]:
    """The regular shanten of a whole hand's head table with `fixed` sets
    called (`_table_shanten` with no fifth-copy correction to make), and
    whether a split with a head reaches it.  Only splits without a pair can
    need the correction, so where a head reaches the least, the figure holds
    even for a hand holding a kind four times."""
    memo_key = number * 8 + fixed
    found = _head_shanten.get(memo_key)
    if found is None:
        any_head, own_head = _head_tables[number]
        with_head = without_head = 8
        for sets in range(MAX_SETS + 1 - fixed):
            made = sets + fixed
            room = MAX_SETS - made
            if own_head[sets] >= 0:
                with_head = min(with_head, 8 - 2 * made - 1 - min(own_head[sets], room))
            if any_head[sets] >= 0:
                without_head = min(without_head, 8 - 2 * made - min(any_head[sets], room))
        found = (min(with_head, without_head), with_head <= without_head)
        _head_shanten[memo_key] = found
    return found


# What a suit's count vector holds, packed into one int so that a hand's
# figures are the sum of its four suits' (each field stays below 16).
_PAIRS_UNIT: Final = 1
"""Kinds held twice or more (seven pairs)."""
_KINDS_UNIT: Final = 1 << 4
"""Kinds held at all (seven pairs wants seven different ones)."""
_ORPHAN_KINDS_UNIT: Final = 1 << 8
"""Terminal and honour kinds held (thirteen orphans)."""
_ORPHAN_PAIRS_UNIT: Final = 1 << 12
"""Terminal and honour kinds held twice or more."""
_FOURS_UNIT: Final = 1 << 16
"""Kinds held four times, which may call for the fifth-copy correction."""
_HONOUR_FOURS_UNIT: Final = 1 << 20
"""Honours held four times (the honour-quad bound)."""
_FIELD: Final = 15

_SuitFacts = tuple[int, int]
"""A suit's head table and its packed figures."""

_number_facts: dict[int, _SuitFacts] = memo("efficiency.number_facts", {})
_honour_facts: dict[int, _SuitFacts] = memo("efficiency.honour_facts", {})


def _figures(counts: Sequence[int], orphan_ranks: Sequence[int]) -> int:
    """The packed figures of one suit's counts."""
    figures = 0
    for rank, count in enumerate(counts):
        if count:
            figures += _KINDS_UNIT + (_PAIRS_UNIT if count >= 2 else 0) + (_FOURS_UNIT if count == COPIES else 0)
            if rank in orphan_ranks:
                figures += _ORPHAN_KINDS_UNIT + (_ORPHAN_PAIRS_UNIT if count >= 2 else 0)
    return figures


@dataclass(frozen=True, slots=True)
class _StoredHeads:
    """The stored head tables of number suits (see `number_heads`), and
    what turns a suit's packed key into its place among them."""

    numbers: tuple[int, ...]
    """Each stored table's number here."""
    suits: bytes
    """The stored table of each suit, by its place."""
    low: list[tuple[int, int]]
    """For ranks 1-4 packed in base 5: their share of the place and of the
    packed figures (the key modulo 5**4)."""
    high: list[tuple[int, int]]
    """The same for ranks 5-9 (the key divided by 5**4)."""


_LOW_RANKS: Final = 4
_LOW_KEYS: Final = 5**_LOW_RANKS
_stored_heads: list[_StoredHeads] = []


def _stored_number_heads() -> _StoredHeads:
    """The stored heads, read at the first suit not met before, so that a
    process counting no hand never reads the file."""
    if not _stored_heads:
        tables, suits = number_heads.read()
        numbers = tuple(_intern_head_table(table) for table in tables)
        low = _rank_shares(0, _LOW_RANKS)
        high = _rank_shares(_LOW_RANKS, 9 - _LOW_RANKS)
        _stored_heads.append(_StoredHeads(numbers, suits, low, high))
    return _stored_heads[0]


def _rank_shares(first: int, ranks: int) -> list[tuple[int, int]]:
    """For every count vector of `ranks` ranks from `first`, in the order
    of their base-5 keys: their share of the stored place (base 4; a count
    of four runs over, but its figures say so) and of the packed figures.
    Built rank by rank from the highest, the key of the ranks above being
    the more significant."""
    shares = [(0, 0)]
    for rank in range(first + ranks - 1, first - 1, -1):
        own = [(count << 2 * rank, _figures([count], (0,) if rank in (0, 8) else ())) for count in range(5)]
        shares = [
            (place + own_place, figures + own_figures) for place, figures in shares for own_place, own_figures in own
        ]
    return shares


def _number_suit_facts(key: int) -> _SuitFacts:
    """A number suit's head table and figures, by its packed key."""
    found = _number_facts.get(key)
    if found is None:
        stored = _stored_number_heads()
        low_place, low_figures = stored.low[key % _LOW_KEYS]
        high_place, high_figures = stored.high[key // _LOW_KEYS]
        figures = low_figures + high_figures
        if figures >= _FOURS_UNIT:
            # Not stored, and never read: a hand holding a kind four times
            # takes the full count.  Its full table's head keeps the facts whole.
            counts = unpack(key, 9)
            exhausted = sum(1 << rank for rank, count in enumerate(counts) if count == COPIES)
            table = _head_table_of(_number_table(key, exhausted))
        else:
            table = stored.numbers[stored.suits[low_place + high_place]]
        found = (table, figures)
        _number_facts[key] = found
    return found


def computed_number_heads() -> tuple[list[number_heads.HeadTable], bytes]:
    """Every number suit's head table counted by the full tables, as
    `number_heads` stores them: the distinct tables and one byte per suit."""
    tables: list[number_heads.HeadTable] = []
    numbers: dict[number_heads.HeadTable, int] = {}
    suits = bytearray(number_heads.SLOTS)
    for index in range(number_heads.SLOTS):
        counts = number_heads.suit_counts(index)
        if sum(counts) > number_heads.MOST_TILES:
            suits[index] = number_heads.NO_SUIT
            continue
        table = _EMPTY_TABLE
        for group in _group_tables(counts, 0):
            table = _join(table, group)
        any_head, own_head, _ = _tables[table]
        suits[index] = numbers.setdefault((any_head, own_head), len(numbers))
    tables = list(numbers)
    return tables, bytes(suits)


_honour_heads: dict[tuple[int, ...], int] = memo("efficiency.honour_heads", {})


def _honour_suit_facts(key: int) -> _SuitFacts:
    """The honours' head table and figures, by their packed key."""
    found = _honour_facts.get(key)
    if found is None:
        counts = sorted(unpack(key, 7), reverse=True)
        # Honours make no runs, so which kinds are held does not matter,
        # only how many of them are held once, twice, ...: the table is
        # counted once for the counts in order.
        table = _honour_heads.get(tuple(counts))
        if table is None:
            ordered = sum(count * _PLACE[rank] for rank, count in enumerate(counts))
            exhausted = sum(1 << rank for rank, count in enumerate(counts) if count == COPIES)
            table = _head_table_of(_honour_table(ordered, exhausted)[0])
            _honour_heads[tuple(counts)] = table
        found = (table, _figures(counts, range(7)) + counts.count(COPIES) * _HONOUR_FOURS_UNIT)
        _honour_facts[key] = found
    return found


def _riichi_shanten_if_free(concealed: Sequence[Tile], melds: Sequence[Meld]) -> Shanten | None:
    """The riichi shanten of a hand from head tables alone, or None where
    they cannot tell it: a called hand holding a kind four times (melds
    included; it may also have a dead wait), and a concealed one whose least
    count needs a split without a pair (which may need the fifth-copy
    correction).  Those, a few in a hundred, take the full count."""
    wide = sum(map(_WIDE_PLACE.__getitem__, concealed))
    # The memos are read here first: this runs for every hand counted.
    key = wide & _SUIT_BITS
    first = _number_facts.get(key) or _number_suit_facts(key)
    key = wide >> 21 & _SUIT_BITS
    second = _number_facts.get(key) or _number_suit_facts(key)
    key = wide >> 42 & _SUIT_BITS
    third = _number_facts.get(key) or _number_suit_facts(key)
    key = wide >> 63
    honours = _honour_facts.get(key) or _honour_suit_facts(key)
    figures = first[1] + second[1] + third[1] + honours[1]
    if melds and (figures >= _FOURS_UNIT or _melds_hold_four(wide, melds)):
        return None
    joins = _head_joins
    suits = joins.get(first[0] * _KEY_SHIFT + second[0]) or _join_heads(first[0], second[0])
    numbers = joins.get(suits * _KEY_SHIFT + third[0]) or _join_heads(suits, third[0])
    table = joins.get(numbers * _KEY_SHIFT + honours[0]) or _join_heads(numbers, honours[0])
    fixed = (14 - len(concealed)) // 3
    regular, head_reaches = _head_shanten.get(table * 8 + fixed) or _head_table_shanten(table, fixed)
    if melds:
        return Shanten(regular, regular)
    if figures >= _FOURS_UNIT:
        if not head_reaches:
            return None
        regular = _bounded(regular, figures >> 20 & _FIELD, len(concealed))
    pairs = figures & _FIELD
    kinds = figures >> 4 & _FIELD
    seven = COMPLETE if pairs == 7 else 6 - pairs + max(0, 7 - kinds)
    orphans = 13 - (figures >> 8 & _FIELD) - (1 if figures >> 12 & _FIELD else 0)
    return Shanten(min(regular, seven, orphans), regular, seven, orphans)


def _melds_hold_four(wide: int, melds: Sequence[Meld]) -> bool:
    """Whether the melds, with the concealed tiles packed in `wide`, hold
    all four copies of some kind."""
    for meld in melds:
        wide += sum(map(_WIDE_PLACE.__getitem__, meld.tiles))
    for meld in melds:
        for tile in meld.tiles:
            if (wide >> _SUIT_SHIFT[tile] & _SUIT_BITS) // _PLACE[tile] % 5 == COPIES:
                return True
    return False


# ---------------------------------------------------------------------------
# Counting a hand.

_SUIT_OF: Final = tuple(tile // 9 for tile in range(TILE_KINDS))
HONOUR_SUIT: Final = 3
_ORPHANS: Final = frozenset(TERMINALS_AND_HONOURS)
_PLACE: Final = tuple(5 ** (tile % 9) for tile in range(TILE_KINDS))
_BIT: Final = tuple(1 << (tile % 9) for tile in range(TILE_KINDS))
_WIDE_PLACE: Final = tuple(_PLACE[tile] << (21 * _SUIT_OF[tile]) for tile in range(TILE_KINDS))
"""Each tile's place in all four suit keys at once, 21 bits a suit (a suit
key is below 5**9 < 2**21), so a hand's keys are one sum."""
_SUIT_BITS: Final = (1 << 21) - 1
_SUIT_SHIFT: Final = tuple(21 * _SUIT_OF[tile] for tile in range(TILE_KINDS))
"""Where each tile's suit key lies in a wide key."""
_RIICHI: Final = Rules.RIICHI
"""Bound once: on Python 3.11 reading an enum member off its class is slow."""


def _exhausted_masks(held: Sequence[int]) -> list[int]:
    """Per suit, the ranks all four copies of which are in the hand or its melds."""
    masks = [0, 0, 0, 0]
    if COPIES in held:
        for tile in range(TILE_KINDS):
            if held[tile] >= COPIES:
                masks[_SUIT_OF[tile]] |= _BIT[tile]
    return masks


def _suit_keys(counts: Sequence[int]) -> list[int]:
    keys = [0, 0, 0, 0]
    for tile in range(TILE_KINDS):
        if counts[tile]:
            keys[_SUIT_OF[tile]] += counts[tile] * _PLACE[tile]
    return keys


def _hand_table(keys: Sequence[int], masks: Sequence[int]) -> tuple[int, int]:
    """The table of a whole hand's concealed tiles, and its honour quads."""
    # The memo is read here first: this runs for every hand and every draw.
    tables = _number_tables
    first = (tables.get(keys[0] * 512 + masks[0]) or _number_table(keys[0], masks[0])) if keys[0] else _EMPTY_TABLE
    second = (tables.get(keys[1] * 512 + masks[1]) or _number_table(keys[1], masks[1])) if keys[1] else _EMPTY_TABLE
    third = (tables.get(keys[2] * 512 + masks[2]) or _number_table(keys[2], masks[2])) if keys[2] else _EMPTY_TABLE
    honours, quads = _honour_table(keys[3], masks[3])
    return _join(_join(_join(first, second), third), honours), quads


def _regular_from_keys(keys: Sequence[int], masks: Sequence[int], size: int) -> int:
    """Regular shanten of concealed tiles given by suit keys; `size` is their
    number (3n+1 or 3n+2), which says how many sets are called."""
    table, quads = _hand_table(keys, masks)
    return _bounded(_table_shanten(table, (14 - size) // 3), quads, size)


def regular_shanten(counts: Sequence[int], held: Sequence[int] | None = None) -> int:
    """The regular shanten of concealed counts (3n+1 or 3n+2 tiles up to 14;
    the missing sets are taken as called).  `held` counts every tile of the
    hand with its melds, whose copies are all in sight; the concealed counts
    when None, which is all the `mahjong` library is told."""
    size = sum(counts)
    if size % 3 == 0 or size > 14:
        raise ValueError(f"a hand to count has 3n+1 or 3n+2 tiles up to 14, not {size}")
    return _regular_from_keys(_suit_keys(counts), _exhausted_masks(held or counts), size)


def seven_pairs_shanten(counts: list[int], rules: Rules = Rules.RIICHI) -> int:
    """Seven pairs: riichi wants seven different pairs, so a hand with fewer
    than seven kinds must find new ones; MCR lets four of a kind be two pairs
    (and so counts 连七对 among them)."""
    absent = counts.count(0)
    singles = counts.count(1)
    if rules is Rules.MCR:
        # Every kind held twice or more gives a pair, four of a kind two.
        pairs = TILE_KINDS - absent - singles + counts.count(4)
        return COMPLETE if pairs >= 7 else 6 - pairs
    pairs = TILE_KINDS - absent - singles
    if pairs == 7:
        return COMPLETE
    kinds = TILE_KINDS - absent
    return 6 - pairs + max(0, 7 - kinds)


_orphan_counts: Final = itemgetter(*TERMINALS_AND_HONOURS)


def thirteen_orphans_shanten(counts: Sequence[int]) -> int:
    held: tuple[int, ...] = _orphan_counts(counts)
    kinds = len(held) - held.count(0)
    doubled = kinds > held.count(1)
    return 13 - kinds - (1 if doubled else 0)


def honours_and_knitted_shanten(counts: Sequence[int]) -> int:
    """全不靠: fourteen different tiles among one knitted set and the honours."""
    honours = sum(1 for tile in HONOURS if counts[tile])
    knitted = max(sum(1 for tile in knitted if counts[tile]) for knitted in KNITTED_SETS)
    return 13 - honours - knitted


def knitted_straight_shanten(counts: Sequence[int], held: Sequence[int], called: int, above: int | None = None) -> int:
    """组合龙 with one more set and a pair: the knitted tiles still missing,
    plus the regular shanten of the rest with three sets taken as made.
    Exact when below `above` (or with no `above`); otherwise `above` (a
    caller that only wants to know whether it beats a figure need not count
    the rest).  A hand holding no tile of some knitted set and nothing that
    pairs can be 9 or more from it (`19m19p19s1234567z`: 9)."""
    best = _NO_FIGURE if above is None else above
    masks = _exhausted_masks(held)
    keys = _suit_keys(counts)
    for knitted in KNITTED_SETS:
        if _dead_knitted(knitted, counts, held):
            continue
        rest = list(keys)
        missing = 0
        for tile in knitted:
            if counts[tile]:
                rest[_SUIT_OF[tile]] -= _PLACE[tile]
            else:
                missing += 1
        # The rest is at best complete (-1): no better than `best` otherwise.
        if missing - 1 < best:
            best = min(best, _knitted_rest(rest, masks, called) + missing)
    return best


def _dead_knitted(knitted: Sequence[Tile], counts: Sequence[int], held: Sequence[int]) -> bool:
    """Whether a knitted set misses a tile all four copies of which are in
    sight (in the calls): that route can never be finished, so it is not
    counted.  Only calls can do this; a concealed hand's missing tile always
    has unseen copies."""
    return any(not counts[tile] and held[tile] >= COPIES for tile in knitted)


def _knitted_rest(keys: Sequence[int], masks: Sequence[int], called: int) -> int:
    """The regular shanten of what a knitted straight leaves, three sets
    taken as made.  No honour-quad bound here: the rest may hold more tiles
    than it needs, and a loose fourth honour is then simply thrown away
    (MahjongGB's `KnittedStraightShanten` counts it so too)."""
    return _table_shanten(_hand_table(keys, masks)[0], min(3 + called, MAX_SETS))


@dataclass(slots=True)
class _Tiles:
    """A hand's tiles as the counting needs them, changed in place as tiles
    are drawn and discarded: concealed counts, every held copy (melds too),
    each suit's packed key and the ranks held four times."""

    counts: list[int]
    held: list[int]
    keys: list[int]
    masks: list[int]
    size: int
    called: int
    melds: tuple[Meld, ...] = ()

    @classmethod
    def of(cls, hand: Hand) -> _Tiles:
        counts = [0] * TILE_KINDS
        keys = [0, 0, 0, 0]
        for tile in hand.concealed:
            counts[tile] += 1
            keys[_SUIT_OF[tile]] += _PLACE[tile]
        held = list(counts)
        for meld in hand.melds:
            for tile in meld.tiles:
                held[tile] += 1
        return cls(counts, held, keys, _exhausted_masks(held), len(hand.concealed), len(hand.melds), hand.melds)

    def hand(self) -> Hand:
        return Hand(tuple(tile for tile in range(TILE_KINDS) for _ in range(self.counts[tile])), self.melds)

    def add(self, tile: Tile, step: int) -> None:
        """Draw a tile (step 1) or give one back (step -1)."""
        self.counts[tile] += step
        self.held[tile] += step
        self.keys[_SUIT_OF[tile]] += step * _PLACE[tile]
        self.size += step
        if self.held[tile] == COPIES:
            self.masks[_SUIT_OF[tile]] |= _BIT[tile]
        else:
            self.masks[_SUIT_OF[tile]] &= ~_BIT[tile]


def shanten(hand: Hand, rules: Rules = Rules.RIICHI) -> Shanten:
    """The shanten of a 13- or 14-tile hand (kans counted as three) under `rules`."""
    if hand.tile_count not in (13, 14):
        raise ValueError(f"a hand to count has 13 or 14 tiles, not {hand.tile_count}")
    if rules is _RIICHI:
        free = _riichi_shanten_if_free(hand.concealed, hand.melds)
        if free is not None:
            return free
    counts = [0] * TILE_KINDS
    wide = 0
    for tile in hand.concealed:
        counts[tile] += 1
        wide += _WIDE_PLACE[tile]
    keys = [wide & _SUIT_BITS, wide >> 21 & _SUIT_BITS, wide >> 42 & _SUIT_BITS, wide >> 63]
    held = counts
    if hand.melds:
        held = list(counts)
        for meld in hand.melds:
            for tile in meld.tiles:
                held[tile] += 1
    found = _shanten_of_parts(counts, held, keys, len(hand.concealed), len(hand.melds), rules)
    if found.shanten == TENPAI and hand.melds and _dead_tenpai(_Tiles.of(hand), rules):
        # Only called hands reach here (see `_dead_tenpai`), where the regular
        # shape and the knitted straight are the shapes counted.
        found.shanten = 1
        found.regular = max(found.regular, 1)
        if found.knitted_straight is not None:
            found.knitted_straight = max(found.knitted_straight, 1)
    if found.shanten == 1 and hand.melds and COPIES in held and _dead_step(_Tiles.of(hand), rules):
        # No shape's route at 1 can be finished: each figure at 1 is at least 2.
        found.shanten = 2
        found.regular = max(found.regular, 2)
        if found.knitted_straight is not None:
            found.knitted_straight = max(found.knitted_straight, 2)
    return found


def _shanten_of_parts(
    counts: list[int], held: list[int], keys: list[int], size: int, called: int, rules: Rules
) -> Shanten:
    regular = _regular_from_keys(keys, _exhausted_masks(held), size)
    if called:
        if rules is Rules.MCR and called <= 1:
            knitted = knitted_straight_shanten(counts, held, called)
            return Shanten(min(regular, knitted), regular, knitted_straight=knitted)
        return Shanten(regular, regular)
    pairs = seven_pairs_shanten(counts, rules)
    orphans = thirteen_orphans_shanten(counts)
    if rules is Rules.MCR:
        knitted = knitted_straight_shanten(counts, held, 0)
        lesser = honours_and_knitted_shanten(counts)
        best = min(regular, pairs, orphans, knitted, lesser)
        return Shanten(best, regular, pairs, orphans, knitted, lesser)
    return Shanten(min(regular, pairs, orphans), regular, pairs, orphans)


def _dead_tenpai(tiles: _Tiles, rules: Rules) -> bool:
    """Whether a hand that the block count puts at tenpai (13 tiles) or one
    discard from it (14) has no live wait: every tile it waits on has all
    four copies in sight.  The block count cannot see that a partial set's
    tiles are all held when calls hold them, so a called hand at 0 is asked
    directly (only when some tile is all in sight, which is rare)."""
    if not tiles.called or not any(tiles.masks):
        return False
    hand = tiles.hand()
    waiting = [hand] if tiles.size % 3 == 1 else [hand.without_tile(tile) for tile in set(hand.concealed)]
    # Four sets and a pair first (the shape of every called hand in riichi,
    # and the quick one); MCR's knitted straight, tried tile by tile, only
    # when its own count is at tenpai.
    if any(winning_tiles(rest, Rules.RIICHI) for rest in waiting):
        return False
    if rules is not Rules.MCR or knitted_straight_shanten(tiles.counts, tiles.held, tiles.called, 1) > TENPAI:
        return True
    return not any(winning_tiles(rest, rules) for rest in waiting)


def _minimum(tiles: _Tiles, rules: Rules, live_step: bool = True) -> int:
    """The minimum alone: the knitted straight is counted only where it
    could beat the other shapes.  Without `live_step`, a hand at 1 is not
    asked whether an unseen tile takes it to a live tenpai (a caller that
    only wants to know whether it is tenpai need not ask)."""
    regular = _regular_from_keys(tiles.keys, tiles.masks, tiles.size)
    if regular == COMPLETE:
        return regular
    counts = tiles.counts
    best = regular
    if not tiles.called:
        best = min(best, seven_pairs_shanten(counts, rules), thirteen_orphans_shanten(counts))
        if rules is Rules.MCR:
            best = min(best, honours_and_knitted_shanten(counts))
    if rules is Rules.MCR and tiles.called <= 1:
        best = knitted_straight_shanten(counts, tiles.held, tiles.called, best)
    if best == TENPAI and _dead_tenpai(tiles, rules):
        best = 1
    if best == 1 and live_step and _dead_step(tiles, rules):
        best = 2
    return best


def _dead_step(tiles: _Tiles, rules: Rules) -> bool:
    """Whether a hand that the block count (or a dead tenpai) puts one tile
    from tenpai has no way there with an unseen tile: no draw of a 13-tile
    hand, and no discard of a 14-tile hand followed by a draw, reaches a
    tenpai with a live wait (`3m146s [5555s] [9999p] (1111p)`: 46s needs a
    5s).  As with `_dead_tenpai`, only calls can hide this from the block
    count (they hold the copies a route needs), so only a called hand
    holding some kind four times is asked.  Further from tenpai the figure
    is the block count's: the rule is applied at tenpai and one step before
    it, and the ukeire of a hand two from tenpai are the draws that reach a
    live one."""
    if not tiles.called or not any(tiles.masks):
        return False
    if tiles.size % 3 == 1:
        return not _ukeire_of(tiles, rules, 1).tiles
    for tile in set(tiles.hand().concealed):
        tiles.add(tile, -1)
        live = _minimum(tiles, rules) <= 1
        tiles.add(tile, 1)
        if live:
            return False
    return True


def ukeire(hand: Hand, rules: Rules = Rules.RIICHI) -> Ukeire:
    """Each tile that lowers a 13-tile hand's shanten, with its unseen copies
    (four less those in the hand and its melds).  A tile all four of whose
    copies the hand holds cannot be drawn, so it is never listed."""
    if hand.tile_count != 13:
        raise ValueError(f"ukeire is counted for 13 tiles, not {hand.tile_count}")
    tiles = _Tiles.of(hand)
    return _ukeire_of(tiles, rules, _minimum(tiles, rules))


def _ukeire_of(tiles: _Tiles, rules: Rules, now: int) -> Ukeire:
    if rules is Rules.RIICHI:
        return _live_only(tiles, rules, now, _riichi_ukeire(tiles, now))
    if rules is Rules.MCR:
        return _live_only(tiles, rules, now, _mcr_ukeire(tiles, now))
    found = []
    held = tiles.held
    for tile in range(TILE_KINDS):
        unseen = COPIES - held[tile]
        if unseen <= 0:
            continue
        tiles.add(tile, 1)
        after = _minimum(tiles, rules)
        tiles.add(tile, -1)
        if after < now:
            found.append(TileCount(tile, unseen))
    return Ukeire(tuple(found))


def _each_without(parts: Sequence[int], join: Callable[[int, int], int]) -> list[int]:
    """For each of a hand's four suits, the table of the other three: a
    draw changes one suit, whose new table is then joined to this."""
    return [
        join(join(parts[1], parts[2]), parts[3]),
        join(join(parts[0], parts[2]), parts[3]),
        join(join(parts[0], parts[1]), parts[3]),
        join(join(parts[0], parts[1]), parts[2]),
    ]


def _regular_after_draws(
    counts: Sequence[int], keys: Sequence[int], masks: Sequence[int], held: Sequence[int], fixed: int, bound: bool
) -> list[int]:
    """The regular shanten after drawing each tile (`_UNREACHABLE` for a tile
    all four of whose copies are held), without recounting the whole hand
    per draw.  A draw changes one suit, so the other three suits' tables are
    joined once per suit and only the drawn suit's table is looked up; a tile
    with no neighbour within two ranks (or an honour not held) only adds a
    loose tile, whatever its kind, so one count serves them all.  `bound`
    applies the honour-quad bound (not to what a knitted straight leaves)."""
    size = sum(counts) + 1
    parts = [
        _number_table(keys[0], masks[0]) if keys[0] else _EMPTY_TABLE,
        _number_table(keys[1], masks[1]) if keys[1] else _EMPTY_TABLE,
        _number_table(keys[2], masks[2]) if keys[2] else _EMPTY_TABLE,
    ]
    honours, quads = _honour_table(keys[3], masks[3])
    parts.append(honours)
    others = _each_without(parts, _join)
    whole = _join(others[0], parts[0])
    apart = [_table_shanten(_join(whole, _LOOSE_TABLES[kind]), fixed) for kind in (0, 1)]
    if bound:
        apart = [_bounded(value, quads, size) for value in apart]
    near = _near_tiles(counts)
    after = [_UNREACHABLE] * TILE_KINDS
    for tile in range(TILE_KINDS):
        unseen = COPIES - held[tile]
        if unseen <= 0:
            continue
        if tile in near:
            suit = _SUIT_OF[tile]
            mask = masks[suit] | _BIT[tile] if unseen == 1 else masks[suit]
            key = keys[suit] + _PLACE[tile]
            if suit == HONOUR_SUIT:
                table, drawn_quads = _honour_table(key, mask)
            else:
                table, drawn_quads = _number_table(key, mask), quads
            value = _table_shanten(_join(others[suit], table), fixed)
            after[tile] = _bounded(value, drawn_quads, size) if bound else value
        else:
            after[tile] = apart[unseen == 1]
    return after


def _regular_after_draws_by_heads(tiles: _Tiles) -> list[int] | None:
    """`_regular_after_draws` from head tables, for a hand holding no kind
    four times (None for one that does): as there, the other three suits
    are joined once per suit and a draw far from the hand counted once.  A
    draw of a kind's last unseen copy makes four of it, so it alone is
    counted in full."""
    if any(tiles.masks):
        return None
    keys, held = tiles.keys, tiles.held
    fixed = (14 - tiles.size - 1) // 3
    parts = [_number_suit_facts(keys[suit])[0] for suit in range(HONOUR_SUIT)]
    parts.append(_honour_suit_facts(keys[HONOUR_SUIT])[0])
    others = _each_without(parts, _join_heads)
    whole = _join_heads(others[0], parts[0])
    apart = _head_table_shanten(_join_heads(whole, _head_table_of(_LOOSE_TABLES[0])), fixed)[0]
    near = _near_tiles(tiles.counts)
    after = [_UNREACHABLE] * TILE_KINDS
    for tile in range(TILE_KINDS):
        unseen = COPIES - held[tile]
        if unseen == 1:
            tiles.add(tile, 1)
            after[tile] = _regular_from_keys(tiles.keys, tiles.masks, tiles.size)
            tiles.add(tile, -1)
        elif tile in near:
            suit = _SUIT_OF[tile]
            key = keys[suit] + _PLACE[tile]
            facts = _honour_suit_facts(key) if suit == HONOUR_SUIT else _number_suit_facts(key)
            after[tile] = _head_table_shanten(_join_heads(others[suit], facts[0]), fixed)[0]
        else:
            after[tile] = apart
    return after


def _live_only(tiles: _Tiles, rules: Rules, now: int, found: Ukeire) -> Ukeire:
    """Drop the draws that only reach a tenpai with no live wait (see
    `_dead_tenpai`), or only a hand one tile from such a tenpai (see
    `_dead_step`), which the fast counts cannot see: a called hand one or
    two tiles from tenpai is asked again per listed draw (two only when the
    draw leaves some kind all in sight)."""
    if now not in (1, 2) or not tiles.called:
        return found
    kept = []
    for item in found.tiles:
        tiles.add(item.tile, 1)
        if now == 1:
            live = _minimum(tiles, rules, live_step=False) < now
        else:
            live = not any(tiles.masks) or _minimum(tiles, rules) < now
        if live:
            kept.append(item)
        tiles.add(item.tile, -1)
    return Ukeire(tuple(kept))


def _riichi_ukeire(tiles: _Tiles, now: int) -> Ukeire:
    """Ukeire under riichi rules: the regular count after each draw, and
    seven pairs and thirteen orphans changed by what the drawn tile pairs or
    adds."""
    counts, held = tiles.counts, tiles.held
    regular = _regular_after_draws_by_heads(tiles)
    if regular is None:
        regular = _regular_after_draws(counts, tiles.keys, tiles.masks, held, (14 - tiles.size - 1) // 3, True)
    closed = not tiles.called
    if closed:
        absent = counts.count(0)
        pairs = TILE_KINDS - absent - counts.count(1)
        kinds = TILE_KINDS - absent
        orphan_counts: tuple[int, ...] = _orphan_counts(counts)
        orphan_kinds = 13 - orphan_counts.count(0)
        doubled = orphan_kinds > orphan_counts.count(1)
    found = []
    for tile in range(TILE_KINDS):
        after = regular[tile]
        if after == _UNREACHABLE:
            continue
        if closed and after >= now:
            count = counts[tile]
            new_pairs = pairs + (count == 1)
            if new_pairs == 7:
                after = COMPLETE
            else:
                new_kinds = kinds + (count == 0)
                after = min(after, 6 - new_pairs + max(0, 7 - new_kinds))
            if tile in _ORPHANS:
                new_orphans = orphan_kinds + (count == 0)
                after = min(after, 13 - new_orphans - (1 if doubled or count == 1 else 0))
        if after < now:
            found.append(TileCount(tile, COPIES - held[tile]))
    return Ukeire(tuple(found))


def _mcr_ukeire(tiles: _Tiles, now: int) -> Ukeire:
    """Ukeire under MCR rules: riichi's counts (seven pairs taking four of a
    kind as two pairs), and the knitted shapes changed by the drawn tile.  A
    knitted set missing more tiles than the hand's shanten plus one cannot
    be reached by one draw, so its rest is not counted."""
    counts, held, keys, masks = tiles.counts, tiles.held, tiles.keys, tiles.masks
    called = tiles.called
    best = _regular_after_draws(counts, keys, masks, held, (14 - tiles.size - 1) // 3, True)
    closed = not called
    if closed:
        pairs = sum(count // 2 for count in counts)
        orphan_counts: tuple[int, ...] = _orphan_counts(counts)
        orphan_kinds = 13 - orphan_counts.count(0)
        doubled = orphan_kinds > orphan_counts.count(1)
        honours = sum(1 for tile in HONOURS if counts[tile])
        # The most knitted tiles held after each draw: the best set's, or one
        # more in a set the drawn tile is missing from.
        knitted_held = [sum(1 for tile in knitted if counts[tile]) for knitted in KNITTED_SETS]
        most_knitted = [max(knitted_held)] * TILE_KINDS
        for held_here, knitted_tiles in zip(knitted_held, KNITTED_SETS, strict=True):
            for tile in knitted_tiles:
                if not counts[tile] and held_here + 1 > most_knitted[tile]:
                    most_knitted[tile] = held_here + 1
        for tile in range(TILE_KINDS):
            if best[tile] == _UNREACHABLE:
                continue
            count = counts[tile]
            new_pairs = pairs + (count % 2 == 1)
            value = COMPLETE if new_pairs >= 7 else 6 - new_pairs
            if tile in _ORPHANS:
                value = min(value, 13 - orphan_kinds - (count == 0) - (1 if doubled or count == 1 else 0))
            fits = honours + (tile >= EAST and count == 0) + most_knitted[tile]
            best[tile] = min(best[tile], value, 13 - fits)
    if called <= 1:
        for knitted in _KNITTED_SETS:
            if _dead_knitted(tuple(knitted), counts, held):
                continue
            missing = sum(1 for tile in knitted if not counts[tile])
            # The rest is at best complete: a set missing this many cannot help.
            if missing - 2 >= now:
                continue
            rest = list(counts)
            rest_keys = list(keys)
            for tile in knitted:
                if counts[tile]:
                    rest[tile] -= 1
                    rest_keys[_SUIT_OF[tile]] -= _PLACE[tile]
            fixed = min(3 + called, MAX_SETS)
            after_rest = _regular_after_draws(rest, rest_keys, masks, held, fixed, False)
            now_rest = _table_shanten(_hand_table(rest_keys, masks)[0], fixed)
            for tile in range(TILE_KINDS):
                if best[tile] == _UNREACHABLE:
                    continue
                # A missing knitted tile fills its place; any other joins the rest.
                filled = tile in knitted and not counts[tile]
                best[tile] = min(best[tile], now_rest + missing - 1 if filled else after_rest[tile] + missing)
    return Ukeire(
        tuple(
            TileCount(tile, COPIES - held[tile])
            for tile in range(TILE_KINDS)
            if best[tile] != _UNREACHABLE and best[tile] < now
        )
    )


_KNITTED_SETS: Final = tuple(frozenset(knitted) for knitted in KNITTED_SETS)


def _bounded(result: int, quads: int, size: int) -> int:
    """A regular count with the honour-quad bound: an honour held four times
    leaves a loose copy that can never pair (one such copy is the discard
    of a 14-tile hand)."""
    if quads and size % 3 == 2:
        quads -= 1
    return result if result == COMPLETE else max(result, quads)


_LOOSE_TABLES: Final = (
    _table_of_states(frozenset({(0, 0, 0, _SOME_FREE)})),
    _table_of_states(frozenset({(0, 0, 0, _ONLY_EXHAUSTED)})),
)
"""One loose tile that may still pair, and one whose copies are all held."""


def _near_tiles(counts: Sequence[int]) -> set[Tile]:
    """Tiles within two ranks of a held number tile of their suit, and held honours."""
    near: set[Tile] = set()
    for tile in range(TILE_KINDS):
        if counts[tile]:
            if tile >= EAST:
                near.add(tile)
            else:
                low = tile - tile % 9
                near.update(range(max(low, tile - 2), min(low + 9, tile + 3)))
    return near


def discard_table(
    hand: Hand, rules: Rules = Rules.RIICHI, with_waits: bool = True, worse_ukeire: bool = True
) -> tuple[DiscardOption, ...]:
    """Every distinct discard of a 14-tile hand with the shanten and ukeire it
    leaves (and, `with_waits`, the waits when tenpai), best first: lowest
    shanten, then most ukeire, then tile order.  Without `worse_ukeire`, a
    discard that leaves more than the least shanten gets no ukeire (an empty
    one): a drill that only ranks the best ones need not count them."""
    if hand.tile_count != 14:
        raise ValueError(f"a hand choosing a discard has 14 tiles, not {hand.tile_count}")
    tiles = _Tiles.of(hand)
    shanten_after = {}
    for tile in sorted(set(hand.concealed)):
        tiles.add(tile, -1)
        shanten_after[tile] = _minimum(tiles, rules)
        tiles.add(tile, 1)
    least = min(shanten_after.values())
    options = []
    for tile, after in shanten_after.items():
        accepted = Ukeire(())
        if worse_ukeire or after == least:
            tiles.add(tile, -1)
            accepted = _discard_seen(_ukeire_of(tiles, rules, after), tile)
            tiles.add(tile, 1)
        found = tuple(waits(hand.without_tile(tile), rules)) if with_waits and after == TENPAI else ()
        options.append(DiscardOption(tile, after, accepted, found))
    options.sort(key=lambda option: (option.shanten, -option.ukeire.count, option.discard))
    return tuple(options)


def _discard_seen(accepted: Ukeire, discard: Tile) -> Ukeire:
    """The ukeire of a discard counted as Tenhou's 牌理 counts it: the
    discarded copy is in sight (on the table), so unseen copies are four less
    those among the fourteen tiles and the calls, not the thirteen left.  A
    tile whose last unseen copy was the discard drops out."""
    kept = []
    for item in accepted.tiles:
        if item.tile != discard:
            kept.append(item)
        elif item.count > 1:
            kept.append(TileCount(discard, item.count - 1))
    return Ukeire(tuple(kept))


def best_discards(table: Sequence[DiscardOption]) -> tuple[Tile, ...]:
    """Every discard that is right: the best shanten, then the most ukeire."""
    if not table:
        return ()
    top = table[0]
    return tuple(
        option.discard for option in table if option.shanten == top.shanten and option.ukeire.count == top.ukeire.count
    )


@dataclass(frozen=True, slots=True)
class Split:
    """One way of reading a hand's concealed tiles as blocks, for showing how
    a regular shanten is counted: sets, the pair taken as the head, partial
    sets (two-tile runs and further pairs) and loose tiles."""

    sets: tuple[tuple[Tile, ...], ...]
    pair: Tile | None
    partials: tuple[tuple[Tile, ...], ...]
    loose: tuple[Tile, ...]
    called: int
    """Called sets, which count as sets."""

    @property
    def shanten(self) -> int:
        """8 less two for each set, one for the head, and one for each partial
        set that fits beside the sets (five blocks in all)."""
        made = len(self.sets) + self.called
        head = 1 if self.pair is not None else 0
        return 8 - 2 * made - head - min(len(self.partials), MAX_SETS - made)


def best_split(hand: Hand) -> Split:
    """A split of the concealed tiles with the fewest tiles to tenpai by the
    block count (the least `Split.shanten`), found by trying, for the lowest
    tile left, each block it can start.  Ties go to the split found first,
    which takes sets before pairs before partial sets; the search stops at
    the first split that reaches the hand's regular shanten."""
    counts = hand.concealed_counts()
    best: list[Split] = []
    target = shanten(hand).regular if hand.tile_count in (13, 14) else COMPLETE
    _search_split(counts, 0, len(hand.melds), target, ([], [], [], []), best, len(hand.concealed))
    return best[0]


_Blocks = tuple[list[tuple[Tile, ...]], list[Tile], list[tuple[Tile, ...]], list[Tile]]


def _best_ahead(counts: Sequence[int], made: int, pairs: int, partials: int) -> int:
    """The least block count a split can reach with `made` sets, `pairs`
    pairs and `partials` partial sets taken, and the tiles of `counts` left."""
    any_head, own_head, no_pair = _entries(_hand_table(_suit_keys(counts), (0, 0, 0, 0))[0])
    best = 8
    if pairs:
        for sets, more in any_head:
            if made + sets <= MAX_SETS:
                room = MAX_SETS - made - sets
                best = min(best, 8 - 2 * (made + sets) - 1 - min(partials + pairs - 1 + more, room))
    for sets, more in own_head:
        if made + sets <= MAX_SETS:
            room = MAX_SETS - made - sets
            best = min(best, 8 - 2 * (made + sets) - 1 - min(partials + pairs + more, room))
    if not pairs:
        for sets, _, more in no_pair:
            if made + sets <= MAX_SETS:
                best = min(best, 8 - 2 * (made + sets) - min(partials + more, MAX_SETS - made - sets))
    return best


"""Sets, pairs, partial sets and loose tiles taken so far."""


def _search_split(
    counts: list[int], tile: int, called: int, target: int, taken: _Blocks, best: list[Split], left: int
) -> bool:
    """Whether a split reaching `target` was found (then the search stops).
    A branch is cut when the best its tiles left can do (read from their
    table) misses the target."""
    sets, pairs, partials, loose = taken
    if left and _best_ahead(counts, len(sets) + called, len(pairs), len(partials)) > target:
        return False
    while tile < TILE_KINDS and not counts[tile]:
        tile += 1
    if tile == TILE_KINDS:
        head = pairs[0] if pairs else None
        extra = tuple((pair, pair) for pair in pairs[1:])
        found = Split(tuple(sets), head, tuple(partials) + extra, tuple(loose), called)
        if not best or found.shanten < best[0].shanten:
            best[:] = [found]
        return found.shanten <= target
    number = tile < EAST
    rank = tile % 9
    options: list[tuple[tuple[Tile, ...], list[Any]]] = []
    if counts[tile] >= 3:
        options.append(((tile, tile, tile), sets))
    if number and rank <= 6 and counts[tile + 1] and counts[tile + 2]:
        options.append(((tile, tile + 1, tile + 2), sets))
    if counts[tile] >= 2:
        options.append(((tile, tile), pairs))
    if number and rank <= 7 and counts[tile + 1]:
        options.append(((tile, tile + 1), partials))
    if number and rank <= 6 and counts[tile + 2]:
        options.append(((tile, tile + 2), partials))
    options.append(((tile,), loose))
    for block, into in options:
        for part in block:
            counts[part] -= 1
        # Pairs and loose tiles are kept as single tiles, sets and partial sets whole.
        into.append(block[0] if into is pairs or into is loose else block)
        done = _search_split(counts, tile, called, target, taken, best, left - len(block))
        into.pop()
        for part in block:
            counts[part] += 1
        if done:
            return True
    return False
