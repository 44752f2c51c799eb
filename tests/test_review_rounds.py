"""A long log's rounds reviewed in two processes (tutor/service/review_rounds.py)
give what one process gives, round for round, and refuse what it refuses,
naming the same round; where no second process can start or one dies, the
rounds are reviewed here instead."""

from __future__ import annotations

import sys
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from tutor.engine.game import log_tenhou
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.log_review import RoundReview
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.read_tenhou import LogError, LogRound
from tutor.engine.game.simulate import play_game
from tutor.service import review_rounds
from tutor.service.review_log import SEATS, read_log
from tutor.service.review_rounds import review_rounds as reviewed_apart
from tutor.service.review_rounds import reviewed


@cache
def rounds() -> tuple[LogRound, ...]:
    record = play_game(RiichiOptions(length="east"), 4, [BeginnerBot(f"rounds/{seat}") for seat in range(4)])
    _, log = read_log(log_tenhou.dumps(log_tenhou.game_log(record)))
    assert len(log.rounds) >= 4
    return log.rounds


@cache
def one_after_the_other() -> list[RoundReview]:
    return reviewed(rounds(), SEATS)


def out_of_turn(round_: LogRound) -> LogRound:
    """The round with its first discard given to the next seat: the replay refuses it."""
    index = next(at for at, event in enumerate(round_.events) if event.kind == "discard")
    event = round_.events[index]
    assert event.seat is not None
    events = (*round_.events[:index], replace(event, seat=(event.seat + 1) % 4), *round_.events[index + 1 :])
    return replace(round_, events=events)


def refused_round(found: tuple[LogRound, ...], least: int) -> int:
    with pytest.raises(LogError) as refused:
        reviewed_apart(found, SEATS, least=least)
    return refused.value.round


def test_the_second_process_reviews_its_rounds_as_this_one_does() -> None:
    apart = review_rounds.start(rounds(), SEATS)
    assert apart is not None, "no second Python process could start here"
    assert apart.result() == one_after_the_other()


def test_rounds_split_between_two_processes_come_back_in_order() -> None:
    assert reviewed_apart(rounds(), SEATS, least=2) == one_after_the_other()


def test_the_first_refused_round_is_named_wherever_it_was_reviewed() -> None:
    found = rounds()
    late = (*found[:-1], out_of_turn(found[-1]))
    early_and_late = (out_of_turn(found[0]), *late[1:])
    # The later half alone refused: its round, as one process names it.
    assert refused_round(late, least=2) == refused_round(late, least=len(late) + 1) == found[-1].number
    # Both halves refused: the first round in order, whatever the other process found.
    assert refused_round(early_and_late, least=2) == found[0].number


def test_without_a_second_process_the_rounds_are_reviewed_here(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_process(*args: object, **kwargs: object) -> None:
        raise OSError("no process left to the user")

    monkeypatch.setattr(review_rounds.subprocess, "Popen", no_process)
    assert review_rounds.start(rounds(), SEATS) is None
    assert reviewed_apart(rounds(), SEATS, least=2) == one_after_the_other()


@pytest.mark.parametrize(
    "program", ["import sys; sys.exit(3)", "import sys; sys.stdout.write('not a pickle')", "print(end='')"]
)
def test_a_second_process_that_fails_leaves_its_rounds_to_this_one(
    monkeypatch: pytest.MonkeyPatch, program: str
) -> None:
    monkeypatch.setattr(review_rounds, "COMMAND", (sys.executable, "-c", program))
    apart = review_rounds.start(rounds(), SEATS)
    assert apart is not None and apart.result() is None
    assert reviewed_apart(rounds(), SEATS, least=2) == one_after_the_other()


def test_a_second_process_that_never_answers_is_stopped_and_its_rounds_reviewed_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stuck = "import sys, threading; sys.stdin.buffer.read(); threading.Event().wait()"
    monkeypatch.setattr(review_rounds, "COMMAND", (sys.executable, "-c", stuck))
    apart = review_rounds.start(rounds(), SEATS)
    assert apart is not None
    assert apart.result(timeout=0.5) is None
    assert apart.process.returncode is not None  # stopped, not left running
    monkeypatch.setattr(review_rounds, "PATIENCE", 0.5)
    assert reviewed_apart(rounds(), SEATS, least=2) == one_after_the_other()


def test_an_answer_short_of_rounds_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    """A review for each round handed over, or none at all: a short list would misplace every later round."""
    short = "import pickle, sys; sys.stdin.buffer.read(); sys.stdout.buffer.write(pickle.dumps([]))"
    monkeypatch.setattr(review_rounds, "COMMAND", (sys.executable, "-c", short))
    apart = review_rounds.start(rounds(), SEATS)
    assert apart is not None and apart.result() is None


def test_the_second_process_imports_our_package_not_one_in_the_working_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Run from a learner's folder holding a `tutor` package of its own, the
    second process still reviews with ours (the decoy would fail it)."""
    decoy = tmp_path / "tutor"
    decoy.mkdir()
    (decoy / "__init__.py").write_text(f"open({str(tmp_path / 'imported')!r}, 'w').close()\nraise SystemExit(9)\n")
    monkeypatch.chdir(tmp_path)
    apart = review_rounds.start(rounds(), SEATS)
    assert apart is not None
    assert apart.result() == one_after_the_other()
    assert not (tmp_path / "imported").exists()
