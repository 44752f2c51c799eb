"""A played hand as mjai events (the JSON objects of the mjai protocol, as dicts).

mjai names tiles 1m-9m, 1p-9p, 1s-9s and E S W N P F C for the honours (P
white, F green, C red); this game has no red fives, so no `5mr`.  Seats are
absolute (0 the first dealer).  The order is mjai's: a kan's replacement
`tsumo` after the kan, a concealed kan's `dora` before it and an open or
added kan's after the kan player's next discard, `reach_accepted` after the
riichi discard is let go and before any call of it.
"""

from __future__ import annotations

from typing import Any

from tutor.engine.game.state import Event, KyokuState
from tutor.engine.table import indicator_slot
from tutor.engine.tiles import EAST, tile_name

Mjai = dict[str, Any]

HONOUR_NAMES = ("E", "S", "W", "N", "P", "F", "C")
WIND_NAMES = ("E", "S", "W", "N")


def pai(kind: int) -> str:
    """A kind's mjai name."""
    return HONOUR_NAMES[kind - EAST] if kind >= EAST else tile_name(kind)


def start_kyoku(state: KyokuState) -> Mjai:
    """The hand's start from its first state (the dealer's first draw not yet in the hand)."""
    tehais = []
    for seat, player in enumerate(state.players):
        dealt = [slot for slot in player.hand if not (seat == state.dealer and slot == player.drawn)]
        tehais.append([pai(state.kind(slot)) for slot in dealt])
    return {
        "type": "start_kyoku",
        "bakaze": WIND_NAMES[state.round_wind],
        "kyoku": state.hand_number + 1,
        "honba": state.honba,
        "kyotaku": state.sticks,
        "oya": state.dealer,
        "dora_marker": pai(state.kind(indicator_slot(0, state.wall.total))),
        "scores": list(state.scores),
        "tehais": tehais,
    }


def _names(state: KyokuState, slots: tuple[int, ...]) -> list[str]:
    return [pai(state.kind(slot)) for slot in slots]


def event(state: KyokuState, item: Event) -> Mjai | None:
    """One event in mjai's shape (`state` is any state of the hand: it gives the kinds).
    The start and the end are written by `start_kyoku` and `end_of_hand`."""
    kind = item.kind
    if kind == "draw":
        return {"type": "tsumo", "actor": item.seat, "pai": pai(state.kind(item.slots[0]))}
    if kind == "discard":
        return {"type": "dahai", "actor": item.seat, "pai": pai(state.kind(item.slots[0])), "tsumogiri": item.tsumogiri}
    if kind == "riichi":
        return {"type": "reach", "actor": item.seat}
    if kind == "riichi_accepted":
        return {"type": "reach_accepted", "actor": item.seat}
    if kind in ("chi", "pon", "open_kan"):
        assert item.called is not None
        return {
            "type": "daiminkan" if kind == "open_kan" else kind,
            "actor": item.seat,
            "target": item.source,
            "pai": pai(state.kind(item.called)),
            "consumed": _names(state, item.slots),
        }
    if kind == "closed_kan":
        return {"type": "ankan", "actor": item.seat, "consumed": _names(state, item.slots)}
    if kind == "added_kan":
        added = pai(state.kind(item.slots[0]))
        return {"type": "kakan", "actor": item.seat, "pai": added, "consumed": [added] * 3}
    if kind == "dora":
        return {"type": "dora", "dora_marker": pai(state.kind(item.slots[0]))}
    return None


def end_of_hand(end: KyokuState) -> list[Mjai]:
    """The hand's end: a `hora` for each win (with the ura indicators for a
    riichi winner), else a `ryukyoku`, with the score changes; then `end_kyoku`."""
    result = end.result
    assert result is not None
    found: list[Mjai] = []
    for win in result.wins:
        hora: Mjai = {
            "type": "hora",
            "actor": win.seat,
            "target": win.seat if win.source is None else win.source,
            "pai": pai(win.tile),
        }
        if end.players[win.seat].riichi:
            hora["ura_markers"] = [pai(kind) for kind in end.ura_indicators()]
        found.append(hora)
    if not found:
        found.append({"type": "ryukyoku", "reason": result.kind.value})
    found[0]["deltas"] = list(result.deltas)
    found.append({"type": "end_kyoku"})
    return found
