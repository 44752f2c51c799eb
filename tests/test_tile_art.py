"""Tiles drawn as text: a set is never split across rows, and the largest
size that fits is chosen (issue 13, defect 8: at 80x24 `[777p]` split 2+1,
and in presentation a concealed kan left one face-down tile alone on a row)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tutor.engine.notation import parse_hand, parse_tile
from tutor.ui.tile_art import TileSize, box_width, fitting_size, hand_groups, render_groups, wrap_groups

HANDS = [
    ("234m456s55s [777p] [777z]", "4m"),
    ("123m456p11s (1111z) [8888m]", "1s"),
    ("11s (1111z) (2222z) (3333z) (4444z)", "1s"),
    ("123m456p789s11z22z", "2z"),
]


def rows_of(notation: str, win: str, size: TileSize, width: int) -> list[list[tuple[int, object]]]:
    groups = hand_groups(parse_hand(notation, sizes=None), parse_tile(win))
    return wrap_groups(groups, size, width)  # type: ignore[return-value]


@given(st.sampled_from(HANDS), st.sampled_from([TileSize.SMALL, TileSize.LARGE]), st.integers(16, 160))
def test_a_set_is_never_split_across_rows(hand: tuple[str, str], size: TileSize, width: int) -> None:
    groups = hand_groups(parse_hand(hand[0], sizes=None), parse_tile(hand[1]))
    rows = wrap_groups(groups, size, width)
    placed = [(number, piece.tiles) for row in rows for number, piece in row]
    for number, group in enumerate(groups):
        if group.kind == "concealed":
            continue
        assert (number, group.tiles) in placed, f"{group} was split at width {width}"
    for row in rows[1:] if len(rows) > 1 else []:
        assert row, "an empty row"


def test_the_called_pung_of_the_80_column_lesson_stays_whole() -> None:
    """The case of the issue: r07's hand in the lesson column at 80x24."""
    groups = hand_groups(parse_hand("234m456s55s [777p] [777z]", sizes=None), parse_tile("4m"))
    for width in range(36, 60):
        for row in wrap_groups(groups, TileSize.SMALL, width):
            called = [piece for _, piece in row if piece.kind == "called"]
            assert all(len(piece.tiles) == 3 for piece in called)


def test_lines_never_run_past_the_width() -> None:
    for notation, win in HANDS:
        groups = hand_groups(parse_hand(notation, sizes=None), parse_tile(win))
        for size in (TileSize.SMALL, TileSize.LARGE):
            for width in range(4 * box_width(size), 130):
                for line in render_groups(groups, size, width):
                    assert sum(len(part) for part, _ in line) <= width


def test_the_largest_size_that_keeps_every_set_whole() -> None:
    groups = hand_groups(parse_hand("123m456p11s (1111z) [8888m]", sizes=None), parse_tile("1s"))
    assert fitting_size(groups, TileSize.LARGE, 80) is TileSize.LARGE
    assert fitting_size(groups, TileSize.LARGE, 31) is TileSize.SMALL
    assert fitting_size(groups, TileSize.SMALL, 80) is TileSize.SMALL
    assert fitting_size(groups, TileSize.LARGE, 15) is TileSize.CHIP


def test_drawn_rows_keep_the_called_pung_together() -> None:
    """Drawn as the lesson draws it: every row band holding a ７ holds all three."""
    groups = hand_groups(parse_hand("234m456s55s [777p] [777z]", sizes=None), parse_tile("4m"))
    for width in range(30, 60):
        lines = render_groups(groups, TileSize.SMALL, width)
        faces = ["".join(part for part, _ in line) for line in lines[1::4]]
        sevens = [face.count("７") for face in faces if "７" in face]
        assert sevens == [3], f"width {width}: the pung of 7 dots drawn as {sevens}"


def test_concealed_tiles_wrap_between_suits_and_honours() -> None:
    """The notation marks no concealed sets, so a row breaks between suits and
    between different honours: r03's 111z stayed split 2+1 at 80 columns."""
    groups = hand_groups(parse_hand("123m456p789s111z55z", sizes=None), parse_tile("5z"))
    for width in range(20, 60):
        lines = render_groups(groups, TileSize.SMALL, width)
        faces = ["".join(part for part, _ in line) for line in lines[1::4]]
        assert [face.count("東") for face in faces if "東" in face] == [3], f"width {width}: {faces}"
