"""Before a game: the rules (a riichi preset), the length, the bots' level,
the coach's hint level, the seed and the projector view, each on a row.

Up and down pick a row, left and right change it; on the seed's row digits
type a seed (a class plays the same deal from the same seed) and backspace
takes one away; `n` draws a new seed; enter starts the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar, Final, TypeVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from tutor.engine.game.presets import PRESETS
from tutor.locale import text
from tutor.quiz.play_session import BOT_LEVELS, HINT_LEVELS, LENGTHS, PlaySetup
from tutor.ui.screens.base import TutorScreen
from tutor.ui.screens.play import PlayScreen
from tutor.ui.widgets.key_footer import KeyFooter

ROWS: Final = ("preset", "length", "bots", "hint", "seed", "presentation")
MAX_SEED_DIGITS: Final = 9
T = TypeVar("T")


def new_seed() -> int:
    return random.randrange(1000, 10000)


def value_of(setup: PlaySetup, row: str) -> str:
    """A row's value as the catalogue names it (`play.<row>.<value>`)."""
    if row == "presentation":
        return "on" if setup.presentation else "off"
    return str(getattr(setup, row).value if row == "hint" else getattr(setup, row))


def moved(values: Sequence[T], current: T, step: int) -> T:
    return values[(values.index(current) + step) % len(values)]


def stepped(setup: PlaySetup, row: str, step: int) -> PlaySetup:
    """The setup with the row's value moved `step` places, round the end."""
    if row == "preset":
        return replace(setup, preset=moved(tuple(PRESETS), setup.preset, step))
    if row == "length":
        return replace(setup, length=moved(LENGTHS, setup.length, step))
    if row == "bots":
        return replace(setup, bots=moved(BOT_LEVELS, setup.bots, step))
    if row == "presentation":
        return replace(setup, presentation=not setup.presentation)
    return replace(setup, hint=moved(HINT_LEVELS, setup.hint, step))


class PlaySetupScreen(TutorScreen):
    """The game's choices, one row each; enter starts it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "Start", id="start_game", tooltip="Start the game"),
        Binding("n", "new_seed", "New seed", id="play_seed", tooltip="Another deal"),
        Binding("escape", "app.pop_screen", "Back", id="back", tooltip="Return"),
        Binding("up", "row(-1)", show=False),
        Binding("down", "row(1)", show=False),
        Binding("left", "change(-1)", show=False),
        Binding("right", "change(1)", show=False),
        Binding("backspace", "erase", show=False),
    ]
    DEFAULT_CSS = """
    PlaySetupScreen #setup-title { padding: 1 2 0 2; text-style: bold; color: $accent; }
    PlaySetupScreen #rows { padding: 1 2; height: auto; }
    PlaySetupScreen #keys { padding: 0 2; color: $text-muted; height: auto; }
    PlaySetupScreen #said { padding: 1 2 0 2; color: $warning; height: auto; }
    """

    def __init__(self, setup: PlaySetup | None = None) -> None:
        super().__init__()
        self.setup = setup or PlaySetup(seed=new_seed())
        self.row = 0
        self.typing = False
        """Digits typed on the seed's row replace the seed shown; further digits add to it."""
        self.said = ""

    def compose(self) -> ComposeResult:
        yield Static(id="setup-title", markup=False)
        yield Static(id="rows", markup=False)
        yield Static(id="keys", markup=False)
        yield Static(id="said", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.show()

    def redraw_in_language(self) -> None:
        self.show()

    def show(self) -> None:
        language = self.tutor.language
        self.title = text(language, "play.title")
        self.query_one("#setup-title", Static).update(text(language, "play.setup"))
        lines = []
        for number, row in enumerate(ROWS):
            value = str(self.setup.seed) if row == "seed" else text(language, f"play.{row}.{value_of(self.setup, row)}")
            shown = text(language, "play.setup_row", name=text(language, f"play.setup.{row}"), value=value)
            lines.append(f"{'>' if number == self.row else ' '} {shown}")
        self.query_one("#rows", Static).update("\n".join(lines))
        self.query_one("#keys", Static).update(text(language, "play.setup_keys"))
        self.query_one("#said", Static).update(self.said)

    def action_row(self, step: int) -> None:
        self.row = (self.row + step) % len(ROWS)
        self.typing = False
        self.show()

    def action_change(self, step: int) -> None:
        row = ROWS[self.row]
        if row == "seed":
            self.setup = replace(self.setup, seed=max(self.setup.seed + step, 0))
        else:
            self.setup = stepped(self.setup, row, step)
        self.show()

    def action_new_seed(self) -> None:
        self.setup = replace(self.setup, seed=new_seed())
        self.typing = False
        self.show()

    def action_erase(self) -> None:
        if ROWS[self.row] == "seed":
            self.setup = replace(self.setup, seed=self.setup.seed // 10)
            self.typing = True
            self.show()

    def on_key(self, event: events.Key) -> None:
        """On the seed's row, digits type the seed."""
        character = event.character
        if ROWS[self.row] != "seed" or character is None or len(character) != 1 or not character.isdigit():
            return
        event.stop()
        digits = str(self.setup.seed) if self.typing else ""
        if len(digits) >= MAX_SEED_DIGITS:
            self.said = text(self.tutor.language, "play.seed_too_long", count=MAX_SEED_DIGITS)
        else:
            self.said = ""
            self.setup = replace(self.setup, seed=int(digits + character))
        self.typing = True
        self.show()

    def action_start(self) -> None:
        self.typing = False
        self.app.push_screen(PlayScreen(self.setup))
