"""Tiles drawn as text, in three sizes (design brief section 7).

Pure functions: a hand's groups in, lines of styled segments out.  Styles are
names ("man", "frame", "win" ...) that the widget maps to theme variables, so
every theme colours the suits its own way.  The Unicode mahjong block is not
used: its glyph widths and fonts are unreliable in terminals.  Faces use CJK
characters and full-width digits (always two columns) and ASCII pips.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tutor.engine.hand import Hand, MeldKind
from tutor.engine.tiles import EAST, GREEN, RED, WHITE, Tile, number_of
from tutor.quiz.faces import HONOUR_CHARACTER, SUIT_CHARACTER, face

Segment = tuple[str, str]
"""(text, style name)."""
Line = list[Segment]


class TileSize(Enum):
    CHIP = "chip"
    """One line, three columns: for tiles inside a sentence."""
    SMALL = "small"
    """A 4x4 box: the reading size."""
    LARGE = "large"
    """An 8x6 box with pips: for projection."""


CHINESE_NUMERALS = "一二三四五六七八九"
FULLWIDTH_DIGITS = "１２３４５６７８９"

# Pips on a 3x3 grid (row, column) for each number, as on real tiles.
PIPS = {
    1: {(1, 1)},
    2: {(0, 1), (2, 1)},
    3: {(0, 0), (1, 1), (2, 2)},
    4: {(0, 0), (0, 2), (2, 0), (2, 2)},
    5: {(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)},
    6: {(0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)},
    7: {(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)},
    8: {(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)},
    9: {(row, column) for row in range(3) for column in range(3)},
}


def style_of(tile: Tile) -> str:
    """The style name that colours a tile's face."""
    if tile < EAST:
        return ("man", "pin", "sou")[tile // 9]
    if tile == RED:
        return "red"
    if tile == GREEN:
        return "green"
    if tile == WHITE:
        return "white"
    return "wind"


def face_lines(tile: Tile, size: TileSize) -> list[str]:
    """The face's text lines, without the frame: each line is 2 columns wide
    (small) or 6 (large)."""
    if tile >= EAST:
        character = HONOUR_CHARACTER[tile - EAST]
        if size is TileSize.SMALL:
            return [character, "  "]
        return ["      ", f"  {character}  ", "      ", "      "]
    number = number_of(tile)
    suit = tile // 9
    if suit == 0:
        if size is TileSize.SMALL:
            return [CHINESE_NUMERALS[number - 1], "萬"]
        return ["      ", f"  {CHINESE_NUMERALS[number - 1]}  ", "  萬  ", "      "]
    if size is TileSize.SMALL:
        return [FULLWIDTH_DIGITS[number - 1], SUIT_CHARACTER[suit]]
    pip = "o" if suit == 1 else "|"
    rows = ["".join(f" {pip}" if (row, column) in PIPS[number] else "  " for column in range(3)) for row in range(3)]
    return [f"{number}   {SUIT_CHARACTER[suit]}", *rows]


@dataclass(frozen=True, slots=True)
class Group:
    """Tiles drawn together, apart from the next group.

    `kind` is "concealed", "win", "called" or "closed_kan".  In a called meld
    `marked` is the index of the tile marked as the called one; the notation
    does not say which it was, so by convention it is the first (a chi's
    called tile always comes from the left).
    """

    tiles: tuple[Tile, ...]
    kind: str
    marked: int = -1


def hand_groups(hand: Hand, win: Tile | None = None) -> list[Group]:
    """The concealed tiles, the winning tile apart, then each meld apart."""
    concealed = list(hand.concealed)
    groups = []
    if win is not None and win in concealed:
        concealed.remove(win)
    if concealed:
        groups.append(Group(tuple(concealed), "concealed"))
    if win is not None:
        groups.append(Group((win,), "win"))
    for meld in hand.melds:
        if meld.kind is MeldKind.CLOSED_KAN:
            groups.append(Group(meld.tiles, "closed_kan"))
        else:
            groups.append(Group(meld.tiles, "called", 0))
    return groups


def chip(tile: Tile) -> Segment:
    """A tile inside a line of text: its number and suit character."""
    return (face(tile), style_of(tile))


def _tile_box(tile: Tile, size: TileSize, frame: str, face_down: bool) -> list[Line]:
    """One tile as lines of segments, frame included."""
    inner = 2 if size is TileSize.SMALL else 6
    faces = face_lines(tile, size)
    if face_down:
        faces = [" " * inner for _ in faces]
    top = [("┌" + "─" * inner + "┐", frame)]
    bottom = [("└" + "─" * inner + "┘", frame)]
    face_style = "back" if face_down else style_of(tile)
    middle = [[("│", frame), (face, face_style), ("│", frame)] for face in faces]
    return [top, *middle, bottom]


def _group_boxes(group: Group, size: TileSize) -> list[list[Line]]:
    boxes = []
    for index, tile in enumerate(group.tiles):
        frame = "frame"
        if group.kind == "win":
            frame = "win"
        elif group.kind == "called" and index == group.marked:
            frame = "called"
        # A concealed kan shows its two middle tiles and hides the ends.
        face_down = group.kind == "closed_kan" and index in (0, 3)
        boxes.append(_tile_box(tile, size, frame, face_down))
    return boxes


def box_width(size: TileSize) -> int:
    return 4 if size is TileSize.SMALL else 8


GAP = 2
"""Columns between two groups on a row."""


def group_width(group: Group, size: TileSize) -> int:
    return len(group.tiles) * box_width(size)


def concealed_runs(tiles: tuple[Tile, ...]) -> list[tuple[Tile, ...]]:
    """The concealed tiles cut where a set cannot run on: between suits, and
    between two different honours (honours form no runs)."""
    runs: list[list[Tile]] = []
    for tile in tiles:
        previous = runs[-1][-1] if runs else None
        same_run = previous is not None and (
            previous == tile if tile >= EAST or previous >= EAST else previous // 9 == tile // 9
        )
        if same_run:
            runs[-1].append(tile)
        else:
            runs.append([tile])
    return [tuple(run) for run in runs]


def pieces(groups: list[Group], size: TileSize, width: int) -> list[tuple[int, Group]]:
    """What a row may not split, with the group each piece belongs to: a set
    (a called meld, a concealed kan, the winning tile) is one piece. The
    notation does not mark the sets among the concealed tiles, so those are
    kept together by suit (and honours by tile), and a run of one suit wider
    than a row is cut between tiles."""
    found: list[tuple[int, Group]] = []
    for number, group in enumerate(groups):
        if group.kind != "concealed":
            found.append((number, group))
            continue
        for run in concealed_runs(group.tiles):
            if len(run) * box_width(size) <= width:
                found.append((number, Group(run, group.kind)))
            else:
                found.extend((number, Group((tile,), group.kind)) for tile in run)
    return found


BOXED_SIZES = (TileSize.LARGE, TileSize.SMALL)
"""The sizes drawn as boxes, largest first."""


def fitting_size(groups: list[Group], largest: TileSize, width: int) -> TileSize:
    """The largest size, up to `largest`, at which every group fits on a row
    whole: projected at 80 columns a kan of large tiles (32) fits; in a narrow
    column it drops to small tiles (16), and below that to chips."""
    if largest is TileSize.CHIP:
        return largest
    for size in BOXED_SIZES[BOXED_SIZES.index(largest) :]:
        if all(group_width(piece, size) <= width for _, piece in pieces(groups, size, width)):
            return size
    return TileSize.CHIP


def wrap_groups(groups: list[Group], size: TileSize, width: int) -> list[list[tuple[int, Group]]]:
    """The pieces of the groups on rows: a row breaks only between pieces, so
    a set is never split; two groups on a row have a gap between them."""
    rows: list[list[tuple[int, Group]]] = [[]]
    used = 0
    for number, piece in pieces(groups, size, width):
        gap = GAP if rows[-1] and rows[-1][-1][0] != number else 0
        needed = gap + group_width(piece, size)
        if rows[-1] and used + needed > width:
            rows.append([])
            used, needed = 0, group_width(piece, size)
        rows[-1].append((number, piece))
        used += needed
    return rows


def render_groups(groups: list[Group], size: TileSize, width: int) -> list[Line]:
    """Groups laid out left to right with a gap between them, wrapping onto
    new rows between groups when the width runs out."""
    if size is TileSize.CHIP:
        line: Line = []
        for group in groups:
            if line:
                line.append(("  ", ""))
            for tile in group.tiles:
                text, style = chip(tile)
                line.append((text, "win" if group.kind == "win" else style))
                line.append((" ", ""))
        return [line]
    height = 4 if size is TileSize.SMALL else 6
    lines: list[Line] = []
    for row in wrap_groups(groups, size, width):
        boxes: list[list[Line]] = []
        for index, (number, piece) in enumerate(row):
            if index and row[index - 1][0] != number:
                boxes.append([[(" " * GAP, "")] for _ in range(height)])
            boxes.extend(_group_boxes(piece, size))
        for line_index in range(height):
            lines.append([segment for box in boxes for segment in box[line_index]])
    return lines
