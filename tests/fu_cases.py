"""The twenty examples of the riichi fu document (seeds/000_, section 4) as
hands: each case is an id, the hand, the winning tile, tsumo or not, seat,
round, the flags, the raw sum, the rounded fu and every fu line. The
document's six tables lost their tile pictures; each is rebuilt as a concrete
hand that fits the table. Shared by the document's test and the lessons' test."""

from __future__ import annotations

from tutor.engine.riichi.context import Flag

RIICHI = frozenset({Flag.RIICHI})

# (case id, hand, win, tsumo, seat, round, flags, fu_raw, fu, lines)
CASES = [
    # Table 1: pair, ryanmen, run, open simple triplet, open honour triplet (open hand: base 20).
    (
        "t1-ron",
        "234m456s55s [777p] [777z]",
        "4m",
        False,
        "S",
        "E",
        frozenset(),
        26,
        30,
        [
            ("base", 20, ""),
            ("open_triplet", 2, "[777p]"),
            ("open_terminal_triplet", 4, "[777z]"),
            ("run", 0, "234m"),
            ("run", 0, "456s"),
            ("pair", 0, "55s"),
            ("ryanmen", 0, "4m"),
        ],
    ),
    (
        "t1-tsumo",
        "234m456s55s [777p] [777z]",
        "4m",
        True,
        "S",
        "E",
        frozenset(),
        28,
        30,
        [
            ("base", 20, ""),
            ("open_triplet", 2, "[777p]"),
            ("open_terminal_triplet", 4, "[777z]"),
            ("run", 0, "234m"),
            ("run", 0, "456s"),
            ("pair", 0, "55s"),
            ("ryanmen", 0, "4m"),
            ("tsumo", 2, "4m"),
        ],
    ),
    # Table 2: dragon pair 2, kanchan, run, closed simple triplet 4, closed terminal triplet 8.
    (
        "t2-ron",
        "123m456p999p333s55z",
        "2m",
        False,
        "S",
        "E",
        RIICHI,
        46,
        50,
        [
            ("base", 20, ""),
            ("closed_ron", 10, "2m"),
            ("run", 0, "123m"),
            ("run", 0, "456p"),
            ("closed_terminal_triplet", 8, "999p"),
            ("closed_triplet", 4, "333s"),
            ("dragon_pair", 2, "55z"),
            ("kanchan", 2, "2m"),
        ],
    ),
    (
        "t2-tsumo",
        "123m456p999p333s55z",
        "2m",
        True,
        "S",
        "E",
        frozenset(),
        38,
        40,
        [
            ("base", 20, ""),
            ("run", 0, "123m"),
            ("run", 0, "456p"),
            ("closed_terminal_triplet", 8, "999p"),
            ("closed_triplet", 4, "333s"),
            ("dragon_pair", 2, "55z"),
            ("kanchan", 2, "2m"),
            ("tsumo", 2, "2m"),
        ],
    ),
    # Table 3: dragon pair 2, run, penchan, open simple kan 8, open honour kan 16.
    (
        "t3-ron",
        "123p345s66z [5555m] [7777z]",
        "3p",
        False,
        "S",
        "E",
        frozenset(),
        48,
        50,
        [
            ("base", 20, ""),
            ("open_kan", 8, "[5555m]"),
            ("open_terminal_kan", 16, "[7777z]"),
            ("run", 0, "123p"),
            ("run", 0, "345s"),
            ("dragon_pair", 2, "66z"),
            ("penchan", 2, "3p"),
        ],
    ),
    (
        "t3-tsumo",
        "123p345s66z [5555m] [7777z]",
        "3p",
        True,
        "S",
        "E",
        frozenset(),
        50,
        50,
        [
            ("base", 20, ""),
            ("open_kan", 8, "[5555m]"),
            ("open_terminal_kan", 16, "[7777z]"),
            ("run", 0, "123p"),
            ("run", 0, "345s"),
            ("dragon_pair", 2, "66z"),
            ("penchan", 2, "3p"),
            ("tsumo", 2, "3p"),
        ],
    ),
    # Table 4: tanki on a plain pair, two runs, closed simple kan 16, closed terminal kan 32.
    (
        "t4-ron",
        "234m678p55s (4444p) (9999m)",
        "5s",
        False,
        "S",
        "E",
        RIICHI,
        80,
        80,
        [
            ("base", 20, ""),
            ("closed_ron", 10, "5s"),
            ("closed_kan", 16, "(4444p)"),
            ("closed_terminal_kan", 32, "(9999m)"),
            ("run", 0, "234m"),
            ("run", 0, "678p"),
            ("pair", 0, "55s"),
            ("tanki", 2, "5s"),
        ],
    ),
    (
        "t4-tsumo",
        "234m678p55s (4444p) (9999m)",
        "5s",
        True,
        "S",
        "E",
        frozenset(),
        72,
        80,
        [
            ("base", 20, ""),
            ("closed_kan", 16, "(4444p)"),
            ("closed_terminal_kan", 32, "(9999m)"),
            ("run", 0, "234m"),
            ("run", 0, "678p"),
            ("pair", 0, "55s"),
            ("tanki", 2, "5s"),
            ("tsumo", 2, "5s"),
        ],
    ),
]

WIND_HAND = "234m111p567p444s22z"
WIND_SETS = [
    ("run", 0, "234m"),
    ("closed_terminal_triplet", 8, "111p"),
    ("run", 0, "567p"),
    ("closed_triplet", 4, "444s"),
]
# Table 5: a South pair won by tanki; the pair's fu depends on seat and round wind.
for name, seat, round_, pair_item, pair_fu, ron_raw, tsumo_raw in [
    ("seat", "S", "E", "seat_wind_pair", 2, 46, 38),  # 동장 남가: 자풍
    ("round", "W", "S", "round_wind_pair", 2, 46, 38),  # 남장 남가 이외: 장풍
    ("double", "S", "S", "double_wind_pair", 4, 48, 40),  # 남장 남가: 연풍패
    ("guest", "W", "E", "guest_wind_pair", 0, 44, 36),  # 동장 남가 이외: 객풍패
]:
    pair_line = (pair_item, pair_fu, "22z")
    CASES.append(
        (
            f"t5-{name}-ron",
            WIND_HAND,
            "2z",
            False,
            seat,
            round_,
            RIICHI,
            ron_raw,
            50,
            [("base", 20, ""), ("closed_ron", 10, "2z"), *WIND_SETS, pair_line, ("tanki", 2, "2z")],
        )
    )
    CASES.append(
        (
            f"t5-{name}-tsumo",
            WIND_HAND,
            "2z",
            True,
            seat,
            round_,
            frozenset(),
            tsumo_raw,
            40,
            [("base", 20, ""), *WIND_SETS, pair_line, ("tanki", 2, "2z"), ("tsumo", 2, "2z")],
        )
    )

# Table 6: shanpon on a terminal pair (99m) and a simple pair (55p), two runs, a closed terminal triplet.
SHANPON = "234m99m111p55p678s"
CASES += [
    (
        "t6-terminal-ron",
        SHANPON + "9m",
        "9m",
        False,
        "S",
        "E",
        RIICHI,
        42,
        50,
        [
            ("base", 20, ""),
            ("closed_ron", 10, "9m"),
            ("run", 0, "234m"),
            ("open_terminal_triplet", 4, "999m"),
            ("closed_terminal_triplet", 8, "111p"),
            ("run", 0, "678s"),
            ("pair", 0, "55p"),
            ("shanpon", 0, "9m"),
        ],
    ),
    (
        "t6-terminal-tsumo",
        SHANPON + "9m",
        "9m",
        True,
        "S",
        "E",
        frozenset(),
        38,
        40,
        [
            ("base", 20, ""),
            ("run", 0, "234m"),
            ("closed_terminal_triplet", 8, "999m"),
            ("closed_terminal_triplet", 8, "111p"),
            ("run", 0, "678s"),
            ("pair", 0, "55p"),
            ("shanpon", 0, "9m"),
            ("tsumo", 2, "9m"),
        ],
    ),
    (
        "t6-simple-ron",
        SHANPON + "5p",
        "5p",
        False,
        "S",
        "E",
        RIICHI,
        40,
        40,
        [
            ("base", 20, ""),
            ("closed_ron", 10, "5p"),
            ("run", 0, "234m"),
            ("closed_terminal_triplet", 8, "111p"),
            ("open_triplet", 2, "555p"),
            ("run", 0, "678s"),
            ("pair", 0, "99m"),
            ("shanpon", 0, "5p"),
        ],
    ),
    (
        "t6-simple-tsumo",
        SHANPON + "5p",
        "5p",
        True,
        "S",
        "E",
        frozenset(),
        34,
        40,
        [
            ("base", 20, ""),
            ("run", 0, "234m"),
            ("closed_terminal_triplet", 8, "111p"),
            ("closed_triplet", 4, "555p"),
            ("run", 0, "678s"),
            ("pair", 0, "99m"),
            ("shanpon", 0, "5p"),
            ("tsumo", 2, "5p"),
        ],
    ),
]
