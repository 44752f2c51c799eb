"""The table of one suit: every split of a number suit into sets, pairs,
partial sets and loose tiles, and the honours' (which make no runs)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tutor.engine.efficiency.tables import (
    CAP,
    EMPTY_TABLE,
    MAX_SETS,
    NO_LOOSE,
    ONLY_EXHAUSTED,
    SOME_FREE,
    UNREACHABLE,
    State,
    entries_of,
    intern_table,
    join,
    table_of_states,
)
from tutor.engine.memo import memo
from tutor.engine.tiles import COPIES

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
        found = EMPTY_TABLE
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
    any_head = [UNREACHABLE] * (MAX_SETS + 1)
    own_head = [UNREACHABLE] * (MAX_SETS + 1)
    no_pair = [UNREACHABLE] * ((MAX_SETS + 1) * 3)
    for used1, used2, states in _front_options(counts[0], next1, next2, exhausted & 1):
        rest = list(counts[1:])
        if used1:
            rest[0] -= used1
        if used2:
            rest[1] -= used2
        tail_any, tail_own, tail_none = entries_of(_tail_table(tuple(rest), exhausted >> 1))
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
    return intern_table((tuple(any_head), tuple(own_head), tuple(no_pair)))


_front_memo: dict[tuple[int, int, int, int], tuple[tuple[int, int, tuple[State, ...]], ...]] = memo(
    "efficiency.front_memo", {}
)


def _front_options(here: int, next1: int, next2: int, exhausted: int) -> tuple[tuple[int, int, tuple[State, ...]], ...]:
    """The ways to use a rank's `here` copies with `next1` and `next2` copies
    of the two ranks above, grouped by how many they take from those two
    ranks: (sets, partial sets, pair, loose) of the rank's own share.  Few
    enough to keep them all (at most 5 x 5 x 5 x 2)."""
    memo_key = (here, next1, next2, exhausted)
    cached = _front_memo.get(memo_key)
    if cached is not None:
        return cached
    loose_kind = ONLY_EXHAUSTED if exhausted else SOME_FREE
    by_use: dict[tuple[int, int], set[State]] = {}
    for runs in range(min(here, next1, next2) + 1):
        for triplet in (0, 1) if here - runs >= 3 else (0,):
            for pair in (0, 1) if here - runs - 3 * triplet >= 2 else (0,):
                spare = here - runs - 3 * triplet - 2 * pair
                for side in range(min(spare, next1 - runs) + 1):
                    for gap in range(min(spare - side, next2 - runs) + 1):
                        loose = loose_kind if spare - side - gap else NO_LOOSE
                        state = (runs + triplet, min(side + gap, CAP), pair, loose)
                        by_use.setdefault((runs + side, runs + gap), set()).add(state)
    cached = tuple((used1, used2, tuple(sorted(states))) for (used1, used2), states in by_use.items())
    _front_memo[memo_key] = cached
    return cached


number_table_memo: dict[int, int] = memo("efficiency.number_tables", {})


def number_table(key: int, exhausted: int) -> int:
    """The table of a number suit given by its packed key (see
    `suit_keys.pack`) and the ranks the hand holds four times.

    No set or partial set spans two empty ranks, so the suit is cut there
    into groups, each counted on its own (by its shape, wherever it lies:
    46m and 13p split alike) and the groups' tables joined.  Group shapes
    are far fewer than suits, so a suit never seen before is mostly made of
    groups already counted.
    """
    memo_key = key * 512 + exhausted
    number = number_table_memo.get(memo_key)
    if number is None:
        counts = []
        rest = key
        for _ in range(9):
            counts.append(rest % 5)
            rest //= 5
        number = EMPTY_TABLE
        for group in group_tables(counts, exhausted):
            number = join(number, group)
        number_table_memo[memo_key] = number
    return number


def group_tables(counts: Sequence[int], exhausted: int) -> list[int]:
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


def honour_table(key: int, exhausted: int) -> tuple[int, int]:
    """The honours' table and how many honours are held four times."""
    memo_key = (key, exhausted)
    cached = _honour_tables.get(memo_key)
    if cached is None:
        states = {(0, 0, 0, NO_LOOSE)}
        quads = 0
        rest = key
        for rank in range(7):
            count = rest % 5
            rest //= 5
            if not count:
                continue
            quads += count == COPIES
            kind = ONLY_EXHAUSTED if exhausted >> rank & 1 else SOME_FREE
            states = {
                (
                    min(sets + more_sets, MAX_SETS),
                    0,
                    min(pairs + more_pairs, CAP + 1),
                    max(loose, kind if spare else 0),
                )
                for sets, _, pairs, loose in states
                for more_sets, more_pairs, spare in _HONOUR_USES[count]
            }
        cached = (table_of_states(frozenset(states)), quads)
        _honour_tables[memo_key] = cached
    return cached
