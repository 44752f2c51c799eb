"""The ladders at the top of the MCR fan lessons (issue 26: the `<` of m06
joined fans neither of which excludes the other, and m08's taught that 三风刻
and 小四喜 replace the wind fans).  `A < B` must mean what the lessons say it
means: A is in B's "not counted with" (불계) line."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
NOT_COUNTED = {"en": "Not counted with:", "ko": "불계:"}
JOINS = re.compile(r", and |, 그리고 ")


def ladders(text: str) -> list[tuple[str, str]]:
    """Every (smaller, bigger) pair a lesson's ladder lines write as `<`."""
    pairs = []
    for line in text.splitlines():
        if not (line.startswith("- ") and "<" in line):
            continue
        for chain in JOINS.split(line[2:]):
            steps = [step.strip() for step in chain.split("<")]
            for smaller, bigger in pairwise(steps):
                pairs += [(a.strip(), b.strip()) for a in smaller.split(",") for b in bigger.split(",")]
    return pairs


def not_counted_with(text: str, fan: str, language: str) -> str:
    """The "not counted with" words of a fan's own section."""
    section = re.search(rf"^#{{2,3}} {re.escape(fan)} .*?(?=^#{{2,3}} |\Z)", text, flags=re.S | re.M)
    assert section, fan
    body = " ".join(section.group(0).split())
    marker = NOT_COUNTED[language]
    return body.split(marker, 1)[1].split(".")[0] if marker in body else ""


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize(
    "lesson", ["m06-chow-fans", "m07-pung-and-kong-fans", "m08-honour-fans", "m09-suit-fans", "m10-range-fans"]
)
def test_every_step_of_a_ladder_is_a_not_counted_with(language: str, lesson: str) -> None:
    text = (LESSONS / language / f"{lesson}.md").read_text(encoding="utf-8")
    pairs = ladders(text)
    assert pairs
    wrong = [(a, b) for a, b in pairs if a not in not_counted_with(text, b, language)]
    assert wrong == []


def test_the_wind_fans_are_replaced_only_by_big_four_winds() -> None:
    text = (LESSONS / "en" / "m08-honour-fans.md").read_text(encoding="utf-8")
    replacing = {b for a, b in ladders(text) if a in ("圈风刻", "门风刻")}
    assert replacing == {"大四喜"}
