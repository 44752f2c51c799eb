"""Reading JSON that a user typed or piped in, with limits.

A request is small: a hand, a few tiles, some flags and options.  Numbers of
thousands of digits, nesting hundreds deep and NaN are refused in one line
here, so that nothing further on meets a RecursionError, Python's 4,300-digit
limit or an answer that is not JSON.
"""

from __future__ import annotations

import json
import math
from typing import Any

from tutor.engine.notation import quote
from tutor.service.errors import RequestError

MAX_DEPTH = 8
"""A request is an object of lists and objects at most a few levels deep."""
MAX_NUMBER_LENGTH = 20
"""Digits of a number, sign and exponent included; the largest a request needs is a handful."""


class NotJson(RequestError):
    """The text is not JSON at all (as opposed to JSON that is refused)."""


def _number(text: str) -> int | float:
    if len(text) > MAX_NUMBER_LENGTH:
        raise RequestError("request.json_number_long", length=len(text), shown=quote(text, 20))
    value = float(text) if any(mark in text for mark in ".eE") else int(text)
    if isinstance(value, float) and not math.isfinite(value):
        raise RequestError("request.json_number_large", shown=quote(text, 20))
    return value


def _no_constant(name: str) -> None:
    raise RequestError("request.json_constant", name=name)


def read_json(text: str) -> Any:
    """The JSON value of `text`; raises NotJson, or RequestError for JSON that is too big or too deep."""
    try:
        value = json.loads(text, parse_int=_number, parse_float=_number, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise NotJson("request.not_json", reason=error.msg, column=error.colno) from None
    except RecursionError:
        raise RequestError("request.json_deep", most=MAX_DEPTH) from None
    if _depth(value) > MAX_DEPTH:
        raise RequestError("request.json_deep", most=MAX_DEPTH)
    return value


def _depth(value: Any) -> int:
    """How deeply lists and objects nest, counted without recursion."""
    deepest = 0
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth + 1)
            if deepest > MAX_DEPTH:
                return deepest
            pending.extend((child, depth + 1) for child in item)
    return deepest
