"""Reading and writing the hand notation of the design brief, section 3.

`123m456p789s11z` are concealed tiles; `[234m]`, `[555z]`, `[5555z]` are called
melds (chi, pon, open kan); `(1111m)` is a concealed kan.  Spaces may separate
groups.  As an extension for MCR, `1f`..`8f` are flowers, set aside from the
shape.

Every refusal is a `NotationError` with a stable `code` (the catalogue key
`notation.<code>` says it in a learner's language), the offending text and
its column (1-based); its own message is the command line's one English
line naming them and what was expected, because that line is what a teacher
writing a lesson sees in a terminal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.problems import InputProblem
from tutor.engine.shapes import Block, Decomposition, ShapeKind
from tutor.engine.tiles import (
    COPIES,
    FLOWER_COUNT,
    SUIT_LETTERS,
    TERMINALS_AND_HONOURS,
    TILE_KINDS,
    Tile,
    make_tile,
    tile_name,
)

HAND_SIZES = (13, 14)
"""A hand is 13 tiles waiting or 14 complete, each kan counted as three."""

MAX_MELDS = 4
FLOWER_LETTER = "f"
MAX_LENGTH = 200
"""The longest notation read: a hand of four kans, eight flowers and spaces
fits many times over; anything longer is refused before it is read."""
QUOTED = 40
"""How much of an offending text a message quotes."""
DIGITS = frozenset("0123456789")
"""Only ASCII digits are tile numbers: str.isdigit() also accepts '²' and '٣',
which int() then refuses or reads as another number."""

NOTATION_CODES = (
    "no_suit",
    "flower_in_meld",
    "unknown_suit",
    "not_a_tile",
    "not_a_flower",
    "unclosed",
    "bracket_in_meld",
    "no_digits",
    "character_in_meld",
    "empty_meld",
    "not_concealed_kan",
    "mixed_kan",
    "meld_size",
    "mixed_pon",
    "not_a_run",
    "too_long",
    "no_opening",
    "character",
    "fifth_copy",
    "empty_hand",
    "fifth_meld",
    "no_tiles",
    "hand_size",
    "too_many_flowers",
    "flower_twice",
    "meld_in_tiles",
    "flower_in_tiles",
    "not_one_tile",
)
"""Every kind of problem a `NotationError` names, by its `code`."""


class NotationError(InputProblem):
    """Input that is not in the hand notation.

    `code` names the kind of problem (NOTATION_CODES) and `form` which of
    its sentences fits (""  for the usual one), `fragment` is the offending
    text, `column` its 1-based position in the input (0 when the problem is
    the input as a whole), `count` a number the problem is about (the tiles
    of a hand of the wrong size).  The values of its sentence (the
    catalogue's `notation.<code>[.<form>]`) are the source and fragment
    quoted, the column, and what else the problem names (a bracket, a
    suit letter).
    """

    family = "notation"

    def __init__(
        self,
        source: str,
        fragment: str,
        column: int,
        code: str,
        *,
        form: str = "",
        count: int = 0,
        details: Mapping[str, str | int] | None = None,
    ) -> None:
        self.source = source
        self.fragment = fragment
        self.column = column
        self.count = count
        self.form = form
        super().__init__(code, source=quote(source), fragment=quote(fragment), column=column, **(details or {}))

    @property
    def key(self) -> str:
        return f"{self.family}.{self.code}" + (f".{self.form}" if self.form else "")


def quote(text: str, limit: int = QUOTED) -> str:
    """The start of a text, quoted with its control characters escaped, for a one-line message."""
    return repr(text[:limit]) + ("..." if len(text) > limit else "")


@dataclass(frozen=True, slots=True)
class _Run:
    """Digits and their suit letter as written, e.g. `123m` at column 5."""

    tiles: tuple[Tile, ...]
    flowers: tuple[int, ...]
    column: int
    text: str


class _Reader:
    """A one-pass reader over the notation; keeps the source for messages."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.pos = 0

    def fail(self, fragment: str, start: int, code: str, form: str = "", **details: str | int) -> NotationError:
        return NotationError(self.source, fragment, start + 1, code, form=form, details=details)

    def read_run(self, inside: str | None) -> _Run:
        """Digits followed by one suit letter, starting at a digit."""
        text = self.source
        start = self.pos
        while self.pos < len(text) and text[self.pos] in DIGITS:
            self.pos += 1
        digits = text[start : self.pos]
        if self.pos >= len(text) or not text[self.pos].isalpha():
            raise self.fail(digits, start, "no_suit")
        letter = text[self.pos]
        self.pos += 1
        if letter == FLOWER_LETTER:
            if inside is not None:
                raise self.fail(digits + letter, start, "flower_in_meld")
            return _Run((), self._flowers(digits, start), start, digits + letter)
        if letter not in SUIT_LETTERS:
            raise self.fail(letter, self.pos - 1, "unknown_suit")
        tiles: list[Tile] = []
        for offset, digit in enumerate(digits):
            number = int(digit)
            try:
                tiles.append(make_tile(number, letter))
            except ValueError:
                form = "honour" if letter == "z" else ""
                raise self.fail(f"{digit}{letter}", start + offset, "not_a_tile", form, suit=letter) from None
        return _Run(tuple(tiles), (), start, digits + letter)

    def _flowers(self, digits: str, start: int) -> tuple[int, ...]:
        flowers = []
        for offset, digit in enumerate(digits):
            if not 1 <= int(digit) <= FLOWER_COUNT:
                raise self.fail(f"{digit}f", start + offset, "not_a_flower")
            flowers.append(int(digit))
        return tuple(flowers)

    def read_meld(self) -> tuple[Meld, int]:
        """A bracketed meld starting at `[` or `(`; returns it and its column."""
        text = self.source
        start = self.pos
        opener = text[start]
        closer = "]" if opener == "[" else ")"
        self.pos += 1
        tiles: list[Tile] = []
        while True:
            if self.pos >= len(text):
                raise self.fail(text[start:], start, "unclosed", opener=opener, closer=repr(closer))
            char = text[self.pos]
            if char == closer:
                self.pos += 1
                break
            if char in DIGITS:
                tiles.extend(self.read_run(opener).tiles)
            elif char in "[]()":
                raise self.fail(
                    char, self.pos, "bracket_in_meld", char=repr(char), closer=repr(closer), opened=start + 1
                )
            elif char.isalpha():
                raise self.fail(char, self.pos, "no_digits")
            elif char.isspace():
                raise self.fail(
                    text[start : self.pos],
                    start,
                    "unclosed",
                    "space",
                    opener=opener,
                    closer=repr(closer),
                    space=self.pos + 1,
                )
            else:
                raise self.fail(char, self.pos, "character_in_meld")
        written = text[start : self.pos]
        return _meld_of(self, written, start, opener, tiles), start


def _meld_of(reader: _Reader, written: str, start: int, opener: str, tiles: list[Tile]) -> Meld:
    tiles.sort()
    if not tiles:
        raise reader.fail(written, start, "empty_meld")
    same = len(set(tiles)) == 1
    if opener == "(":
        if len(tiles) == 4 and same:
            return Meld(MeldKind.CLOSED_KAN, tuple(tiles))
        raise reader.fail(written, start, "not_concealed_kan")
    if len(tiles) == 4:
        if same:
            return Meld(MeldKind.OPEN_KAN, tuple(tiles))
        raise reader.fail(written, start, "mixed_kan")
    if len(tiles) != 3:
        raise reader.fail(written, start, "meld_size", count=len(tiles))
    if same:
        return Meld(MeldKind.PON, tuple(tiles))
    if _is_run(tiles):
        return Meld(MeldKind.CHI, tuple(tiles))
    if len(set(tiles)) == 2:
        raise reader.fail(written, start, "mixed_pon")
    raise reader.fail(written, start, "not_a_run")


def _is_run(tiles: Sequence[Tile]) -> bool:
    first = tiles[0]
    return first < 27 and first % 9 <= 6 and tiles[1] == first + 1 and tiles[2] == first + 2


def _read(source: str) -> tuple[list[_Run], list[tuple[Meld, int]]]:
    if len(source) > MAX_LENGTH:
        raise NotationError(source, source, 0, "too_long", details={"length": len(source), "most": MAX_LENGTH})
    reader = _Reader(source)
    runs: list[_Run] = []
    melds: list[tuple[Meld, int]] = []
    while reader.pos < len(source):
        char = source[reader.pos]
        if char.isspace():
            reader.pos += 1
        elif char in DIGITS:
            runs.append(reader.read_run(None))
        elif char in "[(":
            melds.append(reader.read_meld())
        elif char in "])":
            raise reader.fail(char, reader.pos, "no_opening", char=repr(char))
        elif char.isalpha():
            raise reader.fail(char, reader.pos, "no_digits")
        else:
            raise reader.fail(char, reader.pos, "character")
    return runs, melds


def _check_copies(source: str, runs: Iterable[_Run], melds: Iterable[tuple[Meld, int]]) -> None:
    counts = [0] * TILE_KINDS
    placed: list[tuple[Tile, int]] = [(tile, run.column) for run in runs for tile in run.tiles]
    placed += [(tile, column) for meld, column in melds for tile in meld.tiles]
    for tile, column in placed:
        counts[tile] += 1
        if counts[tile] > COPIES:
            raise NotationError(source, tile_name(tile), column + 1, "fifth_copy")


def parse_hand(source: str, sizes: Sequence[int] | None = HAND_SIZES) -> Hand:
    """Read a hand.  `sizes` are the tile counts (kans as three) accepted; None
    accepts any count, for partial groups in lessons."""
    if not source.strip():
        raise NotationError(source, source, 0, "empty_hand")
    runs, melds = _read(source)
    _check_copies(source, runs, melds)
    if len(melds) > MAX_MELDS:
        meld, column = melds[MAX_MELDS]
        raise NotationError(source, format_meld(meld), column + 1, "fifth_meld")
    concealed = tuple(sorted(tile for run in runs for tile in run.tiles))
    flowers = tuple(sorted(flower for run in runs for flower in run.flowers))
    hand = Hand(concealed, tuple(meld for meld, _ in melds), flowers)
    if not hand.concealed and not hand.melds:
        raise NotationError(source, source, 0, "no_tiles")
    if sizes is not None and hand.tile_count not in sizes:
        raise NotationError(
            source,
            source,
            0,
            "hand_size",
            form="" if len(sizes) == 2 else "one_size",
            count=hand.tile_count,
            details={"count": hand.tile_count, "fewest": min(sizes), "most": max(sizes)},
        )
    if sizes is not None and len(hand.flowers) > FLOWER_COUNT:
        raise NotationError(source, source, 0, "too_many_flowers")
    if len(set(hand.flowers)) != len(hand.flowers):
        raise NotationError(source, source, 0, "flower_twice")
    return hand


def parse_tiles(source: str) -> tuple[Tile, ...]:
    """Read plain tiles with no melds, in the order written (e.g. `234m`)."""
    if not source.strip():
        raise NotationError(source, source, 0, "no_tiles", form="plain")
    runs, melds = _read(source)
    if melds:
        meld, column = melds[0]
        raise NotationError(source, format_meld(meld), column + 1, "meld_in_tiles")
    if any(run.flowers for run in runs):
        run = next(run for run in runs if run.flowers)
        raise NotationError(source, run.text, run.column + 1, "flower_in_tiles")
    _check_copies(source, runs, [])
    return tuple(tile for run in runs for tile in run.tiles)


def parse_tile(source: str) -> Tile:
    """Read exactly one tile, such as a winning tile `4m`."""
    tiles = parse_tiles(source)
    if len(tiles) != 1:
        raise NotationError(source, source.strip(), 0, "not_one_tile", count=len(tiles), details={"tiles": len(tiles)})
    return tiles[0]


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Tiles in compact notation, sorted and grouped by suit: `123m55z`."""
    ordered = sorted(tiles)
    parts: list[str] = []
    for index, letter in enumerate(SUIT_LETTERS):
        digits = "".join(str(tile - index * 9 + 1) for tile in ordered if tile // 9 == index)
        if digits:
            parts.append(digits + letter)
    return "".join(parts)


def format_meld(meld: Meld) -> str:
    inner = format_tiles(meld.tiles)
    return f"({inner})" if meld.kind is MeldKind.CLOSED_KAN else f"[{inner}]"


def format_hand(hand: Hand) -> str:
    """The canonical notation of a hand: concealed tiles, flowers, then melds."""
    parts = [format_tiles(hand.concealed)] if hand.concealed else []
    if hand.flowers:
        parts.append("".join(str(flower) for flower in hand.flowers) + FLOWER_LETTER)
    parts.extend(format_meld(meld) for meld in hand.melds)
    return " ".join(parts)


def format_block(block: Block) -> str:
    """A set of a decomposition in notation: `234m`, `[777p]`, `(1111m)`."""
    inner = format_tiles(block.tiles)
    if not block.called:
        return inner
    return f"[{inner}]" if block.open else f"({inner})"


def format_decomposition(decomposition: Decomposition) -> str:
    """A reading written group by group, e.g. `234m 456s 55s [777p] [777z]`."""
    shape = decomposition.shape
    if shape is ShapeKind.SEVEN_PAIRS:
        return " ".join(format_tiles((tile, tile)) for tile in decomposition.pairs)
    if shape in (ShapeKind.HONOURS_AND_KNITTED, ShapeKind.SEVEN_HONOURS_AND_KNITTED):
        return format_tiles(decomposition.knitted)
    if shape is ShapeKind.THIRTEEN_ORPHANS:
        pair = decomposition.pair
        singles = [tile for tile in TERMINALS_AND_HONOURS if tile != pair]
        return " ".join([format_tiles(singles), format_tiles((pair, pair))]) if pair is not None else ""
    groups = [format_block(block) for block in decomposition.sets if not block.called]
    if decomposition.knitted:
        groups.insert(0, format_tiles(decomposition.knitted))
    if decomposition.pair is not None:
        groups.append(format_tiles((decomposition.pair, decomposition.pair)))
    groups += [format_block(block) for block in decomposition.sets if block.called]
    return " ".join(groups)
