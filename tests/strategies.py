"""Hypothesis strategies for hands."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.tiles import TILE_KINDS, Tile

tiles = st.integers(min_value=0, max_value=TILE_KINDS - 1)


@st.composite
def melds(draw: st.DrawFn) -> Meld:
    kind = draw(st.sampled_from(list(MeldKind)))
    if kind is MeldKind.CHI:
        suit = draw(st.integers(0, 2))
        first = suit * 9 + draw(st.integers(0, 6))
        return Meld(kind, (first, first + 1, first + 2))
    tile = draw(tiles)
    size = 3 if kind is MeldKind.PON else 4
    return Meld(kind, (tile,) * size)


def _legal(concealed: list[Tile], called: list[Meld]) -> bool:
    counts = [0] * TILE_KINDS
    for tile in concealed + [t for meld in called for t in meld.tiles]:
        counts[tile] += 1
    return max(counts) <= 4


@st.composite
def hands(draw: st.DrawFn, size: int | None = None, one_suit: bool = False) -> Hand:
    """A legal hand of `size` tiles (13 or 14 when None), kans counted as 3."""
    total = size if size is not None else draw(st.sampled_from((13, 14)))
    called = draw(st.lists(melds(), max_size=0 if one_suit else 4))
    pool = st.integers(0, 8) if one_suit else tiles
    suit = draw(st.integers(0, 2)) * 9 if one_suit else 0
    count = total - 3 * len(called)
    concealed = [suit + tile for tile in draw(st.lists(pool, min_size=count, max_size=count))]
    assume(_legal(concealed, called))
    return Hand(tuple(sorted(concealed)), tuple(called))


@st.composite
def complete_hands(draw: st.DrawFn, max_melds: int = 4) -> Hand:
    """A regular complete hand: four sets (some called) and a pair."""
    called_count = draw(st.integers(0, max_melds))
    called = [draw(melds()) for _ in range(called_count)]
    concealed: list[Tile] = []
    for _ in range(4 - called_count):
        tile = draw(tiles)
        run = tile < 27 and tile % 9 <= 6 and draw(st.booleans())
        concealed += [tile, tile + 1, tile + 2] if run else [tile] * 3
    pair = draw(tiles)
    concealed += [pair, pair]
    assume(_legal(concealed, called))
    return Hand(tuple(sorted(concealed)), tuple(called))


@st.composite
def waiting_hands(draw: st.DrawFn) -> Hand:
    """A complete hand less one concealed tile: tenpai by construction."""
    hand = draw(complete_hands())
    return hand.without_tile(draw(st.sampled_from(hand.concealed)))
