"""The five MCR principles by their official names (design brief section 5):
ids `non_repeat non_separation non_identical take_higher account_once` in the
engine, the JSON, the explanations and the quizzes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from crosscheck.random_mcr import random_mcr_context, random_mcr_hand
from tutor.cli import main
from tutor.engine.mcr.context import McrContext
from tutor.engine.mcr.exclusions import PRINCIPLES
from tutor.engine.mcr.score import score_mcr
from tutor.engine.notation import parse_hand, parse_tile
from tutor.engine.refusal import Refusal
from tutor.locale import render
from tutor.quiz.names import PRINCIPLE_NAMES

IDS = ("non_repeat", "non_separation", "non_identical", "take_higher", "account_once")
ROOT = Path(__file__).resolve().parent.parent


def test_principle_ids_are_the_official_ones() -> None:
    assert PRINCIPLES == IDS
    assert PRINCIPLE_NAMES.ids == IDS
    for language in ("en", "ko"):
        assert all(render(PRINCIPLE_NAMES.name(id), language) for id in IDS)
    assert render(PRINCIPLE_NAMES.name("take_higher"), "en") == "take the higher"


def test_every_left_out_fan_names_a_known_principle() -> None:
    rng = random.Random(19)
    seen = set()
    for _ in range(3000):
        hand = random_mcr_hand(rng)
        try:
            result = score_mcr(hand, random_mcr_context(rng, hand))
        except Refusal:
            continue
        seen |= {item.principle for item in result.left_out}
    assert seen <= set(IDS)
    assert "take_higher" in seen


def test_a_wait_fan_left_out_is_take_higher_in_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    # 3m closes 12m (边张) and also the pair 33m (单钓将): only one wait fan counts.
    assert main(["score", "12333888m666p678s", "--win", "3m", "--rules", "mcr", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"zh": "单钓将", "principle": "take_higher"}.items() <= data["left_out"][0].items()
    assert main(["score", "12333888m666p678s", "--win", "3m", "--rules", "mcr"]) == 0
    assert "单钓将 Single Wait (take the higher principle)" in capsys.readouterr().out


def test_readme_names_every_principle_id() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for principle in IDS:
        assert f"`{principle}`" in readme
    assert "exclusionary" not in readme


@pytest.mark.parametrize("win", ["1s", "2s", "3s", "5s", "7s", "9s"])
def test_nine_gates_names_the_terminal_pung_it_includes(win: str) -> None:
    """1112345678999s plus any tile of the suit holds 111s and 999s; one of
    these pungs is part of 九莲宝灯 whether or not the other counts as 幺九刻."""
    base = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
    tiles = "".join(str(rank + 1) for rank in sorted([*base, int(win[0]) - 1])) + "s"
    result = score_mcr(parse_hand(tiles), McrContext(parse_tile(win)))
    counted = {item.fan.zh: item.count for item in result.fans}
    assert "九莲宝灯" in counted
    [pung] = [item for item in result.left_out if item.fan.zh == "幺九刻"]
    assert pung.principle == "non_repeat" and pung.because_of is not None and pung.because_of.zh == "九莲宝灯"
    assert counted.get("幺九刻", 0) <= 1


def test_nine_gates_text_says_one_pung_is_part_of_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "11122345678999s", "--win", "2s", "--rules", "mcr"]) == 0
    out = capsys.readouterr().out
    assert "幺九刻 Pung of Terminals or Honours          1" in out
    assert "幺九刻 Pung of Terminals or Honours (one is part of 九莲宝灯, non-repeat principle)" in out


def test_disputed_closed_wait_in_a_knitted_straight_is_counted() -> None:
    """258m23469p14788s won on 3p: the only wait, 3p, sits either in the
    knitted 369p or in the closed chow 234p.  We count 坎张, as pymahjonggb
    does and as 就高不就低 supports; GB-Mahjong does not (issue 19, item 10:
    a known interpretation the MCR waits lesson states)."""
    result = score_mcr(parse_hand("258m23469p14788s3p"), McrContext(parse_tile("3p")))
    assert {item.fan.zh for item in result.fans} >= {"组合龙", "坎张"}
