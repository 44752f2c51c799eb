"""#28.12: one register for the app's Korean, the plain written style
(해라체 평서형, `-다`) the lessons and the glossary are written in; an
instruction is said as what the learner does ("고른다"), not as a command.
Every Korean message is held to it: no polite or formal endings (`-ㅂ니다`,
`-습니다`, `-ㅂ니까`, `-요`), no exam-style commands (`-시오`, `-십시오`,
`-세요`). The choice and its reason head tutor/locale/ko/LC_MESSAGES/tutor.po."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.locale.catalogue import read_po

KO = Path(__file__).parents[1] / "tutor" / "locale" / "ko" / "LC_MESSAGES"

HANGUL_START = 0xAC00
FINALS = 28
FINAL_BIEUP = 17
"""ㅂ as a syllable's final consonant (합, 입, 됩): 합니다, 입니다."""

ENDINGS = re.compile(r"(습니다|습니까|니까|십시오|시오|세요|니요|[어아여해에예지네군나까래데게걸]요|죠)(?![가-힣])")
"""Endings outside the plain register, at a word's end."""


def has_final_bieup(syllable: str) -> bool:
    code = ord(syllable) - HANGUL_START
    return 0 <= code < 11172 and code % FINALS == FINAL_BIEUP


def outside_register(sentence: str) -> list[str]:
    """The endings of `sentence` that are not the plain register."""
    found = [match.group(0) for match in ENDINGS.finditer(sentence)]
    # -ㅂ니다 / -ㅂ니까 after a vowel stem: the ㅂ is the syllable before 니다 (합니다, 입니다, 됩니다).
    found += [match.group(0) for match in re.finditer(r"(.)니(다|까)", sentence) if has_final_bieup(match.group(1))]
    return found


@pytest.mark.parametrize(
    ("sentence", "outside"),
    [
        ("✗ 아쉽습니다.", True),
        ("답을 고르시오.", True),
        ("enter를 누르세요.", True),
        ("아니요", True),
        ("화료형입니다.", True),
        ("저장합니다", True),
        ("이 손은 텐파이다.", False),
        ("텐파이가 아니다: 어떤 패로도 완성되지 않는다.", False),
        ("모두 고른다.", False),
        ("무엇을 버리는가?", False),
        ("도라가 필요하다.", False),
    ],
)
def test_the_check_tells_the_registers_apart(sentence: str, outside: bool) -> None:
    assert bool(outside_register(sentence)) == outside


@pytest.mark.parametrize("catalogue", ["tutor.po", "names.po"])
def test_every_korean_message_is_in_the_plain_register(catalogue: str) -> None:
    messages = read_po(KO / catalogue)
    wrong = {key: outside_register(value) for key, value in messages.items() if outside_register(value)}
    assert wrong == {}


def test_the_choice_is_written_down_where_it_is_read() -> None:
    head = (KO / "tutor.po").read_text(encoding="utf-8").split("msgid", 1)[0]
    assert "해라체" in head and "-다" in head


def test_the_korean_lessons_and_glossary_are_in_it_too() -> None:
    root = Path(__file__).parents[1] / "lessons"
    files = [*sorted((root / "ko").glob("*.md")), root / "glossary.tsv", root / "fan_reference.tsv"]
    wrong = [
        f"{path.name}:{number}: {outside_register(line)}"
        for path in files
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if outside_register(line)
    ]
    assert len(files) > 3 and wrong == []
