"""An mjai log (JSON lines) read into the rounds `read_tenhou` gives, so that
one replay (`replay`) serves both formats.

Each line is one event object.  A round runs from `start_kyoku` to
`end_kyoku`; its events become `read_tenhou.LogEvent`s with tiles as kinds
(`5mr` is a five with its red flag kept), and each event keeps the index of
its line among the log's events (`LogRound.lines`), which a finding names.
`hora` needs `actor`, `target` and `deltas`; its tile is `pai`, or the tile
just discarded, drawn or added when `pai` is left out (riichienv leaves it
out).  `ryukyoku` may carry `deltas` (none means no payments); which draw
it was is the replay's to find, since engines name their reasons
differently.  Anything malformed is refused with `read_tenhou.LogError`:
the round (from 1; 0 before the first round), the index of the event's line
in the log, and a code.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final, TypeGuard

from tutor.engine.game.read_tenhou import (
    MAX_CHARS,
    LogEnd,
    LogError,
    LogEvent,
    LogRound,
    LogTile,
    LogWin,
    TenhouLog,
    discard_event,
    draw_event,
)
from tutor.engine.game.state import EndKind, Scores
from tutor.engine.tiles import EAST

_MAX_LINES: Final = 100_000
"""More events are refused: a south game is a few thousand."""
_HONOURS: Final = "ESWNPFC"
_WINDS: Final = "ESWN"
_CALL_KINDS: Final = {"chi": "chi", "pon": "pon", "daiminkan": "open_kan"}
_SIMPLE_KINDS: Final = {"reach": "riichi", "reach_accepted": "riichi_accepted"}


def tile(value: object) -> LogTile | None:
    """An mjai tile name as a kind: 1m-9m, 1p-9p, 1s-9s, E S W N P F C, 5mr 5pr 5sr."""
    return _NAMED.get(value) if isinstance(value, str) else None


def _named(value: str) -> LogTile | None:
    if not 1 <= len(value) <= 3:
        return None
    if len(value) == 1:
        return LogTile(EAST + _HONOURS.index(value)) if value in _HONOURS else None
    red = value.endswith("r")
    number, suit = value[0], value[1]
    if len(value) == 3 and not (red and number == "5"):
        return None
    if number not in "123456789" or suit not in "mps":
        return None
    return LogTile("mps".index(suit) * 9 + int(number) - 1, red)


_NAMED: Final = {
    name: found
    for name in (*_HONOURS, *(f"{number}{suit}" for suit in "mps" for number in "123456789"), "5mr", "5pr", "5sr")
    if (found := _named(name)) is not None
}
"""Each tile name's tile, made once: a log names a tile at every draw and discard."""


@dataclass
class _Round:
    """A round being read."""

    number: int
    start: dict[str, Any]
    line: int
    dora: list[LogTile]
    ura: list[LogTile] = field(default_factory=list)
    events: list[LogEvent] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    wins: list[LogWin] = field(default_factory=list)
    end: LogEnd | None = None


def loads(text: str) -> TenhouLog:
    """The rounds of an mjai log; raises LogError for anything malformed."""
    return read(parse_lines(text))


_decode: Final = json.JSONDecoder().decode
"""`json.loads` of a line, without its checks of the argument's type: a
log has a line for every event.  A byte order mark is refused either way."""


def parse_lines(text: str) -> list[dict[str, Any]]:
    """JSON lines as event objects (each with a text `type`), blank lines
    left out; raises LogError naming the round (the `start_kyoku`s so far)
    and the index of the event a bad line stands at."""
    if len(text) > MAX_CHARS:
        raise LogError(0, None, "too_large")
    entries: list[dict[str, Any]] = []
    rounds = 0
    """Rounds started so far: the round a bad line stands in."""
    for line in text.splitlines():
        if not line.strip():
            continue
        if len(entries) >= _MAX_LINES:
            raise LogError(rounds, len(entries), "too_large")
        try:
            entry: Any = _decode(line)
        except (ValueError, RecursionError) as error:
            raise LogError(rounds, len(entries), "not_json") from error
        if not isinstance(entry, dict) or not isinstance(entry.get("type"), str):
            raise LogError(rounds, len(entries), "not_event")
        rounds += entry["type"] == "start_kyoku"
        entries.append(entry)
    return entries


def read(entries: list[dict[str, Any]]) -> TenhouLog:
    """The rounds of a log already parsed into event objects."""
    rounds: list[LogRound] = []
    names: tuple[str, ...] = ("", "", "", "")
    current: _Round | None = None
    for index, entry in enumerate(entries):
        kind = entry["type"]
        if kind == "start_game":
            names = _names(entry, len(rounds), index)
        elif kind == "end_game":
            if current is not None:
                raise LogError(current.number, index, "end_missing")
        elif kind == "start_kyoku":
            if current is not None:
                raise LogError(current.number, index, "end_missing")
            current = _start(entry, len(rounds) + 1, index)
        elif current is None:
            raise LogError(len(rounds), index, "outside_round")
        elif kind == "end_kyoku":
            rounds.append(_finish(current, index))
            current = None
        elif current.end is not None and kind not in ("hora",):
            raise LogError(current.number, index, "after_end")
        else:
            _event(current, entry, index)
    if current is not None:
        raise LogError(current.number, len(entries), "end_missing")
    if not rounds:
        raise LogError(0, None, "no_rounds")
    return TenhouLog(names, "", (1, 1, 1), tuple(rounds))


def _names(entry: dict[str, Any], rounds: int, index: int) -> tuple[str, ...]:
    names = entry.get("names", ["", "", "", ""])
    if not (isinstance(names, list) and len(names) == 4 and all(isinstance(name, str) for name in names)):
        raise LogError(rounds, index, "names")
    return tuple(names)


def _whole(value: object, most: int) -> TypeGuard[int]:
    return type(value) is int and 0 <= value <= most


def _scores(value: object) -> Scores | None:
    if not (isinstance(value, list) and len(value) == 4 and all(type(item) is int for item in value)):
        return None
    if not all(abs(item) < 1_000_000_000 for item in value):
        return None
    return (value[0], value[1], value[2], value[3])


def _tiles(value: object, count: int | None) -> tuple[LogTile, ...] | None:
    if not isinstance(value, list) or (count is not None and len(value) != count) or len(value) > 14:
        return None
    found = [tile(item) for item in value]
    if any(item is None for item in found):
        return None
    return tuple(item for item in found if item is not None)


def _start(entry: dict[str, Any], number: int, index: int) -> _Round:
    wind, kyoku = entry.get("bakaze"), entry.get("kyoku")
    honba, sticks, dealer = entry.get("honba", 0), entry.get("kyotaku", 0), entry.get("oya")
    if not (isinstance(wind, str) and wind in _WINDS and _whole(kyoku, 4) and kyoku >= 1):
        raise LogError(number, index, "round_header")
    if not (_whole(honba, 1000) and _whole(sticks, 1000) and dealer == kyoku - 1):
        raise LogError(number, index, "round_header")
    scores = _scores(entry.get("scores", [25000] * 4))
    if scores is None:
        raise LogError(number, index, "scores")
    marker = tile(entry.get("dora_marker"))
    if marker is None:
        raise LogError(number, index, "dora_indicators")
    hands = entry.get("tehais")
    if not isinstance(hands, list) or len(hands) != 4:
        raise LogError(number, index, "haipai")
    dealt = [_tiles(hand, 13) for hand in hands]
    if any(hand is None for hand in dealt):
        raise LogError(number, index, "haipai")
    start = {"wind": _WINDS.index(wind), "hand": kyoku - 1, "honba": honba, "sticks": sticks, "scores": scores}
    start["haipai"] = tuple(hand for hand in dealt if hand is not None)
    return _Round(number, start, index, [marker])


def _seat(entry: dict[str, Any], key: str, found: _Round, index: int) -> int:
    value = entry.get(key)
    if not _whole(value, 3):
        raise LogError(found.number, index, key)
    return value


def _add(found: _Round, event: LogEvent, index: int) -> None:
    found.events.append(event)
    found.lines.append(index)


def _event(found: _Round, entry: dict[str, Any], index: int) -> None:
    kind = entry["type"]
    number = found.number
    if kind in ("tsumo", "dahai"):
        seat, played = _seat(entry, "actor", found, index), tile(entry.get("pai"))
        if played is None:
            raise LogError(number, index, "tile")
        if kind == "tsumo":
            _add(found, draw_event(seat, played), index)
            return
        tsumogiri = entry.get("tsumogiri", False)
        if not isinstance(tsumogiri, bool):
            raise LogError(number, index, "tsumogiri")
        _add(found, discard_event(seat, played, tsumogiri), index)
    elif kind in _SIMPLE_KINDS:
        _add(found, LogEvent(_SIMPLE_KINDS[kind], _seat(entry, "actor", found, index)), index)
    elif kind in _CALL_KINDS:
        seat, source = _seat(entry, "actor", found, index), _seat(entry, "target", found, index)
        called, own = tile(entry.get("pai")), _tiles(entry.get("consumed"), 3 if kind == "daiminkan" else 2)
        if called is None or own is None or source == seat:
            raise LogError(number, index, "call")
        _add(found, LogEvent(_CALL_KINDS[kind], seat, own, called, source), index)
    elif kind == "ankan":
        own = _tiles(entry.get("consumed"), 4)
        if own is None:
            raise LogError(number, index, "kan")
        _add(found, LogEvent("closed_kan", _seat(entry, "actor", found, index), own), index)
    elif kind == "kakan":
        added = tile(entry.get("pai"))
        if added is None:
            raise LogError(number, index, "kan")
        _add(found, LogEvent("added_kan", _seat(entry, "actor", found, index), (added,)), index)
    elif kind == "dora":
        marker = tile(entry.get("dora_marker"))
        if marker is None or len(found.dora) >= 5:
            raise LogError(number, index, "dora_indicators")
        found.dora.append(marker)
        _add(found, LogEvent("dora", None, (marker,)), index)
    elif kind == "hora":
        _hora(found, entry, index)
    elif kind == "ryukyoku":
        deltas = _scores(entry.get("deltas", [0, 0, 0, 0]))
        if deltas is None:
            raise LogError(number, index, "deltas")
        paid = frozenset(seat for seat in range(4) if deltas[seat] > 0)
        reason = entry.get("reason", "")
        name = reason[:40] if isinstance(reason, str) else ""
        found.end = LogEnd(EndKind.EXHAUSTIVE, name, deltas, tenpai=paid)
    else:
        raise LogError(number, index, "event_type")


def _hora(found: _Round, entry: dict[str, Any], index: int) -> None:
    number = found.number
    seat, target = _seat(entry, "actor", found, index), _seat(entry, "target", found, index)
    deltas = _scores(entry.get("deltas"))
    if deltas is None:
        raise LogError(number, index, "deltas")
    source = None if target == seat else target
    last = next((event for event in reversed(found.events) if event.kind != "win"), None)
    won = tile(entry["pai"]) if "pai" in entry else (last.tiles[0] if last is not None and last.tiles else None)
    if won is None:
        raise LogError(number, index, "tile")
    ura = _tiles(entry.get("ura_markers", []), None)
    if ura is None or len(ura) > 5:
        raise LogError(number, index, "ura_indicators")
    if ura:
        found.ura = list(ura)
    han, fu = entry.get("han", 0), entry.get("fu")
    win = LogWin(
        seat,
        source,
        None,
        deltas,
        "",
        han if _whole(han, 1000) else 0,
        fu if _whole(fu, 1000) else None,
        (),
        (),
        0,
        0,
        0,
    )
    found.wins.append(win)
    _add(found, LogEvent("win", seat, (won,), source=source), index)
    total = tuple(sum(item.deltas[place] for item in found.wins) for place in range(4))
    found.end = LogEnd(EndKind.WIN, "hora", (total[0], total[1], total[2], total[3]), tuple(found.wins))


def _finish(found: _Round, index: int) -> LogRound:
    if found.end is None:
        raise LogError(found.number, index, "end_missing")
    start = found.start
    haipai: tuple[tuple[LogTile, ...], ...] = start["haipai"]
    drawn = [event.tiles[0] for event in found.events if event.kind == "draw"]
    every = [item for hand in haipai for item in hand] + drawn + found.dora + found.ura
    counted = Counter(item.kind for item in every)
    reds = Counter(item.kind for item in every if item.red)
    if any(count > 4 for count in counted.values()) or any(count > 1 for count in reds.values()):
        raise LogError(found.number, found.line, "fifth_copy")
    _check_reds(found, haipai)
    return LogRound(
        found.number,
        start["wind"],
        start["hand"],
        start["honba"],
        start["sticks"],
        start["scores"],
        tuple(found.dora),
        tuple(found.ura),
        haipai,
        tuple(found.events),
        found.end,
        tuple(found.lines),
    )


def _check_reds(found: _Round, haipai: tuple[tuple[LogTile, ...], ...]) -> None:
    """A red five is played only from a hand that holds it: the model has no
    red fives, so the replay cannot see a red five discarded twice, and the
    aka dora counted at a win follow the log's red ones."""
    held = [{tile.kind for tile in hand if tile.red} for hand in haipai]
    for event, line in zip(found.events, found.lines, strict=True):
        if event.seat is None:
            continue
        hand = held[event.seat]
        if event.kind == "draw" and event.tiles[0].red:
            hand.add(event.tiles[0].kind)
        elif event.kind in ("discard", "chi", "pon", "open_kan", "closed_kan", "added_kan"):
            for tile in (tile for tile in event.tiles if tile.red):
                if tile.kind not in hand:
                    raise LogError(found.number, line, "not_in_hand")
                hand.remove(tile.kind)
