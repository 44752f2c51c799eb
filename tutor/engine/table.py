"""The table: how a hand is set up and played, step by step, as data.

A pure model for the table screen and the game-flow quizzes.  It holds
seats, dice, the four walls, the break, the dead wall and its indicators,
the deal, turns, calls, kans, flowers, the end of a hand and the next
dealer, under riichi or MCR rules.  It returns states and caption ids with
values, never prose: the layers above put them into words.

Positions are fixed places at the table seen by the viewer, who sits at
position 0; 1 is on the viewer's right, 2 across, 3 on the left.  That is
also turn order (counter-clockwise).  Every tile is known by its slot: its
place in the wall counted in drawing order from the break, so a tile's
identity never changes as it moves from wall to hand to discards to melds,
and the property tests can account for every one.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Final, Literal

from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.mcr.context import McrContext
from tutor.engine.mcr.score import score_mcr
from tutor.engine.refusal import Refusal
from tutor.engine.riichi.context import WinContext
from tutor.engine.riichi.points import noten_payments
from tutor.engine.riichi.score import score_riichi
from tutor.engine.rules import Rules as EngineRules
from tutor.engine.tiles import EAST, WIND_LETTERS, wind_tile
from tutor.engine.waits import winning_tiles

Rules = Literal["riichi", "mcr"]

SUITED_KINDS: Final = 27
"""Kinds 0-26 are the three suits (m, p, s), 27-33 the honours, 34-41 MCR's flowers."""
FLOWER_KINDS: Final = tuple(range(34, 42))
DEAD_WALL: Final = 14
DICE_FACES: Final = range(1, 7)
MCR_HANDS: Final = 16


def stacks_per_wall(rules: Rules) -> int:
    """17 stacks of two a side make 136 tiles; MCR's 144 with flowers need 18."""
    return 18 if rules == "mcr" else 17


def tile_total(rules: Rules) -> int:
    return 8 * stacks_per_wall(rules)


def dead_wall_size(rules: Rules) -> int:
    """Riichi keeps a 14-tile dead wall; MCR has none."""
    return DEAD_WALL if rules == "riichi" else 0


def counted_seat(thrower: int, total: int) -> int:
    """The position a dice total names, counting the thrower as 1 and going counter-clockwise."""
    return (thrower + total - 1) % 4


def next_turn(position: int) -> int:
    """Who plays after `position`: the player on their right (turns go counter-clockwise).
    After a call, the caller discards and play goes on from the caller."""
    return (position + 1) % 4


def wind_of(position: int, east: int) -> str:
    return WIND_LETTERS[(position - east) % 4]


def is_flower(kind: int) -> bool:
    return kind in FLOWER_KINDS


# --- the wall ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Break:
    """Where the throw opens the wall: the wall of `position`, `stacks`
    stacks from its right end as its owner sees it.  The count began at the
    right end of `counted_from`'s wall and ran `total` stacks: the same wall,
    unless an MCR total ran past its left end onto the next."""

    position: int
    stacks: int
    counted_from: int = -1
    total: int = -1

    def __post_init__(self) -> None:
        if self.counted_from < 0:
            object.__setattr__(self, "counted_from", self.position)
        if self.total < 0:
            object.__setattr__(self, "total", self.stacks)


def break_of(dealer: int, total: int) -> Break:
    """Riichi: the dealer's throw names the wall and the stacks from its right end."""
    return Break(counted_seat(dealer, total), total)


def mcr_break_of(dealer: int, dealer_total: int, second_total: int) -> Break:
    """MCR (1998 rules): the dealer's throw, counted from the dealer as 1, names
    the wall and its owner, who throws again; the two totals summed are the
    stacks counted from that wall's right end (7 + 5: the 13th stack opens the
    deal).  A count past the wall's left end runs on into the next wall."""
    wall = counted_seat(dealer, dealer_total)
    total = dealer_total + second_total
    per_wall = stacks_per_wall("mcr")
    # Counted from the last stack counted, so that 18 is the whole of the first wall.
    position, last = ring_place(ring_index(wall, total - 1, per_wall), per_wall)
    return Break(position, last + 1, wall, total)


def is_counted(opening: Break, position: int, from_right: int, per_wall: int) -> bool:
    """Whether the stack was among those counted to find the break."""
    start = ring_index(opening.counted_from, 0, per_wall)
    return (ring_index(position, from_right, per_wall) - start) % (4 * per_wall) < opening.total


def ring_index(position: int, from_right: int, per_wall: int) -> int:
    """A stack's place going clockwise (the drawing direction) round the table:
    along a wall from its owner's right end to the left, then on to the wall
    of the player on the owner's left."""
    return ((4 - position) % 4) * per_wall + from_right


def ring_place(ring: int, per_wall: int) -> tuple[int, int]:
    """The inverse of `ring_index`: (position, stacks from the owner's right end)."""
    side, from_right = divmod(ring % (4 * per_wall), per_wall)
    return (4 - side) % 4, from_right


def stack_in_draw_order(ring: int, opening: Break, per_wall: int) -> int:
    """How many stacks after the break, in drawing order, the stack at `ring` stands."""
    start = ring_index(opening.position, opening.stacks, per_wall)
    return (ring - start) % (4 * per_wall)


def back_slot(taken: int, total: int) -> int:
    """The slot of the `taken`-th tile drawn from the back of the wall (0 first):
    the top, then the bottom, of the last stack, then the stack before it."""
    return total - 2 - 2 * (taken // 2) + taken % 2


def indicator_slot(number: int, total: int) -> int:
    """Riichi's dora indicator (0) and kan indicators (1-4): the tops of the
    third stack from the back end of the wall, then of the stacks before it."""
    return total - 6 - 2 * number


@dataclass(frozen=True)
class Wall:
    """The tiles by slot in drawing order, and how many are gone from each end."""

    rules: Rules
    kinds: tuple[int, ...]
    front: int = 0
    back: int = 0

    @property
    def total(self) -> int:
        return len(self.kinds)

    def back_taken(self) -> frozenset[int]:
        return frozenset(back_slot(n, self.total) for n in range(self.back))

    def remaining(self) -> tuple[int, ...]:
        """The slots still in the wall, in drawing order."""
        gone = self.back_taken()
        return tuple(slot for slot in range(self.front, self.total) if slot not in gone)

    def dead(self) -> tuple[int, ...]:
        """The dead wall: always the last 14 tiles left (riichi), so a kan's
        replacement moves the last live tile into it."""
        size = dead_wall_size(self.rules)
        return self.remaining()[-size:] if size else ()

    def live(self) -> int:
        # Counted, not listed: the rules ask it at every decision (a replayed
        # log's profile had `remaining` at a twentieth of its time).
        if not self.back:
            return self.total - self.front - dead_wall_size(self.rules)  # no kan yet: most draws
        back_left = sum(1 for taken in range(self.back) if back_slot(taken, self.total) >= self.front)
        return self.total - self.front - back_left - dead_wall_size(self.rules)

    def take_front(self) -> tuple[Wall, int]:
        # The next tile in drawing order; where the two ends meet, slots
        # already drawn from the back are passed over.
        # Made by the constructor, not `replace`: every draw of a hand takes one.
        if self.back:
            gone = self.back_taken()
            slot = next(slot for slot in range(self.front, self.total) if slot not in gone)
        else:
            slot = self.front
        return Wall(self.rules, self.kinds, slot + 1, self.back), slot

    def take_back(self) -> tuple[Wall, int]:
        taken = self.back
        while back_slot(taken, self.total) < self.front:
            taken += 1  # already drawn from the front, where the two ends met
        return replace(self, back=taken + 1), back_slot(taken, self.total)


def shuffled_kinds(rules: Rules, rng: random.Random) -> list[int]:
    kinds = [kind for kind in range(34) for _ in range(4)]
    if rules == "mcr":
        kinds += list(FLOWER_KINDS)
    rng.shuffle(kinds)
    return kinds


# --- game state between hands ------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """How a hand ended: `winner` (a position) or None for an exhaustive draw,
    and for a draw which positions were tenpai (riichi)."""

    winner: int | None
    tenpai: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Game:
    """Between hands: who deals, the honba count, which hand of which round.
    In MCR, `seats` gives each player's seat wind at the start of the round,
    by starting seat (player 0 started East, 1 South, ...)."""

    rules: Rules
    dealer: int
    round_number: int = 0
    """0 East round, 1 South, 2 West, 3 North."""
    hand_in_round: int = 0
    honba: int = 0
    hands_played: int = 0

    @property
    def over(self) -> bool:
        return self.rules == "mcr" and self.hands_played >= MCR_HANDS


def next_game(game: Game, result: Result) -> Game:
    """Who deals the next hand.

    Riichi: the dealer deals again (renchan) after winning or being tenpai at
    an exhaustive draw, and a honba is added; a draw also adds one when the
    deal passes; a win by another player passes the deal and clears them.
    MCR: no renchan and no honba; the deal always passes, 16 hands in all.
    """
    played = replace(game, hands_played=game.hands_played + 1)
    if game.rules == "mcr":
        return _deal_passes(played)
    dealer_keeps = result.winner == game.dealer or (result.winner is None and game.dealer in result.tenpai)
    honba = game.honba + 1 if dealer_keeps or result.winner is None else 0
    return replace(played if dealer_keeps else _deal_passes(played), honba=honba)


def _deal_passes(game: Game) -> Game:
    """The deal passes to the dealer's right; after four hands the round changes."""
    hand = game.hand_in_round + 1
    return replace(
        game,
        dealer=(game.dealer + 1) % 4,
        round_number=game.round_number + hand // 4,
        hand_in_round=hand % 4,
    )


MCR_SEAT_PATHS: Final = {
    "E": ("E", "S", "N", "W"),
    "S": ("S", "E", "W", "N"),
    "W": ("W", "N", "E", "S"),
    "N": ("N", "W", "S", "E"),
}
"""Document 004: each player's seat at the start of the East, South, West and
North rounds, by the seat they started in (after the East round East and South
swap, and West and North; after the South round ...)."""


SeatScheme = Literal["rule_text", "keep", "lot"]
SEAT_SCHEMES: Final[tuple[SeatScheme, ...]] = ("rule_text", "keep", "lot")
"""How MCR players change seats between rounds.  `rule_text` (the default) is
document 004's: the swaps of MCR_SEAT_PATHS.  The others are schemes tables
also use, offered as options: `keep`, no one moves and only the deal passes;
`lot`, the seats are drawn again by lot before each round, so no seat can be
worked out in advance.  (The 1998 commentary's Q24 names the alternatives;
its text was not at hand when these were written, so their wording here is
ours.)"""


def mcr_seat_wind(start: str, hand: int, scheme: SeatScheme = "rule_text") -> str:
    """The seat wind in MCR hand `hand` (1-16) of the player who started in seat `start`.

    The seat changes after each round (document 004); inside a round the deal
    passes each hand, so the player who was South becomes East, and so on.
    """
    if not 1 <= hand <= MCR_HANDS:
        raise ValueError(f"an MCR game has hands 1 to {MCR_HANDS}, not {hand}")
    if scheme not in SEAT_SCHEMES:
        raise ValueError(f"the seat scheme is one of {', '.join(SEAT_SCHEMES)}, not {scheme!r}")
    if scheme == "lot":
        raise ValueError("seats drawn by lot before each round cannot be worked out in advance")
    round_number, in_round = divmod(hand - 1, 4)
    at_round_start = MCR_SEAT_PATHS[start][round_number] if scheme == "rule_text" else start
    return WIND_LETTERS[(WIND_LETTERS.index(at_round_start) - in_round) % 4]


def mcr_seats(hand: int, scheme: SeatScheme = "rule_text") -> dict[str, str]:
    """Seat wind in hand `hand` by starting seat."""
    return {start: mcr_seat_wind(start, hand, scheme) for start in WIND_LETTERS}


# --- claims ------------------------------------------------------------------------------

CLAIM_RANK: Final = {"hu": 0, "kong": 1, "pung": 1, "chow": 2}


def claim_winner(discarder: int, claims: Mapping[int, str]) -> int:
    """Of several claims on one discard (position -> claim), the one taken:
    hu before kong and pung, those before chow; of two hu, the player nearest
    the discarder in turn order."""
    if not claims:
        raise ValueError("no claims to choose from")
    return min(claims, key=lambda position: (CLAIM_RANK[claims[position]], (position - discarder) % 4))


# --- the table, step by step --------------------------------------------------------------


Tiles = tuple[int, ...]
PerSeat = tuple[Tiles, Tiles, Tiles, Tiles]
EMPTY: Final[PerSeat] = ((), (), (), ())


def _add(per_seat: PerSeat, position: int, slots: Iterable[int]) -> PerSeat:
    items = list(per_seat)
    items[position] = (*items[position], *slots)
    return (items[0], items[1], items[2], items[3])


def _remove(per_seat: PerSeat, position: int, slots: Iterable[int]) -> PerSeat:
    gone = set(slots)
    items = list(per_seat)
    items[position] = tuple(slot for slot in items[position] if slot not in gone)
    return (items[0], items[1], items[2], items[3])


@dataclass(frozen=True)
class TableState:
    """The table at one step.  Hands, discards, melds and flowers hold slots."""

    rules: Rules
    wall: Wall
    opening: Break
    east: int | None = None
    """The position holding East: the one who drew East, then the dealer."""
    dealer: int | None = None
    dice: tuple[int, int] | None = None
    thrower: int | None = None
    counted: int | None = None
    broken: bool = False
    dead_split: bool = False
    indicators: Tiles = ()
    hands: PerSeat = EMPTY
    discards: PerSeat = EMPTY
    melds: PerSeat = EMPTY
    flowers: PerSeat = EMPTY
    turn: int | None = None
    honba: int = 0
    scores: tuple[int, int, int, int] = (0, 0, 0, 0)
    hand_number: int = 1
    shown: frozenset[int] = frozenset()
    """Positions whose hands the rules lay open: the winner's, and at a riichi
    draw the tenpai hands."""
    tenpai: frozenset[int] | None = None
    """At an exhaustive draw, the positions whose hands are tenpai."""

    def kind(self, slot: int) -> int:
        return self.wall.kinds[slot]

    def hand_of(self, position: int) -> Hand:
        """The position's hand as the engine reads it: its concealed tiles (not
        flowers) and its melds.  The script's melds are a pon (three of a kind)
        and a concealed kan (four), so equal kinds in a row tell them apart."""
        concealed = tuple(sorted(kind for kind in map(self.kind, self.hands[position]) if not is_flower(kind)))
        kinds = [self.kind(slot) for slot in self.melds[position]]
        melds: list[Meld] = []
        start = 0
        while start < len(kinds):
            size = 4 if kinds[start : start + 4] == [kinds[start]] * 4 else 3
            group = tuple(sorted(kinds[start : start + size]))
            kind = MeldKind.CLOSED_KAN if size == 4 else MeldKind.PON if len(set(group)) == 1 else MeldKind.CHI
            melds.append(Meld(kind, group))
            start += size
        return Hand(concealed, tuple(melds))

    def winds(self) -> tuple[str, ...]:
        """Each position's seat wind, or "" before the seats are drawn."""
        return tuple("" if self.east is None else wind_of(position, self.east) for position in range(4))

    def accounted(self) -> list[int]:
        """Every slot in one place or another, for the property tests."""
        places = [self.hands, self.discards, self.melds, self.flowers]
        return [*self.wall.remaining(), *(slot for place in places for seat in place for slot in seat)]


@dataclass(frozen=True)
class Step:
    """One step: its id (lessons link to it), the state, and a caption id with values.
    Values that name a position use keys ending in `seat`; a tile, `tile`."""

    id: str
    state: TableState
    caption: str
    values: Mapping[str, int | str] = field(default_factory=dict)


@dataclass(frozen=True)
class Setup:
    """What decides a hand: the rules, the seed, and the dealer's throw if the
    teacher set it.  Everything else comes from the seed."""

    rules: Rules = "riichi"
    seed: int = 1
    dealer_dice: tuple[int, int] | None = None


def throw(rng: random.Random) -> tuple[int, int]:
    return rng.choice(DICE_FACES), rng.choice(DICE_FACES)


class _Script:
    """Builds the steps of one hand, each from the one before."""

    def __init__(self, state: TableState) -> None:
        self.state = state
        self.steps: list[Step] = []

    def add(self, step_id: str, caption: str, **values: int | str) -> None:
        self.steps.append(Step(step_id, self.state, caption, dict(values)))

    def update(self, **changes: object) -> None:
        self.state = replace(self.state, **changes)  # type: ignore[arg-type]

    def draw_front(self, position: int, count: int = 1) -> Tiles:
        wall, slots = self.state.wall, []
        for _ in range(count):
            wall, slot = wall.take_front()
            slots.append(slot)
        self.update(wall=wall, hands=_add(self.state.hands, position, slots))
        return tuple(slots)

    def draw_back(self, position: int) -> int:
        wall, slot = self.state.wall.take_back()
        self.update(wall=wall, hands=_add(self.state.hands, position, [slot]))
        return slot

    def discard(self, position: int, slot: int) -> None:
        self.update(
            hands=_remove(self.state.hands, position, [slot]),
            discards=_add(self.state.discards, position, [slot]),
        )

    def set_flowers_aside(self, position: int) -> list[int]:
        """Flowers in the hand go aside and are replaced from the back, again if the replacement is one."""
        replaced: list[int] = []
        while found := [slot for slot in self.state.hands[position] if is_flower(self.state.kind(slot))]:
            if len(found) > len(self.state.wall.remaining()):
                break  # no tiles left to replace them with: the wall's last tile was a flower
            self.update(
                hands=_remove(self.state.hands, position, found),
                flowers=_add(self.state.flowers, position, found),
            )
            replaced += (self.draw_back(position) for _ in found)
        return replaced


def deal_order(dealer: int) -> list[tuple[int, int]]:
    """(position, tiles) in the order the deal takes them: three rounds of
    blocks of four from the dealer on, then one each, then the dealer's 14th."""
    order = [((dealer + turn) % 4, 4) for _ in range(3) for turn in range(4)]
    order += [((dealer + turn) % 4, 1) for turn in range(4)]
    return [*order, (dealer, 1)]


def dealt_slots(dealer: int) -> dict[int, list[int]]:
    """Which slots the deal gives each position."""
    slots: dict[int, list[int]] = {position: [] for position in range(4)}
    next_slot = 0
    for position, count in deal_order(dealer):
        slots[position] += range(next_slot, next_slot + count)
        next_slot += count
    return slots


DEALT: Final = 53


def _gather(kinds: list[int], into: list[int], kind: int, count: int, keep: set[int]) -> None:
    """Swap tiles so that the slots `into` hold at least `count` of `kind`,
    taking them from slots outside `keep` (the arrangement a demonstration needs)."""
    have = [slot for slot in into if kinds[slot] == kind]
    spare = [slot for slot in into if kinds[slot] != kind and slot not in keep]
    sources = [slot for slot in range(len(kinds)) if kinds[slot] == kind and slot not in into and slot not in keep]
    while len(have) < count and spare and sources:
        target, source = spare.pop(), sources.pop()
        kinds[target], kinds[source] = kinds[source], kinds[target]
        have.append(target)
    keep.update(have)


def _place(kinds: list[int], into: list[int], wanted: list[int], keep: set[int]) -> None:
    """Swap tiles so that the slots `into` hold exactly the kinds `wanted`,
    taking them from slots outside `keep`."""
    needed = list(wanted)
    wrong = []
    for slot in into:
        if kinds[slot] in needed:
            needed.remove(kinds[slot])
        else:
            wrong.append(slot)
    taken = set(into) | keep
    for target, kind in zip(wrong, needed, strict=True):
        source = next(slot for slot in range(len(kinds)) if kinds[slot] == kind and slot not in taken)
        kinds[target], kinds[source] = kinds[source], kinds[target]
        taken.add(source)
    keep.update(into)


def _sets_hand(rules: Rules, rng: random.Random) -> list[int]:
    """Four sets and a pair, closed, with a value of its own: riichi's of
    simples only (tanyao), MCR's of one suit and honours (half flush, 6, with
    the concealed hand, 2, on a discard: the 8-point minimum)."""
    if rules == "riichi":
        runs = [suit + start for suit in (0, 9, 18) for start in range(1, 6)]
        pungs = [suit + number for suit in (0, 9, 18) for number in range(1, 8)]
    else:
        suit = 9 * rng.randrange(3)
        runs = [suit + start for start in range(7)]
        pungs = [*(suit + number for number in range(9)), *range(SUITED_KINDS, 34)]
    pairs = pungs
    tiles: list[int] = []
    for _ in range(4):
        if rng.random() < 0.6:
            start = rng.choice(runs)
            tiles += [start, start + 1, start + 2]
        else:
            tiles += [rng.choice(pungs)] * 3
    tiles += [rng.choice(pairs)] * 2
    return sorted(tiles)


@dataclass(frozen=True)
class Ending:
    """How the scripted hand ends: a win by South on the dealer's discard of
    `win_tile`, with `points` (riichi), or an exhaustive draw."""

    win_tile: int | None = None
    points: int = 0
    """MCR's total; riichi's is scored at the win, with the dora then face up."""
    waits: frozenset[int] = frozenset()
    """South's winning tiles, which no earlier discard may be."""


def _south_win(rules: Rules, rng: random.Random, avoid: set[int], used: list[int]) -> tuple[list[int], Ending]:
    """South's 13 tiles and the discard it wins on: a real win (a yaku in
    riichi, 8 points in MCR) that waits on none of `avoid` (South's own
    discard would make it furiten) and leaves room for the tiles `used`."""
    while True:
        tiles = _sets_hand(rules, rng)
        win = rng.choice(tiles)
        hand = list(tiles)
        hand.remove(win)
        counts = [tiles.count(kind) + used.count(kind) + (kind == win) for kind in range(34)]
        if win in avoid or max(counts) > 4:
            continue
        waits = set(winning_tiles(Hand(tuple(hand)), EngineRules.RIICHI if rules == "riichi" else EngineRules.MCR))
        if waits & avoid:
            continue
        try:
            if rules == "riichi":
                score = score_riichi(Hand(tuple(tiles)), WinContext(win, False, wind_tile("S"), EAST))
                points = score.points.total
            else:
                mcr = score_mcr(Hand(tuple(tiles)), McrContext(win, False, wind_tile("S"), EAST))
                if not mcr.can_win:
                    continue
                points = mcr.total
        except Refusal:
            continue
        return hand, Ending(win, points, frozenset(waits))


def _arranged_kinds(rules: Rules, rng: random.Random, dealer: int, wins: bool) -> tuple[list[int], Ending]:
    """A shuffled wall arranged so the scripted turns are real: the player who
    calls holds the tiles the call needs, the kan is four of a kind, in MCR
    a flower is dealt, and when the hand ends in a win, South's dealt tiles
    wait on a tile the dealer holds."""
    kinds = shuffled_kinds(rules, rng)
    dealt = dealt_slots(dealer)
    south, west, north = ((dealer + step) % 4 for step in (1, 2, 3))
    called, drawn_for_kan = DEALT, DEALT + 1
    # The called tile is a suited 2-8 so that a chow of it is possible too.
    suited = [
        slot for slot in range(DEALT + 2, len(kinds) - 20) if kinds[slot] < SUITED_KINDS and 1 <= kinds[slot] % 9 <= 7
    ]
    if not (kinds[called] < SUITED_KINDS and 1 <= kinds[called] % 9 <= 7):
        swap = suited.pop()
        kinds[called], kinds[swap] = kinds[swap], kinds[called]
    # The kan needs all four of its kind, so it is none of the called tile and
    # (MCR) the two tiles of West's chow.
    near = {kinds[called] + step for step in (-1, 0, 1)} if rules == "mcr" else {kinds[called]}
    if kinds[drawn_for_kan] in near or is_flower(kinds[drawn_for_kan]):
        swap = next(slot for slot in suited if kinds[slot] not in near)
        kinds[drawn_for_kan], kinds[swap] = kinds[swap], kinds[drawn_for_kan]
    keep = {called, drawn_for_kan}
    x, y = kinds[called], kinds[drawn_for_kan]
    ending = Ending()
    if wins:
        # The called tile three times (the wall's and North's pair), the kan's four,
        # West's chow tiles in MCR.
        used = [x, x, x, y, y, y, y, *([x - 1, x + 1] if rules == "mcr" else [])]
        hand, ending = _south_win(rules, rng, {x, y}, used)
        _place(kinds, dealt[south], hand, keep)
    _gather(kinds, dealt[north], x, 2, keep)
    _gather(kinds, dealt[dealer], y, 3, keep)
    if ending.win_tile is not None:
        _gather(kinds, dealt[dealer], ending.win_tile, 1, keep)
    placed: set[int] = set()
    if not wins:
        ending, placed = _tenpai_at_draw(rules, rng, kinds, dealer, keep)
    if rules == "mcr":
        _gather(kinds, dealt[west], x + 1, 1, keep)
        _gather(kinds, dealt[west], x - 1, 1, keep)
        flower_at = next((slot for position in range(4) for slot in dealt[position] if is_flower(kinds[slot])), None)
        if flower_at is None:
            _gather(kinds, dealt[west], FLOWER_KINDS[0], 1, keep)
    if ending.waits and not wins:
        _hide_waits(rules, kinds, dealer, keep, placed, ending.waits)
    return kinds, ending


def _tenpai_at_draw(
    rules: Rules, rng: random.Random, kinds: list[int], dealer: int, keep: set[int]
) -> tuple[Ending, set[int]]:
    """Deal South, and in riichi West, a tenpai hand now and then, as real
    draws have them.  Their hands never change (they discard what they draw),
    so no tile they wait on may be drawn or discarded: every such tile is moved
    where no one draws it, into the hands of North and the dealer (who keep
    what they were dealt but the discards chosen around the waits) and, in
    riichi, the dead wall's hidden tiles."""
    dealt = dealt_slots(dealer)
    south, west = (dealer + 1) % 4, (dealer + 2) % 4
    x, y = kinds[DEALT], kinds[DEALT + 1]
    seats = [south, west] if rules == "riichi" else [south]  # MCR's West needs its chow tiles
    chosen = [position for position in seats if rng.random() < 0.5]
    if not chosen:
        return Ending(), set()
    engine_rules = EngineRules.RIICHI if rules == "riichi" else EngineRules.MCR
    waits: set[int] = set()
    placed: set[int] = set()
    for position in chosen:
        # The tiles free to be placed: any not kept for the script (MCR's West
        # still needs its chow tiles).
        free = [0] * 42
        for slot, kind in enumerate(kinds):
            if slot not in keep:
                free[kind] += 1
        if rules == "mcr":
            free[x - 1] -= 1
            free[x + 1] -= 1
        while True:
            tiles = _sets_hand(rules, rng)
            tiles.remove(rng.choice(tiles))
            found = set(winning_tiles(Hand(tuple(tiles)), engine_rules))
            # At most two kinds waited on, so that every copy left finds a hiding place.
            fits = all(tiles.count(kind) <= free[kind] for kind in set(tiles))
            if fits and 0 < len(found) <= 2 and not found & {x, y}:
                break
        _place(kinds, dealt[position], tiles, keep)
        waits |= found
        placed.update(dealt[position])
    return Ending(waits=frozenset(waits)), placed


def _hide_waits(
    rules: Rules, kinds: list[int], dealer: int, keep: set[int], placed: set[int], waits: frozenset[int]
) -> None:
    """Move every tile the draw's tenpai hands wait on where no one draws it."""
    dealt = dealt_slots(dealer)
    north = (dealer + 3) % 4
    total = len(kinds)
    hidden_dead = (
        [
            slot
            for slot in range(total - DEAD_WALL, total)
            if slot not in (total - 2, indicator_slot(0, total), indicator_slot(1, total))
        ]
        if rules == "riichi"
        else []
    )
    # Each of the two hands keeps a few tiles of its own, for the discards it must make.
    in_hands = [[slot for slot in dealt[position] if slot not in keep][:8] for position in (dealer, north)]
    safe = [slot for slot in (*hidden_dead, *in_hands[0], *in_hands[1]) if slot not in keep]
    for slot in range(total):
        if slot in placed or slot in safe or kinds[slot] not in waits:
            continue
        target = next((spot for spot in safe if kinds[spot] not in waits and not is_flower(kinds[spot])), None)
        if target is None:
            break  # no room left to hide it: a rare draw where the wait could have come
        kinds[slot], kinds[target] = kinds[target], kinds[slot]


def hand_steps(setup: Setup) -> list[Step]:
    """Every step of one hand, from drawing seats to the next dealer."""
    rules = setup.rules
    rng = random.Random(setup.seed)
    east_drawn = rng.randrange(4)
    script = _Script(TableState(rules, Wall(rules, ()), Break(0, 0)))
    script.update(east=east_drawn)
    if rules == "riichi":
        dealer, opening = _riichi_dealer_and_break(script, rng, setup, east_drawn)
    else:
        dealer, opening = _mcr_dealer_and_break(script, rng, setup, east_drawn)
    setup_steps, setup_state = list(script.steps), script.state
    # A hand whose draw would have let a tenpai player win (a random hand that
    # happens to wait on a tile that came) is dealt again from the same seats
    # and dice, with a wall shuffled anew.
    for attempt in range(50):
        deal_rng = rng if attempt == 0 else random.Random(f"{setup.seed}/{attempt}")
        script = _Script(setup_state)
        script.steps = list(setup_steps)
        steps = _play_hand(script, deal_rng, dealer, opening)
        if not missed_win(steps[-2]):
            break
    return steps


def missed_win(end: Step) -> bool:
    """Whether, at a draw, some tenpai hand waits on a tile that was discarded
    (its holder's own draws are discarded too, so this covers them)."""
    if end.id != "draw":
        return False
    rules = EngineRules.RIICHI if end.state.rules == "riichi" else EngineRules.MCR
    seen = {end.state.kind(slot) for discards in end.state.discards for slot in discards}
    return any(
        set(winning_tiles(end.state.hand_of(position), rules)) & seen for position in tenpai_positions(end.state)
    )


def _play_hand(script: _Script, rng: random.Random, dealer: int, opening: Break) -> list[Step]:
    """From the wall built to the next dealer, after the seats and dice."""
    rules = script.state.rules
    wins = rng.random() < 0.5
    kinds, ending = _arranged_kinds(rules, rng, dealer, wins)
    wall = Wall(rules, tuple(kinds))
    score = 25000 if rules == "riichi" else 0
    # The steps so far showed the seats and dice only: the wall is the shuffled one.
    script.steps = [replace(step, state=replace(step.state, wall=wall, opening=opening)) for step in script.steps]
    script.update(wall=wall, opening=opening, scores=(score,) * 4)
    south, west, north = ((dealer + step) % 4 for step in (1, 2, 3))

    script.update(broken=True, thrower=None, counted=None)
    if opening.position == opening.counted_from:
        script.add("break", "table.step.break", seat=opening.position, stacks=opening.stacks)
    else:
        script.add(
            "break",
            "table.step.break_on",
            counted_seat=opening.counted_from,
            total=opening.total,
            seat=opening.position,
            stacks=opening.stacks,
        )
    if rules == "riichi":
        script.update(dead_split=True)
        script.add("dead-wall", "table.step.dead_wall")
        script.update(indicators=(indicator_slot(0, wall.total),))
        script.add("dora", "table.step.dora", tile=wall.kinds[indicator_slot(0, wall.total)])
    else:
        script.add("no-dead-wall", "table.step.no_dead_wall")
    order = deal_order(dealer)
    for block in range(3):
        for position, count in order[block * 4 : block * 4 + 4]:
            script.draw_front(position, count)
        script.add(f"deal-{block + 1}", "table.step.deal_block", block=block + 1, seat=dealer)
    for position, count in order[12:]:
        script.draw_front(position, count)
    script.add("deal-4", "table.step.deal_last", seat=dealer)
    if rules == "mcr":
        flowered = [
            position for position in ((dealer + turn) % 4 for turn in range(4)) if _flowers_aside(script, position)
        ]
        script.add("flowers", "table.step.flowers", seat=flowered[0] if flowered else dealer, count=len(flowered))
    # The dealer's first discard: any tile that is not one the arranged kan
    # needs, nor the one South waits for, nor one South could win on.
    kan_kind = wall.kinds[DEALT + 1]
    barred = {kan_kind, *ending.waits}
    dealer_discard = next(slot for slot in script.state.hands[dealer] if script.state.kind(slot) not in barred)
    script.discard(dealer, dealer_discard)
    script.update(turn=south)
    script.add("first-discard", "table.step.first_discard", seat=dealer, tile=script.state.kind(dealer_discard))
    (drawn,) = script.draw_front(south)
    script.discard(south, drawn)
    called_kind = script.state.kind(drawn)
    script.update(turn=west)
    script.add("turn", "table.step.turn", seat=south, tile=called_kind, next_seat=west)
    # North pons (pungs) South's discard, so West, next in order, is skipped.
    # In MCR West claims a chow of it too, and the priority decides.
    claims = {north: "pung", west: "chow"} if rules == "mcr" else {north: "pung"}
    caller = claim_winner(south, claims)  # North, who holds the pair the arranged wall gave
    pair = [slot for slot in script.state.hands[caller] if script.state.kind(slot) == called_kind][:2]
    meld = (drawn, *pair)
    script.update(
        discards=_remove(script.state.discards, south, [drawn]),
        hands=_remove(script.state.hands, caller, pair),
        melds=_add(script.state.melds, caller, meld),
        turn=caller,
    )
    if rules == "mcr":
        script.add("claim", "table.step.claim", seat=caller, chow_seat=west, tile=called_kind)
    else:
        script.add("call", "table.step.call", seat=caller, skipped_seat=west, tile=called_kind)
    north_discard = next(slot for slot in script.state.hands[caller] if script.state.kind(slot) not in ending.waits)
    script.discard(caller, north_discard)
    script.update(turn=dealer)
    script.add(
        "after-call", "table.step.after_call", seat=caller, tile=script.state.kind(north_discard), next_seat=dealer
    )
    # The dealer draws the fourth of three and declares a concealed kan.
    script.draw_front(dealer)
    four = [slot for slot in script.state.hands[dealer] if script.state.kind(slot) == kan_kind][:4]
    script.update(hands=_remove(script.state.hands, dealer, four), melds=_add(script.state.melds, dealer, four))
    replacement = script.draw_back(dealer)
    if rules == "riichi":
        script.update(indicators=(*script.state.indicators, indicator_slot(1, wall.total)))
        script.add(
            "kan", "table.step.kan", seat=dealer, tile=kan_kind, new_tile=wall.kinds[indicator_slot(1, wall.total)]
        )
    else:
        script.add("kan", "table.step.kong", seat=dealer, tile=kan_kind)
        if is_flower(script.state.kind(replacement)):
            _flowers_aside(script, dealer)
    if ending.win_tile is not None:
        dealer_second = next(slot for slot in script.state.hands[dealer] if script.state.kind(slot) == ending.win_tile)
    else:
        dealer_second = next(
            slot for slot in reversed(script.state.hands[dealer]) if script.state.kind(slot) not in ending.waits
        )
    script.discard(dealer, dealer_second)
    script.update(turn=south)
    if ending.win_tile is not None:
        result = Result(winner=south)
        # The winning tile joins the winner's hand, which is laid open.
        script.update(
            discards=_remove(script.state.discards, dealer, [dealer_second]),
            hands=_add(script.state.hands, south, [dealer_second]),
            shown=frozenset({south}),
            turn=None,
        )
        if rules == "riichi":
            # Scored as the table stands: the dora indicators face up count.
            indicators = tuple(script.state.kind(slot) for slot in script.state.indicators)
            context = WinContext(ending.win_tile, False, wind_tile("S"), EAST, dora_indicators=indicators)
            points = score_riichi(script.state.hand_of(south), context).points.total
            scores = list(script.state.scores)
            scores[dealer] -= points
            scores[south] += points
            script.update(scores=(scores[0], scores[1], scores[2], scores[3]))
            script.add("win", "table.step.win", seat=south, from_seat=dealer, tile=ending.win_tile, points=points)
        else:
            script.add(
                "win", "table.step.win_mcr", seat=south, from_seat=dealer, tile=ending.win_tile, points=ending.points
            )
    else:
        _play_out(script, south)
        tenpai = tenpai_positions(script.state)
        result = Result(winner=None, tenpai=tenpai)
        if rules == "riichi":
            # Riichi's tenpai players show their hands and are paid; MCR pays nothing at a draw.
            script.update(scores=_noten_payments(script.state.scores, tenpai), shown=tenpai, tenpai=tenpai)
            caption = "table.step.draw" if 0 < len(tenpai) < 4 else "table.step.draw_unpaid"
        else:
            caption = "table.step.draw_mcr"
        script.add("draw", caption, count=len(tenpai))
    game = next_game(Game(rules, dealer), result)
    script.update(east=game.dealer, dealer=game.dealer, honba=game.honba, hand_number=2, turn=None)
    caption = (
        "table.step.next_mcr"
        if rules == "mcr"
        else "table.step.renchan"
        if game.dealer == dealer
        else "table.step.next_dealer"
    )
    script.add("next-dealer", caption, seat=game.dealer, honba=game.honba)
    return script.steps


def _riichi_dealer_and_break(script: _Script, rng: random.Random, setup: Setup, east_drawn: int) -> tuple[int, Break]:
    """Riichi (document 000): the one who drew East throws; the seat it names
    (the provisional East) throws again, and that names the first dealer.
    The dealer's throw names the wall and the stacks from its right end."""
    first, second = throw(rng), throw(rng)
    deputy = counted_seat(east_drawn, sum(first))
    dealer = counted_seat(deputy, sum(second))
    dealer_dice = setup.dealer_dice or throw(rng)
    opening = break_of(dealer, sum(dealer_dice))
    script.add("seats", "table.step.seats", seat=east_drawn)
    script.update(dice=first, thrower=east_drawn, counted=deputy)
    script.add("first-dice", "table.step.first_dice", thrower_seat=east_drawn, total=sum(first), seat=deputy)
    script.update(dice=second, thrower=deputy, counted=dealer, east=dealer, dealer=dealer)
    script.add("second-dice", "table.step.second_dice", thrower_seat=deputy, total=sum(second), seat=dealer)
    script.update(dice=dealer_dice, thrower=dealer, counted=opening.position)
    script.add(
        "dealer-dice", "table.step.dealer_dice", thrower_seat=dealer, total=sum(dealer_dice), seat=opening.position
    )
    return dealer, opening


def _mcr_dealer_and_break(script: _Script, rng: random.Random, setup: Setup, east_drawn: int) -> tuple[int, Break]:
    """MCR (1998 rules): the one who draws East by lot is the first dealer,
    with no dice.  The dealer's throw names a wall and its owner, who throws
    again; the two totals summed count the stacks from that wall's right end."""
    dealer = east_drawn
    dealer_dice = setup.dealer_dice or throw(rng)
    wall_owner = counted_seat(dealer, sum(dealer_dice))
    second = throw(rng)
    opening = mcr_break_of(dealer, sum(dealer_dice), sum(second))
    script.update(dealer=dealer)
    script.add("seats", "table.step.seats_mcr", seat=dealer)
    script.update(dice=dealer_dice, thrower=dealer, counted=wall_owner)
    script.add(
        "dealer-dice", "table.step.dealer_dice_mcr", thrower_seat=dealer, total=sum(dealer_dice), seat=wall_owner
    )
    script.update(dice=second, thrower=wall_owner, counted=wall_owner)
    script.add(
        "second-dice",
        "table.step.second_dice_mcr",
        thrower_seat=wall_owner,
        total=sum(second),
        first=sum(dealer_dice),
        stacks=opening.total,
    )
    return dealer, opening


def tenpai_positions(state: TableState) -> frozenset[int]:
    """The positions whose 13-tile hands wait on a tile they could still win on."""
    rules = EngineRules.RIICHI if state.rules == "riichi" else EngineRules.MCR
    return frozenset(position for position in range(4) if winning_tiles(state.hand_of(position), rules))


def _flowers_aside(script: _Script, position: int) -> bool:
    return bool(script.set_flowers_aside(position))


def _play_out(script: _Script, first: int) -> None:
    """Turns until the live wall is used up: each player draws and discards
    what they drew; in MCR a flower drawn is set aside and replaced."""
    position = first
    while script.state.wall.live() > 0:
        (slot,) = script.draw_front(position)
        if script.state.rules == "mcr" and is_flower(script.state.kind(slot)):
            # Set aside and replaced from the back; the wall's very last tile, if a
            # flower, stays in hand and is discarded (document 004).
            _flowers_aside(script, position)
            slot = script.state.hands[position][-1]
        script.discard(position, slot)
        position = (position + 1) % 4
    script.update(turn=None)


def _noten_payments(scores: tuple[int, int, int, int], tenpai: frozenset[int]) -> tuple[int, int, int, int]:
    """The scores after an exhaustive draw's tenpai payments (`noten_payments`)."""
    paid = [score + gain for score, gain in zip(scores, noten_payments(tenpai), strict=True)]
    return (paid[0], paid[1], paid[2], paid[3])


@dataclass(frozen=True)
class StackView:
    """One stack as seen from above: how many tiles are left in it (0-2),
    whether it is in the dead wall, and the kind of a face-up indicator on it."""

    tiles: int
    dead: bool = False
    indicator: int | None = None


def stack_view(state: TableState, position: int, from_right: int) -> StackView:
    """The stack of `position`'s wall, `from_right` stacks from its owner's right end."""
    per_wall = stacks_per_wall(state.rules)
    order = stack_in_draw_order(ring_index(position, from_right, per_wall), state.opening, per_wall)
    slots = (2 * order, 2 * order + 1)
    remaining = set(state.wall.remaining())
    left = [slot for slot in slots if slot in remaining]
    dead = state.dead_split and any(slot in state.wall.dead() for slot in left)
    face_up = [slot for slot in left if slot in state.indicators]
    return StackView(len(left), dead, state.kind(face_up[0]) if face_up else None)


@cache
def step_ids(rules: Rules) -> tuple[str, ...]:
    """Every id a lesson link may name for these rules (a hand ends in a win or a draw)."""
    ids = [step.id for step in hand_steps(Setup(rules, seed=1))]
    ending = "draw" if "win" in ids else "win"
    return (*ids, ending)
