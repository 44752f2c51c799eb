"""A 16-hand MCR game and its log.

Four rounds of four hands (East, South, West, North prevalent); the deal
passes every hand (no renchan); the seats change at each round as document
004 states (`tutor.engine.table.MCR_SEAT_PATHS`).  Players are numbered by
their starting seat (0 started East).

The MCR log: JSON lines, one event an object, mjai's shapes where the event
is shared; `actor` and `target` are players (0-3, by starting seat), tiles in
our notation (`5m`, `7z`; flowers `1f`..`8f`):

- `{"type":"start_game","names":[...],"rules":"mcr"}`
- `{"type":"start_kyoku","bakaze":"E","kyoku":1,"oya":p,"seats":[w0..w3],"scores":[..],"tehais":[[..]x4]}`
  (`seats`: each player's seat wind this hand, `tehais` the dealt tiles, flowers included)
- `{"type":"flower","actor":p,"pai":"3f","replacement":"5m"}` a flower set aside and the tile drawn from the back
- `{"type":"tsumo","actor":p,"pai":"5m"}`, `{"type":"dahai","actor":p,"pai":"5m","tsumogiri":false}`
- `{"type":"chi"|"pon"|"daiminkan","actor":p,"target":q,"pai":"5m","consumed":[..]}`
- `{"type":"kakan","actor":p,"pai":"5m","consumed":[..]}`, `{"type":"ankan","actor":p,"consumed":[..]}`
- `{"type":"false_win","actor":p}` a false win: 10 to each other player, the hand dead
- `{"type":"hora","actor":p,"target":q,"pai":"5m","fans":[[id,n],..],"total":n,"deltas":[..],"scores":[..]}`
- `{"type":"ryukyoku","deltas":[..],"scores":[..]}` (no payments but penalties)
- `{"type":"end_kyoku"}`, `{"type":"end_game","scores":[..]}`
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.engine.game.mcr.bots import BOTS, Bot
from tutor.engine.game.mcr.hand import deal, decisions, step
from tutor.engine.game.mcr.invariants import violations
from tutor.engine.game.mcr.state import McrEvent, McrHandState, McrOptions, McrWin
from tutor.engine.notation import format_tiles
from tutor.engine.table import MCR_HANDS, is_flower, mcr_seat_wind
from tutor.engine.tiles import WIND_LETTERS


def tile_text(kind: int) -> str:
    return f"{kind - 33}f" if is_flower(kind) else format_tiles((kind,))


def prevalent_of(hand_number: int) -> int:
    """The prevalent wind of hand 0-15: four hands a round, East first."""
    return hand_number // 4


def seats_of(hand_number: int) -> tuple[int, int, int, int]:
    """For hand 0-15: the player at each seat wind (0 East ...)."""
    at = [0, 0, 0, 0]
    for player in range(4):
        wind = mcr_seat_wind(WIND_LETTERS[player], hand_number + 1)
        at[WIND_LETTERS.index(wind)] = player
    return (at[0], at[1], at[2], at[3])


@dataclass
class HandRecord:
    number: int
    seats: tuple[int, int, int, int]
    deltas: tuple[int, int, int, int]
    """By player."""
    win: McrWin | None
    false_wins: int
    violations: list[str]
    final: McrHandState
    events: list[McrEvent]
    """Every event of the hand from the deal, for the log."""


@dataclass
class GameRecord:
    seed: int
    players: tuple[str, str, str, str]
    hands: list[HandRecord] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    scores: list[int] = field(default_factory=lambda: [0, 0, 0, 0])


def play_game(options: McrOptions, seed: int, players: Sequence[str]) -> GameRecord:
    """A bot-only game of 16 hands; `players` names a bot of `BOTS` per starting seat."""
    if len(players) != 4 or any(name not in BOTS for name in players):
        raise ValueError(f"four players, each one of {', '.join(BOTS)}")
    names = (players[0], players[1], players[2], players[3])
    record = GameRecord(seed, names)
    record.log.append({"type": "start_game", "names": list(names), "rules": "mcr"})
    rng = random.Random(seed)
    for number in range(MCR_HANDS):
        hand = play_hand(options, number, rng.randrange(2**32), [BOTS[name] for name in names], rng, record.scores)
        record.hands.append(hand)
        record.log += hand_log(hand, record.scores)
        for player in range(4):
            record.scores[player] += hand.deltas[player]
        record.log.append({"type": "end_kyoku"})
    record.log.append({"type": "end_game", "scores": list(record.scores)})
    return record


_EVENTS: list[tuple[int, list[McrEvent]]] = []


def play_hand(
    options: McrOptions, number: int, seed: int, bots: Sequence[Bot], rng: random.Random, scores: Sequence[int]
) -> HandRecord:
    seats = seats_of(number)
    state, events = deal(options, prevalent_of(number), seed)
    found = violations(state)
    log_events = list(events)
    while state.result is None:
        choices = {}
        for decision in decisions(state):
            action = bots[seats[decision.seat]](state, decision, rng)
            if action not in decision.legal:
                found.append("illegal_action")
            choices[decision.seat] = action
        state, events = step(state, choices)
        log_events += events
        found += violations(state)
    deltas = [0, 0, 0, 0]
    for seat, value in enumerate(state.result.deltas):
        deltas[seats[seat]] = value
    record = HandRecord(
        number,
        seats,
        (deltas[0], deltas[1], deltas[2], deltas[3]),
        state.result.win,
        sum(1 for e in log_events if e.kind == "false_win"),
        found,
        state,
        log_events,
    )
    return record


def hand_log(hand: HandRecord, scores: Sequence[int]) -> list[dict[str, Any]]:
    events = hand.events
    final = hand.final
    player = hand.seats

    def text(slot: int) -> str:
        return tile_text(final.kind(slot))

    winds = [WIND_LETTERS[hand.seats.index(p)] for p in range(4)]
    dealt = [[], [], [], []]  # type: list[list[str]]
    from tutor.engine.table import dealt_slots

    for seat, slots in dealt_slots(0).items():
        dealt[player[seat]] = [text(slot) for slot in slots]
    out: list[dict[str, Any]] = [
        {
            "type": "start_kyoku",
            "bakaze": WIND_LETTERS[prevalent_of(hand.number)],
            "kyoku": hand.number % 4 + 1,
            "oya": player[0],
            "seats": winds,
            "scores": list(scores),
            "tehais": dealt,
        }
    ]
    last_draw: dict[int, int] = {}
    for event in events:
        actor = None if event.seat is None else player[event.seat]
        if event.kind == "flower":
            out.append(
                {"type": "flower", "actor": actor, "pai": text(event.slots[0]), "replacement": text(event.slots[1])}
            )
        elif event.kind == "draw":
            last_draw[event.seat or 0] = event.slots[0]
            out.append({"type": "tsumo", "actor": actor, "pai": text(event.slots[0])})
        elif event.kind == "discard":
            out.append(
                {
                    "type": "dahai",
                    "actor": actor,
                    "pai": text(event.slots[0]),
                    "tsumogiri": last_draw.get(event.seat or 0) == event.slots[0],
                }
            )
        elif event.kind in ("chow", "pung", "kong"):
            kind = {"chow": "chi", "pung": "pon", "kong": "daiminkan"}[event.kind]
            assert event.called is not None and event.source is not None
            out.append(
                {
                    "type": kind,
                    "actor": actor,
                    "target": player[event.source],
                    "pai": text(event.called),
                    "consumed": [text(s) for s in event.slots],
                }
            )
        elif event.kind == "added_kong":
            out.append({"type": "kakan", "actor": actor, "pai": text(event.slots[0]), "consumed": []})
        elif event.kind == "concealed_kong":
            out.append({"type": "ankan", "actor": actor, "consumed": [text(s) for s in event.slots]})
        elif event.kind == "false_win":
            out.append({"type": "false_win", "actor": actor})
    after = [s + d for s, d in zip(scores, hand.deltas, strict=True)]
    if hand.win is not None:
        win = hand.win
        out.append(
            {
                "type": "hora",
                "actor": player[win.seat],
                "target": player[win.seat if win.source is None else win.source],
                "pai": tile_text(win.tile),
                "fans": [list(f) for f in win.fans],
                "total": win.total,
                "deltas": list(hand.deltas),
                "scores": after,
            }
        )
    else:
        out.append({"type": "ryukyoku", "deltas": list(hand.deltas), "scores": after})
    return out


def write_log(record: GameRecord) -> str:
    """The game as MCR JSON lines (see the module docstring)."""
    return "".join(json.dumps(event, ensure_ascii=False) + "\n" for event in record.log)


def summary(record: GameRecord) -> dict[str, Any]:
    order = sorted(range(4), key=lambda p: (-record.scores[p], p))
    return {
        "rules": "mcr",
        "seed": record.seed,
        "scores": list(record.scores),
        "standings": [order.index(p) + 1 for p in range(4)],
        "hands": len(record.hands),
        "wins": sum(1 for h in record.hands if h.win is not None),
        "draws": sum(1 for h in record.hands if h.win is None),
        "false_wins": sum(h.false_wins for h in record.hands),
        "invariant_violations": sum(len(h.violations) for h in record.hands),
    }
