"""The stored head table of every number suit, for the shanten count.

`efficiency` counts most hands from each suit's head table (the most partial
sets for each number of sets, with and without a pair as the head).  Building
the table of a suit never seen before costs far more than counting a hand, and
a new process meets thousands of such suits, so every number suit a hand
holding no kind four times can have (each rank held 0-3 times, at most 14
tiles) is counted once, ahead of time, and kept in `number_heads.bin`: the
distinct head tables (a hundred or so), then one byte per suit naming its
table, indexed by the suit's counts in base 4.  Compressed, it is some tens of
kilobytes and reads in a few milliseconds.

tests/test_number_heads.py counts every suit again and compares.  After a
change to how tables are counted, write the file anew with

    python -m tutor.engine.number_heads_writer
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from importlib import resources
from typing import Final

HeadTable = tuple[tuple[int, ...], tuple[int, ...]]
"""For m = 0..4 sets: the most partial sets with no head chosen, and the
most with one pair as the head; negative where no split has m sets."""

RANKS: Final = 9
SLOTS: Final = 4**RANKS
"""One byte per suit: its counts (0-3 each) read as a base-4 number."""
MOST_TILES: Final = 14
NO_SUIT: Final = 0xFF
"""The byte of a suit holding more tiles than a hand can."""
FILE_NAME: Final = "number_heads.bin"

_UNREACHABLE_BYTE: Final = 0xFF
_UNREACHABLE: Final = -99
"""What `efficiency` writes where no split reaches."""
_ENTRIES: Final = 10
"""Bytes per stored table: five figures for each of its two parts."""


def suit_index(counts: Sequence[int]) -> int:
    """Where a suit's counts (0-3 each) lie in the stored bytes."""
    index = 0
    for rank in range(RANKS - 1, -1, -1):
        index = index * 4 + counts[rank]
    return index


def suit_counts(index: int) -> list[int]:
    """The counts of the suit at `index`."""
    counts = []
    for _ in range(RANKS):
        counts.append(index & 3)
        index >>= 2
    return counts


def encode(tables: Sequence[HeadTable], suits: bytes) -> bytes:
    """The file's bytes: the number of tables, each table's ten figures
    (0xFF where unreachable), then the suits' bytes, all compressed."""
    if len(tables) >= NO_SUIT or len(suits) != SLOTS:
        raise ValueError(f"{len(tables)} tables and {len(suits)} suits do not fit the file's layout")
    out = bytearray([len(tables)])
    for any_head, own_head in tables:
        out.extend(value if value >= 0 else _UNREACHABLE_BYTE for value in (*any_head, *own_head))
    out.extend(suits)
    return zlib.compress(bytes(out), 9)


def decode(blob: bytes) -> tuple[list[HeadTable], bytes]:
    """The tables and the suits' bytes of a file written by `encode`."""
    data = zlib.decompress(blob)
    count = data[0]
    tables = []
    for number in range(count):
        start = 1 + number * _ENTRIES
        values = tuple(
            value if value != _UNREACHABLE_BYTE else _UNREACHABLE for value in data[start : start + _ENTRIES]
        )
        tables.append((values[:5], values[5:]))
    suits = data[1 + count * _ENTRIES :]
    if len(suits) != SLOTS:
        raise ValueError(f"{FILE_NAME} holds {len(suits)} suits, not {SLOTS}: write it anew")
    return tables, suits


def read() -> tuple[list[HeadTable], bytes]:
    """The stored tables and suits, from the package."""
    return decode(resources.files("tutor.engine").joinpath(FILE_NAME).read_bytes())
