"""What lesson and glossary files parsed to, kept while their text is the same.

Every app reads the whole lesson library and the glossary when it starts.
An app made again in the same process (each Pilot test; a teacher's
`lessons check` after an edit) read the same files again and parsed them
again, and parsing is most of that work.  The files are still read every
time (so a changed, removed or refused file is seen at once); only the
parse of a text already parsed for the same path is reused.  A text that
fails to parse is never kept: its error is raised again on every read.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from tutor.engine.memo import memo

_Value = TypeVar("_Value")

_PARSED: dict[tuple[str, Hashable], tuple[Hashable, object]] = memo("lessons.parsed", {})
"""(reader, its key) -> (the text it parsed, the value): one entry a file, replaced when its text changes."""


def parsed_once(reader: str, key: Hashable, text: Hashable, parse: Callable[[], _Value]) -> _Value:
    """`parse()`'s value, or the value it gave before for the same `text` under this reader and key.

    The value must be immutable, or copied by the caller."""
    kept = _PARSED.get((reader, key))
    if kept is not None and kept[0] == text:
        return kept[1]  # type: ignore[return-value]
    value = parse()
    _PARSED[(reader, key)] = (text, value)
    return value
