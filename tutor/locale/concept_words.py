"""A stored concept's key in words from the catalogue (`concept.<key>`), a
yakuman's by its name: what `tutor review` says of a finding and what the
teacher's dashboard labels a concept with: in the locale layer, which both
the service and the quiz read (they never import each other)."""

from __future__ import annotations

from typing import Final

from tutor.locale.catalogue import FALLBACK, sentences
from tutor.locale.message import Value, message

PREFIX_CONCEPT: Final = "concept."
"""A concept by name: `concept.<key>` (see `concept_words`)."""


def concept_words(concept: str) -> Value:
    """A concept in words: a yakuman's by the yakuman's name, any other by
    its catalogue entry (`concept.<key>`); one the catalogue does not name
    shows as its key."""
    kind, _, name = concept.partition(":")
    if kind == "yakuman" and f"yakuman.{name}" in sentences(FALLBACK):
        return message(f"{PREFIX_CONCEPT}yakuman", yakuman=message(f"yakuman.{name}"))
    return message(PREFIX_CONCEPT + concept) if PREFIX_CONCEPT + concept in sentences(FALLBACK) else concept
