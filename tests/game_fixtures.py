"""Riichi hands dealt from an arranged wall and played a step at a time,
for the game model's rule tests and the coach's (tests/test_game_rules.py,
test_game_coach.py, test_coach_words.py): the hands, dealing them, and an
action taken with every other seat passing, each state checked against the
game's invariants."""

from __future__ import annotations

from tutor.engine.game.actions import Action, ActionKind
from tutor.engine.game.arranged import arranged_wall
from tutor.engine.game.invariants import violations
from tutor.engine.game.kyoku import deal, step
from tutor.engine.game.legal import decisions
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.state import KyokuState, Phase
from tutor.engine.notation import parse_tile, parse_tiles

OPTIONS = RiichiOptions()
TOTAL = 4 * OPTIONS.start_points

PLAIN = "123456789p1155z"
"""A dealer's hand that calls nothing below."""
HONOURS = "111m99m222z333z17z"
"""One tile short of tenpai."""
SOUZU = "2266s7788s4466z9s"
TANYAO = "234m567m234p66p45s"
"""Tenpai on 3s and 6s with tanyao."""


def t(text: str) -> int:
    return parse_tile(text)


def dealt(hands: dict[int, str], draws: str = "", learner: int | None = None) -> KyokuState:
    tiles = {seat: parse_tiles(text) for seat, text in hands.items()}
    wall = arranged_wall(0, tiles, parse_tiles(draws) if draws else ())
    state, _ = deal(OPTIONS, wall, 0, learner=learner)
    return state


ANSWERS = {ActionKind.RON, ActionKind.PASS, ActionKind.CHI, ActionKind.PON, ActionKind.OPEN_KAN}


def pass_all(state: KyokuState) -> KyokuState:
    """Every seat answering a discard lets it go."""
    if state.phase in (Phase.CLAIMS, Phase.CHANKAN):
        state, _ = step(state, {decision.seat: Action(decision.seat, ActionKind.PASS) for decision in decisions(state)})
    return state


def act(state: KyokuState, action: Action) -> KyokuState:
    """Takes `action` for its seat (after the others let a discard go); every other seat deciding passes."""
    if action.kind not in ANSWERS:
        state = pass_all(state)
    choices = {action.seat: action}
    for decision in decisions(state):
        if decision.seat != action.seat:
            choices[decision.seat] = Action(decision.seat, ActionKind.PASS)
    following, _ = step(state, choices)
    assert violations(following, TOTAL) == []
    return following


def discard(state: KyokuState, seat: int, tile: str) -> KyokuState:
    return act(state, Action(seat, ActionKind.DISCARD, t(tile)))
