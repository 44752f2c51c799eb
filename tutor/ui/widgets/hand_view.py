"""A lesson's hand block on screen: the tiles, how the hand was won, and the
answer, hidden until revealed."""

from __future__ import annotations

from functools import cache
from typing import Final

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from tutor.engine.hand import Hand
from tutor.engine.notation import NotationError, parse_hand, parse_tile, parse_tiles
from tutor.lessons.model import HandBlock
from tutor.locale import text
from tutor.quiz.names import flag_name
from tutor.ui.answers import answer_steps, tiles_in_words
from tutor.ui.strings import SEAT_NAMES, WIND_NAMES
from tutor.ui.tile_art import Group, TileSize, chip, fitting_size, hand_groups, render_groups

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
        variables = self.app.theme_variables
        styles = theme_styles(tuple((name, variables.get(name, "")) for name in THEME_VARIABLES))
        result = Text()
        for index, line in enumerate(self._lines(self.size.width or 80)):
            if index:
                result.append("\n")
            for segment, style in line:
                result.append(segment, style=styles.get(style) if style else None)
        return result

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self._lines(width))


class HandBlockView(Vertical, can_focus=True):
    """One ```hand block: tiles, its setting in words, and the answer steps."""

    DEFAULT_CSS = """
    HandBlockView { height: auto; margin: 1 0; padding: 0 1; border-left: tall $panel; }
    HandBlockView:focus { border-left: tall $accent; }
    HandBlockView .setup { color: $text-muted; }
    HandBlockView .answer { color: $text; background: $boost; padding: 0 1; }
    HandBlockView .answer-hidden { color: $text-muted; text-style: italic; }
    """

    revealed: reactive[int] = reactive(0)
    """How many answer steps are shown."""

    class Revealed(Message):
        """Some of a hand's answer was revealed: the lesson counts as read."""

    def __init__(self, block: HandBlock, track: str, language: str, size: TileSize = TileSize.SMALL) -> None:
        super().__init__()
        self.block = block
        self.track = track
        self.language = language
        self.tile_size = size
        self.steps = answer_steps(block, track, language) if block.expect else []

    def compose(self) -> ComposeResult:
        yield TilesView(self._groups(), size=self.tile_size)
        setup = self._setup_text()
        if setup:
            yield Static(setup, classes="setup", markup=False)
        if self.steps:
            yield Static(text(self.language, "hidden"), classes="answer-hidden", markup=False)

    def _groups(self) -> list[Group]:
        try:
            hand: Hand = parse_hand(self.block.hand, sizes=None)
        except NotationError:
            return []
        win_setting = self.block.setup.get("win", "").split()
        win = None
        if win_setting:
            try:
                win = parse_tile(win_setting[0])
            except NotationError:
                win = None
        return hand_groups(hand, win)

    def _setup_text(self) -> str:
        setup = self.block.setup
        language = self.language
        parts = []
        win = setup.get("win", "").split()
        if win:
            try:
                tile = chip(parse_tile(win[0]))[0]
            except NotationError:
                tile = win[0]
            key = "win_tsumo" if len(win) > 1 and win[1] == "tsumo" else "win_ron"
            parts.append(text(language, key, tile=tile))
        for key in ("seat", "round"):
            if key in setup and setup[key] in "ESWN" and setup[key]:
                parts.append(text(language, key, wind=WIND_NAMES[language]["ESWN".index(setup[key])]))
        if "discard" in setup:
            seat = SEAT_NAMES[language].get(setup.get("from", "left"), setup.get("from", ""))
            parts.append(text(language, "discard", tile=_tiles_text(setup["discard"]), seat=seat))
        if setup.get("flags"):
            flags = ", ".join(flag_name(flag, language) for flag in setup["flags"].replace(",", " ").split())
            parts.append(text(language, "setup.flags", flags=flags))
        for key in ("dora", "ura"):
            if setup.get(key):
                parts.append(text(language, f"setup.{key}", tiles=_tiles_text(setup[key])))
        for key in ("flowers", "options"):
            if setup.get(key):
                parts.append(text(language, f"setup.{key}", value=setup[key]))
        if "rules" in setup and setup["rules"] != self.track:
            parts.append(text(language, "rules", rules=text(language, setup["rules"])))
        return "   ".join(parts)

    def watch_revealed(self, revealed: int) -> None:
        if not self.is_mounted or not self.steps:
            return
        if revealed:
            self.post_message(self.Revealed())
        answer = self.query(".answer-hidden, .answer").first(Static)
        if revealed == 0:
            answer.update(text(self.language, "hidden"))
            answer.set_classes("answer-hidden")
        else:
            answer.update("\n".join(self.steps[:revealed]))
            answer.set_classes("answer")

    def reveal_all(self) -> None:
        self.revealed = len(self.steps)

    def reveal_step(self) -> bool:
        """Show one more step; False when nothing was left to show."""
        if self.revealed >= len(self.steps):
            return False
        self.revealed += 1
        return True

    @property
    def fully_revealed(self) -> bool:
        return self.revealed >= len(self.steps)

    def set_tile_size(self, size: TileSize) -> None:
        self.tile_size = size
        self.query_one(TilesView).size_name = size

    def on_click(self) -> None:
        self.reveal_all()


def _tiles_text(notation: str) -> str:
    """Tiles of a block's setting by their faces; as written if they do not parse."""
    try:
        return tiles_in_words(parse_tiles(notation))
    except NotationError:
        return notation
