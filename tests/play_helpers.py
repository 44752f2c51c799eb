"""What the play screen's Pilot tests and snapshots share: the screen
opened on a seed, and hands played by keys as a learner who passes every
call and discards each tile drawn would play them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from tests.helpers import wait_for
from tutor.engine.game.actions import ActionKind
from tutor.engine.game.state import Phase
from tutor.quiz.play_session import PlaySetup
from tutor.ui.screens.play import PlayScreen
from tutor.ui.screens.play_setup import PlaySetupScreen
from tutor.ui.widgets.play_table import PlayTable

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
    return (screen.session.game.hands_played, len(screen.session.turns), screen.review_shown)


async def one_move(pilot: Pilot[Any], screen: PlayScreen) -> None:
    """One key of the passing, tsumogiri learner: x at a call prompt, enter
    on its turn, space through the review."""
    before = moves(screen)
    phase = screen.session.state.phase
    key = "space" if screen.review else "x" if phase in (Phase.CLAIMS, Phase.CHANKAN) else "enter"
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
            passing = [action for action in decision.legal if action.kind is ActionKind.PASS]
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
