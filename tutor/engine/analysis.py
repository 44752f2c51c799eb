"""Everything the shape engine can say about one hand, in one result."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.hand import Hand
from tutor.engine.rules import Rules
from tutor.engine.shapes import Decomposition, decompositions
from tutor.engine.waits import DiscardWaits, Wait, tenpai_discards, waits


@dataclass(frozen=True, slots=True)
class Analysis:
    """The shapes of a 13- or 14-tile hand.

    A 13-tile hand has `waits`; a 14-tile hand has its own `decompositions`
    (empty unless complete) and `discards`, each discard that leaves it tenpai
    with the waits after it.  `tenpai` is true when the hand waits (13 tiles)
    or some discard leaves it waiting (14 tiles).
    """

    hand: Hand
    rules: Rules
    complete: bool
    tenpai: bool
    decompositions: tuple[Decomposition, ...]
    waits: tuple[Wait, ...]
    discards: tuple[DiscardWaits, ...]


def analyze(hand: Hand, rules: Rules = Rules.RIICHI) -> Analysis:
    if hand.tile_count == 13:
        found = tuple(waits(hand, rules))
        return Analysis(hand, rules, False, bool(found), (), found, ())
    if hand.tile_count != 14:
        raise ValueError(f"a hand to analyse has 13 or 14 tiles, not {hand.tile_count}")
    readings = tuple(decompositions(hand, rules))
    options = tuple(tenpai_discards(hand, rules))
    return Analysis(hand, rules, bool(readings), bool(options), readings, (), options)
