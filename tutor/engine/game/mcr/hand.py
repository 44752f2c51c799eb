"""One MCR hand: the deal with flowers set aside, decisions, and `step`.

Document 004: flowers are set aside on the deal (East first) and on draws,
and replaced from the back of the wall; there is no dead wall, so the hand
is drawn when the wall is empty; a kong's replacement comes from the back;
chow only from the seat on the left; claims by priority hu > kong = pung >
chow, one hu only, the nearest to the discarder in turn order (11. 선오름);
8 points without flowers to win; a false win costs 10 to each other seat
and leaves the hand dead (9.1).  Payments: `tutor.engine.mcr.settlement`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace

from tutor.engine.game.mcr.actions import McrAction, McrActionKind, McrDecision, McrForbidden, McrRefusal
from tutor.engine.game.mcr.state import (
    McrEvent,
    McrHandResult,
    McrHandState,
    McrMeld,
    McrOptions,
    McrPhase,
    McrPlayer,
    McrWin,
    Scores,
)
from tutor.engine.hand import MeldKind
from tutor.engine.mcr.context import McrContext
from tutor.engine.mcr.score import McrScore, score_mcr
from tutor.engine.mcr.settlement import MINIMUM_POINTS, Payments
from tutor.engine.refusal import Refusal
from tutor.engine.table import Wall, dealt_slots, is_flower, shuffled_kinds
from tutor.engine.tiles import EAST

A = McrActionKind
Players = tuple[McrPlayer, McrPlayer, McrPlayer, McrPlayer]


def _set(players: Players, seat: int, player: McrPlayer) -> Players:
    items = list(players)
    items[seat] = player
    return (items[0], items[1], items[2], items[3])


def deal(options: McrOptions, prevalent: int, seed: int) -> tuple[McrHandState, list[McrEvent]]:
    """A wall shuffled from the seed, dealt (see `deal_wall`)."""
    return deal_wall(options, prevalent, Wall("mcr", tuple(shuffled_kinds("mcr", random.Random(seed)))))


def deal_wall(options: McrOptions, prevalent: int, wall: Wall) -> tuple[McrHandState, list[McrEvent]]:
    """The wall dealt from the front (East holds 14), then each seat's
    flowers set aside and replaced from the back, East first (004, 7)."""
    slots = dealt_slots(0)
    wall = replace(wall, front=sum(len(found) for found in slots.values()))
    players = (
        McrPlayer(hand=tuple(slots[0])),
        McrPlayer(hand=tuple(slots[1])),
        McrPlayer(hand=tuple(slots[2])),
        McrPlayer(hand=tuple(slots[3])),
    )
    state = McrHandState(options, prevalent, wall, players, McrPhase.TURN, 0)
    events = [McrEvent("deal")]
    for seat in range(4):
        state, more = _flowers_aside(state, seat)
        events += more
    return state, events


def _flowers_aside(state: McrHandState, seat: int) -> tuple[McrHandState, list[McrEvent]]:
    events: list[McrEvent] = []
    while True:
        player = state.players[seat]
        flowers = [slot for slot in player.hand if is_flower(state.kind(slot))]
        if not flowers or not state.wall.remaining():
            return state, events
        slot = flowers[0]
        wall, drawn = state.wall.take_back()
        hand = (*tuple(s for s in player.hand if s != slot), drawn)
        player = replace(player, hand=hand, flowers=(*player.flowers, slot))
        state = replace(state, wall=wall, players=_set(state.players, seat, player))
        events.append(McrEvent("flower", seat, (slot, drawn)))


def win_context(state: McrHandState, seat: int, tile: int, self_drawn: bool, kong: bool) -> McrContext:
    shown = state.shown(tile) - (0 if self_drawn or kong else 1)
    return McrContext(
        win_tile=tile,
        self_drawn=self_drawn,
        seat=EAST + seat,
        prevalent=EAST + state.prevalent,
        flowers=len(state.players[seat].flowers),
        last_tile=shown == 3,
        kong=kong,
        wall_last=not state.wall.remaining(),
    )


def score_win(state: McrHandState, seat: int, tile: int, self_drawn: bool, kong: bool) -> McrScore | None:
    """The score of the seat's hand with `tile` (a kind) as its winning tile, or None if not complete."""
    hand = state.engine_hand(seat, None if self_drawn else tile)
    try:
        return score_mcr(hand, win_context(state, seat, tile, self_drawn, kong), state.options.rules)
    except Refusal:
        return None


def _fans(score: McrScore) -> tuple[tuple[str, int], ...]:
    return tuple((str(item.fan.id), item.count) for item in score.fans)


def _hu(state: McrHandState, seat: int, tile: int, self_drawn: bool, kong: bool) -> McrAction | McrForbidden:
    action = McrAction(seat, A.HU, tile)
    score = score_win(state, seat, tile, self_drawn, kong)
    if score is None:
        return McrForbidden(action, McrRefusal.NOT_COMPLETE, (tile,))
    # A dead hand is refused before its points are counted: whatever it
    # scores, it may not win again (004, 9.2).
    if state.players[seat].dead:
        return McrForbidden(action, McrRefusal.DEAD_HAND, (tile,))
    if not score.can_win:
        return McrForbidden(action, McrRefusal.UNDER_EIGHT, (tile,), _fans(score), score.total - score.flowers)
    return action


def decisions(state: McrHandState) -> tuple[McrDecision, ...]:
    """Each seat that must choose now, its legal actions and refused ones."""
    if state.phase is McrPhase.OVER:
        return ()
    if state.phase is McrPhase.TURN:
        return (_turn_decision(state),)
    return tuple(_claim_decision(state, seat) for seat in range(4) if seat != state.turn)


def _turn_decision(state: McrHandState) -> McrDecision:
    seat = state.turn
    player = state.players[seat]
    kinds = sorted({state.kind(slot) for slot in player.hand})
    legal: list[McrAction] = [McrAction(seat, A.DISCARD, kind) for kind in kinds]
    forbidden: list[McrForbidden] = []
    counts = [state.kind(slot) for slot in player.hand]
    drawn = state.kind(player.hand[-1])
    if not state.called:
        hu = _hu(state, seat, drawn, True, state.replacement)
        if isinstance(hu, McrAction):
            legal.append(hu)
        else:
            forbidden.append(hu)
    for kind in kinds:
        kongs = []
        if counts.count(kind) == 4:
            kongs.append(McrAction(seat, A.CONCEALED_KONG, kind, (kind,) * 4))
        if any(meld.kind is MeldKind.PON and state.kind(meld.slots[0]) == kind for meld in player.melds):
            kongs.append(McrAction(seat, A.ADDED_KONG, kind, (kind,)))
        for kong in kongs:
            if state.wall.remaining():
                legal.append(kong)
            else:
                forbidden.append(McrForbidden(kong, McrRefusal.NO_TILES, (kind,)))
    return McrDecision(seat, tuple(legal), tuple(forbidden))


def _claim_decision(state: McrHandState, seat: int) -> McrDecision:
    assert state.last_tile is not None
    tile = state.kind(state.last_tile)
    legal: list[McrAction] = [McrAction(seat, A.PASS)]
    forbidden: list[McrForbidden] = []
    hu = _hu(state, seat, tile, False, state.phase is McrPhase.ROB)
    if isinstance(hu, McrAction):
        legal.append(hu)
    elif hu.code is not McrRefusal.NOT_COMPLETE:
        forbidden.append(hu)
    if state.phase is McrPhase.ROB:
        return McrDecision(seat, tuple(legal), tuple(forbidden))
    held = [state.kind(slot) for slot in state.players[seat].hand]
    if held.count(tile) >= 2:
        legal.append(McrAction(seat, A.PUNG, tile, (tile, tile)))
    if held.count(tile) == 3:
        kong = McrAction(seat, A.KONG, tile, (tile,) * 3)
        if state.wall.remaining():
            legal.append(kong)
        else:
            forbidden.append(McrForbidden(kong, McrRefusal.NO_TILES, (tile,)))
    if tile < 27:
        low = tile - tile % 9
        for start in (tile - 2, tile - 1, tile):
            if start < low or start + 2 > low + 8:
                continue
            uses = tuple(k for k in (start, start + 1, start + 2) if k != tile)
            if all(k in held for k in uses):
                chow = McrAction(seat, A.CHOW, tile, uses)
                if seat == (state.turn + 1) % 4:
                    legal.append(chow)
                else:
                    forbidden.append(McrForbidden(chow, McrRefusal.CHOW_NOT_LEFT, (tile,)))
    return McrDecision(seat, tuple(legal), tuple(forbidden))


def _take(player: McrPlayer, state: McrHandState, kinds: tuple[int, ...]) -> tuple[McrPlayer, tuple[int, ...]]:
    hand = list(player.hand)
    taken = []
    for kind in kinds:
        slot = next(s for s in hand if state.kind(s) == kind)
        hand.remove(slot)
        taken.append(slot)
    return replace(player, hand=tuple(hand)), tuple(taken)


def _draw(state: McrHandState, seat: int, back: bool) -> tuple[McrHandState, list[McrEvent]]:
    """The seat draws (front, or back for a kong); flowers are set aside and
    replaced; an empty wall ends the hand drawn, with no payments (004, 10)."""
    if not state.wall.remaining():
        result = McrHandResult(state.penalties)
        return replace(state, phase=McrPhase.OVER, result=result), [McrEvent("exhausted")]
    wall, slot = state.wall.take_back() if back else state.wall.take_front()
    player = state.players[seat]
    player = replace(player, hand=(*player.hand, slot))
    state = replace(
        state,
        wall=wall,
        players=_set(state.players, seat, player),
        phase=McrPhase.TURN,
        turn=seat,
        replacement=back,
        called=False,
    )
    events = [McrEvent("draw", seat, (slot,))]
    if is_flower(state.kind(slot)):
        state, more = _flowers_aside(state, seat)
        events += more
        state = replace(state, replacement=False)
        if is_flower(state.kind(state.players[seat].hand[-1])):
            # The wall ran out on a flower's replacement.
            result = McrHandResult(state.penalties)
            return replace(state, phase=McrPhase.OVER, result=result), [*events, McrEvent("exhausted")]
    return state, events


def _win(state: McrHandState, seat: int, tile: int, source: int | None, kong: bool) -> tuple[McrHandState, McrEvent]:
    score = score_win(state, seat, tile, source is None, kong)
    assert score is not None and score.can_win
    deltas = payment_deltas(score.payments, seat, source)
    total = tuple(a + b for a, b in zip(deltas, state.penalties, strict=True))
    context = score.context
    win = McrWin(
        seat,
        source,
        tile,
        score.total,
        score.flowers,
        _fans(score),
        source is None,
        kong,
        context.wall_last,
        score.last_tile,
    )
    result = McrHandResult((total[0], total[1], total[2], total[3]), win)
    return replace(state, phase=McrPhase.OVER, result=result), McrEvent("hu", seat, (), None, source)


def payment_deltas(pay: Payments, seat: int, source: int | None) -> Scores:
    """Each seat's change for a win's payments: the discarder pays its share,
    every other payer (all three on a self-draw) the others' share."""
    deltas = [0, 0, 0, 0]
    for other in range(4):
        if other == seat:
            continue
        paid = pay.discarder if other == source and pay.discarder is not None else pay.each_other
        deltas[other] -= paid
        deltas[seat] += paid
    return (deltas[0], deltas[1], deltas[2], deltas[3])


def penalty_deltas(options: McrOptions, seat: int) -> Scores:
    """A false win (004, 9.1): the declarer pays the option's points to each other seat."""
    points = options.false_win_points
    paid = [-3 * points if other == seat else points for other in range(4)]
    return (paid[0], paid[1], paid[2], paid[3])


def _false_win(state: McrHandState, seat: int) -> tuple[McrHandState, list[McrEvent]]:
    """004, 9.1: 10 to each other seat, the hand dead, play goes on."""
    penalties = tuple(
        value + paid for value, paid in zip(state.penalties, penalty_deltas(state.options, seat), strict=True)
    )
    player = replace(state.players[seat], dead=True)
    state = replace(
        state,
        players=_set(state.players, seat, player),
        penalties=(penalties[0], penalties[1], penalties[2], penalties[3]),
    )
    return state, [McrEvent("false_win", seat)]


def is_false_win(state: McrHandState, action: McrAction) -> bool:
    """A hu the rules refuse, taken as a false win when the option is on.
    A dead hand's hu is no second false win: it is refused, as any action
    not allowed (the hand is already dead and penalised, 004, 9.2)."""
    if action.kind is not A.HU or not state.options.false_win_penalty or state.players[action.seat].dead:
        return False
    return any(item.action == action for decision in decisions(state) for item in decision.forbidden) or action not in {
        a for decision in decisions(state) for a in decision.legal
    }


def step(state: McrHandState, choices: Mapping[int, McrAction]) -> tuple[McrHandState, list[McrEvent]]:
    """Apply the choices of the seats that decide now (a seat absent passes)."""
    if state.phase is McrPhase.OVER:
        raise ValueError("the hand is over")
    for seat, action in choices.items():
        if action.kind is A.HU and is_false_win(state, action):
            state, events = _false_win(state, seat)
            rest = {s: a for s, a in choices.items() if s != seat}
            if state.phase is McrPhase.TURN:
                return state, events
            more_state, more = step(state, rest)
            return more_state, events + more
    allowed = {a for decision in decisions(state) for a in decision.legal}
    for action in choices.values():
        if action not in allowed:
            raise ValueError(f"not a legal action: {action}")
    if state.phase is McrPhase.TURN:
        return _turn(state, choices[state.turn])
    return _claims(state, choices)


def _turn(state: McrHandState, action: McrAction) -> tuple[McrHandState, list[McrEvent]]:
    seat = action.seat
    player = state.players[seat]
    assert action.tile is not None
    if action.kind is A.HU:
        state, event = _win(state, seat, action.tile, None, state.replacement)
        return state, [event]
    if action.kind is A.DISCARD:
        player, (slot,) = _take(player, state, (action.tile,))
        player = replace(player, discards=(*player.discards, slot))
        state = replace(state, players=_set(state.players, seat, player), phase=McrPhase.CLAIMS, last_tile=slot)
        return state, [McrEvent("discard", seat, (slot,))]
    if action.kind is A.CONCEALED_KONG:
        player, slots = _take(player, state, action.uses)
        player = replace(player, melds=(*player.melds, McrMeld(MeldKind.CLOSED_KAN, slots)))
        state = replace(state, players=_set(state.players, seat, player))
        state, events = _draw(state, seat, back=True)
        return state, [McrEvent("concealed_kong", seat, slots), *events]
    # An added kong: the others may rob it first.
    player, (slot,) = _take(player, state, (action.tile,))
    state = replace(state, players=_set(state.players, seat, player), phase=McrPhase.ROB, last_tile=slot)
    return state, [McrEvent("added_kong", seat, (slot,))]


def _rank(action: McrAction, discarder: int) -> tuple[int, int]:
    order = {A.HU: 0, A.KONG: 1, A.PUNG: 1, A.CHOW: 2}
    return order[action.kind], (action.seat - discarder) % 4


def _claims(state: McrHandState, choices: Mapping[int, McrAction]) -> tuple[McrHandState, list[McrEvent]]:
    discarder = state.turn
    assert state.last_tile is not None
    claims = sorted((a for a in choices.values() if a.kind is not A.PASS), key=lambda a: _rank(a, discarder))
    events = [McrEvent("refused", a.seat, (), a.tile, None, McrRefusal.PRIORITY.value) for a in claims[1:]]
    slot = state.last_tile
    if state.phase is McrPhase.ROB:
        if claims:
            state, event = _win(state, claims[0].seat, state.kind(slot), discarder, True)
            return state, [event, *events]
        return _finish_added_kong(state, discarder, slot)
    if not claims:
        return _draw(replace(state, last_tile=None), (discarder + 1) % 4, back=False)
    action = claims[0]
    if action.kind is A.HU:
        state, event = _win(state, action.seat, state.kind(slot), discarder, False)
        return state, [event, *events]
    seat = action.seat
    thrower = state.players[discarder]
    players = _set(state.players, discarder, replace(thrower, called_away=thrower.called_away | {slot}))
    player, used = _take(players[seat], state, action.uses)
    kind = {A.CHOW: MeldKind.CHI, A.PUNG: MeldKind.PON, A.KONG: MeldKind.OPEN_KAN}[action.kind]
    meld = McrMeld(kind, tuple(sorted((*used, slot))), slot, discarder)
    player = replace(player, melds=(*player.melds, meld))
    state = replace(state, players=_set(players, seat, player), phase=McrPhase.TURN, turn=seat, last_tile=None)
    state = replace(state, replacement=False, called=True)
    event = McrEvent(str(action.kind), seat, used, slot, discarder)
    if action.kind is A.KONG:
        state, more = _draw(state, seat, back=True)
        return state, [event, *events, *more]
    return state, [event, *events]


def _finish_added_kong(state: McrHandState, seat: int, slot: int) -> tuple[McrHandState, list[McrEvent]]:
    player = state.players[seat]
    kind = state.kind(slot)
    melds = tuple(
        McrMeld(MeldKind.OPEN_KAN, tuple(sorted((*meld.slots, slot))), meld.called, meld.source)
        if meld.kind is MeldKind.PON and state.kind(meld.slots[0]) == kind
        else meld
        for meld in player.melds
    )
    state = replace(state, players=_set(state.players, seat, replace(player, melds=melds)), last_tile=None)
    return _draw(state, seat, back=True)


def hand_total(state: McrHandState) -> Scores:
    return state.result.deltas if state.result else state.penalties


__all__ = ["MINIMUM_POINTS", "deal", "decisions", "hand_total", "score_win", "step"]
