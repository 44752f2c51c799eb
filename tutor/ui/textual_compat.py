"""Every use of Textual's private API, in one place.

Textual is pinned exactly (pyproject.toml), and tests/test_textual_compat.py
names the pinned version: an upgrade fails there first, and this module is
the list of what to check against the new release. Nothing else under
tutor/ui touches a `_`-prefixed name of Textual's; that test fails if
anything does.

Two kinds of use cannot be a function here, since they are methods a
subclass defines for Textual to call. They are listed in OVERRIDDEN, which
the test holds to the pinned Textual (each name still defined where we
override it):

* `RowView._size_updated` (tutor/ui/widgets/row_view.py) lays its rows out at
  the new width inside the screen's layout pass, and `RowView._on_focus` /
  `_on_blur` redraw its bars;
* `LessonScreen._on_screen_suspend` / `_on_screen_resume`
  (tutor/ui/screens/lesson.py) skip restyling a kept lesson screen whose
  stylesheet did not change while it was away.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any, Final

from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.geometry import Size
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.widget import Widget
from textual.widgets import Footer

# Textual's own widgets that it does not export: the footer's key, the
# header's title, the base of its check boxes.
from textual.widgets._footer import FooterKey
from textual.widgets._header import HeaderTitle
from textual.widgets._toggle_button import ToggleButton

TEXTUAL_VERSION: Final = "8.2.8"
"""The Textual release this module was written against (pyproject pins it)."""

OVERRIDDEN: Final = (
    ("textual.scroll_view", "ScrollView", "_size_updated"),
    ("textual.widget", "Widget", "_on_focus"),
    ("textual.widget", "Widget", "_on_blur"),
    ("textual.screen", "Screen", "_on_screen_suspend"),
    ("textual.screen", "Screen", "_on_screen_resume"),
)
"""Private methods of Textual's that our subclasses override: (module, class, name)."""

__all__ = [
    "OVERRIDDEN",
    "TEXTUAL_VERSION",
    "FooterKey",
    "HeaderTitle",
    "ToggleButton",
    "binding_table",
    "counting_layouts",
    "drop_layout_request",
    "footer_context",
    "footer_ready",
    "is_key_disabled",
    "parse_style",
    "set_key_disabled",
    "set_scroll_range",
    "stylesheet_changes",
]


def binding_table(node: DOMNode) -> dict[str, list[Binding]]:
    """A node's own bindings by key, to relabel in place (Textual builds them
    from BINDINGS once and has no API to change a description)."""
    return node._bindings.key_to_bindings


def stylesheet_changes(app: App[Any]) -> int:
    """How many times the app's stylesheet has changed (a theme, say)."""
    return app._css_update_count


def drop_layout_request(widget: Widget) -> None:
    """Forget that `widget` asked for a layout of its screen."""
    widget._layout_required = False


def footer_ready(footer: Footer) -> bool:
    """Whether the footer has its keys (Textual fills it after the screen mounts)."""
    return footer._bindings_ready


def footer_context(footer: Footer) -> AbstractContextManager[None]:
    """The context Textual composes a footer's keys in (their data binds to it)."""
    return footer._context()


def is_key_disabled(key: FooterKey) -> bool:
    return key._disabled


def set_key_disabled(key: FooterKey, disabled: bool) -> None:
    """A footer key greyed out or not, as Textual's footer makes it."""
    key._disabled = disabled
    key.set_class(disabled, "-disabled")


def set_scroll_range(view: ScrollView, virtual_size: Size) -> None:
    """A scroll view's range set without asking for another layout of the screen."""
    view.set_reactive(ScrollView.virtual_size, virtual_size)
    view._scroll_update(virtual_size)


def parse_style(widget: Widget) -> Any:
    """The widget's parser of style names (for Content.render), with its cache."""
    return widget._get_style


@contextmanager
def counting_layouts() -> Iterator[list[str]]:
    """While open, every layout of a whole screen is noted (its class name),
    for bench/ui_latency.py's budgets: Textual counts none itself."""
    laid_out: list[str] = []
    original = Screen._refresh_layout

    def refresh_layout(screen: Screen[Any], *args: Any, **kwargs: Any) -> None:
        laid_out.append(type(screen).__name__)
        original(screen, *args, **kwargs)

    Screen._refresh_layout = refresh_layout  # type: ignore[method-assign, assignment]
    try:
        yield laid_out
    finally:
        Screen._refresh_layout = original  # type: ignore[method-assign]


def notifications_showing(app: App[Any]) -> list[Any]:
    """The notices on screen (App._notifications): drawn again in a new language."""
    return list(app._notifications)


def parent_of(node: MessagePump) -> MessagePump | None:
    """The pump a bubbling message goes to next (MessagePump._parent)."""
    return node._parent


def propagation_stopped(event: Any) -> bool:
    """Whether a handler stopped the event (Message._stop_propagation)."""
    return bool(event._stop_propagation)
