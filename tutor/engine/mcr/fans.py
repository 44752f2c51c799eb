"""The fan table: every MCR fan with its names and points, read from `fans.tsv`.

The table is data: Chinese name, both Korean readings of document 003
(Sino-Korean 한자음 and the Mandarin-based reading), English, points, the
family document 003 groups it in, and what in a reading makes it
(`MADE_OF`).  `reference_zh` is the name the reference library
`pymahjonggb` uses, which differs for five fans.  `FanId` names every fan
in code; its members are the table's ids, so JSON writes them unchanged.
明暗杠 is not among the 81: it is the Mahjong International League's fan,
counted only with the `concealed_and_melded_kong` option.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from typing import Final

FAMILIES: Final = (
    "win_method",
    "wait",
    "shape",
    "pungs_and_kongs",
    "honour_pungs",
    "number_patterns",
    "composition",
    "other",
    "no_fan",
)
"""Document 003's groups: 화료 방법, 대기 방식, 전체적인 형태, 커쯔/깡쯔의 갯수,
요구패의 커쯔, 특정한 규칙을 갖는 수패 먼쯔, 특정한 요소로만 구성, 기타, 역이 없음."""

MADE_OF: Final = (
    "chows",
    "pungs",
    "kongs",
    "concealed_pungs",
    "wind_sets",
    "dragon_sets",
    "dragon_pung",
    "prevalent_wind_pung",
    "seat_wind_pung",
    "terminal_pungs",
    "win_tile",
    "flowers",
    "hand",
)
"""What makes a fan, for the explanation of a score: chows (which ones,
`chow_sources` finds), the pungs and kongs of a reading, its concealed
ones, its wind or dragon sets (pair included), the pung of one tile, the
winning tile, the flowers, or the hand as a whole."""


class FanId(StrEnum):
    """Every fan's id, as `fans.tsv` and the JSON write it."""

    BIG_FOUR_WINDS = "big_four_winds"
    BIG_THREE_DRAGONS = "big_three_dragons"
    ALL_GREEN = "all_green"
    NINE_GATES = "nine_gates"
    FOUR_KONGS = "four_kongs"
    SEVEN_SHIFTED_PAIRS = "seven_shifted_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    ALL_TERMINALS = "all_terminals"
    LITTLE_FOUR_WINDS = "little_four_winds"
    LITTLE_THREE_DRAGONS = "little_three_dragons"
    ALL_HONORS = "all_honors"
    FOUR_CONCEALED_PUNGS = "four_concealed_pungs"
    PURE_TERMINAL_CHOWS = "pure_terminal_chows"
    QUADRUPLE_CHOW = "quadruple_chow"
    FOUR_PURE_SHIFTED_PUNGS = "four_pure_shifted_pungs"
    FOUR_PURE_SHIFTED_CHOWS = "four_pure_shifted_chows"
    THREE_KONGS = "three_kongs"
    ALL_TERMINALS_AND_HONORS = "all_terminals_and_honors"
    SEVEN_PAIRS = "seven_pairs"
    GREATER_HONORS_AND_KNITTED_TILES = "greater_honors_and_knitted_tiles"
    ALL_EVEN_PUNGS = "all_even_pungs"
    FULL_FLUSH = "full_flush"
    PURE_TRIPLE_CHOW = "pure_triple_chow"
    PURE_SHIFTED_PUNGS = "pure_shifted_pungs"
    UPPER_TILES = "upper_tiles"
    MIDDLE_TILES = "middle_tiles"
    LOWER_TILES = "lower_tiles"
    PURE_STRAIGHT = "pure_straight"
    THREE_SUITED_TERMINAL_CHOWS = "three_suited_terminal_chows"
    PURE_SHIFTED_CHOWS = "pure_shifted_chows"
    ALL_FIVE = "all_five"
    TRIPLE_PUNG = "triple_pung"
    THREE_CONCEALED_PUNGS = "three_concealed_pungs"
    LESSER_HONORS_AND_KNITTED_TILES = "lesser_honors_and_knitted_tiles"
    KNITTED_STRAIGHT = "knitted_straight"
    UPPER_FOUR = "upper_four"
    LOWER_FOUR = "lower_four"
    BIG_THREE_WINDS = "big_three_winds"
    MIXED_STRAIGHT = "mixed_straight"
    REVERSIBLE_TILES = "reversible_tiles"
    MIXED_TRIPLE_CHOW = "mixed_triple_chow"
    CHICKEN_HAND = "chicken_hand"
    LAST_TILE_DRAW = "last_tile_draw"
    LAST_TILE_CLAIM = "last_tile_claim"
    OUT_WITH_REPLACEMENT_TILE = "out_with_replacement_tile"
    ROBBING_THE_KONG = "robbing_the_kong"
    MIXED_SHIFTED_PUNGS = "mixed_shifted_pungs"
    ALL_PUNGS = "all_pungs"
    HALF_FLUSH = "half_flush"
    MIXED_SHIFTED_CHOWS = "mixed_shifted_chows"
    ALL_TYPES = "all_types"
    MELDED_HAND = "melded_hand"
    TWO_CONCEALED_KONGS = "two_concealed_kongs"
    TWO_DRAGONS_PUNGS = "two_dragons_pungs"
    OUTSIDE_HAND = "outside_hand"
    FULLY_CONCEALED_HAND = "fully_concealed_hand"
    TWO_MELDED_KONGS = "two_melded_kongs"
    LAST_TILE = "last_tile"
    DRAGON_PUNG = "dragon_pung"
    PREVALENT_WIND = "prevalent_wind"
    SEAT_WIND = "seat_wind"
    CONCEALED_HAND = "concealed_hand"
    ALL_CHOWS = "all_chows"
    TILE_HOG = "tile_hog"
    DOUBLE_PUNG = "double_pung"
    TWO_CONCEALED_PUNGS = "two_concealed_pungs"
    CONCEALED_KONG = "concealed_kong"
    ALL_SIMPLES = "all_simples"
    PURE_DOUBLE_CHOW = "pure_double_chow"
    MIXED_DOUBLE_CHOW = "mixed_double_chow"
    SHORT_STRAIGHT = "short_straight"
    TWO_TERMINAL_CHOWS = "two_terminal_chows"
    PUNG_OF_TERMINALS_OR_HONORS = "pung_of_terminals_or_honors"
    MELDED_KONG = "melded_kong"
    ONE_VOIDED_SUIT = "one_voided_suit"
    NO_HONORS = "no_honors"
    EDGE_WAIT = "edge_wait"
    CLOSED_WAIT = "closed_wait"
    SINGLE_WAIT = "single_wait"
    SELF_DRAWN = "self_drawn"
    FLOWER_TILES = "flower_tiles"
    CONCEALED_KONG_AND_MELDED_KONG = "concealed_kong_and_melded_kong"


@dataclass(frozen=True, slots=True)
class Fan:
    id: FanId
    points: int
    zh: str
    ko_sino: str
    """The Sino-Korean reading, e.g. 대사희."""
    ko_mandarin: str
    """The reading after Mandarin, e.g. 다스시."""
    en: str
    family: str
    made_of: str
    """One of `MADE_OF`."""
    reference_zh: str
    option: str
    """The rule option the fan needs, or "" for the 81 standard fans."""


def _load() -> dict[str, Fan]:
    text = resources.files("tutor.engine.mcr").joinpath("fans.tsv").read_text(encoding="utf-8")
    # Keyed by FanId members, which are strings: a caller may look up a plain id.
    fans: dict[str, Fan] = {}
    for row in csv.DictReader(text.splitlines(), delimiter="\t"):
        fan_id = FanId(row["id"])
        fans[fan_id] = Fan(
            id=fan_id,
            points=int(row["points"]),
            zh=row["zh"],
            ko_sino=row["ko_sino"],
            ko_mandarin=row["ko_mandarin"],
            en=row["en"],
            family=row["family"],
            made_of=row["made_of"],
            reference_zh=row["reference_zh"],
            option=row["option"],
        )
    if list(fans) != list(FanId):
        raise ValueError("fans.tsv and FanId list different fans")
    return fans


FANS: Final = _load()
"""Every fan by id, in the table's order (highest points first)."""

STANDARD_FANS: Final = tuple(fan for fan in FANS.values() if not fan.option)
"""The 81 fans of document 003."""

BY_ZH: Final = {fan.zh: fan for fan in FANS.values()}
BY_REFERENCE_ZH: Final = {fan.reference_zh: fan for fan in FANS.values()}
