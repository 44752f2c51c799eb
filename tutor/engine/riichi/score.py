"""Scoring a riichi win: every reading tried, the one worth most kept.

`score_riichi` refuses (raises `Refusal`) a hand that cannot win: not
complete, a winning tile it does not hold, flags that contradict the hand,
or no yaku (dora alone is no yaku).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from tutor.engine.hand import Hand, Meld
from tutor.engine.notation import format_meld
from tutor.engine.refusal import Detail, Refusal
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.fu import FuResult, count_fu, round_fu
from tutor.engine.riichi.points import Points, win_points
from tutor.engine.riichi.reading import Reading, ReadingFacts, hand_facts, reading_facts, tie_order
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.riichi.yaku import hand_traits, yaku_of
from tutor.engine.riichi.yakuman import hand_gates, yakuman_of
from tutor.engine.tiles import TILE_KINDS, Tile, dora_from_indicator, tile_name


@dataclass(slots=True)
class RiichiScore:
    """The value of a win and everything that explains it.  Not frozen: a
    frozen dataclass is several times slower to build, and one is built for
    every hand scored."""

    hand: Hand
    context: WinContext
    rules: RiichiRules
    reading: Reading
    """The reading taken: the one worth most (points, a true yakuman, han, fu)."""
    readings_considered: int
    fu: FuResult
    yaku: tuple[tuple[str, int], ...]
    """Regular yaku with their han; empty when a yakuman counts."""
    yakuman: tuple[tuple[str, int], ...]
    """Yakuman with their multiplier."""
    dora: int
    ura_dora: int
    han: int
    """Yaku han plus dora (0 for a yakuman hand)."""
    points: Points


_RIICHI_FLAGS: Final = frozenset({Flag.RIICHI, Flag.DOUBLE_RIICHI, Flag.IPPATSU})
_FIRST_TURN_FLAGS: Final = frozenset({Flag.TENHOU, Flag.CHIIHOU, Flag.RENHOU})
_LATER_FLAGS: Final = frozenset(
    {Flag.RIICHI, Flag.DOUBLE_RIICHI, Flag.IPPATSU, Flag.RINSHAN, Flag.CHANKAN, Flag.HAITEI, Flag.HOUTEI}
)
"""Flags of what happens after the first turn: none can hold with tenhou, chiihou or renhou."""

_DORA_OF: Final = tuple(dora_from_indicator(indicator) for indicator in range(TILE_KINDS))


def count_dora(tiles: tuple[Tile, ...], indicators: tuple[Tile, ...], kinds: frozenset[Tile] | None = None) -> int:
    """One han per tile matching each indicator's dora (an indicator shown
    twice counts twice).  Given the tiles' `kinds`, the tiles are counted
    only for a dora the hand holds: most indicators point at none."""
    count = 0
    for indicator in indicators:
        dora = _DORA_OF[indicator]
        if kinds is None or dora in kinds:
            count += tiles.count(dora)
    return count


def _written(melds: Iterable[Meld]) -> str:
    """Melds as the notation writes them: "[222s] (3333m)"."""
    return " ".join(format_meld(meld) for meld in melds)


# Flags read by check_context, bound once: on Python 3.11 reading a member
# off its class costs several times a global name, and a hand with flags
# besides riichi and ippatsu has each asked about.
_CHANKAN: Final = Flag.CHANKAN
_CHIIHOU: Final = Flag.CHIIHOU
_DOUBLE_RIICHI: Final = Flag.DOUBLE_RIICHI
_HAITEI: Final = Flag.HAITEI
_HOUTEI: Final = Flag.HOUTEI
_IPPATSU: Final = Flag.IPPATSU
_RENHOU: Final = Flag.RENHOU
_RIICHI: Final = Flag.RIICHI
_RINSHAN: Final = Flag.RINSHAN
_TENHOU: Final = Flag.TENHOU


def _first_turn_problem(hand: Hand, context: WinContext, first_turn: frozenset[Flag]) -> Detail | None:
    """Everything that rules out the first-turn win given: the other
    first-turn wins given with it, or the hand's calls and kans (`declared`)
    and the later flags given with it (`later`)."""
    given = " ".join(sorted(flag.value for flag in first_turn))
    if len(first_turn) > 1:
        return Detail("first_turn_together", {"flags": given})
    declared = _written(hand.melds)
    later = " ".join(sorted(flag.value for flag in context.flags & _LATER_FLAGS))
    if not declared and not later:
        return None
    return Detail("first_turn_late", {"flags": given, "declared": declared, "later": later})


def check_context(hand: Hand, context: WinContext) -> None:
    """Refuse flags that contradict each other or the hand, each refusal
    naming the flag given and what in the hand or the other flags rules it out."""
    flags = context.flags
    if not flags:
        return
    # The common case, riichi (and ippatsu) on a closed hand, needs no more checks.
    if flags <= _RIICHI_FLAGS and hand.is_closed and (_IPPATSU not in flags or context.riichi):
        return
    details: list[Detail] = []

    def refuse(code: str, **values: str | int) -> None:
        details.append(Detail(code, values))

    open_hand = not hand.is_closed
    if context.riichi and open_hand:
        given = sorted(flag.value for flag in flags & {_RIICHI, _DOUBLE_RIICHI})
        opened = _written(meld for meld in hand.melds if meld.is_open)
        refuse("riichi_open", flags=" ".join(given), melds=opened)
    if _IPPATSU in flags and not context.riichi:
        refuse("ippatsu_without_riichi")
    if _RINSHAN in flags:
        kans = _written(meld for meld in hand.melds if meld.is_kan)
        if not context.tsumo or not kans:
            refuse("rinshan_no_kan" if context.tsumo else "rinshan_ron" if kans else "rinshan_ron_no_kan")
    if _CHANKAN in flags and context.tsumo:
        refuse("chankan_tsumo")
    if _HAITEI in flags and not context.tsumo:
        refuse("haitei_ron")
    if _HOUTEI in flags and context.tsumo:
        refuse("houtei_tsumo")
    if _HAITEI in flags and _RINSHAN in flags:
        refuse("haitei_and_rinshan")
    if _HOUTEI in flags and _CHANKAN in flags:
        refuse("houtei_and_chankan")
    first_turn = flags & _FIRST_TURN_FLAGS
    problem = _first_turn_problem(hand, context, first_turn) if first_turn else None
    if problem:
        details.append(problem)
    if _TENHOU in flags and not (context.dealer and context.tsumo):
        refuse("tenhou")
    if _CHIIHOU in flags and (context.dealer or not context.tsumo):
        refuse("chiihou")
    if _RENHOU in flags and (context.dealer or context.tsumo):
        refuse("renhou")
    if details:
        raise Refusal("flags", *details)


FIVES: Final = frozenset({4, 13, 22})
"""The kinds a red five can be: the 5 of characters, dots and bamboo."""


def check_red(hand: Hand, red: tuple[Tile, ...]) -> None:
    """Refuse red fives that are no fives, or more of a kind than the hand holds."""
    counts = hand.all_counts()
    for tile in sorted(set(red)):
        if tile not in FIVES:
            raise Refusal("red_five", Detail("red_not_five", {"tile": tile_name(tile)}))
        if red.count(tile) > counts[tile]:
            raise Refusal(
                "red_five",
                Detail("red_not_held", {"tile": tile_name(tile), "red": red.count(tile), "held": counts[tile]}),
            )


Worth = tuple[int, bool, int, int, int]
"""What readings are compared by: points, whether a true yakuman counts,
han, fu, fu before rounding (see `score_riichi`)."""

_Valued = tuple[Worth, ReadingFacts, list[tuple[str, int]], int, Points]
"""The best reading so far while scoring: its worth, its facts, its regular
yaku with their han (or its yakuman with their multiplier), its han and its
points.  A plain tuple: one is made for every reading with a yaku."""


_DEFAULT_RULES: Final = RiichiRules()


def score_riichi(hand: Hand, context: WinContext, rules: RiichiRules | None = None) -> RiichiScore:
    rules = rules or _DEFAULT_RULES
    if hand.tile_count != 14:
        raise Refusal("not_complete", Detail("riichi_tile_count", {"count": hand.tile_count}))
    if context.win_tile not in hand.concealed:
        raise Refusal("win_tile_missing", Detail("win_tile_missing", {"tile": tile_name(context.win_tile)}))
    if context.flags:
        check_context(hand, context)
    if context.red:
        check_red(hand, context.red)
    of_hand = hand_facts(hand, context)
    found = reading_facts(of_hand)
    if not found:
        raise Refusal("not_complete", Detail("riichi_no_shape"))
    gates = hand_gates(of_hand)
    traits = hand_traits(of_hand)
    # Dora count the tiles, which every reading shares.
    tiles, kinds = of_hand.tiles, of_hand.kinds
    dora = count_dora(tiles, context.dora_indicators, kinds) if context.dora_indicators else 0
    dora += len(context.red)
    ura = count_dora(tiles, context.ura_indicators, kinds) if context.ura_indicators and context.riichi else 0
    dealer, tsumo = context.dealer, context.tsumo
    # Each reading is valued by its payments, which a hand of one reading (the
    # most) would write out anyway: one computation of points, and no
    # second call for the reading kept.  `worth` is points first; on equal points a true
    # yakuman beats a counted one (a learner should be told "suuankou", not
    # "18 han"); then han, then fu, then fu before rounding, as the `mahjong`
    # library ranks them.  Readings equal in all of these are taken in the
    # fixed `tie_order`, so that the fu lines a learner reads never depend on
    # the order in which the readings were found.
    best: _Valued | None = None
    for facts in found:
        yakuman = yakuman_of(facts, rules, gates)
        if yakuman:
            han = 0
            yaku = yakuman
        else:
            yaku = yaku_of(facts, rules, traits)
            if not yaku:
                continue
            han = dora + ura
            for _, yaku_han in yaku:
                han += yaku_han
        raw = count_fu(facts, rules)
        fu = round_fu(raw, facts.shape)
        if yakuman:
            points = win_points(0, fu, sum(times for _, times in yakuman), dealer, tsumo, rules)
        else:
            points = win_points(han, fu, 0, dealer, tsumo, rules)
        worth: Worth = (points.total, bool(yakuman), han, fu, raw)
        if best is None or worth > best[0] or (worth == best[0] and tie_order(facts) < tie_order(best[1])):
            best = (worth, facts, yaku, han, points)
    if best is None:
        raise Refusal("no_yaku", Detail("no_yaku"))
    (_, yakuman_hand, _, fu, raw), facts, yaku, han, points = best
    score = RiichiScore(
        hand=hand,
        context=context,
        rules=rules,
        reading=facts.reading,
        readings_considered=len(found),
        fu=FuResult(facts, rules, raw, fu),
        yaku=() if yakuman_hand else tuple(yaku),
        yakuman=tuple(yaku) if yakuman_hand else (),
        dora=0 if yakuman_hand else dora,
        ura_dora=0 if yakuman_hand else ura,
        han=han,
        points=points,
    )
    return score
