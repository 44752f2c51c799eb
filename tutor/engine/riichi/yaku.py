"""The regular yaku: one small condition each, and their han as data.

Ids are those of design brief section 4.  `han_open` 0 means the yaku needs a
closed hand.  Which yaku a stronger one replaces is data too (`REPLACES`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from tutor.engine.memo import memo
from tutor.engine.riichi.context import Flag
from tutor.engine.riichi.fu import is_pinfu_shape
from tutor.engine.riichi.reading import HandFacts, ReadingFacts
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.shapes import ShapeKind
from tutor.engine.tiles import DRAGONS, EAST, GREEN, RED, SIMPLE_TILES, WHITE, Tile

Condition = Callable[[ReadingFacts, RiichiRules], bool]

# Enum members read on every reading, bound once: on Python 3.11 reading a
# member off its class costs ten times a global name.
_REGULAR = ShapeKind.REGULAR
_SEVEN_PAIRS = ShapeKind.SEVEN_PAIRS
_THIRTEEN_ORPHANS = ShapeKind.THIRTEEN_ORPHANS
_RIICHI = Flag.RIICHI


# Traits of a hand that a yaku may need before its condition is worth asking:
# one bit each, so that a reading is asked about only the yaku it could hold.
TRAIT_CLOSED: Final = 1
TRAIT_TSUMO: Final = 4
TRAIT_ONE_SUIT: Final = 8
"""One number suit (honours allowed)."""
TRAIT_ALL_SIMPLES: Final = 16
TRAIT_ALL_TERMINALS_OR_HONOURS: Final = 32
"""Every tile a terminal or an honour."""
TRAIT_SEVEN_PAIRS: Final = 64
"""Set per reading: the reading is seven pairs."""
TRAIT_HONOURS: Final = 128
TRAIT_NO_HONOURS: Final = 256
TRAIT_NO_FOUR_TO_SIX: Final = 512
"""No tile ranked 4, 5 or 6: a hand whose every group holds a terminal or an
honour has none, since its runs are 123 and 789."""


@dataclass(frozen=True, slots=True)
class Yaku:
    id: str
    han_closed: int
    han_open: int
    condition: Condition
    needs: int = 0
    """The traits (bits above) the hand must have for the condition to be
    worth asking; TRAIT_CLOSED is added for a yaku with no open han."""
    runs: int = 0
    """The fewest runs a reading must have for the condition to be worth asking."""
    triplets: int = 0
    """The fewest triplets (kans included) likewise."""
    honours: int = 0
    """Honour triplets (bits of `honour_code`) of which the reading must have
    one; 0 when none is needed."""
    dragon_triplets: int = 0
    """The fewest dragon triplets likewise."""
    flag: Flag | None = None
    """The situational flag the yaku is: asked about only when it is set."""


def _flag(flag: Flag) -> Condition:
    return lambda facts, _rules: flag in facts.of_hand.flags


def _riichi(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return _RIICHI in facts.of_hand.flags


def _menzen_tsumo(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.of_hand.closed and facts.of_hand.context.tsumo


def _pinfu(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return is_pinfu_shape(facts)


_FOUR_TO_SIX: Final = frozenset(tile for tile in range(EAST) if tile % 9 in (3, 4, 5))


def _tanyao(facts: ReadingFacts, rules: RiichiRules) -> bool:
    return (facts.of_hand.closed or rules.open_tanyao) and facts.of_hand.kinds <= SIMPLE_TILES


def _identical_run_pairs(facts: ReadingFacts) -> int:
    runs = facts.runs
    if not facts.of_hand.closed:
        return 0
    kinds = set(runs)
    if len(kinds) == len(runs):
        return 0
    return sum(runs.count(first) // 2 for first in kinds)


def _iipeikou(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return _identical_run_pairs(facts) == 1


def _ryanpeikou(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return _identical_run_pairs(facts) == 2


ANY_WIND: Final = 1
WHITE_DRAGON: Final = 2
GREEN_DRAGON: Final = 4
RED_DRAGON: Final = 8
DRAGON_CODES: Final = WHITE_DRAGON | GREEN_DRAGON | RED_DRAGON


def honour_code(honour_sets: int) -> int:
    """What the yaku table asks of a reading's honour triplets (its
    `honour_sets`): which dragons, and whether any wind."""
    return (honour_sets >> 3) & DRAGON_CODES | (honour_sets & 0b1111 != 0)


def _triplet_of(tile: Tile) -> Condition:
    return lambda facts, _rules: tile in facts.triplets


def _seat_wind(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.of_hand.context.seat in facts.triplets


def _round_wind(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.of_hand.context.round in facts.triplets


def _chanta(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return (
        facts.of_hand.has_honours
        and bool(facts.runs)
        and facts.shape is _REGULAR
        and facts.every_group_has_terminal_or_honour()
    )


def _junchan(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return (
        not facts.of_hand.has_honours
        and bool(facts.runs)
        and facts.shape is _REGULAR
        and facts.every_group_has_terminal_or_honour()
    )


# Ittsu and the sanshoku loop rather than call any() on a generator (as the
# linter would have it): the generator costs more than the few comparisons
# it would wrap, and these are asked of most readings with three runs.
def _ittsu(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    runs = facts.runs
    for base in (0, 9, 18):  # noqa: SIM110
        if base in runs and base + 3 in runs and base + 6 in runs:
            return True
    return False


def _sanshoku_doujun(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return _in_three_suits(facts.runs)


def _sanshoku_doukou(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return _in_three_suits(facts.triplets)


def _in_three_suits(firsts: tuple[Tile, ...]) -> bool:
    """Whether some set's first tile is held in characters, dots and bamboo."""
    for first in firsts:  # noqa: SIM110
        if first < 9 and first + 9 in firsts and first + 18 in firsts:
            return True
    return False


def _toitoi(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return len(facts.triplets) == 4


def _sanankou(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.concealed_triplets == 3


def _sankantsu(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.kans == 3


def _chiitoitsu(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.shape is _SEVEN_PAIRS


def _honroutou(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    of_hand = facts.of_hand
    return (
        of_hand.all_terminals_or_honours
        and of_hand.has_honours
        and of_hand.number_suits > 0
        and facts.shape is not _THIRTEEN_ORPHANS
    )


def _shousangen(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    # Bits 4 to 6 of honour_sets are the dragon triplets.
    return facts.pair in DRAGONS and (facts.honour_sets >> 4).bit_count() == 2


def _honitsu(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.of_hand.number_suits == 1 and facts.of_hand.has_honours


def _chinitsu(facts: ReadingFacts, _rules: RiichiRules) -> bool:
    return facts.of_hand.number_suits == 1 and not facts.of_hand.has_honours


def _renhou_as_mangan(facts: ReadingFacts, rules: RiichiRules) -> bool:
    return rules.renhou == "mangan" and Flag.RENHOU in facts.of_hand.flags


YAKU: Final = (
    Yaku("riichi", 1, 0, _riichi, flag=Flag.RIICHI),
    Yaku("double_riichi", 2, 0, _flag(Flag.DOUBLE_RIICHI), flag=Flag.DOUBLE_RIICHI),
    Yaku("ippatsu", 1, 0, _flag(Flag.IPPATSU), flag=Flag.IPPATSU),
    Yaku("menzen_tsumo", 1, 0, _menzen_tsumo, TRAIT_TSUMO),
    Yaku("pinfu", 1, 0, _pinfu, runs=4),
    Yaku("tanyao", 1, 1, _tanyao, TRAIT_ALL_SIMPLES),
    Yaku("iipeikou", 1, 0, _iipeikou, runs=2),
    Yaku("yakuhai_haku", 1, 1, _triplet_of(WHITE), honours=WHITE_DRAGON),
    Yaku("yakuhai_hatsu", 1, 1, _triplet_of(GREEN), honours=GREEN_DRAGON),
    Yaku("yakuhai_chun", 1, 1, _triplet_of(RED), honours=RED_DRAGON),
    Yaku("yakuhai_seat_wind", 1, 1, _seat_wind, honours=ANY_WIND),
    Yaku("yakuhai_round_wind", 1, 1, _round_wind, honours=ANY_WIND),
    Yaku("rinshan", 1, 1, _flag(Flag.RINSHAN), flag=Flag.RINSHAN),
    Yaku("chankan", 1, 1, _flag(Flag.CHANKAN), flag=Flag.CHANKAN),
    Yaku("haitei", 1, 1, _flag(Flag.HAITEI), flag=Flag.HAITEI),
    Yaku("houtei", 1, 1, _flag(Flag.HOUTEI), flag=Flag.HOUTEI),
    Yaku("chanta", 2, 1, _chanta, TRAIT_HONOURS | TRAIT_NO_FOUR_TO_SIX, runs=1),
    Yaku("ittsu", 2, 1, _ittsu, runs=3),
    Yaku("sanshoku_doujun", 2, 1, _sanshoku_doujun, runs=3),
    Yaku("sanshoku_doukou", 2, 2, _sanshoku_doukou, triplets=3),
    Yaku("toitoi", 2, 2, _toitoi, triplets=4),
    Yaku("sanankou", 2, 2, _sanankou, triplets=3),
    Yaku("sankantsu", 2, 2, _sankantsu, triplets=3),
    Yaku("chiitoitsu", 2, 0, _chiitoitsu, TRAIT_SEVEN_PAIRS),
    Yaku("honroutou", 2, 2, _honroutou, TRAIT_ALL_TERMINALS_OR_HONOURS | TRAIT_HONOURS),
    Yaku("shousangen", 2, 2, _shousangen, dragon_triplets=2),
    Yaku("honitsu", 3, 2, _honitsu, TRAIT_ONE_SUIT | TRAIT_HONOURS),
    Yaku("junchan", 3, 2, _junchan, TRAIT_NO_HONOURS | TRAIT_NO_FOUR_TO_SIX, runs=1),
    Yaku("ryanpeikou", 3, 0, _ryanpeikou, runs=4),
    Yaku("chinitsu", 6, 5, _chinitsu, TRAIT_ONE_SUIT | TRAIT_NO_HONOURS),
    Yaku("renhou", 5, 0, _renhou_as_mangan, flag=Flag.RENHOU),
)
"""Every regular yaku, in the order a score lists them."""


def hand_traits(of_hand: HandFacts) -> int:
    """The traits (bits above) of a hand, worked out once for all its readings."""
    traits = 0
    if of_hand.closed:
        traits |= TRAIT_CLOSED
    if of_hand.context.tsumo:
        traits |= TRAIT_TSUMO
    if of_hand.number_suits == 1:
        traits |= TRAIT_ONE_SUIT
    traits |= TRAIT_HONOURS if of_hand.has_honours else TRAIT_NO_HONOURS
    kinds = of_hand.kinds
    if of_hand.all_terminals_or_honours:
        traits |= TRAIT_ALL_TERMINALS_OR_HONOURS
    elif kinds <= SIMPLE_TILES:
        traits |= TRAIT_ALL_SIMPLES
    if kinds.isdisjoint(_FOUR_TO_SIX):
        traits |= TRAIT_NO_FOUR_TO_SIX
    return traits


def _mask(allowed: Callable[[Yaku], bool]) -> int:
    """A candidate mask: bit i stands for YAKU[i], so that the yaku of a mask
    come out in listing order."""
    return sum(1 << index for index, yaku in enumerate(YAKU) if allowed(yaku))


def _runs_mask(runs: int) -> int:
    return _mask(lambda yaku: runs >= yaku.runs)


def _triplets_mask(triplets: int) -> int:
    return _mask(lambda yaku: triplets >= yaku.triplets)


def _honour_sets_mask(honour_sets: int) -> int:
    code = honour_code(honour_sets)
    dragons = (code & DRAGON_CODES).bit_count()
    return _mask(lambda yaku: dragons >= yaku.dragon_triplets and (not yaku.honours or bool(code & yaku.honours)))


# What a reading's counts of runs and triplets, and its honour triplets, allow:
# a mask each, made once; a reading's candidates are where all of them agree
# with the masks of the hand's traits and flags.
_BY_RUNS: Final = tuple(_runs_mask(runs) for runs in range(5))
_BY_TRIPLETS: Final = tuple(_triplets_mask(triplets) for triplets in range(5))
_BY_HONOUR_SETS: Final = tuple(_honour_sets_mask(honour_sets) for honour_sets in range(1 << 7))

_by_traits: dict[int, int] = memo("riichi.yaku.by_traits", {})
"""The mask of the yaku whose needed traits a hand's traits include; few
trait sets occur, so each is worked out once."""

_by_flags: dict[frozenset[Flag], int] = memo("riichi.yaku.by_flags", {})
"""`flags_mask` of each set of flags met so far."""

_by_mask: dict[int, tuple[Yaku, ...]] = memo("riichi.yaku.by_mask", {})


def traits_mask(traits: int) -> int:
    """The yaku whose needed traits (TRAIT_CLOSED for a closed-only yaku) the
    hand's traits include."""
    mask = _by_traits.get(traits)
    if mask is None:
        mask = _mask(lambda yaku: not (yaku.needs | (0 if yaku.han_open else TRAIT_CLOSED)) & ~traits)
        _by_traits[traits] = mask
    return mask


def candidates_of_mask(mask: int) -> tuple[Yaku, ...]:
    """The yaku of a candidate mask, in listing order."""
    found = _by_mask.get(mask)
    if found is None:
        # Set bit by set bit, lowest first: a mask holds a few of the 31 yaku.
        listed = []
        rest = mask
        while rest:
            lowest = rest & -rest
            listed.append(YAKU[lowest.bit_length() - 1])
            rest ^= lowest
        found = tuple(listed)
        _by_mask[mask] = found
    return found


REPLACES: Final = {
    "double_riichi": ("riichi",),
    "ryanpeikou": ("iipeikou",),
    "junchan": ("chanta",),
    "chinitsu": ("honitsu",),
}
"""A yaku on the left, when present, is counted instead of those on the right."""


_REPLACING: Final = _mask(lambda yaku: yaku.id in REPLACES)
"""The yaku that replace others when found: only a reading asked about one
of them needs `without_replaced`."""


def flags_mask(flags: frozenset[Flag]) -> int:
    """The yaku that a hand's flags allow: every yaku that is no flag, and
    those whose flag is set."""
    mask = _by_flags.get(flags)
    if mask is None:
        mask = _mask(lambda yaku: yaku.flag is None or yaku.flag in flags)
        _by_flags[flags] = mask
    return mask


def without_replaced(found: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The yaku found, less those a stronger one found replaces (`REPLACES`):
    the one place it is applied."""
    replaced = [weaker for name, _ in found for weaker in REPLACES.get(name, ())]
    if not replaced:
        return found
    return [(name, han) for name, han in found if name not in replaced]


def yaku_of(facts: ReadingFacts, rules: RiichiRules, traits: int | None = None) -> list[tuple[str, int]]:
    """The regular yaku of a reading with the han each is worth.  `traits`
    are the hand's (from `hand_traits`), passed in when scoring asks about
    several readings of one hand."""
    if traits is None:
        traits = hand_traits(facts.of_hand)
    if facts.shape is _SEVEN_PAIRS:
        traits |= TRAIT_SEVEN_PAIRS
    # Only the yaku whose needs the reading meets are asked: a reading with
    # one run is never asked about ittsu, one without flags never about riichi.
    mask = _by_traits.get(traits)
    if mask is None:
        mask = traits_mask(traits)
    flags = facts.of_hand.flags
    mask &= (
        (_by_flags.get(flags) or flags_mask(flags))
        & _BY_RUNS[len(facts.runs)]
        & _BY_TRIPLETS[len(facts.triplets)]
        & _BY_HONOUR_SETS[facts.honour_sets]
    )
    asked = _by_mask.get(mask)
    if asked is None:
        asked = candidates_of_mask(mask)
    closed = facts.of_hand.closed
    # The needs above only skip yaku that cannot hold; each condition decides.
    found = [(yaku.id, yaku.han_closed if closed else yaku.han_open) for yaku in asked if yaku.condition(facts, rules)]
    # Most readings are asked about no yaku that replaces another.
    return without_replaced(found) if len(found) > 1 and mask & _REPLACING else found
