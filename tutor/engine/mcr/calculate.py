"""Counting the fans of one MCR hand.

The order of work follows the Chinese Official rules as the standard
calculators apply them: the special shapes first (seven pairs, the knitted
shapes, thirteen orphans, nine gates), then every regular reading; within a
reading, fans of the win and the hand's tiles, of the sets (kongs and
concealed pungs, chow and pung patterns), the pair, the single pungs (箭刻,
the winds, 幺九刻) and the wait.  Every counting, a special shape's too, ends
by leaving out the fans its fans imply (`exclusions.FINAL_EXCLUSIONS`, the
one table less the rows settled pung by pung).  The reading worth most is
kept.

A fan table here is a dict from fan id to how many times it counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise, product
from typing import Final, NamedTuple

from tutor.engine.hand import Hand, MeldKind
from tutor.engine.irregular import (
    KNITTED_KINDS,
    KNITTED_SETS,
    honours_and_knitted_set,
    is_seven_pairs,
    is_thirteen_orphans,
)
from tutor.engine.mcr.context import McrContext
from tutor.engine.mcr.exclusions import ACCOUNT_ONCE, FINAL_EXCLUSIONS, TAKE_HIGHER, WAIT_FANS
from tutor.engine.mcr.fans import FANS, FanId
from tutor.engine.mcr.rules import McrRules
from tutor.engine.memo import memo
from tutor.engine.rules import Rules
from tutor.engine.shapes import SetKind, regular_readings, suit_readings_of_key
from tutor.engine.suit_keys import PLACE_OF
from tutor.engine.suit_keys import keys_and_sizes as suit_keys_and_sizes
from tutor.engine.tiles import (
    DRAGON_TILES,
    DRAGONS,
    EAST,
    GREEN_TILES,
    HONOUR_TILES,
    SUIT_TILES,
    TERMINAL_OR_HONOUR_TILES,
    TERMINAL_TILES,
    TILE_KINDS,
    WHITE,
    WIND_TILES,
    WINDS,
    Tile,
    is_terminal,
    is_wind,
)
from tutor.engine.waits import regular_winners

# Fan ids bound once as module names: counting reads them on every reading,
# and on Python 3.11 every read of a member off its enum class goes through
# the enum type's __getattr__ hook, far slower than a global name (a profile
# of score_mcr shows it; riichi/yaku.py binds ShapeKind's for the same reason).
_BIG_FOUR_WINDS: Final = FanId.BIG_FOUR_WINDS
_BIG_THREE_DRAGONS: Final = FanId.BIG_THREE_DRAGONS
_ALL_GREEN: Final = FanId.ALL_GREEN
_NINE_GATES: Final = FanId.NINE_GATES
_FOUR_KONGS: Final = FanId.FOUR_KONGS
_SEVEN_SHIFTED_PAIRS: Final = FanId.SEVEN_SHIFTED_PAIRS
_THIRTEEN_ORPHANS: Final = FanId.THIRTEEN_ORPHANS
_ALL_TERMINALS: Final = FanId.ALL_TERMINALS
_LITTLE_FOUR_WINDS: Final = FanId.LITTLE_FOUR_WINDS
_LITTLE_THREE_DRAGONS: Final = FanId.LITTLE_THREE_DRAGONS
_ALL_HONORS: Final = FanId.ALL_HONORS
_FOUR_CONCEALED_PUNGS: Final = FanId.FOUR_CONCEALED_PUNGS
_PURE_TERMINAL_CHOWS: Final = FanId.PURE_TERMINAL_CHOWS
_QUADRUPLE_CHOW: Final = FanId.QUADRUPLE_CHOW
_FOUR_PURE_SHIFTED_PUNGS: Final = FanId.FOUR_PURE_SHIFTED_PUNGS
_FOUR_PURE_SHIFTED_CHOWS: Final = FanId.FOUR_PURE_SHIFTED_CHOWS
_THREE_KONGS: Final = FanId.THREE_KONGS
_ALL_TERMINALS_AND_HONORS: Final = FanId.ALL_TERMINALS_AND_HONORS
_SEVEN_PAIRS: Final = FanId.SEVEN_PAIRS
_GREATER_HONORS_AND_KNITTED_TILES: Final = FanId.GREATER_HONORS_AND_KNITTED_TILES
_ALL_EVEN_PUNGS: Final = FanId.ALL_EVEN_PUNGS
_FULL_FLUSH: Final = FanId.FULL_FLUSH
_PURE_TRIPLE_CHOW: Final = FanId.PURE_TRIPLE_CHOW
_PURE_SHIFTED_PUNGS: Final = FanId.PURE_SHIFTED_PUNGS
_UPPER_TILES: Final = FanId.UPPER_TILES
_MIDDLE_TILES: Final = FanId.MIDDLE_TILES
_LOWER_TILES: Final = FanId.LOWER_TILES
_PURE_STRAIGHT: Final = FanId.PURE_STRAIGHT
_THREE_SUITED_TERMINAL_CHOWS: Final = FanId.THREE_SUITED_TERMINAL_CHOWS
_PURE_SHIFTED_CHOWS: Final = FanId.PURE_SHIFTED_CHOWS
_ALL_FIVE: Final = FanId.ALL_FIVE
_TRIPLE_PUNG: Final = FanId.TRIPLE_PUNG
_THREE_CONCEALED_PUNGS: Final = FanId.THREE_CONCEALED_PUNGS
_LESSER_HONORS_AND_KNITTED_TILES: Final = FanId.LESSER_HONORS_AND_KNITTED_TILES
_KNITTED_STRAIGHT: Final = FanId.KNITTED_STRAIGHT
_UPPER_FOUR: Final = FanId.UPPER_FOUR
_LOWER_FOUR: Final = FanId.LOWER_FOUR
_BIG_THREE_WINDS: Final = FanId.BIG_THREE_WINDS
_MIXED_STRAIGHT: Final = FanId.MIXED_STRAIGHT
_REVERSIBLE_TILES: Final = FanId.REVERSIBLE_TILES
_MIXED_TRIPLE_CHOW: Final = FanId.MIXED_TRIPLE_CHOW
_CHICKEN_HAND: Final = FanId.CHICKEN_HAND
_LAST_TILE_DRAW: Final = FanId.LAST_TILE_DRAW
_LAST_TILE_CLAIM: Final = FanId.LAST_TILE_CLAIM
_OUT_WITH_REPLACEMENT_TILE: Final = FanId.OUT_WITH_REPLACEMENT_TILE
_ROBBING_THE_KONG: Final = FanId.ROBBING_THE_KONG
_MIXED_SHIFTED_PUNGS: Final = FanId.MIXED_SHIFTED_PUNGS
_ALL_PUNGS: Final = FanId.ALL_PUNGS
_HALF_FLUSH: Final = FanId.HALF_FLUSH
_MIXED_SHIFTED_CHOWS: Final = FanId.MIXED_SHIFTED_CHOWS
_ALL_TYPES: Final = FanId.ALL_TYPES
_MELDED_HAND: Final = FanId.MELDED_HAND
_TWO_CONCEALED_KONGS: Final = FanId.TWO_CONCEALED_KONGS
_TWO_DRAGONS_PUNGS: Final = FanId.TWO_DRAGONS_PUNGS
_OUTSIDE_HAND: Final = FanId.OUTSIDE_HAND
_FULLY_CONCEALED_HAND: Final = FanId.FULLY_CONCEALED_HAND
_TWO_MELDED_KONGS: Final = FanId.TWO_MELDED_KONGS
_LAST_TILE: Final = FanId.LAST_TILE
_DRAGON_PUNG: Final = FanId.DRAGON_PUNG
_PREVALENT_WIND: Final = FanId.PREVALENT_WIND
_SEAT_WIND: Final = FanId.SEAT_WIND
_CONCEALED_HAND: Final = FanId.CONCEALED_HAND
_ALL_CHOWS: Final = FanId.ALL_CHOWS
_TILE_HOG: Final = FanId.TILE_HOG
_DOUBLE_PUNG: Final = FanId.DOUBLE_PUNG
_TWO_CONCEALED_PUNGS: Final = FanId.TWO_CONCEALED_PUNGS
_CONCEALED_KONG: Final = FanId.CONCEALED_KONG
_ALL_SIMPLES: Final = FanId.ALL_SIMPLES
_PURE_DOUBLE_CHOW: Final = FanId.PURE_DOUBLE_CHOW
_MIXED_DOUBLE_CHOW: Final = FanId.MIXED_DOUBLE_CHOW
_SHORT_STRAIGHT: Final = FanId.SHORT_STRAIGHT
_TWO_TERMINAL_CHOWS: Final = FanId.TWO_TERMINAL_CHOWS
_PUNG_OF_TERMINALS_OR_HONORS: Final = FanId.PUNG_OF_TERMINALS_OR_HONORS
_MELDED_KONG: Final = FanId.MELDED_KONG
_ONE_VOIDED_SUIT: Final = FanId.ONE_VOIDED_SUIT
_NO_HONORS: Final = FanId.NO_HONORS
_EDGE_WAIT: Final = FanId.EDGE_WAIT
_CLOSED_WAIT: Final = FanId.CLOSED_WAIT
_SINGLE_WAIT: Final = FanId.SINGLE_WAIT
_SELF_DRAWN: Final = FanId.SELF_DRAWN
_CONCEALED_KONG_AND_MELDED_KONG: Final = FanId.CONCEALED_KONG_AND_MELDED_KONG


FanTable = dict[FanId, int]

REVERSIBLE = frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, WHITE})
"""推不倒: 1234589 of dots, 245689 of bamboo, White.  Document 003 leaves out
the 5 of bamboo; the standard list (and the reference) has it."""

THREE_OF_FOUR = ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0))
"""Each way to take three of four sets, and the one left over, in the order
the standard tables try them (the first that makes a fan is kept)."""

PAIR_CHOW_FANS = (_PURE_DOUBLE_CHOW, _MIXED_DOUBLE_CHOW, _SHORT_STRAIGHT, _TWO_TERMINAL_CHOWS)
"""The fans two chows make, in the order the account-once rule keeps them."""


class Pack(NamedTuple):
    """A set or the pair of a reading.  `tile` is the middle tile of a chow."""

    kind: str
    tile: Tile
    melded: bool


@dataclass(slots=True)
class Counting:
    """The fans of one reading as they are found, and what was left out on the way."""

    fans: FanTable = field(default_factory=dict)
    left_out: list[tuple[FanId, str]] = field(default_factory=list)
    """(fan, principle) for fans the hand showed but a rule took away while counting."""
    repeated: set[FanId] = field(default_factory=set)
    """Fans set aside by account-once of which two instances share a chow:
    the set aside one also makes the same fan again with a chow already in
    it, which the 1998 text of 不得相同 (non-identical) forbids too."""

    def add(self, fan: FanId, times: int = 1) -> None:
        self.fans[fan] = self.fans.get(fan, 0) + times

    def set(self, fan: FanId, times: int = 1) -> None:
        self.fans[fan] = times

    def has(self, fan: FanId) -> bool:
        # Fans are removed, never kept at zero, so presence is enough.
        return fan in self.fans

    def points(self) -> int:
        total = 0
        for fan, times in self.fans.items():
            if times > 0:
                total += _POINTS[fan] * times
        return total


_POINTS: Final = {fan_id: fan.points for fan_id, fan in FANS.items()}


# Tiles are compared the way the standard tables order them: characters, bamboo, dots,
# then East South West North Red Green White.  Which of two equal-valued combinations is
# found first depends on this order, so it is kept.
_SUIT_ORDER = (0, 2, 1)
_HONOUR_ORDER = {27: 0, 28: 1, 29: 2, 30: 3, 33: 4, 32: 5, 31: 6}


def _order(tile: Tile) -> int:
    if tile >= EAST:
        return 40 + _HONOUR_ORDER[tile]
    return _SUIT_ORDER[tile // 9] * 10 + tile % 9


def _suit(tile: Tile) -> int:
    return tile // 9


def _rank(tile: Tile) -> int:
    return tile % 9 + 1


def _same_suit(*tiles: Tile) -> bool:
    return len({tile // 9 for tile in tiles}) == 1


def _mixed(*tiles: Tile) -> bool:
    return len({tile // 9 for tile in tiles}) == len(tiles)


def _steps(tiles: Sequence[Tile], step: int) -> bool:
    """Same suit, each rank `step` above the one before."""
    first = tiles[0]
    last = tiles[-1]
    # Evenly spaced tiles that start and end in one suit stay in it throughout.
    return (
        first // 9 == last // 9
        and last - first == step * (len(tiles) - 1)
        and all(b - a == step for a, b in pairwise(tiles))
    )


def _shifted_unordered(ranks: Iterable[int]) -> bool:
    low, middle, high = sorted(ranks)
    return middle == low + 1 and high == middle + 1


# --- chows ---------------------------------------------------------------------------------


def _four_chows_fan(mids: Sequence[Tile]) -> FanId | None:
    if _steps(mids, 2) or _steps(mids, 1):
        return _FOUR_PURE_SHIFTED_CHOWS
    if len(set(mids)) == 1:
        return _QUADRUPLE_CHOW
    return None


def _three_chows_fan(t0: Tile, t1: Tile, t2: Tile) -> FanId | None:
    if _mixed(t0, t1, t2):
        ranks = (t0 % 9 + 1, t1 % 9 + 1, t2 % 9 + 1)
        if _shifted_unordered(ranks):
            return _MIXED_SHIFTED_CHOWS
        if len(set(ranks)) == 1:
            return _MIXED_TRIPLE_CHOW
        if sorted(ranks) == [2, 5, 8]:
            return _MIXED_STRAIGHT
        return None
    if _steps((t0, t1, t2), 3):
        return _PURE_STRAIGHT
    if _steps((t0, t1, t2), 2) or _steps((t0, t1, t2), 1):
        return _PURE_SHIFTED_CHOWS
    if t0 == t1 == t2:
        return _PURE_TRIPLE_CHOW
    return None


def _two_chows_fan(t0: Tile, t1: Tile) -> FanId | None:
    if t0 // 9 != t1 // 9:
        return _MIXED_DOUBLE_CHOW if t0 % 9 == t1 % 9 else None
    if abs(t0 - t1) == 3:
        return _SHORT_STRAIGHT
    if abs(t0 - t1) == 6 and t0 % 9 in (1, 7):
        # Middle tiles 2 and 8: the chows 123 and 789 of one suit.
        return _TWO_TERMINAL_CHOWS
    if t0 == t1:
        return _PURE_DOUBLE_CHOW
    return None


def _extra_chow_fan(t0: Tile, t1: Tile, t2: Tile, extra: Tile) -> FanId | None:
    """The one pair fan a fourth chow adds to a three-chow fan (account once)."""
    found = {_two_chows_fan(tile, extra) for tile in (t0, t1, t2)}
    return next((fan for fan in PAIR_CHOW_FANS if fan in found), None)


def _account_once(
    pair_fans: Sequence[FanId | None], pairs: Sequence[tuple[int, int]], most: int, counting: Counting
) -> None:
    """Keep at most `most` two-chow fans (`pair_fans[k]` is the fan of the
    chows `pairs[k]`): each chow combines once more at most.  Surplus fans
    go first from the cheapest kinds, and a kind is cut to one before any
    kind is cut to none."""
    kept = Counter(fan for fan in pair_fans if fan is not None)
    total = sum(kept.values())
    for limit in (1, 0):
        for fan in reversed(PAIR_CHOW_FANS):
            while kept[fan] > limit and total > most:
                kept[fan] -= 1
                total -= 1
                counting.left_out.append((fan, ACCOUNT_ONCE))
                if _shares_a_chow([pair for pair, other in zip(pairs, pair_fans, strict=True) if other == fan]):
                    counting.repeated.add(fan)
    for fan in PAIR_CHOW_FANS:
        if kept[fan]:
            counting.set(fan, kept[fan])


def _shares_a_chow(pairs: Sequence[tuple[int, int]]) -> bool:
    """Whether two of these pairs of chows have a chow in common."""
    return any(set(first) & set(second) for index, first in enumerate(pairs) for second in pairs[index + 1 :])


def _count_four_chows(mids: Sequence[Tile], counting: Counting) -> None:
    fan = _four_chows_fan(mids)
    if fan:
        counting.set(fan)
        return
    for a, b, c, extra in THREE_OF_FOUR:
        fan = _three_chows_fan(mids[a], mids[b], mids[c])
        if fan:
            counting.set(fan)
            extra_fan = _extra_chow_fan(mids[a], mids[b], mids[c], mids[extra])
            if extra_fan:
                counting.set(extra_fan)
            return
    pairs = [(i, j) for i in range(4) for j in range(i + 1, 4)]
    pair_fans = [_two_chows_fan(mids[i], mids[j]) for i, j in pairs]
    most = 3
    for chow in range(4):
        if all(fan is None for (i, j), fan in zip(pairs, pair_fans, strict=True) if chow in (i, j)):
            most -= 1
    if most > 0:
        _account_once(pair_fans, pairs, most, counting)


def _count_three_chows(mids: Sequence[Tile], counting: Counting) -> None:
    fan = _three_chows_fan(*mids)
    if fan:
        counting.set(fan)
        return
    _account_once(
        [_two_chows_fan(mids[0], mids[1]), _two_chows_fan(mids[0], mids[2]), _two_chows_fan(mids[1], mids[2])],
        ((0, 1), (0, 2), (1, 2)),
        2,
        counting,
    )


# --- pungs ---------------------------------------------------------------------------------


def _four_pungs_fan(tiles: Sequence[Tile]) -> FanId | None:
    if tiles[0] < EAST and _steps(tiles, 1):
        return _FOUR_PURE_SHIFTED_PUNGS
    if set(tiles) == set(WINDS):
        return _BIG_FOUR_WINDS
    return None


def _three_pungs_fan(t0: Tile, t1: Tile, t2: Tile) -> FanId | None:
    trio = (t0, t1, t2)
    if all(tile < EAST for tile in trio):
        if _mixed(*trio):
            ranks = [_rank(tile) for tile in trio]
            if _shifted_unordered(ranks):
                return _MIXED_SHIFTED_PUNGS
            if len(set(ranks)) == 1:
                return _TRIPLE_PUNG
            return None
        return _PURE_SHIFTED_PUNGS if _steps(trio, 1) else None
    if all(is_wind(tile) for tile in trio):
        return _BIG_THREE_WINDS
    if set(trio) == set(DRAGONS):
        return _BIG_THREE_DRAGONS
    return None


def _two_pungs_fan(t0: Tile, t1: Tile) -> FanId | None:
    if t0 < EAST and t1 < EAST:
        return _DOUBLE_PUNG if _rank(t0) == _rank(t1) else None
    if t0 in DRAGONS and t1 in DRAGONS:
        return _TWO_DRAGONS_PUNGS
    return None


def _count_four_pungs(tiles: Sequence[Tile], counting: Counting) -> None:
    fan = _four_pungs_fan(tiles)
    if fan:
        counting.set(fan)
        return
    for a, b, c, free in THREE_OF_FOUR:
        fan = _three_pungs_fan(tiles[a], tiles[b], tiles[c])
        if fan:
            counting.set(fan)
            # The fourth pung combines with one of the three at most (account once).
            for other in (a, b, c):
                pair_fan = _two_pungs_fan(tiles[other], tiles[free])
                if pair_fan:
                    counting.add(pair_fan)
                    break
            return
    for i in range(4):
        for j in range(i + 1, 4):
            pair_fan = _two_pungs_fan(tiles[i], tiles[j])
            if pair_fan:
                counting.add(pair_fan)


def _count_three_pungs(tiles: Sequence[Tile], counting: Counting) -> None:
    fan = _three_pungs_fan(*tiles)
    if fan:
        counting.set(fan)
        return
    for i, j in ((0, 1), (0, 2), (1, 2)):
        pair_fan = _two_pungs_fan(tiles[i], tiles[j])
        if pair_fan:
            counting.add(pair_fan)


_CONCEALED_PUNG_FAN: Final = {
    2: _TWO_CONCEALED_PUNGS,
    3: _THREE_CONCEALED_PUNGS,
    4: _FOUR_CONCEALED_PUNGS,
}


def _count_kongs(
    concealed_pungs: int, melded_kongs: int, concealed_kongs: int, rules: McrRules, counting: Counting
) -> None:
    """Kong fans and concealed-pung fans together: a concealed kong is also a
    concealed pung, so the two counts are read as one table."""
    kongs = melded_kongs + concealed_kongs
    concealed = concealed_pungs + concealed_kongs
    if kongs == 1:
        counting.set(_MELDED_KONG if melded_kongs else _CONCEALED_KONG)
    elif kongs == 2:
        if concealed_kongs == 0:
            counting.set(_TWO_MELDED_KONGS)
        elif concealed_kongs == 2:
            counting.set(_TWO_CONCEALED_KONGS)
        elif rules.concealed_and_melded_kong:
            counting.set(_CONCEALED_KONG_AND_MELDED_KONG)
        else:
            counting.set(_MELDED_KONG)
            counting.set(_CONCEALED_KONG)
    elif kongs == 3:
        counting.set(_THREE_KONGS)
    elif kongs == 4:
        counting.set(_FOUR_KONGS)
    if concealed >= 2:
        counting.set(_CONCEALED_PUNG_FAN[concealed])


# --- the hand as a whole -------------------------------------------------------------------


# Tile sets for the fans of the hand as a whole, asked with set operations
# (subset, disjoint) that run in C rather than tile by tile.


def _ranked(*ranks: int) -> frozenset[Tile]:
    return frozenset(suit * 9 + rank - 1 for suit in range(3) for rank in ranks)


_RANKS_1_TO_4 = _ranked(1, 2, 3, 4)
_RANKS_6_TO_9 = _ranked(6, 7, 8, 9)
_RANKS_4_TO_6 = _ranked(4, 5, 6)
_FOURS = _ranked(4)
_SIXES = _ranked(6)


def _count_suits(kinds: frozenset[Tile], counting: Counting) -> None:
    honours = not kinds.isdisjoint(HONOUR_TILES)
    if not honours:
        counting.set(_NO_HONORS)
    voided = sum(1 for suit_tiles in SUIT_TILES if kinds.isdisjoint(suit_tiles))
    if voided:
        counting.set(_ONE_VOIDED_SUIT, voided)
    if voided == 2:
        counting.set(_HALF_FLUSH if honours else _FULL_FLUSH)
    if voided == 0 and honours and not kinds.isdisjoint(WIND_TILES) and not kinds.isdisjoint(DRAGON_TILES):
        counting.set(_ALL_TYPES)


def _count_tile_traits(kinds: frozenset[Tile], counting: Counting) -> None:
    all_simples = kinds.isdisjoint(TERMINAL_OR_HONOUR_TILES)
    if all_simples:
        counting.set(_ALL_SIMPLES)
    if kinds <= REVERSIBLE:
        counting.set(_REVERSIBLE_TILES)
    if kinds <= GREEN_TILES:
        counting.set(_ALL_GREEN)
    if all_simples:
        return
    if kinds <= HONOUR_TILES:
        counting.set(_ALL_HONORS)
    elif kinds <= TERMINAL_TILES:
        counting.set(_ALL_TERMINALS)
    elif kinds <= TERMINAL_OR_HONOUR_TILES:
        counting.set(_ALL_TERMINALS_AND_HONORS)


def _count_rank_range(kinds: frozenset[Tile], counting: Counting) -> None:
    if not kinds.isdisjoint(HONOUR_TILES):
        return
    if kinds <= _RANKS_1_TO_4:
        counting.set(_LOWER_TILES if kinds.isdisjoint(_FOURS) else _LOWER_FOUR)
    elif kinds <= _RANKS_6_TO_9:
        counting.set(_UPPER_TILES if kinds.isdisjoint(_SIXES) else _UPPER_FOUR)
    elif kinds <= _RANKS_4_TO_6:
        counting.set(_MIDDLE_TILES)


def _count_pack_traits(packs: Sequence[Pack], counting: Counting) -> None:
    terminal = honour = five = even = 0
    for pack in packs:
        if pack.tile >= EAST:
            honour += 1
            continue
        rank = pack.tile % 9 + 1
        if pack.kind == "chow":
            terminal += rank in (2, 8)
            five += rank in (4, 5, 6)
        else:
            terminal += rank in (1, 9)
            five += rank == 5
            even += rank in (2, 4, 6, 8)
    if terminal + honour == 5:
        counting.set(_OUTSIDE_HAND)
    elif five == 5:
        counting.set(_ALL_FIVE)
    elif even == 5:
        counting.set(_ALL_EVEN_PUNGS)


def _count_tile_hog(all_counts: Sequence[int], kongs: int, counting: Counting) -> None:
    hogs = all_counts.count(4) - kongs
    if hogs:
        counting.set(_TILE_HOG, hogs)


def _wait_fan_possible(concealed_packs: Sequence[Pack], win_tile: Tile) -> bool:
    return any(
        (pack.kind == "chow" and abs(pack.tile - win_tile) <= 1) or (pack.kind == "pair" and pack.tile == win_tile)
        for pack in concealed_packs
    )


def _count_wait(concealed_packs: Sequence[Pack], win_tile: Tile, counting: Counting) -> None:
    """边张, 坎张 or 单钓将 for a unique wait; one only, in that order (take the higher, 就高不就低)."""
    found = []
    for pack in concealed_packs:
        if pack.kind == "chow" and pack.tile == win_tile:
            found.append(_CLOSED_WAIT)
        elif pack.kind == "chow" and abs(pack.tile - win_tile) == 1:
            found.append(_EDGE_WAIT)
        elif pack.kind == "pair" and pack.tile == win_tile:
            found.append(_SINGLE_WAIT)
    for fan in WAIT_FANS:
        if fan in found:
            counting.set(fan)
            # In WAIT_FANS order: a set's order would change from run to run.
            counting.left_out.extend((other, TAKE_HIGHER) for other in WAIT_FANS if other in found and other != fan)
            return


_EXCLUSION_ROW: Final = {fan: row for row, (fan, _) in enumerate(FINAL_EXCLUSIONS)}


def _leave_out_implied(counting: Counting) -> Counting:
    """The counting, less the fans its fans leave out (`FINAL_EXCLUSIONS`);
    无番和 when nothing is left."""
    fans = counting.fans
    # Only the rows of the fans present are applied, in the table's order; a
    # fan an earlier row took away applies no row of its own.
    rows = sorted(_EXCLUSION_ROW[fan] for fan in fans if fan in _EXCLUSION_ROW)
    for row in rows:
        fan, left_out = FINAL_EXCLUSIONS[row]
        if fan in fans:
            for other in left_out:
                fans.pop(other, None)
    if not fans:
        counting.set(_CHICKEN_HAND)
    return counting


def _count_honour_pungs(pung_tiles: Iterable[Tile], context: McrContext, counting: Counting) -> None:
    """The fans of single pungs: 箭刻 for each dragon pung, 圈风刻 and 门风刻
    for the pungs of those winds, and 幺九刻 for each other pung of
    terminals or winds.  A pung of the seat or prevalent wind counts its
    wind's fan in place of 幺九刻, and so do the three pungs of 三风刻; this is
    settled here, pung by pung (`SETTLED_WHILE_COUNTING`), because another
    terminal pung of the hand still counts 幺九刻."""
    three_winds = counting.has(_BIG_THREE_WINDS)
    for tile in pung_tiles:
        if tile in DRAGONS:
            counting.add(_DRAGON_PUNG)
        elif is_terminal(tile):
            counting.add(_PUNG_OF_TERMINALS_OR_HONORS)
        elif is_wind(tile):
            _count_winds((tile,), context, counting)
            if not three_winds and tile != context.prevalent and tile != context.seat:
                counting.add(_PUNG_OF_TERMINALS_OR_HONORS)


def _count_winds(wind_pungs: Iterable[Tile], context: McrContext, counting: Counting) -> None:
    """圈风刻 and 门风刻 (both for a pung of the wind that is both)."""
    for tile in wind_pungs:
        if tile == context.prevalent:
            counting.set(_PREVALENT_WIND)
        if tile == context.seat:
            counting.set(_SEAT_WIND)


def _count_win(context: McrContext, last_tile: bool, counting: Counting) -> None:
    if last_tile:
        counting.set(_LAST_TILE)
    if context.self_drawn:
        counting.set(_SELF_DRAWN)
        if context.wall_last:
            counting.set(_LAST_TILE_DRAW)
        if context.kong:
            counting.set(_OUT_WITH_REPLACEMENT_TILE)
    else:
        if context.wall_last:
            counting.set(_LAST_TILE_CLAIM)
        if context.kong:
            counting.set(_ROBBING_THE_KONG)


# --- readings ------------------------------------------------------------------------------


@dataclass(slots=True)
class HandTables:
    """Counts the whole hand shares across readings.  Not frozen: one is built
    for every hand scored, and a frozen dataclass is slow to build."""

    concealed: tuple[Tile, ...]
    """The concealed tiles themselves, the winning tile included."""
    suit_keys: tuple[int, ...]
    """The concealed tiles' packed count of each suit (see `suit_keys.pack`)."""
    suit_sizes: tuple[int, ...]
    """How many concealed tiles each suit holds."""
    standing: tuple[int, ...]
    """Concealed tiles as counts."""
    fixed: tuple[int, ...]
    """Tiles of the declared melds (a kong as four)."""
    kind_set: frozenset[Tile]
    """Every different tile of the hand."""
    fixed_count: int
    melded_count: int
    """Declared melds that are not concealed kongs."""
    all_counts: tuple[int, ...]
    """Standing and fixed together: every tile of the hand."""


_TABLE_ORDER_OF = tuple(_order(tile) for tile in range(TILE_KINDS))


_NO_TILES: Final = (0,) * TILE_KINDS


def hand_tables(hand: Hand) -> HandTables:
    counts = [0] * TILE_KINDS
    keys = [0, 0, 0, 0]
    sizes = [0, 0, 0, 0]
    for tile in hand.concealed:
        counts[tile] += 1
        suit = tile // 9
        keys[suit] += PLACE_OF[tile]
        sizes[suit] += 1
    standing = tuple(counts)
    concealed = (hand.concealed, tuple(keys), tuple(sizes))
    if not hand.melds:
        return HandTables(*concealed, standing, _NO_TILES, frozenset(hand.concealed), 0, 0, standing)
    fixed = [0] * TILE_KINDS
    every = list(hand.concealed)
    for meld in hand.melds:
        for tile in meld.tiles:
            fixed[tile] += 1
            counts[tile] += 1
        every += meld.tiles
    return HandTables(
        *concealed,
        standing,
        tuple(fixed),
        frozenset(every),
        len(hand.melds),
        sum(1 for meld in hand.melds if meld.is_open),
        tuple(counts),
    )


def packs_of_melds(hand: Hand) -> list[Pack]:
    packs = []
    for meld in hand.melds:
        if meld.kind is MeldKind.CHI:
            packs.append(Pack("chow", meld.first + 1, True))
        elif meld.kind is MeldKind.PON:
            packs.append(Pack("pung", meld.first, True))
        else:
            packs.append(Pack("kong", meld.first, meld.is_open))
    return packs


_suit_packs_cache: dict[tuple[int, int], tuple[tuple[Pack, ...], ...]] = memo("mcr.calculate.suit_packs", {})
"""The splits of one suit as packs, keyed by the suit and its packed counts."""


def _suit_packs(suit: int, key: int) -> tuple[tuple[Pack, ...], ...]:
    """Each split of one suit (given by its packed key) as concealed packs,
    the pair last; memoised with the splits themselves."""
    cached = _suit_packs_cache.get((suit, key))
    if cached is None:
        cached = tuple(
            tuple(
                _CHOW_PACKS[block.first + 1] if block.kind is SetKind.SHUNTSU else _PUNG_PACKS[block.first]
                for block in blocks
            )
            + ((_PAIR_PACKS[pair],) if pair is not None else ())
            for pair, blocks in suit_readings_of_key(suit, key)
        )
        _suit_packs_cache[suit, key] = cached
    return cached


# Concealed packs are values: made once, shared by every reading.
_CHOW_PACKS: Final = tuple(Pack("chow", tile, False) for tile in range(TILE_KINDS))
_PUNG_PACKS: Final = tuple(Pack("pung", tile, False) for tile in range(TILE_KINDS))
_PAIR_PACKS: Final = tuple(Pack("pair", tile, False) for tile in range(TILE_KINDS))


def concealed_readings(keys: Sequence[int]) -> list[list[Pack]]:
    """Every split of the concealed tiles (given by their packed suit keys)
    into sets and one pair, as packs."""
    per_suit = []
    for suit, key in enumerate(keys):
        if key:
            splits = _suit_packs(suit, key)
            if not splits:
                return []
            per_suit.append(splits)
    readings = []
    for combination in product(*per_suit):
        packs = [pack for suit_packs in combination for pack in suit_packs]
        if sum(1 for pack in packs if pack.kind == "pair") == 1:
            readings.append(packs)
    return readings


def reading_order(packs: Sequence[Pack]) -> tuple[tuple[int, int], ...]:
    """Where a reading comes in the standard search: its concealed sets in
    rising tile order, a pung before a chow on the same tile.  Among readings
    worth the same, the first in this order is the one kept, so the fans
    listed agree with the standard tables even when another reading would
    total the same."""
    return tuple(
        sorted(
            (_order(pack.tile - (pack.kind == "chow")), pack.kind == "chow") for pack in packs if pack.kind != "pair"
        )
    )


def _concealed_packs(decomposition_sets: Iterable[tuple[SetKind, Tile]], pair: Tile) -> list[Pack]:
    packs = [
        Pack("chow", first + 1, False) if kind is SetKind.SHUNTSU else Pack("pung", first, False)
        for kind, first in decomposition_sets
    ]
    packs.append(Pack("pair", pair, False))
    return packs


def count_regular(
    fixed_packs: Sequence[Pack],
    concealed_packs: Sequence[Pack],
    tables: HandTables,
    context: McrContext,
    rules: McrRules,
    last_tile: bool,
    unique_wait: Callable[[], bool],
) -> Counting:
    """The fans of one reading of four sets and a pair."""
    counting = Counting()
    packs = [*fixed_packs, *concealed_packs]
    chows: list[Pack] = []
    pungs: list[Pack] = []
    pair = -1
    melded_kongs = concealed_kongs = 0
    for pack in packs:
        kind = pack.kind
        if kind == "chow":
            chows.append(pack)
        elif kind == "pair":
            pair = pack.tile
        else:
            pungs.append(pack)
            if kind == "kong":
                if pack.melded:
                    melded_kongs += 1
                else:
                    concealed_kongs += 1
    win = context.win_tile
    concealed_pungs = len(concealed_sets(pungs, chows, context)) - concealed_kongs

    _count_whole_hand(tables, context, last_tile, counting)
    if pungs:
        _count_kongs(concealed_pungs, melded_kongs, concealed_kongs, rules, counting)
        if len(pungs) == 4:
            counting.set(_ALL_PUNGS)

    chow_mids = sorted((pack.tile for pack in chows), key=_TABLE_ORDER_OF.__getitem__)
    pung_tiles = sorted((pack.tile for pack in pungs), key=_TABLE_ORDER_OF.__getitem__)
    if len(chows) == 4:
        if _three_suited_terminal_chows(chow_mids, pair):
            counting.set(_THREE_SUITED_TERMINAL_CHOWS)
        elif _pure_terminal_chows(chow_mids, pair):
            counting.set(_PURE_TERMINAL_CHOWS)
        else:
            _count_four_chows(chow_mids, counting)
    elif len(chows) == 3:
        _count_three_chows(chow_mids, counting)
    elif len(chows) == 2:
        fan = _two_chows_fan(*chow_mids)
        if fan:
            counting.add(fan)
        fan = _two_pungs_fan(pung_tiles[0], pung_tiles[1])
        if fan:
            counting.add(fan)
    elif len(chows) == 1:
        _count_three_pungs(pung_tiles, counting)
    else:
        _count_four_pungs(pung_tiles, counting)

    _count_pair(pair, len(chows), counting)
    if pungs:
        _count_honour_pungs(pung_tiles, context, counting)
    _count_pack_traits(packs, counting)
    _count_tile_hog(tables.all_counts, melded_kongs + concealed_kongs, counting)
    # Whether the hand waited on this one tile alone is asked only when the
    # tile could make a wait fan: the question costs more than the rest.  With
    # 全求人 or 四杠 only the pair is concealed, and the table leaves its 单钓将
    # out, so the question is not asked then either.
    if (
        _MELDED_HAND not in counting.fans
        and _FOUR_KONGS not in counting.fans
        and _wait_fan_possible(concealed_packs, win)
        and unique_wait()
    ):
        _count_wait(concealed_packs, win, counting)
    return _leave_out_implied(counting)


def concealed_sets(pungs: Iterable[Pack], chows: Iterable[Pack], context: McrContext) -> list[Pack]:
    """The pungs and kongs of a reading that count as concealed: those not
    melded, but for a pung of the winning tile that a discard completed
    (`discard_completes_pung`).  The one concealed-pung rule, for the
    counting and for the explanation alike."""
    discard_pung = discard_completes_pung(chows, context)
    win = context.win_tile
    return [
        pack for pack in pungs if not pack.melded and not (discard_pung and pack.kind == "pung" and pack.tile == win)
    ]


def discard_completes_pung(chows: Iterable[Pack], context: McrContext) -> bool:
    """Whether a concealed pung of the winning tile counts as melded: on a
    discard the discarded tile completed it, unless the reading can place
    that tile in one of its concealed chows instead."""
    if context.self_drawn:
        return False
    win = context.win_tile
    return not any(
        pack.kind == "chow" and not pack.melded and abs(pack.tile - win) <= 1 and _same_suit(pack.tile, win)
        for pack in chows
    )


def _count_whole_hand(tables: HandTables, context: McrContext, last_tile: bool, counting: Counting) -> None:
    """The fans of the win and of the hand's tiles, which every reading shares."""
    _count_win(context, last_tile, counting)
    _count_concealment(tables.melded_count, context.self_drawn, counting)
    _count_suits(tables.kind_set, counting)
    _count_tile_traits(tables.kind_set, counting)
    _count_rank_range(tables.kind_set, counting)


def shown_fans(tables: HandTables, context: McrContext, last_tile: bool) -> FanTable:
    """The fans of the win, of the hand's tiles and of its seat and
    prevalent winds, before any fan leaves any out: what the hand shows."""
    counting = Counting()
    _count_whole_hand(tables, context, last_tile, counting)
    _count_winds([wind for wind in WINDS if tables.all_counts[wind] >= 3], context, counting)
    return counting.fans


def _count_concealment(melded_count: int, self_drawn: bool, counting: Counting) -> None:
    """门前清 / 不求人 with no melds, 全求人 with four and a discard (自摸 is the win's)."""
    if melded_count == 0:
        counting.set(_FULLY_CONCEALED_HAND if self_drawn else _CONCEALED_HAND)
    elif melded_count == 4 and not self_drawn:
        counting.set(_MELDED_HAND)


def _count_pair(pair: Tile, chows: int, counting: Counting) -> None:
    """平和 needs four chows and a number pair; with a dragon pair 双箭刻 makes
    小三元, and with a wind pair 三风刻 makes 小四喜 (which leave them out)."""
    if chows == 4:
        if pair < EAST:
            counting.set(_ALL_CHOWS)
        return
    if counting.has(_TWO_DRAGONS_PUNGS):
        if pair in DRAGONS:
            counting.set(_LITTLE_THREE_DRAGONS)
        return
    if counting.has(_BIG_THREE_WINDS) and is_wind(pair):
        counting.set(_LITTLE_FOUR_WINDS)


def _pure_terminal_chows(mids: Sequence[Tile], pair: Tile) -> bool:
    if pair >= EAST or _rank(pair) != 5 or not all(_suit(mid) == _suit(pair) for mid in mids):
        return False
    ranks = sorted(_rank(mid) for mid in mids)
    return ranks == [2, 2, 8, 8]


def _three_suited_terminal_chows(mids: Sequence[Tile], pair: Tile) -> bool:
    if pair >= EAST or _rank(pair) != 5:
        return False
    others = {suit for suit in (0, 1, 2) if suit != _suit(pair)}
    wanted = {(suit, rank) for suit in others for rank in (2, 8)}
    return sorted((_suit(mid), _rank(mid)) for mid in mids) == sorted(wanted)


# --- waits ---------------------------------------------------------------------------------


def _splits(counts: list[int], pair_needed: bool) -> bool:
    """Counts (any size, even beyond four) split into sets and `pair_needed` pairs."""
    if pair_needed:
        for tile in range(TILE_KINDS):
            if counts[tile] >= 2:
                counts[tile] -= 2
                found = _splits(counts, False)
                counts[tile] += 2
                if found:
                    return True
        return False
    rest = list(counts)
    for tile in range(TILE_KINDS):
        if rest[tile] == 0:
            continue
        runs = rest[tile] % 3
        if runs:
            if tile >= EAST or tile % 9 > 6 or rest[tile + 1] < runs or rest[tile + 2] < runs:
                return False
            rest[tile + 1] -= runs
            rest[tile + 2] -= runs
    return True


def waiting_tiles(
    standing_less_win: list[int], tile_count: int, keys_and_sizes: tuple[list[int], list[int]] | None = None
) -> set[Tile]:
    """What a concealed part waits on as sets and a pair, or as seven pairs
    (four of a kind as two pairs) when it is all thirteen tiles.  No tile is
    ruled out for being exhausted: that is the caller's choice.
    `keys_and_sizes` are the part's packed suit keys and suit sizes, when the
    caller has them."""
    if keys_and_sizes is None:
        concealed = tuple(tile for tile, count in enumerate(standing_less_win) if count for _ in range(count))
        keys_and_sizes = suit_keys_and_sizes(concealed)
    waits = set(regular_winners(*keys_and_sizes))
    # A tile held four times is beyond the memoised tables (a fifth copy);
    # such hands are rare, so they take the slow split.
    if 4 in standing_less_win:
        for tile in range(TILE_KINDS):
            if standing_less_win[tile] == 4:
                standing_less_win[tile] += 1
                if _splits(standing_less_win, True):
                    waits.add(tile)
                standing_less_win[tile] -= 1
    # Thirteen tiles are six pairs and one single exactly when one kind has an
    # odd count (a kind held four times being two pairs), so seven kinds at most.
    if tile_count == 13 and standing_less_win.count(0) >= TILE_KINDS - 7:
        odd = [tile for tile in range(TILE_KINDS) if standing_less_win[tile] % 2]
        if len(odd) == 1:
            waits.add(odd[0])
    return waits


def is_unique_wait(tables: HandTables, win: Tile, rules: McrRules) -> bool:
    standing = list(tables.standing)
    standing[win] -= 1
    keys = list(tables.suit_keys)
    sizes = list(tables.suit_sizes)
    keys[win // 9] -= PLACE_OF[win]
    sizes[win // 9] -= 1
    waits = waiting_tiles(standing, len(tables.concealed) - 1, (keys, sizes))
    if not rules.exhausted_tile_is_wait:
        held = [a + b for a, b in zip(standing, tables.fixed, strict=True)]
        waits = {tile for tile in waits if held[tile] < 4}
    return len(waits) == 1


# --- special shapes ------------------------------------------------------------------------


def _seven_shifted_pairs(standing: Sequence[int]) -> bool:
    kinds = [tile for tile in range(TILE_KINDS) if standing[tile]]
    return (
        len(kinds) == 7
        and kinds[0] < EAST
        and _same_suit(kinds[0], kinds[-1])
        and kinds[-1] - kinds[0] == 6
        and all(standing[tile] == 2 for tile in kinds)
    )


def count_special(tables: HandTables, context: McrContext, last_tile: bool) -> Counting | None:
    """Seven pairs, the honours-and-knitted shapes, thirteen orphans: closed
    hands only.  What each shape is, `irregular` says; the number of kinds
    only skips the shapes a hand cannot be (seven pairs has at most seven,
    the knitted shapes fourteen, thirteen orphans thirteen)."""
    standing = tables.standing
    counting = Counting()
    kinds = tables.kind_set
    kind_count = len(kinds)
    # Seven pairs, four of a kind as two.
    if kind_count <= 7 and is_seven_pairs(standing, Rules.MCR):
        if _seven_shifted_pairs(standing):
            counting.set(_SEVEN_SHIFTED_PAIRS)
            # Of the fans of its tiles only 断幺 can count: its one suit is
            # 连七对's own (清一色, 无字, and the 缺一门 清一色 holds).
            _count_tile_traits(kinds, counting)
            _count_win(context, last_tile, counting)
            return _leave_out_implied(counting)
        counting.set(_SEVEN_PAIRS)
        _count_whole_hand(tables, context, last_tile, counting)
        _count_tile_hog(standing, 0, counting)
        return _leave_out_implied(counting)
    if kind_count == 14 and honours_and_knitted_set(standing) is not None:
        # Fourteen different tiles, each an honour or of the knitted set: seven
        # numbers with all seven honours, up to nine (the whole set) with fewer.
        numbers = sum(1 for tile in kinds if tile < EAST)
        if numbers == 7:
            counting.set(_GREATER_HONORS_AND_KNITTED_TILES)
        else:
            counting.set(_LESSER_HONORS_AND_KNITTED_TILES)
            if numbers == 9:
                counting.set(_KNITTED_STRAIGHT)
        _count_win(context, last_tile, counting)
        return _leave_out_implied(counting)
    if kind_count == 13 and is_thirteen_orphans(standing):
        counting.set(_THIRTEEN_ORPHANS)
        _count_win(context, last_tile, counting)
        return _leave_out_implied(counting)
    return None


def count_knitted_straight(
    hand: Hand, tables: HandTables, context: McrContext, rules: McrRules, last_tile: bool
) -> Counting | None:
    """组合龙 with one more set and a pair (the set may be a meld)."""
    standing = list(tables.standing)
    concealed_kinds = frozenset(tables.concealed)
    knitted = next(
        (seq for seq, kinds in zip(KNITTED_SETS, KNITTED_KINDS, strict=True) if kinds <= concealed_kinds), None
    )
    if knitted is None or max(standing) < 2:
        return None
    rest = list(standing)
    for tile in knitted:
        rest[tile] -= 1
    readings = list(regular_readings(rest))
    if len(readings) != 1:
        return None
    reading = readings[0]
    pair = reading.pair
    assert pair is not None
    if hand.melds:
        fourth = packs_of_melds(hand)[0]
    else:
        fourth_block = reading.sets[0]
        fourth = _concealed_packs([(fourth_block.kind, fourth_block.first)], pair)[0]
    counting = Counting()
    counting.set(_KNITTED_STRAIGHT)
    # The knitted straight holds all three suits, terminals and no run of
    # ranks, so of the fans of the hand's tiles only 无字 and 五门齐 can count.
    _count_whole_hand(tables, context, last_tile, counting)
    kong = fourth.kind == "kong"
    if fourth.kind == "chow":
        if pair < EAST:
            counting.set(_ALL_CHOWS)
    else:
        _count_honour_pungs((fourth.tile,), context, counting)
    if kong:
        counting.set(_MELDED_KONG if fourth.melded else _CONCEALED_KONG)
    _count_tile_hog(tables.all_counts, int(kong), counting)
    win = context.win_tile
    if win in knitted and not rules.knitted_straight_wait_fans:
        # The stricter reading: a winning tile that could be part of the
        # knitted straight makes no wait fan.
        return _leave_out_implied(counting)
    if not hand.melds:
        if rest[win] > 0:
            rest[win] -= 1
            waits = waiting_tiles(rest, 4)
            if not rules.exhausted_tile_is_wait:
                held = [a + b for a, b in zip(rest, tables.fixed, strict=True)]
                for tile in knitted:
                    held[tile] += 1
                waits = {tile for tile in waits if held[tile] < 4}
            rest[win] += 1
            if len(waits) == 1:
                _count_wait([fourth, Pack("pair", pair, False)], win, counting)
    elif win not in knitted or standing[win] == 3:
        counting.set(_SINGLE_WAIT)
    return _leave_out_implied(counting)


def count_nine_gates(tables: HandTables, context: McrContext, rules: McrRules, last_tile: bool) -> Counting | None:
    """九莲宝灯: 1112345678999 of one suit, closed, won on any tile of that suit."""
    win = context.win_tile
    if win >= EAST:
        return None
    base = win - win % 9
    counts = [tables.standing[base + rank] for rank in range(9)]
    if sum(counts) != 14:
        return None
    counts[win % 9] -= 1
    if counts != [3, 1, 1, 1, 1, 1, 1, 1, 3]:
        return None
    counting = Counting()
    counting.set(_NINE_GATES)
    # The fans of the fourteen tiles that nine gates does not leave out.
    rank = _rank(win)
    if rank in (1, 9):
        counting.set(_PURE_STRAIGHT)
        counting.set(_TILE_HOG)
    elif rank in (2, 5, 8):
        counting.set(_TWO_CONCEALED_PUNGS)
        if rules.nine_gates_terminal_pung:
            counting.set(_PUNG_OF_TERMINALS_OR_HONORS)
        if rank != 5:
            counting.set(_SHORT_STRAIGHT)
    else:
        counting.set(_SHORT_STRAIGHT)
    _count_win(context, last_tile, counting)
    return _leave_out_implied(counting)
