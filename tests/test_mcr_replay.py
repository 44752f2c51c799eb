"""The replay of our own MCR logs as data (tutor/quiz/mcr_replay.py, issue 31),
without Textual: the log is played once and reviewed as `tutor review`
reviews it; every step stands at the state the MCR rules played, seen from
a player at the wind it sits at that hand, flowers counted, a false win
said where it is declared and its penalty in the points; each finding
leads to its own position; the drill asks discards by the MCR rules."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.mcr_logs import careless_log
from tests.screen_tour import HANGUL
from tutor.engine.game.log_findings import Finding, FindingKind
from tutor.engine.game.mcr import log_replay
from tutor.engine.rules import Rules
from tutor.locale import render
from tutor.quiz.drill_rules import DrillRules
from tutor.quiz.game_replay import GameReplay, drill_questions
from tutor.quiz.mcr_replay import McrReplayRound
from tutor.service.replay_import import ImportedGame, import_game
from tutor.service.review_log import review_file
from tutor.service.review_log_words import finding_message
from tutor.ui.screens.replay import mcr_result_lines

HANDS = 2
"""The careless game's first hands: a hu, then a false win and a hu (a fraction of a second to play)."""


def write_careless(folder: Path) -> Path:
    path = folder / "careless.jsonl"
    path.write_text(careless_log(HANDS), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> ImportedGame:
    return import_game(write_careless(tmp_path_factory.mktemp("mcr")))


@pytest.fixture
def replay(game: ImportedGame) -> GameReplay:
    return GameReplay.of_mcr(game.review.format, game.mcr_hands, game.review.mcr_rounds)


def mcr_round(replay: GameReplay) -> McrReplayRound:
    found = replay.current
    assert isinstance(found, McrReplayRound)
    return found


def test_an_mcr_log_is_played_once_and_reviewed_as_tutor_review_reviews_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_careless(tmp_path)
    calls: list[int] = []
    real = log_replay.loads

    def counted(*args: Any) -> Any:
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(log_replay, "loads", counted)
    found = import_game(path)
    assert len(calls) == 1
    assert found.review == review_file(path)
    assert not found.rounds and len(found.mcr_hands) == len(found.review.mcr_rounds) == HANDS


def test_every_step_shows_the_hand_as_played_and_the_end_its_review(replay: GameReplay) -> None:
    for index in range(len(replay.rounds)):
        replay.jump(index)
        found = mcr_round(replay)
        replay.seat = index + 1
        seat = found.wind_of(replay.seat)
        events = []
        while True:
            at = replay.at()
            state = found.state(replay.step)
            seats = [(seat + relation) % 4 for relation in range(4)]
            assert [view.wind for view in at.table.seats] == seats
            assert sorted(at.hand) == sorted(state.kind(slot) for slot in state.players[seat].hand)
            assert not any(view.hand for view in at.table.seats)
            assert [view.flowers for view in at.table.seats] == [len(state.players[s].flowers) for s in seats]
            said = [render(line, "en") for line in at.said]
            assert all(said) and not any(HANGUL.search(line) for line in said)
            assert all(render(line, "ko") for line in at.said)
            assert (at.mcr is not None) == replay.at_end()
            events.append(at.event)
            if not replay.forward():
                break
        assert events == sorted(events) and events[-1] == found.hand.end_event == at.events - 1
        assert at.mcr is found.review and found.review.win is not None and found.review.win.agree
        assert replay.back() and replay.at().mcr is None


def test_flowers_and_draws_are_said_and_tiles_named_only_in_view(replay: GameReplay) -> None:
    found = mcr_round(replay)
    flowers = next(step for step in range(1, found.steps) if any(e.kind == "flower" for e in found.made(step)))
    drawer = next(event.seat for event in found.made(flowers) if event.kind == "flower")
    assert drawer is not None
    replay.jump(0, flowers)
    replay.seat = found.hand.seats[(drawer + 1) % 4]
    closed = [render(line, "en") for line in replay.at().said]
    assert any(line.endswith("set a flower aside and drew a tile from the back of the wall.") for line in closed)
    assert replay.toggle_open()
    opened = replay.at()
    shown = [render(line, "en") for line in opened.said]
    assert any("set a flower aside and drew " in line and "drew a tile" not in line for line in shown)
    state = found.state(flowers)
    for relation, view in enumerate(opened.table.seats[1:], start=1):
        held = state.players[(found.wind_of(replay.seat) + relation) % 4].hand
        assert sorted(view.hand) == sorted(state.kind(slot) for slot in held)


def test_a_false_win_is_said_where_it_is_declared_and_its_penalty_counted(replay: GameReplay) -> None:
    index = next(
        index for index, found in enumerate(replay.rounds) if found.review.findings and found.review.review.false_wins
    )
    replay.jump(index)
    found = mcr_round(replay)
    step = next(step for step in range(found.steps) if any(e.kind == "false_win" for e in found.made(step)))
    seat = next(event.seat for event in found.made(step) if event.kind == "false_win")
    assert seat is not None
    player = found.hand.seats[seat]
    replay.seat = player
    replay.jump(index, step - 1)
    before = replay.at().table.seats[0].points
    replay.forward()
    at = replay.at()
    said = [render(line, "en") for line in at.said]
    assert any(line.endswith("declared a false win: 10 to each other player, and the hand is dead.") for line in said)
    assert at.table.seats[0].points == before - 30
    assert all(view.points == found.hand.scores[found.hand.seats[view.wind]] + 10 for view in at.table.seats[1:])


def test_each_finding_leads_to_the_position_it_is_about(replay: GameReplay) -> None:
    found = [item for player in range(4) for item in replay.findings(player)]
    kinds = {finding.kind for _, finding in found}
    assert {FindingKind.FALSE_WIN, FindingKind.EFFICIENCY, FindingKind.SCORING} <= kinds
    for index, finding in found:
        replay.go_to(index, finding)
        at = replay.at()
        assert replay.seat == finding.seat and finding in at.findings
        assert finding.hand is not None
        if finding.kind is FindingKind.SCORING:
            # The hu declared: the step on is the hand's end.
            assert replay.forward() and replay.at_end()
        else:
            # The player's hand at the decision the finding is about.
            assert sorted(at.hand) == sorted(finding.hand.concealed)


@pytest.mark.parametrize(
    ("prevalent", "en", "ko"),
    [(0, "East round, hand 1 of 16", "동장 1/16국"), (3, "North round, hand 13 of 16", "북장 13/16국")],
)
def test_a_hand_is_named_by_its_prevalent_wind_and_number(replay: GameReplay, prevalent: int, en: str, ko: str) -> None:
    found = mcr_round(replay)
    named = McrReplayRound(found.hand, replace(found.review, prevalent=prevalent, hand_number=prevalent * 4))
    assert (render(named.label(), "en"), render(named.label(), "ko")) == (en, ko)


def test_the_findings_drill_asks_discards_by_the_mcr_rules(replay: GameReplay) -> None:
    findings = [finding for player in range(4) for _, finding in replay.findings(player)]
    assert replay.rules is Rules.MCR
    questions = drill_questions(findings, 7, DrillRules(), replay.rules)
    discards = [question for question in questions if question.kind == "discard"]
    assert discards and all(question.rules == Rules.MCR.value for question in discards)


def test_a_hu_not_taken_is_said_in_mcr_words(game: ImportedGame) -> None:
    missed = Finding(FindingKind.MISSED_WIN, 1, 40, "waits:ryanmen", "m04-routes-to-eight", True, (3,))
    mcr = {language: render(finding_message(game.review, 0, missed), language) for language in ("en", "ko")}
    assert "a hu on 4m was there and was not declared" in mcr["en"] and "후할 수 있었는데" in mcr["ko"]
    riichi = render(finding_message(replace(game.review, format="tenhou6"), 0, missed), "en")
    assert "a win on 4m was there and was not taken" in riichi


def test_a_log_whose_hu_differs_from_ours_is_said_to_differ(game: ImportedGame) -> None:
    """A difference is shown, never hidden: the log's total and deltas beside ours, each said to agree or differ."""
    review = next(found for found in game.review.mcr_rounds if found.win is not None)
    win = review.win
    assert win is not None and win.logged_win.total is not None
    keys = [line.key for line in mcr_result_lines(review)[:2]]
    assert keys == ["replay.deltas_agree", "replay.mcr_total_agree"]
    wrong = replace(
        win,
        logged=(*win.logged[:-1], win.logged[-1] + 1),
        logged_win=replace(win.logged_win, total=win.logged_win.total + 1),
    )
    keys = [line.key for line in mcr_result_lines(replace(review, win=wrong))[:2]]
    assert keys == ["replay.deltas_differ", "replay.mcr_total_differ"]
