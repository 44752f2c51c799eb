"""Tiles on screen read by their faces ("9索 9索 9索"), never as notation
("999s"): a drill's prompt, options and feedback, and the table's lists.
The quiz's data, the JSON and the printed worksheets keep notation."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest

from tutor.engine.table import Setup, hand_steps
from tutor.lessons.check import Library
from tutor.quiz.attempt import Attempt
from tutor.quiz.faces import face, faces_in_text
from tutor.quiz.kinds import KINDS, generate, judge
from tutor.quiz.question import Question
from tutor.quiz.worksheet import worksheet
from tutor.ui.drill_words import choice_texts, feedback_lines, prompt_text
from tutor.ui.widgets.table_view import seat_lines

NOTATION = re.compile(r"(?<![A-Za-z0-9])[0-9]+[mpsz](?![A-Za-z0-9])")
"""A tile or set in notation standing alone in a sentence ("1s", "[999s]")."""

NO_LESSONS = Library({}, [])
"""Lessons by their ids: the lesson line is not what these tests read."""


def test_a_sentence_shows_its_sets_by_their_faces() -> None:
    assert faces_in_text("Your 1s ranks 2 of 9; it loses 1s, 2s, 3s.") == (
        "Your 1索 ranks 2 of 9; it loses 1索, 2索, 3索."
    )
    # Sets side by side keep apart, a called set keeps its brackets.
    assert faces_in_text("Reading: 345m 999s [555z] (1111p).") == (
        "Reading: 3萬 4萬 5萬  9索 9索 9索  [白 白 白]  (1筒 1筒 1筒 1筒)."
    )
    assert faces_in_text("고른 7z은(는) 8개 중 8위다") == "고른 中은(는) 8개 중 8위다"
    # Words, lesson ids, counts and what is no tile stay as written.
    unchanged = "Lesson: r08-points; 5 x4; 8 - 2x4 = 0; 11111m 8z; [999s"
    assert faces_in_text(unchanged) == unchanged.replace("[999s", "[9索 9索 9索")


def wrong_response(question: Question) -> dict[str, Any]:
    """A response a learner might give that is not the answer."""
    key = next(iter(question.answer))
    if question.kind == "mcr-fans":
        return {"fans": question.answer["fans"][1:], "total": question.answer["total"] + 1}
    if question.choices:
        return {key: question.choices[-1] if question.answer_type == "choice" else [question.choices[-1]]}
    if question.answer_type == "number":
        return {key: 1}
    if question.answer_type == "tiles":
        return {key: ["1m"]}
    return {}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_drill_shows_no_notation(kind: str) -> None:
    question = generate(kind, 3, 2)
    response = wrong_response(question)
    attempt = Attempt(judge(question, response), "wrong" if response else "hint")
    for language in ("en", "ko"):
        shown = [prompt_text(question, language), *choice_texts(question, language)]
        shown += feedback_lines(attempt, language, NO_LESSONS)
        assert [line for line in shown if NOTATION.search(line)] == []


def test_a_worse_discards_lost_tiles_are_shown_by_their_faces() -> None:
    # 11333345566789m: 5m keeps the shanten with four tiles against six, losing 4m and 7m.
    question = replace(
        generate("discard", 0, 2),
        request={"hand": "11333345566789m", "rules": "riichi"},
        answer={"discards": ["3m", "6m", "9m"]},
    )
    attempt = Attempt(judge(question, {"discards": "5m"}), "wrong")
    english = feedback_lines(attempt, "en", NO_LESSONS)
    assert "Your 5萬 ranks 4 of 8: 0-shanten with 4 tiles against 6; it loses 4萬, 7萬." in english
    korean = feedback_lines(attempt, "ko", NO_LESSONS)
    assert any(line.startswith("고른 5萬은 8개 중 4위다") and "4萬, 7萬을 잃는다" in line for line in korean)
    assert [line for line in english + korean if NOTATION.search(line)] == []


def test_worksheets_and_json_keep_notation() -> None:
    # Printed and machine output: the hand is printed in notation, so the key speaks the same.
    sheet = worksheet("discard", 1, 5, 2, "en", "text")
    assert NOTATION.search(sheet.split("ANSWER KEY")[1])
    data = json.loads(worksheet("discard", 1, 5, 2, "en", "json"))
    assert all(tile.isascii() for tile in data[0]["answer"]["discards"])
    assert NOTATION.search(data[0]["explanation"])


def test_the_tables_discards_and_melds_are_faces() -> None:
    step = next(step for step in hand_steps(Setup("riichi", 1)) if step.id == "kan")
    state = step.state
    seat = next(position for position in range(4) if state.melds[position])
    lines = seat_lines(state, seat, "en", wide=True)
    meld = " ".join(face(state.kind(slot)) for slot in state.melds[seat][:8])
    assert any(meld in line for line in lines)
    for language in ("en", "ko"):
        for position in range(4):
            assert [line for line in seat_lines(state, position, language, wide=True) if NOTATION.search(line)] == []
