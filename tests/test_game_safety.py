"""Tiles safe against a riichi (tutor/engine/game/safety.py): what the rules
make safe, checked against the legal actions of bot-played hands, and suji,
a guess about the wait's shape, worked on arranged discards."""

from __future__ import annotations

from dataclasses import replace

from tutor.engine.game.actions import Action, ActionKind, Decision
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.kyoku import deal, shuffled_wall
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.rules import waits
from tutor.engine.game.safety import safe_by_rule, suji
from tutor.engine.game.simulate import play_hand
from tutor.engine.game.state import KyokuState, Phase
from tutor.engine.notation import parse_tiles

OPTIONS = RiichiOptions()
SEEDS = 100


class PassesTheFirstRon:
    """A beginner bot that, once in riichi, lets its first ron go by (as a
    learner who hesitates), so that riichi furiten arises."""

    def __init__(self, seed: str) -> None:
        self.bot = BeginnerBot(seed)
        self.passed = False

    def choose(self, state: KyokuState, decision: Decision) -> Action:
        rons = any(action.kind is ActionKind.RON for action in decision.legal)
        if rons and state.players[decision.seat].riichi and not self.passed:
            self.passed = True
            return next(action for action in decision.legal if action.kind is ActionKind.PASS)
        return self.bot.choose(state, decision)


def test_no_riichi_seat_may_ron_on_a_tile_safe_by_rule() -> None:
    """Across bot hands, a riichi seat may ron a discard exactly when the kind
    is one it waits on and none of its waits is safe by rule: its own discards
    and the tiles it let go since its riichi are what bars ron (one of them a
    wait makes the whole hand furiten), and nothing else does."""
    refused_safe = offered_unsafe = 0
    for seed in range(SEEDS):
        players = [PassesTheFirstRon(f"{seed}/{seat}") for seat in range(4)]
        record = play_hand(deal(OPTIONS, shuffled_wall(seed), seed % 4), players)
        for turn in record.turns:
            state = turn.state
            if state.phase is not Phase.CLAIMS or state.last_tile is None:
                continue
            kind = state.kind(state.last_tile)
            for seat, player in enumerate(state.players):
                if seat == state.turn or not player.riichi or state.riichi_pending == seat:
                    continue
                legal = next((d.legal for d in turn.decisions if d.seat == seat), ())
                can_ron = any(action.kind is ActionKind.RON for action in legal)
                if kind in safe_by_rule(state, seat):
                    assert not can_ron, (seed, seat, kind)
                    refused_safe += kind in waits(state, seat)
                elif kind in waits(state, seat):
                    furiten = bool(set(waits(state, seat)) & safe_by_rule(state, seat))
                    assert can_ron is not furiten, (seed, seat, kind)
                    offered_unsafe += can_ron
    assert refused_safe > 0 and offered_unsafe > 0


def _with_discards(state: KyokuState, seat: int, kinds: tuple[int, ...]) -> KyokuState:
    """The seat's river made of slots of `kinds` (the slots' places elsewhere do not matter to safety)."""
    slots = []
    for kind in kinds:
        slots.append(next(slot for slot, k in enumerate(state.wall.kinds) if k == kind and slot not in slots))
    players = list(state.players)
    players[seat] = replace(players[seat], discards=tuple(slots), riichi_at=len(slots) - 1)
    return replace(state, players=(players[0], players[1], players[2], players[3]))


def test_suji_from_the_riichi_discards() -> None:
    state, _events = deal(OPTIONS, shuffled_wall(1), 0)
    state = _with_discards(state, 1, parse_tiles("4m1p5p9s1z"))
    assert safe_by_rule(state, 1) == frozenset(parse_tiles("4m1p5p9s1z"))
    # 4m: 1m and 7m; 1p: 4p would need 7p too, so nothing; 5p: 2p and 8p; 9s: 6s
    # needs 3s too, so nothing; an honour has no suji.
    assert suji(state, 1) == frozenset(parse_tiles("17m28p"))


def test_nakasuji_needs_both_sides() -> None:
    state, _events = deal(OPTIONS, shuffled_wall(2), 0)
    state = _with_discards(state, 2, parse_tiles("1s7s"))
    assert suji(state, 2) == frozenset(parse_tiles("4s"))


def test_tiles_passed_since_riichi_are_safe() -> None:
    state, _events = deal(OPTIONS, shuffled_wall(3), 0)
    state = _with_discards(state, 3, parse_tiles("2m"))
    players = list(state.players)
    players[3] = replace(players[3], passed_since_riichi=tuple(parse_tiles("6p7z")))
    state = replace(state, players=(players[0], players[1], players[2], players[3]))
    assert safe_by_rule(state, 3) == frozenset(parse_tiles("2m6p7z"))
    assert suji(state, 3) == frozenset(parse_tiles("39p"))
