"""The 34 tile kinds of a mahjong set and the 8 MCR flowers.

A tile kind is an int from 0 to 33, in the order the `mahjong` library and most
engines use: 0-8 characters (m), 9-17 dots (p), 18-26 bamboo (s), 27-33 honours
(z: East, South, West, North, White, Green, Red).  Keeping that order means a
count array can be handed to the reference library in the differential tests
without translation.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from tutor.engine.problems import InputProblem

Tile = int
"""A tile kind, 0..33."""

TILE_KINDS: Final = 34
COPIES: Final = 4

SUIT_LETTERS: Final = "mpsz"
NUMBER_SUITS: Final = "mps"

EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
WHITE: Final = 31
GREEN: Final = 32
RED: Final = 33

WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (WHITE, GREEN, RED)
HONOURS: Final = WINDS + DRAGONS

TERMINALS: Final = (0, 8, 9, 17, 18, 26)
TERMINALS_AND_HONOURS: Final = TERMINALS + HONOURS
"""The thirteen 幺九牌 (yaochuuhai): what thirteen orphans collects."""

# The same groups as sets, for subset and disjoint questions about a hand's
# kinds, which run in C.
HONOUR_TILES: Final = frozenset(HONOURS)
WIND_TILES: Final = frozenset(WINDS)
DRAGON_TILES: Final = frozenset(DRAGONS)
TERMINAL_TILES: Final = frozenset(TERMINALS)
TERMINAL_OR_HONOUR_TILES: Final = frozenset(TERMINALS_AND_HONOURS)
SIMPLE_TILES: Final = frozenset(tile for tile in range(EAST) if tile % 9 not in (0, 8))
"""中張牌: the number tiles 2 to 8."""
SUIT_TILES: Final = tuple(frozenset(range(start, start + 9)) for start in (0, 9, 18))
"""The tiles of each number suit: characters, dots, bamboo."""
GREEN_TILES: Final = frozenset({19, 20, 21, 23, 25, GREEN})
"""All green (緑一色 / 绿一色): 2, 3, 4, 6 and 8 of bamboo and the green dragon."""

WIND_LETTERS: Final = "ESWN"
"""Seat and round winds are written E S W N (design brief section 3)."""


class Suit(Enum):
    """The four suits, by their notation letter."""

    MAN = "m"
    PIN = "p"
    SOU = "s"
    HONOUR = "z"


def make_tile(number: int, suit: str) -> Tile:
    """The tile written `{number}{suit}`; raises ValueError outside the notation."""
    if suit not in SUIT_LETTERS:
        raise ValueError(f"unknown suit {suit!r}")
    limit = 7 if suit == "z" else 9
    if not 1 <= number <= limit:
        raise ValueError(f"{number}{suit} is not a tile")
    return SUIT_LETTERS.index(suit) * 9 + number - 1


def suit_of(tile: Tile) -> str:
    """The notation letter of a tile's suit."""
    return SUIT_LETTERS[tile // 9]


def number_of(tile: Tile) -> int:
    """The digit a tile is written with (1-9, or 1-7 for honours)."""
    return tile % 9 + 1


def is_terminal(tile: Tile) -> bool:
    return tile < EAST and tile % 9 in (0, 8)


def is_wind(tile: Tile) -> bool:
    return EAST <= tile <= NORTH


def tile_name(tile: Tile) -> str:
    """The notation of one tile, e.g. `5p` or `7z`."""
    return f"{number_of(tile)}{suit_of(tile)}"


class WindError(InputProblem):
    """A seat or round that is no wind letter (`unknown`; `wind`: the text, quoted)."""

    family = "wind"


def wind_tile(letter: str) -> Tile:
    """The wind tile for a seat or round letter E, S, W or N."""
    index = WIND_LETTERS.find(letter.upper()) if len(letter) == 1 else -1
    if index < 0:
        raise WindError("unknown", wind=repr(letter))
    return EAST + index


def wind_letter(tile: Tile) -> str:
    """The letter E, S, W or N of a wind tile (the inverse of `wind_tile`)."""
    return WIND_LETTERS[tile - EAST]


def dora_from_indicator(indicator: Tile) -> Tile:
    """The dora that an indicator points at: the next tile of its suit, wrapping
    9 to 1, North to East and Red to White."""
    if indicator < EAST:
        base = indicator - indicator % 9
        return base + (indicator % 9 + 1) % 9
    if indicator <= NORTH:
        return EAST + (indicator - EAST + 1) % 4
    return WHITE + (indicator - WHITE + 1) % 3


class Flower(Enum):
    """The eight MCR flower tiles: four seasons and four plants.

    Flowers are never part of a hand's shape; each one counts a point at
    settlement (document 004, section 7).
    """

    SPRING = 1
    SUMMER = 2
    AUTUMN = 3
    WINTER = 4
    PLUM = 5
    ORCHID = 6
    CHRYSANTHEMUM = 7
    BAMBOO = 8

    @property
    def hanzi(self) -> str:
        return "春夏秋冬梅蘭菊竹"[self.value - 1]


FLOWER_COUNT: Final = len(Flower)
