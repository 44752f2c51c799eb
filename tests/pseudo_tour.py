"""The screen tour in a pseudo-language, run in its own interpreter with
TUTOR_LOCALE_PATH naming the folder tests/test_pseudo_language.py made.

Prints, as JSON, every screen line that shows an ASCII word of three or
more letters (an English word no catalogue wrapped) or Hangul. Lesson
material is no catalogue's: the English lessons a language without its own
reads (their titles and bodies) and the glossary's table of terms are left
out, and so is a file path the settings show. Not a test
module itself: the test runs it, because the catalogue's languages are read
once, when tutor.locale is first imported.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import DataTable

from tests.helpers import settle
from tests.screen_tour import HANGUL, SCREENS, back_home, screen_lines
from tutor.quiz.attempt import Attempt
from tutor.quiz.kinds import KINDS, judge
from tutor.quiz.plan import DrillPlan
from tutor.quiz.store import Store
from tutor.ui.app import TutorApp
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.drill_summary import SummaryScreen
from tutor.ui.screens.info import GlossaryScreen
from tutor.ui.screens.lesson import LessonScreen

LANGUAGE = "qps"
ASCII_WORD = re.compile(r"(?<![A-Za-z0-9_])[A-Za-z]{3,}(?![A-Za-z])")
KEY_NAMES = frozenset({"ctrl", "esc", "tab", "enter", "space", "shift", "pgup", "pgdn", "home", "end", "del"})
"""Key names as the terminal shows them, which are no sentence."""


PATH = re.compile(r"\S*/\S*")


def unwrapped(lines: list[str], titles: tuple[str, ...] = ()) -> list[str]:
    """The lines with an English word or Hangul; ["(nothing wrapped)"] for a
    screen that shows no catalogue sentence at all (a tour that saw nothing)."""
    if not any("⟦" in line for line in lines):
        return ["(nothing wrapped)"]
    found = []
    for line in lines:
        for title in titles:
            line = line.replace(title, "")
        line = PATH.sub("", line)
        words = [word for word in ASCII_WORD.findall(line) if word.lower() not in KEY_NAMES]
        if words or HANGUL.search(line):
            found.append(line.strip())
    return found


def material_left_out(app: TutorApp) -> list[str]:
    """The screen's lines, lesson material left out: a lesson's body (the
    English lessons a language without its own reads) and the glossary's terms."""
    regions = []
    if isinstance(app.screen, LessonScreen):
        regions = [app.screen.query_one("#text").region, app.screen.query_one("#contents").region]
    detail = None
    if isinstance(app.screen, GlossaryScreen):
        regions = [app.screen.query_one(DataTable).region]
        detail = app.screen.query_one("#term-detail").region
    # A term's definition and example (lesson material, from glossary.tsv) stand
    # in the detail line among the catalogue's words: only their words are left out.
    material = (
        {word for term in app.glossary for word in ASCII_WORD.findall(term.en_definition)}
        | {word for title in lesson_titles(app) for word in ASCII_WORD.findall(title)}
        if detail
        else set()
    )
    kept = []
    for y, line in enumerate(screen_lines(app)):
        if any(region.y <= y < region.bottom for region in regions):
            continue
        if detail is not None and detail.y <= y < detail.bottom:
            line = " ".join(word for word in line.split(" ") if word.strip(".,;:()⟦⟧") not in material)
        kept.append(line)
    return kept


def lesson_titles(app: TutorApp) -> tuple[str, ...]:
    titles = {lesson.title for lessons in app.library.lessons.values() for lesson in lessons.values()}
    return tuple(sorted(titles, key=len, reverse=True))


async def tour(store: Path) -> dict[str, list[str]]:
    app = TutorApp(language=LANGUAGE, store=Store.open(store))
    problems: dict[str, list[str]] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for where, opener in SCREENS:
            await opener(app, pilot)
            problems[where] = unwrapped(material_left_out(app), lesson_titles(app))
            await back_home(app, pilot)
        for kind in KINDS:
            await drill_kind(app, pilot, kind, problems)
    return problems


async def drill_kind(app: TutorApp, pilot: Pilot[Any], kind: str, problems: dict[str, list[str]]) -> None:
    """A kind's question, its feedback after the answer is shown, and the summary."""
    screen = DrillScreen(DrillPlan((kind,), length=1, level=2, seed=11))
    app.push_screen(screen)
    await settle(pilot)
    titles = lesson_titles(app)
    problems[f"{kind} question"] = unwrapped(screen_lines(app), titles)
    await pilot.press("ctrl+w")
    await settle(pilot)
    problems[f"{kind} feedback"] = unwrapped(screen_lines(app), titles)
    question = screen.question
    wrong = Attempt(judge(question, {}), "wrong")
    app.push_screen(SummaryScreen([wrong], again=DrillScreen))
    await settle(pilot)
    problems[f"{kind} summary"] = unwrapped(screen_lines(app), titles)
    await back_home(app, pilot)


if __name__ == "__main__":
    found = asyncio.run(tour(Path(sys.argv[1])))
    print(json.dumps({where: lines for where, lines in found.items() if lines}, ensure_ascii=False, indent=1))
