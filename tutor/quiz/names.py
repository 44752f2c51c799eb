"""Names of tiles, groups, waits and yaku in Korean and English, for prompts
and explanations."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from tutor.engine.tiles import EAST, Tile, number_of, tile_name

SUIT_NAMES: Final = {
    "en": ("characters", "dots", "bamboo"),
    "ko": ("만수패", "통수패", "삭수패"),
}
HONOUR_NAMES: Final = {
    "en": ("East wind", "South wind", "West wind", "North wind", "White dragon", "Green dragon", "Red dragon"),
    "ko": ("동(東)", "남(南)", "서(西)", "북(北)", "백(白)", "발(發)", "중(中)"),
}
NUMBER_WORDS: Final = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")

GROUP_NAMES: Final = {
    "en": {
        "shuntsu": "shuntsu (run)",
        "koutsu": "koutsu (triplet)",
        "kantsu": "kantsu (four of a kind)",
        "penta": "penta (edge partial set)",
        "kanta": "kanta (middle missing)",
        "ryanta": "ryanta (two-sided)",
        "toitsu": "toitsu (pair)",
        "none": "none of these",
    },
    "ko": {
        "shuntsu": "슌쯔",
        "koutsu": "커쯔",
        "kantsu": "깡쯔",
        "penta": "펜타쯔",
        "kanta": "칸타쯔",
        "ryanta": "량타쯔",
        "toitsu": "또이쯔",
        "none": "어느 것도 아님",
    },
}
WAIT_NAMES: Final = {
    "en": {
        "ryanmen": "ryanmen (both ends)",
        "kanchan": "kanchan (middle)",
        "penchan": "penchan (edge)",
        "tanki": "tanki (pair)",
        "shanpon": "shanpon (two pairs)",
        "chiitoitsu": "seven pairs",
        "kokushi": "thirteen orphans",
        "knitted": "knitted",
    },
    "ko": {
        "ryanmen": "양면대기",
        "kanchan": "칸짱대기",
        "penchan": "펜짱대기",
        "tanki": "단기대기",
        "shanpon": "샤보대기",
        "chiitoitsu": "치또이쯔",
        "kokushi": "국사무쌍",
        "knitted": "조합",
    },
}
CALL_NAMES: Final = {
    "en": {"chi": "chi", "pon": "pon", "open_kan": "open kan", "win": "ron (win)", "none": "no call"},
    "ko": {"chi": "치", "pon": "뻥", "open_kan": "대밍깡", "win": "론 (오르기)", "none": "울 수 없음"},
}
FLAG_NAMES: Final = {
    "en": {
        "riichi": "riichi",
        "double_riichi": "double riichi",
        "ippatsu": "ippatsu",
        "rinshan": "rinshan (replacement tile after a kan)",
        "chankan": "chankan (robbing a kan)",
        "haitei": "haitei (last tile of the wall)",
        "houtei": "houtei (last discard)",
        "tenhou": "tenhou (dealer's first draw)",
        "chiihou": "chiihou (first draw)",
        "renhou": "renhou (before the first draw)",
    },
    "ko": {
        "riichi": "리치",
        "double_riichi": "더블 리치",
        "ippatsu": "일발",
        "rinshan": "영상개화 (깡 후 영상패)",
        "chankan": "창깡 (추가깡한 패로 론)",
        "haitei": "해저 (패산의 마지막 패)",
        "houtei": "하저 (마지막 버림패)",
        "tenhou": "천화 (친의 첫 쯔모)",
        "chiihou": "지화 (첫 쯔모)",
        "renhou": "인화 (첫 쯔모 전 론)",
    },
}
"""The situations of a riichi win, by the flag names of the brief."""
WIN_WORDS: Final = {
    "en": {"ron": "ron", "tsumo": "tsumo", "seat": "seat", "round": "round", "flowers": "flowers"},
    "ko": {"ron": "론", "tsumo": "쯔모", "seat": "자풍", "round": "장풍", "flowers": "화패"},
}
"""How a hand was won, in the words a worksheet and a drill print."""
SHORT_WIND_NAMES: Final = {"en": "ESWN", "ko": "동남서북"}
"""One character per wind, in the order of `tiles.WIND_LETTERS`."""


CLAIM_NAMES: Final = {
    "en": {
        "group": "Group",
        "complete": "Complete",
        "tenpai": "Tenpai",
        "waits": "Waits",
        "kinds": "Wait",
        "shape": "Shape",
        "calls": "Calls",
        "fu_raw": "Fu before rounding",
        "lines": "Fu lines",
        "fu": "Fu",
        "han": "Han",
        "points": "Points",
        "yaku": "Yaku",
        "yakuman": "Yakuman",
        "limit": "Limit",
        "dora": "Dora",
        "fans": "Fans",
        "total": "Total",
        "can_win": "Can be declared",
        "tile": "Tile",
        "base": "Base points",
        "seat": "Seat",
        "winner": "Winner",
    },
    "ko": {
        "group": "묶음",
        "complete": "완성",
        "tenpai": "텐파이",
        "waits": "대기패",
        "kinds": "대기",
        "shape": "형태",
        "calls": "울기",
        "fu_raw": "올림 전 부",
        "lines": "부 계산 줄",
        "fu": "부",
        "han": "판",
        "points": "점수",
        "yaku": "역",
        "yakuman": "역만",
        "limit": "한도",
        "dora": "도라",
        "fans": "번",
        "total": "합계",
        "can_win": "화료 가능",
        "tile": "패",
        "base": "기본점",
        "seat": "자리",
        "winner": "화료자",
    },
}
"""What a lesson's claims and a question's answers are called: the keys of
`expect:` lines and of quiz answers."""
ANSWER_WORDS: Final = {
    "en": {"yes": "yes", "no": "no", "none": "none"},
    "ko": {"yes": "예", "no": "아니오", "none": "없음"},
}
"""Values of an answer that are no choice: a yes or no, or nothing."""


SHAPE_NAMES: Final = {
    "riichi": {
        "en": {
            "regular": "four sets and a pair",
            "seven_pairs": "chiitoitsu (seven pairs)",
            "thirteen_orphans": "kokushi musou (thirteen orphans)",
        },
        "ko": {"regular": "4멘쯔 1작두", "seven_pairs": "치또이쯔", "thirteen_orphans": "국사무쌍"},
    },
    "mcr": {
        "en": {
            "regular": "four sets and a pair",
            "seven_pairs": "七对 Seven Pairs",
            "thirteen_orphans": "十三幺 Thirteen Orphans",
            "knitted_straight": "组合龙 Knitted Straight",
            "honours_and_knitted": "全不靠 Lesser Honors and Knitted Tiles",
            "seven_honours_and_knitted": "七星不靠 Greater Honors and Knitted Tiles",
        },
        "ko": {
            "regular": "몸통 넷과 머리",
            "seven_pairs": "칠대(七对)",
            "thirteen_orphans": "십삼요(十三幺)",
            "knitted_straight": "조합룡(组合龙)",
            "honours_and_knitted": "전불고(全不靠)",
            "seven_honours_and_knitted": "칠성불고(七星不靠)",
        },
    },
}
"""The shapes of `shapes.ShapeKind` by rule family, as lessons r03 and m02 name them."""
LIMIT_NAMES: Final = {
    "en": {
        "mangan": "mangan",
        "haneman": "haneman",
        "baiman": "baiman",
        "sanbaiman": "sanbaiman",
        "kazoe_yakuman": "counted yakuman",
        "yakuman": "yakuman",
    },
    "ko": {
        "mangan": "만관",
        "haneman": "하네만",
        "baiman": "배만",
        "sanbaiman": "삼배만",
        "kazoe_yakuman": "헤아림 역만",
        "yakuman": "역만",
    },
}
"""The limits of riichi points (`Points.limit`), as lesson r08 names them."""


def limit_name(limit: str, language: str) -> str:
    """A limit in words; several yakuman (`yakuman_x2`) as "2x yakuman"."""
    if limit.startswith("yakuman_x"):
        times = limit.removeprefix("yakuman_x")
        return f"{times}x yakuman" if language == "en" else f"역만 {times}배"
    return LIMIT_NAMES[language].get(limit, limit)


def choice_labels(names: dict[str, dict[str, str]], choices: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """The labels of some answer choices in each language, from a table of names."""
    choices = tuple(choices)
    return {language: tuple(names[language][choice] for choice in choices) for language in ("en", "ko")}


def flag_name(flag: str, language: str) -> str:
    """A flag in words; an unknown flag (a newer brief) is shown as it is."""
    return FLAG_NAMES[language].get(flag, flag)


def flowers_text(count: int, language: str) -> str:
    return f"{count} flower(s)" if language == "en" else f"화패 {count}장"


YAKU_NAMES: Final = {
    "en": {
        "riichi": "riichi",
        "double_riichi": "double riichi",
        "ippatsu": "ippatsu",
        "menzen_tsumo": "menzen tsumo",
        "pinfu": "pinfu",
        "tanyao": "tanyao",
        "iipeikou": "iipeikou",
        "yakuhai_haku": "yakuhai (white dragon)",
        "yakuhai_hatsu": "yakuhai (green dragon)",
        "yakuhai_chun": "yakuhai (red dragon)",
        "yakuhai_seat_wind": "yakuhai (seat wind)",
        "yakuhai_round_wind": "yakuhai (round wind)",
        "rinshan": "rinshan",
        "chankan": "chankan",
        "haitei": "haitei",
        "houtei": "houtei",
        "chanta": "chanta",
        "ittsu": "ittsu",
        "sanshoku_doujun": "sanshoku doujun",
        "sanshoku_doukou": "sanshoku doukou",
        "toitoi": "toitoi",
        "sanankou": "sanankou",
        "sankantsu": "sankantsu",
        "chiitoitsu": "chiitoitsu",
        "honroutou": "honroutou",
        "shousangen": "shousangen",
        "honitsu": "honitsu",
        "junchan": "junchan",
        "ryanpeikou": "ryanpeikou",
        "chinitsu": "chinitsu",
        "renhou": "renhou (as a mangan)",
    },
    "ko": {
        "riichi": "리치",
        "double_riichi": "더블 리치",
        "ippatsu": "일발",
        "menzen_tsumo": "멘젠 쯔모",
        "pinfu": "핑후",
        "tanyao": "탕야오",
        "iipeikou": "이페코",
        "yakuhai_haku": "역패 백(白)",
        "yakuhai_hatsu": "역패 발(發)",
        "yakuhai_chun": "역패 중(中)",
        "yakuhai_seat_wind": "역패 자풍",
        "yakuhai_round_wind": "역패 장풍",
        "rinshan": "영상개화",
        "chankan": "창깡",
        "haitei": "해저",
        "houtei": "하저",
        "chanta": "찬타",
        "ittsu": "일기통관",
        "sanshoku_doujun": "삼색동순",
        "sanshoku_doukou": "삼색동각",
        "toitoi": "또이또이",
        "sanankou": "산안커",
        "sankantsu": "산깡쯔",
        "chiitoitsu": "치또이쯔",
        "honroutou": "혼노두",
        "shousangen": "소삼원",
        "honitsu": "혼일색",
        "junchan": "준찬타",
        "ryanpeikou": "량페코",
        "chinitsu": "청일색",
        "renhou": "인화 (만관)",
    },
}
"""The regular riichi yaku by their ids (design brief section 4), as lessons
r06 and r07 name them."""


def yaku_name(yaku: str, language: str) -> str:
    """A yaku in words; an unknown id (a newer brief) is shown as it is."""
    return YAKU_NAMES[language].get(yaku, yaku)


YAKUMAN_NAMES: Final = {
    "en": {
        "kokushi": "thirteen orphans",
        "kokushi_13": "thirteen orphans, 13-sided",
        "suuankou": "four concealed koutsu",
        "suuankou_tanki": "four concealed koutsu, tanki",
        "daisangen": "big three dragons",
        "shousuushii": "little four winds",
        "daisuushii": "big four winds",
        "tsuuiisou": "all honours",
        "ryuuiisou": "all green",
        "chinroutou": "all terminals",
        "chuuren": "nine gates",
        "junsei_chuuren": "pure nine gates",
        "suukantsu": "four kans",
        "tenhou": "blessing of heaven",
        "chiihou": "blessing of earth",
        "renhou": "blessing of man",
        "none": "no yakuman",
    },
    "ko": {
        "kokushi": "국사무쌍",
        "kokushi_13": "국사무쌍 13면대기",
        "suuankou": "쓰안커",
        "suuankou_tanki": "쓰안커 단기",
        "daisangen": "대삼원",
        "shousuushii": "소사희",
        "daisuushii": "대사희",
        "tsuuiisou": "자일색",
        "ryuuiisou": "녹일색",
        "chinroutou": "청노두",
        "chuuren": "구련보등",
        "junsei_chuuren": "순정구련",
        "suukantsu": "쓰깡쯔",
        "tenhou": "천화",
        "chiihou": "지화",
        "renhou": "인화",
        "none": "역만 아님",
    },
}

FU_ITEMS = {
    "en": {
        "base": "base",
        "closed_ron": "closed ron",
        "tsumo": "tsumo",
        "pinfu_tsumo": "pinfu tsumo (no tsumo fu)",
        "open_no_fu": "open hand without fu",
        "seven_pairs": "seven pairs",
        "run": "shuntsu",
        "open_triplet": "open koutsu, simples",
        "open_terminal_triplet": "open koutsu, terminals or honours",
        "closed_triplet": "concealed koutsu, simples",
        "closed_terminal_triplet": "concealed koutsu, terminals or honours",
        "open_kan": "open kan, simples",
        "open_terminal_kan": "open kan, terminals or honours",
        "closed_kan": "concealed kan, simples",
        "closed_terminal_kan": "concealed kan, terminals or honours",
        "pair": "pair",
        "dragon_pair": "dragon pair",
        "seat_wind_pair": "seat wind pair",
        "round_wind_pair": "round wind pair",
        "double_wind_pair": "double wind pair",
        "guest_wind_pair": "guest wind pair",
        "ryanmen": "ryanmen wait",
        "shanpon": "shanpon wait",
        "kanchan": "kanchan wait",
        "penchan": "penchan wait",
        "tanki": "tanki wait",
    },
    "ko": {
        "base": "부저",
        "closed_ron": "멘젠 론",
        "tsumo": "쯔모",
        "pinfu_tsumo": "핑후 쯔모 (쯔모의 부 없음)",
        "open_no_fu": "부가 없는 운 손",
        "seven_pairs": "치또이쯔",
        "run": "슌쯔",
        "open_triplet": "중장패 밍커",
        "open_terminal_triplet": "요구패 밍커",
        "closed_triplet": "중장패 안커",
        "closed_terminal_triplet": "요구패 안커",
        "open_kan": "중장패 밍깡",
        "open_terminal_kan": "요구패 밍깡",
        "closed_kan": "중장패 안깡",
        "closed_terminal_kan": "요구패 안깡",
        "pair": "작두",
        "dragon_pair": "삼원패 작두",
        "seat_wind_pair": "자풍 작두",
        "round_wind_pair": "장풍 작두",
        "double_wind_pair": "연풍패 작두",
        "guest_wind_pair": "객풍패 작두",
        "ryanmen": "양면대기",
        "shanpon": "샤보대기",
        "kanchan": "칸짱대기",
        "penchan": "펜짱대기",
        "tanki": "단기대기",
    },
}

PRINCIPLE_NAMES = {
    "en": {
        "non_repeat": "non-repeat",
        "non_separation": "non-separation",
        "non_identical": "non-identical",
        "take_higher": "take the higher",
        "account_once": "account-once",
    },
    "ko": {
        "non_repeat": "불중복",
        "non_separation": "불탁이",
        "non_identical": "부득상동",
        "take_higher": "취고불취저",
        "account_once": "투산일차",
    },
}
"""The five MCR principles by their JSON ids (design brief section 5)."""

FU_NOT_COUNTED = {
    "en": "Fu are not counted for thirteen orphans: it has no sets and no pair to count.",
    "ko": "국사무쌍은 셀 멘쯔도 작두도 없으므로 부를 계산하지 않는다.",
}
"""What a learner reads instead of fu lines for a hand that has none (kokushi)."""


def tile_words(tile: Tile, language: str) -> str:
    """A tile named in words: "five of dots", "5통"; "East wind", "동(東)"."""
    if tile >= EAST:
        return HONOUR_NAMES[language][tile - EAST]
    number = number_of(tile)
    suit = tile // 9
    if language == "ko":
        return f"{number}{('만', '통', '삭')[suit]}"
    return f"{NUMBER_WORDS[number - 1]} of {SUIT_NAMES['en'][suit]}"


def tile_list(tiles: Iterable[Tile]) -> str:
    return ", ".join(tile_name(tile) for tile in tiles) or "-"
