"""`tutor play --simulate` (issue 29): bot-only games played, one log per
game written, a summary per game with 0 invariant violations; what is not
built is refused in one line, never played as something else."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from riichienv import MjaiReplay

from tutor.cli import main
from tutor.engine.game.read_tenhou import loads


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["play", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_riichi_games_are_summed_up_and_their_logs_replay_in_riichienv(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "--simulate", "2", "--seed", "5", "--length", "east", "--out", str(tmp_path), "--json")
    assert (code, err) == (0, "")
    games = json.loads(out)["games"]
    assert [game["seed"] for game in games] == [5, 6]
    for game in games:
        assert game["invariant_violations"] == 0
        assert sum(game["scores"]) <= 4 * 25000 and sorted(game["standings"]) == [1, 2, 3, 4]
        kyokus = list(MjaiReplay.from_jsonl(game["log"], rule="tenhou").take_kyokus())
        assert len(kyokus) == game["hands"]
        assert list(kyokus[-1].end_scores) == game["scores"]


def test_intermediate_riichi_bots_play_a_game_and_its_log_replays_in_riichienv(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(
        capsys,
        "--simulate",
        "1",
        "--seed",
        "8",
        "--length",
        "east",
        "--bots",
        "intermediate",
        "--out",
        str(tmp_path),
        "--json",
    )
    assert (code, err) == (0, "")
    (game,) = json.loads(out)["games"]
    assert game["invariant_violations"] == 0 and sorted(game["standings"]) == [1, 2, 3, 4]
    kyokus = list(MjaiReplay.from_jsonl(game["log"], rule="tenhou").take_kyokus())
    assert len(kyokus) == game["hands"]
    assert list(kyokus[-1].end_scores) == game["scores"]
    beginner = Path(game["log"]).read_text(encoding="utf-8")
    run(capsys, "--simulate", "1", "--seed", "8", "--length", "east", "--out", str(tmp_path / "beginner"))
    assert (tmp_path / "beginner" / "riichi-8.jsonl").read_text(encoding="utf-8") != beginner


def test_riichi_games_written_as_tenhou_logs_read_back_to_the_same_hands_and_scores(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """One .json per game; read back, its hands are the game's and its last
    hand ends on the game's scores; the same seeds' mjai logs, replayed by
    riichienv, end every hand on the scores the tenhou log gives."""
    args = ("--simulate", "2", "--seed", "5", "--length", "east", "--json")
    code, out, err = run(capsys, *args, "--log", "tenhou", "--out", str(tmp_path / "tenhou"))
    assert (code, err) == (0, "")
    games = json.loads(out)["games"]
    code, out, _ = run(capsys, *args, "--out", str(tmp_path / "mjai"))
    assert code == 0
    for game, twin in zip(games, json.loads(out)["games"], strict=True):
        assert game["log"].endswith(f"riichi-{game['seed']}.json") and game["invariant_violations"] == 0
        log = loads(Path(game["log"]).read_text(encoding="utf-8"))
        assert len(log.rounds) == game["hands"]
        ends = []
        for read in log.rounds:
            paid = [
                sum(1000 for event in read.events if event.kind == "riichi_accepted" and event.seat == seat)
                for seat in range(4)
            ]
            ends.append([read.scores[seat] + read.end.deltas[seat] - paid[seat] for seat in range(4)])
        assert ends[-1] == game["scores"]
        assert [list(read.scores) for read in log.rounds[1:]] == ends[:-1]
        kyokus = list(MjaiReplay.from_jsonl(twin["log"], rule="tenhou").take_kyokus())
        assert [list(kyoku.end_scores) for kyoku in kyokus] == ends


def test_the_text_summary_speaks_with_plurals(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--simulate", "1", "--seed", "4", "--length", "east")
    assert code == 0
    line = out.splitlines()[0]
    assert line.startswith("Game 1 (riichi, seed 4): ") and line.endswith("invariant violations: 0")
    assert "(s)" not in line and ("1 draw;" in line or " draws;" in line)


def test_an_mcr_game_plays_sixteen_hands_and_writes_its_json_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(
        capsys, "--simulate", "1", "--rules", "mcr", "--bots", "intermediate", "--out", str(tmp_path), "--json"
    )
    assert code == 0
    (game,) = json.loads(out)["games"]
    assert (game["hands"], game["invariant_violations"], sum(game["scores"])) == (16, 0, 0)
    events = [json.loads(line) for line in Path(game["log"]).read_text(encoding="utf-8").splitlines()]
    assert events[0]["type"] == "start_game" and events[-1]["type"] == "end_game"
    assert events[-1]["scores"] == game["scores"]


@pytest.mark.parametrize(
    ("argv", "code", "says"),
    [
        ((), 2, "only bot-only games"),
        (("--simulate", "0"), 2, "1 to 1000 games, not 0"),
        (("--simulate", "1", "--rules", "mcr", "--log", "tenhou"), 2, "--log is for riichi"),
        (("--simulate", "1", "--rules", "mcr", "--length", "east"), 2, "always 16 hands"),
    ],
)
def test_what_is_not_built_or_not_sensible_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], code: int, says: str
) -> None:
    got, out, err = run(capsys, *argv)
    assert (got, out) == (code, "")
    assert len(err.splitlines()) == 1 and says in err


def test_a_folder_that_cannot_be_written_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    got, out, err = run(capsys, "--simulate", "1", "--length", "east", "--out", str(blocker / "logs"))
    assert (got, out) == (74, "")
    assert len(err.splitlines()) == 1 and "cannot write the logs in" in err and "file" in err
