"""A plain `pip install .` carries everything the app needs: every package
under tutor/, the fan table, and the lessons (mapped in from lessons/)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
import zipfile
from importlib.metadata import packages_distributions
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


def declared(extras: tuple[str, ...] = ("serve", "postgres")) -> set[str]:
    """The distributions pyproject.toml asks for: the dependencies and the named extras."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = project["dependencies"] + [need for extra in extras for need in project["optional-dependencies"][extra]]
    return {re.split(r"[=<>!~\[ ;]", need, maxsplit=1)[0].lower().replace("_", "-") for need in wanted}


def imported_top_level() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tutor").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - {"tutor", "__future__"}


def test_what_the_code_imports_is_declared() -> None:
    """rich and markdown-it-py came only through Textual, aiohttp only through textual-serve; psycopg is the
    postgres extra's."""
    distributions = packages_distributions()
    undeclared = {
        name: distributions.get(name, [])
        for name in imported_top_level()
        if not {dist.lower().replace("_", "-") for dist in distributions.get(name, [])} & declared()
    }
    assert undeclared == {}
    assert {"rich", "markdown_it", "aiohttp", "textual"} <= imported_top_level()


def test_every_package_data_pattern_matches_a_file() -> None:
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    folders = {package: ROOT / Path(*package.split(".")) for package in setuptools["packages"]}
    folders.update({package: ROOT / folder for package, folder in setuptools["package-dir"].items()})
    empty = [
        f"{package}: {pattern}"
        for package, patterns in setuptools["package-data"].items()
        for pattern in patterns
        if not list(folders[package].glob(pattern))
    ]
    assert empty == []
