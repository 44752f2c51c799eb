"""MCR on the play screen (issue 30): the setup's rules row offers MCR; the
session drives an MCR game (flowers set aside and shown, the seats changing
each round, a hu under 8 points refused with the coach's words and kept as
the false win it would be); the end of a hand shows the MCR review."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widgets import Static

from tests.helpers import make_app
from tests.play_helpers import UNDER_EIGHT_SEED, open_play, play_until, start_game, to_under_eight
from tutor.engine.game.mcr.actions import McrActionKind, McrRefusal
from tutor.engine.game.mcr.bots import beginner
from tutor.engine.game.mcr.invariants import violations
from tutor.engine.game.mcr.match import seats_of
from tutor.engine.game.mistakes import MistakeKind
from tutor.locale import render, text
from tutor.quiz.coach_words import note_text
from tutor.quiz.faces import faces_in_text
from tutor.quiz.mcr_play_session import McrPlaySession
from tutor.quiz.play_session import LEARNER, PlaySetup
from tutor.quiz.review_words import mcr_review_lines
from tutor.quiz.saved_game import encode, restore
from tutor.ui.lesson_titles import lesson_title
from tutor.ui.widgets.play_table import PlayTable, seat_text


@pytest.mark.parametrize("seed", [1, 5, 9])
def test_an_mcr_game_played_by_the_bot_keeps_every_invariant_and_replays(seed: int) -> None:
    session = McrPlaySession(PlaySetup(seed=seed, preset="mcr"))
    rng = random.Random(seed)
    while not session.game_over:
        assert session.learner == seats_of(session.number).index(LEARNER)
        while not session.hand_over:
            decision = session.decision
            assert decision is not None and decision.seat == session.learner
            assert violations(session.state) == []
            session.play(beginner(session.state, decision, rng))
        review = session.review()
        assert review.scores_after == tuple(
            score + change for score, change in zip(session.scores, review.player_deltas, strict=True)
        )
        session.next_hand()
    assert session.hands_played == 4 and sum(session.scores) == 0
    again = restore(encode(session))
    assert again.scores == session.scores and again.moves == session.moves and again.game_over


def test_a_hu_under_eight_is_refused_with_its_fans_and_kept_as_a_false_win() -> None:
    session = McrPlaySession(PlaySetup(seed=UNDER_EIGHT_SEED, preset="mcr"))
    to_under_eight(session)
    refused = session.refusal(McrActionKind.HU)
    assert refused is not None and refused.points < 8 and refused.fans
    note = session.refused(refused)
    assert note.code == McrRefusal.UNDER_EIGHT and note.value("points") == refused.points
    assert [mistake.kind for mistake in session.tried] == [MistakeKind.FALSE_WIN]
    assert not session.hand_over  # refused, not taken as a false win: the hand goes on
    assert session.state.penalties == (0, 0, 0, 0)


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_an_mcr_hand_played_by_keys_with_flowers_the_refusal_and_the_review(
    tmp_path: Path, language: str
) -> None:
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_game(pilot, "left", "down", "down", "down", "down", str(UNDER_EIGHT_SEED), "down", "left")
        session = screen.session
        assert isinstance(session, McrPlaySession) and session.setup.preset == "mcr"
        status = str(screen.query_one("#status", Static).render())
        assert text(language, "play.preset.mcr") in status and text(language, "play.length_mcr.east") in status
        to_under_eight(session)
        screen.start_hand()
        table = screen.query_one(PlayTable).render().plain
        view = session.view()
        for seat in view.seats:
            assert seat_text(seat, language) in table
            if seat.flowers:
                assert text(language, "table.flower_count", count=seat.flowers) in table
        assert any(seat.flowers for seat in view.seats)
        refused = session.refusal(McrActionKind.HU)
        assert refused is not None
        await pilot.press("w")
        said = str(screen.query_one("#said", Static).render())

        def title(lesson: str) -> str:
            return lesson_title(app.library, lesson, language)

        assert said == note_text(session.refusal_note(refused), language, title)
        assert not session.hand_over and len(session.tried) == 1
        await play_until(pilot, screen, lambda: bool(screen.review), "the hand to end")
        assert screen.review == mcr_review_lines(session.review())
        lines = str(screen.query_one("#review-lines", Static).render()).split("\n")
        assert lines == [faces_in_text(render(screen.review[0], language))]


async def test_the_mcr_table_is_drawn_from_the_learners_seat(tmp_path: Path) -> None:
    """In the second round the learner is no longer East; the bottom seat is still the learner's."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_play(pilot, PlaySetup(seed=3, preset="mcr", length="south"))
        session = screen.session
        assert isinstance(session, McrPlaySession)
        while session.number < 4:
            while not session.hand_over:
                decision = session.decision
                assert decision is not None
                session.play(next(action for action in decision.legal if action.kind in ("pass", "discard")))
            session.next_hand()
        screen.start_hand()
        assert session.learner != 0
        view = session.view()
        assert view.seats[0].wind == session.learner and view.seats[0].relation == 0
        assert [seat.relation for seat in view.seats] == [0, 1, 2, 3]
        assert view.seats[0].points == session.scores[LEARNER]
