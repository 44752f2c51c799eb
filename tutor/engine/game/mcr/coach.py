"""The rules coach for MCR: the learner's refused actions with their rule and
lesson (a hu under 8 points with the fans it has), a claim that gave way to
a higher-priority one, and at the higher hint level the discard table.

Notes are the riichi coach's (`tutor.engine.game.coach.Note`): data only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tutor.engine.game.coach import HintLevel, Note, table_notes
from tutor.engine.game.mcr.actions import McrAction, McrActionKind, McrDecision, McrForbidden, McrRefusal
from tutor.engine.game.mcr.state import McrEvent, McrHandState, McrPhase
from tutor.engine.rules import Rules

CALLS_AND_FLOWERS: Final = "m03-calls-and-flowers"
ROUTES_TO_EIGHT: Final = "m04-routes-to-eight"
SHAPES: Final = "m02-shapes"
PENALTIES_LESSON: Final = "m13-penalties-and-payments"

MCR_REFUSAL_LESSONS: Final[dict[McrRefusal, str]] = {
    McrRefusal.UNDER_EIGHT: ROUTES_TO_EIGHT,
    McrRefusal.NOT_COMPLETE: SHAPES,
    McrRefusal.PRIORITY: CALLS_AND_FLOWERS,
    McrRefusal.CHOW_NOT_LEFT: CALLS_AND_FLOWERS,
    McrRefusal.DEAD_HAND: PENALTIES_LESSON,
    McrRefusal.NO_TILES: CALLS_AND_FLOWERS,
}
"""The lesson that teaches each MCR refusal's rule."""


def rule_id(code: str) -> str:
    """An MCR rule's id: `mcr.<code>`."""
    return f"mcr.{code}"


def forbidden_note(forbidden: McrForbidden) -> Note:
    """A refused action as a note; under 8 with its fans (`names`, each fan
    id as many times as it counts) and its points without flowers."""
    code = forbidden.code.value
    names = tuple(fan for fan, count in forbidden.fans for _ in range(count))
    values = (("points", forbidden.points),) if forbidden.code is McrRefusal.UNDER_EIGHT else ()
    return Note(
        code, rule_id(code), MCR_REFUSAL_LESSONS[forbidden.code], forbidden.action, forbidden.tiles, values, names
    )


def as_forbidden(note: Note) -> McrForbidden | None:
    """The refusal a forbidden note states, or None for any other note."""
    if not isinstance(note.action, McrAction) or note.code not in McrRefusal.__members__.values():
        return None
    fans: dict[str, int] = {}
    for fan in note.names:
        fans[fan] = fans.get(fan, 0) + 1
    return McrForbidden(note.action, McrRefusal(note.code), note.tiles, tuple(fans.items()), note.value("points") or 0)


def discard_notes(state: McrHandState, decision: McrDecision) -> tuple[Note, ...]:
    """The discard table by MCR's shapes."""
    allowed = {
        action.tile: action
        for action in decision.legal
        if action.kind is McrActionKind.DISCARD and action.tile is not None
    }
    return table_notes(state.engine_hand(decision.seat), allowed, Rules.MCR)


def coach(state: McrHandState, decision: McrDecision, level: HintLevel) -> tuple[Note, ...]:
    """Everything the coach says to the learner's seat at this MCR decision."""
    if level is HintLevel.OFF:
        return ()
    notes = tuple(forbidden_note(forbidden) for forbidden in decision.forbidden)
    if level is HintLevel.RULES_AND_EFFICIENCY and state.phase is McrPhase.TURN:
        notes += discard_notes(state, decision)
    return notes


def claim_lost(events: Sequence[McrEvent], chosen: McrAction) -> Note | None:
    """After a step: the seat's claim refused for a higher-priority one (004, 6 and 11)."""
    for event in events:
        if event.kind == "refused" and event.seat == chosen.seat and event.code == McrRefusal.PRIORITY.value:
            code = McrRefusal.PRIORITY.value
            return Note(
                code, rule_id(code), CALLS_AND_FLOWERS, chosen, (chosen.tile,) if chosen.tile is not None else ()
            )
    return None
