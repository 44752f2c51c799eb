"""A riichi log's rounds played again and reviewed (`replay`, then
`log_review.review_round`): one after the other, or, for a long log on a
machine with a second core, the later half in a second Python process.

Each round replays and is reviewed on its own, and the work is Python from
end to end: threads would take turns on one core, so a long log (a
season's, a tournament's: hundreds of rounds) is the one case where a
second process pays for its start.  A usual game of a dozen rounds stays in
this process.  The second process is a fresh interpreter running this
module (`python -m tutor.service.review_rounds`), its rounds and its
reviews passed as pickles through a file and a pipe: unlike
multiprocessing's children it never runs the caller's main script again,
and it copies nothing of the app's threads.

Either way the reviews are the same, in the rounds' order, and a round the
rules refuse raises the LogError of the first such round in that order.
Where no second process can be started, or one fails, its rounds are
reviewed here: never an error of its own.
"""

from __future__ import annotations

import gc
import os
import pickle
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from tutor.engine.game.log_review import RoundReview, review_round
from tutor.engine.game.read_tenhou import LogError, LogRound
from tutor.engine.game.replay import replay

LONG_LOG: Final = 150
"""Rounds from which the later half goes to a second process: about where
its start (an interpreter, then memo tables filled from empty) is paid back
(`bench.review_log` prints it); a game holds about a dozen."""
PATIENCE: Final = 10.0
"""Seconds a second process is waited for at least, beyond three times
this process's own half: a machine busy elsewhere slows both alike."""

COMMAND: Final = (sys.executable, "-P", "-m", __name__)
"""`-P`: the working folder is not put first on the path, where a `tutor`
or a `pickle.py` of the learner's would be imported instead of ours."""
ROOT: Final = str(Path(__file__).resolve().parents[2])
"""The folder holding the `tutor` package, put on the second process's path
(a checkout run without installing finds the package this way too)."""


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector held off while rounds are reviewed: the
    replay makes a new state at every step and the collector kept walking
    the objects held, a tenth of the review's time, for no garbage (the
    states and findings hold no cycles: the process's peak memory is the
    same without it).  Turned back on, if it was on, however the review ends."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def reviewed(rounds: Sequence[LogRound], seats: tuple[int, ...]) -> list[RoundReview]:
    """The rounds reviewed one after the other, here."""
    with collector_paused():
        return [review_round(replay(round_), seats) for round_ in rounds]


def review_rounds(rounds: Sequence[LogRound], seats: tuple[int, ...], least: int = LONG_LOG) -> list[RoundReview]:
    """Every round's review with the findings of `seats`, in order; raises
    the first round's LogError.  From `least` rounds on, and with a second
    core, the later half is reviewed in a second process meanwhile."""
    if len(rounds) < least or _cores() < 2:
        return reviewed(rounds, seats)
    split = len(rounds) // 2
    apart = start(rounds[split:], seats)
    if apart is None:
        return reviewed(rounds, seats)
    began = time.monotonic()
    try:
        first = reviewed(rounds[:split], seats)
    except BaseException:
        apart.stop()  # a refusal here is the first in order: the later half's answer is not needed
        raise
    # The other half is as much work: a process still at it long after is
    # stuck, and its rounds are reviewed here instead.
    rest = apart.result(timeout=max(PATIENCE, 3 * (time.monotonic() - began)))
    return first + (reviewed(rounds[split:], seats) if rest is None else rest)


def _cores() -> int:
    """The cores this process may run on (a container or `taskset` may give fewer than the machine has)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


@dataclass
class Apart:
    """Rounds being reviewed in a second process."""

    process: subprocess.Popen[bytes]
    rounds: int
    """How many rounds it was given: its answer holds one review each."""

    def result(self, timeout: float | None = None) -> list[RoundReview] | None:
        """The reviews, or None if the process failed or took longer than
        `timeout` seconds (it is stopped then); raises the LogError of a round it refused."""
        try:
            output, _ = self.process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.stop()
            return None
        if self.process.returncode != 0:
            return None
        try:
            answer = pickle.loads(output)
        except Exception:  # noqa: BLE001 - our own child's pipe: anything but its answer is its failure
            return None
        if isinstance(answer, LogError):
            raise answer
        if not isinstance(answer, list) or len(answer) != self.rounds:
            return None
        if not all(isinstance(item, RoundReview) for item in answer):
            return None
        return answer

    def stop(self) -> None:
        self.process.kill()
        self.process.communicate()


def start(rounds: Sequence[LogRound], seats: tuple[int, ...]) -> Apart | None:
    """The rounds handed to a second process, or None where none can start.
    They go through a temporary file, so that this process goes on at once
    rather than waiting for the other to read a pipe."""
    path = os.pathsep.join(filter(None, (ROOT, os.environ.get("PYTHONPATH"))))
    try:
        with tempfile.TemporaryFile() as given:
            pickle.dump((tuple(rounds), seats), given, protocol=pickle.HIGHEST_PROTOCOL)
            given.seek(0)
            process = subprocess.Popen(
                COMMAND,
                stdin=given,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                env={**os.environ, "PYTHONPATH": path},
            )
    except Exception:  # noqa: BLE001 - no process here (none left, no interpreter to run): the rounds stay here
        return None
    return Apart(process, len(rounds))


def _serve() -> int:
    """The second process: rounds and seats in on stdin, their reviews (or
    the first round's LogError) out on stdout, as pickles."""
    rounds, seats = pickle.load(sys.stdin.buffer)
    try:
        answer: object = reviewed(rounds, seats)
    except LogError as error:
        answer = error
    sys.stdout.buffer.write(pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL))
    return 0


if __name__ == "__main__":
    raise SystemExit(_serve())
