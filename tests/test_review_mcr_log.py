"""Our own MCR logs (`tutor play --simulate --rules mcr`) reviewed (issue 31):
every simulated game imports, plays again by the MCR rules and every hu's
deltas agree with the log; a false win and a hu not taken are found at
their events; each win is scored as pymahjonggb scores it; a log that
breaks the rules is refused in one line, and mutated logs (hypothesis)
are reviewed or refused with a code, never anything else."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crosscheck.reference_mcr import COMPATIBLE, reference_fans
from tests.mcr_logs import careless_log, first_hands, game_log
from tutor.cli import main
from tutor.engine.game.mcr import hand as mcr_hand
from tutor.engine.mcr.score import score_mcr
from tutor.locale import render
from tutor.service.review_log import LogRefused, LogReview, review_json, review_text
from tutor.service.review_log_words import refusal as refusal_words

GAMES = (1, 2)
"""Two 16-hand games, about a second each to play and to replay."""


def results(review: LogReview) -> list[dict[str, Any]]:
    return [result for found in review_json(review)["rounds"] for result in found["results"]]


@cache
def reviewed(seed: int) -> LogReview:
    """Each game reviewed once, with no findings, for the tests that read its results."""
    return review_text(game_log(seed), ())


@pytest.mark.parametrize("seed", GAMES)
def test_every_simulated_game_imports_and_every_hu_agrees(seed: int) -> None:
    review = reviewed(seed)
    assert review.format == "tutor" and len(review.mcr_rounds) == 16
    found = results(review)
    assert len(found) == 16 and all(result["agree"] for result in found)
    wins = [result for result in found if result["type"] == "hora"]
    assert wins and all(result["ours"]["total"] == result["total"] for result in wins)
    logged = [json.loads(line) for line in game_log(seed).splitlines()]
    assert [result["event"] for result in found] == [
        index for index, entry in enumerate(logged) if entry["type"] in ("hora", "ryukyoku")
    ]


def test_each_hu_is_scored_as_pymahjonggb_scores_it() -> None:
    """Under the options both count alike, our scorer and pymahjonggb give each hu of the logs the same fans."""
    checked = 0
    for seed in GAMES:
        for hand in reviewed(seed).mcr_rounds:
            if hand.win is None:
                continue
            win = hand.win.ours
            state = hand.final
            self_drawn = win.source is None
            context = mcr_hand.win_context(state, win.seat, win.tile, self_drawn, win.kong)
            position = state.engine_hand(win.seat, None if self_drawn else win.tile)
            reference = reference_fans(position, context)
            assert not isinstance(reference, str)
            ours = score_mcr(position, context, COMPATIBLE)
            assert Counter({item.fan.id: item.count for item in ours.fans}) == reference[0]
            assert ours.total == reference[1]
            checked += 1
    assert checked >= 20


def test_a_false_win_and_a_hu_passed_up_are_found_at_their_events() -> None:
    text = careless_log()
    review = review_text(text, (1,))
    assert all(result["agree"] for result in results(review))
    entries = [json.loads(line) for line in text.splitlines()]
    shown = review_json(review)
    findings = [item for found in shown["rounds"] for item in found["findings"]]
    assert {item["seat"] for item in findings} == {1}
    false_wins = [item for item in findings if item["kind"] == "false_win"]
    assert false_wins and all(entries[item["event"]] == {"type": "false_win", "actor": 1} for item in false_wins)
    assert all(item["rule"] and item["concept"] in ("mcr-fans:minimum", "complete:regular") for item in false_wins)
    missed = [item for item in findings if item["kind"] == "missed_win"]
    assert missed and all(item["concept"].startswith("waits:") for item in missed)
    for item in missed:
        entry = entries[item["event"]]
        # The discard it was not taken on, or the player's own discard made instead of a self-drawn hu.
        assert entry["type"] == "dahai" and (entry["actor"] != 1 or entry["pai"] == item["tiles"][0])
    penalised = [result for result in results(review) if result["deltas"].count(10) + result["deltas"].count(-30) > 1]
    assert penalised or any(result["type"] == "hora" for result in results(review))


def test_the_players_own_hu_are_scoring_questions_and_efficiency_is_no_rule() -> None:
    review = review_text(game_log(2), (0, 1, 2, 3))
    shown = review_json(review)
    findings = [item for found in shown["rounds"] for item in found["findings"]]
    wins = [result for result in results(review) if result["type"] == "hora"]
    scoring = [item for item in findings if item["kind"] == "scoring"]
    assert sorted((item["seat"], item["event"]) for item in scoring) == sorted(
        (result["seat"], result["event"]) for result in wins
    )
    assert all(item["concept"] == "mcr:total" and not item["rule"] for item in scoring)
    efficiency = [item for item in findings if item["kind"] == "efficiency"]
    assert efficiency and all(item["concept"].startswith("discard:") and not item["rule"] for item in efficiency)
    assert not any(item["kind"].startswith("furiten") for item in findings)


def mutated(entries: list[dict[str, Any]], index: int, key: str, value: object) -> str:
    changed = [dict(entry) for entry in entries]
    changed[index][key] = value
    return "".join(json.dumps(entry) + "\n" for entry in changed)


def refusal(text: str) -> LogRefused:
    with pytest.raises(LogRefused) as refused:
        review_text(text)
    return refused.value


def test_a_log_that_breaks_the_rules_is_refused_at_its_event() -> None:
    entries = [json.loads(line) for line in game_log(1).splitlines()]
    discard = next(index for index, entry in enumerate(entries) if entry["type"] == "dahai" and index > 20)
    held = entries[discard]["pai"]
    other = next(tile for tile in ("1m", "9p", "5s", "7z") if tile != held)
    refused = refusal(mutated(entries, discard, "pai", other))
    assert refused.round == 1 and refused.event is not None and refused.event <= discard
    chow = next((index for index, entry in enumerate(entries) if entry["type"] == "chi"), None)
    assert chow is not None
    thrower = entries[chow]["target"]
    refused = refusal(mutated(entries, chow, "actor", (thrower + 2) % 4))
    assert refused.code in ("illegal_chi", "out_of_turn") and refused.event == chow
    win = next(index for index, entry in enumerate(entries) if entry["type"] == "hora")
    assert refusal(mutated(entries, win, "deltas", [1, 2, 3])).code == "deltas"


def test_a_log_cut_at_each_of_its_first_events_and_its_end_is_refused_or_whole() -> None:
    """Cut anywhere, a log is refused unless cut after a hand's end; with
    the hand's end put back at the cut, the replay finds it stops short."""
    lines = first_hands(2, 1)
    for cut in (*range(1, 60), len(lines) - 2, len(lines) - 1, len(lines)):
        ended = json.loads(lines[cut - 1])["type"] == "end_kyoku"
        texts = ["\n".join(lines[:cut])]
        if not ended:
            texts.append("\n".join([*lines[:cut], '{"type": "end_kyoku"}']))
        for text in texts:
            try:
                review_text(text, ())
            except LogRefused as refused:
                assert refused.code and isinstance(refused.round, int) and not ended
                assert render(refusal_words(refused), "en").startswith("tutor review: the log is refused")
                continue
            assert ended or json.loads(lines[cut - 1])["type"] in ("hora", "ryukyoku"), cut


VALUES = st.one_of(
    st.sampled_from(["1m", "5p", "9s", "7z", "1f", "8f", "0m", "", "E"]),
    st.integers(-5, 200),
    st.none(),
    st.booleans(),
    st.lists(st.sampled_from(["1m", "2m", "3m", "5p", "7z"]), max_size=15),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_mcr_logs_are_reviewed_or_refused_with_a_code(data: st.DataObject) -> None:
    """One entry of the first hands changed, removed, doubled or swapped: 0 internal errors."""
    entries = [json.loads(line) for line in game_log(2).splitlines()[:110]]
    entries.append({"type": "end_kyoku"})
    index = data.draw(st.integers(0, len(entries) - 1))
    how = data.draw(st.sampled_from(["set", "drop", "double", "swap", "type"]))
    if how == "set":
        key = data.draw(st.sampled_from([*entries[index], "extra"]))
        text = mutated(entries, index, key, data.draw(VALUES))
    elif how == "type":
        text = mutated(entries, index, "type", data.draw(st.sampled_from(["tsumo", "dahai", "pon", "hora", "x"])))
    else:
        changed = list(entries)
        if how == "drop":
            del changed[index]
        elif how == "double":
            changed.insert(index, changed[index])
        else:
            other = data.draw(st.integers(0, len(entries) - 1))
            changed[index], changed[other] = changed[other], changed[index]
        text = "".join(json.dumps(entry) + "\n" for entry in changed)
    try:
        review_text(text, (0,) if how == "set" else ())
    except LogRefused as refused:
        assert refused.code and isinstance(refused.round, int)
        assert refused.event is None or isinstance(refused.event, int)
        # Said in one line in both languages: every code and rule has its words.
        for language in ("en", "ko"):
            assert "\n" not in render(refusal_words(refused), language)


def test_the_command_prints_the_review_its_json_and_a_refusal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mcr.jsonl"
    path.write_text("\n".join(first_hands(1, 3)), encoding="utf-8")
    assert main(["review", str(path), "--seat", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("tutor log, 3 rounds") and "the log agrees" in out
    assert main(["review", str(path), "--json", "--seat", "2"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["format"] == "tutor" and shown["seats"] == [2] and len(shown["rounds"]) == 3
    for result in (result for found in shown["rounds"] for result in found["results"]):
        assert {"type", "event", "deltas", "ours", "agree"} <= set(result)
        if result["type"] == "hora":
            assert {"han", "fu", "yaku", "deltas", "fans", "total"} == set(result["ours"])
    lines = game_log(1).splitlines()
    path.write_text("\n".join(lines[:40]), encoding="utf-8")
    assert main(["review", str(path), "--lang", "ko"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.strip().splitlines()) == 1


def test_an_mcr_log_refused_at_a_call_names_it_in_mcr_terms() -> None:
    """A chow or pung the rules refuse is named chow or pung (츠, 펑), never the riichi chi or pon."""
    entries = [json.loads(line) for line in game_log(1).splitlines()]
    named = {"chi": ("chow", "츠", " chi", "치"), "pon": ("pung", "펑", " pon", "뻥")}
    seen = 0
    for kind, (english, korean, riichi_en, riichi_ko) in named.items():
        call = next((index for index, entry in enumerate(entries) if entry["type"] == kind), None)
        if call is None:
            continue
        thrower = entries[call]["target"]
        refused = refusal(
            mutated(entries, call, "consumed", [entries[call]["pai"]] * 2 if kind == "chi" else ["1z", "1z"])
        )
        if not refused.code.endswith(f"_{kind}"):
            refused = refusal(mutated(entries, call, "actor", (thrower + 2) % 4))
        assert refused.code.endswith(f"_{kind}") and refused.rules == "mcr"
        words = render(refusal_words(refused), "en"), render(refusal_words(refused), "ko")
        assert english in words[0] and riichi_en not in words[0]
        assert korean in words[1] and riichi_ko not in words[1]
        seen += 1
    assert seen == 2


def test_every_mcr_finding_names_its_concept_in_words_not_by_its_key() -> None:
    from tests.review_helpers import concepts_named_in_words

    concepts = concepts_named_in_words(reviewed(1)) | concepts_named_in_words(review_text(careless_log()))
    assert {"mcr:total", "mcr-fans:minimum"} <= concepts
