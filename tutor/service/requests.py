"""Reading a score request (a JSON object or the equivalent flags) into the
engine's `ScoreRequest`, with one clear message for anything wrong."""

from __future__ import annotations

from typing import Any

from tutor.engine.notation import MAX_LENGTH, NotationError, parse_hand, parse_tile, parse_tiles, quote
from tutor.engine.request import ScoreRequest
from tutor.engine.rules import Rules
from tutor.engine.tiles import Tile, WindError, wind_tile
from tutor.service.errors import RequestError

__all__ = ["REQUEST_KEYS", "ScoreRequest", "read_score_request", "rules_named"]

JsonObject = dict[str, Any]

REQUEST_KEYS = ("hand", "win", "tsumo", "seat", "round", "rules", "flags", "dora", "ura", "flowers", "options")
MAX_NAME = 40
"""The longest flag, option name or option text value read; every real one is far shorter."""
MAX_NAMES = 20


def _string(request: JsonObject, key: str, default: str | None = None) -> str:
    value = request.get(key, default)
    if not isinstance(value, str):
        raise RequestError("request.not_a_string" if key in request else "request.missing", key=key)
    if len(value) > MAX_LENGTH:
        raise RequestError("request.too_long", key=key, length=len(value), shown=quote(value), most=MAX_LENGTH)
    return value


def _tiles(request: JsonObject, key: str) -> tuple[Tile, ...]:
    text = _string(request, key, "")
    if not text.strip():
        return ()
    try:
        return parse_tiles(text)
    except NotationError as error:
        raise RequestError.of(error, setting=key) from None


def _wind(request: JsonObject, key: str) -> Tile:
    try:
        return wind_tile(_string(request, key, "E"))
    except WindError as error:
        raise RequestError.of(error, setting=key) from None
    except RequestError as error:
        raise RequestError("request.in_setting", setting=key, problem=error.message) from None


def _short_names(what: str, names: list[str]) -> None:
    """Names and words are short: a long one is refused quoting its start, not echoed whole."""
    if len(names) > MAX_NAMES:
        raise RequestError(f"request.too_many_{what}s", number=len(names), most=MAX_NAMES)
    for name in names:
        if len(name) > MAX_NAME:
            raise RequestError(f"request.long_{what}", name=quote(name), length=len(name), most=MAX_NAME)


def rules_named(name: object) -> Rules:
    """The rule family a request names; anything else (a number, a list) is
    refused with one line, not a TypeError."""
    if not isinstance(name, str) or name not in {rules.value for rules in Rules}:
        shown = repr(name)
        shown = shown if len(shown) <= MAX_NAME else shown[:MAX_NAME] + "..."
        raise RequestError("request.unknown_rules", shown=shown)
    return Rules(name)


def read_score_request(request: JsonObject) -> ScoreRequest:
    unknown = sorted(set(request) - set(REQUEST_KEYS))
    if unknown:
        raise RequestError("request.unknown_key", key=quote(unknown[0]), expected=", ".join(REQUEST_KEYS))
    try:
        hand = parse_hand(_string(request, "hand"))
        win = parse_tile(_string(request, "win"))
    except NotationError as error:
        raise RequestError.of(error) from None
    rules = rules_named(request.get("rules", Rules.RIICHI.value))
    tsumo = request.get("tsumo", False)
    if not isinstance(tsumo, bool):
        raise RequestError("request.tsumo_not_bool")
    flags = request.get("flags", [])
    if not isinstance(flags, list) or not all(isinstance(flag, str) for flag in flags):
        raise RequestError("request.flags_not_names")
    _short_names("flag", flags)
    flowers = request.get("flowers", 0)
    if isinstance(flowers, bool) or not isinstance(flowers, int) or not 0 <= flowers <= 8:
        raise RequestError("request.flowers_range")
    options = request.get("options", {})
    if not isinstance(options, dict):
        raise RequestError("request.options_not_object")
    _short_names("option", [*options, *(value for value in options.values() if isinstance(value, str))])
    return ScoreRequest(
        hand=hand,
        win=win,
        tsumo=tsumo,
        seat=_wind(request, "seat"),
        round=_wind(request, "round"),
        rules=rules,
        flags=tuple(flags),
        dora=_tiles(request, "dora"),
        ura=_tiles(request, "ura"),
        flowers=flowers,
        options=options,
    )
