"""The regular yaku: one small condition each, and their han as data.

Ids are those of design brief section 4.  `han_open` 0 means the yaku needs a
closed hand.  Which yaku a stronger one replaces is data too (`REPLACES`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from tutor.engine.riichi.context import Flag
from tutor.engine.riichi.fu import is_pinfu_shape
from tutor.engine.riichi.reading import ReadingFacts
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.shapes import ShapeKind
from tutor.engine.tiles import DRAGONS, GREEN, RED, WHITE, Tile, is_simple

Condition = Callable[[ReadingFacts, RiichiRules], bool]

# Flag names read once: an enum's `.value` is a slow descriptor in the inner loop.
_RIICHI: Final = Flag.RIICHI.value
_RENHOU: Final = Flag.RENHOU.value


@dataclass(frozen=True, slots=True)
class Yaku:
    id: str
    han_closed: int
    han_open: int
    condition: Condition


def _flag(flag: Flag) -> Condition:
    name = flag.value
    return lambda facts, _rules: name in facts.of_hand.flags


def _riichi(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return _RIICHI in facts.of_hand.flags


def _menzen_tsumo(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.of_hand.closed and facts.of_hand.context.tsumo


def _pinfu(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return is_pinfu_shape(facts)


def _tanyao(facts: ReadingFacts, rules: RiichiRules) -> bool:
    return (facts.of_hand.closed or rules.open_tanyao) and all(is_simple(tile) for tile in facts.of_hand.kinds)


def _identical_run_pairs(facts: ReadingFacts) -> int:
    runs = facts.runs
    if len(runs) < 2 or not facts.of_hand.closed:
        return 0
    return sum(count // 2 for count in Counter(runs).values())


def _iipeikou(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return _identical_run_pairs(facts) == 1


def _ryanpeikou(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return _identical_run_pairs(facts) == 2


def _triplet_of(tile: Tile) -> Condition:
    return lambda facts, _rules: tile in facts.triplets


def _seat_wind(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.of_hand.context.seat in facts.triplets


def _round_wind(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.of_hand.context.round in facts.triplets


def _chanta(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return (
        bool(facts.runs)
        and facts.shape is ShapeKind.REGULAR
        and facts.of_hand.has_honours
        and facts.every_group_has_terminal_or_honour()
    )


def _junchan(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return (
        bool(facts.runs)
        and facts.shape is ShapeKind.REGULAR
        and not facts.of_hand.has_honours
        and facts.every_group_has_terminal_or_honour()
    )


def _ittsu(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    runs = facts.runs
    return len(runs) >= 3 and any(base in runs and base + 3 in runs and base + 6 in runs for base in (0, 9, 18))


def _sanshoku_doujun(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    runs = facts.runs
    return len(runs) >= 3 and any(first + 9 in runs and first + 18 in runs for first in runs if first < 9)


def _sanshoku_doukou(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    tiles = facts.triplets
    return len(tiles) >= 3 and any(tile + 9 in tiles and tile + 18 in tiles for tile in tiles if tile < 9)


def _toitoi(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return len(facts.triplets) == 4


def _sanankou(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.concealed_triplets == 3


def _sankantsu(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.kans == 3


def _chiitoitsu(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.shape is ShapeKind.SEVEN_PAIRS


def _honroutou(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    of_hand = facts.of_hand
    return (
        of_hand.all_terminals_or_honours
        and of_hand.has_honours
        and bool(of_hand.number_suits)
        and facts.shape is not ShapeKind.THIRTEEN_ORPHANS
    )


def _shousangen(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.pair in DRAGONS and sum(1 for tile in facts.triplets if tile in DRAGONS) == 2


def _honitsu(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return len(facts.of_hand.number_suits) == 1 and facts.of_hand.has_honours


def _chinitsu(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return len(facts.of_hand.number_suits) == 1 and not facts.of_hand.has_honours


def _renhou_as_mangan(facts: ReadingFacts, rules: RiichiRules) -> bool:
    return rules.renhou == "mangan" and _RENHOU in facts.of_hand.flags


YAKU: Final = (
    Yaku("riichi", 1, 0, _riichi),
    Yaku("double_riichi", 2, 0, _flag(Flag.DOUBLE_RIICHI)),
    Yaku("ippatsu", 1, 0, _flag(Flag.IPPATSU)),
    Yaku("menzen_tsumo", 1, 0, _menzen_tsumo),
    Yaku("pinfu", 1, 0, _pinfu),
    Yaku("tanyao", 1, 1, _tanyao),
    Yaku("iipeikou", 1, 0, _iipeikou),
    Yaku("yakuhai_haku", 1, 1, _triplet_of(WHITE)),
    Yaku("yakuhai_hatsu", 1, 1, _triplet_of(GREEN)),
    Yaku("yakuhai_chun", 1, 1, _triplet_of(RED)),
    Yaku("yakuhai_seat_wind", 1, 1, _seat_wind),
    Yaku("yakuhai_round_wind", 1, 1, _round_wind),
    Yaku("rinshan", 1, 1, _flag(Flag.RINSHAN)),
    Yaku("chankan", 1, 1, _flag(Flag.CHANKAN)),
    Yaku("haitei", 1, 1, _flag(Flag.HAITEI)),
    Yaku("houtei", 1, 1, _flag(Flag.HOUTEI)),
    Yaku("chanta", 2, 1, _chanta),
    Yaku("ittsu", 2, 1, _ittsu),
    Yaku("sanshoku_doujun", 2, 1, _sanshoku_doujun),
    Yaku("sanshoku_doukou", 2, 2, _sanshoku_doukou),
    Yaku("toitoi", 2, 2, _toitoi),
    Yaku("sanankou", 2, 2, _sanankou),
    Yaku("sankantsu", 2, 2, _sankantsu),
    Yaku("chiitoitsu", 2, 0, _chiitoitsu),
    Yaku("honroutou", 2, 2, _honroutou),
    Yaku("shousangen", 2, 2, _shousangen),
    Yaku("honitsu", 3, 2, _honitsu),
    Yaku("junchan", 3, 2, _junchan),
    Yaku("ryanpeikou", 3, 0, _ryanpeikou),
    Yaku("chinitsu", 6, 5, _chinitsu),
    Yaku("renhou", 5, 0, _renhou_as_mangan),
)
"""Every regular yaku, in the order a score lists them."""

OPEN_YAKU: Final = tuple(yaku for yaku in YAKU if yaku.han_open)
"""The yaku an open hand can have."""

REPLACES: Final = {
    "double_riichi": ("riichi",),
    "ryanpeikou": ("iipeikou",),
    "junchan": ("chanta",),
    "chinitsu": ("honitsu",),
}
"""A yaku on the left, when present, is counted instead of those on the right."""


def yaku_of(facts: ReadingFacts, rules: RiichiRules) -> list[tuple[str, int]]:
    """The regular yaku of a reading with the han each is worth."""
    closed = facts.of_hand.closed
    candidates = YAKU if closed else OPEN_YAKU
    found = [
        (yaku.id, yaku.han_closed if closed else yaku.han_open) for yaku in candidates if yaku.condition(facts, rules)
    ]
    if len(found) > 1:
        present = {name for name, _ in found}
        replaced = {weaker for stronger in present for weaker in REPLACES.get(stronger, ())}
        if replaced:
            found = [(name, han) for name, han in found if name not in replaced]
    return found
