"""Time from starting the tutor to its first screen drawn (median of 5 runs).

Each run is a new Python process that imports the app and runs it headless
until the home screen has been drawn once, then exits: interpreter start,
imports, lesson loading and the first frame are all inside the time.

    python -m bench.startup
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time

PROGRAM = """
import asyncio
from tutor.ui.app import TutorApp

async def main():
    app = TutorApp(language="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()

asyncio.run(main())
"""


def main() -> None:
    times = []
    with tempfile.TemporaryDirectory() as data:
        for _ in range(5):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", PROGRAM], check=True, env={"TUTOR_DATA_DIR": data, "PATH": ""})
            times.append(time.perf_counter() - start)
    print("runs:", " ".join(f"{t:.3f}" for t in times), "s")
    print(f"median time to the first screen: {statistics.median(times):.3f} s (goal: at most 1 s)")


if __name__ == "__main__":
    main()
