"""Names of tiles, groups, waits and yaku in Korean and English, for prompts
and explanations.

The names themselves live in the catalogue (`tutor/locale/*/LC_MESSAGES/names.po`,
keys `kind.id`); this module gives them to the quizzes as tables by language
and id, read once when it is imported.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from tutor.engine.riichi.yaku import YAKU
from tutor.engine.riichi.yakuman import YAKUMAN
from tutor.engine.tiles import EAST, Tile, number_of, tile_name
from tutor.locale import Message, Value, message

SUITS: Final = ("man", "pin", "sou")
HONOURS: Final = ("east", "south", "west", "north", "white", "green", "red")


@dataclass(frozen=True, slots=True)
class Names:
    """The names of some things of one kind (the names.po keys `kind.id`),
    put into words in a language when one is asked for."""

    kind: str
    ids: tuple[str, ...]

    def __contains__(self, id: object) -> bool:
        return id in self.ids

    def name(self, id: str) -> Value:
        """One name as a message; an id without a name (a newer brief) is shown as it is."""
        return message(f"{self.kind}.{id}") if id in self.ids else id


def names_table(kind: str, ids: Iterable[str]) -> Names:
    """The names of some things of one kind, from the catalogue."""
    return Names(kind, tuple(ids))


HONOUR_NAMES: Final = names_table("honour", HONOURS)

GROUP_NAMES: Final = names_table("group", ("shuntsu", "koutsu", "kantsu", "penta", "kanta", "ryanta", "toitsu", "none"))
WAIT_NAMES: Final = names_table(
    "wait", ("ryanmen", "kanchan", "penchan", "tanki", "shanpon", "chiitoitsu", "kokushi", "knitted")
)
CALL_NAMES: Final = names_table("call", ("chi", "pon", "open_kan", "win", "none"))
FLAG_NAMES: Final = names_table(
    "flag",
    ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou"),
)
"""The situations of a riichi win, by the flag names of the brief."""
WIN_WORDS: Final = names_table("win", ("ron", "tsumo", "seat", "round", "flowers"))
"""How a hand was won, in the words a worksheet and a drill print."""


def short_wind_name(letter: str) -> Message:
    """A wind in one character: "E", "동"."""
    return message(f"wind_short.{letter}")


CLAIM_NAMES: Final = names_table(
    "claim",
    (
        "group",
        "complete",
        "tenpai",
        "waits",
        "kinds",
        "shape",
        "calls",
        "fu_raw",
        "fu",
        "han",
        "points",
        "yaku",
        "yakuman",
        "limit",
        "dora",
        "fans",
        "total",
        "can_win",
        "tile",
        "base",
        "seat",
        "winner",
        "shanten",
        "tiles",
        "count",
        "discards",
        "ukeire",
        "best_discard",
        "stack",
        "lines",
        "left_out",
        "safe",
    ),
)
"""What a lesson's claims and a question's answers are called: the keys of
`expect:` lines and of quiz answers."""
ANSWER_WORDS: Final = names_table("answer", ("yes", "no", "none"))
"""Values of an answer that are no choice: a yes or no, or nothing."""


SHAPE_NAMES: Final = {
    "riichi": names_table("shape.riichi", ("regular", "seven_pairs", "thirteen_orphans")),
    "mcr": names_table(
        "shape.mcr",
        (
            "regular",
            "seven_pairs",
            "thirteen_orphans",
            "knitted_straight",
            "honours_and_knitted",
            "seven_honours_and_knitted",
        ),
    ),
}
"""The shapes of `shapes.ShapeKind` by rule family, as lessons r03 and m02 name them."""
LIMIT_NAMES: Final = names_table("limit", ("mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman", "yakuman"))
"""The limits of riichi points (`Points.limit`), as lesson r08 names them."""


def choice_labels(kind: str, choices: Iterable[str]) -> tuple[Message, ...]:
    """The labels of some answer choices: their names of one kind (`name`)."""
    return tuple(name(kind, choice) for choice in choices)


def flowers_message(count: int) -> Message:
    """How many flowers a hand has: "1 flower", "2 flowers"."""
    return message("flowers", count=count)


YAKU_NAMES: Final = names_table("yaku", (yaku.id for yaku in YAKU))
"""The regular riichi yaku by their ids (design brief section 4), as lessons
r06 and r07 name them."""


YAKUMAN_NAMES: Final = names_table("yakuman", (*(yakuman.id for yakuman in YAKUMAN), "none"))
"""Yakuman by their ids, and "none" for a hand without one."""

FU_ITEMS: Final = names_table(
    "fu",
    (
        "base",
        "closed_ron",
        "tsumo",
        "pinfu_tsumo",
        "open_no_fu",
        "seven_pairs",
        "run",
        "open_triplet",
        "open_terminal_triplet",
        "closed_triplet",
        "closed_terminal_triplet",
        "open_kan",
        "open_terminal_kan",
        "closed_kan",
        "closed_terminal_kan",
        "pair",
        "dragon_pair",
        "seat_wind_pair",
        "round_wind_pair",
        "double_wind_pair",
        "guest_wind_pair",
        "ryanmen",
        "shanpon",
        "kanchan",
        "penchan",
        "tanki",
    ),
)
"""The fu lines of a riichi hand (`FuLine.item`)."""

PRINCIPLE_NAMES: Final = names_table(
    "principle", ("non_repeat", "non_separation", "non_identical", "take_higher", "account_once")
)
"""The five MCR principles by their JSON ids (design brief section 5)."""

FU_NOT_COUNTED: Final = message("fu.not_counted")
"""What a learner reads instead of fu lines for a hand that has none (kokushi)."""


def tile_message(tile: Tile) -> Message:
    """A tile named in words: "five of dots", "5통"; "East wind", "동(東)"."""
    if tile >= EAST:
        return message(f"honour.{HONOURS[tile - EAST]}")
    return message(
        "tile.number", number=message(f"tile_number.{number_of(tile)}"), suit=message(f"tile_suit.{SUITS[tile // 9]}")
    )


def name(kind: str, id: str) -> Message:
    """The name of one thing (`name("wait", "kanchan")`): the key `kind.id` of names.po."""
    return message(f"{kind}.{id}")


def limit_message(limit: str) -> Value:
    """A limit in words; several yakuman (`yakuman_x2`) as "2x yakuman"."""
    if limit.startswith("yakuman_x"):
        return message("limit.yakuman_times", times=limit.removeprefix("yakuman_x"))
    return LIMIT_NAMES.name(limit)


def tile_kinds(count: int) -> Message:
    """How many kinds of tile, its noun in the plural form the count takes: "1 kind", "3 kinds"."""
    return message("tile_kinds", count=count)


def tile_list(tiles: Iterable[Tile]) -> str:
    return ", ".join(tile_name(tile) for tile in tiles) or "-"


PRINCIPLE_ZH: Final = {
    "non_repeat": "不重复",
    "non_separation": "不拆移",
    "non_identical": "不得相同",
    "take_higher": "就高不就低",
    "account_once": "套算一次",
}
"""The five MCR principles by their official (Chinese) names, by their JSON ids."""
