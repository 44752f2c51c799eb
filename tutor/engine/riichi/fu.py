"""Fu (부), itemised the way document 000 teaches it.

부저 (base) 20, or 30 for a closed ron; the fu of each set (멘쯔의 부) by
the document's table; the pair (작두); the wait (대기의 부); 2 for tsumo
(났을 때의 부); then rounding up to the next 10 (올림).  Seven pairs is a
flat 25, pinfu tsumo takes no tsumo fu, and an open hand with no fu is
raised to 30: the standard rules the document does not state.  Thirteen
orphans has no sets and no pair of the fu table, so no fu are counted for
it at all (0, no lines), as the reference libraries report it; being a
yakuman, its points never depend on fu.

Every line names the tiles it counts, zero-fu lines included, because the
lines are what a learner reads to see why.  One function, `count_fu`,
counts them: scoring asks it for the number of every reading, and a score
asks it again, writing the lines, for the reading it shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from tutor.engine.notation import format_tiles
from tutor.engine.riichi.context import WinContext
from tutor.engine.riichi.reading import ReadingFacts
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.shapes import Block, SetKind, ShapeKind
from tutor.engine.tiles import DRAGONS, EAST, TERMINAL_OR_HONOUR_TILES, WINDS, Tile
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
"""`set_fu` as a table indexed like SET_ITEMS, read for every set counted."""


# Enum members read on every reading, bound once: on Python 3.11 reading a
# member off its class costs ten times a global name.
_REGULAR = ShapeKind.REGULAR
_SEVEN_PAIRS = ShapeKind.SEVEN_PAIRS
_THIRTEEN_ORPHANS = ShapeKind.THIRTEEN_ORPHANS
_RYANMEN = WaitKind.RYANMEN
_SHUNTSU = SetKind.SHUNTSU
_KANTSU = SetKind.KANTSU

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


@dataclass(slots=True)
class FuResult:
    """The fu of one reading.

    Scoring counts the fu of every reading but shows one, so the lines are
    written out only when asked for (`lines`), by the same `count_fu` that
    counted `raw`.
    """

    facts: ReadingFacts
    rules: RiichiRules
    raw: int
    """The sum of the lines, before rounding."""
    fu: int
    """Rounded up to the next 10 (seven pairs stays 25, thirteen orphans 0)."""

    @property
    def lines(self) -> tuple[FuLine, ...]:
        return fu_lines(self.facts, self.rules)


def pair_item(pair: Tile, context: WinContext, rules: RiichiRules) -> tuple[str, int]:
    """What the pair is for the fu table (작두), and its fu."""
    if pair in DRAGONS:
        return DRAGON_PAIR, 2
    seat = context.seat
    round_ = context.round
    if pair == seat and pair == round_:
        return DOUBLE_WIND_PAIR, rules.double_wind_pair_fu
    if pair == seat:
        return SEAT_WIND_PAIR, 2
    if pair == round_:
        return ROUND_WIND_PAIR, 2
    if pair in WINDS:
        return GUEST_WIND_PAIR, 0
    return PLAIN_PAIR, 0


def is_pinfu_shape(facts: ReadingFacts) -> bool:
    """Closed, four runs, a pair that gives no fu, won on a ryanmen wait."""
    return (
        len(facts.runs) == 4
        and facts.of_hand.closed
        and facts.shape is _REGULAR
        and facts.pair is not None
        and not facts.is_value_tile(facts.pair)
        and facts.wait is _RYANMEN
    )


def count_fu(facts: ReadingFacts, rules: RiichiRules, lines: list[FuLine] | None = None) -> int:
    """The fu of one reading before rounding: the one place fu is counted
    (0 for thirteen orphans, which has no fu lines).

    Given `lines`, each step is also written there, naming the tiles it
    counts; without, only the number is worked out, as scoring does for
    every reading (so the steps that add nothing are skipped then).
    """
    shape = facts.shape
    of_hand = facts.of_hand
    writing = lines is not None
    if shape is _SEVEN_PAIRS:
        if lines is not None:
            lines.append(FuLine(SEVEN_PAIRS, 25, of_hand.tiles))
        return 25
    if shape is _THIRTEEN_ORPHANS:
        return 0
    context = of_hand.context
    tsumo = context.tsumo
    closed = of_hand.closed
    raw = 20
    if lines is not None:
        lines.append(FuLine(BASE, 20))
    if closed and not tsumo:
        raw += 10
        if lines is not None:
            lines.append(FuLine(CLOSED_RON, 10, (context.win_tile,)))
    if facts.triplets or writing:
        # A shanpon won by ron: the set the discard completed counts as open.
        # (No hand holds two equal triplets, so the set is told by identity.)
        win_set = facts.win_set
        ron_block = None if tsumo or win_set is None else facts.sets[win_set]
        for block in facts.sets:
            kind = block.kind
            if kind is _SHUNTSU:
                if lines is not None:
                    lines.append(FuLine(RUN, 0, block.tiles, _brackets(block)))
                continue
            kan = kind is _KANTSU
            concealed = not block.open and block is not ron_block
            terminal = block.first in TERMINAL_OR_HONOUR_TILES
            fu = SET_FU[kan][concealed][terminal]
            raw += fu
            if lines is not None:
                lines.append(FuLine(SET_ITEMS[kan][concealed][terminal], fu, block.tiles, _brackets(block)))
    pair = facts.pair
    # Only an honour pair can give fu.
    if pair is not None and (pair >= EAST or writing):
        item, fu = pair_item(pair, context, rules)
        raw += fu
        if lines is not None:
            lines.append(FuLine(item, fu, (pair, pair)))
    wait_fu = WAIT_FU.get(facts.wait)
    if wait_fu is not None:
        raw += wait_fu
        if lines is not None:
            lines.append(FuLine(facts.wait.value, wait_fu, (context.win_tile,)))
    if tsumo:
        pinfu = is_pinfu_shape(facts)
        if not pinfu:
            raw += 2
        if lines is not None:
            lines.append(FuLine(PINFU_TSUMO if pinfu else TSUMO, 0 if pinfu else 2, (context.win_tile,)))
    if raw == 20 and not closed:
        raw = 22
        if lines is not None:
            lines.append(FuLine(OPEN_NO_FU, 2))
    return raw


def _brackets(block: Block) -> str:
    """How a set's tiles are written: "[]" for an open meld, "()" for a concealed kan."""
    return ("[]" if block.open else "()") if block.called else ""


def round_fu(raw: int, shape: ShapeKind) -> int:
    """Fu rounded up to the next 10 (올림); seven pairs stays 25."""
    return raw if shape is _SEVEN_PAIRS else (raw + 9) // 10 * 10


def calculate_fu(facts: ReadingFacts, rules: RiichiRules) -> FuResult:
    """The fu of one reading, as numbers; `FuResult.lines` itemises them."""
    raw = count_fu(facts, rules)
    return FuResult(facts, rules, raw, round_fu(raw, facts.shape))


def fu_lines(facts: ReadingFacts, rules: RiichiRules) -> tuple[FuLine, ...]:
    """The fu of one reading, line by line, each naming the tiles it counts."""
    lines: list[FuLine] = []
    count_fu(facts, rules, lines)
    return tuple(lines)
