"""One lesson screen shows lesson after lesson, and the last few lessons
are kept laid out (tutor/ui/lesson_screens.py): a lesson shown in the kept
screen must look and behave as in a newly built one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.content import Content
from textual.pilot import Pilot

from tests.helpers import make_app, settle
from tutor.ui import app as app_module
from tutor.ui import lesson_screens
from tutor.ui.app import TutorApp
from tutor.ui.lesson_screens import KEPT
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.lesson import LessonScreen
from tutor.ui.textual_compat import FooterKey, HeaderTitle
from tutor.ui.widgets import lesson_document


async def open_revealed(app: TutorApp, pilot: Pilot[Any], lesson_id: str) -> list[int]:
    """Open a lesson and reveal its answers (`a`): the steps shown per hand."""
    app.open_lesson(lesson_id)
    await pilot.press("a")
    await settle(pilot)
    assert isinstance(app.screen, LessonScreen)
    revealed = [hand.revealed for hand in app.screen.hands]
    assert any(revealed)
    return revealed


async def test_a_kept_lesson_opens_as_new_and_in_the_current_theme(tmp_path: Path) -> None:
    """Opened again, a lesson read with answers revealed, in presentation
    mode, scrolled and with the theme changed meanwhile is drawn exactly as a
    lesson opened for the first time in that theme."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("r04-waits")
        await settle(pilot)
        first = app.screen
        await pilot.press("a", "f5", "pagedown", "pagedown")
        await settle(pilot)
        await pilot.press("escape", "escape")
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        theme = app.theme
        app.open_lesson("r04-waits")
        await settle(pilot)
        assert app.screen is first
        assert not any(hand.revealed for hand in first.hands)
        kept = app.export_screenshot()
    fresh = make_app(tmp_path / "fresh")
    async with fresh.run_test(size=(80, 24)) as pilot:
        fresh.theme = theme
        await settle(pilot)
        fresh.open_lesson("r04-waits")
        await settle(pilot)
        assert kept == fresh.export_screenshot()


async def test_one_screen_shows_lesson_after_lesson_and_keeps_the_last_few_laid_out(tmp_path: Path) -> None:
    """`]` and `l` show the next lesson and the other language in the same
    screen (no screen is built, pushed or switched); the parts of the last
    KEPT (lesson, language) pairs are kept, the least recent let go."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("r01-tiles")
        await settle(pilot)
        screen, depth = app.screen, len(app.screen_stack)
        recent: list[tuple[str, str]] = []

        def saw() -> None:
            assert isinstance(app.screen, LessonScreen)
            shown = (app.screen.lesson.language, app.screen.lesson.id)
            recent[:] = [*(pair for pair in recent if pair != shown), shown]

        saw()
        for _ in range(KEPT // 2 + 1):
            for key in ("l", "l", "right_square_bracket"):
                await pilot.press(key)
                await settle(pilot)
                saw()
            assert app.screen is screen and len(app.screen_stack) == depth
        assert isinstance(screen, LessonScreen) and screen.lesson.language == "en"
        assert screen.lesson.id == app.library.in_order("en", "riichi")[KEPT // 2 + 1].id
        assert len(recent) > KEPT and app.lesson_screens.kept_lessons() == recent[-KEPT:]
        await pilot.press("escape")
        await settle(pilot)
        app.open_lesson("r02-sets")
        await settle(pilot)
        assert app.screen is screen and screen.lesson.id == "r02-sets"


async def test_footer_keys_are_born_in_the_footers_style(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Footer keys are not switched from compact and back (a restyle of each
    key) when a screen's footer is built, wide or narrow."""

    switches: list[bool] = []
    original = FooterKey._watch_compact

    def watch(key: FooterKey, compact: bool) -> None:
        # Textual calls the watcher on mount too: only a change of class restyles.
        if key.has_class("-compact") != compact:
            switches.append(compact)
        original(key, compact)

    monkeypatch.setattr(FooterKey, "_watch_compact", watch)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_lesson("r04-waits")
        await settle(pilot)
        keys = list(app.screen.query(FooterKey).exclude(".-command-palette"))
        assert keys and not any(key.compact or key.has_class("-compact") for key in keys)
        assert switches == []
        await pilot.resize_terminal(70, 24)
        await settle(pilot)
        keys = list(app.screen.query(FooterKey))
        assert keys and all(key.compact and key.has_class("-compact") for key in keys)


async def test_l_in_a_drill_over_a_lesson_keeps_the_drill_on_top(tmp_path: Path) -> None:
    """A lesson's drill (`z`) switched to the other language stays the
    screen on top; the lesson under it follows the language when the learner
    comes back to it. (The lesson, which Textual counts as current while it
    shows through, took the drill's place.)"""

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("r03-winning")
        await settle(pilot)
        await pilot.press("z")
        await settle(pilot)
        drill = app.screen
        assert isinstance(drill, DrillScreen)
        await pilot.press("ctrl+w")
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        assert app.screen is drill and app.language == "ko"
        # Leaving a drill with an answer given asks first, then sums it up (#28, drill setup).
        await pilot.press("escape", "y")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson.language == "ko"


async def test_l_on_a_lesson_shows_the_new_languages_titles(tmp_path: Path) -> None:
    """`l` on a lesson: the header's titles are the new language's, on the
    lesson and back home. (That `l` is one layout of the screen, not one
    more each for the titles, the relabelled footer keys and the contents
    list, is a budget of bench/ui_latency.py.)"""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        # r01-tiles: its contents need a scrollbar in one language only.
        for lesson_id, languages in (("r09-fu", ("ko", "en", "ko")), ("r01-tiles", ("en", "ko"))):
            app.open_lesson(lesson_id, replace=True)
            await settle(pilot)
            for language in languages:
                await pilot.press("l")
                await settle(pilot)
                lesson = app.library.lessons[language][lesson_id]
                title = str(app.screen.query_one(HeaderTitle).render())
                assert lesson.title in title and app.screen.title == lesson.title
        await pilot.press("escape")
        await settle(pilot)
        assert app.title == "마작 튜터" and "마작 튜터" in str(app.screen.query_one(HeaderTitle).render())


async def test_the_other_language_is_prepared_while_the_learner_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once no key has come for a moment, the lesson's other language is made
    and laid out ahead, a slice at a time, as the lesson is shown (its
    answers revealed): `l` then shows it without parsing or laying out any of
    it. Stopped halfway by a key, the preparation leaves `l` a whole lesson."""

    made: list[str] = []
    original_parts, original_hand_lines = lesson_screens.lesson_parts, lesson_document.hand_lines
    monkeypatch.setattr(
        lesson_screens, "lesson_parts", lambda lesson: (made.append(lesson.id), original_parts(lesson))[1]
    )

    def hand_lines(*args: Any, **kwargs: Any) -> list[Content]:
        made.append("hand")
        return original_hand_lines(*args, **kwargs)

    monkeypatch.setattr(lesson_document, "hand_lines", hand_lines)
    # Not before a long quiet moment: the app's own timer waits for the test.
    monkeypatch.setattr(app_module, "PREPARE_AFTER", 1000)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        revealed = await open_revealed(app, pilot, "r09-fu")
        made.clear()
        assert not app._prepare_when_quiet() and made == []
        app._collector._last_input -= 1000
        assert not app.lesson_screens.prepare(0)  # one step, and more to come
        while not app._prepare_when_quiet():
            pass
        assert made[0] == "r09-fu" and "hand" in made
        made.clear()
        await pilot.press("l")
        await settle(pilot)
        assert app.screen.lesson.language == "ko" and made == []
        assert [hand.revealed for hand in app.screen.hands] == revealed
        # Halfway (a key came): `l` makes the rest itself.
        await pilot.press("right_square_bracket")
        await settle(pilot)
        app.lesson_screens.prepare(0)
        await pilot.press("l")
        await settle(pilot)
        lesson = app.screen.lesson
        assert lesson.language == "en" and len(app.screen.document.parts) == len(list(original_parts(lesson)))
        # A lesson screen without its document (being taken down as the app
        # exits, which the preparation's timer outlives) has nothing to prepare.
        await app.screen.document.remove()
        assert app.lesson_screens.prepare(1)


async def test_l_with_answers_revealed_reveals_them_in_the_other_language(tmp_path: Path) -> None:
    """The other language's hands are revealed as the lesson's. (That its
    parts are laid out once, not first with none revealed and then again,
    is a budget of bench/ui_latency.py.)"""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        revealed = await open_revealed(app, pilot, "r04-waits")
        await pilot.press("l")
        await settle(pilot)
        assert app.screen.lesson.language == "ko" and [hand.revealed for hand in app.screen.hands] == revealed


async def test_preparing_while_the_app_closes_does_nothing(tmp_path: Path) -> None:
    """The preparation's timer fired once the app had no screen left (on a
    loaded machine, while it closed): ScreenStackError, which stopped a
    screen tour and the UI latency bench."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
    assert not app.screen_stack
    assert app.lesson_screens.prepare(1)


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("en", "no win: the hand is complete but has no yaku"),
        ("ko", "화료할 수 없다. 화료형이지만 역이 없다"),
    ],
)
async def test_a_refused_hand_reveals_why_it_cannot_win_in_words(tmp_path: Path, language: str, sentence: str) -> None:
    """#28.3: r03's hand without a yaku reveals the reason as a sentence of
    the catalogue, not the code `refused:no_yaku`."""
    app = make_app(tmp_path, language)
    async with app.run_test(size=(100, 40)) as pilot:
        await open_revealed(app, pilot, "r03-winning")
        assert isinstance(app.screen, LessonScreen)
        shown = [line for hand in app.screen.hands for line in hand.shown_lines()]
        assert not [line for line in shown if "refused" in line]
        assert any(sentence in line for line in shown), shown


def test_every_refusal_of_the_engine_has_a_sentence() -> None:
    """#28.3: each reason code the engine refuses a win with reads as a sentence in both languages."""
    import re

    from tutor.locale import keys

    engine = Path(__file__).parent.parent / "tutor" / "engine"
    reasons = {
        match.group(1)
        for path in engine.rglob("*.py")
        for match in re.finditer(r'Refusal\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8"))
    }
    assert reasons >= {"no_yaku", "not_complete", "flags"}
    for language in ("en", "ko"):
        assert {f"answer.refused.{reason}" for reason in reasons} <= keys(language)


async def test_a_notice_hides_no_lesson_text(tmp_path: Path) -> None:
    """#28.11: the notice `l` gives sits on a line of its own, not over the
    lesson's text, and the text is laid out around it."""
    from textual.widgets._toast import Toast

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.open_lesson("r03-winning")
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        toasts = list(app.screen.query(Toast))
        assert toasts
        text_region = app.screen.document.region
        for toast in toasts:
            assert not toast.region.overlaps(text_region), (toast.region, text_region)
            assert toast.region.height >= 1


async def test_contents_hidden_and_shown_keep_the_reading_position(tmp_path: Path) -> None:
    """#28.9: `c` (the contents) changes the text's width; the part read
    stays at the top, after one `c` and after two (the text was left at the
    same row, which at the new width is another part of the lesson)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("r09-fu")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        screen = app.screen
        await pilot.press("pagedown", "pagedown", "pagedown", "pagedown")
        await settle(pilot)
        reading = screen.document.part_at(int(screen.document.scroll_y))[0]
        assert reading > 0
        for _ in range(2):
            await pilot.press("c")
            await settle(pilot)
            await settle(pilot)
            assert screen.document.part_at(int(screen.document.scroll_y))[0] == reading


@pytest.mark.parametrize(
    ("language", "total", "exact", "rounded"),
    [("en", "total", "total 25 fu", "rounded up"), ("ko", "합계", "합계 25부", "올림")],
)
async def test_a_total_with_nothing_to_round_is_not_said_rounded(
    tmp_path: Path, language: str, total: str, exact: str, rounded: str
) -> None:
    """#28.14: chiitoitsu's answer says "total 25 fu", not "total 25,
    rounded up to 25"; a total that is rounded still says so."""
    app = make_app(tmp_path, language)
    async with app.run_test(size=(100, 40)) as pilot:
        await open_revealed(app, pilot, "r09-fu")
        assert isinstance(app.screen, LessonScreen)
        # The total is one of the shown lines; lines after it (the wait, with `kinds=`) vary by block.
        totals = {
            (hand.block.expect.get("fu_raw"), hand.block.expect.get("fu")): next(
                line for line in hand.shown_lines() if total in line
            )
            for hand in app.screen.hands
            if "fu_raw" in hand.block.expect
        }
        assert totals[("25", "25")].endswith(exact) and rounded not in totals[("25", "25")]
        assert rounded in totals[("26", "30")]


async def test_a_again_hides_the_revealed_answers(tmp_path: Path) -> None:
    """#28 friction (a teacher): `a` reveals the answers, `a` once more hides them."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_revealed(app, pilot, "r03-winning")
        assert isinstance(app.screen, LessonScreen)
        await pilot.press("a")
        await settle(pilot)
        assert all(hand.revealed == 0 for hand in app.screen.hands)


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_o_lists_the_links_in_view_and_enter_follows_one(tmp_path: Path, language: str) -> None:
    """#28 friction: in-text links are drawn as links and followed by key:
    `o` lists those of the text in view, enter opens the lesson."""
    from tutor.ui.screens.links import LinksScreen, links_in

    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("r03-winning")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        document = screen.document
        # Scrolled to the first part with a link to a lesson.
        index, (_, href) = next(
            (index, links[0])
            for index, part in enumerate(document.parts)
            if isinstance(part, lesson_document.TextPart)
            for links in [[link for link in links_in(part.source) if link[1].startswith("lesson:")]]
            if links
        )
        document.scroll_to_part(index)
        await settle(pilot)
        rows = [document.render_line(y) for y in range(document.size.height)]
        assert any(
            ".link" in str(segment.style) or (segment.style and segment.style.underline)
            for row in rows
            for segment in row
        )
        await pilot.press("o")
        await settle(pilot)
        assert isinstance(app.screen, LinksScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == href.removeprefix("lesson:")


@pytest.mark.parametrize(
    ("language", "key", "said"), [("en", "]", "lesson.last"), ("ko", "[", "lesson.first_previous")]
)
async def test_brackets_at_the_ends_of_a_track_say_so(tmp_path: Path, language: str, key: str, said: str) -> None:
    """#28 friction: `]` on the last lesson (and `[` on the first) says why nothing happens."""
    from tutor.locale import text

    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        lessons = app.library.in_order(language, "riichi")
        lesson = lessons[-1] if key == "]" else lessons[0]
        app.open_lesson(lesson.id)
        await settle(pilot)
        await pilot.press("right_square_bracket" if key == "]" else "left_square_bracket")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == lesson.id
        assert text(language, said) in [notice.message for notice in app._notifications]
