"""The tables of the tenhou.net/6 JSON log format (the format kobalab's
Majiang, NAGA, Mortal and mjai-reviewer exchange), as data.

Tiles are numbers: 11-19 characters, 21-29 dots, 31-39 bamboo, 41-47 the
honours in the order east, south, west, north, white, green, red; 51, 52
and 53 a red five of characters, dots, bamboo.  In a seat's discards 60
marks a tile discarded as drawn (tsumogiri), and 0 stands in the place of
the discard that an open kan skips.

A win lists its yaku by Tenhou's Japanese names, numbered as Tenhou numbers
them (0-54); `YAKU_NUMBERS` keys those numbers by this engine's yaku ids.
These names are the log's own words, read by other programs, never shown
on a screen (which speaks from the catalogue).
"""

from __future__ import annotations

from typing import Final

from tutor.engine.game.state import EndKind
from tutor.engine.tiles import EAST

TSUMOGIRI: Final = 60
KAN_PLACEHOLDER: Final = 0
RED_FIVES: Final = {51: 4, 52: 13, 53: 22}
"""A red five's code and the kind it is a five of."""

YAKU_NAMES: Final = (
    "門前清自摸和",
    "立直",
    "一発",
    "槍槓",
    "嶺上開花",
    "海底摸月",
    "河底撈魚",
    "平和",
    "断幺九",
    "一盃口",
    "自風 東",
    "自風 南",
    "自風 西",
    "自風 北",
    "場風 東",
    "場風 南",
    "場風 西",
    "場風 北",
    "役牌 白",
    "役牌 發",
    "役牌 中",
    "両立直",
    "七対子",
    "混全帯幺九",
    "一気通貫",
    "三色同順",
    "三色同刻",
    "三槓子",
    "対々和",
    "三暗刻",
    "小三元",
    "混老頭",
    "二盃口",
    "純全帯幺九",
    "混一色",
    "清一色",
    "人和",
    "天和",
    "地和",
    "大三元",
    "四暗刻",
    "四暗刻単騎",
    "字一色",
    "緑一色",
    "清老頭",
    "九蓮宝燈",
    "純正九蓮宝燈",
    "国士無双",
    "国士無双１３面",
    "大四喜",
    "小四喜",
    "四槓子",
    "ドラ",
    "裏ドラ",
    "赤ドラ",
)
"""Tenhou's yaku, by Tenhou's number (the index)."""

SEAT_WIND: Final = 10
"""Tenhou's number of the seat-wind yaku of east; south, west, north follow."""
ROUND_WIND: Final = 14
"""Likewise for the round wind."""
DORA: Final = 52
URA_DORA: Final = 53
RED_DORA: Final = 54

YAKU_NUMBERS: Final = {
    "menzen_tsumo": 0,
    "riichi": 1,
    "ippatsu": 2,
    "chankan": 3,
    "rinshan": 4,
    "haitei": 5,
    "houtei": 6,
    "pinfu": 7,
    "tanyao": 8,
    "iipeikou": 9,
    "yakuhai_haku": 18,
    "yakuhai_hatsu": 19,
    "yakuhai_chun": 20,
    "double_riichi": 21,
    "chiitoitsu": 22,
    "chanta": 23,
    "ittsu": 24,
    "sanshoku_doujun": 25,
    "sanshoku_doukou": 26,
    "sankantsu": 27,
    "toitoi": 28,
    "sanankou": 29,
    "shousangen": 30,
    "honroutou": 31,
    "ryanpeikou": 32,
    "junchan": 33,
    "honitsu": 34,
    "chinitsu": 35,
    "renhou": 36,
    "tenhou": 37,
    "chiihou": 38,
    "daisangen": 39,
    "suuankou": 40,
    "suuankou_tanki": 41,
    "tsuuiisou": 42,
    "ryuuiisou": 43,
    "chinroutou": 44,
    "chuuren": 45,
    "junsei_chuuren": 46,
    "kokushi": 47,
    "kokushi_13": 48,
    "daisuushii": 49,
    "shousuushii": 50,
    "suukantsu": 51,
}
"""Our yaku and yakuman ids (tutor.engine.riichi.yaku and .yakuman) to
Tenhou's numbers; the two wind yaku are numbered by the wind (`wind_yaku`)."""

LIMIT_NAMES: Final = {
    "mangan": "満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
    "yakuman": "役満",
}
"""A limit's word in a win's points, e.g. 満貫8000点; every yakuman
(counted, double or more) is 役満."""

HAN: Final = "飜"
FU: Final = "符"
POINTS: Final = "点"
DEALER_TSUMO: Final = "∀"
"""Ends a dealer's tsumo: each of the three pays the amount."""

WIN: Final = "和了"
ENDS: Final = {
    EndKind.NINE_TERMINALS: "九種九牌",
    EndKind.FOUR_WINDS: "四風連打",
    EndKind.FOUR_RIICHI: "四家立直",
    EndKind.FOUR_KANS: "四槓散了",
    EndKind.TRIPLE_RON: "三家和了",
}
"""The abortive draws' names."""
EXHAUSTIVE: Final = "流局"
ALL_TENPAI: Final = "全員聴牌"
NONE_TENPAI: Final = "全員不聴"
NAGASHI: Final = "流し満貫"
DRAWS: Final = frozenset({*ENDS.values(), EXHAUSTIVE, ALL_TENPAI, NONE_TENPAI, NAGASHI})

LOBBY: Final = "般"
LENGTHS: Final = {"east": "東", "south": "南"}
OPEN_TANYAO: Final = "喰"
"""`rule.disp` is the lobby, the length, 喰 when open tanyao counts, and 赤
with red fives (never here: this game has none)."""


def code(kind: int) -> int:
    """A kind's tile number."""
    if kind >= EAST:
        return 41 + kind - EAST
    return 10 * (kind // 9 + 1) + kind % 9 + 1


def kind_of(number: int) -> int | None:
    """The kind of a tile number (a red five is a five), None for no tile."""
    if number in RED_FIVES:
        return RED_FIVES[number]
    suit, rank = divmod(number, 10)
    if 1 <= suit <= 3 and 1 <= rank <= 9:
        return 9 * (suit - 1) + rank - 1
    if suit == 4 and 1 <= rank <= 7:
        return EAST + rank - 1
    return None


def wind_yaku(first: int, wind: int) -> int:
    """The Tenhou number of a wind yaku: `first` is SEAT_WIND or ROUND_WIND, `wind` 0-3 from east."""
    return first + wind
