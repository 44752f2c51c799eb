"""The table algebra: what some of a hand's tiles can make, as the best
partial-set count for each number of sets, and how two parts' tables join."""

from __future__ import annotations

from typing import Final, Generic, TypeVar

from tutor.engine.memo import memo

MAX_SETS: Final = 4
CAP: Final = 4
"""No part's partial sets need counting past four: a hand uses at most four
blocks.  A table counts them only up to the room its sets leave (four less
its sets), which loses nothing and makes equal tables of more parts."""

# What the loose tiles of a split are, for the fifth-copy correction.
NO_LOOSE: Final = 0
ONLY_EXHAUSTED: Final = 1
"""Every loose tile is of a kind all four copies of which the hand holds."""
SOME_FREE: Final = 2
"""Some loose tile could still find its pair."""

UNREACHABLE: Final = -99
NO_FIGURE: Final = 99
"""Above any shape's figure: no bound."""


# ---------------------------------------------------------------------------
# A table: the best partial-set count for each number of sets.

State = tuple[int, int, int, int]
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
TABLES: Final = _full_tables.items
intern_table: Final = _full_tables.number


def _merge_loose(first: int, second: int) -> int:
    """Loose tiles of two parts: free if either has a free one."""
    return max(first, second)


def table_of_states(states: frozenset[State]) -> int:
    any_head = [UNREACHABLE] * (MAX_SETS + 1)
    own_head = [UNREACHABLE] * (MAX_SETS + 1)
    no_pair = [UNREACHABLE] * ((MAX_SETS + 1) * 3)
    for sets, partial, pairs, loose in states:
        any_head[sets] = max(any_head[sets], min(partial + pairs, MAX_SETS - sets))
        if pairs:
            own_head[sets] = max(own_head[sets], min(partial + pairs - 1, MAX_SETS - sets))
        else:
            index = sets * 3 + loose
            no_pair[index] = max(no_pair[index], min(partial, MAX_SETS - sets))
    return intern_table((tuple(any_head), tuple(own_head), tuple(no_pair)))


EMPTY_TABLE: Final = table_of_states(frozenset({(0, 0, 0, NO_LOOSE)}))

joins: dict[int, int] = memo("efficiency.pairs_joined", {})
"""Joined tables by `first * KEY_SHIFT + second`, under both orders, so that
a caller in a hurry can read it before calling `join`."""

KEY_SHIFT: Final = 1 << 20
"""Memo keys pack two small ints into one (an int hashes faster than a
tuple): table numbers stay far below this, as do masks (9 bits) and fixed
set counts."""


def join(first: int, second: int) -> int:
    """The table of two parts of a hand together.  Memoised: tables are few
    (a few hundred), so most joins have been made before."""
    memo_key = first * KEY_SHIFT + second
    number = joins.get(memo_key)
    if number is None:
        number = _joined_table(first, second)
        joins[memo_key] = number
        joins[second * KEY_SHIFT + first] = number
    return number


_Entries = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...]]

_entries_memo: dict[int, _Entries] = memo("efficiency.entries_memo", {})


def entries_of(number: int) -> _Entries:
    """A table's reachable entries only, (sets, partial) and (sets, loose,
    partial): most of a table is unreachable, and joins loop over what is not."""
    found = _entries_memo.get(number)
    if found is None:
        any_head, own_head, no_pair = TABLES[number]
        found = (
            tuple((sets, value) for sets, value in enumerate(any_head) if value >= 0),
            tuple((sets, value) for sets, value in enumerate(own_head) if value >= 0),
            tuple((index // 3, index % 3, value) for index, value in enumerate(no_pair) if value >= 0),
        )
        _entries_memo[number] = found
    return found


def _joined_table(first: int, second: int) -> int:
    any_a, own_a, none_a = entries_of(first)
    any_b, own_b, none_b = entries_of(second)
    any_head = [UNREACHABLE] * (MAX_SETS + 1)
    own_head = [UNREACHABLE] * (MAX_SETS + 1)
    no_pair = [UNREACHABLE] * ((MAX_SETS + 1) * 3)
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
    return intern_table((tuple(any_head), tuple(own_head), tuple(no_pair)))


shanten_of_table: dict[int, tuple[int, bool]] = memo("efficiency.shanten_of_table", {})
"""`table_figures` by `number * 8 + fixed`, for a caller to read first."""


def table_shanten(number: int, fixed: int) -> int:
    """The regular shanten of a whole hand's table with `fixed` sets made
    (called, or given by a knitted straight), before the honour-quad bound."""
    # The memo is read here first: this runs for every hand and every draw.
    found = shanten_of_table.get(number * 8 + fixed)
    if found is None:
        found = table_figures(number, fixed)
    return found[0]


def table_figures(number: int, fixed: int) -> tuple[int, bool]:
    """`table_shanten`, and whether a split with a head reaches it."""
    memo_key = number * 8 + fixed
    found = shanten_of_table.get(memo_key)
    if found is None:
        _, own_head, no_pair = TABLES[number]
        with_head = without_head = 8
        for sets in range(MAX_SETS + 1 - fixed):
            made = sets + fixed
            room = MAX_SETS - made
            if own_head[sets] >= 0:
                with_head = min(with_head, 8 - 2 * made - 1 - min(own_head[sets], room))
            for loose in range(3):
                partial = no_pair[sets * 3 + loose]
                if partial >= 0:
                    # No pair, and every loose tile's copies all in sight:
                    # the pair still to find needs one tile more.
                    penalty = 1 if loose == ONLY_EXHAUSTED else 0
                    without_head = min(without_head, 8 - 2 * made - min(partial, room) + penalty)
        found = (min(with_head, without_head), with_head <= without_head)
        shanten_of_table[memo_key] = found
    return found


# ---------------------------------------------------------------------------
# Most hands: head tables.
#
# A table's third part (splits with no pair, by what their loose tiles are)
# exists for the fifth-copy correction alone, which needs a kind held four
# times.  Without one, what a split with no head makes is never more than
# what the first part says (pairs counted as partial sets), so a table's
# third part can be read off its first, as though every loose tile could
# still pair: its head table.  Head tables are few (a few dozen), so nearly
# every join of two is met again, even by a process that has just started;
# they are tables like any other, joined and read by the same functions,
# and the head tables of two parts join to the head table of the two
# together.  A concealed hand holding a kind four times is counted from
# head tables too when a split with a head reaches its least count (no
# correction applies to those); the rest, a few in a thousand, take the
# full tables.

_heads_of_tables: dict[int, int] = memo("efficiency.heads_of_tables", {})


def head_table_of(number: int) -> int:
    """The head table of a table: its first two parts, and the third read off the first."""
    found = _heads_of_tables.get(number)
    if found is None:
        any_head, own_head, _ = TABLES[number]
        found = head_table(any_head, own_head)
        _heads_of_tables[number] = found
    return found


def head_table(any_head: tuple[int, ...], own_head: tuple[int, ...]) -> int:
    """The head table whose first two parts are these (as `number_heads` stores them)."""
    no_pair = [UNREACHABLE] * ((MAX_SETS + 1) * 3)
    for sets, partial in enumerate(any_head):
        no_pair[sets * 3 + SOME_FREE] = partial
    return intern_table((any_head, own_head, tuple(no_pair)))


LOOSE_TABLES: Final = (
    table_of_states(frozenset({(0, 0, 0, SOME_FREE)})),
    table_of_states(frozenset({(0, 0, 0, ONLY_EXHAUSTED)})),
)
"""One loose tile that may still pair, and one whose copies are all held."""
