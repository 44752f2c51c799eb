"""The table of a game being played as the play screen draws it, the same
for riichi and MCR: each seat seen from the learner (its wind, points,
melds, flowers and river) and the lines in the middle.  Data and messages
only; tutor/ui/widgets/play_table.py lays it out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from tutor.engine.game.mcr.state import McrEvent, McrHandState
from tutor.engine.game.rules import live_tiles
from tutor.engine.game.state import Event, GameMeld, KyokuState
from tutor.engine.hand import Hand
from tutor.engine.tiles import WIND_LETTERS
from tutor.locale import Message, message
from tutor.quiz.faces import face


@dataclass(frozen=True)
class RiverTile:
    """A discard: its kind, turned (the riichi discard), called by another seat, the one being answered."""

    kind: int
    turned: bool = False
    called: bool = False
    last: bool = False


@dataclass(frozen=True)
class SeatView:
    wind: int
    """0 East ... 3 North, this hand."""
    relation: int
    """Where the seat sits from the learner: 0 the learner, 1 right, 2 across, 3 left."""
    points: int
    turn: bool
    riichi: bool = False
    melds: tuple[str, ...] = ()
    """Each meld by its faces ("[5筒5筒5筒]"; a concealed kong in round brackets)."""
    flowers: int = 0
    river: tuple[RiverTile, ...] = ()
    hand: tuple[int, ...] = ()
    """The concealed tiles, where the hand is shown open (a replay's); empty when face down."""


@dataclass(frozen=True)
class PlayView:
    seats: tuple[SeatView, SeatView, SeatView, SeatView]
    """By where they sit: the learner, right, across, left."""
    centre: tuple[Message, ...]


@dataclass(frozen=True)
class TenpaiHand:
    """A seat tenpai at an exhaustive draw: where it sits from the learner, its hand laid open, and its waits."""

    relation: int
    wind: int
    """The seat's wind this hand (0 East)."""
    tiles: tuple[int, ...]
    """The concealed tiles, sorted."""
    melds: tuple[str, ...]
    waits: tuple[int, ...]


def tenpai_hand(
    state: Slots, relation: int, wind: int, hand: Hand, melds: Sequence[GameMeld], waits: Sequence[int]
) -> TenpaiHand:
    return TenpaiHand(
        relation,
        wind,
        tuple(sorted(hand.concealed)),
        tuple(game_meld_text(state, meld) for meld in melds),
        tuple(waits),
    )


def meld_text(kinds: Sequence[int], concealed: bool) -> str:
    """A meld by its faces in brackets; a concealed kan in round brackets, as notation writes them."""
    faces = "".join(face(kind) for kind in sorted(kinds))
    return f"({faces})" if concealed else f"[{faces}]"


class Slots(Protocol):
    """A hand's state, riichi or MCR: the kind of each slot of its wall."""

    def kind(self, slot: int) -> int: ...


def game_meld_text(state: Slots, meld: GameMeld) -> str:
    return meld_text([state.kind(slot) for slot in meld.slots], meld.called is None)


class Discarding(Protocol):
    """A turn of either rules' record, by the events it holds."""

    @property
    def events(self) -> Sequence[Event | McrEvent]: ...


def last_discard(turns: Sequence[Discarding], state: Slots) -> tuple[int, int] | None:
    """The hand's latest discard, (seat, kind), called or not; None before the first."""
    for turn in reversed(turns):
        for event in reversed(turn.events):
            if event.kind == "discard" and event.seat is not None:
                return event.seat, state.kind(event.slots[0])
    return None


def riichi_seat(state: KyokuState, seat: int, learner: int = 0) -> SeatView:
    player = state.players[seat]
    river = tuple(
        RiverTile(state.kind(slot), index == player.riichi_at, slot in player.called_away, slot == state.last_tile)
        for index, slot in enumerate(player.discards)
    )
    return SeatView(
        wind=(seat - state.dealer) % 4,
        relation=(seat - learner) % 4,
        points=state.scores[seat],
        turn=state.turn == seat,
        riichi=player.riichi,
        melds=tuple(game_meld_text(state, meld) for meld in player.melds),
        river=river,
    )


def riichi_table(state: KyokuState, learner: int = 0) -> PlayView:
    """The riichi hand's table: the round and hand, honba and sticks, the dora indicators and the tiles left."""
    seats = [riichi_seat(state, (learner + relation) % 4, learner) for relation in range(4)]
    centre = (
        message(
            "play.round", round=message(f"round_wind.{WIND_LETTERS[state.round_wind]}"), number=state.hand_number + 1
        ),
        message("play.honba", count=state.honba),
        message("play.sticks", count=state.sticks),
        message("table.indicators", tiles=" ".join(face(kind) for kind in state.dora_indicators())),
        message("table.live", count=live_tiles(state)),
    )
    return PlayView((seats[0], seats[1], seats[2], seats[3]), centre)


def mcr_seat(state: McrHandState, seat: int, learner: int, points: int) -> SeatView:
    """An MCR seat seen from the learner's seat: `points` are the seat's player's."""
    player = state.players[seat]
    river = tuple(
        RiverTile(state.kind(slot), called=slot in player.called_away, last=slot == state.last_tile)
        for slot in player.discards
    )
    return SeatView(
        wind=seat,
        relation=(seat - learner) % 4,
        points=points,
        turn=state.turn == seat,
        melds=tuple(game_meld_text(state, meld) for meld in player.melds),
        flowers=len(player.flowers),
        river=river,
    )


def mcr_table(state: McrHandState, learner: int, points: Sequence[int], number: int, hands: int) -> PlayView:
    """The MCR hand's table from the learner's seat (a wind): each seat's
    `points` (by seat), the prevalent wind, the hand's number (0 first) of
    `hands`, and the tiles left."""
    seats = [
        mcr_seat(state, (learner + relation) % 4, learner, points[(learner + relation) % 4]) for relation in range(4)
    ]
    centre = (
        message(
            "play.mcr_hand",
            prevalent=message(f"round_wind.{WIND_LETTERS[state.prevalent]}"),
            number=number + 1,
            hands=hands,
        ),
        message("table.live", count=state.left()),
    )
    return PlayView((seats[0], seats[1], seats[2], seats[3]), centre)
