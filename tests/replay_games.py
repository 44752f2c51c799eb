"""Game logs the replay tests import: our own bot games written as
tenhou.net/6 and as mjai, each written once per process to a file."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tests.game_logs import game
from tutor.engine.game import log_mjai, log_tenhou
from tutor.quiz.game_replay import GameReplay
from tutor.service.replay_import import ImportedGame, import_game

SEED = 3
"""An east game whose seat 3 has rule findings of four kinds (riichi in
furiten, a furiten wait, a call without yaku) and seat 0 discard findings."""


def write_log(folder: Path, seed: int = SEED, form: str = "tenhou6") -> Path:
    record = game(seed)
    if form == "mjai":
        path = folder / f"game-{seed}.mjson"
        path.write_text(log_mjai.dumps(log_mjai.game_events(record)), encoding="utf-8")
    else:
        path = folder / f"game-{seed}.json"
        path.write_text(log_tenhou.dumps(log_tenhou.game_log(record)), encoding="utf-8")
    return path


@cache
def imported(folder: Path, seed: int = SEED, form: str = "tenhou6") -> ImportedGame:
    return import_game(write_log(folder, seed, form))


def replay_of(found: ImportedGame) -> GameReplay:
    review = found.review
    return GameReplay.of(review.format, found.rounds, review.rounds, review.lines, review.seats)
