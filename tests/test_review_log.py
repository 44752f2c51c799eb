"""Game logs imported, replayed by the rules and reviewed (issue 31):
riichienv's own games import and every win's deltas are ours; our own logs
round-trip through the import unchanged; a log that breaks the rules is
refused with the rule; the findings point at the play they are about; the
command prints the review, its JSON contract, or one line of refusal."""

from __future__ import annotations

import gc
import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bench.riichienv_logs import agent_game, as_text
from tests.game_logs import SEEDS, game
from tests.review_helpers import yakuman_review
from tests.scripted_seats import FOUR_WINDS, TRIPLE_RON, discarding_hand
from tutor.cli import main
from tutor.engine.game import log_mjai, log_tenhou, read_mjai, read_tenhou
from tutor.engine.game.actions import Action, ActionKind, Decision
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.log_findings import FindingKind
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.replay import replay
from tutor.engine.game.simulate import GameRecord, HandRecord, play_game
from tutor.engine.game.state import KyokuState
from tutor.engine.tiles import tile_name
from tutor.service.review_log import LogRefused, LogReview, detect, review_json, review_text

RIICHIENV_GAMES = (0, 1, 2, 3)
"""A few seconds of riichienv's games; `python -m bench.review_log` plays more."""


@cache
def riichienv_log(seed: int) -> str:
    return as_text(agent_game(seed))


@cache
def riichienv_review(seed: int) -> LogReview:
    """Each riichienv game reviewed once (every seat's findings) for all the tests that read it."""
    return review_text(riichienv_log(seed))


@cache
def our_game(seed: int) -> GameRecord:
    return play_game(RiichiOptions(length="east"), seed, [BeginnerBot(f"review/{seed}/{seat}") for seat in range(4)])


def results(review: LogReview) -> list[dict[str, Any]]:
    return [result for found in review_json(review)["rounds"] for result in found["results"]]


@pytest.mark.parametrize("seed", RIICHIENV_GAMES)
def test_riichienv_games_import_and_every_win_is_scored_as_riichienv_scored_it(seed: int) -> None:
    found = results(riichienv_review(seed))
    wins = [result for result in found if result["type"] == "hora"]
    assert wins
    assert [result for result in found if not result["agree"]] == []


def test_the_riichienv_games_hold_red_fives_riichi_calls_and_both_wins() -> None:
    """The agreement above is worth what the games hold."""
    kinds: set[str] = set()
    yaku: set[str] = set()
    tsumo = ron = 0
    for seed in RIICHIENV_GAMES:
        text = riichienv_log(seed)
        kinds |= {json.loads(line)["type"] for line in text.splitlines()}
        for result in results(riichienv_review(seed)):
            if result["type"] == "hora":
                yaku |= {name for name, _ in result["ours"]["yaku"]}
                tsumo += result["from"] is None
                ron += result["from"] is not None
    assert {"reach", "reach_accepted", "pon", "chi", "hora", "ryukyoku"} <= kinds
    assert {"riichi", "red_dora"} <= yaku
    assert tsumo and ron


def assert_round_trip(hands: Sequence[HandRecord]) -> None:
    """Each hand written as tenhou.net/6 and as mjai, imported and replayed,
    writes back the same (our writers on the replayed record), with the same result."""
    tenhou = read_tenhou.loads(json.dumps({"log": [log_tenhou.hand_log(hand) for hand in hands]}))
    events = [entry for hand in hands for entry in log_mjai.hand_events(hand)]
    mjai = read_mjai.loads(log_mjai.dumps([{"type": "start_game"}, *events, {"type": "end_game"}]))
    for hand, from_tenhou, from_mjai in zip(hands, tenhou.rounds, mjai.rounds, strict=True):
        again = replay(from_tenhou).record
        assert log_tenhou.hand_log(again) == log_tenhou.hand_log(hand)
        assert log_mjai.hand_events(replay(from_mjai).record) == log_mjai.hand_events(hand)
        assert again.result == hand.result


@pytest.mark.parametrize("seed", SEEDS)
def test_our_logs_round_trip_through_the_import_unchanged(seed: int) -> None:
    """The games of the tenhou log's own tests: chi, pon, every kan, riichi,
    exhaustive draws (one all tenpai), nine terminals, two double rons."""
    assert_round_trip(game(seed).hands)


def test_four_winds_and_triple_ron_round_trip_too() -> None:
    assert_round_trip([discarding_hand(FOUR_WINDS, "2z2z3z3z", "1z"), discarding_hand(TRIPLE_RON, "5s", "5s")])


def test_the_format_is_found_from_the_content() -> None:
    record = our_game(0)
    assert detect(log_tenhou.dumps(log_tenhou.game_log(record))) == "tenhou6"
    assert detect(log_mjai.dumps(log_mjai.game_events(record))) == "mjai"
    assert detect('{"type":"start_game","names":["a","b","c","d"],"rules":"mcr"}\n') == "tutor"
    with pytest.raises(LogRefused) as refused:
        review_text("not a log")
    assert refused.value.code == "unknown_format"


def mjai_lines(seed: int) -> list[dict[str, Any]]:
    return log_mjai.game_events(our_game(seed))


def refused_by(entries: list[dict[str, Any]]) -> LogRefused:
    with pytest.raises(LogRefused) as refused:
        review_text(log_mjai.dumps(entries))
    return refused.value


def first(entries: list[dict[str, Any]], kind: str, **having: object) -> int:
    return next(
        index
        for index, entry in enumerate(entries)
        if entry["type"] == kind and all(entry.get(key) == value for key, value in having.items())
    )


def test_a_tile_not_in_the_hand_is_refused_at_its_event() -> None:
    entries = mjai_lines(0)
    index = first(entries, "dahai", tsumogiri=False)
    actor = entries[index]["actor"]
    dealt = entries[first(entries, "start_kyoku")]["tehais"][actor]
    held = {*dealt, *(entry["pai"] for entry in entries[: index + 1] if entry.get("actor") == actor)}
    missing = next(name for name in ("1m", "2m", "3m", "9s", "N", "C", "E") if name not in held)
    entries[index] = {**entries[index], "pai": missing}
    refused = refused_by(entries)
    assert (refused.round, refused.event) == (1, index)
    assert refused.code.startswith("illegal_discard") or refused.code == "unexpected_discard"


def test_a_fifth_copy_is_refused() -> None:
    entries = mjai_lines(0)
    start = entries[first(entries, "start_kyoku")]
    tehais = [list(hand) for hand in start["tehais"]]
    tehais[1][:5] = ["1m"] * 5
    entries[first(entries, "start_kyoku")] = {**start, "tehais": tehais}
    assert refused_by(entries).code == "fifth_copy"


def test_a_chi_from_a_seat_that_is_not_on_the_left_is_refused_by_the_rules() -> None:
    entries = mjai_lines(0)
    index = first(entries, "chi")
    chi = entries[index]
    wrong = (chi["actor"] + 2) % 4
    entries[index] = {**chi, "target": wrong}
    refused = refused_by(entries)
    assert refused.round >= 1 and refused.event == index
    assert refused.code in ("call_mismatch", "illegal_chi")


def test_a_ron_in_furiten_is_refused_with_the_rule() -> None:
    """A log whose seat rons a tile it has itself discarded: the model refuses the ron as furiten."""
    for seed in range(12):
        entries = mjai_lines(seed)
        for index, entry in enumerate(entries):
            if entry["type"] != "hora" or entry["actor"] == entry["target"]:
                continue
            actor, tile = entry["actor"], entries[index - 1]["pai"]
            start = max(at for at in range(index) if entries[at]["type"] == "start_kyoku")
            own = [at for at in range(start, index) if entries[at]["type"] == "dahai" and entries[at]["actor"] == actor]
            if not own or entries[own[0]]["tsumogiri"] is None:
                continue
            # The seat's first discard becomes the winning tile, as drawn and let go at once.
            draw = own[0] - 1
            if entries[draw]["type"] != "tsumo" or entries[draw]["actor"] != actor:
                continue
            changed = [dict(item) for item in entries]
            changed[draw]["pai"], changed[own[0]]["pai"] = tile, tile
            changed[own[0]]["tsumogiri"] = True
            try:
                review_text(log_mjai.dumps(changed))
            except LogRefused as refused:
                if refused.code == "illegal_ron":
                    assert refused.rule == "furiten"
                    assert refused.event == index
                    return
    pytest.fail("no log here could be made to ron in furiten")


class Careless:
    """Passes every ron (`calls` False), or calls every chi and pon it may,
    often leaving no yaku (`calls` True); else plays as the beginner bot."""

    def __init__(self, seed: str, calls: bool) -> None:
        self.bot = BeginnerBot(seed)
        self.calls = calls

    def choose(self, state: KyokuState, decision: Decision) -> Action:
        kinds = {action.kind: action for action in decision.legal}
        if ActionKind.RON in kinds and not self.calls:
            return kinds[ActionKind.PASS]
        for call in (ActionKind.PON, ActionKind.CHI):
            if call in kinds and self.calls:
                return kinds[call]
        return self.bot.choose(state, decision)


@cache
def careless_log() -> tuple[list[dict[str, Any]], LogReview]:
    """Seat 1 calls everything, seat 2 lets every ron go."""
    players = [
        Careless(f"careless/{seat}", seat == 1) if seat in (1, 2) else BeginnerBot(f"careless/{seat}")
        for seat in range(4)
    ]
    record = play_game(RiichiOptions(length="east"), 5, players)
    entries = log_mjai.game_events(record)
    return entries, review_text(log_mjai.dumps(entries), (1, 2))


@cache
def careless_review() -> tuple[list[dict[str, Any]], dict[str, Any]]:
    entries, review = careless_log()
    return entries, review_json(review)


def test_a_ron_passed_is_found_at_the_discard_it_was_passed_on() -> None:
    entries, review = careless_review()
    missed = [item for found in review["rounds"] for item in found["findings"] if item["kind"] == "missed_win"]
    assert missed
    for item in missed:
        assert item["seat"] == 2 and item["concept"].startswith("waits:")
        assert entries[item["event"]]["type"] in ("dahai", "tsumo", "kakan")
        if entries[item["event"]]["type"] == "dahai":
            assert entries[item["event"]]["pai"] == item["tiles"][0]


def test_a_call_that_leaves_no_yaku_is_found_at_the_call() -> None:
    entries, review = careless_review()
    calls = [item for found in review["rounds"] for item in found["findings"] if item["kind"] == "call_no_yaku"]
    assert calls
    for item in calls:
        assert entries[item["event"]]["type"] in ("chi", "pon") and entries[item["event"]]["actor"] == 1
        assert item["concept"].startswith("calls:") and item["rule"] is True


def test_every_finding_and_win_has_the_contracts_keys() -> None:
    _, review = careless_review()
    assert set(review) >= {"format", "rounds"} and review["format"] == "mjai"
    for found in review["rounds"]:
        for result in found["results"]:
            if result["type"] == "hora":
                assert {"deltas", "ours", "agree"} <= set(result)
                assert set(result["ours"]) == {"han", "fu", "yaku", "deltas"}
        for item in found["findings"]:
            assert {"seat", "round", "event", "concept"} <= set(item)
            assert item["round"] == found["round"]


def test_the_own_wins_are_scoring_questions_and_efficiency_is_no_rule() -> None:
    review = review_json(riichienv_review(1))
    findings = [item for found in review["rounds"] for item in found["findings"]]
    scoring = [item for item in findings if item["kind"] == "scoring"]
    wins = [result for found in review["rounds"] for result in found["results"] if result["type"] == "hora"]
    assert len(scoring) == len(wins)
    # A yakuman's question is the yakuman drill's (this game holds one), the others' the points rule's.
    yakuman = {
        (found.number, check.ours.seat)
        for found in riichienv_review(1).rounds
        for check in found.wins
        if check.ours.yakuman
    }
    assert yakuman
    for item in scoring:
        prefix = "yakuman:" if (item["round"], item["seat"]) in yakuman else "riichi-points:"
        assert item["concept"].startswith(prefix)
    efficiency = [item for item in findings if item["kind"] == "efficiency"]
    assert efficiency and all(not item["rule"] and item["concept"].startswith("discard:") for item in efficiency)


def test_the_command_prints_the_review_and_its_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(log_tenhou.dumps(log_tenhou.game_log(our_game(2))), encoding="utf-8")
    assert main(["review", str(path), "--seat", "0"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("tenhou6 log, ") and "the log agrees" in out
    assert main(["review", str(path), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["format"] == "tenhou6" and shown["rounds"]


def test_the_command_refuses_a_bad_log_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.jsonl"
    text = log_mjai.dumps(mjai_lines(1))
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    assert main(["review", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.strip().splitlines()) == 1
    assert captured.err.startswith("tutor review: the log is refused: round ")
    assert main(["review", str(path), "--json", "--lang", "ko"]) == 1
    assert set(json.loads(capsys.readouterr().out)) == {"error", "round", "event", "rule"}
    assert main(["review", str(tmp_path / "missing.json"), "--lang", "ko"]) == 1
    assert "기록" in capsys.readouterr().err


def test_a_red_five_discarded_from_a_hand_without_one_is_refused() -> None:
    """The model has no red fives, so the reader follows them: a red five
    played that the hand never held is a tile not in the hand."""
    entries = mjai_lines(0)
    starts = [index for index, entry in enumerate(entries) if entry["type"] == "start_kyoku"]
    for start, end in zip(starts, [*starts[1:], len(entries)], strict=True):
        for index in range(start, end):
            entry = entries[index]
            if entry["type"] == "dahai" and entry["pai"] in ("5m", "5p", "5s"):
                entries[index] = {**entry, "pai": entry["pai"] + "r", "tsumogiri": False}
                refused = refused_by(entries)
                assert (refused.code, refused.event) == ("not_in_hand", index)
                return
    pytest.fail("no five discarded")


def test_findings_become_discard_questions_and_stored_concepts_that_a_drill_asks() -> None:
    """A discard finding asks "which tile?" of its own 14 tiles, a deal-in
    "which tile was safe?"; every finding stored is a wrong answer of a
    concept some drill kind brings back."""
    from tutor.engine.notation import parse_hand
    from tutor.quiz.kinds import KINDS, concept_kind
    from tutor.quiz.review_findings import finding_answer, finding_question

    review = riichienv_review(1)
    asked = stored = 0
    for found in review.rounds:
        for finding in found.findings:
            question = finding_question(finding, seed=finding.event)
            if question is not None and finding.kind is not FindingKind.SCORING:
                asked += 1
                assert question.kind == ("defence" if finding.kind.value == "deal_in_safe_held" else "discard")
                assert finding.hand is not None and parse_hand(question.request["hand"]) == finding.hand
                if finding.kind.value == "efficiency" and not finding.hand.melds:
                    assert question.concept == finding.concept
                    assert sorted(question.answer["discards"]) == sorted(tile_name(tile) for tile in finding.tiles[1:])
            answer = finding_answer(finding, "riichienv-1", found.number, 1, 0.0)
            if answer is not None:
                stored += 1
                assert not answer.correct and answer.concept == finding.concept
                assert concept_kind(answer.concept) in KINDS
    assert asked and stored


@pytest.mark.parametrize("seed", [1, 2])
def test_an_own_win_asks_what_that_very_hand_scores_and_our_engine_answers(seed: int) -> None:
    """The scoring finding's question is the log's winning hand, its win
    tile, winds and indicators, answered by our engine's score of it: the
    han, fu and points of the win re-scored, so the log's own deltas where
    they agree; a win holding red fives carries them as the request's aka
    dora; a yakuman asks the yakuman question (tests/test_review_positions.py)."""
    from tutor.engine.notation import parse_hand, parse_tiles
    from tutor.quiz.kinds import judge
    from tutor.quiz.review_findings import finding_question, position_question, position_record

    asked = 0
    for found in riichienv_review(seed).rounds:
        wins = {check.event: check for check in found.wins}
        for finding in found.findings:
            if finding.kind is not FindingKind.SCORING:
                continue
            question = finding_question(finding, seed=finding.event)
            check = wins[finding.event]
            assert question is not None
            if check.ours.yakuman:
                assert question.kind == "yakuman"
                continue
            assert question.kind == "points-steps"
            asked += 1
            request = question.request
            assert len(parse_tiles(request["red"]) if "red" in request else ()) == check.ours.red_dora
            assert finding.hand is not None and parse_hand(request["hand"]) == finding.hand
            assert (request["win"], request["tsumo"]) == (tile_name(check.ours.tile), check.ours.source is None)
            values = dict(finding.values)
            answer = question.answer
            assert (answer["han"], answer["fu"], answer["points"]["total"]) == (
                values["han"],
                values["fu"],
                values["points"],
            )
            assert sorted(map(tuple, (item.values() for item in answer["yaku"]))) == sorted(check.ours.yaku)
            if check.agree:
                # The winner's delta is the points, the honba and the sticks on the table.
                honba = 300 * check.ours.honba
                paid = check.logged[check.ours.seat] - honba - 1000 * check.ours.sticks
                assert paid == answer["points"]["total"]
            assert judge(question, answer).right
            assert not judge(question, {**answer, "han": answer["han"] + 1}).right
            assert position_question(position_record(question)) == question
    assert asked


def test_a_win_not_taken_asks_the_waits_of_the_hand_that_could_win() -> None:
    """A missed win's question is the waits of the hand that could have won
    (the 13 tiles answering the discard, or before the draw for a tsumo),
    the tile not taken among them, stored under the finding's own concept."""
    from tutor.engine.notation import parse_hand
    from tutor.engine.waits import winning_tiles
    from tutor.quiz.drill_rules import DrillRules
    from tutor.quiz.game_replay import drill_questions
    from tutor.quiz.kinds import judge
    from tutor.quiz.review_findings import finding_question, position_question, position_record

    _, review = careless_log()
    missed = [f for found in review.rounds for f in found.findings if f.kind is FindingKind.MISSED_WIN]
    assert missed
    for finding in missed:
        question = finding_question(finding, seed=finding.event)
        assert question is not None and question.kind == "waits" and finding.hand is not None
        waiting = parse_hand(question.request["hand"])
        held = finding.hand
        assert waiting == (held if held.tile_count == 13 else held.without_tile(finding.tiles[0]))
        assert tile_name(finding.tiles[0]) in question.answer["waits"]
        assert question.answer["waits"] == [tile_name(tile) for tile in winning_tiles(waiting)]
        assert question.concept == finding.concept
        assert judge(question, {"waits": question.answer["waits"]}).right
        assert not judge(question, {"waits": question.answer["waits"][1:]}).right
        assert position_question(position_record(question)) == question
    drilled = drill_questions(missed, 7, DrillRules())
    assert drilled and all(question.kind == "waits" for question in drilled)


def test_an_own_yakuman_asks_the_yakuman_question_not_the_points_steps() -> None:
    """The points steps list no yakuman to name, so a yakuman win asks the
    yakuman drill's question of its hand; a yaku hand the points steps."""
    from tutor.engine.game.log_findings import Finding
    from tutor.engine.notation import parse_hand, parse_tile
    from tutor.engine.riichi.context import WinContext
    from tutor.engine.riichi.score import score_riichi
    from tutor.quiz.review_findings import finding_question

    def asked(hand_text: str, win: str) -> str | None:
        hand = parse_hand(hand_text)
        score = score_riichi(hand, WinContext(parse_tile(win)))
        finding = Finding(FindingKind.SCORING, 0, 0, "riichi-points:limit", "r08-points", False, hand=hand, score=score)
        question = finding_question(finding, 1)
        return None if question is None else question.kind

    assert asked("555666777z123m99p", "9p") == "yakuman"
    assert asked("555666z123m456m99p", "9p") == "points-steps"


def test_a_yakuman_win_is_found_under_its_yakuman_and_the_yakuman_lesson() -> None:
    """Not under the points table its limit would name: the yakuman drill's
    concept of that yakuman, and the lesson that teaches yakuman."""
    from tutor.quiz.kinds import concept_kind

    (found,) = yakuman_review().rounds
    (check,) = found.wins
    assert [name for name, _ in check.ours.yakuman] == ["daisangen"] and check.agree
    (finding,) = [item for item in found.findings if item.kind is FindingKind.SCORING]
    assert (finding.concept, finding.lesson) == ("yakuman:daisangen", "r10-yakuman")
    assert concept_kind(finding.concept) == "yakuman"


def test_every_finding_names_its_concept_in_words_not_by_its_key() -> None:
    """The CLI's text (and the app's findings list, which shows the same
    line) names each finding's concept from the catalogue, in both languages."""
    from tests.review_helpers import concepts_named_in_words

    reviews = [riichienv_review(1), riichienv_review(2), yakuman_review(), careless_log()[1]]
    concepts = set().union(*(concepts_named_in_words(review) for review in reviews))
    assert {concept.split(":")[0] for concept in concepts} >= {"riichi-points", "yakuman", "discard", "waits"}


def test_a_review_leaves_the_cycle_collector_as_it_found_it() -> None:
    """The review holds Python's cycle collector off while it runs: after a
    refused log and after a reviewed one it is on again, and a caller who
    had turned it off finds it off."""
    assert gc.isenabled()
    entries = mjai_lines(0)
    refused_by([*entries[: first(entries, "dahai")], {"type": "dahai", "actor": 9, "pai": "1m"}])
    assert gc.isenabled()
    review_text(log_mjai.dumps(entries), (0,))
    assert gc.isenabled()
    gc.disable()
    try:
        review_text(log_mjai.dumps(entries), (0,))
        assert not gc.isenabled()
    finally:
        gc.enable()
