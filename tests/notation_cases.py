"""Malformed hands and the one-line message each must get, shared by the
notation tests and the CLI tests of `tutor analyze` and `tutor score`."""

from __future__ import annotations

MALFORMED = [
    ("", "an empty hand: ''; expected tiles such as 123m456p789s11z"),
    ("   ", "an empty hand: '   '; expected tiles such as 123m456p789s11z"),
    ("123x", "unknown suit letter: 'x' at column 4 of '123x'; expected m, p, s or z"),
    ("123M456p789s11z", "unknown suit letter: 'M' at column 4 of '123M456p789s11z'; expected m, p, s or z"),
    (
        "m123",
        "suit letter with no digits before it: 'm' at column 1 of 'm123'; expected digits such as 123 before the suit letter",
    ),
    (
        "123",
        "digits with no suit letter: '123' at column 1 of '123'; expected a suit letter m, p, s or z after the digits",
    ),
    (
        "12 3m",
        "digits with no suit letter: '12' at column 1 of '12 3m'; expected a suit letter m, p, s or z after the digits",
    ),
    (
        "123m456p789s11z2",
        "digits with no suit letter: '2' at column 16 of '123m456p789s11z2'; expected a suit letter m, p, s or z after the digits",
    ),
    ("8z", "not a tile: '8z' at column 1 of '8z'; expected 1z to 7z (East South West North White Green Red)"),
    ("123p9z", "not a tile: '9z' at column 5 of '123p9z'; expected 1z to 7z (East South West North White Green Red)"),
    ("0m", "not a tile: '0m' at column 1 of '0m'; expected 1m to 9m"),
    ("1234567890s", "not a tile: '0s' at column 10 of '1234567890s'; expected 1s to 9s"),
    (
        "11111m123p456s78s",
        "a fifth copy of a tile (melds counted): '1m' at column 1 of '11111m123p456s78s'; expected at most four of each tile",
    ),
    (
        "1111m[111m]23p456s7z",
        "a fifth copy of a tile (melds counted): '1m' at column 6 of '1111m[111m]23p456s7z'; expected at most four of each tile",
    ),
    (
        "[135m]123p456s789s1z",
        "a chi that is not a run of one suit: '[135m]' at column 1 of '[135m]123p456s789s1z'; expected three consecutive numbers of one suit, such as [234m]",
    ),
    (
        "[12m3p]123p456s789s1z",
        "a chi that is not a run of one suit: '[12m3p]' at column 1 of '[12m3p]123p456s789s1z'; expected three consecutive numbers of one suit, such as [234m]",
    ),
    (
        "[123z]123p456s789s1z",
        "a chi that is not a run of one suit: '[123z]' at column 1 of '[123z]123p456s789s1z'; expected three consecutive numbers of one suit, such as [234m]",
    ),
    (
        "[79m1m]123p456s789s",
        "a chi that is not a run of one suit: '[79m1m]' at column 1 of '[79m1m]123p456s789s'; expected three consecutive numbers of one suit, such as [234m]",
    ),
    (
        "[556z]123p456s789s11z",
        "a pon of different tiles: '[556z]' at column 1 of '[556z]123p456s789s11z'; expected three of one tile, such as [555z]",
    ),
    (
        "[22m2p]123p456s789s1z",
        "a pon of different tiles: '[22m2p]' at column 1 of '[22m2p]123p456s789s1z'; expected three of one tile, such as [555z]",
    ),
    (
        "[5556z]123p456s789s1z",
        "a kan of different tiles: '[5556z]' at column 1 of '[5556z]123p456s789s1z'; expected four of one tile, such as [5555z]",
    ),
    (
        "(123m)123p456s789s1z",
        "not a concealed kan: '(123m)' at column 1 of '(123m)123p456s789s1z'; expected four of one tile inside ( ), such as (1111m)",
    ),
    (
        "(111m)123p456s789s1z",
        "not a concealed kan: '(111m)' at column 1 of '(111m)123p456s789s1z'; expected four of one tile inside ( ), such as (1111m)",
    ),
    ("[123m", "unclosed [: '[123m' at column 1 of '[123m'; expected ']' to close the meld"),
    (
        "(1111m 123p456s789s1z",
        "unclosed (: '(1111m' at column 1 of '(1111m 123p456s789s1z'; expected ')' to close the meld before the space at column 7",
    ),
    ("123m]456p", "']' with no opening bracket: ']' at column 5 of '123m]456p'; expected '[' or '(' before a meld"),
    ("[[123m]]", "'[' inside a meld: '[' at column 2 of '[[123m]]'; expected ']' to close the meld opened at column 1"),
    ("[123m)", "')' inside a meld: ')' at column 6 of '[123m)'; expected ']' to close the meld opened at column 1"),
    ("[]123m", "an empty meld: '[]' at column 1 of '[]123m'; expected three or four tiles inside the brackets"),
    (
        "[12m]123p456s789s11z",
        "a called meld of 2 tiles: '[12m]' at column 1 of '[12m]123p456s789s11z'; expected three tiles (a chi or pon) or four (a kan)",
    ),
    (
        "[11111z]",
        "a called meld of 5 tiles: '[11111z]' at column 1 of '[11111z]'; expected three tiles (a chi or pon) or four (a kan)",
    ),
    (
        "1111z123m456p [111z]",
        "a fifth copy of a tile (melds counted): '1z' at column 15 of '1111z123m456p [111z]'; expected at most four of each tile",
    ),
    (
        "123m456p789s1z!",
        "unexpected character: '!' at column 15 of '123m456p789s1z!'; expected digits, a suit letter m p s z, '[' or '('",
    ),
    ("123m456p789s", "a hand of 9 tiles (each kan counted as 3): '123m456p789s'; expected 13 or 14 tiles"),
    (
        "123m456p789s11z22z33z",
        "a hand of 15 tiles (each kan counted as 3): '123m456p789s11z22z33z'; expected 13 or 14 tiles",
    ),
    (
        "[123m][456m][789m][111p][222p]1z",
        "a fifth meld: '[222p]' at column 25 of '[123m][456m][789m][111p][222p]1z'; expected at most four melds",
    ),
    (
        "[1f23m]123p456s789s1z",
        "a flower inside a meld: '1f' at column 2 of '[1f23m]123p456s789s1z'; expected only m, p, s or z tiles in a meld",
    ),
    ("9f123m456p789s11z", "not a flower: '9f' at column 1 of '9f123m456p789s11z'; expected 1f to 8f"),
    (
        "123m456p789s1122z 11f",
        "a flower written twice: '123m456p789s1122z 11f'; expected each of 1f to 8f at most once",
    ),
]
