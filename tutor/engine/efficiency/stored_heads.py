"""Writing `number_heads.bin`: every number suit's head table counted by the
full tables.  The file's format is `number_heads`'; the counting is here, so
that reading the file needs nothing of the counting.  After a change to how
tables are counted, write the file anew with

    python -m tutor.engine.efficiency.stored_heads
"""

from __future__ import annotations

from pathlib import Path

from tutor.engine import number_heads
from tutor.engine.efficiency.suit_tables import group_tables
from tutor.engine.efficiency.tables import EMPTY_TABLE, TABLES, join


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
        table = EMPTY_TABLE
        for group in group_tables(counts, 0):
            table = join(table, group)
        any_head, own_head, _ = TABLES[table]
        suits[index] = numbers.setdefault((any_head, own_head), len(numbers))
    tables = list(numbers)
    return tables, bytes(suits)


def main() -> None:
    tables, suits = computed_number_heads()
    path = Path(number_heads.__file__).with_name(number_heads.FILE_NAME)
    path.write_bytes(number_heads.encode(tables, suits))
    print(f"wrote {path}: {len(tables)} tables, {len(suits)} suits")


if __name__ == "__main__":
    main()
