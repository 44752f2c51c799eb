"""Bot games the log tests share: the seeds of the tenhou log tests, chosen
for the events they hold, and each seed's game, played once per process."""

from __future__ import annotations

from functools import cache

from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.simulate import GameRecord, play_game

SEEDS = (*range(12), 13, 59)
"""Fourteen east games: chi, pon, every kan, riichi, exhaustive draws (one
with all four tenpai), nine terminals and two double rons among them."""


@cache
def game(seed: int) -> GameRecord:
    players = [BeginnerBot(f"log/{seed}/{seat}") for seat in range(4)]
    return play_game(RiichiOptions(length="east"), f"log/{seed}", players)
