"""`tutor score --rules riichi`: the JSON contract, the text, batch mode, refusals."""

from __future__ import annotations

import io
import json

import pytest

from tests.notation_cases import MALFORMED
from tutor.cli import main
from tutor.service.batch import run_batch
from tutor.service.score import score_json


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


class TestJson:
    """The keys design brief section 4 promises, with the brief's own example."""

    def test_brief_example(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run_cli(
            capsys, "score", "234m456s55s [777p] [777z]", "--win", "4m", "--seat", "S", "--round", "E", "--json"
        )
        data = json.loads(out)
        assert code == 0
        assert {"rules", "han", "fu", "fu_raw", "fu_items", "yaku", "yakuman", "dora", "points", "limit"} <= set(data)
        assert (data["rules"], data["fu_raw"], data["fu"], data["han"]) == ("riichi", 26, 30, 1)
        assert data["yaku"] == [{"id": "yakuhai_chun", "han": 1}]
        assert data["points"]["total"] == 1000 and data["points"]["discarder"] == 1000
        assert {"item": "open_terminal_triplet", "fu": 4, "tiles": "[777z]"} in data["fu_items"]
        assert data["reading"]["wait"] == "ryanmen"
        assert data["limit"] is None

    def test_flags_dora_and_options(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run_cli(
            capsys,
            "score",
            "123m456p789s11z234s",
            "--win",
            "4s",
            "--flag",
            "riichi,ippatsu",
            "--tsumo",
            "--dora",
            "3s",
            "--option",
            "kiriage=true",
            "--json",
        )
        data = json.loads(out)
        assert code == 0
        assert {y["id"] for y in data["yaku"]} == {"riichi", "ippatsu", "menzen_tsumo"}
        assert data["dora"] == 1 and data["options"] == {"kiriage": True}
        assert data["points"]["non_dealer"] is not None

    def test_yakuman(self, capsys: pytest.CaptureFixture[str]) -> None:
        _, out, _ = run_cli(capsys, "score", "19m19p19s12345677z", "--win", "7z", "--json")
        data = json.loads(out)
        assert data["yakuman"] == [{"id": "kokushi_13", "multiplier": 1}]
        assert data["limit"] == "yakuman" and data["points"]["total"] == 48000

    def test_no_yaku_is_an_error_with_reason_and_exit_1(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run_cli(capsys, "score", "123m456p789s11z [234s]", "--win", "1z", "--json")
        assert code == 1
        data = json.loads(out)
        assert data["reason"] == "no_yaku" and "no yaku" in data["error"]


class TestText:
    def test_shows_reading_fu_lines_yaku_and_payment(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run_cli(capsys, "score", "123m456p999p333s55z", "--win", "2m", "--tsumo", "--seat", "S")
        assert code == 0
        assert "Reading: 123m 456p 999p 333s 55z   (kanchan wait" in out
        assert "closed_terminal_triplet" in out and "total                                38 -> rounded up to 40" in out
        assert "from the dealer" in out

    def test_unknown_flag(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run_cli(capsys, "score", "123m456p789s11z234s", "--win", "4s", "--flag", "tenpai")
        assert code == 1 and err.startswith("tutor score: unknown riichi flag 'tenpai'")

    def test_missing_win(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run_cli(capsys, "score", "123m456p789s11z234s")
        assert code == 2 and "winning tile" in err

    @pytest.mark.parametrize(("text", "message"), MALFORMED[:12], ids=[t or "empty" for t, _ in MALFORMED[:12]])
    def test_malformed_hand_is_one_line(self, capsys: pytest.CaptureFixture[str], text: str, message: str) -> None:
        code, out, err = run_cli(capsys, "score", text, "--win", "1m")
        assert code == 1 and out == ""
        assert err == f"tutor score: {message}\n"


def test_batch_answers_every_line_in_order() -> None:
    requests = [
        {"hand": "234m456s55s [777p] [777z]", "win": "4m", "seat": "S"},
        {"hand": "123m456p789s11z [234s]", "win": "1z"},
        {"hand": "234m456s55s [777p] [777z]", "win": "4m", "seat": "X"},
        {"hand": "234m456s55s [777p] [777z]", "win": "4m", "options": {"akadora": True}},
        {"hand": "234m456s55s [777p] [777z]", "win": "4m", "flowers": 2},
        {"hand": "234m456s55s [777p] [777z]", "win": "4m", "colour": "red"},
        # Rules that are not a name (an object, a list) are refused like an
        # unknown name; they once raised TypeError and ended the batch.
        {"hand": "234m456s55s [777p] [777z]", "win": "4m", "rules": {}},
        {"hand": "234m456s55s [777p] [777z]", "win": "4m", "rules": ["mcr"]},
    ]
    sink = io.StringIO()
    errors = run_batch(io.StringIO("".join(json.dumps(r) + "\n" for r in requests)), sink, score_json)
    results = [json.loads(line) for line in sink.getvalue().splitlines()]
    assert len(results) == len(requests)
    assert results[0]["fu"] == 30
    assert results[1]["reason"] == "no_yaku"
    assert "unknown wind 'X'" in results[2]["error"]
    assert "unknown riichi option 'akadora'" in results[3]["error"]
    assert "flowers are an MCR rule" in results[4]["error"]
    assert "unknown request key 'colour'" in results[5]["error"]
    assert "unknown rules {}" in results[6]["error"]
    assert "unknown rules ['mcr']" in results[7]["error"]
    assert errors == 6


class TestMcr:
    """`tutor score --rules mcr`: the JSON of design brief section 4."""

    def test_json(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run_cli(
            capsys, "score", "55m 111z 222z 333z 444z", "--win", "5m", "--rules", "mcr", "--flowers", "2", "--json"
        )
        data = json.loads(out)
        assert code == 0
        assert data["rules"] == "mcr"
        big_four = data["fans"][0]
        assert {k: big_four[k] for k in ("zh", "en", "ko", "points", "count")} == {
            "zh": "大四喜",
            "en": "Big Four Winds",
            "ko": "대사희",
            "points": 88,
            "count": 1,
        }
        assert data["flowers"] == 2 and data["can_win"] is True
        assert data["total"] == sum(fan["points"] * fan["count"] for fan in data["fans"])
        assert data["total"] - data["flowers"] >= 8
        assert {"received", "discarder", "each_other"} <= set(data["payments"])
        assert any(item["zh"] == "碰碰和" and item["because_of"] == "大四喜" for item in data["left_out"])

    def test_under_minimum(self, capsys: pytest.CaptureFixture[str]) -> None:
        _, out, _ = run_cli(
            capsys, "score", "123m 456p 789p 234s 11z", "--win", "1z", "--rules", "mcr", "--flowers", "8", "--json"
        )
        data = json.loads(out)
        assert data["can_win"] is False and data["total"] - data["flowers"] < 8

    def test_flags_and_text(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run_cli(
            capsys,
            "score",
            "123m 456p 789s 11z [555z]",
            "--win",
            "1z",
            "--rules",
            "mcr",
            "--tsumo",
            "--flag",
            "wall_last",
        )
        assert code == 0
        assert "妙手回春 Last Tile Draw" in out and "Not counted:" in out and "自摸 Self-Drawn" in out

    def test_riichi_flag_refused(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run_cli(
            capsys, "score", "123m 456p 789s 11z [555z]", "--win", "1z", "--rules", "mcr", "--flag", "riichi"
        )
        assert code == 1 and "unknown MCR flag 'riichi'" in err

    def test_not_complete(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run_cli(capsys, "score", "123m 456p 789s 12z 55z", "--win", "2z", "--rules", "mcr", "--json")
        assert code == 1 and json.loads(out)["reason"] == "not_complete"


@pytest.mark.parametrize(
    ("option", "hand", "win", "default_total"),
    [
        ("knitted_straight_wait_fans", "258m23469p14788s3p", "3p", 17),
        ("nine_gates_terminal_pung", "11122345678999m", "2m", 92),
    ],
)
def test_mcr_reading_options_by_flag_and_batch(
    capsys: pytest.CaptureFixture[str], option: str, hand: str, win: str, default_total: int
) -> None:
    """The two stricter MCR readings (#26.3), named as lessons name them."""
    totals = {}
    for value in ("true", "false"):
        code, out, _ = run_cli(
            capsys, "score", hand, "--win", win, "--rules", "mcr", "--option", f"{option}={value}", "--json"
        )
        data = json.loads(out)
        assert code == 0
        totals[value] = data["total"]
        assert data["options"] == ({} if value == "true" else {option: False})
    assert totals == {"true": default_total, "false": default_total - 1}
    sink = io.StringIO()
    request = {"hand": hand, "win": win, "rules": "mcr", "options": {option: False}}
    run_batch(io.StringIO(json.dumps(request) + "\n"), sink, score_json)
    assert json.loads(sink.getvalue())["total"] == default_total - 1
