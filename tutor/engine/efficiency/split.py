"""One reading of a hand as blocks, for showing how its regular shanten is
counted."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutor.engine.efficiency.counting import shanten
from tutor.engine.efficiency.regular import hand_table
from tutor.engine.efficiency.results import COMPLETE
from tutor.engine.efficiency.tables import MAX_SETS, entries_of
from tutor.engine.hand import Hand
from tutor.engine.suit_keys import (
    keys_of_counts,
)
from tutor.engine.tiles import EAST, TILE_KINDS, Tile


@dataclass(frozen=True, slots=True)
class Split:
    """One way of reading a hand's concealed tiles as blocks, for showing how
    a regular shanten is counted: sets, the pair taken as the head, partial
    sets (two-tile runs and further pairs) and loose tiles."""

    sets: tuple[tuple[Tile, ...], ...]
    pair: Tile | None
    partials: tuple[tuple[Tile, ...], ...]
    loose: tuple[Tile, ...]
    called: int
    """Called sets, which count as sets."""

    @property
    def shanten(self) -> int:
        """8 less two for each set, one for the head, and one for each partial
        set that fits beside the sets (five blocks in all)."""
        made = len(self.sets) + self.called
        head = 1 if self.pair is not None else 0
        return 8 - 2 * made - head - min(len(self.partials), MAX_SETS - made)


def best_split(hand: Hand) -> Split:
    """A split of the concealed tiles with the fewest tiles to tenpai by the
    block count (the least `Split.shanten`), found by trying, for the lowest
    tile left, each block it can start.  Ties go to the split found first,
    which takes sets before pairs before partial sets; the search stops at
    the first split that reaches the hand's regular shanten."""
    counts = hand.concealed_counts()
    best: list[Split] = []
    target = shanten(hand).regular if hand.tile_count in (13, 14) else COMPLETE
    _search_split(counts, 0, len(hand.melds), target, ([], [], [], []), best, len(hand.concealed))
    return best[0]


_Blocks = tuple[list[tuple[Tile, ...]], list[Tile], list[tuple[Tile, ...]], list[Tile]]


def _best_ahead(counts: Sequence[int], made: int, pairs: int, partials: int) -> int:
    """The least block count a split can reach with `made` sets, `pairs`
    pairs and `partials` partial sets taken, and the tiles of `counts` left."""
    any_head, own_head, no_pair = entries_of(hand_table(keys_of_counts(counts), (0, 0, 0, 0))[0])
    best = 8
    if pairs:
        for sets, more in any_head:
            if made + sets <= MAX_SETS:
                room = MAX_SETS - made - sets
                best = min(best, 8 - 2 * (made + sets) - 1 - min(partials + pairs - 1 + more, room))
    for sets, more in own_head:
        if made + sets <= MAX_SETS:
            room = MAX_SETS - made - sets
            best = min(best, 8 - 2 * (made + sets) - 1 - min(partials + pairs + more, room))
    if not pairs:
        for sets, _, more in no_pair:
            if made + sets <= MAX_SETS:
                best = min(best, 8 - 2 * (made + sets) - min(partials + more, MAX_SETS - made - sets))
    return best


"""Sets, pairs, partial sets and loose tiles taken so far."""


def _search_split(
    counts: list[int], tile: int, called: int, target: int, taken: _Blocks, best: list[Split], left: int
) -> bool:
    """Whether a split reaching `target` was found (then the search stops).
    A branch is cut when the best its tiles left can do (read from their
    table) misses the target."""
    sets, pairs, partials, loose = taken
    if left and _best_ahead(counts, len(sets) + called, len(pairs), len(partials)) > target:
        return False
    while tile < TILE_KINDS and not counts[tile]:
        tile += 1
    if tile == TILE_KINDS:
        head = pairs[0] if pairs else None
        extra = tuple((pair, pair) for pair in pairs[1:])
        found = Split(tuple(sets), head, tuple(partials) + extra, tuple(loose), called)
        if not best or found.shanten < best[0].shanten:
            best[:] = [found]
        return found.shanten <= target
    number = tile < EAST
    rank = tile % 9
    options: list[tuple[tuple[Tile, ...], list[Any]]] = []
    if counts[tile] >= 3:
        options.append(((tile, tile, tile), sets))
    if number and rank <= 6 and counts[tile + 1] and counts[tile + 2]:
        options.append(((tile, tile + 1, tile + 2), sets))
    if counts[tile] >= 2:
        options.append(((tile, tile), pairs))
    if number and rank <= 7 and counts[tile + 1]:
        options.append(((tile, tile + 1), partials))
    if number and rank <= 6 and counts[tile + 2]:
        options.append(((tile, tile + 2), partials))
    options.append(((tile,), loose))
    for block, into in options:
        for part in block:
            counts[part] -= 1
        # Pairs and loose tiles are kept as single tiles, sets and partial sets whole.
        into.append(block[0] if into is pairs or into is loose else block)
        done = _search_split(counts, tile, called, target, taken, best, left - len(block))
        into.pop()
        for part in block:
            counts[part] += 1
        if done:
            return True
    return False
