"""Tenpai and waits: which tiles complete a hand, and how each can be read.

`winning_tiles` is the fast question (which tiles win) and works suit by
suit on the memoised table in `suit_table`; `waits` adds the wait kinds,
which need the full decompositions of each completed hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tutor.engine.hand import Hand
from tutor.engine.irregular import seven_pairs_winner, thirteen_orphans_winners
from tutor.engine.rules import Rules
from tutor.engine.shapes import (
    Decomposition,
    SetKind,
    ShapeKind,
    decompositions,
    is_complete_counts,
)
from tutor.engine.suit_keys import keys_and_sizes
from tutor.engine.suit_table import (
    MELDS_ONLY,
    WITH_PAIR,
    completing_ranks,
    suit_state,
)
from tutor.engine.tiles import COPIES, TILE_KINDS, Tile


class WaitKind(StrEnum):
    """The five waits of document 000, and the special shapes.  A StrEnum, so
    that the fu table can key on it and hash it as cheaply as its name."""

    RYANMEN = "ryanmen"
    """양면: a run open at both ends, e.g. 23 waiting on 1 or 4."""
    KANCHAN = "kanchan"
    """칸짱: the middle of a run, e.g. 13 waiting on 2."""
    PENCHAN = "penchan"
    """펜짱: an edge, 12 waiting on 3 or 89 waiting on 7."""
    TANKI = "tanki"
    """단기: a single tile waiting for its pair."""
    SHANPON = "shanpon"
    """샤보: two pairs, either becoming a triplet."""
    CHIITOITSU = "chiitoitsu"
    """The last pair of seven pairs."""
    KOKUSHI = "kokushi"
    """The last tile of thirteen orphans."""
    KNITTED = "knitted"
    """MCR: the tile fills a knitted set (组合龙, 全不靠)."""


@dataclass(frozen=True, slots=True)
class Wait:
    """A tile that completes the hand and every kind of wait it can be read as."""

    tile: Tile
    kinds: tuple[WaitKind, ...]


@dataclass(frozen=True, slots=True)
class DiscardWaits:
    """For a 14-tile hand: a discard that leaves it tenpai, and the waits then."""

    discard: Tile
    waits: tuple[Wait, ...]


def regular_winners(keys: list[int], sizes: list[int]) -> list[Tile]:
    """Tiles completing four sets and a pair, in tile order.

    With 3n+1 concealed tiles, either one suit holds 3n+1 and takes the
    winning tile (becoming sets and a pair), or two suits hold 3n+2 and one
    of them takes it (becoming sets alone) while the other keeps the pair.
    Every other suit must split into sets alone.  So each hand needs only a
    few table lookups, whatever its waits.
    """
    ones: list[int] = []
    twos: list[int] = []
    for suit in range(4):
        left = sizes[suit] % 3
        if left == 1:
            ones.append(suit)
        elif left == 2:
            twos.append(suit)
    plans: tuple[tuple[int, int], ...]
    # A plan is the suit that takes the winning tile and the suit that keeps
    # the pair apart (-1 when the first does both).
    if len(ones) == 1 and not twos:
        plans = ((ones[0], -1),)
    elif len(twos) == 2 and not ones:
        plans = ((twos[0], twos[1]), (twos[1], twos[0]))
    else:
        return []
    winners: list[Tile] = []
    for target, pair_suit in plans:
        if pair_suit >= 0 and not suit_state(pair_suit, keys[pair_suit]) & WITH_PAIR:
            continue
        if all(
            suit_state(suit, keys[suit]) & MELDS_ONLY
            for suit in range(4)
            if sizes[suit] and suit != target and suit != pair_suit
        ):
            base = 9 * target
            winners += [base + rank for rank in completing_ranks(keys[target], target == 3)]
    if len(plans) > 1:
        winners.sort()
    return winners


def winning_tiles(hand: Hand, rules: Rules = Rules.RIICHI) -> list[Tile]:
    """The tiles that complete a 13-tile hand, in tile order.  A tile the hand
    already holds four times (melds counted) cannot be drawn, so it is no wait."""
    if hand.tile_count != 13:
        raise ValueError(f"a waiting hand has 13 tiles, not {hand.tile_count}")
    keys, sizes = keys_and_sizes(hand.concealed)
    found = regular_winners(keys, sizes)
    if hand.melds:
        # The table sees the concealed tiles only; a kan or pon may hold the rest.
        held = hand.all_counts()
        found = [tile for tile in found if held[tile] < COPIES]
    else:
        extra = _special_winners(hand.concealed, rules)
        if extra:
            found = sorted(set(found).union(extra))
    if rules is Rules.MCR and len(hand.melds) <= 1:
        found = sorted([*found, *_knitted_winners(hand, found, rules)])
    return found


def _knitted_winners(hand: Hand, found: list[Tile], rules: Rules) -> list[Tile]:
    """MCR's knitted shapes are rare and irregular: test each tile directly."""
    counts = hand.concealed_counts()
    held = hand.all_counts()
    closed = not hand.melds
    extra = []
    for tile in range(TILE_KINDS):
        if held[tile] < COPIES and tile not in found:
            counts[tile] += 1
            if is_complete_counts(counts, closed, len(hand.melds), rules):
                extra.append(tile)
            counts[tile] -= 1
    return extra


def _special_winners(concealed: tuple[Tile, ...], rules: Rules) -> list[Tile]:
    """Winning tiles of seven pairs and thirteen orphans for a closed hand.
    The number of different tiles rules most hands out before any counting:
    riichi's seven pairs waits with exactly seven kinds, MCR's with at most
    seven, thirteen orphans with twelve or thirteen."""
    kinds = len(set(concealed))
    seven_pairs = kinds == 7 or (kinds < 7 and rules is Rules.MCR)
    if not seven_pairs and kinds < 12:
        return []
    counts = [0] * TILE_KINDS
    for tile in concealed:
        counts[tile] += 1
    found: list[Tile] = []
    if seven_pairs:
        pair_tile = seven_pairs_winner(counts, rules)
        if pair_tile is not None and counts[pair_tile] < COPIES:
            found.append(pair_tile)
    if kinds >= 12:
        found += thirteen_orphans_winners(counts)
    return found


def wait_kinds_in(decomposition: Decomposition, tile: Tile) -> set[WaitKind]:
    """How `tile`, as the last tile, fits a decomposition: one kind for each
    concealed group it could have completed."""
    shape = decomposition.shape
    if shape is ShapeKind.SEVEN_PAIRS:
        return {WaitKind.CHIITOITSU}
    if shape is ShapeKind.THIRTEEN_ORPHANS:
        return {WaitKind.KOKUSHI}
    if shape in (ShapeKind.HONOURS_AND_KNITTED, ShapeKind.SEVEN_HONOURS_AND_KNITTED):
        return {WaitKind.KNITTED}
    kinds: set[WaitKind] = set()
    if tile in decomposition.knitted:
        kinds.add(WaitKind.KNITTED)
    if decomposition.pair == tile:
        kinds.add(WaitKind.TANKI)
    for block in decomposition.sets:
        if block.called or tile not in block.tiles:
            continue
        if block.kind is not SetKind.SHUNTSU:
            kinds.add(WaitKind.SHANPON)
        else:
            kinds.add(run_wait_kind(block.first, tile))
    return kinds


def run_wait_kind(first: Tile, tile: Tile) -> WaitKind:
    """The wait that a run starting at `first` had if `tile` completed it."""
    position = tile - first
    if position == 1:
        return WaitKind.KANCHAN
    rank = first % 9
    if (position == 2 and rank == 0) or (position == 0 and rank == 6):
        return WaitKind.PENCHAN
    return WaitKind.RYANMEN


def _kind_order(kind: WaitKind) -> int:
    return list(WaitKind).index(kind)


def waits(hand: Hand, rules: Rules = Rules.RIICHI) -> list[Wait]:
    """Every winning tile of a 13-tile hand with every wait kind it can be read as."""
    result = []
    for tile in winning_tiles(hand, rules):
        kinds: set[WaitKind] = set()
        for decomposition in decompositions(hand.with_tile(tile), rules):
            kinds |= wait_kinds_in(decomposition, tile)
        result.append(Wait(tile, tuple(sorted(kinds, key=_kind_order))))
    return result


def tenpai_discards(hand: Hand, rules: Rules = Rules.RIICHI) -> list[DiscardWaits]:
    """For a 14-tile hand, each different discard that leaves it tenpai."""
    if hand.tile_count != 14:
        raise ValueError(f"a hand choosing a discard has 14 tiles, not {hand.tile_count}")
    options = []
    for tile in sorted(set(hand.concealed)):
        rest = hand.without_tile(tile)
        found = waits(rest, rules)
        if found:
            options.append(DiscardWaits(tile, tuple(found)))
    return options
