"""Dealing random hands from a seeded `random.Random`.

The quiz generators deal their questions' hands here, and the differential
tests build their mixes from the same pieces.  The same seed always deals the
same hand.
"""

from __future__ import annotations

import random

from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.tiles import EAST, TERMINALS_AND_HONOURS, TILE_KINDS, Tile


def take_tiles(counts: list[int], tiles: list[Tile]) -> bool:
    """Add `tiles` to the `counts` held, unless that makes a fifth copy of one."""
    if any(counts[tile] + tiles.count(tile) > 4 for tile in set(tiles)):
        return False
    for tile in tiles:
        counts[tile] += 1
    return True


def random_set(rng: random.Random, pool: list[Tile]) -> list[Tile]:
    """Three tiles forming a run or a triplet, with tiles drawn from `pool`."""
    tile = rng.choice(pool)
    if tile < EAST and tile % 9 <= 6 and rng.random() < 0.6:
        return [tile, tile + 1, tile + 2]
    return [tile] * 3


def random_meld(rng: random.Random, pool: list[Tile]) -> Meld:
    tiles = random_set(rng, pool)
    if tiles[0] != tiles[1]:
        return Meld(MeldKind.CHI, tuple(tiles))
    roll = rng.random()
    if roll < 0.6:
        return Meld(MeldKind.PON, tuple(tiles))
    kind = MeldKind.OPEN_KAN if roll < 0.8 else MeldKind.CLOSED_KAN
    return Meld(kind, (tiles[0],) * 4)


def random_complete(rng: random.Random, pool: list[Tile] | None = None, max_melds: int = 4) -> Hand:
    """A regular complete hand (four sets and a pair), some sets called."""
    pool = pool or list(range(TILE_KINDS))
    for _ in range(10_000):
        counts = [0] * TILE_KINDS
        melds: list[Meld] = []
        concealed: list[Tile] = []
        meld_count = rng.choice([0, 0, 0, 1, 2, 3, 4][: max_melds + 3])
        ok = True
        for index in range(4):
            if index < meld_count:
                meld = random_meld(rng, pool)
                ok = take_tiles(counts, list(meld.tiles))
                melds.append(meld)
            else:
                tiles = random_set(rng, pool)
                ok = take_tiles(counts, tiles)
                concealed += tiles
            if not ok:
                break
        pair = rng.choice(pool)
        if ok and take_tiles(counts, [pair, pair]):
            return Hand(tuple(sorted([*concealed, pair, pair])), tuple(melds))
    raise ValueError(f"no complete hand can be drawn from the pool {pool}")


def random_seven_pairs(rng: random.Random) -> Hand:
    kinds = rng.sample(range(TILE_KINDS), 7)
    return Hand(tuple(sorted(kinds * 2)))


def random_thirteen_orphans(rng: random.Random) -> Hand:
    extra = rng.choice(TERMINALS_AND_HONOURS)
    return Hand(tuple(sorted([*TERMINALS_AND_HONOURS, extra])))


def random_wall_hand(rng: random.Random, size: int, pool: list[Tile] | None = None) -> Hand:
    """`size` tiles drawn from a wall of four of each tile in `pool`."""
    wall = [tile for tile in (pool or range(TILE_KINDS)) for _ in range(4)]
    return Hand(tuple(sorted(rng.sample(wall, size))))


def one_suit_pool(rng: random.Random) -> list[Tile]:
    base = rng.choice((0, 9, 18))
    return list(range(base, base + 9))


def drop_one(rng: random.Random, hand: Hand) -> Hand:
    """A 13-tile hand: a complete hand less one random concealed tile."""
    return hand.without_tile(rng.choice(hand.concealed))


def random_called_hand(rng: random.Random, size: int, meld_count: int, pool: list[Tile] | None = None) -> Hand:
    """A hand of `size` tiles (13 or 14, kans counted as three) with
    `meld_count` called sets dealt first and the concealed tiles drawn from
    what the wall has left: most such hands are far from tenpai."""
    pool = pool or list(range(TILE_KINDS))
    counts = [0] * TILE_KINDS
    melds: list[Meld] = []
    while len(melds) < meld_count:
        meld = random_meld(rng, pool)
        if take_tiles(counts, list(meld.tiles)):
            melds.append(meld)
    wall = [tile for tile in pool for _ in range(4 - counts[tile])]
    concealed = rng.sample(wall, size - 3 * meld_count)
    return Hand(tuple(sorted(concealed)), tuple(melds))


def near_tenpai_hand(rng: random.Random, size: int, swaps: int, max_melds: int = 4) -> Hand:
    """A complete hand with `swaps` concealed tiles replaced by others from
    the wall (and one more dropped for 13 tiles): at most `swaps` tiles from
    complete, so shanten from -1 upward is well covered."""
    hand = random_complete(rng, max_melds=max_melds)
    for _ in range(swaps):
        held = hand.all_counts()
        choices = [tile for tile in range(TILE_KINDS) if held[tile] < 4]
        hand = hand.without_tile(rng.choice(hand.concealed)).with_tile(rng.choice(choices))
    return hand if size == 14 else drop_one(rng, hand)


def shanten_mix(seed: int, count: int) -> list[Hand]:
    """The seeded hands that shanten is tested and timed on: half concealed
    13 and 14 tiles, half with 1-4 calls, dealt from the wall (mostly 2-5
    shanten) or a few swaps from complete (complete, tenpai, 1-3 shanten)."""
    rng = random.Random(seed)
    hands = []
    for index in range(count):
        size = 13 + index % 2
        # Half concealed, half with one to four calls.
        melds = 0 if index % 4 < 2 else 1 + (index // 4) % 4
        if index % 3 == 0:
            hands.append(near_tenpai_hand(rng, size, rng.randrange(4), max_melds=0 if melds == 0 else 4))
        else:
            hands.append(random_called_hand(rng, size, melds))
    return hands
