"""The README's quick start and checks are what CI runs."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def quick_start_blocks() -> list[list[str]]:
    """The command lines of each ```sh block of the quick start, in order."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, re.DOTALL)
    assert blocks, "the quick start has a ```sh block"
    return [[line for line in block.splitlines() if line and not line.startswith("#")] for block in blocks]


def quick_start_commands() -> list[str]:
    return quick_start_blocks()[0]


def ci_script() -> str:
    return (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_quick_start_is_two_commands() -> None:
    commands = quick_start_commands()
    assert len(commands) == 2
    assert commands[0].endswith(".venv/bin/tutor")
    assert "pytest" in commands[1]


def test_ci_runs_the_readme_test_command() -> None:
    match = re.search(r'^TEST_COMMAND="(.*)"$', ci_script(), re.MULTILINE)
    assert match
    assert match.group(1) == quick_start_commands()[1]


def test_ci_runs_the_readme_checks() -> None:
    """The second block of the quick start lists CI's checks, each run as its own step."""
    match = re.search(r"^CHECKS=\(\n(.*?)^\)", ci_script(), re.MULTILINE | re.DOTALL)
    assert match
    checks = re.findall(r'^\s+"(.*)"$', match.group(1), re.MULTILINE)
    assert checks == quick_start_blocks()[1]
    assert {".venv/bin/mypy", ".venv/bin/lint-imports", ".venv/bin/ruff check ."} <= set(checks)
