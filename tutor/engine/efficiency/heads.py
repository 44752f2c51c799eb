"""Most riichi hands counted from head tables alone: each number suit's is
stored in the package (`number_heads`), and a hand's other figures (seven
pairs, thirteen orphans) are packed beside it so that they add up by suit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tutor.engine import number_heads
from tutor.engine.efficiency.regular import bounded
from tutor.engine.efficiency.results import COMPLETE, Shanten
from tutor.engine.efficiency.suit_tables import honour_table, number_table
from tutor.engine.efficiency.tables import (
    KEY_SHIFT,
    head_table,
    head_table_of,
    join,
    joins,
    shanten_of_table,
    table_figures,
)
from tutor.engine.hand import Meld
from tutor.engine.memo import memo
from tutor.engine.suit_keys import (
    PLACE_OF,
    SUIT_MASK,
    WIDE_PLACE_OF,
    WIDE_SHIFT_OF,
    unpack,
)
from tutor.engine.tiles import COPIES, Tile

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
        numbers = tuple(head_table(any_head, own_head) for any_head, own_head in tables)
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


def number_suit_facts(key: int) -> _SuitFacts:
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
            table = head_table_of(number_table(key, exhausted))
        else:
            table = stored.numbers[stored.suits[low_place + high_place]]
        found = (table, figures)
        _number_facts[key] = found
    return found


_honour_heads: dict[tuple[int, ...], int] = memo("efficiency.honour_heads", {})


def honour_suit_facts(key: int) -> _SuitFacts:
    """The honours' head table and figures, by their packed key."""
    found = _honour_facts.get(key)
    if found is None:
        counts = sorted(unpack(key, 7), reverse=True)
        # Honours make no runs, so which kinds are held does not matter,
        # only how many of them are held once, twice, ...: the table is
        # counted once for the counts in order.
        table = _honour_heads.get(tuple(counts))
        if table is None:
            ordered = sum(count * PLACE_OF[rank] for rank, count in enumerate(counts))
            exhausted = sum(1 << rank for rank, count in enumerate(counts) if count == COPIES)
            table = head_table_of(honour_table(ordered, exhausted)[0])
            _honour_heads[tuple(counts)] = table
        found = (table, _figures(counts, range(7)) + counts.count(COPIES) * _HONOUR_FOURS_UNIT)
        _honour_facts[key] = found
    return found


def riichi_shanten_if_free(concealed: Sequence[Tile], melds: Sequence[Meld]) -> Shanten | None:
    """The riichi shanten of a hand from head tables alone, or None where
    they cannot tell it: a called hand holding a kind four times (melds
    included; it may also have a dead wait), and a concealed one whose least
    count needs a split without a pair (which may need the fifth-copy
    correction).  Those, a few in a hundred, take the full count."""
    wide = sum(map(WIDE_PLACE_OF.__getitem__, concealed))
    # The memos are read here first: this runs for every hand counted.
    key = wide & SUIT_MASK
    first = _number_facts.get(key) or number_suit_facts(key)
    key = wide >> 21 & SUIT_MASK
    second = _number_facts.get(key) or number_suit_facts(key)
    key = wide >> 42 & SUIT_MASK
    third = _number_facts.get(key) or number_suit_facts(key)
    key = wide >> 63
    honours = _honour_facts.get(key) or honour_suit_facts(key)
    figures = first[1] + second[1] + third[1] + honours[1]
    if melds and (figures >= _FOURS_UNIT or _melds_hold_four(wide, melds)):
        return None
    suits = joins.get(first[0] * KEY_SHIFT + second[0]) or join(first[0], second[0])
    numbers = joins.get(suits * KEY_SHIFT + third[0]) or join(suits, third[0])
    table = joins.get(numbers * KEY_SHIFT + honours[0]) or join(numbers, honours[0])
    fixed = (14 - len(concealed)) // 3
    regular, head_reaches = shanten_of_table.get(table * 8 + fixed) or table_figures(table, fixed)
    if melds:
        return Shanten(regular, regular)
    if figures >= _FOURS_UNIT:
        if not head_reaches:
            return None
        regular = bounded(regular, figures >> 20 & _FIELD, len(concealed))
    pairs = figures & _FIELD
    kinds = figures >> 4 & _FIELD
    seven = COMPLETE if pairs == 7 else 6 - pairs + max(0, 7 - kinds)
    orphans = 13 - (figures >> 8 & _FIELD) - (1 if figures >> 12 & _FIELD else 0)
    return Shanten(min(regular, seven, orphans), regular, seven, orphans)


def _melds_hold_four(wide: int, melds: Sequence[Meld]) -> bool:
    """Whether the melds, with the concealed tiles packed in `wide`, hold
    all four copies of some kind."""
    for meld in melds:
        wide += sum(map(WIDE_PLACE_OF.__getitem__, meld.tiles))
    for meld in melds:
        for tile in meld.tiles:
            if (wide >> WIDE_SHIFT_OF[tile] & SUIT_MASK) // PLACE_OF[tile] % 5 == COPIES:
                return True
    return False
