"""Which fans a counted fan leaves out, as data.

MCR counts a hand by five principles (documented in the lessons):
non-repeat (不重复: a fan implied by a larger one is not counted again),
non-separation (不拆移: a set is not split or moved to make another fan),
non-identical (不得相同: the same sets do not make the same fan twice),
take the higher (就高不就低: of fans that compete for the same tiles, only
the highest), and account once (套算一次: a set already combined into a
fan combines into at most one more; English books sometimes call this one
the "exclusionary rule").  Their JSON ids are the `PRINCIPLES` below.

`NOT_COUNTED_WITH` is the standard list a learner is taught ("大四喜 does not
add 三风刻, 碰碰和, 圈风刻, 门风刻, 幺九刻"): it is the one statement of which
fan leaves which out.  Counting applies it to the fans of every reading
(`FINAL_EXCLUSIONS`, all of it but the few rows settled pung by pung), and
scoring reads it to say why a fan the hand shows is not in the score.
"""

from __future__ import annotations

from typing import Final

from tutor.engine.mcr.fans import FanId

NON_REPEAT: Final = "non_repeat"
NON_SEPARATION: Final = "non_separation"
NON_IDENTICAL: Final = "non_identical"
TAKE_HIGHER: Final = "take_higher"
ACCOUNT_ONCE: Final = "account_once"
PRINCIPLES: Final = (NON_REPEAT, NON_SEPARATION, NON_IDENTICAL, TAKE_HIGHER, ACCOUNT_ONCE)

NOT_COUNTED_WITH: Final[dict[FanId, tuple[FanId, ...]]] = {
    FanId.BIG_FOUR_WINDS: (
        FanId.BIG_THREE_WINDS,
        FanId.ALL_PUNGS,
        FanId.PREVALENT_WIND,
        FanId.SEAT_WIND,
        FanId.PUNG_OF_TERMINALS_OR_HONORS,
    ),
    FanId.BIG_THREE_DRAGONS: (FanId.TWO_DRAGONS_PUNGS, FanId.DRAGON_PUNG),
    FanId.ALL_GREEN: (FanId.HALF_FLUSH, FanId.ONE_VOIDED_SUIT),
    FanId.NINE_GATES: (FanId.FULL_FLUSH, FanId.FULLY_CONCEALED_HAND, FanId.CONCEALED_HAND, FanId.NO_HONORS),
    FanId.FOUR_KONGS: (
        FanId.THREE_KONGS,
        FanId.TWO_MELDED_KONGS,
        FanId.MELDED_KONG,
        FanId.TWO_CONCEALED_KONGS,
        FanId.CONCEALED_KONG,
        FanId.SINGLE_WAIT,
        FanId.ALL_PUNGS,
    ),
    FanId.SEVEN_SHIFTED_PAIRS: (
        FanId.SEVEN_PAIRS,
        FanId.FULL_FLUSH,
        FanId.FULLY_CONCEALED_HAND,
        FanId.CONCEALED_HAND,
        FanId.NO_HONORS,
        FanId.SINGLE_WAIT,
    ),
    FanId.THIRTEEN_ORPHANS: (FanId.ALL_TYPES, FanId.FULLY_CONCEALED_HAND, FanId.CONCEALED_HAND, FanId.SINGLE_WAIT),
    FanId.ALL_TERMINALS: (
        FanId.ALL_TERMINALS_AND_HONORS,
        FanId.ALL_PUNGS,
        FanId.OUTSIDE_HAND,
        FanId.PUNG_OF_TERMINALS_OR_HONORS,
        FanId.NO_HONORS,
        FanId.DOUBLE_PUNG,
    ),
    FanId.LITTLE_FOUR_WINDS: (FanId.BIG_THREE_WINDS, FanId.PUNG_OF_TERMINALS_OR_HONORS),
    FanId.LITTLE_THREE_DRAGONS: (FanId.TWO_DRAGONS_PUNGS, FanId.DRAGON_PUNG),
    FanId.ALL_HONORS: (
        FanId.ALL_TERMINALS_AND_HONORS,
        FanId.ALL_PUNGS,
        FanId.OUTSIDE_HAND,
        FanId.PUNG_OF_TERMINALS_OR_HONORS,
        FanId.ONE_VOIDED_SUIT,
    ),
    FanId.FOUR_CONCEALED_PUNGS: (
        FanId.ALL_PUNGS,
        FanId.CONCEALED_HAND,
        FanId.FULLY_CONCEALED_HAND,
        FanId.THREE_CONCEALED_PUNGS,
        FanId.TWO_CONCEALED_PUNGS,
    ),
    FanId.PURE_TERMINAL_CHOWS: (
        FanId.SEVEN_PAIRS,
        FanId.FULL_FLUSH,
        FanId.ALL_CHOWS,
        FanId.PURE_DOUBLE_CHOW,
        FanId.TWO_TERMINAL_CHOWS,
        FanId.ONE_VOIDED_SUIT,
        FanId.NO_HONORS,
    ),
    FanId.QUADRUPLE_CHOW: (FanId.PURE_TRIPLE_CHOW, FanId.PURE_SHIFTED_PUNGS, FanId.PURE_DOUBLE_CHOW, FanId.TILE_HOG),
    FanId.FOUR_PURE_SHIFTED_PUNGS: (FanId.PURE_SHIFTED_PUNGS, FanId.PURE_TRIPLE_CHOW, FanId.ALL_PUNGS),
    FanId.FOUR_PURE_SHIFTED_CHOWS: (FanId.PURE_SHIFTED_CHOWS, FanId.TWO_TERMINAL_CHOWS, FanId.SHORT_STRAIGHT),
    FanId.THREE_KONGS: (FanId.TWO_MELDED_KONGS, FanId.MELDED_KONG, FanId.TWO_CONCEALED_KONGS, FanId.CONCEALED_KONG),
    FanId.ALL_TERMINALS_AND_HONORS: (FanId.ALL_PUNGS, FanId.OUTSIDE_HAND, FanId.PUNG_OF_TERMINALS_OR_HONORS),
    FanId.SEVEN_PAIRS: (FanId.FULLY_CONCEALED_HAND, FanId.CONCEALED_HAND, FanId.SINGLE_WAIT),
    FanId.GREATER_HONORS_AND_KNITTED_TILES: (
        FanId.LESSER_HONORS_AND_KNITTED_TILES,
        FanId.ALL_TYPES,
        FanId.FULLY_CONCEALED_HAND,
        FanId.CONCEALED_HAND,
        FanId.SINGLE_WAIT,
    ),
    FanId.ALL_EVEN_PUNGS: (FanId.ALL_PUNGS, FanId.ALL_SIMPLES, FanId.NO_HONORS),
    FanId.FULL_FLUSH: (FanId.ONE_VOIDED_SUIT, FanId.NO_HONORS),
    FanId.PURE_TRIPLE_CHOW: (FanId.PURE_SHIFTED_PUNGS, FanId.PURE_DOUBLE_CHOW),
    FanId.PURE_SHIFTED_PUNGS: (FanId.PURE_TRIPLE_CHOW,),
    FanId.UPPER_TILES: (FanId.UPPER_FOUR, FanId.NO_HONORS),
    FanId.MIDDLE_TILES: (FanId.ALL_SIMPLES, FanId.NO_HONORS),
    FanId.LOWER_TILES: (FanId.LOWER_FOUR, FanId.NO_HONORS),
    FanId.PURE_STRAIGHT: (FanId.SHORT_STRAIGHT, FanId.TWO_TERMINAL_CHOWS),
    FanId.THREE_SUITED_TERMINAL_CHOWS: (
        FanId.MIXED_DOUBLE_CHOW,
        FanId.TWO_TERMINAL_CHOWS,
        FanId.NO_HONORS,
        FanId.ALL_CHOWS,
    ),
    FanId.ALL_FIVE: (FanId.ALL_SIMPLES, FanId.NO_HONORS),
    FanId.TRIPLE_PUNG: (FanId.DOUBLE_PUNG,),
    FanId.THREE_CONCEALED_PUNGS: (FanId.TWO_CONCEALED_PUNGS,),
    FanId.LESSER_HONORS_AND_KNITTED_TILES: (
        FanId.ALL_TYPES,
        FanId.FULLY_CONCEALED_HAND,
        FanId.CONCEALED_HAND,
        FanId.SINGLE_WAIT,
    ),
    FanId.UPPER_FOUR: (FanId.NO_HONORS,),
    FanId.LOWER_FOUR: (FanId.NO_HONORS,),
    FanId.BIG_THREE_WINDS: (FanId.PUNG_OF_TERMINALS_OR_HONORS,),
    FanId.REVERSIBLE_TILES: (FanId.ONE_VOIDED_SUIT,),
    FanId.LAST_TILE_DRAW: (FanId.SELF_DRAWN,),
    FanId.OUT_WITH_REPLACEMENT_TILE: (FanId.SELF_DRAWN,),
    FanId.ROBBING_THE_KONG: (FanId.LAST_TILE,),
    FanId.MELDED_HAND: (FanId.SINGLE_WAIT,),
    FanId.TWO_CONCEALED_KONGS: (FanId.CONCEALED_KONG, FanId.TWO_CONCEALED_PUNGS),
    FanId.TWO_DRAGONS_PUNGS: (FanId.DRAGON_PUNG,),
    FanId.FULLY_CONCEALED_HAND: (FanId.SELF_DRAWN, FanId.CONCEALED_HAND),
    FanId.TWO_MELDED_KONGS: (FanId.MELDED_KONG,),
    FanId.DRAGON_PUNG: (FanId.PUNG_OF_TERMINALS_OR_HONORS,),
    FanId.PREVALENT_WIND: (FanId.PUNG_OF_TERMINALS_OR_HONORS,),
    FanId.SEAT_WIND: (FanId.PUNG_OF_TERMINALS_OR_HONORS,),
    FanId.ALL_CHOWS: (FanId.NO_HONORS,),
    FanId.ALL_SIMPLES: (FanId.NO_HONORS,),
    FanId.HALF_FLUSH: (FanId.ONE_VOIDED_SUIT,),
    FanId.CONCEALED_KONG_AND_MELDED_KONG: (FanId.CONCEALED_KONG, FanId.MELDED_KONG),
}
"""Fan -> the fans it implies and so leaves out (non-repeat)."""

INCLUDES_ONE: Final[dict[FanId, tuple[FanId, ...]]] = {
    FanId.NINE_GATES: (FanId.PUNG_OF_TERMINALS_OR_HONORS,),
}
"""Fan -> fans of which it includes one instance (non-repeat) while others
may still count: 九莲宝灯 holds 111 and 999 of its suit, and one of these
pungs is part of it, so at most the other counts as 幺九刻."""

WAIT_FANS: Final = (FanId.EDGE_WAIT, FanId.CLOSED_WAIT, FanId.SINGLE_WAIT)
"""Only one wait fan counts even when the winning tile fits several (take the higher, 就高不就低)."""

SETTLED_WHILE_COUNTING: Final = frozenset(
    {
        # Each row here means one pung's own 幺九刻, not the fan: the counting
        # (calculate._count_honour_pungs) gives such a pung its own fan in
        # place of 幺九刻, and any other terminal or wind pung of the hand
        # still counts 幺九刻, which leaving the fan out as a whole would lose.
        #
        # A dragon pung is 箭刻; 111m beside 555z is still 幺九刻.
        (FanId.DRAGON_PUNG, FanId.PUNG_OF_TERMINALS_OR_HONORS),
        # The prevalent wind's pung is 圈风刻; a guest wind's pung beside it is still 幺九刻.
        (FanId.PREVALENT_WIND, FanId.PUNG_OF_TERMINALS_OR_HONORS),
        # The seat wind's pung is 门风刻 (one pung for both when the two winds are one).
        (FanId.SEAT_WIND, FanId.PUNG_OF_TERMINALS_OR_HONORS),
        # The three wind pungs are 三风刻; a fourth pung of 1s or 9s is still 幺九刻.
        (FanId.BIG_THREE_WINDS, FanId.PUNG_OF_TERMINALS_OR_HONORS),
    }
)
"""(fan, fan it leaves out) rows of `NOT_COUNTED_WITH` that the counting
settles pung by pung, and that `FINAL_EXCLUSIONS` therefore leaves alone.
The counting settles two principles that are not rows of the table too:
one wait fan only (take the higher, `WAIT_FANS`), and each chow combined
once more at most (account once); both are named in a score's `left_out`."""

FINAL_EXCLUSIONS: Final = tuple(
    (fan, tuple(other for other in NOT_COUNTED_WITH[fan] if (fan, other) not in SETTLED_WHILE_COUNTING))
    for fan in FanId
    if fan in NOT_COUNTED_WITH
)
"""`NOT_COUNTED_WITH` less the rows settled while counting, in the fan
table's order (highest points first): applied to every reading once its
fans are found.  A fan an earlier row took away applies no row of its own:
四暗刻 leaves out 不求人, whose own row would take away 自摸, and a
self-drawn 四暗刻 still scores 自摸."""
