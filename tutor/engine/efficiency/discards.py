"""The table of every discard of a 14-tile hand, and the best of them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from tutor.engine.efficiency.counting import minimum, ukeire_of, ukeire_sum
from tutor.engine.efficiency.draws import each_without
from tutor.engine.efficiency.heads import honour_suit_facts, number_suit_facts
from tutor.engine.efficiency.held import HeldTiles
from tutor.engine.efficiency.results import COMPLETE, TENPAI, DiscardOption, TileCount, Ukeire
from tutor.engine.efficiency.tables import join, table_shanten
from tutor.engine.hand import Hand, Meld
from tutor.engine.irregular import ORPHANS, orphan_counts
from tutor.engine.rules import Rules
from tutor.engine.suit_keys import HONOUR_SUIT, PLACE_OF, SUIT_OF
from tutor.engine.tiles import EAST, TERMINAL_TILES, TILE_KINDS, Tile
from tutor.engine.waits import waits

_Key = tuple[tuple[int, ...], tuple[Meld, ...], Rules, int]


@dataclass
class Counted:
    """What tables asked one after another have counted: the shanten and the
    ukeire of 13-tile hands, by their tiles (see `discard_table`'s `counted`):
    the suit keys (which give the concealed counts) and the melds, which give
    every held copy too."""

    shanten: dict[_Key, int] = field(default_factory=dict)
    ukeire: dict[_Key, Ukeire] = field(default_factory=dict)
    sums: dict[_Key, tuple[int, int]] = field(default_factory=dict)

    def shanten_of(self, tiles: HeldTiles, rules: Rules) -> int:
        key = (tuple(tiles.keys), tiles.melds, rules, 0)
        found = self.shanten.get(key)
        if found is None:
            found = self.shanten[key] = minimum(tiles, rules)
        return found

    def ukeire_of(self, tiles: HeldTiles, rules: Rules, now: int) -> Ukeire:
        key = (tuple(tiles.keys), tiles.melds, rules, now)
        found = self.ukeire.get(key)
        if found is None:
            found = self.ukeire[key] = ukeire_of(tiles, rules, now)
        return found

    def sum_of(self, tiles: HeldTiles, rules: Rules, now: int) -> tuple[int, int]:
        """`counting.ukeire_sum`, remembered."""
        key = (tuple(tiles.keys), tiles.melds, rules, now)
        found = self.sums.get(key)
        if found is None:
            found = self.sums[key] = ukeire_sum(tiles, rules, now)
        return found


def discard_table(
    hand: Hand,
    rules: Rules = Rules.RIICHI,
    with_waits: bool = True,
    worse_ukeire: bool = True,
    counted: Counted | None = None,
    shanten_after: Mapping[Tile, int] | None = None,
) -> tuple[DiscardOption, ...]:
    """Every distinct discard of a 14-tile hand with the shanten and ukeire it
    leaves (and, `with_waits`, the waits when tenpai), best first: lowest
    shanten, then most ukeire, then tile order.  Without `worse_ukeire`, a
    discard that leaves more than the least shanten gets no ukeire (an empty
    one): a drill that only ranks the best ones need not count them.

    `counted`, kept by a caller across the tables of one seat's turns,
    remembers each 13-tile hand's counts: the hand a discard leaves is often
    one an earlier table counted (the tile just drawn let go again), and a
    table asked again with `worse_ukeire` counts only the rest.
    `shanten_after`: `discard_shanten`'s answer for this hand, if the caller
    has asked it already."""
    if shanten_after is None:
        shanten_after = discard_shanten(hand, rules, counted)
    tiles = HeldTiles.of(hand)
    least = min(shanten_after.values())
    options = []
    for tile, after in shanten_after.items():
        accepted = Ukeire(())
        if worse_ukeire or after == least:
            tiles.add(tile, -1)
            counts = ukeire_of(tiles, rules, after) if counted is None else counted.ukeire_of(tiles, rules, after)
            accepted = _discard_seen(counts, tile)
            tiles.add(tile, 1)
        found = tuple(waits(hand.without_tile(tile), rules)) if with_waits and after == TENPAI else ()
        options.append(DiscardOption(tile, after, accepted, found))
    options.sort(key=lambda option: (option.shanten, -option.ukeire.count, option.discard))
    return tuple(options)


def discard_counts(
    hand: Hand,
    discards: Iterable[Tile],
    shanten_after: Mapping[Tile, int],
    rules: Rules = Rules.RIICHI,
    counted: Counted | None = None,
) -> dict[Tile, int]:
    """The ukeire count `discard_table` gives each of `discards` of a 14-tile
    hand (`shanten_after` being `discard_shanten`'s answer), without listing
    the tiles: a caller that ranks discards by count alone needs no more.
    The discarded copy is in sight (see `_discard_seen`), so each tile
    accepted counts four less its copies among the fourteen and the calls."""
    tiles = HeldTiles.of(hand)
    found = {}
    for tile in discards:
        tiles.add(tile, -1)
        after = shanten_after[tile]
        total, accepted = ukeire_sum(tiles, rules, after) if counted is None else counted.sum_of(tiles, rules, after)
        tiles.add(tile, 1)
        found[tile] = total - (accepted >> tile & 1)
    return found


def discard_shanten(hand: Hand, rules: Rules = Rules.RIICHI, counted: Counted | None = None) -> dict[Tile, int]:
    """The shanten each distinct discard of a 14-tile hand leaves, in tile order
    (the first column of `discard_table`, without counting any ukeire)."""
    if hand.tile_count != 14:
        raise ValueError(f"a hand choosing a discard has 14 tiles, not {hand.tile_count}")
    tiles = HeldTiles.of(hand)
    if rules is Rules.RIICHI and not any(tiles.masks):
        return _riichi_discard_shanten(tiles)
    shanten_after = {}
    for tile in sorted(set(hand.concealed)):
        tiles.add(tile, -1)
        shanten_after[tile] = minimum(tiles, rules) if counted is None else counted.shanten_of(tiles, rules)
        tiles.add(tile, 1)
    return shanten_after


def _suit_part(suit: int, key: int) -> int:
    """A suit's head table (see `tables.head_table_of`): the hand holds no kind four times."""
    return honour_suit_facts(key)[0] if suit == HONOUR_SUIT else number_suit_facts(key)[0]


def _riichi_discard_shanten(tiles: HeldTiles) -> dict[Tile, int]:
    """`discard_shanten` under riichi rules of a hand holding no kind four
    times, where `minimum` is the least of the regular count, seven pairs and
    thirteen orphans (no honour quad bounds it, no call hides a dead wait):
    a discard changes one suit, so the other three suits' tables are joined
    once per suit, not once per discard; and what it does to seven pairs
    and thirteen orphans depends on how many of its kind the hand holds and
    whether it is a terminal or an honour, so those are counted once."""
    keys = tiles.keys
    parts = [_suit_part(suit, key) for suit, key in enumerate(keys)]
    others = each_without(parts)
    fixed = tiles.called
    closed = not tiles.called
    counts = tiles.counts
    absent, singles = counts.count(0), counts.count(1)
    held_orphans = orphan_counts(counts)
    orphan_kinds = 13 - held_orphans.count(0)
    orphan_singles = held_orphans.count(1)
    shanten_after = {}
    for tile in tiles.kinds():
        suit = SUIT_OF[tile]
        after = table_shanten(join(others[suit], _suit_part(suit, keys[suit] - PLACE_OF[tile])), fixed)
        if closed:
            # As `seven_pairs_shanten` and `thirteen_orphans_shanten` count the 13 tiles left.
            count = counts[tile]
            left_absent = absent + (count == 1)
            pairs = TILE_KINDS - left_absent - (singles - (count == 1) + (count == 2))
            after = min(after, COMPLETE if pairs == 7 else 6 - pairs + max(0, 7 - (TILE_KINDS - left_absent)))
            kinds, ones = orphan_kinds, orphan_singles
            if tile in ORPHANS:
                kinds -= count == 1
                ones += (count == 2) - (count == 1)
            after = min(after, 13 - kinds - (1 if kinds > ones else 0))
        shanten_after[tile] = after
    return shanten_after


def _discard_seen(accepted: Ukeire, discard: Tile) -> Ukeire:
    """The ukeire of a discard counted as Tenhou's 牌理 counts it: the
    discarded copy is in sight (on the table), so unseen copies are four less
    those among the fourteen tiles and the calls, not the thirteen left.  A
    tile whose last unseen copy was the discard drops out."""
    kept = []
    for item in accepted.tiles:
        if item.tile != discard:
            kept.append(item)
        elif item.count > 1:
            kept.append(TileCount(discard, item.count - 1))
    return Ukeire(tuple(kept))


def best_discards(table: Sequence[DiscardOption]) -> tuple[Tile, ...]:
    """Every discard that is right: the best shanten, then the most ukeire."""
    if not table:
        return ()
    top = table[0]
    return tuple(
        option.discard for option in table if option.shanten == top.shanten and option.ukeire.count == top.ukeire.count
    )


def discard_concept(tile: Tile) -> str:
    """The discard drill's concept (the spaced repetition's key) for a hand
    whose best discard is `tile`: an honour, a terminal or a simple."""
    if tile >= EAST:
        return "discard:honour"
    return "discard:terminal" if tile in TERMINAL_TILES else "discard:simple"
