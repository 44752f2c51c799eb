"""A game of either rules as the play screen holds it: riichi
(play_session.PlaySession) or MCR (mcr_play_session.McrPlaySession, when the
setup's rules are `mcr`), made new or made again from the learner's moves."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine.game.actions import Forbidden
from tutor.engine.game.mcr.actions import McrForbidden
from tutor.engine.game.scenarios import SCENARIOS
from tutor.quiz.mcr_play_session import MCR, McrPlaySession
from tutor.quiz.play_session import Move, PlaySession, PlaySetup

Session = PlaySession | McrPlaySession


class ReplayError(ValueError):
    """A move that the game made again from its setup does not allow: the moves are not this game's."""


def value_key(setup: PlaySetup, row: str) -> str:
    """A row's value as the catalogue names it (`play.<row>.<value>`; an MCR game's length as `play.length_mcr.<value>`)."""
    if row == "presentation":
        return f"play.presentation.{'on' if setup.presentation else 'off'}"
    value = str(getattr(setup, row).value if row == "hint" else getattr(setup, row))
    if row == "length" and setup.preset == MCR:
        return f"play.length_mcr.{value}"
    return f"play.{row}.{value}"


def scenario_setup(scenario_id: str) -> PlaySetup:
    """The setup a lesson's `play:` link opens: the scenario's seed and rules, the rest as chosen by default."""
    scenario = SCENARIOS[scenario_id]
    return PlaySetup(
        seed=scenario.seed, preset=MCR if scenario.rules == "mcr" else PlaySetup.preset, scenario=scenario_id
    )


def new_session(setup: PlaySetup) -> Session:
    return McrPlaySession(setup) if setup.preset == MCR else PlaySession(setup)


def replayed(setup: PlaySetup, moves: Sequence[Move]) -> Session:
    """The game of `setup` played again through the learner's `moves`: where
    it stood when the last of them was made (raises ReplayError for a move
    the game does not allow where it comes)."""
    session = new_session(setup)
    for number, move in enumerate(moves):
        if move.kind == "next":
            if not session.hand_over:
                raise ReplayError(f"move {number + 1}: the next hand while a hand is played")
            session.next_hand()
            continue
        decision = session.decision
        if decision is None or move.action is None:
            raise ReplayError(f"move {number + 1}: no decision of the learner's")
        if move.kind == "play":
            if move.action not in decision.legal:
                raise ReplayError(f"move {number + 1}: {move.action} is not legal there")
            session.play(move.action)
            continue
        forbidden: Forbidden | McrForbidden | None = next(
            (found for found in decision.forbidden if found.action == move.action), None
        )
        if forbidden is None:
            raise ReplayError(f"move {number + 1}: {move.action} is not refused there")
        session.refused(forbidden)
    return session
