"""The rule findings of a replayed log (tutor/engine/game/log_findings.py)
take two short cuts: turns where the seat neither decided nor chose are
passed over, and on the seat's own turn the tsumo is listed only when the
drawn tile is a wait of the hand before it.  Here they are held to the
plain way, every turn asked with the tsumo always listed, on hands of
careless players who let wins go and call whatever they may: the same
mistakes at the same events, missed tsumo wins among them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from functools import cache

from tutor.engine.game import log_tenhou
from tutor.engine.game.actions import Action, ActionKind, Decision
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.kyoku import deal, shuffled_wall
from tutor.engine.game.legal import decision_of_kind
from tutor.engine.game.log_findings import findings, turn_mistakes
from tutor.engine.game.mistakes import MistakeKind
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.replay import ReplayedHand, replay
from tutor.engine.game.simulate import Turn, play_hand
from tutor.engine.game.state import KyokuState, Phase
from tutor.service.review_log import read_log

HANDS = 16
RULE_KINDS = frozenset(kind.value for kind in MistakeKind)
"""The kinds `mistakes.RULES` find (the other finders ask no turn of their own)."""
Found = tuple[str, int, tuple[int, ...]]


class Careless:
    """A beginner bot that lets every win go (seats 0 and 2) or makes every call it may (seat 1)."""

    def __init__(self, name: str, seat: int) -> None:
        self.bot = BeginnerBot(name)
        self.passes_wins = seat in (0, 2)
        self.calls = seat == 1

    def choose(self, state: KyokuState, decision: Decision) -> Action:
        by_kind = {action.kind: action for action in decision.legal}
        if self.passes_wins and (ActionKind.RON in by_kind or ActionKind.TSUMO in by_kind):
            for kind in (ActionKind.PASS, ActionKind.DISCARD):
                if kind in by_kind:
                    return by_kind[kind]
        if self.calls:
            for kind in (ActionKind.PON, ActionKind.CHI):
                if kind in by_kind:
                    return by_kind[kind]
        return self.bot.choose(state, decision)


@cache
def hands() -> tuple[ReplayedHand, ...]:
    played = []
    for seed in range(HANDS):
        seats = [Careless(f"careless/{seed}/{seat}", seat) for seat in range(4)]
        wall = shuffled_wall(f"careless/{seed}")
        record = play_hand(deal(RiichiOptions(), wall, seed % 4, hand_number=seed % 4), seats)
        log = {"name": ["a", "b", "c", "d"], "rule": {"disp": "般南喰", "aka": 0}, "log": [log_tenhou.hand_log(record)]}
        _, read = read_log(log_tenhou.dumps(log))
        played.append(replay(read.rounds[0]))
    return tuple(played)


def with_tsumo_listed(turn: Turn) -> Turn:
    if turn.state.phase is not Phase.TURN:
        return turn
    return replace(turn, decisions=(decision_of_kind(turn.state, ActionKind.TSUMO),))


def asked_every_turn(hand: ReplayedHand, seat: int) -> Iterator[tuple[Found, Phase]]:
    """The rule mistakes as found without the short cuts, each with the phase of its turn."""
    for index, recorded in enumerate(hand.record.turns):
        turn = with_tsumo_listed(recorded) if recorded.state.turn == seat else recorded
        for mistake, event in turn_mistakes(hand, index, turn, seat):
            yield (mistake.kind.value, event, mistake.tiles), turn.state.phase


def test_rule_findings_are_those_every_turn_asked_gives() -> None:
    kinds: Counter[str] = Counter()
    for hand in hands():
        for seat in range(4):
            asked = list(asked_every_turn(hand, seat))
            found = sorted(
                (finding.kind.value, finding.event, finding.tiles)
                for finding in findings(hand, seat, ())
                if finding.kind.value in RULE_KINDS
            )
            assert found == sorted(mistake for mistake, _ in asked), (hand.round.number, seat)
            kinds.update(
                "missed_tsumo" if kind == "missed_win" and phase is Phase.TURN else kind
                for (kind, _, _), phase in asked
            )
    # The hands hold what the short cuts could get wrong: wins let go, tsumo wins among them.
    assert kinds["missed_tsumo"] and kinds["missed_win"], kinds
