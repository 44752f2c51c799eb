"""One Korean term per concept, the glossary's (lessons/glossary.tsv), in
the app's Korean messages where two words compete for it."""

from __future__ import annotations

import re
from pathlib import Path

from tutor.lessons.glossary import load_glossary
from tutor.locale.catalogue import read_po

ROOT = Path(__file__).parents[1]
KO = ROOT / "tutor" / "locale" / "ko" / "LC_MESSAGES"
GLOSSARY = {term.id: term for term in load_glossary(ROOT / "lessons" / "glossary.tsv")}

HAND_COUNT = re.compile(r"\{(hand|hands|number)(\|[^}]*)?\}(번째 )?([가-힣])")
"""A placeholder counting hands and the syllable naming its unit ("{number}/{hands}국", "{hand}번째 국")."""


EN_HANDS = re.compile(r"(\d+|\})\s*hands?\b")
"""An English message counting hands ("one round (4 hands)")."""
IN_HAN = re.compile(r"(\d|\})(번째 )?판")


def korean_messages(language: str = "ko") -> dict[str, str]:
    folder = KO.parents[1] / language / "LC_MESSAGES"
    return {key: value for catalogue in ("tutor.po", "names.po") for key, value in read_po(folder / catalogue).items()}


def test_a_hand_is_counted_in_kyoku_never_in_han() -> None:
    """판 is riichi's han, the scoring unit ("3판 30부"): a hand numbered in
    판 ("동장 1/16판") read as a score.  The glossary's word for one deal is 국."""
    kyoku, han = GLOSSARY["kyoku"].ko, "판"
    counted = {key: match.group(4) for key, value in korean_messages().items() for match in HAND_COUNT.finditer(value)}
    assert kyoku in counted.values()
    assert {key: unit for key, unit in counted.items() if unit == han} == {}
    korean = korean_messages()
    hands = [key for key, value in korean_messages("en").items() if EN_HANDS.search(value)]
    assert "play.length_mcr.east" in hands
    assert [key for key in hands if IN_HAN.search(korean.get(key, ""))] == []


OTHER_WORDS = {
    "flower": re.compile("꽃패"),
    # 권풍각 (圈风刻) is a fan's own name; the wind itself is the glossary's 장풍.
    "mcr-prevalent-wind": re.compile("권풍(?!각)"),
    # Riichi's and MCR's concealed kan (kong) alike: 안깡 (暗槓, 暗杠), never 암깡.
    "concealed-kan": re.compile("암깡"),
    "angang": re.compile("암깡"),
    "daiminkan": re.compile("대명깡"),
    "minggang": re.compile("(?<!대)명깡"),
}
"""A glossary term's id and a word the app said for it beside the glossary's."""


def test_the_glossarys_word_and_no_other() -> None:
    messages = korean_messages()
    for term, other in OTHER_WORDS.items():
        word = GLOSSARY[term].ko
        assert any(word in value for value in messages.values()), term
        assert [key for key, value in messages.items() if other.search(value)] == [], term


def test_riichis_added_kan_is_chuga_kkang_and_mcrs_added_kong_is_ga_kkang() -> None:
    """Riichi's 加槓 is the glossary's 추가깡, MCR's 加杠 its 가깡: the two games'
    words for one move differ, so each message follows its game, told by its
    English ("added kan" is riichi's, "added kong" MCR's)."""
    english, korean = korean_messages("en"), korean_messages()
    kan, kong = GLOSSARY["kakan"].ko, GLOSSARY["jiagang"].ko.split(" ")[0]
    riichi = [key for key, value in english.items() if "added kan" in value]
    mcr = [key for key, value in english.items() if "added kong" in value]
    assert riichi and mcr
    assert [key for key in riichi if kan not in korean[key]] == []
    assert [key for key in mcr if kong not in korean[key] or kan in korean[key]] == []
