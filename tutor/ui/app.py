"""The Mahjong Tutor app.

For now the home screen names the two tracks; lessons, drills and settings
come with their own issues.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Footer, Header, Static

from tutor.ui.language import default_language

TEXT = {
    "en": {
        "title": "Mahjong Tutor",
        "riichi": "Japanese riichi mahjong",
        "mcr": "Chinese Official mahjong (MCR)",
        "tracks": "Tracks",
        "quit": "Quit",
    },
    "ko": {
        "title": "마작 튜터",
        "riichi": "일본 리치 마작",
        "mcr": "중국 국표 마작 (MCR)",
        "tracks": "과정",
        "quit": "종료",
    },
}


class TutorApp(App[None]):
    """The whole app; `language` is "ko" or "en"."""

    CSS = """
    #tracks { padding: 1 2; }
    .track { padding: 0 2; margin-bottom: 1; border: round $primary; width: 60; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "quit", "Quit", id="quit", tooltip="Leave the tutor")]

    def __init__(self, language: str | None = None) -> None:
        super().__init__()
        self.language = language or default_language()
        """The language of all text on screen: "ko" or "en"."""

    def compose(self) -> ComposeResult:
        text = TEXT[self.language]
        yield Header()
        with Vertical(id="tracks"):
            yield Static(text["tracks"], classes="heading")
            yield Static(text["riichi"], id="track-riichi", classes="track")
            yield Static(text["mcr"], id="track-mcr", classes="track")
        yield Footer()

    def on_mount(self) -> None:
        self.title = TEXT[self.language]["title"]
