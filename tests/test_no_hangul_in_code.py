"""Every Korean word the app shows comes from the Korean catalogue: no
Hangul string literal in tutor/ outside tutor/locale (docstrings, which
quote the Korean source documents, aside)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.code_scan import code_literals

PACKAGE = Path(__file__).resolve().parent.parent / "tutor"
HANGUL = re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")


def hangul_literals(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{path.name}:{node.lineno}: {node.value[:60]!r}" for node in code_literals(tree) if HANGUL.search(node.value)
    ]


def test_no_hangul_string_literal_outside_the_catalogue() -> None:
    found = [
        f"{path.relative_to(PACKAGE).parent}/{literal}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).parts[0] != "locale"
        for literal in hangul_literals(path)
    ]
    assert found == []


def test_the_scan_finds_a_hangul_literal(tmp_path: Path) -> None:
    """Guards the test above against passing on a scan that finds nothing."""
    module = tmp_path / "sample.py"
    module.write_text('"""문서."""\n\nWORD = "패"\n', encoding="utf-8")
    found = hangul_literals(module)
    assert len(found) == 1 and "'패'" in found[0]
