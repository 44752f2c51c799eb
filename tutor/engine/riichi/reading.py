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
from tutor.engine.tiles import DRAGONS, EAST, HONOURS, TERMINALS_AND_HONOURS, Tile, is_terminal_or_honour
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


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What the yaku ask of the tiles alone, the same for every reading."""

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
_SUIT_KINDS = tuple(frozenset(range(start, start + 9)) for start in (0, 9, 18))


def hand_facts(hand: Hand, context: WinContext) -> HandFacts:
    tiles = hand.concealed
    for meld in hand.melds:
        tiles += meld.tiles
    tiles = tuple(sorted(tiles))
    kinds = frozenset(tiles)
    return HandFacts(
        hand=hand,
        context=context,
        closed=hand.is_closed,
        tiles=tiles,
        kinds=kinds,
        number_suits=frozenset(suit for suit in (0, 1, 2) if not kinds.isdisjoint(_SUIT_KINDS[suit])),
        has_honours=not kinds.isdisjoint(_HONOUR_KINDS),
        all_terminals_or_honours=kinds <= _TERMINAL_OR_HONOUR_KINDS,
        flags=context.flags,
    )


@dataclass(frozen=True, slots=True)
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
            all(first % 9 in (0, 6) for first in self.runs)
            and all(is_terminal_or_honour(tile) for tile in self.triplets)
            and (self.pair is None or is_terminal_or_honour(self.pair))
        )


def facts_of(of_hand: HandFacts, reading: Reading) -> ReadingFacts:
    decomposition = reading.decomposition
    tsumo = of_hand.context.tsumo
    runs: list[Tile] = []
    triplets: list[Tile] = []
    kans = honour_triplets = concealed_triplets = 0
    for index, block in enumerate(decomposition.sets):
        if block.kind is SetKind.SHUNTSU:
            runs.append(block.first)
            continue
        triplets.append(block.first)
        if block.first >= EAST:
            honour_triplets += 1
        if block.kind is SetKind.KANTSU:
            kans += 1
        if not block.open and (tsumo or index != reading.win_set):
            concealed_triplets += 1
    return ReadingFacts(
        of_hand=of_hand,
        reading=reading,
        shape=decomposition.shape,
        sets=decomposition.sets,
        pair=decomposition.pair,
        runs=tuple(runs),
        triplets=tuple(triplets),
        kans=kans,
        honour_triplets=honour_triplets,
        concealed_triplets=concealed_triplets,
    )
