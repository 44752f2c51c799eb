"""A whole riichi game as an mjai log (JSON lines), and the log read back.

The writer extends `mjai` (one hand's events) to the game: `start_game`,
each hand's `start_kyoku` ... `end_kyoku`, `end_game`.  `reach_accepted`,
`hora` and `ryukyoku` carry `deltas` and `scores` (the scores after the
change); a `hora` of a riichi winner carries `ura_markers`, and every `hora` its `han` and `fu` (as riichienv's
replay reads them to check its own scoring).  With two rons
on one discard each `hora` has its own deltas, the first in turn order
taking the honba and the sticks.  No red fives are written (this game has none).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from tutor.engine.game.mjai import Mjai, end_of_hand, event, start_kyoku
from tutor.engine.game.simulate import GameRecord, HandRecord
from tutor.engine.game.state import Win


class LogError(ValueError):
    """A log that cannot be read: the line (from 1) and a code of what is
    wrong with it (`not_json`, `not_event`), rendered by the screens."""

    def __init__(self, line: int, code: str) -> None:
        self.line = line
        self.code = code
        super().__init__(line, code)


def win_share(hand: HandRecord, win: Win, first: bool, whole: list[int], single: bool) -> list[int]:
    """One win's share of the hand's changes: all of them for a lone win, else
    the ron paid by the discarder, the first winner with the honba and sticks.
    The sticks are those on the table at the win, riichi of this hand
    included: what the changes add up to, since the payments cancel out."""
    if single:
        return list(whole)
    start = hand.start
    deltas = [0, 0, 0, 0]
    assert win.source is not None
    paid = win.points + (start.options.honba_points * start.honba if first else 0)
    deltas[win.source] -= paid
    deltas[win.seat] += paid + (sum(whole) if first else 0)
    return deltas


def hand_events(hand: HandRecord) -> list[Mjai]:
    """One hand from `start_kyoku` to `end_kyoku`, with deltas and scores."""
    scores = list(hand.start.scores)
    found: list[Mjai] = [start_kyoku(hand.start)]
    items = [*hand.start_events, *(item for turn in hand.turns for item in turn.events)]
    for item in items:
        mjai = event(hand.start, item)
        if mjai is None:
            continue
        if mjai["type"] == "reach_accepted":
            deltas = [0, 0, 0, 0]
            deltas[item.seat or 0] = -hand.start.options.riichi_cost
            scores = [a + b for a, b in zip(scores, deltas, strict=True)]
            mjai["deltas"], mjai["scores"] = deltas, list(scores)
        found.append(mjai)
    ending = end_of_hand(hand.end)
    result = hand.result
    horas = [entry for entry in ending if entry["type"] == "hora"]
    for index, (hora, win) in enumerate(zip(horas, result.wins, strict=True)):
        hora["han"], hora["fu"] = win.han, win.fu
        hora["deltas"] = win_share(hand, win, index == 0, list(result.deltas), len(horas) == 1)
    for entry in ending:
        if "deltas" in entry:
            scores = [a + b for a, b in zip(scores, entry["deltas"], strict=True)]
            entry["scores"] = list(scores)
    return [*found, *ending]


def game_events(record: GameRecord) -> list[Mjai]:
    """The whole game: `start_game`, every hand, `end_game` with the final scores."""
    found: list[Mjai] = [{"type": "start_game", "names": ["bot0", "bot1", "bot2", "bot3"]}]
    for hand in record.hands:
        found.extend(hand_events(hand))
    found.append({"type": "end_game", "scores": list(record.end.scores)})
    return found


def dumps(events: Iterable[Mjai]) -> str:
    """JSON lines, one event a line, keys in the order written."""
    return "".join(json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n" for entry in events)


def loads(text: str) -> list[Mjai]:
    """The events of a log; raises LogError naming the line of a bad one."""
    found: list[Mjai] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            entry: Any = json.loads(line)
        except json.JSONDecodeError as error:
            raise LogError(number, "not_json") from error
        if not isinstance(entry, dict) or not isinstance(entry.get("type"), str):
            raise LogError(number, "not_event")
        found.append(entry)
    return found
