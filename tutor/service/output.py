"""Writing to a terminal or pipe whose encoding may not hold every character.

Lessons, fans and worksheets are Korean and Chinese; standard output may be
latin-1 or ASCII.  Instead of a UnicodeEncodeError, a character the output
cannot hold is written as a backslash escape, JSON is written with \\u
escapes (still the same JSON), and one line on standard error says why.
"""

from __future__ import annotations

import codecs
import io
import json
import sys
from functools import cache
from typing import Any

from tutor.service.english import say

_HANDLER = "tutor-escape"
_replaced: list[str] = []


def _escape(error: UnicodeError) -> tuple[str | bytes, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    _replaced.append(error.encoding)
    return codecs.backslashreplace_errors(error)


codecs.register_error(_HANDLER, _escape)


def prepare_streams() -> None:
    """Let standard output and error escape what their encoding cannot hold."""
    _replaced.clear()
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=_HANDLER)


def escaping_note() -> str | None:
    """One line for standard error if some characters had to be escaped."""
    if not _replaced:
        return None
    return say("output.escaped", encoding=_replaced[0])


@cache
def _holds_everything(encoding: str) -> bool:
    try:
        return codecs.lookup(encoding).name.startswith("utf")
    except LookupError:
        return False


def json_text(value: Any) -> str:
    """JSON for standard output: characters as they are where the output holds them, else \\u escapes."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    return json.dumps(value, ensure_ascii=not _holds_everything(encoding))
