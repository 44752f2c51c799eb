"""The links of the lesson text in view, to follow by key: the lesson
screen's `o` lists them, enter (or a click) follows one, escape goes back."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tutor.locale import text
from tutor.ui.keys import localise_bindings
from tutor.ui.shell import tutor_of
from tutor.ui.widgets.lesson_document import TextPart

LINK = re.compile(r"\[([^\]]+)\]\(((?:lesson|table|play):[^)\s]+)\)")
"""A Markdown link to a lesson, a table step or a scenario to play, as lessons write them."""


def links_in(source: str) -> list[tuple[str, str]]:
    """The (words, href) of each link in a lesson's Markdown, in order."""
    return [(re.sub(r"[*_`]", "", words), href) for words, href in LINK.findall(source)]


def first_named(parts: Sequence[object]) -> list[tuple[str, str]]:
    """The links of the text parts among `parts`, each place once, named as it is first written."""
    by_href: dict[str, str] = {}
    for part in parts:
        if isinstance(part, TextPart):
            for words, href in links_in(part.source):
                by_href.setdefault(href, words)
    return [(words, href) for href, words in by_href.items()]


class LinksScreen(ModalScreen[str | None]):
    """Dismissed with the href chosen, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Back", id="back", tooltip="Return"),
    ]
    DEFAULT_CSS = """
    LinksScreen { align: center middle; }
    LinksScreen #dialog { width: 70; max-width: 95%; height: auto; max-height: 80%; border: round $accent; padding: 0 1; background: $surface; }
    LinksScreen #links-title { color: $text-muted; }
    LinksScreen OptionList { height: auto; max-height: 16; border: none; }
    """

    def __init__(self, links: list[tuple[str, str]], *, heading: str = "lesson.links", highlighted: int = 0) -> None:
        super().__init__()
        self.links = links
        self.heading = heading
        """The message above the list: the links in view, or (none in view) all of the lesson's."""
        self.highlighted = highlighted

    def compose(self) -> ComposeResult:
        language = tutor_of(self.app).language
        with Vertical(id="dialog"):
            yield Static(text(language, self.heading), id="links-title", markup=False)
            yield OptionList(*[Option(words, id=href) for words, href in self.links], id="links")

    def on_mount(self) -> None:
        localise_bindings(self, tutor_of(self.app).language)
        options = self.query_one(OptionList)
        options.highlighted = self.highlighted
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)
