"""A whole riichi game written as an mjai log (issue 29): the scores it
carries are the game's, it reads back unchanged, and riichienv, an engine
nobody here wrote, replays it with the same hands, wins and scores."""

from __future__ import annotations

from pathlib import Path

import pytest
from riichienv import MjaiReplay

from tutor.engine.game import log_mjai
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.simulate import GameRecord, play_game

SEEDS = (0, 1, 2)


def game(seed: int) -> GameRecord:
    players = [BeginnerBot(f"log/{seed}/{seat}") for seat in range(4)]
    return play_game(RiichiOptions(length="east"), f"log/{seed}", players)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_log_carries_each_hands_scores_and_reads_back(seed: int) -> None:
    record = game(seed)
    events = log_mjai.game_events(record)
    assert events[0]["type"] == "start_game" and events[-1] == {"type": "end_game", "scores": list(record.end.scores)}
    ends = [index for index, entry in enumerate(events) if entry["type"] == "end_kyoku"]
    assert len(ends) == len(record.hands)
    scores = list(record.hands[0].start.scores)
    for index, entry in enumerate(events):
        if "scores" in entry and entry["type"] not in ("start_kyoku", "end_game"):
            scores = entry["scores"]
        if index in ends:
            assert scores == list(record.hands[ends.index(index)].end.scores)
    assert log_mjai.loads(log_mjai.dumps(events)) == events


@pytest.mark.parametrize("seed", SEEDS)
def test_riichienv_replays_the_log_with_the_same_hands_wins_and_scores(seed: int, tmp_path: Path) -> None:
    record = game(seed)
    path = tmp_path / "game.jsonl"
    path.write_text(log_mjai.dumps(log_mjai.game_events(record)), encoding="utf-8")
    kyokus = list(MjaiReplay.from_jsonl(str(path), rule="tenhou").take_kyokus())
    assert len(kyokus) == len(record.hands)
    for kyoku, hand in zip(kyokus, record.hands, strict=True):
        assert list(kyoku.end_scores) == list(hand.end.scores)
        assert len(list(kyoku.take_win_result_contexts())) == len(hand.result.wins)


@pytest.mark.parametrize(
    ("text", "line", "code"),
    [
        ('{"type":"start_game"}\n{"type":', 2, "not_json"),
        ('{"type":"start_game"}\n\n[1, 2]\n', 3, "not_event"),
        ('{"kind":"dahai"}', 1, "not_event"),
    ],
)
def test_a_bad_line_is_named_by_its_number_and_what_is_wrong(text: str, line: int, code: str) -> None:
    with pytest.raises(log_mjai.LogError) as refused:
        log_mjai.loads(text)
    assert (refused.value.line, refused.value.code) == (line, code)
