"""Tiles on screen, coloured by the theme: the drill's and the workbench's
hands (a lesson's hands are drawn by its document, lesson_document.py)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Final

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from tutor.ui.tile_art import Group, TileSize, fitting_size, render_groups

THEME_VARIABLES = (
    "tile-man",
    "tile-pin",
    "tile-sou",
    "tile-wind",
    "tile-white",
    "tile-frame",
    "tile-win",
    "tile-called",
    "tile-back",
)


TILE_STYLES: Final = {
    "man": ("tile-man", ""),
    "pin": ("tile-pin", ""),
    "sou": ("tile-sou", ""),
    "wind": ("tile-wind", ""),
    "white": ("tile-white", ""),
    "green": ("tile-sou", ""),
    "red": ("tile-man", ""),
    "frame": ("tile-frame", ""),
    "win": ("tile-win", "bold"),
    "called": ("tile-called", "bold"),
    "back": ("", "on tile-back"),
}
"""Each style name of tile_art as (foreground variable, extra): the theme's
variables give the colours."""


@cache
def theme_styles(variables: tuple[tuple[str, str], ...]) -> dict[str, Style]:
    """The rich styles of the tile style names for one theme's variables."""
    colours = dict(variables)
    styles = {}
    for name, (colour, extra) in TILE_STYLES.items():
        if extra.startswith("on "):
            styles[name] = Style(bgcolor=colours.get(extra.removeprefix("on ")))
        else:
            styles[name] = Style(color=colours.get(colour), bold=extra == "bold")
    return styles


def tile_styles(variables: Mapping[str, str]) -> dict[str, Style]:
    """The rich styles of the tile style names for a theme's variables (the app's `theme_variables`)."""
    return theme_styles(tuple((name, variables.get(name, "")) for name in THEME_VARIABLES))


TILE_CSS = {
    "man": "color: $tile-man;",
    "pin": "color: $tile-pin;",
    "sou": "color: $tile-sou;",
    "wind": "color: $tile-wind;",
    "white": "color: $tile-white;",
    "green": "color: $tile-sou;",
    "red": "color: $tile-man;",
    "frame": "color: $tile-frame;",
    "win": "color: $tile-win; text-style: bold;",
    "called": "color: $tile-called; text-style: bold;",
    "back": "background: $tile-back;",
}
"""The theme's colours for each style name of tile_art, as component-class rules for the tile picker."""


def tile_styles_css(widget: str) -> str:
    """The component-class rules that colour tiles in one widget class."""
    return "\n".join(f"{widget} > .tiles--{name} {{ {rule} }}" for name, rule in TILE_CSS.items())


class TilesView(Widget):
    """Tiles drawn in one of three sizes, coloured by the theme.

    The colours come straight from the theme's variables rather than from
    component classes: a lesson has twenty hands, and eleven component
    classes each made every restyle (a theme change, a screen coming back)
    apply the stylesheet 220 more times.
    """

    DEFAULT_CSS = """
    TilesView { height: auto; width: 1fr; }
    """

    size_name: reactive[TileSize] = reactive(TileSize.SMALL, layout=True)
    """The largest size to draw; a narrower view draws smaller tiles rather
    than split a set."""

    def __init__(self, groups: list[Group], *, size: TileSize = TileSize.SMALL, id: str | None = None) -> None:
        super().__init__(id=id)
        self._groups = groups
        self.set_reactive(TilesView.size_name, size)
        self._drawn: tuple[int, TileSize, list[list[tuple[str, str]]]] | None = None

    @property
    def groups(self) -> list[Group]:
        """What to draw: the hand's groups, apart from each other."""
        return self._groups

    @groups.setter
    def groups(self, groups: list[Group]) -> None:
        # The drawing is kept per width and size; new tiles must not reuse it.
        self._groups = groups
        self._drawn = None
        self.refresh(layout=True)

    def _lines(self, width: int) -> list[list[tuple[str, str]]]:
        # Layout asks for the height and then renders at the same width: draw once.
        if self._drawn is None or self._drawn[:2] != (width, self.size_name):
            size = fitting_size(self.groups, self.size_name, width)
            self._drawn = (width, self.size_name, render_groups(self.groups, size, width))
        return self._drawn[2]

    def render(self) -> Text:
        styles = tile_styles(self.app.theme_variables)
        result = Text()
        for index, line in enumerate(self._lines(self.size.width or 80)):
            if index:
                result.append("\n")
            for segment, style in line:
                result.append(segment, style=styles.get(style) if style else None)
        return result

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self._lines(width))
