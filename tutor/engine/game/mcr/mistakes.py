"""An MCR hand played with its decisions recorded, and the rule mistakes a
seat made in it (see `tutor.engine.game.mistakes`): a false win (a hu the
rules refuse: under 8 points, with its fans, or no complete hand) and a win
that was legal and not taken."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from tutor.engine.game.mcr.actions import McrAction, McrActionKind, McrDecision, McrForbidden, McrRefusal
from tutor.engine.game.mcr.coach import ROUTES_TO_EIGHT, SHAPES
from tutor.engine.game.mcr.hand import decisions, step
from tutor.engine.game.mcr.state import McrEvent, McrHandState, McrPhase
from tutor.engine.game.mistakes import Mistake, MistakeKind, waits_concept
from tutor.engine.rules import Rules
from tutor.engine.waits import winning_tiles

WIN_AND_WAIT: Final = "m05-win-and-wait"


class McrPlayer(Protocol):
    def choose(self, state: McrHandState, decision: McrDecision) -> McrAction: ...


@dataclass(frozen=True)
class McrTurn:
    """One decision: the state, the deciding seats' decisions, their choices, the events after."""

    state: McrHandState
    decisions: tuple[McrDecision, ...]
    choices: Mapping[int, McrAction]
    events: tuple[McrEvent, ...]


@dataclass(frozen=True)
class McrHandPlay:
    start: McrHandState
    turns: tuple[McrTurn, ...]
    end: McrHandState


def play_recorded(state: McrHandState, players: Sequence[McrPlayer]) -> McrHandPlay:
    """Plays a dealt MCR hand to its end, recording each decision (a hu the
    rules refuse is taken as a false win by `step`, when the option is on)."""
    start = state
    turns: list[McrTurn] = []
    while state.phase is not McrPhase.OVER:
        deciding = decisions(state)
        choices = {decision.seat: players[decision.seat].choose(state, decision) for decision in deciding}
        following, events = step(state, choices)
        turns.append(McrTurn(state, deciding, choices, tuple(events)))
        state = following
    return McrHandPlay(start, tuple(turns), state)


def _decision(turn: McrTurn, seat: int) -> McrDecision | None:
    return next((found for found in turn.decisions if found.seat == seat), None)


def false_win(forbidden: McrForbidden, turn: int) -> Mistake | None:
    """A hu refused by the rules and declared (or tried): under 8 points
    (document 004, 4; its fans kept) or no complete hand."""
    tiles = forbidden.tiles
    if forbidden.code is McrRefusal.UNDER_EIGHT:
        names = tuple(fan for fan, count in forbidden.fans for _ in range(count))
        return Mistake(MistakeKind.FALSE_WIN, "mcr-fans:minimum", ROUTES_TO_EIGHT, turn, tiles, names, forbidden.points)
    if forbidden.code is McrRefusal.NOT_COMPLETE:
        return Mistake(MistakeKind.FALSE_WIN, "complete:regular", SHAPES, turn, tiles)
    return None


def declared_false_win(turn: McrTurn, index: int, seat: int) -> Mistake | None:
    chosen = turn.choices.get(seat)
    decision = _decision(turn, seat)
    if chosen is None or chosen.kind is not McrActionKind.HU or decision is None or chosen in decision.legal:
        return None
    refused = next((item for item in decision.forbidden if item.action == chosen), None)
    if refused is None:
        refused = McrForbidden(chosen, McrRefusal.NOT_COMPLETE, (chosen.tile,) if chosen.tile is not None else ())
    return false_win(refused, index)


def missed_win(turn: McrTurn, index: int, seat: int) -> Mistake | None:
    """A hu that was legal and not declared (m05)."""
    decision = _decision(turn, seat)
    if decision is None:
        return None
    win = next((action for action in decision.legal if action.kind is McrActionKind.HU), None)
    if win is None or turn.choices.get(seat) == win:
        return None
    assert win.tile is not None
    hand = turn.state.engine_hand(seat)
    if turn.state.phase is McrPhase.TURN:
        hand = hand.without_tile(win.tile)
    concept = waits_concept(winning_tiles(hand, Rules.MCR))
    return Mistake(MistakeKind.MISSED_WIN, concept, WIN_AND_WAIT, index, (win.tile,))


def mistakes(play: McrHandPlay, seat: int) -> tuple[Mistake, ...]:
    """Every rule mistake the seat made in the hand, in the order made."""
    found = (
        rule(turn, index, seat) for index, turn in enumerate(play.turns) for rule in (declared_false_win, missed_win)
    )
    return tuple(mistake for mistake in found if mistake is not None)
