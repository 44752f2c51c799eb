"""The command line speaks English: its sentences come from the `en`
catalogue, like every other screen's, so that none is assembled in code."""

from __future__ import annotations

from tutor.locale import text

LANGUAGE = "en"
INDENT = " " * 9
"""Where a score's second line starts, under the hand after "Hand:    "."""


def say(key: str, /, **values: object) -> str:
    """The English sentence `key`, its placeholders filled in."""
    return text(LANGUAGE, key, **values)
