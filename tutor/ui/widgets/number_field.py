"""A field for a whole number: the fu of a hand, points, an MCR total."""

from __future__ import annotations

from textual.widgets import Input

MAX_DIGITS = 6
"""No answer the drills ask for has more digits (the largest payment is
six digits); a longer paste is refused whole rather than cut."""


class NumberField(Input):
    """Takes ASCII digits only, at most MAX_DIGITS of them.

    Signs, letters and over-long pastes never reach the value, so reading it
    cannot fail; and since letters are not typing here, the footer may show
    letter keys as keys while the field has focus.
    """

    def __init__(self, *, placeholder: str, id: str, value: str = "", compact: bool = False) -> None:
        # Not selected on focus: after a redraw (a language switch) the next
        # digit goes on from what was typed rather than replacing it.
        super().__init__(
            value=value,
            placeholder=placeholder,
            restrict=r"[0-9]*",
            max_length=MAX_DIGITS,
            select_on_focus=False,
            id=id,
        )
        if compact:
            # Set as the footer's keys set theirs: Input's reactive toggles
            # its class with a restyle of the field, though a field not
            # mounted yet is styled when it mounts. An MCR steps question
            # has some twenty compact fields, each restyled for nothing.
            self.set_reactive(Input.compact, True)
            self.set_class(True, "-textual-compact", update=False)

    @property
    def number(self) -> int | None:
        """The number typed, or None while the field is empty."""
        return int(self.value) if self.value.isascii() and self.value.isdecimal() else None

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character.isascii() and character.isdecimal()
