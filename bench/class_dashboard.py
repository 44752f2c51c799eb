"""The teacher's pages with a class's data in the store (issue 32: "the
teacher's dashboard opens within 2 s with that data").

The data of bench/class_load.py's run (120 learners answering for 5
minutes: 2,700-3,600 answers) written straight into the store, without the
five minutes: N learners join the class, and each has --answers answers
(free drills over a spread of rules, and the ten questions of a seeded fu
assignment) and --turns decisions in a shared play deal, stamped over the
last five minutes.  Then a real `tutor serve --class` on 127.0.0.1 is
asked, as the teacher, for the dashboard, the projector's board, the
seeded sheet, the shared deal and the CSV, --rounds times each; printed
per page: the median and the slowest time to the last byte.

    python -m bench.class_dashboard [learners] [--answers N] [--turns N] [--rounds N]
        [--backends sqlite,postgresql] [--postgres URL] [--busy N]

--busy N keeps N processes spinning on the CPU while the pages are timed:
a machine loaded as by a class's 120 sessions (and whatever else runs).

PostgreSQL is a new database on the server named by --postgres (or
TUTOR_TEST_POSTGRES), dropped at the end, or else a throwaway server
started with .ci/postgres.  Everything is on this machine and bounded.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import aiohttp

from bench.arguments import count_parser
from bench.class_load import Server
from bench.databases import new_database
from bench.store_load import postgres
from tutor.engine.game.actions import Action, ActionKind
from tutor.quiz.classbook import Assignment, ClassBook, open_class_store
from tutor.quiz.deal_turns import DEAL_KIND, decision, situation
from tutor.quiz.plan import DrillPlan
from tutor.quiz.play_session import PlaySession, PlaySetup
from tutor.quiz.store_api import AssignedPlace
from tutor.quiz.stores import STORE_ENV, open_store

CLASS = "Bench"
SHEET_QUESTIONS = 10
LOAD_SECONDS = 300.0
"""The answers are stamped over this many seconds before now, as class_load's run leaves them."""
FREE_KINDS = ("fu-steps", "yaku", "waits", "shanten", "riichi-points", "mcr-fans")
"""The drill kinds the free answers are questions of (their concepts are the dashboard's rows)."""


def fill(learners: int, answers: int, turns: int, rng: random.Random) -> dict[str, str]:
    """The class and its data, in the store TUTOR_STORE names (or the data
    folder's SQLite files); returns the pages' query strings."""
    book = ClassBook(open_class_store(CLASS), CLASS)
    try:
        now = time.time()
        sheet = Assignment(now - 3600, ("fu",), (1,), SHEET_QUESTIONS, 42, "2099-01-01")
        deal = Assignment(now - 3599, (DEAL_KIND,), (), 1, 4242, "2099-01-01")
        book.assign(sheet)
        book.assign(deal)
        sheet_ref, deal_ref = sheet.ref(CLASS), deal.ref(CLASS)
        questions = DrillPlan.assigned(("fu",), (1,), SHEET_QUESTIONS, 42, sheet_ref, set()).questions()
        free = [
            question
            for kind in FREE_KINDS
            for question in DrillPlan.assigned((kind,), (1, 2), 8, 7, "free", set()).questions()
        ]
        session = PlaySession(PlaySetup(seed=4242))
        seen = situation(session)
        tiles = [session.state.kind(slot) for slot in session.hand_order()]
        for number in range(learners):
            name = f"Learner {number:03d}"
            book.join(name)
            store = open_store(name)
            try:
                store.begin_write()
                for index in range(answers):
                    at = now - LOAD_SECONDS * (1 - index / answers) + rng.random()
                    right = rng.random() < 0.7
                    if index < SHEET_QUESTIONS:
                        question = questions[index]
                        fu = question.answer["fu"] + (0 if right else rng.choice((10, 20)))
                        place: AssignedPlace | None = AssignedPlace(sheet_ref, index)
                        response = {"fu": fu}
                    else:
                        question = rng.choice(free)
                        place, response = None, {}
                    store.record_answer(
                        kind=question.kind,
                        level=question.level,
                        seed=question.seed,
                        concept=question.concept,
                        lesson=question.lesson,
                        correct=right,
                        response=json.dumps(response),
                        now=at,
                        place=place,
                    )
                for turn in range(turns):
                    action = Action(0, ActionKind.DISCARD, rng.choice(tiles))
                    store.record_turn(deal_ref, turn, seen, decision(action), now - turns + turn)
                store.commit()
                store.count_answers()
            finally:
                store.close()
    finally:
        book.store.close()
    return {
        "dashboard": "/class",
        "board": "/class/board",
        "sheet": f"/class/sheet?assignment={sheet_ref}",
        "deal": f"/class/deal?assignment={deal_ref}",
        "csv": "/class/results.csv",
    }


async def time_pages(base: str, token: str, pages: dict[str, str], rounds: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {page: [] for page in pages}
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        async with session.get(f"{base}/class/teacher?token={token}") as response:
            if response.status != 200:
                raise SystemExit(f"class_dashboard: the teacher's link answered {response.status}")
        for _ in range(rounds):
            for page, path in pages.items():
                start = time.perf_counter()
                async with session.get(base + path) as response:
                    await response.read()
                    if response.status != 200:
                        raise SystemExit(f"class_dashboard: {path} answered {response.status}")
                times[page].append(time.perf_counter() - start)
    return times


@contextmanager
def postgres_database(given: str | None) -> Iterator[str]:
    """A new database on the server `given` (or a throwaway server), dropped at the end."""
    with postgres(given) as url, new_database(url, "tutor_bench") as database:
        yield database


def run_backend(
    backend: str, learners: int, answers: int, turns: int, rounds: int, postgres: str | None, busy: int = 0
) -> str:
    with tempfile.TemporaryDirectory(prefix="tutor-class-dashboard-") as folder:
        os.environ["TUTOR_DATA_DIR"] = str(Path(folder) / "data")
        os.environ.pop(STORE_ENV, None)
        with postgres_database(postgres) if backend == "postgresql" else _no_database() as url:
            if url:
                os.environ[STORE_ENV] = url
            started = time.perf_counter()
            pages = fill(learners, answers, turns, random.Random(32))
            filled = time.perf_counter() - started
            server = Server(learners, dict(os.environ), url or None, CLASS)
            spinning = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(busy)]
            try:
                times = asyncio.run(time_pages(server.base, server.token, pages, rounds))
            finally:
                for spinner in spinning:
                    spinner.kill()
                    spinner.wait()
                server.stop()
                os.environ.pop(STORE_ENV, None)
    lines = [
        f"{backend}: {learners} learners, {learners * answers} answers, {learners * turns} deal decisions "
        f"(written in {filled:.1f} s); {rounds} rounds, {busy} processes spinning"
    ]
    for page, taken in times.items():
        lines.append(f"  {page:<10} median {statistics.median(taken):.3f} s, slowest {max(taken):.3f} s")
    return "\n".join(lines)


@contextmanager
def _no_database() -> Iterator[str]:
    yield ""


def main(argv: list[str] | None = None) -> int:
    parser = count_parser(__doc__, 120, "learners")
    parser.add_argument("--answers", type=int, default=30, help="answers per learner (default 30)")
    parser.add_argument("--turns", type=int, default=12, help="decisions per learner in the shared deal (default 12)")
    parser.add_argument("--rounds", type=int, default=5, help="times each page is asked for (default 5)")
    parser.add_argument("--backends", default="sqlite,postgresql", help="which backends, comma-separated")
    parser.add_argument("--postgres", default=os.environ.get("TUTOR_TEST_POSTGRES"), help="a PostgreSQL URL")
    parser.add_argument("--busy", type=int, default=0, help="processes spinning on the CPU meanwhile (default 0)")
    args = parser.parse_args(argv)
    backends = [name for name in args.backends.split(",") if name]
    if set(backends) - {"sqlite", "postgresql"}:
        parser.error("the backends are sqlite and postgresql")
    if args.answers < SHEET_QUESTIONS or args.turns < 1 or args.rounds < 1:
        parser.error(f"--answers is at least {SHEET_QUESTIONS}, --turns and --rounds at least 1")
    for backend in backends:
        report = run_backend(backend, args.count, args.answers, args.turns, args.rounds, args.postgres, args.busy)
        print(report, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
