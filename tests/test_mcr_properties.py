"""Properties every MCR score must have."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import assume, given
from hypothesis import strategies as st

from tests.strategies import mcr_wins
from tutor.engine.hand import Hand
from tutor.engine.mcr.chow_sources import PATTERNS
from tutor.engine.mcr.context import McrContext
from tutor.engine.mcr.score import McrScore, score_mcr
from tutor.engine.refusal import Refusal


def score_or_none(hand: Hand, context: McrContext) -> McrScore | None:
    try:
        return score_mcr(hand, context)
    except Refusal:
        return None


@given(mcr_wins())
def test_total_is_never_below_the_largest_fan(win: tuple[Hand, McrContext]) -> None:
    result = score_or_none(*win)
    assume(result is not None)
    assert result is not None
    assert result.total >= max(item.fan.points for item in result.fans)
    assert result.total == sum(item.fan.points * item.count for item in result.fans)


@given(mcr_wins(), st.integers(min_value=0, max_value=8))
def test_each_flower_adds_one_point_and_never_changes_can_win(win: tuple[Hand, McrContext], flowers: int) -> None:
    hand, context = win
    bare = score_or_none(hand, replace(context, flowers=0))
    assume(bare is not None)
    assert bare is not None
    flowered = score_mcr(hand, replace(context, flowers=flowers))
    assert flowered.total == bare.total + flowers
    assert flowered.can_win == bare.can_win


@given(mcr_wins())
def test_chicken_hand_only_alone(win: tuple[Hand, McrContext]) -> None:
    result = score_or_none(*win)
    assume(result is not None)
    assert result is not None
    fans = {item.fan.id for item in result.fans} - {"flower_tiles"}
    assert "chicken_hand" not in fans or fans == {"chicken_hand"}


@given(mcr_wins())
def test_a_chow_fan_names_chows_that_show_it(win: tuple[Hand, McrContext]) -> None:
    """A chow fan counted once names exactly the chows of its pattern (花龙
    three chows of 123, 456, 789 in three suits, and no other chow)."""
    result = score_or_none(*win)
    assume(result is not None)
    assert result is not None
    for item in result.fans:
        if item.fan.id not in PATTERNS:
            continue
        size, shows = PATTERNS[item.fan.id]
        chows = [pack.tile for pack in item.sources]
        assert all(pack.kind == "chow" for pack in item.sources)
        if item.count == 1:
            assert len(chows) == size and shows(chows), (item.fan.id, item.tiles)
        else:
            assert len(chows) >= size, (item.fan.id, item.tiles)
