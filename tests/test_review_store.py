"""`tutor review FILE --seat N --store [--learner NAME]` (issue 31): the
seat's findings go into the learner's store as mistakes of their concepts,
and the positions as questions that a review of those concepts asks (a
deal-in as a `defence` question, judged by that kind); a refused log, or a
command without its seat, never touches a store; a busy store keeps the
writes for the next start."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

import pytest

from bench.riichienv_logs import agent_game, as_text
from tests.mcr_logs import first_hands
from tests.postgres_helpers import fresh_database
from tutor.cli import main
from tutor.engine.game.log_findings import FindingKind
from tutor.engine.notation import format_hand
from tutor.engine.tiles import tile_name
from tutor.quiz import stores
from tutor.quiz.kinds import judge
from tutor.quiz.plan import DrillPlan
from tutor.quiz.review_findings import (
    POSITION_KEY,
    finding_question,
    kept_positions,
    position_record,
    review_positions,
)
from tutor.quiz.store import FILE_NAME, learner_path
from tutor.quiz.store_api import StoreUnavailable
from tutor.quiz.stores import open_store
from tutor.quiz.writes import pending_path
from tutor.service.review_log import LogReview, review_text, seat_findings

SEAT = 2
"""In riichienv's game 0, seat 2 deals in twice with tiles safe by rule in hand, and has efficiency findings."""


@cache
def game_text() -> str:
    return as_text(agent_game(0))


@cache
def seat_review() -> LogReview:
    return review_text(game_text(), (SEAT,))


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("TUTOR_DATA_DIR", str(folder))
    monkeypatch.delenv(stores.STORE_ENV, raising=False)
    return folder


def log_file(tmp_path: Path, text: str, name: str = "game.jsonl") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_findings_are_stored_and_a_review_asks_their_positions(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(log_file(tmp_path, game_text())), "--seat", str(SEAT), "--store"]) == 0
    assert "stored to review" in capsys.readouterr().err
    found = [finding for _, finding in seat_findings(seat_review())]
    mistakes = [finding for finding in found if finding.kind is not FindingKind.SCORING]
    deal_ins = [finding for finding in found if finding.kind is FindingKind.DEAL_IN_SAFE_HELD]
    assert deal_ins and any(finding.kind is FindingKind.EFFICIENCY for finding in found)
    store = open_store()
    try:
        assert store.answer_count() == len(mistakes)
        due = [item.concept for item in store.due()]
        assert set(due) == {finding.concept for finding in mistakes}
        positions = review_positions(store, due)
    finally:
        store.close()
    defence = positions["defence:safe_by_rule"]
    assert defence.kind == "defence" and defence.request["hand"] in {format_hand(f.hand) for f in deal_ins if f.hand}
    deal_in = next(
        finding for finding in deal_ins if finding.hand and format_hand(finding.hand) == defence.request["hand"]
    )
    safe = set(defence.answer["safe"])
    assert {tile_name(tile) for tile in deal_in.tiles} <= safe
    for choice in defence.choices:
        assert judge(defence, {"safe": choice}).right == (choice in safe)
    # A review of the concepts due asks the positions, the others dealt as usual.
    asked = DrillPlan.review(due, positions=positions).questions()
    assert [question.concept for question in asked] == due
    for question in asked:
        if question.concept in positions:
            assert question == positions[question.concept]
    discards = [question for question in asked if question.kind == "discard"]
    hands = {format_hand(finding.hand) for finding in found if finding.kind is FindingKind.EFFICIENCY and finding.hand}
    assert discards and all(question.request["hand"] in hands for question in discards)


def test_an_own_win_is_kept_as_a_position_of_the_points_rule_it_follows(data: Path, tmp_path: Path) -> None:
    """Seat 0 of the same game wins three times: no mistake is stored for a
    win, but each winning hand is kept as a points question of its total's
    rule (a yakuman as the yakuman question of its yakuman), which a review
    of that rule asks."""
    assert main(["review", str(log_file(tmp_path, game_text())), "--seat", "0", "--store"]) == 0
    found = [finding for _, finding in seat_findings(review_text(game_text(), (0,)))]
    wins = [finding for finding in found if finding.kind is FindingKind.SCORING]
    asked = {finding: finding_question(finding, finding.event) for finding in wins}
    assert [finding for finding, question in asked.items() if question is None] == [
        finding for finding in wins if finding.score is None
    ]
    questions = [question for question in asked.values() if question is not None]
    # One of them is a yakuman, asked by the yakuman drill.
    assert questions and {question.kind for question in questions} == {"points-steps", "yakuman"}
    concepts = {question.concept for question in questions}
    store = open_store()
    try:
        assert store.answer_count() == len(found) - len(wins)
        kept = {concept: kept_positions(store, concept) for concept in concepts}
        positions = review_positions(store, sorted(concepts))
    finally:
        store.close()
    for question in questions:
        assert position_record(question) in kept[question.concept]
    assert set(positions) == concepts and all(question in questions for question in positions.values())


def digest(folder: Path) -> dict[str, str]:
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def test_a_refused_log_or_a_missing_seat_never_touches_the_store(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = game_text()
    broken = log_file(tmp_path, text[: len(text) // 2], "broken.jsonl")
    assert main(["review", str(broken), "--seat", "0", "--store"]) == 1
    assert main(["review", str(broken), "--seat", "0", "--store", "--learner", "Kim"]) == 1
    assert main(["review", str(log_file(tmp_path, text)), "--store"]) == 2
    assert not data.exists()
    assert main(["review", str(log_file(tmp_path, text)), "--seat", str(SEAT), "--store"]) == 0
    before = digest(data)
    assert main(["review", str(broken), "--seat", str(SEAT), "--store"]) == 1
    assert digest(data) == before
    capsys.readouterr()


def test_a_learner_gets_the_findings_in_their_own_store(data: Path, tmp_path: Path) -> None:
    path = log_file(tmp_path, game_text())
    assert main(["review", str(path), "--seat", str(SEAT), "--store", "--learner", " Kim  Min-jun "]) == 0
    assert not (data / FILE_NAME).exists()
    assert learner_path("kim min-jun").is_file()
    store = open_store("Kim Min-jun")
    try:
        assert store.answer_count() > 0 and store.setting(POSITION_KEY + "defence:safe_by_rule")
    finally:
        store.close()


def test_an_mcr_logs_findings_ask_mcr_positions(data: Path, tmp_path: Path) -> None:
    path = log_file(tmp_path, "\n".join(first_hands(1, 3)), "mcr.jsonl")
    assert main(["review", str(path), "--seat", "1", "--store"]) == 0
    store = open_store()
    try:
        due = [item.concept for item in store.due()]
        positions = review_positions(store, due)
    finally:
        store.close()
    assert positions and all(question.rules == "mcr" and question.kind == "discard" for question in positions.values())


def test_a_busy_store_keeps_the_findings_for_the_next_start(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def busy(name: str | None = None) -> None:
        raise StoreUnavailable("busy", data / FILE_NAME, "database is locked")

    monkeypatch.setattr(stores, "open_store", busy)
    assert main(["review", str(log_file(tmp_path, game_text())), "--seat", str(SEAT), "--store"]) == 0
    assert "kept in" in capsys.readouterr().err
    assert pending_path(data / FILE_NAME).is_file()
    monkeypatch.undo()
    monkeypatch.setenv("TUTOR_DATA_DIR", str(data))
    # The next start takes them up: a review stored again finds them saved.
    assert main(["review", str(log_file(tmp_path, game_text())), "--seat", str(SEAT), "--store"]) == 0
    store = open_store()
    try:
        mistakes = [f for _, f in seat_findings(seat_review()) if f.kind is not FindingKind.SCORING]
        assert store.answer_count() == 2 * len(mistakes)
    finally:
        store.close()
    assert not pending_path(data / FILE_NAME).exists()


def test_a_learners_findings_go_to_their_rows_of_a_postgresql_store(data: Path, tmp_path: Path) -> None:
    """With TUTOR_STORE naming a database, as `tutor serve --store` runs: the learner's own rows, no one else's."""
    path = log_file(tmp_path, game_text())
    with fresh_database() as url, pytest.MonkeyPatch.context() as patch:
        patch.setenv(stores.STORE_ENV, url)
        assert main(["review", str(path), "--seat", str(SEAT), "--store", "--learner", "Ann"]) == 0
        mistakes = [f for _, f in seat_findings(seat_review()) if f.kind is not FindingKind.SCORING]
        for name, count in (("ann", len(mistakes)), ("Bob", 0), (None, 0)):
            store = open_store(name)
            try:
                assert store.answer_count() == count, name
                assert bool(review_positions(store, [item.concept for item in store.due()])) == bool(count)
            finally:
                store.close()
