"""Before a game: the rules (a riichi preset, or MCR), the length, the bots' level,
the coach's hint level, the seed, the bots' pace and the projector view, each on a row.

Up and down pick a row, left and right change it; on the seed's row digits
type a seed (a class plays the same deal from the same seed) and backspace
takes one away; `n` draws a new seed; enter starts the game.  A game in
progress kept in the store (saved_game.py) is offered above the rows, and
`c` continues it where it stood; a damaged one is said once and set aside.
"""

from __future__ import annotations

import logging
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
from tutor.quiz.mcr_play_session import MCR
from tutor.quiz.play_session import BOT_LEVELS, HINT_LEVELS, LENGTHS, PACES, PlaySetup
from tutor.quiz.play_sessions import value_key
from tutor.quiz.saved_game import SAVED_GAME, SET_ASIDE, SavedGame, SavedGameError, decode, restore
from tutor.quiz.writes import SettingWrite
from tutor.ui.screens.base import TutorScreen
from tutor.ui.screens.play import PlayScreen
from tutor.ui.widgets.key_footer import KeyFooter

log = logging.getLogger(__name__)

ROWS: Final = ("preset", "length", "bots", "hint", "seed", "pace", "presentation")
MAX_SEED_DIGITS: Final = 9
T = TypeVar("T")


def new_seed() -> int:
    return random.randrange(1000, 10000)


RULES: Final = (*PRESETS, MCR)
"""The rules row's values: the riichi presets, then MCR."""


def moved(values: Sequence[T], current: T, step: int) -> T:
    return values[(values.index(current) + step) % len(values)]


def stepped(setup: PlaySetup, row: str, step: int) -> PlaySetup:
    """The setup with the row's value moved `step` places, round the end."""
    if row == "preset":
        return replace(setup, preset=moved(RULES, setup.preset, step))
    if row == "length":
        return replace(setup, length=moved(LENGTHS, setup.length, step))
    if row == "bots":
        return replace(setup, bots=moved(BOT_LEVELS, setup.bots, step))
    if row == "pace":
        return replace(setup, pace=moved(PACES, setup.pace, step))
    if row == "presentation":
        return replace(setup, presentation=not setup.presentation)
    return replace(setup, hint=moved(HINT_LEVELS, setup.hint, step))


class PlaySetupScreen(TutorScreen):
    """The game's choices, one row each; enter starts it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "Start", id="start_game", tooltip="Start the game"),
        Binding("n", "new_seed", "New seed", id="play_seed", tooltip="Another deal"),
        Binding("c", "resume", "Continue", id="play_resume", tooltip="Continue the game in progress"),
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
    PlaySetupScreen #saved { padding: 1 2 0 2; color: $success; height: auto; }
    PlaySetupScreen #saved.-none { display: none; }
    """

    def __init__(self, setup: PlaySetup | None = None) -> None:
        super().__init__()
        self.setup = setup or PlaySetup(seed=new_seed(), pace="normal")
        self.row = 0
        self.typing = False
        """Digits typed on the seed's row replace the seed shown; further digits add to it."""
        self.said = ""
        self.saved: SavedGame | None = None
        """The game in progress in the store, read at mount; None if there is none."""

    def compose(self) -> ComposeResult:
        yield Static(id="setup-title", markup=False)
        yield Static(id="saved", markup=False)
        yield Static(id="rows", markup=False)
        yield Static(id="keys", markup=False)
        yield Static(id="said", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.read_saved()
        self.show()

    def on_screen_resume(self) -> None:
        """Back from a game: it may have been saved, or ended."""
        self.read_saved()
        self.show()

    def read_saved(self) -> None:
        raw = self.tutor.store.setting(SAVED_GAME) or ""
        self.saved = None
        if raw:
            try:
                self.saved = decode(raw)
            except SavedGameError as error:
                self.set_aside(raw, error)

    def set_aside(self, raw: str, error: SavedGameError) -> None:
        """A damaged game in progress: said once, moved aside, offered no more."""
        self.saved = None
        # What was wrong stays with the game set aside and in the log, in
        # English for a developer; the learner is told what happened.
        log.warning("saved game set aside: %s", error)
        self.said = text(self.tutor.language, "play.saved_damaged")
        self.tutor.save_write(SettingWrite(SET_ASIDE, raw))
        self.tutor.save_write(SettingWrite(SAVED_GAME, ""))

    def redraw_in_language(self) -> None:
        self.show()

    def show(self) -> None:
        language = self.tutor.language
        self.title = text(language, "play.title")
        title = "play.setup_mcr" if self.setup.preset == MCR else "play.setup"
        self.query_one("#setup-title", Static).update(text(language, title))
        saved = self.saved
        panel = self.query_one("#saved", Static)
        panel.set_class(saved is None, "-none")
        if saved is not None:
            panel.update(
                text(
                    language,
                    "play.saved",
                    rules=text(language, f"play.preset.{saved.setup.preset}"),
                    seed=saved.setup.seed,
                    hand=saved.hands_played + 1,
                )
            )
        lines = []
        for number, row in enumerate(ROWS):
            value = str(self.setup.seed) if row == "seed" else text(language, value_key(self.setup, row))
            shown = text(language, "play.setup_row", name=text(language, f"play.setup.{row}"), value=value)
            lines.append(f"{'>' if number == self.row else ' '} {shown}")
        self.query_one("#rows", Static).update("\n".join(lines))
        self.query_one("#keys", Static).update(text(language, "play.setup_keys"))
        self.query_one("#said", Static).update(self.said)
        self.refresh_bindings()

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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`c` is shown only while there is a game in progress to continue."""
        if action == "resume":
            return self.saved is not None
        return True

    def action_resume(self) -> None:
        raw = self.tutor.store.setting(SAVED_GAME) or ""
        try:
            session = restore(raw)
        except SavedGameError as error:
            self.set_aside(raw, error)
            self.show()
            return
        self.said = ""
        self.app.push_screen(PlayScreen.resumed(session))

    def action_start(self) -> None:
        self.typing = False
        self.app.push_screen(PlayScreen(self.setup))
