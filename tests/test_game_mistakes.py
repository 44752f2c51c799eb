"""The rule mistakes of a hand played (issue 29), made on purpose by
scripted players over bot hands, each checked against what the game itself
did afterwards, and stored as concepts that review brings back."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

from tutor.engine.game.actions import CALLS, Action, ActionKind, Decision
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.kyoku import deal, shuffled_wall
from tutor.engine.game.mcr import hand as mcr_hand
from tutor.engine.game.mcr.actions import McrAction, McrActionKind, McrDecision, McrRefusal
from tutor.engine.game.mcr.bots import beginner
from tutor.engine.game.mcr.mistakes import McrHandPlay, play_recorded
from tutor.engine.game.mcr.mistakes import mistakes as mcr_mistakes
from tutor.engine.game.mcr.state import McrHandState, McrOptions
from tutor.engine.game.mistakes import Mistake, MistakeKind, mistakes
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.rules import score_win
from tutor.engine.game.simulate import HandRecord, play_hand
from tutor.engine.game.state import KyokuState, Phase
from tutor.engine.waits import winning_tiles
from tutor.lessons.model import QUIZ_KINDS
from tutor.quiz.coach_record import PLAY_KIND, record_mistakes
from tutor.quiz.kinds import concept_kind, generate
from tutor.quiz.store import FILE_NAME, Store
from tutor.quiz.writes import Writes

OPTIONS = RiichiOptions()
LEARNER = 0
HANDS = 30
SITUATIONAL = frozenset({"haitei", "houtei", "rinshan", "chankan"})
"""Yaku no route plans for (see tutor/engine/game/routes.py)."""


def _without(decision: Decision, kinds: frozenset[ActionKind]) -> Decision:
    return replace(decision, legal=tuple(action for action in decision.legal if action.kind not in kinds))


class NeverWins:
    """Plays as the beginner bot but never declares a win."""

    def __init__(self, seed: str) -> None:
        self.bot = BeginnerBot(seed)

    def choose(self, state: KyokuState, decision: Decision) -> Action:
        return self.bot.choose(state, _without(decision, frozenset({ActionKind.RON, ActionKind.TSUMO})))


class CallsEverything:
    """Takes every chi and pon offered; otherwise the beginner bot."""

    def __init__(self, seed: str) -> None:
        self.bot = BeginnerBot(seed)

    def choose(self, state: KyokuState, decision: Decision) -> Action:
        calls = [action for action in decision.legal if action.kind in CALLS - {ActionKind.OPEN_KAN}]
        return calls[0] if calls else self.bot.choose(state, decision)


class FuritenRiichi:
    """Declares riichi whenever it may, choosing a discard that leaves the hand furiten if any does."""

    def __init__(self, seed: str) -> None:
        self.bot = BeginnerBot(seed)

    def choose(self, state: KyokuState, decision: Decision) -> Action:
        if state.phase is Phase.RIICHI_DISCARD:
            player = state.players[decision.seat]
            river = {state.kind(slot) for slot in player.discards}
            for action in decision.legal:
                assert action.tile is not None
                waits = winning_tiles(state.engine_hand(decision.seat).without_tile(action.tile))
                if set(waits) & (river | {action.tile}):
                    return action
        return self.bot.choose(state, decision)


def played(players: type, hands: int = HANDS) -> list[HandRecord]:
    """Bot hands with the learner's seat played by `players`, the others by beginner bots."""
    records = []
    for number in range(hands):
        seats = [players(f"m/{number}/0"), *(BeginnerBot(f"m/{number}/{seat}") for seat in (1, 2, 3))]
        first = deal(OPTIONS, shuffled_wall(f"mistakes/{number}"), number % 4, learner=LEARNER)
        records.append(play_hand(first, seats))
    return records


def found(records: list[HandRecord], kind: MistakeKind) -> list[tuple[HandRecord, Mistake]]:
    return [(record, mistake) for record in records for mistake in mistakes(record, LEARNER) if mistake.kind is kind]


def test_a_win_not_taken_is_a_missed_win_of_its_waits() -> None:
    records = played(NeverWins)
    missed = found(records, MistakeKind.MISSED_WIN)
    assert missed
    for record, mistake in missed:
        turn = record.turns[mistake.turn]
        (decision,) = [found for found in turn.decisions if found.seat == LEARNER]
        wins = [action for action in decision.legal if action.kind in (ActionKind.RON, ActionKind.TSUMO)]
        assert wins and turn.choices[LEARNER] not in wins and mistake.tiles == (wins[0].tile,)
        assert mistake.concept in ("waits:single", "waits:two", "waits:many") and mistake.lesson == "r03-winning"
    # Played by the beginner bot, the same seat misses none.
    beginner = played(BeginnerBot)
    assert not found(beginner, MistakeKind.MISSED_WIN)


def test_a_call_that_left_no_route_never_wins_by_a_route() -> None:
    records = played(CallsEverything, 60)
    calls = found(records, MistakeKind.CALL_NO_YAKU)
    assert calls
    for record, mistake in calls:
        assert mistake.concept in ("calls:left", "calls:across", "calls:right")
        # From then on, every win the seat could declare has only a yaku no route
        # plans (haitei, rinshan ...) or a value honour drawn later: no route was missed.
        for turn in record.turns[mistake.turn + 1 :]:
            for decision in turn.decisions:
                for action in decision.legal if decision.seat == LEARNER else ():
                    if action.kind in (ActionKind.RON, ActionKind.TSUMO):
                        assert action.tile is not None
                        tsumo = action.kind is ActionKind.TSUMO
                        score = score_win(turn.state, LEARNER, action.tile, tsumo=tsumo)
                        yaku = {name for name, _ in score.yaku}
                        assert yaku & SITUATIONAL or any(name.startswith("yakuhai") for name in yaku), yaku


def test_a_furiten_riichi_never_rons() -> None:
    records = played(FuritenRiichi, 60)
    furiten = found(records, MistakeKind.FURITEN_RIICHI)
    assert furiten
    for record, mistake in furiten:
        assert mistake.lesson == "r04-waits" and mistake.tiles
        for turn in record.turns[mistake.turn + 1 :]:
            for decision in turn.decisions:
                if decision.seat == LEARNER:
                    assert all(action.kind is not ActionKind.RON for action in decision.legal)


class McrBot:
    def __init__(self, seed: int, false_wins: bool = False, never_wins: bool = False) -> None:
        self.rng = random.Random(seed)
        self.false_wins = false_wins
        self.never_wins = never_wins

    def choose(self, state: McrHandState, decision: McrDecision) -> McrAction:
        if self.false_wins:
            for item in decision.forbidden:
                if item.code is McrRefusal.UNDER_EIGHT:
                    return item.action
        if self.never_wins:
            decision = replace(decision, legal=tuple(a for a in decision.legal if a.kind is not McrActionKind.HU))
        return beginner(state, decision, self.rng)


def mcr_played(**learner: bool) -> list[McrHandPlay]:
    plays = []
    for seed in range(HANDS):
        state, _ = mcr_hand.deal(McrOptions(), seed % 4, seed)
        bots = [McrBot(seed, **learner), McrBot(seed + 1), McrBot(seed + 2), McrBot(seed + 3)]
        plays.append(play_recorded(state, bots))
    return plays


def test_an_mcr_false_win_under_eight_is_a_mistake_with_its_fans() -> None:
    plays = mcr_played(false_wins=True)
    false = [(play, m) for play in plays for m in mcr_mistakes(play, LEARNER) if m.kind is MistakeKind.FALSE_WIN]
    assert false
    for play, mistake in false:
        turn = play.turns[mistake.turn]
        # The game took it as a false win: the penalty path.
        assert any(event.kind == "false_win" and event.seat == LEARNER for event in turn.events)
        assert mistake.concept == "mcr-fans:minimum" and mistake.names and mistake.points < 8
        assert mistake.lesson == "m04-routes-to-eight"


def test_an_mcr_win_not_taken_is_a_missed_win() -> None:
    plays = mcr_played(never_wins=True)
    missed = [m for play in plays for m in mcr_mistakes(play, LEARNER) if m.kind is MistakeKind.MISSED_WIN]
    assert missed and all(m.lesson == "m05-win-and-wait" for m in missed)


def test_mistakes_stored_come_back_for_review(tmp_path: Path) -> None:
    tally: Counter[str] = Counter()
    every: list[Mistake] = []
    for players in (NeverWins, CallsEverything, FuritenRiichi):
        for record in played(players, 20):
            every += mistakes(record, LEARNER)
    for play in mcr_played(false_wins=True)[:15]:
        every += mcr_mistakes(play, LEARNER)
    tally.update(mistake.kind.value for mistake in every)
    assert set(tally) >= {"missed_win", "call_no_yaku", "furiten_riichi", "false_win"}
    store = Store.open(tmp_path / FILE_NAME)
    writes = Writes(store)
    assert record_mistakes(writes, every, "riichi", 7, now=1000.0) is None
    assert writes.idle(60) and not writes.waiting
    due = {item.concept: item.lesson for item in store.due(now=2000.0)}
    assert set(due) == {mistake.concept for mistake in every}
    assert store.answer_count() == len(every)
    for concept in due:
        kind = concept_kind(concept)
        assert kind in QUIZ_KINDS and kind != PLAY_KIND
        # Review asks a question of that very rule.
        question = generate(kind, 1, concept=concept)
        assert question.concept == concept or concept in question.step_concepts
