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
add 三风刻, 碰碰和, 圈风刻, 门风刻, 幺九刻"); scoring uses it to say why a fan
the hand shows is not in the score.  `FINAL_EXCLUSIONS` is the part of those
lists that counting must still apply after each fan has been found; the rest
never arise, because the larger fan is found in place of the smaller one.
"""

from __future__ import annotations

from typing import Final

NON_REPEAT: Final = "non_repeat"
NON_SEPARATION: Final = "non_separation"
NON_IDENTICAL: Final = "non_identical"
TAKE_HIGHER: Final = "take_higher"
ACCOUNT_ONCE: Final = "account_once"
PRINCIPLES: Final = (NON_REPEAT, NON_SEPARATION, NON_IDENTICAL, TAKE_HIGHER, ACCOUNT_ONCE)

NOT_COUNTED_WITH: Final[dict[str, tuple[str, ...]]] = {
    "big_four_winds": ("big_three_winds", "all_pungs", "prevalent_wind", "seat_wind", "pung_of_terminals_or_honors"),
    "big_three_dragons": ("two_dragons_pungs", "dragon_pung"),
    "all_green": ("half_flush", "one_voided_suit"),
    "nine_gates": ("full_flush", "fully_concealed_hand", "concealed_hand", "no_honors"),
    "four_kongs": (
        "three_kongs",
        "two_melded_kongs",
        "melded_kong",
        "two_concealed_kongs",
        "concealed_kong",
        "single_wait",
        "all_pungs",
    ),
    "seven_shifted_pairs": (
        "seven_pairs",
        "full_flush",
        "fully_concealed_hand",
        "concealed_hand",
        "no_honors",
        "single_wait",
    ),
    "thirteen_orphans": ("all_types", "fully_concealed_hand", "concealed_hand", "single_wait"),
    "all_terminals": (
        "all_terminals_and_honors",
        "all_pungs",
        "outside_hand",
        "pung_of_terminals_or_honors",
        "no_honors",
        "double_pung",
    ),
    "little_four_winds": ("big_three_winds", "pung_of_terminals_or_honors"),
    "little_three_dragons": ("two_dragons_pungs", "dragon_pung"),
    "all_honors": (
        "all_terminals_and_honors",
        "all_pungs",
        "outside_hand",
        "pung_of_terminals_or_honors",
        "one_voided_suit",
    ),
    "four_concealed_pungs": (
        "all_pungs",
        "concealed_hand",
        "fully_concealed_hand",
        "three_concealed_pungs",
        "two_concealed_pungs",
    ),
    "pure_terminal_chows": (
        "seven_pairs",
        "full_flush",
        "all_chows",
        "pure_double_chow",
        "two_terminal_chows",
        "one_voided_suit",
        "no_honors",
    ),
    "quadruple_chow": ("pure_triple_chow", "pure_shifted_pungs", "pure_double_chow", "tile_hog"),
    "four_pure_shifted_pungs": ("pure_shifted_pungs", "all_pungs"),
    "four_pure_shifted_chows": ("pure_shifted_chows", "two_terminal_chows", "short_straight"),
    "three_kongs": ("two_melded_kongs", "melded_kong", "two_concealed_kongs", "concealed_kong"),
    "all_terminals_and_honors": ("all_pungs", "outside_hand", "pung_of_terminals_or_honors"),
    "seven_pairs": ("fully_concealed_hand", "concealed_hand", "single_wait"),
    "greater_honors_and_knitted_tiles": (
        "lesser_honors_and_knitted_tiles",
        "all_types",
        "fully_concealed_hand",
        "concealed_hand",
        "single_wait",
    ),
    "all_even_pungs": ("all_pungs", "all_simples", "no_honors"),
    "full_flush": ("one_voided_suit", "no_honors"),
    "pure_triple_chow": ("pure_shifted_pungs", "pure_double_chow"),
    "pure_shifted_pungs": ("pure_triple_chow",),
    "upper_tiles": ("upper_four", "no_honors"),
    "middle_tiles": ("all_simples", "no_honors"),
    "lower_tiles": ("lower_four", "no_honors"),
    "pure_straight": ("short_straight", "two_terminal_chows"),
    "three_suited_terminal_chows": ("mixed_double_chow", "two_terminal_chows", "no_honors", "all_chows"),
    "all_five": ("all_simples", "no_honors"),
    "triple_pung": ("double_pung",),
    "three_concealed_pungs": ("two_concealed_pungs",),
    "lesser_honors_and_knitted_tiles": ("all_types", "fully_concealed_hand", "concealed_hand", "single_wait"),
    "upper_four": ("no_honors",),
    "lower_four": ("no_honors",),
    "big_three_winds": ("pung_of_terminals_or_honors",),
    "reversible_tiles": ("one_voided_suit",),
    "last_tile_draw": ("self_drawn",),
    "out_with_replacement_tile": ("self_drawn",),
    "robbing_the_kong": ("last_tile",),
    "melded_hand": ("single_wait",),
    "two_concealed_kongs": ("concealed_kong",),
    "two_dragons_pungs": ("dragon_pung",),
    "fully_concealed_hand": ("self_drawn", "concealed_hand"),
    "two_melded_kongs": ("melded_kong",),
    "dragon_pung": ("pung_of_terminals_or_honors",),
    "prevalent_wind": ("pung_of_terminals_or_honors",),
    "seat_wind": ("pung_of_terminals_or_honors",),
    "all_chows": ("no_honors",),
    "all_simples": ("no_honors",),
    "half_flush": ("one_voided_suit",),
    "concealed_kong_and_melded_kong": ("concealed_kong", "melded_kong"),
}
"""Fan -> the fans it implies and so leaves out (non-repeat)."""

INCLUDES_ONE: Final[dict[str, tuple[str, ...]]] = {
    "nine_gates": ("pung_of_terminals_or_honors",),
}
"""Fan -> fans of which it includes one instance (non-repeat) while others
may still count: 九莲宝灯 holds 111 and 999 of its suit, and one of these
pungs is part of it, so at most the other counts as 幺九刻."""

WAIT_FANS: Final = ("edge_wait", "closed_wait", "single_wait")
"""Only one wait fan counts even when the winning tile fits several (take the higher, 就高不就低)."""

FINAL_EXCLUSIONS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("big_four_winds", ("all_pungs", "pung_of_terminals_or_honors")),
    ("big_three_dragons", ("dragon_pung",)),
    ("all_green", ("half_flush", "one_voided_suit")),
    ("four_kongs", ("single_wait",)),
    ("all_terminals", ("all_pungs", "outside_hand", "pung_of_terminals_or_honors", "no_honors", "double_pung")),
    ("little_four_winds", ("pung_of_terminals_or_honors",)),
    ("little_three_dragons", ("dragon_pung",)),
    ("all_honors", ("all_pungs", "outside_hand", "pung_of_terminals_or_honors", "one_voided_suit")),
    ("four_concealed_pungs", ("all_pungs", "concealed_hand")),
    ("pure_terminal_chows", ("full_flush", "all_chows", "no_honors")),
    ("four_pure_shifted_pungs", ("all_pungs",)),
    ("all_terminals_and_honors", ("all_pungs", "outside_hand", "pung_of_terminals_or_honors")),
    ("all_even_pungs", ("all_pungs", "all_simples", "no_honors")),
    ("upper_tiles", ("no_honors",)),
    ("middle_tiles", ("all_simples", "no_honors")),
    ("lower_tiles", ("no_honors",)),
    ("three_suited_terminal_chows", ("all_chows", "no_honors")),
    ("all_five", ("all_simples", "no_honors")),
    ("upper_four", ("no_honors",)),
    ("lower_four", ("no_honors",)),
    ("reversible_tiles", ("one_voided_suit",)),
    ("last_tile_draw", ("self_drawn",)),
    ("out_with_replacement_tile", ("self_drawn",)),
    ("melded_hand", ("single_wait",)),
    ("two_dragons_pungs", ("dragon_pung",)),
    ("fully_concealed_hand", ("self_drawn",)),
    ("all_chows", ("no_honors",)),
    ("all_simples", ("no_honors",)),
)
"""Applied in this order once a reading's fans are found.  Two adjustments
that are not plain removals are done in code: with 四暗刻 a 不求人 becomes a
自摸, and 三风刻 takes the place of three 幺九刻."""
