"""A round read from a log (`read_tenhou`, `read_mjai`) played again through
the game model, every choice checked by its rules.

The wall is arranged from the log: the deal, the live draws in order from
the dealer's first, a kan's replacement draws from the dead wall's end, the
dora and ura indicators in their slots, and the tiles nobody saw after
them.  Then the hand is dealt and stepped (`kyoku.step`): at each decision
the log's next play is found among the seat's legal actions (a ron or a call
among the answers, every other answering seat passing), and the events the
model makes (draws, dora, riichi sticks, wins) must be those the log
records.  A play the rules refuse is refused with the model's own reason
(`illegal_discard:kuikae`, `illegal_ron:furiten` ...), so a log that breaks
the rules never reviews.  The result is the hand as the model records its
own games (`simulate.HandRecord`): the review and the mistake finders read
it as they read a game played here.

This model has no red fives: a red five is played as a five, and
`red_fives` follows the red ones through the log's own events (a draw, a
discard, a call of a red discard), since which copy of a five a player
discards is the log's to say; the review adds them to a win as aka dora.

Every problem raises `read_tenhou.LogError(round, event, code)`, `event`
the index in the round's events where the replay stopped.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final

from tutor.engine.game.actions import Action, ActionKind, Decision
from tutor.engine.game.kyoku import deal, step
from tutor.engine.game.legal import decision_for, decision_of_kind, decisions, legal_discard, pass_action
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.read_tenhou import LogError, LogEvent, LogRound, LogTile
from tutor.engine.game.simulate import HandRecord, Turn
from tutor.engine.game.state import EndKind, Event, KyokuState, Phase
from tutor.engine.table import Wall, back_slot, dealt_slots, indicator_slot

_TOTAL: Final = 136
_KANS: Final = frozenset({"open_kan", "added_kan", "closed_kan"})
_CALLS: Final = {"chi": ActionKind.CHI, "pon": ActionKind.PON, "open_kan": ActionKind.OPEN_KAN}
_TURN_PLAYS: Final = {
    "discard": ActionKind.DISCARD,
    "riichi": ActionKind.RIICHI,
    "closed_kan": ActionKind.CLOSED_KAN,
    "added_kan": ActionKind.ADDED_KAN,
}
_FLOATING: Final = frozenset({"dora", "riichi_accepted"})
"""Events the model makes itself, whose place a log may move by an event or two."""
_MOST_LIVE_DRAWS: Final = 70
_MOST_REPLACEMENTS: Final = 4


@dataclass(frozen=True)
class ReplayedHand:
    """A log's round played again: the round it came from and the record."""

    round: LogRound
    record: HandRecord
    plays: tuple[tuple[int, int], ...]
    """For each turn of the record: the index in the round's events of the last
    event before its decision (the discard answered, in claims) and of the
    first event its choices made (the discard, call or win chosen)."""

    def turn(self, index: int) -> Turn:
        """The record's turn with every legal action of the seats deciding.
        On a seat's own turn the record keeps only what the replay needed:
        the discard the log played (`legal.legal_discard`), or for any other
        play the actions of its kind (`legal.decision_of_kind`); this lists the rest."""
        turn = self.record.turns[index]
        if turn.state.phase is not Phase.TURN:
            return turn
        return replace(turn, decisions=decisions(turn.state))

    def red_dora(self, seat: int, source: int | None) -> int:
        """The red fives in the seat's hand and calls at its win, the tile won on from `source` with them."""
        return red_fives(self.round, seat, source)


def red_fives(round_: LogRound, seat: int, source: int | None) -> int:
    """The red fives the seat holds (in hand or calls) at the round's end as
    the log plays them, the tile won on from `source` (a ron) with them."""
    return len(red_kinds(round_, seat, source))


def red_kinds(round_: LogRound, seat: int, source: int | None) -> tuple[int, ...]:
    """The red fives of `red_fives`, each as the kind of its five, in order of kind."""
    held = Counter(tile.kind for tile in round_.haipai[seat] if tile.red)
    for event in round_.events:
        if event.seat != seat:
            continue
        if event.kind == "draw" and event.tiles[0].red:
            held[event.tiles[0].kind] += 1
        elif event.kind == "discard" and event.tiles[0].red:
            held[event.tiles[0].kind] -= 1
        elif event.kind in _CALLS and event.called is not None and event.called.red:
            held[event.called.kind] += 1
    won = next((event for event in round_.events if event.kind == "win" and event.seat == seat), None)
    if source is not None and won is not None and won.tiles and won.tiles[0].red:
        held[won.tiles[0].kind] += 1
    return tuple(sorted(held.elements()))


def arranged(round_: LogRound) -> Wall:
    """The wall the round was played from (see the module's docstring)."""
    number = round_.number
    slots = dealt_slots(round_.dealer)
    fourteenth = max(slots[round_.dealer])
    placed: dict[int, LogTile] = {}
    for seat in range(4):
        dealt = sorted(slot for slot in slots[seat] if slot != fourteenth)
        placed.update(zip(dealt, round_.haipai[seat], strict=True))
    live: list[LogTile] = []
    replacements: list[LogTile] = []
    after_kan = False
    for index, event in enumerate(round_.events):
        if event.kind in _KANS:
            after_kan = True
        elif event.kind == "draw":
            (replacements if after_kan else live).append(event.tiles[0])
            after_kan = False
            if len(live) > _MOST_LIVE_DRAWS or len(replacements) > _MOST_REPLACEMENTS:
                raise LogError(number, index, "too_many_draws")
    placed.update(zip(range(fourteenth, fourteenth + len(live)), live, strict=True))
    placed.update((back_slot(taken, _TOTAL), found) for taken, found in enumerate(replacements))
    if len(round_.dora_indicators) > 5 or len(round_.ura_indicators) > 5:
        raise LogError(number, None, "dora_indicators")
    placed.update((indicator_slot(order, _TOTAL), found) for order, found in enumerate(round_.dora_indicators))
    placed.update((indicator_slot(order, _TOTAL) + 1, found) for order, found in enumerate(round_.ura_indicators))
    counted = Counter(found.kind for found in placed.values())
    if any(count > 4 for count in counted.values()):
        raise LogError(number, None, "fifth_copy")
    unseen = iter([kind for kind in range(34) for _ in range(4 - counted[kind])])
    kinds = [placed[slot].kind if slot in placed else next(unseen) for slot in range(_TOTAL)]
    return Wall("riichi", tuple(kinds))


def replay(round_: LogRound, options: RiichiOptions | None = None) -> ReplayedHand:
    """Plays the round again; raises LogError where the log and the rules part."""
    options = options or RiichiOptions()
    wall = arranged(round_)
    first = deal(
        options,
        wall,
        round_.dealer,
        round_.round_wind,
        round_.hand_number,
        round_.honba,
        round_.sticks,
        round_.scores,
    )
    player = _Player(round_)
    state, start_events = first
    player.match(state, start_events)
    turns: list[Turn] = []
    plays: list[tuple[int, int]] = []
    while state.phase is not Phase.OVER:
        deciding: tuple[Decision, ...]
        if state.phase in (Phase.TURN, Phase.RIICHI_DISCARD):
            decision, action = player.turn(state)
            deciding, choices = (decision,), {decision.seat: action}
            following, events = step(state, choices, checked=True)
        else:
            deciding = decisions(state)
            # Each answer is taken from its seat's legal actions (a pass among them), one for every seat deciding.
            choices = player.answers(state, deciding)
            following, events = step(state, choices, checked=True)
        turns.append(Turn(state, deciding, choices, events))
        before = player.last
        player.match(state, events)
        plays.append((before, player.first))
        state = following
    player.finish(state)
    return ReplayedHand(round_, HandRecord(first[0], start_events, tuple(turns), state), tuple(plays))


@lru_cache(maxsize=4 * 34)
def _only(seat: int, kind: int) -> Decision:
    """The decision a logged discard is checked by (`legal_discard`): that
    discard alone; made once for each seat and kind, as the actions are
    (keyed by the numbers: hashing an action runs Python code)."""
    return Decision(seat, (Action(seat, ActionKind.DISCARD, kind),))


def _kinds(tiles: Iterable[LogTile]) -> tuple[int, ...]:
    return tuple(sorted(found.kind for found in tiles))


def _same_tiles(logged: tuple[LogTile, ...], slots: tuple[int, ...], kinds: tuple[int, ...]) -> bool:
    """Whether the log's tiles are the kinds of the model's slots, in any order."""
    if len(logged) == 1 and len(slots) == 1:
        return logged[0].kind == kinds[slots[0]]  # a draw or a discard: most events
    return _kinds(logged) == tuple(sorted(map(kinds.__getitem__, slots)))


class _Player:
    """Reads the round's events in order: chooses from them, and checks the model's.

    A dora or a riichi stick (`_FLOATING`) may stand a few events earlier or
    later in a log than the model makes it: one the log gives early waits in
    `pending` for the model's, and one the log gives late is taken from
    ahead and marked `taken`."""

    def __init__(self, round_: LogRound) -> None:
        self.round = round_
        self.events = round_.events
        self.at = 0
        self.taken: set[int] = set()
        self.pending: list[int] = []
        self.last = 0
        """The index of the last event matched (not a floating one)."""
        self.first = 0
        """The index of the first event the last `match` matched."""

    def fail(self, code: str, index: int | None = None) -> LogError:
        return LogError(self.round.number, self.at if index is None else index, code)

    def _skip_taken(self) -> None:
        while self.at in self.taken:
            self.at += 1

    def plays(self) -> list[tuple[int, LogEvent]]:
        """The log's next events that are not made by the model alone (draws excepted), in order."""
        found = []
        for index in range(self.at, len(self.events)):
            event = self.events[index]
            if index in self.taken or event.kind in _FLOATING:
                continue
            found.append((index, event))
            if event.kind != "win":
                break
        return found

    def match(self, state: KyokuState, made: tuple[Event, ...]) -> None:
        """The model's events after a choice must be the log's next ones."""
        first: int | None = None
        for event in made:
            if event.kind == "start":
                continue
            if event.kind in _FLOATING:
                self._match_floating(state, event)
                continue
            if self.taken:  # most rounds take nothing ahead
                self._skip_taken()
            while self.at < len(self.events) and self.events[self.at].kind in _FLOATING:
                self.pending.append(self.at)
                self.at += 1
                self._skip_taken()
            if self.at >= len(self.events):
                raise self.fail("truncated")
            self._check(state, event, self.at)
            first = self.at if first is None else first
            self.last = self.at
            self.at += 1
        self.first = self.last if first is None else first

    def _match_floating(self, state: KyokuState, event: Event) -> None:
        for index in self.pending:
            if self.events[index].kind == event.kind:
                self.pending.remove(index)
                self._check(state, event, index)
                return
        self._skip_taken()
        ahead = [index for index in range(self.at, min(self.at + 4, len(self.events))) if index not in self.taken]
        for index in ahead:
            if self.events[index].kind == event.kind:
                self._check(state, event, index)
                self.taken.add(index)
                self._skip_taken()
                return
        if self.at < len(self.events):
            raise self.fail(f"missing_{event.kind}")

    def _check(self, state: KyokuState, event: Event, index: int) -> None:
        found = self.events[index]
        same = (
            found.kind == event.kind
            and found.seat == event.seat
            and _same_tiles(found.tiles, event.slots, state.wall.kinds)
            and (event.called is None or (found.called is not None and found.called.kind == state.kind(event.called)))
            and found.source == event.source
        )
        if not same:
            raise self.fail(f"unexpected_{found.kind}", index)

    def turn(self, state: KyokuState) -> tuple[Decision, Action]:
        """The play of the seat to play, found among its legal actions of the
        kind the log plays, or a legal discard alone (only those are asked:
        see `ReplayedHand.turn`)."""
        kind, tile, name, index = self._turn_play(state)
        if kind is ActionKind.DISCARD and tile is not None:
            discard = legal_discard(state, tile)
            if discard is not None:
                return _only(discard.seat, tile), discard
        decision = decision_of_kind(state, kind)
        return decision, self._pick(decision, kind, tile, (), name, index)

    def _turn_play(self, state: KyokuState) -> tuple[ActionKind, int | None, str, int]:
        """The kind, tile, name and event of the log's play on the seat's turn."""
        plays = self.plays()
        if not plays:
            if self.round.end.kind in (EndKind.NINE_TERMINALS, EndKind.EXHAUSTIVE):
                return ActionKind.NINE_TERMINALS, None, "nine_terminals", self.at
            raise self.fail("truncated")
        index, found = plays[0]
        if found.seat != state.turn:
            raise self.fail("out_of_turn", index)
        if found.kind == "win":
            if found.source is not None:
                raise self.fail("win_mismatch", index)
            return ActionKind.TSUMO, found.tiles[0].kind, "tsumo", index
        kind = _TURN_PLAYS.get(found.kind)
        if kind is None:
            raise self.fail(f"unexpected_{found.kind}", index)
        if state.phase is Phase.RIICHI_DISCARD and kind is not ActionKind.DISCARD:
            raise self.fail("riichi_discard", index)
        tile = found.tiles[0].kind if found.tiles else None
        return kind, tile, found.kind, index

    def answers(self, state: KyokuState, deciding: tuple[Decision, ...]) -> dict[int, Action]:
        plays = self.plays()
        wins = [(index, event) for index, event in plays if event.kind == "win"]
        call = plays[0] if plays and plays[0][1].kind in _CALLS else None
        by_seat = {decision.seat: decision for decision in deciding}
        choices: dict[int, Action] = {}
        for index, event in wins:
            if event.source != state.turn or event.seat is None:
                raise self.fail("win_mismatch", index)
            if event.seat not in by_seat:
                raise self.fail(_refused_code(state, event.seat, ActionKind.RON, "ron"), index)
            choices[event.seat] = self._pick(by_seat[event.seat], ActionKind.RON, None, (), "ron", index)
        if call is not None:
            index, event = call
            if event.source != state.turn or event.called is None or event.seat is None:
                raise self.fail("call_mismatch", index)
            if event.seat not in by_seat:
                raise self.fail(_refused_code(state, event.seat, _CALLS[event.kind], event.kind), index)
            uses = _kinds(event.tiles)
            choices[event.seat] = self._pick(
                by_seat[event.seat], _CALLS[event.kind], event.called.kind, uses, event.kind, index
            )
        if not plays and self.round.end.kind in (EndKind.TRIPLE_RON, EndKind.EXHAUSTIVE):
            rons = [next((a for a in d.legal if a.kind is ActionKind.RON), None) for d in deciding]
            if sum(ron is not None for ron in rons) == 3 and state.options.triple_ron:
                choices.update({ron.seat: ron for ron in rons if ron is not None})
        for decision in deciding:
            choices.setdefault(decision.seat, pass_action(decision.seat))
        return choices

    def _pick(
        self, decision: Decision, kind: ActionKind, tile: int | None, uses: tuple[int, ...], name: str, index: int
    ) -> Action:
        for action in decision.legal:
            if action.kind is kind and (tile is None or action.tile == tile) and (not uses or action.uses == uses):
                return action
        for item in decision.forbidden:
            action = item.action
            if action.kind is kind and (tile is None or action.tile == tile):
                raise self.fail(f"illegal_{name}:{item.code.value}", index)
        raise self.fail(f"illegal_{name}", index)

    def finish(self, end: KyokuState) -> None:
        """Every event of the log played, and the round ends as the log says."""
        self._skip_taken()
        if self.pending or self.at != len(self.events):
            raise self.fail("left_over", self.pending[0] if self.pending else None)
        result = end.result
        assert result is not None
        logged = self.round.end
        if (result.kind is EndKind.WIN) != (logged.kind is EndKind.WIN):
            raise self.fail("end_mismatch")
        if not self.round.lines and logged.kind is not EndKind.WIN and result.kind is not logged.kind:
            raise self.fail("end_mismatch")


def _refused_code(state: KyokuState, seat: int, kind: ActionKind, name: str) -> str:
    """Why the seat may not make the play now: the model's refusal, if it names one."""
    refused = next((item for item in decision_for(state, seat).forbidden if item.action.kind is kind), None)
    return f"illegal_{name}" + (f":{refused.code.value}" if refused is not None else "")
