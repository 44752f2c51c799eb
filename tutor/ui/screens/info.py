"""Help, settings and the glossary."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Header, Input, Static

from tutor.locale import text
from tutor.ui.screens.base import TutorScreen
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
    BINDINGS: ClassVar[list[BindingType]] = BACK
    DEFAULT_CSS = "SettingsScreen #settings { padding: 1 2; max-width: 100; }"

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="settings", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show_settings()

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
            path=app.progress_place(),
        )
        self.query_one("#settings", Static).update(body)


class GlossaryScreen(TutorScreen):
    """Every term: Korean, the original, English; typing filters in any language.

    The three columns share the width, and a long entry wraps within its
    column, so the English column is never cut off at 80 columns.
    """

    BINDINGS: ClassVar[list[BindingType]] = BACK
    DEFAULT_CSS = "GlossaryScreen DataTable { height: 1fr; }"

    COLUMNS: ClassVar[tuple[str, ...]] = ("ko", "original", "en")
    SHARES: ClassVar[tuple[int, ...]] = (3, 2, 4)
    """How the width is shared between the columns, in that order."""

    def __init__(self, term: str | None = None) -> None:
        super().__init__()
        self.initial = term or ""
        self._width = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Input(value=self.initial, id="filter")
        yield DataTable(id="terms", cursor_type="row")
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

    def _column_widths(self) -> list[int]:
        # Each column has a cell of padding either side, and the scrollbar takes two.
        room = max(30, self.size.width - 2 - 2 * len(self.COLUMNS))
        total = sum(self.SHARES)
        widths = [room * share // total for share in self.SHARES]
        widths[-1] += room - sum(widths)
        return widths

    def _fill(self, query: str) -> None:
        """The table for a filter, in the app's language, its cursor kept."""
        language = self.tutor.language
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        self._width = self.size.width
        for column, width in zip(self.COLUMNS, self._column_widths(), strict=True):
            table.add_column(text(language, f"glossary.{column}"), width=width, key=column)
        needle = query.strip().lower()
        for term in self.tutor.glossary:
            if not needle or needle in f"{term.ko} {term.original} {term.en}".lower():
                cells = [
                    Text(term.ko, overflow="fold"),
                    Text(term.original, overflow="fold"),
                    Text(term.en, overflow="fold"),
                ]
                table.add_row(*cells, height=None)
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1), animate=False)

    def on_input_changed(self, event: Input.Changed) -> None:
        self._fill(event.value)
