"""The efficiency package's one table algebra (#25 §3): head tables are
tables like any other, joined and read by the same functions, so the head
table of two parts joined must be the join of their head tables, and a hand
holding no kind four times must count the same from either."""

from __future__ import annotations

import random

import grimp

from tutor.engine.efficiency.suit_tables import honour_table, number_table
from tutor.engine.efficiency.tables import TABLES, head_table_of, join, table_figures, table_shanten
from tutor.engine.suit_keys import pack


def _suit_tables(rng: random.Random, quads: bool) -> list[int]:
    """The tables of three number suits and the honours of a random hand of up to 14 tiles."""
    counts = [0] * 34
    for _ in range(rng.randint(1, 14)):
        tile = rng.randrange(34)
        if counts[tile] < (4 if quads else 3):
            counts[tile] += 1
    tables = [number_table(pack(counts, start, 9), 0) for start in (0, 9, 18)]
    tables.append(honour_table(pack(counts, 27, 7), 0)[0])
    return tables


def test_head_tables_join_as_the_tables_do() -> None:
    rng = random.Random(25)
    for _ in range(400):
        first, second, third, honours = _suit_tables(rng, quads=True)
        whole = join(join(join(first, second), third), honours)
        heads = join(
            join(join(head_table_of(first), head_table_of(second)), head_table_of(third)), head_table_of(honours)
        )
        assert heads == head_table_of(whole), (TABLES[whole], TABLES[heads])


def test_a_hand_with_no_quad_counts_alike_from_its_head_table() -> None:
    rng = random.Random(26)
    for _ in range(400):
        first, second, third, honours = _suit_tables(rng, quads=False)
        whole = join(join(join(first, second), third), honours)
        for fixed in range(5):
            assert table_shanten(head_table_of(whole), fixed) == table_shanten(whole, fixed)


def test_a_head_table_says_whether_a_head_reaches_its_count() -> None:
    # 11m: the pair as head, nothing else: 8 - 1.
    pair = head_table_of(number_table(pack([2, 0, 0, 0, 0, 0, 0, 0, 0], 0, 9), 0))
    assert table_figures(pair, 0) == (7, True)
    # 12m 45m: two partial sets and no pair; no head reaches 8 - 2.
    runs = head_table_of(number_table(pack([1, 1, 0, 1, 1, 0, 0, 0, 0], 0, 9), 0))
    assert table_figures(runs, 0) == (6, False)


def test_number_heads_does_not_import_the_counting() -> None:
    """The file's format is read by the counting; the counting that writes
    it is in `efficiency.stored_heads`, so there is no circle."""
    graph = grimp.build_graph("tutor")
    assert graph.find_shortest_chain(importer="tutor.engine.number_heads", imported="tutor.engine.efficiency") is None
    for module in graph.find_descendants("tutor.engine.efficiency"):
        assert graph.find_shortest_chain(importer="tutor.engine.number_heads", imported=module) is None
