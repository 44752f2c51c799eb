"""Korean particles chosen by the word they follow.

A Korean particle has two forms, one after a final consonant (받침) and one
after a vowel: 은/는, 이/가, 을/를, 과/와, 이다/다, 이라는/라는, and 으로/로, where a word
ending in ㄹ takes 로 as a vowel does. The catalogue writes a placeholder
with the particle it takes, `{tile|은}`, and the word decides the form.

A value is not always Hangul: tile notation ends in the tile as Korean
players say it (`5p` 5통, `7s` 7삭, `6z` 발), as the screens show it in
faces (5筒, 發); numbers (`1,000`) and Latin letters end in the sound a
Korean reader gives them (`1` 일, `10` 십, `m` 엠, `l` 엘), the way the
es-hangul josa ports decide them.
"""

from __future__ import annotations

import re
from typing import Final

TILE_AT_END: Final = re.compile(r"([0-9])([mpsz])$")
"""A word ending in a tile of the notation: `5p`, `123m`, `[777z`."""

SUIT_ENDINGS: Final = {"m": "other", "p": "other", "s": "other"}
"""만, 통, 삭: each ends in a consonant other than ㄹ."""

HONOUR_ENDINGS: Final = {
    "1": "other",  # 동
    "2": "other",  # 남
    "3": "none",  # 서
    "4": "other",  # 북
    "5": "other",  # 백
    "6": "rieul",  # 발
    "7": "other",  # 중
}
PARTICLES: Final = {
    "은": ("은", "는"),
    "는": ("은", "는"),
    "이": ("이", "가"),
    "가": ("이", "가"),
    "을": ("을", "를"),
    "를": ("을", "를"),
    "과": ("과", "와"),
    "와": ("과", "와"),
    "이다": ("이다", "다"),
    "이라는": ("이라는", "라는"),
    "라는": ("이라는", "라는"),
    "으로": ("으로", "로"),
    "로": ("으로", "로"),
}
"""Each particle as the catalogue may write it: its form after a final
consonant, then after a vowel."""

NONE, RIEUL, OTHER = "none", "rieul", "other"
"""The word's last sound: a vowel, ㄹ, or another consonant."""

DIGIT_ENDINGS: Final = {
    "0": OTHER,  # 영
    "1": RIEUL,  # 일
    "2": NONE,  # 이
    "3": OTHER,  # 삼
    "4": NONE,  # 사
    "5": NONE,  # 오
    "6": OTHER,  # 육
    "7": RIEUL,  # 칠
    "8": RIEUL,  # 팔
    "9": NONE,  # 구
}
ROUND_NUMBER_ENDINGS: Final = (OTHER, OTHER, OTHER, OTHER)
"""A number ending in one to four zeros is read 십, 백, 천, 만: each ends in a
consonant other than ㄹ."""

LATIN_ENDINGS: Final = {"l": RIEUL, "r": RIEUL, "m": OTHER, "n": OTHER}
"""Latin letters as a Korean reader names them: 엘, 알, 엠, 엔 end in a
consonant; the others (에이, 비, 피, 에스, …) in a vowel."""

SKIPPED: Final = " )]}>'\"’”」』.,!?…*_`"
"""Closing marks after a word: the particle follows the word inside them."""


def _hangul_ending(char: str) -> str:
    final = (ord(char) - 0xAC00) % 28
    return NONE if final == 0 else RIEUL if final == 8 else OTHER


def _number_ending(word: str) -> str:
    digits = word.replace(",", "")
    zeros = len(digits) - len(digits.rstrip("0"))
    if 0 < zeros < len(digits):
        return ROUND_NUMBER_ENDINGS[min(zeros, 4) - 1]
    return DIGIT_ENDINGS[digits[-1]]


def last_sound(word: str) -> str | None:
    """NONE, RIEUL or OTHER for the word's last sound; None when the word
    ends in something a reader cannot say (a symbol, a Chinese character)."""
    stripped = word.rstrip(SKIPPED)
    if not stripped:
        return None
    char = stripped[-1]
    tile = TILE_AT_END.search(stripped)
    if tile:
        digit, suit = tile.groups()
        return HONOUR_ENDINGS.get(digit, NONE) if suit == "z" else SUIT_ENDINGS[suit]
    if "가" <= char <= "힣":
        return _hangul_ending(char)
    if char.isdigit():
        tail = ""
        for letter in reversed(stripped):
            if not (letter.isdigit() or letter == ","):
                break
            tail = letter + tail
        return _number_ending(tail.strip(",") or char)
    if char.isascii() and char.isalpha():
        return LATIN_ENDINGS.get(char.lower(), NONE)
    return None


def particle(word: str, written: str) -> str:
    """The form of the particle `written` (either of its forms) that follows `word`.

    A word whose last sound cannot be told keeps both forms, `은(는)`, the
    way Korean print writes them when the word is not known."""
    after_consonant, after_vowel = PARTICLES[written]
    sound = last_sound(word)
    if sound is None:
        if after_consonant.endswith(after_vowel):
            return f"({after_consonant.removesuffix(after_vowel)}){after_vowel}"
        return f"{after_consonant}({after_vowel})"
    if sound == NONE:
        return after_vowel
    if sound == RIEUL and after_consonant == "으로":
        return after_vowel
    return after_consonant
