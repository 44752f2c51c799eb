"""A whole riichi game written as a tenhou.net/6 log and read back (issues 29
and 31): the reader gives the game's own events, seat by seat and in play
order, and each hand's wins, payments and yaku; the same game's mjai log
(which riichienv, an engine nobody here wrote, replays) holds the same
events; what the reader read, given to riichienv as mjai, replays there with
the game's scores; Tenhou's yaku names agree with riichienv's table of
Tenhou's numbers."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from riichienv import MjaiReplay, get_all_yaku

from tests.game_logs import SEEDS, game
from tests.scripted_seats import FOUR_WINDS, TRIPLE_RON, KindDiscarder, discarding_hand
from tutor.engine.game import log_mjai, log_tenhou, tenhou6
from tutor.engine.game.actions import Action, ActionKind, Decision
from tutor.engine.game.log_mjai import win_share
from tutor.engine.game.mjai import pai
from tutor.engine.game.read_tenhou import LogEvent, LogRound, LogTile, LogWin, TenhouLog, loads
from tutor.engine.game.read_tenhou import read as read_log
from tutor.engine.game.simulate import GameRecord, HandRecord
from tutor.engine.game.state import EndKind, Event, HandResult, KyokuState


@cache
def read_back(seed: int) -> TenhouLog:
    return loads(log_tenhou.dumps(log_tenhou.game_log(game(seed))))


def our_events(hand: HandRecord) -> list[LogEvent]:
    """The hand's events as the reader states them (tiles as kinds)."""
    start = hand.start

    def tile(slot: int) -> LogTile:
        return LogTile(start.kind(slot))

    found = []
    for item in (*hand.start_events, *(event for turn in hand.turns for event in turn.events)):
        if item.kind == "start":
            continue
        tiles = tuple(sorted((tile(slot) for slot in item.slots), key=lambda found: found.kind))
        called = None if item.called is None else tile(item.called)
        found.append(LogEvent(item.kind, item.seat, tiles, called, item.source, item.tsumogiri))
    return found


@pytest.mark.parametrize("seed", SEEDS)
def test_every_hand_reads_back_with_its_events_in_play_order(seed: int) -> None:
    record, log = game(seed), read_back(seed)
    assert len(log.rounds) == len(record.hands)
    assert log.red_fives == (0, 0, 0) and log.disp == "般東喰"
    for hand, read in zip(record.hands, log.rounds, strict=True):
        start = hand.start
        assert (read.round_wind, read.dealer, read.honba, read.sticks) == (
            start.round_wind,
            start.dealer,
            start.honba,
            start.sticks,
        )
        assert read.scores == start.scores
        assert read.events == tuple(our_events(hand))
        for seat in range(4):
            assert [event for event in read.events if event.seat == seat] == [
                event for event in our_events(hand) if event.seat == seat
            ]


@pytest.mark.parametrize("seed", SEEDS)
def test_every_hand_reads_back_with_its_end_payments_and_yaku(seed: int) -> None:
    record, log = game(seed), read_back(seed)
    for hand, read in zip(record.hands, log.rounds, strict=True):
        result = hand.result
        assert (read.end.kind, read.end.deltas) == (result.kind, result.deltas)
        if result.kind is EndKind.EXHAUSTIVE:
            assert read.end.nagashi == result.nagashi
            assert result.nagashi or read.end.tenpai == result.tenpai
        assert len(read.end.wins) == len(result.wins)
        for index, (win, got) in enumerate(zip(result.wins, read.end.wins, strict=True)):
            assert (got.seat, got.source, got.pao) == (win.seat, win.source, None)
            whole = list(result.deltas)
            assert list(got.deltas) == win_share(hand, win, index == 0, whole, len(result.wins) == 1)
            assert [yaku for yaku, _ in got.yaku] == [yaku for yaku, _ in win.yaku]
            if not (win.limit or "").startswith("yakuman"):
                assert (got.yaku, got.han) == (win.yaku, win.han)
                assert got.fu == (win.fu if win.limit is None else None)
            assert got.red_dora == 0 and got.other_yaku == ()


def test_the_games_hold_every_kind_of_call_riichi_and_end() -> None:
    """The round trip above is worth only what its games hold."""
    kinds = {event.kind for seed in SEEDS for read in read_back(seed).rounds for event in read.events}
    assert {"chi", "pon", "open_kan", "added_kan", "closed_kan", "riichi", "riichi_accepted", "dora"} <= kinds
    ends = [read.end for seed in SEEDS for read in read_back(seed).rounds]
    assert any(len(end.wins) == 2 for end in ends)
    assert any(end.kind is EndKind.EXHAUSTIVE for end in ends)
    assert any(end.name == tenhou6.ALL_TENPAI for end in ends)
    assert any(end.kind is EndKind.NINE_TERMINALS for end in ends)
    assert any(win.source is None for end in ends for win in end.wins)
    assert any(win.ura_dora or win.yaku[0][0] == "riichi" for end in ends for win in end.wins)


MJAI_KINDS = {
    "tsumo": "draw",
    "dahai": "discard",
    "reach": "riichi",
    "reach_accepted": "riichi_accepted",
    "chi": "chi",
    "pon": "pon",
    "daiminkan": "open_kan",
    "kakan": "added_kan",
    "ankan": "closed_kan",
    "dora": "dora",
    "hora": "win",
}


def from_mjai(entry: dict[str, Any]) -> tuple[Any, ...]:
    """An mjai event as (kind, seat, tiles, source): what both logs state."""
    kind = MJAI_KINDS[entry["type"]]
    named = entry.get("pai") or entry.get("dora_marker")
    tiles = entry.get("consumed") or ([named] if named else [])
    if kind == "added_kan":
        tiles = [entry["pai"]]
    source = entry.get("target")
    if kind == "win" and source == entry["actor"]:
        source = None
    return (kind, entry.get("actor"), sorted(tiles), source)


def from_read(event: LogEvent) -> tuple[Any, ...]:
    return (event.kind, event.seat, sorted(pai(tile.kind) for tile in event.tiles), event.source)


def mjai_rounds(record: GameRecord) -> list[list[tuple[Any, ...]]]:
    rounds: list[list[tuple[Any, ...]]] = []
    for entry in log_mjai.game_events(record):
        if entry["type"] == "start_kyoku":
            rounds.append([])
        elif entry["type"] in MJAI_KINDS:
            rounds[-1].append(from_mjai(entry))
    return rounds


@pytest.mark.parametrize("seed", SEEDS)
def test_the_same_game_in_both_formats_holds_the_same_events_and_deltas(seed: int) -> None:
    """No installed package reads tenhou.net/6 (riichienv replays mjai and
    Mahjong Soul logs, the mahjong library scores hands), so the tenhou log is
    checked against the mjai log of the same game, which riichienv replays
    (tests/test_game_log_mjai.py): the same events in the same order, the
    same wins with the same deltas, the same draws."""
    record, log = game(seed), read_back(seed)
    mjai = log_mjai.game_events(record)
    assert [[from_read(event) for event in read.events] for read in log.rounds] == mjai_rounds(record)
    horas = [entry for entry in mjai if entry["type"] == "hora"]
    wins = [win for read in log.rounds for win in read.end.wins]
    assert [(entry["actor"], entry["deltas"]) for entry in horas] == [(win.seat, list(win.deltas)) for win in wins]
    ryukyokus = [entry["deltas"] for entry in mjai if entry["type"] == "ryukyoku"]
    assert ryukyokus == [list(read.end.deltas) for read in log.rounds if read.end.kind is not EndKind.WIN]


def test_tenhous_yaku_names_agree_with_riichienvs_table_of_tenhous_numbers() -> None:
    """riichienv names each yaku with Tenhou's number; where its words differ
    from Tenhou's own log words, the difference is listed: riichienv names one
    yaku for each kind of wind (Tenhou a yaku per wind), writes double riichi
    as ダブル立直 (Tenhou's logs 両立直) and the 13-sided kokushi as
    国士無双十三面待ち (Tenhou's logs 国士無双１３面); it has no renhou."""
    theirs = {yaku.tenhou_id: yaku.name for yaku in get_all_yaku() if yaku.name != "抜きドラ"}
    differences = {10: "自風牌", 14: "場風牌", 21: "ダブル立直", 48: "国士無双十三面待ち"}
    compared = 0
    for number, name in enumerate(tenhou6.YAKU_NAMES):
        if number in theirs:
            assert theirs[number] == differences.get(number, name)
            compared += 1
    assert compared == len(theirs) == 48
    assert set(tenhou6.YAKU_NUMBERS.values()) | set(range(10, 18)) | {52, 53, 54} == set(range(55))


def test_a_tsumo_split_a_dealers_tsumo_and_a_limit_are_written_as_tenhou_writes_them() -> None:
    texts = [
        win[3]
        for seed in SEEDS
        for hand in log_tenhou.game_log(game(seed))["log"]
        if hand[-1][0] == tenhou6.WIN
        for win in hand[-1][2::2]
    ]
    assert any(text.endswith("点∀") for text in texts)
    assert any("-" in text for text in texts)
    assert any(text[0].isdigit() and "符" in text and text.endswith("点") for text in texts)


def read_round(record: GameRecord, index: int) -> LogRound:
    return loads(log_tenhou.dumps(log_tenhou.game_log(record))).rounds[index]


def test_calls_are_written_with_their_letter_where_the_called_tile_lies() -> None:
    """A pon from the seat opposite reads "14p1414", from the seat after
    "1414p14"; an open kan from the seat after "141414m14"."""
    seen: set[str] = set()
    for seed in SEEDS:
        for hand in log_tenhou.game_log(game(seed))["log"]:
            for seat in range(4):
                for item in hand[5 + 3 * seat]:
                    if isinstance(item, str):
                        letter = item.strip("0123456789")
                        seen.add(f"{item.index(letter)}{letter}")
    assert {"0c", "0p", "2p", "4p"} <= seen
    assert {"0m", "2m", "6m"} & seen


def test_the_first_dealers_first_draw_is_a_draw_and_the_deal_has_thirteen_tiles() -> None:
    hand = game(0).hands[0]
    read = read_round(game(0), 0)
    assert all(len(tiles) == 13 for tiles in read.haipai)
    first = hand.start_events[1]
    assert read.events[0] == LogEvent("draw", hand.start.dealer, (LogTile(hand.start.kind(first.slots[0])),))


def test_event_kinds_are_the_game_models() -> None:
    """The reader's kinds are `state.Event`'s (the import of issue 31 relies on one vocabulary)."""
    documented = Event.__doc__ or ""
    kinds = {event.kind for seed in SEEDS for read in read_back(seed).rounds for event in read.events}
    assert all(kind in documented for kind in kinds)


def mjai_name(tile: LogTile) -> str:
    return pai(tile.kind) + ("r" if tile.red else "")


MJAI_TYPES = {"draw": "tsumo", "discard": "dahai", "riichi": "reach", "riichi_accepted": "reach_accepted"}


def as_mjai(event: LogEvent, wins: Iterator[LogWin], ura: tuple[LogTile, ...]) -> dict[str, Any]:
    """One event read from the tenhou log, in mjai's shape."""
    entry: dict[str, Any] = {"type": MJAI_TYPES.get(event.kind, event.kind), "actor": event.seat}
    if event.kind in ("draw", "discard"):
        entry["pai"] = mjai_name(event.tiles[0])
    if event.kind == "discard":
        entry["tsumogiri"] = event.tsumogiri
    if event.kind in ("chi", "pon", "open_kan"):
        assert event.called is not None
        entry |= {"type": {"open_kan": "daiminkan"}.get(event.kind, event.kind), "target": event.source}
        entry |= {"pai": mjai_name(event.called), "consumed": [mjai_name(tile) for tile in event.tiles]}
    if event.kind == "added_kan":
        added = mjai_name(event.tiles[0])
        entry |= {"type": "kakan", "pai": added, "consumed": [added] * 3}
    if event.kind == "closed_kan":
        entry |= {"type": "ankan", "consumed": [mjai_name(tile) for tile in event.tiles]}
    if event.kind == "dora":
        entry = {"type": "dora", "dora_marker": mjai_name(event.tiles[0])}
    if event.kind == "win":
        win = next(wins)
        target = win.seat if win.source is None else win.source
        entry |= {"type": "hora", "target": target, "pai": mjai_name(event.tiles[0]), "deltas": list(win.deltas)}
        if ura:
            entry["ura_markers"] = [mjai_name(tile) for tile in ura]
    return entry


def mjai_from_read(log: TenhouLog) -> list[dict[str, Any]]:
    """The whole log read back, as mjai JSON events."""
    found: list[dict[str, Any]] = [{"type": "start_game", "names": list(log.names)}]
    for read in log.rounds:
        found.append(
            {
                "type": "start_kyoku",
                "bakaze": "ESWN"[read.round_wind],
                "kyoku": read.hand_number + 1,
                "honba": read.honba,
                "kyotaku": read.sticks,
                "oya": read.dealer,
                "dora_marker": mjai_name(read.dora_indicators[0]),
                "scores": list(read.scores),
                "tehais": [[mjai_name(tile) for tile in tiles] for tiles in read.haipai],
            }
        )
        wins = iter(read.end.wins)
        found += [as_mjai(event, wins, read.ura_indicators) for event in read.events]
        if read.end.kind is not EndKind.WIN:
            found.append({"type": "ryukyoku", "deltas": list(read.end.deltas)})
        found.append({"type": "end_kyoku"})
    found.append({"type": "end_game"})
    return found


@pytest.mark.parametrize("seed", SEEDS)
def test_riichienv_replays_what_the_reader_read(seed: int, tmp_path: Path) -> None:
    """What the reader read from the tenhou log, given to riichienv as mjai
    events, replays there hand by hand with the game's wins and each hand's
    end scores (riichienv reads no tenhou.net/6 itself)."""
    record = game(seed)
    path = tmp_path / "read.jsonl"
    path.write_text(log_mjai.dumps(mjai_from_read(read_back(seed))), encoding="utf-8")
    kyokus = list(MjaiReplay.from_jsonl(str(path), rule="tenhou").take_kyokus())
    assert len(kyokus) == len(record.hands)
    for kyoku, hand in zip(kyokus, record.hands, strict=True):
        assert list(kyoku.end_scores) == list(hand.end.scores)
        assert len(list(kyoku.take_win_result_contexts())) == len(hand.result.wins)


class RiichiWhenever(KindDiscarder):
    """Declares riichi whenever it may, else plays as `KindDiscarder`."""

    def choose(self, state: KyokuState, decision: Decision) -> Action:
        for action in decision.legal:
            if action.kind is ActionKind.RIICHI:
                return action
        return super().choose(state, decision)


@pytest.mark.parametrize(
    ("hands", "draws", "kind", "player", "written", "end"),
    [
        (
            FOUR_WINDS,
            "2z2z3z3z",
            "1z",
            KindDiscarder,
            "四風連打",
            EndKind.FOUR_WINDS,
        ),
        (
            TRIPLE_RON,
            "5s",
            "5s",
            KindDiscarder,
            "三家和了",
            EndKind.TRIPLE_RON,
        ),
        (
            {0: "123456789m1235p", 1: "123456789m1235s", 2: "123456789p1236s", 3: "123456789p1237s"},
            "9s9s9s9s",
            "9s",
            RiichiWhenever,
            "四家立直",
            EndKind.FOUR_RIICHI,
        ),
    ],
)
def test_abortive_draws_are_written_by_name_and_read_back(
    hands: dict[int, str], draws: str, kind: str, player: type[KindDiscarder], written: str, end: EndKind
) -> None:
    record = discarding_hand(hands, draws, kind, player)
    assert record.result.kind is end
    array = log_tenhou.hand_log(record)
    assert array[-1] == [written]
    (read,) = read_log({"log": [array]}).rounds
    assert (read.end.kind, read.end.deltas, read.events) == (end, (0, 0, 0, 0), tuple(our_events(record)))


def a_win(tsumo: bool, dealer: bool) -> HandRecord:
    """A hand of one win, by tsumo or ron, by the dealer or not."""
    return next(
        hand
        for seed in SEEDS
        for hand in game(seed).hands
        if len(hand.result.wins) == 1
        and (hand.result.wins[0].source is None) == tsumo
        and (hand.result.wins[0].seat == hand.start.dealer) == dealer
    )


@pytest.mark.parametrize(
    ("tsumo", "dealer", "win", "points", "texts"),
    [
        (True, False, (32000, 0, 0, (("daisangen", 1),), "yakuman"), "役満8000-16000点", ["大三元(役満)"]),
        (True, True, (96000, 0, 0, (("suuankou", 1), ("tsuuiisou", 1)), "yakuman_x2"), "役満32000点∀", []),
        (False, False, (8000, 5, 30, (("riichi", 1), ("chinitsu", 4)), "mangan"), "満貫8000点", []),
        (False, True, (18000, 7, 40, (("honitsu", 3), ("toitoi", 4)), "haneman"), "跳満18000点", []),
    ],
)
def test_limits_and_yakuman_are_written_as_tenhou_writes_them_and_read_back(
    tsumo: bool, dealer: bool, win: tuple[Any, ...], points: str, texts: list[str]
) -> None:
    """Wins no bot game holds, put in place of a real win of the same kind
    (the yaku are made up to reach the limit: the writer takes them as scored)."""
    hand = a_win(tsumo, dealer)
    total, han, fu, yaku, limit = win
    made = replace(hand.result.wins[0], points=total, han=han, fu=fu, yaku=yaku, limit=limit)
    end = replace(hand.end, result=replace(hand.result, wins=(made,)))
    detail = log_tenhou.win_detail(end, made)
    assert detail[3] == points and detail[4 : 4 + len(texts)] == texts
    (read,) = read_log({"log": [log_tenhou.hand_log(replace(hand, end=end))]}).rounds
    (got,) = read.end.wins
    assert (got.points, got.fu) == (points, None)
    if limit.startswith("yakuman"):
        assert (got.yaku, got.han) == (tuple((name, 1) for name, _ in yaku), 0)
    else:
        assert got.yaku == yaku and got.han == han + got.dora + got.ura_dora


def test_nagashi_mangan_is_written_with_its_payments_and_read_back() -> None:
    hand = next(hand for seed in SEEDS for hand in game(seed).hands if hand.result.kind is EndKind.EXHAUSTIVE)
    deltas = (-4000, 8000, -2000, -2000)
    result = HandResult(EndKind.EXHAUSTIVE, deltas, nagashi=frozenset({1}), sticks_left=hand.result.sticks_left)
    array = log_tenhou.hand_log(replace(hand, end=replace(hand.end, result=result)))
    assert array[-1] == ["流し満貫", list(deltas)]
    (read,) = read_log({"log": [array]}).rounds
    assert (read.end.kind, read.end.deltas, read.end.nagashi) == (EndKind.EXHAUSTIVE, deltas, frozenset({1}))
