"""`tutor serve` is safe for a classroom (issue 12, items 15-18).

The server is started on 127.0.0.1 with `--port 0` and spoken to over
loopback only: its own page may start sessions, no other page may; sessions
are capped; bad ports are refused before the banner; the page loads no
internet fonts; each session asks who is learning and keeps that learner's
progress apart from the others' and from the teacher's.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest
import textual_serve

from tests.serve_fixtures import Served, first_bytes, get, join_as
from tutor.cli import SESSION_NICENESS
from tutor.quiz.store import FILE_NAME, Store, data_folder, learner_path
from tutor.serve import PortRefused, bind, clamp
from tutor.ui.app import TutorApp
from tutor.ui.screens.home import HomeScreen
from tutor.ui.screens.info import SettingsScreen
from tutor.ui.screens.learner import SERVED_ICON, LearnerScreen


@pytest.fixture
def served() -> Iterator[Served]:
    server = Served()
    yield server
    server.stop()


class TestPorts:
    @pytest.mark.parametrize("port", ["70000", "-1"])
    def test_impossible_port_is_refused_before_the_banner(self, port: str) -> None:
        done = subprocess.run(
            [sys.executable, "-m", "tutor", "serve", "--port", port], capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 2 and done.stdout == ""
        assert (
            done.stderr
            == f"tutor serve: port {port} is not a port; choose one from 1024 to 65535, or 0 for any free one\n"
        )

    def test_port_in_use_is_refused_before_the_banner(self) -> None:
        with socket.socket() as taken:
            taken.bind(("127.0.0.1", 0))
            taken.listen()
            port = taken.getsockname()[1]
            done = subprocess.run(
                [sys.executable, "-m", "tutor", "serve", "--port", str(port)],
                capture_output=True,
                text=True,
                timeout=60,
            )
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.startswith(f"tutor serve: port {port} is in use;") and done.stderr.count("\n") == 1

    @pytest.mark.parametrize("count", ["0", "1001", "²"])
    def test_impossible_session_cap_is_refused_before_the_banner(self, count: str) -> None:
        done = subprocess.run(
            [sys.executable, "-m", "tutor", "serve", "--port", "0", "--max-sessions", count],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2 and done.stdout == "" and "max-sessions" in done.stderr

    def test_bind_refuses_in_one_line(self) -> None:
        with pytest.raises(PortRefused, match="not a port"):
            bind(65536)

    def test_port_zero_announces_the_port_bound(self, served: Served) -> None:
        assert served.port != 0
        status, _, body = get(served.url + "/")
        assert status == 200 and b"<html" in body.lower()


class TestPage:
    def test_no_internet_fonts_and_the_font_is_served_locally(self, served: Served) -> None:
        _, _, body = get(served.url + "/")
        page = body.decode()
        assert "googleapis" not in page and "https://" not in page
        sheets = re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)
        assert "/tutor-static/fonts/terminal-fonts.css" in sheets
        css = get(served.url + "/tutor-static/fonts/terminal-fonts.css")[2].decode()
        assert "https://" not in css
        fonts = re.findall(r'url\("([^"]+\.ttf)"\)', css)
        assert fonts and all(font.startswith("/static/fonts/") for font in fonts)
        for font in fonts:
            status, _, data = get(served.url + font)
            assert status == 200 and len(data) > 10_000

    def test_served_header_icon_is_in_the_served_font(self) -> None:
        font = Path(textual_serve.__file__).parent / "static/fonts"
        data = (font / "RobotoMono-VariableFont_wght.ttf").read_bytes()
        assert ord(SERVED_ICON) in _cmap(data)
        assert ord("\u2b58") not in _cmap(data)  # Textual's default icon: the missing glyph


class TestSessions:
    def test_another_origin_is_refused(self, served: Served) -> None:
        async def attempt(headers: dict[str, str]) -> int:
            async with aiohttp.ClientSession() as session:
                try:
                    async with session.ws_connect(served.ws, headers=headers):
                        return 101
                except aiohttp.WSServerHandshakeError as error:
                    return error.status

        assert asyncio.run(attempt({"Origin": "http://evil.example"})) == 403
        assert asyncio.run(attempt({"Origin": f"http://127.0.0.1:{served.port + 1}"})) == 403
        assert asyncio.run(attempt({})) == 403

    def test_sessions_are_capped_and_hostile_messages_dropped(self) -> None:
        served = Served("--max-sessions", "1")
        origin = {"Origin": served.url}

        async def run() -> None:
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(served.ws, headers=origin) as first:
                    await first_bytes(first)
                    with pytest.raises(aiohttp.WSServerHandshakeError) as full:
                        async with session.ws_connect(served.ws, headers=origin):
                            pass
                    assert full.value.status == 503
                    for hostile in (
                        "not json",
                        "[" * 50_000,
                        "{}",
                        "[1, 2]",
                        '["resize", {"width": 1e9}]',
                        "x" * 100_000,
                    ):
                        await first.send_str(hostile)
                    await first.send_str(json.dumps(["ping", "still here"]))
                    while True:
                        message = await first.receive(timeout=30)
                        if message.type == aiohttp.WSMsgType.TEXT and json.loads(message.data) == [
                            "pong",
                            "still here",
                        ]:
                            break
                # The first session closed: its place is free again.
                deadline = time.monotonic() + 30
                while True:
                    try:
                        async with session.ws_connect(served.ws, headers=origin) as again:
                            await first_bytes(again)
                            return
                    except aiohttp.WSServerHandshakeError:
                        assert time.monotonic() < deadline
                        await asyncio.sleep(0.5)

        try:
            asyncio.run(run())
        finally:
            served.stop()
        assert "Traceback" not in served.process.stderr.read()  # type: ignore[union-attr]

    def test_each_learner_keeps_their_own_progress(self, served: Served) -> None:
        data = Path(os.environ["TUTOR_DATA_DIR"])

        async def learner(name: str) -> None:
            await join_as(served, name)
            assert learner_path(name, data).exists()

        async def classroom() -> None:
            await asyncio.gather(learner("Ann"), learner("김민준"))

        asyncio.run(classroom())
        assert learner_path("Ann", data).exists() and learner_path("김민준", data).exists()
        assert not (data / FILE_NAME).exists()  # the teacher's own progress is never opened

    @pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc (Linux)")
    def test_a_session_runs_below_its_server_for_the_cpu(self, served: Served) -> None:
        """A busy class must not starve the server that relays every learner's
        keys and builds the teacher's pages (tutor/cli.py, SESSION_NICENESS)."""

        def sessions() -> list[int]:
            children = []
            for stat in Path("/proc").glob("[0-9]*/stat"):
                try:
                    fields = stat.read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue  # a process that ended meanwhile
                if int(fields[1]) == served.process.pid:
                    children.append(int(stat.parent.name))
            return children

        async def run() -> None:
            async with (
                aiohttp.ClientSession() as session,
                session.ws_connect(served.ws, headers={"Origin": served.url}) as websocket,
            ):
                await first_bytes(websocket)
                children = sessions()
                assert children, "the session's process is the server's child"
                server = os.getpriority(os.PRIO_PROCESS, served.process.pid)
                assert {os.getpriority(os.PRIO_PROCESS, child) for child in children} == {server + SESSION_NICENESS}

        asyncio.run(run())


def test_clamp() -> None:
    assert clamp("80", 20, 400, 1) == 80
    assert clamp("99999999999", 20, 400, 1) == 1
    assert clamp(10**9, 20, 400, 1) == 400
    assert clamp("٣", 20, 400, 7) == 7
    assert clamp(True, 20, 400, 7) == 7


class TestLearnerScreen:
    """The classroom app: the first screen asks who is learning."""

    async def test_name_opens_the_learners_own_store(self) -> None:
        app = TutorApp(language="en", classroom=True)
        async with app.run_test() as pilot:
            await pilot.pause()
            assert isinstance(app.screen, LearnerScreen)
            await pilot.press("ctrl+p")
            assert isinstance(app.screen, LearnerScreen)  # nothing opens before the learner is known
            await pilot.press("enter")
            assert "A name is needed" in str(app.screen.query_one("#learner-problem").render())
            await pilot.press(*"Ann Lee", "tab", *"Ann", "enter")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            assert app.store.path == learner_path("Ann Lee") and app.sub_title == "Ann"
            app.store.set_setting("theme", "tutor-projector")
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, SettingsScreen)
            shown = str(app.screen.query_one("#settings").render())
            assert "Ann Lee" in shown and "/" not in shown
        assert not (data_folder() / FILE_NAME).exists()  # the teacher's own progress is never opened

    async def test_a_returning_learner_gets_their_settings_back(self) -> None:
        store = Store.open(learner_path("Ann"))
        store.set_setting("language", "ko")
        store.set_setting("theme", "tutor-projector")
        app = TutorApp(language="en", classroom=True)
        async with app.run_test() as pilot:
            await pilot.pause()
            await pilot.press(*" ann ", "enter")
            await pilot.pause()
            assert app.language == "ko" and app.theme == "tutor-projector"

    async def test_a_damaged_learner_file_is_set_aside_and_said_without_a_path(self) -> None:
        path = learner_path("Ann")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"not a database" * 100)
        app = TutorApp(language="en", classroom=True)
        async with app.run_test() as pilot:
            await pilot.pause()
            await pilot.press(*"Ann", "enter")
            await pilot.pause()
            messages = [notification.message for notification in app._notifications]
            assert any("was damaged" in message for message in messages)
            assert not any("/" in message for message in messages)
        assert [p.name for p in path.parent.iterdir() if ".damaged-" in p.name]

    async def test_the_served_header_icon(self) -> None:
        from textual.widgets import Header

        app = TutorApp(language="en", classroom=True)
        async with app.run_test() as pilot:
            await pilot.pause()
            assert [header.icon for header in app.screen.query(Header)] == [SERVED_ICON]


def _cmap(font: bytes) -> set[int]:
    """The code points a TrueType font maps (its cmap formats 4 and 12)."""
    import struct

    count = struct.unpack(">H", font[4:6])[0]
    tables = {
        font[12 + 16 * i : 16 + 16 * i].decode(): struct.unpack(">I", font[20 + 16 * i : 24 + 16 * i])[0]
        for i in range(count)
    }
    cmap = tables["cmap"]
    points: set[int] = set()
    for i in range(struct.unpack(">H", font[cmap + 2 : cmap + 4])[0]):
        base = cmap + struct.unpack(">I", font[cmap + 8 + 8 * i : cmap + 12 + 8 * i])[0]
        kind = struct.unpack(">H", font[base : base + 2])[0]
        if kind == 4:
            span = struct.unpack(">H", font[base + 6 : base + 8])[0]
            ends = struct.unpack(f">{span // 2}H", font[base + 14 : base + 14 + span])
            starts = struct.unpack(f">{span // 2}H", font[base + 16 + span : base + 16 + 2 * span])
            points.update(point for start, end in zip(starts, ends, strict=True) for point in range(start, end + 1))
        elif kind == 12:
            for group in range(struct.unpack(">I", font[base + 12 : base + 16])[0]):
                start, end = struct.unpack(">II", font[base + 16 + 12 * group : base + 24 + 12 * group])
                points.update(range(start, end + 1))
    return points
