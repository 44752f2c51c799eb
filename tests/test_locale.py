"""The catalogues: complete in every language, readable by gettext tools, and
free of the other language's script."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po as babel_read_po

from tutor.lessons.model import QUIZ_KINDS
from tutor.locale import LANGUAGES, keys, text
from tutor.locale.catalogue import DOMAINS, CatalogueError, catalogue_path, read_po, sentences
from tutor.locale.message import PLACEHOLDER
from tutor.locale.particles import PARTICLES

HANGUL = re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")


PLURAL_FORMS = (".one", ".other")


def placeholders(sentence: str) -> set[str]:
    return {match.group(1) for match in PLACEHOLDER.finditer(sentence)}


def base_key(key: str) -> str:
    """A key with its plural form (`.one`, `.other`) taken off."""
    for form in PLURAL_FORMS:
        if key.endswith(form):
            return key.removesuffix(form)
    return key


def test_every_key_is_in_every_language() -> None:
    """Every sentence in every language; a plural sentence may have other
    forms in another language (English one/other, Korean one form)."""
    english = {base_key(key) for key in keys("en")}
    assert english, "the English catalogue is empty"
    for language in LANGUAGES:
        theirs = {base_key(key) for key in keys(language)}
        assert theirs == english, f"{language}: missing {english - theirs}, extra {theirs - english}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_plural_has_its_other_form(language: str) -> None:
    for key in keys(language):
        if key.endswith(".one"):
            assert base_key(key) + ".other" in keys(language), key
        if base_key(key) != key:
            assert base_key(key) not in keys(language), f"{key} and {base_key(key)} both"


@pytest.mark.parametrize("language", LANGUAGES)
def test_sentences_take_the_same_placeholders(language: str) -> None:
    theirs = sentences(language)
    for key, english in sentences("en").items():
        mine = theirs.get(key) or theirs[base_key(key) + ".other"]
        assert placeholders(mine) == placeholders(english), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_particles_are_known_and_korean(language: str) -> None:
    """`{name|은}` names a particle the renderer knows; English writes none."""
    for key, sentence in sentences(language).items():
        for match in PLACEHOLDER.finditer(sentence):
            if match.group(2):
                assert language == "ko" and match.group(2) in PARTICLES, (key, match.group(0))


def test_no_korean_sentence_prints_both_particles() -> None:
    """Learners read `은(는)` as a form left unfilled: the value decides."""
    both = re.compile(r"은\(는\)|는\(은\)|을\(를\)|를\(을\)|이\(가\)|가\(이\)|와\(과\)|과\(와\)|\(으\)로")
    found = [key for key, sentence in sentences("ko").items() if both.search(sentence)]
    assert found == []


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_our_reader_agrees_with_babel(language: str, domain: str) -> None:
    path = catalogue_path(language, domain)
    with path.open("rb") as handle:
        catalogue = babel_read_po(handle)
    theirs = {message.id: message.string for message in catalogue if message.id}
    assert read_po(path) == theirs


def test_no_hangul_in_english_and_no_empty_sentence() -> None:
    for key in keys("en"):
        sentence = text("en", key)
        assert sentence.strip(), key
        assert not HANGUL.search(sentence), f"Hangul in the English sentence {key!r}: {sentence!r}"
    for key in keys("ko"):
        assert text("ko", key).strip(), key


def test_a_damaged_catalogue_names_its_line(tmp_path) -> None:
    broken = tmp_path / "tutor.po"
    broken.write_text('msgid "a"\nmsgstr "b"\n\nmsgid "c"\nmsgstr oops\n', encoding="utf-8")
    with pytest.raises(CatalogueError, match="line 5"):
        read_po(broken)


def test_multi_line_sentences_and_escapes_read_back(tmp_path) -> None:
    path = tmp_path / "tutor.po"
    path.write_text('msgid "k"\nmsgstr ""\n"one \\"two\\"\\n"\n"three"\n', encoding="utf-8")
    assert read_po(path) == {"k": 'one "two"\nthree'}


def test_an_unknown_language_falls_back_to_english() -> None:
    assert text("fr", "title") == text("en", "title")


def test_every_quiz_kind_has_a_name_and_a_description() -> None:
    """Drill setup names each kind in the learner's words: a kind added
    without them would show a raw id or fail to open."""
    for kind in QUIZ_KINDS:
        assert {f"drill.kind.{kind}", f"drill.about.{kind}"} <= keys("en"), kind


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_key_lives_in_one_domain_only(language: str) -> None:
    """The domains are merged into one catalogue: a key in two of them would
    make one sentence silently hide the other."""
    seen: dict[str, str] = {}
    for domain in DOMAINS:
        for key in read_po(catalogue_path(language, domain)):
            assert key not in seen, f"{key!r} is in both {seen[key]}.po and {domain}.po"
            seen[key] = domain


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_help_names_each_screen_once(language: str) -> None:
    """The help listed home, drills and lessons twice (two merged versions
    of the sentence, the older without the workbench's keys)."""
    places = [line.split(":")[0] for line in text(language, "help_body").splitlines()]
    assert len(places) == len(set(places)) >= 7
