"""Which fan leaves which out is stated once, in `NOT_COUNTED_WITH` (#25 §3).

Counting applies the whole table to every reading but for the few rows it
settles pung by pung (`SETTLED_WHILE_COUNTING`).  On the differential
corpus (tests/mcr_corpus.py, where tests/test_differential_mcr.py finds
every score agreeing with pymahjonggb) applying the table once more to the
fans counted changes nothing, and each settled row is needed: some corpus hand counts both of
its fans, so leaving the smaller out as a whole would lose a fan the
reference counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from crosscheck.reference_mcr import COMPATIBLE
from tests.mcr_corpus import HANDS, seeded_hands
from tests.mcr_examples import EXAMPLES, score
from tutor.engine.mcr.context import McrContext
from tutor.engine.mcr.exclusions import FINAL_EXCLUSIONS, NOT_COUNTED_WITH, SETTLED_WHILE_COUNTING
from tutor.engine.mcr.fans import FANS, MADE_OF, FanId
from tutor.engine.mcr.score import McrScore, score_mcr
from tutor.engine.notation import format_hand, parse_hand, parse_tile
from tutor.engine.refusal import Refusal


def corpus_scores() -> Iterator[tuple[str, McrScore]]:
    """The differential corpus's hands that win, scored as the differential test scores them."""
    for hand, context in seeded_hands():
        try:
            yield format_hand(hand), score_mcr(hand, context, COMPATIBLE)
        except Refusal:
            continue
    for fan, text, win, context in EXAMPLES:
        yield f"{fan} example", score(text, win, context)


def with_table_applied(counted: Counter[FanId]) -> Counter[FanId]:
    """The fans counted, less every fan that a counted one leaves out by a row not settled while counting."""
    left = Counter(counted)
    for fan in counted:
        for other in NOT_COUNTED_WITH.get(fan, ()):
            if (fan, other) not in SETTLED_WHILE_COUNTING:
                left.pop(other, None)
    return left


@pytest.fixture(scope="module")
def scores() -> list[tuple[str, McrScore]]:
    return list(corpus_scores())


def test_applying_the_whole_table_changes_nothing_on_the_corpus(scores: list[tuple[str, McrScore]]) -> None:
    changed = []
    for where, result in scores:
        counted = Counter({item.fan.id: item.count for item in result.fans})
        if with_table_applied(counted) != counted:
            changed.append(f"{where}: {dict(counted)}")
    assert len(scores) > HANDS // 2
    assert changed == []


def test_each_row_settled_while_counting_is_needed(scores: list[tuple[str, McrScore]]) -> None:
    together: Counter[tuple[FanId, FanId]] = Counter()
    for _, result in scores:
        counted = {item.fan.id for item in result.fans}
        together.update(pair for pair in SETTLED_WHILE_COUNTING if set(pair) <= counted)
    assert set(together) == SETTLED_WHILE_COUNTING


def test_settled_rows_are_rows_of_the_table_and_the_rest_is_applied() -> None:
    assert all(other in NOT_COUNTED_WITH[fan] for fan, other in SETTLED_WHILE_COUNTING)
    applied = {(fan, other) for fan, others in FINAL_EXCLUSIONS for other in others}
    stated = {(fan, other) for fan, others in NOT_COUNTED_WITH.items() for other in others}
    assert applied == stated - SETTLED_WHILE_COUNTING
    order = list(FANS)
    assert [fan for fan, _ in FINAL_EXCLUSIONS] == sorted(NOT_COUNTED_WITH, key=order.index)


@pytest.mark.parametrize(
    ("hand", "win", "larger", "implied"),
    [
        # 双暗杠 is two concealed kongs, so two concealed pungs too (1998 rulebook: 不计暗杠、双暗刻).
        ("345m 22z (6666s) (8888m) [567p]", "5m", "two_concealed_kongs", "two_concealed_pungs"),
        # 111 222 333 444 of one suit reads as three 123 and a pung (1998: 不计一色三同顺、碰碰和).
        ("333m 22z [444m] [555m] [666m]", "2z", "four_pure_shifted_pungs", "pure_triple_chow"),
        ("22233344455566s", "6s", "four_pure_shifted_pungs", "pure_triple_chow"),
    ],
)
def test_the_table_states_what_the_lessons_teach(hand: str, win: str, larger: str, implied: str) -> None:
    assert implied in NOT_COUNTED_WITH[FanId(larger)]
    result = score_mcr(parse_hand(hand), McrContext(win_tile=parse_tile(win)))
    assert larger in {item.fan.id for item in result.fans}
    left_out = {item.fan.id: item for item in result.left_out}
    assert left_out[FanId(implied)].because_of == FANS[FanId(larger)]


def test_concealed_pung_fans_name_as_many_pungs_as_they_count(scores: list[tuple[str, McrScore]]) -> None:
    """The counting and the explanation read concealed pungs by one rule."""
    wrong = []
    for where, result in scores:
        for item in result.fans:
            if item.fan.made_of == "concealed_pungs" and result.reading_packs:
                wanted = {"two_concealed_pungs": 2, "three_concealed_pungs": 3, "four_concealed_pungs": 4}
                if len(item.sources) != wanted[item.fan.id]:
                    wrong.append(f"{where}: {item.fan.id} from {item.tiles}")
    assert wrong == []


def test_fan_ids_and_what_makes_each_come_from_the_table() -> None:
    assert list(FANS) == list(FanId)
    assert {fan.made_of for fan in FANS.values()} == set(MADE_OF)
    assert FanId.BIG_FOUR_WINDS == "big_four_winds" and f"{FanId.ALL_PUNGS}" == "all_pungs"
