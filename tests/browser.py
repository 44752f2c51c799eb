"""Headless Chromium (Debian's `chromium`) driven over the DevTools protocol,
on a machine whose fonts are Latin only (its own fontconfig), for the tests
of what `tutor serve`'s page draws."""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest

LATIN_FONTS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/truetype/liberation"))
"""Latin-only fonts a Debian machine has (Chromium depends on them)."""
LISTENING = re.compile(r"DevTools listening on (ws://\S+)")


def chromium_or_not_run() -> str:
    """Chromium's path; else the test is skipped, and under CI fails: a test that could not run is not a pass."""
    found = shutil.which("chromium")
    if found is None:
        reason = "Debian's chromium is not installed (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}; under CI the browser tests must run (.ci/run installs it)")
        pytest.skip(reason)
    return found


def latin_only_fontconfig(folder: Path) -> Path:
    """A fontconfig file whose only fonts are Latin ones: a classroom PC without a CJK font."""
    fonts = folder / "fonts"
    fonts.mkdir()
    for source in LATIN_FONTS:
        for font in source.glob("*.ttf") if source.is_dir() else ():
            (fonts / font.name).symlink_to(font)
    assert any(fonts.iterdir()), f"no Latin fonts in {', '.join(map(str, LATIN_FONTS))}"
    config = folder / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n'
        f"<fontconfig><dir>{fonts}</dir><cachedir>{folder / 'cache'}</cachedir></fontconfig>\n",
        encoding="utf-8",
    )
    return config


class Page:
    """One browser tab, spoken to over its DevTools web socket."""

    def __init__(self, websocket: aiohttp.ClientWebSocketResponse) -> None:
        self.websocket = websocket
        self.ids = itertools.count(1)

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        number = next(self.ids)
        await self.websocket.send_json({"id": number, "method": method, "params": params})
        while True:
            message = await self.websocket.receive_json(timeout=60)
            if message.get("id") == number:
                assert "error" not in message, message
                result: dict[str, Any] = message["result"]
                return result

    async def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression (awaited if a promise)."""
        result = await self.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        assert "exceptionDetails" not in result, result["exceptionDetails"]
        return result["result"].get("value")

    async def open(self, url: str, seconds: float = 60) -> None:
        """Go to `url` and wait until it has loaded."""
        await self.call("Page.navigate", url=url)
        deadline = time.monotonic() + seconds
        while await self.evaluate("document.readyState") != "complete" or await self.evaluate("location.href") != url:
            assert time.monotonic() < deadline, f"{url} did not load within {seconds} s"


@contextmanager
def chromium(folder: Path) -> Iterator[str]:
    """A headless Chromium with Latin fonts only; yields its DevTools address (http://127.0.0.1:PORT)."""
    binary = chromium_or_not_run()
    environment = {**os.environ, "FONTCONFIG_FILE": str(latin_only_fontconfig(folder))}
    process = subprocess.Popen(
        [
            binary,
            "--headless",
            "--no-sandbox",  # CI runs as root
            "--disable-gpu",
            "--no-first-run",
            "--disable-extensions",
            "--remote-debugging-address=127.0.0.1",
            "--remote-debugging-port=0",
            f"--user-data-dir={folder / 'profile'}",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
    )
    try:
        assert process.stderr is not None
        said: list[str] = []
        for line in process.stderr:  # Chromium prints the address within a second or two
            said.append(line)
            match = LISTENING.search(line)
            if match:
                # Read on, or a full pipe would stop the browser.
                threading.Thread(target=process.stderr.read, daemon=True).start()
                yield "http://" + match.group(1).split("/")[2]
                break
        else:
            raise AssertionError("Chromium did not start: " + "".join(said[-5:]))
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


async def new_page(session: aiohttp.ClientSession, devtools: str) -> Page:
    async with session.put(f"{devtools}/json/new?about:blank") as response:
        target = json.loads(await response.text())
    return Page(await session.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0))
