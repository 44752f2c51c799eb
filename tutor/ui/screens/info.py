"""Help, settings and the glossary."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Input, Static

from tutor.locale import text
from tutor.ui.keys import localise_bindings

if TYPE_CHECKING:
    from tutor.ui.app import TutorApp

BACK: list[BindingType] = [Binding("escape", "app.pop_screen", "Back", id="back", tooltip="Return")]


class TutorScreen(Screen[None]):
    def on_mount(self) -> None:
        localise_bindings(self, self.tutor.language)

    @property
    def tutor(self) -> TutorApp:
        from tutor.ui.app import TutorApp

        assert isinstance(self.app, TutorApp)
        return self.app


class HelpScreen(TutorScreen):
    BINDINGS: ClassVar[list[BindingType]] = BACK
    DEFAULT_CSS = "HelpScreen #help { padding: 1 2; }"

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield Static(text(self.tutor.language, "help_body"), id="help", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        self.title = text(self.tutor.language, "help")


class SettingsScreen(TutorScreen):
    BINDINGS: ClassVar[list[BindingType]] = BACK
    DEFAULT_CSS = "SettingsScreen #settings { padding: 1 2; }"

    def compose(self) -> ComposeResult:
        app = self.tutor
        yield Header()
        body = text(
            app.language,
            "settings_body",
            language_name="한국어" if app.language == "ko" else "English",
            theme=app.theme,
            path=app.progress_place(),
        )
        yield Static(body, id="settings", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        self.title = text(self.tutor.language, "settings")


class GlossaryScreen(TutorScreen):
    """Every term: Korean, the original, English; typing filters in any language."""

    BINDINGS: ClassVar[list[BindingType]] = BACK
    DEFAULT_CSS = "GlossaryScreen DataTable { height: 1fr; }"

    def __init__(self, term: str | None = None) -> None:
        super().__init__()
        self.initial = term or ""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Input(value=self.initial, placeholder="...", id="filter")
        yield DataTable(id="terms", cursor_type="row")
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        self.title = text(self.tutor.language, "glossary")
        table = self.query_one(DataTable)
        table.add_columns("한국어", "原語", "English")
        self._fill(self.initial)

    def _fill(self, query: str) -> None:
        table = self.query_one(DataTable)
        table.clear()
        needle = query.strip().lower()
        for term in self.tutor.glossary:
            if not needle or needle in f"{term.ko} {term.original} {term.en}".lower():
                table.add_row(term.ko, term.original, term.en)

    def on_input_changed(self, event: Input.Changed) -> None:
        self._fill(event.value)
