"""The bots' pace on the play screen (issue 30): instant, normal or slow,
set in the setup and changed by `b`; `s` skips ahead to the learner's next
decision; a line says what the last bot did, and `y` asks the coach why
(tutor/engine/game/bot_reasons.py).  Tests wait for conditions: a paced
game is played until the bots are done, never for a number of seconds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tests.helpers import make_app, wait_for
from tests.play_helpers import open_play
from tutor.engine.game.actions import ActionKind
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.bot_reasons import BotReason, why
from tutor.engine.game.coach import NoteCode
from tutor.engine.game.match import new_game, start_hand
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.simulate import play_hand
from tutor.locale import message, render
from tutor.quiz.coach_words import note_text
from tutor.quiz.faces import faces_in_text
from tutor.quiz.play_session import Pace, PlaySetup
from tutor.quiz.saved_game import SAVED_GAME, decode
from tutor.ui.lesson_titles import lesson_title
from tutor.ui.screens.play import PlayScreen, bot_did


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_bot_action_has_its_reason_as_the_bot_measured_it(seed: int) -> None:
    game = new_game(RiichiOptions(), seed)
    record = play_hand(start_hand(game), [BeginnerBot(f"{seed}/{seat}") for seat in range(4)])
    reasons = 0
    for turn in record.turns:
        for action in turn.choices.values():
            note = why(turn.state, action)
            if action.kind is ActionKind.PASS:
                assert note is None
                continue
            assert note is not None
            reasons += 1
            if action.kind is ActionKind.DISCARD and turn.state.players[action.seat].riichi_at is None:
                # The beginner bot discards one of the efficiency table's best, and never defends.
                assert note.code == NoteCode.DISCARD and note.value("best") == 1
            if action.kind in (ActionKind.CHI, ActionKind.PON):
                assert note.code == BotReason.CALL
                assert (note.value("after") or 0) < (note.value("before") or 0)
    assert reasons > 20


async def discarded_at(pilot: Pilot[Any], pace: Pace) -> PlayScreen:
    """The game of seed 42 at `pace`, the learner's first tile discarded: the bots' moves follow at the pace."""
    screen = await open_play(pilot, PlaySetup(seed=42, pace=pace))
    await pilot.press("enter")
    assert screen.session.bots_to_play and screen.session.decision is None
    return screen


async def test_at_the_normal_pace_the_bots_play_one_move_a_tick_until_the_learner_decides(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await discarded_at(pilot, "normal")  # the bots' moves wait for their ticks
        session = screen.session
        seen: set[str] = set()

        def decided() -> bool:
            seen.add(str(screen.query_one("#bot", Static).render()))
            return session.decision is not None

        await wait_for(pilot, decided, "the bots to play at their pace")
        assert len(seen) >= 2  # the line changed as the bots played, one move at a time
        await wait_for(pilot, lambda: bool(app.store.setting(SAVED_GAME)), "the game saved")


async def test_s_skips_the_bots_moves_and_b_changes_the_pace(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await discarded_at(pilot, "slow")
        session = screen.session
        await pilot.press("s")
        assert not session.bots_to_play and session.decision is not None
        await pilot.press("b")
        assert session.setup.pace == "instant"
        said = str(screen.query_one("#said", Static).render())
        assert said == render(message("play.pace_now", pace=message("play.pace.instant")), "en")
        await pilot.press("enter")
        assert session.decision is not None or session.hand_over  # instant: the bots played at once
        await wait_for(pilot, lambda: decode(app.store.setting(SAVED_GAME) or "").setup.pace == "instant", "saved")


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_the_last_bot_action_is_said_and_y_asks_why(tmp_path: Path, language: str) -> None:
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, PlaySetup(seed=42))
        session = screen.session
        await pilot.press("enter")
        move = session.last_bot
        assert move is not None and move.action.seat != 0
        line = str(screen.query_one("#bot", Static).render())
        assert line == faces_in_text(render(message("play.bot_line", did=bot_did(move)), language))
        await pilot.press("y")
        note = session.why()
        assert note is not None and screen.why == note

        def title(lesson: str) -> str:
            return lesson_title(app.library, lesson, language)

        coach = str(screen.query_one("#coach", Static).render()).split("\n")
        assert coach[1] == note_text(note, language, title)
        await pilot.press("enter")
        assert screen.why is None


def test_an_mcr_bots_actions_have_their_reasons() -> None:
    from tutor.engine.game.bot_reasons import why_mcr
    from tutor.engine.game.mcr.actions import McrActionKind
    from tutor.quiz.mcr_play_session import McrPlaySession

    session = McrPlaySession(PlaySetup(seed=3, preset="mcr"))
    codes = set()
    while not session.hand_over:
        move = session.last_bot
        if move is not None:
            note = session.why()
            assert note is not None and note == why_mcr(move.state, move.action)  # type: ignore[arg-type]
            codes.add(note.code)
            if move.action.kind is McrActionKind.DISCARD:
                assert note.code == NoteCode.DISCARD
        decision = session.decision
        assert decision is not None
        session.play(next(action for action in decision.legal if action.kind in ("pass", "discard")))
    assert NoteCode.DISCARD in codes
