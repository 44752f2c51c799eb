"""A score request's JSON form (design brief section 4): read into the one
`ScoreRequest` and written from it.

The command line, the batch mode and a quiz question all hold a request as
a JSON object; reading it here is the one check of its keys and values, a
problem being a `RequestProblem` code (the service puts it into words) or
the notation's own problem for the hand or the winning tile.  Writing is
the one builder of that object: the quiz writes its questions' requests
with it, so that a question reads back into the request it was made from.
"""

from __future__ import annotations

from typing import Any

from tutor.engine.hand import Hand
from tutor.engine.mcr.context import MCR_FLAGS, McrContext
from tutor.engine.mcr.rules import McrRules
from tutor.engine.notation import MAX_LENGTH, NotationError, format_hand, parse_hand, parse_tile, parse_tiles, quote
from tutor.engine.request import RequestProblem, ScoreRequest
from tutor.engine.riichi.context import WinContext
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.rules import Rules
from tutor.engine.tiles import Tile, WindError, tile_name, wind_letter, wind_tile

JsonObject = dict[str, Any]

REQUEST_KEYS = ("hand", "win", "tsumo", "seat", "round", "rules", "flags", "dora", "ura", "red", "flowers", "options")
MAX_NAME = 40
"""The longest flag, option name or option text value read; every real one is far shorter."""
MAX_NAMES = 20


def _string(request: JsonObject, key: str, default: str | None = None) -> str:
    value = request.get(key, default)
    if not isinstance(value, str):
        raise RequestProblem("not_a_string" if key in request else "missing", key=key)
    if len(value) > MAX_LENGTH:
        raise RequestProblem("too_long", key=key, length=len(value), shown=quote(value), most=MAX_LENGTH)
    return value


def _tiles(request: JsonObject, key: str) -> tuple[Tile, ...]:
    return indicator_tiles(_string(request, key, ""), key)


def indicator_tiles(text: str, key: str) -> tuple[Tile, ...]:
    """The dora or ura indicators of a request (`key`), written in tiles; none for blank text."""
    if not text.strip():
        return ()
    try:
        return parse_tiles(text)
    except NotationError as error:
        raise RequestProblem("in_setting", setting=key, problem=error) from None


def _wind(request: JsonObject, key: str) -> Tile:
    try:
        return wind_tile(_string(request, key, "E"))
    except (WindError, RequestProblem) as error:
        raise RequestProblem("in_setting", setting=key, problem=error) from None


def _short_names(what: str, names: list[str]) -> None:
    """Names and words are short: a long one is refused quoting its start, not echoed whole."""
    if len(names) > MAX_NAMES:
        raise RequestProblem(f"too_many_{what}s", number=len(names), most=MAX_NAMES)
    for name in names:
        if len(name) > MAX_NAME:
            raise RequestProblem(f"long_{what}", name=quote(name), length=len(name), most=MAX_NAME)


def rules_named(name: object) -> Rules:
    """The rule family a request names; anything else (a number, a list) is
    refused with one code, not a TypeError."""
    if not isinstance(name, str) or name not in {rules.value for rules in Rules}:
        shown = repr(name)
        shown = shown if len(shown) <= MAX_NAME else shown[:MAX_NAME] + "..."
        raise RequestProblem("unknown_rules", shown=shown)
    return Rules(name)


def read_request(request: JsonObject) -> ScoreRequest:
    """A JSON request as the engine's `ScoreRequest`.  Raises `RequestProblem`,
    or `NotationError` for a hand or winning tile that does not parse."""
    unknown = sorted(set(request) - set(REQUEST_KEYS))
    if unknown:
        raise RequestProblem("unknown_key", key=quote(unknown[0]), expected=", ".join(REQUEST_KEYS))
    hand = parse_hand(_string(request, "hand"))
    win = parse_tile(_string(request, "win"))
    rules = rules_named(request.get("rules", Rules.RIICHI.value))
    tsumo = request.get("tsumo", False)
    if not isinstance(tsumo, bool):
        raise RequestProblem("tsumo_not_bool")
    flags = request.get("flags", [])
    if not isinstance(flags, list) or not all(isinstance(flag, str) for flag in flags):
        raise RequestProblem("flags_not_names")
    _short_names("flag", flags)
    flowers = request.get("flowers", 0)
    if isinstance(flowers, bool) or not isinstance(flowers, int) or not 0 <= flowers <= 8:
        raise RequestProblem("flowers_range")
    options = request.get("options", {})
    if not isinstance(options, dict):
        raise RequestProblem("options_not_object")
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
        red=_tiles(request, "red"),
        flowers=flowers,
        options=options,
    )


def request_json(request: ScoreRequest) -> JsonObject:
    """The JSON form of a request, as short as it reads back the same: a
    riichi request lists its flags and an MCR one its flowers; flags, options,
    dora and ura indicators and red fives only when there are some."""
    written: JsonObject = {
        "hand": format_hand(request.hand),
        "win": tile_name(request.win),
        "tsumo": request.tsumo,
        "seat": wind_letter(request.seat),
        "round": wind_letter(request.round),
        "rules": request.rules.value,
    }
    if request.flags or request.rules is Rules.RIICHI:
        written["flags"] = list(request.flags)
    if request.rules is Rules.MCR:
        written["flowers"] = request.flowers
    if request.options:
        written["options"] = dict(request.options)
    for key, tiles in (("dora", request.dora), ("ura", request.ura), ("red", request.red)):
        if tiles:
            written[key] = " ".join(tile_name(tile) for tile in tiles)
    return written


def riichi_request(hand: Hand, context: WinContext, rules: RiichiRules) -> ScoreRequest:
    """A riichi win as a request, with the options that differ from the defaults."""
    return ScoreRequest(
        hand,
        context.win_tile,
        context.tsumo,
        context.seat,
        context.round,
        Rules.RIICHI,
        tuple(sorted(flag.value for flag in context.flags)),
        context.dora_indicators,
        context.ura_indicators,
        options=rules.differences(),
        red=context.red,
    )


def mcr_request(hand: Hand, context: McrContext, rules: McrRules) -> ScoreRequest:
    """An MCR win as a request, with the options that differ from the defaults."""
    # The flags are the McrContext fields of their names.
    flags = tuple(flag for flag in MCR_FLAGS if getattr(context, flag))
    return ScoreRequest(
        hand,
        context.win_tile,
        context.self_drawn,
        context.seat,
        context.prevalent,
        Rules.MCR,
        flags,
        flowers=context.flowers,
        options=rules.differences(),
    )
