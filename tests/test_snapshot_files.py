"""Every snapshot file belongs to a test.

syrupy finds unused snapshots only in a run of one process: under
pytest-xdist (the README's test command) each worker sees only its own
tests, so syrupy reports nothing. This test does that check for every run:
it collects the modules that own a snapshot folder and holds each `.svg` in
the folder to a collected test of that name.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
SNAPSHOTS = TESTS / "__snapshots__"


def collected_ids(modules: list[Path]) -> list[str]:
    env = {name: value for name, value in os.environ.items() if not name.startswith("PYTEST_")}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist", "-p", "no:cacheprovider"]
        + [str(module) for module in modules],
        cwd=TESTS.parent,
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return [line for line in done.stdout.splitlines() if "::" in line]


def snapshot_name(node_id: str) -> tuple[str, str]:
    """`tests/test_x.py::TestY::test_z[a]` -> (`test_x`, `TestY.test_z[a]`), as syrupy names the file."""
    path, *names = node_id.split("::")
    return Path(path).stem, ".".join(names)


def test_every_snapshot_file_has_its_test() -> None:
    folders = sorted(folder for folder in SNAPSHOTS.iterdir() if folder.is_dir())
    modules = [TESTS / f"{folder.name}.py" for folder in folders]
    assert [module for module in modules if not module.exists()] == []
    tests = {snapshot_name(node_id) for node_id in collected_ids(modules)}
    files = {(folder.name, svg.stem) for folder in folders for svg in folder.glob("*.svg")}
    assert len(files) > 20, "the snapshot folders were found"
    assert sorted(files - tests) == []
