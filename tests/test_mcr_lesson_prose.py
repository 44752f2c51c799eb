"""The MCR lessons' prose as a second teacher read it (issue 26): no program
identifiers in the text a learner reads, and the Chinese of the MCR track in
the simplified characters m02 says it uses."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

LESSONS = Path(__file__).resolve().parent.parent / "lessons"

# Traditional characters whose simplified form differs, among those the fan
# names and MCR terms use.
TRADITIONAL = {
    old: new
    for old, new in zip(
        "獨聽莊門風對槓開張將龍會雙絕搶無齊連統帶歸剛東發紅綠單釣邊頭",
        "独听庄门风对杠开张将龙会双绝抢无齐连统带归刚东发红绿单钓边头",
        strict=True,
    )
}


def prose(path: Path) -> str:
    """A lesson's Markdown without its front matter and hand blocks."""
    text = path.read_text(encoding="utf-8").split("---", 2)[2]
    return re.sub(r"```hand.*?```", "", text, flags=re.S)


@pytest.mark.parametrize("path", sorted(LESSONS.glob("*/*.md")), ids=lambda path: f"{path.parent.name}/{path.name}")
def test_no_program_identifier_in_the_prose(path: Path) -> None:
    """Rule options are named in words ("one of the course's MCR rule
    options"), not by their keys: m05, m09 and m12 once printed
    `knitted_straight_wait_fans` and `nine_gates_terminal_pung` with true and
    false.  A hand block's own settings line may still use them."""
    identifiers = re.findall(r"`([^`]*(?:_|=)[^`]*)`", prose(path))
    assert identifiers == []


def test_the_mcr_track_writes_simplified_characters() -> None:
    """m02: the characters are the riichi track's, written here in simplified
    form.  The glossary once gave 獨聽 and 全莊 for 독청 and 전장."""
    found = []
    for path in sorted(LESSONS.glob("*/m*.md")):
        found += [(path.name, char) for char in prose(path) if char in TRADITIONAL]
    with (LESSONS / "glossary.tsv").open(encoding="utf-8") as rows:
        for row in csv.DictReader(rows, delimiter="\t"):
            if row["track"] == "mcr":
                found += [(row["id"], char) for char in row["original"] if char in TRADITIONAL]
    assert found == []
