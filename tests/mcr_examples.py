"""One example hand per MCR fan: (fan id, hand, winning tile, how it was won).

Kept apart from the tests so the lessons' checks and the quiz tests can use
the same examples.  Context keys: tsumo, seat, prevalent (E S W N), flowers,
flags (last_tile kong wall_last), options.
"""

from __future__ import annotations

from typing import Any

from tutor.engine.mcr.context import McrContext
from tutor.engine.mcr.rules import McrRules
from tutor.engine.mcr.score import McrScore, score_mcr
from tutor.engine.notation import parse_hand, parse_tile
from tutor.engine.tiles import wind_tile

EXAMPLES: list[tuple[str, str, str, dict[str, Any]]] = [
    ("big_four_winds", "55m 111z 222z 333z 444z", "5m", {}),
    ("big_three_dragons", "123m 99p 555z 666z 777z", "9p", {}),
    ("all_green", "223344s 666s 888s 66z", "6z", {}),
    ("nine_gates", "11123455678999m", "5m", {}),
    ("four_kongs", "55p [1111m] [2222s] [3333p] [7777z]", "5p", {}),
    ("seven_shifted_pairs", "22334455667788s", "8s", {}),
    ("thirteen_orphans", "19m19p19s12345677z", "7z", {}),
    ("all_terminals", "111m 999m 111p 999p 11s", "1s", {}),
    ("little_four_winds", "123m 111z 222z 333z 44z", "4z", {}),
    ("little_three_dragons", "123m 456p 555z 666z 77z", "7z", {}),
    ("all_honors", "111z 222z 333z 555z 77z", "7z", {}),
    ("four_concealed_pungs", "111m 444m 222p 333s 55p", "5p", {}),
    ("pure_terminal_chows", "123m 123m 789m 789m 55m", "5m", {}),
    ("quadruple_chow", "123m 123m 123m 123m 55p", "5p", {}),
    ("four_pure_shifted_pungs", "222m 333m 444m 555m 99p", "9p", {}),
    ("four_pure_shifted_chows", "123m 234m 345m 456m 99p", "9p", {}),
    ("three_kongs", "456m 99p [1111m] [2222p] [3333s]", "9p", {}),
    ("all_terminals_and_honors", "111m 999p 111s 111z 22z", "2z", {}),
    ("seven_pairs", "1133m5577p99s1122z", "2z", {}),
    ("greater_honors_and_knitted_tiles", "147m25p36s1234567z", "7z", {}),
    ("all_even_pungs", "222m 888m 444p 666s 66p", "6p", {}),
    ("full_flush", "12345666678999m", "1m", {}),
    ("pure_triple_chow", "456p 99s [123m] [123m] [123m]", "9s", {}),
    ("pure_shifted_pungs", "456p 99s [111m] [222m] [333m]", "9s", {}),
    ("upper_tiles", "789m 789p 789s 888m 99p", "9p", {}),
    ("middle_tiles", "456m 456p 456s 555m 66p", "6p", {}),
    ("lower_tiles", "123m 123p 123s 222m 33p", "3p", {}),
    ("pure_straight", "123m 456m 789m 111z 22z", "2z", {}),
    ("three_suited_terminal_chows", "123m 789m 123p 789p 55s", "5s", {}),
    ("pure_shifted_chows", "123m 234m 345m 678p 99s", "9s", {}),
    ("all_five", "345m 456p 567s 555m 55p", "5p", {}),
    ("triple_pung", "222m 222p 222s 456m 99p", "9p", {}),
    ("three_concealed_pungs", "111m 222p 333s 456m 99p", "9p", {}),
    ("lesser_honors_and_knitted_tiles", "147m258p36s123456z", "6z", {}),
    ("knitted_straight", "147m258p369s 123p 11z", "1z", {}),
    ("upper_four", "678m 789p 678s 999m 66p", "6p", {}),
    ("lower_four", "123m 234p 234s 111m 44p", "4p", {}),
    ("big_three_winds", "123m 55p 111z 222z 333z", "5p", {}),
    ("mixed_straight", "123m 456p 789s 11z [555z]", "1z", {}),
    ("reversible_tiles", "123p 345p 888p 555z 99s", "9s", {}),
    ("mixed_triple_chow", "123m 123p 123s 456m 99p", "9p", {}),
    ("chicken_hand", "333p 66z [234m] [567p] [678s]", "3p", {"seat": "S", "prevalent": "W"}),
    ("last_tile_draw", "123m 456p 789s 11z [555z]", "1z", {"tsumo": True, "flags": ["wall_last"]}),
    ("last_tile_claim", "123m 456p 789s 11z [555z]", "1z", {"flags": ["wall_last"]}),
    ("out_with_replacement_tile", "123m 456p 789s 11z [5555z]", "1z", {"tsumo": True, "flags": ["kong"]}),
    ("robbing_the_kong", "123m 456p 789s 11z [555z]", "3m", {"flags": ["kong"]}),
    ("mixed_shifted_pungs", "567m 99p [222m] [333p] [444s]", "9p", {}),
    ("all_pungs", "111z 99m [222m] [555p] [888s]", "9m", {}),
    ("half_flush", "123m 456m 789m 222z 11z", "1z", {}),
    ("mixed_shifted_chows", "123m 234p 345s 678m 99p", "9p", {}),
    ("all_types", "123m 456p 789s 11z [555z]", "1z", {}),
    ("melded_hand", "11z [123m] [456p] [789s] [222z]", "1z", {}),
    ("two_concealed_kongs", "345s 678m 99p (1111m) (2222p)", "9p", {}),
    ("two_dragons_pungs", "123m 456p 555z 666z 99s", "9s", {}),
    ("outside_hand", "123m 789p 111s 999m 11z", "1z", {}),
    ("fully_concealed_hand", "123m 456p 789s 234s 55p", "5p", {"tsumo": True}),
    ("two_melded_kongs", "345s 678m 99p [1111m] [2222p]", "9p", {}),
    ("last_tile", "123m 456p 789s 11z [555z]", "3m", {"flags": ["last_tile"]}),
    ("dragon_pung", "123m 456p 789p 11s [555z]", "1s", {}),
    ("prevalent_wind", "123m 456p 789p 11s [222z]", "1s", {"prevalent": "S", "seat": "E"}),
    ("seat_wind", "123m 456p 789p 11s [444z]", "1s", {"seat": "N"}),
    ("concealed_hand", "123m 456p 789p 234s 11z", "1z", {}),
    ("all_chows", "123m 456p 789p 234s 55s", "5s", {}),
    ("tile_hog", "111m 123m 456p 789p 55z", "5z", {}),
    ("double_pung", "222m 222p 456s 789m 11z", "1z", {}),
    ("two_concealed_pungs", "222m 555p 456s 789m 11z", "1z", {}),
    ("concealed_kong", "456p 789s 123m 11z (5555s)", "1z", {}),
    ("all_simples", "234m 456p 678s 22m [345s]", "2m", {}),
    ("pure_double_chow", "123m 123m 456p 789s 11z", "1z", {}),
    ("mixed_double_chow", "123m 123p 456s 789m 11z", "1z", {}),
    ("short_straight", "123m 456m 789p 111s 22z", "2z", {}),
    ("two_terminal_chows", "123m 789m 456p 345s 11z", "1z", {}),
    ("pung_of_terminals_or_honors", "111m 456p 789p 234s 55z", "5z", {}),
    ("melded_kong", "456p 789s 123m 11z [5555s]", "1z", {}),
    ("one_voided_suit", "123m 456m 789p 234p 11z", "1z", {}),
    ("no_honors", "123m 456m 789p 222p 55s", "5s", {}),
    ("edge_wait", "123m 456p 789s 111z 22z", "3m", {}),
    ("closed_wait", "123m 456p 789s 111z 22z", "2m", {}),
    ("single_wait", "123m 456p 789s 111z 22z", "2z", {}),
    ("self_drawn", "123m 456p 789s 11z [555z]", "1z", {"tsumo": True}),
    ("flower_tiles", "123m 456p 789s 11z [555z]", "1z", {"flowers": 3}),
    (
        "concealed_kong_and_melded_kong",
        "123m 456p 11z (2222s) [9999m]",
        "1z",
        {"options": {"concealed_and_melded_kong": True}},
    ),
]


def score(hand: str, win: str, context: dict[str, Any]) -> McrScore:
    flags = set(context.get("flags", ()))
    mcr_context = McrContext(
        win_tile=parse_tile(win),
        self_drawn=context.get("tsumo", False),
        seat=wind_tile(context.get("seat", "E")),
        prevalent=wind_tile(context.get("prevalent", "E")),
        flowers=context.get("flowers", 0),
        last_tile="last_tile" in flags,
        kong="kong" in flags,
        wall_last="wall_last" in flags,
    )
    return score_mcr(parse_hand(hand), mcr_context, McrRules.from_options(context.get("options", {})))
