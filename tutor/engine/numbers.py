"""Whole numbers as people type them in commands and lesson files.

`int()` reads '٣' (Arabic-Indic three) as 3, refuses '²' though
`str.isdigit()` accepts it, and refuses more than 4,300 digits with a
message about `sys.set_int_max_str_digits`.  Here only ASCII digits are read,
at most `MAX_DIGITS` of them, and every refusal names only the start of the
text.
"""

from __future__ import annotations

from tutor.engine.problems import InputProblem

MAX_DIGITS = 9
"""Enough for any count, seed, port or order; more is a mistake, not a number."""
ASCII_DIGITS = frozenset("0123456789")
SHOWN = 20
"""Characters of a refused text that its problem quotes."""


class NumberError(InputProblem):
    """Text that is not a whole number this program reads: `not_a_number`
    (`shown`: the text's start, quoted) or `too_many_digits` (`shown`,
    `digits`: how many it has, `most`: how many are read)."""

    family = "number"


def read_whole_number(text: str, *, signed: bool = False) -> int:
    """The number written in `text`: ASCII digits, a leading '-' only if `signed`."""
    body = text[1:] if signed and text.startswith("-") else text
    shown = repr(text[:SHOWN]) + ("..." if len(text) > SHOWN else "")
    if not body or not set(body) <= ASCII_DIGITS:
        raise NumberError("not_a_number", shown=shown)
    if len(body) > MAX_DIGITS:
        raise NumberError("too_many_digits", shown=shown, digits=len(body), most=MAX_DIGITS)
    return int(text)
