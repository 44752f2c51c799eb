"""Walls arranged so that a hand is dealt and drawn as a lesson or a test needs."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from tutor.engine.table import FLOWER_KINDS, Rules, Wall, back_slot, dealt_slots, indicator_slot, tile_total


def arranged_wall(
    dealer: int,
    hands: Mapping[int, Sequence[int]],
    draws: Sequence[int] = (),
    dora_indicator: int | None = None,
    seed: int = 0,
    rules: Rules = "riichi",
    back: Sequence[int] = (),
) -> Wall:
    """A wall whose deal gives each seat in `hands` those 13 kinds, whose
    draws after the deal (the dealer's first included) are `draws` in order,
    whose first indicator is `dora_indicator` (riichi) and whose first tiles
    from the back are `back` (MCR's flower replacements); the other tiles are
    shuffled from the seed.  Raises ValueError if more than four of a kind
    (one of a flower) are asked for."""
    slots = dealt_slots(dealer)
    fourteenth = max(slots[dealer])
    kinds: dict[int, int] = {}
    for seat, tiles in hands.items():
        if len(tiles) != 13:
            raise ValueError(f"a dealt hand has 13 tiles, not {len(tiles)}")
        for slot, kind in zip(sorted(slot for slot in slots[seat] if slot != fourteenth), tiles, strict=True):
            kinds[slot] = kind
    for slot, kind in zip(range(fourteenth, fourteenth + len(draws)), draws, strict=True):
        kinds[slot] = kind
    total = tile_total(rules)
    if dora_indicator is not None:
        kinds[indicator_slot(0, total)] = dora_indicator
    for taken, kind in enumerate(back):
        kinds[back_slot(taken, total)] = kind
    asked = Counter(kinds.values())
    flowers = FLOWER_KINDS if rules == "mcr" else ()
    if any(count > (1 if kind in flowers else 4) for kind, count in asked.items()):
        raise ValueError("more than four of a kind asked for")
    rest = [kind for kind in range(34) for _ in range(4 - asked[kind])]
    rest += [kind for kind in flowers if not asked[kind]]
    random.Random(seed).shuffle(rest)
    free = [slot for slot in range(total) if slot not in kinds]
    kinds.update(zip(free, rest, strict=True))
    return Wall(rules, tuple(kinds[slot] for slot in range(total)))
