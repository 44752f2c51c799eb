"""The end of a hand and of a game on the play screen (issue 30): an
exhaustive draw shows each tenpai seat's hand and waits."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from tests.helpers import make_app
from tests.play_helpers import open_play, play_until
from tutor.engine.game.state import EndKind
from tutor.engine.rules import Rules
from tutor.engine.waits import winning_tiles
from tutor.locale import message, render
from tutor.quiz.faces import face
from tutor.quiz.mcr_play_session import McrPlaySession
from tutor.quiz.play_session import PlaySession, PlaySetup
from tutor.quiz.review_words import wind_seat

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
