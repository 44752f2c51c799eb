"""#28.13: feedback that names the step that fails. A riichi call question
whose chi the shape rules out (a 6p with 67p needs the 5p or the 8p) says
so, not only the seat rule; a tile picked in the waits drill that is no
wait gets its reason. Both languages, from the catalogue."""

from __future__ import annotations

import re

import pytest

from tutor.engine.calls import CallKind, Seat, calls_on_discard
from tutor.engine.notation import parse_hand, parse_tile
from tutor.locale import render, text
from tutor.locale.message import render_value
from tutor.quiz.kind import render_feedback
from tutor.quiz.kinds import KINDS, generate, judge
from tutor.quiz.kinds.table import _no_chi_shape
from tutor.quiz.kinds.waits_words import no_wait_reason

HANGUL = re.compile(r"[\uac00-\ud7a3]")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_chi_the_shape_rules_out_names_the_tiles_it_needs(language: str) -> None:
    said = _no_chi_shape(parse_hand("67p", sizes=None), parse_tile("6p"))
    assert said is not None
    sentence = render(said, language)
    expected = text(language, "table.quiz.calls_no_chi_shape", tile="6p", held="7p", needed="5p")
    assert sentence.startswith(expected.split("5p")[0])
    assert "5p" in sentence and "8p" in sentence and "7p" in sentence
    assert bool(HANGUL.search(sentence)) == (language == "ko")


def test_every_chi_the_shape_rules_out_is_explained() -> None:
    """Level 1 asks about discards from the left: each question whose
    number-tile discard allows no chi says why, in both languages."""
    found = 0
    for seed in range(120):
        question = generate("calls", seed, 1)
        request = question.request
        hand, discard = parse_hand(request["hand"]), parse_tile(request["discard"])
        chi = any(call.kind is CallKind.CHI for call in calls_on_discard(hand, discard, Seat.LEFT))
        if chi or request["riichi"] or discard >= 27:
            continue
        found += 1
        english, korean = question.explanation_text("en"), question.explanation_text("ko")
        assert "No chi on the" in english, (seed, english)
        assert korean.count("치할 수 없다") == 1, (seed, korean)
    assert found > 10


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_tile_that_is_no_wait_gets_its_reason(language: str) -> None:
    question = generate("waits", 3, 2)
    picked = next(tile for tile in ("9s", "1z", "5p") if tile not in question.answer["waits"])
    judgement = judge(question, {"waits": [*question.answer["waits"], picked]})
    lines = render_feedback(KINDS["waits"].missed(judgement), language)
    assert lines == [text(language, "quiz.waits.no_wait", tile=picked)]
    assert picked in lines[0]


@pytest.mark.parametrize("language", ["en", "ko"])
def test_all_four_held_is_its_own_reason(language: str) -> None:
    """A tile the hand holds four of cannot be waited on, whatever the shape."""

    def reason(tile: str) -> str:
        return render_value(no_wait_reason("1111m234p567s55z", tile), language)

    assert reason("1m") == text(language, "quiz.waits.no_wait_all_held", tile="1m")
    assert reason("9m") == text(language, "quiz.waits.no_wait", tile="9m")
    assert reason("xx") == text(language, "quiz.waits.not_a_tile", tile="xx")
