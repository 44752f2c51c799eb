"""One reading of a winning hand: a decomposition plus where the winning tile sits.

A hand such as 45666 won on 6 reads two ways (456 + 66 as a ryanmen, or
45 + 666 as a shanpon) and the two can differ in fu and yaku; scoring looks
at every reading and keeps the one worth most.  `ReadingFacts` gathers what
the fu table and the yaku ask about a reading, computed in one pass over
each decomposition's sets; `HandFacts` what they ask of the tiles alone,
computed once for all readings.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.engine.hand import Hand
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.rules import Rules
from tutor.engine.shapes import Block, Decomposition, SetKind, ShapeKind, decompositions
from tutor.engine.tiles import DRAGONS, EAST, SUIT_TILES, TERMINAL_OR_HONOUR_TILES, Tile
from tutor.engine.waits import WaitKind, run_wait_kind


@dataclass(slots=True)
class Reading:
    """A decomposition with the group the winning tile completed.

    `win_set` is the index in `decomposition.sets` of the set the winning tile
    completed, or None when it completed the pair (tanki) or a special shape.
    Not frozen, like the Decomposition it holds (see there).
    """

    decomposition: Decomposition
    wait: WaitKind
    win_set: int | None


@dataclass(slots=True)
class HandFacts:
    """What the yaku ask of the tiles alone, the same for every reading,
    worked out from the hand and the context when it is made.

    Not frozen, like `ReadingFacts`: these are working notes made for every
    hand scored, and a frozen dataclass is several times slower to build.
    Only the hand and the context are passed in: the rest is derived from
    them here, and a class called with keywords on Python 3.11 is handed
    them as a dict, which for nine fields cost more than deriving them."""

    hand: Hand
    context: WinContext
    closed: bool = field(init=False)
    """No open meld (concealed kans keep a hand closed)."""
    tiles: tuple[Tile, ...] = field(init=False)
    """Every physical tile of the hand, kans as four: the concealed tiles
    (sorted, as a Hand keeps them), then each meld's (unsorted: nothing
    asks of a hand with melds where its tiles stand)."""
    kinds: frozenset[Tile] = field(init=False)
    number_suits: int = field(init=False)
    """How many of the three number suits the hand uses."""
    has_honours: bool = field(init=False)
    all_terminals_or_honours: bool = field(init=False)
    flags: frozenset[Flag] = field(init=False)
    """The context's flags; a Flag is a StrEnum, so they can be asked about by name."""

    def __post_init__(self) -> None:
        hand = self.hand
        tiles = hand.concealed
        # The concealed tiles are sorted: an honour among them is the last.
        has_honours = tiles[-1] >= EAST
        for meld in hand.melds:
            tiles += meld.tiles
            has_honours = has_honours or meld.tiles[0] >= EAST
        kinds = frozenset(tiles)
        self.closed = not hand.melds or hand.is_closed
        self.tiles = tiles
        self.kinds = kinds
        self.number_suits = (
            (not kinds.isdisjoint(SUIT_TILES[0]))
            + (not kinds.isdisjoint(SUIT_TILES[1]))
            + (not kinds.isdisjoint(SUIT_TILES[2]))
        )
        self.has_honours = has_honours
        self.all_terminals_or_honours = kinds <= TERMINAL_OR_HONOUR_TILES
        self.flags = self.context.flags

    def is_value_tile(self, tile: Tile) -> bool:
        """A dragon, the seat wind or the round wind: what makes yakuhai and pair fu."""
        return tile in DRAGONS or tile == self.context.seat or tile == self.context.round


# Enum members read in the loop below, bound once: on Python 3.11 reading a
# member off its class costs ten times a global name.
_SHUNTSU = SetKind.SHUNTSU
_KANTSU = SetKind.KANTSU
_SEVEN_PAIRS = ShapeKind.SEVEN_PAIRS
_THIRTEEN_ORPHANS = ShapeKind.THIRTEEN_ORPHANS
_SHANPON = WaitKind.SHANPON
_TANKI = WaitKind.TANKI
_RIICHI_RULES = Rules.RIICHI
_OUTSIDE_RUN_STARTS = frozenset({0, 6, 9, 15, 18, 24})
"""The first tiles of the runs 123 and 789 of each suit."""


def hand_facts(hand: Hand, context: WinContext) -> HandFacts:
    return HandFacts(hand, context)


@dataclass(slots=True)
class ReadingFacts:
    """What the yaku and the fu ask of one reading, worked out once.  Built
    by keyword, never by position, as its many fields are easily swapped."""

    of_hand: HandFacts
    decomposition: Decomposition
    wait: WaitKind
    win_set: int | None
    """As in `Reading`."""
    shape: ShapeKind
    sets: tuple[Block, ...] = ()
    """Empty for seven pairs and thirteen orphans, as are the counts below."""
    pair: Tile | None = None
    """The pair; for thirteen orphans the doubled tile, which is no pair of the fu table."""
    runs: tuple[Tile, ...] = ()
    """The first tile of each run."""
    triplets: tuple[Tile, ...] = ()
    """The tile of each koutsu and kantsu alike."""
    kans: int = 0
    honour_sets: int = 0
    """Which honours make a triplet or kan: bit 0 for East to bit 6 for Red."""
    concealed_triplets: int = 0
    """Triplets and kans that count as concealed (안커): not called, and not
    completed by a ron on a shanpon wait."""

    @property
    def reading(self) -> Reading:
        return Reading(self.decomposition, self.wait, self.win_set)

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
            and TERMINAL_OR_HONOUR_TILES.issuperset(self.triplets)
            and (self.pair is None or self.pair in TERMINAL_OR_HONOUR_TILES)
        )


def reading_facts(of_hand: HandFacts) -> list[ReadingFacts]:
    """Every distinct reading of a complete riichi hand, with its facts; empty
    when the hand is not complete."""
    win_tile = of_hand.context.win_tile
    tsumo = of_hand.context.tsumo
    found: list[ReadingFacts] = []
    for decomposition in decompositions(of_hand.hand, _RIICHI_RULES):
        shape = decomposition.shape
        if shape is _SEVEN_PAIRS:
            found.append(
                ReadingFacts(
                    of_hand=of_hand, decomposition=decomposition, wait=WaitKind.CHIITOITSU, win_set=None, shape=shape
                )
            )
            continue
        pair = decomposition.pair
        if shape is _THIRTEEN_ORPHANS:
            found.append(
                ReadingFacts(
                    of_hand=of_hand,
                    decomposition=decomposition,
                    wait=WaitKind.KOKUSHI,
                    win_set=None,
                    shape=shape,
                    pair=pair,
                )
            )
            continue
        # One pass over the sets gathers the facts every reading of this
        # decomposition shares, and where the winning tile can sit.
        sets = decomposition.sets
        runs: list[Tile] = []
        triplets: list[Tile] = []
        kans = honour_sets = concealed = 0
        places: list[tuple[WaitKind, int | None]] = []
        index = -1
        for block in sets:
            index += 1
            kind = block.kind
            first = block.first
            if kind is _SHUNTSU:
                runs.append(first)
                if not block.called and first <= win_tile <= first + 2:
                    places.append((run_wait_kind(first, win_tile), index))
                continue
            triplets.append(first)
            if first >= EAST:
                honour_sets |= 1 << (first - EAST)
            if kind is _KANTSU:
                kans += 1
            if not block.open:
                concealed += 1
                if first == win_tile and not block.called:
                    places.append((_SHANPON, index))
        run_tuple = tuple(runs)
        triplet_tuple = tuple(triplets)
        if pair == win_tile:
            places.insert(0, (_TANKI, None))
        # Two equal sets (an iipeikou's runs) give the same reading: count one.
        seen: list[tuple[WaitKind, Tile]] = []
        several = len(places) > 1
        for wait, place in places:
            own = concealed
            if place is not None:
                if several:
                    key = (wait, sets[place].first)
                    if key in seen:
                        continue
                    seen.append(key)
                if wait is _SHANPON and not tsumo:
                    # A shanpon won by ron: the triplet the discard completed
                    # counts as open for 안커 (and for its fu: see fu.py).
                    own -= 1
            facts = ReadingFacts(
                of_hand=of_hand,
                decomposition=decomposition,
                wait=wait,
                win_set=place,
                shape=shape,
                sets=sets,
                pair=pair,
                runs=run_tuple,
                triplets=triplet_tuple,
                kans=kans,
                honour_sets=honour_sets,
                concealed_triplets=own,
            )
            found.append(facts)
    return found


def tie_order(facts: ReadingFacts) -> tuple[object, ...]:
    """Where a reading stands in a fixed order of the readings of one hand,
    which breaks the ties that points, han and fu leave: by its runs (sorted;
    with the pair they fix the triplets, the rest of the tiles), its pair,
    its wait kind, then the first tile of the set the winning tile completed.
    Nothing here depends on the order in which readings were found, nor on
    the order in which the melds were written."""
    completed = -1 if facts.win_set is None else facts.sets[facts.win_set].first
    return (sorted(facts.runs), -1 if facts.pair is None else facts.pair, facts.wait.value, completed)
