"""Fu (부), itemised the way document 000 teaches it.

부저 (base) 20, or 30 for a closed ron; the fu of each set (멘쯔의 부) by
the document's table; the pair (작두); the wait (대기의 부); 2 for tsumo
(났을 때의 부); then rounding up to the next 10 (올림).  Seven pairs is a
flat 25, pinfu tsumo takes no tsumo fu, and an open hand with no fu is
raised to 30: the standard rules the document does not state.

Every line names the tiles it counts, zero-fu lines included, because the
lines are what a learner reads to see why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from tutor.engine.notation import format_tiles
from tutor.engine.riichi.reading import ReadingFacts
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.shapes import Block, SetKind, ShapeKind
from tutor.engine.tiles import DRAGONS, TERMINALS_AND_HONOURS, WINDS, Tile
from tutor.engine.waits import WaitKind

BASE: Final = "base"
"""부저 (副底): 20 fu for any win."""
CLOSED_RON: Final = "closed_ron"
"""멘젠 론: 10 more for a closed hand won on a discard (부저 30)."""
TSUMO: Final = "tsumo"
"""쯔모: 2 fu for a self-drawn win."""
PINFU_TSUMO: Final = "pinfu_tsumo"
"""Pinfu won by tsumo takes no tsumo fu (0): the hand stays at 20."""
OPEN_NO_FU: Final = "open_no_fu"
"""An open hand with nothing but the base gets 2, so it rounds to 30."""
SEVEN_PAIRS: Final = "seven_pairs"
"""치또이쯔: a flat 25 fu, not rounded."""

RUN: Final = "run"
OPEN_TRIPLET: Final = "open_triplet"
OPEN_TERMINAL_TRIPLET: Final = "open_terminal_triplet"
CLOSED_TRIPLET: Final = "closed_triplet"
CLOSED_TERMINAL_TRIPLET: Final = "closed_terminal_triplet"
OPEN_KAN: Final = "open_kan"
OPEN_TERMINAL_KAN: Final = "open_terminal_kan"
CLOSED_KAN: Final = "closed_kan"
CLOSED_TERMINAL_KAN: Final = "closed_terminal_kan"

PLAIN_PAIR: Final = "pair"
DRAGON_PAIR: Final = "dragon_pair"
SEAT_WIND_PAIR: Final = "seat_wind_pair"
ROUND_WIND_PAIR: Final = "round_wind_pair"
DOUBLE_WIND_PAIR: Final = "double_wind_pair"
"""연풍패: the wind that is both seat and round wind."""
GUEST_WIND_PAIR: Final = "guest_wind_pair"
"""객풍패: a wind that is neither, 0 fu."""

SET_ITEMS: Final = (
    # Indexed by [kan][concealed][terminal or honour]: document 000's table, where
    # each step (kan over triplet, concealed over open, 幺九 over 中張) doubles the fu.
    ((OPEN_TRIPLET, OPEN_TERMINAL_TRIPLET), (CLOSED_TRIPLET, CLOSED_TERMINAL_TRIPLET)),
    ((OPEN_KAN, OPEN_TERMINAL_KAN), (CLOSED_KAN, CLOSED_TERMINAL_KAN)),
)


def set_fu(kan: bool, concealed: bool, terminal_or_honour: bool) -> int:
    """2 for an open simple triplet, doubled for a kan, for concealed, and for 幺九."""
    return 2 << (2 * kan + concealed + terminal_or_honour)


SET_FU: Final = tuple(
    tuple(tuple(set_fu(bool(kan), bool(concealed), bool(terminal)) for terminal in (0, 1)) for concealed in (0, 1))
    for kan in (0, 1)
)
"""`set_fu` as a table indexed like SET_ITEMS, read in scoring's inner loop."""


WAIT_FU: Final = {
    WaitKind.RYANMEN: 0,
    WaitKind.SHANPON: 0,
    WaitKind.KANCHAN: 2,
    WaitKind.PENCHAN: 2,
    WaitKind.TANKI: 2,
}
"""대기의 부 (the special shapes have no wait fu)."""


class FuLine(NamedTuple):
    """One line of the fu count: what it is, its fu, and the tiles it counts."""

    item: str
    fu: int
    group: tuple[Tile, ...] = ()
    brackets: str = ""
    """"[]" for an open meld, "()" for a concealed kan, "" otherwise."""

    @property
    def tiles(self) -> str:
        text = format_tiles(self.group) if self.group else ""
        return f"{self.brackets[0]}{text}{self.brackets[1]}" if self.brackets else text


FuItem = tuple[str, int, "Block | tuple[Tile, ...]"]
"""A fu line as scoring builds it: item, fu, and the set or tiles it counts.
Scoring counts the fu of every reading but shows one, so the lines are
written out (`FuResult.lines`) only when asked for."""


@dataclass(frozen=True, slots=True)
class FuResult:
    items: tuple[FuItem, ...]
    """The lines as counted; `lines` writes them out."""
    raw: int
    """The sum of the lines, before rounding."""
    fu: int
    """Rounded up to the next 10 (seven pairs stays 25)."""

    @property
    def lines(self) -> tuple[FuLine, ...]:
        return tuple(_written(item) for item in self.items)


def _written(item: FuItem) -> FuLine:
    name, fu, group = item
    if isinstance(group, Block):
        brackets = ("[]" if group.open else "()") if group.called else ""
        return FuLine(name, fu, group.tiles, brackets)
    return FuLine(name, fu, group)


def round_up(raw: int) -> int:
    return (raw + 9) // 10 * 10


def pair_item(facts: ReadingFacts, rules: RiichiRules) -> FuItem:
    pair = facts.pair
    assert pair is not None
    tiles = (pair, pair)
    seat, round_ = facts.context.seat, facts.context.round
    if pair in DRAGONS:
        return (DRAGON_PAIR, 2, tiles)
    if pair == seat and pair == round_:
        return (DOUBLE_WIND_PAIR, rules.double_wind_pair_fu, tiles)
    if pair == seat:
        return (SEAT_WIND_PAIR, 2, tiles)
    if pair == round_:
        return (ROUND_WIND_PAIR, 2, tiles)
    if pair in WINDS:
        return (GUEST_WIND_PAIR, 0, tiles)
    return (PLAIN_PAIR, 0, tiles)


def is_pinfu_shape(facts: ReadingFacts) -> bool:
    """Closed, four runs, a pair that gives no fu, won on a ryanmen wait."""
    return (
        facts.closed
        and facts.shape is ShapeKind.REGULAR
        and len(facts.runs) == 4
        and facts.pair is not None
        and not facts.is_value_tile(facts.pair)
        and facts.reading.wait is WaitKind.RYANMEN
    )


def calculate_fu(facts: ReadingFacts, rules: RiichiRules) -> FuResult:
    """The fu of one reading, line by line."""
    of_hand = facts.of_hand
    context = of_hand.context
    tsumo = context.tsumo
    shape = facts.shape
    if shape is ShapeKind.SEVEN_PAIRS:
        return FuResult(((SEVEN_PAIRS, 25, of_hand.tiles),), 25, 25)
    closed = of_hand.closed
    win = (context.win_tile,)
    items: list[FuItem] = [(BASE, 20, ())]
    raw = 20
    if closed and not tsumo:
        items.append((CLOSED_RON, 10, win))
        raw = 30
    reading = facts.reading
    # A shanpon won by ron: the set the discard completed counts as open.
    ron_set = -1 if tsumo else reading.win_set
    index = -1
    for block in facts.sets:
        index += 1
        kind = block.kind
        if kind is _SHUNTSU:
            items.append((RUN, 0, block))
            continue
        kan = kind is _KANTSU
        concealed = not block.open and index != ron_set
        terminal = block.first in _TERMINAL_OR_HONOUR
        fu = SET_FU[kan][concealed][terminal]
        items.append((SET_ITEMS[kan][concealed][terminal], fu, block))
        raw += fu
    if facts.pair is not None and shape is not ShapeKind.THIRTEEN_ORPHANS:
        pair = pair_item(facts, rules)
        items.append(pair)
        raw += pair[1]
    wait = reading.wait
    wait_fu = WAIT_FU.get(wait)
    if wait_fu is not None:
        items.append((wait, wait_fu, win))
        raw += wait_fu
    if tsumo:
        if is_pinfu_shape(facts):
            items.append((PINFU_TSUMO, 0, win))
        else:
            items.append((TSUMO, 2, win))
            raw += 2
    if raw == 20 and not closed:
        items.append((OPEN_NO_FU, 2, ()))
        raw = 22
    return FuResult(tuple(items), raw, round_up(raw))


_TERMINAL_OR_HONOUR: Final = frozenset(TERMINALS_AND_HONOURS)
_SHUNTSU: Final = SetKind.SHUNTSU
_KANTSU: Final = SetKind.KANTSU
