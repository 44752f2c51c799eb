"""What the play screen's Pilot tests and snapshots share: the screen
opened on a seed, and hands played by keys as a learner who passes every
call and discards each tile drawn would play them."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from tests.helpers import wait_for
from tutor.engine.game.actions import ActionKind
from tutor.engine.game.mcr.actions import McrActionKind, McrRefusal
from tutor.engine.game.mcr.bots import beginner
from tutor.quiz.mcr_play_session import McrPlaySession
from tutor.quiz.play_session import PlaySetup
from tutor.ui.screens.play import PlayScreen
from tutor.ui.screens.play_setup import PlaySetupScreen
from tutor.ui.widgets.play_table import PlayTable

UNDER_EIGHT_SEED = 5
"""An MCR seed whose first hand offers a learner who plays as the beginner
bot (seeded by the game's seed) a hu under 8 points on a discard."""

MOVES_PER_HAND = 200
"""More key presses than any hand takes: a loop that passes it is a defect."""


async def open_play(pilot: Pilot[Any], setup: PlaySetup) -> PlayScreen:
    screen = PlayScreen(setup)
    pilot.app.push_screen(screen)

    def drawn() -> bool:
        return pilot.app.screen is screen and any(table.size.width > 0 for table in screen.query(PlayTable))

    await wait_for(pilot, drawn, "the play screen")
    return screen


async def open_setup(pilot: Pilot[Any]) -> PlaySetupScreen:
    """The play setup, opened from home by its key."""
    app = pilot.app
    await pilot.press("m")
    await wait_for(pilot, lambda: isinstance(app.screen, PlaySetupScreen), "home's m to open the setup")
    assert isinstance(app.screen, PlaySetupScreen)
    return app.screen


async def start_game(pilot: Pilot[Any], *keys: str) -> PlayScreen:
    """The game the setup's `keys` choose, started from home: m, the keys, enter."""
    app = pilot.app
    await open_setup(pilot)
    await pilot.press(*keys, "enter")
    await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "enter to start the game")
    assert isinstance(app.screen, PlayScreen)
    return app.screen


def moves(screen: PlayScreen) -> tuple[int, int, int]:
    """Where play stands: hands played, steps of this hand, review lines shown."""
    session = screen.session
    return (session.hands_played, len(session.turns) + len(session.moves), screen.review_shown)


async def one_move(pilot: Pilot[Any], screen: PlayScreen) -> None:
    """One key of the passing, tsumogiri learner: x at a call prompt, enter
    on its turn, space through the review."""
    before = moves(screen)
    stage = screen.session.stage
    key = "space" if screen.review else "x" if stage in ("claim", "rob") else "enter"
    await pilot.press(key)
    await wait_for(pilot, lambda: moves(screen) != before, "the move to be played")


def play_to_the_last_hand(screen: PlayScreen) -> None:
    """Every hand played through the session, not by keys (each pass or the
    last legal action), up to the end of the game's last hand, which the
    screen then reviews."""
    session = screen.session
    while True:
        while not session.hand_over:
            decision = session.decision
            assert decision is not None
            passing = [action for action in decision.legal if action.kind == ActionKind.PASS]
            session.play(passing[0] if passing else decision.legal[-1])
        if session.review().game_over:
            break
        session.next_hand()
    screen.start_hand()


async def play_until(pilot: Pilot[Any], screen: PlayScreen, done: Callable[[], bool], what: str) -> None:
    """Moves by keys until `done()`; fails after MOVES_PER_HAND of them."""
    for _ in range(MOVES_PER_HAND):
        if done():
            return
        await one_move(pilot, screen)
    raise AssertionError(f"{what} after {MOVES_PER_HAND} moves")


def under_eight(session: McrPlaySession) -> bool:
    refused = session.refusal(McrActionKind.HU)
    return refused is not None and refused.code is McrRefusal.UNDER_EIGHT


def to_under_eight(session: McrPlaySession) -> None:
    """The learner's seat played by the beginner bot until a hu under 8 is there to try."""
    rng = random.Random(session.setup.seed)
    while not under_eight(session):
        decision = session.decision
        assert decision is not None, "the hand ended with no hu under 8"
        session.play(beginner(session.state, decision, rng))
