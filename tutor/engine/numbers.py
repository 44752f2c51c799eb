"""Whole numbers as people type them in commands and lesson files.

`int()` reads '٣' (Arabic-Indic three) as 3, refuses '²' though
`str.isdigit()` accepts it, and refuses more than 4,300 digits with a
message about `sys.set_int_max_str_digits`.  Here only ASCII digits are read,
at most `MAX_DIGITS` of them, and every refusal is one line quoting only the
start of the text.
"""

from __future__ import annotations

MAX_DIGITS = 9
"""Enough for any count, seed, port or order; more is a mistake, not a number."""
ASCII_DIGITS = frozenset("0123456789")


class NumberError(ValueError):
    """Text that is not a whole number this program reads."""


def read_whole_number(text: str, *, signed: bool = False) -> int:
    """The number written in `text`: ASCII digits, a leading '-' only if `signed`."""
    body = text[1:] if signed and text.startswith("-") else text
    shown = repr(text[:20]) + ("..." if len(text) > 20 else "")
    if not body or not set(body) <= ASCII_DIGITS:
        raise NumberError(f"{shown} is not a whole number written with the digits 0-9")
    if len(body) > MAX_DIGITS:
        raise NumberError(f"{shown} has {len(body)} digits; at most {MAX_DIGITS} are read")
    return int(text)
