"""The yakuman and calls drills' answers against independent code (#27.3, #27.4)."""

from __future__ import annotations

from crosscheck.reference_riichi import reference_score
from tutor.engine.calls import CallKind, Seat, calls_on_discard
from tutor.engine.notation import parse_hand, parse_tile
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.table import counted_seat, mcr_break_of
from tutor.engine.tiles import WIND_LETTERS, wind_tile
from tutor.locale import text
from tutor.quiz.kinds.scoring import check_yakuman, generate_yakuman
from tutor.quiz.kinds.table import generate_calls, generate_game_flow


def test_yakuman_answer_names_every_yakuman_the_hand_makes() -> None:
    """`mahjong` 2.1.0 lists every yakuman of a hand; the answer must too
    (it named only the one counted when yakuman do not stack: 52 of 600 seeds)."""
    several = 0
    for seed in range(300):
        question = generate_yakuman(seed, 1 + seed % 3)
        request = question.request
        context = WinContext(
            parse_tile(request["win"]),
            bool(request["tsumo"]),
            wind_tile(request["seat"]),
            wind_tile(request["round"]),
            frozenset(Flag(flag) for flag in request["flags"]),
        )
        theirs = reference_score(parse_hand(request["hand"]), context, RiichiRules(yakuman_stacking=True))
        answer = sorted(set(question.answer["yakuman"]) - {"none"})
        assert answer == sorted(theirs.yakuman), (seed, request["hand"])
        assert check_yakuman(question, {"yakuman": list(question.answer["yakuman"])})
        if len(answer) > 1:
            several += 1
            assert "only" in question.explanation_text("en") and "만 센다" in question.explanation_text("ko")
    assert several > 5


def test_ron_is_offered_exactly_when_the_hand_has_a_yaku() -> None:
    """The question states the seat, the round and riichi; `mahjong` 2.1.0
    then decides whether the shape's win scores (21 of 600 offered a ron with
    no yaku before).  After riichi only ron is left."""
    refused = 0
    for seed in range(300):
        question = generate_calls(seed, 1 + seed % 2)
        request = question.request
        hand, tile = parse_hand(request["hand"]), parse_tile(request["discard"])
        riichi_words = "table.quiz.riichi_declared" if request["riichi"] else "table.quiz.riichi_not_declared"
        for language in ("en", "ko"):
            assert text(language, riichi_words) in question.prompt_text(language)
        shape = any(call.kind is CallKind.WIN for call in calls_on_discard(hand, tile, Seat(request["from"])))
        flags = frozenset({Flag.RIICHI}) if request["riichi"] else frozenset()
        context = WinContext(tile, False, wind_tile(request["seat"]), wind_tile(request["round"]), flags)
        scores = shape and not reference_score(hand.with_tile(tile), context, RiichiRules()).error
        assert ("win" in question.answer["calls"]) == scores, (seed, request)
        if request["riichi"]:
            assert set(question.answer["calls"]) <= {"win", "none"}
        refused += shape and not scores
    assert refused > 0


def test_claimants_are_named_from_the_discarder() -> None:
    """Level 3 names each claimant by where they sit from the discarder, as
    the prompt says; a chi is always the discarder's next player's."""
    for seed in range(200):
        question = generate_calls(seed, 3)
        for language in ("en", "ko"):
            assert question.prompt_text(language) == text(language, "table.quiz.claims_prompt_frame")
            for choice, label in zip(question.choices, question.labels(language), strict=True):
                seat, call = choice.split(":")
                assert label.startswith(text(language, f"table.quiz.claimant.{seat}")), label
                if call == "chi":
                    assert seat == "left"
                    assert label.startswith(text(language, "table.quiz.claimant.left"))


def test_mcr_break_question_sums_both_throws() -> None:
    """#27.5: the game-flow question on MCR's break answers by the two throws
    summed (the table model's mcr_break_of), and offers the dealer's throw alone as a distractor."""
    asked = 0
    for seed in range(300):
        question = generate_game_flow(seed, 3)
        if question.concept != "game-flow:mcr-break":
            continue
        asked += 1
        (a, b), (c, d) = question.request["dice"]
        opening = mcr_break_of(0, a + b, c + d)
        assert question.answer == {"stack": f"{WIND_LETTERS[opening.position]}:{opening.stacks}"}
        assert 1 <= opening.stacks <= 18 and question.answer["stack"] in question.choices
        assert f"{WIND_LETTERS[counted_seat(0, a + b)]}:{a + b}" in question.choices
        assert len(set(question.choices)) == len(question.choices)
    assert asked > 30
