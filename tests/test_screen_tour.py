"""Every screen, in both languages, at 80x24 and 120x40 (issue 13).

One app run per language and size visits each screen in turn. On each it
reads the whole screen as drawn and holds it to one language, presses `l` and
reads it again in the other language, then presses `t`, `?`, `escape` and
`enter` and asserts that the app is still running (a key that crashed it
would have stopped it). The tour goes on in the language it switched to, so
each run checks every screen in both languages. The screens are reached through the app itself, as a learner would,
and the screen's text is read from the compositor, not from snapshots, so a
whole tour costs a few seconds.

One language per screen means: no Hangul anywhere on an English screen (the
glossary's Korean column is the Korean screen's alone, and English lessons
carry no Korean glosses); no English interface word on a Korean one.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import make_app, settle
from tests.screen_tour import HANGUL, SCREENS, back_home, press, screen_lines
from tutor.ui.app import TutorApp
from tutor.ui.screens.lesson import LessonScreen

ENGLISH_UI_WORDS = (
    "Mahjong Tutor",
    "Back",
    "Next",
    "Previous",
    "Reveal",
    "Present",
    "Drill",
    "Drills",
    "Help",
    "Quit",
    "Theme",
    "Keys",
    "Settings",
    "Glossary",
    "Progress",
    "Review",
    "Lesson",
    "Answer",
    "Skip",
    "Start",
    "palette",
    "Language",
    "English",
    "Korean",
    "Original",
    "Contents",
    "Presentation",
    "hidden",
    "won on",
    "by ron",
    "by tsumo",
    "seat",
    "round",
    "Search",
    "Screenshot",
    "Maximize",
)
"""Words of our English interface; none may show on a Korean screen."""
ENGLISH_WORD = re.compile(r"\b(" + "|".join(re.escape(word) for word in ENGLISH_UI_WORDS) + r")\b")


def hand_block_lines(app: TutorApp) -> list[str]:
    """The words of an English lesson's hand blocks (setting and answers),
    which the body's exclusion must not hide."""
    if not isinstance(app.screen, LessonScreen):
        return []
    return [line for hand in app.screen.hands for line in (hand.setup_text, *hand.shown_lines())]


def assert_one_language(app: TutorApp, where: str) -> None:
    lines = screen_lines(app) + hand_block_lines(app)
    if app.language == "en":
        mixed = [line.strip() for line in lines if HANGUL.search(line)]
        assert not mixed, f"{where}: Hangul on an English screen: {mixed[:3]}"
    else:
        mixed = [line.strip() for line in lines if ENGLISH_WORD.search(line)]
        assert not mixed, f"{where}: English interface words on a Korean screen: {mixed[:3]}"


def assert_running(app: TutorApp, where: str, key: str) -> None:
    assert app.is_running and app._exception is None, f"{where}: the app stopped after {key}: {app._exception!r}"


# Each tour shows every screen in both languages (it opens one in the tour's
# language of the moment and presses `l`); both starting languages at 80x24,
# where words are cut and wrap, open each screen in each language there; one
# tour at 120x40 sees each screen in both at the wide size.
@pytest.mark.parametrize(
    ("language", "size"),
    [("en", (80, 24)), ("ko", (80, 24)), ("en", (120, 40))],
    ids=["en-80x24", "ko-80x24", "en-120x40"],
)
async def test_every_screen_speaks_one_language_and_survives_the_global_keys(
    tmp_path: Path, language: str, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path, language)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for where, opener in SCREENS:
            await opener(app, pilot)
            assert_one_language(app, f"{where} ({app.language})")
            await press(pilot, "l")
            assert_running(app, where, "l")
            assert_one_language(app, f"{where} after l ({app.language})")
            await press(pilot, "t", "question_mark", "escape", "enter")
            assert_running(app, where, "t ? escape enter")
            await back_home(app, pilot)
