"""`tutor analyze`: the JSON contract of design brief section 4, human output,
batch mode, and no traceback for any input."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from tests.notation_cases import MALFORMED
from tutor.cli import main
from tutor.engine.shapes import ShapeKind
from tutor.engine.waits import WaitKind
from tutor.locale import LANGUAGES, keys
from tutor.service.analyze import analysis_json, analyze_request
from tutor.service.batch import run_batch


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


class TestJson:
    """The keys and values the brief promises."""

    def test_waiting_hand(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run_cli(capsys, "analyze", "234m456s5s [777p] [777z]", "--json")
        data = json.loads(out)
        assert code == 0
        assert data["tiles"] == 13
        assert data["complete"] is False and data["tenpai"] is True
        assert data["waits"] == [{"tile": "5s", "kinds": ["kanchan", "tanki"]}]
        assert data["decompositions"] == []

    def test_complete_hand(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run_cli(capsys, "analyze", "234m456s55s", "[777p]", "[777z]", "--json")
        data = json.loads(out)
        assert code == 0 and data["tiles"] == 14 and data["complete"] is True
        [reading] = data["decompositions"]
        assert reading["shape"] == "regular" and reading["pair"] == "5s"
        assert [s["tiles"] for s in reading["sets"]] == ["[777p]", "[777z]", "234m", "456s"]
        [two] = [option for option in data["discards"] if option["discard"] == "2m"]
        assert two == {
            "discard": "2m",
            "shanten": 0,
            # The discarded 2m is seen (Tenhou's count): 2m x3 and 5m x4.
            "ukeire": {"tiles": ["2m", "5m"], "count": 7},
            "waits": [{"tile": "2m", "kinds": ["ryanmen"]}, {"tile": "5m", "kinds": ["ryanmen"]}],
        }

    def test_efficiency_of_a_waiting_hand(self, capsys: pytest.CaptureFixture[str]) -> None:
        # 13m kanchan and 23s ryanmen: one tile from tenpai, 12 tiles improve it.
        _, out, _ = run_cli(capsys, "analyze", "13m456p789s11z23s5z", "--json")
        data = json.loads(out)
        assert data["shanten"] == 1
        assert data["shanten_by_shape"] == {"regular": 1, "seven_pairs": 5, "thirteen_orphans": 8}
        assert data["ukeire"] == {"tiles": ["2m", "1s", "4s"], "count": 12}
        assert data["discards"] == []

    def test_every_discard_best_first(self, capsys: pytest.CaptureFixture[str]) -> None:
        _, out, _ = run_cli(capsys, "analyze", "13m456p789s11z23s5z9p", "--json")
        data = json.loads(out)
        assert data["ukeire"] is None
        discards = data["discards"]
        assert sorted(option["discard"] for option in discards) == sorted(
            ["1m", "3m", "4p", "5p", "6p", "9p", "2s", "3s", "7s", "8s", "9s", "1z", "5z"]
        )
        # The two loose tiles keep the hand one from tenpai with 12 tiles to draw.
        assert [(option["discard"], option["shanten"], option["ukeire"]["count"]) for option in discards[:3]] == [
            ("9p", 1, 12),
            ("5z", 1, 12),
            # 1m accepts 1m again, its discarded copy seen: 42 (43 before #27.1).
            ("1m", 2, 42),
        ]
        ranks = [(option["shanten"], -option["ukeire"]["count"]) for option in discards]
        assert ranks == sorted(ranks)

    def test_mcr_knitted_shapes_count(self, capsys: pytest.CaptureFixture[str]) -> None:
        _, out, _ = run_cli(capsys, "analyze", "147m258p369s1234z", "--rules", "mcr", "--json")
        data = json.loads(out)
        assert data["shanten"] == 0
        assert data["shanten_by_shape"]["honours_and_knitted"] == 0
        assert data["shanten_by_shape"]["knitted_straight"] == 2
        assert data["ukeire"] == {"tiles": ["5z", "6z", "7z"], "count": 12}

    def test_mcr_rules(self, capsys: pytest.CaptureFixture[str]) -> None:
        _, out, _ = run_cli(capsys, "analyze", "147m258p369s123p1z", "--rules", "mcr", "--json")
        assert json.loads(out)["waits"] == [{"tile": "1z", "kinds": ["tanki"]}]

    def test_refusal_is_json_with_exit_1(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run_cli(capsys, "analyze", "123x", "--json")
        assert code == 1
        assert json.loads(out) == {"error": "unknown suit letter: 'x' at column 4 of '123x'; expected m, p, s or z"}


class TestHumanOutput:
    def test_shows_hand_waits_and_readings(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run_cli(capsys, "analyze", "3334555m456s789s")
        assert code == 0
        assert "Tenpai:   yes, waiting on 5 tiles" in out
        assert "3m  ryanmen, shanpon" in out
        assert "+4m  333m 555m 456s 789s 44m" in out

    def test_mcr_shapes_are_named_in_words(self, capsys: pytest.CaptureFixture[str]) -> None:
        _, out, _ = run_cli(capsys, "analyze", "--rules", "mcr", "147m258p369s12345z")
        assert "knitted straight 2, honours and knitted -1)" in out
        assert "  1. 147m258p369s12345z   (honours and knitted)" in out

    @pytest.mark.parametrize("language", LANGUAGES)
    def test_every_shape_and_wait_has_its_name(self, language: str) -> None:
        names = {f"analyze_text.shape.{shape.value}" for shape in ShapeKind}
        names |= {f"analyze_text.wait.{kind.value}" for kind in WaitKind}
        assert names - keys(language) == set()

    def test_shows_shanten_ukeire_and_discards(self, capsys: pytest.CaptureFixture[str]) -> None:
        _, out, _ = run_cli(capsys, "analyze", "13m456p789s11z23s5z")
        assert "Shanten:  1   (regular 1, seven pairs 5, thirteen orphans 8)" in out
        assert "Ukeire:   2mx4 1sx4 4sx4 = 12 tiles" in out
        _, out, _ = run_cli(capsys, "analyze", "13m456p789s11z23s5z9p")
        assert "  discard 9p  shanten 1  ukeire 2mx4 1sx4 4sx4 = 12 tiles" in out

    def test_not_tenpai(self, capsys: pytest.CaptureFixture[str]) -> None:
        _, out, _ = run_cli(capsys, "analyze", "1111m456p789s123s")
        assert "Tenpai:   no" in out

    @pytest.mark.parametrize(("text", "message"), MALFORMED, ids=[t or "empty" for t, _ in MALFORMED])
    def test_every_malformed_input_is_one_line(
        self, capsys: pytest.CaptureFixture[str], text: str, message: str
    ) -> None:
        code, out, err = run_cli(capsys, "analyze", text)
        assert code == 1
        assert err == f"tutor analyze: {message}\n"
        assert out == ""

    def test_no_hand_at_all(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, err = run_cli(capsys, "analyze")
        assert (code, out) == (2, "")
        assert err.startswith("tutor analyze: no hand given")


class TestBatch:
    """One JSON request a line in, one result a line out, errors in place."""

    def test_in_order_with_errors_in_place(self) -> None:
        lines = [
            json.dumps({"hand": "13m456p789s123s55z"}),
            "not json",
            json.dumps({"hand": "123x"}),
            json.dumps({"hand": "147m258p369s123p1z", "rules": "mcr"}),
            json.dumps({"rules": "riichi"}),
            json.dumps(["a list"]),
            json.dumps({"hand": "13m456p789s123s55z", "rules": "hk"}),
        ]
        sink = io.StringIO()
        errors = run_batch(io.StringIO("\n".join(lines) + "\n"), sink, lambda r: analysis_json(analyze_request(r)))
        results = [json.loads(line) for line in sink.getvalue().splitlines()]
        assert len(results) == len(lines)
        assert errors == 5
        assert results[0]["waits"] == [{"tile": "2m", "kinds": ["kanchan"]}]
        assert results[1]["error"].startswith("line 2: not JSON")
        assert results[2]["error"].startswith("line 3: unknown suit letter")
        assert results[3]["waits"] == [{"tile": "1z", "kinds": ["tanki"]}]
        assert results[4] == {"error": "line 5: the request has no 'hand' string"}
        assert results[5] == {"error": "line 6: a request is a JSON object"}
        assert "unknown rules 'hk'" in results[6]["error"]


def test_installed_command_runs_batch_end_to_end() -> None:
    request = json.dumps({"hand": "1112345678999m"}) + "\n{bad\n"
    done = subprocess.run(
        [sys.executable, "-m", "tutor", "analyze", "--batch"], input=request, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert len(first["waits"]) == 9
    assert "error" in second
    assert "Traceback" not in done.stderr
