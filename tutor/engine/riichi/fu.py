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
from tutor.engine.tiles import DRAGONS, Tile, is_terminal_or_honour, is_wind
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


WAIT_FU: Final = {"ryanmen": 0, "shanpon": 0, "kanchan": 2, "penchan": 2, "tanki": 2}
"""대기의 부, by wait kind name (the special shapes have no wait fu)."""


class FuLine(NamedTuple):
    """One line of the fu count: what it is, its fu, and the tiles it counts.

    The tiles are kept as a group and written out only when asked for:
    scoring builds lines for every reading but shows one.  A NamedTuple, not
    a frozen dataclass, because scoring makes several per reading and a
    frozen dataclass is several times slower to build.
    """

    item: str
    fu: int
    group: tuple[Tile, ...] = ()
    brackets: str = ""
    """"[]" for an open meld, "()" for a concealed kan, "" otherwise."""

    @property
    def tiles(self) -> str:
        text = format_tiles(self.group) if self.group else ""
        return f"{self.brackets[0]}{text}{self.brackets[1]}" if self.brackets else text


@dataclass(frozen=True, slots=True)
class FuResult:
    lines: tuple[FuLine, ...]
    raw: int
    """The sum of the lines, before rounding."""
    fu: int
    """Rounded up to the next 10 (seven pairs stays 25)."""


def round_up(raw: int) -> int:
    return (raw + 9) // 10 * 10


def _brackets(block: Block) -> str:
    if not block.called:
        return ""
    return "[]" if block.open else "()"


def set_line(block: Block, counts_as_open: bool) -> FuLine:
    if block.kind is SetKind.SHUNTSU:
        return FuLine(RUN, 0, block.tiles, _brackets(block))
    kan = block.kind is SetKind.KANTSU
    terminal = is_terminal_or_honour(block.first)
    item = SET_ITEMS[kan][not counts_as_open][terminal]
    return FuLine(item, set_fu(kan, not counts_as_open, terminal), block.tiles, _brackets(block))


def pair_line(facts: ReadingFacts, rules: RiichiRules) -> FuLine:
    pair = facts.pair
    assert pair is not None
    tiles = (pair, pair)
    seat, round_ = facts.context.seat, facts.context.round
    if pair in DRAGONS:
        return FuLine(DRAGON_PAIR, 2, tiles)
    if pair == seat and pair == round_:
        return FuLine(DOUBLE_WIND_PAIR, rules.double_wind_pair_fu, tiles)
    if pair == seat:
        return FuLine(SEAT_WIND_PAIR, 2, tiles)
    if pair == round_:
        return FuLine(ROUND_WIND_PAIR, 2, tiles)
    if is_wind(pair):
        return FuLine(GUEST_WIND_PAIR, 0, tiles)
    return FuLine(PLAIN_PAIR, 0, tiles)


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
    context = facts.context
    win = (context.win_tile,)
    if facts.shape is ShapeKind.SEVEN_PAIRS:
        return FuResult((FuLine(SEVEN_PAIRS, 25, facts.tiles),), 25, 25)
    lines = [FuLine(BASE, 20)]
    if facts.closed and not context.tsumo:
        lines.append(FuLine(CLOSED_RON, 10, win))
    win_set = facts.reading.win_set
    for index, block in enumerate(facts.sets):
        ron_completed = index == win_set and not context.tsumo
        lines.append(set_line(block, block.open or ron_completed))
    if facts.pair is not None and facts.shape is not ShapeKind.THIRTEEN_ORPHANS:
        lines.append(pair_line(facts, rules))
    wait = facts.reading.wait.value
    if wait in WAIT_FU:
        lines.append(FuLine(wait, WAIT_FU[wait], win))
    if context.tsumo:
        if is_pinfu_shape(facts):
            lines.append(FuLine(PINFU_TSUMO, 0, win))
        else:
            lines.append(FuLine(TSUMO, 2, win))
    raw = sum(line.fu for line in lines)
    if not facts.closed and raw == 20:
        lines.append(FuLine(OPEN_NO_FU, 2))
        raw = 22
    return FuResult(tuple(lines), raw, round_up(raw))
