"""Hypothesis strategies for hands."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.irregular import KNITTED_SETS
from tutor.engine.mcr.context import McrContext
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.tiles import EAST, GREEN_TILES, HONOURS, TERMINALS_AND_HONOURS, TILE_KINDS, WINDS, Tile

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


# Winning hands and how they were won, drawn piece by piece so that a failing
# example shrinks: towards fewer melds, the first pool, lower tiles, no flags.

POOLS: tuple[tuple[Tile, ...], ...] = (
    tuple(range(TILE_KINDS)),
    tuple(range(9)) + HONOURS,
    tuple(range(9)),
    TERMINALS_AND_HONOURS,
    (*HONOURS, 1, 10, 19),
    tuple(sorted(GREEN_TILES)),
)
"""Tile pools for regular hands: any tile, one suit with or without honours
(honitsu, chinitsu), terminals and honours (chanta, honroutou, chinroutou),
honour-heavy (yakuhai, the wind and dragon yakuman), the green tiles."""


@st.composite
def regular_wins(draw: st.DrawFn, max_melds: int = 4) -> Hand:
    """Four sets, some declared (chi, pon, open or concealed kan), and a pair."""
    pool = draw(st.sampled_from(POOLS))
    called_count = draw(st.integers(0, max_melds))
    called: list[Meld] = []
    concealed: list[Tile] = []
    for index in range(4):
        first = draw(st.sampled_from(pool))
        run = first < EAST and first % 9 <= 6 and first + 1 in pool and first + 2 in pool and draw(st.booleans())
        if index < called_count:
            if run:
                called.append(Meld(MeldKind.CHI, (first, first + 1, first + 2)))
            else:
                kind = draw(st.sampled_from((MeldKind.PON, MeldKind.OPEN_KAN, MeldKind.CLOSED_KAN)))
                called.append(Meld(kind, (first,) * (3 if kind is MeldKind.PON else 4)))
        else:
            concealed += [first, first + 1, first + 2] if run else [first] * 3
    pair = draw(st.sampled_from(pool))
    concealed += [pair, pair]
    assume(_legal(concealed, called))
    return Hand(tuple(sorted(concealed)), tuple(called))


@st.composite
def seven_pairs(draw: st.DrawFn) -> Hand:
    kinds = draw(st.lists(tiles, min_size=7, max_size=7, unique=True))
    return Hand(tuple(sorted(kinds * 2)))


@st.composite
def thirteen_orphans(draw: st.DrawFn) -> Hand:
    extra = draw(st.sampled_from(TERMINALS_AND_HONOURS))
    return Hand(tuple(sorted((*TERMINALS_AND_HONOURS, extra))))


@st.composite
def nine_gates(draw: st.DrawFn) -> Hand:
    suit = draw(st.integers(0, 2)) * 9
    extra = draw(st.integers(0, 8))
    return Hand(tuple(sorted(suit + rank for rank in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, extra))))


winning_hands = st.one_of(regular_wins(), seven_pairs(), thirteen_orphans(), nine_gates())
"""A complete riichi hand of any shape."""


@st.composite
def riichi_contexts(draw: st.DrawFn, hand: Hand, tsumo: bool | None = None) -> WinContext:
    """How `hand` was won (by tsumo or ron as `tsumo` says, else either), with
    only flags that can happen together at a table."""
    win = draw(st.sampled_from(sorted(set(hand.concealed))))
    if tsumo is None:
        tsumo = draw(st.booleans())
    seat = draw(st.sampled_from(WINDS))
    round_ = draw(st.sampled_from(WINDS))
    flags: set[Flag] = set()
    if not hand.melds and draw(st.integers(0, 9)) == 0:
        dealer = seat == EAST
        if tsumo:
            flags.add(Flag.TENHOU if dealer else Flag.CHIIHOU)
        elif not dealer:
            flags.add(Flag.RENHOU)
    else:
        if hand.is_closed and draw(st.booleans()):
            flags.add(draw(st.sampled_from((Flag.RIICHI, Flag.DOUBLE_RIICHI))))
            if draw(st.booleans()):
                flags.add(Flag.IPPATSU)
        situation = draw(st.sampled_from(("none", "rinshan", "last_tile", "chankan")))
        if situation == "rinshan" and tsumo and any(meld.is_kan for meld in hand.melds):
            flags.add(Flag.RINSHAN)
        elif situation == "last_tile":
            flags.add(Flag.HAITEI if tsumo else Flag.HOUTEI)
        elif situation == "chankan" and not tsumo:
            flags.add(Flag.CHANKAN)
    dora = tuple(draw(st.lists(tiles, max_size=2)))
    riichi = bool(flags & {Flag.RIICHI, Flag.DOUBLE_RIICHI})
    ura = tuple(draw(st.lists(tiles, max_size=2))) if riichi else ()
    return WinContext(win, tsumo, seat, round_, frozenset(flags), dora, ura)


@st.composite
def riichi_wins(draw: st.DrawFn, tsumo: bool | None = None) -> tuple[Hand, WinContext]:
    hand = draw(winning_hands)
    return hand, draw(riichi_contexts(hand, tsumo))


@st.composite
def honours_and_knitted(draw: st.DrawFn) -> Hand:
    """全不靠 (and 七星不靠 when all seven honours are drawn)."""
    knitted = draw(st.sampled_from(KNITTED_SETS))
    honours = draw(st.integers(5, 7))
    numbers = draw(st.lists(st.sampled_from(knitted), min_size=14 - honours, max_size=14 - honours, unique=True))
    chosen = draw(st.lists(st.sampled_from(HONOURS), min_size=honours, max_size=honours, unique=True))
    return Hand(tuple(sorted(numbers + chosen)))


@st.composite
def knitted_straights(draw: st.DrawFn) -> Hand:
    """组合龙 with one more set and a pair."""
    knitted = list(draw(st.sampled_from(KNITTED_SETS)))
    first = draw(tiles)
    run = first < EAST and first % 9 <= 6 and draw(st.booleans())
    pair = draw(tiles)
    concealed = [*knitted, *([first, first + 1, first + 2] if run else [first] * 3), pair, pair]
    assume(_legal(concealed, []))
    return Hand(tuple(sorted(concealed)))


mcr_hands = st.one_of(regular_wins(), seven_pairs(), thirteen_orphans(), honours_and_knitted(), knitted_straights())
"""A hand of one of the MCR shapes (most of them complete)."""


@st.composite
def mcr_contexts(draw: st.DrawFn, hand: Hand) -> McrContext:
    """How `hand` was won, with only flags that can happen."""
    win = draw(st.sampled_from(sorted(set(hand.concealed))))
    self_drawn = draw(st.booleans())
    held_elsewhere = hand.concealed.count(win) > 1 or any(win in meld.tiles for meld in hand.melds)
    has_kong = any(meld.is_kan for meld in hand.melds)
    kong_possible = has_kong if self_drawn else not held_elsewhere
    return McrContext(
        win_tile=win,
        self_drawn=self_drawn,
        seat=draw(st.sampled_from(WINDS)),
        prevalent=draw(st.sampled_from(WINDS)),
        flowers=draw(st.integers(0, 8)),
        last_tile=hand.concealed.count(win) == 1 and draw(st.booleans()),
        kong=kong_possible and draw(st.booleans()),
        wall_last=draw(st.booleans()),
    )


@st.composite
def mcr_wins(draw: st.DrawFn) -> tuple[Hand, McrContext]:
    hand = draw(mcr_hands)
    return hand, draw(mcr_contexts(hand))
