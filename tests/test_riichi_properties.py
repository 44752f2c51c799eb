"""Properties every riichi score must have, on hands hypothesis builds."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from tests.strategies import riichi_wins
from tutor.engine.hand import Hand
from tutor.engine.refusal import Refusal
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.riichi.score import RiichiScore, score_riichi
from tutor.engine.shapes import ShapeKind

wins = riichi_wins()


def score_or_none(hand: Hand, context: WinContext, rules: RiichiRules | None = None) -> RiichiScore | None:
    try:
        return score_riichi(hand, context, rules)
    except Refusal:
        return None


@given(wins)
def test_fu_is_25_or_a_multiple_of_10_and_at_least_20_or_none_for_kokushi(win: tuple[Hand, WinContext]) -> None:
    score = score_or_none(*win)
    assume(score is not None)
    assert score is not None
    if score.reading.decomposition.shape is ShapeKind.THIRTEEN_ORPHANS:
        assert (score.fu.fu, score.fu.lines) == (0, ())
    else:
        assert score.fu.fu == 25 or (score.fu.fu % 10 == 0 and score.fu.fu >= 20)
    assert score.fu.raw == sum(line.fu for line in score.fu.lines)
    assert score.fu.fu >= score.fu.raw


@given(riichi_wins(tsumo=False))
def test_closed_ron_has_at_least_30_fu(win: tuple[Hand, WinContext]) -> None:
    # Drawn as rons, not filtered to them: filtering left too few examples
    # on some runs (Hypothesis's filter_too_much).
    hand, context = win
    assume(hand.is_closed)
    score = score_or_none(hand, context)
    assume(
        score is not None
        and score.reading.decomposition.shape not in (ShapeKind.SEVEN_PAIRS, ShapeKind.THIRTEEN_ORPHANS)
    )
    assert score is not None
    assert score.fu.fu >= 30


@given(wins, st.sampled_from(["riichi", "dora", "haitei_or_houtei", "ippatsu"]))
def test_points_never_fall_when_a_yaku_is_added(win: tuple[Hand, WinContext], extra: str) -> None:
    hand, context = win
    flags = set(context.flags)
    if extra == "riichi":
        assume(hand.is_closed and not context.riichi and not flags & {Flag.TENHOU, Flag.CHIIHOU, Flag.RENHOU})
        flags.add(Flag.RIICHI)
    elif extra == "ippatsu":
        assume(context.riichi and Flag.IPPATSU not in flags)
        flags.add(Flag.IPPATSU)
    elif extra == "haitei_or_houtei":
        assume(
            not flags & {Flag.HAITEI, Flag.HOUTEI, Flag.RINSHAN, Flag.CHANKAN, Flag.TENHOU, Flag.CHIIHOU, Flag.RENHOU}
        )
        flags.add(Flag.HAITEI if context.tsumo else Flag.HOUTEI)
    before = score_or_none(hand, context)
    if extra == "dora":
        more = WinContext(
            context.win_tile,
            context.tsumo,
            context.seat,
            context.round,
            context.flags,
            (*context.dora_indicators, hand.concealed[0]),
            context.ura_indicators,
        )
    else:
        more = WinContext(
            context.win_tile,
            context.tsumo,
            context.seat,
            context.round,
            frozenset(flags),
            context.dora_indicators,
            context.ura_indicators,
        )
    after = score_or_none(hand, more)
    assume(before is not None)
    assert before is not None and after is not None
    assert after.points.total >= before.points.total
    assert after.han >= before.han or after.yakuman


@given(wins)
def test_yakuman_replace_regular_yaku(win: tuple[Hand, WinContext]) -> None:
    score = score_or_none(*win)
    assume(score is not None)
    assert score is not None
    if score.yakuman:
        assert score.yaku == () and score.han == 0 and score.points.base >= 8000
    else:
        assert score.yaku and score.han >= 1
