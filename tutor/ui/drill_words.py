"""The drill screens' sentences, from the catalogue (keys `drill.*`)."""

from __future__ import annotations

from tutor.locale import text


def word(language: str, key: str, **values: object) -> str:
    """A drill sentence from the catalogue (its keys start with `drill.`)."""
    return text(language, f"drill.{key}", **values)
