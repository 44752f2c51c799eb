"""One hand (kyoku): the deal, then one step per decision until it ends.

`deal` builds the first state from a wall; `step` takes the choices of every
seat that must decide (see `legal.decisions`) and returns the next state and
the events that led to it.  Draws and the end of the hand happen inside a
step, so every state returned waits on a decision or is over.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache

from tutor.engine.game.actions import Action, ActionKind
from tutor.engine.game.legal import answering_seats, decisions
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.rules import (
    four_kans_abort,
    four_winds,
    kuikae_kinds,
    live_tiles,
    nagashi_seats,
    score_win,
    tenpai,
    waits,
)
from tutor.engine.game.settle import added, exhaustive_deltas, table_share, win_deltas, win_of
from tutor.engine.game.state import (
    EndKind,
    Event,
    GameMeld,
    HandResult,
    KyokuState,
    Phase,
    PlayerState,
    Scores,
    Win,
    evolve,
)
from tutor.engine.hand import MeldKind
from tutor.engine.table import Wall, dealt_slots, indicator_slot, shuffled_kinds


class IllegalAction(ValueError):
    """A choice that is not among the legal actions of its seat, or a missing one."""


Step = tuple[KyokuState, tuple[Event, ...]]
Players = tuple[PlayerState, PlayerState, PlayerState, PlayerState]


def shuffled_wall(seed: int | str) -> Wall:
    """A riichi wall of 136 tiles shuffled from the seed."""
    return Wall("riichi", tuple(shuffled_kinds("riichi", random.Random(seed))))


def deal(
    options: RiichiOptions,
    wall: Wall,
    dealer: int,
    round_wind: int = 0,
    hand_number: int = 0,
    honba: int = 0,
    sticks: int = 0,
    scores: Scores | None = None,
    learner: int | None = None,
) -> Step:
    """The deal: thirteen tiles each in the table model's order, then the
    dealer's first draw.  `learner` is a seat played by a person (see `KyokuState.learner`)."""
    slots = dealt_slots(dealer)
    # The table model's deal ends with the dealer's 14th tile: here it is the first draw.
    fourteenth = max(slots[dealer])
    hands = [tuple(slot for slot in slots[seat] if slot != fourteenth) for seat in range(4)]
    players: Players = (
        PlayerState(hands[0]),
        PlayerState(hands[1]),
        PlayerState(hands[2]),
        PlayerState(hands[3]),
    )
    state = KyokuState(
        options=options,
        round_wind=round_wind,
        hand_number=hand_number,
        dealer=dealer,
        honba=honba,
        sticks=sticks,
        scores=scores or (options.start_points,) * 4,
        wall=replace(wall, front=fourteenth),
        players=players,
        phase=Phase.TURN,
        turn=dealer,
        learner=learner,
    )
    state, drawn = _draw(state, dealer, rinshan=False)
    return state, (Event("start"), drawn)


def _with_player(players: Players, seat: int, player: PlayerState) -> Players:
    items = list(players)
    items[seat] = player
    return (items[0], items[1], items[2], items[3])


def _set(state: KyokuState, seat: int, **changes: object) -> KyokuState:
    player = evolve(state.players[seat], **changes)
    return evolve(state, players=_with_player(state.players, seat, player))


def _draw(state: KyokuState, seat: int, rinshan: bool) -> tuple[KyokuState, Event]:
    """A draw from the live wall, or for a kan the replacement from the dead wall's end."""
    wall, slot = state.wall.take_back() if rinshan else state.wall.take_front()
    player = state.players[seat]
    player = evolve(player, hand=(*player.hand, slot), drawn=slot)
    players = _with_player(state.players, seat, player)
    state = evolve(state, wall=wall, turn=seat, phase=Phase.TURN, rinshan=rinshan, last_tile=None, players=players)
    return state, _draw_event(seat, slot)


@lru_cache(maxsize=4 * 136)
def _draw_event(seat: int, slot: int) -> Event:
    # Made once for each seat and slot (events are frozen): a step makes one at almost every draw.
    return Event("draw", seat, (slot,))


def step(state: KyokuState, choices: Mapping[int, Action], checked: bool = False) -> Step:
    """Applies the choices of the seats deciding now; raises IllegalAction for
    any other.  `checked`: the caller has found each choice among its seat's
    legal actions itself, so they are not all listed again (a replayed log
    asks only the legality of the play it logs, `legal.decision_of_kind`)."""
    if not checked:
        _check(state, choices)
    if state.phase is Phase.TURN:
        return _turn_action(state, choices[state.turn])
    if state.phase is Phase.RIICHI_DISCARD:
        action = choices[state.turn]
        assert action.tile is not None
        return _discard(state, state.turn, action.tile, riichi=True)
    if state.phase is Phase.CLAIMS:
        return _answer_discard(state, choices)
    return _answer_added_kan(state, choices)


def _check(state: KyokuState, choices: Mapping[int, Action]) -> None:
    """Every action taken was legal: one choice for each deciding seat, each among its legal actions."""
    if state.phase is Phase.OVER:
        raise IllegalAction("the hand is over")
    deciding = {decision.seat: decision.legal for decision in decisions(state)}
    if set(choices) != set(deciding):
        raise IllegalAction(f"choices for seats {sorted(choices)}, but seats {sorted(deciding)} decide")
    for seat, action in choices.items():
        if action not in deciding[seat]:
            raise IllegalAction(f"{action} is not legal now")


def _turn_action(state: KyokuState, action: Action) -> Step:
    seat = action.seat
    if action.kind is ActionKind.DISCARD:
        assert action.tile is not None
        return _discard(state, seat, action.tile, riichi=False)
    if action.kind is ActionKind.RIICHI:
        return replace(state, phase=Phase.RIICHI_DISCARD), (Event("riichi", seat),)
    if action.kind is ActionKind.TSUMO:
        assert action.tile is not None
        return _end_with_wins(state, ((seat, action.tile),), source=None, chankan=False)
    if action.kind is ActionKind.CLOSED_KAN:
        return _closed_kan(state, action)
    if action.kind is ActionKind.ADDED_KAN:
        return _added_kan(state, action)
    assert action.kind is ActionKind.NINE_TERMINALS
    return _end(state, HandResult(EndKind.NINE_TERMINALS, (0, 0, 0, 0), sticks_left=state.sticks)), ()


def _slot_of(state: KyokuState, seat: int, kind: int) -> int:
    """The slot discarded for a kind: the tile just drawn if it is that kind (tsumogiri)."""
    player = state.players[seat]
    kinds = state.wall.kinds
    if player.drawn is not None and kinds[player.drawn] == kind:
        return player.drawn
    # The last slot of that kind in the hand: found by list methods, not a loop of lookups.
    held = list(map(kinds.__getitem__, reversed(player.hand)))
    return player.hand[len(held) - 1 - held.index(kind)]


def _take(state: KyokuState, seat: int, kinds: tuple[int, ...]) -> tuple[int, ...]:
    """Slots of the given kinds from the seat's hand, one per kind listed."""
    hand = list(state.players[seat].hand)
    taken = []
    for kind in kinds:
        slot = next(slot for slot in hand if state.kind(slot) == kind)
        hand.remove(slot)
        taken.append(slot)
    return tuple(taken)


def _discard(state: KyokuState, seat: int, kind: int, riichi: bool) -> Step:
    """A discard; a riichi player's ippatsu chance passes with its next discard,
    temporary furiten ends, the kan dora of an open kan turns."""
    slot = _slot_of(state, seat, kind)
    player = state.players[seat]
    at = player.hand.index(slot)
    changes: dict[str, object] = {
        "hand": player.hand[:at] + player.hand[at + 1 :],
        "discards": (*player.discards, slot),
        "drawn": None,
        "kuikae": frozenset(),
        "passed_wins": (),
        "ippatsu": False,
    }
    first = state.first_go_round(seat)
    if riichi:
        changes["riichi_at"] = len(player.discards)
        changes["double_riichi"] = first
    events = [_discard_event(seat, slot, slot == player.drawn)]
    # One new state, not one per change: a discard is most of a hand's steps.
    fields: dict[str, object] = {
        "players": _with_player(state.players, seat, evolve(player, **changes)),
        "phase": Phase.CLAIMS,
        "turn": seat,
        "last_tile": slot,
        "rinshan": False,
        "riichi_pending": seat if riichi else None,
    }
    if first and not state.calls_made:
        fields["first_discards"] = (*state.first_discards, kind)
    state = evolve(state, **fields)
    if state.pending_dora:
        state, dora_events = _turn_dora(state)
        events += dora_events
    return _after_discard(state, tuple(events))


@lru_cache(maxsize=4 * 136 * 2)
def _discard_event(seat: int, slot: int, tsumogiri: bool) -> Event:
    # As `_draw_event`: one discard event for each seat, slot and way of discarding.
    return Event("discard", seat, (slot,), tsumogiri=tsumogiri)


def _turn_dora(state: KyokuState) -> tuple[KyokuState, list[Event]]:
    total = state.wall.total
    numbers = range(state.indicators, state.indicators + state.pending_dora)
    events = [Event("dora", slots=(indicator_slot(number, total),)) for number in numbers]
    return replace(state, indicators=state.indicators + state.pending_dora, pending_dora=0), events


def _after_discard(state: KyokuState, events: tuple[Event, ...]) -> Step:
    """If no seat can answer the discard, play goes on at once."""
    if decisions(state):
        return state, events
    following, more = _answer_discard(state, {})
    return following, events + more


def _mark_passed(state: KyokuState, tile: int, seats: tuple[int, ...]) -> KyokuState:
    """Temporary and riichi furiten: a seat that lets a winning tile go by may
    not ron until its next discard, or after riichi for the rest of the hand.
    `seats`: those that might answer the tile (`legal.answering_seats`), the
    only ones it can be a winning tile of."""
    # Each seat's own changes only, in one new state: the riichi seats first,
    # then the seats that might answer (after most discards none, so no waits
    # are asked; the tiles held, which the waits read, do not change here).
    players = list(state.players)
    changed = False
    for seat, player in enumerate(players):
        if seat != state.turn and player.riichi_at is not None:
            players[seat] = evolve(player, passed_since_riichi=(*player.passed_since_riichi, tile))
            changed = True
    for seat in seats:
        if tile not in waits(state, seat):
            continue
        player = players[seat]
        riichi_passed = (*player.riichi_passed, tile) if player.riichi else player.riichi_passed
        players[seat] = evolve(player, passed_wins=(*player.passed_wins, tile), riichi_passed=riichi_passed)
        changed = True
    if not changed:
        return state
    return evolve(state, players=(players[0], players[1], players[2], players[3]))


def _accept_riichi(state: KyokuState) -> tuple[KyokuState, tuple[Event, ...]]:
    """The riichi stands once its discard is not ronned: the stick goes on the table, ippatsu opens."""
    seat = state.riichi_pending
    if seat is None:
        return state, ()
    scores = list(state.scores)
    scores[seat] -= state.options.riichi_cost
    state = replace(
        state, riichi_pending=None, sticks=state.sticks + 1, scores=(scores[0], scores[1], scores[2], scores[3])
    )
    return _set(state, seat, ippatsu=True), (Event("riichi_accepted", seat),)


def _answer_discard(state: KyokuState, choices: Mapping[int, Action]) -> Step:
    """Rons first (all of them, or triple ron aborts), then a pon or kan, then a chi, else the next draw."""
    assert state.last_tile is not None
    tile = state.kind(state.last_tile)
    rons = _rons(state, choices)
    if rons:
        if len(rons) == 3 and state.options.triple_ron:
            return _end(state, HandResult(EndKind.TRIPLE_RON, (0, 0, 0, 0), sticks_left=state.sticks)), ()
        return _end_with_wins(state, tuple((seat, tile) for seat in rons), source=state.turn, chankan=False)
    # Asked of this state, before the riichi stick makes a new one: the
    # decisions just asked it, and a seat's tiles do not change in between.
    seats = answering_seats(state)
    state, events = _accept_riichi(state)
    state = _mark_passed(state, tile, seats)
    if state.options.four_kans and four_kans_abort(state.kans):
        return _abort(state, EndKind.FOUR_KANS, events)
    # Only the riichi that stands now can be the fourth: at an earlier one
    # the hand would have ended here (`events` holds its stick).
    if events and state.options.four_riichi and all(player.riichi for player in state.players):
        return _abort(state, EndKind.FOUR_RIICHI, events)
    call = _call_chosen(choices)
    if call is not None:
        following, more = _call(state, call)
        return following, events + more
    if state.options.four_winds and four_winds(state.first_discards):
        return _abort(state, EndKind.FOUR_WINDS, events)
    if live_tiles(state) == 0:
        return exhaustive_draw(state), events
    following, drawn = _draw(state, (state.turn + 1) % 4, rinshan=False)
    return following, (*events, drawn)


def _call_chosen(choices: Mapping[int, Action]) -> Action | None:
    """The call made on a discard: a pon or kan before a chi."""
    if not choices:
        return None  # most discards: nobody could answer
    call = next((action for action in choices.values() if action.kind in (ActionKind.PON, ActionKind.OPEN_KAN)), None)
    return call or next((action for action in choices.values() if action.kind is ActionKind.CHI), None)


def _rons(state: KyokuState, choices: Mapping[int, Action]) -> tuple[int, ...]:
    """The seats that ron, nearest the discarder first; without double ron only the first."""
    if not choices:
        return ()
    seats = sorted(
        (seat for seat, action in choices.items() if action.kind is ActionKind.RON),
        key=lambda seat: (seat - state.turn) % 4,
    )
    return tuple(seats if state.options.double_ron else seats[:1])


def _break_ippatsu(state: KyokuState) -> KyokuState:
    """Ippatsu ends for every seat on any call or kan, and the first go-round is over."""
    # A seat without the chance keeps its very state (and the memos keyed by its tuples).
    players = tuple(evolve(player, ippatsu=False) if player.ippatsu else player for player in state.players)
    return evolve(state, players=(players[0], players[1], players[2], players[3]), calls_made=True)


def _call(state: KyokuState, action: Action) -> Step:
    """Chi, pon or open kan of the discard: the caller plays next (after a kan, from the replacement)."""
    assert state.last_tile is not None and action.tile is not None
    seat, called = action.seat, state.last_tile
    discarder = state.turn
    slots = _take(state, seat, action.uses)
    kind = {ActionKind.CHI: MeldKind.CHI, ActionKind.PON: MeldKind.PON}.get(action.kind, MeldKind.OPEN_KAN)
    meld = GameMeld(kind, tuple(sorted((*slots, called))), called, discarder)
    caller = state.players[seat]
    barred = kuikae_kinds(action.tile, action.uses, kind) if kind is not MeldKind.OPEN_KAN else frozenset()
    state = _break_ippatsu(state)
    state = _set(state, discarder, called_away=state.players[discarder].called_away | {called})
    state = _set(
        state,
        seat,
        hand=tuple(slot for slot in caller.hand if slot not in slots),
        melds=(*caller.melds, meld),
        kuikae=barred,
        drawn=None,
    )
    event = Event(action.kind.value, seat, slots, called, discarder)
    if kind is MeldKind.OPEN_KAN:
        state = replace(state, kans=(*state.kans, seat), pending_dora=state.pending_dora + 1)
        state, drawn = _draw(state, seat, rinshan=True)
        return state, (event, drawn)
    return evolve(state, phase=Phase.TURN, turn=seat, last_tile=None, rinshan=False), (event,)


def _closed_kan(state: KyokuState, action: Action) -> Step:
    """Concealed kan: its indicator turns at once, then the replacement is drawn."""
    assert action.tile is not None
    seat = action.seat
    slots = _take(state, seat, action.uses)
    player = state.players[seat]
    state = _break_ippatsu(state)
    state = _set(
        state,
        seat,
        hand=tuple(slot for slot in player.hand if slot not in slots),
        melds=(*player.melds, GameMeld(MeldKind.CLOSED_KAN, tuple(sorted(slots)))),
        drawn=None,
    )
    state = replace(state, kans=(*state.kans, seat), pending_dora=state.pending_dora + 1)
    state, dora = _turn_dora(state)
    state, drawn = _draw(state, seat, rinshan=True)
    return state, (Event("closed_kan", seat, slots), *dora, drawn)


def _added_kan(state: KyokuState, action: Action) -> Step:
    """Added kan: the other seats may first rob it (chankan)."""
    assert action.tile is not None
    (slot,) = _take(state, action.seat, action.uses)
    state = replace(state, phase=Phase.CHANKAN, last_tile=slot)
    event = Event("added_kan", action.seat, (slot,))
    if decisions(state):
        return state, (event,)
    following, more = _answer_added_kan(state, {})
    return following, (event, *more)


def _answer_added_kan(state: KyokuState, choices: Mapping[int, Action]) -> Step:
    """Chankan if any seat robs the kan; else the kan is made and its replacement drawn."""
    assert state.last_tile is not None
    slot, seat = state.last_tile, state.turn
    tile = state.kind(slot)
    rons = _rons(state, choices)
    if rons:
        return _end_with_wins(state, tuple((ron, tile) for ron in rons), source=seat, chankan=True)
    state = _mark_passed(state, tile, answering_seats(state))
    player = state.players[seat]
    melds = tuple(
        GameMeld(MeldKind.OPEN_KAN, tuple(sorted((*meld.slots, slot))), meld.called, meld.source, added=True)
        if meld.kind is MeldKind.PON and state.kind(meld.slots[0]) == tile
        else meld
        for meld in player.melds
    )
    state = _break_ippatsu(state)
    state = _set(state, seat, hand=tuple(held for held in player.hand if held != slot), melds=melds, drawn=None)
    state = replace(state, kans=(*state.kans, seat), pending_dora=state.pending_dora + 1)
    state, drawn = _draw(state, seat, rinshan=True)
    return state, (drawn,)


def _end(state: KyokuState, result: HandResult) -> KyokuState:
    scores = added(state.scores, result.deltas)
    return replace(state, phase=Phase.OVER, result=result, scores=scores, sticks=result.sticks_left)


def _abort(state: KyokuState, kind: EndKind, events: tuple[Event, ...]) -> Step:
    """An abortive draw: nothing is paid, the sticks stay on the table."""
    return _end(state, HandResult(kind, (0, 0, 0, 0), sticks_left=state.sticks)), events


def exhaustive_draw(state: KyokuState) -> KyokuState:
    """The live wall is used up: nagashi mangan is paid if any seat made it,
    else the tenpai seats are paid by the noten ones.  The sticks stay."""
    ready = frozenset(seat for seat in range(4) if tenpai(state, seat))
    nagashi = nagashi_seats(state)
    deltas = exhaustive_deltas(state.options, state.dealer, ready, nagashi)
    result = HandResult(EndKind.EXHAUSTIVE, deltas, tenpai=ready, sticks_left=state.sticks, nagashi=nagashi)
    return _end(state, result)


def _end_with_wins(state: KyokuState, winners: tuple[tuple[int, int], ...], source: int | None, chankan: bool) -> Step:
    """The wins, scored; the first winner in turn order takes the honba and the sticks."""
    deltas: Scores = (0, 0, 0, 0)
    wins: list[Win] = []
    events: list[Event] = []
    for index, (seat, tile) in enumerate(winners):
        score = score_win(state, seat, tile, tsumo=source is None, chankan=chankan)
        honba, sticks = table_share(index, state.honba, state.sticks)
        deltas = added(deltas, win_deltas(state.options, state.dealer, score, seat, source, honba, sticks))
        wins.append(win_of(seat, source, tile, score))
        slot = state.last_tile if source is not None else state.players[seat].drawn
        assert slot is not None
        events.append(Event("win", seat, (slot,), source=source))
    result = HandResult(EndKind.WIN, deltas, tuple(wins), sticks_left=0)
    return _end(state, result), tuple(events)
