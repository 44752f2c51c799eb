"""Seats that play by a script, and riichi and MCR hands dealt from an
arranged wall or a seed and played out by them: shared by the hand review's
tests (tests/test_game_review.py, test_review_words.py) and the comparisons
with riichienv (test_game_riichienv.py, test_game_log_tenhou.py)."""

from __future__ import annotations

import random

from crosscheck.mcr_game import OPTIONS as MCR_COMPATIBLE
from tutor.engine.game.actions import Action, ActionKind, Decision
from tutor.engine.game.arranged import arranged_wall
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.kyoku import deal
from tutor.engine.game.match import GameState
from tutor.engine.game.mcr import hand as mcr_hand
from tutor.engine.game.mcr.actions import McrAction, McrActionKind
from tutor.engine.game.mcr.bots import BOTS
from tutor.engine.game.mcr.state import McrHandState, McrPhase
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.simulate import HandRecord, play_hand
from tutor.engine.game.state import KyokuState, Phase
from tutor.engine.notation import parse_tile, parse_tiles

OPTIONS = RiichiOptions()
START = OPTIONS.start_points


class ScriptedSeat:
    """A seat that wins when it may (if asked to), riichis when it may (if
    asked to), otherwise discards the tile it drew and lets every discard go."""

    def __init__(self, wins: bool = False, riichi: bool = False) -> None:
        self.wins = wins
        self.riichi = riichi

    def choose(self, state: KyokuState, decision: Decision) -> Action:
        by_kind = {action.kind: action for action in decision.legal}
        for kind in (ActionKind.TSUMO, ActionKind.RON):
            if self.wins and kind in by_kind:
                return by_kind[kind]
        if self.riichi and ActionKind.RIICHI in by_kind:
            return by_kind[ActionKind.RIICHI]
        if state.phase in (Phase.TURN, Phase.RIICHI_DISCARD):
            drawn = state.players[decision.seat].drawn
            assert drawn is not None
            return Action(decision.seat, ActionKind.DISCARD, state.kind(drawn))
        return by_kind[ActionKind.PASS]


def arranged_hand(
    hands: dict[int, str], draws: str, players: list[ScriptedSeat], honba: int, sticks: int, seed: int = 0
) -> tuple[GameState, KyokuState]:
    """The first hand of a game with `honba` and `sticks` on the table, dealt
    from an arranged wall and played out by the scripted seats."""
    scores = (START - OPTIONS.riichi_cost * sticks, START, START, START)
    game = GameState(OPTIONS, "arranged", honba=honba, sticks=sticks, scores=scores)
    wall = arranged_wall(
        0, {seat: parse_tiles(text) for seat, text in hands.items()}, parse_tiles(draws) if draws else (), seed=seed
    )
    record = play_hand(deal(OPTIONS, wall, 0, 0, 0, honba, sticks, scores), players)
    return game, record.end


TANYAO_PINFU = "234m567m234p66p45s"
"""Waits on 3s and 6s: tanyao and pinfu."""
ROUND_WIND = "111z234p678p99m45s"
"""Waits on 3s and 6s with the round wind (east) pung."""


def play_mcr_hand(seed: int, false_win_seat: int | None = None) -> tuple[McrHandState, tuple[int, ...]]:
    """One bot hand under the reference-compatible options; `false_win_seat`
    declares a hu it may not on its first turn."""
    state, _ = mcr_hand.deal(MCR_COMPATIBLE, seed % 4, seed)
    rng = random.Random(seed)
    false_wins: list[int] = []
    while state.phase is not McrPhase.OVER:
        choices = {}
        for decision in mcr_hand.decisions(state):
            seat = decision.seat
            if seat == false_win_seat and not false_wins and state.phase is McrPhase.TURN:
                drawn = state.kind(state.players[seat].hand[-1])
                action = McrAction(seat, McrActionKind.HU, drawn)
                if action not in decision.legal:
                    false_wins.append(seat)
                    choices[seat] = action
                    continue
            choices[seat] = BOTS["beginner" if seat % 2 else "fan_route"](state, decision, rng)
        state, _ = mcr_hand.step(state, choices)
    return state, tuple(false_wins)


class KindDiscarder:
    """Discards `kind` whenever it may, wins whenever it may, else passes or plays as the beginner bot."""

    def __init__(self, kind: int, seed: str) -> None:
        self.kind = kind
        self.bot = BeginnerBot(seed)

    def choose(self, state: KyokuState, decision: Decision) -> Action:
        for action in decision.legal:
            if action.kind in (ActionKind.RON, ActionKind.TSUMO):
                return action
        for action in decision.legal:
            if action.kind is ActionKind.DISCARD and action.tile == self.kind:
                return action
        passing = [action for action in decision.legal if action.kind is ActionKind.PASS]
        return passing[0] if passing else self.bot.choose(state, decision)


FOUR_WINDS = {0: "1z258m369p147s258s", 1: "1z147m258p369s369m", 2: "1z369m147p258s147p", 3: "1z258m258p258s369m"}
"""Four seats dealt an east each, drawing tiles they keep: the four first discards are east."""
TRIPLE_RON = {
    0: "19m19p19s1234z555z",
    1: "234m567m234p66p46s",
    2: "345m678m345p77p46s",
    3: "456m456p888p33s46s",
}
"""The dealer draws 5s and discards it; the three others wait on it."""


def discarding_hand(
    hands: dict[int, str], draws: str, kind: str, player: type[KindDiscarder] = KindDiscarder
) -> HandRecord:
    """A hand dealt from an arranged wall and played out by four seats that
    discard `kind` whenever they may (as `player`)."""
    wall = arranged_wall(0, {seat: parse_tiles(text) for seat, text in hands.items()}, parse_tiles(draws))
    players = [player(parse_tile(kind), f"scripted/{seat}") for seat in range(4)]
    return play_hand(deal(OPTIONS, wall, 0), players)
