"""Yaku routes of an open hand: which yaku a called hand can still make.

A closed hand always has one (riichi, menzen tsumo); once a chi, pon or open
kan opens it, only yaku that allow calls remain, and a hand with none of them
can never win.  The intermediate bot calls only when the hand keeps a route
after the call, and discards so as to keep it.  Each route is one rule:

- yakuhai: a pon or kan of a value tile (a dragon, the seat wind, the round
  wind) among the melds, or three of one held;
- tanyao (open tanyao, kuitan, only when the rules count it): every meld all
  simples, and at most `TANYAO_SPARE` terminals or honours left in hand;
- honitsu or chinitsu (half or full flush): every meld of one suit or
  honours, and at most `FLUSH_SPARE` tiles of the other suits in hand;
- toitoi (all pungs): every meld a pon or kan, and the pairs and triplets in
  hand at most one short of the sets and pair still needed.

The spares are what a hand may still hold and throw away: a route is a plan,
not a finished yaku.
"""

from __future__ import annotations

from collections import Counter
from enum import StrEnum

from tutor.engine.hand import Hand, MeldKind
from tutor.engine.tiles import DRAGONS, EAST, SIMPLE_TILES

TANYAO_SPARE = 2
FLUSH_SPARE = 3
SETS_IN_A_HAND = 4


class Route(StrEnum):
    YAKUHAI = "yakuhai"
    TANYAO = "tanyao"
    FLUSH = "flush"
    TOITOI = "toitoi"


def value_tiles(seat_wind: int, round_wind: int) -> frozenset[int]:
    """Yakuhai's tiles: the three dragons, the seat wind and the round wind."""
    return frozenset((*DRAGONS, seat_wind, round_wind))


def yakuhai_route(hand: Hand, values: frozenset[int]) -> bool:
    """Yakuhai: a pon or kan of a value tile is made, or three of one are held."""
    if any(meld.kind is not MeldKind.CHI and meld.first in values for meld in hand.melds):
        return True
    held = Counter(hand.concealed)
    return any(held[kind] >= 3 for kind in values)


def tanyao_route(hand: Hand, open_tanyao: bool) -> bool:
    """Open tanyao: allowed by the rules, every meld all simples, few
    terminals and honours left in hand."""
    if not open_tanyao or any(tile not in SIMPLE_TILES for meld in hand.melds for tile in meld.tiles):
        return False
    return sum(1 for tile in hand.concealed if tile not in SIMPLE_TILES) <= TANYAO_SPARE


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


def flush_route(hand: Hand) -> bool:
    """Honitsu or chinitsu: the melds of one suit (or honours), few tiles of other suits left in hand."""
    suit = flush_suit(hand)
    if suit is None:
        return False
    strays = sum(1 for tile in hand.concealed if tile < EAST and tile // 9 != suit)
    return strays <= FLUSH_SPARE


def toitoi_route(hand: Hand) -> bool:
    """Toitoi: every meld a pon or kan, and the pairs in hand at most one
    short of the sets still needed and the pair."""
    if any(meld.kind is MeldKind.CHI for meld in hand.melds):
        return False
    pairs = sum(1 for count in Counter(hand.concealed).values() if count >= 2)
    return pairs >= SETS_IN_A_HAND - len(hand.melds)


def routes(hand: Hand, values: frozenset[int], open_tanyao: bool) -> tuple[Route, ...]:
    """Every yaku route the hand keeps (a closed hand needs none)."""
    found = []
    if yakuhai_route(hand, values):
        found.append(Route.YAKUHAI)
    if tanyao_route(hand, open_tanyao):
        found.append(Route.TANYAO)
    if flush_route(hand):
        found.append(Route.FLUSH)
    if toitoi_route(hand):
        found.append(Route.TOITOI)
    return tuple(found)


def has_route(hand: Hand, values: frozenset[int], open_tanyao: bool) -> bool:
    """Whether the hand can still win with a yaku: closed, or some route kept."""
    return hand.is_closed or bool(routes(hand, values, open_tanyao))
