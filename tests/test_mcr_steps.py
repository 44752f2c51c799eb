"""The `mcr-steps` kind: an MCR hand's fans step by step, each wrong step
named by its fan or principle with the lesson that teaches it, mistakes
stored per fan and per principle and brought back when due; and the kind
in the drill screen."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tests.drill_helpers import open_drill, record_steps
from tests.helpers import make_app
from tutor.cli import main
from tutor.engine.mcr.context import McrContext
from tutor.engine.mcr.score import score_mcr
from tutor.engine.notation import parse_hand, parse_tile
from tutor.lessons.check import load_library
from tutor.lessons.location import bundled_lessons
from tutor.locale import text
from tutor.locale.message import render_value
from tutor.quiz.kinds import concept_kind, generate
from tutor.quiz.kinds.mcr_steps import (
    EIGHT_CONCEPT,
    LEFT_OUT,
    TOTAL_CONCEPT,
    concept_lesson,
    concept_name,
    mcr_steps_question,
)
from tutor.quiz.kinds.mcr_steps_judge import judge_mcr_steps
from tutor.quiz.kinds.mcr_steps_words import accepted_note, verdict_line, why_wrong
from tutor.quiz.plan import DrillPlan
from tutor.quiz.question import Question
from tutor.quiz.store import DAY, Store
from tutor.quiz.worksheet import worksheet
from tutor.ui.lesson_titles import lesson_title
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.progress import ProgressScreen
from tutor.ui.widgets.cycle_field import CycleField
from tutor.ui.widgets.mcr_steps_answer import McrStepsAnswer, principle_id

HANGUL = re.compile("[가-힣]")

# Hands of lesson m12 and one with 一色三同顺: (hand, win, self-drawn).
TRIPLE_CHOW = ("123m456p99s [123m] [123m]", "4p", False)
TAKE_HIGHER = ("12333m567p [234s] [678s]", "3m", False)
ACCOUNT_ONCE = ("234567s234567p55m", "5m", False)


def question_of(hand: str, win: str, tsumo: bool) -> Question:
    score = score_mcr(parse_hand(hand), McrContext(win_tile=parse_tile(win), self_drawn=tsumo))
    return mcr_steps_question(score, 0, 2, random.Random(0))


def right_response(question: Question) -> dict[str, Any]:
    return copy.deepcopy(question.answer)


def only_wrong(question: Question, response: dict[str, Any]) -> Any:
    wrong = [verdict for verdict in judge_mcr_steps(question, response).verdicts if not verdict.right]
    assert len(wrong) == 1, wrong
    return wrong[0]


def test_the_engines_answer_is_right() -> None:
    for hand in (TRIPLE_CHOW, TAKE_HIGHER, ACCOUNT_ONCE):
        question = question_of(*hand)
        judgement = judge_mcr_steps(question, right_response(question))
        assert judgement.right and all(right for _, right in judgement.concepts)


def test_the_hands_show_what_they_drill() -> None:
    triple = question_of(*TRIPLE_CHOW).answer["left_out"]
    assert {"zh": "一般高", "principle": "non_repeat", "because_of": "一色三同顺"} in triple
    assert {"zh": "单钓将", "principle": "take_higher", "because_of": None} in question_of(*TAKE_HIGHER).answer[
        "left_out"
    ]
    assert {"zh": "连六", "principle": "account_once", "because_of": None} in question_of(*ACCOUNT_ONCE).answer[
        "left_out"
    ]


@pytest.mark.parametrize("language", ["en", "ko"])
def test_each_kind_of_wrong_step_is_named(language: str) -> None:
    question = question_of(*TRIPLE_CHOW)
    fans = question.answer["fans"]

    def named(response: dict[str, Any], fault: str, concept: str) -> str:
        verdict = only_wrong(question, response)
        assert verdict.fault == fault
        assert (concept, False) in verdict.concepts
        sentence = why_wrong(verdict).render(language)
        assert (HANGUL.search(sentence) is not None) == (language == "ko"), sentence
        return sentence

    # A fan missed, and a fan the hand does not show.
    missed = right_response(question)
    first = missed["fans"].pop(0)
    assert first["zh"] in named(missed, "missed", f"mcr:fan:{first['zh']}")
    extra = right_response(question)
    extra["fans"].append({"zh": "清一色", "count": 1})
    assert "清一色" in named(extra, "extra", "mcr:fan:清一色")
    # A wrong count.
    counted = right_response(question)
    counted["fans"][0]["count"] = 2
    assert named(counted, "count", f"mcr:fan:{fans[0]['zh']}")
    # A 不计 fan counted: the fan that includes it and the principle named.
    included = right_response(question)
    included["fans"].append({"zh": "一般高", "count": 1})
    sentence = named(included, "counted", "mcr:不计:一色三同顺>一般高")
    assert "一般高" in sentence and "一色三同顺" in sentence and "不重复" in sentence
    if language == "en":
        assert sentence.startswith("一般高 Pure Double Chow is not counted: 一色三同顺 Pure Triple Chow includes it")
    # Not marked at all.
    unmarked = right_response(question)
    unmarked["left_out"] = [left for left in unmarked["left_out"] if left["zh"] != "一般高"]
    assert "一般高" in named(unmarked, "unmarked", "mcr:不计:一色三同顺>一般高")
    # The wrong principle: the right one named by its official name.
    principle = right_response(question)
    next(left for left in principle["left_out"] if left["zh"] == "一般高")["principle"] = "account_once"
    sentence = named(principle, "principle", "mcr:principle:不重复")
    assert "不重复" in sentence and "套算一次" in sentence
    # The wrong including fan.
    because = right_response(question)
    next(left for left in because["left_out"] if left["zh"] == "一般高")["because_of"] = "平和"
    sentence = named(because, "because", "mcr:不计:一色三同顺>一般高")
    assert "一色三同顺" in sentence and "平和" in sentence
    # The total and the 8-point question.
    total = right_response(question)
    total["total"] += 1
    assert str(question.answer["total"]) in named(total, "value", TOTAL_CONCEPT)
    eight = right_response(question)
    eight["can_win"] = not eight["can_win"]
    assert "8" in named(eight, "value", EIGHT_CONCEPT)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_principles_set_aside_while_counting_are_named(language: str) -> None:
    question = question_of(*ACCOUNT_ONCE)
    response = right_response(question)
    next(left for left in response["left_out"] if left["zh"] == "连六")["principle"] = "take_higher"
    sentence = why_wrong(only_wrong(question, response)).render(language)
    assert "套算一次" in sentence and "就高不就低" in sentence
    question = question_of(*TAKE_HIGHER)
    response = right_response(question)
    next(left for left in response["left_out"] if left["zh"] == "单钓将")["because_of"] = "边张"
    verdict = only_wrong(question, response)
    assert verdict.fault == "because" and verdict.lesson == "m12-principles"
    assert "就高不就低" in why_wrong(verdict).render(language)


# 456m 789m 55m 456s 456s: the second 喜相逢 would pair 456m again with the
# other 456s (不得相同 fits as well as 套算一次); in 234567s234567p55m the
# second 连六 shares no chow with the first (only 套算一次 fits).
REPEATED_CHOW = ("45556789m445566s", "9m", False)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_non_identical_is_accepted_where_the_1998_text_fits(language: str) -> None:
    question = question_of(*REPEATED_CHOW)
    response = right_response(question)
    second = next(left for left in response["left_out"] if left["zh"] == "喜相逢")
    assert second["principle"] == "account_once" and second["also"] == "non_identical"
    second["principle"] = "non_identical"
    judgement = judge_mcr_steps(question, response)
    assert judgement.right
    [verdict] = [
        verdict for verdict in judgement.verdicts if verdict.step.zh == "喜相逢" and verdict.step.step == LEFT_OUT
    ]
    library = load_library(bundled_lessons())
    line = verdict_line(verdict, lambda lesson: lesson_title(library, lesson, language)).render(language)
    # The line says why the course names 套算一次 there.
    assert "不得相同" in line and "套算一次" in line
    assert bool(HANGUL.search(line)) == (language == "ko")
    # Named as the course names it, the note is not shown.
    plain = judge_mcr_steps(question, right_response(question)).verdicts
    assert all(accepted_note(verdict) is None for verdict in plain)


def test_non_identical_is_wrong_where_no_chow_repeats() -> None:
    question = question_of(*ACCOUNT_ONCE)
    response = right_response(question)
    second = next(left for left in response["left_out"] if left["zh"] == "连六")
    assert "also" not in second
    second["principle"] = "non_identical"
    verdict = only_wrong(question, response)
    assert verdict.fault == "principle" and "套算一次" in why_wrong(verdict).render("en")


@pytest.mark.parametrize(
    "response",
    [
        {},
        {"fans": "x"},
        {"fans": [1, {"zh": 3}], "left_out": [None, {"zh": "一般高", "principle": 5}]},
        {"total": True},
    ],
)
def test_a_malformed_response_is_wrong_not_a_crash(response: dict[str, Any]) -> None:
    question = question_of(*TRIPLE_CHOW)
    assert not judge_mcr_steps(question, response).right


def test_generator_is_deterministic_and_agrees_with_tutor_score(capsys: pytest.CaptureFixture[str]) -> None:
    questions = [generate("mcr-steps", seed, level) for level in (1, 2, 3) for seed in range(4)]
    assert questions == [generate("mcr-steps", seed, level) for level in (1, 2, 3) for seed in range(4)]
    for question in questions:
        left_out = question.answer["left_out"]
        principles = {left["principle"] for left in left_out}
        if question.level == 1:
            assert 2 <= len(question.answer["fans"]) <= 4 and len(left_out) == 1
        elif question.level == 2:
            assert len(left_out) >= 2 and len(principles) >= 2
        else:
            assert not question.answer["can_win"] or principles & {"account_once", "take_higher"}
        assert set(question.step_concepts) >= {TOTAL_CONCEPT, EIGHT_CONCEPT}
    for question in questions:
        request = question.request
        args = ["score", request["hand"], "--win", request["win"], "--seat", request["seat"]]
        args += ["--round", request["round"], "--rules", "mcr", "--json"]
        args += ["--tsumo"] if request["tsumo"] else []
        flowers = ["--flowers", str(request["flowers"])] if request["flowers"] else []
        assert main(args + flowers) == 0
        scored = json.loads(capsys.readouterr().out)
        assert question.answer["fans"] == [{"zh": fan["zh"], "count": fan["count"]} for fan in scored["fans"]]
        assert question.answer["left_out"] == [
            {key: left[key] for key in ("zh", "principle", "because_of", "also") if key in left}
            for left in scored["left_out"]
        ]
        assert (question.answer["total"], question.answer["can_win"]) == (scored["total"], scored["can_win"])


def test_concepts_per_fan_and_principle_stored_and_back_when_due(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "progress.sqlite3")
    question = question_of(*TRIPLE_CHOW)
    response = right_response(question)
    next(left for left in response["left_out"] if left["zh"] == "一般高")["principle"] = "account_once"
    judgement = judge_mcr_steps(question, response)
    now = 1_780_000_000.0
    record_steps(store, question, judgement.concepts, right=judgement.right, now=now)
    assert [due.concept for due in store.due(now)] == ["mcr:principle:不重复"]
    assert {due.concept for due in store.due(now + DAY)} == {concept for concept, _ in judgement.concepts}
    assert [item.concept for item in store.weakest("mcr:") if item.box == 0] == ["mcr:principle:不重复"]
    assert render_value(concept_name("mcr:principle:不重复"), "en") == "不重复 (non-repeat)"
    assert (
        render_value(concept_name("mcr:不计:一色三同顺>一般高"), "en")
        == "一般高 Pure Double Chow inside 一色三同顺 Pure Triple Chow"
    )
    lessons = [
        concept_lesson(c) for c in ("mcr:principle:不重复", "mcr:不计:一色三同顺>一般高", "mcr:fan:箭刻", "mcr:total")
    ]
    assert lessons == ["m12-principles", "m06-chow-fans", "m08-honour-fans", "m04-routes-to-eight"]
    # Review brings each back as a hand that exercises it, by the kind that drills it.
    concepts = ["mcr:principle:不重复", "mcr:principle:套算一次", "mcr:不计:箭刻>幺九刻", "mcr:fan:平和"]
    assert {concept_kind(concept) for concept in concepts} == {"mcr-steps"}
    plan = DrillPlan.review(concepts)
    for asked, concept in zip(plan.questions(), plan.concepts, strict=True):
        assert asked.kind == "mcr-steps" and concept in asked.step_concepts


def test_worksheet_has_lines_to_fill_and_the_left_out_fans_in_the_key() -> None:
    sheet = worksheet("mcr-steps", 2, 5, 2, "en", "text")
    questions_part, key_part = sheet.split("ANSWER KEY")
    assert "Total: ____" in questions_part and questions_part.count("________ / ________") >= 2 * 4
    assert "Fans not counted: " in key_part and "non-repeat" in key_part
    payload = json.loads(worksheet("mcr-steps", 1, 5, 2, "ko", "json"))
    answer = payload[0]["answer"]
    assert set(answer) == {"fans", "left_out", "total", "can_win"}
    assert all(set(left) == {"zh", "principle", "because_of"} for left in answer["left_out"])


def test_the_fan_lessons_and_the_principles_lesson_drill_it_from_level_one() -> None:
    library = load_library(bundled_lessons())
    for language in ("en", "ko"):
        lessons = library.lessons[language]
        assert lessons["m12-principles"].quiz == ("mcr-steps",)
        assert all("mcr-steps" in lessons[lesson].quiz for lesson in ("m05-win-and-wait", "m11-special-hands"))
    assert DrillPlan.lesson(("mcr-fans", "mcr-steps")).level == 1


# --- in the app -----------------------------------------------------------------------------


FAN_PLAN = DrillPlan(("mcr-steps",), length=2, level=1, seed=5)


async def open_fan_drill(pilot: Pilot[Any]) -> DrillScreen:
    return await open_drill(pilot, FAN_PLAN)


async def answer_with_wrong_principle(pilot: Pilot[Any], screen: DrillScreen) -> str:
    """Fill every step as the answer has it, but give the left-out fan the
    wrong principle (picked from its drop-down list by keys); return that fan."""
    question = screen.question
    widget = screen.query_one(McrStepsAnswer)
    fans = widget.fans
    counts = {fan["zh"]: fan["count"] for fan in question.answer["fans"]}
    left = question.answer["left_out"][0]
    for index, zh in enumerate(fans):
        if zh in counts:
            widget.query_one(f"#fan-{index}").focus()
            await pilot.press(*str(counts[zh]))
    row = fans.index(left["zh"])
    widget.query_one(f"#{principle_id(row)}").focus()
    # Step back from the blank to the last principle (account-once): never non-repeat, level 1's principle.
    await pilot.press("left")
    await pilot.pause()
    widget.query_one(f"#because-{row}", CycleField).value = left["because_of"] or "none"
    widget.query_one("#total").focus()
    await pilot.press(*str(question.answer["total"]))
    widget.query_one("#can_win", CycleField).value = "yes" if question.answer["can_win"] else "no"
    widget.query_one("#can_win").focus()
    await pilot.press("enter")
    await pilot.pause()
    return str(left["zh"])


async def test_a_drill_with_one_wrong_principle(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_fan_drill(pilot)
        zh = await answer_with_wrong_principle(pilot, screen)
        attempt = screen.attempts[0]
        assert not attempt.right
        wrong = [v for v in judge_mcr_steps(attempt.question, attempt.response).verdicts if not v.right]
        assert [(v.step.zh, v.fault, v.given) for v in wrong] == [(zh, "principle", "account_once")]
        whys = "\n".join(str(why.render()) for why in screen.query(".why").results(Static))
        assert why_wrong(wrong[0]).render("en") in whys and "How fans combine: the principles" in whys
        assert "mcr:principle:不重复" in [due.concept for due in app.store.due()]
        # Due, it comes back in the review (r on the home screen) as an mcr-steps hand.
        assert "mcr:principle:不重复" in app.due_concepts()
        # The language switch redraws the marks in Korean, keeping the answer.
        await pilot.press("l")
        await pilot.pause()
        whys = "\n".join(str(why.render()) for why in app.screen.query(".why").results(Static))
        assert why_wrong(wrong[0]).render("ko") in whys
        await pilot.press("l")
        app.push_screen(ProgressScreen())
        await pilot.pause()
        shown = "\n".join(str(widget.render()) for widget in app.screen.query(Static))
        assert text("en", "mcrsteps.weakest") in shown and "不重复 (non-repeat)" in shown


async def test_language_switch_keeps_entries_and_presentation_reveals_one_by_one(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_fan_drill(pilot)
        widget = screen.query_one(McrStepsAnswer)
        widget.query_one("#fan-0").focus()
        await pilot.press("2")
        widget.query_one(f"#{principle_id(1)}", CycleField).value = "take_higher"
        await pilot.press("l")
        await pilot.pause()
        widget = screen.query_one(McrStepsAnswer)
        assert widget.values()["fan-0"] == "2" and widget.values()[principle_id(1)] == "take_higher"
        await pilot.press("f5")
        await pilot.pause()
        await screen.submit(right_response(screen.question))
        await pilot.pause()
        marks = [str(mark.render()) for mark in screen.query(".mark").results(Static)]
        assert marks.count("✓") == 1
        await pilot.press("space")
        await pilot.pause()
        marks = [str(mark.render()) for mark in screen.query(".mark").results(Static)]
        # Level 1 hands count two fans or more: the second step is the second fan's row.
        assert marks.count("✓") == 2
