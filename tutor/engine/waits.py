"""Tenpai and waits: which tiles complete a hand, and how each can be read.

`winning_tiles` is the fast question (which tiles win) and works suit by
suit on the memoised table in `suit_table`; `waits` adds the wait kinds,
which need the full decompositions of each completed hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tutor.engine.hand import Hand
from tutor.engine.rules import Rules
from tutor.engine.shapes import (
    Decomposition,
    SetKind,
    ShapeKind,
    decompositions,
    is_complete_counts,
)
from tutor.engine.suit_table import MELDS_ONLY, PLACE, WITH_PAIR, honour_suit_state, number_suit_state, pack
from tutor.engine.tiles import COPIES, EAST, TERMINALS_AND_HONOURS, TILE_KINDS, Tile


class WaitKind(Enum):
    """The five waits of document 000, and the special shapes."""

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


_SUIT_BASES = (0, 9, 18, EAST)
_SUIT_LENGTHS = (9, 9, 9, 7)


def _fits(state: int, size: int) -> bool:
    """A suit with `size` tiles and table `state` takes its part of a hand."""
    if size % 3 == 0:
        return bool(state & MELDS_ONLY)
    return size % 3 == 2 and bool(state & WITH_PAIR)


def _regular_winners(counts: list[int], held: list[int]) -> list[Tile]:
    """Tiles completing four sets and a pair.  Adding a tile changes one suit
    only, so the other three suits are looked up once, not once a tile."""
    keys = [pack(counts, base, length) for base, length in zip(_SUIT_BASES, _SUIT_LENGTHS, strict=True)]
    sizes = [sum(counts[base : base + length]) for base, length in zip(_SUIT_BASES, _SUIT_LENGTHS, strict=True)]
    states = [number_suit_state(key) for key in keys[:3]] + [honour_suit_state(keys[3])]
    winners: list[Tile] = []
    for suit in range(4):
        others = [other for other in range(4) if other != suit]
        if not all(_fits(states[o], sizes[o]) for o in others):
            continue
        pairs_elsewhere = sum(1 for o in others if sizes[o] % 3 == 2)
        new_size = sizes[suit] + 1
        if pairs_elsewhere + (new_size % 3 == 2) != 1 or new_size % 3 == 1:
            continue
        lookup = honour_suit_state if suit == 3 else number_suit_state
        base = _SUIT_BASES[suit]
        for rank in range(_SUIT_LENGTHS[suit]):
            if held[base + rank] < COPIES and _fits(lookup(keys[suit] + PLACE[rank]), new_size):
                winners.append(base + rank)
    return winners


def _seven_pairs_winner(counts: list[int], rules: Rules) -> Tile | None:
    if sum(counts) != 13:
        return None
    odd = [tile for tile in range(TILE_KINDS) if counts[tile] % 2]
    if len(odd) != 1:
        return None
    if rules is Rules.RIICHI and (counts[odd[0]] != 1 or any(count > 2 for count in counts)):
        return None
    return odd[0]


def _thirteen_orphans_winners(counts: list[int]) -> list[Tile]:
    if sum(counts[tile] for tile in TERMINALS_AND_HONOURS) != 13 or sum(counts) != 13:
        return []
    missing = [tile for tile in TERMINALS_AND_HONOURS if counts[tile] == 0]
    if not missing:
        return list(TERMINALS_AND_HONOURS)
    if len(missing) == 1 and max(counts) == 2:
        return missing
    return []


def winning_tiles(hand: Hand, rules: Rules = Rules.RIICHI) -> list[Tile]:
    """The tiles that complete a 13-tile hand, in tile order.  A tile the hand
    already holds four times (melds counted) cannot be drawn, so it is no wait."""
    if hand.tile_count != 13:
        raise ValueError(f"a waiting hand has 13 tiles, not {hand.tile_count}")
    counts = hand.concealed_counts()
    held = hand.all_counts() if hand.melds else counts
    found = set(_regular_winners(counts, held))
    if not hand.melds:
        pair_tile = _seven_pairs_winner(counts, rules)
        if pair_tile is not None and held[pair_tile] < COPIES:
            found.add(pair_tile)
        found.update(tile for tile in _thirteen_orphans_winners(counts) if held[tile] < COPIES)
    if rules is Rules.MCR and len(hand.melds) <= 1:
        # The knitted shapes are rare and irregular: test each tile directly.
        closed = not hand.melds
        for tile in range(TILE_KINDS):
            if tile not in found and held[tile] < COPIES:
                counts[tile] += 1
                if is_complete_counts(counts, closed, len(hand.melds), rules):
                    found.add(tile)
                counts[tile] -= 1
    return sorted(found)


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


def is_tenpai(hand: Hand, rules: Rules = Rules.RIICHI) -> bool:
    return bool(winning_tiles(hand, rules))


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
