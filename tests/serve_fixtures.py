"""What the tests of `tutor serve` share: a server started on a free
loopback port, and reading what it serves (a page, or the bytes a session
draws on its web socket)."""

from __future__ import annotations

import asyncio
import json
import re
import selectors
import subprocess
import sys
import time
import urllib.request

import aiohttp

ESCAPES = re.compile(rb"\x1b\[[0-9;?$]*[A-Za-z]")
"""Terminal control sequences, between the words the session draws."""
BANNER = re.compile(r"^Serving Mahjong Tutor on (http://127\.0\.0\.1:(\d+)) for up to (\d+) sessions")


class Served:
    """A `tutor serve --port 0` process and the address its banner announced."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tutor", "serve", "--port", "0", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        selector = selectors.DefaultSelector()
        selector.register(self.process.stdout, selectors.EVENT_READ)
        assert selector.select(timeout=60), "no banner within 60 s"
        banner = self.process.stdout.readline()
        match = BANNER.match(banner)
        assert match, banner
        self.url = match.group(1)
        self.port = int(match.group(2))
        self.ws = f"ws://127.0.0.1:{self.port}/ws?width=80&height=24"

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)


def get(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers.get("Content-Type", ""), response.read()


async def first_bytes(websocket: aiohttp.ClientWebSocketResponse, seconds: float = 60) -> bytes:
    """The first screen bytes the app process sends (it takes a moment to start)."""
    return await screen_showing(websocket, b"", seconds)


async def screen_showing(websocket: aiohttp.ClientWebSocketResponse, words: bytes, seconds: float = 60) -> bytes:
    """What the session has drawn, once it shows `words`."""
    drawn = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        message = await websocket.receive(timeout=deadline - time.monotonic())
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
        if message.type == aiohttp.WSMsgType.BINARY:
            drawn += bytes(message.data)
            if len(drawn) > 10 and words in ESCAPES.sub(b"", drawn):
                return drawn
    raise AssertionError(f"the session did not show {words!r}")


async def join_as(served: Served, name: str) -> None:
    """A browser session of `served` whose learner types `name`, until the app greets them."""
    # Bounded as a whole: a connection that neither answers nor closes (seen once
    # on a heavily loaded machine) fails here instead of waiting for ever.
    async with (
        asyncio.timeout(180),
        aiohttp.ClientSession() as session,
        session.ws_connect(served.ws, headers={"Origin": served.url}) as websocket,
    ):
        await screen_showing(websocket, b"Type your name")
        await websocket.send_str(json.dumps(["stdin", name + "\r"]))
        await screen_showing(websocket, b"Hello")
