"""The workbench's shanten and ukeire for one rule family, with the tiles
drawn as their coloured faces rather than written in notation."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from tutor.engine.tiles import Tile
from tutor.ui.tile_art import chip
from tutor.ui.widgets.hand_view import THEME_VARIABLES, theme_styles
from tutor.workbench.panels import Efficiency

COUNT_SIGN = "×"
"""Between a tile and its unseen copies: 4萬×3."""


def tile_text(tile: Tile, styles: dict[str, Style], count: int | None = None) -> Text:
    """One tile's face in its suit's colour, with its count when given."""
    face, style = chip(tile)
    drawn = Text(face, style=styles.get(style) or "")
    if count is not None:
        drawn.append(f"{COUNT_SIGN}{count}")
    return drawn


def efficiency_lines(found: Efficiency, styles: dict[str, Style]) -> list[tuple[Text, bool]]:
    """The panel's lines, each with whether it may wrap: sentences and the
    ukeire tiles wrap; a discard row is one line, cut at the width."""
    lines: list[tuple[Text, bool]] = [(Text(found.shanten), True)]
    if found.ukeire:
        lines.append((Text(found.ukeire), True))
    if found.ukeire_tiles:
        tiles = Text("  ").join(tile_text(item.tile, styles, item.count) for item in found.ukeire_tiles)
        lines.append((Text("  ") + tiles, True))
    if found.discards_heading:
        lines.append((Text(found.discards_heading), True))
    for row in found.discards:
        drawn = Text("  ") + tile_text(row.discard, styles) + Text(f"  {row.words} ")
        drawn += Text(" ").join(tile_text(tile, styles) for tile in row.tiles)
        lines.append((drawn, False))
    if found.more:
        lines.append((Text(f"  {found.more}"), True))
    return lines


class EfficiencyView(Widget):
    """Shanten, ukeire and the discard table of one rule family."""

    DEFAULT_CSS = """
    EfficiencyView { height: auto; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._found: Efficiency | None = None

    @property
    def found(self) -> Efficiency | None:
        return self._found

    @found.setter
    def found(self, found: Efficiency | None) -> None:
        self._found = found
        self.refresh(layout=True)

    def _lines(self, width: int) -> list[Text]:
        if self._found is None or width <= 0:
            return []
        variables = self.app.theme_variables
        styles = theme_styles(tuple((name, variables.get(name, "")) for name in THEME_VARIABLES))
        lines: list[Text] = []
        for line, wraps in efficiency_lines(self._found, styles):
            if wraps:
                lines.extend(line.wrap(self.app.console, width))
            else:
                line.truncate(width, overflow="ellipsis")
                lines.append(line)
        return lines

    def render(self) -> Text:
        return Text("\n").join(self._lines(self.size.width))

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self._lines(width))

    @property
    def plain(self) -> str:
        """The panel's words and tiles as plain text, unwrapped (for tests)."""
        if self._found is None:
            return ""
        return "\n".join(line.plain for line, _ in efficiency_lines(self._found, {}))
