"""#28.5: the question's tiles keep their faces, in sight above the answer,
however far the answer and its feedback scroll (an MCR step answer at
80x24 scrolled the body under a hand docked inside it, and tiles drew
blank where the scrolled rows had been)."""

from __future__ import annotations

import copy
import html
import re
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.drill_helpers import fill_rows, open_drill
from tests.helpers import make_app, settled
from tutor.quiz.plan import DrillPlan

TEXT = re.compile(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>')


def screen_rows(pilot: Pilot[Any]) -> list[str]:
    """The screen's rows of text as drawn, from a screenshot."""
    rows: dict[float, list[tuple[float, str]]] = {}
    for match in TEXT.finditer(pilot.app.export_screenshot()):
        x, y = float(match[1]), float(match[2])
        rows.setdefault(y, []).append((x, html.unescape(match[3]).replace("\xa0", " ")))
    return ["".join(part for _, part in sorted(row)).rstrip() for _, row in sorted(rows.items())]


def hand_rows(pilot: Pilot[Any]) -> list[str]:
    """The rows the hand is drawn on, as the screen shows them."""
    region = pilot.app.screen.query_one("#hand").region
    return screen_rows(pilot)[region.y : region.y + region.height]


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_the_hand_keeps_its_faces_after_an_mcr_step_answer(tmp_path: Path, language: str) -> None:
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, DrillPlan(("mcr-steps",), length=2, level=2, seed=7))
        await settled(pilot)
        before = hand_rows(pilot)
        assert any("萬" in row for row in before)
        response = copy.deepcopy(screen.question.answer)
        left = response["left_out"][0]
        left["principle"] = "account_once" if left["principle"] != "account_once" else "take_higher"
        await fill_rows(pilot, response)
        await settled(pilot)
        assert screen.answered
        body = screen.query_one("#body")
        assert body.scroll_y > 0, "the feedback scrolled the body"
        assert hand_rows(pilot) == before
