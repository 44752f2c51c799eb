"""Our own MCR bot games as logs (`tutor play --simulate --rules mcr`),
which the MCR log review's tests and `tutor review --store`'s share: each
seed's game written once per process."""

from __future__ import annotations

import json
from functools import cache

from tutor.engine.game.mcr.match import play_game, write_log
from tutor.engine.game.mcr.state import McrOptions


@cache
def game_log(seed: int) -> str:
    return write_log(play_game(McrOptions(), seed, ["beginner", "fan_route", "beginner", "fan_route"]))


def first_hands(seed: int, count: int) -> list[str]:
    """The log's lines up to its `count`-th hand's end."""
    lines = game_log(seed).splitlines()
    ends = [index for index, line in enumerate(lines) if json.loads(line)["type"] == "end_kyoku"]
    return lines[: ends[count - 1] + 1]
