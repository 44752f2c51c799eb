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
from tutor.engine.mcr.exclusions import PRINCIPLES
from tutor.engine.mcr.score import score_mcr
from tutor.engine.refusal import Refusal
from tutor.quiz.names import PRINCIPLE_NAMES

IDS = ("non_repeat", "non_separation", "non_identical", "take_higher", "account_once")
ROOT = Path(__file__).resolve().parent.parent


def test_principle_ids_are_the_official_ones() -> None:
    assert PRINCIPLES == IDS
    for language in ("en", "ko"):
        assert tuple(PRINCIPLE_NAMES[language]) == IDS
    assert PRINCIPLE_NAMES["en"]["take_higher"] == "take the higher"


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
