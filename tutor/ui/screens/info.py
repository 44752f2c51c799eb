"""Help, settings and the glossary."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import DataTable, Header, Input, OptionList, Static
from textual.widgets.option_list import Option

from tutor.lessons.glossary import Term
from tutor.locale import text
from tutor.locale.message import listed
from tutor.quiz.drill_rules import MCR_DRILL_OPTIONS, RIICHI_DRILL_OPTIONS, DrillRules
from tutor.quiz.question import LEVELS
from tutor.quiz.writes import ResetProgress, SettingWrite
from tutor.ui.rule_words import option_text
from tutor.ui.screens.base import TutorScreen
from tutor.ui.screens.confirm import ConfirmScreen
from tutor.ui.screens.drill_setup import DEFAULT_LEVEL, SETTING, SetupChoice
from tutor.ui.widgets.key_footer import KeyFooter

__all__ = ["BACK", "GlossaryScreen", "HelpScreen", "SettingsScreen", "TutorScreen"]

BACK: list[BindingType] = [Binding("escape", "app.pop_screen", "Back", id="back", tooltip="Return")]


class HelpScreen(TutorScreen):
    BINDINGS: ClassVar[list[BindingType]] = BACK
    DEFAULT_CSS = """
    HelpScreen #help { padding: 1 2; max-width: 100; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="help-scroll"):
            yield Static(id="help", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.redraw_in_language()

    def redraw_in_language(self) -> None:
        # Only the words change, so the scroll position stays where it was.
        self.title = text(self.tutor.language, "help")
        self.query_one("#help", Static).update(text(self.tutor.language, "help_body"))


class SettingsScreen(TutorScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        *BACK,
        Binding("v", "default_level", "Level", id="default_level", tooltip="The level a new drill starts at"),
        Binding("x", "reset", "Reset progress", id="reset", tooltip="Clear every answer and read mark (asks first)"),
    ]
    DEFAULT_CSS = """
    SettingsScreen #settings { padding: 1 2 0 2; max-width: 100; height: auto; }
    SettingsScreen #rules-title { padding: 1 2 0 2; text-style: bold; }
    /* The rules scroll in the room left, so the settings above stay in sight at 80x24. */
    SettingsScreen #rule-options { margin: 0 2; max-width: 100; height: 1fr; min-height: 5; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="settings", markup=False)
        yield Static(id="rules-title", markup=False)
        yield OptionList(id="rule-options")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show_settings()
        self.query_one("#rule-options", OptionList).focus()

    def redraw_in_language(self) -> None:
        self.show_settings()

    def show_settings(self) -> None:
        """The settings as they are now; the app calls this when the theme changes."""
        app = self.tutor
        language = app.language
        self.title = text(language, "settings")
        body = text(
            language,
            "settings_body",
            language_name=text(language, "language.name"),
            theme=app.theme_title(app.theme),
            level=self._default_level(),
            path=app.progress_place(),
        )
        self.query_one("#settings", Static).update(body)
        self.query_one("#rules-title", Static).update(text(language, "settings.rules_title"))
        self._show_rules()

    def _show_rules(self) -> None:
        """One row per rule option a drill follows, with its value now; the highlight stays."""
        options = self.query_one("#rule-options", OptionList)
        highlighted = options.highlighted
        rules = self.tutor.drill_rules()
        options.clear_options()
        options.add_options(
            [
                Option(self._rule_row(name, rules), id=f"rule-{name}")
                for name in (*RIICHI_DRILL_OPTIONS, *MCR_DRILL_OPTIONS)
            ]
        )
        options.highlighted = highlighted if highlighted is not None else 0

    def _rule_row(self, name: str, rules: DrillRules) -> Content:
        language = self.tutor.language
        # Content, not a string: a string is read as markup.
        return Content(
            text(
                language,
                "settings.rule_row",
                rules=text(language, "rules_short." + ("riichi" if name in RIICHI_DRILL_OPTIONS else "mcr")),
                option=option_text(name, rules.value(name), language),
            )
        )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter (or a click) on a rule: its next value, kept for the learner's new drills."""
        name = (event.option.id or "").removeprefix("rule-")
        if name not in (*RIICHI_DRILL_OPTIONS, *MCR_DRILL_OPTIONS):
            return
        rules = self.tutor.drill_rules().next_value(name)
        self.tutor.set_drill_rules(rules)
        self._show_rules()
        language = self.tutor.language
        self.tutor.say("settings.rules_changed", option=option_text(name, rules.value(name), language))

    def _default_level(self) -> int:
        chosen = self.tutor.store.setting(DEFAULT_LEVEL)
        return int(chosen) if chosen in {str(level) for level in LEVELS} else LEVELS[0]

    def action_default_level(self) -> None:
        """`v`: the next level for new drills (a drill chosen before keeps its own)."""
        level = LEVELS[(LEVELS.index(self._default_level()) + 1) % len(LEVELS)]
        self.tutor.save_write(SettingWrite(DEFAULT_LEVEL, str(level)))
        remembered = self.tutor.store.setting(SETTING)
        if remembered:
            # The level remembered with the last drill gives way to the new default.
            choice = SetupChoice.from_setting(remembered)
            choice.level = level
            self.tutor.save_write(SettingWrite(SETTING, choice.to_setting()))
        self.show_settings()

    def action_reset(self) -> None:
        """`x`: every answer and read mark forgotten, once the learner says yes."""

        def reset(yes: bool | None) -> None:
            if not yes:
                return
            # On the one write path: after the answers queued before it, and kept if the store is busy.
            self.tutor.save_write(ResetProgress())
            self.tutor.say("settings.reset_done")
            self.show_settings()

        self.app.push_screen(ConfirmScreen("settings.reset_ask"), reset)


class GlossaryScreen(TutorScreen):
    """Every term: Korean, the original, English; typing filters in any language.

    The Korean screen shows the three names, the English screen English and
    the original (no Hangul on an English screen). The columns share the
    width, and a long entry wraps within its column, so no column is cut off
    at 80 columns. Below the
    table, the highlighted term's definition in the app's language, the
    lesson that teaches it and, for a fan, its points and a minimal example
    hand: the glossary is the fan reference. Enter opens the lesson.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *BACK,
        # A priority binding: enter opens the lesson from the filter field too.
        Binding(
            "enter",
            "open_term_lesson",
            "Open lesson",
            id="term_lesson",
            priority=True,
            tooltip="Open the lesson that teaches this term",
        ),
    ]
    DEFAULT_CSS = """
    GlossaryScreen DataTable { height: 1fr; }
    GlossaryScreen #term-detail { height: auto; max-height: 6; padding: 0 1; border-top: solid $primary; }
    """

    COLUMNS: ClassVar[dict[str, tuple[str, ...]]] = {"ko": ("ko", "original", "en"), "en": ("en", "original")}
    """The term columns in each language: an English screen shows no Hangul,
    so the Korean column is the Korean screen's alone."""
    SHARES: ClassVar[dict[str, int]] = {"ko": 3, "original": 2, "en": 4}
    """How the width is shared between the columns shown."""

    def __init__(self, term: str | None = None) -> None:
        super().__init__()
        self.initial = term or ""
        self._width = 0
        self.shown: list[Term] = []
        """The terms in the table, in its row order."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Input(value=self.initial, id="filter")
        yield DataTable(id="terms", cursor_type="row")
        yield Static(id="term-detail", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.redraw_in_language()

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        if self.size.width != self._width:
            self._fill(self.query_one("#filter", Input).value)

    def redraw_in_language(self) -> None:
        language = self.tutor.language
        self.title = text(language, "glossary")
        self.query_one("#filter", Input).placeholder = text(language, "glossary.filter")
        self._fill(self.query_one("#filter", Input).value)

    def _columns(self) -> tuple[str, ...]:
        return self.COLUMNS.get(self.tutor.language, self.COLUMNS["en"])

    def _column_widths(self) -> list[int]:
        # Each column has a cell of padding either side, and the scrollbar takes two.
        columns = self._columns()
        room = max(30, self.size.width - 2 - 2 * len(columns))
        shares = [self.SHARES[column] for column in columns]
        widths = [room * share // sum(shares) for share in shares]
        widths[-1] += room - sum(widths)
        return widths

    def _fill(self, query: str) -> None:
        """The table for a filter, in the app's language, its cursor kept."""
        language = self.tutor.language
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        self._width = self.size.width
        columns = self._columns()
        for column, width in zip(columns, self._column_widths(), strict=True):
            table.add_column(text(language, f"glossary.{column}"), width=width, key=column)
        needle = query.strip().lower()
        self.shown = [
            term
            for term in self.tutor.glossary
            if not needle or needle in f"{term.ko} {term.original} {term.en}".lower()
        ]
        for term in self.shown:
            names = {"ko": term.ko, "original": term.original, "en": term.en}
            cells = [Text(names[column], overflow="fold") for column in columns]
            table.add_row(*cells, height=None, key=term.id)
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1), animate=False)
        self._show_detail()

    def highlighted(self) -> Term | None:
        table = self.query_one(DataTable)
        if not self.shown or not 0 <= table.cursor_row < len(self.shown):
            return None
        return self.shown[table.cursor_row]

    def _show_detail(self) -> None:
        term = self.highlighted()
        words = term_detail(term, self.tutor.language, self._lesson_title) if term else None
        self.query_one("#term-detail", Static).update(words or text(self.tutor.language, "glossary.no_term"))

    def _lesson_title(self, lesson_id: str) -> str:
        lesson = self.tutor.library.lessons.get(self.tutor.language, {}).get(lesson_id)
        return lesson.title if lesson else lesson_id

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_detail()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._fill(event.value)

    def action_open_term_lesson(self) -> None:
        term = self.highlighted()
        if term is None or not term.lessons:
            self.app.bell()
            return
        self.tutor.open_lesson(term.lessons[0])


def term_detail(term: Term, language: str, lesson_title: Callable[[str], str]) -> str:
    """The lines under the glossary's table for one term, in `language`."""
    lines = []
    head = term.definition(language)
    if term.points is not None:
        points = text(language, "glossary.points", count=term.points)
        head = text(language, "glossary.fan_definition", points=points, definition=head) if head else points
    if head:
        lines.append(head)
    if term.example:
        lines.append(example_words(term.example, language))
    if term.lessons:
        lines.append(text(language, "glossary.lessons", titles=listed(lesson_title(one) for one in term.lessons)))
    return "\n".join(lines)


def example_words(example: str, language: str) -> str:
    """A fan's example hand with how it was won, in words: the settings of a
    lesson hand block (`win: 7p tsumo  flags: wall_last`) read out."""
    hand, _, setup = example.partition("|")
    settings = dict(
        (key.strip(), value.strip())
        for key, _, value in (part.partition(":") for part in re.split(r"\s{2,}", setup.strip()) if part)
    )
    tile, _, how = settings.get("win", "").partition(" ")
    tsumo = how.strip() == "tsumo"
    conditions = []
    for flag in settings.get("flags", "").split():
        if flag in ("kong", "wall_last"):
            flag = f"{flag}_tsumo" if tsumo else f"{flag}_ron"
        conditions.append(text(language, f"glossary.condition.{flag}"))
    for key in ("seat", "round"):
        if key in settings:
            conditions.append(text(language, f"glossary.condition.{key}", wind=text(language, f"wind.{settings[key]}")))
    if "flowers" in settings:
        count = int(settings["flowers"])
        key = "glossary.condition.flowers.one" if count == 1 else "glossary.condition.flowers.other"
        conditions.append(text(language, key, count=count))
    how_words = text(language, "glossary.how.tsumo" if tsumo else "glossary.how.ron")
    if conditions:
        return text(
            language,
            "glossary.example_with",
            hand=hand.strip(),
            tile=tile,
            how=how_words,
            conditions=listed(conditions),
        )
    return text(language, "glossary.example", hand=hand.strip(), tile=tile, how=how_words)
