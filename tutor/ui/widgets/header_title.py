"""Titles put in the header at once, without another layout of the screen.

Textual's Header follows a title from watchers that run after the screen has
been laid out, and its title widget then asks for a layout of the whole
screen, although its width is the header's whatever it says. On `]` and `l`,
which swap the lesson in place, that was a second layout and one more frame
(measured with `python -m bench.ui_latency`). So a title that changes while
its screen is shown is set here: without the watchers, and redrawn in the
same layout as the rest of the screen.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.screen import Screen
from textual.widgets import Header

from tutor.ui.textual_compat import HeaderTitle


def set_titles(screen: Screen[Any], title: str, sub_title: str | None = None) -> None:
    """A screen's title (and sub-title), shown in its header at once."""
    screen.set_reactive(Screen.title, title)
    screen.set_reactive(Screen.sub_title, sub_title)
    redraw_titles(screen)


def set_app_title(app: App[Any], title: str) -> None:
    """The app's title, shown at once in the header of the screen on top;
    the screens underneath show it when they are back (`redraw_titles`).
    Redrawn now, a screen underneath would have Textual draw the one on top
    once more, in case it showed through."""
    app.set_reactive(App.title, title)
    redraw_titles(app.screen)


def redraw_titles(screen: Screen[Any]) -> None:
    """The screen's headers show its titles as they are now."""
    for header in screen.query(Header):
        for title in header.query(HeaderTitle):
            # The title's width is the header's: no layout is needed.
            title.update(header.format_title(), layout=False)
