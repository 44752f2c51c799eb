"""A whole riichi game as a tenhou.net/6 JSON log (the tables are in `tenhou6`).

The log is one object: `title`, `name` (the seats from the first dealer),
`rule` (`disp`, and `aka`, `aka51`, `aka52`, `aka53` all 0: this game has
no red fives), `log` (one array per hand) and `sc` (each seat's final points
and its value after uma and oka, in thousands).  A hand's array is

    [[round, honba, sticks], scores, dora indicators, ura indicators,
     haipai 0, draws 0, discards 0, ... haipai 3, draws 3, discards 3, result]

`round` counts hands from east 1 (0-3 east, 4-7 south, 8-11 west).  A seat's
draws hold its drawn tiles and its calls of discards, as strings whose
letter stands where the called tile lies, from the seat before (first),
opposite (middle) or after (last): chi "c" + called + the two from the
hand ("c121113"), pon "p141414" / "14p1414" / "1414p14", open kan
"m15151515" / "15m151515" / "151515m15".  Its discards hold tiles, 60 for a
tile discarded as drawn, "r" before a riichi discard ("r23", "r60"), an
added kan as the pon's string with "k" and the added tile before the called
one ("k14141414"), a concealed kan as "151515a15", and 0 after an open kan
(it has no discard of its own; none is written when the hand ends there).

The result is ["和了", deltas, [winner, from, pao, points, yaku ...], ...]
with one deltas-and-detail pair per win (the first in turn order from the
discarder takes the honba and sticks; `from` is the winner on a tsumo and
`pao` the winner, since this game plays no pao), points as "30符1飜1000点",
"満貫2000-4000点" (non-dealers' and the dealer's share of a tsumo) or
"30符2飜1000点∀" (a dealer's tsumo, each pays), yaku as "立直(1飜)" or
"大三元(役満)", then "ドラ(2飜)" and "裏ドラ(1飜)" when they count.  A draw
is ["流局", deltas], ["全員聴牌"], ["全員不聴"], ["流し満貫", deltas] or an
abortive draw's name (["九種九牌"] ...).  Deltas are each seat's change
from the hand's end, the riichi sticks the seats paid left out (they are
paid when the riichi stands, as Tenhou writes them).  Ura indicators are
written when a riichi player wins; dora indicators at a win include those
of a kan that the win counts before they turned.
"""

from __future__ import annotations

import json
from typing import Any

from tutor.engine.game import tenhou6
from tutor.engine.game.log_mjai import win_share
from tutor.engine.game.match import final_scores, standings
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.rules import indicators_at_win
from tutor.engine.game.simulate import GameRecord, HandRecord
from tutor.engine.game.state import EndKind, Event, KyokuState, Win
from tutor.engine.riichi.points import base_points, payments
from tutor.engine.riichi.score import count_dora

Log = dict[str, Any]


def game_log(record: GameRecord) -> Log:
    """The whole game as one tenhou.net/6 object."""
    end = record.end
    final = final_scores(end)
    values = [item.final / 1000 for item in standings(end)]
    return {
        "title": ["Mahjong Tutor", f"seed {end.seed}"],
        "name": ["bot0", "bot1", "bot2", "bot3"],
        "rule": {"disp": disp(end.options), "aka": 0, "aka51": 0, "aka52": 0, "aka53": 0},
        "log": [hand_log(hand) for hand in record.hands],
        "sc": [item for seat in range(4) for item in (final[seat], values[seat])],
    }


def disp(options: RiichiOptions) -> str:
    """The rule as Tenhou shows it: lobby, length, open tanyao."""
    tanyao = tenhou6.OPEN_TANYAO if options.scoring.open_tanyao else ""
    return tenhou6.LOBBY + tenhou6.LENGTHS[options.length] + tanyao


def dumps(log: Log) -> str:
    """The log as JSON text, one line, Japanese kept as written."""
    return json.dumps(log, ensure_ascii=False, separators=(",", ":")) + "\n"


def hand_log(hand: HandRecord) -> list[Any]:
    """One hand's array."""
    start, end = hand.start, hand.end
    draws: list[list[Any]] = [[], [], [], []]
    discards: list[list[Any]] = [[], [], [], []]
    riichi: set[int] = set()
    pons: dict[tuple[int, int], Event] = {}
    for item in (*hand.start_events, *(event for turn in hand.turns for event in turn.events)):
        seat = item.seat if item.seat is not None else 0
        if item.kind == "draw":
            draws[seat].append(_code(start, item.slots[0]))
        elif item.kind == "discard":
            tile: int | str = tenhou6.TSUMOGIRI if item.tsumogiri else _code(start, item.slots[0])
            discards[seat].append(f"r{tile}" if seat in riichi else tile)
            riichi.discard(seat)
        elif item.kind == "riichi":
            riichi.add(seat)
        elif item.kind in ("chi", "pon", "open_kan"):
            draws[seat].append(_call(start, item))
            if item.kind == "pon":
                pons[(seat, start.kind(item.slots[0]))] = item
            if item.kind == "open_kan":
                discards[seat].append(tenhou6.KAN_PLACEHOLDER)
        elif item.kind == "added_kan":
            discards[seat].append(_added_kan(start, item, pons[(seat, start.kind(item.slots[0]))]))
        elif item.kind == "closed_kan":
            number = _code(start, item.slots[0])
            discards[seat].append(f"{number}{number}{number}a{number}")
    for seat_discards in discards:
        while seat_discards and seat_discards[-1] == tenhou6.KAN_PLACEHOLDER:
            seat_discards.pop()
    found: list[Any] = [[4 * start.round_wind + start.hand_number, start.honba, start.sticks], list(start.scores)]
    found += _indicators(end)
    for seat in range(4):
        found += [_haipai(start, seat), draws[seat], discards[seat]]
    found.append(_result(hand))
    return found


def _code(state: KyokuState, slot: int) -> int:
    return tenhou6.code(state.kind(slot))


def _direction(item: Event) -> int:
    """Where the called tile lies: 1 from the seat before, 2 opposite, 3 after."""
    assert item.seat is not None and item.source is not None
    return (item.seat - item.source) % 4


def _call(state: KyokuState, item: Event) -> str:
    """A chi, pon or open kan, its letter where the called tile lies."""
    assert item.called is not None
    called = _code(state, item.called)
    own = sorted(_code(state, slot) for slot in item.slots)
    if item.kind == "chi":
        return f"c{called}" + "".join(map(str, own))
    letter = "p" if item.kind == "pon" else "m"
    return _placed(own, f"{letter}{called}", _direction(item))


def _placed(own: list[int], marked: str, direction: int) -> str:
    """The hand's tiles with the marked called tile first, second or last."""
    parts = [str(number) for number in own]
    parts.insert({1: 0, 2: 1, 3: len(parts)}[direction], marked)
    return "".join(parts)


def _added_kan(state: KyokuState, item: Event, pon: Event) -> str:
    """The pon's string with "k" and the added tile before the called one."""
    assert pon.called is not None
    own = sorted(_code(state, slot) for slot in pon.slots)
    marked = f"k{_code(state, item.slots[0])}{_code(state, pon.called)}"
    return _placed(own, marked, _direction(pon))


def _haipai(state: KyokuState, seat: int) -> list[int]:
    """The thirteen tiles dealt (the dealer's first draw is its first draw)."""
    player = state.players[seat]
    dealt = [slot for slot in player.hand if not (seat == state.dealer and slot == player.drawn)]
    return sorted(_code(state, slot) for slot in dealt)


def _indicators(end: KyokuState) -> list[list[int]]:
    """Dora indicators, and ura indicators when a riichi player won."""
    result = end.result
    assert result is not None
    if result.kind is not EndKind.WIN:
        return [[tenhou6.code(kind) for kind in end.dora_indicators()], []]
    dora, ura = indicators_at_win(end)
    riichi_won = any(end.players[win.seat].riichi for win in result.wins)
    return [[_code(end, slot) for slot in dora], [_code(end, slot) for slot in ura] if riichi_won else []]


def _result(hand: HandRecord) -> list[Any]:
    result = hand.result
    deltas = list(result.deltas)
    if result.kind is EndKind.WIN:
        found: list[Any] = [tenhou6.WIN]
        for index, win in enumerate(result.wins):
            found.append(win_share(hand, win, index == 0, deltas, len(result.wins) == 1))
            found.append(win_detail(hand.end, win))
        return found
    if result.kind is EndKind.EXHAUSTIVE:
        name = tenhou6.EXHAUSTIVE
        if result.nagashi:
            name = tenhou6.NAGASHI
        elif len(result.tenpai) == 4:
            name = tenhou6.ALL_TENPAI
        elif not result.tenpai:
            name = tenhou6.NONE_TENPAI
    else:
        name = tenhou6.ENDS[result.kind]
    return [name, deltas] if any(deltas) else [name]


def win_detail(end: KyokuState, win: Win) -> list[Any]:
    """[winner, from, pao, points, yaku ...] of one win."""
    source = win.seat if win.source is None else win.source
    return [win.seat, source, win.seat, points_text(end, win), *yaku_texts(end, win)]


def _yakuman(win: Win) -> bool:
    return win.limit is not None and win.limit.startswith("yakuman")


def points_text(end: KyokuState, win: Win) -> str:
    """ "30符1飜1000点", "満貫2000-4000点", "30符2飜1000点∀": the hand's value
    without honba and sticks, split as the payers pay it."""
    multiplier = sum(value for _, value in win.yaku) if _yakuman(win) else 0
    base, limit = base_points(win.han, win.fu, multiplier, end.options.scoring)
    paid = payments(base, limit, win.seat == end.dealer, win.source is None)
    if paid.total != win.points:
        raise ValueError(f"the win of seat {win.seat} is worth {win.points}, its han and fu {paid.total}")
    if limit is None:
        rank = f"{win.fu}{tenhou6.FU}{win.han}{tenhou6.HAN}"
    else:
        rank = tenhou6.LIMIT_NAMES.get(limit, tenhou6.LIMIT_NAMES["yakuman"])
    if win.source is not None:
        return f"{rank}{paid.total}{tenhou6.POINTS}"
    if win.seat == end.dealer:
        return f"{rank}{paid.non_dealer}{tenhou6.POINTS}{tenhou6.DEALER_TSUMO}"
    return f"{rank}{paid.non_dealer}-{paid.dealer}{tenhou6.POINTS}"


def yaku_number(end: KyokuState, seat: int, yaku: str) -> int:
    """Tenhou's number of one of our yaku ids for `seat` (the wind yaku name the wind)."""
    if yaku == "yakuhai_seat_wind":
        return tenhou6.wind_yaku(tenhou6.SEAT_WIND, (seat - end.dealer) % 4)
    if yaku == "yakuhai_round_wind":
        return tenhou6.wind_yaku(tenhou6.ROUND_WIND, end.round_wind)
    return tenhou6.YAKU_NUMBERS[yaku]


def yaku_texts(end: KyokuState, win: Win) -> list[str]:
    """Each yaku with its han ("立直(1飜)") or as a yakuman ("大三元(役満)"),
    then the dora and ura dora that count."""
    names = [(tenhou6.YAKU_NAMES[yaku_number(end, win.seat, yaku)], value) for yaku, value in win.yaku]
    if _yakuman(win):
        return [f"{name}({tenhou6.LIMIT_NAMES['yakuman']})" for name, _ in names]
    dora, ura = _dora_counts(end, win)
    names += [(tenhou6.YAKU_NAMES[tenhou6.DORA], dora), (tenhou6.YAKU_NAMES[tenhou6.URA_DORA], ura)]
    return [f"{name}({value}{tenhou6.HAN})" for name, value in names if value]


def _dora_counts(end: KyokuState, win: Win) -> tuple[int, int]:
    """Dora and ura dora in the winning hand, as the win was scored."""
    hand = end.engine_hand(win.seat, None if win.source is None else win.tile)
    tiles = (*hand.concealed, *(tile for meld in hand.melds for tile in meld.tiles))
    dora, ura = indicators_at_win(end)
    counted = count_dora(tiles, tuple(end.kind(slot) for slot in dora))
    under = count_dora(tiles, tuple(end.kind(slot) for slot in ura)) if end.players[win.seat].riichi else 0
    return counted, under
