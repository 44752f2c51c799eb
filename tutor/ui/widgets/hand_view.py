"""A lesson's hand block on screen: the tiles, how the hand was won, and the
answer, hidden until revealed."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from tutor.engine.hand import Hand
from tutor.engine.notation import NotationError, parse_hand, parse_tile
from tutor.lessons.model import HandBlock
from tutor.locale import text
from tutor.ui.answers import answer_steps
from tutor.ui.strings import SEAT_NAMES, WIND_NAMES
from tutor.ui.tile_art import Group, TileSize, chip, hand_groups, render_groups

TILE_STYLES = {
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
"""The theme's colours for each style name of tile_art, shared by every widget that draws tiles."""
STYLE_NAMES = tuple(TILE_STYLES)


def tile_styles_css(widget: str) -> str:
    """The component-class rules that colour tiles in one widget class."""
    return "\n".join(f"{widget} > .tiles--{name} {{ {rule} }}" for name, rule in TILE_STYLES.items())


class TilesView(Widget):
    """Tiles drawn in one of three sizes, coloured by the theme."""

    DEFAULT_CSS = "TilesView { height: auto; width: 1fr; }\n" + tile_styles_css("TilesView")

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"tiles--{name}" for name in STYLE_NAMES}

    size_name: reactive[TileSize] = reactive(TileSize.SMALL, layout=True)

    def __init__(self, groups: list[Group], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.groups = groups
        """What to draw: the hand's groups, apart from each other."""

    def _lines(self, width: int) -> list[list[tuple[str, str]]]:
        return render_groups(self.groups, self.size_name, width)

    def render(self) -> Text:
        result = Text()
        for index, line in enumerate(self._lines(self.size.width or 80)):
            if index:
                result.append("\n")
            for segment, style in line:
                rich_style = self.get_component_rich_style(f"tiles--{style}", partial=True) if style else None
                result.append(segment, style=rich_style)
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

    def __init__(self, block: HandBlock, track: str, language: str) -> None:
        super().__init__()
        self.block = block
        self.track = track
        self.language = language
        self.steps = answer_steps(block, track, language) if block.expect else []

    def compose(self) -> ComposeResult:
        yield TilesView(self._groups())
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
            parts.append(text(language, "discard", tile=setup["discard"], seat=seat))
        for key in ("flags", "dora", "ura", "flowers", "options"):
            if setup.get(key):
                parts.append(f"{key}: {setup[key]}")
        if "rules" in setup and setup["rules"] != self.track:
            parts.append(text(language, "rules", rules=setup["rules"]))
        return "   ".join(parts)

    def watch_revealed(self, revealed: int) -> None:
        if not self.is_mounted or not self.steps:
            return
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
        self.query_one(TilesView).size_name = size

    def on_click(self) -> None:
        self.reveal_all()
