"""The README's quick start is what CI runs, and its JSON notes name real keys."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def quick_start_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL)
    assert block, "the quick start has a ```sh block"
    return [line for line in block.group(1).splitlines() if line and not line.startswith("#")]


def test_quick_start_is_two_commands() -> None:
    commands = quick_start_commands()
    assert len(commands) == 2
    assert commands[0].endswith(".venv/bin/tutor")
    assert "pytest" in commands[1]


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    match = re.search(r'^TEST_COMMAND="(.*)"$', ci, re.MULTILINE)
    assert match
    assert match.group(1) == quick_start_commands()[1]
