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
    if state.phase is McrPhase.ROB and state.last_tile is not None:
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
