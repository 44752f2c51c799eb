"""What must hold at every step of a hand, for the property tests and the
simulation's count of violations.  Each check returns the codes it finds."""

from __future__ import annotations

from collections import Counter

from tutor.engine.game.state import KyokuState, Phase
from tutor.engine.table import DEAD_WALL

MAX_INDICATORS = 5


def tile_places(state: KyokuState) -> Counter[int]:
    """How many places hold each slot: the wall, the hands, the melds, the rivers."""
    places: Counter[int] = Counter(state.wall.remaining())
    for player in state.players:
        places.update(player.hand)
        places.update(player.river())
        for meld in player.melds:
            places.update(meld.slots)
    return places


def tiles_accounted(state: KyokuState) -> list[str]:
    """Every one of the wall's tiles in exactly one place."""
    places = tile_places(state)
    total = state.wall.total
    if set(places) != set(range(total)) or any(count != 1 for count in places.values()):
        return ["tiles"]
    return []


def hand_sizes(state: KyokuState) -> list[str]:
    """Thirteen tiles a hand (kans as three), fourteen for the seat to play."""
    found = []
    for seat, player in enumerate(state.players):
        size = len(player.hand) + 3 * len(player.melds)
        # While an added kan may be robbed, its tile is still in the kan player's hand.
        playing = state.phase in (Phase.TURN, Phase.RIICHI_DISCARD, Phase.CHANKAN) and seat == state.turn
        ok = size in (13, 14) if state.phase is Phase.OVER else size == (14 if playing else 13)
        if not ok:
            found.append(f"hand_size:{seat}")
    return found


def dead_wall(state: KyokuState) -> list[str]:
    """The dead wall holds fourteen tiles, however many kans drew from it."""
    return [] if len(state.wall.dead()) == DEAD_WALL else ["dead_wall"]


def points_kept(state: KyokuState, total: int) -> list[str]:
    """The scores and the sticks on the table add up to the points the hand began with."""
    return [] if sum(state.scores) + state.sticks * state.options.riichi_cost == total else ["points"]


def kans_and_dora(state: KyokuState) -> list[str]:
    """At most four kans, one indicator each besides the first, turned or to turn."""
    if len(state.kans) > 4 or state.indicators + state.pending_dora != 1 + len(state.kans):
        return ["kans"]
    return [] if state.indicators <= MAX_INDICATORS else ["indicators"]


def violations(state: KyokuState, total: int) -> list[str]:
    """Every invariant broken in this state (none, in a correct engine)."""
    return [
        *tiles_accounted(state),
        *hand_sizes(state),
        *dead_wall(state),
        *points_kept(state, total),
        *kans_and_dora(state),
    ]
