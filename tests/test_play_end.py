"""The end of a hand and of a game on the play screen (issue 30): an
exhaustive draw shows each tenpai seat's hand and waits; the end of a game
shows the standings and the game's rule mistakes, a line for each rule with
its lesson, `o` listing those lessons and `d` drilling their concepts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tests.helpers import make_app, wait_for
from tests.play_helpers import open_play, play_to_the_last_hand, play_until
from tutor.engine.game.mistakes import MistakeKind
from tutor.engine.game.state import EndKind
from tutor.engine.rules import Rules
from tutor.engine.waits import winning_tiles
from tutor.locale import message, render, text
from tutor.quiz.faces import face
from tutor.quiz.mcr_play_session import McrPlaySession
from tutor.quiz.play_session import PlaySession, PlaySetup
from tutor.quiz.review_words import wind_seat
from tutor.ui.lesson_titles import lesson_title
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.lesson import LessonScreen
from tutor.ui.screens.links import LinksScreen
from tutor.ui.screens.play import PlayScreen

RIICHI_DRAW_SEED = 6
"""A seed whose first hand, played by keys (pass, discard the tile drawn), ends drawn with three seats tenpai."""
MCR_DRAW_SEED = 1
"""The same in MCR, two seats waiting."""


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_an_exhaustive_draw_shows_each_tenpai_hand_and_its_waits(tmp_path: Path, language: str) -> None:
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, PlaySetup(seed=RIICHI_DRAW_SEED))
        session = screen.session
        assert isinstance(session, PlaySession)
        await play_until(pilot, screen, lambda: bool(screen.review), "the hand to end")
        result = session.state.result
        assert result is not None and result.kind is EndKind.EXHAUSTIVE and len(result.tenpai) == 3
        hands = session.tenpai_hands()
        draw = session.review().draw
        assert draw is not None
        assert [hand.waits for hand in hands] == [waits for _seat, waits in draw.tenpai]
        assert {hand.relation for hand in hands} == set(result.tenpai)  # the learner is seat 0
        for hand in hands:
            assert hand.waits == tuple(winning_tiles(session.state.engine_hand(hand.relation)))
        shown = str(screen.query_one("#review-tenpai", Static).render()).split("\n")
        assert len(shown) == 3 and screen.query_one("#review-tenpai").display
        first = hands[0]
        assert shown[0] == render(
            message(
                "play.tenpai_hand",
                wind=wind_seat(first.wind),
                seat=message(f"table.label.{first.relation}"),
                tiles=" ".join(("".join(face(kind) for kind in first.tiles), *first.melds)),
                waits=", ".join(face(kind) for kind in first.waits),
            ),
            language,
        )
        await pilot.press(*("space",) * len(screen.review))
        assert session.hands_played == 1 and session.tenpai_hands() == ()


async def test_an_mcr_draw_shows_the_hands_that_wait(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, PlaySetup(seed=MCR_DRAW_SEED, preset="mcr"))
        session = screen.session
        assert isinstance(session, McrPlaySession)
        await play_until(pilot, screen, lambda: bool(screen.review), "the hand to end")
        result = session.state.result
        assert result is not None and result.win is None
        hands = session.tenpai_hands()
        assert len(hands) == 2
        for hand in hands:
            seat = (session.learner + hand.relation) % 4
            assert hand.waits == tuple(winning_tiles(session.state.engine_hand(seat), Rules.MCR))
        assert len(str(screen.query_one("#review-tenpai", Static).render()).split("\n")) == 2


MISTAKES_SEED = 7
"""A seed whose game, played through the session by a learner who passes every call, ends in its first
hand with two wins not taken (missed_win, concept waits:two, lesson r03-winning)."""


async def at_the_standings(pilot: Pilot[Any], seed: int = MISTAKES_SEED) -> PlayScreen:
    screen = await open_play(pilot, PlaySetup(seed=seed))
    play_to_the_last_hand(screen)
    await play_until(pilot, screen, lambda: screen.standings_shown, "the standings")
    return screen


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_the_end_of_a_game_sums_up_its_mistakes_with_their_lessons(tmp_path: Path, language: str) -> None:
    app = make_app(tmp_path, language)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_the_standings(pilot)
        mistakes = screen.session.mistakes
        assert [(mistake.kind, mistake.lesson) for mistake in mistakes] == [(MistakeKind.MISSED_WIN, "r03-winning")] * 2
        lines = str(screen.query_one("#review-lines", Static).render()).split("\n")
        title = lesson_title(app.library, "r03-winning", language)
        what = text(language, "play.mistake.missed_win")
        assert text(language, "play.mistake_line", what=what, count=2, lesson=title) in lines
        assert lines[-1] == text(language, "play.mistake_keys")
        for standing in screen.session.standings():
            assert any(f"{standing.points:,}" in line for line in lines[1:5])
        await pilot.press("o")
        await wait_for(pilot, lambda: isinstance(app.screen, LinksScreen), "o to list the lessons")
        links = app.screen
        assert isinstance(links, LinksScreen) and links.links == [(title, "lesson:r03-winning")]
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen), "enter to open the lesson")
        lesson = app.screen
        assert isinstance(lesson, LessonScreen) and lesson.lesson.id == "r03-winning"
        app.pop_screen()
        await wait_for(pilot, lambda: app.screen is screen, "back at the standings")
        await pilot.press("d")
        await wait_for(pilot, lambda: isinstance(app.screen, DrillScreen), "d to drill the mistakes")
        drill = app.screen
        assert isinstance(drill, DrillScreen) and drill.plan.concepts == ("waits:two",)


async def test_a_game_with_no_mistakes_offers_no_lessons_or_drill(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_the_standings(pilot, seed=3)
        assert screen.session.mistakes == []
        lines = str(screen.query_one("#review-lines", Static).render()).split("\n")
        assert lines[-1] == text("en", "play.no_mistakes")
        await pilot.press("o", "d")
        assert app.screen is screen
