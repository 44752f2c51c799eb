"""The hand review in words (tutor/quiz/review_words.py): reviews of bot
games and arranged hands, riichi and MCR, rendered in both languages: every
key in both catalogues, every placeholder filled, no Hangul in English, and
Korean on every Korean line (no line falls back to English)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from tests.scripted_seats import (
    ROUND_WIND,
    TANYAO_PINFU,
    ScriptedSeat,
    arranged_hand,
    play_mcr_hand,
)
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.match import after_hand, new_game, start_hand
from tutor.engine.game.mcr.match import play_game as play_mcr_game
from tutor.engine.game.mcr.review import McrHandReview, review_mcr_hand, review_record
from tutor.engine.game.mcr.state import McrOptions
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.review import HandReview, review_hand
from tutor.engine.game.simulate import play_hand
from tutor.engine.game.state import EndKind, Scores
from tutor.locale import Joined, Message, keys, render
from tutor.locale.message import Paragraph, Value
from tutor.quiz.review_words import mcr_review_lines, riichi_review_lines

HANGUL = re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")


def riichi_reviews() -> list[HandReview]:
    """Two east games of beginner bots, a double ron and an exhaustive draw
    with tenpai seats, and a win turned into a double yakuman (words only)."""
    reviews = []
    for seed in range(2):
        game = new_game(RiichiOptions(length="east"), f"words/{seed}")
        players = [BeginnerBot(f"words/{seed}/{seat}") for seat in range(4)]
        while not game.over:
            record = play_hand(start_hand(game), players)
            reviews.append(review_hand(game, record.end))
            game = after_hand(game, record.result, record.end.scores, record.end.sticks)
    double = arranged_hand(
        {1: TANYAO_PINFU, 2: ROUND_WIND}, "3s", [ScriptedSeat(), *[ScriptedSeat(wins=True)] * 2, ScriptedSeat()], 1, 2
    )
    drawn = arranged_hand({0: TANYAO_PINFU, 1: ROUND_WIND}, "", [ScriptedSeat()] * 4, 1, 1)
    reviews += [review_hand(*double), review_hand(*drawn)]
    win = reviews[-2].wins[0]
    yakuman = replace(win, yaku=(), yakuman=(("kokushi", 2),), fu_lines=(), limit="yakuman_x2", dora=0)
    reviews.append(replace(reviews[-2], wins=(yakuman,)))
    return reviews


def mcr_reviews() -> list[McrHandReview]:
    """A game of bot hands, and a hand with a false win."""
    record = play_mcr_game(McrOptions(), 1, ["beginner", "fan_route", "beginner", "fan_route"])
    scores: Scores = (0, 0, 0, 0)
    reviews = []
    for hand in record.hands:
        reviews.append(review_record(hand, scores))
        scores = reviews[-1].scores_after
    for seed in range(20):
        final, false_wins = play_mcr_hand(seed, false_win_seat=1)
        if false_wins:
            reviews.append(review_mcr_hand(seed % 16, final, false_wins, (0, 0, 0, 0)))
            break
    return reviews


def messages_in(value: Value) -> Iterator[Message]:
    if isinstance(value, Message):
        yield value
        for inner in value.values.values():
            yield from messages_in(inner)
    elif isinstance(value, (Joined, Paragraph)):
        for item in value.items:
            yield from messages_in(item)


def missing_keys(lines: tuple[Message, ...], language: str) -> set[str]:
    known = keys(language)
    return {
        said.key
        for line in lines
        for said in messages_in(line)
        if said.key not in known and f"{said.key}.other" not in known
    }


def check_lines(lines: tuple[Message, ...]) -> None:
    assert missing_keys(lines, "en") == set() and missing_keys(lines, "ko") == set()
    for line in lines:
        english, korean = render(line, "en"), render(line, "ko")
        assert "{" not in english and "{" not in korean, english
        assert not HANGUL.search(english), english
        assert HANGUL.search(korean), korean


def test_riichi_reviews_read_in_both_languages() -> None:
    reviews = riichi_reviews()
    kinds = {review.kind for review in reviews}
    assert {EndKind.WIN, EndKind.EXHAUSTIVE} <= kinds
    assert any(len(review.wins) == 2 for review in reviews)
    assert any(win.yakuman for review in reviews for win in review.wins)
    assert any(review.sticks_after for review in reviews) and any(review.renchan for review in reviews)
    for review in reviews:
        check_lines(riichi_review_lines(review))


def test_english_plurals_follow_the_count() -> None:
    reviews = riichi_reviews()
    rendered = [render(line, "en") for review in reviews for line in riichi_review_lines(review)]
    assert any("1 riichi stick " in line for line in rendered)
    assert any(re.search(r"\b[2-9] riichi sticks\b", line) for line in rendered)
    assert not any(re.search(r"\b1 riichi sticks|\b[02-9] riichi stick\b", line) for line in rendered)


def test_mcr_reviews_read_in_both_languages() -> None:
    reviews = mcr_reviews()
    assert any(review.win and review.win.left_out for review in reviews)
    assert any(review.win is None for review in reviews) and any(review.false_wins for review in reviews)
    for review in reviews:
        check_lines(mcr_review_lines(review))


def test_a_review_shows_the_engine_numbers() -> None:
    """The words carry the review's numbers: each win's points and each seat's score after."""
    for review in riichi_reviews():
        english = " ".join(render(line, "en") for line in riichi_review_lines(review))
        for score in review.scores_after:
            assert f"{score:,}" in english
        for win in review.wins:
            assert f"base points {win.base:,}" in english
