"""Memory per session of `tutor serve`, over loopback only.

Starts `tutor serve --port 0` with a throwaway data folder, opens N
websocket sessions from the server's own page origin, waits until each
session's app shows its first screen, then adds up the resident memory (RSS,
from /proc) of the server and every process under it.  Each session is one
app process, so the figure that matters is the memory per session.  Linux
only (it reads /proc).

    python -m bench.serve_memory [sessions]
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import aiohttp

from bench.arguments import parse_count

PAGE = os.sysconf("SC_PAGE_SIZE")
BANNER = re.compile(r"on (http://127\.0\.0\.1:(\d+)) ")


class Served:
    """`tutor serve --port 0`, and where it says it listens."""

    def __init__(self, sessions: int) -> None:
        command = [sys.executable, "-m", "tutor", "serve", "--port", "0", "--max-sessions", str(sessions)]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert self.process.stdout is not None
        match = BANNER.search(self.process.stdout.readline())
        if match is None:
            self.process.kill()
            raise SystemExit("tutor serve printed no banner")
        self.url = match.group(1)
        self.ws = f"ws://127.0.0.1:{match.group(2)}/ws?width=80&height=24"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


async def drawn(socket: aiohttp.ClientWebSocketResponse, size: int = 4000) -> None:
    """Wait until the session's app has drawn a first screen (a few KiB of output)."""
    received = 0
    while received < size:
        message = await socket.receive(timeout=300)
        if message.type != aiohttp.WSMsgType.BINARY:
            if message.type != aiohttp.WSMsgType.TEXT:
                raise SystemExit(f"a session ended before it drew: {message.type}")
            continue
        received += len(message.data)


def rss(pid: int) -> int:
    """Resident bytes of one process (0 if it has gone)."""
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE
    except (OSError, IndexError, ValueError):
        return 0


def descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, pending = [], [pid]
    while pending:
        for child in children.get(pending.pop(), []):
            found.append(child)
            pending.append(child)
    return found


async def open_sessions(served: Served, count: int) -> tuple[int, int]:
    """Hold `count` sessions open; return (server RSS, sessions' RSS) while they are."""
    async with aiohttp.ClientSession() as session:
        sockets = [await session.ws_connect(served.ws, headers={"Origin": served.url}) for _ in range(count)]
        await asyncio.gather(*(drawn(socket) for socket in sockets))
        server = rss(served.process.pid)
        sessions = sum(rss(pid) for pid in descendants(served.process.pid))
        for socket in sockets:
            await socket.close()
        return server, sessions


def main() -> None:
    count = parse_count(__doc__, 20, "sessions")
    os.environ["TUTOR_DATA_DIR"] = tempfile.mkdtemp(prefix="tutor-serve-bench-")
    served = Served(max(count, 1))
    try:
        idle = rss(served.process.pid)
        server, sessions = asyncio.run(open_sessions(served, count))
    finally:
        served.stop()
    mib = 1024 * 1024
    print(f"server alone: {idle / mib:.1f} MiB RSS")
    print(f"{count} sessions: server {server / mib:.1f} MiB, sessions {sessions / mib:.1f} MiB in all")
    print(f"per session: {sessions / count / mib:.1f} MiB RSS")


if __name__ == "__main__":
    main()
