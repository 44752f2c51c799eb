"""The progress store under a classroom's load, on SQLite and on PostgreSQL (issue 32).

N simulated learners answer for a bounded time, each as a served session
does: their own store (a file each on SQLite, their learner key on
PostgreSQL) and their own writer (tutor/quiz/writes.py), a think of 0.2 to
1 s between answers.  Printed per backend: answers given, stored, lost
(given and neither stored nor kept in a pending file: must be 0), and the
time from an answer given to its commit (median, p99, most).

The learners are threads of this one process, where `tutor serve` runs a
process per session: the times include Python's own contention, so they
are an upper bound for the store.  Everything is on this machine:
PostgreSQL is the server named by --postgres (or TUTOR_TEST_POSTGRES), or
else a throwaway one started with .ci/postgres on 127.0.0.1 and removed
at the end.

    python -m bench.store_load [learners] [--seconds S] [--backends sqlite,postgresql]
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from bench.arguments import count_parser
from tutor.quiz.store import Store
from tutor.quiz.store_api import ProgressStore
from tutor.quiz.stores import open_postgres
from tutor.quiz.writes import Answer, Writes

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / ".ci" / "postgres"
THINK = (0.2, 1.0)
"""Seconds a learner thinks between two answers, drawn evenly."""
COMMIT_WAIT = 60.0
"""Seconds an answer may take to be committed before it counts as waiting."""


@dataclass
class Tally:
    given: int = 0
    waiting: int = 0
    times: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def learner(number: int, store: ProgressStore, until: float, tally: Tally) -> int:
    """Answer until `until`; returns how many answers were handed to the pending file at the end."""
    writes = Writes(store)
    chance = random.Random(number)
    given = 0
    while time.monotonic() < until:
        time.sleep(chance.uniform(*THINK))
        answer = Answer("fu", 1, given, f"fu:c{given % 7}", "r07-fu", chance.random() < 0.7, "{}", time.time())
        start = time.perf_counter()
        writes.save(answer)
        committed = writes.idle(COMMIT_WAIT) and not writes.waiting
        took = time.perf_counter() - start
        given += 1
        with tally.lock:
            tally.given += 1
            if committed:
                tally.times.append(took)
            else:
                tally.waiting += 1
    handover = writes.finish(close_store=True)
    return 0 if handover is None else handover.count


def run(backend: str, opener: Callable[[int], ProgressStore], learners: int, seconds: float) -> dict[str, float]:
    stores = [opener(number) for number in range(learners)]
    tally = Tally()
    kept = [0] * learners
    until = time.monotonic() + seconds

    def one(number: int) -> None:
        kept[number] = learner(number, stores[number], until, tally)

    threads = [threading.Thread(target=one, args=(number,)) for number in range(learners)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stored = 0
    for number in range(learners):
        again = opener(number)
        stored += again.answer_count()
        again.close()
    times = sorted(tally.times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))] if times else 0.0
    return {
        "given": tally.given,
        "stored": stored,
        "pending": sum(kept),
        "lost": tally.given - stored - sum(kept),
        "per_second": tally.given / seconds,
        "median_ms": statistics.median(times) * 1000 if times else 0.0,
        "p99_ms": p99 * 1000,
        "most_ms": times[-1] * 1000 if times else 0.0,
    }


@contextmanager
def postgres(url: str | None) -> Iterator[str]:
    """The server to load: the one named, or a throwaway one of .ci/postgres."""
    if url:
        yield url
        return
    folder = Path(tempfile.gettempdir()) / f"tutor-load-{uuid.uuid4().hex[:8]}"
    started = subprocess.run([str(SCRIPT), "start", str(folder)], capture_output=True, text=True, check=False)
    if started.returncode != 0:
        raise SystemExit(f"store_load: no PostgreSQL server could be started: {started.stderr.strip()}")
    try:
        yield started.stdout.strip()
    finally:
        subprocess.run([str(SCRIPT), "stop", str(folder)], capture_output=True, check=False)


def main(argv: list[str] | None = None) -> int:
    parser = count_parser(__doc__, 40, "simulated learners")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the learners answer (default 20)")
    parser.add_argument("--backends", default="sqlite,postgresql", help="which backends, comma-separated")
    parser.add_argument("--postgres", default=os.environ.get("TUTOR_TEST_POSTGRES"), help="a PostgreSQL URL")
    args = parser.parse_args(argv)
    backends = [name for name in args.backends.split(",") if name]
    unknown = set(backends) - {"sqlite", "postgresql"}
    if unknown:
        parser.error(f"unknown backend {sorted(unknown)[0]!r}; the backends are sqlite and postgresql")
    print(f"{args.count} learners answering for {args.seconds:g} s, each a think of {THINK[0]}-{THINK[1]} s")
    lost = 0
    with tempfile.TemporaryDirectory(prefix="tutor-load-") as folder:
        for backend in backends:
            if backend == "sqlite":
                result = run(backend, lambda n: Store.open(Path(folder) / f"l{n}.sqlite3"), args.count, args.seconds)
            else:
                run_key = uuid.uuid4().hex[:8]
                with postgres(args.postgres) as url:
                    result = run(
                        backend,
                        lambda n, url=url, key=run_key: open_postgres(
                            url, f"load-{key}-{n}", Path(folder) / f"l{n}.postgresql"
                        ),
                        args.count,
                        args.seconds,
                    )
            lost += int(result["lost"])
            print(
                f"{backend:10}  given {result['given']:.0f}  stored {result['stored']:.0f}  "
                f"pending {result['pending']:.0f}  lost {result['lost']:.0f}  "
                f"{result['per_second']:.1f} answers/s  commit median {result['median_ms']:.1f} ms  "
                f"p99 {result['p99_ms']:.1f} ms  most {result['most_ms']:.1f} ms"
            )
    return 1 if lost else 0


if __name__ == "__main__":
    raise SystemExit(main())
