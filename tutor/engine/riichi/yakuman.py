"""The thirteen yakuman of document 000 (and the double forms some tables allow).

`closed_only` marks those document 000 says count only for a closed hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from tutor.engine.memo import memo
from tutor.engine.riichi.context import Flag
from tutor.engine.riichi.reading import HandFacts, ReadingFacts
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.shapes import ShapeKind
from tutor.engine.tiles import DRAGONS, GREEN, GREEN_TILES, WINDS, is_terminal
from tutor.engine.waits import WaitKind

Condition = Callable[[ReadingFacts, RiichiRules], bool]

# Enum members read by conditions, bound once: on Python 3.11 reading a
# member off its class costs ten times a global name.
_THIRTEEN_ORPHANS = ShapeKind.THIRTEEN_ORPHANS
_TANKI = WaitKind.TANKI


@dataclass(frozen=True, slots=True)
class Yakuman:
    id: str
    closed_only: bool
    double: bool
    """Counts double when the `double_yakuman` option is on."""
    condition: Condition
    needs: int
    """The gate (a bit below) that must be open before `condition` is asked."""


def _kokushi(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.shape is _THIRTEEN_ORPHANS and facts.pair != facts.context.win_tile


def _kokushi_13(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    # The winning tile made the pair: before it, all thirteen were single.
    return facts.shape is _THIRTEEN_ORPHANS and facts.pair == facts.context.win_tile


def _suuankou(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.concealed_triplets == 4 and facts.wait is not _TANKI


def _suuankou_tanki(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.concealed_triplets == 4 and facts.wait is _TANKI


def _daisangen(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return sum(1 for tile in facts.triplets if tile in DRAGONS) == 3


def _wind_sets(facts: ReadingFacts) -> int:
    return sum(1 for tile in facts.triplets if tile in WINDS)


def _shousuushii(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return _wind_sets(facts) == 3 and facts.pair in WINDS


def _daisuushii(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return _wind_sets(facts) == 4


def _tsuuiisou(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.of_hand.number_suits == 0


def _ryuuiisou(facts: ReadingFacts, rules: RiichiRules) -> bool:
    kinds = facts.of_hand.kinds
    return kinds <= GREEN_TILES and (not rules.ryuuiisou_needs_hatsu or GREEN in kinds)


def _chinroutou(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return all(is_terminal(tile) for tile in facts.of_hand.kinds)


def _nine_gates_counts(facts: ReadingFacts) -> list[int] | None:
    """The rank counts of a closed one-suit hand with no kan, else None."""
    of_hand = facts.of_hand
    if of_hand.hand.melds or of_hand.has_honours or of_hand.number_suits != 1:
        return None
    tiles = of_hand.tiles
    # The sorted tiles open with three 1s and close with three 9s, or it is no nine gates.
    if tiles[0] % 9 != 0 or tiles[2] != tiles[0] or tiles[-1] % 9 != 8 or tiles[-3] != tiles[-1]:
        return None
    counts = [0] * 9
    for tile in facts.tiles:
        counts[tile % 9] += 1
    return counts


_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _is_nine_gates(counts: list[int]) -> bool:
    return all(have >= need for have, need in zip(counts, _GATES, strict=True))


def _chuuren(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    counts = _nine_gates_counts(facts)
    if counts is None or not _is_nine_gates(counts):
        return False
    counts[facts.context.win_tile % 9] -= 1
    return tuple(counts) != _GATES


def _junsei_chuuren(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    # 純正: the hand before the winning tile was exactly 1112345678999, the nine-sided wait.
    counts = _nine_gates_counts(facts)
    if counts is None or not _is_nine_gates(counts):
        return False
    counts[facts.context.win_tile % 9] -= 1
    return tuple(counts) == _GATES


def _suukantsu(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.kans == 4


def _flag(flag: Flag) -> Condition:
    return lambda facts, _rules: flag in facts.of_hand.flags


def _renhou(facts: ReadingFacts, rules: RiichiRules) -> bool:
    return rules.renhou == "yakuman" and Flag.RENHOU in facts.of_hand.flags


# What a hand must show before a yakuman's condition is worth asking: one bit
# each, so that most hands ask about none and the rest about a few.
GATE_FOUR_CONCEALED_OR_KANS: Final = 1
"""The reading has four concealed triplets or kans (the four concealed
triplets), or four kans (the four kans)."""
GATE_ALL_TERMINALS_OR_HONOURS: Final = 2
"""Every tile a terminal or an honour (kokushi, tsuuiisou, chinroutou)."""
GATE_GREEN_ONLY: Final = 4
"""Every tile green (ryuuiisou)."""
GATE_ONE_CLOSED_SUIT: Final = 8
"""One number suit with all nine of its ranks, no honours, no calls (the nine gates)."""
GATE_FIRST_TURN: Final = 16
"""A tenhou, chiihou or renhou flag."""
GATE_THREE_HONOUR_TRIPLETS: Final = 32
"""The reading has three honour triplets or kans (the dragons, the winds)."""

YAKUMAN: Final = (
    Yakuman("kokushi", True, False, _kokushi, GATE_ALL_TERMINALS_OR_HONOURS),
    Yakuman("kokushi_13", True, True, _kokushi_13, GATE_ALL_TERMINALS_OR_HONOURS),
    Yakuman("suuankou", True, False, _suuankou, GATE_FOUR_CONCEALED_OR_KANS),
    Yakuman("suuankou_tanki", True, True, _suuankou_tanki, GATE_FOUR_CONCEALED_OR_KANS),
    Yakuman("daisangen", False, False, _daisangen, GATE_THREE_HONOUR_TRIPLETS),
    Yakuman("shousuushii", False, False, _shousuushii, GATE_THREE_HONOUR_TRIPLETS),
    Yakuman("daisuushii", False, True, _daisuushii, GATE_THREE_HONOUR_TRIPLETS),
    Yakuman("tsuuiisou", False, False, _tsuuiisou, GATE_ALL_TERMINALS_OR_HONOURS),
    Yakuman("ryuuiisou", False, False, _ryuuiisou, GATE_GREEN_ONLY),
    Yakuman("chinroutou", False, False, _chinroutou, GATE_ALL_TERMINALS_OR_HONOURS),
    Yakuman("chuuren", True, False, _chuuren, GATE_ONE_CLOSED_SUIT),
    Yakuman("junsei_chuuren", True, True, _junsei_chuuren, GATE_ONE_CLOSED_SUIT),
    Yakuman("suukantsu", False, False, _suukantsu, GATE_FOUR_CONCEALED_OR_KANS),
    Yakuman("tenhou", True, False, _flag(Flag.TENHOU), GATE_FIRST_TURN),
    Yakuman("chiihou", True, False, _flag(Flag.CHIIHOU), GATE_FIRST_TURN),
    Yakuman("renhou", True, False, _renhou, GATE_FIRST_TURN),
)

_FIRST_TURN_FLAGS: Final = frozenset({Flag.TENHOU, Flag.CHIIHOU, Flag.RENHOU})


def hand_gates(of_hand: HandFacts) -> int:
    """The gates (bits above) that the tiles and flags open, asked once per
    hand; `yakuman_of` adds the triplet gates per reading."""
    gates = 0
    if of_hand.all_terminals_or_honours:
        gates |= GATE_ALL_TERMINALS_OR_HONOURS
    if of_hand.kinds <= GREEN_TILES:
        gates |= GATE_GREEN_ONLY
    if len(of_hand.kinds) == 9 and of_hand.number_suits == 1 and not of_hand.has_honours and not of_hand.hand.melds:
        gates |= GATE_ONE_CLOSED_SUIT
    if of_hand.flags and not of_hand.flags.isdisjoint(_FIRST_TURN_FLAGS):
        gates |= GATE_FIRST_TURN
    return gates


_candidates: dict[tuple[bool, int], tuple[Yakuman, ...]] = memo("riichi.yakuman.candidates", {})


def candidates_for(closed: bool, gates: int) -> tuple[Yakuman, ...]:
    """The yakuman worth asking about behind `gates`, in listing order."""
    found = _candidates.get((closed, gates))
    if found is None:
        found = tuple(yakuman for yakuman in YAKUMAN if yakuman.needs & gates and (closed or not yakuman.closed_only))
        _candidates[(closed, gates)] = found
    return found


def yakuman_of(facts: ReadingFacts, rules: RiichiRules, gates: int | None = None) -> list[tuple[str, int]]:
    """The yakuman of a reading with the multiplier each counts.  Without
    stacking only the largest counts (the first listed, among equals).
    `gates` are the hand's (from `hand_gates`), passed in when scoring asks
    about several readings of one hand."""
    if gates is None:
        gates = hand_gates(facts.of_hand)
    if facts.concealed_triplets == 4 or facts.kans == 4:
        gates |= GATE_FOUR_CONCEALED_OR_KANS
    if facts.honour_sets.bit_count() >= 3:
        gates |= GATE_THREE_HONOUR_TRIPLETS
    if not gates:
        return []
    found = [
        (yakuman.id, 2 if yakuman.double and rules.double_yakuman else 1)
        for yakuman in candidates_for(facts.of_hand.closed, gates)
        if yakuman.condition(facts, rules)
    ]
    if len(found) > 1 and not rules.yakuman_stacking:
        found = [max(found, key=lambda item: item[1])]
    return found
