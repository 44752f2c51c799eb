"""Which chows make a chow fan, for the explanation of a score.

The counting (calculate.py) decides how many times a chow fan counts; it
does not keep which chows it used.  A learner reading "花龙 Mixed Straight"
needs to see 123m 456p 789s, not every chow of the hand, so this module
finds, among the reading's chows, the ones that show each fan's pattern.

Chows are given by their middle tile, so a chow's number is its middle
tile's (0-based: 123 has 1, 789 has 7) and its suit that tile's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, pairwise
from typing import Final

from tutor.engine.mcr.fans import FanId
from tutor.engine.tiles import Tile

Pattern = Callable[[Sequence[Tile]], bool]
"""Whether some chows (by their middle tiles, in reading order) show a fan."""


def _suit(tile: Tile) -> int:
    return tile // 9


def _number(tile: Tile) -> int:
    return tile % 9


def _one_suit(chows: Sequence[Tile]) -> bool:
    return len({_suit(tile) for tile in chows}) == 1


def _all_suits_differ(chows: Sequence[Tile]) -> bool:
    return len({_suit(tile) for tile in chows}) == len(chows)


def _numbers(chows: Sequence[Tile]) -> list[int]:
    return sorted(_number(tile) for tile in chows)


def _identical(chows: Sequence[Tile]) -> bool:
    return len(set(chows)) == 1


def _same_number(chows: Sequence[Tile]) -> bool:
    return len({_number(tile) for tile in chows}) == 1


def _shifted(chows: Sequence[Tile], steps: tuple[int, ...]) -> bool:
    """Numbers that rise by the same step, one of `steps`, from chow to chow."""
    numbers = _numbers(chows)
    rises = {b - a for a, b in pairwise(numbers)}
    return len(rises) == 1 and rises.pop() in steps


STRAIGHT: Final = [1, 4, 7]
"""The middle numbers of 123, 456 and 789."""
TERMINAL_CHOWS: Final = [1, 7]
"""The middle numbers of 123 and 789."""

PATTERNS: Final[dict[FanId, tuple[int, Pattern]]] = {
    # 一般高: the same chow twice.
    FanId.PURE_DOUBLE_CHOW: (2, _identical),
    # 喜相逢: the same numbers in two suits.
    FanId.MIXED_DOUBLE_CHOW: (2, lambda c: _same_number(c) and _all_suits_differ(c)),
    # 连六: six numbers in a row in one suit.
    FanId.SHORT_STRAIGHT: (2, lambda c: _one_suit(c) and _numbers(c)[1] - _numbers(c)[0] == 3),
    # 老少副: 123 and 789 of one suit.
    FanId.TWO_TERMINAL_CHOWS: (2, lambda c: _one_suit(c) and _numbers(c) == TERMINAL_CHOWS),
    # 花龙: 123, 456 and 789, each in its own suit.
    FanId.MIXED_STRAIGHT: (3, lambda c: _all_suits_differ(c) and _numbers(c) == STRAIGHT),
    # 三色三同顺: the same numbers in the three suits.
    FanId.MIXED_TRIPLE_CHOW: (3, lambda c: _same_number(c) and _all_suits_differ(c)),
    # 三色三步高: three suits, each chow one higher.
    FanId.MIXED_SHIFTED_CHOWS: (3, lambda c: _all_suits_differ(c) and _shifted(c, (1,))),
    # 清龙: 123, 456 and 789 of one suit.
    FanId.PURE_STRAIGHT: (3, lambda c: _one_suit(c) and _numbers(c) == STRAIGHT),
    # 一色三步高: one suit, each chow one (or each two) higher.
    FanId.PURE_SHIFTED_CHOWS: (3, lambda c: _one_suit(c) and _shifted(c, (1, 2))),
    # 一色三同顺: the same chow three times.
    FanId.PURE_TRIPLE_CHOW: (3, _identical),
    # 一色四同顺: the same chow four times.
    FanId.QUADRUPLE_CHOW: (4, _identical),
    # 一色四步高: one suit, each chow one (or each two) higher.
    FanId.FOUR_PURE_SHIFTED_CHOWS: (4, lambda c: _one_suit(c) and _shifted(c, (1, 2))),
}
"""How many chows each chow fan takes, and the pattern they show.  The fans
not here (平和, 三色双龙会, 一色双龙会) are made of every chow of the hand."""


def chow_sources(fan: FanId, count: int, chows: Sequence[Tile]) -> tuple[int, ...] | None:
    """The positions in `chows` of the chows that make `fan`, counted `count`
    times; None for a fan of every chow.  Each further count prefers chows
    not used yet, as the account-once principle (套算一次) counts them."""
    if fan not in PATTERNS:
        return None
    size, shows = PATTERNS[fan]
    matches = [group for group in combinations(range(len(chows)), size) if shows([chows[i] for i in group])]
    chosen: list[tuple[int, ...]] = []
    used: set[int] = set()
    while matches and len(chosen) < count:
        group = min(matches, key=lambda group: sum(i in used for i in group))
        matches.remove(group)
        chosen.append(group)
        used.update(group)
    return tuple(sorted(used))
