"""The workbench's field for a hand in our notation."""

from __future__ import annotations

from textual.widgets import Input

KEYS_GIVEN_UP = frozenset("l?")
"""Characters that are no part of the notation and are the screen's keys
(language, help); every other character is typing, so a stray letter is
shown as a problem with its column rather than swallowed."""


class NotationField(Input):
    """Takes any text; gives up the few letters the workbench binds."""

    def __init__(self, value: str, *, placeholder: str, id: str) -> None:
        # Not selected on focus: after a redraw the next key goes on from what was typed.
        super().__init__(value=value, placeholder=placeholder, select_on_focus=False, id=id)

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character.isprintable() and character not in KEYS_GIVEN_UP
