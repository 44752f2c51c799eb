"""A tenhou.net/6 JSON log read into rounds of events (the format is described
in `log_tenhou`, its tables in `tenhou6`).

Each round becomes one sequence of events in play order, of the kinds of
`state.Event` (draw, discard, riichi, riichi_accepted, chi, pon, open_kan,
added_kan, closed_kan, dora, win), but with tiles as kinds (`LogTile`, a red
five read as a five with its red flag kept), since a log has no wall slots.
The order is this engine's: a kan's replacement draw after the kan; a
concealed kan's dora before it, an open or added kan's after the kan
player's next discard (or with a later concealed kan); `riichi_accepted`
when play goes on after the riichi discard, before any call of it, and at a
draw that ends the hand on it; the wins last.  The tenhou log keeps each
seat's draws and discards apart, so the reader plays them back: after a
discard, a seat whose next draw calls it plays next (a pon or kan before a
chi), else the next seat.  When the same seat discards the same tile again
before the caller draws, either discard may be the one called: the reader
takes the first and, if play cannot go on, tries the other.

Anything malformed is refused with `LogError`: the round (from 1; 0 for the
log as a whole), the index of the event at which it went wrong (None for a
round's header or end), and a code.  Tiles must be where they are played
from: a discard or a call's own tiles in the seat's hand, a called tile the
last discard of the seat named, never a fifth copy of a kind nor a second
red five of a suit.  Whether the plays were legal (furiten, yaku ...) is not
checked here.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from tutor.engine.game import tenhou6
from tutor.engine.game.log_mjai import LogError as MjaiLogError
from tutor.engine.game.state import EndKind, Scores

MAX_CHARS: Final = 4_000_000
"""Longer text is refused unread: a whole game is far shorter."""
MAX_ATTEMPTS: Final = 32
"""Replays of one round tried when a called discard is ambiguous."""


class LogError(MjaiLogError):
    """A tenhou.net/6 log that cannot be read: `round` from 1 (0 for the log
    as a whole; also `line`, as mjai's errors name lines), `event` the index
    in the round's events where it went wrong or None, `code` what is wrong."""

    def __init__(self, round_number: int, event: int | None, code: str) -> None:
        super().__init__(round_number, code)
        self.round = round_number
        self.event = event
        self.args = (round_number, event, code)


@dataclass(frozen=True)
class LogTile:
    kind: int
    red: bool = False


@dataclass(frozen=True)
class LogEvent:
    """One event, as `state.Event` with tiles as kinds: `tiles` the tiles
    concerned (for a call, those from the hand), `called` the tile taken
    from `source`; a win's source is None for a tsumo."""

    kind: str
    seat: int | None = None
    tiles: tuple[LogTile, ...] = ()
    called: LogTile | None = None
    source: int | None = None
    tsumogiri: bool = False


@lru_cache(maxsize=4 * 64)
def draw_event(seat: int, tile: LogTile) -> LogEvent:
    """The seat's draw of the tile, made once (events are frozen): both
    readers make one at nearly every draw of a log."""
    return LogEvent("draw", seat, (tile,))


@lru_cache(maxsize=4 * 64 * 2)
def discard_event(seat: int, tile: LogTile, tsumogiri: bool) -> LogEvent:
    """The seat's discard of the tile, made once, as `draw_event`."""
    return LogEvent("discard", seat, (tile,), tsumogiri=tsumogiri)


@dataclass(frozen=True)
class LogWin:
    """One win as the log scores it: the payments, the points text ("" when
    the log gives none), han (yaku and dora; 0 for a yakuman), fu (None at a
    limit or without points), our yaku ids with their han (a yakuman's with
    1), and the dora counted."""

    seat: int
    source: int | None
    pao: int | None
    deltas: Scores
    points: str
    han: int
    fu: int | None
    yaku: tuple[tuple[str, int], ...]
    other_yaku: tuple[tuple[str, int], ...]
    """Yaku by names not in Tenhou's table (a converter's own words), as written, with their han."""
    dora: int
    ura_dora: int
    red_dora: int


@dataclass(frozen=True)
class LogEnd:
    """How the round ended: the kind, the score changes (the wins' summed),
    the wins, and for an exhaustive draw the seats paid as tenpai or nagashi."""

    kind: EndKind
    name: str
    deltas: Scores
    wins: tuple[LogWin, ...] = ()
    tenpai: frozenset[int] = frozenset()
    nagashi: frozenset[int] = frozenset()


@dataclass(frozen=True)
class LogRound:
    number: int
    """From 1, in the log's order."""
    round_wind: int
    hand_number: int
    honba: int
    sticks: int
    scores: Scores
    dora_indicators: tuple[LogTile, ...]
    ura_indicators: tuple[LogTile, ...]
    haipai: tuple[tuple[LogTile, ...], ...]
    events: tuple[LogEvent, ...]
    end: LogEnd
    lines: tuple[int, ...] = ()
    """For an mjai log, each event's index among the log's lines (`read_mjai`); none for tenhou.net/6."""

    @property
    def dealer(self) -> int:
        return self.hand_number


@dataclass(frozen=True)
class TenhouLog:
    names: tuple[str, ...]
    disp: str
    red_fives: tuple[int, int, int]
    """Red fives of characters, dots and bamboo in the wall (aka51-53, or aka for one of each)."""
    rounds: tuple[LogRound, ...]


def loads(text: str) -> TenhouLog:
    """Reads a log from JSON text; raises LogError for anything malformed."""
    if len(text) > MAX_CHARS:
        raise LogError(0, None, "too_large")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise LogError(0, None, "not_json") from error
    return read(data)


def read(data: object) -> TenhouLog:
    """Reads a log already parsed from JSON."""
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        raise LogError(0, None, "not_log")
    names = data.get("name", ["", "", "", ""])
    if not (isinstance(names, list) and len(names) == 4 and all(isinstance(name, str) for name in names)):
        raise LogError(0, None, "names")
    rule = data.get("rule", {})
    if not isinstance(rule, dict) or not isinstance(rule.get("disp", ""), str):
        raise LogError(0, None, "rule")
    counts = [rule.get(key, 0) for key in ("aka", "aka51", "aka52", "aka53")]
    if not all(_whole(count) for count in counts):
        raise LogError(0, None, "rule")
    aka = min(counts[0], 1)
    red = (max(aka, min(counts[1], 1)), max(aka, min(counts[2], 1)), max(aka, min(counts[3], 1)))
    rounds = tuple(_round(number, raw) for number, raw in enumerate(data["log"], start=1))
    if not rounds:
        # As an mjai log without a round: there is nothing to replay or review.
        raise LogError(0, None, "no_rounds")
    return TenhouLog(tuple(names), rule.get("disp", ""), red, rounds)


def _whole(value: object) -> bool:
    return type(value) is int and 0 <= value < 1_000_000_000


def _tile(value: object) -> LogTile | None:
    return _TILES.get(value) if type(value) is int else None


def _log_tile(number: int) -> LogTile | None:
    kind = tenhou6.kind_of(number)
    return None if kind is None else LogTile(kind, number in tenhou6.RED_FIVES)


_TILES: Final = {number: tile for number in range(100) if (tile := _log_tile(number)) is not None}
"""Each tile number's tile, made once: a log names a tile at every draw and discard."""


def _tiles(value: object, least: int, most: int, round_number: int, code: str) -> tuple[LogTile, ...]:
    if not isinstance(value, list) or not least <= len(value) <= most:
        raise LogError(round_number, None, code)
    found = [_tile(item) for item in value]
    if any(tile is None for tile in found):
        raise LogError(round_number, None, code)
    return tuple(tile for tile in found if tile is not None)


def _scores(value: object, round_number: int, code: str) -> Scores:
    if not (isinstance(value, list) and len(value) == 4 and all(type(item) is int for item in value)):
        raise LogError(round_number, None, code)
    return (value[0], value[1], value[2], value[3])


def _round(number: int, raw: object) -> LogRound:
    if not isinstance(raw, list) or len(raw) != 17:
        raise LogError(number, None, "round")
    header = raw[0]
    if not (isinstance(header, list) and len(header) == 3 and all(_whole(item) for item in header)):
        raise LogError(number, None, "round_header")
    kyoku, honba, sticks = header
    if kyoku > 15:
        raise LogError(number, None, "round_header")
    scores = _scores(raw[1], number, "scores")
    dora = _tiles(raw[2], 1, 5, number, "dora_indicators")
    ura = _tiles(raw[3], 0, 5, number, "ura_indicators")
    haipai = tuple(_tiles(raw[4 + 3 * seat], 13, 13, number, "haipai") for seat in range(4))
    draws = tuple(_list(raw[5 + 3 * seat], number, "draws") for seat in range(4))
    discards = tuple(_list(raw[6 + 3 * seat], number, "discards") for seat in range(4))
    _count_copies(number, (*haipai, dora, ura), draws)
    result = raw[16]
    if not (isinstance(result, list) and result and isinstance(result[0], str)):
        raise LogError(number, None, "result")
    play = _Play(number, kyoku % 4, haipai, draws, discards, dora)
    played = play.events_with_retries()
    end, closing = _end(number, result, played, play.riichi_pending)
    if not play.dora_used <= len(dora) <= play.dora_used + play.pending_dora:
        raise LogError(number, None, "dora_indicators")
    return LogRound(number, kyoku // 4, kyoku % 4, honba, sticks, scores, dora, ura, haipai, (*played, *closing), end)


def _list(value: object, number: int, code: str) -> list[object]:
    if not isinstance(value, list):
        raise LogError(number, None, code)
    return value


def _count_copies(number: int, groups: tuple[tuple[LogTile, ...], ...], draws: tuple[list[object], ...]) -> None:
    """No kind more than four times, no red five twice, among the tiles dealt,
    drawn and turned as indicators."""
    drawn = [tile for seat in draws for tile in map(_tile, seat) if tile is not None]
    counted = Counter(tile.kind for group in (*groups, drawn) for tile in group)
    reds = Counter(tile.kind for group in (*groups, drawn) for tile in group if tile.red)
    if any(count > 4 for count in counted.values()) or any(count > 1 for count in reds.values()):
        raise LogError(number, None, "fifth_copy")


_CALL: Final = re.compile(r"^(\d*)([cpmka])(\d+)$")


@dataclass(frozen=True)
class _Call:
    """A parsed call string: its kind, the tiles from the hand, the tile
    called or added, and where the called tile lies (1 before, 2 opposite, 3 after)."""

    kind: str
    own: tuple[LogTile, ...]
    tile: LogTile
    direction: int
    called: LogTile | None = None
    """For an added kan, the pon's called tile."""


def _numbers(text: str) -> list[int] | None:
    if len(text) % 2:
        return None
    return [int(text[index : index + 2]) for index in range(0, len(text), 2)]


def _parse_call(value: str) -> _Call | None:
    """Reads "c121113", "14p1414", "151515m15", "k14141414", "151515a15"."""
    match = _CALL.match(value)
    if match is None:
        return None
    before, letter, after = match.groups()
    first, rest = _numbers(before), _numbers(after)
    if first is None or rest is None:
        return None
    tiles = [_tile(number) for number in (*first, *rest)]
    if any(tile is None for tile in tiles):
        return None
    found = [tile for tile in tiles if tile is not None]
    size = {"c": 3, "p": 3, "m": 4, "k": 4, "a": 4}[letter]
    position = len(first)
    if len(found) != size:
        return None
    if letter == "a":
        return _Call("closed_kan", tuple(found), found[-1], 0) if position == 3 else None
    direction = {0: 1, 1: 2, size - 1: 3}.get(position) if letter in "pm" else None
    if letter == "c" and position == 0:
        direction = 1
    if letter == "k":
        direction = {0: 1, 1: 2, 2: 3}.get(position)
        if direction is None:
            return None
        added, called = found[position], found[position + 1]
        own = tuple(found[:position] + found[position + 2 :])
        return _Call("added_kan", (*own, called), added, direction, called)
    if direction is None:
        return None
    called_tile = found[position]
    own = tuple(found[:position] + found[position + 1 :])
    kind = {"c": "chi", "p": "pon", "m": "open_kan"}[letter]
    return _Call(kind, own, called_tile, direction)


def _shape_ok(call: _Call) -> bool:
    """A chi is a run of one suit; the others are one kind."""
    kinds = sorted(tile.kind for tile in (*call.own, call.tile))
    if call.kind == "chi":
        first = kinds[0]
        return first < 27 and first % 9 <= 6 and kinds == [first, first + 1, first + 2]
    return len(set(kinds)) == 1


def _place(tile: LogTile) -> int:
    """A tile's place in a seat's counts (`_held`): a red five apart from the others."""
    return tile.kind * 2 + tile.red


def _held(tiles: tuple[LogTile, ...]) -> list[int]:
    """The copies of each tile a seat holds, by `_place`: counted in a list,
    not a Counter of tiles, whose every look-up hashes a dataclass."""
    counts = [0] * (2 * 34)
    for tile in tiles:
        counts[_place(tile)] += 1
    return counts


class _Play:
    """Plays a round's draws and discards back into one sequence of events."""

    def __init__(
        self,
        number: int,
        dealer: int,
        haipai: tuple[tuple[LogTile, ...], ...],
        draws: tuple[list[object], ...],
        discards: tuple[list[object], ...],
        dora: tuple[LogTile, ...],
    ) -> None:
        self.number = number
        self.dealer = dealer
        self.haipai = haipai
        self.draws = draws
        self.discards = discards
        self.dora = dora
        self.riichi_pending: int | None = None
        self.dora_used = 1
        self.pending_dora = 0

    def events_with_retries(self) -> list[LogEvent]:
        """The events; when a called discard was ambiguous and play failed,
        the other choices are tried (the latest first), at most MAX_ATTEMPTS times."""
        declined: set[tuple[int, int]] = set()
        first_error: LogError | None = None
        for _ in range(MAX_ATTEMPTS):
            seen: list[tuple[int, int]] = []
            try:
                return self._events(declined, seen)
            except LogError as error:
                first_error = first_error or error
                open_points = [point for point in seen if point not in declined]
                if not open_points:
                    break
                latest = open_points[-1]
                declined = {point for point in declined if point in seen[: seen.index(latest)]} | {latest}
        assert first_error is not None
        raise first_error

    def _fail(self, events: list[LogEvent], code: str) -> LogError:
        return LogError(self.number, len(events), code)

    def _events(self, declined: set[tuple[int, int]], seen: list[tuple[int, int]]) -> list[LogEvent]:
        self.riichi_pending, self.dora_used, self.pending_dora = None, 1, 0
        events: list[LogEvent] = []
        hands = [_held(tiles) for tiles in self.haipai]
        pons: list[dict[int, _Call]] = [{}, {}, {}, {}]
        took, gave = [0, 0, 0, 0], [0, 0, 0, 0]
        actor, last, last_seat = self.dealer, None, None
        limit = sum(len(items) for items in (*self.draws, *self.discards)) + 1
        for _ in range(limit):
            if took[actor] >= len(self.draws[actor]):
                raise self._fail(events, "missing_draw")
            item = self.draws[actor][took[actor]]
            took[actor] += 1
            drawn = _tile(item)
            call = _parse_call(item) if isinstance(item, str) else None
            if drawn is None and (call is None or call.kind not in ("chi", "pon", "open_kan") or not _shape_ok(call)):
                raise self._fail(events, "draw")
            if self.riichi_pending is not None:
                events.append(LogEvent("riichi_accepted", self.riichi_pending))
                self.riichi_pending = None
            if drawn is not None:
                hands[actor][_place(drawn)] += 1
                events.append(draw_event(actor, drawn))
            else:
                assert call is not None
                source = (actor - call.direction) % 4
                if last is None or last_seat != source or call.tile != last:
                    raise self._fail(events, "call_mismatch")
                self._take_from_hand(hands[actor], call.own, events)
                if call.kind == "pon":
                    pons[actor][call.tile.kind] = call
                events.append(LogEvent(call.kind, actor, call.own, call.tile, source))
                if call.kind == "open_kan":
                    if self._next_discard(actor, gave) == tenhou6.KAN_PLACEHOLDER:
                        gave[actor] += 1
                    self.pending_dora += 1
                    continue
            outcome = self._discard_phase(actor, drawn, hands, pons, took, gave, events)
            if outcome is None:
                break
            if isinstance(outcome, str):
                continue
            last, last_seat = outcome, actor
            if all(took[seat] >= len(self.draws[seat]) for seat in range(4)):
                break
            actor = self._next_actor(actor, last, took, gave, declined, seen)
        else:
            raise self._fail(events, "too_long")
        if took != [len(items) for items in self.draws] or gave != [len(items) for items in self.discards]:
            raise self._fail(events, "left_over")
        return events

    def _next_discard(self, actor: int, gave: list[int]) -> object:
        items = self.discards[actor]
        return items[gave[actor]] if gave[actor] < len(items) else None

    def _take_from_hand(self, hand: list[int], tiles: tuple[LogTile, ...], events: list[LogEvent]) -> None:
        if len(tiles) == 1:
            # A discard, the most of a round's takes: no count of one tile to make.
            (tile,) = tiles
            place = _place(tile)
            if hand[place] < 1:
                raise self._fail(events, "not_in_hand")
            hand[place] -= 1
            return
        needed = Counter(map(_place, tiles))
        if any(hand[place] < count for place, count in needed.items()):
            raise self._fail(events, "not_in_hand")
        for place, count in needed.items():
            hand[place] -= count

    def _turn_dora(self, events: list[LogEvent]) -> None:
        for _ in range(self.pending_dora):
            if self.dora_used >= len(self.dora):
                raise self._fail(events, "dora_indicators")
            events.append(LogEvent("dora", None, (self.dora[self.dora_used],)))
            self.dora_used += 1
        self.pending_dora = 0

    def _discard_phase(
        self,
        actor: int,
        drawn: LogTile | None,
        hands: list[list[int]],
        pons: list[dict[int, _Call]],
        took: list[int],
        gave: list[int],
        events: list[LogEvent],
    ) -> LogTile | str | None:
        """The seat's play after its draw or call: the tile discarded, "kan"
        after a kan (the seat draws again), or None when the round ends here."""
        item = self._next_discard(actor, gave)
        if item is None:
            if events[-1].kind != "draw":
                raise self._fail(events, "missing_discard")
            return None
        gave[actor] += 1
        riichi = isinstance(item, str) and item.startswith("r")
        value: object = item
        if riichi:
            assert isinstance(item, str)
            value = int(item[1:]) if item[1:].isdigit() and len(item) == 3 else None
        if isinstance(value, str):
            return self._kan(actor, value, hands, pons, took, events)
        tsumogiri = value == tenhou6.TSUMOGIRI
        tile = drawn if tsumogiri and type(value) is int else _tile(value)
        if tile is None:
            raise self._fail(events, "tsumogiri" if tsumogiri else "discard")
        self._take_from_hand(hands[actor], (tile,), events)
        if riichi:
            events.append(LogEvent("riichi", actor))
        events.append(discard_event(actor, tile, tsumogiri))
        self._turn_dora(events)
        if riichi:
            self.riichi_pending = actor
        return tile

    def _kan(
        self,
        actor: int,
        value: str,
        hands: list[list[int]],
        pons: list[dict[int, _Call]],
        took: list[int],
        events: list[LogEvent],
    ) -> str | None:
        """A concealed or added kan; None when it is robbed (the round ends)."""
        call = _parse_call(value)
        if call is None or call.kind not in ("closed_kan", "added_kan") or not _shape_ok(call):
            raise self._fail(events, "kan")
        if call.kind == "closed_kan":
            self._take_from_hand(hands[actor], call.own, events)
            events.append(LogEvent("closed_kan", actor, call.own))
            self.pending_dora += 1
            self._turn_dora(events)
            return "kan"
        pon = pons[actor].pop(call.tile.kind, None)
        if pon is None or pon.direction != call.direction or call.called != pon.tile:
            raise self._fail(events, "added_kan")
        self._take_from_hand(hands[actor], (call.tile,), events)
        events.append(LogEvent("added_kan", actor, (call.tile,)))
        if all(took[seat] >= len(self.draws[seat]) for seat in range(4)):
            return None
        self.pending_dora += 1
        return "kan"

    def _next_actor(
        self,
        actor: int,
        last: LogTile,
        took: list[int],
        gave: list[int],
        declined: set[tuple[int, int]],
        seen: list[tuple[int, int]],
    ) -> int:
        """The seat whose next draw calls the discard (a pon or kan before a
        chi), else the next seat; an ambiguous call is a choice point."""
        callers = []
        for seat in range(4):
            if seat == actor or took[seat] >= len(self.draws[seat]):
                continue
            item = self.draws[seat][took[seat]]
            call = _parse_call(item) if isinstance(item, str) else None
            if call is not None and call.tile == last and (seat - call.direction) % 4 == actor:
                callers.append((call.kind != "chi", seat))
        if not callers:
            return (actor + 1) % 4
        caller = max(callers)[1]
        if any(_may_be(item, last) for item in self.discards[actor][gave[actor] :]):
            point = (actor, gave[actor])
            seen.append(point)
            if point in declined:
                return (actor + 1) % 4
        return caller


def _may_be(item: object, tile: LogTile) -> bool:
    """Whether a discard still to come may be `tile` (a tsumogiri may be any tile)."""
    if isinstance(item, str) and item.startswith("r"):
        item = int(item[1:]) if item[1:].isdigit() else None
    return item == tenhou6.TSUMOGIRI or _tile(item) == tile


_POINTS: Final = re.compile(r"^(?:(\d{1,3})符(\d{1,2})飜|満貫|跳満|倍満|三倍満|役満)(\d{1,6})(?:-(\d{1,6}))?点(∀)?$")
_YAKU: Final = re.compile(r"^(.+)\((?:(\d{1,2})飜|役満)\)$")
_WIND_IDS: Final = {
    **{tenhou6.SEAT_WIND + wind: "yakuhai_seat_wind" for wind in range(4)},
    **{tenhou6.ROUND_WIND + wind: "yakuhai_round_wind" for wind in range(4)},
}
_IDS: Final = {number: yaku for yaku, number in tenhou6.YAKU_NUMBERS.items()} | _WIND_IDS
_DORA_NAMES: Final = {
    tenhou6.YAKU_NAMES[tenhou6.DORA]: "dora",
    tenhou6.YAKU_NAMES[tenhou6.URA_DORA]: "ura_dora",
    tenhou6.YAKU_NAMES[tenhou6.RED_DORA]: "red_dora",
}
_DRAW_KINDS: Final = {name: kind for kind, name in tenhou6.ENDS.items()}


def _end(
    number: int, result: list[object], events: list[LogEvent], riichi_pending: int | None
) -> tuple[LogEnd, tuple[LogEvent, ...]]:
    """The round's end, and the events that close it (wins, or a riichi that stood)."""
    name = result[0]
    assert isinstance(name, str)
    if name == tenhou6.WIN:
        pairs = result[1:]
        if not pairs or len(pairs) % 2 or len(pairs) > 6:
            raise LogError(number, None, "result")
        wins = tuple(_win(number, pairs[index], pairs[index + 1]) for index in range(0, len(pairs), 2))
        won = tuple(_win_event(number, win, events) for win in wins)
        total = tuple(sum(win.deltas[seat] for win in wins) for seat in range(4))
        return LogEnd(EndKind.WIN, name, (total[0], total[1], total[2], total[3]), wins), won
    if name not in tenhou6.DRAWS or len(result) > 2:
        raise LogError(number, None, "result")
    deltas = _scores(result[1], number, "deltas") if len(result) == 2 else (0, 0, 0, 0)
    paid = frozenset(seat for seat in range(4) if deltas[seat] > 0)
    played = events[-1].kind if events else None
    if played != ("draw" if name == tenhou6.ENDS[EndKind.NINE_TERMINALS] else "discard"):
        raise LogError(number, len(events), "draw_mismatch")
    closing: tuple[LogEvent, ...] = ()
    if riichi_pending is not None and name != tenhou6.ENDS[EndKind.TRIPLE_RON]:
        closing = (LogEvent("riichi_accepted", riichi_pending),)
    if name in _DRAW_KINDS:
        return LogEnd(_DRAW_KINDS[name], name, deltas), closing
    tenpai = {tenhou6.ALL_TENPAI: frozenset(range(4)), tenhou6.NONE_TENPAI: frozenset(), tenhou6.EXHAUSTIVE: paid}
    nagashi = paid if name == tenhou6.NAGASHI else frozenset()
    return LogEnd(EndKind.EXHAUSTIVE, name, deltas, tenpai=tenpai.get(name, frozenset()), nagashi=nagashi), closing


def _seat(value: object) -> bool:
    return type(value) is int and 0 <= value <= 3


def _win(number: int, deltas_value: object, detail: object) -> LogWin:
    deltas = _scores(deltas_value, number, "deltas")
    if not (isinstance(detail, list) and len(detail) >= 3 and all(_seat(item) for item in detail[:3])):
        raise LogError(number, None, "win_detail")
    seat, source, pao = detail[:3]
    points = detail[3] if len(detail) > 3 else ""
    texts = detail[4:]
    if not isinstance(points, str) or not all(isinstance(text, str) for text in texts):
        raise LogError(number, None, "win_detail")
    matched = _POINTS.match(points)
    if matched is None and points:
        raise LogError(number, None, "win_points")
    yaku: list[tuple[str, int]] = []
    other: list[tuple[str, int]] = []
    dora = {"dora": 0, "ura_dora": 0, "red_dora": 0}
    for text in texts:
        assert isinstance(text, str)
        found = _YAKU.match(text)
        if found is None:
            raise LogError(number, None, "win_yaku")
        yaku_name, han = found.group(1), int(found.group(2) or 0)
        if yaku_name in _DORA_NAMES:
            dora[_DORA_NAMES[yaku_name]] += han
        elif yaku_name in tenhou6.YAKU_NAMES and tenhou6.YAKU_NAMES.index(yaku_name) in _IDS:
            yaku.append((_IDS[tenhou6.YAKU_NAMES.index(yaku_name)], han or 1))
        else:
            other.append((yaku_name, han))
    yakuman = any(text.endswith(f"({tenhou6.LIMIT_NAMES['yakuman']})") for text in texts)
    han = 0 if yakuman else sum(value for _, value in (*yaku, *other)) + sum(dora.values())
    fu = int(matched.group(1)) if matched and matched.group(1) else None
    return LogWin(
        seat,
        None if source == seat else source,
        None if pao == seat else pao,
        deltas,
        points,
        han,
        fu,
        tuple(yaku),
        tuple(other),
        dora["dora"],
        dora["ura_dora"],
        dora["red_dora"],
    )


def _win_event(number: int, win: LogWin, events: list[LogEvent]) -> LogEvent:
    """The win on the tile just drawn (tsumo), or on the discard or added kan
    of its source (an open or added kan's dora turns at that discard, just before)."""
    last = next((event for event in reversed(events) if event.kind != "dora"), None)
    if win.source is None:
        if last is None or last.kind != "draw" or last.seat != win.seat:
            raise LogError(number, len(events), "win_mismatch")
    elif last is None or last.kind not in ("discard", "added_kan") or last.seat != win.source:
        raise LogError(number, len(events), "win_mismatch")
    assert last is not None
    return LogEvent("win", win.seat, last.tiles, source=win.source)
