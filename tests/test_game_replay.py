"""The replay of an imported game as data (tutor/quiz/game_replay.py),
without Textual: every step stands at the record's state and event, the
seat viewed sees only its own hand unless every hand is open, a finding
leads to the position it is about, the end carries each win re-scored
beside the log, and the findings' drill asks their own positions."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.replay_games import imported, replay_of, write_log
from tutor.engine.game.log_findings import FindingKind
from tutor.engine.notation import parse_hand
from tutor.locale import render
from tutor.quiz.drill_rules import DrillRules
from tutor.quiz.game_replay import GameReplay, drill_questions
from tutor.service.replay_import import import_game
from tutor.service.review_log import SEATS, LogRefused, review_file


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("replay")


@pytest.fixture
def replay(folder: Path) -> GameReplay:
    return replay_of(imported(folder))


def test_every_step_shows_the_record_state_and_stepping_stops_at_both_ends(replay: GameReplay) -> None:
    found = replay.current
    turns = found.hand.record.turns
    assert not replay.back()
    seen = []
    while True:
        at = replay.at()
        state = found.state(replay.step)
        seen.append(at.event)
        assert at.table.seats[0].points == state.scores[replay.seat]
        assert sorted(at.hand) == sorted(state.kind(slot) for slot in state.players[replay.seat].hand)
        if not replay.forward():
            break
    assert replay.step == len(turns) == found.steps - 1
    assert seen == sorted(seen) and seen[-1] == len(found.hand.round.events) - 1
    assert replay.back() and replay.step == len(turns) - 1


def test_the_seat_viewed_sees_only_its_own_hand_and_draws_unless_every_hand_is_open(replay: GameReplay) -> None:
    replay.step = 5
    drawer = next(event.seat for event in replay.current.made(5) if event.kind == "draw")
    replay.seat = (drawer + 1) % 4
    closed = replay.at()
    assert all(not seat.hand for seat in closed.table.seats)
    said = [render(line, "en") for line in closed.said]
    assert any(line.endswith("drew a tile.") for line in said)
    assert replay.toggle_open()
    opened = replay.at()
    assert all(len(seat.hand) in (13, 14) for seat in opened.table.seats[1:])
    assert not opened.table.seats[0].hand and opened.hand == closed.hand
    assert not any(line.endswith("drew a tile.") for line in (render(line, "en") for line in opened.said))
    assert replay.next_seat() == (drawer + 2) % 4
    assert replay.at().table.seats[0].wind == (replay.seat - replay.current.state(5).dealer) % 4


def test_rounds_are_jumped_to_and_stepped_through(replay: GameReplay) -> None:
    count = len(replay.rounds)
    assert count > 3
    replay.jump(2, 7)
    assert (replay.round, replay.step) == (2, 7)
    assert replay.next_round() and (replay.round, replay.step) == (3, 0)
    replay.jump(count - 1)
    assert not replay.next_round()
    assert replay.previous_round() and replay.round == count - 2
    replay.jump(count + 5, 10_000)
    assert replay.round == count - 1 and replay.at_end()
    labels = {render(replay.round_label(index), "en") for index in range(count)}
    assert len(labels) == count


def test_a_finding_leads_to_the_position_it_is_about(replay: GameReplay) -> None:
    findings = replay.findings(3) + replay.findings(0)
    assert {finding.kind for _, finding in findings} >= {
        FindingKind.FURITEN_RIICHI,
        FindingKind.FURITEN_WAIT,
        FindingKind.CALL_NO_YAKU,
    }
    for index, finding in findings:
        replay.go_to(index, finding)
        at = replay.at()
        assert replay.seat == finding.seat and finding in at.findings
        if finding.kind in (FindingKind.FURITEN_WAIT, FindingKind.DEAL_IN_SAFE_HELD, FindingKind.FURITEN_RIICHI):
            # The seat's own discard: the position is the hand it discarded from.
            state = replay.current.state(replay.step)
            assert state.engine_hand(finding.seat) == finding.hand


def test_the_end_of_a_hand_holds_its_wins_re_scored_beside_the_log(replay: GameReplay) -> None:
    wins = 0
    for index in range(len(replay.rounds)):
        replay.jump(index, 10_000)
        at = replay.at()
        assert at.wins == replay.current.review.wins
        assert (at.draw is None) == bool(at.wins)
        wins += len(at.wins)
        assert all(check.agree for check in at.wins)
        replay.back()
        assert replay.at().wins == ()
    assert wins


def test_an_mjai_log_names_its_events_by_their_lines(folder: Path) -> None:
    found = imported(folder, form="mjai")
    replay = replay_of(found)
    assert replay.format == "mjai"
    for index, reviewed in enumerate(replay.rounds):
        replay.jump(index, 3)
        event = reviewed.event(3)
        assert replay.at().event == found.review.event_index(index, event) != event


def test_a_refused_log_is_refused_as_tutor_review_refuses_it(tmp_path: Path) -> None:
    path = write_log(tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) * 2 // 3], encoding="utf-8")
    with pytest.raises(LogRefused) as imported_error:
        import_game(path)
    with pytest.raises(LogRefused) as reviewed_error:
        review_file(path)
    assert imported_error.value.args == reviewed_error.value.args


def test_the_findings_drill_asks_each_discard_finding_of_its_own_hand(replay: GameReplay) -> None:
    findings = [finding for _, finding in replay.findings(3) + replay.findings(0)]
    questions = drill_questions(findings, 7, DrillRules())
    discards = [question for question in questions if question.kind == "discard"]
    positions = {finding.hand for finding in findings if finding.kind is FindingKind.FURITEN_WAIT}
    assert positions and positions <= {parse_hand(question.request["hand"]) for question in discards}
    concepts = {finding.concept for finding in findings if finding.kind is FindingKind.CALL_NO_YAKU}
    assert concepts <= {question.concept for question in questions} | {
        concept for question in questions for concept in question.step_concepts
    }


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_every_step_of_riichienvs_games_is_shown_and_every_win_agrees(seed: int, tmp_path: Path) -> None:
    """Games riichienv played by itself (red fives, calls, riichi: bench/riichienv_logs.py),
    imported as mjai: every step of every hand draws, its events named by their lines."""
    from bench.riichienv_logs import agent_game, as_text

    path = tmp_path / "riichienv.mjson"
    path.write_text(as_text(agent_game(seed)), encoding="utf-8")
    replay = replay_of(import_game(path))
    assert replay.format == "mjai"
    lines = path.read_text(encoding="utf-8").splitlines()
    for index in range(len(replay.rounds)):
        replay.jump(index)
        events = []
        while True:
            at = replay.at()
            events.append(at.event)
            assert all(render(said, "ko") and render(said, "en") for said in at.said)
            if not replay.forward():
                break
        assert events == sorted(events) and events[-1] < len(lines)
        assert all(check.agree for check in at.wins)


def test_the_findings_drill_asks_each_own_win_what_it_scores(replay: GameReplay) -> None:
    """Seat 1's wins: the drill asks each winning hand's points step by step, answered as the review scored it."""
    wins = [finding for _, finding in replay.findings(1) if finding.kind is FindingKind.SCORING]
    questions = [question for question in drill_questions(wins, 7, DrillRules()) if question.kind == "points-steps"]
    assert wins and len(questions) == len({(finding.kind, finding.hand) for finding in wins})
    scored = {(finding.hand, dict(finding.values)["points"]) for finding in wins}
    assert {(parse_hand(q.request["hand"]), q.answer["points"]["total"]) for q in questions} <= scored


def intermediate_log(folder: Path) -> Path:
    """An east game of the intermediate bots where a seat's findings in a hand
    come, kind by kind, out of the order of their events (an efficiency
    finding before a rule mistake's): the review sorts them."""
    from tutor.engine.game import log_tenhou
    from tutor.engine.game.intermediate import IntermediateBot
    from tutor.engine.game.options import RiichiOptions
    from tutor.engine.game.simulate import play_game

    record = play_game(RiichiOptions(length="east"), "log/2", [IntermediateBot(f"bench/2/{seat}") for seat in SEATS])
    path = folder / "intermediate.json"
    path.write_text(log_tenhou.dumps(log_tenhou.game_log(record)), encoding="utf-8")
    return path


@pytest.mark.parametrize(("seed", "form"), [(3, "tenhou6"), (5, "tenhou6"), (8, "mjai"), (2, "intermediate")])
def test_the_import_reviews_its_seat_and_another_seats_findings_made_later_are_every_seat_reviews(
    seed: int, form: str, folder: Path
) -> None:
    """The import reviews seat 0 only; each other seat's findings, made from
    the rounds' replays when first asked (the step's, then the whole game's),
    are those `tutor review` gives every seat, in the same order, and kept."""
    path = intermediate_log(folder) if form == "intermediate" else write_log(folder, seed, form)
    found = import_game(path)
    assert found.review.seats == (0,)
    assert {finding.seat for reviewed in found.review.rounds for finding in reviewed.findings} <= {0}
    everyone = review_file(path, SEATS)
    replay = replay_of(found)
    for seat in SEATS:
        expected = [
            (index, finding)
            for index, reviewed in enumerate(everyone.rounds)
            for finding in reviewed.findings
            if finding.seat == seat
        ]
        assert expected or seat == 0
        assert replay.has_findings(seat) == (seat == 0)
        # A step's findings first, for one round only.
        replay.seat = seat
        at_first = [(index, finding) for index, finding in expected if index == 0]
        assert [(0, finding) for finding in replay.current.findings_of(seat)] == at_first
        assert replay.has_findings(seat) == (seat == 0 or len(replay.rounds) == 1)
        assert replay.findings(seat) == expected
        assert replay.has_findings(seat)
        if seat:
            assert all(found.findings_of(seat) is found.findings_of(seat) for found in replay.rounds[:2])


def test_the_import_reviews_the_seat_it_is_asked_for(folder: Path) -> None:
    path = write_log(folder)
    found = import_game(path, seat=3)
    assert found.review.seats == (3,)
    assert found.review.rounds == review_file(path, (3,)).rounds
