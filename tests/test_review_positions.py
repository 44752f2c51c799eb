"""Issue 31: every win a review finds becomes a question built from that
win's own hand and situation, answered by our engine's score of it, judged
through its kind: a yakuman by the yakuman drill (its yakuman and points)."""

from __future__ import annotations

import json
import time
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bench.riichienv_logs import agent_game, as_text
from tests.drill_helpers import record_steps
from tests.mcr_logs import game_log
from tests.postgres_helpers import fresh_database
from tests.review_helpers import yakuman_review
from tutor.engine.game.log_findings import Finding, FindingKind
from tutor.engine.notation import parse_hand
from tutor.engine.refusal import Refusal
from tutor.engine.request import RequestProblem, score_request
from tutor.engine.request_json import read_request, request_json
from tutor.engine.riichi.score import RiichiScore
from tutor.engine.rules import Rules
from tutor.engine.tiles import tile_name
from tutor.locale.concept_words import concept_words
from tutor.locale.message import render_value
from tutor.quiz.class_words import concept_label
from tutor.quiz.drill_rules import DrillRules
from tutor.quiz.game_replay import drill_questions
from tutor.quiz.kinds import judge
from tutor.quiz.kinds.scoring import request_score
from tutor.quiz.question import Question
from tutor.quiz.review_findings import (
    POSITION_KEY,
    finding_question,
    kept_positions,
    position_question,
    position_record,
    review_positions,
)
from tutor.quiz.store import Store
from tutor.quiz.store_api import DAY, ProgressStore
from tutor.quiz.stores import open_postgres
from tutor.service.review_log import LogReview, review_text, seat_findings
from tutor.ui.widgets.question_hand import context_text


@cache
def game_review(game: int) -> LogReview:
    return review_text(as_text(agent_game(game)), (0, 1, 2, 3))


def wins(review: LogReview) -> list[Finding]:
    return [finding for _, finding in seat_findings(review) if finding.kind is FindingKind.SCORING]


def asked(finding: Finding) -> Question:
    question = finding_question(finding, finding.event)
    assert question is not None, finding
    # A kept position rebuilds the very question.
    assert position_question(position_record(question)) == question
    return question


def check_yakuman_question(finding: Finding, name: str) -> None:
    question = asked(finding)
    values = dict(finding.values)
    assert question.kind == "yakuman" and question.concept == finding.concept == f"yakuman:{name}"
    assert name in question.answer["yakuman"]
    score = request_score(question.request)
    assert score is not None and score.points.total == values["points"]
    assert finding.score is not None and score.yakuman == finding.score.yakuman
    assert str(values["points"]) in question.explanation_text("en")
    assert judge(question, {"yakuman": question.answer["yakuman"]}).right
    assert not judge(question, {"yakuman": ["none"]}).right


def test_riichienv_game_1s_kokushi_win_asks_the_yakuman_question_of_its_hand() -> None:
    (kokushi,) = [finding for finding in wins(game_review(1)) if finding.concept.startswith("yakuman:")]
    check_yakuman_question(kokushi, "kokushi")


def test_a_daisangen_win_asks_the_yakuman_question_of_its_hand() -> None:
    (daisangen,) = wins(yakuman_review())
    check_yakuman_question(daisangen, "daisangen")


def answer(store: ProgressStore, question: Question, response: dict[str, Any], now: float) -> bool:
    """The question answered as the drill screen does: judged by its kind, stored with its steps."""
    judgement = judge(question, response)
    record_steps(store, question, judgement.concepts, right=judgement.right, now=now, response=json.dumps(response))
    return judgement.right


def retiring(store: ProgressStore) -> None:
    """A concept with two positions kept, asked in the store's reviews: a
    wrong answer keeps the position; a right one on the concept's scheduled
    review retires it, and the next review asks the next one kept; a right
    answer before the concept is due again retires nothing."""
    concept, (newest, older) = two_positions()
    store.set_setting(POSITION_KEY + concept, json.dumps([position_record(newest), position_record(older)]))
    now = time.time()
    assert review_positions(store, [concept]) == {concept: newest}
    wrong = {key: None for key in newest.answer}
    assert not answer(store, newest, wrong, now)
    assert review_positions(store, [concept]) == {concept: newest}
    assert concept in {item.concept for item in store.due(now + 1)}
    assert answer(store, newest, newest.answer, now + 1)
    assert review_positions(store, [concept]) == {concept: older}
    # Right again before the next review falls due: the older position stays.
    assert answer(store, older, older.answer, now + 2)
    assert review_positions(store, [concept]) == {concept: older}
    later = now + 2 * DAY
    assert concept in {item.concept for item in store.due(later)}
    assert answer(store, older, older.answer, later)
    assert review_positions(store, [concept]) == {}
    assert kept_positions(store, concept) == []


def two_positions() -> tuple[str, tuple[Question, Question]]:
    """Two discard positions of one concept from riichienv game 0's findings."""
    by_concept: dict[str, list[Question]] = {}
    for _, finding in seat_findings(game_review(0)):
        question = finding_question(finding, finding.event)
        if question is not None and question.kind == "discard" and question.concept == finding.concept:
            by_concept.setdefault(question.concept, []).append(question)
    concept, questions = next((concept, found) for concept, found in by_concept.items() if len(found) >= 2)
    return concept, (questions[0], questions[1])


def test_a_kept_position_answered_right_on_its_review_is_retired_in_sqlite(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "progress.db")
    try:
        retiring(store)
    finally:
        store.close()


def test_a_kept_position_answered_right_on_its_review_is_retired_in_postgresql(tmp_path: Path) -> None:
    with fresh_database() as url:
        store = open_postgres(url, "ann", tmp_path / "ann")
        try:
            retiring(store)
        finally:
            store.close()


def test_every_win_of_riichienv_game_2_asks_its_question_with_its_red_fives() -> None:
    """7 of its 9 wins hold a red five: each question's request carries them
    (riichi's aka dora), and its answer is our re-score of the log's win."""
    found = wins(game_review(2))
    assert len(found) == 9
    red = 0
    for finding in found:
        question = asked(finding)
        values = dict(finding.values)
        if question.request.get("red"):
            red += 1
            # Shown with the hand: the learner counts them as dora.
            assert "red fives:" in context_text(question, "en") and "적도라:" in context_text(question, "ko")
        assert question.kind == "points-steps"
        assert (question.answer["han"], question.answer["fu"]) == (values["han"], values["fu"])
        assert question.answer["points"]["total"] == values["points"]
        assert judge(question, question.answer).right
    assert red == 7


def test_a_requests_red_fives_are_one_dora_each_and_only_fives_held() -> None:
    hand = {"hand": "123555m456p789s11z", "win": "9s", "tsumo": True}
    plain = score_request(read_request(hand))
    for red, more in (("5m", 1), ("5m 5p", 2)):
        request = read_request({**hand, "red": red})
        score = score_request(request)
        assert isinstance(score, RiichiScore) and isinstance(plain, RiichiScore)
        assert (score.han, score.dora) == (plain.han + more, plain.dora + more)
        assert read_request(request_json(request)) == request
    for red, code in (("5s", "red_not_held"), ("1m", "red_not_five"), ("5p5p", "red_not_held")):
        with pytest.raises(Refusal) as refused:
            score_request(read_request({**hand, "red": red}))
        assert [detail.code for detail in refused.value.details] == [code]
    with pytest.raises(RequestProblem):
        score_request(read_request({**hand, "rules": "mcr", "red": "5m"}))


def test_each_mcr_hu_asks_the_mcr_steps_question_of_its_own_hand() -> None:
    """Every hu of an MCR game, by the seat that declared it: the question is
    that hand and situation (win tile, self-draw, winds, flowers), answered
    by our MCR score of the hu, as the review's drill asks it (not a random
    hand of the concept `mcr:total`)."""
    review = review_text(game_log(1))
    hus = wins(review)
    assert len(hus) >= 3
    for finding in hus:
        question = asked(finding)
        values = dict(finding.values)
        assert question.kind == "mcr-steps" and question.rules == "mcr"
        assert finding.hand is not None and parse_hand(question.request["hand"]) == finding.hand
        assert question.request["win"] == tile_name(finding.tiles[0])
        assert question.answer["total"] == values["total"] and question.answer["can_win"]
        assert judge(question, question.answer).right
        assert not judge(question, {**question.answer, "total": values["total"] + 1}).right
        assert drill_questions([finding], 7, DrillRules(), Rules.MCR) == [finding_question(finding, 7)]


@pytest.mark.parametrize(
    ("concept", "en", "ko"),
    [
        ("yakuman:kokushi", "thirteen orphans", "국사무쌍"),
        ("waits:two", "two waits", "대기가 둘"),
        ("defence:safe_by_rule", "safe against riichi", "안전한 패"),
    ],
)
def test_the_dashboard_names_a_review_findings_concept_from_the_catalogue(concept: str, en: str, ko: str) -> None:
    """The concepts review findings take (a yakuman, the waits...) by the
    catalogue's words, as `tutor review` says them, not by their keys."""
    for language, word in (("en", en), ("ko", ko)):
        label = concept_label(concept, language)
        assert concept not in label and label == render_value(concept_words(concept), language)
        assert word.lower() in label.lower()
