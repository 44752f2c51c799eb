"""What every MCR hand state keeps: all 144 tiles accounted for once, hand
sizes (13 + 1 for the seat to play, kongs as 3), zero-sum score changes."""

from __future__ import annotations

from collections import Counter

from tutor.engine.game.mcr.state import McrHandState, McrPhase


def violations(state: McrHandState) -> list[str]:
    places: Counter[int] = Counter(state.wall.remaining())
    for player in state.players:
        places.update(player.hand)
        places.update(player.flowers)
        places.update(player.river())
        for meld in player.melds:
            places.update(meld.slots)
    if state.last_tile is not None and (state.phase is McrPhase.ROB or _kong_robbed(state)):
        places[state.last_tile] += 1
    found = []
    if sorted(places) != list(range(144)) or any(count != 1 for count in places.values()):
        found.append("tiles")
    for seat, player in enumerate(state.players):
        size = len(player.hand) + 3 * len(player.melds)
        holding = state.phase is McrPhase.TURN and seat == state.turn
        expected = 14 if holding else 13
        if state.phase is McrPhase.OVER:
            continue
        if size != expected:
            found.append(f"hand_size:{seat}")
    deltas = state.result.deltas if state.result else state.penalties
    if sum(deltas) != 0:
        found.append("zero_sum")
    return found


def _kong_robbed(state: McrHandState) -> bool:
    """The hand ended by robbing a kong: the tile added lies in no hand, meld or river, but is the win's."""
    win = state.result.win if state.result else None
    return win is not None and win.kong and not win.self_drawn
