"""The hand workbench: type (or pick) any hand and see everything the engine
knows about it, riichi and MCR side by side.

Every change re-reads the hand and redraws the panels from
`tutor.workbench` (the functions `tutor analyze` and `tutor score` use);
this screen only lays them out and keeps the settings and the history.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Collapsible, Header, Input, OptionList, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option

from tutor.engine.mcr.context import MCR_FLAGS
from tutor.engine.rules import Rules
from tutor.locale import SWITCH_LABEL, render, text
from tutor.quiz.names import FLAG_NAMES, WIN_WORDS
from tutor.ui.keys import localise_bindings
from tutor.ui.rule_words import option_text
from tutor.ui.screens.base import TutorScreen
from tutor.ui.strings import WIND_NAMES
from tutor.ui.tile_art import TileSize, hand_groups
from tutor.ui.widgets.efficiency_view import EfficiencyView
from tutor.ui.widgets.hand_view import TilesView
from tutor.ui.widgets.key_footer import KeyFooter
from tutor.ui.widgets.notation_field import NotationField
from tutor.ui.widgets.tile_picker import TilePicker
from tutor.workbench.analysis import WorkbenchAnalysis, analyse
from tutor.workbench.block import blocks_text, save_blocks
from tutor.workbench.panels import panels
from tutor.workbench.picking import Picked, picked_from
from tutor.workbench.settings import (
    MCR_OPTIONS,
    RIICHI_FLAGS,
    RIICHI_OPTIONS,
    WINDS,
    Settings,
    option_choices,
)

PICKER_BUTTONS = ("remove", "win", "chi", "pon", "open_kan", "closed_kan")
"""The picker's buttons, for the mouse: each does what a picker key does."""
SIDE_BY_SIDE = 120
"""The width from which riichi and MCR stand in two columns instead of two tabs."""
HISTORY = 20
"""Hands kept for undo in one session."""


def next_wind(wind: str) -> str:
    return WINDS[(WINDS.index(wind) + 1) % len(WINDS)]


class WorkbenchScreen(TutorScreen):
    """A notation field, the tiles, the settings, and one panel per rule family."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="back", tooltip="Return to where the workbench was opened"),
        Binding("ctrl+z", "undo", "Undo", id="undo", priority=True, tooltip="Undo the last change of the hand"),
        Binding(
            "ctrl+s",
            "save",
            "Save",
            id="save",
            priority=True,
            tooltip="Copy the hand as lesson hand blocks and add them to a file in the data folder",
        ),
        Binding("f5", "present", "Present", id="present", tooltip="Largest tiles, for the classroom"),
        Binding("f2", "settings", "Settings", id="workbench_settings", tooltip="Show or hide the settings"),
        Binding("f3", "picker", "Tiles", id="picker", tooltip="Pick tiles with the keyboard or the mouse"),
        # Letters that are no part of the notation, so the field can give them up.
        Binding("l", "app.switch_language", SWITCH_LABEL, id="language", show=False, priority=True),
        Binding("question_mark", "app.help", "Help", id="help", show=False, priority=True),
    ]
    DEFAULT_CSS = """
    WorkbenchScreen #notation { margin: 0 1; }
    WorkbenchScreen #summary { padding: 0 2; height: auto; }
    WorkbenchScreen #summary.problem { color: $error; text-style: bold; }
    WorkbenchScreen #tiles { padding: 0 2; }
    WorkbenchScreen #settings { margin: 0 1; padding: 0; border: none; }
    WorkbenchScreen #settings-list { height: auto; max-height: 10; }
    WorkbenchScreen #indicators { height: auto; }
    WorkbenchScreen #indicators Input { width: 1fr; }
    WorkbenchScreen .efficiency { margin-top: 1; }
    WorkbenchScreen .score { margin-bottom: 1; }
    WorkbenchScreen #picker-panel { height: auto; display: none; }
    WorkbenchScreen.picking #picker-panel { display: block; }
    WorkbenchScreen #picker-help { padding: 0 2; color: $text-muted; }
    WorkbenchScreen #picker-buttons { height: auto; padding: 0 2; }
    WorkbenchScreen #picker-buttons Button { margin-right: 1; width: auto; min-width: 0; }
    WorkbenchScreen.picking #tiles { display: none; }
    WorkbenchScreen #results { height: 1fr; }
    WorkbenchScreen .column { width: 1fr; padding: 0 1; }
    WorkbenchScreen .column-title { text-style: bold; color: $accent; }
    WorkbenchScreen .shape { color: $text-muted; }
    WorkbenchScreen.presenting Header, WorkbenchScreen.presenting Footer { display: none; }
    WorkbenchScreen.presenting #settings, WorkbenchScreen.presenting .efficiency { display: none; }
    WorkbenchScreen.presenting #picker-panel { display: none; }
    """

    def __init__(self, source: str = "", settings: Settings | None = None, rules: Rules = Rules.RIICHI) -> None:
        super().__init__()
        self.source = source
        self.settings = settings or Settings()
        self.first_rules = rules
        """The tab shown first when the two rule families are tabs."""
        self.analysis: WorkbenchAnalysis = analyse(source, self.settings)
        self.presenting = False
        self.side_by_side = False

    @property
    def history(self) -> list[tuple[str, Settings]]:
        """Earlier hands of this session, newest last; kept on the app so
        that closing and opening the workbench loses none."""
        return self.tutor.workbench_history

    # --- drawing ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        language = self.tutor.language
        yield Header()
        yield NotationField(self.source, placeholder=text(language, "workbench.prompt"), id="notation")
        yield Static("", id="summary", markup=False)
        yield TilesView([], id="tiles")
        with Collapsible(title=self._settings_title(), id="settings", collapsed=True):
            yield OptionList(*self._setting_options(), id="settings-list")
            with Horizontal(id="indicators"):
                yield NotationField(self.settings.dora, placeholder=text(language, "workbench.dora_field"), id="dora")
                yield NotationField(self.settings.ura, placeholder=text(language, "workbench.ura_field"), id="ura")
        with Vertical(id="picker-panel"):
            yield TilePicker(id="picker")
            yield Static(text(language, "workbench.picker_help"), id="picker-help", markup=False)
            with Horizontal(id="picker-buttons"):
                for action in PICKER_BUTTONS:
                    yield Button(text(language, f"workbench.button.{action}"), id=f"button-{action}", compact=True)
        self.side_by_side = self.app.size.width >= SIDE_BY_SIDE
        if self.side_by_side:
            with Horizontal(id="results"):
                for rules in Rules:
                    with VerticalScroll(classes="column", id=f"column-{rules.value}"):
                        yield from self._column(rules, title=True)
        else:
            with TabbedContent(id="results", initial=f"tab-{self.first_rules.value}"):
                for rules in Rules:
                    with (
                        TabPane(text(language, f"workbench.{rules.value}"), id=f"tab-{rules.value}"),
                        VerticalScroll(classes="column", id=f"column-{rules.value}"),
                    ):
                        yield from self._column(rules, title=False)
        yield KeyFooter()

    def _column(self, rules: Rules, title: bool) -> ComposeResult:
        if title:
            yield Static(text(self.tutor.language, f"workbench.{rules.value}"), classes="column-title")
        # The score first: on a small screen it is what the learner came for.
        yield Static("", classes="score", id=f"score-{rules.value}", markup=False)
        yield Static("", classes="shape", id=f"shape-{rules.value}", markup=False)
        yield EfficiencyView(classes="efficiency", id=f"efficiency-{rules.value}")

    def on_mount(self) -> None:
        localise_bindings(self, self.tutor.language)
        self.title = text(self.tutor.language, "workbench.title")
        self.show()
        self.query_one("#notation", Input).focus()

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        if (self.app.size.width >= SIDE_BY_SIDE) != self.side_by_side:
            self.refresh(recompose=True)

    async def recompose(self) -> None:
        # The tab the learner chose stays chosen in the other language (`l`).
        tabs = self.query(TabbedContent)
        if tabs:
            self.first_rules = Rules(tabs.first().active.removeprefix("tab-"))
        await super().recompose()
        self.title = text(self.tutor.language, "workbench.title")
        self.show()
        self.query_one("#notation", Input).focus()

    def show(self) -> None:
        """Draw the current analysis into every panel."""
        analysis = self.analysis
        words = panels(analysis, self.tutor.language)
        summary = self.query_one("#summary", Static)
        summary.update(words.summary)
        summary.set_class(analysis.problem is not None, "problem")
        if analysis.problem is None:
            # A problem keeps the last tiles drawn: nothing on screen is lost while typing.
            tiles = self.query_one("#tiles", TilesView)
            hand = analysis.hand
            win = analysis.win if analysis.tile_count == 14 else None
            tiles.groups = hand_groups(hand, win) if hand is not None else []
            tiles.refresh(layout=True)
            picker = self.query_one(TilePicker)
            if picker.picked.notation() != self.source:
                picker.load(picked_from(hand, analysis.win) if hand is not None else Picked())
            for rules in Rules:
                shape = words.shape.get(rules, [])
                score = words.riichi if rules is Rules.RIICHI else words.mcr
                self.query_one(f"#shape-{rules.value}", Static).update("\n".join(shape))
                self.query_one(f"#score-{rules.value}", Static).update("\n".join(score))
                self.query_one(f"#efficiency-{rules.value}", EfficiencyView).found = words.efficiency.get(rules)

    # --- settings --------------------------------------------------------------------------

    def _settings_title(self) -> str:
        language = self.tutor.language
        settings = self.settings
        how = render(WIN_WORDS.name("tsumo" if settings.tsumo else "ron"), language)
        winds = WIND_NAMES[language]
        flags = [render(FLAG_NAMES.name(flag), language) for flag in settings.riichi_flags]
        flags += [text(language, f"mcr_flag.{flag}") for flag in settings.mcr_flags]
        parts = [
            how,
            f"{text(language, 'workbench.seat')} {winds[WINDS.index(settings.seat)]}",
            f"{text(language, 'workbench.round')} {winds[WINDS.index(settings.round)]}",
            *flags,
        ]
        parts += [
            option_text(name, value, language) for name, value in (*settings.riichi_options, *settings.mcr_options)
        ]
        return "   ".join(parts) + "   (f2)"

    def _setting_options(self) -> list[Option]:
        language = self.tutor.language
        settings = self.settings

        def tick(on: bool, name: str) -> Content:
            # Content, not a string: a string is read as markup, and `[x]` vanished as a tag.
            return Content(text(language, "workbench.setting_on" if on else "workbench.setting_off", setting=name))

        options = [
            Option(tick(settings.tsumo, text(language, "workbench.tsumo")), id="tsumo"),
            Option(
                f"{text(language, 'workbench.seat')}: {WIND_NAMES[language][WINDS.index(settings.seat)]}", id="seat"
            ),
            Option(
                f"{text(language, 'workbench.round')}: {WIND_NAMES[language][WINDS.index(settings.round)]}", id="round"
            ),
        ]
        for flag in RIICHI_FLAGS:
            name = FLAG_NAMES.name(flag)
            label = text(language, "workbench.setting_of", rules=text(language, "workbench.riichi"), name=name)
            options.append(Option(tick(flag in settings.riichi_flags, label), id=f"flag-{flag}"))
        for flag in MCR_FLAGS:
            label = text(
                language,
                "workbench.setting_of",
                rules=text(language, "workbench.mcr"),
                name=text(language, f"mcr_flag.{flag}"),
            )
            options.append(Option(tick(flag in settings.mcr_flags, label), id=f"flag-{flag}"))
        for name in (*RIICHI_OPTIONS, *MCR_OPTIONS):
            # In words, as the settings screen says them (an identifier and a Python value were shown).
            options.append(Option(option_text(name, settings.option(name), language), id=f"option-{name}"))
        return options

    def change_setting(self, setting: str) -> None:
        """Enter (or a click) on a setting moves it to its next value."""
        settings = self.settings
        if setting == "tsumo":
            settings = replace(settings, tsumo=not settings.tsumo)
        elif setting == "seat":
            settings = replace(settings, seat=next_wind(settings.seat))
        elif setting == "round":
            settings = replace(settings, round=next_wind(settings.round))
        elif setting.startswith("flag-"):
            settings = settings.toggled_flag(setting.removeprefix("flag-"))
        elif setting.startswith("option-"):
            name = setting.removeprefix("option-")
            choices = option_choices(name)
            position = choices.index(settings.option(name)) if settings.option(name) in choices else -1
            settings = settings.with_option(name, choices[(position + 1) % len(choices)])
        self.change(self.source, settings)
        listed = self.query_one("#settings-list", OptionList)
        highlighted = listed.highlighted
        listed.clear_options()
        listed.add_options(self._setting_options())
        listed.highlighted = highlighted
        self.query_one("#settings", Collapsible).title = self._settings_title()

    @on(OptionList.OptionSelected, "#settings-list")
    def _setting_chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.change_setting(event.option.id)

    # --- the hand --------------------------------------------------------------------------

    def change(self, source: str, settings: Settings, remember: bool = True) -> None:
        """A new hand or new settings: remember the old ones, analyse, redraw."""
        if (source, settings) == (self.source, self.settings):
            return
        if remember and self._worth_remembering(settings):
            self.history.append((self.source, self.settings))
            del self.history[:-HISTORY]
        self.source, self.settings = source, settings
        self.analysis = analyse(source, settings)
        self.show()

    def _worth_remembering(self, settings: Settings) -> bool:
        """Undo goes back a hand, not a character: the state left is kept
        when it was a whole hand (13 or 14 tiles that read) or the settings
        change, and not twice over."""
        state = (self.source, self.settings)
        if self.history and self.history[-1] == state:
            return False
        whole = self.analysis.problem is None and self.analysis.tile_count >= 13
        return whole or settings != self.settings

    @on(Input.Changed, "#notation")
    def _typed(self, event: Input.Changed) -> None:
        self.change(event.value, self.settings)

    @on(Input.Changed, "#dora")
    def _dora(self, event: Input.Changed) -> None:
        self.change(self.source, replace(self.settings, dora=event.value))

    @on(Input.Changed, "#ura")
    def _ura(self, event: Input.Changed) -> None:
        self.change(self.source, replace(self.settings, ura=event.value))

    def action_undo(self) -> None:
        if not self.history:
            self.tutor.say("workbench.nothing_to_undo")
            return
        source, settings = self.history.pop()
        self.change(source, settings, remember=False)
        with self.prevent(Input.Changed):
            self.query_one("#notation", Input).value = source
            self.query_one("#dora", Input).value = settings.dora
            self.query_one("#ura", Input).value = settings.ura

    def action_save(self) -> None:
        blocks = blocks_text(self.analysis)
        if blocks is None:
            self.tutor.say("workbench.nothing_to_save", severity="warning")
            return
        # Both: the clipboard (OSC 52) is quickest to paste, but some terminals ignore it; the file is always there.
        self.app.copy_to_clipboard(blocks)
        folder = self.tutor.files_folder()
        try:
            path = save_blocks(blocks, folder)
        except OSError:
            self.tutor.say("workbench.not_saved", severity="warning", path=self.tutor.shown_path(folder))
            return
        self.tutor.say("workbench.saved", timeout=10, path=self.tutor.shown_path(path))

    def action_settings(self) -> None:
        # Presentation hides the settings: a list focused there, never laid
        # out, raised KeyError at pagedown. Showing them leaves presentation.
        if self.presenting:
            self.action_present()
        settings = self.query_one("#settings", Collapsible)
        settings.collapsed = not settings.collapsed
        if not settings.collapsed:
            self.call_after_refresh(self.query_one("#settings-list", OptionList).focus)
        else:
            self.query_one("#notation", Input).focus()

    def action_picker(self) -> None:
        if self.presenting:
            self.action_present()  # presentation hides the picker too
        picking = not self.has_class("picking")
        self.set_class(picking, "picking")
        if picking:
            self.call_after_refresh(self.query_one(TilePicker).focus)
        else:
            self.query_one("#notation", Input).focus()

    @on(TilePicker.Changed)
    def _picked(self, event: TilePicker.Changed) -> None:
        # The field shows what was picked, as if typed; its Changed re-analyses the hand.
        field = self.query_one("#notation", Input)
        field.value = event.notation
        # The cursor after the tiles, where typing goes on (it was left at the start).
        field.cursor_position = len(field.value)

    @on(Button.Pressed)
    def _picker_button(self, event: Button.Pressed) -> None:
        picker = self.query_one(TilePicker)
        action = (event.button.id or "").removeprefix("button-")
        if action == "remove":
            picker.action_remove()
        elif action == "win":
            picker.mark_win()
        else:
            picker.action_meld(action)

    def action_present(self) -> None:
        self.presenting = not self.presenting
        self.set_class(self.presenting, "presenting")
        self.query_one("#tiles", TilesView).size_name = TileSize.LARGE if self.presenting else TileSize.SMALL
        if self.presenting:
            self.query_one("#notation", Input).focus()  # the settings and picker it hides keep no focus

    def action_back(self) -> None:
        if self.presenting:
            self.action_present()
        else:
            self.app.pop_screen()
