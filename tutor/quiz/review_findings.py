"""The findings of a game log reviewed (tutor/engine/game/log_findings.py)
as drill questions from their positions, and as answers stored under their
concepts like every other mistake of a game (`coach_record.play_answer`).

A finding about a discard (efficiency, a discard into furiten, a deal-in
with a tile safe by rule held) asks "which tile?" of the 14 tiles the seat
held then (the discard drill, `kinds.efficiency.discard_question`).  The
other kinds (a win missed, a call without yaku, a scoring question) are
stored by their concepts, which the drills of those concepts bring back;
a question built from their own position is not made yet.
"""

from __future__ import annotations

from typing import Final

from tutor.engine.game.log_findings import Finding, FindingKind
from tutor.engine.rules import Rules
from tutor.quiz.coach_record import play_answer
from tutor.quiz.kinds.efficiency import discard_question
from tutor.quiz.question import Question
from tutor.quiz.writes import Answer

WHICH_TILE: Final = frozenset({FindingKind.EFFICIENCY, FindingKind.FURITEN_WAIT, FindingKind.DEAL_IN_SAFE_HELD})
DISCARD_HAND: Final = 14
LEVEL: Final = 2


def finding_question(finding: Finding, seed: int) -> Question | None:
    """ "Which tile?" from the finding's position, for a finding about a discard; else None."""
    hand = finding.hand
    if finding.kind not in WHICH_TILE or hand is None or hand.tile_count != DISCARD_HAND:
        return None
    return discard_question(hand, Rules.RIICHI, seed, LEVEL)


def finding_answer(finding: Finding, game: str, round_number: int, seed: int, now: float) -> Answer | None:
    """A rule mistake or an efficiency loss as a wrong answer of its concept;
    None for a scoring question (the seat's own win is no mistake) and for a
    deal-in with a safe tile held, whose concept no drill kind brings back yet
    (a stored concept must have a kind that asks it, `kinds.concept_kind`)."""
    if finding.kind in (FindingKind.SCORING, FindingKind.DEAL_IN_SAFE_HELD):
        return None
    response: dict[str, object] = {
        "finding": finding.kind.value,
        "game": game,
        "round": round_number,
        "event": finding.event,
        "tiles": list(finding.tiles),
    }
    return play_answer(finding.concept, finding.lesson, response, seed, now)
