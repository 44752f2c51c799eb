"""The play screen (issue 30): hands played by keys in both languages, the
call prompt, a refused try answered by the coach, the hint level, the review
stepped with space, and the standings at the end of the game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tests.helpers import make_app, wait_for
from tests.play_helpers import open_play, play_to_the_last_hand, play_until, start_game
from tutor.engine.game.actions import ActionKind
from tutor.engine.game.coach import HintLevel, Note
from tutor.engine.game.state import Phase
from tutor.locale import render, text
from tutor.quiz.coach_words import note_text
from tutor.quiz.faces import faces_in_text
from tutor.quiz.play_session import LEARNER, PlaySetup
from tutor.ui.screens.confirm import ConfirmScreen
from tutor.ui.screens.play import PlayScreen
from tutor.ui.screens.play_setup import PlaySetupScreen
from tutor.ui.widgets.play_hand import PlayHand
from tutor.ui.widgets.play_table import PlayTable, seat_line

CHI_SEED = 4
"""A seed whose third decision of the passing learner offers a chi of two shapes."""


async def at_the_chi(pilot: Pilot[Any]) -> PlayScreen:
    """The play screen on CHI_SEED, played by keys until the chi of two shapes is offered."""
    screen = await open_play(pilot, PlaySetup(seed=CHI_SEED))
    session = screen.session
    await play_until(pilot, screen, lambda: len(session.legal(ActionKind.CHI)) >= 2, "a chi to be offered")
    return screen


def shown(screen: PlayScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_a_hand_played_by_keys_then_reviewed_and_the_next_dealt(tmp_path: Path, language: str) -> None:
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_game(pilot, "down", "down", "down", "down", "4", "2", "down", "left")
        assert screen.session.setup == PlaySetup(seed=42)
        await wait_for(pilot, lambda: screen.query_one(PlayTable).size.width > 0, "the table drawn")
        table = screen.query_one(PlayTable).render().plain
        for seat in range(4):
            assert seat_line(screen.session.state, seat, language) in table
        await play_until(pilot, screen, lambda: bool(screen.review), "the hand to end")
        review = screen.review
        assert screen.session.hand_over and screen.has_class("-review")
        for count in range(1, len(review) + 1):
            lines = shown(screen, "#review-lines").split("\n")
            assert lines == [faces_in_text(render(line, language)) for line in review[:count]]
            await pilot.press("space")
        await wait_for(pilot, lambda: screen.session.game.hands_played == 1, "the next hand to be dealt")
        assert not screen.has_class("-review") and screen.session.decision is not None
        prompt = shown(screen, "#prompt")
        assert prompt and (any("\uac00" <= char <= "\ud7a3" for char in prompt) == (language == "ko"))


async def test_a_refused_try_is_answered_in_one_line_by_the_coach(tmp_path: Path) -> None:
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, PlaySetup(seed=42))
        session = screen.session
        refused = session.refusal(ActionKind.RIICHI)
        assert refused is not None, "the seed's first hand is not tenpai: riichi is refused"
        await pilot.press("r")
        await wait_for(pilot, lambda: screen.said is not None, "the coach's answer")
        said = shown(screen, "#said")
        assert said == note_text(session.refusal_note(refused), "en", screen.lesson)
        await pilot.press("p")
        await wait_for(pilot, lambda: shown(screen, "#said") != said, "the answer to p")
        assert shown(screen, "#said") == text("en", "play.not_now", name="pon")
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.said is None, "a discard to clear the answer")


async def test_a_chi_of_two_shapes_is_chosen_by_its_number(tmp_path: Path) -> None:
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_the_chi(pilot)
        session = screen.session
        assert session.state.phase is Phase.CLAIMS
        prompt = shown(screen, "#prompt")
        assert "c chi" in prompt and "x pass" in prompt and "p pon" not in prompt
        shapes = session.legal(ActionKind.CHI)
        await pilot.press("c")
        await wait_for(pilot, lambda: screen.choices == shapes, "the chi's shapes to be offered")
        await pilot.press("2")
        await wait_for(pilot, lambda: bool(session.state.players[LEARNER].melds), "the chi to be made")
        meld = session.state.players[LEARNER].melds[0]
        assert session.state.kinds(meld.slots) == tuple(sorted((*shapes[1].uses, shapes[1].tile or 0)))
        assert session.state.phase is Phase.TURN and session.state.turn == LEARNER


async def test_the_hint_key_steps_the_level_and_the_panel_follows(tmp_path: Path) -> None:
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_play(pilot, PlaySetup(seed=42, hint=HintLevel.RULES))
        coach = screen.query_one("#coach", Static)
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.session.hint is HintLevel.RULES_AND_EFFICIENCY, "the next level")
        rows = [note for note in screen.session.notes() if note.code == "discard"]
        best = [row for row in rows if row.value("best")]
        assert best and len(rows) > len(best), "the seed's first hand has best and worse discards"

        def says(row: Note) -> bool:
            return note_text(row, "en", screen.lesson) in str(coach.render())

        assert all(says(row) for row in best)
        tiles = screen.query_one(PlayHand).tiles
        # A worse discard among the first nine tiles, picked by its digit.
        worse = next(row for row in rows if not row.value("best") and tiles.index(row.tiles[0]) < 9)
        assert not says(worse), "the panel shows the best discards and the tile picked, not every row"
        await pilot.press(str(tiles.index(worse.tiles[0]) + 1))
        await wait_for(pilot, lambda: says(worse), "the picked tile's row in the panel")
        assert text("en", "play.hint.rules_and_efficiency") in shown(screen, "#status")
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.session.hint is HintLevel.OFF, "hints off")
        assert not coach.display


async def test_the_last_review_leads_to_the_standings(tmp_path: Path) -> None:
    """The game's hands played out through the session (the keys are the
    test above's), the last one reviewed and stepped by space to the standings."""
    app = make_app(tmp_path, "ko")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, PlaySetup(seed=7))
        session = screen.session
        play_to_the_last_hand(screen)
        await wait_for(pilot, lambda: bool(screen.review), "the last review")
        await play_until(pilot, screen, lambda: screen.standings_shown, "the standings")
        lines = shown(screen, "#review-lines").split("\n")
        standings = sorted(session.standings(), key=lambda standing: standing.place)
        assert [standing.place for standing in standings] == [1, 2, 3, 4]
        assert lines[0] == text("ko", "play.standings")
        for line, standing in zip(lines[1:5], standings, strict=True):
            assert line.startswith(f"{standing.place}") and f"{standing.points:,}" in line
            assert text("ko", f"table.label.{standing.seat}") in line
        await pilot.press("space")
        await wait_for(pilot, lambda: not isinstance(app.screen, PlayScreen), "the screen to close")


async def test_the_setup_rows_choose_the_game(tmp_path: Path) -> None:
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(PlaySetupScreen(PlaySetup(seed=123)))
        await wait_for(pilot, lambda: isinstance(app.screen, PlaySetupScreen), "the setup")
        setup_screen = app.screen
        assert isinstance(setup_screen, PlaySetupScreen)
        # Rules two to the left (round the end: MCR, then EMA), length, bots and hints one to the right.
        await pilot.press("left")
        assert text("en", "play.setup_mcr") in str(setup_screen.query_one("#setup-title", Static).render())
        await pilot.press("left", "down", "right", "down", "right", "down", "right", "down", "backspace", "9")
        await wait_for(pilot, lambda: setup_screen.setup.seed == 129, "the seed typed")
        rows = str(setup_screen.query_one("#rows", Static).render())
        for key in ("play.preset.ema", "play.length.south", "play.bots.intermediate", "play.hint.rules_and_efficiency"):
            assert text("en", key) in rows
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the game")
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        assert screen.session.setup == PlaySetup(
            seed=129,
            preset="ema",
            length="south",
            bots="intermediate",
            hint=HintLevel.RULES_AND_EFFICIENCY,
        )
        assert screen.session.game.options.start_points == 30000  # EMA's, not Tenhou's 25,000
        # A game in play is left only after asking: no keeps it, yes leaves.
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question before leaving")
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is screen, "back in the game")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question again")
        await pilot.press("y")
        await wait_for(pilot, lambda: app.screen is setup_screen, "escape back to the setup")


async def test_the_language_key_redraws_the_game_where_it_stands(tmp_path: Path) -> None:
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_the_chi(pilot)
        session = screen.session
        state, prompt = session.state, shown(screen, "#prompt")
        await pilot.press("l")
        await wait_for(pilot, lambda: shown(screen, "#prompt") != prompt, "the prompt in Korean")
        assert session.state is state and app.screen is screen
        assert text("ko", "table.label.0") in screen.query_one(PlayTable).render().plain
        assert any("\uac00" <= char <= "\ud7a3" for char in shown(screen, "#prompt"))
