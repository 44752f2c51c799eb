"""The thirteen yakuman of document 000 (and the double forms some tables allow).

`closed_only` marks those document 000 says count only for a closed hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from tutor.engine.riichi.context import Flag
from tutor.engine.riichi.reading import HandFacts, ReadingFacts
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.shapes import ShapeKind
from tutor.engine.tiles import DRAGONS, GREEN, WINDS, is_terminal
from tutor.engine.waits import WaitKind

Condition = Callable[[ReadingFacts, RiichiRules], bool]

# Flag names read once: an enum's `.value` is a slow descriptor in the inner loop.
_RENHOU: Final = Flag.RENHOU.value

GREEN_TILES: Final = frozenset({19, 20, 21, 23, 25, GREEN})
"""녹일색: 2, 3, 4, 6 and 8 of bamboo and the green dragon."""


@dataclass(frozen=True, slots=True)
class Yakuman:
    id: str
    closed_only: bool
    double: bool
    """Counts double when the `double_yakuman` option is on."""
    condition: Condition


def _kokushi(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.shape is ShapeKind.THIRTEEN_ORPHANS and facts.pair != facts.context.win_tile


def _kokushi_13(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    # The winning tile made the pair: before it, all thirteen were single.
    return facts.shape is ShapeKind.THIRTEEN_ORPHANS and facts.pair == facts.context.win_tile


def _suuankou(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.concealed_triplets == 4 and facts.reading.wait is not WaitKind.TANKI


def _suuankou_tanki(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.concealed_triplets == 4 and facts.reading.wait is WaitKind.TANKI


def _daisangen(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return sum(1 for tile in facts.triplets if tile in DRAGONS) == 3


def _wind_sets(facts: ReadingFacts) -> int:
    return sum(1 for tile in facts.triplets if tile in WINDS)


def _shousuushii(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return _wind_sets(facts) == 3 and facts.pair in WINDS


def _daisuushii(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return _wind_sets(facts) == 4


def _tsuuiisou(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return not facts.of_hand.number_suits


def _ryuuiisou(facts: ReadingFacts, rules: RiichiRules) -> bool:
    kinds = facts.of_hand.kinds
    return kinds <= GREEN_TILES and (not rules.ryuuiisou_needs_hatsu or GREEN in kinds)


def _chinroutou(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return all(is_terminal(tile) for tile in facts.of_hand.kinds)


def _nine_gates_counts(facts: ReadingFacts) -> list[int] | None:
    """The rank counts of a closed one-suit hand with no kan, else None."""
    of_hand = facts.of_hand
    if of_hand.hand.melds or of_hand.has_honours or len(of_hand.number_suits) != 1:
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
    name = flag.value
    return lambda facts, _rules: name in facts.of_hand.flags


def _renhou(facts: ReadingFacts, rules: RiichiRules) -> bool:
    return rules.renhou == "yakuman" and _RENHOU in facts.of_hand.flags


YAKUMAN: Final = (
    Yakuman("kokushi", True, False, _kokushi),
    Yakuman("kokushi_13", True, True, _kokushi_13),
    Yakuman("suuankou", True, False, _suuankou),
    Yakuman("suuankou_tanki", True, True, _suuankou_tanki),
    Yakuman("daisangen", False, False, _daisangen),
    Yakuman("shousuushii", False, False, _shousuushii),
    Yakuman("daisuushii", False, True, _daisuushii),
    Yakuman("tsuuiisou", False, False, _tsuuiisou),
    Yakuman("ryuuiisou", False, False, _ryuuiisou),
    Yakuman("chinroutou", False, False, _chinroutou),
    Yakuman("chuuren", True, False, _chuuren),
    Yakuman("junsei_chuuren", True, True, _junsei_chuuren),
    Yakuman("suukantsu", False, False, _suukantsu),
    Yakuman("tenhou", True, False, _flag(Flag.TENHOU)),
    Yakuman("chiihou", True, False, _flag(Flag.CHIIHOU)),
    Yakuman("renhou", True, False, _renhou),
)


OPEN_YAKUMAN: Final = tuple(yakuman for yakuman in YAKUMAN if not yakuman.closed_only)

_OF_TRIPLETS: Final = frozenset({"suuankou", "suuankou_tanki", "daisangen", "shousuushii", "daisuushii", "suukantsu"})
TRIPLET_YAKUMAN: Final = tuple(yakuman for yakuman in YAKUMAN if yakuman.id in _OF_TRIPLETS)
"""The yakuman that need three triplets or more, whatever the tiles."""
OPEN_TRIPLET_YAKUMAN: Final = tuple(yakuman for yakuman in TRIPLET_YAKUMAN if not yakuman.closed_only)


_FIRST_TURN: Final = frozenset({Flag.TENHOU.value, Flag.CHIIHOU.value, Flag.RENHOU.value})


def tiles_may_hold_yakuman(of_hand: HandFacts) -> bool:
    """Whether a yakuman that the tiles and flags decide could hold, asked once
    per hand so that most readings skip the yakuman table.  A superset: kokushi,
    tsuuiisou and chinroutou are all terminals or honours; ryuuiisou is green
    tiles only; both nine gates are one closed suit; the first-turn yakuman are
    flags.  The others need three triplets or more, which `yakuman_of` checks
    per reading."""
    return (
        of_hand.all_terminals_or_honours
        or of_hand.kinds <= GREEN_TILES
        or (len(of_hand.number_suits) == 1 and not of_hand.has_honours and not of_hand.hand.melds)
        or not of_hand.flags.isdisjoint(_FIRST_TURN)
    )


def yakuman_of(facts: ReadingFacts, rules: RiichiRules, tiles_may: bool = True) -> list[tuple[str, int]]:
    """The yakuman of a reading with the multiplier each counts.  Without
    stacking only the largest counts (the first listed, among equals).
    `tiles_may` False (from `tiles_may_hold_yakuman`) leaves only the yakuman
    of three or more triplets to look for."""
    closed = facts.of_hand.closed
    if tiles_may:
        candidates = YAKUMAN if closed else OPEN_YAKUMAN
    elif len(facts.triplets) >= 3:
        candidates = TRIPLET_YAKUMAN if closed else OPEN_TRIPLET_YAKUMAN
    else:
        return []
    found = [
        (yakuman.id, 2 if yakuman.double and rules.double_yakuman else 1)
        for yakuman in candidates
        if yakuman.condition(facts, rules)
    ]
    if found and not rules.yakuman_stacking:
        found = [max(found, key=lambda item: item[1])]
    return found
