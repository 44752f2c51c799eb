"""Issue 31: every win a review finds becomes a question built from that
win's own hand and situation, answered by our engine's score of it, judged
through its kind: a yakuman by the yakuman drill (its yakuman and points)."""

from __future__ import annotations

from functools import cache

from bench.riichienv_logs import agent_game, as_text
from tests.test_review_log import yakuman_review
from tutor.engine.game.log_findings import Finding, FindingKind
from tutor.quiz.kinds import judge
from tutor.quiz.kinds.scoring import request_score
from tutor.quiz.question import Question
from tutor.quiz.review_findings import finding_question, position_question, position_record
from tutor.service.review_log import LogReview, review_text, seat_findings


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
