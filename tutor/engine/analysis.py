"""Everything the shape engine can say about one hand, in one result."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.efficiency import DiscardOption, Shanten, Ukeire, discard_table, shanten, ukeire
from tutor.engine.hand import Hand
from tutor.engine.rules import Rules
from tutor.engine.shapes import Decomposition, decompositions
from tutor.engine.waits import Wait, waits


@dataclass(frozen=True, slots=True)
class Analysis:
    """The shapes of a 13- or 14-tile hand, and how far it is from tenpai.

    A 13-tile hand has `waits` and `ukeire`; a 14-tile hand has its own
    `decompositions` (empty unless complete) and `discards`: every distinct
    discard with the shanten, ukeire and waits it leaves, best first.
    `tenpai` is true when the hand waits (13 tiles) or some discard leaves it
    waiting (14 tiles).
    """

    hand: Hand
    rules: Rules
    complete: bool
    tenpai: bool
    decompositions: tuple[Decomposition, ...]
    waits: tuple[Wait, ...]
    shanten: Shanten
    ukeire: Ukeire | None
    discards: tuple[DiscardOption, ...]


def analyze(hand: Hand, rules: Rules = Rules.RIICHI) -> Analysis:
    if hand.tile_count == 13:
        found = tuple(waits(hand, rules))
        return Analysis(hand, rules, False, bool(found), (), found, shanten(hand, rules), ukeire(hand, rules), ())
    if hand.tile_count != 14:
        raise ValueError(f"a hand to analyse has 13 or 14 tiles, not {hand.tile_count}")
    readings = tuple(decompositions(hand, rules))
    options = discard_table(hand, rules)
    tenpai = any(option.waits for option in options)
    return Analysis(hand, rules, bool(readings), tenpai, readings, (), shanten(hand, rules), None, options)
