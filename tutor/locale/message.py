"""Messages: what the tutor says, kept as a catalogue key and its values
until it is shown, then rendered in the learner's language.

A quiz, the engine's services or a screen hand on a `Message` instead of a
sentence, so one question can be shown in any language the catalogue has,
and a sentence is written once, in the catalogue, whole. A value is a
number or a string shown as it is (tile notation, a point count), another
message rendered in the same language (a tile's name inside a sentence),
or a `Joined` list of them.

Placeholders are `{name}`; `{name|은}` adds a Korean particle chosen by the
rendered value (tutor/locale/particles.py). A key with plural forms has
`key.one` and `key.other` entries instead of `key`, chosen by the value
`count`: a language with one form (Korean) writes only `key.other`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final, TypeAlias, Union

from tutor.locale.catalogue import FALLBACK, sentences
from tutor.locale.particles import particle

Value: TypeAlias = Union[str, int, float, "Message", "Joined", "Paragraph"]

PLACEHOLDER: Final = re.compile(r"\{(\w+)(?:\|(\w+))?\}")
"""`{name}` or `{name|particle}` in a catalogue sentence."""

PLURAL_VALUE: Final = "count"
"""The value that picks a plural form."""


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence by its catalogue key, with the values of its placeholders."""

    key: str
    values: Mapping[str, Value] = field(default_factory=dict)

    def render(self, language: str) -> str:
        return render(self, language)


def message(key: str, /, **values: Value) -> Message:
    """`Message(key, values)` written as a call: `message("fu.total", fu=30)`."""
    return Message(key, values)


@dataclass(frozen=True, slots=True)
class Joined:
    """Several values shown as one, with a separator between them (", ", "; ",
    or a message: " or the ")."""

    items: tuple[Value, ...]
    separator: Value = ", "
    empty: Value = "-"
    """What an empty list shows."""


def joined(items: Iterable[Value], separator: Value = ", ", empty: Value = "-") -> Joined:
    return Joined(tuple(items), separator, empty)


def listed(items: Iterable[Value], empty: Value = "") -> Joined:
    """Items as one list, joined as the language joins a list (the catalogue's `list.join`)."""
    return Joined(tuple(items), Message("list.join"), empty)


LINE_BREAK: Final = "\n"
"""Where a catalogue sentence of several lines (an explanation's) starts a new line."""


@dataclass(frozen=True, slots=True)
class Paragraph:
    """Several values read as one paragraph, a space between them: the line
    breaks a catalogue sentence marks read as spaces too."""

    items: tuple[Value, ...]


Speech: TypeAlias = Message | Mapping[str, str]
"""What a question or a screen says: a message, or (while kinds written
before messages are brought over) a sentence per language."""


def template(language: str, key: str, values: Mapping[str, Value]) -> str:
    """The catalogue sentence of `key`, in its plural form for `values`."""
    catalogue = sentences(language)
    if key in catalogue:
        return catalogue[key]
    count = values.get(PLURAL_VALUE)
    if isinstance(count, int) and count == 1 and f"{key}.one" in catalogue:
        return catalogue[f"{key}.one"]
    if f"{key}.other" in catalogue:
        return catalogue[f"{key}.other"]
    if language != FALLBACK:
        return template(FALLBACK, key, values)
    raise KeyError(key)


def render_value(value: Value, language: str) -> str:
    if isinstance(value, Message):
        return render(value, language)
    if isinstance(value, Joined):
        if not value.items:
            return render_value(value.empty, language)
        separator = render_value(value.separator, language)
        return separator.join(render_value(item, language) for item in value.items)
    if isinstance(value, Paragraph):
        return " ".join(render_value(item, language) for item in value.items).replace(LINE_BREAK, " ")
    return str(value)


def fill(sentence: str, values: Mapping[str, Value], language: str) -> str:
    """A sentence with its placeholders filled in and its particles chosen."""

    def filled(match: re.Match[str]) -> str:
        name, written = match.group(1), match.group(2)
        shown = render_value(values[name], language)
        return shown + particle(shown, written) if written else shown

    return PLACEHOLDER.sub(filled, sentence)


def render(said: Speech | Value, language: str) -> str:
    """What a message says in `language` (English for a key that language
    lacks); any other value (a name that is an id shown as it is, a joined
    list) as `render_value` shows it."""
    if isinstance(said, Mapping):
        return said.get(language) or said[FALLBACK]
    if not isinstance(said, Message):
        return render_value(said, language)
    sentence = template(language, said.key, said.values)
    # Without values a sentence is shown as written: a caller may fill it later.
    return fill(sentence, said.values, language) if said.values else sentence


def text(language: str, key: str, **values: object) -> str:
    """The sentence `key` in `language`, its placeholders filled in.

    A key missing from a language is a defect that tests/test_locale.py
    catches; here it falls back to English so a learner still reads a
    sentence rather than meeting an error.
    """
    return render(Message(key, values), language)  # type: ignore[arg-type]  # any value shows as str()


def render_all(said: Iterable[Speech], language: str, separator: str = " ") -> str:
    """Several messages as one paragraph."""
    return separator.join(render(item, language) for item in said)
