"""Bot-only play: hands and games played out by bots, every step recorded."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from tutor.engine.game.actions import Action, Decision
from tutor.engine.game.kyoku import Step, step
from tutor.engine.game.legal import decisions
from tutor.engine.game.match import GameState, after_hand, new_game, start_hand
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.state import Event, HandResult, KyokuState, Phase


class Player(Protocol):
    def choose(self, state: KyokuState, decision: Decision) -> Action: ...


@dataclass(frozen=True)
class Turn:
    """One decision: the state, every deciding seat's legal actions, their
    choices, and the events that followed."""

    state: KyokuState
    decisions: tuple[Decision, ...]
    choices: dict[int, Action]
    events: tuple[Event, ...]


@dataclass(frozen=True)
class HandRecord:
    """A hand played out: its first state and events, each decision, and the end."""

    start: KyokuState
    start_events: tuple[Event, ...]
    turns: tuple[Turn, ...]
    end: KyokuState

    @property
    def result(self) -> HandResult:
        assert self.end.result is not None
        return self.end.result


def play_hand(first: Step, players: Sequence[Player]) -> HandRecord:
    """Plays a dealt hand to its end, each seat's decisions made by its player."""
    state, start_events = first
    turns: list[Turn] = []
    while state.phase is not Phase.OVER:
        deciding = decisions(state)
        choices = {decision.seat: players[decision.seat].choose(state, decision) for decision in deciding}
        following, events = step(state, choices)
        turns.append(Turn(state, deciding, choices, events))
        state = following
    return HandRecord(first[0], start_events, tuple(turns), state)


@dataclass(frozen=True)
class GameRecord:
    hands: tuple[HandRecord, ...]
    end: GameState


def play_game(options: RiichiOptions, seed: int | str, players: Sequence[Player], max_hands: int = 200) -> GameRecord:
    """Plays a whole game; `max_hands` only guards against a flow that never ends."""
    game = new_game(options, seed)
    hands: list[HandRecord] = []
    while not game.over and len(hands) < max_hands:
        record = play_hand(start_hand(game), players)
        hands.append(record)
        game = after_hand(game, record.result, record.end.scores, record.end.sticks)
    return GameRecord(tuple(hands), game)
