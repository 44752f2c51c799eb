"""Where the lessons that ship with the tutor are."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent


def bundled_lessons() -> Path:
    """The `lessons/` folder: inside the installed package, or in a checkout."""
    installed = PACKAGE / "bundled_lessons"
    if installed.is_dir():
        return installed
    return PACKAGE.parent / "lessons"
