"""Messages rendered from the catalogue: plural forms, Korean particles
chosen by the value they follow, and nested messages."""

from __future__ import annotations

import pytest

from tutor.locale import Message, joined, message, render, text
from tutor.locale.particles import NONE, OTHER, RIEUL, last_sound, particle


@pytest.mark.parametrize(
    ("word", "sound"),
    [
        ("패", NONE),
        ("만", OTHER),
        ("칠", RIEUL),
        ("5p", OTHER),  # 5통
        ("123m", OTHER),  # 만
        ("7s", OTHER),  # 7삭
        ("3z", NONE),  # 서
        ("6z", RIEUL),  # 발
        ("[777z]", OTHER),  # 중
        ("m", OTHER),  # 엠
        ("s", NONE),  # 에스
        ("7", RIEUL),  # 칠
        ("1", RIEUL),  # 일
        ("2", NONE),  # 이
        ("6", OTHER),  # 육
        ("10", OTHER),  # 십
        ("1,000", OTHER),  # 천
        ("100", OTHER),  # 백
        ("일색삼동순 (一色三同顺)", None),
        ("一色三同顺 (일색삼동순)", OTHER),  # the word inside the closing mark
        ("progress.json", OTHER),  # 엔
        ("tutor.db", NONE),  # 비
        ("'친이 오름'", OTHER),
    ],
)
def test_the_last_sound_of_a_word(word: str, sound: str | None) -> None:
    assert last_sound(word) == sound


@pytest.mark.parametrize(
    ("word", "written", "form"),
    [
        ("패", "은", "는"),
        ("패", "는", "는"),
        ("만", "는", "은"),
        ("5p", "을", "을"),
        ("3z", "을", "를"),
        ("6z", "으로", "로"),
        ("4만", "를", "을"),
        ("동", "이", "이"),
        ("사", "이", "가"),
        ("칠", "으로", "로"),  # ㄹ takes 로
        ("만", "로", "으로"),
        ("패", "으로", "로"),
        ("삼", "과", "과"),
        ("패", "과", "와"),
        ("원칙", "이다", "이다"),
        ("패", "이다", "다"),
        ("→", "은", "은(는)"),
        ("→", "으로", "(으)로"),
    ],
)
def test_the_particle_follows_the_word(word: str, written: str, form: str) -> None:
    assert particle(word, written) == form


def test_a_korean_sentence_takes_the_particle_of_its_value() -> None:
    assert text("ko", "efficiency.choice_best", tile="3z", shanten=1, count=20).startswith("고른 3z는 ")
    assert text("ko", "efficiency.choice_best", tile="5m", shanten=1, count=20).startswith("고른 5m은 ")


def test_english_plurals_follow_the_count_and_korean_has_one_form() -> None:
    assert text("en", "workbench.tenpai", count=1) == "Tenpai, waiting on 1 tile:"
    assert text("en", "workbench.tenpai", count=2) == "Tenpai, waiting on 2 tiles:"
    assert text("en", "workbench.tenpai", count=0) == "Tenpai, waiting on 0 tiles:"
    korean = text("ko", "workbench.tenpai", count=1)
    assert "1" in korean and korean.replace("1", "2") == text("ko", "workbench.tenpai", count=2)


def test_a_message_renders_its_nested_messages_in_the_same_language() -> None:
    said = message("flowers", count=2)
    inner = Message("workbench.tenpai", {"count": 3})
    assert render(said, "en") == "2 flowers"
    assert render(inner, "en") == "Tenpai, waiting on 3 tiles:"
    listed = message("flowers", count=joined([1, 2]))
    assert render(listed, "en") == "1, 2 flowers"


def test_a_word_inside_a_sentence_is_rendered_in_the_language_of_the_sentence() -> None:
    """A tile's name given as a message, not as words: each language names
    it, and the Korean particle after it follows the rendered name."""
    man = message("tile.number", number=message("tile_number.5"), suit=message("tile_suit.man"))
    said = message("quiz.tiles.explanation", notation="5m", tile=man)
    assert render(said, "en") == "5m is the five of characters."
    assert render(said, "ko") == "5m은 5만이다."
    # The same sentence with a name that ends in a vowel takes the other particle.
    vowel = message("quiz.tiles.explanation", notation="2m", tile=message("group.ryanta"))
    assert render(vowel, "ko") == "2m은 " + text("ko", "group.ryanta") + "다."


def test_a_list_can_be_joined_by_a_word_of_the_language() -> None:
    said = message(
        "table.quiz.calls_no_chi_shape", tile="6p", held="7p", needed=joined(["5p", "8p"], message("table.quiz.or"))
    )
    assert render(said, "en") == "No chi on the 6p: beside the 7p in the hand, a run needs the 5p or the 8p too."
    assert "5p 또는 8p" in render(said, "ko")


def test_a_sentence_per_language_is_still_spoken() -> None:
    assert render({"en": "yes", "ko": "예"}, "ko") == "예"
    assert render({"en": "yes"}, "ko") == "yes"
