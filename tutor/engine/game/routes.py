"""Yaku routes of an open hand: which yaku a called hand can still make.

A closed hand always has one (riichi, menzen tsumo); once a chi, pon or open
kan opens it, only yaku that allow calls remain, and a hand with none of them
can never win.  Each route is stated once, as what the melds fix
(`*_open`): a yaku the called sets do not already bar.  That reading is
generous on purpose, so that "no route" is what the coach can tell a
learner for sure (r03: a hand needs a yaku), short of value honours still to
be drawn.

The intermediate bot plans with a stricter reading (`*_planned`): the route
open, and the hand near it, with at most `TANYAO_SPARE` terminals or
honours, or `FLUSH_SPARE` tiles of other suits, still to throw away.  It
calls only when the hand keeps a planned route after the call.

Situational yaku (haitei, houtei, rinshan, chankan) and dora are no routes:
they cannot be planned.  Rare yaku that need a route one of these already
covers (honroutou within toitoi, shousangen within yakuhai) are not listed.
"""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from typing import Final

from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.riichi.yaku import YAKU
from tutor.engine.tiles import DRAGONS, EAST, SIMPLE_TILES, TERMINAL_OR_HONOUR_TILES

TANYAO_SPARE = 2
FLUSH_SPARE = 3
SETS_IN_A_HAND = 4

CLOSED_ONLY: Final = frozenset(yaku.id for yaku in YAKU if yaku.han_open == 0)
"""Yaku with no open han: a call takes them away (riichi, pinfu, iipeikou ...)."""
LOWERED: Final = frozenset(yaku.id for yaku in YAKU if 0 < yaku.han_open < yaku.han_closed)
"""Yaku worth a han less open (kuisagari: chanta, ittsu, sanshoku, honitsu ...)."""
TRIPLETS: Final = frozenset({MeldKind.PON, MeldKind.OPEN_KAN, MeldKind.CLOSED_KAN})


class Route(StrEnum):
    YAKUHAI = "yakuhai"
    TANYAO = "tanyao"
    FLUSH = "flush"
    TOITOI = "toitoi"
    CHANTA = "chanta"
    ITTSU = "ittsu"
    SANSHOKU = "sanshoku"


def _is_triplet(meld: Meld) -> bool:
    return meld.kind in TRIPLETS


def value_tiles(seat_wind: int, round_wind: int) -> frozenset[int]:
    """Yakuhai's tiles: the three dragons, the seat wind and the round wind."""
    return frozenset((*DRAGONS, seat_wind, round_wind))


def _value_called(hand: Hand, values: frozenset[int]) -> bool:
    return any(_is_triplet(meld) and meld.first in values for meld in hand.melds)


def yakuhai_open(hand: Hand, values: frozenset[int]) -> bool:
    """Yakuhai: a triplet of a value honour called, or one held (a pair and a
    triplet may grow from it).  A value honour drawn later opens this route
    again: the one route that tiles still to come can add."""
    return _value_called(hand, values) or any(kind in values for kind in hand.concealed)


def tanyao_open(hand: Hand, open_tanyao: bool) -> bool:
    """Tanyao in an open hand (kuitan, by option): every called tile a simple."""
    return open_tanyao and all(tile in SIMPLE_TILES for meld in hand.melds for tile in meld.tiles)


def flush_suit(hand: Hand) -> int | None:
    """The suit (0-2) a flush would be of: the melds' number suit, or with
    honour melds only, the suit most held; None when the melds mix suits."""
    suits = {meld.first // 9 for meld in hand.melds if meld.first < EAST}
    if len(suits) > 1:
        return None
    if suits:
        return suits.pop()
    held = Counter(tile // 9 for tile in hand.concealed if tile < EAST)
    return held.most_common(1)[0][0] if held else 0


def flush_open(hand: Hand) -> bool:
    """Honitsu or chinitsu: the called number tiles all of one suit."""
    return flush_suit(hand) is not None


def toitoi_open(hand: Hand) -> bool:
    """Toitoi: every called set a triplet or kan."""
    return all(_is_triplet(meld) for meld in hand.melds)


def chanta_open(hand: Hand) -> bool:
    """Chanta or junchan: every called set holds a terminal or honour."""
    return all(any(tile in TERMINAL_OR_HONOUR_TILES for tile in meld.tiles) for meld in hand.melds)


def _most_in_place(starts: list[tuple[int, int]]) -> int:
    """The most called sets sharing a place, each from a different group: of
    (group, place) pairs, the largest count of distinct groups at one place."""
    groups: dict[int, set[int]] = {}
    for group, place in starts:
        groups.setdefault(place, set()).add(group)
    return max((len(found) for found in groups.values()), default=0)


def ittsu_open(hand: Hand) -> bool:
    """Ittsu: the called runs are distinct thirds (123, 456, 789) of one suit,
    with at most one set called outside them."""
    thirds = {meld.first for meld in hand.melds if meld.kind is MeldKind.CHI and meld.first % 9 in (0, 3, 6)}
    best = _most_in_place([(start % 9, start // 9) for start in thirds])
    return len(hand.melds) - best <= 1


def sanshoku_open(hand: Hand) -> bool:
    """Sanshoku (of runs, or of triplets): the called sets of one number in
    different suits, with at most one set called outside them."""
    runs = [(meld.first // 9, meld.first % 9) for meld in hand.melds if meld.kind is MeldKind.CHI]
    triplets = [(meld.first // 9, meld.first % 9) for meld in hand.melds if _is_triplet(meld) and meld.first < EAST]
    return len(hand.melds) - max(_most_in_place(runs), _most_in_place(triplets)) <= 1


def open_routes(hand: Hand, values: frozenset[int], open_tanyao: bool) -> tuple[Route, ...]:
    """The yaku an open hand is not yet barred from by its melds."""
    found = {
        Route.YAKUHAI: yakuhai_open(hand, values),
        Route.TANYAO: tanyao_open(hand, open_tanyao),
        Route.FLUSH: flush_open(hand),
        Route.TOITOI: toitoi_open(hand),
        Route.CHANTA: chanta_open(hand),
        Route.ITTSU: ittsu_open(hand),
        Route.SANSHOKU: sanshoku_open(hand),
    }
    return tuple(route for route, open_route in found.items() if open_route)


def yakuhai_planned(hand: Hand, values: frozenset[int]) -> bool:
    """Yakuhai in reach: a triplet of a value tile called, or three of one held."""
    held = Counter(hand.concealed)
    return _value_called(hand, values) or any(held[kind] >= 3 for kind in values)


def tanyao_planned(hand: Hand, open_tanyao: bool) -> bool:
    """Open tanyao in reach: open, and few terminals and honours left in hand."""
    return (
        tanyao_open(hand, open_tanyao) and sum(1 for tile in hand.concealed if tile not in SIMPLE_TILES) <= TANYAO_SPARE
    )


def flush_planned(hand: Hand) -> bool:
    """A flush in reach: open, and few tiles of other suits left in hand."""
    suit = flush_suit(hand)
    if suit is None:
        return False
    strays = sum(1 for tile in hand.concealed if tile < EAST and tile // 9 != suit)
    return strays <= FLUSH_SPARE


def toitoi_planned(hand: Hand) -> bool:
    """Toitoi in reach: open, and the pairs in hand at most one short of the
    sets still needed and the pair."""
    if not toitoi_open(hand):
        return False
    pairs = sum(1 for count in Counter(hand.concealed).values() if count >= 2)
    return pairs >= SETS_IN_A_HAND - len(hand.melds)


def routes(hand: Hand, values: frozenset[int], open_tanyao: bool) -> tuple[Route, ...]:
    """Every yaku route the bot plans for that the hand keeps (a closed hand needs none)."""
    found = {
        Route.YAKUHAI: yakuhai_planned(hand, values),
        Route.TANYAO: tanyao_planned(hand, open_tanyao),
        Route.FLUSH: flush_planned(hand),
        Route.TOITOI: toitoi_planned(hand),
    }
    return tuple(route for route, planned in found.items() if planned)


def has_route(hand: Hand, values: frozenset[int], open_tanyao: bool) -> bool:
    """Whether the hand can still win with a yaku the bot plans for: closed, or some route kept."""
    return hand.is_closed or bool(routes(hand, values, open_tanyao))


def called_hand(hand: Hand, tile: int, uses: tuple[int, ...], kind: MeldKind) -> Hand:
    """The hand after calling `tile` with `uses` from the hand into a meld of `kind`."""
    rest = Counter(hand.concealed)
    rest.subtract(uses)
    meld = Meld(kind, tuple(sorted((*uses, tile))))
    return Hand(tuple(sorted(rest.elements())), (*hand.melds, meld))
