"""A class under load, through `tutor serve --class` itself (issue 32).

One `tutor serve --class Load` on 127.0.0.1 (a throwaway data folder; for
PostgreSQL a throwaway server of .ci/postgres, or --postgres URL), and N
simulated learners.  A simulated learner is a browser's traffic, not a
browser: it joins on /join (from its own loopback address, 127.77.x.y, so
the join limit sees N clients), opens the session's web socket with the
cookie, and types keys into its app as a person would -- `d` for drills,
`f` for the fu preset, enter -- then answers fu questions: a number and
enter after a think of --think seconds, waits for the verdict on its
screen, enter for the next question (escape home and a new drill
after the tenth).  Each answer goes the real way: the session's app judges it, shows
the verdict and hands it to its writer, which commits it to the learner's
store (a SQLite file each, or rows in PostgreSQL).

Measured per backend:

* answers confirmed (the verdict was on the learner's screen) and stored,
  and lost: confirmed but neither in the store nor in a learner's pending
  file at the end (must be 0);
* time from the answer's enter key to the verdict on screen, and to the
  answer in the store (a watcher polls every --poll seconds: the store
  times are that much coarse);
* resident memory of the server and its sessions, once all have joined;
  learners join one every --arrival seconds, and --seconds of answering
  are counted from the last join;
* the teacher's dashboard and CSV (opened every 30 s and at the end with
  the class's data): the slowest of each (wanted within 2 s).

Faults (issue 32, reliability): --kill-at S kills the server with SIGKILL S
seconds into the answering, while learners are mid-answer; the sessions see
it go and save what they hold.  --restart-postgres-at S halts the
PostgreSQL server as a crash would, and starts it again --down seconds
later, while learners go on answering.  Either way the run fails if one
confirmed answer is missing afterwards.

    python -m bench.class_load [learners] [--seconds S] [--backends sqlite,postgresql]
        [--kill-at S] [--restart-postgres-at S] [--down S]

Everything is on this machine, bounded in time: learners stop answering
after --seconds, every wait has a deadline, and the server and any
PostgreSQL started here are stopped at the end.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import random
import re
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from bench.arguments import count_parser
from bench.serve_memory import descendants, rss
from tutor.quiz.stores import POSTGRES_SUFFIX, STORE_ENV
from tutor.quiz.writes import pending_path

ROOT = Path(__file__).resolve().parent.parent
POSTGRES = ROOT / ".ci" / "postgres"
ESCAPES = re.compile(rb"\x1b\[[0-9;?$<>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]")
DRILL_LENGTH = 10
"""Questions in a drill (the setup's default length)."""


def question_number(number: int) -> re.Pattern[bytes]:
    """The drill's strip once question `number` is asked (its strip says so again when it is answered)."""
    return re.compile(rb"Question %d of %d" % (number, DRILL_LENGTH))


WAIT = 180.0
"""Seconds any one step of a learner may take before the learner counts as stuck."""
FIRST_SCREEN = 600.0
"""Seconds a session may take to show its first screen (a class's sessions start together)."""
ANSWERS = ("20", "25", "30", "40", "50", "60", "70")
MIB = 1024 * 1024
try:
    import psycopg

    STORE_ERRORS: tuple[type[Exception], ...] = (sqlite3.Error, OSError, psycopg.Error)
except ImportError:
    STORE_ERRORS = (sqlite3.Error, OSError)


class Stuck(Exception):
    """A learner's screen did not show what it waited for."""


@dataclass
class Learner:
    number: int
    name: str
    sent: list[float] = field(default_factory=list)
    """When each answer's enter key was sent (monotonic)."""
    confirmed: int = 0
    to_screen: list[float] = field(default_factory=list)
    to_store: list[float] = field(default_factory=list)
    stored_seen: int = 0
    problem: str = ""


class Screen:
    """What a session's app draws, as text without control sequences, since the last wait.

    A reader task takes every message as it comes, as a browser does: the
    server pings each web socket every 15 s and closes one whose pong is
    late, and a learner thinking must still answer it."""

    def __init__(self, websocket: aiohttp.ClientWebSocketResponse) -> None:
        self.websocket = websocket
        self.raw = b""
        self.ended = ""
        self.changed = asyncio.Event()
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while True:
            message = await self.websocket.receive()
            if message.type == aiohttp.WSMsgType.BINARY:
                self.raw += message.data
            elif message.type != aiohttp.WSMsgType.TEXT:
                self.ended = f"the session ended ({message.type.name})"
                self.changed.set()
                return
            self.changed.set()

    async def keys(self, text: str) -> None:
        await self.websocket.send_str(json.dumps(["stdin", text]))

    async def until(self, pattern: re.Pattern[bytes], wait: float = 0.0) -> re.Match[bytes]:
        """Wait until `pattern` shows in what was drawn since the last wait; that is then forgotten."""
        wait = wait or WAIT
        deadline = time.monotonic() + wait
        while True:
            found = pattern.search(ESCAPES.sub(b"", self.raw))
            if found is not None:
                self.raw = b""
                return found
            if self.ended:
                raise Stuck(self.ended)
            left = deadline - time.monotonic()
            if left <= 0:
                seen = ESCAPES.sub(b"", self.raw)[-300:].decode("utf-8", "replace")
                raise Stuck(f"no {pattern.pattern!r} within {wait:g} s; last drawn: {seen!r}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)

    async def close(self) -> None:
        self.reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.reader
        await self.websocket.close()


VERDICT = re.compile(rb"Right!|Not quite")
HOME = re.compile(rb"Drills")
SETUP = re.compile(rb"Start")
SUMMARY = re.compile(rb"Drill results")


async def learn(
    learner: Learner, base: str, until: Callable[[], float], think: tuple[float, float], ready: Callable[[], None]
) -> None:
    """One learner: join, open the session, answer fu questions until the time `until()` gives."""
    chance = random.Random(learner.number)
    address = f"127.77.{learner.number // 250}.{learner.number % 250 + 1}"
    connector = aiohttp.TCPConnector(local_addr=(address, 0))
    async with aiohttp.ClientSession(connector=connector, cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        try:
            async with session.post(
                f"{base}/join", data={"name": learner.name}, headers={"Origin": base}, allow_redirects=False
            ) as response:
                if response.status != 303:
                    raise Stuck(f"join answered {response.status}")
            websocket = await session.ws_connect(
                base.replace("http", "ws") + "/ws?width=100&height=32", headers={"Origin": base}, max_msg_size=0
            )
        except (aiohttp.ClientError, Stuck) as problem:
            learner.problem = f"could not join: {problem}"
            ready()
            return
        screen = Screen(websocket)
        try:
            await screen.until(HOME, FIRST_SCREEN)
            ready()
            await screen.keys("d")
            await screen.until(SETUP)
            await screen.keys("f\r")
            number = 1
            await screen.until(question_number(number))
            while time.monotonic() < until():
                await asyncio.sleep(chance.uniform(*think))
                learner.sent.append(time.monotonic())
                await screen.keys(chance.choice(ANSWERS) + "\r")
                await screen.until(VERDICT)
                learner.to_screen.append(time.monotonic() - learner.sent[-1])
                learner.confirmed += 1
                await screen.keys("\r")
                if number == DRILL_LENGTH:  # the drill's last question: a new drill
                    await screen.until(SUMMARY)
                    await screen.keys("\x1b")  # back home
                    await screen.until(HOME)
                    await screen.keys("d")
                    await screen.until(SETUP)
                    await screen.keys("f\r")
                    number = 0
                number += 1
                await screen.until(question_number(number))
        except (TimeoutError, Stuck, aiohttp.ClientError, ConnectionError) as problem:
            learner.problem = str(problem) or type(problem).__name__
        finally:
            ready()
            await screen.close()


class Watcher(threading.Thread):
    """Counts each learner's answers in the store every `every` seconds, and
    records how long each took from its enter key to the store."""

    def __init__(self, learners: list[Learner], count: Callable[[], dict[str, int]], every: float) -> None:
        super().__init__(daemon=True)
        self.learners = learners
        self.count = count
        self.every = every
        self.stop = threading.Event()
        self.failures = 0

    def run(self) -> None:
        while not self.stop.wait(self.every):
            try:
                counts = self.count()
            except STORE_ERRORS:  # the store may be down (a restarted PostgreSQL): look again
                self.failures += 1
                continue
            now = time.monotonic()
            for learner in self.learners:
                seen = counts.get(learner.name, 0)
                while learner.stored_seen < min(seen, len(learner.sent)):
                    learner.to_store.append(now - learner.sent[learner.stored_seen])
                    learner.stored_seen += 1


def sqlite_counter(paths: dict[str, Path]) -> Callable[[], dict[str, int]]:
    """Counts of the learners' SQLite files, read again only for a file (or its -wal) that changed."""
    connections: dict[str, sqlite3.Connection] = {}
    stamps: dict[str, tuple[int | bytes, ...]] = {}
    counts: dict[str, int] = {}
    errors: list[str] = []

    def count() -> dict[str, int]:
        for name, path in paths.items():
            if not path.exists():
                continue
            # Taken before the count: a commit after it changes the stamp, and is counted next time.
            stamp = (*_stamp(path), *_stamp(Path(f"{path}-wal")), _wal_index(path))
            if stamps.get(name) == stamp:
                continue
            if name not in connections:
                connections[name] = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1)
            try:
                counts[name] = connections[name].execute("SELECT COUNT(*) FROM answers").fetchone()[0]
                stamps[name] = stamp
            except sqlite3.Error as error:  # opened before the session made its tables: open again
                connections.pop(name).close()
                errors.append(str(error))
        return counts

    return count


def _stamp(path: Path) -> tuple[int, int]:
    """A file's time and size: a commit changes one of them (two commits within one tick of the
    file system's clock have the same time; a commit appends to the -wal)."""
    try:
        found = path.stat()
    except OSError:  # no -wal: checkpointed and closed
        return (0, 0)
    return (found.st_mtime_ns, found.st_size)


def _wal_index(path: Path) -> bytes:
    """The header of a WAL database's index (-shm), which every commit changes
    (its change counter and last frame): a commit that rewrites a -wal of the
    same size within one tick of the clock changes no time or size."""
    try:
        with Path(f"{path}-shm").open("rb") as index:
            return index.read(48)
    except OSError:
        return b""


def sqlite_final(paths: dict[str, Path]) -> dict[str, int]:
    """Each learner's answers in their SQLite file, read afresh."""
    counts: dict[str, int] = {}
    for name, path in paths.items():
        if path.exists():
            with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)) as connection:
                counts[name] = connection.execute("SELECT COUNT(*) FROM answers").fetchone()[0]
    return counts


def postgres_counter(url: str, keys: dict[str, str]) -> Callable[[], dict[str, int]]:
    """Counts of the learners' rows in PostgreSQL, one query a round (a new connection after a failure)."""
    held: list[Any] = []
    names = {key: name for name, key in keys.items()}

    def count() -> dict[str, int]:
        if not held:
            held.append(psycopg.connect(url, autocommit=True, connect_timeout=2))
        try:
            rows = held[0].execute("SELECT learner, COUNT(*) FROM answers GROUP BY learner").fetchall()
        except psycopg.Error:
            held.pop().close()
            raise
        return {names[key]: int(number) for key, number in rows if key in names}

    return count


@dataclass
class Teacher:
    base: str
    token: str
    dashboard: list[float] = field(default_factory=list)
    csv: list[float] = field(default_factory=list)
    csv_rows: int = 0

    async def look(self, session: aiohttp.ClientSession) -> None:
        """Open the dashboard and the CSV once, timing each."""
        for path, times in (("/class", self.dashboard), ("/class/results.csv", self.csv)):
            start = time.perf_counter()
            async with session.get(self.base + path) as response:
                body = await response.text()
                if response.status != 200:
                    raise Stuck(f"{path} answered {response.status}")
            times.append(time.perf_counter() - start)
            if path.endswith(".csv"):
                self.csv_rows = body.count("\n") - 1

    async def watch(self, until: asyncio.Event) -> None:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
            async with session.get(f"{self.base}/class/teacher?token={self.token}") as response:
                assert response.status == 200, response.status
            while True:
                with contextlib.suppress(aiohttp.ClientError, Stuck, asyncio.TimeoutError):
                    await self.look(session)
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(until.wait(), 30)
                    return


class Server:
    """`tutor serve --class NAME` (Load) on a free port of 127.0.0.1."""

    def __init__(self, sessions: int, environment: dict[str, str], store: str | None, name: str = "Load") -> None:
        command = [sys.executable, "-m", "tutor", "serve", "--port", "0", "--class", name, "--lang", "en"]
        command += ["--max-sessions", str(sessions), *(["--store", store] if store else [])]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=environment
        )
        assert self.process.stdout is not None
        lines = [self.process.stdout.readline() for _ in range(3)]
        found = re.search(r"(http://127\.0\.0\.1:\d+)", lines[0])
        token = re.search(r"token=(\S+)", lines[1])
        if found is None or token is None:
            self.process.kill()
            raise SystemExit(f"class_load: tutor serve did not start: {lines}")
        self.base = found.group(1)
        self.token = token.group(1)
        self.sessions: set[int] = set()
        """Session processes seen (to wait for them after a kill -9 of the server)."""

    def note_sessions(self) -> None:
        self.sessions |= set(descendants(self.process.pid))

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.process.wait()


def gone(pids: set[int], seconds: float) -> bool:
    """Wait until none of `pids` runs (session processes end after their server)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not any(Path(f"/proc/{pid}").exists() and _running(pid) for pid in pids):
            return True
        time.sleep(0.2)
    return False


def _running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def percentile(values: list[float], part: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * part))] if ordered else float("nan")


@dataclass
class Run:
    backend: str
    learners: int
    seconds: float
    think: tuple[float, float]
    poll: float
    kill_at: float | None = None
    restart_at: float | None = None
    down: float = 5.0
    postgres: str | None = None
    arrival: float = 3.0


async def load(run: Run, folder: Path) -> dict[str, Any]:
    environment = {**os.environ, "TUTOR_DATA_DIR": str(folder / "data")}
    environment.pop(STORE_ENV, None)
    os.environ["TUTOR_DATA_DIR"] = environment["TUTOR_DATA_DIR"]  # where learner_path looks, here too
    # Not inside `folder`: the server runs as the postgres user, who cannot enter a private temporary folder.
    pg_folder = Path(tempfile.gettempdir()) / f"tutor-class-load-pg-{uuid.uuid4().hex[:8]}"
    url = run.postgres
    if run.backend == "postgresql" and url is None:
        started = subprocess.run(
            [str(POSTGRES), "start", str(pg_folder)],
            capture_output=True,
            text=True,
            env={**os.environ, "TUTOR_PG_MAX_CONNECTIONS": str(3 * run.learners + 20)},
            check=False,
        )
        if started.returncode != 0:
            raise SystemExit(f"class_load: no PostgreSQL server: {started.stderr.strip()}")
        url = started.stdout.strip()
    try:
        return await _load_on(run, url, pg_folder, environment)
    finally:
        if run.backend == "postgresql" and run.postgres is None:
            subprocess.run([str(POSTGRES), "stop", str(pg_folder)], check=False, capture_output=True)


async def _load_on(run: Run, url: str | None, pg_folder: Path, environment: dict[str, str]) -> dict[str, Any]:
    from tutor.quiz.store import learner_key, learner_path

    learners = [Learner(number, f"Learner {number:03d} {uuid.uuid4().hex[:4]}") for number in range(run.learners)]
    server = Server(run.learners, environment, url if run.backend == "postgresql" else None)
    if url is not None and run.backend == "postgresql":
        counter = postgres_counter(url, {learner.name: learner_key(learner.name) for learner in learners})
    else:
        counter = sqlite_counter({learner.name: learner_path(learner.name) for learner in learners})
    watcher = Watcher(learners, counter, run.poll)
    watcher.start()
    teacher = Teacher(server.base, server.token)
    result: dict[str, Any] = {"backend": run.backend, "learners": run.learners}
    try:
        joined = 0
        all_joined = asyncio.Event()

        def ready() -> None:
            nonlocal joined
            joined += 1
            if joined >= run.learners:
                all_joined.set()

        # Learners arrive one every `arrival` seconds (each session's app takes a few seconds of
        # CPU to start) and answer from then on; the `seconds` counted start once all have joined.
        deadline = [math.inf]

        async def arrive(learner: Learner) -> None:
            await asyncio.sleep(run.arrival * learner.number)
            await learn(learner, server.base, lambda: deadline[0], run.think, ready)

        tasks = [asyncio.create_task(arrive(learner)) for learner in learners]
        await asyncio.wait_for(all_joined.wait(), run.arrival * run.learners + FIRST_SCREEN)
        answering = time.monotonic()
        deadline[0] = answering + run.seconds
        server.note_sessions()
        result["server_mib"] = rss(server.process.pid) / MIB
        session_pids = descendants(server.process.pid)
        result["sessions_open"] = len(session_pids)
        result["per_session_mib"] = sum(rss(pid) for pid in session_pids) / max(1, len(session_pids)) / MIB
        done = asyncio.Event()
        watching = asyncio.create_task(teacher.watch(done))
        if run.kill_at is not None or run.restart_at is not None:
            # Faults are timed from when every learner has had an answer confirmed (or given up).
            while not all(learner.confirmed or learner.problem for learner in learners):
                await asyncio.sleep(0.1)
            answered = time.monotonic()
        if run.kill_at is not None:
            await asyncio.sleep(max(0.0, answered + run.kill_at - time.monotonic()))
            # Then at a moment when a learner has pressed enter and not yet seen the verdict (10 s at most).
            waited = time.monotonic() + 10
            while time.monotonic() < waited and not any(len(learner.sent) > learner.confirmed for learner in learners):
                await asyncio.sleep(0.001)
            server.note_sessions()
            mid = sum(1 for learner in learners if len(learner.sent) > learner.confirmed)
            os.kill(server.process.pid, signal.SIGKILL)
            result["killed_mid_answer"] = mid
        if run.restart_at is not None:
            await asyncio.sleep(max(0.0, answered + run.restart_at - time.monotonic()))
            subprocess.run([str(POSTGRES), "halt", str(pg_folder)], check=True, capture_output=True)
            await asyncio.sleep(run.down)
            subprocess.run(
                [str(POSTGRES), "start", str(pg_folder)],
                check=True,
                capture_output=True,
                env={**os.environ, "TUTOR_PG_MAX_CONNECTIONS": str(3 * run.learners + 20)},
            )
        await asyncio.gather(*tasks)
        result["answering_s"] = time.monotonic() - answering
        if run.kill_at is None:
            done.set()
            await watching
            # The teacher's last look, with all the class's answers in.
            async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
                # Opened again once after an error, as a teacher reloads (a first read after a
                # PostgreSQL restart finds the server's connection gone).
                statuses = []
                for _ in range(2):
                    async with session.get(f"{teacher.base}/class/teacher?token={teacher.token}") as response:
                        statuses.append(response.status)
                    if response.status == 200:
                        break
                result["teacher_link_statuses"] = statuses
                result["teacher_link_status"] = statuses[-1]
                try:
                    await teacher.look(session)
                except Stuck as problem:
                    result["teacher_problem"] = str(problem)
        else:
            watching.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watching
    finally:
        server.note_sessions()
        server.stop()
        result["sessions_ended"] = gone(server.sessions, 120)
        watcher.stop.set()
        watcher.join()
    # What is there afterwards: the store, and each learner's pending file (saved at their next session).
    if run.backend == "sqlite":
        final = sqlite_final({learner.name: learner_path(learner.name) for learner in learners})
    else:
        final = _retry(counter)
    pending = 0
    lost = 0
    for learner in learners:
        place = learner_path(learner.name)
        if run.backend == "postgresql":
            place = place.with_suffix(POSTGRES_SUFFIX)
        pending_file = pending_path(place)
        waiting = len(pending_file.read_text(encoding="utf-8").splitlines()) if pending_file.exists() else 0
        pending += waiting
        lost += max(0, learner.confirmed - final.get(learner.name, 0) - waiting)
    screen_times = [value for learner in learners for value in learner.to_screen]
    store_times = [value for learner in learners for value in learner.to_store]
    result.update(
        confirmed=sum(learner.confirmed for learner in learners),
        sent=sum(len(learner.sent) for learner in learners),
        stored=sum(final.values()),
        pending=pending,
        lost=lost,
        stuck=[learner.problem for learner in learners if learner.problem],
        screen_median_ms=statistics.median(screen_times) * 1000 if screen_times else float("nan"),
        screen_p99_ms=percentile(screen_times, 0.99) * 1000,
        store_median_ms=statistics.median(store_times) * 1000 if store_times else float("nan"),
        store_p99_ms=percentile(store_times, 0.99) * 1000,
        store_most_ms=max(store_times, default=float("nan")) * 1000,
        dashboard_most_s=max(teacher.dashboard, default=float("nan")),
        dashboard_last_s=teacher.dashboard[-1] if teacher.dashboard else float("nan"),
        csv_most_s=max(teacher.csv, default=float("nan")),
        csv_rows=teacher.csv_rows,
        watcher_failures=watcher.failures,
        slowest_to_store=sorted(
            (
                (round(took * 1000), learner.number, index + 1)
                for learner in learners
                for index, took in enumerate(learner.to_store)
            ),
            reverse=True,
        )[:5],
    )
    return result


def _retry(counter: Callable[[], dict[str, int]]) -> dict[str, int]:
    for _ in range(30):
        with contextlib.suppress(*STORE_ERRORS):
            return counter()
        time.sleep(1)
    return counter()


def report(result: dict[str, Any]) -> str:
    lines = [
        f"{result['backend']}: {result['learners']} learners, {result.get('sessions_open', 0)} sessions open, "
        f"answering {result.get('answering_s', 0):.0f} s",
        f"  answers sent {result['sent']}, confirmed on screen {result['confirmed']}, "
        f"stored {result['stored']}, pending {result['pending']}, lost {result['lost']}",
        f"  enter -> verdict on screen: median {result['screen_median_ms']:.0f} ms, p99 {result['screen_p99_ms']:.0f} ms",
        f"  enter -> in the store: median {result['store_median_ms']:.0f} ms, p99 {result['store_p99_ms']:.0f} ms, "
        f"most {result['store_most_ms']:.0f} ms",
        f"  memory: server {result.get('server_mib', 0):.0f} MiB, {result.get('per_session_mib', 0):.1f} MiB RSS a session",
        f"  dashboard slowest {result['dashboard_most_s']:.2f} s (last, all data {result['dashboard_last_s']:.2f} s), "
        f"CSV slowest {result['csv_most_s']:.2f} s ({result['csv_rows']} rows)",
    ]
    if "killed_mid_answer" in result:
        lines.append(f"  kill -9 of the server with {result['killed_mid_answer']} learners mid-answer")
    if not result["sessions_ended"]:
        lines.append("  SESSIONS STILL RUNNING after the server stopped")
    if "teacher_problem" in result or result.get("teacher_link_status", 200) != 200:
        lines.append(
            f"  THE TEACHER'S LAST LOOK FAILED: link {result.get('teacher_link_status')}, {result.get('teacher_problem', '')}"
        )
    if result["stuck"]:
        lines.append(f"  {len(result['stuck'])} learners stopped early, e.g. {result['stuck'][0]}")
    return "\n".join(lines)


def _interrupted(number: int, frame: object) -> None:
    raise KeyboardInterrupt  # SIGTERM too stops the server and any PostgreSQL started here (the finally blocks)


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGTERM, _interrupted)
    parser = count_parser(__doc__, 120, "simulated learners")
    parser.add_argument("--seconds", type=float, default=300.0, help="how long the learners answer (default 300)")
    parser.add_argument("--backends", default="sqlite,postgresql", help="which backends, comma-separated")
    parser.add_argument("--postgres", default=None, help="a PostgreSQL URL (default: a throwaway server)")
    parser.add_argument("--think", default="5,15", help="seconds between a verdict and the next answer, MIN,MOST")
    parser.add_argument("--poll", type=float, default=0.05, help="seconds between two looks at the store")
    parser.add_argument("--kill-at", type=float, help="kill -9 the server this many seconds into the answering")
    parser.add_argument("--restart-postgres-at", type=float, help="halt and restart PostgreSQL at this second")
    parser.add_argument("--down", type=float, default=5.0, help="seconds PostgreSQL stays down (default 5)")
    parser.add_argument("--arrival", type=float, default=3.0, help="seconds between two learners joining (default 3)")
    parser.add_argument("--json", action="store_true", help="print each result as JSON too")
    args = parser.parse_args(argv)
    backends = [name for name in args.backends.split(",") if name]
    if set(backends) - {"sqlite", "postgresql"}:
        parser.error("the backends are sqlite and postgresql")
    try:
        low, high = (float(part) for part in args.think.split(","))
    except ValueError:
        parser.error("--think is MIN,MOST in seconds")
    if args.restart_postgres_at is not None and (backends != ["postgresql"] or args.postgres):
        parser.error("--restart-postgres-at needs --backends postgresql and the throwaway server")
    failed = False
    for backend in backends:
        run = Run(
            backend, args.count, args.seconds, (low, high), args.poll, args.kill_at, args.restart_postgres_at, args.down
        )
        run.postgres = args.postgres
        run.arrival = args.arrival
        with tempfile.TemporaryDirectory(prefix="tutor-class-load-") as folder:
            result = asyncio.run(load(run, Path(folder)))
        print(report(result), flush=True)
        if args.json:
            print(json.dumps(result, default=str), flush=True)
        failed |= bool(result["lost"]) or not result["sessions_ended"] or "teacher_problem" in result
        failed |= result.get("teacher_link_status", 200) != 200
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
