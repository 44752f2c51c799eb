"""A game in progress kept in the learner's store (issue 30): saved after
every move of the learner's, offered again by the play setup on the next
start, and resumed at exactly the same step (the same hand, tiles and
scores); a damaged saved game is said once and set aside, never a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import make_app, wait_for
from tests.play_helpers import open_play, open_setup, play_to_the_last_hand, play_until, start_game
from tutor.engine.game.actions import ActionKind, Refusal
from tutor.locale import text
from tutor.quiz.play_session import LEARNER, PlaySession, PlaySetup
from tutor.quiz.play_sessions import ReplayError, replayed
from tutor.quiz.saved_game import SAVED_GAME, SET_ASIDE, SavedGameError, decode, encode, restore
from tutor.quiz.store import Store
from tutor.ui.screens.play import PlayScreen


def passing_learner(session: PlaySession, moves: int) -> None:
    """`moves` moves of a learner who passes every call and plays the last legal action otherwise."""
    for _ in range(moves):
        if session.game_over:
            return
        if session.hand_over:
            session.next_hand()
            continue
        decision = session.decision
        assert decision is not None
        passing = [action for action in decision.legal if action.kind is ActionKind.PASS]
        session.play(passing[0] if passing else decision.legal[-1])


@pytest.mark.parametrize(
    ("seed", "bots", "moves"), [(3, "beginner", 15), (8, "intermediate", 40), (21, "beginner", 90)]
)
def test_the_setup_and_the_moves_make_the_game_again_step_for_step(seed: int, bots: str, moves: int) -> None:
    setup = PlaySetup(seed=seed, bots="intermediate" if bots == "intermediate" else "beginner")
    session = PlaySession(setup)
    passing_learner(session, moves)
    again = restore(encode(session))
    assert again.moves == session.moves and again.setup == setup
    assert again.game == session.game and again.state == session.state
    assert len(again.turns) == len(session.turns) and again.mistakes == session.mistakes


def test_a_refused_try_is_a_move_and_its_mistake_comes_back() -> None:
    session = PlaySession(PlaySetup(seed=5))
    refused = session.refusal(ActionKind.RIICHI)
    assert refused is not None and refused.code is Refusal.NOT_TENPAI
    session.refused(refused)
    again = restore(encode(session))
    assert [move.kind for move in again.moves] == ["try"] and again.tried == session.tried


def test_a_move_the_game_does_not_allow_is_refused_on_replay() -> None:
    session = PlaySession(PlaySetup(seed=5))
    passing_learner(session, 20)
    with pytest.raises(ReplayError, match=r"move \d+: "):
        replayed(PlaySetup(seed=6), session.moves)


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        ("{not json", "JSONDecodeError"),
        ("[]", "not a JSON object"),
        ('{"version": 99}', "version 99"),
        ('{"version": 1, "setup": {"seed": 1}}', "KeyError"),
        (
            '{"version": 1, "setup": {"seed": 1, "preset": "tenhou", "length": "long", "bots": "beginner", "pace": "instant"}}',
            "setup",
        ),
    ],
)
def test_a_damaged_saved_game_is_one_clear_error(raw: str, problem: str) -> None:
    with pytest.raises(SavedGameError, match=problem):
        decode(raw)


def test_moves_of_another_game_are_a_damaged_game_not_a_crash() -> None:
    session = PlaySession(PlaySetup(seed=5))
    passing_learner(session, 20)
    saved = json.loads(encode(session))
    saved["setup"]["seed"] = 6
    with pytest.raises(SavedGameError, match="ReplayError"):
        restore(json.dumps(saved))
    saved["setup"]["preset"] = "nowhere"
    with pytest.raises(SavedGameError, match="KeyError"):
        restore(json.dumps(saved))


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_a_quit_mid_hand_resumes_at_the_same_step(tmp_path: Path, language: str) -> None:
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_game(pilot, "down", "down", "down", "down", "7", "7", "down", "left")
        await play_until(pilot, screen, lambda: len(screen.session.moves) >= 6, "six moves")
        session = screen.session
        assert session.refusal(ActionKind.RIICHI) is not None
        await pilot.press("r")  # a refused riichi: a move too, kept with the rest
        await wait_for(pilot, lambda: len(session.moves) == 7, "the refused riichi")
        before = (session.game, session.state, len(session.turns), session.moves)
    # The app ended mid-hand, as a closed terminal ends it; the next start:
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        assert setup.saved is not None
        offered = str(setup.query_one("#saved").render())
        rules = text(language, "play.preset.tenhou")
        assert offered == text(language, "play.saved", rules=rules, seed=77, hand=1)
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "c to continue the game")
        resumed = app.screen
        assert isinstance(resumed, PlayScreen)
        again = resumed.session
        assert (again.game, again.state, len(again.turns), again.moves) == before
        assert again.state.players[LEARNER].hand == before[1].players[LEARNER].hand
        assert again.state.scores == before[1].scores


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_a_damaged_saved_game_is_said_once_and_set_aside(tmp_path: Path, language: str) -> None:
    store = Store.open(tmp_path / "progress.sqlite3")
    store.set_setting(SAVED_GAME, '{"version": 1, "setup": ')
    store.close()
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        said = str(setup.query_one("#said").render())
        assert said == text(language, "play.saved_damaged"), "said in the learner's language, no English detail"
        assert setup.saved is None and not setup.query_one("#saved").display
        await pilot.press("c")  # nothing to continue: c does nothing
        assert app.screen is setup
        await wait_for(pilot, lambda: app.store.setting(SAVED_GAME) == "", "the damaged game moved")
        assert app.store.setting(SET_ASIDE) == '{"version": 1, "setup": '


async def test_moves_that_do_not_replay_are_set_aside_at_continue(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    session = PlaySession(PlaySetup(seed=5))
    passing_learner(session, 20)
    saved = json.loads(encode(session))
    saved["setup"]["seed"] = 6
    store = Store.open(tmp_path / "progress.sqlite3")
    store.set_setting(SAVED_GAME, json.dumps(saved))
    store.close()
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        assert setup.saved is not None
        await pilot.press("c")
        await wait_for(pilot, lambda: setup.saved is None, "the game set aside")
        assert app.screen is setup and str(setup.query_one("#said").render()) == text("en", "play.saved_damaged")
        assert "ReplayError" in caplog.text, "what was wrong goes to the log"


async def test_a_finished_game_is_kept_no_longer(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, PlaySetup(seed=11))
        await wait_for(pilot, lambda: bool(app.store.setting(SAVED_GAME)), "the game saved at its start")
        play_to_the_last_hand(screen)
        for _ in range(200):
            if screen.standings_shown:
                break
            await pilot.press("space")
        assert screen.standings_shown
        await wait_for(pilot, lambda: app.store.setting(SAVED_GAME) == "", "the finished game forgotten")
