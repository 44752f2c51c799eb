"""A game action by its name, for the play screen and the teacher's page of a shared deal."""

from __future__ import annotations

from tutor.engine.game.actions import ActionKind
from tutor.engine.game.mcr.actions import McrActionKind
from tutor.locale import Value, message
from tutor.quiz.coach_words import MCR_CLAIMS
from tutor.quiz.names import CALL_NAMES, WIN_WORDS

Kind = ActionKind | McrActionKind


def action_name(kind: Kind) -> Value:
    """An action by its name: the calls' and wins' names, riichi, kan, nine
    terminals, pass; MCR's claims by the coach's names, its kongs from the hand by their own."""
    if kind in (McrActionKind.HU, McrActionKind.CHOW, McrActionKind.PUNG, McrActionKind.KONG):
        return MCR_CLAIMS.name(kind.value)
    if kind in (ActionKind.RON, ActionKind.TSUMO):
        return WIN_WORDS.name(kind.value)
    if kind in (ActionKind.CHI, ActionKind.PON, ActionKind.OPEN_KAN):
        return CALL_NAMES.name(kind.value)
    return message(f"play.action.{kind.value}")
