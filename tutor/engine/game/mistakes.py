"""The rule mistakes a seat made in a hand played, read from its record.

Each mistake carries the concept that review brings back (a concept a quiz
kind drills: `waits:<single|two|many>` for a win missed or a furiten riichi,
as the waits drill names a hand by how many waits it has; `calls:<left|across|right>`
for a call that left no yaku, as the calls drill names the discarder's seat;
`mcr-fans:minimum` for an MCR win under 8), the lesson that teaches the rule,
the turn it happened on (the index in the record's turns) and its tiles.
Words and recording are the quiz layer's (tutor/quiz/coach_words.py, coach_record.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from tutor.engine.game.actions import CALLS, Action, ActionKind, Forbidden, Refusal
from tutor.engine.game.coach import WAITS, WINNING, NoteCode, call_notes
from tutor.engine.game.legal import SEAT_OF_DISCARDER
from tutor.engine.game.rules import waits
from tutor.engine.game.simulate import HandRecord, Turn
from tutor.engine.game.state import KyokuState, Phase
from tutor.engine.waits import winning_tiles


class MistakeKind(StrEnum):
    MISSED_WIN = "missed_win"
    """A ron or tsumo was legal and the seat did something else."""
    CALL_NO_YAKU = "call_no_yaku"
    """A call that left the open hand no yaku to reach."""
    FURITEN_RIICHI = "furiten_riichi"
    """Riichi declared on waits the seat had itself discarded: it can never ron."""
    FURITEN_RON = "furiten_ron"
    """A ron tried while furiten (refused by the screen)."""
    FALSE_WIN = "false_win"
    """MCR: a win declared that the rules refuse (under 8 points, or no complete hand)."""


@dataclass(frozen=True)
class Mistake:
    """One rule mistake: its kind, the concept review brings back, the lesson,
    the turn (index in the record), tiles (kinds) and names (fan ids)."""

    kind: MistakeKind
    concept: str
    lesson: str
    turn: int
    tiles: tuple[int, ...] = ()
    names: tuple[str, ...] = ()
    points: int = 0


WAIT_COUNTS: Final = {1: "single", 2: "two"}


def waits_concept(wait_kinds: tuple[int, ...] | list[int]) -> str:
    """The waits drill's concept for a hand with these waits: single, two or many."""
    return f"waits:{WAIT_COUNTS.get(len(wait_kinds), 'many')}"


def _win_waits(state: KyokuState, seat: int, action: Action) -> tuple[int, ...]:
    """The waits of the hand a win completes: for a tsumo, the hand before its draw."""
    hand = state.engine_hand(seat)
    if action.kind is ActionKind.TSUMO:
        assert action.tile is not None
        hand = hand.without_tile(action.tile)
    return tuple(winning_tiles(hand))


def missed_win(turn: Turn, index: int, seat: int) -> Mistake | None:
    """A win missed: ron or tsumo among the seat's legal actions, and not chosen (r03)."""
    decision = next((found for found in turn.decisions if found.seat == seat), None)
    if decision is None:
        return None
    win = next((action for action in decision.legal if action.kind in (ActionKind.RON, ActionKind.TSUMO)), None)
    if win is None or turn.choices.get(seat) == win:
        return None
    assert win.tile is not None
    concept = waits_concept(_win_waits(turn.state, seat, win))
    return Mistake(MistakeKind.MISSED_WIN, concept, WINNING, index, (win.tile,))


def call_without_yaku(turn: Turn, index: int, seat: int) -> Mistake | None:
    """A call taken that left the hand no yaku to reach (r03: a hand needs a yaku)."""
    chosen = turn.choices.get(seat)
    if chosen is None or chosen.kind not in CALLS or turn.state.phase is not Phase.CLAIMS:
        return None
    if not any(note.code == NoteCode.CALL_NO_YAKU for note in call_notes(turn.state, chosen)):
        return None
    assert chosen.tile is not None
    where = SEAT_OF_DISCARDER[(seat - turn.state.turn) % 4]
    return Mistake(MistakeKind.CALL_NO_YAKU, f"calls:{where.value}", WINNING, index, (chosen.tile,))


def furiten_riichi(turn: Turn, index: int, seat: int) -> Mistake | None:
    """Riichi declared furiten: after the riichi discard the hand waits on a kind
    the seat has discarded (that discard included), so it may never ron (r04)."""
    chosen = turn.choices.get(seat)
    state = turn.state
    if state.phase is not Phase.RIICHI_DISCARD or chosen is None or chosen.tile is None:
        return None
    wait_kinds = tuple(winning_tiles(state.engine_hand(seat).without_tile(chosen.tile)))
    discarded = {state.kind(slot) for slot in state.players[seat].discards} | {chosen.tile}
    furiten = tuple(kind for kind in wait_kinds if kind in discarded)
    if not furiten:
        return None
    return Mistake(MistakeKind.FURITEN_RIICHI, waits_concept(wait_kinds), WAITS, index, furiten)


RULES: Final = (missed_win, call_without_yaku, furiten_riichi)


def mistakes(record: HandRecord, seat: int) -> tuple[Mistake, ...]:
    """Every rule mistake the seat made in the hand, in the order made."""
    found = (rule(turn, index, seat) for index, turn in enumerate(record.turns) for rule in RULES)
    return tuple(mistake for mistake in found if mistake is not None)


FURITEN_CODES: Final = frozenset({Refusal.FURITEN, Refusal.FURITEN_TEMPORARY, Refusal.FURITEN_RIICHI})


def tried(state: KyokuState, forbidden: Forbidden, turn: int) -> Mistake | None:
    """A refused action the learner tried (the screen refuses it and tells
    why): a ron tried in furiten is a mistake of the waits (r04)."""
    if forbidden.code not in FURITEN_CODES:
        return None
    wait_kinds = waits(state, forbidden.action.seat)
    return Mistake(MistakeKind.FURITEN_RON, waits_concept(wait_kinds), WAITS, turn, forbidden.tiles)
