"""Which tiles cannot deal in to a riichi, and which only seldom do.

Two different claims, kept apart because a learner must not confuse them:

- `safe_by_rule`: tiles the riichi player cannot ron on, whatever they wait
  on.  Their own discards (genbutsu: a wait among them is furiten), and every
  tile they let go by since the riichi stood (riichi furiten: a winning tile
  passed then bars ron for the rest of the hand).  This is a rule.  (A wait
  among them makes the whole hand furiten, but only the riichi player knows
  their waits: the table sees these tiles.)
- `suji`: number tiles a two-sided wait cannot take, judged from the riichi
  player's discards (a 4 discarded means 1-4 and 4-7 waits are furiten, so 1
  and 7 are not won on by those waits).  A guess about the wait's shape, not
  a rule: a closed, edge, pair or single wait still wins on them.
"""

from __future__ import annotations

from tutor.engine.game.state import KyokuState
from tutor.engine.tiles import EAST


def safe_by_rule(state: KyokuState, riichi_seat: int) -> frozenset[int]:
    """The kinds the riichi seat cannot ron on: its discards and those passed since its riichi."""
    player = state.players[riichi_seat]
    own = (state.kind(slot) for slot in player.discards)
    return frozenset(own) | frozenset(player.passed_since_riichi)


def suji(state: KyokuState, riichi_seat: int) -> frozenset[int]:
    """Number kinds that no two-sided wait of the riichi seat can win on.

    A tile 1-3 (or 7-9) of a suit is suji when the tile three above (below)
    is safe by rule; a tile 4-6 needs both (nakasuji).  Kinds safe by rule
    themselves are left out: they are more than suji.
    """
    safe = safe_by_rule(state, riichi_seat)
    found = set()
    for kind in range(EAST):
        number = kind % 9
        below = number >= 3 and kind - 3 in safe
        above = number <= 5 and kind + 3 in safe
        if kind in safe:
            continue
        if (number < 3 and above) or (number > 5 and below) or (below and above):
            found.add(kind)
    return frozenset(found)
