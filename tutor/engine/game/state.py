"""The state of one hand (kyoku) and the events that change it.

Every state is a frozen dataclass: a step returns a new one, so a state
once handed out never changes under its holder.  Tiles are slots of the
table model's wall (`tutor.engine.table.Wall`), whose kind a state looks up.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from tutor.engine.game.options import RiichiOptions
from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.memo import memo
from tutor.engine.table import Wall, indicator_slot
from tutor.engine.tiles import EAST

Scores = tuple[int, int, int, int]
_State = TypeVar("_State", "KyokuState", "PlayerState")


def evolve(item: _State, **changes: object) -> _State:
    """`dataclasses.replace` for the states a step makes at every play, at a
    seventh of its cost (2 us, not 13, for a KyokuState): `replace` passes
    every field by name through `__init__`, and it was a quarter of a
    replayed log's time, six states a step.  These frozen dataclasses have
    no `__post_init__`, no field outside `__init__` and no slots (a test
    holds them to it), so the object `replace` would build is a copy of the
    instance's fields with `changes` over them.  A name that is no field is
    refused as `replace` refuses it; the rarer steps keep `replace`, whose
    names mypy checks."""
    fields = item.__dict__
    if not fields.keys() >= changes.keys():
        unknown = changes.keys() - fields.keys()
        raise TypeError(f"{type(item).__name__} has no field {sorted(unknown)}")
    made = _new(type(item))
    # One merged dict set as the instance's own (a frozen dataclass refuses
    # plain assignment): a third cheaper than filling the new one twice.
    _set_attribute(made, "__dict__", fields | changes)
    return made


_new = object.__new__
_set_attribute = object.__setattr__


class Phase(StrEnum):
    TURN = "turn"
    """The seat to play holds 14 tiles (kans as 3) and discards, or wins, or declares."""
    RIICHI_DISCARD = "riichi_discard"
    """The seat has declared riichi and chooses the discard that keeps it tenpai."""
    CLAIMS = "claims"
    """The other seats answer a discard: ron, pon, kan, chi or pass."""
    CHANKAN = "chankan"
    """The other seats answer an added kan: ron (chankan) or pass."""
    OVER = "over"


@dataclass(frozen=True)
class GameMeld:
    """A declared meld: its kind, its slots, and for a called one the slot
    called and the seat it came from.  An added kan is an open kan grown from a pon."""

    kind: MeldKind
    slots: tuple[int, ...]
    called: int | None = None
    source: int | None = None
    added: bool = False


def scoring_hand(wall: Wall, hand: tuple[int, ...], melds: tuple[GameMeld, ...], extra: int | None) -> Hand:
    """Slots as the scoring engines read a hand: kinds, with `extra` (a
    kind, a discard won on) among the concealed tiles.  Both games' states use it."""
    # Remembered: every decision asks each seat's hand (waits for a ron,
    # shapes for a call, furiten) while a seat's tiles change only on its own
    # turn.  The wall and the melds are keyed by identity (hashing the wall's
    # 136 kinds, or the melds, at every ask cost more than the look-up), and
    # each entry holds them, so no other tuple can take their ids while it
    # stands; the hand's slots by value: a tile drawn and let go again leaves
    # a new tuple of the slots the seat held before, asked before.
    kinds = wall.kinds
    key = (id(kinds), hand, id(melds), extra)
    found = _HANDS.get(key)
    if found is not None:
        return found[2]
    made = _scoring_hand(kinds, hand, melds, extra)
    if len(_HANDS) >= _MOST_HANDS:
        _HANDS.clear()
    _HANDS[key] = (kinds, melds, made)
    return made


_HANDS: dict[tuple[int, tuple[int, ...], int, int | None], tuple[tuple[int, ...], tuple[GameMeld, ...], Hand]] = memo(
    "game.state.hands", {}
)
_MOST_HANDS = 4096


def _scoring_hand(
    kinds: tuple[int, ...], hand: tuple[int, ...], melds: tuple[GameMeld, ...], extra: int | None
) -> Hand:
    concealed = list(map(kinds.__getitem__, hand))
    if extra is not None:
        concealed.append(extra)
    concealed.sort()
    if not melds:
        return Hand(tuple(concealed))
    return Hand(
        tuple(concealed),
        tuple(Meld(meld.kind, tuple(sorted(map(kinds.__getitem__, meld.slots)))) for meld in melds),
    )


@dataclass(frozen=True)
class PlayerState:
    """One seat's tiles and the rules that hold it."""

    hand: tuple[int, ...] = ()
    melds: tuple[GameMeld, ...] = ()
    discards: tuple[int, ...] = ()
    """Every tile the seat discarded, in order, those called away included (furiten counts them)."""
    called_away: frozenset[int] = frozenset()
    """Discards another seat called: they lie in that seat's meld, not the river."""
    riichi_at: int | None = None
    """The index in `discards` of the riichi discard, once riichi stands."""
    double_riichi: bool = False
    ippatsu: bool = False
    passed_wins: tuple[int, ...] = ()
    """Winning tiles passed since the seat's last discard (temporary furiten)."""
    riichi_passed: tuple[int, ...] = ()
    """Winning tiles passed since riichi (riichi furiten)."""
    passed_since_riichi: tuple[int, ...] = ()
    """Every kind another seat discarded, and this one let go, since its riichi
    stood: none of them can win by ron (the tiles safe against it by rule)."""
    kuikae: frozenset[int] = frozenset()
    """Kinds the seat may not discard now, after a call."""
    drawn: int | None = None
    """The slot just drawn, while it is this seat's turn after a draw."""

    @property
    def riichi(self) -> bool:
        return self.riichi_at is not None

    @property
    def closed(self) -> bool:
        return all(meld.kind is MeldKind.CLOSED_KAN for meld in self.melds)

    def river(self) -> tuple[int, ...]:
        return tuple(slot for slot in self.discards if slot not in self.called_away)


@dataclass(frozen=True)
class Win:
    """A win scored: who, from whom (None for tsumo), on which kind, the points
    of the hand (before honba and sticks), han, fu, yaku and limit."""

    seat: int
    source: int | None
    tile: int
    points: int
    han: int
    fu: int
    yaku: tuple[tuple[str, int], ...]
    limit: str | None


class EndKind(StrEnum):
    WIN = "win"
    EXHAUSTIVE = "exhaustive"
    NINE_TERMINALS = "nine_terminals"
    FOUR_WINDS = "four_winds"
    FOUR_RIICHI = "four_riichi"
    FOUR_KANS = "four_kans"
    TRIPLE_RON = "triple_ron"


@dataclass(frozen=True)
class HandResult:
    """How the hand ended: its kind, the wins, the tenpai seats at a draw, each
    seat's score change (sticks and honba in), and the sticks left on the table."""

    kind: EndKind
    deltas: Scores
    wins: tuple[Win, ...] = ()
    tenpai: frozenset[int] = frozenset()
    sticks_left: int = 0
    nagashi: frozenset[int] = frozenset()
    """Seats paid nagashi mangan at an exhaustive draw."""

    @property
    def abortive(self) -> bool:
        return self.kind not in (EndKind.WIN, EndKind.EXHAUSTIVE)


@dataclass(frozen=True)
class KyokuState:
    """One hand at one decision."""

    options: RiichiOptions
    round_wind: int
    """0 East, 1 South, 2 West."""
    hand_number: int
    """0-3: which dealer of the round deals."""
    dealer: int
    honba: int
    sticks: int
    """Riichi sticks on the table, from earlier hands and this one."""
    scores: Scores
    wall: Wall
    players: tuple[PlayerState, PlayerState, PlayerState, PlayerState]
    phase: Phase
    turn: int
    """The seat to play, or in CLAIMS and CHANKAN the seat whose tile is answered."""
    indicators: int = 1
    """Dora indicators face up."""
    pending_dora: int = 0
    """Open and added kans whose indicator turns after the kan player's discard."""
    last_tile: int | None = None
    """In CLAIMS, the discard answered; in CHANKAN, the tile added."""
    rinshan: bool = False
    """The seat to play drew a kan's replacement."""
    kans: tuple[int, ...] = ()
    """The seat of each kan so far."""
    calls_made: bool = False
    """Whether any call or kan has interrupted the first go-round."""
    riichi_pending: int | None = None
    """The seat whose riichi discard is being answered: its stick is paid once no one rons."""
    learner: int | None = None
    """A seat played by a person: play stops at every discard that seat might
    answer, even with only a refused ron or call, so that it may try and be told why not."""
    first_discards: tuple[int, ...] = ()
    """Kinds of the first go-round's discards, while no call interrupts (four winds)."""
    result: HandResult | None = None

    def kind(self, slot: int) -> int:
        return self.wall.kinds[slot]

    def kinds(self, slots: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(self.wall.kinds[slot] for slot in slots))

    def seat_wind(self, seat: int) -> int:
        return EAST + (seat - self.dealer) % 4

    @property
    def round_tile(self) -> int:
        return EAST + self.round_wind

    def dora_indicators(self) -> tuple[int, ...]:
        return tuple(self.kind(indicator_slot(number, self.wall.total)) for number in range(self.indicators))

    def ura_indicators(self) -> tuple[int, ...]:
        """The tiles under the dora indicators, turned for a riichi winner."""
        return tuple(self.kind(indicator_slot(number, self.wall.total) + 1) for number in range(self.indicators))

    def engine_hand(self, seat: int, extra: int | None = None) -> Hand:
        """The seat's hand as scoring reads it, with `extra` (a kind) added to the concealed tiles."""
        player = self.players[seat]
        return scoring_hand(self.wall, player.hand, player.melds, extra)

    def first_go_round(self, seat: int) -> bool:
        """Whether the seat has not yet discarded and no call has come (double riichi, tenhou, chiihou)."""
        return not self.calls_made and not self.players[seat].discards


@dataclass(frozen=True)
class Event:
    """One thing that happened, as a log records it.  `kind` is one of
    start, draw, discard, riichi, riichi_accepted, chi, pon, open_kan,
    added_kan, closed_kan, dora, win, draw_end; `slots` the tiles concerned
    (for a call, the tiles from the hand), `called` the tile taken from
    another seat, `source` that seat."""

    kind: str
    seat: int | None = None
    slots: tuple[int, ...] = ()
    called: int | None = None
    source: int | None = None
    tsumogiri: bool = False
