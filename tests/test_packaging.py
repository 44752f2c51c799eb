"""A plain `pip install .` carries everything the app needs: every package
under tutor/, the fan table, and the lessons (mapped in from lessons/)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_is_listed() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(path.parent.relative_to(ROOT).parts) for path in (ROOT / "tutor").rglob("__init__.py")}
    assert found <= listed
    assert "tutor.bundled_lessons" in listed


def test_wheel_holds_lessons_and_data(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    [wheel] = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "tutor/engine/mcr/fans.tsv" in names
    assert "tutor/engine/number_heads.bin" in names
    assert "tutor/bundled_lessons/en/r01-tiles.md" in names
    assert "tutor/bundled_lessons/ko/r12-efficiency.md" in names
    assert "tutor/bundled_lessons/ko/m13-penalties-and-payments.md" in names
    assert "tutor/bundled_lessons/glossary.tsv" in names
    assert "tutor/locale/ko/LC_MESSAGES/tutor.po" in names
    assert "tutor/locale/en/LC_MESSAGES/tutor.po" in names
    assert "tutor/locale/ko/LC_MESSAGES/names.po" in names
