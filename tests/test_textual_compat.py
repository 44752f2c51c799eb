"""Textual's private API is used in one module, tutor/ui/textual_compat.py,
written against one Textual release: an upgrade fails here first, naming
what to check."""

from __future__ import annotations

import ast
import importlib
import re
from importlib.metadata import version
from pathlib import Path
from typing import ClassVar

import textual
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Static

from tutor.ui import textual_compat
from tutor.ui.textual_compat import OVERRIDDEN, TEXTUAL_VERSION, FooterKey

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "tutor" / "ui"
COMPAT = UI / "textual_compat.py"


def test_the_pinned_textual_is_the_one_the_compat_module_was_written_for() -> None:
    """On an upgrade: read every function of tutor/ui/textual_compat.py
    against the new Textual's source, then change TEXTUAL_VERSION."""
    assert version("textual") == TEXTUAL_VERSION == "8.2.8"
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'"textual=={TEXTUAL_VERSION}"' in pyproject


def test_what_we_override_is_still_there() -> None:
    for module, cls, name in OVERRIDDEN:
        owner = getattr(importlib.import_module(module), cls)
        assert name in vars(owner), f"{module}.{cls}.{name} is gone from Textual {textual.__version__}"


class KeyedApp(App[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("x", "bell", "Bell")]

    def compose(self) -> ComposeResult:
        yield Static("x")
        yield Footer()


async def test_the_private_names_we_read_are_there() -> None:
    app: App[None] = KeyedApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        footer, static = app.query_one(Footer), app.query_one(Static)
        assert isinstance(textual_compat.stylesheet_changes(app), int)
        assert isinstance(textual_compat.binding_table(app), dict)
        assert textual_compat.footer_ready(footer) is True
        with textual_compat.footer_context(footer):
            pass
        textual_compat.drop_layout_request(static)
        assert callable(textual_compat.parse_style(static))
        with textual_compat.counting_layouts() as laid_out:
            static.update("y")
            static.styles.height = 3
            await pilot.pause()
        assert laid_out and set(laid_out) == {"Screen"}
        key = footer.query(FooterKey).first()
        assert textual_compat.is_key_disabled(key) is False
        textual_compat.set_key_disabled(key, True)
        assert textual_compat.is_key_disabled(key) and key.has_class("-disabled")


def textual_private_names() -> set[str]:
    """`_`-prefixed names Textual defines (methods, attributes set on self, class attributes)."""
    names: set[str] = set()
    for path in Path(textual.__file__).parent.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        names |= set(re.findall(r"(?:self\.|def |cls\.)(_[a-zA-Z]\w*)", source))
        names |= set(re.findall(r"^\s+(_[a-zA-Z]\w*)\s*[:=]", source, re.MULTILINE))
    return names


def our_names(paths: list[Path]) -> set[str]:
    """`_`-prefixed names our own modules define: functions, classes, attributes they set."""
    names: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.add(node.target.id)
            elif isinstance(node, ast.Assign):
                names |= {target.id for target in node.targets if isinstance(target, ast.Name)}
    return names


def test_nothing_else_in_the_ui_touches_textual_private_api() -> None:
    modules = [path for path in sorted(UI.rglob("*.py")) if path != COMPAT]
    overridden = {name for _, _, name in OVERRIDDEN}
    theirs = textual_private_names() - (our_names(modules) - overridden)
    offenders = []
    for path in modules:
        where = path.relative_to(ROOT)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "textual":
                if any(part.startswith("_") for part in node.module.split(".")):
                    offenders.append(f"{where}:{node.lineno} imports from {node.module}")
                offenders += [f"{where}:{node.lineno} imports {a.name}" for a in node.names if a.name.startswith("_")]
            elif (
                isinstance(node, ast.Attribute)
                and node.attr in theirs
                and not node.attr.startswith("__")
                and not (node.attr in overridden and isinstance(node.value, ast.Call))
            ):
                offenders.append(f"{where}:{node.lineno} uses {node.attr}")
    assert offenders == []


def test_the_scan_finds_a_private_use() -> None:
    """Guards the test above against passing on a scan that finds nothing."""
    assert {"_css_update_count", "_bindings", "_layout_required", "_update_lines"} <= textual_private_names()
