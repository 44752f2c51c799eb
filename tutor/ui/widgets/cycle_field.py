"""A one-line choice among a few options, stepped through with the arrow
keys or space: lighter than a drop-down (an answer row holds two of them
per fan, and a screen is redrawn whole on a language switch), and it never
opens over the rows below it."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import Static


class CycleField(Static, can_focus=True):
    """`options` are (label, value) pairs; None (shown as `blank`) is chosen first."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,space", "cycle(1)", "Next choice", show=False),
        Binding("left", "cycle(-1)", "Previous choice", show=False),
    ]
    DEFAULT_CSS = """
    CycleField { height: 1; background: $boost; }
    CycleField:focus { background: $accent 40%; text-style: bold; }
    CycleField.-blank { color: $text-muted; }
    """

    def __init__(
        self, options: list[tuple[str, str]], blank: str, value: str | None, *, id: str, classes: str = ""
    ) -> None:
        super().__init__("", id=id, classes=classes, markup=False)
        self.options = options
        self.blank = blank
        known = {option for _, option in options}
        self._value = value if value in known else None
        self._show()

    @property
    def value(self) -> str | None:
        return self._value

    @value.setter
    def value(self, value: str | None) -> None:
        self._value = value if value in {option for _, option in self.options} else None
        self._show()

    def action_cycle(self, step: int) -> None:
        values: list[str | None] = [None, *(option for _, option in self.options)]
        self.value = values[(values.index(self._value) + step) % len(values)]

    def _show(self) -> None:
        label = next((label for label, option in self.options if option == self._value), self.blank)
        self.update(f"‹ {label} ›")
        # A field not mounted yet is styled when it mounts; restyling it here
        # too cost an MCR steps question a tenth of its drawing.
        self.set_class(self._value is None, "-blank", update=self.is_mounted)
