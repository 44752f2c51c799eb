"""Tiles as a learner reads them in a line of text: by their faces.

A face is the tile's number and suit character ("4筒", "9索") or its honour
character ("北"), as the drawn tiles show them; the same in every language.
Notation ("444z") stays the data of questions, the JSON and the printed
worksheets (design brief sections 3 and 4); screens show faces.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from tutor.engine.notation import NotationError, parse_tiles
from tutor.engine.tiles import EAST, Tile, number_of

SUIT_CHARACTER = {0: "萬", 1: "筒", 2: "索"}
HONOUR_CHARACTER = "東南西北白發中"


def face(tile: Tile) -> str:
    """One tile's face: "4筒", "北"."""
    if tile >= EAST:
        return HONOUR_CHARACTER[tile - EAST]
    return f"{number_of(tile)}{SUIT_CHARACTER[tile // 9]}"


def tiles_in_words(tiles: Iterable[Tile]) -> str:
    """Tiles as their faces ("北 北 北", "4筒 5筒 6筒"), not as notation
    ("444z"): a learner reads the faces the hand shows."""
    return " ".join(face(tile) for tile in tiles)


def columns(line: str) -> int:
    """How many terminal columns a line of faces takes: the CJK characters take two."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in line)


NOTATION_SET = r"[\[(]?(?:[0-9]+[mpsz])+[\])]?"
NOTATION_SETS = re.compile(rf"(?<![A-Za-z0-9]){NOTATION_SET}(?: +{NOTATION_SET})*(?![A-Za-z0-9])")
"""Tiles written in notation inside a sentence: one set ("999s", "[123p]")
or sets side by side ("345m 999s 555z"), not touching a letter or digit
(so "r08-points" and "x4" are left alone)."""

SET_GAP = "  "
"""Between two sets shown by their faces: the gap the drawn hand leaves
between its groups, wider than the one between two tiles."""


SUIT_RUN = re.compile(r"[0-9]+[mpsz]")
"""The tiles of one suit in notation: "12333m" of "12333m444888p666z"."""


def set_faces(written: str) -> str:
    """One set of notation by its faces, its brackets kept (a called set
    still reads as called); concealed tiles of several suits are kept apart
    by suit, as the drawn hand keeps them.  Raises NotationError if it is
    not valid notation."""
    opener = written[0] if written[0] in "[(" else ""
    closer = written[-1] if written[-1] in "])" else ""
    inside = written[len(opener) : len(written) - len(closer)]
    parse_tiles(inside)  # the whole, so that five copies of a tile across the runs are refused too
    suits = SET_GAP.join(tiles_in_words(parse_tiles(run)) for run in SUIT_RUN.findall(inside))
    return f"{opener}{suits}{closer}"


def _sets_faces(found: re.Match[str]) -> str:
    """Sets side by side by their faces; as written if any is not valid notation."""
    try:
        return SET_GAP.join(set_faces(part) for part in found.group().split())
    except NotationError:
        return found.group()


def faces_in_text(sentence: str) -> str:
    """A sentence built from the quiz's data, with its tiles in notation
    shown by their faces: "Your 1s ranks 2 of 9" reads "Your 1索 ranks 2 of
    9", and "345m 999s" reads "3萬 4萬 5萬  9索 9索 9索"."""
    return NOTATION_SETS.sub(_sets_faces, sentence)
