"""`tutor serve --class NAME` (issue 32, "The teacher"): learners join with a
name, only the teacher's token reaches the dashboard, the CSV and a
learner's deletion, and no name typed reaches another learner's data or a
file outside the data folder.

The pages are served in-process by aiohttp's test server from the real
ClassroomServer application, against SQLite and (with TUTOR_TEST_POSTGRES)
PostgreSQL; one test starts `tutor serve --class` itself.
"""

from __future__ import annotations

import asyncio
import csv
import io
import json
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer, make_mocked_request

from tests.helpers import wait_for
from tests.postgres_helpers import fresh_database
from tests.store_fixtures import V1_ANSWERS, V1_FILE, V4_DEAL, V4_FILE, V4_TURNS
from tutor.classroom import BOARD_PAGE, JOIN_BURST, JOIN_EVERY, LEARNER_COOKIE, ClassPages, JoinLimiter, read_assignment
from tutor.cli import main as cli_main
from tutor.engine.game.actions import Action, ActionKind
from tutor.engine.tiles import tile_name
from tutor.quiz.class_trend import trend
from tutor.quiz.class_words import concept_label
from tutor.quiz.classbook import Assignment, ClassBook, Member, class_place, open_class_store, token_hash
from tutor.quiz.deal_turns import DEAL_KIND, END, END_TURN, decision, read_situation, situation
from tutor.quiz.migrations import SCHEMA_VERSION
from tutor.quiz.plan import DrillPlan
from tutor.quiz.play_session import PlaySession, PlaySetup
from tutor.quiz.store import DAY, Store, data_folder, learner_key, learner_path
from tutor.quiz.store_api import AssignedPlace
from tutor.quiz.stores import STORE_ENV, open_store
from tutor.serve import ClassroomServer, bind
from tutor.ui.app import TutorApp
from tutor.ui.screens.home import HomeScreen
from tutor.ui.screens.learner import LearnerScreen

HOSTILE_NAMES = (
    "../../../etc/passwd",
    "x' OR 1=1; DROP TABLE answers; --",
    "..\\..\\windows",
    "김민준",
    "Zoë",
    "<script>alert(1)</script>",
    "a" * 40,
)


class Clock:
    """A clock the join limiter reads, moved by the test: no sleeping."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Classroom:
    client: TestClient
    book: ClassBook
    token: str
    clock: Clock

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.client.port}"

    async def join(self, name: str, code: str = "") -> int:
        """Join as `name` on a fresh client's behalf; the cookie stays in this client's jar."""
        response = await self.client.post(
            "/join", data={"name": name, "code": code}, headers={"Origin": self.origin}, allow_redirects=False
        )
        return response.status

    async def as_teacher(self) -> None:
        response = await self.client.get(f"/class/teacher?token={self.token}", allow_redirects=False)
        assert response.status == 303 and response.headers["Location"] == "/class"


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    if request.param == "sqlite":
        monkeypatch.delenv(STORE_ENV, raising=False)
        yield request.param
        return
    with fresh_database() as url:
        monkeypatch.setenv(STORE_ENV, url)
        yield request.param


async def start_class(language: str = "en", code: str = "") -> tuple[TestClient, ClassBook, str, Clock]:
    listener = bind(0)
    server = ClassroomServer("true", listener, max_sessions=2, title="Mahjong Tutor")
    book = ClassBook(open_class_store("Club A"), "Club A")
    token = book.start(language, code)
    clock = Clock()
    server.pages = ClassPages(book, language, server.is_own_origin, limiter=JoinLimiter(clock=clock))
    client = TestClient(TestServer(await server._make_app(), host="127.0.0.1"))
    await client.start_server()
    listener.close()
    return client, book, token, clock


@pytest.fixture
async def classroom(backend: str) -> AsyncIterator[Classroom]:
    client, book, token, clock = await start_class()
    yield Classroom(client, book, token, clock)
    await client.close()
    book.store.close()


def answer(
    name: str, concept: str, correct: bool, at: float, place: AssignedPlace | None = None, response: str = "x"
) -> None:
    store = open_store(name)
    try:
        store.record_answer(
            kind="fu" if place else "fu-steps",
            level=1,
            seed=1,
            concept=concept,
            lesson="fu",
            correct=correct,
            response=response,
            now=at,
            place=place,
        )
    finally:
        store.close()


async def test_the_dashboard_counts_right_and_wrong_per_learner_and_rule(classroom: Classroom) -> None:
    assert await classroom.join("Ann Lee") == 303
    assert await classroom.join("Bo") == 303
    answer("Ann Lee", "fu:closed-ron", True, 1.0)
    answer("Ann Lee", "fu:closed-ron", False, 2.0)
    answer("Ann Lee", "fu:closed-ron", False, 3.0)
    answer("Bo", "yaku:riichi", True, 4.0)
    await classroom.as_teacher()
    page = await (await classroom.client.get("/class")).text()
    assert "Class Club A: right and wrong answers per rule" in page
    assert page.index("Ann Lee") < page.index("Bo")
    ann = page[page.index("Ann Lee") : page.index("<h2>Bo")]
    assert re.search(r'<td class="number">1</td>\s*<td class="number wrong">2</td>', ann)
    rows = list(csv.reader(io.StringIO(await (await classroom.client.get("/class/results.csv")).text())))
    assert rows[0][:5] == ["Learner", "Key", "Rule", "Right before", "Wrong before"]
    assert [(row[0], row[1], row[3], row[4]) for row in rows[1:]] == [
        ("Ann Lee", "fu:closed-ron", "1", "2"),
        ("Bo", "yaku:riichi", "1", "0"),
    ]


@pytest.fixture
async def sqlite_classroom(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Classroom]:
    monkeypatch.delenv(STORE_ENV, raising=False)
    client, book, token, clock = await start_class()
    yield Classroom(client, book, token, clock)
    await client.close()
    book.store.close()


async def test_an_older_learner_file_is_counted_and_an_unreadable_one_is_said(sqlite_classroom: Classroom) -> None:
    """SQLite: the class is read a file at a time with one read-only query;
    a file of an older schema still counts (opened as a store, it is
    migrated), and one that cannot be read is said on the dashboard and
    the deal, not a failed page."""
    classroom = sqlite_classroom
    for name in ("Old", "Broken", "Bo"):
        assert await classroom.join(name) == 303
    old = learner_path("Old")
    old.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(V1_FILE, old)
    shutil.copy(V1_FILE.with_name(V1_FILE.name + ".answers"), old.with_name(old.name + ".answers"))
    learner_path("Broken").write_bytes(b"not a database, " * 512)
    answer("Bo", "yaku:riichi", True, 4.0)
    results = {result.member.name: result for result in classroom.book.results()}
    assert sum(count.right + count.wrong for count in results["Old"].counts) == V1_ANSWERS
    assert results["Broken"].unread and not results["Broken"].counts
    assert not results["Bo"].unread and [count.concept for count in results["Bo"].counts] == ["yaku:riichi"]
    await classroom.as_teacher()
    page = await (await classroom.client.get("/class")).text()
    broken = page[page.index("<h2>Broken") : page.index("<h2>Bo<")]
    assert "could not be read just now" in broken and "could not be read" not in page.replace(broken, "")
    deal = Assignment(time.time(), (DEAL_KIND,), (), 1, 7, "2027-01-15")
    classroom.book.assign(deal)
    page = await (await classroom.client.get(f"/class/deal?assignment={deal.ref('Club A')}")).text()
    assert "Not read just now (reload the page to try again): Broken</p>" in page


async def test_a_version_4_learners_deal_is_read_as_their_first_attempt_then_in_one_query(
    sqlite_classroom: Classroom, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite: a learner file of version 4 is migrated by the class's first read (through its store), every
    decision its first attempt; after it, each read is the one read-only query, which sees a new attempt."""
    book = sqlite_classroom.book
    book.join("Old")
    old = learner_path("Old")
    old.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(V4_FILE, old)
    shutil.copy(V4_FILE.with_name(V4_FILE.name + ".answers"), old.with_name(old.name + ".answers"))
    ref = Assignment(V4_DEAL[1], (DEAL_KIND,), (), 1, 4242, "2026-12-21").ref(V4_DEAL[0])
    through_store: list[str] = []
    real = ClassBook._through_store

    def counted(member: Member, from_store: Any) -> Any:
        through_store.append(member.name)
        return real(member, from_store)

    monkeypatch.setattr(ClassBook, "_through_store", staticmethod(counted))
    [(member, first)] = book.play_turns(ref)
    assert member.name == "Old" and first is not None and len(first) == V4_TURNS and through_store == ["Old"]
    assert {turn.attempt for turn in first} == {1}
    store = open_store("Old")
    try:
        store.record_turn(ref, 0, "{}", decision(Action(0, ActionKind.RIICHI)), 2e9)
    finally:
        store.close()
    [(_, again)] = book.play_turns(ref)
    assert through_store == ["Old"] and again is not None and again[:V4_TURNS] == first
    assert [(turn.attempt, turn.turn) for turn in again[V4_TURNS:]] == [(2, 0)]


async def test_a_slow_read_of_the_class_leaves_the_server_answering(
    classroom: Classroom, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page reads the store off the server's event loop: while a learner's
    file is slow (here held until the test lets it go), the loop goes on, and
    with it every learner's session. On the loop, the read would hold the
    test's own coroutine too, and wait out its 30 s."""
    await classroom.as_teacher()
    reading, release = threading.Event(), threading.Event()
    held: list[bool] = []
    results = classroom.book.results

    def slow_results() -> Any:
        reading.set()
        held.append(release.wait(30))
        return results()

    monkeypatch.setattr(classroom.book, "results", slow_results)
    page = asyncio.ensure_future(classroom.client.get("/class"))
    # Waited for off the loop, so the wait itself holds nothing.
    assert await asyncio.to_thread(reading.wait, 30)
    release.set()
    assert (await page).status == 200
    assert held == [True]


async def test_the_last_week_is_set_against_before_on_the_dashboard_the_csv_and_the_board(
    classroom: Classroom,
) -> None:
    now = time.time()
    for name in [f"L{number:02}" for number in range(BOARD_PAGE + 2)]:
        classroom.clock.now += JOIN_EVERY  # one classroom's address: joins at the pace the limiter allows
        assert await classroom.join(name) == 303
    for when, correct in ((now - 10 * DAY, False), (now - 9 * DAY, False), (now - DAY, True), (now - 3600, True)):
        answer("L00", "fu:closed-ron", correct, when)  # 0 of 2 before, 2 of 2 this week: better
    answer("L00", "yaku:riichi", False, now - 60)  # this week only: new, and the rule missed most
    answer("L01", "fu:closed-ron", True, now - 8 * DAY)  # nothing this week
    await classroom.as_teacher()
    rows = list(csv.reader(io.StringIO(await (await classroom.client.get("/class/results.csv")).text())))
    assert rows[0][3:] == ["Right before", "Wrong before", "Right, last 7 days", "Wrong, last 7 days", "Trend"]
    assert [(row[0], row[1], *row[3:]) for row in rows[1:]] == [
        ("L00", "fu:closed-ron", "0", "2", "2", "0", "↑ better"),
        ("L00", "yaku:riichi", "0", "0", "0", "1", "new"),
        ("L01", "fu:closed-ron", "1", "0", "0", "0", "no answers lately"),
    ]
    page = await (await classroom.client.get("/class")).text()
    assert '<td class="trend up">↑ better</td>' in page and '<td class="trend new">new</td>' in page
    board = await (await classroom.client.get("/class/board")).text()
    lines = re.findall(r"<tr>\s*<td>(L\d\d)</td>(.*?)</tr>", board, re.S)
    assert [name for name, _ in lines] == [f"L{number:02}" for number in range(BOARD_PAGE)]
    assert "page 1 of 2" in board and "/class/board?page=2" in board
    first = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", lines[0][1])).split()
    assert first[:4] == ["2", "1", "0", "2"] and "↑ better" in lines[0][1]
    assert concept_label("yaku:riichi", "en") in lines[0][1] and "no answers lately" in lines[1][1]
    second = await (await classroom.client.get("/class/board?page=2")).text()
    assert re.findall(r"<td>(L\d\d)</td>", second) == ["L15", "L16"] and "page 2 of 2" in second
    assert "page 2 of 2" in await (await classroom.client.get("/class/board?page=99")).text()
    assert "page 1 of 2" in await (await classroom.client.get("/class/board?page=-1")).text()


async def test_only_the_teachers_token_reaches_the_teachers_pages(classroom: Classroom) -> None:
    assert await classroom.join("Ann") == 303  # a learner's cookie is no teacher's
    client = classroom.client
    for path in (
        "/class",
        "/class/results.csv",
        "/class/board",
        "/class/sheet?assignment=0",
        "/class/deal?assignment=0",
        f"/class/forget?learner={learner_key('Ann')}",
    ):
        response = await client.get(path, allow_redirects=False)
        assert response.status == 403, path
        assert "for the class's teacher only" in await response.text()
    forged = await client.post(
        "/class/forget", data={"learner": "ann", "confirm": "yes"}, headers={"Origin": classroom.origin}
    )
    assert forged.status == 403
    for wrong in ("", "x", classroom.token[:-1], classroom.token + "x", classroom.token.upper()):
        assert (await client.get("/class/teacher", params={"token": wrong}, allow_redirects=False)).status == 403
    assert classroom.book.member("ann") is not None
    # The token is kept only as its hash, never itself.
    (stored,) = classroom.book.store.class_rows("SELECT token_hash FROM classes")
    assert stored[0] == token_hash(classroom.token) != classroom.token
    if STORE_ENV not in os.environ:
        assert classroom.token.encode() not in class_place("Club A").read_bytes()


async def test_hostile_names_reach_only_their_own_store_inside_the_data_folder(classroom: Classroom) -> None:
    around = data_folder().resolve().parent
    before = set(around.rglob("*"))
    answer("Ann", "fu:closed-ron", True, 1.0)
    assert await classroom.join("Ann") == 303
    for at, name in enumerate(HOSTILE_NAMES, start=10):
        assert await classroom.join(name) == 303, name
        classroom.clock.now += JOIN_EVERY  # the limiter is not what this test is about
        answer(name, "fu:hostile", False, float(at))
        path = learner_path(name)
        assert path.resolve().parent == (data_folder() / "classroom").resolve()
    # Every file any of them made is inside the data folder.
    made = set(around.rglob("*")) - before
    assert made and [path for path in made if data_folder().resolve() not in path.resolve().parents] == []
    await classroom.as_teacher()
    page = await (await classroom.client.get("/class")).text()
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    results = {result.member.name: result.counts for result in classroom.book.results()}
    assert [(count.concept, count.right) for count in results["Ann"]] == [("fu:closed-ron", 1)]
    for name in HOSTILE_NAMES:
        assert [(count.concept, count.wrong) for count in results[name]] == [("fu:hostile", 1)], name


async def test_a_name_too_long_or_empty_is_told_in_the_classs_language(classroom: Classroom) -> None:
    response = await classroom.client.post("/join", data={"name": "a" * 41}, headers={"Origin": classroom.origin})
    assert response.status == 400 and "A name has at most 40 characters." in await response.text()
    response = await classroom.client.post("/join", data={"name": " \x00 "}, headers={"Origin": classroom.origin})
    assert response.status == 400 and "Type your name first." in await response.text()
    assert classroom.book.members() == []


async def test_deleting_a_learner_asks_first_and_leaves_the_others(classroom: Classroom) -> None:
    for name in ("Ann", "Bo"):
        assert await classroom.join(name) == 303
        answer(name, "fu:closed-ron", True, 1.0)
    await classroom.as_teacher()
    client = classroom.client
    confirm = await (await client.get("/class/forget", params={"learner": "ann"})).text()
    assert "Delete every answer, setting and the name of Ann?" in confirm
    kept = await client.post("/class/forget", data={"learner": "ann"}, headers={"Origin": classroom.origin})
    assert kept.status == 200 and classroom.book.member("ann") is not None
    other_page = await client.post(
        "/class/forget", data={"learner": "ann", "confirm": "yes"}, headers={"Origin": "http://evil.example"}
    )
    assert other_page.status == 403 and classroom.book.member("ann") is not None
    done = await client.post(
        "/class/forget", data={"learner": "ann", "confirm": "yes"}, headers={"Origin": classroom.origin}
    )
    assert done.status == 200
    assert [member.name for member in classroom.book.members()] == ["Bo"]
    if STORE_ENV not in os.environ:
        assert not learner_path("Ann").exists() and learner_path("Bo").exists()
    store = open_store("Ann")
    try:
        assert store.concept_counts() == [] and store.setting("learner_name") is None
    finally:
        store.close()
    page = await (await client.get("/class")).text()
    assert "<h2>Ann</h2>" not in page and "<h2>Bo</h2>" in page


async def test_joins_are_rate_limited_per_address(classroom: Classroom) -> None:
    for number in range(JOIN_BURST):
        assert await classroom.join(f"learner {number}") == 303
    response = await classroom.client.post("/join", data={"name": "one more"}, headers={"Origin": classroom.origin})
    assert response.status == 429 and "Too many joins from this computer" in await response.text()
    classroom.clock.now += JOIN_EVERY
    assert await classroom.join("one more") == 303
    assert await classroom.join("and another") == 429


def test_the_limiter_keeps_a_bucket_per_address() -> None:
    clock = Clock()
    limiter = JoinLimiter(clock=clock, burst=2, every=10.0)
    assert [limiter.allow("10.0.0.1") for _ in range(3)] == [True, True, False]
    assert limiter.allow("10.0.0.2")
    clock.now += 5.0
    assert not limiter.allow("10.0.0.1")
    clock.now += 5.0
    assert limiter.allow("10.0.0.1")


async def test_the_class_code_and_the_classs_language(backend: str) -> None:
    client, book, _, _ = await start_class(language="ko", code="mahjong7")
    try:
        page = await (await client.get("/join")).text()
        assert "수업 Club A에 참여" in page and "수업 코드" in page
        origin = f"http://127.0.0.1:{client.port}"
        wrong = await client.post("/join", data={"name": "Ann", "code": "nope"}, headers={"Origin": origin})
        assert wrong.status == 403 and "이 수업의 코드가 아니다" in await wrong.text()
        other = await client.post("/join", data={"name": "Ann", "code": "mahjong7"}, headers={"Origin": "null"})
        assert other.status == 403
        right = await client.post(
            "/join", data={"name": "Ann", "code": " mahjong7 "}, headers={"Origin": origin}, allow_redirects=False
        )
        assert right.status == 303 and [member.name for member in book.members()] == ["Ann"]
    finally:
        await client.close()
        book.store.close()


async def test_page_urls_follow_the_address_the_browser_used(classroom: Classroom) -> None:
    client = classroom.client
    assert (await client.get("/", allow_redirects=False)).headers["Location"] == "/join"
    assert await classroom.join("Ann") == 303
    page = await (await client.get("/", headers={"Host": "192.168.1.20:8000"})).text()
    assert 'data-session-websocket-url="ws://192.168.1.20:8000/ws"' in page
    page = await (await client.get("/", headers={"Host": 'x"><script>'})).text()
    assert '<script>"' not in page and "ws://127.0.0.1:" in page
    evil = await client.get("/ws", headers={"Host": "evil.example:8000", "Origin": "http://evil.example:8000"})
    assert evil.status == 403 and "own page" in await evil.text()


@pytest.mark.parametrize(
    ("host", "origin", "own"),
    [
        ("192.168.1.20:8000", "http://192.168.1.20:8000", True),
        ("[fe80::1]:8000", "http://[fe80::1]:8000", True),
        ("localhost:8000", "http://localhost:8000", True),
        ("192.168.1.20:8000", "http://192.168.1.21:8000", False),
        # A name not this machine's may be another site's, pointed here (DNS rebinding).
        ("evil.example:8000", "http://evil.example:8000", False),
        ('x"><script>', 'http://x"><script>', False),
    ],
)
def test_a_session_starts_only_from_a_page_at_the_address_the_browser_used(host: str, origin: str, own: bool) -> None:
    listener = bind(0)
    try:
        server = ClassroomServer("true", listener, max_sessions=2, title="Mahjong Tutor")
        request = make_mocked_request("GET", "/ws", headers={"Host": host, "Origin": origin})
        assert server.is_own_origin(request) is own
    finally:
        listener.close()


async def test_a_session_without_joining_is_refused(classroom: Classroom) -> None:
    response = await classroom.client.get("/ws", headers={"Origin": classroom.origin})
    assert response.status == 403 and "Join the class first" in await response.text()
    assert (
        classroom.client.session.cookie_jar.filter_cookies(classroom.client.make_url("/")).get(LEARNER_COOKIE) is None
    )


async def test_a_joined_session_begins_as_its_learner() -> None:
    app = TutorApp(language="en", classroom=True, joined="Ann Lee")
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen), "home, with no name asked")
        assert not any(isinstance(screen, LearnerScreen) for screen in app.screen_stack)
        assert app.store.path == learner_path("Ann Lee")


def test_a_second_start_joins_the_class_and_keeps_its_link(backend: str) -> None:
    """A second instance on the same store (a school server's) joins the class
    with the first link working; a new link only on purpose."""
    book = ClassBook(open_class_store("Club J"), "Club J")
    try:
        token = book.start("en", "")
        assert token is not None and book.is_teacher(token)
        assert book.start("ko", "ace") is None
        assert book.is_teacher(token) and book.code_matches("ace") and not book.code_matches("")
        again = book.start("en", "", new_link=True)
        assert again is not None and book.is_teacher(again) and not book.is_teacher(token)
    finally:
        book.store.close()


def test_a_new_teacher_link_is_asked_with_a_class(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["serve", "--port", "0", "--new-teacher-link"]) == 2
    assert capsys.readouterr().err == (
        "--new-teacher-link makes a class's teacher a new link: give the class too, with --class NAME.\n"
    )


def serve_class_lines(*extra: str) -> tuple[subprocess.Popen[str], threading.Timer, list[str]]:
    """`tutor serve --class "Club B"` started, and its first four lines (read
    within 60 s, or the server is ended)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tutor", "serve", "--port", "0", "--host", "127.0.0.1", "--class", "Club B", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # The lines come together or apart; a select on the pipe misses those
    # already in the reader's buffer, so read them, ending the server if they
    # have not all come within 60 s.
    watchdog = threading.Timer(60, process.kill)
    watchdog.start()
    assert process.stdout is not None
    lines = [process.stdout.readline() for _ in range(4)]
    assert all(lines), f"not four lines within 60 s: {lines}"
    return process, watchdog, lines


def test_serve_class_shows_the_teachers_link_once_and_warns_beyond_this_computer() -> None:
    process, watchdog, lines = serve_class_lines()
    try:
        assert lines[0].startswith("Listening on 127.0.0.1: every computer on this network can reach the tutor")
        assert lines[1].startswith("Serving Mahjong Tutor on http://127.0.0.1:")
        link = re.fullmatch(
            r"Class Club B: the teacher's link, .*: (http://\S+/class/teacher\?token=(\S+))\n", lines[2]
        )
        assert link, lines[2]
        assert lines[3].startswith("Learners join at http://127.0.0.1:")
        assert link.group(2).encode() not in class_place("Club B").read_bytes()
        # A second instance on the same store joins the class: no new link, and the first one works there.
        second, second_watchdog, second_lines = serve_class_lines()
        try:
            assert second_lines[2].startswith("Class Club B was already started: its teacher's link works here too.")
            assert "token=" not in "".join(second_lines)
            with socket.create_connection(
                ("127.0.0.1", int(second_lines[1].split(":")[2].split()[0].strip("/"))), timeout=10
            ) as sock:
                sock.sendall(f"GET /class/teacher?token={link.group(2)} HTTP/1.0\r\n\r\n".encode())
                assert sock.recv(100).split(b"\r\n")[0].endswith(b" 303 See Other")
        finally:
            second_watchdog.cancel()
            second.terminate()
            second.wait(timeout=20)
    finally:
        watchdog.cancel()
        process.terminate()
        process.wait(timeout=20)


async def test_the_teacher_sets_an_assignment_that_learners_see(classroom: Classroom) -> None:
    client = classroom.client
    form = {"kind": ["fu-steps", "tiles"], "level": ["2", "1"], "count": "12", "seed": "77", "due": "2027-01-15"}
    assert await classroom.join("Ann") == 303
    refused = await client.post("/class/assign", data=form, headers={"Origin": classroom.origin})
    assert refused.status == 403 and classroom.book.assignments() == []  # a learner sets nothing
    await classroom.as_teacher()
    done = await client.post("/class/assign", data=form, headers={"Origin": classroom.origin}, allow_redirects=False)
    assert done.status == 303
    (assignment,) = classroom.book.assignments()
    assert (assignment.kinds, assignment.levels, assignment.count, assignment.seed, assignment.due) == (
        ("tiles", "fu-steps"),
        (1, 2),
        12,
        77,
        "2027-01-15",
    )
    for path in ("/class", "/join"):
        page = await (await client.get(path)).text()
        assert "12 questions of " in page and "at level 1, 2, due 2027-01-15." in page, path
        assert "Everyone gets the same questions (sheet 77)." in page, path


@pytest.mark.parametrize(
    "change",
    [
        {"kind": []},
        {"kind": ["fu-steps", "../etc"]},
        {"level": ["4"]},
        {"level": []},
        {"count": "0"},
        {"count": "101"},
        {"count": "-3"},
        {"seed": "x' OR 1=1"},
        {"seed": "9" * 30},
        {"due": "tomorrow"},
        {"due": ""},
    ],
)
def test_an_assignment_that_is_not_one_is_refused(change: dict[str, object]) -> None:
    form: dict[str, object] = {"kind": ["fu-steps"], "level": ["1"], "count": "5", "seed": "", "due": "2027-01-15"}
    form.update(change)
    assert read_assignment(form["kind"], form["level"], form["count"], form["seed"], form["due"]) is None  # type: ignore[arg-type]
    assert read_assignment(["fu-steps"], ["1"], "5", "", "2027-01-15") is not None


async def test_a_refused_assignment_is_told_on_the_dashboard(classroom: Classroom) -> None:
    await classroom.as_teacher()
    response = await classroom.client.post(
        "/class/assign", data={"count": "5", "due": "2027-01-15"}, headers={"Origin": classroom.origin}
    )
    assert response.status == 400 and "An assignment needs at least one drill kind" in await response.text()
    assert classroom.book.assignments() == []


def test_a_real_version_1_file_takes_the_class_step_and_keeps_a_class(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    shutil.copy(V1_FILE, path)
    shutil.copy(V1_FILE.with_name(V1_FILE.name + ".answers"), path.with_name(path.name + ".answers"))
    store = Store.open(path)
    try:
        book = ClassBook(store, "Club C")
        token = book.start("ko", "")
        book.join("Ann")
        assert book.is_teacher(token) and not book.is_teacher(token[:-1])
        assert [member.key for member in book.members()] == ["ann"] and store.answer_count() == V1_ANSWERS
    finally:
        store.close()
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_listening_on_every_network_gives_addresses_a_browser_can_open() -> None:
    listener = bind(0, "0.0.0.0")
    try:
        server = ClassroomServer("true", listener, max_sessions=2, title="Mahjong Tutor")
        port = listener.getsockname()[1]
        assert server.base_for("teacher") == f"http://127.0.0.1:{port}"
        learners = server.base_for("learners")
        assert learners.endswith(f":{port}") and "0.0.0.0" not in learners
    finally:
        listener.close()


@pytest.mark.parametrize(
    ("before", "recent", "expected"),
    [
        ((0, 0), (1, 0), "new"),
        ((3, 1), (0, 0), "quiet"),
        ((1, 1), (3, 1), "up"),  # a half right, then three quarters
        ((3, 1), (1, 1), "down"),
        ((9, 1), (17, 3), "same"),  # 0.90 then 0.85: within the margin
    ],
)
def test_a_trend_is_the_share_right_this_week_against_before(
    before: tuple[int, int], recent: tuple[int, int], expected: str
) -> None:
    assert trend(*before, *recent) == expected


async def test_a_seeded_assignments_answers_per_question_show_the_misconception(classroom: Classroom) -> None:
    for name in ("Ann", "Bo", "Cy"):
        assert await classroom.join(name) == 303
    seeded = Assignment(time.time(), ("fu",), (1,), 2, 42, "2027-01-15")
    classroom.book.assign(seeded)
    classroom.book.assign(Assignment(time.time() + 1, ("fu",), (1,), 2, None, "2027-01-15"))
    ref = seeded.ref("Club A")
    sheet = DrillPlan.assigned(("fu",), (1,), 2, 42, ref, set()).questions()
    right = sheet[0].answer["fu"]
    for name, fu, at in (("Ann", right, 1.0), ("Bo", right + 10, 2.0), ("Cy", right + 10, 3.0), ("Bo", right, 4.0)):
        placed(name, ref, 0, {"fu": fu}, fu == right, at)  # Bo's second try comes after the first: not counted
    placed("Cy", ref, 1, {}, False, 5.0)  # skipped
    await classroom.as_teacher()
    dashboard = await (await classroom.client.get("/class")).text()
    assert dashboard.count("/class/sheet?assignment=") == 1 and f"/class/sheet?assignment={ref}" in dashboard
    page = await (await classroom.client.get(f"/class/sheet?assignment={ref}")).text()
    first = page[page.index("Question 1") : page.index("Question 2")]
    rows = re.findall(r'<tr class="(\w+)">\s*<td>([^<]*)</td>\s*<td class="number">(\d+)</td>', first)
    assert rows == [("misconception", f"Fu: {right + 10}", "2"), ("right", f"Fu: {right}", "1")]
    assert "the most common wrong answer" in first and f"Right answer: Fu: {right}" in first
    second = page[page.index("Question 2") :]
    assert re.findall(r'<tr class="(\w+)">', second) == ["misconception"] and "(skipped or answer shown)" in second


async def test_only_the_teachers_token_reaches_the_answers_per_question(classroom: Classroom) -> None:
    seeded = Assignment(time.time(), ("fu",), (1,), 2, 42, "2027-01-15")
    unseeded = Assignment(time.time() + 1, ("fu",), (1,), 2, None, "2027-01-15")
    classroom.book.assign(seeded)
    classroom.book.assign(unseeded)
    path = f"/class/sheet?assignment={seeded.ref('Club A')}"
    assert (await classroom.client.get(path)).status == 403  # no cookie at all
    assert await classroom.join("Ann") == 303
    refused = await classroom.client.get(path)  # a learner's cookie
    assert refused.status == 403 and "for the class's teacher only" in await refused.text()
    await classroom.as_teacher()
    assert (await classroom.client.get(path)).status == 200
    for other in (unseeded.ref("Club A"), "0" * 16, "../../etc/passwd"):
        assert (await classroom.client.get(f"/class/sheet?assignment={other}")).status == 404


def placed(name: str, ref: str, question: int, response: dict[str, int], correct: bool, at: float) -> None:
    answer(name, "fu:total", correct, at, AssignedPlace(ref, question), json.dumps(response))


async def test_a_shared_deals_decisions_stand_side_by_side_turn_by_turn(classroom: Classroom) -> None:
    for name in ("Ann", "Bo"):
        assert await classroom.join(name) == 303
    assert (await classroom.client.get(f"/class/deal?assignment={'0' * 16}")).status == 403  # a learner's cookie
    await classroom.as_teacher()
    for form, status in (({"seed": "x"}, 400), ({"seed": "4242"}, 303)):
        response = await classroom.client.post(
            "/class/assign",
            data={"deal": "yes", "due": "2027-01-15", **form},
            headers={"Origin": classroom.origin},
            allow_redirects=False,
        )
        assert response.status == status
    assert (
        "A shared deal needs a due date"
        in await (
            await classroom.client.post(
                "/class/assign", data={"deal": "yes", "due": ""}, headers={"Origin": classroom.origin}
            )
        ).text()
    )
    [deal] = classroom.book.assignments()
    assert deal.kinds == (DEAL_KIND,) and deal.seed == 4242 and deal.count == 1
    ref = deal.ref("Club A")
    session = PlaySession(PlaySetup(seed=4242))
    seen = situation(session)
    tile = session.hand_order()[0]
    for name, kind in (("Ann", ActionKind.DISCARD), ("Bo", ActionKind.RIICHI)):
        store = open_store(name)
        try:
            action = Action(0, kind, session.state.kind(tile) if kind is ActionKind.DISCARD else None)
            store.record_turn(ref, 0, seen, decision(action), 1.0)
            if name == "Ann":
                store.record_turn(ref, END_TURN, "{}", END, 2.0)
        finally:
            store.close()
    path = f"/class/deal?assignment={ref}"
    dashboard = await (await classroom.client.get("/class")).text()
    assert path in dashboard and "A shared play deal (seed 4242)" in dashboard
    page = await (await classroom.client.get(path)).text()
    assert "Decision 1" in page and "Decision 2" not in page
    hand = read_situation(seen)
    assert hand is not None and f"The same for everyone: hand {hand.hand}" in page
    rows = re.findall(r"<tr>\s*<td>([^<]*)</td>\s*<td>([^<]*)</td>", page)
    assert rows == [("Ann", f"discard {tile_name(session.state.kind(tile))}"), ("Bo (unfinished)", "riichi")]
    assert "Ann: attempt 1 of 1, the only one<" in page and "Bo: attempt 1 of 1, the only one, unfinished<" in page
    assert (await classroom.client.get(f"/class/deal?assignment={'0' * 16}")).status == 404


async def test_a_deal_played_again_shows_each_learners_latest_finished_attempt_never_a_mix(
    classroom: Classroom,
) -> None:
    """A learner who plays the shared deal again from its start begins a new attempt: the page shows
    their latest attempt played to its end (else their latest, marked unfinished), whole, and says which."""
    await classroom.as_teacher()
    response = await classroom.client.post(
        "/class/assign",
        data={"deal": "yes", "due": "2027-01-15", "seed": "4242"},
        headers={"Origin": classroom.origin},
        allow_redirects=False,
    )
    assert response.status == 303
    [deal] = classroom.book.assignments()
    ref = deal.ref("Club A")
    discard, riichi, chi = (
        decision(Action(0, kind, 5 if kind is ActionKind.DISCARD else None))
        for kind in (ActionKind.DISCARD, ActionKind.RIICHI, ActionKind.CHI)
    )
    plays = {
        # Each attempt: its decisions from turn 0, and whether it was played to its end.
        "Ann": [([chi, chi, chi], False), ([discard, riichi], True)],
        "Bo": [([riichi], True), ([chi, chi], False)],
        "Cy": [([chi], False)],
        "Di": [([riichi, riichi], False), ([discard], False)],
    }
    for name, attempts in plays.items():
        assert await classroom.join(name) == 303
        store = open_store(name)
        try:
            at = 10.0
            for decisions, complete in attempts:
                for turn, done in enumerate(decisions):
                    store.record_turn(ref, turn, "{}", done, at := at + 1)
                if complete:
                    store.record_turn(ref, END_TURN, "{}", END, at := at + 1)
        finally:
            store.close()
    await classroom.as_teacher()
    page = await (await classroom.client.get(f"/class/deal?assignment={ref}")).text()
    turns = [re.findall(r"<tr>\s*<td>([^<]*)</td>\s*<td>([^<]*)</td>", part) for part in page.split("<h2>")[1:]]
    none = "(no decision here)"
    five = f"discard {tile_name(5)}"
    assert turns == [
        [("Ann", five), ("Bo", "riichi"), ("Cy (unfinished)", "chi"), ("Di (unfinished)", five)],
        [("Ann", "riichi"), ("Bo", none), ("Cy (unfinished)", none), ("Di (unfinished)", none)],
    ]
    attempts = re.findall(r"<li>([^<]*)</li>", page)
    assert attempts == [
        "Ann: attempt 2 of 2",
        "Bo: attempt 1 of 2",
        "Cy: attempt 1 of 1, the only one, unfinished",
        "Di: attempt 2 of 2, unfinished",
    ]
    # Every attempt is in the CSV, a row per decision; and the learner's data deleted takes them all.
    assert f'href="/class/deal.csv?assignment={ref}"' in page
    table = list(
        csv.reader(io.StringIO(await (await classroom.client.get(f"/class/deal.csv?assignment={ref}")).text()))
    )
    assert table[0] == ["Learner", "Attempt", "Played to the end", "Decision", "Situation", "What they did"]
    words = {chi: "chi", riichi: "riichi", discard: five}
    assert [row[:4] + row[5:] for row in table[1:]] == [
        [name, str(number), "yes" if complete else "no", str(turn + 1), words[done]]
        for name, played in plays.items()
        for number, (decisions, complete) in enumerate(played, 1)
        for turn, done in enumerate(decisions)
    ]
    assert (await classroom.client.get(f"/class/deal.csv?assignment={'0' * 16}")).status == 404
    ann = next(member for member in classroom.book.members() if member.name == "Ann")
    response = await classroom.client.post(
        "/class/forget",
        data={"learner": ann.key, "confirm": "yes"},
        headers={"Origin": classroom.origin},
        allow_redirects=False,
    )
    assert response.status == 303
    table = list(
        csv.reader(io.StringIO(await (await classroom.client.get(f"/class/deal.csv?assignment={ref}")).text()))
    )
    assert "Ann" not in {row[0] for row in table}
    store = open_store("Ann")
    try:
        assert store.play_turns(ref) == []
    finally:
        store.close()
