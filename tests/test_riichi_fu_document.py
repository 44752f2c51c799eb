"""The twenty worked fu examples of document 000 (●기본부, 5. 기본부의 계산).

The document's six tables lost their tile pictures; each is rebuilt here as a
concrete hand that fits the table (the same set kinds, pair and wait), won by
ron and by tsumo, and the wind-pair table for seat, round, double and guest
winds.  Each case asserts the raw sum, the rounded fu, and every fu line.
A yaku is added where the table's hand has none (riichi or menzen tsumo), as
the fu does not depend on it.
"""

from __future__ import annotations

import pytest

from tests.fu_cases import CASES
from tutor.engine.notation import parse_hand, parse_tile
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.score import score_riichi
from tutor.engine.tiles import wind_tile


def test_there_are_twenty_examples() -> None:
    assert len(CASES) == 20


@pytest.mark.parametrize(
    ("hand", "win", "tsumo", "seat", "round_", "flags", "raw", "fu", "lines"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_document_example(
    hand: str,
    win: str,
    tsumo: bool,
    seat: str,
    round_: str,
    flags: frozenset[Flag],
    raw: int,
    fu: int,
    lines: list[tuple[str, int, str]],
) -> None:
    context = WinContext(parse_tile(win), tsumo, wind_tile(seat), wind_tile(round_), flags)
    score = score_riichi(parse_hand(hand), context)
    assert (score.fu.raw, score.fu.fu) == (raw, fu)
    assert sorted((line.item, line.fu, line.tiles) for line in score.fu.lines) == sorted(lines)
