"""The app's import of a game log (tutor/service/replay_import.py) against
`tutor review --seat 0`'s own reading of it (`review_log.review_file`), as
a ratio: the import is that review (of the seat the replay opens at), the
rounds kept as read (each is replayed for the table only when first
shown), so the ratio stays near 1 however long the log.  Also what showing
a hand first costs (its replay) and what one step of the replay costs
(`GameReplay.at`).  Our own MCR log (a 16-hand
bot game) is played once by the import and that play reviewed and kept,
so its ratio stays near 1 too.

    python -m bench.replay_import [HANDS]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.review_log import logs
from tutor.engine.game.mcr.match import play_game, write_log
from tutor.engine.game.mcr.state import McrOptions
from tutor.quiz.game_replay import GameReplay
from tutor.service.replay_import import import_game
from tutor.service.review_log import review_file


def measured(label: str, path: Path) -> None:
    start = time.perf_counter()
    review_file(path, (0,))
    reviewed = time.perf_counter() - start
    start = time.perf_counter()
    found = import_game(path)
    imported = time.perf_counter() - start
    review = found.review
    if found.mcr_hands:
        replay = GameReplay.of_mcr(review.format, found.mcr_hands, review.mcr_rounds)
    else:
        replay = GameReplay.of(review.format, found.rounds, review.rounds, review.lines, review.seats)
    firsts, steps = [], []
    for index in range(0, len(replay.rounds), max(len(replay.rounds) // 20, 1)):
        start = time.perf_counter()
        replay.jump(index)
        replay.at()
        firsts.append(time.perf_counter() - start)
        while replay.forward():
            start = time.perf_counter()
            replay.at()
            steps.append(time.perf_counter() - start)
    print(
        f"{label}: {len(replay.rounds)} hands; review_file {reviewed:.2f} s, import {imported:.2f} s "
        f"(ratio {imported / reviewed:.2f}); a hand first shown {statistics.median(firsts) * 1000:.1f} ms, "
        f"a step {statistics.median(steps) * 1000:.2f} ms (medians)"
    )


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 500
    tenhou, mjai = logs(count)
    mcr = write_log(play_game(McrOptions(), 1, ["beginner", "fan_route", "beginner", "fan_route"]))
    with tempfile.TemporaryDirectory() as folder:
        for label, name, text in (
            ("tenhou.net/6", "game.json", tenhou),
            ("mjai", "game.mjson", mjai),
            ("MCR (ours)", "mcr.jsonl", mcr),
        ):
            path = Path(folder) / name
            path.write_text(text, encoding="utf-8")
            measured(label, path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
