"""Which yaku an open hand can still reach, and which a call takes away.

A call opens the hand for good: the closed-only yaku (riichi, menzen tsumo,
pinfu, iipeikou, seven pairs ...) are gone, some yaku lose a han
(kuisagari), and the melds fixed on the table rule out others.  These
functions read only what the melds fix and the honours held, so a "route"
here is a yaku the hand is not yet barred from by the tiles it holds and the
melds fixed: generous on purpose, so that "no route" is what a learner can
be told for sure (r03: a hand needs a yaku), short of value honours still
to be drawn.

Situational yaku (haitei, houtei, rinshan, chankan) and dora are no routes:
they cannot be planned.  Rare yaku that need a route one of these already
covers (honroutou within toitoi, shousangen within yakuhai) are not listed.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.riichi.yaku import YAKU
from tutor.engine.tiles import DRAGONS, EAST, SIMPLE_TILES, TERMINAL_OR_HONOUR_TILES

CLOSED_ONLY: Final = frozenset(yaku.id for yaku in YAKU if yaku.han_open == 0)
"""Yaku with no open han: a call takes them away (riichi, pinfu, iipeikou ...)."""
LOWERED: Final = frozenset(yaku.id for yaku in YAKU if 0 < yaku.han_open < yaku.han_closed)
"""Yaku worth a han less open (kuisagari: chanta, ittsu, sanshoku, honitsu ...)."""
TRIPLETS: Final = frozenset({MeldKind.PON, MeldKind.OPEN_KAN, MeldKind.CLOSED_KAN})


def _is_triplet(meld: Meld) -> bool:
    return meld.kind in TRIPLETS


def value_honours(seat_wind: int, round_wind: int) -> frozenset[int]:
    """Yakuhai: the dragons, the seat's wind and the round's wind."""
    return frozenset(DRAGONS) | {seat_wind, round_wind}


def yakuhai_route(hand: Hand, seat_wind: int, round_wind: int) -> bool:
    """Yakuhai: a triplet of a value honour called, or one held (a pair and a
    triplet may grow from it).  A value honour drawn later opens this route
    again: the one route that tiles still to come can add."""
    honours = value_honours(seat_wind, round_wind)
    called = any(_is_triplet(meld) and meld.tiles[0] in honours for meld in hand.melds)
    return called or any(kind in honours for kind in hand.concealed)


def tanyao_route(hand: Hand, open_tanyao: bool) -> bool:
    """Tanyao in an open hand (kuitan, by option): every called tile a simple."""
    return open_tanyao and all(tile in SIMPLE_TILES for meld in hand.melds for tile in meld.tiles)


def flush_route(hand: Hand) -> bool:
    """Honitsu or chinitsu: the called number tiles all of one suit."""
    suits = {tile // 9 for meld in hand.melds for tile in meld.tiles if tile < EAST}
    return len(suits) <= 1


def toitoi_route(hand: Hand) -> bool:
    """Toitoi: every called set a triplet or kan."""
    return all(_is_triplet(meld) for meld in hand.melds)


def chanta_route(hand: Hand) -> bool:
    """Chanta or junchan: every called set holds a terminal or honour."""
    return all(any(tile in TERMINAL_OR_HONOUR_TILES for tile in meld.tiles) for meld in hand.melds)


def _most_in_place(starts: list[tuple[int, int]]) -> int:
    """The most called sets sharing a place, each from a different group: of
    (group, place) pairs, the largest count of distinct groups at one place."""
    groups: dict[int, set[int]] = {}
    for group, place in starts:
        groups.setdefault(place, set()).add(group)
    return max((len(found) for found in groups.values()), default=0)


def ittsu_route(hand: Hand) -> bool:
    """Ittsu: the called runs are distinct thirds (123, 456, 789) of one suit,
    with at most one set called outside them."""
    thirds = {meld.tiles[0] for meld in hand.melds if meld.kind is MeldKind.CHI and meld.tiles[0] % 9 in (0, 3, 6)}
    best = _most_in_place([(start % 9, start // 9) for start in thirds])
    return len(hand.melds) - best <= 1


def sanshoku_route(hand: Hand) -> bool:
    """Sanshoku (of runs, or of triplets): the called sets of one number in
    different suits, with at most one set called outside them."""
    runs = [(meld.tiles[0] // 9, meld.tiles[0] % 9) for meld in hand.melds if meld.kind is MeldKind.CHI]
    triplets = [
        (meld.tiles[0] // 9, meld.tiles[0] % 9) for meld in hand.melds if _is_triplet(meld) and meld.tiles[0] < EAST
    ]
    return len(hand.melds) - max(_most_in_place(runs), _most_in_place(triplets)) <= 1


def open_routes(hand: Hand, seat_wind: int, round_wind: int, open_tanyao: bool) -> tuple[str, ...]:
    """The yaku an open hand is not yet barred from, by route name."""
    found = {
        "yakuhai": yakuhai_route(hand, seat_wind, round_wind),
        "tanyao": tanyao_route(hand, open_tanyao),
        "honitsu": flush_route(hand),
        "toitoi": toitoi_route(hand),
        "chanta": chanta_route(hand),
        "ittsu": ittsu_route(hand),
        "sanshoku": sanshoku_route(hand),
    }
    return tuple(name for name, open_route in found.items() if open_route)


def called_hand(hand: Hand, tile: int, uses: tuple[int, ...], kind: MeldKind) -> Hand:
    """The hand after calling `tile` with `uses` from the hand into a meld of `kind`."""
    rest = Counter(hand.concealed)
    rest.subtract(uses)
    meld = Meld(kind, tuple(sorted((*uses, tile))))
    return Hand(tuple(sorted(rest.elements())), (*hand.melds, meld))
