"""Shanten and ukeire of a hand: the minimum over its rules' shapes, with
the checks that calls holding every copy of a tile call for."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from tutor.engine.efficiency.draws import mcr_ukeire, riichi_ukeire, riichi_ukeire_sum
from tutor.engine.efficiency.heads import riichi_shanten_if_free
from tutor.engine.efficiency.held import HeldTiles
from tutor.engine.efficiency.regular import exhausted_masks, knitted_straight_shanten, regular_from_keys
from tutor.engine.efficiency.results import COMPLETE, TENPAI, Shanten, TileCount, Ukeire
from tutor.engine.hand import Hand
from tutor.engine.irregular import (
    honours_and_knitted_shanten,
    seven_pairs_shanten,
    thirteen_orphans_shanten,
)
from tutor.engine.rules import Rules
from tutor.engine.suit_keys import (
    SUIT_MASK,
    WIDE_PLACE_OF,
)
from tutor.engine.tiles import COPIES, TILE_KINDS
from tutor.engine.waits import regular_winners, winning_tiles

_RIICHI: Final = Rules.RIICHI
"""Bound once: on Python 3.11 reading an enum member off its class is slow."""


def shanten(hand: Hand, rules: Rules = Rules.RIICHI) -> Shanten:
    """The shanten of a 13- or 14-tile hand (kans counted as three) under `rules`."""
    if hand.tile_count not in (13, 14):
        raise ValueError(f"a hand to count has 13 or 14 tiles, not {hand.tile_count}")
    if rules is _RIICHI:
        free = riichi_shanten_if_free(hand.concealed, hand.melds)
        if free is not None:
            return free
    counts = [0] * TILE_KINDS
    wide = 0
    for tile in hand.concealed:
        counts[tile] += 1
        wide += WIDE_PLACE_OF[tile]
    keys = [wide & SUIT_MASK, wide >> 21 & SUIT_MASK, wide >> 42 & SUIT_MASK, wide >> 63]
    held = counts
    if hand.melds:
        held = list(counts)
        for meld in hand.melds:
            for tile in meld.tiles:
                held[tile] += 1
    found = _shanten_of_parts(counts, held, keys, len(hand.concealed), len(hand.melds), rules)
    if found.shanten == TENPAI and hand.melds and _dead_tenpai(HeldTiles.of(hand), rules):
        # Only called hands reach here (see `_dead_tenpai`), where the regular
        # shape and the knitted straight are the shapes counted.
        found.shanten = 1
        found.regular = max(found.regular, 1)
        if found.knitted_straight is not None:
            found.knitted_straight = max(found.knitted_straight, 1)
    if found.shanten == 1 and hand.melds and COPIES in held and _dead_step(HeldTiles.of(hand), rules):
        # No shape's route at 1 can be finished: each figure at 1 is at least 2.
        found.shanten = 2
        found.regular = max(found.regular, 2)
        if found.knitted_straight is not None:
            found.knitted_straight = max(found.knitted_straight, 2)
    return found


def _shanten_of_parts(
    counts: list[int], held: list[int], keys: list[int], size: int, called: int, rules: Rules
) -> Shanten:
    regular = regular_from_keys(keys, exhausted_masks(held), size)
    if called:
        if rules is Rules.MCR and called <= 1:
            knitted = knitted_straight_shanten(counts, held, called)
            return Shanten(min(regular, knitted), regular, knitted_straight=knitted)
        return Shanten(regular, regular)
    pairs = seven_pairs_shanten(counts, rules)
    orphans = thirteen_orphans_shanten(counts)
    if rules is Rules.MCR:
        knitted = knitted_straight_shanten(counts, held, 0)
        lesser = honours_and_knitted_shanten(counts)
        best = min(regular, pairs, orphans, knitted, lesser)
        return Shanten(best, regular, pairs, orphans, knitted, lesser)
    return Shanten(min(regular, pairs, orphans), regular, pairs, orphans)


def _dead_tenpai(tiles: HeldTiles, rules: Rules) -> bool:
    """Whether a hand that the block count puts at tenpai (13 tiles) or one
    discard from it (14) has no live wait: every tile it waits on has all
    four copies in sight.  The block count cannot see that a partial set's
    tiles are all held when calls hold them, so a called hand at 0 is asked
    directly (only when some tile is all in sight, which is rare)."""
    if not tiles.called or not any(tiles.masks):
        return False
    # Four sets and a pair first (the shape of every called hand in riichi,
    # and the quick one); MCR's knitted straight, tried tile by tile, only
    # when its own count is at tenpai.
    if tiles.size % 3 == 1:
        if _live_regular_wait(tiles):
            return False
    else:
        for tile in tiles.kinds():
            tiles.add(tile, -1)
            live = _live_regular_wait(tiles)
            tiles.add(tile, 1)
            if live:
                return False
    if rules is not Rules.MCR or knitted_straight_shanten(tiles.counts, tiles.held, tiles.called, 1) > TENPAI:
        return True
    hand = tiles.hand()
    waiting = [hand] if tiles.size % 3 == 1 else [hand.without_tile(tile) for tile in set(hand.concealed)]
    return not any(winning_tiles(rest, rules) for rest in waiting)


def _live_regular_wait(tiles: HeldTiles) -> bool:
    """Whether called tiles of 3n+1 wait, as four sets and a pair, on some
    tile not all in sight: what `winning_tiles` answers for a called hand
    under riichi rules, read off the suit keys without building the hand
    (a dead tenpai is asked this for every discard of every draw counted)."""
    counts = tiles.counts
    sizes = [sum(counts[0:9]), sum(counts[9:18]), sum(counts[18:27]), sum(counts[27:])]
    held = tiles.held
    return any(held[tile] < COPIES for tile in regular_winners(tiles.keys, sizes))


def minimum(tiles: HeldTiles, rules: Rules, live_step: bool = True) -> int:
    """The minimum alone: the knitted straight is counted only where it
    could beat the other shapes.  Without `live_step`, a hand at 1 is not
    asked whether an unseen tile takes it to a live tenpai (a caller that
    only wants to know whether it is tenpai need not ask)."""
    regular = regular_from_keys(tiles.keys, tiles.masks, tiles.size)
    if regular == COMPLETE:
        return regular
    counts = tiles.counts
    best = regular
    if not tiles.called:
        best = min(best, seven_pairs_shanten(counts, rules), thirteen_orphans_shanten(counts))
        if rules is Rules.MCR:
            best = min(best, honours_and_knitted_shanten(counts))
    if rules is Rules.MCR and tiles.called <= 1:
        best = knitted_straight_shanten(counts, tiles.held, tiles.called, best)
    if best == TENPAI and _dead_tenpai(tiles, rules):
        best = 1
    if best == 1 and live_step and _dead_step(tiles, rules):
        best = 2
    return best


def _dead_step(tiles: HeldTiles, rules: Rules) -> bool:
    """Whether a hand that the block count (or a dead tenpai) puts one tile
    from tenpai has no way there with an unseen tile: no draw of a 13-tile
    hand, and no discard of a 14-tile hand followed by a draw, reaches a
    tenpai with a live wait (`3m146s [5555s] [9999p] (1111p)`: 46s needs a
    5s).  As with `_dead_tenpai`, only calls can hide this from the block
    count (they hold the copies a route needs), so only a called hand
    holding some kind four times is asked.  Further from tenpai the figure
    is the block count's: the rule is applied at tenpai and one step before
    it, and the ukeire of a hand two from tenpai are the draws that reach a
    live one."""
    if not tiles.called or not any(tiles.masks):
        return False
    if tiles.size % 3 == 1:
        return not _has_live_draw(tiles, rules, 1)
    for tile in tiles.kinds():
        tiles.add(tile, -1)
        live = minimum(tiles, rules) <= 1
        tiles.add(tile, 1)
        if live:
            return False
    return True


def ukeire(hand: Hand, rules: Rules = Rules.RIICHI) -> Ukeire:
    """Each tile that lowers a 13-tile hand's shanten, with its unseen copies
    (four less those in the hand and its melds).  A tile all four of whose
    copies the hand holds cannot be drawn, so it is never listed."""
    if hand.tile_count != 13:
        raise ValueError(f"ukeire is counted for 13 tiles, not {hand.tile_count}")
    tiles = HeldTiles.of(hand)
    return ukeire_of(tiles, rules, minimum(tiles, rules))


def ukeire_of(tiles: HeldTiles, rules: Rules, now: int) -> Ukeire:
    if rules is Rules.RIICHI or rules is Rules.MCR:
        found = riichi_ukeire(tiles, now) if rules is Rules.RIICHI else mcr_ukeire(tiles, now)
        if not _may_reach_dead(tiles, now):
            return found
        return Ukeire(tuple(_live_draws(tiles, rules, now, found)))
    found = []
    held = tiles.held
    for tile in range(TILE_KINDS):
        unseen = COPIES - held[tile]
        if unseen <= 0:
            continue
        tiles.add(tile, 1)
        after = minimum(tiles, rules)
        tiles.add(tile, -1)
        if after < now:
            found.append(TileCount(tile, unseen))
    return Ukeire(tuple(found))


def ukeire_sum(tiles: HeldTiles, rules: Rules, now: int) -> tuple[int, int]:
    """`ukeire_of` as its copies summed and its tiles as a bit mask (bit t
    for tile t), without listing them where the fast count needs no check
    of a dead wait."""
    if rules is _RIICHI and not _may_reach_dead(tiles, now):
        return riichi_ukeire_sum(tiles, now)
    if rules is _RIICHI and not any(tiles.masks):
        # `_live_draws` asks again only a draw that leaves some kind all in
        # sight (a dead wait needs one): with none now, only a draw of a
        # kind's last unseen copy.
        total, accepted = riichi_ukeire_sum(tiles, now)
        held = tiles.held
        for tile in range(TILE_KINDS):
            if held[tile] == COPIES - 1 and accepted >> tile & 1:
                tiles.add(tile, 1)
                live = minimum(tiles, rules, live_step=now != 1) < now
                tiles.add(tile, -1)
                if not live:
                    total -= 1
                    accepted &= ~(1 << tile)
        return total, accepted
    found = ukeire_of(tiles, rules, now).tiles
    return sum(item.count for item in found), sum(1 << item.tile for item in found)


def _has_live_draw(tiles: HeldTiles, rules: Rules, now: int) -> bool:
    """Whether `ukeire_of` lists any draw: the same count, stopped at the
    first draw that stays live (a dead step asks only this, for every
    discard of every draw a discard table counts)."""
    if rules is not Rules.RIICHI and rules is not Rules.MCR:
        return bool(ukeire_of(tiles, rules, now).tiles)
    found = riichi_ukeire(tiles, now) if rules is Rules.RIICHI else mcr_ukeire(tiles, now)
    if not _may_reach_dead(tiles, now):
        return bool(found.tiles)
    return next(_live_draws(tiles, rules, now, found), None) is not None


def _may_reach_dead(tiles: HeldTiles, now: int) -> bool:
    """Whether a draw the fast counts list may only reach a dead tenpai (see
    `_dead_tenpai`) or a hand one tile from one (see `_dead_step`), which
    they cannot see: only a called hand one or two tiles from tenpai."""
    return now in (1, 2) and bool(tiles.called)


def _live_draws(tiles: HeldTiles, rules: Rules, now: int, found: Ukeire) -> Iterator[TileCount]:
    """The draws of `found` that stay live, one at a time: each is asked
    again (two tiles from tenpai, only when the draw leaves some kind all in
    sight).  The tiles are given back before each is yielded, so a caller
    may stop at any one."""
    for item in found.tiles:
        tiles.add(item.tile, 1)
        if now == 1:
            live = minimum(tiles, rules, live_step=False) < now
        else:
            live = not any(tiles.masks) or minimum(tiles, rules) < now
        tiles.add(item.tile, -1)
        if live:
            yield item
