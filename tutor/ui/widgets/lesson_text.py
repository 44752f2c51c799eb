"""A piece of a lesson's text, drawn by Textual's Markdown widget but built
with the screen.

Textual's Markdown parses its text in a worker thread once it is mounted and
then mounts its blocks, each batch one more layout pass of the whole screen;
a lesson has 10 to 40 such pieces, and opening one paid those passes for
every piece. Here the blocks are composed with the widget, so the screen lays
them out once, and the parse of a piece is kept, since lessons are opened
again and again (and in two languages).
"""

from __future__ import annotations

from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.token import Token
from textual import events
from textual.app import ComposeResult
from textual.widgets import Markdown

PARSER = MarkdownIt("gfm-like")
"""One parser for every piece: building one cost more than a parse."""


@lru_cache(maxsize=2048)
def parsed(markdown: str) -> tuple[Token, ...]:
    """The tokens of a piece of text; Textual's widgets only read them."""
    return tuple(PARSER.parse(markdown))


class LessonText(Markdown):
    """A Markdown piece whose blocks are composed, not mounted later."""

    def compose(self) -> ComposeResult:
        markdown = self._initial_markdown or ""
        self._initial_markdown = None
        self._markdown = markdown
        self._theme = self.app.theme
        yield from self._parse_markdown(parsed(markdown))

    # Textual's Widget declares this handler sync and Markdown async; ours
    # matches Markdown's, which it replaces.
    async def _on_mount(self, event: events.Mount) -> None:  # type: ignore[override]
        # Markdown's own mount handler would parse and mount everything again.
        event.prevent_default()
