"""Our MCR game's wins set beside pymahjonggb's count of the same hand
(tests/test_mcr_game.py, bench/mcr_game.py)."""

from __future__ import annotations

from crosscheck.reference_mcr import COMPATIBLE, reference_fans
from tutor.engine.game.mcr import hand as mcr_hand
from tutor.engine.game.mcr.actions import McrAction, McrActionKind, McrDecision, McrRefusal
from tutor.engine.game.mcr.state import McrHandState, McrOptions, McrPhase

OPTIONS = McrOptions(rules=COMPATIBLE)


def hu_tries(decision: McrDecision) -> list[McrAction]:
    """The seat's hu if it may win, or the hu the 8-point minimum refuses."""
    refused = [item.action for item in decision.forbidden if item.code is McrRefusal.UNDER_EIGHT]
    return [action for action in (*decision.legal, *refused) if action.kind is McrActionKind.HU]


def compare(state: McrHandState, decision: McrDecision, action: McrAction) -> str | None:
    """What pymahjonggb says differently of this hu, or None."""
    self_drawn = state.phase is McrPhase.TURN
    kong = state.replacement if self_drawn else state.phase is McrPhase.ROB
    assert action.tile is not None
    context = mcr_hand.win_context(state, decision.seat, action.tile, self_drawn, kong)
    hand = state.engine_hand(decision.seat, None if self_drawn else action.tile)
    reference = reference_fans(hand, context)
    if isinstance(reference, str):
        return f"the reference refused the hand: {reference}"
    ours = mcr_hand.score_win(state, decision.seat, action.tile, self_drawn, kong)
    assert ours is not None
    if action in decision.legal and reference[1] != ours.total:
        return f"win: ours {ours.total}, the reference {reference[1]}"
    if action not in decision.legal and reference[1] - context.flowers >= 8:
        return f"refused under 8, but the reference counts {reference[1] - context.flowers} without flowers"
    return None
