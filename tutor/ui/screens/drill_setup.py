"""Choosing a drill: kinds (each named and described), length and level,
or a preset; the last choice is offered again next time."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from tutor.lessons.model import QUIZ_KINDS
from tutor.quiz.plan import LENGTHS, DrillPlan
from tutor.quiz.question import LEVELS
from tutor.quiz.review_findings import review_positions
from tutor.quiz.writes import SettingWrite
from tutor.ui.drill_words import kind_about, kind_name, word
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.redrawn import RedrawnScreen
from tutor.ui.widgets.stop_list import StopList
from tutor.ui.widgets.ticks import TickBox

SETTING = "drill_setup"
"""The settings key of the last drill chosen: JSON kinds, length, level."""
DEFAULT_LEVEL = "default_level"
"""The settings key of the level a new drill starts at (the settings screen sets it)."""
MAX_SETTING = 4096
"""A remembered choice is a hundred characters; anything longer is not one."""

PRESETS = {"fu": ("fu",), "mcr": ("mcr-fans",)}
"""Presets that tick kinds; "everything due" starts a review instead."""


@dataclass
class SetupChoice:
    kinds: tuple[str, ...] = ()
    length: int = 10
    level: int = LEVELS[0]

    @classmethod
    def from_setting(cls, value: str | None, level: int = LEVELS[0]) -> SetupChoice:
        """The remembered choice; anything unreadable or unknown in it is
        dropped, and the level is `level` when none was remembered."""
        if value is not None and len(value) > MAX_SETTING:
            return cls(level=level)
        try:
            saved: Any = json.loads(value or "{}")
        except (ValueError, RecursionError):  # a deeply nested value is no choice either
            return cls(level=level)
        if not isinstance(saved, dict):
            return cls(level=level)
        kinds = saved.get("kinds")
        kinds = (
            tuple(kind for kind in kinds if isinstance(kind, str) and kind in QUIZ_KINDS)
            if isinstance(kinds, list)
            else ()
        )
        length = next((n for n in LENGTHS if n == saved.get("length")), 10)
        level = next((n for n in LEVELS if n == saved.get("level")), level)
        return cls(kinds, length, level)

    def to_setting(self) -> str:
        return json.dumps({"kinds": list(self.kinds), "length": self.length, "level": self.level})


class DrillSetupScreen(RedrawnScreen):
    """Pick kinds, length and level, or a preset."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back", id="back", tooltip="Return"),
        Binding("enter", "start", "Start", id="start", tooltip="Start the drill", priority=True),
        # Arrows walk the check boxes as they would a list (the length and
        # level lists keep their own arrows).
        Binding("down", "app.focus_next", "Next", show=False),
        Binding("up", "app.focus_previous", "Previous", show=False),
        Binding("f", "preset('fu')", "Fu only", id="preset_fu", show=False),
        Binding("m", "preset('mcr')", "MCR fans", id="preset_mcr", show=False),
        Binding("r", "due", "Everything due", id="preset_due", show=False),
        Binding("n", "step('length')", "Length", id="length", tooltip="The next number of questions"),
        Binding("v", "step('level')", "Level", id="level", tooltip="The next level"),
    ]
    DEFAULT_CSS = """
    DrillSetupScreen #intro { padding: 0 1; color: $text-muted; }
    DrillSetupScreen #kinds { height: 1fr; border: round $panel; }
    DrillSetupScreen #kinds Checkbox { border: none; padding: 0; background: transparent; }
    DrillSetupScreen #presets { height: 1; padding: 0 1; }
    DrillSetupScreen #presets Button { margin: 0 1 0 0; }
    DrillSetupScreen #options { height: auto; }
    DrillSetupScreen #options OptionList { height: 5; border: round $panel; }
    DrillSetupScreen #length { width: 16; }
    DrillSetupScreen #level { width: 1fr; }
    DrillSetupScreen #message { padding: 0 1; color: $warning; text-style: bold; height: auto; }
    """

    def __init__(self, kinds: tuple[str, ...] = (), *, nothing_due: bool = False) -> None:
        super().__init__()
        self.preselected = kinds
        self.choice: SetupChoice | None = None
        """What is ticked and highlighted, kept across a redraw."""
        self.message = "nothing_due" if nothing_due else ""
        """The key of the message shown under the lists (drawn in the language of the day), or empty."""

    def draw(self) -> ComposeResult:
        language = self.tutor.language
        choice = self.choice or self._initial_choice()
        yield Static(word(language, "setup"), id="intro", markup=False)
        with VerticalScroll(id="kinds"):
            for kind in QUIZ_KINDS:
                label = word(language, "kind_line", name=kind_name(kind, language), about=kind_about(kind, language))
                yield TickBox(label, kind in choice.kinds, id=f"kind-{kind}")
        with Horizontal(id="presets"):
            for preset in ("fu", "mcr", "due"):
                yield Button(word(language, f"preset_{preset}"), id=f"preset-{preset}", compact=True)
        with Horizontal(id="options"):
            yield StopList(*[Option(word(language, "length_n", n=n), id=str(n)) for n in LENGTHS], id="length")
            yield StopList(*[Option(word(language, f"level_{n}"), id=str(n)) for n in LEVELS], id="level")
        yield Static(word(language, self.message) if self.message else "", id="message", markup=False)

    def _initial_choice(self) -> SetupChoice:
        remembered = SetupChoice.from_setting(self.tutor.store.setting(SETTING), self._default_level())
        if self.preselected:
            remembered.kinds = self.preselected
        return remembered

    def _default_level(self) -> int:
        """The level the settings choose for a new drill; level 1 for a first-time learner."""
        chosen = self.tutor.store.setting(DEFAULT_LEVEL)
        return int(chosen) if chosen in {str(level) for level in LEVELS} else LEVELS[0]

    def action_step(self, which: str) -> None:
        """`n` and `v`: the next length or level, without walking to its list."""
        self.query_one(f"#{which}", StopList).step()

    def keep(self) -> None:
        self.choice = self._current()

    def settle(self) -> None:
        choice = self.choice or self._initial_choice()
        self.title = word(self.tutor.language, "setup_title")
        self.query_one("#length", OptionList).highlighted = LENGTHS.index(choice.length)
        self.query_one("#level", OptionList).highlighted = LEVELS.index(choice.level)
        first = self.query(TickBox).first()
        self.call_after_refresh(first.focus)

    def _current(self) -> SetupChoice:
        kinds = tuple(kind for kind in QUIZ_KINDS if self.query_one(f"#kind-{kind}", TickBox).value)
        length = LENGTHS[self.query_one("#length", OptionList).highlighted or 0]
        level = LEVELS[self.query_one("#level", OptionList).highlighted or 0]
        return SetupChoice(kinds, length, level)

    def _say(self, key: str) -> None:
        self.message = key
        self.query_one("#message", Static).update(word(self.tutor.language, key))

    def action_start(self) -> None:
        focused = self.focused
        if isinstance(focused, Button):
            focused.press()
            return
        choice = self._current()
        if not choice.kinds:
            self._say("pick_kind")
            return
        # A busy or full store keeps the choice waiting and does not stop the drill.
        self.tutor.save_write(SettingWrite(SETTING, choice.to_setting()))
        plan = DrillPlan(choice.kinds, choice.length, choice.level, rules=self.tutor.drill_rules())
        self.app.switch_screen(DrillScreen(plan))

    def action_preset(self, preset: str) -> None:
        for kind in QUIZ_KINDS:
            self.query_one(f"#kind-{kind}", TickBox).value = kind in PRESETS[preset]
        self.message = ""
        """The key of the message shown under the lists (drawn in the language of the day), or empty."""
        self.query_one("#message", Static).update("")

    def action_due(self) -> None:
        due = self.tutor.due_concepts()
        if not due:
            self._say("nothing_due")
            return
        positions = review_positions(self.tutor.store, due)
        self.app.switch_screen(DrillScreen(DrillPlan.review(due, self.tutor.drill_rules(), positions)))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        preset = (event.button.id or "").removeprefix("preset-")
        if preset == "due":
            self.action_due()
        elif preset in PRESETS:
            self.action_preset(preset)
