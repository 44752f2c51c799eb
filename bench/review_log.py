"""A 500-hand log imported and reviewed (issue 31: at most 2 s on this
machine is the aim; a benchmark, not a timed test), and riichienv's own
agent games reviewed: how many wins, and how many of their deltas are ours.

From `review_rounds.LONG_LOG` rounds, with a second core, the later half
of the rounds is reviewed in a second process; seat 0's review in this
process alone is timed too, and from how many rounds the split pays.

The log is bot-only games of this tutor (east-south, the intermediate bots)
joined into one tenhou.net/6 object of 500 rounds, and the same hands as
mjai JSON lines.  Each is timed read (parse and play-back), replayed
through the rules, and reviewed with findings for one seat and for all four;
and imported as the app imports it (`replay_import.import_game`, from a file).
The work of seat 0's findings is counted too (the shanten and ukeire
counts the efficiency findings make, the waits asked, the decisions
listed): unlike the times, those counts do not depend on the machine's load.

    python -m bench.review_log [HANDS] [RIICHIENV_GAMES]
"""

from __future__ import annotations

import cProfile
import json
import pstats
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Final

from bench.riichienv_logs import agent_game, as_text
from tutor.engine.game import log_mjai, log_tenhou
from tutor.engine.game.intermediate import IntermediateBot
from tutor.engine.game.log_review import review_round
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.replay import replay
from tutor.engine.game.simulate import HandRecord, play_game
from tutor.service.replay_import import import_game
from tutor.service.review_log import LogRefused, read_log, review_json, review_text
from tutor.service.review_rounds import LONG_LOG, review_rounds, reviewed


def hands(count: int) -> list[HandRecord]:
    found: list[HandRecord] = []
    seed = 0
    while len(found) < count:
        record = play_game(RiichiOptions(), seed, [IntermediateBot(f"bench/{seed}/{seat}") for seat in range(4)])
        found.extend(record.hands)
        seed += 1
    return found[:count]


def logs(count: int) -> tuple[str, str]:
    played = hands(count)
    tenhou = {"name": ["a", "b", "c", "d"], "rule": {"disp": "般南喰", "aka": 0}, "log": []}
    tenhou["log"] = [log_tenhou.hand_log(hand) for hand in played]
    mjai = [{"type": "start_game", "names": ["a", "b", "c", "d"]}]
    for hand in played:
        mjai.extend(log_mjai.hand_events(hand))
    mjai.append({"type": "end_game"})
    return json.dumps(tenhou, ensure_ascii=False), log_mjai.dumps(mjai)


def timed(label: str, text: str) -> None:
    start = time.perf_counter()
    _, log = read_log(text)
    read = time.perf_counter() - start
    timings = []
    for seats in ((), (0,), (0, 1, 2, 3)):
        start = time.perf_counter()
        review = review_text(text, seats)
        timings.append(time.perf_counter() - start)
    findings = sum(len(found.findings) for found in review.rounds)
    print(
        f"{label}: {len(log.rounds)} hands, {len(text):,} characters; read {read:.2f} s; "
        f"read, replayed and reviewed: no findings {timings[0]:.2f} s, seat 0 {timings[1]:.2f} s, "
        f"every seat {timings[2]:.2f} s ({findings} findings)"
    )
    start = time.perf_counter()
    _, log = read_log(text)
    reviewed(log.rounds, (0,))
    print(
        f"{label}: seat 0 in this process alone (review_rounds.reviewed, with the read) "
        f"{time.perf_counter() - start:.2f} s; from {LONG_LOG} rounds the review takes a second process"
    )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.log"
        path.write_text(text, encoding="utf-8")
        start = time.perf_counter()
        import_game(path)
        print(f"{label}: the app's import (replay_import.import_game) {time.perf_counter() - start:.2f} s")


def split_pays(text: str) -> None:
    """Where a second process starts to pay: the same rounds (from the 200th
    on, memo tables filled as in the app) reviewed for seat 0 in this process
    alone and split with a second one, best of three, by how many there are."""
    _, log = read_log(text)
    reviewed(log.rounds[:100], (0,))
    for count in (50, 100, 150, 200):
        found = log.rounds[200 : 200 + count]
        alone, split = [], []
        for _ in range(3):
            start = time.perf_counter()
            reviewed(found, (0,))
            alone.append(time.perf_counter() - start)
            start = time.perf_counter()
            review_rounds(found, (0,), least=1)
            split.append(time.perf_counter() - start)
        print(f"{count} rounds, seat 0: one process {min(alone):.2f} s, split in two {min(split):.2f} s")


WORK: Final = {
    ("counting.py", "minimum"): "shanten counts",
    ("counting.py", "ukeire_sum"): "ukeire counts",
    ("counting.py", "ukeire_of"): "ukeire lists",
    ("waits.py", "winning_tiles"): "waits",
    ("legal.py", "decision_for"): "decisions",
}


def work(text: str) -> None:
    """How many of the costly counts seat 0's findings make, from a profile of the review alone."""
    _, log = read_log(text)
    hands = [replay(round_) for round_ in log.rounds]
    profile = cProfile.Profile()
    profile.enable()
    for hand in hands:
        review_round(hand, (0,))
    profile.disable()
    counted: Counter[str] = Counter()
    for (path, _, name), (_, calls, *_) in pstats.Stats(profile).stats.items():  # type: ignore[attr-defined]
        label = WORK.get((path.rsplit("/", 1)[-1], name))
        if label:
            counted[label] += calls
    print("seat 0's findings: " + ", ".join(f"{label} {counted[label]:,}" for label in WORK.values()))


def riichienv(games: int) -> None:
    counted: Counter[str] = Counter()
    start = time.perf_counter()
    for seed in range(games):
        try:
            review = review_json(review_text(as_text(agent_game(seed))))
        except LogRefused as refused:
            counted["refused"] += 1
            print(f"riichienv game {seed} refused: {refused.args}")
            continue
        for found in review["rounds"]:
            counted["hands"] += 1
            for result in found["results"]:
                counted[f"{result['type']} {'agree' if result['agree'] else 'differ'}"] += 1
    took = time.perf_counter() - start
    print(f"riichienv agent games: {games} games in {took:.1f} s (their play included): {dict(counted)}")


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 500
    games = int(argv[1]) if len(argv) > 1 else 50
    tenhou, mjai = logs(count)
    timed("tenhou.net/6", tenhou)
    timed("mjai", mjai)
    split_pays(tenhou)
    work(mjai)
    riichienv(games)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
