"""A monkey test of the whole app: random keys over every screen, seeded and bounded.

Each run starts the app on one screen (home, a lesson, the drill set-up, a
drill, the table, the workbench, the glossary, progress, settings, help, or
a served session's name screen), at one size, in one language, and presses
random keys from everything the app binds, plus letters, digits and the
arrows.  A run that raises, or ends with a non-zero code, is a crash; it is
reported with its seed, its start and its last keys, so it can be replayed.

    python -m bench.monkey                 # 20 runs of 400 keys at four sizes
    python -m bench.monkey --runs 4 --presses 50 --seed 7

The suite runs a short round of the same (tests/test_monkey.py); this is the
longer run.  `q` is left out (it ends the run), and so is anything that
leaves the app (ctrl+c, ctrl+q).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import traceback
from dataclasses import dataclass, field
from pathlib import Path

KEYS = (
    *"abcdefghijklmnoprstuvwxyz",
    *"0123456789",
    *"[]",
    "question_mark",
    "space",
    "enter",
    "escape",
    "tab",
    "shift+tab",
    "up",
    "down",
    "left",
    "right",
    "pageup",
    "pagedown",
    "home",
    "end",
    "backspace",
    "delete",
    "f2",
    "f3",
    "f5",
    "ctrl+z",
    "ctrl+s",
    "ctrl+p",
    "A",
    "M",
    "Z",
)
"""Every key a screen binds or a field takes, and some it does not."""
STARTS = (
    "home",
    "lesson",
    "setup",
    "drill",
    "table",
    "workbench",
    "glossary",
    "progress",
    "settings",
    "help",
    "learner",
)
SIZES = ((80, 24), (120, 40), (60, 20), (200, 50))


@dataclass(frozen=True)
class Crash:
    seed: int
    start: str
    size: tuple[int, int]
    last_keys: tuple[str, ...]
    error: str


@dataclass
class Tally:
    runs: int = 0
    presses: int = 0
    crashes: list[Crash] = field(default_factory=list)
    by_start: dict[str, int] = field(default_factory=dict)

    def line(self) -> str:
        return f"{self.runs} runs, {self.presses} key presses, {len(self.crashes)} crashes"


async def _open(app: object, start: str) -> None:
    from tutor.quiz.plan import DrillPlan
    from tutor.ui.app import TutorApp
    from tutor.ui.screens.drill import DrillScreen

    assert isinstance(app, TutorApp)
    if start == "lesson":
        app.open_lesson("r07-fu" if app.library.lessons.get(app.language, {}).get("r07-fu") else "r01-tiles")
    elif start == "setup":
        app.start_drills()
    elif start == "drill":
        app.push_screen(DrillScreen(DrillPlan(("fu", "waits", "mcr-fans"), length=5, level=2)))
    elif start == "table":
        app.open_table()
    elif start == "workbench":
        app.open_workbench("123m456p789s11z23s")
    elif start == "glossary":
        app.action_glossary()
    elif start == "progress":
        app.action_progress()
    elif start == "settings":
        app.action_settings()
    elif start == "help":
        app.action_help()


async def one_run(seed: int, start: str, presses: int, size: tuple[int, int], folder: Path) -> tuple[int, Crash | None]:
    """Press `presses` random keys from `start`; returns how many were pressed and the crash, if any."""
    from tutor.quiz.store import Store
    from tutor.ui.app import TutorApp

    chooser = random.Random(seed)
    language = chooser.choice(("en", "ko"))
    classroom = start == "learner"
    store = None if classroom else Store.open(folder / f"progress-{seed}.sqlite3")
    app = TutorApp(language=language, store=store, classroom=classroom)
    pressed: list[str] = []
    error: str | None = None
    try:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await _open(app, start)
            await pilot.pause()
            for _ in range(presses):
                key = chooser.choice(KEYS)
                pressed.append(key)
                await pilot.press(key)
                if not app.is_running:
                    break
    except Exception as raised:  # noqa: BLE001 - a crash is what this counts
        error = "".join(traceback.format_exception_only(raised)).strip()
    if error is None and app.return_code not in (None, 0):
        error = f"the app ended with code {app.return_code}"
    if store is not None:
        store.close()
    crash = Crash(seed, start, size, tuple(pressed[-12:]), error) if error else None
    return len(pressed), crash


def monkey(runs: int, presses: int, seed: int = 1, sizes: tuple[tuple[int, int], ...] = SIZES) -> Tally:
    """`runs` runs, each from the next start screen and size in turn, seeded from `seed`."""
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="tutor-monkey-") as folder:
        saved = os.environ.get("TUTOR_DATA_DIR")
        os.environ["TUTOR_DATA_DIR"] = folder  # never the learner's own progress
        try:
            for number in range(runs):
                start = STARTS[number % len(STARTS)]
                size = sizes[number % len(sizes)]
                count, crash = asyncio.run(one_run(seed * 1000 + number, start, presses, size, Path(folder)))
                tally.runs += 1
                tally.presses += count
                tally.by_start[start] = tally.by_start.get(start, 0) + count
                if crash is not None:
                    tally.crashes.append(crash)
        finally:
            if saved is None:
                os.environ.pop("TUTOR_DATA_DIR", None)
            else:
                os.environ["TUTOR_DATA_DIR"] = saved
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.monkey", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=22, help="runs, each from the next start screen (default 22)")
    parser.add_argument("--presses", type=int, default=400, help="keys pressed in each run (default 400)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    tally = monkey(args.runs, args.presses, args.seed)
    for start, count in sorted(tally.by_start.items()):
        print(f"  {start:<10} {count} presses")
    for crash in tally.crashes:
        print(f"CRASH seed {crash.seed} from {crash.start} at {crash.size}: {crash.error}")
        print(f"      last keys: {' '.join(crash.last_keys)}")
    print(tally.line())
    return 1 if tally.crashes else 0


if __name__ == "__main__":
    sys.exit(main())
