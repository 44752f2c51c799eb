"""The table: a hand set up and played one step at a time, for a class to watch.

The screen only draws what tutor/engine/table.py computes.  `space` and
`backspace` move between steps; `d` and two digits set the dealer's throw;
`m` switches between riichi and MCR; `n` draws a new seed; `h` opens every
hand (they are face down, but for those the rules lay open).  The seed is shown,
so that a class can follow the same setup.  There is no header, so that the
tallest wall (MCR's 18 stacks) and a two-line caption fit 24 rows.
"""

from __future__ import annotations

import random
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from tutor.engine.table import Rules, Setup, Step, TableState, hand_steps
from tutor.locale import text
from tutor.quiz.mcr_play_session import MCR
from tutor.quiz.play_session import PlaySetup
from tutor.ui.screens.base import TutorScreen
from tutor.ui.screens.play_setup import PlaySetupScreen
from tutor.ui.widgets.key_footer import KeyFooter
from tutor.ui.widgets.table_view import TableView, tile_text

SEAT_VALUES = ("seat", "thrower_seat", "next_seat", "skipped_seat", "chow_seat", "from_seat", "counted_seat")


def caption(step: Step, language: str) -> str:
    """The step's sentence, its seats named by where they sit and its tiles in words."""
    values: dict[str, object] = {}
    for key, value in step.values.items():
        if key in SEAT_VALUES:
            values[key] = text(language, f"table.person.{value}")
        elif key in ("tile", "new_tile"):
            values[key] = tile_text(int(value), language)
        else:
            values[key] = value
    return text(language, step.caption, **values)


def setup_with_step(rules: Rules, step_id: str, seed: int) -> Setup:
    """A setup whose hand has the step `step_id` (a win or a draw depends on the seed)."""
    for candidate in range(seed, seed + 50):
        setup = Setup(rules, candidate)
        if any(step.id == step_id for step in hand_steps(setup)):
            return setup
    return Setup(rules, seed)


class TableScreen(TutorScreen):
    """Four walls, four seats, a caption; one step of the hand at a time."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "next_step", "Next", id="next", tooltip="The next step"),
        Binding("backspace", "previous_step", "Previous", id="previous", tooltip="The step before"),
        Binding("d", "set_dice", "Dice", id="dice", tooltip="Set the dealer's throw: d, then two digits"),
        Binding("m", "switch_rules", "Riichi/MCR", id="rules", tooltip="Switch between riichi and MCR"),
        Binding("n", "new_seed", "New seed", id="new_seed", tooltip="Other seats, dice and tiles"),
        # Off the footer, which 80 columns fill; the status line names it.
        Binding("h", "toggle_hands", "Hands", id="hands", show=False, tooltip="Open or turn down every seat's hand"),
        Binding("g", "play", "Play", id="table_play", show=False, tooltip="A game of these rules against bots"),
        Binding("escape", "back", "Back", id="back", tooltip="Return"),
        # Help stays on `?` but leaves the footer to this screen's keys, within 80 columns.
        Binding("question_mark", "app.help", "Help", id="help", show=False),
    ]
    DEFAULT_CSS = """
    TableScreen #status { height: 1; padding: 0 1; color: $text-muted; }
    TableScreen #caption { height: auto; min-height: 2; padding: 0 1; text-style: bold; }
    """

    def __init__(self, rules: Rules = "riichi", step_id: str | None = None, seed: int | None = None) -> None:
        super().__init__()
        seed = seed if seed is not None else random.randrange(1000, 10000)
        self.setup = setup_with_step(rules, step_id, seed) if step_id else Setup(rules, seed)
        self.steps = hand_steps(self.setup)
        self.index = next((number for number, step in enumerate(self.steps) if step.id == step_id), 0)
        self.dice_typed: list[int] | None = None
        """Digits of the dealer's throw typed after `d`, or None when not typing."""
        self.open_hands = False
        """Every seat's hand face up (`h`), for a class; it stays so from step to step."""

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def state(self) -> TableState:
        return self.step.state

    def compose(self) -> ComposeResult:
        language = self.tutor.language
        yield Static(self.status_line(), id="status", markup=False)
        yield TableView(self.state, language, id="table")
        yield Static(caption(self.step, language), id="caption", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.title = text(self.tutor.language, "table.title")

    def status_line(self) -> str:
        language = self.tutor.language
        if self.dice_typed is not None:
            return text(language, "table.set_dice")
        values = {"seed": self.setup.seed, "step": self.index + 1, "steps": len(self.steps)}
        if self.setup.rules == "mcr":
            return text(language, "table.status_mcr", hand=self.state.hand_number, **values)
        return text(language, "table.status_riichi", honba=self.state.honba, **values)

    def show(self) -> None:
        language = self.tutor.language
        self.query_one("#status", Static).update(self.status_line())
        self.query_one(TableView).show(self.state, language, self.open_hands)
        self.query_one("#caption", Static).update(caption(self.step, language))

    def rebuild(self, setup: Setup) -> None:
        """Play the hand again under another setup, staying at the same step if it has one."""
        step_id = self.step.id
        self.setup = setup
        self.steps = hand_steps(setup)
        ids = [step.id for step in self.steps]
        self.index = ids.index(step_id) if step_id in ids else min(self.index, len(ids) - 1)
        self.show()

    # --- keys --------------------------------------------------------------------------------

    def action_next_step(self) -> None:
        if self.index < len(self.steps) - 1:
            self.index += 1
            self.show()

    def action_previous_step(self) -> None:
        if self.index > 0:
            self.index -= 1
            self.show()

    def action_switch_rules(self) -> None:
        rules: Rules = "mcr" if self.setup.rules == "riichi" else "riichi"
        self.rebuild(Setup(rules, self.setup.seed, self.setup.dealer_dice))

    def action_new_seed(self) -> None:
        self.rebuild(Setup(self.setup.rules, random.randrange(1000, 10000)))

    def action_toggle_hands(self) -> None:
        self.open_hands = not self.open_hands
        self.show()

    def action_set_dice(self) -> None:
        self.dice_typed = []
        self.show()

    def action_play(self) -> None:
        """A game against bots under the table's rules, its setup opened on the table's seed."""
        preset = MCR if self.setup.rules == "mcr" else PlaySetup.preset
        self.app.push_screen(PlaySetupScreen(PlaySetup(seed=self.setup.seed, preset=preset)))

    def action_back(self) -> None:
        if self.dice_typed is not None:
            self.dice_typed = None
            self.show()
        else:
            self.app.pop_screen()

    def on_key(self, event: events.Key) -> None:
        """While the dealer's throw is being typed, digits 1-6 are dice and other keys cancel."""
        if self.dice_typed is None:
            return
        if event.key == "escape":
            return  # the binding cancels
        event.stop()
        event.prevent_default()
        if event.character is None or event.character not in "123456" or len(event.character) != 1:
            self.dice_typed = None
            self.show()
            return
        self.dice_typed.append(int(event.character))
        if len(self.dice_typed) < 2:
            return
        first, second = self.dice_typed
        self.dice_typed = None
        self.rebuild(Setup(self.setup.rules, self.setup.seed, (first, second)))
        self.notify(text(self.tutor.language, "table.dice_set", first=first, second=second))
