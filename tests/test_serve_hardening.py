"""`tutor serve` under stress (issue 33, item 13): sessions end with their
server, the log stays one line per event, /static/ lists nothing."""

from __future__ import annotations

import asyncio
import os
import resource
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from tests.serve_fixtures import Served, first_bytes, get


@pytest.fixture
def server() -> Iterator[Served]:
    started = Served()
    yield started
    started.stop()


def children(pid: int) -> set[int]:
    """The processes started by `pid`, and theirs (a shell may stand between)."""
    found: set[int] = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found |= {int(entry.name)} | children(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_sessions_end_when_the_server_is_killed() -> None:
    served = Served()

    async def sessions() -> set[int]:
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(served.ws, headers={"Origin": served.url}) as one,
            session.ws_connect(served.ws, headers={"Origin": served.url}) as two,
        ):
            await first_bytes(one)
            await first_bytes(two)
            started = children(served.process.pid)
            assert len(started) >= 2
            served.process.send_signal(signal.SIGKILL)
            served.process.wait(timeout=30)
            return started

    try:
        started = asyncio.run(sessions())
    except (aiohttp.ClientError, ConnectionError):
        pytest.fail("the sessions did not start")
    deadline = time.monotonic() + 60
    while any(alive(pid) for pid in started):
        assert time.monotonic() < deadline, f"still running 60 s after the server: {sorted(started)}"
        time.sleep(0.2)
    served.stop()


class TestRequests:
    def test_static_lists_no_folder(self, server: Served) -> None:
        with pytest.raises(urllib.error.HTTPError) as refused:
            get(server.url + "/static/")
        assert refused.value.code in (403, 404)
        status, _, _ = get(server.url + "/static/fonts/RobotoMono-VariableFont_wght.ttf")
        assert status == 200  # the files themselves are still served

    def test_a_long_url_is_refused_without_a_traceback(self, server: Served) -> None:
        with pytest.raises(urllib.error.HTTPError) as refused:
            get(server.url + "/" + "a" * 9000)
        assert 400 <= refused.value.code < 500
        status, _, _ = get(server.url + "/")
        assert status == 200
        server.stop()
        err = server.process.stderr.read()  # type: ignore[union-attr]
        assert "Traceback" not in err and all(len(line) < 300 for line in err.splitlines())


def test_half_open_connections_neither_block_the_page_nor_flood_the_log() -> None:
    """1,100 half-open connections against 1,024 files blocked the page and logged 713,008 tracebacks;
    here 300 against 256."""

    def few_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))

    process = subprocess.Popen(
        [sys.executable, "-m", "tutor", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=few_files,
    )
    assert process.stdout is not None
    port = int(process.stdout.readline().split("127.0.0.1:")[1].split()[0])
    idle = []
    try:
        for _ in range(300):
            connection = socket.create_connection(("127.0.0.1", port), timeout=10)
            connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the end of the headers
            idle.append(connection)
        status, _, _ = get(f"http://127.0.0.1:{port}/")
        assert status == 200
    finally:
        for connection in idle:
            connection.close()
        process.terminate()
        _, err = process.communicate(timeout=30)
    assert "Traceback" not in err and len(err.splitlines()) < 20, err[:2000]


def test_a_session_that_starts_after_its_server_died_ends() -> None:
    """A session still starting when its server was killed mounted with
    another parent already, took that one for its server and ran on: it
    watches the server's own pid, given on its command line."""
    server = subprocess.Popen([sys.executable, "-c", "pass"])
    server.wait(timeout=30)  # gone, as a server killed before the session mounts
    environment = dict(os.environ, TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver", COLUMNS="80", LINES="24")
    session = subprocess.Popen(
        [sys.executable, "-m", "tutor", "--classroom", "--server-pid", str(server.pid)],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=environment,
    )
    try:
        _, err = session.communicate(timeout=120)
    finally:
        session.kill()
    assert session.returncode == 0, err.decode(errors="replace")[-2000:]
