"""One reading of a winning hand: a decomposition plus where the winning tile sits.

A hand such as 45666 won on 6 reads two ways (456 + 66 as a ryanmen, or
45 + 666 as a shanpon) and the two can differ in fu and yaku; scoring looks
at every reading and keeps the one worth most.  `ReadingFacts` gathers what
the fu table and the yaku ask about a reading, computed once; `HandFacts` what they ask of
the tiles alone, computed once for all readings.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.hand import Hand
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.rules import Rules
from tutor.engine.shapes import Block, Decomposition, SetKind, ShapeKind, decompositions
from tutor.engine.tiles import DRAGONS, EAST, HONOURS, TERMINALS_AND_HONOURS, Tile
from tutor.engine.waits import WaitKind, run_wait_kind


@dataclass(frozen=True, slots=True)
class Reading:
    """A decomposition with the group the winning tile completed.

    `win_set` is the index in `decomposition.sets` of the set the winning tile
    completed, or None when it completed the pair (tanki) or a special shape.
    """

    decomposition: Decomposition
    wait: WaitKind
    win_set: int | None


def readings(hand: Hand, win_tile: Tile) -> list[Reading]:
    """Every distinct reading of a complete riichi hand won on `win_tile`."""
    found: list[Reading] = []
    for decomposition in decompositions(hand, Rules.RIICHI):
        shape = decomposition.shape
        if shape is ShapeKind.SEVEN_PAIRS:
            found.append(Reading(decomposition, WaitKind.CHIITOITSU, None))
            continue
        if shape is ShapeKind.THIRTEEN_ORPHANS:
            found.append(Reading(decomposition, WaitKind.KOKUSHI, None))
            continue
        if decomposition.pair == win_tile:
            found.append(Reading(decomposition, WaitKind.TANKI, None))
        # Two equal sets (an iipeikou's runs) give the same reading: count one.
        seen: list[tuple[SetKind, Tile]] = []
        for index, block in enumerate(decomposition.sets):
            if block.called:
                continue
            first = block.first
            kind = block.kind
            if kind is SetKind.SHUNTSU:
                if not first <= win_tile <= first + 2:
                    continue
                wait = run_wait_kind(first, win_tile)
            elif first == win_tile:
                wait = WaitKind.SHANPON
            else:
                continue
            if (kind, first) in seen:
                continue
            seen.append((kind, first))
            found.append(Reading(decomposition, wait, index))
    return found


@dataclass(slots=True)
class HandFacts:
    """What the yaku ask of the tiles alone, the same for every reading.

    Not frozen, like `ReadingFacts`: these are working notes made for every
    hand scored, and a frozen dataclass is several times slower to build."""

    hand: Hand
    context: WinContext
    closed: bool
    """No open meld (concealed kans keep a hand closed)."""
    tiles: tuple[Tile, ...]
    """Every physical tile of the hand, kans as four, sorted."""
    kinds: frozenset[Tile]
    number_suits: frozenset[int]
    """The number suits present: 0 m, 1 p, 2 s."""
    has_honours: bool
    all_terminals_or_honours: bool
    flags: frozenset[Flag]
    """The context's flags; a Flag is a StrEnum, so they can be asked about by name."""

    def is_value_tile(self, tile: Tile) -> bool:
        """A dragon, the seat wind or the round wind: what makes yakuhai and pair fu."""
        return tile in DRAGONS or tile == self.context.seat or tile == self.context.round


_HONOUR_KINDS = frozenset(HONOURS)
_TERMINAL_OR_HONOUR_KINDS = frozenset(TERMINALS_AND_HONOURS)
_SUIT_KINDS = tuple((suit, frozenset(range(suit * 9, suit * 9 + 9))) for suit in range(3))
_SHUNTSU = SetKind.SHUNTSU
_KANTSU = SetKind.KANTSU
_OUTSIDE_RUN_STARTS = frozenset({0, 6, 9, 15, 18, 24})
"""The first tiles of the runs 123 and 789 of each suit."""


def hand_facts(hand: Hand, context: WinContext) -> HandFacts:
    tiles = hand.concealed
    for meld in hand.melds:
        tiles += meld.tiles
    tiles = tuple(sorted(tiles))
    kinds = frozenset(tiles)
    number_suits = frozenset(suit for suit, suit_kinds in _SUIT_KINDS if not kinds.isdisjoint(suit_kinds))
    return HandFacts(
        hand,
        context,
        not hand.melds or hand.is_closed,
        tiles,
        kinds,
        number_suits,
        tiles[-1] >= EAST,
        kinds <= _TERMINAL_OR_HONOUR_KINDS,
        context.flags,
    )


@dataclass(slots=True)
class ReadingFacts:
    """What the yaku and the fu ask of one reading, worked out once."""

    of_hand: HandFacts
    reading: Reading
    shape: ShapeKind
    sets: tuple[Block, ...]
    pair: Tile | None
    runs: tuple[Tile, ...]
    """The first tile of each run."""
    triplets: tuple[Tile, ...]
    """The tile of each koutsu and kantsu alike."""
    kans: int
    honour_triplets: int
    """Triplets and kans of honours."""
    concealed_triplets: int
    """Triplets and kans that count as concealed (안커): not called, and not
    completed by a ron on a shanpon wait."""

    @property
    def context(self) -> WinContext:
        return self.of_hand.context

    @property
    def closed(self) -> bool:
        return self.of_hand.closed

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return self.of_hand.tiles

    @property
    def has_honours(self) -> bool:
        return self.of_hand.has_honours

    def is_value_tile(self, tile: Tile) -> bool:
        return self.of_hand.is_value_tile(tile)

    def every_group_has_terminal_or_honour(self) -> bool:
        """Chanta and junchan: each set and the pair hold a 1, a 9 or an honour."""
        return (
            _OUTSIDE_RUN_STARTS.issuperset(self.runs)
            and _TERMINAL_OR_HONOUR_KINDS.issuperset(self.triplets)
            and (self.pair is None or self.pair in _TERMINAL_OR_HONOUR_KINDS)
        )


def facts_of(of_hand: HandFacts, reading: Reading) -> ReadingFacts:
    decomposition = reading.decomposition
    tsumo = of_hand.context.tsumo
    runs: list[Tile] = []
    triplets: list[Tile] = []
    kans = honour_triplets = concealed_triplets = 0
    # A shanpon won by ron: the set the discard completed is not concealed.
    ron_set = -1 if tsumo else reading.win_set
    index = -1
    for block in decomposition.sets:
        index += 1
        kind = block.kind
        first = block.first
        if kind is _SHUNTSU:
            runs.append(first)
            continue
        triplets.append(first)
        if first >= EAST:
            honour_triplets += 1
        if kind is _KANTSU:
            kans += 1
        if not block.open and index != ron_set:
            concealed_triplets += 1
    return ReadingFacts(
        of_hand,
        reading,
        decomposition.shape,
        decomposition.sets,
        decomposition.pair,
        tuple(runs),
        tuple(triplets),
        kans,
        honour_triplets,
        concealed_triplets,
    )
