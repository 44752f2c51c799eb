"""Counting the fans of one MCR hand.

The order of work follows the Chinese Official rules as the standard
calculators apply them: the special shapes first (seven pairs, the knitted
shapes, thirteen orphans, nine gates), then every regular reading; within a
reading, fans of the sets (chow and pung patterns, kongs, concealed pungs),
then of the win, the pair, the suits, the tiles and the wait; then the fans
that a larger fan leaves out (`exclusions.FINAL_EXCLUSIONS`); then the winds.
The reading worth most is kept.

A fan table here is a dict from fan id to how many times it counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise, product
from typing import Final, NamedTuple

from tutor.engine.hand import Hand, MeldKind
from tutor.engine.irregular import KNITTED_SETS
from tutor.engine.mcr.context import McrContext
from tutor.engine.mcr.exclusions import ACCOUNT_ONCE, FINAL_EXCLUSIONS, TAKE_HIGHER, WAIT_FANS
from tutor.engine.mcr.fans import FANS
from tutor.engine.mcr.rules import McrRules
from tutor.engine.shapes import SetKind, regular_readings, suit_readings_of_key
from tutor.engine.suit_keys import PLACE_OF
from tutor.engine.suit_keys import keys_and_sizes as suit_keys_and_sizes
from tutor.engine.tiles import (
    DRAGON_TILES,
    DRAGONS,
    EAST,
    GREEN_TILES,
    HONOUR_TILES,
    NORTH,
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

FanTable = dict[str, int]

REVERSIBLE = frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, WHITE})
"""推不倒: 1234589 of dots, 245689 of bamboo, White.  Document 003 leaves out
the 5 of bamboo; the standard list (and the reference) has it."""

THREE_OF_FOUR = ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0))
"""Each way to take three of four sets, and the one left over, in the order
the standard tables try them (the first that makes a fan is kept)."""

PAIR_CHOW_FANS = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")
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
    left_out: list[tuple[str, str]] = field(default_factory=list)
    """(fan, principle) for fans the hand showed but a rule took away while counting."""
    repeated: set[str] = field(default_factory=set)
    """Fans set aside by account-once of which two instances share a chow:
    the set aside one also makes the same fan again with a chow already in
    it, which the 1998 text of 不得相同 (non-identical) forbids too."""

    def add(self, fan: str, times: int = 1) -> None:
        self.fans[fan] = self.fans.get(fan, 0) + times

    def set(self, fan: str, times: int = 1) -> None:
        self.fans[fan] = times

    def has(self, fan: str) -> bool:
        # Fans are removed, never kept at zero, so presence is enough.
        return fan in self.fans

    def clear(self, fan: str) -> None:
        self.fans.pop(fan, None)

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


def _four_chows_fan(mids: Sequence[Tile]) -> str | None:
    if _steps(mids, 2) or _steps(mids, 1):
        return "four_pure_shifted_chows"
    if len(set(mids)) == 1:
        return "quadruple_chow"
    return None


def _three_chows_fan(t0: Tile, t1: Tile, t2: Tile) -> str | None:
    if _mixed(t0, t1, t2):
        ranks = (t0 % 9 + 1, t1 % 9 + 1, t2 % 9 + 1)
        if _shifted_unordered(ranks):
            return "mixed_shifted_chows"
        if len(set(ranks)) == 1:
            return "mixed_triple_chow"
        if sorted(ranks) == [2, 5, 8]:
            return "mixed_straight"
        return None
    if _steps((t0, t1, t2), 3):
        return "pure_straight"
    if _steps((t0, t1, t2), 2) or _steps((t0, t1, t2), 1):
        return "pure_shifted_chows"
    if t0 == t1 == t2:
        return "pure_triple_chow"
    return None


def _two_chows_fan(t0: Tile, t1: Tile) -> str | None:
    if t0 // 9 != t1 // 9:
        return "mixed_double_chow" if t0 % 9 == t1 % 9 else None
    if abs(t0 - t1) == 3:
        return "short_straight"
    if abs(t0 - t1) == 6 and t0 % 9 in (1, 7):
        # Middle tiles 2 and 8: the chows 123 and 789 of one suit.
        return "two_terminal_chows"
    if t0 == t1:
        return "pure_double_chow"
    return None


def _extra_chow_fan(t0: Tile, t1: Tile, t2: Tile, extra: Tile) -> str | None:
    """The one pair fan a fourth chow adds to a three-chow fan (account once)."""
    found = {_two_chows_fan(tile, extra) for tile in (t0, t1, t2)}
    return next((fan for fan in PAIR_CHOW_FANS if fan in found), None)


def _account_once(
    pair_fans: Sequence[str | None], pairs: Sequence[tuple[int, int]], most: int, counting: Counting
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


def _four_pungs_fan(tiles: Sequence[Tile]) -> str | None:
    if tiles[0] < EAST and _steps(tiles, 1):
        return "four_pure_shifted_pungs"
    if set(tiles) == set(WINDS):
        return "big_four_winds"
    return None


def _three_pungs_fan(t0: Tile, t1: Tile, t2: Tile) -> str | None:
    trio = (t0, t1, t2)
    if all(tile < EAST for tile in trio):
        if _mixed(*trio):
            ranks = [_rank(tile) for tile in trio]
            if _shifted_unordered(ranks):
                return "mixed_shifted_pungs"
            if len(set(ranks)) == 1:
                return "triple_pung"
            return None
        return "pure_shifted_pungs" if _steps(trio, 1) else None
    if all(is_wind(tile) for tile in trio):
        return "big_three_winds"
    if set(trio) == set(DRAGONS):
        return "big_three_dragons"
    return None


def _two_pungs_fan(t0: Tile, t1: Tile) -> str | None:
    if t0 < EAST and t1 < EAST:
        return "double_pung" if _rank(t0) == _rank(t1) else None
    if t0 in DRAGONS and t1 in DRAGONS:
        return "two_dragons_pungs"
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


def _count_kongs(
    concealed_pungs: int, melded_kongs: int, concealed_kongs: int, rules: McrRules, counting: Counting
) -> None:
    """Kong fans and concealed-pung fans together: a concealed kong is also a
    concealed pung, so the two counts are read as one table."""
    kongs = melded_kongs + concealed_kongs
    concealed = concealed_pungs + concealed_kongs
    pung_fan = {2: "two_concealed_pungs", 3: "three_concealed_pungs", 4: "four_concealed_pungs"}
    if kongs == 0 or kongs == 1:
        if melded_kongs:
            counting.set("melded_kong")
        elif concealed_kongs:
            counting.set("concealed_kong")
        if concealed in pung_fan:
            counting.set(pung_fan[concealed])
    elif kongs == 2:
        if concealed_kongs == 0:
            counting.set("two_melded_kongs")
        elif concealed_kongs == 1:
            if rules.concealed_and_melded_kong:
                counting.set("concealed_kong_and_melded_kong")
            else:
                counting.set("melded_kong")
                counting.set("concealed_kong")
        else:
            counting.set("two_concealed_kongs")
        if concealed in pung_fan and not (concealed_kongs == 2 and concealed == 2):
            counting.set(pung_fan[concealed])
    elif kongs == 3:
        counting.set("three_kongs")
        if concealed_kongs >= 1 and concealed >= 2:
            counting.set(pung_fan[min(concealed, 4)])
    else:
        counting.set("four_kongs")
        if concealed_kongs >= 2:
            counting.set(pung_fan[concealed_kongs])


# --- the hand as a whole -------------------------------------------------------------------


# Tile sets for the fans of the hand as a whole, asked with set operations
# (subset, disjoint) that run in C rather than tile by tile.


def _ranked(*ranks: int) -> frozenset[Tile]:
    return frozenset(suit * 9 + rank - 1 for suit in range(3) for rank in ranks)


_LOWER_FOUR = _ranked(1, 2, 3, 4)
_UPPER_FOUR = _ranked(6, 7, 8, 9)
_MIDDLE = _ranked(4, 5, 6)
_FOURS = _ranked(4)
_SIXES = _ranked(6)


def _count_suits(kinds: frozenset[Tile], counting: Counting) -> None:
    honours = not kinds.isdisjoint(HONOUR_TILES)
    if not honours:
        counting.set("no_honors")
    voided = sum(1 for suit_tiles in SUIT_TILES if kinds.isdisjoint(suit_tiles))
    if voided:
        counting.set("one_voided_suit", voided)
    if voided == 2:
        counting.clear("one_voided_suit")
        if honours:
            counting.set("half_flush")
        else:
            counting.set("full_flush")
            counting.clear("no_honors")
    if voided == 0 and honours and not kinds.isdisjoint(WIND_TILES) and not kinds.isdisjoint(DRAGON_TILES):
        counting.set("all_types")


def _count_tile_traits(kinds: frozenset[Tile], counting: Counting) -> None:
    all_simples = kinds.isdisjoint(TERMINAL_OR_HONOUR_TILES)
    if all_simples:
        counting.set("all_simples")
    if kinds <= REVERSIBLE:
        counting.set("reversible_tiles")
    if kinds <= GREEN_TILES:
        counting.set("all_green")
    if all_simples:
        return
    if kinds <= HONOUR_TILES:
        counting.set("all_honors")
    elif kinds <= TERMINAL_TILES:
        counting.set("all_terminals")
    elif kinds <= TERMINAL_OR_HONOUR_TILES:
        counting.set("all_terminals_and_honors")


def _count_rank_range(kinds: frozenset[Tile], counting: Counting) -> None:
    if not kinds.isdisjoint(HONOUR_TILES):
        return
    if kinds <= _LOWER_FOUR:
        counting.set("lower_tiles" if kinds.isdisjoint(_FOURS) else "lower_four")
    elif kinds <= _UPPER_FOUR:
        counting.set("upper_tiles" if kinds.isdisjoint(_SIXES) else "upper_four")
    elif kinds <= _MIDDLE:
        counting.set("middle_tiles")


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
        counting.set("outside_hand")
    elif five == 5:
        counting.set("all_five")
    elif even == 5:
        counting.set("all_even_pungs")


def _count_tile_hog(all_counts: Sequence[int], kongs: int, counting: Counting) -> None:
    hogs = all_counts.count(4) - kongs
    if hogs:
        counting.set("tile_hog", hogs)


def _wait_fan_possible(concealed_packs: Sequence[Pack], win_tile: Tile) -> bool:
    return any(
        (pack.kind == "chow" and abs(pack.tile - win_tile) <= 1) or (pack.kind == "pair" and pack.tile == win_tile)
        for pack in concealed_packs
    )


def _count_wait(concealed_packs: Sequence[Pack], win_tile: Tile, counting: Counting) -> None:
    """边张, 坎张 or 单钓将 for a unique wait; one only, in that order (take the higher, 就高不就低)."""
    if counting.has("melded_hand") or counting.has("four_kongs"):
        return
    found = []
    for pack in concealed_packs:
        if pack.kind == "chow" and pack.tile == win_tile:
            found.append("closed_wait")
        elif pack.kind == "chow" and abs(pack.tile - win_tile) == 1:
            found.append("edge_wait")
        elif pack.kind == "pair" and pack.tile == win_tile:
            found.append("single_wait")
    for fan in ("edge_wait", "closed_wait", "single_wait"):
        if fan in found:
            counting.set(fan)
            # In WAIT_FANS order: a set's order would change from run to run.
            counting.left_out.extend((other, TAKE_HIGHER) for other in WAIT_FANS if other in found and other != fan)
            return


_EXCLUSION_ROW: Final = {fan: row for row, (fan, _) in enumerate(FINAL_EXCLUSIONS)}


def _final_exclusions(counting: Counting) -> None:
    fans = counting.fans
    # Only the rows of the fans present are applied, in the table's order; a
    # fan an earlier row took away applies no row of its own.
    rows = sorted(_EXCLUSION_ROW[fan] for fan in fans if fan in _EXCLUSION_ROW)
    for row in rows:
        fan, left_out = FINAL_EXCLUSIONS[row]
        if fan in fans:
            for other in left_out:
                counting.clear(other)
            if fan == "four_concealed_pungs" and counting.has("fully_concealed_hand"):
                # 四暗刻 leaves out 不求人 but a self-drawn win still scores 自摸.
                counting.clear("fully_concealed_hand")
                counting.set("self_drawn")
    if counting.has("big_three_winds") and not (counting.has("all_honors") or counting.has("all_terminals_and_honors")):
        _take_terminal_pungs(counting, 3)


def _take_terminal_pungs(counting: Counting, how_many: int) -> None:
    left = counting.fans.get("pung_of_terminals_or_honors", 0) - how_many
    if left > 0:
        counting.set("pung_of_terminals_or_honors", left)
    else:
        counting.clear("pung_of_terminals_or_honors")


def _count_winds(wind_pungs: Iterable[Tile], context: McrContext, counting: Counting) -> None:
    """圈风刻 and 门风刻, each taking the place of the 幺九刻 the pung gave."""
    deducted = any(
        counting.has(fan) for fan in ("big_three_winds", "all_terminals_and_honors", "all_honors", "little_four_winds")
    )
    for tile in wind_pungs:
        if tile == context.prevalent:
            counting.set("prevalent_wind")
            if not deducted:
                _take_terminal_pungs(counting, 1)
        if tile == context.seat:
            counting.set("seat_wind")
            if context.seat != context.prevalent and not deducted:
                _take_terminal_pungs(counting, 1)


def _count_win(context: McrContext, last_tile: bool, counting: Counting) -> None:
    if last_tile:
        counting.set("last_tile")
    if context.self_drawn:
        counting.set("self_drawn")
        if context.wall_last:
            counting.set("last_tile_draw")
            counting.clear("self_drawn")
        if context.kong:
            counting.set("out_with_replacement_tile")
            counting.clear("self_drawn")
    else:
        if context.wall_last:
            counting.set("last_tile_claim")
        if context.kong:
            counting.set("robbing_the_kong")
            counting.clear("last_tile")


# --- readings ------------------------------------------------------------------------------


@dataclass(slots=True)
class HandTables:
    """Counts the whole hand shares across readings.  Not frozen: one is built
    for every hand scored, and a frozen dataclass is slow to build."""

    concealed: tuple[Tile, ...]
    """The concealed tiles themselves, the winning tile included."""
    suit_keys: tuple[int, ...]
    """The concealed tiles' packed count of each suit (see `suit_table.pack`)."""
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


_suit_packs_cache: tuple[dict[int, tuple[tuple[Pack, ...], ...]], ...] = ({}, {}, {}, {})
"""One memo per suit, keyed by the suit's packed counts."""


def _suit_packs(suit: int, key: int) -> tuple[tuple[Pack, ...], ...]:
    """Each split of one suit (given by its packed key) as concealed packs,
    the pair last; memoised with the splits themselves."""
    cached = _suit_packs_cache[suit].get(key)
    if cached is None:
        cached = tuple(
            tuple(
                _CHOW_PACKS[block.first + 1] if block.kind is SetKind.SHUNTSU else _PUNG_PACKS[block.first]
                for block in blocks
            )
            + ((_PAIR_PACKS[pair],) if pair is not None else ())
            for pair, blocks in suit_readings_of_key(suit, key)
        )
        _suit_packs_cache[suit][key] = cached
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
    wind_pungs: list[Tile] = []
    concealed_pungs = melded_kongs = concealed_kongs = 0
    for pack in packs:
        kind = pack.kind
        if kind == "chow":
            chows.append(pack)
        elif kind == "pair":
            pair = pack.tile
        else:
            pungs.append(pack)
            if EAST <= pack.tile <= NORTH:
                wind_pungs.append(pack.tile)
            if kind == "pung":
                concealed_pungs += not pack.melded
            elif pack.melded:
                melded_kongs += 1
            else:
                concealed_kongs += 1
    win = context.win_tile

    _count_win(context, last_tile, counting)
    # On a discard, a pung the winning tile completed is a melded pung, unless the
    # tile can be read as part of a concealed chow instead.
    if not context.self_drawn and not any(
        not pack.melded and abs(pack.tile - win) <= 1 and _same_suit(pack.tile, win) for pack in chows
    ):
        concealed_pungs -= sum(1 for pack in pungs if pack.tile == win and not pack.melded)

    if pungs:
        _count_kongs(concealed_pungs, melded_kongs, concealed_kongs, rules, counting)
        if len(pungs) == 4 and not counting.has("four_kongs") and not counting.has("four_concealed_pungs"):
            counting.set("all_pungs")
        for pack in pungs:
            if pack.tile in DRAGONS:
                counting.add("dragon_pung")
            elif is_terminal(pack.tile) or is_wind(pack.tile):
                counting.add("pung_of_terminals_or_honors")

    chow_mids = sorted((pack.tile for pack in chows), key=_TABLE_ORDER_OF.__getitem__)
    pung_tiles = sorted((pack.tile for pack in pungs), key=_TABLE_ORDER_OF.__getitem__)
    if len(chows) == 4:
        if _three_suited_terminal_chows(chow_mids, pair):
            counting.set("three_suited_terminal_chows")
        elif _pure_terminal_chows(chow_mids, pair):
            counting.set("pure_terminal_chows")
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

    _count_concealment(tables.melded_count, context.self_drawn, counting)
    _count_pair(pair, len(chows), counting)
    _count_pack_traits(packs, counting)
    _count_suits(tables.kind_set, counting)
    _count_tile_traits(tables.kind_set, counting)
    _count_rank_range(tables.kind_set, counting)
    if not counting.has("quadruple_chow"):
        _count_tile_hog(tables.all_counts, melded_kongs + concealed_kongs, counting)
    # Whether the hand waited on this one tile alone is asked only when the
    # tile could make a wait fan: the question costs more than the rest.
    if (
        "melded_hand" not in counting.fans
        and "four_kongs" not in counting.fans
        and _wait_fan_possible(concealed_packs, win)
        and unique_wait()
    ):
        _count_wait(concealed_packs, win, counting)
    _final_exclusions(counting)
    if wind_pungs and not counting.has("big_four_winds"):
        _count_winds(wind_pungs, context, counting)
    if not counting.fans:
        counting.set("chicken_hand")
    return counting


def _count_concealment(melded_count: int, self_drawn: bool, counting: Counting) -> None:
    """门前清 / 不求人 with no melds, 全求人 with four; otherwise just 自摸."""
    if melded_count == 0:
        counting.set("fully_concealed_hand" if self_drawn else "concealed_hand")
    elif melded_count == 4:
        counting.set("self_drawn" if self_drawn else "melded_hand")
    elif self_drawn:
        counting.set("self_drawn")


def _count_pair(pair: Tile, chows: int, counting: Counting) -> None:
    """平和 needs four chows and a number pair; the pair turns 双箭刻 into 小三元
    and 三风刻 into 小四喜."""
    if chows == 4:
        if pair < EAST:
            counting.set("all_chows")
        return
    if counting.has("two_dragons_pungs"):
        if pair in DRAGONS:
            counting.set("little_three_dragons")
            counting.clear("two_dragons_pungs")
        return
    if counting.has("big_three_winds") and is_wind(pair):
        counting.set("little_four_winds")
        counting.clear("big_three_winds")


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
    """Seven pairs, the honours-and-knitted shapes, thirteen orphans: closed hands only."""
    standing = tables.standing
    counting = Counting()
    kinds = tables.kind_set
    ordered = tables.concealed
    # Seven pairs (four of a kind as two): the sorted tiles pair off.
    if ordered[0::2] == ordered[1::2]:
        if _seven_shifted_pairs(standing):
            counting.set("seven_shifted_pairs")
            ranks = {_rank(tile) for tile in kinds}
            if 1 not in ranks and 9 not in ranks:
                counting.set("all_simples")
            _count_win(context, last_tile, counting)
            return counting
        counting.set("seven_pairs")
        _count_suits(tables.kind_set, counting)
        _count_tile_traits(tables.kind_set, counting)
        _count_rank_range(tables.kind_set, counting)
        _count_tile_hog(standing, 0, counting)
        _count_win(context, last_tile, counting)
        _final_exclusions(counting)
        return counting
    if len(kinds) == 14:
        numbers = {tile for tile in kinds if tile < EAST}
        if 7 <= len(numbers) <= 9 and any(numbers <= set(knitted) for knitted in KNITTED_SETS):
            if len(numbers) == 7:
                counting.set("greater_honors_and_knitted_tiles")
            else:
                counting.set("lesser_honors_and_knitted_tiles")
                if len(numbers) == 9:
                    counting.set("knitted_straight")
            _count_win(context, last_tile, counting)
            return counting
    if kinds == TERMINAL_OR_HONOUR_TILES:
        counting.set("thirteen_orphans")
        _count_win(context, last_tile, counting)
        return counting
    return None


_KNITTED_KINDS: Final = tuple((knitted, frozenset(knitted)) for knitted in KNITTED_SETS)


def count_knitted_straight(
    hand: Hand, tables: HandTables, context: McrContext, rules: McrRules, last_tile: bool
) -> Counting | None:
    """组合龙 with one more set and a pair (the set may be a meld)."""
    standing = list(tables.standing)
    concealed_kinds = frozenset(tables.concealed)
    knitted = next((seq for seq, kinds in _KNITTED_KINDS if kinds <= concealed_kinds), None)
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
    counting.set("knitted_straight")
    all_counts = tables.all_counts
    if fourth.kind == "chow":
        if pair < EAST:
            counting.set("all_chows")
        if all_counts[pair] == 4:
            counting.set("tile_hog")
    elif fourth.tile >= EAST:
        if is_wind(fourth.tile):
            counting.set("pung_of_terminals_or_honors")
            _count_winds([fourth.tile], context, counting)
            if pair in DRAGONS:
                counting.set("all_types")
        else:
            counting.set("dragon_pung")
            if is_wind(pair):
                counting.set("all_types")
    else:
        if is_terminal(fourth.tile):
            counting.set("pung_of_terminals_or_honors")
        if pair < EAST:
            counting.set("no_honors")
        if fourth.kind != "kong" and all_counts[fourth.tile] == 4:
            counting.set("tile_hog")
    _count_win(context, last_tile, counting)
    if fourth.melded:
        if fourth.kind == "kong":
            counting.set("melded_kong")
    else:
        if fourth.kind == "kong":
            counting.set("concealed_kong")
        if context.self_drawn:
            counting.set("fully_concealed_hand")
            counting.clear("self_drawn")
        else:
            counting.set("concealed_hand")
    win = context.win_tile
    if win in knitted and not rules.knitted_straight_wait_fans:
        # The stricter reading: a winning tile that could be part of the
        # knitted straight makes no wait fan.
        _final_exclusions(counting)
        return counting
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
        counting.set("single_wait")
    _final_exclusions(counting)
    return counting


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
    counting.set("nine_gates")
    # The fans of the fourteen tiles that nine gates does not leave out.
    rank = _rank(win)
    if rank in (1, 9):
        counting.set("pure_straight")
        counting.set("tile_hog")
    elif rank in (2, 5, 8):
        counting.set("two_concealed_pungs")
        if rules.nine_gates_terminal_pung:
            counting.set("pung_of_terminals_or_honors")
        if rank != 5:
            counting.set("short_straight")
    else:
        counting.set("short_straight")
    _count_win(context, last_tile, counting)
    return counting
