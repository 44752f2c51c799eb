"""An MCR log of this tutor (the JSON lines of `match.py`) read back and
every hand played again by the MCR rules (`hand.step`), its decisions
recorded as a game played here records them (`mistakes.McrHandPlay`), so
that the same finders and the same review serve a hand read from a log.

The wall is rebuilt from the log: the dealt tiles in the deal's slots, each
draw from the front and each replacement (a flower's, a kong's) from the
back in the order the log makes them; the tiles never seen fill the rest.
Then the hand is dealt from that wall and played: at each decision the
log's next event is the choice (a discard, a kong, a hu, a call; a seat
absent from the log passes), the rules must allow it, and every event the
rules make (each draw, flower replacement, discard, call, false win and
hu) must be the log's next one.

Anything malformed, or a play the rules refuse, raises `read_tenhou.LogError`:
the round (the hand's place in the log, from 1), the index of the event's
line among the log's events (`start_game` is 0), and a code; an illegal
play's code names the rule (`illegal_win:under_eight`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

from tutor.engine.game.mcr.actions import McrAction, McrActionKind, McrDecision
from tutor.engine.game.mcr.hand import deal_wall, decisions, is_false_win, step
from tutor.engine.game.mcr.match import seats_of, tile_text
from tutor.engine.game.mcr.mistakes import McrHandPlay, McrTurn
from tutor.engine.game.mcr.state import McrEvent, McrHandState, McrOptions, McrPhase, Scores
from tutor.engine.game.read_mjai import parse_lines
from tutor.engine.game.read_tenhou import LogError
from tutor.engine.table import FLOWER_KINDS, MCR_HANDS, Wall, dealt_slots, is_flower, tile_total
from tutor.engine.tiles import WIND_LETTERS

A = McrActionKind
_SUITS: Final = {"m": (0, 9), "p": (9, 9), "s": (18, 9), "z": (27, 7), "f": (34, 8)}
_KONGS: Final = frozenset({"daiminkan", "ankan", "kakan"})
_CLAIMS: Final = {"chi": A.CHOW, "pon": A.PUNG, "daiminkan": A.KONG}
PLAYS: Final = {
    "tsumo": "draw",
    "dahai": "discard",
    "chi": "chi",
    "pon": "pon",
    "daiminkan": "open_kan",
    "kakan": "added_kan",
    "ankan": "closed_kan",
    "hora": "win",
    "flower": "flower",
    "false_win": "false_win",
}
"""Each log event's play, as a refusal's code names it (`unexpected_<play>`)."""
_MAX_FANS: Final = 100
_MAX_SCORE: Final = 1_000_000_000


def tile_kind(value: object) -> int | None:
    """A tile in our notation (`5m`, `7z`, flowers `1f`..`8f`) as a kind, else None."""
    if not isinstance(value, str) or len(value) != 2 or value[1] not in _SUITS or value[0] not in "123456789":
        return None
    first, count = _SUITS[value[1]]
    number = int(value[0])
    return first + number - 1 if number <= count else None


@dataclass(frozen=True)
class LoggedWin:
    """The log's hu: the winner and the discarder (players; the winner's own for a self-draw), the tile, fans, total."""

    player: int
    target: int
    tile: int
    fans: tuple[tuple[str, int], ...]
    total: int | None


@dataclass(frozen=True)
class McrReplayedHand:
    """One hand of the log, played again by the rules."""

    round: int
    """Its place in the log, from 1."""
    number: int
    """0-15 in the game: the prevalent wind and the hand in it."""
    seats: tuple[int, int, int, int]
    """The player at each seat wind (0 East ...)."""
    scores: Scores
    """The players' scores before the hand, as the log gives them."""
    play: McrHandPlay
    plays: tuple[tuple[int, int], ...]
    """Per turn of `play`: the log's index of the event before the decision
    (the discard a claim answers) and of the event the decision made."""
    chosen: tuple[tuple[tuple[int, int], ...], ...]
    """Per turn: each seat that chose something other than a pass, and the log's index of its choice."""
    end_event: int
    """The log's index of the hora or ryukyoku."""
    logged: Scores
    """The deltas the log recorded, by player."""
    win: LoggedWin | None

    @property
    def false_wins(self) -> tuple[int, ...]:
        """The seats that declared a false win, in order."""
        return tuple(
            event.seat
            for turn in self.play.turns
            for event in turn.events
            if event.kind == "false_win" and event.seat is not None
        )


def is_mcr_log(first_line: str) -> bool:
    """The first line of an MCR log of this tutor: a `start_game` naming the rules `mcr`."""
    return '"rules"' in first_line and '"mcr"' in first_line


def loads(text: str, options: McrOptions | None = None) -> tuple[McrReplayedHand, ...]:
    """Every hand of an MCR log, played again; raises LogError."""
    entries = parse_lines(text)
    chosen = options or McrOptions()
    hands: list[McrReplayedHand] = []
    start: int | None = None
    for index, entry in enumerate(entries):
        kind = entry["type"]
        number = len(hands) + 1
        if kind == "start_game":
            _start_game(entry, len(hands), index)
        elif kind == "start_kyoku":
            if start is not None:
                raise LogError(number, index, "end_missing")
            start = index
        elif kind == "end_kyoku":
            if start is None:
                raise LogError(len(hands), index, "outside_round")
            if len(hands) >= MCR_HANDS:
                raise LogError(number, index, "too_many_hands")
            hands.append(_Hand(entries, start, index, number, chosen).replayed())
            start = None
        elif kind == "end_game":
            if start is not None:
                raise LogError(number, index, "end_missing")
        elif start is None:
            raise LogError(len(hands), index, "outside_round")
    if start is not None:
        raise LogError(len(hands) + 1, len(entries), "end_missing")
    if not hands:
        raise LogError(0, None, "no_rounds")
    return tuple(hands)


def _start_game(entry: dict[str, Any], hands: int, index: int) -> None:
    names = entry.get("names", ["", "", "", ""])
    if not (isinstance(names, list) and len(names) == 4 and all(isinstance(name, str) for name in names)):
        raise LogError(hands, index, "names")
    if entry.get("rules") != "mcr":
        raise LogError(hands, index, "rule")


def _scores(value: object) -> Scores | None:
    if not (isinstance(value, list) and len(value) == 4 and all(type(item) is int for item in value)):
        return None
    if not all(abs(item) < _MAX_SCORE for item in value):
        return None
    return (value[0], value[1], value[2], value[3])


def _player(value: object) -> int | None:
    return value if type(value) is int and 0 <= value <= 3 else None


class _Hand:
    """One hand being read: the log's events from `start_kyoku` (at `start`) to `end_kyoku` (at `stop`)."""

    def __init__(self, entries: list[dict[str, Any]], start: int, stop: int, number: int, options: McrOptions) -> None:
        self.entries = entries
        self.start = start
        self.stop = stop
        self.number = number
        self.options = options
        self.at = start + 1
        """The next event to read."""
        self.last_draw: dict[int, int] = {}
        self.seats: tuple[int, int, int, int] = (0, 1, 2, 3)
        self.end = stop
        """The hora or ryukyoku, once read."""
        self.win: LoggedWin | None = None
        self.chosen: dict[int, int] = {}
        """The log's index of each seat's choice at the decision being read."""

    def fail(self, code: str, index: int | None = None) -> LogError:
        return LogError(self.number, self.at if index is None else index, code)

    def peek(self, offset: int = 0) -> dict[str, Any] | None:
        at = self.at + offset
        return self.entries[at] if at < self.stop else None

    def actor(self, entry: dict[str, Any], index: int, key: str = "actor") -> int:
        found = _player(entry.get(key))
        if found is None:
            raise self.fail(key, index)
        return found

    def kind(self, entry: dict[str, Any], index: int, key: str = "pai") -> int:
        found = tile_kind(entry.get(key))
        if found is None:
            raise self.fail("tile", index)
        return found

    def kinds(self, entry: dict[str, Any], index: int, count: int) -> tuple[int, ...]:
        value = entry.get("consumed")
        if not isinstance(value, list) or len(value) != count:
            raise self.fail("call", index)
        found = [tile_kind(item) for item in value]
        if any(item is None or is_flower(item) for item in found):
            raise self.fail("call", index)
        return tuple(sorted(item for item in found if item is not None))

    # The deal and the wall.

    def header(self) -> tuple[int, tuple[int, int, int, int], Scores, dict[int, tuple[int, ...]]]:
        entry = self.entries[self.start]
        wind, kyoku, dealer = entry.get("bakaze"), entry.get("kyoku"), entry.get("oya")
        if not (isinstance(wind, str) and wind in WIND_LETTERS and type(kyoku) is int and 1 <= kyoku <= 4):
            raise self.fail("round_header", self.start)
        number = WIND_LETTERS.index(wind) * 4 + kyoku - 1
        seats = seats_of(number)
        winds = [WIND_LETTERS[seats.index(player)] for player in range(4)]
        if dealer != seats[0] or entry.get("seats", winds) != winds:
            raise self.fail("round_header", self.start)
        scores = _scores(entry.get("scores", [0, 0, 0, 0]))
        if scores is None:
            raise self.fail("scores", self.start)
        hands = entry.get("tehais")
        slots = dealt_slots(0)
        if not isinstance(hands, list) or len(hands) != 4:
            raise self.fail("haipai", self.start)
        dealt: dict[int, tuple[int, ...]] = {}
        for seat, player in enumerate(seats):
            tiles = hands[player]
            found = [tile_kind(item) for item in tiles] if isinstance(tiles, list) else []
            if len(found) != len(slots[seat]) or any(item is None for item in found):
                raise self.fail("haipai", self.start)
            dealt[seat] = tuple(item for item in found if item is not None)
        return number, seats, scores, dealt

    def wall(self, dealt: dict[int, tuple[int, ...]]) -> Wall:
        """The wall the log's deal, draws and replacements come from."""
        total = tile_total("mcr")
        kinds: dict[int, int] = {}
        for seat, slots in dealt_slots(0).items():
            kinds.update(zip(slots, dealt[seat], strict=True))
        wall = Wall("mcr", (0,) * total, front=len(kinds))
        from_back: set[int] = set()
        for index in range(self.start + 1, self.stop):
            entry = self.entries[index]
            kind = entry.get("type")
            if kind in ("tsumo", "flower"):
                player = self.actor(entry, index)
                tile = self.kind(entry, index, "pai" if kind == "tsumo" else "replacement")
                if kind == "flower" and not is_flower(self.kind(entry, index)):
                    raise self.fail("tile", index)
                if not wall.remaining():
                    raise self.fail("too_many_draws", index)
                back = kind == "flower" or player in from_back
                wall, slot = wall.take_back() if back else wall.take_front()
                kinds[slot] = tile
                if kind == "tsumo":
                    from_back.discard(player)
            elif kind in _KONGS:
                from_back.add(self.actor(entry, index))
        counted = Counter(kinds.values())
        if any(count > (1 if is_flower(kind) else 4) for kind, count in counted.items()):
            raise self.fail("fifth_copy", self.start)
        rest = [kind for kind in range(34) for _ in range(4 - counted[kind])]
        rest += [kind for kind in FLOWER_KINDS if not counted[kind]]
        free = (slot for slot in range(total) if slot not in kinds)
        kinds.update(zip(free, rest, strict=True))
        return Wall("mcr", tuple(kinds[slot] for slot in range(total)))

    # The play.

    def replayed(self) -> McrReplayedHand:
        number, seats, scores, dealt = self.header()
        self.seats = seats
        state, events = deal_wall(self.options, number // 4, self.wall(dealt))
        start = state
        self.expect(state, events)
        turns: list[McrTurn] = []
        plays: list[tuple[int, int]] = []
        chosen: list[tuple[tuple[int, int], ...]] = []
        while state.phase is not McrPhase.OVER:
            deciding = decisions(state)
            before = self.at - 1
            self.chosen = {}
            choices = self.choices(state, deciding)
            chosen.append(tuple(self.chosen.items()))
            try:
                following, events = step(state, choices)
            except ValueError as error:
                raise self.fail(_unexpected(self.entry_type())) from error
            turns.append(McrTurn(state, deciding, choices, tuple(events)))
            plays.append((before, self.at))
            self.expect(following, events)
            state = following
        if self.at != self.stop:
            raise self.fail("left_over")
        assert state.result is not None
        logged = _scores(self.entries[self.end].get("deltas"))
        if logged is None:
            raise self.fail("deltas", self.end)
        play = McrHandPlay(start, tuple(turns), state)
        return McrReplayedHand(
            self.number, number, seats, scores, play, tuple(plays), tuple(chosen), self.end, logged, self.win
        )

    def entry_type(self) -> str:
        entry = self.peek()
        return "" if entry is None else str(entry["type"])

    def choices(self, state: McrHandState, deciding: tuple[McrDecision, ...]) -> dict[int, McrAction]:
        """The decision's choices as the log makes them; a seat the log does not name passes."""
        if state.phase is McrPhase.TURN:
            chosen = self.turn_choice(state)
            self.check(state, deciding, chosen, 0)
            return {state.turn: chosen}
        assert state.last_tile is not None
        tile = state.kind(state.last_tile)
        choices: dict[int, McrAction] = {}
        offset = 0
        while (entry := self.peek(offset)) is not None:
            kind = entry["type"]
            index = self.at + offset
            if kind not in ("false_win", "hora", *(() if state.phase is McrPhase.ROB else _CLAIMS)):
                break
            player = self.actor(entry, index)
            seat = self.seats.index(player)
            if seat == state.turn or seat in choices:
                raise self.fail("out_of_turn", index)
            if kind in _CLAIMS:
                uses = self.kinds(entry, index, 3 if kind == "daiminkan" else 2)
                chosen = McrAction(seat, _CLAIMS[kind], tile, uses)
            else:
                chosen = McrAction(seat, A.HU, tile)
            self.check(state, deciding, chosen, offset)
            choices[seat] = chosen
            offset += 1
            if kind != "false_win":
                break
        return choices

    def turn_choice(self, state: McrHandState) -> McrAction:
        seat = state.turn
        entry = self.peek()
        if entry is None:
            raise self.fail("truncated")
        kind = entry["type"]
        if kind not in ("dahai", "ankan", "kakan", "hora", "false_win"):
            raise self.fail(_unexpected(kind))
        if self.actor(entry, self.at) != self.seats[seat]:
            raise self.fail("out_of_turn")
        if kind == "dahai":
            return McrAction(seat, A.DISCARD, self.kind(entry, self.at))
        if kind == "ankan":
            uses = self.kinds(entry, self.at, 4)
            return McrAction(seat, A.CONCEALED_KONG, uses[0], uses)
        if kind == "kakan":
            tile = self.kind(entry, self.at)
            return McrAction(seat, A.ADDED_KONG, tile, (tile,))
        return McrAction(seat, A.HU, state.kind(state.players[seat].hand[-1]))

    def check(self, state: McrHandState, deciding: tuple[McrDecision, ...], chosen: McrAction, offset: int) -> None:
        """The log's play must be one the rules allow (a false win: one they refuse)."""
        index = self.at + offset
        self.chosen[chosen.seat] = index
        kind = self.entries[index]["type"]
        false = chosen.kind is A.HU and is_false_win(state, chosen)
        if kind == "false_win":
            if not false:
                raise self.fail("unexpected_false_win", index)
            return
        if any(chosen in decision.legal for decision in deciding) and not false:
            return
        refused = next((item for decision in deciding for item in decision.forbidden if item.action == chosen), None)
        rule = f":{refused.code.value}" if refused is not None else ""
        raise self.fail(f"illegal_{PLAYS[kind]}{rule}", index)

    # The events the rules make, against the log's.

    def expect(self, state: McrHandState, events: list[McrEvent]) -> None:
        for event in events:
            if event.kind in ("deal", "refused"):
                continue
            entry = self.peek()
            if entry is None:
                raise self.fail("truncated")
            if event.kind == "exhausted":
                if entry["type"] != "ryukyoku":
                    raise self.fail("end_mismatch")
                self.end = self.at
            elif event.kind == "hu":
                self.hora(state, event, entry)
            elif dict(self.shown(entry)) != dict(self.logged(state, event)):
                raise self.fail(_unexpected(entry["type"]))
            self.at += 1

    def hora(self, state: McrHandState, event: McrEvent, entry: dict[str, Any]) -> None:
        assert event.seat is not None and state.result is not None and state.result.win is not None
        won = state.result.win
        player = self.seats[event.seat]
        target = player if event.source is None else self.seats[event.source]
        if entry["type"] != "hora" or (entry.get("actor"), entry.get("target")) != (player, target):
            raise self.fail("unexpected_win")
        if self.kind(entry, self.at) != won.tile:
            raise self.fail("win_mismatch")
        fans = entry.get("fans", [])
        total = entry.get("total")
        if not (isinstance(fans, list) and len(fans) <= _MAX_FANS and all(_fan(item) for item in fans)):
            raise self.fail("win_detail")
        if total is not None and not (type(total) is int and 0 <= total < _MAX_SCORE):
            raise self.fail("win_detail")
        self.end = self.at
        self.win = LoggedWin(player, target, won.tile, tuple((item[0], item[1]) for item in fans), total)

    def shown(self, entry: dict[str, Any]) -> Iterator[tuple[str, object]]:
        """The log's event as compared: consumed tiles in any order."""
        for key, value in entry.items():
            if key == "consumed" and isinstance(value, list):
                yield key, sorted(str(item) for item in value)
            else:
                yield key, value

    def logged(self, state: McrHandState, event: McrEvent) -> Iterator[tuple[str, object]]:
        """The event the rules made, as the log writes it (`match.hand_log`)."""
        assert event.seat is not None
        text = _tile_text
        yield "actor", self.seats[event.seat]
        kind = event.kind
        if kind == "flower":
            yield from (
                ("type", "flower"),
                ("pai", text(state, event.slots[0])),
                ("replacement", text(state, event.slots[1])),
            )
        elif kind == "draw":
            self.last_draw[event.seat] = event.slots[0]
            yield from (("type", "tsumo"), ("pai", text(state, event.slots[0])))
        elif kind == "discard":
            yield from (("type", "dahai"), ("pai", text(state, event.slots[0])))
            yield "tsumogiri", self.last_draw.get(event.seat) == event.slots[0]
        elif kind in ("chow", "pung", "kong"):
            assert event.called is not None and event.source is not None
            yield from (
                ("type", {"chow": "chi", "pung": "pon", "kong": "daiminkan"}[kind]),
                ("target", self.seats[event.source]),
            )
            yield from (("pai", text(state, event.called)), ("consumed", sorted(text(state, s) for s in event.slots)))
        elif kind == "added_kong":
            yield from (("type", "kakan"), ("pai", text(state, event.slots[0])), ("consumed", []))
        elif kind == "concealed_kong":
            yield from (("type", "ankan"), ("consumed", sorted(text(state, s) for s in event.slots)))
        else:
            yield "type", kind


def _tile_text(state: McrHandState, slot: int) -> str:
    return tile_text(state.kind(slot))


def _unexpected(kind: str) -> str:
    """The code of a log's event where the rules make another: its play, or an event type not known."""
    return f"unexpected_{PLAYS[kind]}" if kind in PLAYS else "event_type"


def _fan(item: object) -> bool:
    return (
        isinstance(item, list)
        and len(item) == 2
        and isinstance(item[0], str)
        and len(item[0]) <= 40
        and type(item[1]) is int
        and 0 < item[1] <= 16
    )
