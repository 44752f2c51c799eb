"""Hostile logs given to `tutor review` (issue 31): a log cut short at every
event, and valid logs mutated at random (hypothesis), are reviewed or
refused with a code, a round and an event; nothing else ever escapes."""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.riichienv_logs import agent_game, as_text
from tutor.engine.game import log_mjai, log_tenhou
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.simulate import GameRecord, play_game
from tutor.service.review_log import LogRefused, review_text


@cache
def game() -> GameRecord:
    return play_game(RiichiOptions(length="east"), 7, [BeginnerBot(f"hostile/{seat}") for seat in range(4)])


@cache
def mjai_entries() -> tuple[str, ...]:
    """Our game's and a riichienv game's lines: red fives and riichienv's own orders among them."""
    ours = log_mjai.dumps(log_mjai.game_events(game())).splitlines()
    theirs = as_text(agent_game(11)).splitlines()
    return (*ours, *theirs[1:])


@cache
def tenhou_log() -> str:
    return log_tenhou.dumps(log_tenhou.game_log(game()))


def outcome(text: str) -> str:
    """ "ok" or the refusal's code; any other exception fails the test."""
    try:
        review_text(text)
    except LogRefused as refused:
        assert refused.code and isinstance(refused.round, int)
        assert refused.event is None or isinstance(refused.event, int)
        return refused.code
    return "ok"


def test_an_mjai_log_cut_at_every_event_is_refused_or_whole() -> None:
    """Cut after a round's end, a log is whole; anywhere else it is refused."""
    lines = mjai_entries()[:300]
    for cut in range(len(lines)):
        code = outcome("\n".join(lines[:cut]))
        ended = cut > 0 and json.loads(lines[cut - 1])["type"] in ("end_kyoku", "end_game")
        assert (code == "ok") == ended, (cut, code)


def test_an_mjai_log_cut_inside_every_line_is_refused_naming_the_round() -> None:
    lines = mjai_entries()[:120]
    for index in range(1, len(lines)):
        text = "\n".join(lines[:index]) + "\n" + lines[index][: len(lines[index]) // 2]
        try:
            review_text(text)
        except LogRefused as refused:
            assert refused.code in ("not_json", "end_missing")
            assert refused.round >= 1 or index < 2
        else:
            raise AssertionError(f"a line cut short at {index} was taken")


def test_a_tenhou_log_with_each_rounds_play_cut_short_is_refused() -> None:
    """Each cut round is given as a log of that round alone: a round's header
    holds its own scores and sticks, and the rounds before it would only
    replay the same, whole, before every cut (they are whole logs elsewhere)."""
    log = json.loads(tenhou_log())
    refused = 0
    for hand in log["log"]:
        for seat in range(4):
            for part in (5, 6):
                played = hand[part + 3 * seat]
                for cut in range(0, len(played), 3):
                    changed = {**log, "log": [copy.deepcopy(hand)]}
                    changed["log"][0][part + 3 * seat] = played[:cut]
                    code = outcome(json.dumps(changed, ensure_ascii=False))
                    refused += code != "ok"
    assert refused > 100


def test_a_tenhou_log_cut_at_every_hundredth_character_is_refused() -> None:
    text = tenhou_log()
    assert {outcome(text[:cut]) for cut in range(0, len(text) - 1, 97)} <= {"not_json", "unknown_format"}


def test_deep_nesting_huge_logs_and_wrong_types_are_refused() -> None:
    assert outcome("[" * 100_000 + "]" * 100_000) == "unknown_format"
    assert outcome('{"log": ' + "[" * 100_000 + "]" * 100_000 + "}") in ("not_json", "round")
    assert outcome('{"type":"start_game","names":' + "[" * 50_000 + "]" * 50_000 + "}") in ("not_json", "names")
    assert outcome(" " * 5_000_000) == "unknown_format"
    assert outcome('{"log": 1}') == "not_log"
    assert outcome('{"type": 3}\n') == "not_event"
    assert outcome('{"type":"start_kyoku","bakaze":"E","kyoku":"1"}\n') == "round_header"


Entry = dict[str, Any]
WRONG_VALUES = (None, -1, 4, 10**30, 2.5, "", "5mr", "0m", "?", [], {}, [[["x"]]], True, "E", "5z")
KEYS = ("type", "actor", "target", "pai", "consumed", "tehais", "scores", "deltas", "tsumogiri", "dora_marker", "oya")


@st.composite
def mutated(draw: st.DrawFn) -> str:
    lines = [json.loads(line) for line in mjai_entries()[:300]]
    for _ in range(draw(st.integers(1, 3))):
        index = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(("set", "drop", "duplicate", "swap", "delete_key")))
        if how == "set":
            entry: Entry = dict(lines[index])
            entry[draw(st.sampled_from(KEYS))] = draw(st.sampled_from(WRONG_VALUES))
            lines[index] = entry
        elif how == "drop":
            del lines[index]
        elif how == "duplicate":
            lines.insert(index, lines[index])
        elif how == "swap" and index + 1 < len(lines):
            lines[index], lines[index + 1] = lines[index + 1], lines[index]
        elif how == "delete_key":
            lines[index] = {key: value for key, value in lines[index].items() if key == "type" or draw(st.booleans())}
    return "".join(json.dumps(line) + "\n" for line in lines)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated())
def test_mutated_mjai_logs_are_reviewed_or_refused_never_crash(text: str) -> None:
    outcome(text)


TENHOU_WRONG = (None, -1, 99, 10**30, "x", "r99", "p999999", "k1", [], {}, [[1]], 60, "c111213", 0, 51)


@st.composite
def mutated_tenhou(draw: st.DrawFn) -> str:
    log = json.loads(tenhou_log())
    for _ in range(draw(st.integers(1, 3))):
        hand = log["log"][draw(st.integers(0, len(log["log"]) - 1))]
        part = draw(st.integers(0, len(hand) - 1))
        value = draw(st.sampled_from(TENHOU_WRONG))
        if isinstance(hand[part], list) and hand[part] and draw(st.booleans()):
            hand[part][draw(st.integers(0, len(hand[part]) - 1))] = value
        else:
            hand[part] = value
    return json.dumps(log, ensure_ascii=False)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated_tenhou())
def test_mutated_tenhou_logs_are_reviewed_or_refused_never_crash(text: str) -> None:
    outcome(text)
