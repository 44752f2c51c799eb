"""English counts take their plural form (#25 §1): "1 tile", "2 tiles"; "1 point",
"2 points". The command line and the feedback say it, and the catalogue writes
every count of a countable noun as a plural message (`key.one`/`key.other`,
chosen by the value `count`), or says here why the count is never 1."""

from __future__ import annotations

import re

import pytest

from tutor.cli import main
from tutor.engine.mcr.fans import BY_ZH
from tutor.locale import render
from tutor.locale.catalogue import sentences
from tutor.quiz.kinds.mcr_steps import FAN, McrStep, McrVerdict
from tutor.quiz.kinds.mcr_steps_words import why_wrong

NOUNS = (
    "tiles|points|kinds|pairs|sets|partial sets|fans|flowers|questions|hands|readings|answers|problems|lessons"
    "|changes|discards|stacks|characters|digits|flags|options|levels|bytes|concepts|copies|games|different tiles"
)
COUNTED = re.compile(r"\{(\w+)\}×? (" + NOUNS + r")\b")
"""A placeholder followed by a countable noun in the plural: "{count} tiles"."""

NEVER_ONE: dict[str, str] = {
    "length": "the length of a text refused as too long",
    "most": "a limit (13 or 14 tiles, a length, a number of levels, bytes or games)",
    "number": "a number of flags or options refused as more than the limit",
    "digits": "the digits of a number refused as more than the limit",
    "minimum": "the MCR minimum, 8 points",
    "stacks": "stacks counted by dice: 2 or more",
    "total": "a dice total: 2 or more",
    "points": "a payment of the table: 1,000 points or more",
    "base": "base points: 20 x 2^3 = 160 or more",
    "n": "a drill's length, 5, 10 or 20 questions (tutor/quiz/plan.py LENGTHS)",
    "held": "the tiles of honours and knitted: shown when that shape counts fewest, so many",
}
"""Placeholders whose count is never 1 where a sentence counts a noun with them, and why."""
NEVER_ONE_KEYS: dict[str, str] = {
    "notation.not_one_tile": "said of a tile field holding two tiles or more (none is notation.no_tiles)",
    "mcrsteps.why.because_none": "'{principle} sets it aside': a verb, no count",
}


def test_every_english_count_is_a_plural_message() -> None:
    found = []
    for key, sentence in sentences("en").items():
        for match in COUNTED.finditer(sentence):
            plural = key.endswith((".one", ".other")) and match.group(1) == "count"
            if not plural and match.group(1) not in NEVER_ONE and key not in NEVER_ONE_KEYS:
                found.append(f"{key}: {match.group(0)!r}")
    assert found == [], "\n".join(found)


def test_no_english_sentence_writes_both_forms() -> None:
    both = re.compile(r"\w\((s|es)\)")
    assert [key for key, sentence in sentences("en").items() if both.search(sentence)] == []


def test_the_scan_finds_a_count_without_its_plural() -> None:
    """Guards the scan above against passing on a pattern that finds nothing."""
    assert [match.group(1) for match in COUNTED.finditer("{tiles} = {number} tiles; {kinds} partial sets")] == [
        "number",
        "kinds",
    ]


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    main(list(args))
    captured = capsys.readouterr()
    return captured.out + captured.err


@pytest.mark.parametrize(
    ("hand", "ukeire"),
    [("123p456p4m[345m][456m]", "4mx1 = 1 tile"), ("123p456p4m[345m][567m]", "4mx2 = 2 tiles")],
)
def test_analyze_counts_ukeire_in_tiles(capsys: pytest.CaptureFixture[str], hand: str, ukeire: str) -> None:
    assert f"Ukeire:   {ukeire}\n" in run_cli(capsys, "analyze", hand)


def test_analyze_counts_each_discard_s_ukeire(capsys: pytest.CaptureFixture[str]) -> None:
    assert "ukeire 5mx1 = 1 tile  -> waits on 5m" in run_cli(capsys, "analyze", "123p456p45m[345m][456m]")


@pytest.mark.parametrize(
    ("hand", "said"),
    [
        ("1m", "a hand of 1 tile (each kan counted as 3)"),
        ("12m", "a hand of 2 tiles (each kan counted as 3)"),
        ("123p456p4m[1m][456m]", "a called meld of 1 tile:"),
        ("123p456p4m[12m][456m]", "a called meld of 2 tiles:"),
    ],
)
def test_a_refused_hand_counts_its_tiles(capsys: pytest.CaptureFixture[str], hand: str, said: str) -> None:
    assert said in run_cli(capsys, "score", hand, "--win", "4m")


@pytest.mark.parametrize(("zh", "said"), [("一般高", "(1× 1 point)"), ("平和", "(1× 2 points)")])
def test_a_missed_mcr_fan_counts_its_points(zh: str, said: str) -> None:
    assert BY_ZH[zh].points == int(said.split()[1])
    verdict = McrVerdict(McrStep(FAN, zh=zh, count=1), right=False, fault="missed", given="0")
    assert said in render(why_wrong(verdict), "en")
    assert said.replace(" point)", "점)").replace(" points)", "점)") in render(why_wrong(verdict), "ko")
